// SPDX-License-Identifier: GPL-2.0
/* Who opens the obsolete ABI's sysfs files (deps/abi_watch.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/filter.h>
#include <linux/netlink.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "abi_records.h"
#include "dep_records.h"
#include "audit/abi_resolve.h"
#include "common/common.h"
#include "common/dpkg_owner.h"
#include "deps/abi_watch.h"
#include "deps/dep_decode.h"
#include "deps/identity.h"
#include "loader/bpf_load.h"
#include "model/phase.h"

#include "abi_watch.skel.h"

/* A kernfs node an entry names. */
struct node {
	unsigned long long ino;
	size_t entry;
	char path[256];
};

/* A kernel record's key, and whose counts it holds (dep_seen). */
struct keyref {
	struct sa_dep_key key;
	size_t entry, user;
	unsigned long long ts_ns;
};

struct watch {
	const struct sa_abi_watch_opts *o;
	struct sa_abi_use *u;
	struct node *nodes;
	size_t nnodes;
	struct keyref *keys;
	size_t nkeys;
	struct abi_watch_bpf *sk;
	struct sa_ns_self self;
	struct sa_dpkg *dpkg;
	bool dpkg_tried;
	int err;
};

static struct node *find_node(struct watch *w, unsigned long long ino)
{
	for (size_t i = 0; i < w->nnodes; i++)
		if (w->nodes[i].ino == ino)
			return &w->nodes[i];
	return NULL;
}

struct hit_ctx {
	struct watch *w;
	size_t entry;
};

