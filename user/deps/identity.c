// SPDX-License-Identifier: GPL-2.0
/*
 * Process identity and the uevent listeners/helper, for the dependents.
 * The exec-time record wins: a helper forked by udev has often exited by
 * the time its first record is read, and /proc then knows nothing.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "deps/identity.h"
#include "deps/shell_script.h"

/* Copy, cut to @len - 1 bytes. */
static void cpy(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);

	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* NUL-separated argv of @n bytes into a space-joined string. */
static void join_args(char *dst, size_t len, const char *src, size_t n, bool *trunc)
{
	size_t o = 0;

	while (n && !src[n - 1])
		n--;
	for (size_t i = 0; i < n && o + 1 < len; i++)
		dst[o++] = src[i] ? src[i] : ' ';
	dst[o] = '\0';
	if (o < n)
		*trunc = true;
}

static void script_of_shell(struct sa_ident *id, const char *args, size_t n, const char *proc);

static bool from_proc(struct sa_ident *id, unsigned int tgid, const char *proc)
{
	char path[PATH_MAX], buf[4096];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%u/exe", proc, tgid);
	n = readlink(path, buf, sizeof(buf) - 1);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	cpy(id->exe, sizeof(id->exe), buf);
	snprintf(path, sizeof(path), "%s/%u/cmdline", proc, tgid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf));
		close(fd);
		if (n > 0)
			join_args(id->args, sizeof(id->args), buf, n, &id->args_trunc);
		if (n == sizeof(buf))
			id->args_trunc = true;
		/* a #! script's argv is "INTERPRETER SCRIPT ...", as `sh script`'s */
		if (n > 0 && !*id->script)
			script_of_shell(id, buf, (size_t)n, proc);
	}
	id->source = "proc";
	return true;
}

void sa_ident_fill(struct sa_ident *id, unsigned int tgid, const char *proc)
{
	id->tgid = tgid;
	if (!id->pid)
		id->pid = tgid;
	if (from_proc(id, tgid, proc))
		return;
	cpy(id->exe, sizeof(id->exe), "?");
	id->source = "none";
}

static unsigned int ns_of(const char *proc, const char *which)
{
	char path[PATH_MAX], buf[64];
	unsigned int ino = 0;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/self/ns/%s", proc, which);
	n = readlink(path, buf, sizeof(buf) - 1);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	sscanf(buf, "%*[^[][%u]", &ino);
	return ino;
}

bool sa_ident_other_mnt(const struct sa_ident *id, unsigned int mnt)
{
	return id->mntns && mnt && id->mntns != mnt;
}

void sa_ns_self_read(const char *proc, struct sa_ns_self *self)
{
	self->mnt = ns_of(proc, "mnt");
	self->net = ns_of(proc, "net");
	self->pid = ns_of(proc, "pid");
}

/* "/" + comps joined, innermost-first input. */
static void join_comps(char *dst, size_t len, const char (*comp)[SA_DEP_COMP_LEN],
		       unsigned int n, unsigned int max)
{
	size_t o = 0;

	dst[0] = '\0';
	if (n > max)
		n = max;
	for (int i = (int)n - 1; i >= 0 && o < len; i--) {
		char c[SA_DEP_COMP_LEN];

		memcpy(c, comp[i], sizeof(c));
		c[sizeof(c) - 1] = '\0';
		o += snprintf(dst + o, len - o, "/%s", c);
	}
}

/*
 * The whole cgroup v2 path from PROC/TGID/cgroup when the record's is cut
 * (a name of SA_DEP_COMP_LEN - 1 bytes or more, as docker-<64 hex>.scope;
 * levels missing), if the process still runs: only when every level the
 * record has is a prefix of the same level there, so that a pid reused by
 * another process is not taken for it.
 */
