// SPDX-License-Identifier: GPL-2.0
/*
 * Which attach point the tracer uses (trace/tracer_impl.h): the kernel is
 * asked cheaply what it has before any verifier run, and the best mode
 * that loads and attaches wins.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "common/common.h"
#include "common/slurp.h"
#include "loader/bpf_load.h"
#include "model/phase.h"
#include "sysfs_audit.skel.h"
#include "trace/tracer.h"
#include "trace/tracer_impl.h"

const char *sa_tracer_mode_name(const struct sa_tracer *t, enum sa_attach_mode m)
{
	switch (m) {
	case SA_ATTACH_TP:
		return t->tp_local ? "tracepoint sysfs_audit:sysfs_audit_uevent" :
				     "tracepoint kobject:kobject_uevent";
	case SA_ATTACH_FEXIT: return "fexit dev_uevent";
	case SA_ATTACH_KPROBE: return "kprobe+kretprobe dev_uevent";
	default: return "auto";
	}
}

const char *sa_tracer_attach_name(const struct sa_tracer *t)
{
	if (t->interrupted)
		return "none";
	switch (t->used) {
	case SA_ATTACH_TP: return "tracepoint";
	case SA_ATTACH_FEXIT: return "fexit";
	case SA_ATTACH_KPROBE: return "kprobe";
	default: return "none";
	}
}

struct mode_progs {
	const struct sysfs_audit_bpf *skel;
	enum sa_attach_mode mode;
	bool tp_local;
};

/* The programs of one attach mode (all of them, or the mode cannot be used). */
static bool in_mode(const struct bpf_program *p, void *ctx)
{
	const struct mode_progs *m = ctx;
	const struct sysfs_audit_bpf *skel = m->skel;

	switch (m->mode) {
	case SA_ATTACH_TP:
		return p == (m->tp_local ? skel->progs.on_tracepoint_local :
					   skel->progs.on_tracepoint);
	case SA_ATTACH_FEXIT:
		return p == skel->progs.on_fexit;
	case SA_ATTACH_KPROBE:
		return p == skel->progs.on_kprobe || p == skel->progs.on_kretprobe;
	default:
		return false;
	}
}

/*
 * Open, load and attach with only MODE's programs, after asking the kernel
 * cheaply whether they can attach (loader/bpf_load.c): a mode that cannot
 * costs no verifier run. Returns 0, -ENOENT (cannot attach), -EPERM
 * (not permitted), -EACCES (the verifier said no) or -ENOMEM.
 */
static int try_mode(struct sa_tracer *t, enum sa_attach_mode mode, bool *btf_held, bool trust)
{
	struct mode_progs m = { .mode = mode, .tp_local = t->tp_local };
	struct sa_bpf_select sel = { .want = in_mode, .ctx = &m, .all_or_none = true,
				     .trust = trust };
	const char *core_btf = t->o.core_btf;
	struct sysfs_audit_bpf *skel;
	unsigned long long ts = sa_mono_ns();
	int err;

again:;
	LIBBPF_OPTS(bpf_object_open_opts, oo, .btf_custom_path = core_btf);
	skel = sysfs_audit_bpf__open_opts(&oo);
	if (!skel)
		return -ENOMEM;
	sa_bpf_note_step("sysfs_audit", "open", &ts);
	m.skel = skel;
	err = sa_bpf_select(skel->obj, &sel);
	sa_bpf_note_step("sysfs_audit", "probe", &ts);
	if (err < 0) {
		sysfs_audit_bpf__destroy(skel);
		return -ENOENT;
	}
	/* Not kept while libbpf parses its own copy: the loader's peak RSS. */
	if (*btf_held) {
		sa_bpf_btf_put();
		*btf_held = false;
	}
	bpf_map__set_max_entries(skel->maps.events, (__u32)t->o.buffer_mb << 20);
	skel->rodata->count_only = t->o.count_only;
	skel->bss->unadopted_until_ns = t->o.unadopted_until_ns;
	/* Wake the reader early in a storm: at a quarter of the ring, 1 MiB at most. */
	skel->rodata->wakeup_bytes = t->o.buffer_mb >= 4 ? 1 << 20 : (__u64)t->o.buffer_mb << 18;

	err = sysfs_audit_bpf__load(skel);
	sa_bpf_note_step("sysfs_audit", "load", &ts);
	if (err && core_btf && err != -EPERM) {
		/* A minimal BTF that lacks a type: the kernel's own, once. */
		sysfs_audit_bpf__destroy(skel);
		sa_warn("%s: %s: loading with the kernel's BTF", core_btf, strerror(-err));
		core_btf = NULL;
		goto again;
	}
	if (err) {
		sysfs_audit_bpf__destroy(skel);
		if (err == -EPERM)
			return -EPERM;
		/* -EACCES/-EINVAL/-E2BIG from BPF_PROG_LOAD: the verifier said no. */
		if (err == -EACCES || err == -EINVAL || err == -E2BIG)
			return -EACCES;
		return -ENOENT;
	}
	err = sysfs_audit_bpf__attach(skel);
	sa_bpf_note_step("sysfs_audit", "attach", &ts);
	if (err) {
		sysfs_audit_bpf__destroy(skel);
		return err == -EPERM ? -EPERM : -ENOENT;
	}
	t->skel = skel;
	sa_bpf_note_verified(skel->obj);
	return 0;
}

/*
 * Whether the tracepoint whose BTF typedef is @name ("btf_trace_" and the
 * event) has the arguments on_tracepoint reads (kobj, action, env, seqnum,
 * stage, ret): kobject:kobject_uevent of the mainline series, or
 * sysfs_audit:sysfs_audit_uevent of the local 6.1 series, which has the
 * same record under names of its own. A tracepoint of the same name with
 * other arguments (kobj, action, devpath, subsystem, env, seqnum, ret, as
 * an earlier form of the series had) would load too, and the program
 * would read devpath as the environment.
 */