static int on_hit(const struct sa_abi_hit *h, void *ctx)
{
	struct hit_ctx *c = ctx;
	struct watch *w = c->w;
	struct sa_abi_verdict *v = &w->u->v[c->entry];
	struct node *n;
	__u32 idx;

	if (find_node(w, h->ino))
		return 0;	/* known, or an earlier entry's */
	n = realloc(w->nodes, (w->nnodes + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	w->nodes = n;
	n = &w->nodes[w->nnodes];
	n->ino = h->ino;
	n->entry = c->entry;
	snprintf(n->path, sizeof(n->path), "%s", h->path);
	idx = w->nnodes++;
	if (!v->present++)
		snprintf(v->example, sizeof(v->example), "%s", h->path);
	if (w->sk && bpf_map__update_elem(w->sk->maps.abi_nodes, &n->ino, sizeof(n->ino), &idx,
					  sizeof(idx), BPF_ANY))
		w->u->map_full++;
	return 0;
}

/* Every entry's paths on the tree now; new nodes into the kernel's map. */
static int resolve_all(struct watch *w)
{
	const struct sa_abi *abi = w->o->abi;
	struct sa_abi_cache *cache = sa_abi_cache_new();
	int r = 0;

	if (!cache)
		return -ENOMEM;
	for (size_t i = 0; i < abi->n && r != -ENOMEM; i++)
		for (size_t k = 0; k < abi->e[i].nwhat && r != -ENOMEM; k++) {
			struct hit_ctx c = { w, i };
			const struct sa_abi_pattern *p = abi->e[i].what[k].pattern;

			if (p)
				r = sa_abi_resolve_cached(p, w->o->root, cache, on_hit, &c);
		}
	sa_abi_cache_free(cache);
	return r == -ENOMEM ? r : 0;
}

/* NAME of a pattern /sys/class/NAME/ (a class's whole tree), or NULL. */
static const char *glue_name(const struct sa_abi_pattern *p)
{
	const char *sys = sa_abi_pattern_comp_literal(p, 0);
	const char *class = sa_abi_pattern_comp_literal(p, 1);

	if (!sa_abi_pattern_prefix(p) || sa_abi_pattern_ncomp(p) != 3 || !sys || !class ||
	    strcmp(sys, "sys") || strcmp(class, "class"))
		return NULL;
	return sa_abi_pattern_comp_literal(p, 2);
}

/*
 * The names the kernel matches a node not resolved yet by: the last
 * component of a pattern (abi_leaves), the class of a /sys/class/NAME/
 * tree (abi_glue: its devices' files are in a directory named NAME).
 */
static void add_leaves(struct watch *w)
{
	const struct sa_abi *abi = w->o->abi;

	for (size_t i = 0; i < abi->n; i++)
		for (size_t k = 0; k < abi->e[i].nwhat; k++) {
			const struct sa_abi_pattern *p = abi->e[i].what[k].pattern;
			struct sa_abi_leaf leaf = {};
			const char *lit;
			__u32 one = 1;

			if (p && (lit = glue_name(p)) && strlen(lit) < sizeof(leaf.name)) {
				strcpy(leaf.name, lit);
				if (!bpf_map__update_elem(w->sk->maps.abi_glue, &leaf, sizeof(leaf),
							  &one, sizeof(one), BPF_ANY))
					w->sk->bss->have_glue = 1;
				continue;
			}
			if (!p || sa_abi_pattern_prefix(p))
				continue;
			lit = sa_abi_pattern_comp_literal(p, sa_abi_pattern_ncomp(p) - 1);
			if (!lit || strlen(lit) >= sizeof(leaf.name))
				continue;
			strcpy(leaf.name, lit);
			bpf_map__update_elem(w->sk->maps.abi_leaves, &leaf, sizeof(leaf), &one,
					     sizeof(one), BPF_ANY);
		}
}

static bool same_program(const struct sa_ident *a, const struct sa_ident *b)
{
	return !strcmp(a->exe, b->exe) && !strcmp(a->script, b->script);
}

static void fill_packages(struct watch *w, struct sa_ident *id)
{
	const char *p;

	if (!w->dpkg_tried) {
		w->dpkg_tried = true;
		w->dpkg = sa_dpkg_load(w->o->root && *w->o->root ? w->o->root : "/");
	}
	if (!w->dpkg)
		return;
	if (*id->exe && (p = sa_dpkg_owner(w->dpkg, id->exe)))
		snprintf(id->exe_pkg, sizeof(id->exe_pkg), "%s", p);
	if (*id->script && (p = sa_dpkg_owner(w->dpkg, id->script)))
		snprintf(id->script_pkg, sizeof(id->script_pkg), "%s", p);
}

/* @r opened @n: its program among the entry's users, the key remembered for the counts. */
static int attribute(struct watch *w, const struct node *n, const struct sa_dep_rec *r)
{
	struct sa_abi_verdict *v = &w->u->v[n->entry];
	struct sa_ident id = {};
	struct sa_abi_user *u = NULL;
	struct keyref *k;
	size_t i;

	sa_ident_from_rec(&id, r, w->o->proc ? w->o->proc : "/proc", &w->self);
	fill_packages(w, &id);
	for (i = 0; i < v->nusers; i++)
		if (same_program(&v->users[i].id, &id))
			break;
	if (i == v->nusers) {
		u = realloc(v->users, (v->nusers + 1) * sizeof(*u));
		if (!u)
			return -ENOMEM;
		v->users = u;
		u = &v->users[v->nusers++];
		memset(u, 0, sizeof(*u));
		u->id = id;
		snprintf(u->path, sizeof(u->path), "%s", n->path);
	}
	u = &v->users[i];
	if ((r->groups & O_ACCMODE) != O_RDONLY)
		u->wrote = true;
	for (unsigned int p = 0; p <= u->npids; p++)
		if (p == u->npids) {
			if (u->npids < SA_ABI_USER_PIDS)
				u->pids[u->npids++] = r->tgid;
			break;
		} else if (u->pids[p] == r->tgid) {
			break;
		}
	k = realloc(w->keys, (w->nkeys + 1) * sizeof(*k));
	if (!k)
		return -ENOMEM;
	w->keys = k;
	w->keys[w->nkeys++] = (struct keyref){ r->key, n->entry, i, r->ts_ns };
	return 0;
}

/*
 * A candidate below a class's glue directory (r->comp[1] is NAME, r->comp[0]
 * the device): /sys/class/NAME/DEVICE/FILE is its path, whether or not
 * the device is still there (an export, a read and an unexport at once).
 * The entry whose pattern matches it gets the node, as a resolve would.
 */
static struct node *confirm_glue(struct watch *w, const struct sa_dep_rec *r)
{
	const struct sa_abi *abi = w->o->abi;
	char path[256];
	struct sa_abi_hit h = { .path = path, .ino = r->key.obj };

	if (r->ncomp < 2 || !*r->comp[0] || !*r->name || (r->flags & SA_DEP_F_TRUNC_DIR))
		return NULL;
	if (snprintf(path, sizeof(path), "/sys/class/%s/%s/%s", r->comp[1], r->comp[0],
		     r->name) >= (int)sizeof(path))
		return NULL;
	for (size_t i = 0; i < abi->n; i++)
		for (size_t k = 0; k < abi->e[i].nwhat; k++) {
			const struct sa_abi_pattern *p = abi->e[i].what[k].pattern;
			const char *g = p ? glue_name(p) : NULL;
			struct hit_ctx c = { w, i };

			if (!g || strcmp(g, r->comp[1]) || !sa_abi_pattern_match(p, path))
				continue;
			if (on_hit(&h, &c))
				return NULL;
			return find_node(w, h.ino);
		}
	return NULL;
}

static int on_record(void *ctx, void *data, size_t len)
{
	struct watch *w = ctx;
	struct sa_dep_rec r;
	struct node *n;
	__u32 no = SA_ABI_NOT_WATCHED;
	int err;

	if (sa_dep_decode(data, len, &r)) {
		w->u->malformed++;
		return 0;
	}
	n = find_node(w, r.key.obj);
	if (r.op == SA_ABI_OP_CANDIDATE) {
		w->u->candidates++;
		if (!n)
			n = confirm_glue(w, &r);
		if (!n) {
			/* A device added since the last resolve: resolve now, it may be gone soon. */
			if ((err = resolve_all(w)))
				return w->err = err;
			w->u->refreshes++;
			n = find_node(w, r.key.obj);
		}
		if (!n) {
			w->u->unconfirmed++;
			bpf_map__update_elem(w->sk->maps.abi_nodes, &r.key.obj, sizeof(r.key.obj), &no,
					     sizeof(no), BPF_ANY);
			return 0;
		}
		w->u->confirmed++;
	} else if (r.op != SA_ABI_OP_OPEN || !n) {
		w->u->malformed++;
		return 0;
	}
	if ((err = attribute(w, n, &r)))
		w->err = err;
	return err;
}

/* Counts, first and last from the kernel's de-duplication map (every open, not the first). */
static void final_counts(struct watch *w)
{
	for (size_t i = 0; i < w->u->n; i++)
		for (size_t k = 0; k < w->u->v[i].nusers; k++)
			w->u->v[i].users[k].count = 0;
	for (size_t i = 0; i < w->nkeys; i++) {
		const struct keyref *k = &w->keys[i];
		struct sa_abi_user *u = &w->u->v[k->entry].users[k->user];
		struct sa_dep_val val = { 1, k->ts_ns, k->ts_ns };

		bpf_map__lookup_elem(w->sk->maps.dep_seen, &k->key, sizeof(k->key), &val,
				     sizeof(val), 0);
		u->count = sa_sat_add(u->count, val.count);
		if (!u->first_ns || val.first_ns < u->first_ns)
			u->first_ns = val.first_ns;
		if (val.last_ns > u->last_ns)
			u->last_ns = val.last_ns;
	}
}

static void verdicts(struct sa_abi_use *u)
{
	for (size_t i = 0; i < u->n; i++)
		u->v[i].state = u->v[i].nusers ? SA_ABI_IN_USE :
				!u->v[i].present ? SA_ABI_ABSENT :
				u->watched ? SA_ABI_UNUSED : SA_ABI_PRESENT;
}

static int init_use(const struct sa_abi *abi, struct sa_abi_use *out)
{
	memset(out, 0, sizeof(*out));
	out->v = calloc(abi->n ? abi->n : 1, sizeof(*out->v));
	if (!out->v)
		return -ENOMEM;
	out->n = abi->n;
	for (size_t i = 0; i < abi->n; i++) {
		const struct sa_abi_entry *e = &abi->e[i];
		struct sa_abi_verdict *v = &out->v[i];

		snprintf(v->file, sizeof(v->file), "%s", e->file);
		v->line = e->line;
		snprintf(v->what, sizeof(v->what), "%s", e->nwhat ? e->what[0].text : "");
		snprintf(v->date, sizeof(v->date), "%s", e->date ? e->date : "");
		snprintf(v->kernel_version, sizeof(v->kernel_version), "%s",
			 e->kernel_version ? e->kernel_version : "");
	}
	return 0;
}

int sa_abi_list(const struct sa_abi_watch_opts *o, struct sa_abi_use *out)
{
	struct watch w = { .o = o, .u = out };
	int err = init_use(o->abi, out);

	if (!err)
		err = resolve_all(&w);
	free(w.nodes);
	if (err) {
		sa_abi_use_free(out);
		return err;
	}
	verdicts(out);
	return 0;
}

/*
 * A socket for the kernel's uevents: a device came or went, resolve again.
 * Its filter drops "change@..." in the kernel (uevents_came() says why a
 * change is no reason): make bench's change storm woke the watch for
 * every uevent, which cost more than the uevent itself. Without the
 * filter, uevents_came() still tells a change from the rest.
 */
static int uevent_socket(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = 1 };
	struct sock_filter code[] = {
		/* "chan", "ge", "@" at the message's start (network order): drop */
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x6368616e, 0, 4),
		BPF_STMT(BPF_LD | BPF_H | BPF_ABS, 4),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x6765, 0, 2),
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 6),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, '@', 1, 0),
		BPF_STMT(BPF_RET | BPF_K, 0xffffffff),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	struct sock_fprog prog = { .len = sizeof(code) / sizeof(code[0]), .filter = code };
	int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK,
			NETLINK_KOBJECT_UEVENT);

	if (fd < 0)
		return -errno;
	if (setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, &prog, sizeof(prog)))
		sa_warn("abi watch: no filter on the uevent socket (%s): every change wakes the watch",
			strerror(errno));
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		close(fd);
		return -errno;
	}
	return fd;
}

