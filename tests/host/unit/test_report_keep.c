// SPDX-License-Identifier: GPL-2.0
/*
 * Boot audits kept per boot (reports/report_keep.c): one boot never
 * overwrites another's report, the newest is also boot-report.json, only
 * the last N stay, and nothing but our own files is ever removed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <time.h>
#include <sys/stat.h>

#include "reports/report_keep.h"
#include "tap.h"

static char dir[] = "/tmp/sa-keep-XXXXXX";

static void put(const char *name, const char *text)
{
	char p[256];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	f = fopen(p, "w");
	fputs(text, f);
	fclose(f);
}

static int has(const char *name, const char *text)
{
	char p[256], buf[64] = "";
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	f = fopen(p, "r");
	if (!f)
		return 0;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	return !text || !strcmp(buf, text);
}

int main(void)
{
	char keep[300], src[300], id[64], name[128];
	int err;

	if (!mkdtemp(dir))
		return 2;
	snprintf(keep, sizeof(keep), "%s/kept", dir);
	snprintf(src, sizeof(src), "%s/run.json", dir);
	put("run.json", "boot 0\n");
	ok(sa_report_keep("/nonexistent/report.json", keep, NULL, 3) == -ENOENT,
	   "no report to keep: -ENOENT, nothing created");
	ok(sa_report_keep(src, keep, "not-a-boot-id", 3) == -EINVAL,
	   "a boot id that is not one: refused (it names a file)");
	/* a boot id is 36 characters: a shorter or longer one of the same digits is not */
	ok(sa_report_keep(src, keep, "", 3) == -EINVAL &&
	   sa_report_keep(src, keep, "00000000-1111-2222-3333-44444444444", 3) == -EINVAL &&
	   sa_report_keep(src, keep, "00000000-1111-2222-3333-4444444444444", 3) == -EINVAL,
	   "a boot id of 0, 35 or 37 hex digits and dashes: refused");
	for (int i = 0; i < 5; i++) {
		char text[32];

		snprintf(text, sizeof(text), "boot %d\n", i);
		put("run.json", text);
		snprintf(id, sizeof(id), "0000000%u-1111-2222-3333-444444444444", (unsigned int)i % 10);
		err = sa_report_keep(src, keep, id, 3);
		ok(err == 0, "boot %d kept (%d)", i, err);
		/*
		 * Its age: seconds apart, the newer with the smaller nanoseconds,
		 * so the order is the seconds' (not the clock's, which can stay
		 * within one second), and the just-written one is the newest.
		 */
		snprintf(name, sizeof(name), "%s/kept/boot-%s.json", dir, id);
		utimensat(AT_FDCWD, name, (struct timespec[]){ { 0, UTIME_OMIT },
			  { time(NULL) - 100 + i, 900000000 - i * 100000000 } }, 0);
	}
#define KEPT(i) (snprintf(name, sizeof(name), "kept/boot-0000000%d-1111-2222-3333-444444444444.json", i), name)
	ok(!has(KEPT(0), NULL) && !has(KEPT(1), NULL), "the two oldest of five boots are gone (keep 3)");
	ok(has(KEPT(2), "boot 2\n") && has(KEPT(3), "boot 3\n") && has(KEPT(4), "boot 4\n"),
	   "the last three boots, each with its own report");
	ok(has("kept/" SA_KEEP_LATEST, "boot 4\n"), SA_KEEP_LATEST " is the newest boot's");
	put("kept/notes.txt", "mine\n");
	put("kept/boot-x.json", "not ours\n");
	sa_report_keep(src, keep, "00000005-1111-2222-3333-444444444444", 1);
	ok(has("kept/notes.txt", "mine\n") && has("kept/boot-x.json", "not ours\n") && has(KEPT(5), NULL) &&
	   !has(KEPT(4), NULL),
	   "pruning removes only boot-<boot id>.json files");
	{
		char cmd[400];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		if (system(cmd))
			return 2;
	}
	return tap_done();
}
