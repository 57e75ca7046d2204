/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Asking the running kernel, cheaply, whether each program's attach point
 * is there -- its BTF, then a two-instruction program attached at that
 * point, or a kprobe event on it, as libbpf-tools' trace_helpers do -- so
 * that an object is loaded once with the programs that can attach. A full
 * load runs the verifier over every program (seconds, tens of seconds
 * under emulation); finding a missing hook by failed full loads multiplied
 * that. The tracer asks before each mode (its modes exclude each other);
 * the dependents, whose hooks every kernel we know has, ask only when a
 * load with all of them was refused: the questions cost a BTF parse and
 * a trial attach each (deps/dependents.c).
 */
#ifndef SYSFS_AUDIT_LOADER_BPF_LOAD_H
#define SYSFS_AUDIT_LOADER_BPF_LOAD_H

#include <stdbool.h>

#include <bpf/libbpf.h>

/*
 * Can @p attach on this kernel? Decided from its section (fentry/,
 * fexit/, tp_btf/, kprobe/, kretprobe/; other kinds are not probed and
 * count as attachable). Each attach point is probed once per process.
 */
bool sa_bpf_can_attach(const struct bpf_program *p);

/*
 * The running kernel's BTF (NULL if it cannot be read), parsed once and
 * shared by the probes of every sa_bpf_select() until the matching
 * sa_bpf_btf_put(); not thread-safe, as the probes are not.
 */
const struct btf *sa_bpf_btf_get(void);
void sa_bpf_btf_put(void);

/* Which programs of an object to load (sa_bpf_select()). */
struct sa_bpf_select {
	/* The programs to consider; NULL: all of them. */
	bool (*want)(const struct bpf_program *p, void *ctx);
	void *ctx;
	/* A set that works only whole (kprobe + kretprobe): all or none. */
	bool all_or_none;
	/*
	 * Select the wanted without asking: a load that cannot attach is
	 * refused before the verifier runs, for less than the questions cost.
	 */
	bool trust;
	/* Out: how many were wanted and selected, and the names left out. */
	int nwanted, nselected;
	char missing[256];
};

/*
 * Mark for loading the wanted programs of @obj (an opened skeleton's
 * object) that can attach, and no others; the caller then loads the
 * skeleton once. Returns the number selected, or -ENOENT when none
 * (all_or_none: not all) can attach.
 */
int sa_bpf_select(struct bpf_object *obj, struct sa_bpf_select *s);

/*
 * With SYSFS_AUDIT_DEBUG set, say on stderr how many instructions the
 * verifier went through for each loaded program of @obj: what a load
 * costs (make bench-realhost's boot-start-cost case reads it).
 */
void sa_bpf_note_verified(struct bpf_object *obj);

/*
 * With SYSFS_AUDIT_DEBUG set, say on stderr how long @step of loading
 * @obj took since *@t (CLOCK_MONOTONIC ns), and restart *@t: where a load's
 * seconds go, open, probe, load (BTF, CO-RE, verifier), attach, pin.
 */
void sa_bpf_note_step(const char *obj, const char *step, unsigned long long *t);

/* The sum over CPUs of slot @key of the per-CPU array @map; 0 when unreadable. */
unsigned long long sa_bpf_percpu_sum(const struct bpf_map *map, __u32 key);

#endif
