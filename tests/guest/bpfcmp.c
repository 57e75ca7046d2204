// SPDX-License-Identifier: GPL-2.0
/*
 * bpfcmp - what BPF can see of uevents without the kobject tracepoints
 * (issue 29); the guest half of tests/guest/24-bpf-compare.t.
 *
 *   bpfcmp [-r READY_FILE]
 *
 * Attaches every program of bpfcmp.bpf.c that can attach on the running
 * kernel and says, one line per program, what became of it:
 *
 *   attach HOOK ok
 *   attach HOOK ERRNO STEP      STEP: btf (no such function or event in
 *                               the kernel's BTF), load or attach
 *
 * Each attach point is first tried with a two-instruction program (as
 * user/loader/bpf_load.c does), so the error is the kernel's answer for
 * that point and one missing hook does not keep the others from loading.
 * Then READY_FILE is created and each firing of a hook is printed, until
 * SIGINT or SIGTERM:
 *
 *   rec HOOK tid=T seq=N ret=R netns=I stage=S action=A kobj=NAME env=TEXT
 *
 * seq is the SEQNUM the hook was given or found in its message (0: none
 * seen); netns the inode number of the netlink socket's namespace (the
 * broadcast and netlink_rcv_skb(); 0 for the others); TEXT is the environment or message it saw, its NULs as '|',
 * spaces as '_' and other unprintable bytes as '.'. An exit hook
 * (nbf_exit, umh_exit) cannot read its arguments any more: it gets the
 * seq and TEXT of its entry record (same thread, same skb or info).
 * The last line is "end lost=N": records the ring buffer had no room for.
 *
 * Exit: 0, or 1 if the object could not be loaded.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "bpfcmp.h"
#include "bpfcmp.skel.h"

/* enum bpfcmp_hook's names: the programs' names in bpfcmp.bpf.c. */
static const char *const hook_name[BC_HOOK_MAX] = {
	[BC_NBF_ENTRY] = "nbf_entry",
	[BC_NBF_EXIT] = "nbf_exit",
	[BC_AUS_FENTRY] = "aus_fentry",
	[BC_AUS_KPROBE] = "aus_kprobe",
	[BC_KUE_FENTRY] = "kue_fentry",
	[BC_KUE_KPROBE] = "kue_kprobe",
	[BC_DEV_UEVENT] = "dev_uevent",
	[BC_UMH_ENTRY] = "umh_entry",
	[BC_UMH_EXIT] = "umh_exit",
	[BC_TP_UEVENT] = "tp_uevent",
	[BC_TP_INJECTED] = "tp_injected",
	[BC_TP_HELPER] = "tp_helper",
	[BC_DUF_EXIT] = "duf_exit",
	[BC_DUN_EXIT] = "dun_exit",
	[BC_EXTACK] = "extack",
	[BC_NRS_ENTRY] = "nrs_entry",
};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static const char *errname(int err)
{
	const char *s;

	if (err == 524)
		return "ENOTSUPP";	/* the kernel's own, not in libc */
	s = strerrorname_np(err);
	return s ? s : "E?";
}

/* The outcome of trying an attach point: 0, or an errno and the step. */
struct probe {
	int err;
	const char *step;
};

static struct probe fail(const char *step)
{
	return (struct probe){ .err = errno ? errno : EINVAL, .step = step };
}

/* "r0 = 0; exit" */
static const struct bpf_insn nop[] = {
	{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
	{ .code = BPF_JMP | BPF_EXIT },
};

/* A tracing program at BTF type @name of @kind, attached and detached. */

/* Attach loaded @prog as a raw tracepoint (@name) or its BTF target (NULL), then let go. */
static struct probe attach_raw(int prog, const char *name)
{
	struct probe p = { 0 };
	int link;

	if (prog < 0)
		return fail("load");
	link = bpf_raw_tracepoint_open(name, prog);
	if (link < 0)
		p = fail("attach");
	else
		close(link);
	close(prog);
	return p;
}
static struct probe probe_tracing(struct btf *btf, const char *name, int kind,
				  enum bpf_attach_type type)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = type);
	int id, prog;

	errno = 0;
	id = btf ? btf__find_by_name_kind(btf, name, kind) : -1;
	if (id <= 0) {
		errno = ESRCH;
		return fail("btf");
	}
	opts.attach_btf_id = id;
	prog = bpf_prog_load(BPF_PROG_TYPE_TRACING, NULL, "GPL", nop, 2, &opts);
	return attach_raw(prog, NULL);
}

