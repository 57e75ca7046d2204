// SPDX-License-Identifier: GPL-2.0
/* The obsolete ABI's verdicts as text or JSON (output/abi_out.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

#include <json-c/json.h>

#include "output/abi_out.h"
#include "output/escape.h"
#include "output/json_out.h"

const char *sa_abi_state_name(const struct sa_abi_use *u, enum sa_abi_state s)
{
	switch (s) {
	case SA_ABI_IN_USE:
		return "in use";
	case SA_ABI_UNUSED:
		return u->watched ? "present, unused while watched" : "present";
	case SA_ABI_ABSENT:
		break;
	}
	return "absent on this host";
}

/* Seconds since the watch began (or 0 before it). */
static double rel_s(const struct sa_abi_use *u, unsigned long long ns)
{
	return ns > u->start_ns ? (ns - u->start_ns) / 1e9 : 0;
}

/* The same in whole milliseconds, for JSON (no float noise in a report). */
static unsigned long long rel_ms(const struct sa_abi_use *u, unsigned long long ns)
{
	return ns > u->start_ns ? (ns - u->start_ns) / 1000000 : 0;
}

static double watched_s(const struct sa_abi_use *u)
{
	return u->end_ns > u->start_ns ? (u->end_ns - u->start_ns) / 1e9 : 0;
}

/* Part of a line, escaped: what came from other processes cannot move the cursor. */
static __attribute__((format(printf, 2, 3))) void frag(FILE *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sa_esc_vprint(f, fmt, ap);
	va_end(ap);
}

static void print_user_text(FILE *f, const struct sa_abi_use *u, const struct sa_abi_user *a)
{
	frag(f, "    by %s%s%s%s%s%s", a->id.exe[0] ? a->id.exe : a->id.comm,
		    a->id.exe_pkg[0] ? " (" : "", a->id.exe_pkg, a->id.exe_pkg[0] ? ")" : "",
		    a->id.script[0] ? " script " : "", a->id.script);
	if (a->id.script_pkg[0])
		frag(f, " (%s)", a->id.script_pkg);
	frag(f, ": %llu open%s%s, first +%.2f s, last +%.2f s, pid", a->count,
		    a->count == 1 ? "" : "s", a->wrote ? " (writes)" : "", rel_s(u, a->first_ns),
		    rel_s(u, a->last_ns));
	for (unsigned int i = 0; i < a->npids; i++)
		fprintf(f, "%s%u", i ? "," : " ", a->pids[i]);
	fputc('\n', f);
	sa_esc_line(f, "       argv \"%s\"%s%s%s%s, %s\n", a->id.args, a->id.unit[0] ? ", unit " : "",
		    a->id.unit, a->id.ns[0] ? ", " : "", a->id.ns, a->path);
}

static int print_text(FILE *f, const struct sa_abi_use *u)
{
	static const enum sa_abi_state order[] = { SA_ABI_IN_USE, SA_ABI_UNUSED, SA_ABI_ABSENT };
	size_t count[3] = {};

	for (size_t o = 0; o < 3; o++)
		for (size_t i = 0; i < u->n; i++) {
			const struct sa_abi_verdict *v = &u->v[i];

			if (v->state != order[o])
				continue;
			count[o]++;
			frag(f, "%s:%d %s: %s", v->file, v->line, v->what,
				    sa_abi_state_name(u, v->state));
			if (v->state == SA_ABI_UNUSED && u->watched)
				fprintf(f, " (%.1f s)", watched_s(u));
			if (v->state != SA_ABI_ABSENT)
				frag(f, " [%zu path%s, %s]", v->present, v->present == 1 ? "" : "s",
					    v->example);
			fputc('\n', f);
			for (size_t k = 0; k < v->nusers; k++)
				print_user_text(f, u, &v->users[k]);
		}
	fprintf(f, "%zu entries: %zu in use, %zu %s, %zu absent", u->n, count[0], count[1],
		u->watched ? "present and unused" : "present", count[2]);
	if (u->watched)
		fprintf(f, "; watched %.1f s, %llu resolves after uevents or unknown nodes, "
			"%llu candidate opens (%llu confirmed, %llu gone or namesakes), "
			"%llu lost, %llu uncounted (map full), %llu malformed",
			watched_s(u), u->refreshes, u->candidates, u->confirmed, u->unconfirmed,
			u->lost, u->map_full, u->malformed);
	fputc('\n', f);
	return ferror(f) ? -EIO : 0;
}

