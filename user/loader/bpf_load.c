// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>

#include "model/phase.h"
#include "loader/bpf_load.h"

enum probe_kind { PK_FENTRY, PK_FEXIT, PK_TP_BTF, PK_KPROBE, PK_NONE };

/* What has been probed in this process: a handful of attach points. */
#define PROBE_CACHE 32
static struct {
	enum probe_kind kind;
	char name[64];
	bool ok;
} cache[PROBE_CACHE];
static int ncache;

/*
 * The kernel's BTF, parsed for the probes of one sa_bpf_select() call, or
 * of a caller's sa_bpf_btf_get() .. sa_bpf_btf_put(), and freed at the
 * end: it is megabytes, and kept for the process it added to the loader's
 * peak RSS on top of each object's own parse while loading. A parse is
 * slow under emulation: the tracer's choice of mode and its probes share one.
 */
static struct btf *btf;
static bool btf_tried;
static int btf_holds;

static struct btf *vmlinux_btf(void)
{
	if (!btf_tried) {
		btf_tried = true;
		btf = btf__load_vmlinux_btf();
	}
	return btf;
}

static void vmlinux_btf_put(void)
{
	if (btf_holds)
		return;
	btf__free(btf);
	btf = NULL;
	btf_tried = false;
}

const struct btf *sa_bpf_btf_get(void)
{
	btf_holds++;
	return vmlinux_btf();
}

void sa_bpf_btf_put(void)
{
	if (btf_holds > 0)
		btf_holds--;
	vmlinux_btf_put();
}

/*
 * A probe we may not make says nothing about the attach point: the real
 * load then fails with the error the caller reports (not permitted).
 */
static bool not_permitted(int err)
{
	return err == EPERM || err == EACCES;
}

/*
 * Load "r0 = 0; exit" as a tracing program at BTF id @id and attach it:
 * the kernel runs the same checks as for the real program's attach point
 * (a traceable function, a prototype it can pass) at a cost of microseconds.
 */
static bool probe_tracing(enum bpf_attach_type type, int id)
{
	const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = type, .attach_btf_id = id);
	int prog, link;

	prog = bpf_prog_load(BPF_PROG_TYPE_TRACING, NULL, "GPL", insns, 2, &opts);
	if (prog < 0)
		return not_permitted(errno);
	link = bpf_raw_tracepoint_open(NULL, prog);
	if (link >= 0)
		close(link);
	else
		link = not_permitted(errno) ? 0 : -1;
	close(prog);
	return link >= 0;
}

/* A kprobe event on @func through the kprobe PMU, opened and closed again. */
static bool probe_kprobe(const char *func)
{
	struct perf_event_attr attr = { .size = sizeof(attr) };
	FILE *f = fopen("/sys/bus/event_source/devices/kprobe/type", "re");
	int type = -1, fd;

	if (!f)
		return false;
	if (fscanf(f, "%d", &type) != 1)
		type = -1;
	fclose(f);
	if (type < 0)
		return false;
	attr.type = type;
	attr.config1 = (__u64)(unsigned long)func;	/* kprobe_func */
	fd = syscall(SYS_perf_event_open, &attr, -1 /* pid */, 0 /* cpu */, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return not_permitted(errno);
	close(fd);
	return true;
}

static bool probe(enum probe_kind kind, const char *name)
{
	struct btf *btf;
	char tp[96];
	int id;

	if (kind == PK_KPROBE)
		return probe_kprobe(name);
	btf = vmlinux_btf();
	if (!btf)
		return false;
	if (kind == PK_TP_BTF) {
		snprintf(tp, sizeof(tp), "btf_trace_%s", name);
		id = btf__find_by_name_kind(btf, tp, BTF_KIND_TYPEDEF);
		return id > 0 && probe_tracing(BPF_TRACE_RAW_TP, id);
	}
	id = btf__find_by_name_kind(btf, name, BTF_KIND_FUNC);
	return id > 0 && probe_tracing(kind == PK_FENTRY ? BPF_TRACE_FENTRY : BPF_TRACE_FEXIT, id);
}

bool sa_bpf_can_attach(const struct bpf_program *p)
{
	static const struct { const char *prefix; enum probe_kind kind; } kinds[] = {
		{ "fentry/", PK_FENTRY }, { "fexit/", PK_FEXIT }, { "tp_btf/", PK_TP_BTF },
		{ "kprobe/", PK_KPROBE }, { "kretprobe/", PK_KPROBE },
	};
	const char *sec = bpf_program__section_name(p), *name = NULL;
	enum probe_kind kind = PK_NONE;
	bool ok;

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strncmp(sec, kinds[i].prefix, strlen(kinds[i].prefix))) {
			kind = kinds[i].kind;
			name = sec + strlen(kinds[i].prefix);
			break;
		}
	if (kind == PK_NONE || !*name)
		return true;
	for (int i = 0; i < ncache; i++)
		if (cache[i].kind == kind && !strcmp(cache[i].name, name))
			return cache[i].ok;
	ok = probe(kind, name);
	if (ncache < PROBE_CACHE && strlen(name) < sizeof(cache[0].name)) {
		cache[ncache].kind = kind;
		strcpy(cache[ncache].name, name);
		cache[ncache++].ok = ok;
	}
	return ok;
}

