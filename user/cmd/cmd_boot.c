// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs-audit boot: audit the boot from the initramfs on. `--start` (the
 * initramfs-tools init-top script, the dracut hook) loads and attaches the
 * tracer and the dependents' hooks, pins them in bpffs and exits: the
 * programs go on recording into their ring buffers, which the real root's
 * `record --adopt` drains. `--mark` writes the phase boundaries (at the
 * initramfs's end it also reads the executables that ran there, while they
 * still exist: deps/early_exes.h), `--status` and `--cleanup` say what is
 * pinned (and remove it).
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/inotify.h>
#include <sys/resource.h>
#include <sys/vfs.h>
#include <bpf/bpf.h>

#include "audit/fingerprint.h"
#include "cmd/cmd_boot_status.h"
#include "common/common.h"
#include "model/phase.h"
#include "reports/report_keep.h"
#include "deps/dependents.h"
#include "deps/early_exes.h"
#include "trace/bpf_load.h"
#include "trace/pin.h"
#include "trace/tracer.h"

#define BPF_FS_MAGIC 0xcafe4a11
/*
 * Nothing drains the dependents' ring until the real root adopts it: the
 * initramfs's own udev and, with dracut, systemd fill 1 MiB (3 655 records
 * lost on a stock Debian 12 dracut boot). 8 MiB holds some 30 000.
 */
#define SA_BOOT_DEPS_MB 8
/*
 * Pins nobody adopts (the unit disabled, the binary removed) stop their
 * hooks after this long. Ten minutes: a TCG guest of ours adopts in about
 * two, a real host in seconds; a boot that takes longer (an fsck, an
 * emergency shell) reports the initramfs as not adopted.
 */
#define SA_BOOT_ADOPT_WITHIN_S 600

static struct {
	struct sa_tracer_opts t;
	enum { B_NONE, B_START, B_MARK, B_STATUS, B_CLEANUP, B_SAVE } what;
	const char *mark, *save;
	bool no_deps, background;
	unsigned int deps_mb;		/* the dependents' ring, MiB */
	long adopt_within_s;		/* 0: the hooks never stop by themselves */
} env = { .deps_mb = SA_BOOT_DEPS_MB, .adopt_within_s = SA_BOOT_ADOPT_WITHIN_S };

static const char doc[] =
"Audit the boot: start recording in the initramfs, survive switch_root.\n"
"\n"
"USAGE: sysfs-audit boot --start [-a MODE] [-b MIB] [-B MIB] [-W SEC] [-N] [-v]\n"
"       sysfs-audit boot --mark initramfs-end|coldplug-end [--background]\n"
"       sysfs-audit boot --status [--root DIR] [--kernel RELEASE]\n"
"       sysfs-audit boot --cleanup\n"
"       sysfs-audit boot --save FILE\n"
"\n"
"--start loads and attaches the tracer and the dependents' hooks, pins them\n"
"under " SA_PIN_ROOT " and exits; the programs go on\n"
"recording until `sysfs-audit record --adopt` in the real root takes them\n"
"over and, when it stops, unpins them; unadopted, they stop after -W\n"
"seconds (default 600). --mark writes a phase boundary\n"
"(now, CLOCK_MONOTONIC) under " SA_MARK_DIR ". --cleanup removes what a\n"
"recorder that never came left pinned. --save keeps a boot audit's report\n"
"as " SA_KEEP_DIR "/boot-<boot_id>.json and " SA_KEEP_LATEST ",\n"
"the last 8 boots (sysfs-audit-boot.service records to /run).\n"
"\n"
"EXAMPLES:\n"
"    sysfs-audit boot --start            # initramfs, before udev\n"
"    sysfs-audit boot --mark initramfs-end   # just before switch_root\n"
"    sysfs-audit boot --status           # armed for the next boot? (exit 25: no)\n"
"    sysfs-audit boot --cleanup\n"
"    sysfs-audit boot --save /run/sysfs-audit/boot-report.json\n";

enum { OPT_START = 0x100, OPT_MARK, OPT_STATUS, OPT_CLEANUP, OPT_SAVE, OPT_BACKGROUND };