static json_object *user_json(const struct sa_abi_use *u, const struct sa_abi_user *a)
{
	json_object *o = json_object_new_object(), *p = json_object_new_array();

	sa_json_add_str(o, "exe", a->id.exe[0] ? a->id.exe : NULL);
	sa_json_add_str(o, "exe_package", a->id.exe_pkg[0] ? a->id.exe_pkg : NULL);
	sa_json_add_str(o, "script", a->id.script[0] ? a->id.script : NULL);
	sa_json_add_str(o, "script_package", a->id.script_pkg[0] ? a->id.script_pkg : NULL);
	sa_json_add_str(o, "comm", a->id.comm);
	sa_json_add_str(o, "argv", a->id.args);
	sa_json_add_str(o, "unit", a->id.unit[0] ? a->id.unit : NULL);
	sa_json_add_str(o, "container", a->id.ns[0] ? a->id.ns : NULL);
	sa_json_add_str(o, "path", a->path);
	sa_json_add_u64(o, "opens", a->count);
	sa_json_add_u64(o, "first_ms", rel_ms(u, a->first_ns));
	sa_json_add_u64(o, "last_ms", rel_ms(u, a->last_ns));
	json_object_object_add(o, "writes", json_object_new_boolean(a->wrote));
	for (unsigned int i = 0; i < a->npids; i++)
		json_object_array_add(p, json_object_new_int64(a->pids[i]));
	json_object_object_add(o, "pids", p);
	return o;
}

static int print_json(FILE *f, const struct sa_abi_use *u)
{
	json_object *doc = json_object_new_object(), *es = json_object_new_array(), *st;
	int r;

	sa_json_add_str(doc, "type", u->watched ? "abi-watch" : "abi-list");
	sa_json_add_opt_i64(doc, "watched_ms", (long long)(watched_s(u) * 1000), u->watched);
	for (size_t i = 0; i < u->n; i++) {
		const struct sa_abi_verdict *v = &u->v[i];
		json_object *e = json_object_new_object(), *us = json_object_new_array();

		sa_json_add_str(e, "file", v->file);
		sa_json_add_u64(e, "line", v->line);
		sa_json_add_str(e, "what", v->what);
		sa_json_add_str(e, "date", v->date[0] ? v->date : NULL);
		sa_json_add_str(e, "kernel_version", v->kernel_version[0] ? v->kernel_version : NULL);
		sa_json_add_str(e, "verdict", sa_abi_state_name(u, v->state));
		sa_json_add_u64(e, "paths", v->present);
		sa_json_add_str(e, "example", v->present ? v->example : NULL);
		for (size_t k = 0; k < v->nusers; k++)
			json_object_array_add(us, user_json(u, &v->users[k]));
		json_object_object_add(e, "users", us);
		json_object_array_add(es, e);
	}
	json_object_object_add(doc, "entries", es);
	if (u->watched) {
		st = json_object_new_object();
		sa_json_add_u64(st, "lost", u->lost);
		sa_json_add_u64(st, "map_full", u->map_full);
		sa_json_add_u64(st, "candidates", u->candidates);
		sa_json_add_u64(st, "confirmed", u->confirmed);
		sa_json_add_u64(st, "unconfirmed", u->unconfirmed);
		sa_json_add_u64(st, "refreshes", u->refreshes);
		sa_json_add_u64(st, "malformed", u->malformed);
		json_object_object_add(doc, "stats", st);
	}
	r = sa_json_print_line(f, doc);
	json_object_put(doc);
	return r ? -EIO : 0;
}

int sa_abi_print(FILE *f, enum sa_format fmt, const struct sa_abi_use *u)
{
	return fmt == SA_FMT_JSON ? print_json(f, u) : print_text(f, u);
}
