// SPDX-License-Identifier: GPL-2.0
/* The dependents beside a trace, shared by trace and record (cmd_deps.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>

#include "audit/fingerprint.h"
#include "cmd/cmd_deps.h"
#include "common/common.h"
#include "common/dpkg_owner.h"
#include "model/phase.h"
#include "deps/early_copy.h"
#include "deps/early_exes.h"
#include "deps/identity.h"
#include "deps/named_file.h"
#include "loader/pin.h"
#include "trace/tracer.h"

/* How long a recorder waits for the initramfs's executables to be read. */
#define EARLY_WAIT_MS	30000

struct sa_deps_run {
	struct sa_deps *deps;
	struct sa_fp_cache *fp_cache;
	struct sa_dpkg *dpkg;
	bool dpkg_read;			/* read at the first dependent to name */
	struct sa_early *early;		/* the initramfs's executables (a boot audit) */
	bool early_wanted;		/* adopted: load them before the first is needed */
	char fp[SA_DEP_TEXT];		/* a fingerprint read through /proc */
	struct sa_ns_self self;		/* our namespaces */
};

/*
 * Reading dpkg's file lists takes a TCG guest about a second: not at the
 * start of a boot audit, which holds its records until the boot is over.
 * No dpkg database (not Debian): dependents without package names.
 */
static const struct sa_dpkg *dpkg(struct sa_deps_run *r)
{
	if (!r->dpkg_read) {
		r->dpkg_read = true;
		r->dpkg = sa_dpkg_load("/");
	}
	return r->dpkg;
}

static const char *owner(void *ctx, const char *file)
{
	const struct sa_dpkg *d = dpkg(ctx);

	return d ? sa_dpkg_owner(d, file) : NULL;
}

/* The fingerprint of @n's file (through a /proc link to it) into r->fp. */
static const char *read_proc(struct sa_deps_run *r, const struct sa_named *n,
			     unsigned int *scope)
{
	*scope = sa_named_fp(r->fp_cache, n, n->via, r->fp, sizeof(r->fp));
	return r->fp;
}

/* Adopted: the child of `boot --mark initramfs-end --background` may read now. */
static void early_go(void)
{
	unsigned long long pid;
	int err;

	if (sa_mark_read(SA_MARK_DIR, SA_EARLY_PENDING, &pid))
		return;
	err = sa_mark_write(SA_MARK_DIR, SA_EARLY_GO, sa_mono_ns());
	if (err)
		sa_warn("%s/%s: %s (the initramfs's programs are read %d s after the boot)",
			SA_MARK_DIR, SA_EARLY_GO, strerror(-err), SA_EARLY_GO_WAIT_S);
}

/*
 * The initramfs's executables as `boot --mark initramfs-end` left them.
 * With --background its child reads them once early_go() has asked it (at
 * the adoption): wait for it while it lives, EARLY_WAIT_MS at most.
 */
static void load_early(struct sa_deps_run *r)
{
	unsigned long long pid;
	int waited = 0;

	r->early_wanted = false;
	while (access(SA_MARK_DIR "/" SA_EARLY_EXES, F_OK) && waited < EARLY_WAIT_MS &&
	       !sa_mark_read(SA_MARK_DIR, SA_EARLY_PENDING, &pid) && pid && pid < INT_MAX &&
	       (!kill((pid_t)pid, 0) || errno == EPERM)) {
		usleep(100 * 1000);
		waited += 100;
	}
	r->early = sa_early_load(SA_MARK_DIR "/" SA_EARLY_EXES);
	if (!r->early && errno != ENOENT)
		sa_warn("%s/%s: %s", SA_MARK_DIR, SA_EARLY_EXES, strerror(errno));
	else if (!r->early && waited >= EARLY_WAIT_MS)
		sa_warn("%s/%s: not written after %d s (the initramfs's programs are not "
			"fingerprinted)", SA_MARK_DIR, SA_EARLY_EXES, EARLY_WAIT_MS / 1000);
}

/*
 * A dependent's executable: the initramfs's copy read before switch_root,
 * else read here by path only when that path still holds the file the
 * kernel ran (never the real root's namesake of an initramfs program, nor
 * the host's of a container's /opt/x), else through /proc/PID/exe while
 * the process lives (the kernel's file, by device and inode). "": gone.
 */
static const char *exe_known(void *ctx, const struct sa_ident *id, unsigned int *scope)
{
	struct sa_named n = { .path = id->exe, .kdev = id->exe_dev, .ino = id->exe_ino,
			      .uid = id->uid };
	struct sa_deps_run *r = ctx;
	const struct sa_early_exe *x;
	char path[64];

	if (!id->exe_ino)
		return NULL;
	if (r->early_wanted)
		load_early(r);
	x = sa_early_find(r->early, id->exe_dev, id->exe_ino);
	if (x) {
		*scope = x->fp_scope;
		return x->fingerprint;
	}
	if (sa_early_same_file(id->exe, id->exe_dev, id->exe_ino))
		return NULL;
	snprintf(path, sizeof(path), "/proc/%u/exe", id->tgid);
	n.via = path;
	if (sa_early_same_file(path, id->exe_dev, id->exe_ino))
		return read_proc(r, &n, scope);
	return "";
}

