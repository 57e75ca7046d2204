// SPDX-License-Identifier: GPL-2.0
/*
 * Dependents of the deprecated layout, live: load lookups.bpf.c and
 * listeners.bpf.c hook by hook (a hook the kernel lacks costs that hook
 * only), turn each new (process, object) record into a classified
 * dependent with the process's identity, print it once, and at the end
 * read the in-kernel counts for the summary.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <json-c/json.h>

#include "common/common.h"
#include "trace/dep_classify.h"
#include "dep_records.h"
#include "trace/dependents.h"
#include "trace/identity.h"
#include "lookups.skel.h"
#include "listeners.skel.h"

enum { SK_LOOKUPS, SK_LISTENERS, SK_N, SK_NONE = -1 };

/* One dependent: a process, a kind and a path. */
struct dep {
	struct sa_ident id;
	struct sa_dep_verdict v;
	struct sa_dep_key key;		/* its count in the kernel's map */
	int skel;			/* SK_*, or SK_NONE (enumerated, configured) */
	const char *how;		/* what was observed: "miss", "lstat-link", ... */
	char req[SA_DEP_REQ_LEN];	/* the path asked for, when known */
	bool in_link;
	unsigned int groups;
	unsigned long long count, first_ns, last_ns;
	unsigned long long ev0, phys0;	/* listeners: event counters when first seen */
};

struct ring_ctx {
	struct sa_deps *d;
	int skel;
};

struct sa_deps {
	struct sa_deps_opts o;
	struct lookups_bpf *lk;
	struct listeners_bpf *ls;
	struct bpf_link *links[16];
	int nlinks;
	struct ring_ctx rctx[SK_N];
	struct sa_classifier cls;
	bool have_cls;
	struct timespec cls_at, start, last_scan;
	unsigned long long start_ns;	/* bpf_ktime_get_ns() scale (CLOCK_MONOTONIC) */
	struct dep *deps;
	size_t n, cap;
	unsigned long inodes[256];	/* uevent sockets already named */
	int ninodes;
	unsigned long long events, physdev, ignored, malformed, records;
	int write_err;
	char hooks_missing[256];
};

static const char *const op_names[SA_DEP_OP_MAX] = {
	[SA_DEP_OP_MISS] = "miss",
	[SA_DEP_OP_LSTAT_LINK] = "lstat-link",
	[SA_DEP_OP_READLINK] = "readlink",
	[SA_DEP_OP_READDIR] = "readdir",
	[SA_DEP_OP_LISTEN] = "listen",
};

static unsigned long long mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static double rel_s(const struct sa_deps *d, unsigned long long ns)
{
	return ns > d->start_ns ? (ns - d->start_ns) / 1e9 : 0.0;
}

static double since(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - t->tv_sec) + (now.tv_nsec - t->tv_nsec) / 1e9;
}

static int reload_model(struct sa_deps *d)
{
	struct sa_classifier c;
	int err = sa_classifier_load(&c, d->o.sysfs_root);

	if (err)
		return err;
	if (d->have_cls)
		sa_classifier_free(&d->cls);
	d->cls = c;
	d->have_cls = true;
	clock_gettime(CLOCK_MONOTONIC, &d->cls_at);
	return 0;
}

struct sa_deps *sa_deps_open(const struct sa_deps_opts *opts)
{
	struct sa_deps *d = calloc(1, sizeof(*d));
	int err;

	if (!d)
		return NULL;
	d->o = *opts;
	if (!d->o.out)
		d->o.out = stdout;
	if (!d->o.sysfs_root)
		d->o.sysfs_root = "/sys";
	if (!d->o.proc_root)
		d->o.proc_root = "/proc";
	if (!d->o.etc_root)
		d->o.etc_root = "/etc";
	err = reload_model(d);
	if (err) {
		free(d);
		errno = -err;
		return NULL;
	}
	clock_gettime(CLOCK_MONOTONIC, &d->start);
	d->start_ns = mono_ns();
	return d;
}