static const struct argp_option opts[] = {
	{ "start", OPT_START, NULL, 0, "attach and pin in bpffs, then exit (initramfs)", 0 },
	{ "mark", OPT_MARK, "WHAT", 0,
	  "write a phase boundary: initramfs-end or coldplug-end", 0 },
	{ "status", OPT_STATUS, NULL, 0,
	  "is the boot audit armed for the next boot? what is pinned, the last result", 0 },
	{ "cleanup", OPT_CLEANUP, NULL, 0, "list what is pinned and remove it", 0 },
	{ "save", OPT_SAVE, "FILE", 0, "keep the boot audit's report FILE, per boot", 0 },
	{ "attach", 'a', "MODE", 0, "--start: auto (default), tracepoint, fexit or kprobe", 0 },
	{ "buffer", 'b', "MIB", 0,
	  "--start: ring buffer size in MiB, a power of two; it holds the initramfs's events "
	  "until the recorder adopts them (default 2)", 0 },
	{ "deps-buffer", 'B', "MIB", 0,
	  "--start: the dependents' ring buffer in MiB, a power of two; it holds their records "
	  "until the recorder adopts them (default 8)", 0 },
	{ "adopt-within", 'W', "SEC", 0,
	  "--start: unless a recorder adopts them within SEC seconds, the hooks stop "
	  "(default 600; 0: never)", 0 },
	{ "no-dependents", 'N', NULL, 0, "--start: keys only, no dependents' hooks", 0 },
	{ "background", OPT_BACKGROUND, NULL, 0,
	  "--mark initramfs-end: read the initramfs's programs in a child at nice 19, "
	  "which outlives switch_root (not in a systemd initramfs, which kills it)", 0 },
	{ "verbose", 'v', NULL, 0, "libbpf debug output, the verifier log", 0 },
	{},
};

static void set_what(struct argp_state *state, int what)
{
	if (env.what != B_NONE && env.what != (unsigned int)what)
		argp_error(state,
			   "--start, --mark, --status, --cleanup and --save exclude each other");
	env.what = what;
}

static error_t parse_arg(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case OPT_START:
		set_what(state, B_START);
		break;
	case OPT_BACKGROUND:
		env.background = true;
		break;
	case OPT_MARK:
		set_what(state, B_MARK);
		if (strcmp(arg, SA_MARK_INITRAMFS_END) && strcmp(arg, SA_MARK_COLDPLUG_END))
			argp_error(state, "invalid mark: '%s' (initramfs-end or coldplug-end)", arg);
		env.mark = arg;
		break;
	case OPT_STATUS:
		set_what(state, B_STATUS);
		break;
	case OPT_CLEANUP:
		set_what(state, B_CLEANUP);
		break;
	case OPT_SAVE:
		set_what(state, B_SAVE);
		env.save = arg;
		break;
	case 'N':
		env.no_deps = true;
		break;
	case 'B': {
		/* As trace's -b reads its ring size. */
		long v = sa_parse_long(arg, 1, 1024, state, "dependents' buffer size");

		if (v & (v - 1))
			argp_error(state, "invalid dependents' buffer size: '%s' (a power of two)",
				   arg);
		env.deps_mb = (unsigned int)v;
		break;
	}
	case 'W':
		env.adopt_within_s = sa_parse_long(arg, 0, 86400 * 365, state, "adoption deadline");
		break;
	case ARGP_KEY_ARG:
		argp_error(state, "unexpected argument '%s'", arg);
		break;
	case ARGP_KEY_END:
		if (env.what == B_NONE)
			argp_error(state,
				   "one of --start, --mark, --status, --cleanup, --save is required");
		break;
	default:
		return sa_tracer_parse_opt(key, arg, state, &env.t);
	}
	return 0;
}

static bool bpffs_mounted(void)
{
	struct statfs sf;

	return !statfs("/sys/fs/bpf", &sf) && (unsigned long)sf.f_type == BPF_FS_MAGIC;
}

/* Pin the dependents' hooks too; a failure there leaves the keys audited. */
static void start_deps(FILE *sink)
{
	struct sa_deps_opts dopts = { .fmt = SA_FMT_JSON, .out = sink, .ring_mb = env.deps_mb,
				      .unadopted_until_ns = env.t.unadopted_until_ns,
				      .lazy_model = true, .no_enumerate = true };
	unsigned long long t0 = sa_mono_ns(), t1;
	struct sa_deps *d = sa_deps_open(&dopts);
	int err;

	t1 = sa_mono_ns();
	if (getenv("SYSFS_AUDIT_DEBUG"))
		fprintf(stderr, "sysfs-audit: debug: deps open %.3f s\n", (t1 - t0) / 1e9);
	if (!d || sa_deps_attach(d)) {
		sa_warn("dependents not pinned (%s): the boot audit has keys only", strerror(errno));
		sa_deps_close(d);
		return;
	}
	t1 = sa_mono_ns();
	err = sa_deps_pin(d, SA_PIN_ROOT);
	sa_bpf_note_step("dependents", "pin", &t1);
	if (err) {
		sa_warn("dependents not pinned (%s): the boot audit has keys only", strerror(-err));
		/* A half-pinned set would be adopted half: leave none. */
		sa_pin_walk(SA_PIN_ROOT "/" SA_PIN_DEPS, NULL, true);
		sa_pin_walk(SA_PIN_ROOT "/" SA_PIN_DEPLINKS, NULL, true);
	}
	sa_deps_close(d);	/* pinned links stay attached */
}