int sa_bpf_select(struct bpf_object *obj, struct sa_bpf_select *s)
{
	struct bpf_program *p;
	size_t len = 0;

	s->nwanted = s->nselected = 0;
	s->missing[0] = '\0';
	bpf_object__for_each_program(p, obj) {
		bool want = !s->want || s->want(p, s->ctx);
		bool can = want && (s->trust || sa_bpf_can_attach(p));

		bpf_program__set_autoload(p, can);
		s->nwanted += want;
		s->nselected += can;
		if (want && !can && len < sizeof(s->missing))
			len += snprintf(s->missing + len, sizeof(s->missing) - len, "%s%s",
					len ? ", " : "", bpf_program__name(p));
	}
	vmlinux_btf_put();
	if (!s->nselected || (s->all_or_none && s->nselected < s->nwanted)) {
		bpf_object__for_each_program(p, obj)
			bpf_program__set_autoload(p, false);
		return -ENOENT;
	}
	return s->nselected;
}

unsigned long long sa_bpf_percpu_sum(const struct bpf_map *map, __u32 key)
{
	int ncpu = libbpf_num_possible_cpus();
	unsigned long long total = 0;
	__u64 *vals;

	if (ncpu <= 0 || !(vals = calloc(ncpu, sizeof(*vals))))
		return 0;
	if (!bpf_map_lookup_elem(bpf_map__fd(map), &key, vals))
		for (int i = 0; i < ncpu; i++)
			total += vals[i];
	free(vals);
	return total;
}

void sa_bpf_note_verified(struct bpf_object *obj)
{
	struct bpf_program *p;

	if (!getenv("SYSFS_AUDIT_DEBUG"))
		return;
	bpf_object__for_each_program(p, obj) {
		struct bpf_prog_info info = {};
		__u32 len = sizeof(info);
		int fd = bpf_program__fd(p);

		if (fd >= 0 && !bpf_obj_get_info_by_fd(fd, &info, &len))
			/* The tag hashes the relocated program: CO-RE's result, one BTF or another. */
			fprintf(stderr, "sysfs-audit: debug: %s: %u instructions verified, %u loaded, "
				"tag %02x%02x%02x%02x%02x%02x%02x%02x\n",
				bpf_program__name(p), info.verified_insns,
				info.xlated_prog_len / (__u32)sizeof(struct bpf_insn), info.tag[0],
				info.tag[1], info.tag[2], info.tag[3], info.tag[4], info.tag[5],
				info.tag[6], info.tag[7]);
	}
}

void sa_bpf_note_step(const char *obj, const char *step, unsigned long long *t)
{
	unsigned long long now = sa_mono_ns();

	if (getenv("SYSFS_AUDIT_DEBUG"))
		fprintf(stderr, "sysfs-audit: debug: time %s %s %.3f s\n", obj, step,
			(now - *t) / 1e9);
	*t = now;
}
