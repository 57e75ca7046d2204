// SPDX-License-Identifier: GPL-2.0
/*
 * The boot's own reasons for an incomplete boot audit (boot_why.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "common/atomic_file.h"
#include "common/slurp.h"
#include "model/report.h"
#include "reports/boot_why.h"

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
	const char *s = json_object_to_json_string_ext(ctx, JSON_C_TO_STRING_PLAIN);

	return s && fprintf(f, "%s\n", s) >= 0 ? 0 : -EIO;
}

int sa_boot_why_add(const char *report, unsigned int mask)
{
	json_object *o = NULL, *boot, *why;
	unsigned int have = 0;
	size_t len, n;
	char *buf;
	int err;

	if (!mask)
		return 0;
	err = sa_slurp(report, SA_REPORT_MAX_BYTES, &buf, &len);
	if (err)
		return err;
	o = json_tokener_parse(buf);
	free(buf);
	if (!o || !json_object_object_get_ex(o, "boot", &boot) ||
	    !json_object_is_type(boot, json_type_object)) {
		json_object_put(o);
		return o ? 0 : -EINVAL;		/* no boot audit: nothing to say */
	}
	if (!json_object_object_get_ex(boot, "incomplete", &why) ||
	    !json_object_is_type(why, json_type_array)) {
		why = json_object_new_array();
		json_object_object_add(boot, "incomplete", why);
	}
	n = json_object_array_length(why);
	for (size_t i = 0; i < n; i++)
		have |= 1u << sa_gap_recorded_parse(json_object_get_string(
			json_object_array_get_idx(why, i)));
	for (int g = SA_GAP_FIRST_RECORDED; g < SA_GAP_N; g++)
		if (mask & ~have & 1u << g)
			json_object_array_add(why, json_object_new_string(sa_gap_names[g]));
	err = (mask & ~have) ? sa_atomic_write(report, print_json, o) : 0;
	json_object_put(o);
	return err;
}
