// SPDX-License-Identifier: GPL-2.0
/*
 * boot --status: the settings that arm the boot audit (BOOT_AUDIT=yes, no
 * sysfs_audit.boot=0 on the kernel command line), and the order of all
 * the checks (reports/boot_armed.h).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/cmdline.h"
#include "common/shell_quote.h"
#include "common/slurp.h"
#include "reports/boot_armed.h"
#include "reports/boot_initrd.h"
#include "reports/boot_last.h"
#include "reports/boot_unit.h"

#define CONF_MAX (1UL << 20)
#define GRUB_DEFAULTS "/etc/default/grub"

/* The next line of @p (NUL-terminated), cut at '\n'; @p moves past it. NULL at the end. */
static char *next_line(char **p)
{
	char *l = *p, *nl;

	if (!l || !*l)
		return NULL;
	nl = strchr(l, '\n');
	if (nl) {
		*nl = '\0';
		*p = nl + 1;
	} else {
		*p = l + strlen(l);
	}
	return l;
}

/* The value of shell assignment @var= on line @l ("export" and quotes allowed), or NULL. */
static char *assigned(char *l, const char *var)
{
	size_t n = strlen(var);
	char *v, *end;

	l += strspn(l, " \t");
	if (!strncmp(l, "export", 6) && (l[6] == ' ' || l[6] == '\t'))
		l += 6 + strspn(l + 6, " \t");
	if (strncmp(l, var, n) || l[n] != '=')
		return NULL;
	v = l + n + 1;
	if (*v == '"' || *v == '\'') {
		end = strchr(v + 1, *v);
		v++;
	} else {
		end = v + strcspn(v, " \t#;");
	}
	if (end)
		*end = '\0';
	return v;
}

static void check_defaults(const struct sa_root *r, const char *pfx, struct sa_boot_status *s)
{
	char *buf = NULL, *p, *l, *v, val[64] = "";
	bool set = false;
	size_t len;
	int err = sa_armed_slurp(r, pfx, SA_DEFAULTS, CONF_MAX, &buf, &len);
	struct sa_check *c;

	if (err) {
		c = sa_check_add(s, SA_CHECK_NO, SA_DEFAULTS, "%s", err == -ENOENT ?
				 "missing: the initramfs hooks read BOOT_AUDIT= there" :
				 sa_slurp_strerror(err));
		if (err == -ENOENT)
			sa_check_fix(c, "echo BOOT_AUDIT=yes >>%s", SA_DEFAULTS);
		return;
	}
	p = buf;
	while ((l = next_line(&p))) {
		v = assigned(l, "BOOT_AUDIT");
		if (v) {
			/* the hooks source the file: the last assignment counts */
			snprintf(val, sizeof(val), "%s", v);
			set = true;
		}
	}
	free(buf);
	if (set && !strcmp(val, "yes")) {
		sa_check_add(s, SA_CHECK_OK, SA_DEFAULTS, "BOOT_AUDIT=yes");
		return;
	}
	c = sa_check_add(s, SA_CHECK_NO, SA_DEFAULTS, set ? "BOOT_AUDIT=%s" : "%s",
			 set ? val : "no BOOT_AUDIT= line (the hooks take no)");
	/* the line may be "export BOOT_AUDIT=...": the fix must match it too */
	sa_check_fix(c, set ? "sed -i 's/^[[:space:]]*\\(export[[:space:]]\\+\\)\\?"
		     "BOOT_AUDIT=.*/BOOT_AUDIT=yes/' %s" :
		     "echo BOOT_AUDIT=yes >>%s", SA_DEFAULTS);
}

const char *sa_armed_cmdline_off(const char *line, char *word, size_t len)
{
	const char *p = line;

	/*
	 * Word by word (quotes are not words). Any off value anywhere: the
	 * units' ConditionKernelCommandLine= lines do not start them then,
	 * and the initramfs's last step removes the pins (sysfs-audit(8)).
	 */
	while (*p) {
		size_t n;

		p += strspn(p, " \t\n\"'");
		n = strcspn(p, " \t\n\"'");
		if (sa_cmdline_off_word(p, n, SA_CMDLINE_BOOT)) {
			snprintf(word, len, "%.*s", (int)n, p);
			return word;
		}
		p += n;
	}
	return NULL;
}

