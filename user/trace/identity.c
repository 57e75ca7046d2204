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

#include "trace/identity.h"

static void cpy(char *dst, size_t len, const char *src)
{
	snprintf(dst, len, "%s", src);
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

static bool from_exec(struct sa_ident *id, unsigned int tgid, int fd)
{
	struct sa_exec_id e;

	if (fd < 0 || bpf_map_lookup_elem(fd, &tgid, &e))
		return false;
	e.filename[sizeof(e.filename) - 1] = e.interp[sizeof(e.interp) - 1] = '\0';
	e.comm[sizeof(e.comm) - 1] = '\0';
	if (e.args_len > sizeof(e.args))
		e.args_len = sizeof(e.args);
	cpy(id->exe, sizeof(id->exe), e.interp[0] ? e.interp : e.filename);
	/* binfmt_script: bprm->filename stays the script, ->interp the interpreter. */
	if (e.interp[0] && strcmp(e.interp, e.filename))
		cpy(id->script, sizeof(id->script), e.filename);
	join_args(id->args, sizeof(id->args), e.args, e.args_len, &id->args_trunc);
	if (e.flags & SA_ID_F_ARGS_TRUNC)
		id->args_trunc = true;
	if (!id->ppid)
		id->ppid = e.ppid;
	id->source = "exec";
	return true;
}

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
	}
	id->source = "proc";
	return true;
}

void sa_ident_fill(struct sa_ident *id, unsigned int tgid, int exec_map_fd, const char *proc)
{
	id->tgid = tgid;
	if (!id->pid)
		id->pid = tgid;
	if (from_exec(id, tgid, exec_map_fd) || from_proc(id, tgid, proc))
		return;
	cpy(id->exe, sizeof(id->exe), "?");
	id->source = "none";
}

/* Which process has socket:[ino] open. 0 when none is found. */
static unsigned int socket_owner(const char *proc, unsigned long ino)
{
	char want[64], path[PATH_MAX], buf[64];
	struct dirent *p, *f;
	unsigned int found = 0;
	DIR *pd, *fd;

	snprintf(want, sizeof(want), "socket:[%lu]", ino);
	pd = opendir(proc);
	if (!pd)
		return 0;
	while (!found && (p = readdir(pd))) {
		if (!isdigit((unsigned char)p->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "%s/%s/fd", proc, p->d_name);
		fd = opendir(path);
		if (!fd)
			continue;	/* gone, or not ours to read */
		while ((f = readdir(fd))) {
			ssize_t n;

			snprintf(path, sizeof(path), "%s/%s/fd/%s", proc, p->d_name, f->d_name);
			n = readlink(path, buf, sizeof(buf) - 1);
			if (n <= 0)
				continue;
			buf[n] = '\0';
			if (!strcmp(buf, want)) {
				found = strtoul(p->d_name, NULL, 10);
				break;
			}
		}
		closedir(fd);
	}
	closedir(pd);
	return found;
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
		out[n].tgid = socket_owner(proc, ino);
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
