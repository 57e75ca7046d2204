// SPDX-License-Identifier: GPL-2.0
/*
 * The obsolete ABI a command reads (cmd/abi_load.h): `abi`, `record --abi`
 * and the static audit read it the same way.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include "audit/abi_builtin.h"
#include "cmd/abi_load.h"
#include "cmd/exit_status.h"
#include "common/common.h"
#include "common/slurp.h"

int sa_abi_load_path(struct sa_abi *abi, const char *path)
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
		if ((err = sa_abi_load_path(abi, paths[i])))
			return err;
	return 0;
}

int sa_audit_abi_load(const struct sa_audit_opts *o, struct sa_abi *abi,
		      struct sa_abi_strings **m)
{
	/* a program runs on more than one kernel: every series built in, newest first */
	static const char *const series[] = { "6.12", "6.1" };
	int err = 0, found = 0;

	*m = NULL;
	if (o->no_abi)
		return 0;
	for (int i = 0; i < o->nabi; i++)
		if (sa_abi_load_path(abi, o->abi[i]))
			return EXIT_ABI;
	if (o->nabi && !abi->n) {
		sa_warn("--abi: no ABI entry read");
		return EXIT_ABI;
	}
	for (size_t i = 0; !o->nabi && i < sizeof(series) / sizeof(series[0]); i++) {
		err = sa_abi_builtin_load(abi, series[i]);
		if (err && err != -ENOENT)
			return EXIT_FAIL;
		found += !err;
	}
	if (!o->nabi && !found) {
		sa_warn("no built-in obsolete-ABI table (this build had no linux-source): paths "
			"of obsolete ABI are not looked for; give --abi DIR");
		return 0;
	}
	/* named, never dropped: the entries read are still looked for */
	for (size_t i = 0; i < abi->nerr; i++)
		sa_warn("%s:%d: %s", abi->err[i].file, abi->err[i].line, abi->err[i].what);
	*m = sa_abi_strings_new(abi);
	return *m ? 0 : EXIT_FAIL;
}