static struct dep *add_dep(struct sa_deps *d)
{
	if (d->n == d->cap) {
		size_t cap = d->cap ? 2 * d->cap : 32;
		struct dep *v = realloc(d->deps, cap * sizeof(*v));

		if (!v)
			return NULL;
		d->deps = v;
		d->cap = cap;
	}
	memset(&d->deps[d->n], 0, sizeof(d->deps[0]));
	return &d->deps[d->n++];
}

static const char *jstr(const char *s)
{
	return s && *s ? s : NULL;
}

static void json_add_str(json_object *o, const char *k, const char *v)
{
	json_object_object_add(o, k, v ? json_object_new_string(v) : json_object_new_null());
}

static json_object *dep_json(const struct sa_deps *d, const struct dep *e, bool final)
{
	json_object *o = json_object_new_object();

	json_add_str(o, "type", "dependent");
	json_add_str(o, "kind", sa_dep_kind_name(e->v.kind));
	json_add_str(o, "confidence", sa_dep_conf_name(e->v.conf));
	json_object_object_add(o, "pid", json_object_new_int64(e->id.pid));
	json_object_object_add(o, "tgid", json_object_new_int64(e->id.tgid));
	json_object_object_add(o, "ppid", json_object_new_int64(e->id.ppid));
	json_object_object_add(o, "uid", json_object_new_int64(e->id.uid));
	json_add_str(o, "comm", e->id.comm);
	json_add_str(o, "parent_comm", jstr(e->id.pcomm));
	json_add_str(o, "exe", e->id.exe);
	json_add_str(o, "script", jstr(e->id.script));
	json_add_str(o, "argv", e->id.args);
	json_object_object_add(o, "argv_truncated", json_object_new_boolean(e->id.args_trunc));
	json_add_str(o, "identity", e->id.source);
	json_add_str(o, "observed", e->how);
	json_add_str(o, "path", e->v.path);
	json_add_str(o, "requested", jstr(e->req));
	json_object_object_add(o, "in_symlink", json_object_new_boolean(e->in_link));
	json_add_str(o, "legacy", e->v.artifact);
	json_add_str(o, "replacement", e->v.replacement);
	json_object_object_add(o, "first_s", json_object_new_double(rel_s(d, e->first_ns)));
	if (final) {
		json_object_object_add(o, "count", json_object_new_uint64(e->count));
		json_object_object_add(o, "last_s", json_object_new_double(rel_s(d, e->last_ns)));
		if (e->v.kind == SA_DK_LISTENER) {
			json_object_object_add(o, "events_while_listening",
					       json_object_new_uint64(d->events - e->ev0));
			json_object_object_add(o, "physdev_events_while_listening",
					       json_object_new_uint64(d->physdev - e->phys0));
		}
	}
	return o;
}

