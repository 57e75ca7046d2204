// SPDX-License-Identifier: GPL-2.0
/*
 * The boot's own reasons for an incomplete boot audit (boot_why.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/atomic_file.h"
#include "common/slurp.h"
#include "model/report.h"
#include "output/json_out.h"
#include "reports/boot_why.h"
#include "reports/value_of.h"

/* One line, @len bytes without its newline: a reason, junk, or nothing. */
static unsigned int reason_of(const char *s, size_t len)
{
	char name[SA_BOOT_WHY_LINE + 1];

	while (len && (s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	while (len && (*s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	if (!len)
		return 0;
	if (len > SA_BOOT_WHY_LINE || memchr(s, '\0', len))
		return 1u << SA_GAP_OTHER;
	memcpy(name, s, len);
	name[len] = '\0';
	return 1u << sa_gap_recorded_parse(name);
}

int sa_boot_why_read(const char *path, unsigned int *mask)
{
	/* A FIFO or a device must not hang the recorder: non-blocking, regular only. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
	char buf[SA_BOOT_WHY_MAX + 1];
	size_t n = 0, start = 0;
	struct stat st;
	ssize_t got;

	if (fd < 0)
		return errno == ELOOP ? -EINVAL : -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	/* One byte more than we take: it says whether there was more. */
	while (n < sizeof(buf) && (got = read(fd, buf + n, sizeof(buf) - n)) != 0) {
		if (got < 0) {
			if (errno == EINTR)
				continue;
			close(fd);
			return -errno;
		}
		n += (size_t)got;
	}
	close(fd);
	if (n > SA_BOOT_WHY_MAX) {
		n = SA_BOOT_WHY_MAX;
		*mask |= 1u << SA_GAP_OTHER;
	}
	for (size_t i = 0; i <= n; i++) {
		if (i < n && buf[i] != '\n')
			continue;
		*mask |= reason_of(buf + start, i - start);
		start = i + 1;
	}
	return 0;
}

int sa_boot_why_append(const char *path, enum sa_gap_reason r)
{
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK,
		      0644);
	char line[SA_BOOT_WHY_LINE + 2];
	int n, err = 0;

	if (fd < 0)
		return -errno;
	n = snprintf(line, sizeof(line), "%s\n", sa_gap_names[r]);
	if (write(fd, line, (size_t)n) != n)
		err = -EIO;
	if (close(fd) && !err)
		err = -errno;
	return err;
}

static int print_json(FILE *f, void *ctx)
{
	struct sa_jw w;

	sa_jw_init(&w, f, SA_JW_LINE);
	sa_jw_value(&w, NULL, ctx);
	return sa_jw_finish(&w) ? -EIO : 0;
}

/* Member @key of object @o, or NULL. */
static struct sa_value *member(struct sa_value *o, const char *key)
{
	for (size_t i = 0; o->type == SA_V_OBJECT && i < o->n; i++)
		if (!strcmp(o->v[i].key, key))
			return &o->v[i];
	return NULL;
}

/*
 * Add the reasons of @mask to the report's boot.incomplete and write it
 * again, in the layout record wrote it in (the writer's, json_out.h).
 */
int sa_boot_why_add(const char *report, unsigned int mask)
{
	struct sa_value o = { 0 }, *boot, *why, *e;
	unsigned int have = 0;
	size_t len;
	char *buf;
	int err;

	if (!mask)
		return 0;
	err = sa_slurp(report, SA_REPORT_MAX_BYTES, &buf, &len);
	if (err)
		return err;
	err = sa_value_parse(buf, len, &o);
	free(buf);
	if (err) {
		sa_value_clear(&o);
		return err;
	}
	boot = member(&o, "boot");
	if (!boot || boot->type != SA_V_OBJECT) {
		sa_value_clear(&o);
		return 0;		/* no boot audit: nothing to say */
	}
	why = member(boot, "incomplete");
	if (!why) {
		why = sa_value_append(boot, "incomplete");
		if (!why) {
			sa_value_clear(&o);
			return -ENOMEM;
		}
	}
	if (why->type != SA_V_ARRAY) {
		sa_value_clear(why);
		why->type = SA_V_ARRAY;
	}
	for (size_t i = 0; i < why->n; i++)
		have |= 1u << sa_gap_recorded_parse(why->v[i].type == SA_V_STRING ?
						    why->v[i].s : NULL);
	for (int g = SA_GAP_FIRST_RECORDED; !err && g < SA_GAP_N; g++) {
		if (!(mask & ~have & 1u << g))
			continue;
		e = sa_value_append(why, NULL);
		if (!e || !(e->s = strdup(sa_gap_names[g]))) {
			err = -ENOMEM;
			break;
		}
		e->type = SA_V_STRING;
		e->len = strlen(e->s);
	}
	if (!err && (mask & ~have))
		err = sa_atomic_write(report, print_json, &o);
	sa_value_clear(&o);
	return err;
}
