// SPDX-License-Identifier: GPL-2.0
/* Whose code a uevent file read is judged by (uevent_reader.h). */
#include <stdio.h>
#include <string.h>

#include "audit/fingerprint.h"
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

/* The running parent, from /proc: true when its code reads the keys. */
static bool live_parent(struct sa_dep_store *s, const struct sa_ident *id, unsigned int ppid,
			const char *proc, struct sa_ident *parent, char *pcode, size_t len)
{
	/* init (1) and the kernel's threads (0, 2) run no one's script */
	if (ppid <= 2 || ppid == id->tgid)
		return false;
	memset(parent, 0, sizeof(*parent));
	parent->pid = ppid;
	sa_ident_fill(parent, ppid, proc);
	if (!strcmp(parent->source, "none"))
		return false;	/* gone: its code cannot be told from a namesake's */
	read_comm(parent, proc);
	/* its mount namespace is its child's: a fork keeps it */
	memcpy(parent->ns, id->ns, sizeof(parent->ns));
	sa_dep_store_code(s, parent, pcode, len);
	return sa_fp_reads_keys(pcode);
}

/* The ancestor's #! script as the kernel recorded it, with the reader's identity. */
static bool recorded_script(struct sa_dep_store *s, const struct sa_ident *id,
			    const char *script, struct sa_ident *parent, char *pcode, size_t len)
{
	if (!script || !*script || !strcmp(script, id->script))
		return false;
	*parent = *id;
	snprintf(parent->script, sizeof(parent->script), "%s", script);
	parent->script_pkg[0] = '\0';
	sa_dep_store_code(s, parent, pcode, len);
	return sa_fp_reads_keys(pcode);
}

bool sa_uevent_reader(struct sa_dep_store *s, const struct sa_ident *id, unsigned int ppid,
		      const char *anc_script, const char *proc, struct sa_ident *parent,
		      char *code, size_t len, char *via, size_t vialen)
{
	char pcode[sizeof(((struct sa_dependent *)0)->fingerprint)];

	sa_dep_store_code(s, id, code, len);
	if (sa_fp_reads_keys(code))
		return false;
	if (!live_parent(s, id, ppid, proc, parent, pcode, sizeof(pcode)) &&
	    !recorded_script(s, id, anc_script, parent, pcode, sizeof(pcode)))
		return false;
	snprintf(code, len, "%s", pcode);
	snprintf(via, vialen, "%s (pid %u)", id->comm, id->pid);
	return true;
}