/*
 * Drain @fd; whether a device may have come or gone: a kernel uevent
 * ("ACTION@DEVPATH") other than change, or an overrun (what was lost may
 * have been an add). A change adds no node as a rule, and `udevadm
 * trigger` or a storm of changes walked /sys once a second for nothing
 * (make bench: a uevent of the change storm 97 -> 266 us on Debian 6.1).
 * A node a driver adds with a change is seen as one added between two
 * walks is: its open is a candidate when its name is a watched leaf.
 */
static bool uevents_came(int fd)
{
	char buf[8192];
	bool any = false;
	ssize_t n;

	while ((n = recv(fd, buf, sizeof(buf), 0)) > 0 || (n < 0 && errno == ENOBUFS))
		if (n < 7 || memcmp(buf, "change@", 7))
			any = true;
	return any;
}

static int load(struct watch *w)
{
	int err;

	w->sk = abi_watch_bpf__open();
	if (!w->sk)
		return -errno;
	w->sk->bss->self_tgid = getpid();
	if (abi_watch_bpf__load(w->sk)) {
		err = errno == EPERM ? -EPERM : errno == ENOENT || errno == ESRCH ? -ENOENT :
		      -EACCES;
		sa_warn("abi watch: cannot load the BPF program: %s", strerror(errno));
		return err;
	}
	if ((err = abi_watch_bpf__attach(w->sk))) {
		sa_warn("abi watch: cannot attach fentry/kernfs_fop_open: %s", strerror(-err));
		return err == -EPERM ? err : -ENOENT;
	}
	return 0;
}

