// SPDX-License-Identifier: GPL-2.0
/* The obsolete ABI's verdicts as text or JSON (output/abi_out.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>


#include "output/abi_out.h"
#include "output/escape.h"
#include "output/json_out.h"

const char *sa_abi_state_name(const struct sa_abi_use *u, enum sa_abi_state s)
{
	if (s == SA_ABI_UNUSED && !u->watched)
		s = SA_ABI_PRESENT;
	return sa_abi_states[s < SA_ABI_STATE_N ? s : SA_ABI_ABSENT].text;
}

static const char *state_json(const struct sa_abi_use *u, enum sa_abi_state s)
{
	if (s == SA_ABI_UNUSED && !u->watched)
		s = SA_ABI_PRESENT;
	return sa_abi_states[s < SA_ABI_STATE_N ? s : SA_ABI_ABSENT].name;
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
	size_t count[SA_ABI_STATE_N] = {};

	for (size_t o = 0; o < SA_ABI_STATE_N; o++)
		for (size_t i = 0; i < u->n; i++) {
			const struct sa_abi_verdict *v = &u->v[i];

			if (v->state != sa_abi_state_order[o])
				continue;
			count[v->state]++;
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
	fprintf(f, "%zu entries: %zu in use, %zu %s, %zu absent", u->n, count[SA_ABI_IN_USE],
		count[SA_ABI_UNUSED] + count[SA_ABI_PRESENT],
		u->watched ? "present and unused" : "present", count[SA_ABI_ABSENT]);
	if (u->watched)
		fprintf(f, "; watched %.1f s, %llu resolves after uevents or unknown nodes, "
			"%llu candidate opens (%llu confirmed, %llu gone or namesakes), "
			"%llu lost, %llu uncounted (map full), %llu malformed",
			watched_s(u), u->refreshes, u->candidates, u->confirmed, u->unconfirmed,
			u->lost, u->map_full, u->malformed);
	fputc('\n', f);
	return ferror(f) ? -EIO : 0;
}

static void user_json(struct sa_jw *w, const struct sa_abi_use *u, const struct sa_abi_user *a)
{
	sa_jw_object(w, NULL);
	sa_jw_str(w, "exe", a->id.exe[0] ? a->id.exe : NULL);
	sa_jw_str(w, "exe_package", a->id.exe_pkg[0] ? a->id.exe_pkg : NULL);
	sa_jw_str(w, "script", a->id.script[0] ? a->id.script : NULL);
	sa_jw_str(w, "script_package", a->id.script_pkg[0] ? a->id.script_pkg : NULL);
	sa_jw_str(w, "comm", a->id.comm);
	sa_jw_str(w, "argv", a->id.args);
	sa_jw_str(w, "unit", a->id.unit[0] ? a->id.unit : NULL);
	sa_jw_str(w, "container", a->id.ns[0] ? a->id.ns : NULL);
	sa_jw_str(w, "path", a->path);
	sa_jw_u64(w, "opens", a->count);
	sa_jw_u64(w, "first_ms", rel_ms(u, a->first_ns));
	sa_jw_u64(w, "last_ms", rel_ms(u, a->last_ns));
	sa_jw_bool(w, "writes", a->wrote);
	sa_jw_array(w, "pids");
	for (unsigned int i = 0; i < a->npids; i++)
		sa_jw_i64(w, NULL, a->pids[i]);
	sa_jw_end(w);
	sa_jw_end(w);
}

void sa_abi_use_members(struct sa_jw *w, const struct sa_abi_use *u)
{
	if (u->watched)
		sa_jw_u64(w, "watched_ms", (u->end_ns > u->start_ns ? u->end_ns - u->start_ns : 0) /
			  1000000);
	else
		sa_jw_null(w, "watched_ms");
	sa_jw_array(w, "entries");
	for (size_t i = 0; i < u->n; i++) {
		const struct sa_abi_verdict *v = &u->v[i];

		sa_jw_object(w, NULL);
		sa_jw_str(w, "file", v->file);
		sa_jw_u64(w, "line", v->line);
		sa_jw_str(w, "what", v->what);
		sa_jw_str(w, "date", v->date[0] ? v->date : NULL);
		sa_jw_str(w, "kernel_version", v->kernel_version[0] ? v->kernel_version : NULL);
		sa_jw_str(w, "verdict", state_json(u, v->state));
		sa_jw_u64(w, "paths", v->present);
		sa_jw_str(w, "example", v->present ? v->example : NULL);
		sa_jw_array(w, "users");
		for (size_t k = 0; k < v->nusers; k++)
			user_json(w, u, &v->users[k]);
		sa_jw_end(w);
		sa_jw_end(w);
	}
	sa_jw_end(w);
	if (u->watched) {
		sa_jw_object(w, "stats");
		sa_jw_u64(w, "lost", u->lost);
		sa_jw_u64(w, "map_full", u->map_full);
		sa_jw_u64(w, "candidates", u->candidates);
		sa_jw_u64(w, "confirmed", u->confirmed);
		sa_jw_u64(w, "unconfirmed", u->unconfirmed);
		sa_jw_u64(w, "refreshes", u->refreshes);
		sa_jw_u64(w, "malformed", u->malformed);
		sa_jw_end(w);
	} else {
		sa_jw_null(w, "stats");
	}
}

static int print_json(FILE *f, const struct sa_abi_use *u)
{
	struct sa_jw w;

	sa_jw_init(&w, f, SA_JW_LINE);
	sa_jw_object(&w, NULL);
	sa_jw_str(&w, "type", u->watched ? "abi-watch" : "abi-list");
	sa_abi_use_members(&w, u);
	sa_jw_end(&w);
	return sa_jw_finish(&w) ? -EIO : 0;
}

int sa_abi_print(FILE *f, enum sa_format fmt, const struct sa_abi_use *u)
{
	return fmt == SA_FMT_JSON ? print_json(f, u) : print_text(f, u);
}
