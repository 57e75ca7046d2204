/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The boot audit's state in bpffs: what the initramfs instance pins
 * (`sysfs-audit boot --start`) and the real root's recorder adopts
 * (`record --adopt`). One directory per BPF object, maps as map_<name>,
 * links as link_<name>; the programs live as long as their links.
 */
#ifndef SYSFS_AUDIT_LOADER_PIN_H
#define SYSFS_AUDIT_LOADER_PIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct bpf_object;
struct bpf_link;
struct bpf_map;

/* bpffs is mounted at /sys/fs/bpf, so it moves with /sys at switch_root. */
#define SA_BPFFS	"/sys/fs/bpf"
#define SA_PIN_ROOT	SA_BPFFS "/sysfs-audit"
#define SA_PIN_UEVENTS	"uevents"	/* sysfs_audit.bpf.c */
#define SA_PIN_DEPS	"dependents"	/* dependents.bpf.c */
#define SA_PIN_DEPLINKS	"dep-links"	/* the dependents' links */

/*
 * The format of what is pinned, in the tracer's pin_stamp map. Bump it when
 * a pinned map or a record changes in a way sa_pin_check_maps() cannot see
 * (a record's layout inside a ring): an initramfs built by another
 * sysfs-audit (a kernel downgrade boots an image that was not rebuilt) is
 * then refused, not misread. Builds before 2 have no stamp; 3: the
 * dependents' two objects became one; 4: a uevent read's record may end
 * with its ancestor's argv (SA_DEP_F_ANC_ARGV).
 */
#define SA_PIN_FORMAT	4

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

/* The map of the opened @obj pinned in @dir: a new fd, or -errno. */
int sa_pin_map_fd(const char *dir, const struct bpf_map *m);

/* Write SA_PIN_FORMAT into the stamp map @fd. 0 or -errno. */
int sa_pin_stamp(int fd);

/* The stamp pinned as @path: its format, 0 when absent, or -errno. */
long sa_pin_read_stamp(const char *path);

/*
 * Whether every map of the opened (not loaded) @obj is pinned in @dir with
 * the same type, key and value size (and number of entries, but for the
 * rings, which `boot --start` sizes). 0, or -ESTALE with what differs in
 * @why.
 */
int sa_pin_check_maps(struct bpf_object *obj, const char *dir, char *why, size_t len);

/*
 * Whether every link pinned in @dir runs a program one of the @n opened
 * objects @objs has (by name). 0, or -ESTALE with @why.
 */
int sa_pin_check_links(struct bpf_object *const *objs, int n, const char *dir, char *why,
		       size_t len);

/* A writable mapping of the pinned .bss map @fd (@size bytes), or NULL. */
void *sa_pin_mmap(int fd, size_t size);

/*
 * What is pinned under @root, one line each on @f (NULL: silent). With
 * @remove, unlink it all and the directories. Returns the number of pinned
 * objects found, or -errno.
 */
int sa_pin_walk(const char *root, FILE *f, bool remove);

#endif
