// SPDX-License-Identifier: GPL-2.0
/* The dependents beside a trace, shared by trace and record (cmd_deps.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "audit/fingerprint.h"
#include "cmd/cmd_deps.h"
#include "common/common.h"
#include "common/dpkg_owner.h"
#include "model/phase.h"
#include "deps/early_exes.h"
#include "deps/identity.h"
#include "trace/pin.h"
#include "trace/tracer.h"

struct sa_deps_run {
	struct sa_deps *deps;
	struct sa_fp_cache *fp_cache;
	struct sa_dpkg *dpkg;
	struct sa_early *early;		/* the initramfs's executables (a boot audit) */
	char fp[SA_DEP_TEXT];		/* a fingerprint read through /proc */
	struct sa_ns_self self;		/* our namespaces */
};

static const char *owner(void *ctx, const char *file)
{
	return sa_dpkg_owner(ctx, file);
}

/* The fingerprint of @path (a /proc link to the process's own file) into r->fp. */
static const char *read_proc(struct sa_deps_run *r, const char *path, unsigned int *scope)
{
	r->fp[0] = '\0';
	if (r->fp_cache)
		*scope = sa_fingerprint(r->fp_cache, path, r->fp, sizeof(r->fp));
	return r->fp;
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
	struct sa_deps_run *r = ctx;
	const struct sa_early_exe *x;
	char path[64];

	if (!id->exe_ino)
		return NULL;
	x = sa_early_find(r->early, id->exe_dev, id->exe_ino);
	if (x) {
		*scope = x->fp_scope;
		return x->fingerprint;
	}
	if (sa_early_same_file(id->exe, id->exe_dev, id->exe_ino))
		return NULL;
	snprintf(path, sizeof(path), "/proc/%u/exe", id->tgid);
	if (sa_early_same_file(path, id->exe_dev, id->exe_ino))
		return read_proc(r, path, scope);
	return "";
}

/*
 * A script in another mount namespace (a container's): read in the
 * process's root while it lives, never our namesake. "": gone.
 */
static const char *script_known(void *ctx, const struct sa_ident *id, unsigned int *scope)
{
	struct sa_deps_run *r = ctx;
	char path[PATH_MAX];

	if (!sa_ident_other_mnt(id, r->self.mnt) || id->script[0] != '/')
		return NULL;
	if (snprintf(path, sizeof(path), "/proc/%u/root%s", id->tgid, id->script) >=
	    (int)sizeof(path) || access(path, R_OK))
		return "";
	return read_proc(r, path, scope);
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
	struct sa_deps_opts o = { .fmt = fmt, .out = out, .sysfs_root = sysfs,
				  .phases = phases, .devices_gen = sa_tracer_devices_gen(t),
				  .devices_ns = sa_tracer_devices_ns(t) };
	int err;

	if (sa_tracer_interrupted(t) || !(r = calloc(1, sizeof(*r))))
		return NULL;
	r->fp_cache = sa_fp_cache_new();
	sa_ns_self_read("/proc", &r->self);
	/* No dpkg database (not Debian): dependents without package names. */
	r->dpkg = sa_dpkg_load("/");
	o.store = (struct sa_dep_store_opts){
		.fingerprint = r->fp_cache ? sa_fingerprint : NULL, .fp_ctx = r->fp_cache,
		.package = r->dpkg ? owner : NULL, .pkg_ctx = r->dpkg,
		.exe_known = exe_known, .script_known = script_known, .exe_ctx = r,
	};
	if (sa_tracer_adopted(t)) {
		r->early = sa_early_load(SA_MARK_DIR "/" SA_EARLY_EXES);
		if (!r->early && errno != ENOENT)
			sa_warn("%s/%s: %s", SA_MARK_DIR, SA_EARLY_EXES, strerror(errno));
	}
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
