// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "model/ctx.h"

static const char *dash(const char *s)
{
	return s && *s ? s : "-";
}

struct sa_ctx sa_ctx_of_dev(const struct sa_dev *d)
{
	return (struct sa_ctx){
		.subsystem = d->class ? d->class : d->bus,
		.devpath = d->path,
		.devname = d->devname,
		.class = d->class,
		.bus = d->bus,
		.driver = d->driver,
	};
}

void sa_summary_add(struct sa_summary *s, const struct sa_ctx *c, const struct sa_legacy *l)
{
	int i;

	s->events++;
	for (i = 0; i < SA_KEY_N; i++)
		s->keys[i] += !!l->key[i];
	s->nolegacy += !l->exists;
	s->truncated += !!c->trunc;
	for (i = 0; i < l->nlinks; i++)
		s->links[sa_link_kind_of(l->links[i].name)]++;
	for (i = 0; i < s->nsubsys; i++)
		if (!strcmp(s->subsys[i].name, dash(c->subsystem)))
			break;
	if (i == s->nsubsys) {
		if (i == SA_MAX_SUBSYS) {
			s->other_subsys++;
			return;
		}
		snprintf(s->subsys[i].name, sizeof(s->subsys[i].name), "%s", dash(c->subsystem));
		s->nsubsys++;
	}
	s->subsys[i].n++;
}
