// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel command line's words (cmdline.h). The kernel splits it at
 * blanks outside double quotes and drops the quotes (`a="b c"`, `"a=b"`);
 * so do we.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/cmdline.h"

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/*
 * The next word from *@p into @w (quotes dropped, cut to @len - 1 bytes),
 * *@p moved past it. False at the end.
 */
static bool next_word(const char **p, char *w, size_t len)
{
	const char *s = *p;
	bool quoted = false;
	size_t n = 0;

	while (blank(*s))
		s++;
	if (!*s)
		return false;
	for (; *s && (quoted || !blank(*s)); s++) {
		if (*s == '"') {
			quoted = !quoted;
			continue;
		}
		if (n + 1 < len)
			w[n++] = *s;
	}
	w[n] = '\0';
	*p = s;
	return true;
}

static bool in(const char *v, const char *const *set)
{
	for (; *set; set++)
		if (!strcmp(v, *set))
			return true;
	return false;
}

static const char *const off[] = { "0", "no", "off", "false", "n", NULL };
static const char *const on[] = { "1", "yes", "on", "true", "y", NULL };

bool sa_cmdline_off_word(const char *word, size_t n, const char *name)
{
	size_t nlen = strlen(name);
	char v[8];

	if (n <= nlen + 1 || n - nlen - 1 >= sizeof(v) || strncmp(word, name, nlen) ||
	    word[nlen] != '=')
		return false;
	memcpy(v, word + nlen + 1, n - nlen - 1);
	v[n - nlen - 1] = '\0';
	return in(v, off);
}

/*
 * An off value anywhere wins, whatever comes after it: systemd's
 * ConditionKernelCommandLine=! (the units') can only match a word
 * anywhere, and the three readers must agree on every line.
 */
enum sa_switch sa_cmdline_switch(const char *cmdline, const char *name)
{
	enum sa_switch sw = SA_SWITCH_UNSET;
	size_t nlen = strlen(name);
	char w[256];

	while (cmdline && next_word(&cmdline, w, sizeof(w))) {
		if (strncmp(w, name, nlen))
			continue;
		if (w[nlen] == '=' && in(w + nlen + 1, off))
			return SA_SWITCH_OFF;
		if (!w[nlen] || (w[nlen] == '=' && in(w + nlen + 1, on)))
			sw = SA_SWITCH_ON;
	}
	return sw;
}

bool sa_cmdline_has(const char *cmdline, const char *word)
{
	char w[256];

	while (cmdline && next_word(&cmdline, w, sizeof(w)))
		if (!strcmp(w, word))
			return true;
	return false;
}

int sa_cmdline_read(char *buf, size_t len)
{
	const char *path = getenv("SYSFS_AUDIT_CMDLINE");
	int fd = open(path && *path ? path : "/proc/cmdline", O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	size_t n = 0;
	ssize_t got;

	if (!len)
		return -EINVAL;
	*buf = '\0';
	if (fd < 0)
		return -errno;
	while (n + 1 < len && (got = read(fd, buf + n, len - 1 - n)) != 0) {
		if (got < 0) {
			if (errno == EINTR)
				continue;
			got = -errno;
			close(fd);
			return (int)got;
		}
		n += (size_t)got;
	}
	close(fd);
	buf[n] = '\0';
	/* A NUL inside ends it, as it would end any C reader's. */
	return 0;
}

bool sa_boot_switched_off(void)
{
	char buf[4096];

	return !sa_cmdline_read(buf, sizeof(buf)) &&
	       sa_cmdline_switch(buf, SA_CMDLINE_BOOT) == SA_SWITCH_OFF;
}