static bool tp_args_ok(const struct btf *btf, const char *name)
{
	const struct btf_param *p;
	const struct btf_type *t;
	int id;

	id = btf__find_by_name_kind(btf, name, BTF_KIND_TYPEDEF);
	if (id <= 0)
		return false;
	t = btf__type_by_id(btf, btf__resolve_type(btf, id));
	if (!t || !btf_is_ptr(t))
		return false;
	t = btf__type_by_id(btf, t->type);
	if (!t || !btf_is_func_proto(t) || btf_vlen(t) != 7)	/* __data + 6 */
		return false;
	p = btf_params(t);
	t = btf__type_by_id(btf, p[3].type);			/* env */
	if (!t || !btf_is_ptr(t))
		return false;
	t = btf__type_by_id(btf, btf__resolve_type(btf, t->type));
	return t && btf_is_struct(t) &&
	       !strcmp(btf__name_by_offset(btf, t->name_off), "kobj_uevent_env");
}

static bool has_typedef(const struct btf *btf, const char *name)
{
	return btf__find_by_name_kind(btf, name, BTF_KIND_TYPEDEF) > 0;
}

static const char tp_main[] = "btf_trace_kobject_uevent";
static const char tp_local[] = "btf_trace_sysfs_audit_uevent";

bool sa_tracer_btf_may_have_tp(const char *btf, size_t len)
{
	return memmem(btf, len, tp_main, strlen(tp_main)) ||
	       memmem(btf, len, tp_local, strlen(tp_local));
}

/*
 * Can the kernel's BTF name either tracepoint at all? A search of its raw
 * bytes: Debian's kernels have neither, and there the BTF need not be
 * parsed for the choice, a cost on the boot's path (libbpf parses its own
 * copy to load anyway). -ENODATA: it cannot be read.
 */
static int btf_may_have(void)
{
	char *buf = NULL;
	size_t len = 0;
	int err = sa_slurp("/sys/kernel/btf/vmlinux", 64UL << 20, &buf, &len);

	if (err)
		return -ENODATA;
	err = sa_tracer_btf_may_have_tp(buf, len);
	free(buf);
	return err;
}

/* Returns 0 or try_mode()'s error; -ENODATA: the kernel's BTF cannot be read. */
int sa_tracer_attach_best(struct sa_tracer *t)
{
	/* Best first: the tracepoint sees SEQNUM and the send result. */
	static const enum sa_attach_mode best[] = { SA_ATTACH_TP, SA_ATTACH_FEXIT, SA_ATTACH_KPROBE };
	const enum sa_attach_mode *order = best;
	int n = 3, rc = -ENOENT, worst = 0;
	bool main_ok, local_ok, old_tp;
	unsigned long long ts = sa_mono_ns();
	const struct btf *vmlinux;
	bool held = false, trust = false;
	/* The image's minimal BTF says so for its kernel: 0.22 s of a TCG boot not spent. */
	int may = t->o.tp_absent ? 0 : btf_may_have();

	sa_bpf_note_step("vmlinux", t->o.tp_absent ? "scan (known: none)" : "scan", &ts);
	if (may < 0)
		return may;
	if (!may && t->o.attach == SA_ATTACH_AUTO) {
		/* No tracepoint: fexit, trusted (a refusal costs less than its probe), then kprobe. */
		order = best + 1;
		n = 2;
		trust = true;
	} else {
		/* Held until a mode is loaded: the modes' probes read it too. */
		held = true;
		vmlinux = sa_bpf_btf_get();
		sa_bpf_note_step("vmlinux", "btf", &ts);
		if (!vmlinux) {
			sa_bpf_btf_put();
			return -ENODATA;
		}
		/*
		 * Whichever tracepoint the kernel has: mainline's kobject:*
		 * (patched 6.12), else the local sysfs_audit:* (patched 6.1);
		 * one with other arguments would be misread (tp_args_ok()).
		 */
		main_ok = tp_args_ok(vmlinux, tp_main);
		local_ok = tp_args_ok(vmlinux, tp_local);
		old_tp = !main_ok && !local_ok &&
			 (has_typedef(vmlinux, tp_main) || has_typedef(vmlinux, tp_local));
		t->tp_local = !main_ok && local_ok;
		if (old_tp && t->o.attach == SA_ATTACH_TP) {
			sa_bpf_btf_put();
			sa_warn("%s: not the arguments of the series since v3",
				sa_tracer_mode_name(t, SA_ATTACH_TP));
			return -ENOENT;
		}
		if (t->o.attach != SA_ATTACH_AUTO) {
			order = &t->o.attach;
			n = 1;
		} else if (old_tp) {
			order = best + 1;	/* fexit, then kprobe */
			n = 2;
		}
	}
	for (int i = 0; i < n; i++) {
		rc = try_mode(t, order[i], &held, trust && order[i] == SA_ATTACH_FEXIT);
		if (!rc) {
			t->used = order[i];
			break;
		}
		/* The boot audit says why in one line, if none is usable (-v: each). */
		if (t->o.verbose || (t->o.attach == SA_ATTACH_AUTO && !t->o.quiet_unable))
			sa_warn("%s: not usable (%s)", sa_tracer_mode_name(t, order[i]),
				rc == -EACCES ? "rejected by the verifier" :
				rc == -EPERM ? "not permitted" : "cannot attach");
		if (rc == -EPERM)
			break;
		if (rc == -EACCES)
			worst = rc;
	}
	if (held)
		sa_bpf_btf_put();
	if (!rc || rc == -EPERM)
		return rc;
	return worst ? worst : rc;
}