/*
 * The package of an executable exe_known() found read in the initramfs:
 * the host file's of its path when the copy has its bytes (early_copy.h),
 * else none, and why. Another file read another way (/proc/PID/exe) has
 * none: SA_PV_PATH, as before.
 */
static int exe_package(void *ctx, const struct sa_ident *id, char *pkg, size_t len)
{
	struct sa_deps_run *r = ctx;
	const struct sa_early_exe *x = sa_early_find(r->early, id->exe_dev, id->exe_ino);

	pkg[0] = '\0';
	if (!x || !id->exe_ino)
		return SA_PV_PATH;
	return sa_early_host_package(x, "/", dpkg(r), pkg, len);
}

/*
 * A script in another mount namespace (a container's): read in the
 * process's root while it lives (its symlinks resolved there), never our
 * namesake. "": gone, or refused (named_file.h).
 */
static const char *script_known(void *ctx, const struct sa_ident *id, unsigned int *scope)
{
	struct sa_named n = { .path = id->script, .tgid = id->tgid, .other_mnt = true,
			      .uid = id->uid };
	struct sa_deps_run *r = ctx;

	if (!sa_ident_other_mnt(id, r->self.mnt) || id->script[0] != '/')
		return NULL;
	*scope = sa_named_fp(r->fp_cache, &n, id->script, r->fp, sizeof(r->fp));
	return r->fp;
}

static void tick(void *ctx)
{
	sa_deps_tick(ctx);
}

struct sa_deps_run *sa_deps_run_start(struct sa_tracer *t, enum sa_format fmt, FILE *out,
				      const char *sysfs, const struct sa_phases *phases,
				      const char *what_without)
{
	struct sa_deps_run *r;
	struct ring_buffer *rb;
	/*
	 * The model of /sys at the first record to judge: a boot audit's
	 * recorder starts before udev's coldplug and holds its records until
	 * the boot has finished; reading all of /sys at its start cost the
	 * real Debian 12 image's boot about a second of TCG time, for a model
	 * the coldplug then made stale.
	 */
	struct sa_deps_opts o = { .fmt = fmt, .out = out, .sysfs_root = sysfs,
				  .phases = phases, .devices_gen = sa_tracer_devices_gen(t),
				  .devices_ns = sa_tracer_devices_ns(t), .lazy_model = true };
	int err;

	if (sa_tracer_interrupted(t) || !(r = calloc(1, sizeof(*r))))
		return NULL;
	r->fp_cache = sa_fp_cache_new();
	sa_ns_self_read("/proc", &r->self);
	o.store = (struct sa_dep_store_opts){
		.fingerprint = r->fp_cache ? sa_fingerprint : NULL, .fp_ctx = r->fp_cache,
		.package = owner, .pkg_ctx = r,
		.exe_known = exe_known, .exe_package = exe_package, .script_known = script_known,
		.fingerprint_named = r->fp_cache ? sa_named_fingerprint : NULL, .exe_ctx = r,
	};
	r->early_wanted = sa_tracer_adopted(t);
	if (r->early_wanted)
		early_go();
	/*
	 * Loaded before the tracer maps its ring, so that their load (the
	 * kernel's BTF parsed again) and the ring do not add up in the
	 * loader's peak RSS. A boot audit adopts what `boot --start` pinned.
	 */
	r->deps = sa_deps_open(&o);
	if (r->deps && sa_tracer_adopted(t) && sa_pin_present(SA_PIN_ROOT, SA_PIN_DEPLINKS))
		err = sa_deps_adopt(r->deps, SA_PIN_ROOT);
	else
		err = r->deps ? sa_deps_attach(r->deps) : -ENOMEM;
	if (err || !(rb = sa_tracer_ring(t)) || sa_deps_add_rings(r->deps, rb)) {
		sa_warn("dependents not traced (%s): %s", strerror(errno), what_without);
		sa_deps_run_stop(r);
		return NULL;
	}
	sa_tracer_set_tick(t, tick, r->deps);
	return r;
}

struct sa_deps *sa_deps_run_deps(struct sa_deps_run *r)
{
	return r ? r->deps : NULL;
}

void sa_deps_run_stop(struct sa_deps_run *r)
{
	if (!r)
		return;
	sa_deps_close(r->deps);
	sa_fp_cache_free(r->fp_cache);
	sa_dpkg_free(r->dpkg);
	sa_early_free(r->early);
	free(r);
}
