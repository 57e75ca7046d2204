// SPDX-License-Identifier: GPL-2.0
/*
 * Dependents of the deprecated layout, live: the loader. Load
 * dependents.bpf.c hook by hook (a hook the kernel lacks
 * costs that hook only), classify each new (process, object) record with
 * the identity the kernel recorded, and fold it into the store (one line
 * per program and kind, dep_store.c), which the output layer renders
 * (dep_out.c) and `record` reads as structs.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "common/common.h"
#include "model/phase.h"
#include "dep_records.h"
#include "output/dep_out.h"
#include "loader/bpf_load.h"
#include "deps/dep_classify.h"
#include "deps/dep_decode.h"
#include "deps/dep_fallback.h"
#include "deps/dep_stale.h"
#include "deps/dep_store.h"
#include "deps/dependents.h"
#include "deps/deps_impl.h"
#include "deps/identity.h"
#include "deps/uevent_reader.h"
#include "loader/pin.h"
#include "loader/ring_peek.h"
#include "dependents.skel.h"

/* struct sa_deps: deps/deps_impl.h, shared with deps/dep_scan.c. */

static const char *const op_names[SA_DEP_OP_MAX] = {
	[SA_DEP_OP_MISS] = "miss",
	[SA_DEP_OP_LSTAT_LINK] = "lstat-link",
	[SA_DEP_OP_READLINK] = "readlink",
	[SA_DEP_OP_READDIR] = "readdir",
	[SA_DEP_OP_LISTEN] = "listen",
	[SA_DEP_OP_READ_UEVENT] = "read-uevent",
};

/* Judged against the model of /sys: the lookups (a listen or a uevent read is not). */
static bool uses_model(unsigned int op)
{
	return op != SA_DEP_OP_LISTEN && op != SA_DEP_OP_READ_UEVENT;
}

static double since(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - t->tv_sec) + (now.tv_nsec - t->tv_nsec) / 1e9;
}

static int reload_model(struct sa_deps *d)
{
	/* Before reading: a device added meanwhile moves it again. */
	unsigned long long gen = d->o.devices_gen ? *d->o.devices_gen : 0;
	struct sa_classifier c;
	int err = sa_classifier_load(&c, d->o.sysfs_root);

	if (err)
		return err;
	if (d->have_cls)
		sa_classifier_free(&d->cls);
	d->cls = c;
	d->have_cls = true;
	d->cls_gen = gen;
	clock_gettime(CLOCK_MONOTONIC, &d->cls_at);
	return 0;
}

/*
 * A device added, removed or renamed since the model was read: known from
 * the tracer's counter (every uevent but "change"), else guessed from the
 * model's age.
 */
static bool model_changed(const struct sa_deps *d)
{
	if (d->o.devices_gen)
		return *d->o.devices_gen != d->cls_gen;
	return since(&d->cls_at) > 1.0;
}

/*
 * A record the model does not explain may name a device added since it
 * was read. Reading /sys again costs the loader seconds of CPU under
 * emulation, and the ring fills behind it (make bench), so only once a
 * second, and only if the devices changed.
 */
static bool model_stale(struct sa_deps *d)
{
	return since(&d->cls_at) > 1.0 && model_changed(d);
}

/*
 * A breaks verdict on a model older than a device change is judged again
 * on a fresh one, however recent the last read (dep_stale.h): a remove or
 * a rename makes the next lookup of the old name look legacy. Breaks are
 * few (one per lookup key), so the reads stay rare.
 */
static void rejudge_breaks(struct sa_deps *d, const struct sa_dep_obs *obs,
			   unsigned long long ts_ns, struct sa_dep_verdict *v)
{
	unsigned long long last = d->o.devices_ns ? *d->o.devices_ns : 0;
	struct sa_dep_verdict fresh;

	if (v->conf != SA_DC_BREAKS || !uses_model(obs->op) || !model_changed(d) ||
	    reload_model(d))
		return;
	sa_dep_classify(&d->cls, obs, &fresh);
	sa_dep_rejudge(v, &fresh, last && last <= ts_ns);
}