/* What a running watch holds between its polls (abi_watch.h). */
struct sa_abi_watch {
	struct watch w;
	struct ring_buffer *rb;
	int ufd;
	bool pending;		/* uevents came since the last resolve */
	unsigned long long last;	/* the last resolve after uevents (ns) */
};

static void watch_free(struct sa_abi_watch *aw)
{
	ring_buffer__free(aw->rb);
	if (aw->ufd >= 0)
		close(aw->ufd);
	abi_watch_bpf__destroy(aw->w.sk);
	sa_dpkg_free(aw->w.dpkg);
	free(aw->w.nodes);
	free(aw->w.keys);
	free(aw);
}

int sa_abi_watch_start(const struct sa_abi_watch_opts *o, struct sa_abi_use *out,
		       struct sa_abi_watch **awp)
{
	struct sa_abi_watch *aw = calloc(1, sizeof(*aw));
	struct watch *w;
	int err;

	*awp = NULL;
	if (!aw)
		return -ENOMEM;
	aw->ufd = -1;
	w = &aw->w;
	w->o = o;
	w->u = out;
	if ((err = init_use(o->abi, out))) {
		free(aw);
		return err;
	}
	sa_ns_self_read(o->proc ? o->proc : "/proc", &w->self);
	if ((err = load(w)))
		goto fail;
	aw->ufd = uevent_socket();
	if (aw->ufd < 0)
		sa_warn("abi watch: no uevent socket (%s): new devices are found by their opens only",
			strerror(-aw->ufd));
	add_leaves(w);
	if ((err = resolve_all(w)))
		goto fail;
	aw->rb = ring_buffer__new(bpf_map__fd(w->sk->maps.dep_events), on_record, w, NULL);
	if (!aw->rb) {
		err = -errno;
		goto fail;
	}
	out->watched = true;
	out->start_ns = sa_mono_ns();
	*awp = aw;
	return 0;
fail:
	watch_free(aw);
	sa_abi_use_free(out);
	return err;
}

