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
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <bpf/bpf.h>

#include "audit/fingerprint.h"
#include "cmd/cmd_boot_btf.h"
#include "cmd/cmd_boot_status.h"
#include "cmd/cmd_opts.h"
#include "cmd/cmd_record.h"
#include "cmd/exit_status.h"
#include "common/cmdline.h"
#include "common/common.h"
#include "model/phase.h"
#include "reports/boot_why.h"
#include "reports/report_keep.h"
#include "deps/dependents.h"
#include "deps/early_exes.h"
#include "loader/bpf_load.h"
#include "loader/core_btf.h"
#include "loader/pin.h"
#include "trace/tracer.h"

#define BPF_FS_MAGIC 0xcafe4a11
/*
 * Nothing drains the dependents' ring until the real root adopts it: the
 * initramfs's own udev and, with dracut, systemd overflow the 1 MiB the
 * dependents use when drained (docs/performance.md has the counts).
 */
#define SA_BOOT_DEPS_MB 8
/*
 * Pins nobody adopts (the unit disabled, the binary removed) stop their
 * hooks after this long: well beyond an emulated guest's adoption, so
 * only a boot held up for real (an fsck, an emergency shell) reports the
 * initramfs as not adopted.
 */
#define SA_BOOT_ADOPT_WITHIN_S 600
/*
 * `boot --start` gives up after this long (the scripts bound it from
 * outside too, and pass their own). A real host starts in well under a
 * second; an emulated guest on a loaded machine takes tens of seconds
 * (docs/performance.md): the default must not cut those.
 */
#define SA_BOOT_START_TIMEOUT_S 60

static struct {
	struct sa_tracer_opts t;
	enum { B_NONE, B_START, B_MARK, B_STATUS, B_CLEANUP, B_SAVE, B_CORE_BTF } what;
	const char *mark, *save, *core_btf, *vmlinuz;
	bool no_deps, background;
	unsigned int deps_mb;		/* the dependents' ring, MiB */
	long adopt_within_s;		/* 0: the hooks never stop by themselves */
	long timeout_s;			/* --start's own bound; 0: none */
} env = { .deps_mb = SA_BOOT_DEPS_MB, .adopt_within_s = SA_BOOT_ADOPT_WITHIN_S,
	  .timeout_s = SA_BOOT_START_TIMEOUT_S };

static const char doc[] =
"Audit the boot: start recording in the initramfs, survive switch_root.\n"
"\n"
"USAGE: sysfs-audit boot --start [-a MODE] [-b MIB] [-B MIB] [-W SEC] [-T SEC] [-N] [-v]\n"
"       sysfs-audit boot --mark initramfs-end|coldplug-end [--background]\n"
"       sysfs-audit boot --status [--root DIR] [--kernel RELEASE]\n"
"       sysfs-audit boot --cleanup\n"
"       sysfs-audit boot --save FILE\n"
"       sysfs-audit boot --core-btf FILE [--kernel RELEASE] [--vmlinuz IMAGE]\n"
"\n"
"--start loads and attaches the tracer and the dependents' hooks, pins them\n"
"under " SA_PIN_ROOT " and exits; the programs go on\n"
"recording until `sysfs-audit record --adopt` in the real root takes them\n"
"over and, when it stops, unpins them; unadopted, they stop after -W\n"
"seconds (default 600) and the --mark initramfs-end --background child\n"
"unpins them. --start gives up after -T seconds (default 60): it unpins\n"
"what it pinned and exits 27. With sysfs_audit.boot=0|no|off|false|n on\n"
"the kernel command line, or a kernel that cannot trace, it attaches\n"
"nothing and exits 0. --mark writes a phase boundary\n"
"(now, CLOCK_MONOTONIC) under " SA_MARK_DIR ". --cleanup removes what a\n"
"recorder that never came left pinned. --save keeps a boot audit's report\n"
"as " SA_KEEP_DIR "/boot-<boot_id>.json and " SA_KEEP_LATEST ",\n"
"the last 8 boots (sysfs-audit-boot.service records to /run). When the\n"
"recorder wrote no report but programs are pinned, --save (into FILE) and\n"
"--cleanup (into " SA_BOOT_REPORT ") first drain them into one, incomplete.\n"
"--core-btf (the image's hooks) writes FILE and FILE.id, the kernel's BTF cut\n"
"down to what the programs read (bpftool gen min_core_btf), which --start\n"
"uses from " SA_CORE_BTF " on that kernel: a faster load.\n"
"\n"
"EXAMPLES:\n"
"    sysfs-audit boot --start            # initramfs, before udev\n"
"    sysfs-audit boot --mark initramfs-end   # just before switch_root\n"
"    sysfs-audit boot --status           # armed for the next boot? (exit 25: no)\n"
"    sysfs-audit boot --cleanup\n"
"    sysfs-audit boot --save /run/sysfs-audit/boot-report.json\n";