static int start(void)
{
	unsigned long long t0, t1, t2;
	struct sa_tracer *t;
	FILE *sink;
	int rc, err;

	if (!bpffs_mounted()) {
		sa_warn("bpffs is not mounted on /sys/fs/bpf: mount -t bpf bpf /sys/fs/bpf");
		return EXIT_NO_BPFFS;
	}
	if (sa_pin_walk(SA_PIN_ROOT, NULL, false) != 0) {
		sa_warn("%s: a boot audit is pinned already (sysfs-audit boot --cleanup)",
			SA_PIN_ROOT);
		return EXIT_PINNED;
	}
	t0 = sa_mono_ns();
	if (env.adopt_within_s)
		env.t.unadopted_until_ns = t0 + env.adopt_within_s * 1000000000ULL;
	rc = sa_tracer_open(&env.t, &t);
	if (rc)
		return rc;
	if (sa_tracer_stopping()) {
		sa_tracer_close(t);
		return 0;
	}
	t1 = sa_mono_ns();
	err = sa_tracer_pin(t, SA_PIN_ROOT);
	sa_bpf_note_step("sysfs_audit", "pin", &t1);
	if (err) {
		sa_warn("cannot pin under %s: %s", SA_PIN_ROOT, strerror(-err));
		sa_tracer_close(t);
		sa_pin_walk(SA_PIN_ROOT, NULL, true);
		return EXIT_FAIL;
	}
	t1 = sa_mono_ns();
	sink = fopen("/dev/null", "we");
	if (!env.no_deps && sink)
		start_deps(sink);
	if (sink)
		fclose(sink);
	err = sa_mark_write(SA_MARK_DIR, SA_MARK_ATTACHED, sa_mono_ns());
	if (err)
		sa_warn("%s/%s: %s (phases will start at the adoption)", SA_MARK_DIR,
			SA_MARK_ATTACHED, strerror(-err));
	t2 = sa_mono_ns();
	fprintf(stderr, "sysfs-audit: boot audit started (%s) in %.2f s (tracer %.2f s, "
		"dependents %.2f s), pinned under %s\n", sa_tracer_attach_name(t), (t2 - t0) / 1e9,
		(t1 - t0) / 1e9, (t2 - t1) / 1e9, SA_PIN_ROOT);
	sa_tracer_close(t);	/* the pinned links keep the programs attached */
	return 0;
}

static unsigned int fingerprint(const char *name, const char *buf, size_t len, char *out,
				size_t n)
{
	return sa_fingerprint_buf(name, buf, len, out, n);
}

/* Read and write them (in the child: under the mark directory, our cwd). */
static int read_and_write(struct sa_early *e, const char *file)
{
	int err;

	sa_early_read(e, fingerprint);
	err = sa_early_write(e, file);
	if (err)
		sa_warn("%s/%s: %s (the initramfs's programs cannot be fingerprinted)",
			SA_MARK_DIR, SA_EARLY_EXES, strerror(-err));
	else
		fprintf(stderr, "sysfs-audit: %zu executable(s) of the initramfs read\n",
			sa_early_count(e));
	return err;
}

/*
 * In our cwd (the mark directory), wait for the recorder's SA_EARLY_GO,
 * SA_EARLY_GO_WAIT_S at most: a boot audit nobody adopts still gets its
 * file. The mark is written by rename (IN_MOVED_TO) or created.
 */
static void wait_for_go(void)
{
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	struct pollfd pfd = { .events = POLLIN };
	struct timespec now;
	time_t end;

	clock_gettime(CLOCK_MONOTONIC, &now);
	end = now.tv_sec + SA_EARLY_GO_WAIT_S;
	pfd.fd = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
	if (pfd.fd >= 0 && inotify_add_watch(pfd.fd, ".", IN_CREATE | IN_MOVED_TO) < 0) {
		close(pfd.fd);
		pfd.fd = -1;
	}
	while (access(SA_EARLY_GO, F_OK)) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec >= end)
			break;
		/* No inotify: look again every second. */
		if (pfd.fd < 0) {
			sleep(1);
			continue;
		}
		if (poll(&pfd, 1, (int)(end - now.tv_sec) * 1000) > 0)
			while (read(pfd.fd, buf, sizeof(buf)) > 0)
				;
	}
	if (pfd.fd >= 0)
		close(pfd.fd);
}