static struct probe probe_raw_tp(const char *name)
{
	int prog;

	prog = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, NULL, "GPL", nop, 2, NULL);
	return attach_raw(prog, name);
}

/* A kprobe on @func through the kprobe PMU, as libbpf attaches one. */
static struct probe probe_kprobe(const char *func)
{
	struct perf_event_attr attr = { .size = sizeof(attr) };
	FILE *f = fopen("/sys/bus/event_source/devices/kprobe/type", "re");
	int type = -1, fd;

	if (!f)
		return fail("attach");
	if (fscanf(f, "%d", &type) != 1)
		type = -1;
	fclose(f);
	if (type < 0) {
		errno = ENOENT;
		return fail("attach");
	}
	attr.type = type;
	attr.config1 = (__u64)(unsigned long)func;
	fd = syscall(SYS_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return fail("attach");
	close(fd);
	return (struct probe){ 0 };
}

static struct probe probe(struct btf *btf, const struct bpf_program *p)
{
	const char *sec = bpf_program__section_name(p);
	const char *name = strchr(sec, '/');
	char tp[128];

	if (!name++)
		return (struct probe){ 0 };
	if (!strncmp(sec, "fentry/", 7))
		return probe_tracing(btf, name, BTF_KIND_FUNC, BPF_TRACE_FENTRY);
	if (!strncmp(sec, "fexit/", 6))
		return probe_tracing(btf, name, BTF_KIND_FUNC, BPF_TRACE_FEXIT);
	if (!strncmp(sec, "tp_btf/", 7)) {
		snprintf(tp, sizeof(tp), "btf_trace_%s", name);
		return probe_tracing(btf, tp, BTF_KIND_TYPEDEF, BPF_TRACE_RAW_TP);
	}
	if (!strncmp(sec, "raw_tp/", 7))
		return probe_raw_tp(name);
	if (!strncmp(sec, "kprobe/", 7))
		return probe_kprobe(name);
	return (struct probe){ 0 };
}

/*
 * Entry records waiting for their exit: the latest per thread and
 * pointer (a handful are ever open at once).
 */
#define PENDING 32
static struct pending {
	__u32 tid;
	__u64 ptr;
	__u64 seq;
	__u32 len;
	char text[BPFCMP_TEXT_MAX];
} pending[PENDING];
static unsigned int npending;

static __u64 find_seqnum(const char *text, __u32 len)
{
	for (__u32 off = 0; off < len; off += strnlen(text + off, len - off) + 1)
		if (len - off > 7 && !strncmp(text + off, "SEQNUM=", 7))
			return strtoull(text + off + 7, NULL, 10);
	return 0;
}

static void print_text(const char *text, __u32 len)
{
	for (__u32 i = 0; i < len; i++) {
		unsigned char c = text[i];

		putchar(c == '\0' ? '|' : c == ' ' ? '_' : c < 0x20 || c > 0x7e ? '.' : c);
	}
}

static int on_rec(void *ctx, void *data, size_t size)
{
	const struct bpfcmp_rec *r = data;
	const char *text = r->text;
	__u32 len = r->len;
	__u64 seq = r->seqnum;
	struct pending *pe;

	(void)ctx;
	if (size < BPFCMP_REC_HDR || r->hook >= BC_HOOK_MAX)
		return 0;
	if (len > size - BPFCMP_REC_HDR)
		len = size - BPFCMP_REC_HDR;
	if (r->hook == BC_NBF_EXIT || r->hook == BC_UMH_EXIT) {
		for (unsigned int i = 0; i < PENDING; i++) {
			pe = &pending[(npending - 1 - i) % PENDING];
			if (pe->tid == r->tid && pe->ptr == r->ptr) {
				seq = pe->seq;
				text = pe->text;
				len = pe->len;
				pe->ptr = 0;
				break;
			}
		}
	}
	if (!seq)
		seq = find_seqnum(text, len);
	if (r->hook == BC_NBF_ENTRY || r->hook == BC_UMH_ENTRY) {
		pe = &pending[npending++ % PENDING];
		pe->tid = r->tid;
		pe->ptr = r->ptr;
		pe->seq = seq;
		pe->len = len;
		memcpy(pe->text, r->text, len);
	}
	printf("rec %s tid=%u seq=%llu ret=%d netns=%u stage=%d action=%d kobj=%s env=",
	       hook_name[r->hook], r->tid, (unsigned long long)seq, r->ret, r->netns,
	       r->stage, r->action, r->kobj[0] ? r->kobj : "-");
	print_text(text, len);
	putchar('\n');
	return 0;
}

static int hook_of(const struct bpf_program *p)
{
	for (int h = 0; h < BC_HOOK_MAX; h++)
		if (!strcmp(bpf_program__name(p), hook_name[h]))
			return h;
	return -1;
}

int main(int argc, char **argv)
{
	struct probe result[BC_HOOK_MAX] = {};
	const char *ready = NULL;
	struct ring_buffer *rb = NULL;
	struct bpfcmp_bpf *skel;
	struct bpf_program *p;
	struct btf *btf;
	int opt, err;

	while ((opt = getopt(argc, argv, "r:")) != -1) {
		if (opt != 'r') {
			fprintf(stderr, "usage: bpfcmp [-r READY_FILE]\n");
			return 2;
		}
		ready = optarg;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);

	skel = bpfcmp_bpf__open();
	if (!skel) {
		fprintf(stderr, "bpfcmp: open: %s\n", strerror(errno));
		return 1;
	}
	btf = btf__load_vmlinux_btf();
	bpf_object__for_each_program(p, skel->obj) {
		int h = hook_of(p);

		if (h < 0) {
			fprintf(stderr, "bpfcmp: program %s is no hook\n", bpf_program__name(p));
			return 1;
		}
		result[h] = probe(btf, p);
		bpf_program__set_autoload(p, !result[h].err);
	}
	btf__free(btf);

	err = bpfcmp_bpf__load(skel);
	if (err) {
		fprintf(stderr, "bpfcmp: load: %s\n", strerror(-err));
		return 1;
	}
	bpf_object__for_each_program(p, skel->obj) {
		int h = hook_of(p);
		struct bpf_link *link;

		if (result[h].err)
			continue;
		link = bpf_program__attach(p);
		if (!link) {
			result[h] = fail("attach");
			continue;
		}
		/* Kept until exit: bpfcmp_bpf__destroy() does not know them. */
	}
	for (int h = 0; h < BC_HOOK_MAX; h++) {
		if (result[h].err)
			printf("attach %s %s %s\n", hook_name[h], errname(result[h].err),
			       result[h].step);
		else
			printf("attach %s ok\n", hook_name[h]);
	}

	rb = ring_buffer__new(bpf_map__fd(skel->maps.events), on_rec, NULL, NULL);
	if (!rb) {
		fprintf(stderr, "bpfcmp: ring buffer: %s\n", strerror(errno));
		return 1;
	}
	if (ready) {
		int fd = open(ready, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

		if (fd < 0) {
			perror("bpfcmp: ready file");
			return 1;
		}
		close(fd);
	}
	while (!stop) {
		err = ring_buffer__poll(rb, 200);
		if (err < 0 && err != -EINTR) {
			fprintf(stderr, "bpfcmp: poll: %s\n", strerror(-err));
			break;
		}
	}
	ring_buffer__consume(rb);
	printf("end lost=%llu\n", (unsigned long long)skel->bss->lost);
	ring_buffer__free(rb);
	return 0;
}