enum { OPT_START = 0x100, OPT_MARK, OPT_STATUS, OPT_CLEANUP, OPT_SAVE, OPT_BACKGROUND,
       OPT_CORE_BTF, OPT_VMLINUZ };

static const struct argp_option opts[] = {
	{ "start", OPT_START, NULL, 0, "attach and pin in bpffs, then exit (initramfs)", 0 },
	{ "mark", OPT_MARK, "WHAT", 0,
	  "write a phase boundary: initramfs-end or coldplug-end", 0 },
	{ "status", OPT_STATUS, NULL, 0,
	  "is the boot audit armed for the next boot? what is pinned, the last result", 0 },
	{ "cleanup", OPT_CLEANUP, NULL, 0, "list what is pinned and remove it", 0 },
	{ "save", OPT_SAVE, "FILE", 0, "keep the boot audit's report FILE, per boot", 0 },
	{ "core-btf", OPT_CORE_BTF, "FILE", 0,
	  "write the minimal BTF of kernel --kernel (default: the running one) for --start "
	  "(bpftool, or $SYSFS_AUDIT_BPFTOOL)", 0 },
	{ "vmlinuz", OPT_VMLINUZ, "IMAGE", 0,
	  "--core-btf: the kernel's image (default: /boot/vmlinuz-RELEASE, or the running "
	  "kernel's BTF when it is that release)", 0 },
	SA_OPT_ATTACH("--start: "),
	SA_OPT_BUFFER("--start: ", "; it holds the initramfs's events until the recorder "
		      "adopts them (default 2)"),
	{ "deps-buffer", 'B', "MIB", 0,
	  "--start: the dependents' ring buffer in MiB, a power of two; it holds their records "
	  "until the recorder adopts them (default 8)", 0 },
	{ "adopt-within", 'W', "SEC", 0,
	  "--start: unless a recorder adopts them within SEC seconds, the hooks stop "
	  "(default 600; 0: never)", 0 },
	{ "timeout", 'T', "SEC", 0,
	  "--start: give up after SEC seconds, unpin what was pinned, exit 27 (default 60; "
	  "0: never)", 0 },
	{ "no-dependents", 'N', NULL, 0, "--start: keys only, no dependents' hooks", 0 },
	{ "background", OPT_BACKGROUND, NULL, 0,
	  "--mark initramfs-end: read the initramfs's programs in a child at nice 19, "
	  "which outlives switch_root (named @sysfs-audit, which a systemd initramfs "
	  "spares) and unpins the hooks at their deadline if no recorder came", 0 },
	SA_OPT_VERBOSE,
	{},
};