int sa_abi_watch_poll(struct sa_abi_watch *aw, int timeout_ms)
{
	struct pollfd pfd[2] = {
		{ .fd = ring_buffer__epoll_fd(aw->rb), .events = POLLIN },
		{ .fd = aw->ufd, .events = POLLIN },
	};
	int err;

	if (aw->w.err)
		return aw->w.err;
	if (poll(pfd, aw->ufd >= 0 ? 2 : 1, timeout_ms) < 0 && errno != EINTR)
		return -errno;
	if (aw->ufd >= 0 && (pfd[1].revents & POLLIN) && uevents_came(aw->ufd))
		aw->pending = true;
	/*
	 * At most one resolve a second for uevents (a storm would walk /sys
	 * without end): an open in between is a candidate, resolved at once,
	 * so nothing is missed by waiting.
	 */
	if (aw->pending && sa_mono_ns() - aw->last >= 1000000000ULL) {
		if ((err = resolve_all(&aw->w)))
			return err;
		aw->w.u->refreshes++;
		aw->pending = false;
		aw->last = sa_mono_ns();
	}
	ring_buffer__consume(aw->rb);
	return aw->w.err;
}

int sa_abi_watch_stop(struct sa_abi_watch *aw, int err)
{
	struct sa_abi_use *out = aw->w.u;

	ring_buffer__consume(aw->rb);
	out->end_ns = sa_mono_ns();
	if (!err)
		err = aw->w.err;
	out->lost = sa_bpf_percpu_sum(aw->w.sk->maps.dep_stats, SA_DS_LOST);
	out->map_full += sa_bpf_percpu_sum(aw->w.sk->maps.dep_stats, SA_DS_MAP_FULL);
	final_counts(&aw->w);
	verdicts(out);
	watch_free(aw);
	if (err)
		sa_abi_use_free(out);
	return err;
}

int sa_abi_watch(const struct sa_abi_watch_opts *o, struct sa_abi_use *out)
{
	struct sa_abi_watch *aw;
	unsigned long long end;
	int err;

	if ((err = sa_abi_watch_start(o, out, &aw)))
		return err;
	end = o->duration_s ? out->start_ns + o->duration_s * 1000000000ULL : 0;
	if (o->ready)
		o->ready(o->ready_ctx);
	while (!err && !(o->stop && *o->stop) && (!end || sa_mono_ns() < end))
		err = sa_abi_watch_poll(aw, 100);
	return sa_abi_watch_stop(aw, err);
}