static void print_live(struct sa_deps *d, const struct dep *e)
{
	FILE *f = d->o.out;

	if (d->o.json) {
		json_object *o = dep_json(d, e, false);

		fprintf(f, "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
								 JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(o);
	} else {
		fprintf(f, "%-7s %-7s %-17s %-9s pid=%u comm=%s exe=%s%s%s  %s  [legacy: %s]\n",
			"DEP", "new", sa_dep_kind_name(e->v.kind), sa_dep_conf_name(e->v.conf),
			e->id.pid, e->id.comm, e->id.exe, *e->id.script ? " script=" : "",
			e->id.script, e->v.path, e->v.artifact);
	}
	if (ferror(f) && !d->write_err)
		d->write_err = errno ? errno : EIO;
}

static bool same_listener(const struct dep *e, unsigned int tgid, unsigned int groups)
{
	return e->v.kind == SA_DK_LISTENER && e->id.tgid == tgid && e->groups == groups;
}

/* Build the kernfs directory "/a/b/c" from the record's innermost-first names. */
static void rec_dir(const struct sa_dep_rec *r, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (int i = (int)r->ncomp - 1; i >= 0 && o < len; i--)
		o += snprintf(buf + o, len - o, "/%s", r->comp[i]);
}

static int on_record(void *ctx, void *data, size_t len)
{
	struct ring_ctx *rc = ctx;
	struct sa_deps *d = rc->d;
	struct sa_dep_rec r;
	struct sa_dep_obs obs;
	struct sa_dep_verdict v;
	char dir[SA_DEP_MAX_COMP * SA_DEP_COMP_LEN + 1];
	struct dep *e;
	int map_fd;

	if (len < sizeof(r)) {
		d->malformed++;
		return 0;
	}
	memcpy(&r, data, sizeof(r));
	d->records++;
	r.comm[sizeof(r.comm) - 1] = r.pcomm[sizeof(r.pcomm) - 1] = '\0';
	r.name[sizeof(r.name) - 1] = r.req[sizeof(r.req) - 1] = '\0';
	if (r.ncomp > SA_DEP_MAX_COMP)
		r.ncomp = SA_DEP_MAX_COMP;
	for (int i = 0; i < SA_DEP_MAX_COMP; i++)
		r.comp[i][SA_DEP_COMP_LEN - 1] = '\0';
	if (r.op == 0 || r.op >= SA_DEP_OP_MAX) {
		d->malformed++;
		return 0;
	}
	rec_dir(&r, dir, sizeof(dir));
	obs = (struct sa_dep_obs){ .op = r.op, .dir = dir, .name = r.name,
				   .req = (r.flags & SA_DEP_F_NO_REQ) ? NULL : r.req,
				   .groups = r.groups };
	sa_dep_classify(&d->cls, &obs, &v);
	/* A device added since the model was read: read it again, once a second at most. */
	if ((v.kind == SA_DK_NONE || v.conf == SA_DC_SUSPECT) && r.op != SA_DEP_OP_LISTEN &&
	    since(&d->cls_at) > 1.0 && !reload_model(d))
		sa_dep_classify(&d->cls, &obs, &v);
	if (v.kind == SA_DK_NONE) {
		d->ignored++;
		return 0;
	}
	for (size_t i = 0; i < d->n; i++) {
		/* Seen again after the LRU map forgot it, or listed at start. */
		if (d->deps[i].skel == rc->skel && !memcmp(&d->deps[i].key, &r.key, sizeof(r.key)))
			return 0;
		if (r.op == SA_DEP_OP_LISTEN && same_listener(&d->deps[i], r.tgid, r.groups))
			return 0;
	}
	e = add_dep(d);
	if (!e)
		return -ENOMEM;
	e->v = v;
	e->key = r.key;
	e->skel = rc->skel;
	e->how = r.op == SA_DEP_OP_LISTEN && (r.flags & SA_DEP_F_SETSOCKOPT) ? "join" :
		 op_names[r.op];
	e->in_link = r.flags & SA_DEP_F_IN_LINK;
	e->groups = r.groups;
	e->count = 1;
	e->first_ns = e->last_ns = r.ts_ns;
	e->ev0 = d->events;
	e->phys0 = d->physdev;
	if (!(r.flags & SA_DEP_F_NO_REQ))
		snprintf(e->req, sizeof(e->req), "%s", r.req);
	e->id.pid = r.pid;
	e->id.ppid = r.ppid;
	e->id.uid = r.uid;
	memcpy(e->id.comm, r.comm, sizeof(r.comm));
	memcpy(e->id.pcomm, r.pcomm, sizeof(r.pcomm));
	map_fd = d->ls ? bpf_map__fd(d->ls->maps.exec_ids) : -1;
	sa_ident_fill(&e->id, r.tgid, map_fd, d->o.proc_root);
	print_live(d, e);
	return d->write_err ? -d->write_err : 0;
}

/* /proc/<pid>/comm, /proc/<pid>/status: for processes found by scanning. */
static void proc_basics(struct sa_deps *d, struct sa_ident *id)
{
	char path[256], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%u/comm", d->o.proc_root, id->tgid);
	if ((f = fopen(path, "re"))) {
		if (fgets(id->comm, sizeof(id->comm), f))
			id->comm[strcspn(id->comm, "\n")] = '\0';
		fclose(f);
	}
	snprintf(path, sizeof(path), "%s/%u/status", d->o.proc_root, id->tgid);
	if ((f = fopen(path, "re"))) {
		while (fgets(line, sizeof(line), f)) {
			sscanf(line, "PPid: %u", &id->ppid);
			sscanf(line, "Uid: %u", &id->uid);
		}
		fclose(f);
	}
	snprintf(path, sizeof(path), "%s/%u/comm", d->o.proc_root, id->ppid);
	if (id->ppid && (f = fopen(path, "re"))) {
		if (fgets(id->pcomm, sizeof(id->pcomm), f))
			id->pcomm[strcspn(id->pcomm, "\n")] = '\0';
		fclose(f);
	}
}

static void scan_listeners(struct sa_deps *d, const char *how)
{
	struct sa_listener l[64];
	int n = sa_listeners_scan(d->o.proc_root, l, 64, d->inodes, d->ninodes);

	clock_gettime(CLOCK_MONOTONIC, &d->last_scan);
	for (int i = 0; i < n; i++) {
		struct sa_dep_obs obs = { .op = SA_DEP_OP_LISTEN, .groups = l[i].groups };
		bool known = false;
		struct dep *e;

		for (int k = 0; k < d->ninodes; k++)
			known |= d->inodes[k] == l[i].inode;
		if (known || (unsigned int)getpid() == l[i].tgid)
			continue;
		if (d->ninodes < 256)
			d->inodes[d->ninodes++] = l[i].inode;
		for (size_t k = 0; k < d->n; k++)
			known |= same_listener(&d->deps[k], l[i].tgid, l[i].groups);
		if (known || !(e = add_dep(d)))
			continue;
		sa_dep_classify(&d->cls, &obs, &e->v);
		e->skel = SK_NONE;
		e->how = how;
		e->groups = l[i].groups;
		e->count = 1;
		e->first_ns = e->last_ns = mono_ns();
		e->ev0 = d->events;
		e->phys0 = d->physdev;
		e->id.tgid = e->id.pid = l[i].tgid;
		if (l[i].tgid) {
			proc_basics(d, &e->id);
			int fd = d->ls ? bpf_map__fd(d->ls->maps.exec_ids) : -1;

			sa_ident_fill(&e->id, l[i].tgid, fd, d->o.proc_root);
		} else {
			snprintf(e->id.exe, sizeof(e->id.exe), "?");
			snprintf(e->id.comm, sizeof(e->id.comm), "?");
			e->id.source = "none";
		}
		snprintf(e->req, sizeof(e->req), "socket:[%lu] portid %u", l[i].inode, l[i].portid);
		print_live(d, e);
	}
}

static void find_helper(struct sa_deps *d)
{
	char val[PATH_MAX], file[PATH_MAX];
	struct dep *e;
	bool live;

	sa_uevent_helper_live(d->o.proc_root, val, sizeof(val));
	live = *val;
	if (!live && !sa_uevent_helper_conf(d->o.etc_root, val, sizeof(val), file, sizeof(file)))
		return;
	e = add_dep(d);
	if (!e)
		return;
	e->v.kind = SA_DK_HELPER;
	/* A running helper got the PHYSDEV keys in its environment. */
	e->v.conf = live ? SA_DC_CONFIRMED : SA_DC_SUSPECT;
	snprintf(e->v.path, sizeof(e->v.path), "%.500s",
		 live ? "/proc/sys/kernel/hotplug" : file);
	snprintf(e->v.artifact, sizeof(e->v.artifact),
		 "uevent helper: its environment carried PHYSDEVPATH, PHYSDEVBUS, PHYSDEVDRIVER%s",
		 live ? "" : " (configured; this kernel runs no helper)");
	snprintf(e->v.replacement, sizeof(e->v.replacement),
		 "a udev rule, or a NETLINK_KOBJECT_UEVENT listener using sysfs links");
	snprintf(e->id.exe, sizeof(e->id.exe), "%s", val);
	snprintf(e->id.comm, sizeof(e->id.comm), "(helper)");
	e->id.source = "config";
	e->skel = SK_NONE;
	e->how = live ? "sysctl" : "config";
	e->count = 1;
	e->first_ns = e->last_ns = mono_ns();
	print_live(d, e);
}

/* The kernel's encoding of /sys's device (MKDEV: major << 20 | minor). */
static unsigned int sysfs_kdev(const char *root)
{
	struct stat st;

	if (stat(root, &st))
		return 0;
	return major(st.st_dev) << 20 | minor(st.st_dev);
}

static void note_missing(struct sa_deps *d, const char *name)
{
	size_t o = strlen(d->hooks_missing);

	snprintf(d->hooks_missing + o, sizeof(d->hooks_missing) - o, "%s%s", o ? ", " : "", name);
}

/* What loading needs to know of a skeleton type. */
struct skel_ops {
	void *(*open)(void);
	int (*load)(void *s);
	void (*destroy)(void *s);
	struct bpf_object *(*obj)(void *s);
	void (*set_rodata)(void *s, unsigned int self, unsigned int sysfs_dev);
};

static void *lk_open(void) { return lookups_bpf__open(); }
static int lk_load(void *s) { return lookups_bpf__load(s); }
static void lk_destroy(void *s) { lookups_bpf__destroy(s); }
static struct bpf_object *lk_obj(void *s) { return ((struct lookups_bpf *)s)->obj; }
static void lk_set(void *s, unsigned int self, unsigned int dev)
{
	((struct lookups_bpf *)s)->rodata->self_tgid = self;
	((struct lookups_bpf *)s)->rodata->sysfs_dev = dev;
}

static void *ls_open(void) { return listeners_bpf__open(); }
static int ls_load(void *s) { return listeners_bpf__load(s); }
static void ls_destroy(void *s) { listeners_bpf__destroy(s); }
static struct bpf_object *ls_obj(void *s) { return ((struct listeners_bpf *)s)->obj; }
static void ls_set(void *s, unsigned int self, unsigned int dev)
{
	(void)dev;
	((struct listeners_bpf *)s)->rodata->self_tgid = self;
}

static const struct skel_ops lk_ops = { lk_open, lk_load, lk_destroy, lk_obj, lk_set };
static const struct skel_ops ls_ops = { ls_open, ls_load, ls_destroy, ls_obj, ls_set };

#define MAX_PROGS 8

/* Open a skeleton with only the programs whose bit is set in @mask, and load it. */
static void *load_mask(const struct skel_ops *ops, unsigned int mask, unsigned int self,
		       unsigned int dev, int *nprogs)
{
	struct bpf_program *p;
	void *s = ops->open();
	int i = 0;

	if (!s)
		return NULL;
	ops->set_rodata(s, self, dev);
	bpf_object__for_each_program(p, ops->obj(s)) {
		bpf_program__set_autoload(p, i < MAX_PROGS && (mask & (1u << i)));
		i++;
	}
	if (nprogs)
		*nprogs = i;
	if (ops->load(s)) {
		ops->destroy(s);
		return NULL;
	}
	return s;
}

/*
 * All programs together; if the kernel refuses, each alone, then those that
 * loaded: a kernel without one hook (compiled out, not traceable, a struct
 * argument it cannot pass) loses that hook only.
 */
static void *load_skel(struct sa_deps *d, const struct skel_ops *ops, unsigned int self,
		       unsigned int dev, int *total)
{
	unsigned int ok = 0;
	int n = 0;
	void *s = load_mask(ops, ~0u, self, dev, &n);

	*total += n;
	if (s)
		return s;
	for (int i = 0; i < n && i < MAX_PROGS; i++) {
		void *t = load_mask(ops, 1u << i, self, dev, NULL);

		if (t) {
			ok |= 1u << i;
			ops->destroy(t);
		} else {
			struct bpf_program *p;
			int k = 0;

			t = ops->open();
			if (t) {
				bpf_object__for_each_program(p, ops->obj(t))
					if (k++ == i)
						note_missing(d, bpf_program__name(p));
				ops->destroy(t);
			}
		}
	}
	return ok ? load_mask(ops, ok, self, dev, NULL) : NULL;
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
	unsigned int self = getpid(), dev = sysfs_kdev(d->o.sysfs_root);
	int nlk = 0, nls = 0, total = 0;

	d->lk = load_skel(d, &lk_ops, self, dev, &total);
	d->ls = load_skel(d, &ls_ops, self, dev, &total);
	nlk = d->lk ? attach_all(d, d->lk->obj) : 0;
	nls = d->ls ? attach_all(d, d->ls->obj) : 0;
	d->rctx[SK_LOOKUPS] = (struct ring_ctx){ d, SK_LOOKUPS };
	d->rctx[SK_LISTENERS] = (struct ring_ctx){ d, SK_LISTENERS };
	fprintf(stderr, "sysfs-audit: dependents: %d of %d hooks attached%s%s%s\n", nlk + nls,
		total, *d->hooks_missing ? " (missing: " : "", d->hooks_missing,
		*d->hooks_missing ? ")" : "");
	if (!nlk && !nls) {
		errno = ENOENT;
		return -ENOENT;
	}
	/* Listeners and helper already there before the first record. */
	scan_listeners(d, "enumerated");
	find_helper(d);
	return 0;
}

int sa_deps_add_rings(struct sa_deps *d, struct ring_buffer *rb)
{
	int err = 0;

	if (d->lk)
		err = ring_buffer__add(rb, bpf_map__fd(d->lk->maps.dep_events), on_record,
				       &d->rctx[SK_LOOKUPS]);
	if (!err && d->ls)
		err = ring_buffer__add(rb, bpf_map__fd(d->ls->maps.dep_events), on_record,
				       &d->rctx[SK_LISTENERS]);
	if (err)
		errno = -err;
	return err;
}

void sa_deps_tick(struct sa_deps *d)
{
	/* Catches listeners whose bind the hooks missed (or that were not attached). */
	if (since(&d->last_scan) >= 1.0)
		scan_listeners(d, "scanned");
}

void sa_deps_note_event(struct sa_deps *d, bool carries_physdev)
{
	if (!d)
		return;
	d->events++;
	d->physdev += carries_physdev;
}

static unsigned long long read_stat(struct bpf_map *m, __u32 which)
{
	int ncpu = libbpf_num_possible_cpus();
	unsigned long long total = 0;
	__u64 *vals;

	if (ncpu <= 0 || !(vals = calloc(ncpu, sizeof(*vals))))
		return 0;
	if (!bpf_map_lookup_elem(bpf_map__fd(m), &which, vals))
		for (int i = 0; i < ncpu; i++)
			total += vals[i];
	free(vals);
	return total;
}

static unsigned long long stat_sum(const struct sa_deps *d, __u32 which)
{
	return (d->lk ? read_stat(d->lk->maps.dep_stats, which) : 0) +
	       (d->ls ? read_stat(d->ls->maps.dep_stats, which) : 0);
}

static void refresh_counts(struct sa_deps *d)
{
	for (size_t i = 0; i < d->n; i++) {
		struct dep *e = &d->deps[i];
		struct bpf_map *m = e->skel == SK_LOOKUPS && d->lk ? d->lk->maps.dep_seen :
				    e->skel == SK_LISTENERS && d->ls ? d->ls->maps.dep_seen : NULL;
		struct sa_dep_val v;

		if (m && !bpf_map_lookup_elem(bpf_map__fd(m), &e->key, &v) && v.count >= e->count) {
			e->count = v.count;
			e->last_ns = v.last_ns;
		}
	}
}

static int cmp_dep(const void *a, const void *b)
{
	const struct dep *x = a, *y = b;
	int c = strcmp(x->id.exe, y->id.exe);

	if (c)
		return c;
	if (x->v.kind != y->v.kind)
		return x->v.kind - y->v.kind;
	return (x->first_ns > y->first_ns) - (x->first_ns < y->first_ns);
}

void sa_deps_summary(struct sa_deps *d, FILE *f, bool json)
{
	static const char *const stat_names[SA_DS_MAX] = {
		"sysfs_misses", "lstat_links", "readlinks", "readdirs", "listens",
		"records", "lost", "map_full", "execs",
	};
	unsigned long long st[SA_DS_MAX], byk[SA_DK_MAX] = {}, conf = 0;

	refresh_counts(d);
	qsort(d->deps, d->n, sizeof(*d->deps), cmp_dep);
	for (int i = 0; i < SA_DS_MAX; i++)
		st[i] = stat_sum(d, i);
	for (size_t i = 0; i < d->n; i++) {
		byk[d->deps[i].v.kind]++;
		conf += d->deps[i].v.conf == SA_DC_CONFIRMED;
	}
	if (json) {
		json_object *o = json_object_new_object(), *arr = json_object_new_array(), *k, *s;

		json_add_str(o, "type", "dependents");
		json_object_object_add(o, "found", json_object_new_uint64(d->n));
		json_object_object_add(o, "confirmed", json_object_new_uint64(conf));
		k = json_object_new_object();
		for (int i = 1; i < SA_DK_MAX; i++)
			json_object_object_add(k, sa_dep_kind_name(i),
					       json_object_new_uint64(byk[i]));
		json_object_object_add(o, "by_kind", k);
		s = json_object_new_object();
		for (int i = 0; i < SA_DS_MAX; i++)
			json_object_object_add(s, stat_names[i], json_object_new_uint64(st[i]));
		json_object_object_add(s, "records_read", json_object_new_uint64(d->records));
		json_object_object_add(s, "ignored", json_object_new_uint64(d->ignored));
		json_object_object_add(s, "malformed", json_object_new_uint64(d->malformed));
		json_object_object_add(o, "kernel", s);
		json_object_object_add(o, "events", json_object_new_uint64(d->events));
		json_object_object_add(o, "physdev_events", json_object_new_uint64(d->physdev));
		json_add_str(o, "hooks_missing", jstr(d->hooks_missing));
		for (size_t i = 0; i < d->n; i++)
			json_object_array_add(arr, dep_json(d, &d->deps[i], true));
		json_object_object_add(o, "dependents", arr);
		fprintf(f, "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
								 JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(o);
		return;
	}
	fprintf(f, "\nDEPENDENTS: %zu (%llu confirmed); %llu records for %llu sysfs misses, "
		"%llu lstat-on-link, %llu readlink, %llu readdir, %llu listens (%llu lost)\n",
		d->n, conf, st[SA_DS_RECORDS], st[SA_DS_SYSFS_MISS], st[SA_DS_LSTAT_LINK],
		st[SA_DS_READLINK], st[SA_DS_READDIR], st[SA_DS_LISTEN], st[SA_DS_LOST]);
	for (size_t i = 0; i < d->n; i++) {
		const struct dep *e = &d->deps[i];

		if (!i || strcmp(e->id.exe, d->deps[i - 1].id.exe)) {
			fprintf(f, "%s%s%s\n", e->id.exe, *e->id.script ? "  script " : "",
				e->id.script);
			fprintf(f, "  %-17s %-9s %7s %8s %9s %9s  %s\n", "KIND", "CONF", "PID",
				"COUNT", "FIRST", "LAST", "PATH");
		}
		fprintf(f, "  %-17s %-9s %7u %8llu %8.3fs %8.3fs  %s\n",
			sa_dep_kind_name(e->v.kind), sa_dep_conf_name(e->v.conf), e->id.pid,
			e->count, rel_s(d, e->first_ns), rel_s(d, e->last_ns), e->v.path);
		fprintf(f, "  %-17s comm=%s parent=%s(%u) uid=%u argv=%s%s\n", "", e->id.comm,
			*e->id.pcomm ? e->id.pcomm : "?", e->id.ppid, e->id.uid, e->id.args,
			e->id.args_trunc ? "..." : "");
		fprintf(f, "  %-17s legacy: %s; instead: %s\n", "", e->v.artifact,
			e->v.replacement);
		if (e->v.kind == SA_DK_LISTENER)
			fprintf(f, "  %-17s %llu traced events since, %llu would have carried PHYSDEV keys\n",
				"", d->events - e->ev0, d->physdev - e->phys0);
	}
}

int sa_deps_write_error(const struct sa_deps *d)
{
	return d ? d->write_err : 0;
}

size_t sa_deps_found(const struct sa_deps *d)
{
	return d ? d->n : 0;
}

void sa_deps_close(struct sa_deps *d)
{
	if (!d)
		return;
	for (int i = 0; i < d->nlinks; i++)
		bpf_link__destroy(d->links[i]);
	lookups_bpf__destroy(d->lk);
	listeners_bpf__destroy(d->ls);
	if (d->have_cls)
		sa_classifier_free(&d->cls);
	free(d->deps);
	free(d);
}
