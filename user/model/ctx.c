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
	s->physpath += !!l->physdevpath;
	s->physbus += !!l->physdevbus;
	s->physdrv += !!l->physdevdriver;
	s->nolegacy += !l->exists;
	s->truncated += !!c->trunc;
	for (i = 0; i < l->nlinks; i++) {
		const char *n = l->links[i].name;

		if (!strcmp(n, "device"))
			s->links_device++;
		else if (!strcmp(n, "bus"))
			s->links_bus++;
		else if (strchr(n, ':'))
			s->links_classname++;
		else
			s->links_classdir++;
	}
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