/* The model, read now if it was left for the first record (lazy_model). */
static bool model_ready(struct sa_deps *d)
{
	int err;

	if (d->have_cls)
		return true;
	/* A /sys that cannot be read is not read again for every record. */
	if (d->model_err && since(&d->cls_at) <= 1.0)
		return false;
	err = reload_model(d);
	if (err && !d->model_err)
		sa_warn("%s: cannot read the sysfs model (%s): lookups are not judged",
			d->o.sysfs_root, strerror(-err));
	if (err) {
		d->model_err = err;
		clock_gettime(CLOCK_MONOTONIC, &d->cls_at);	/* the last try */
	}
	return !err;
}

struct sa_deps *sa_deps_open(const struct sa_deps_opts *opts)
{
	struct sa_deps *d = calloc(1, sizeof(*d));
	struct statfs sfs;
	struct stat st;
	int err;

	if (!d)
		return NULL;
	d->o = *opts;
	if (!d->o.sysfs_root)
		d->o.sysfs_root = "/sys";
	if (!d->o.proc_root)
		d->o.proc_root = "/proc";
	if (!d->o.etc_root)
		d->o.etc_root = "/etc";
	err = d->o.lazy_model ? 0 : reload_model(d);
	if (!err && !(d->store = sa_dep_store_new(&d->o.store)))
		err = -ENOMEM;
	if (!err && !(d->fb = sa_dep_fb_new()))
		err = -ENOMEM;
	if (err) {
		if (d->have_cls)
			sa_classifier_free(&d->cls);
		sa_dep_store_free(d->store);
		free(d);
		errno = -err;
		return NULL;
	}
	sa_ns_self_read(d->o.proc_root, &d->self);
	/* Its view of the net devices: only a sysfs has one (not a copy of /sys). */
	if (!statfs(d->o.sysfs_root, &sfs) && sfs.f_type == SA_SYSFS_MAGIC &&
	    !stat(d->o.sysfs_root, &st))
		d->sysfs_dev = st.st_dev;
	d->self_tgid = getpid();
	d->t.start_ns = sa_mono_ns();
	return d;
}

/* A line that broke falls back now: printed again, as it changed. */
static void fell(void *ctx, const struct sa_dep_fb_hit *h)
{
	struct sa_deps *d = ctx;
	const struct sa_dependent *e;
	int err;

	e = sa_dep_store_fell_back(d->store, h->key, h->keylen, h->modern,
					   h->path);
	if (e && d->o.out && !d->write_err) {
		err = sa_dep_print_live(d->o.out, d->o.fmt, e, &d->t, true);
		if (err)
			d->write_err = err;
	}
}

/* Build the kernfs directory "/a/b/c" from the record's innermost-first names. */
static void rec_dir(const struct sa_dep_rec *r, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (int i = (int)r->ncomp - 1; i >= 0 && o < len; i--)
		o += snprintf(buf + o, len - o, "/%s", r->comp[i]);
}

/*
 * A miss on a name that exists now: a negative dentry cached before the
 * name appeared (our own model read a device's 'driver' before its driver
 * bound, in the initramfs), seen again by the revalidate hook. No legacy
 * name exists on a kernel without the old layout, so this is no dependent.
 */
static bool stale_negative(const struct sa_deps *d, const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	if (snprintf(path, sizeof(path), "%s%s/%s", d->o.sysfs_root, dir, name) >= (int)sizeof(path))
		return false;
	return !lstat(path, &st);
}

