// SPDX-License-Identifier: GPL-2.0
/* Whose code a uevent file read is judged by (uevent_reader.h). */
#include <stdio.h>
#include <string.h>

#include "deps/identity.h"
#include "deps/uevent_reader.h"

static void read_comm(struct sa_ident *id, const char *proc)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%u/comm", proc, id->tgid);
	f = fopen(path, "re");
	if (!f)
		return;
	if (fgets(id->comm, sizeof(id->comm), f))
		id->comm[strcspn(id->comm, "\n")] = '\0';
	fclose(f);
}

/* The running parent, from /proc: what its code proves (enum sa_fp_scope). */
static unsigned int live_parent(struct sa_dep_store *s, const struct sa_ident *id,
				unsigned int ppid, const char *proc, struct sa_ident *parent,
				char *pcode, size_t len)
{
	/* init (1) and the kernel's threads (0, 2) run no one's script */
	if (ppid <= 2 || ppid == id->tgid)
		return SA_FP_NONE;
	memset(parent, 0, sizeof(*parent));
	parent->pid = ppid;
	sa_ident_fill(parent, ppid, proc);
	if (!strcmp(parent->source, "none"))
		return SA_FP_NONE;	/* gone: its code cannot be told from a namesake's */
	read_comm(parent, proc);
	/* its mount namespace is its child's: a fork keeps it */
	memcpy(parent->ns, id->ns, sizeof(parent->ns));
	/*
	 * And its files are read as its child, whose uid the kernel recorded
	 * (named_file.h): never as root for a script a user's argv names.
	 */
	parent->uid = id->uid;
	return sa_dep_store_code(s, parent, pcode, len);
}

/* The ancestor's script as the kernel recorded it, with the reader's identity. */
static unsigned int recorded_script(struct sa_dep_store *s, const struct sa_ident *id,
				    const char *script, struct sa_ident *parent, char *pcode,
				    size_t len)
{
	if (!script || !*script || !strcmp(script, id->script))
		return SA_FP_NONE;
	*parent = *id;
	snprintf(parent->script, sizeof(parent->script), "%s", script);
	parent->script_pkg[0] = '\0';
	return sa_dep_store_code(s, parent, pcode, len);
}

bool sa_uevent_reader(struct sa_dep_store *s, const struct sa_ident *id, unsigned int ppid,
		      const char *anc_script, const char *proc, struct sa_ident *parent,
		      char *code, size_t len, unsigned int *scope, char *via, size_t vialen)
{
	char pcode[sizeof(((struct sa_dependent *)0)->fingerprint)];
	unsigned int ps;

	*scope = sa_dep_store_code(s, id, code, len);
	if (*scope & SA_FP_KEYS)
		return false;
	ps = live_parent(s, id, ppid, proc, parent, pcode, sizeof(pcode));
	if (!(ps & SA_FP_KEYS))
		ps = recorded_script(s, id, anc_script, parent, pcode, sizeof(pcode));
	if (!(ps & SA_FP_KEYS))
		return false;
	*scope = ps;
	snprintf(code, len, "%s", pcode);
	snprintf(via, vialen, "%s (pid %u)", id->comm, id->pid);
	return true;
}