static void set_what(struct argp_state *state, int what)
{
	if (env.what != B_NONE && env.what != (unsigned int)what)
		argp_error(state,
			   "--start, --mark, --status, --cleanup, --save and --core-btf exclude "
			   "each other");
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
	case OPT_CORE_BTF:
		set_what(state, B_CORE_BTF);
		env.core_btf = arg;
		break;
	case OPT_VMLINUZ:
		env.vmlinuz = arg;
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
	case 'T':
		env.timeout_s = sa_parse_long(arg, 0, 3600, state, "start timeout");
		break;
	case ARGP_KEY_ARG:
		argp_error(state, "unexpected argument '%s'", arg);
		break;
	case ARGP_KEY_END:
		if (env.what == B_NONE)
			argp_error(state,
				   "one of --start, --mark, --status, --cleanup, --save, --core-btf "
				   "is required");
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
				      .core_btf = env.t.core_btf,
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

/*
 * The image's minimal BTF, when it was made for this kernel: libbpf's
 * CO-RE search then walks its few types, not the kernel's (loader/core_btf.h).
 */
static void use_core_btf(void)
{
	const char *file = getenv("SYSFS_AUDIT_CORE_BTF");
	unsigned long long t = sa_mono_ns();
	bool tp = true;
	int err;

	if (!file)
		file = SA_CORE_BTF;
	err = *file ? sa_core_btf_fits(file, &tp) : -ENOENT;
	if (!err) {
		env.t.core_btf = file;
		env.t.tp_absent = !tp;
	}
	else if (err != -ENOENT)
		sa_warn("%s: %s: loading with the kernel's BTF", file,
			err == -ESTALE ? "made for another kernel" : "no readable id beside it");
	sa_bpf_note_step(err ? "core_btf none" : "core_btf", "check", &t);
}

/* Attach, pin, mark: in the child of bounded_start(). Returns an exit status. */
static int start(void)
{
	unsigned long long t0, t1, t2;
	struct sa_tracer *t;
	FILE *sink;
	int rc, err;

	t0 = sa_mono_ns();
	if (env.adopt_within_s)
		env.t.unadopted_until_ns = t0 + env.adopt_within_s * 1000000000ULL;
	env.t.quiet_unable = true;
	use_core_btf();
	rc = sa_tracer_open(&env.t, &t);
	if (rc && sa_tracer_unable(rc)) {
		/* Not a failure of the boot: one line, exit 0, nothing attached. */
		fprintf(stderr, "sysfs-audit: boot audit skipped: %s\n", sa_tracer_unable(rc));
		return EXIT_OK;
	}
	if (rc)
		return sa_exit_of_tracer(rc);
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
	/* The --background child unpins at this time unless a recorder came. */
	if (env.t.unadopted_until_ns &&
	    (err = sa_mark_write(SA_MARK_DIR, SA_MARK_DEADLINE, env.t.unadopted_until_ns)))
		sa_warn("%s/%s: %s (nothing unpins the hooks at their deadline)", SA_MARK_DIR,
			SA_MARK_DEADLINE, strerror(-err));
	t2 = sa_mono_ns();
	fprintf(stderr, "sysfs-audit: boot audit started (%s) in %.2f s (tracer %.2f s, "
		"dependents %.2f s), pinned under %s\n", sa_tracer_attach_name(t), (t2 - t0) / 1e9,
		(t1 - t0) / 1e9, (t2 - t1) / 1e9, SA_PIN_ROOT);
	sa_tracer_close(t);	/* the pinned links keep the programs attached */
	return 0;
}

/* Remove what the killed child pinned; the reason goes where the recorder reads it. */
static void undo_start(pid_t child, bool timed_out)
{
	int n;

	kill(child, SIGKILL);
	/* A child in D state cannot be reaped: a second, then unpin regardless. */
	for (int i = 0; i < 50 && waitpid(child, NULL, WNOHANG) == 0; i++)
		usleep(20000);
	n = sa_pin_walk(SA_PIN_ROOT, NULL, true);
	if (timed_out) {
		mkdir(SA_MARK_DIR, 0755);
		sa_boot_why_append(SA_MARK_DIR "/" SA_BOOT_WHY, SA_GAP_START_TIMEOUT);
		sa_warn("the boot audit's start took longer than %ld s: stopped, %d pinned "
			"object(s) removed (start-timeout)", env.timeout_s, n < 0 ? 0 : n);
	} else {
		sa_warn("stopped while starting the boot audit: %d pinned object(s) removed",
			n < 0 ? 0 : n);
	}
}

/*
 * --start, bounded from the inside: the verifier, a lock or a D-state read
 * may hold the loader however long; the boot must not wait for it. The
 * child attaches and pins; this process waits -T seconds at most (or for
 * a SIGTERM from the scripts), then kills it and removes what it pinned.
 * A boot audit pinned already belongs to someone else: it is refused here,
 * before anything could remove it.
 */
static int bounded_start(void)
{
	unsigned long long end, now;
	struct timespec ts;
	sigset_t set, old;
	siginfo_t info;
	pid_t child, parent = getpid();
	int sig, st;

	int err = sa_tracer_precheck();

	if (err) {
		fprintf(stderr, "sysfs-audit: boot audit skipped: %s\n", sa_tracer_unable(err));
		return EXIT_OK;
	}
	if (!bpffs_mounted()) {
		sa_warn("bpffs is not mounted on /sys/fs/bpf: mount -t bpf bpf /sys/fs/bpf");
		return EXIT_NO_BPFFS;
	}
	if (sa_pin_walk(SA_PIN_ROOT, NULL, false) != 0) {
		sa_warn("%s: a boot audit is pinned already (sysfs-audit boot --cleanup)",
			SA_PIN_ROOT);
		return EXIT_PINNED;
	}
	if (!env.timeout_s)
		return start();
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	/* An inherited SIG_IGN would reap the child unseen: then it timed out. */
	signal(SIGCHLD, SIG_DFL);
	sigprocmask(SIG_BLOCK, &set, &old);
	fflush(NULL);
	end = sa_mono_ns() + env.timeout_s * 1000000000ULL;
	child = fork();
	if (child < 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		return start();		/* unbounded from inside; the scripts still bound it */
	}
	if (child == 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		/* Killed with us: the scripts' kill must not leave a loader behind. */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(EXIT_FAIL);
		_exit(start());
	}
	for (;;) {
		now = sa_mono_ns();
		ts.tv_sec = now < end ? (end - now) / 1000000000ULL : 0;
		ts.tv_nsec = now < end ? (end - now) % 1000000000ULL : 0;
		sig = sigtimedwait(&set, &info, &ts);
		if (sig == SIGCHLD || (sig < 0 && errno == EINTR)) {
			if (waitpid(child, &st, WNOHANG) == child)
				break;
			continue;
		}
		undo_start(child, sig < 0);
		return sig < 0 ? EXIT_START_TIMEOUT : EXIT_FAIL;
	}
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	/* Crashed half way: a half-pinned set would be adopted half. */
	sa_warn("the boot audit's start died (signal %d): %d pinned object(s) removed",
		WTERMSIG(st), sa_pin_walk(SA_PIN_ROOT, NULL, true));
	return EXIT_FAIL;
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
 * In our cwd (the mark directory), wait for mark @name, until CLOCK_MONOTONIC
 * @until_ns (0: SA_EARLY_GO_WAIT_S from now). Whether it came. A mark is
 * written by rename (IN_MOVED_TO) or created.
 */
static bool wait_for(const char *name, unsigned long long until_ns)
{
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	struct pollfd pfd = { .events = POLLIN };
	unsigned long long now = sa_mono_ns();
	unsigned long long end = until_ns ? until_ns : now + SA_EARLY_GO_WAIT_S * 1000000000ULL;
	bool there;

	pfd.fd = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
	if (pfd.fd >= 0 && inotify_add_watch(pfd.fd, ".", IN_CREATE | IN_MOVED_TO) < 0) {
		close(pfd.fd);
		pfd.fd = -1;
	}
	while (!(there = !access(name, F_OK)) && (now = sa_mono_ns()) < end) {
		/* No inotify: look again every second. */
		if (pfd.fd < 0) {
			sleep(1);
			continue;
		}
		/* At most a minute a poll: -W may be a year of milliseconds. */
		if (poll(&pfd, 1, (end - now) / 1000000ULL >= 60000 ? 60000 :
			 (int)((end - now) / 1000000ULL) + 1) > 0)
			while (read(pfd.fd, buf, sizeof(buf)) > 0)
				;
	}
	if (pfd.fd >= 0)
		close(pfd.fd);
	return there;
}

/*
 * Nothing of the child on the console after the initramfs: its
 * messages would come up to ten minutes into the real root's login prompt.
 */
static void off_the_console(void)
{
	int fd = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return;
	dup2(fd, 0);
	dup2(fd, 1);
	dup2(fd, 2);
	if (fd > 2)
		close(fd);
}

/*
 * The journal's record of what the watchdog did: /dev/kmsg (@fd, opened
 * before switch_root: the initramfs's /dev, which stays our root's, is
 * moved into the real root) at debug level, which the console shows
 * only when the command line asks for every message (debug, loglevel=8).
 */
static void kmsg(int fd, const char *msg)
{
	char line[512];
	int n;

	if (fd < 0)
		return;
	n = snprintf(line, sizeof(line), "<31>sysfs-audit: %s\n", msg);
	if (write(fd, line, (size_t)n) < 0)
		n = -1;		/* nobody to tell */
}

/*
 * The --background child, in the mark directory (it moves into the real
 * root with /run): the watchdog of pins nobody adopts, and the reader of
 * the initramfs's executables @e (NULL: keys only). It waits for the
 * recorder (SA_EARLY_GO, or without @e its SA_MARK_ADOPTING) until the
 * hooks' deadline; past it with no recorder on them, it unpins them, and
 * the links and programs go with the last reference (the recorder's, were
 * there one, would be there: it writes SA_MARK_ADOPTING before it claims,
 * and claims nothing past the deadline). systemd in a dracut initramfs
 * kills every process at switch-root but those whose argv[0] starts with
 * '@'; run-init leaves it be anyway.
 */
static void watchdog(struct sa_early *e)
{
	unsigned long long deadline = 0;
	const char *what = e ? SA_EARLY_GO : SA_MARK_ADOPTING;
	/*
	 * run-init moves /sys into the real root and chroots PID 1 only: our
	 * root stays the initramfs's, whose /sys is empty then. The bpffs
	 * mount is reached through a descriptor opened now; the mark
	 * directory is our cwd, which moves with /run.
	 */
	int bpffs = open(SA_BPFFS, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int marks = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int klog = open("/dev/kmsg", O_WRONLY | O_CLOEXEC | O_NOCTTY);
	char msg[256];
	bool came;
	int n = -EBADF;

	setsid();
	off_the_console();
	if (sa_argv0 && *sa_argv0)
		sa_argv0[0] = '@';
	prctl(PR_SET_NAME, "@sysfs-audit", 0, 0, 0);
	/* Not SCHED_IDLE: a recorder waiting for us must not wait for an idle CPU. */
	setpriority(PRIO_PROCESS, 0, 19);
	if (sa_mark_read(".", SA_MARK_DEADLINE, &deadline))
		deadline = 0;
	came = wait_for(what, deadline);
	if (!came && deadline && access(SA_MARK_ADOPTING, F_OK)) {
		if (bpffs >= 0 && marks >= 0 && !fchdir(bpffs)) {
			n = sa_pin_walk(SA_PIN_ROOT + sizeof(SA_BPFFS), NULL, true);
			if (fchdir(marks))
				n = -errno;
		}
		if (n >= 0)
			sa_mark_write(".", SA_MARK_UNPINNED, sa_mono_ns());
		if (n < 0)
			snprintf(msg, sizeof(msg), "no recorder adopted the boot audit by its "
				 "deadline (%.0f s), and it cannot be unpinned: %s", deadline / 1e9,
				 strerror(-n));
		else
			snprintf(msg, sizeof(msg), "no recorder adopted the boot audit by its "
				 "deadline (%.0f s): %d pinned object(s) removed, its programs "
				 "detached", deadline / 1e9, n);
		kmsg(klog, msg);
		if (e)
			unlink(SA_EARLY_PENDING);
		goto out;
	}
	if (!e)
		goto out;
	/* Past the deadline, a recorder on it: its go comes once it adopted (bounded). */
	if (!came && deadline)
		wait_for(SA_EARLY_GO, 0);
	read_and_write(e, SA_EARLY_EXES);
	unlink(SA_EARLY_PENDING);
	unlink(SA_EARLY_GO);
out:
	if (klog >= 0)
		close(klog);
	if (bpffs >= 0)
		close(bpffs);
	if (marks >= 0)
		close(marks);
}

/*
 * The initramfs ends: open the executables its processes ran while they
 * exist (switch_root deletes them). Reading them (a SHA-256 and the
 * fingerprint of each, a second of an emulated boot for one busybox) can
 * wait: with --background a child reads them from the open
 * files after switch_root, in our cwd (the mark directory, which moves
 * into the real root with /run), and names itself in SA_EARLY_PENDING
 * until it is done. It starts when the recorder, which waits for it,
 * adopts the boot audit and writes SA_EARLY_GO (after the boot): even at
 * nice 19, reading during the boot delayed systemd's start. The same
 * child is the deadline's watchdog.
 * Best effort: the mark is written.
 */
static void read_early_exes(void)
{
	struct sa_early *e = NULL;
	unsigned long long deadline;
	bool watch;
	pid_t child;
	int fd, err;

	fd = bpf_obj_get(SA_PIN_ROOT "/" SA_PIN_DEPS "/map_dep_events");
	if (fd >= 0) {		/* else keys only (-N), or nothing pinned */
		e = sa_early_gather(fd);
		close(fd);
		if (!e)
			sa_warn("%s: %s (the initramfs's programs cannot be fingerprinted)",
				SA_PIN_ROOT, strerror(errno));
	}
	watch = !sa_mark_read(SA_MARK_DIR, SA_MARK_DEADLINE, &deadline) &&
		sa_pin_present(SA_PIN_ROOT, SA_PIN_UEVENTS);
	if (!e && !(watch && env.background))
		return;
	fflush(NULL);
	child = env.background && !chdir(SA_MARK_DIR) ? fork() : -1;
	if (child < 0) {
		if (e)
			read_and_write(e, SA_MARK_DIR "/" SA_EARLY_EXES);
	} else if (child == 0) {
		watchdog(e);
		sa_early_free(e);
		_exit(0);
	} else if (e) {
		err = sa_mark_write(".", SA_EARLY_PENDING, (unsigned long long)child);
		if (err)
			sa_warn("%s/%s: %s", SA_MARK_DIR, SA_EARLY_PENDING, strerror(-err));
		fprintf(stderr, "sysfs-audit: the initramfs's %zu executable(s) are read by "
			"process %d once the recorder adopts the boot audit\n",
			sa_early_count(e), (int)child);
	}
	sa_early_free(e);
}

/*
 * The recorder wrote no report (killed at the stop's timeout, or stopped
 * before it got far), yet the programs are pinned: the rings hold what the
 * boot recorded. Drain them into @report, incomplete and why, before
 * anything unpins them. Not under a recorder that still runs.
 */
static void salvage(const char *report)
{
	unsigned long long pid = 0, m;
	enum sa_gap_reason why;

	if (!sa_pin_present(SA_PIN_ROOT, SA_PIN_UEVENTS) || !access(report, F_OK) ||
	    errno != ENOENT)
		return;
	if (!sa_mark_read(SA_MARK_DIR, SA_MARK_ADOPTING, &pid) && pid < INT_MAX &&
	    (pid_t)pid != getpid() && !kill((pid_t)pid, 0)) {
		sa_warn("%s: the recorder (process %llu) still runs: not drained here", SA_PIN_ROOT,
			pid);
		return;
	}
	if (!pid)
		why = SA_GAP_STOPPED_BEFORE;
	else if (sa_mark_read(SA_MARK_DIR, SA_MARK_ADOPTED, &m))
		why = SA_GAP_STOPPED_DURING;
	else
		why = SA_GAP_RECORDER_KILLED;
	sa_warn("the recorder wrote no report, the boot audit is still pinned: draining it "
		"into %s (incomplete: %s)", report, sa_gap_names[why]);
	sa_record_salvage(report, why);
}

/* Reasons the scripts gave after the recorder read them, into its report. */
static void save_reasons(const char *report)
{
	unsigned int why = 0;
	int err = sa_boot_why_read(SA_MARK_DIR "/" SA_BOOT_WHY, &why);

	if (!err)
		err = sa_boot_why_add(report, why);
	if (err && err != -ENOENT)
		sa_warn("%s: the boot's reasons (%s/%s) not added: %s", report, SA_MARK_DIR,
			SA_BOOT_WHY, strerror(-err));
}

/* The console is the boot's: with `quiet`, our lines go to the kernel log only. */
static void honour_quiet(void)
{
	char buf[4096];
	int fd;

	if (sa_cmdline_read(buf, sizeof(buf)) || !sa_cmdline_has(buf, "quiet"))
		return;
	fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	fflush(NULL);
	dup2(fd, 1);
	dup2(fd, 2);
	if (fd > 2)
		close(fd);
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
		honour_quiet();
		if (sa_boot_switched_off()) {
			fprintf(stderr, "sysfs-audit: the boot audit is off (%s= on the kernel "
				"command line): nothing attached\n", SA_CMDLINE_BOOT);
			return EXIT_OK;
		}
		return bounded_start();
	case B_MARK:
		honour_quiet();
		err = sa_mark_write(SA_MARK_DIR, env.mark, sa_mono_ns());
		if (err) {
			sa_warn("%s/%s: %s", SA_MARK_DIR, env.mark, strerror(-err));
			return EXIT_FAIL;
		}
		if (!strcmp(env.mark, SA_MARK_INITRAMFS_END))
			read_early_exes();
		return 0;
	case B_SAVE:
		salvage(env.save);
		save_reasons(env.save);
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
	case B_CORE_BTF:
		return cmd_boot_core_btf(env.core_btf, sa_boot_status_kernel(), env.vmlinuz);
	default:
		if (env.what == B_CLEANUP)
			salvage(SA_BOOT_REPORT);
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