static int on_record(void *ctx, void *data, size_t len)
{
	struct sa_deps *d = ctx;
	struct sa_dep_rec r;
	struct sa_dep_obs obs;
	struct sa_dep_verdict v;
	struct sa_dep_seen seen;
	char dir[SA_DEP_MAX_COMP * SA_DEP_COMP_LEN + 1];
	static struct sa_ident id, parent;
	static char code[SA_DEP_TEXT], anc[SA_DEP_ARGS_LEN];
	char via[64];
	bool for_parent = false;

	if (sa_dep_decode(data, len, &r)) {
		d->t.malformed++;
		return 0;
	}
	if (r.tgid == d->self_tgid)
		return 0;	/* ours, made before sa_pin_claim() told the programs */
	d->t.records++;
	if (r.op == 0 || r.op >= SA_DEP_OP_MAX) {
		d->t.malformed++;
		return 0;
	}
	/*
	 * PID 1 binding group 1 is socket activation: systemd binds
	 * systemd-udevd-kernel.socket and hands it to systemd-udevd. The scan
	 * names the socket by the process that holds it besides PID 1.
	 */
	if (r.op == SA_DEP_OP_LISTEN && sa_listen_by_init(r.tgid, r.groups)) {
		d->t.ignored++;
		return 0;
	}
	/* Seen again after the kernel's LRU map forgot it: already counted here. */
	if (sa_dep_store_has_key(d->store, &r.key, sizeof(r.key)))
		return 0;
	rec_dir(&r, dir, sizeof(dir));
	obs = (struct sa_dep_obs){ .op = r.op, .dir = dir, .name = r.name,
				   .req = (r.flags & SA_DEP_F_NO_REQ) ? NULL : r.req,
				   .groups = r.groups };
	/* Another network namespace's sysfs: its net devices are not the model's. */
	if (uses_model(r.op) && sa_dep_other_view(d->sysfs_dev, r.sysfs_dev))
		obs.other_net = r.sysfs_net ? r.sysfs_net : ~0u;
	/*
	 * Our /sys says nothing of another view's net devices: a name there is
	 * judged without the model's (no artifact of theirs: nothing).
	 */
	if (r.op == SA_DEP_OP_MISS && !(obs.other_net && sa_dep_net_dir(dir)) &&
	    stale_negative(d, dir, r.name)) {
		d->t.ignored++;
		return 0;
	}
	if (uses_model(r.op) && !model_ready(d)) {
		d->t.malformed++;	/* counted, and said once, never silent */
		return 0;
	}
	memset(&id, 0, sizeof(id));
	/* A uevent file read is judged by the code it was read for: who read it comes first. */
	if (r.op == SA_DEP_OP_READ_UEVENT) {
		sa_ident_from_rec(&id, &r, d->o.proc_root, &d->self);
		sa_rec_ancestor_script(&r, anc, sizeof(anc));
		for_parent = sa_uevent_reader(d->store, &id, r.ppid, anc,
					      d->o.proc_root, &parent, code, sizeof(code),
					      &obs.code_scope, via, sizeof(via));
		obs.code = code;
		obs.via = for_parent ? via : NULL;
	}
	sa_dep_classify(&d->cls, &obs, &v);
	/* A device added since the model was read: read it again, once a second at most. */
	if ((v.kind == SA_DK_NONE || v.conf == SA_DC_SUSPECT) && uses_model(r.op) &&
	    model_stale(d) && !reload_model(d))
		sa_dep_classify(&d->cls, &obs, &v);
	rejudge_breaks(d, &obs, r.ts_ns, &v);
	/* The same process's modern lookups: a legacy one it follows falls back. */
	sa_dep_fb_judge(d->fb, r.tgid, sa_rec_exec_gen(&r), &obs, &v, &r.key, sizeof(r.key),
			fell, d);
	if (v.kind == SA_DK_NONE) {
		d->t.ignored++;
		return 0;
	}
	if (r.op != SA_DEP_OP_READ_UEVENT)
		sa_ident_from_rec(&id, &r, d->o.proc_root, &d->self);
	seen = (struct sa_dep_seen){
		.id = for_parent ? &parent : &id, .v = &v, .req = obs.req, .groups = r.groups,
		.ts_ns = r.ts_ns,
		.key = &r.key, .keylen = sizeof(r.key),
		.events = d->t.events, .physdev = d->t.physdev,
		.how = r.op == SA_DEP_OP_LISTEN && (r.flags & SA_DEP_F_SETSOCKOPT) ? "join" :
		       op_names[r.op],
	};
	return sa_deps_add_seen(d, &seen);
}

int sa_deps_feed(struct sa_deps *d, const void *data, size_t len)
{
	return on_record(d, (void *)data, len);
}

static void note_missing(struct sa_deps *d, const char *name)
{
	size_t o = strlen(d->t.hooks_missing);

	snprintf(d->t.hooks_missing + o, sizeof(d->t.hooks_missing) - o, "%s%s", o ? ", " : "",
		 name);
}