static bool cgroup_from_proc(struct sa_ident *id, const struct sa_dep_rec *r, const char *proc)
{
	char path[PATH_MAX], line[1024], walk[1024], *p = NULL;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%u/cgroup", proc, r->tgid);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "0::", 3)) {
			p = line + 3;
			p[strcspn(p, "\n")] = '\0';
			break;
		}
	fclose(f);
	if (!p || *p != '/' || strlen(p) >= sizeof(id->cgroup))
		return false;
	/* Compare innermost first, cutting a copy level by level. */
	cpy(walk, sizeof(walk), p);
	for (unsigned int i = 0; i < r->ncg && i < SA_DEP_CG_COMP; i++) {
		char c[SA_DEP_COMP_LEN], *slash = strrchr(walk, '/');

		memcpy(c, r->cg[i], sizeof(c));
		c[sizeof(c) - 1] = '\0';
		if (!slash || strncmp(slash + 1, c, strlen(c)))
			return false;
		*slash = '\0';
	}
	cpy(id->cgroup, sizeof(id->cgroup), p);
	return true;
}

/* A level's name filled its field: it may have been cut. */
static bool name_cut(const struct sa_dep_rec *r)
{
	for (unsigned int i = 0; i < r->ncg && i < SA_DEP_CG_COMP; i++)
		if (strnlen(r->cg[i], SA_DEP_COMP_LEN) >= SA_DEP_COMP_LEN - 1)
			return true;
	return false;
}

void sa_cgroup_unit(const char *cgroup, char *out, size_t len)
{
	const char *end = cgroup + strlen(cgroup), *s;

	out[0] = '\0';
	while (end > cgroup) {
		for (s = end; s > cgroup && s[-1] != '/'; s--)
			;
		if ((end - s > 8 && !strncmp(end - 8, ".service", 8)) ||
		    (end - s > 6 && !strncmp(end - 6, ".scope", 6))) {
			snprintf(out, len, "%.*s", (int)(end - s), s);
			return;
		}
		end = s > cgroup ? s - 1 : cgroup;
	}
}

/*
 * `sh script`, `bash -e script`, `#!/usr/bin/env sh`: the script from the
 * shell's argv; a relative one against the process's working directory
 * while it runs, else as given.
 */
static void script_of_shell(struct sa_ident *id, const char *args, size_t n, const char *proc)
{
	char s[PATH_MAX], cwd[PATH_MAX], path[PATH_MAX];
	ssize_t l;

	if (!sa_shell_script(id->exe, args, n, s, sizeof(s)))
		return;
	if (s[0] != '/') {
		snprintf(path, sizeof(path), "%s/%u/cwd", proc, id->tgid);
		l = readlink(path, cwd, sizeof(cwd) - 1);
		if (l > 0) {
			cwd[l] = '\0';
			if (snprintf(path, sizeof(path), "%s/%s", strcmp(cwd, "/") ? cwd : "",
				     s[0] == '.' && s[1] == '/' ? s + 2 : s) < (int)sizeof(path))
				memcpy(s, path, sizeof(s));
		}
	}
	cpy(id->script, sizeof(id->script), s);
}

/* The same from anc_args[] (SA_DEP_F_ANC_IN_ARGS: every record but a uevent read's). */
static bool ancestor_in_args(const struct sa_dep_rec *r, char *out, size_t len)
{
	size_t n = r->anc_args_len, l;

	if (n > sizeof(r->anc_args))
		return false;
	l = strnlen(r->anc_args, n);
	if (!l || l == n)
		return false;	/* empty, or no NUL within: not ours */
	if (r->flags & SA_DEP_F_ANC_SCRIPT)
		return snprintf(out, len, "%s", r->anc_args) < (int)len;
	if (r->flags & SA_DEP_F_ANC_ARGV)
		return sa_shell_script(r->anc_args, r->anc_args + l + 1, n - l - 1, out, len);
	return false;
}

