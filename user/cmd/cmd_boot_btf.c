// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#include "cmd/cmd_boot_btf.h"
#include "cmd/exit_status.h"
#include "common/common.h"
#include "deps/dependents.h"
#include "loader/core_btf.h"
#include "trace/tracer.h"

static int write_all(const char *path, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	const char *p = buf;
	ssize_t n;

	if (fd < 0)
		return -errno;
	while (len) {
		n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			n = -(n < 0 ? errno : EIO);
			close(fd);
			return (int)n;
		}
		p += n;
		len -= (size_t)n;
	}
	return close(fd) ? -errno : 0;
}

/* bpftool (SYSFS_AUDIT_BPFTOOL, else from PATH) gen min_core_btf SRC OUT OBJ...; its status. */
static int bpftool_min(const char *src, const char *out, const char *o1, const char *o2)
{
	const char *tool = getenv("SYSFS_AUDIT_BPFTOOL");
	pid_t pid;
	int st;

	if (!tool || !*tool)
		tool = "bpftool";
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		execlp(tool, tool, "gen", "min_core_btf", src, out, o1, o2, (char *)NULL);
		fprintf(stderr, "sysfs-audit: %s: %s\n", tool, strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int cmd_boot_core_btf(const char *out, const char *release, const char *vmlinuz)
{
	char dir[] = "/tmp/sysfs-audit-btf.XXXXXX", src[64], o1[64], o2[64], tmp[4200];
	char id[160], idfile[4200];
	const char *why = NULL;
	const void *obj;
	struct utsname u;
	char *btf = NULL;
	size_t len = 0, olen;
	int err, rc = EXIT_FAIL;

	if (!release) {
		if (uname(&u)) {
			sa_warn("uname: %s", strerror(errno));
			return EXIT_FAIL;
		}
		release = u.release;
	}
	if (snprintf(tmp, sizeof(tmp), "%s.tmp", out) >= (int)sizeof(tmp) ||
	    snprintf(idfile, sizeof(idfile), "%s.id", out) >= (int)sizeof(idfile)) {
		sa_warn("%s: name too long", out);
		return EXIT_USAGE;
	}
	err = sa_kernel_btf_read(release, vmlinuz, &btf, &len, &why);
	if (err) {
		sa_warn("kernel %s: %s (%s): no minimal BTF", release, why ? why : "", strerror(-err));
		return EXIT_NO_BTF;
	}
	if (!mkdtemp(dir)) {
		sa_warn("%s: %s", dir, strerror(errno));
		free(btf);
		return EXIT_FAIL;
	}
	snprintf(src, sizeof(src), "%s/vmlinux.btf", dir);
	snprintf(o1, sizeof(o1), "%s/sysfs_audit.bpf.o", dir);
	snprintf(o2, sizeof(o2), "%s/dependents.bpf.o", dir);
	err = write_all(src, btf, len);
	obj = sa_tracer_elf(&olen);
	if (!err)
		err = write_all(o1, obj, olen);
	obj = sa_deps_elf(&olen);
	if (!err)
		err = write_all(o2, obj, olen);
	if (err) {
		sa_warn("%s: %s", dir, strerror(-err));
		goto out;
	}
	err = bpftool_min(src, tmp, o1, o2);
	if (err) {
		sa_warn("bpftool gen min_core_btf: %s %d: no minimal BTF",
			err < 0 ? strerror(-err) : "exit status", err);
		unlink(tmp);
		goto out;
	}
	/* The id first: a BTF without its id is never used, an id without its BTF neither. */
	err = sa_core_btf_id(release, len, sa_tracer_btf_may_have_tp(btf, len), id, sizeof(id));
	if (!err)
		err = write_all(idfile, id, strlen(id));
	if (!err && rename(tmp, out))
		err = -errno;
	if (err) {
		sa_warn("%s: %s", out, strerror(-err));
		unlink(tmp);
		unlink(idfile);
		goto out;
	}
	fprintf(stderr, "sysfs-audit: %s: the minimal BTF of kernel %s for boot --start\n", out,
		release);
	rc = EXIT_OK;
out:
	unlink(src);
	unlink(o1);
	unlink(o2);
	rmdir(dir);
	free(btf);
	return rc;
}