/* Open and prepare the skeleton: our tgid, the ring's size, the adoption deadline. */
static struct dependents_bpf *open_skel(const struct sa_deps_opts *o, unsigned int self,
				       const char *core_btf)
{
	LIBBPF_OPTS(bpf_object_open_opts, oo, .btf_custom_path = core_btf);
	struct dependents_bpf *s = dependents_bpf__open_opts(&oo);

	if (!s)
		return NULL;
	s->bss->self_tgid = self;
	s->bss->unadopted_until_ns = o->unadopted_until_ns;
	if (o->ring_mb && bpf_map__set_max_entries(s->maps.dep_events, o->ring_mb << 20)) {
		dependents_bpf__destroy(s);
		return NULL;
	}
	return s;
}

static int count_progs(struct bpf_object *obj)
{
	struct bpf_program *p;
	int n = 0;

	bpf_object__for_each_program(p, obj)
		n++;
	return n;
}

/*
 * Load with every program first: every kernel we know has every hook, and
 * asking the kernel first (loader/bpf_load.c: a parse of its BTF and a
 * trial attach per hook) cost more than the load itself, on the boot's
 * path (docs/performance.md). A hook that cannot attach after all is said
 * by attach_all(). Only when the kernel refuses the load (a
 * hook it does not have, a program its verifier rejects) is the object
 * opened again and loaded once with the programs whose attach point is
 * there: a kernel without one hook loses that hook only, and says which.
 */
static struct dependents_bpf *load_skel(struct sa_deps *d, unsigned int self, int *total)
{
	struct sa_bpf_select sel = {};
	unsigned long long ts = sa_mono_ns();
	const char *name = "dependents_bpf";
	struct dependents_bpf *s = open_skel(&d->o, self, d->o.core_btf);
	int err;

	if (!s) {
		note_missing(d, name);
		return NULL;
	}
	sa_bpf_note_step(name, "open", &ts);
	err = dependents_bpf__load(s);
	sa_bpf_note_step(name, "load", &ts);
	if (!err) {
		*total += count_progs(s->obj);
		sa_bpf_note_verified(s->obj);
		return s;
	}
	dependents_bpf__destroy(s);
	/* The minimal BTF may lack a type: the kernel's own, then as below. */
	if (d->o.core_btf) {
		sa_warn("%s: %s: loading with the kernel's BTF", d->o.core_btf, strerror(-err));
		s = open_skel(&d->o, self, NULL);
		if (s && !dependents_bpf__load(s)) {
			*total += count_progs(s->obj);
			sa_bpf_note_verified(s->obj);
			return s;
		}
		dependents_bpf__destroy(s);
	}
	s = open_skel(&d->o, self, NULL);
	if (!s) {
		note_missing(d, name);
		return NULL;
	}
	err = sa_bpf_select(s->obj, &sel) < 0;
	sa_bpf_note_step(name, "probe", &ts);
	if (!err) {
		err = dependents_bpf__load(s);
		sa_bpf_note_step(name, "load again", &ts);
	}
	*total += sel.nwanted;
	if (err) {
		char what[320];

		snprintf(what, sizeof(what), "%.200s%s(the kernel refused %.64s)", sel.missing,
			 *sel.missing ? " " : "", bpf_object__name(s->obj));
		note_missing(d, what);
		dependents_bpf__destroy(s);
		return NULL;
	}
	sa_bpf_note_verified(s->obj);
	if (*sel.missing)
		note_missing(d, sel.missing);
	return s;
}

static int attach_all(struct sa_deps *d, struct bpf_object *obj)
{
	struct bpf_program *p;
	int n = 0;

	bpf_object__for_each_program(p, obj) {
		struct bpf_link *l;

		if (!bpf_program__autoload(p))
			continue;
		l = bpf_program__attach(p);
		if (!l) {
			note_missing(d, bpf_program__name(p));
			continue;
		}
		if (d->nlinks < (int)(sizeof(d->links) / sizeof(d->links[0])))
			d->links[d->nlinks++] = l;
		n++;
	}
	return n;
}