bool sa_rec_ancestor_script(const struct sa_dep_rec *r, char *out, size_t len)
{
	out[0] = '\0';
	if (r->flags & SA_DEP_F_ANC_IN_ARGS)
		return ancestor_in_args(r, out, len);
	if (r->flags & SA_DEP_F_ANC_SCRIPT)
		return *r->req && snprintf(out, len, "%s", r->req) < (int)len;
	if (!(r->flags & SA_DEP_F_ANC_ARGV) || r->anc_args_len > sizeof(r->anc_args))
		return false;
	return sa_shell_script(r->req, r->anc_args, r->anc_args_len, out, len);
}

unsigned long long sa_rec_exec_gen(const struct sa_dep_rec *r)
{
	return r->start_ns ^ (r->exec_id << 48);
}

void sa_ident_from_rec(struct sa_ident *id, const struct sa_dep_rec *r, const char *proc,
		       const struct sa_ns_self *self)
{
	char tmp[PATH_MAX];
	size_t o = 0;

	id->pid = r->pid;
	id->tgid = r->tgid;
	id->ppid = r->ppid;
	id->uid = r->uid;
	id->exec_gen = sa_rec_exec_gen(r);
	memcpy(id->comm, r->comm, sizeof(id->comm));
	id->comm[sizeof(id->comm) - 1] = '\0';
	memcpy(id->pcomm, r->pcomm, sizeof(id->pcomm));
	id->pcomm[sizeof(id->pcomm) - 1] = '\0';
	id->source = "exec";
	if (r->nexe && !(r->flags & SA_DEP_F_NO_EXE)) {
		join_comps(id->exe, sizeof(id->exe), r->exe, r->nexe, SA_DEP_EXE_COMP);
		id->exe_dev = r->exe_dev;
		id->exe_ino = r->exe_ino;
		if (r->flags & SA_DEP_F_EXE_TRUNC) {
			/* Too deep: /proc knows it if the process still runs. */
			char link[PATH_MAX];
			ssize_t n;

			snprintf(link, sizeof(link), "%s/%u/exe", proc, r->tgid);
			n = readlink(link, tmp, sizeof(tmp) - 1);

			if (n > 0) {
				tmp[n] = '\0';
				cpy(id->exe, sizeof(id->exe), tmp);
			} else {
				snprintf(tmp, sizeof(tmp), "...%.4000s", id->exe);
				cpy(id->exe, sizeof(id->exe), tmp);
			}
		}
	} else if (!from_proc(id, r->tgid, proc)) {
		cpy(id->exe, sizeof(id->exe), r->flags & SA_DEP_F_NO_EXE ? "(kernel thread)" : "?");
		id->source = "none";
	}
	if (r->flags & SA_DEP_F_SCRIPT) {
		memcpy(tmp, r->script, sizeof(r->script));
		tmp[sizeof(r->script) - 1] = '\0';
		cpy(id->script, sizeof(id->script), tmp);
	}
	if (r->args_len) {
		size_t n = r->args_len < sizeof(r->args) ? r->args_len : sizeof(r->args);

		join_args(id->args, sizeof(id->args), r->args, n, &id->args_trunc);
		if (r->flags & SA_DEP_F_ARGS_TRUNC)
			id->args_trunc = true;
		if (!*id->script)
			script_of_shell(id, r->args, n, proc);
	}
	/*
	 * Started by a script (`cat FILE` in it): that script's program, the
	 * first child as much as the last. Its shell's argv names it as given
	 * (the ancestor may be gone, and its working directory with it).
	 */
	if (!*id->script && (r->flags & SA_DEP_F_ANC_IN_ARGS) &&
	    sa_rec_ancestor_script(r, tmp, sizeof(tmp)))
		cpy(id->script, sizeof(id->script), tmp);
	if (r->ncg) {
		bool levels = r->flags & SA_DEP_F_CG_TRUNC, names = name_cut(r);

		join_comps(id->cgroup, sizeof(id->cgroup), r->cg, r->ncg, SA_DEP_CG_COMP);
		/* Cut by the record: /proc has it whole while the process runs. */
		if ((levels || names) && cgroup_from_proc(id, r, proc))
			levels = names = false;
		sa_cgroup_unit(id->cgroup, id->unit, sizeof(id->unit));
		if (levels || names) {
			/* "..." where levels or the end of a name are missing. */
			snprintf(tmp, sizeof(tmp), "%s%.240s%s", levels ? "..." : "", id->cgroup,
				 names ? "..." : "");
			cpy(id->cgroup, sizeof(id->cgroup), tmp);
		}
	}
	id->ns[0] = '\0';
	id->mntns = r->mntns;
	if (self && r->mntns && self->mnt && r->mntns != self->mnt)
		o += snprintf(id->ns + o, sizeof(id->ns) - o, "%smnt:[%u]", o ? " " : "", r->mntns);
	if (self && r->netns && self->net && r->netns != self->net && o < sizeof(id->ns))
		o += snprintf(id->ns + o, sizeof(id->ns) - o, "%snet:[%u]", o ? " " : "", r->netns);
	if (self && r->pidns && self->pid && r->pidns != self->pid && o < sizeof(id->ns))
		snprintf(id->ns + o, sizeof(id->ns) - o, "%spid:[%u]", o ? " " : "", r->pidns);
}

