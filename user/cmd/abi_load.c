// SPDX-License-Identifier: GPL-2.0
/*
 * The obsolete ABI a command watches (cmd/abi_load.h): `abi` and
 * `record --abi` read it the same way.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include "audit/abi_builtin.h"
#include "cmd/abi_load.h"
#include "common/common.h"
#include "common/slurp.h"

/* One --abi: a Documentation/ABI directory (obsolete/, removed/) or one file. */
static int load_path(struct sa_abi *abi, const char *path)
{
	static const char *const sections[] = { "obsolete", "removed" };
	struct stat st;
	int err;

	if (stat(path, &st)) {
		err = -errno;
		sa_warn("--abi %s: %s", path, strerror(-err));
		return err;
	}
	if (S_ISDIR(st.st_mode)) {
		for (size_t i = 0; i < 2; i++)
			if ((err = sa_abi_load(abi, path, sections[i]))) {
				sa_warn("--abi %s/%s: %s", path, sections[i], strerror(-err));
				return err;
			}
		return 0;
	}
	err = sa_abi_load_file(abi, path);
	if (err)
		sa_warn("--abi %s: %s", path, sa_slurp_strerror(err));
	return err;
}

int sa_abi_load_cmd(struct sa_abi *abi, const char *const *paths, int npaths,
		    const char *series)
{
	int err;

	if (!npaths) {
		struct utsname u;

		if (!series)
			series = sa_abi_builtin_series(uname(&u) ? "" : u.release);
		err = sa_abi_builtin_load(abi, series);
		if (err == -ENOENT)
			sa_warn("no built-in ABI table%s%s (this build had no linux-source); "
				"give --abi DIR", series ? " for " : "", series ? series : "");
		else if (!err)
			fprintf(stderr, "sysfs-audit: abi: the built-in table of linux-source %s\n",
				sa_abi_builtin_version(series));
		return err;
	}
	for (int i = 0; i < npaths; i++)
		if ((err = load_path(abi, paths[i])))
			return err;
	return 0;
}

