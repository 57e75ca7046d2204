// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include <json-c/json.h>

#include "report.h"
#include "tracer.h"

static const char *dash(const char *s)
{
	return s && *s ? s : "-";
}

void sa_print_header(FILE *f, bool trace)
{
	if (trace)
		fprintf(f, "%-7s %-7s ", "SEQNUM", "ACTION");
	fprintf(f, "%-12s %-10s %-14s %s -> %s  %s\n", "SUBSYSTEM", "PHYSDEVBUS",
		"PHYSDEVDRIVER", "DEVPATH", "LEGACY-DEVPATH", "PHYSDEVPATH");
}

static void add_str(json_object *o, const char *k, const char *v)
{
	json_object_object_add(o, k, v ? json_object_new_string(v) : json_object_new_null());
}

static const char *const trunc_names[] = {
	"name", "class", "devpath", "subsystem", "devname", "bus", "driver",
	"ownbus", "chain", "kobject-path",
};

static json_object *legacy_json(const struct sa_legacy *l)
{
	json_object *o = json_object_new_object(), *links;

	json_object_object_add(o, "exists", json_object_new_boolean(l->exists));
	add_str(o, "devpath", l->devpath);
	add_str(o, "PHYSDEVPATH", l->physdevpath);
	add_str(o, "PHYSDEVBUS", l->physdevbus);
	add_str(o, "PHYSDEVDRIVER", l->physdevdriver);
	links = json_object_new_array();
	for (int i = 0; i < l->nlinks; i++) {
		json_object *k = json_object_new_object();
		char path[4096];

		snprintf(path, sizeof(path), "%s/%s", l->links[i].dir, l->links[i].name);
		add_str(k, "link", path);
		add_str(k, "target", l->links[i].target);
		json_object_array_add(links, k);
	}
	json_object_object_add(o, "links", links);
	return o;
}

int sa_print_row(FILE *f, bool json, const struct sa_ctx *c, const struct sa_legacy *l)
{
	if (json) {
		json_object *o = json_object_new_object();

		add_str(o, "type", c->source ? "event" : "device");
		if (c->source) {
			json_object_object_add(o, "seqnum", c->seqnum ?
					       json_object_new_uint64(c->seqnum) :
					       json_object_new_null());
			add_str(o, "action", c->action);
		}
		add_str(o, "subsystem", c->subsystem);
		add_str(o, "devpath", c->devpath);
		add_str(o, "devname", c->devname && *c->devname ? c->devname : NULL);
		if (!c->source) {
			add_str(o, "class", c->class);
			add_str(o, "bus", c->bus);
			add_str(o, "driver", c->driver);
		}
		if (c->source) {
			json_object_object_add(o, "sent", json_object_new_boolean(c->sent));
			json_object_object_add(o, "ret", json_object_new_int(c->ret));
			add_str(o, "source", c->source);
		}
		json_object_object_add(o, "legacy", legacy_json(l));
		if (c->trunc) {
			json_object *t = json_object_new_array();

			for (unsigned int b = 0; b < sizeof(trunc_names) / sizeof(*trunc_names); b++)
				if (c->trunc & (1u << b))
					json_object_array_add(t, json_object_new_string(trunc_names[b]));
			json_object_object_add(o, "truncated", t);
		}
		fprintf(f, "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
								 JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(o);
	} else {
		if (c->source) {
			if (c->seqnum)
				fprintf(f, "%-7llu ", c->seqnum);
			else
				fprintf(f, "%-7s ", "-");
			fprintf(f, "%-7s ", c->action);
		}
		fprintf(f, "%-12s %-10s %-14s %s%s -> %s  %s\n", dash(c->subsystem),
			dash(l->physdevbus), dash(l->physdevdriver), c->devpath,
			c->trunc ? " [truncated]" : "",
			l->exists ? l->devpath : "(none)", dash(l->physdevpath));
	}
	return ferror(f) ? -1 : 0;
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

void sa_print_summary(FILE *f, bool json, const struct sa_summary *s, const char *attach,
		      const struct sa_trace_stats *st)
{
	if (json) {
		json_object *o = json_object_new_object(), *by, *keys, *links;

		add_str(o, "type", "summary");
		add_str(o, "attach", attach);
		json_object_object_add(o, attach ? "events" : "devices",
				       json_object_new_uint64(s->events));
		if (st) {
			json_object_object_add(o, "seen", json_object_new_uint64(st->seen));
			json_object_object_add(o, "emitted", json_object_new_uint64(st->emitted));
			json_object_object_add(o, "lost", json_object_new_uint64(st->lost));
			json_object_object_add(o, "unread", json_object_new_uint64(st->unread));
			json_object_object_add(o, "malformed", json_object_new_uint64(st->malformed));
			json_object_object_add(o, "skipped", json_object_new_uint64(st->skipped));
		}
		json_object_object_add(o, "truncated", json_object_new_uint64(s->truncated));
		json_object_object_add(o, "no_legacy_counterpart", json_object_new_uint64(s->nolegacy));
		by = json_object_new_object();
		for (int i = 0; i < s->nsubsys; i++)
			json_object_object_add(by, s->subsys[i].name,
					       json_object_new_uint64(s->subsys[i].n));
		if (s->other_subsys)
			json_object_object_add(by, "(other)", json_object_new_uint64(s->other_subsys));
		json_object_object_add(o, "by_subsystem", by);
		keys = json_object_new_object();
		json_object_object_add(keys, "PHYSDEVPATH", json_object_new_uint64(s->physpath));
		json_object_object_add(keys, "PHYSDEVBUS", json_object_new_uint64(s->physbus));
		json_object_object_add(keys, "PHYSDEVDRIVER", json_object_new_uint64(s->physdrv));
		json_object_object_add(o, "would_carry", keys);
		links = json_object_new_object();
		json_object_object_add(links, "class_directory", json_object_new_uint64(s->links_classdir));
		json_object_object_add(links, "device", json_object_new_uint64(s->links_device));
		json_object_object_add(links, "class_name", json_object_new_uint64(s->links_classname));
		json_object_object_add(links, "bus", json_object_new_uint64(s->links_bus));
		json_object_object_add(o, "legacy_links", links);
		fprintf(f, "%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
								 JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(o);
		return;
	}
	fprintf(f, "\n%llu %s", s->events, attach ? "events" : "devices");
	if (st)
		fprintf(f, " (attach: %s; seen by BPF %llu, emitted %llu, lost %llu, unread %llu)",
			attach, st->seen, st->emitted, st->lost, st->unread);
	fprintf(f, "\n%-20s %s\n", "SUBSYSTEM", attach ? "EVENTS" : "DEVICES");
	for (int i = 0; i < s->nsubsys; i++)
		fprintf(f, "%-20s %llu\n", s->subsys[i].name, s->subsys[i].n);
	if (s->other_subsys)
		fprintf(f, "%-20s %llu\n", "(other)", s->other_subsys);
	fprintf(f, "would have carried: PHYSDEVPATH %llu, PHYSDEVBUS %llu, PHYSDEVDRIVER %llu\n",
		s->physpath, s->physbus, s->physdrv);
	fprintf(f, "legacy links needed: device %llu, <class>:<name> %llu, class directory %llu, bus %llu\n",
		s->links_device, s->links_classname, s->links_classdir, s->links_bus);
	if (s->nolegacy)
		fprintf(f, "without a legacy counterpart: %llu\n", s->nolegacy);
	if (s->truncated)
		fprintf(f, "with truncated fields: %llu\n", s->truncated);
}
