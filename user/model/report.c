// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE		/* timegm */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "common/common.h"
#include "model/report.h"

const char *const sa_dep_loss_names[SA_DLOST_N] = {
	[SA_DLOST_RING] = "ring",
	[SA_DLOST_MAP_FULL] = "map_full",
	[SA_DLOST_STORE_FULL] = "store_full",
};

void sa_need_add(struct sa_need *d, const struct sa_need *s)
{
	d->events = sa_sat_add(d->events, s->events);
	for (int k = 0; k < SA_KEY_N; k++)
		d->keys[k] = sa_sat_add(d->keys[k], s->keys[k]);
	for (int k = 0; k < SA_LK_N; k++)
		d->links[k] = sa_sat_add(d->links[k], s->links[k]);
}

void sa_time_format(time_t t, char *buf, size_t len)
{
	struct tm tm;

	if (!gmtime_r(&t, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, len, "1970-01-01T00:00:00Z");
}

int sa_time_parse(const char *s, time_t *out)
{
	struct tm tm = {};
	const char *end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);

	if (!end || *end)
		return -EINVAL;
	/*
	 * Before the epoch is no time a host's clock gives (and timegm's -1
	 * is also its error): refused whole, not one second of it.
	 */
	if (tm.tm_year < 70)
		return -EINVAL;
	*out = timegm(&tm);
	return *out < 0 ? -EINVAL : 0;
}