/* One grub defaults file: a GRUB_CMDLINE_LINUX* assignment that disables it. */
static bool grub_off(const struct sa_root *r, const char *pfx, const char *file,
		     struct sa_boot_status *s, bool *read)
{
	char *buf = NULL, *p, *l, word[32], qfile[160];
	bool off = false;
	size_t len;

	if (sa_armed_slurp(r, pfx, file, CONF_MAX, &buf, &len))
		return false;
	*read = true;
	p = buf;
	while (!off && (l = next_line(&p))) {
		char *v = assigned(l, "GRUB_CMDLINE_LINUX");
		const char *var = "GRUB_CMDLINE_LINUX";
		struct sa_check *c;

		if (!v) {
			v = assigned(l, "GRUB_CMDLINE_LINUX_DEFAULT");
			var = "GRUB_CMDLINE_LINUX_DEFAULT";
		}
		if (!v || !sa_armed_cmdline_off(v, word, sizeof(word)))
			continue;
		c = sa_check_add(s, SA_CHECK_NO, file, "%s has %s: the next boot skips the audit",
				 var, word);
		/* @word is one of two fixed strings; @file is a name from the tree */
		if (sa_sh_quote(qfile, sizeof(qfile), file))
			sa_check_fix(c, "# the file's name holds bytes no pasted command carries "
				     "safely (or is too long): remove %s from it by hand", word);
		else
			sa_check_fix(c, "sed -i 's/ *%s//' %s && update-grub", word, qfile);
		off = true;
	}
	free(buf);
	return off;
}

static int is_cfg(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 4 && !strcmp(d->d_name + n - 4, ".cfg");
}

/*
 * The next boot's command line, as far as the tree says: GRUB's defaults
 * (update-grub writes them into grub.cfg). Another boot loader's is not
 * read.
 */
static void check_grub(const struct sa_root *r, const char *pfx, struct sa_boot_status *s)
{
	char dir[SA_ARMED_PATH], file[256 + 64];
	struct dirent **ents = NULL;
	bool read = false, off;
	int n;

	off = grub_off(r, pfx, GRUB_DEFAULTS, s, &read);
	snprintf(dir, sizeof(dir), "%s" GRUB_DEFAULTS ".d", pfx);
	n = sa_root_scandir(r, dir, &ents, is_cfg);
	for (int i = 0; i < n; i++) {
		if (!off) {
			snprintf(file, sizeof(file), GRUB_DEFAULTS ".d/%s", ents[i]->d_name);
			off = grub_off(r, pfx, file, s, &read);
		}
		free(ents[i]);
	}
	free(ents);
	if (off)
		return;
	if (read)
		sa_check_add(s, SA_CHECK_OK, "kernel command line",
			     "GRUB's defaults do not disable it (sysfs_audit.boot=0)");
	else
		sa_check_add(s, SA_CHECK_SKIP, "kernel command line",
			     "no " GRUB_DEFAULTS ": the boot loader's is not read");
}

/* This boot's command line: it changes nothing for the next one, unless it comes back. */
static void check_this_boot(const struct sa_armed_opts *o, struct sa_boot_status *s)
{
	char word[32];

	if (!o->cmdline) {
		sa_check_add(s, SA_CHECK_SKIP, "/proc/cmdline", "this boot's: not read (--root)");
		return;
	}
	if (sa_armed_cmdline_off(o->cmdline, word, sizeof(word)))
		sa_check_add(s, SA_CHECK_WARN, "/proc/cmdline",
			     "this boot's has %s: this boot was not audited (the next is, "
			     "unless its command line has it too)", word);
	else
		sa_check_add(s, SA_CHECK_OK, "/proc/cmdline", "this boot's does not disable it");
}

int sa_boot_armed(const struct sa_armed_opts *o, struct sa_boot_status *s)
{
	struct sa_root r;
	char pfx[PATH_MAX];
	int err = sa_root_init(&r, o->root, false);

	if (err)
		return err;
	/* every path below is under the tree: resolved inside it (common/root.h) */
	snprintf(pfx, sizeof(pfx), "%.*s", r.fd < 0 ? 0 : (int)r.len, r.path);
	check_defaults(&r, pfx, s);
	sa_armed_images(o, &r, pfx, s);
	sa_armed_unit(&r, pfx, s);
	check_grub(&r, pfx, s);
	check_this_boot(o, s);
	sa_boot_last(&r, pfx, s);
	sa_root_fini(&r);
	return 0;
}