int sa_deps_attach(struct sa_deps *d)
{
	unsigned int self = getpid();
	int n, total = 0;
	unsigned long long ts;

	d->sk = load_skel(d, self, &total);
	ts = sa_mono_ns();
	n = d->sk ? attach_all(d, d->sk->obj) : 0;
	sa_bpf_note_step("dependents_bpf", "attach", &ts);
	fprintf(stderr, "sysfs-audit: dependents: %d of %d hooks attached%s%s%s\n", n,
		total, *d->t.hooks_missing ? " (missing: " : "", d->t.hooks_missing,
		*d->t.hooks_missing ? ")" : "");
	if (!n) {
		errno = ENOENT;
		return -ENOENT;
	}
	/* Listeners and helper already there before the first record. */
	if (!d->o.no_enumerate) {
		sa_deps_scan_listeners(d, "enumerated", false);
		sa_deps_find_helper(d, true);
	}
	sa_bpf_note_step("dependents", "enumerate", &ts);
	return 0;
}

int sa_deps_adopt(struct sa_deps *d, const char *root)
{
	char dir[4096];
	int n;

	d->sk = dependents_bpf__open();
	if (d->sk && sa_pin_reuse_maps(d->sk->obj, sa_pin_dir(dir, sizeof(dir), root,
								 SA_PIN_DEPS))) {
		dependents_bpf__destroy(d->sk);
		d->sk = NULL;
	}
	n = sa_pin_open_links(sa_pin_dir(dir, sizeof(dir), root, SA_PIN_DEPLINKS), d->links,
			      (int)(sizeof(d->links) / sizeof(d->links[0])));
	if (n <= 0 || !d->sk) {
		errno = n < 0 ? -n : ENOENT;
		return -errno;
	}
	d->nlinks = n;
	fprintf(stderr, "sysfs-audit: dependents: adopted %d pinned hooks\n", n);
	/*
	 * No enumeration now: a listener that bound in the initramfs is in the
	 * ring, with its time; the first rescan comes after the first drains.
	 */
	clock_gettime(CLOCK_MONOTONIC, &d->last_scan);
	sa_deps_find_helper(d, true);
	return 0;
}

int sa_deps_pin(struct sa_deps *d, const char *root)
{
	char dir[4096], name[16];
	int err = 0;

	if (d->sk)
		err = sa_pin_maps(d->sk->obj, sa_pin_dir(dir, sizeof(dir), root, SA_PIN_DEPS));
	sa_pin_dir(dir, sizeof(dir), root, SA_PIN_DEPLINKS);
	for (int i = 0; !err && i < d->nlinks; i++) {
		snprintf(name, sizeof(name), "%d", i);
		err = sa_pin_link(d->links[i], dir, name);
	}
	return err;
}

const void *sa_deps_elf(size_t *sz)
{
	return dependents_bpf__elf_bytes(sz);
}

int sa_deps_ring_fd(const struct sa_deps *d)
{
	return d->sk ? bpf_map__fd(d->sk->maps.dep_events) : -1;
}

int sa_deps_add_rings(struct sa_deps *d, struct ring_buffer *rb)
{
	int fd = sa_deps_ring_fd(d), err = 0;

	if (fd >= 0)
		err = ring_buffer__add(rb, fd, on_record, d);
	if (err)
		errno = -err;
	return err;
}

struct unread_count {
	unsigned long long before_ns, n;
};

static int count_unread(void *ctx, const void *data, size_t len)
{
	struct unread_count *u = ctx;
	struct sa_dep_rec r;

	if (!sa_dep_decode(data, len, &r) && r.ts_ns < u->before_ns)
		u->n++;
	return 0;
}

void sa_deps_count_unread(struct sa_deps *d, unsigned long long before_ns)
{
	struct unread_count u = { .before_ns = before_ns };
	int fd = sa_deps_ring_fd(d);

	if (fd >= 0)
		sa_ring_peek(fd, count_unread, &u);
	d->unread = u.n;
}

void sa_deps_tick(struct sa_deps *d)
{
	/* Catches listeners whose bind the hooks missed (or that were not attached). */
	if (since(&d->last_scan) >= 1.0)
		sa_deps_scan_listeners(d, "scanned", false);
	/* One small file: a helper set a moment ago is named before it runs much. */
	if (!d->o.no_enumerate)
		sa_deps_find_helper(d, false);
}

void sa_deps_note_event(struct sa_deps *d, bool carries_physdev)
{
	if (!d)
		return;
	d->t.events++;
	d->t.physdev += carries_physdev;
}