/*
 * The initramfs ends: open the executables its processes ran while they
 * exist (switch_root deletes them). Reading them (a SHA-256 and the
 * fingerprint of each: over a second of a TCG guest's boot for one 2 MB
 * busybox) can wait: with --background a child reads them from the open
 * files after switch_root, in our cwd (the mark directory, which moves
 * into the real root with /run), and names itself in SA_EARLY_PENDING
 * until it is done. It starts when the recorder, which waits for it,
 * adopts the boot audit and writes SA_EARLY_GO (after the boot): at nice
 * 19 during the boot it still delayed systemd's start by 0.7 s of a TCG
 * guest's boot (issue 26). Best effort: the mark is written.
 */
static void read_early_exes(void)
{
	struct sa_early *e;
	pid_t child;
	int fd, err;

	fd = bpf_obj_get(SA_PIN_ROOT "/" SA_PIN_DEPS "/map_dep_events");
	if (fd < 0)
		return;		/* keys only (-N), or nothing pinned */
	e = sa_early_gather(fd);
	close(fd);
	if (!e) {
		sa_warn("%s: %s (the initramfs's programs cannot be fingerprinted)", SA_PIN_ROOT,
			strerror(errno));
		return;
	}
	child = env.background && !chdir(SA_MARK_DIR) ? fork() : -1;
	if (child < 0) {
		read_and_write(e, SA_MARK_DIR "/" SA_EARLY_EXES);
	} else if (child == 0) {
		setsid();
		/* Not SCHED_IDLE: a recorder waiting for us must not wait for an idle CPU. */
		if (setpriority(PRIO_PROCESS, 0, 19))
			sa_warn("cannot lower my priority: %s", strerror(errno));
		wait_for_go();
		read_and_write(e, SA_EARLY_EXES);
		unlink(SA_EARLY_PENDING);
		unlink(SA_EARLY_GO);
		sa_early_free(e);
		_exit(0);
	} else {
		err = sa_mark_write(".", SA_EARLY_PENDING, (unsigned long long)child);
		if (err)
			sa_warn("%s/%s: %s", SA_MARK_DIR, SA_EARLY_PENDING, strerror(-err));
		fprintf(stderr, "sysfs-audit: the initramfs's %zu executable(s) are read by "
			"process %d once the recorder adopts the boot audit\n",
			sa_early_count(e), (int)child);
	}
	sa_early_free(e);
}

int cmd_boot(int argc, char **argv)
{
	static const struct argp argp = { .options = opts, .parser = parse_arg, .doc = doc,
					  .children = sa_boot_status_children };
	int n, err;

	if (sa_argp_parse(&argp, argc, argv, NULL))
		return EXIT_USAGE;
	switch (env.what) {
	case B_START:
		return start();
	case B_MARK:
		err = sa_mark_write(SA_MARK_DIR, env.mark, sa_mono_ns());
		if (err) {
			sa_warn("%s/%s: %s", SA_MARK_DIR, env.mark, strerror(-err));
			return EXIT_FAIL;
		}
		if (!strcmp(env.mark, SA_MARK_INITRAMFS_END))
			read_early_exes();
		return 0;
	case B_SAVE:
		err = sa_report_keep(env.save, SA_KEEP_DIR, NULL, SA_KEEP_BOOTS);
		if (err) {
			sa_warn("%s -> %s: %s", env.save, SA_KEEP_DIR,
				err == -ENOENT ? "no report (the recorder wrote none)" :
				strerror(-err));
			return EXIT_FAIL;
		}
		fprintf(stderr, "sysfs-audit: %s kept in %s (%s, the last %d boots)\n", env.save,
			SA_KEEP_DIR, SA_KEEP_LATEST, SA_KEEP_BOOTS);
		return 0;
	case B_STATUS:
		return cmd_boot_status();
	default:
		n = sa_pin_walk(SA_PIN_ROOT, stdout, env.what == B_CLEANUP);
		if (n < 0) {
			sa_warn("%s: %s", SA_PIN_ROOT, strerror(-n));
			return n == -EPERM || n == -EACCES ? EXIT_PERM : EXIT_FAIL;
		}
		fprintf(stderr, "sysfs-audit: %d pinned object(s) under %s%s\n", n, SA_PIN_ROOT,
			env.what == B_CLEANUP && n ? ", removed" : "");
		return 0;
	}
}