/*
 * Which process receives from socket:[ino]: a holder other than PID 1 when
 * there is one. PID 1 keeps the sockets of its socket units (systemd's
 * systemd-udevd-kernel.socket binds group 1) to hand them to their service
 * again, and reads none of them; its own uevents come from its udev
 * monitor, group 2, which no other process holds. *@init_alone: PID 1 is
 * the only holder. 0 when none is found.
 */
static int pid_entry(const struct dirent *e)
{
	return isdigit((unsigned char)e->d_name[0]);
}

/* In pid order, as the kernel lists /proc (and whatever order a fake tree has). */
static int by_pid(const struct dirent **a, const struct dirent **b)
{
	unsigned long x = strtoul((*a)->d_name, NULL, 10), y = strtoul((*b)->d_name, NULL, 10);

	return x < y ? -1 : x > y;
}

static unsigned int socket_owner(const char *proc, unsigned long ino, bool *init_alone)
{
	char want[64], path[PATH_MAX], buf[64];
	struct dirent **pids, *f;
	unsigned int found = 0;
	bool init = false;
	int npids;
	DIR *fd;

	*init_alone = false;
	snprintf(want, sizeof(want), "socket:[%lu]", ino);
	npids = scandir(proc, &pids, pid_entry, by_pid);
	if (npids < 0)
		return 0;
	for (int i = 0; i < npids && !found; i++) {
		const char *name = pids[i]->d_name;
		unsigned int pid = strtoul(name, NULL, 10);

		snprintf(path, sizeof(path), "%s/%s/fd", proc, name);
		fd = opendir(path);
		if (!fd)
			continue;	/* gone, or not ours to read */
		while ((f = readdir(fd))) {
			ssize_t n;

			snprintf(path, sizeof(path), "%s/%s/fd/%s", proc, name, f->d_name);
			n = readlink(path, buf, sizeof(buf) - 1);
			if (n <= 0)
				continue;
			buf[n] = '\0';
			if (strcmp(buf, want))
				continue;
			if (pid == 1)
				init = true;
			else
				found = pid;
			break;
		}
		closedir(fd);
	}
	for (int i = 0; i < npids; i++)
		free(pids[i]);
	free(pids);
	*init_alone = init && !found;
	return found ? found : init ? 1 : 0;
}

bool sa_listen_by_init(unsigned int tgid, unsigned int groups)
{
	return tgid == 1 && (groups & 1);
}

