/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The boot audit's state in bpffs: what the initramfs instance pins
 * (`sysfs-audit boot --start`) and the real root's recorder adopts
 * (`record --adopt`). One directory per BPF object, maps as map_<name>,
 * links as link_<name>; the programs live as long as their links.
 */
#ifndef SYSFS_AUDIT_PIN_H
#define SYSFS_AUDIT_PIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct bpf_object;
struct bpf_link;

/* bpffs is mounted at /sys/fs/bpf, so it moves with /sys at switch_root. */
#define SA_PIN_ROOT	"/sys/fs/bpf/sysfs-audit"
#define SA_PIN_UEVENTS	"uevents"	/* sysfs_audit.bpf.c */
#define SA_PIN_LOOKUPS	"lookups"	/* lookups.bpf.c */
#define SA_PIN_LISTENERS "listeners"	/* listeners.bpf.c */
#define SA_PIN_DEPLINKS	"dep-links"	/* the dependents' links */

/* @root/@sub, into @buf. */
const char *sa_pin_dir(char *buf, size_t len, const char *root, const char *sub);

/* Whether @root/@sub holds a pinned state. */
bool sa_pin_present(const char *root, const char *sub);

/* Pin every map of the loaded @obj as @dir/map_<name>. 0 or -errno. */
int sa_pin_maps(struct bpf_object *obj, const char *dir);

/*
 * Pin @link as @dir/link_<name> and disconnect it, so that destroying or
 * exiting leaves it attached. 0 or -errno.
 */
int sa_pin_link(struct bpf_link *link, const char *dir, const char *name);

/*
 * Before load: make every map of the opened (not loaded) @obj the pinned
 * one of @dir. 0, or -errno naming nothing (the caller says which object).
 */
int sa_pin_reuse_maps(struct bpf_object *obj, const char *dir);

/* Open up to @max pinned links of @dir (link_*). Returns how many, or -errno. */
int sa_pin_open_links(const char *dir, struct bpf_link **links, int max);

/* A writable mapping of the pinned .bss map @fd (@size bytes), or NULL. */
void *sa_pin_mmap(int fd, size_t size);

/*
 * What is pinned under @root, one line each on @f (NULL: silent). With
 * @remove, unlink it all and the directories. Returns the number of pinned
 * objects found, or -errno.
 */
int sa_pin_walk(const char *root, FILE *f, bool remove);

#endif