static unsigned long long stat_sum(const struct sa_deps *d, __u32 which)
{
	return d->sk ? sa_bpf_percpu_sum(d->sk->maps.dep_stats, which) : 0;
}

static int read_count(void *ctx, const void *key, size_t keylen,
		      unsigned long long *count, unsigned long long *last_ns)
{
	struct sa_deps *d = ctx;
	struct bpf_map *m = d->sk ? d->sk->maps.dep_seen : NULL;
	struct sa_dep_val v;

	if (!m || keylen != sizeof(struct sa_dep_key) ||
	    bpf_map_lookup_elem(bpf_map__fd(m), key, &v))
		return -ENOENT;
	*count = v.count;
	*last_ns = v.last_ns;
	return 0;
}

void sa_deps_finish(struct sa_deps *d)
{
	struct sa_dep_totals *t = &d->t;

	/* A group-1 socket PID 1 still holds alone is its own. */
	if (!d->o.no_enumerate) {
		sa_deps_scan_listeners(d, "scanned", true);
		sa_deps_find_helper(d, true);
	}
	sa_dep_store_refresh(d->store, read_count, d, t->events, t->physdev);
	sa_dep_store_sort(d->store);
	t->misses = stat_sum(d, SA_DS_SYSFS_MISS);
	t->lstat_links = stat_sum(d, SA_DS_LSTAT_LINK);
	t->readlinks = stat_sum(d, SA_DS_READLINK);
	t->readdirs = stat_sum(d, SA_DS_READDIR);
	t->listens = stat_sum(d, SA_DS_LISTEN);
	t->uevent_reads = stat_sum(d, SA_DS_UEVENT_READ);
	t->emitted = stat_sum(d, SA_DS_RECORDS);
	t->lost = stat_sum(d, SA_DS_LOST) + d->unread;
	t->map_full = stat_sum(d, SA_DS_MAP_FULL);
	t->execs = stat_sum(d, SA_DS_EXECS);
	t->exits = stat_sum(d, SA_DS_EXITS);
	t->dropped = sa_dep_store_dropped(d->store);
	t->programs = sa_dep_store_count(d->store);
	for (int c = 0; c < SA_DC_N; c++) {
		t->dropped_by[c] = sa_dep_store_dropped_by(d->store, c);
		t->by_conf[c] = sa_dep_store_with(d->store, c);
	}
}

const struct sa_dependent *sa_deps_next(void *d, size_t *it)
{
	return sa_dep_store_next(((struct sa_deps *)d)->store, it);
}

const struct sa_dep_totals *sa_deps_totals(const struct sa_deps *d)
{
	return &d->t;
}

void sa_deps_losses(struct sa_deps *d, unsigned long long out[SA_DLOST_N])
{
	out[SA_DLOST_RING] = stat_sum(d, SA_DS_LOST) + d->unread;
	out[SA_DLOST_MAP_FULL] = stat_sum(d, SA_DS_MAP_FULL);
	out[SA_DLOST_STORE_FULL] = sa_dep_store_dropped(d->store);
}

int sa_deps_summary(struct sa_deps *d, FILE *f, enum sa_format fmt)
{
	sa_deps_finish(d);
	return sa_dep_print_summary(f, fmt, &d->t, sa_deps_next, d);
}

int sa_deps_write_error(const struct sa_deps *d)
{
	return d ? d->write_err : 0;
}

size_t sa_deps_found(const struct sa_deps *d)
{
	return d ? sa_dep_store_count(d->store) : 0;
}

size_t sa_deps_with(const struct sa_deps *d, enum sa_dep_conf c)
{
	return d ? sa_dep_store_with(d->store, c) : 0;
}

unsigned long long sa_deps_dropped_by(const struct sa_deps *d, enum sa_dep_conf c)
{
	return d ? sa_dep_store_dropped_by(d->store, c) : 0;
}

void sa_deps_close(struct sa_deps *d)
{
	if (!d)
		return;
	for (int i = 0; i < d->nlinks; i++)
		bpf_link__destroy(d->links[i]);
	dependents_bpf__destroy(d->sk);
	if (d->have_cls)
		sa_classifier_free(&d->cls);
	sa_dep_store_free(d->store);
	sa_dep_fb_free(d->fb);
	free(d);
}