int sa_listeners_scan(const char *proc, struct sa_listener *out, int max,
		      const unsigned long *known, int nknown)
{
	char path[PATH_MAX], line[512];
	int n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/net/netlink", proc);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	/* sk Eth Pid Groups Rmem Wmem Dump Locks Drops Inode (netlink_native_seq_show) */
	while (fgets(line, sizeof(line), f)) {
		unsigned int eth, portid, groups;
		unsigned long ino;
		char rest[256];

		/* sk is %pK: "(____ptrval____)" until the pointer hash is ready. */
		if (sscanf(line, "%*s %u %u %x %255[^\n]", &eth, &portid, &groups, rest) != 4)
			continue;	/* the header */
		if (eth != 15 || !groups)
			continue;
		if (sscanf(rest, "%*d %*d %*d %*d %*d %lu", &ino) != 1)
			continue;
		if (n == max)
			break;
		/* Finding the owner walks every /proc/<pid>/fd: only for new sockets. */
		for (int k = 0; k < nknown; k++)
			if (known[k] == ino)
				goto next;
		out[n] = (struct sa_listener){ .inode = ino, .portid = portid, .groups = groups };
		out[n].tgid = socket_owner(proc, ino, &out[n].init_alone);
		n++;
next:;
	}
	fclose(f);
	return n;
}

void sa_uevent_helper_live(const char *proc, char *out, size_t len)
{
	char path[PATH_MAX];
	FILE *f;

	out[0] = '\0';
	snprintf(path, sizeof(path), "%s/sys/kernel/hotplug", proc);
	f = fopen(path, "re");
	if (!f)
		return;		/* CONFIG_UEVENT_HELPER unset: no such file */
	if (fgets(out, len, f))
		out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

static bool conf_file(const char *file, char *out, size_t len)
{
	char line[1024];
	bool found = false;
	FILE *f = fopen(file, "re");

	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		char *k = line, *v, *e;

		while (isspace((unsigned char)*k))
			k++;
		if (*k == '#' || *k == ';' || *k == '-')
			k += *k == '-';		/* "-key = value": ignore errors */
		if (*k == '#' || *k == ';')
			continue;
		v = strchr(k, '=');
		if (!v)
			continue;
		*v++ = '\0';
		for (e = v - 2; e >= k && isspace((unsigned char)*e); e--)
			*e = '\0';
		if (strcmp(k, "kernel.hotplug") && strcmp(k, "kernel/hotplug"))
			continue;
		while (isspace((unsigned char)*v))
			v++;
		v[strcspn(v, "\r\n")] = '\0';
		for (e = v + strlen(v) - 1; e >= v && isspace((unsigned char)*e); e--)
			*e = '\0';
		snprintf(out, len, "%s", v);
		found = *v != '\0';	/* the last assignment wins, as in sysctl */
	}
	fclose(f);
	return found;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

bool sa_uevent_helper_conf(const char *etc, char *out, size_t len, char *file, size_t flen)
{
	char path[PATH_MAX], *names[256];
	struct dirent *de;
	int n = 0;
	bool found = false;
	DIR *d;

	out[0] = file[0] = '\0';
	snprintf(path, sizeof(path), "%s/sysctl.conf", etc);
	if (conf_file(path, out, len)) {
		found = true;
		snprintf(file, flen, "%s", path);
	}
	/* sysctl.d is read after sysctl.conf, in name order. */
	snprintf(path, sizeof(path), "%s/sysctl.d", etc);
	d = opendir(path);
	if (!d)
		return found;
	while ((de = readdir(d)) && n < 256) {
		size_t l = strlen(de->d_name);

		if (l > 5 && !strcmp(de->d_name + l - 5, ".conf"))
			names[n++] = strdup(de->d_name);
		if (n && !names[n - 1])
			n--;
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_str);
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/sysctl.d/%s", etc, names[i]);
		if (conf_file(path, out, len)) {
			found = true;
			snprintf(file, flen, "%s", path);
		}
		free(names[i]);
	}
	return found;
}
