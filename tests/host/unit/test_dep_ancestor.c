// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for a record's ancestor (user/deps/identity.c): a process a
 * script started, with no script of its own (BusyBox cat in a #! script),
 * is named by that script, from what the kernel read while the script ran
 * (SA_DEP_F_ANC_IN_ARGS: anc_args[] holds the ancestor's #! script, or
 * its executable's name and argv). Issue 49, item 15. TAP.
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"

#include "dep_records.h"
#include "deps/identity.h"

/* A lookup record of BusyBox @argv ('|' between the arguments). */
static void mkrec(struct sa_dep_rec *r, const char *argv)
{
	size_t n = strlen(argv) + 1;

	memset(r, 0, sizeof(*r));
	r->op = SA_DEP_OP_MISS;
	r->pid = r->tgid = 200;
	r->ppid = 199;
	snprintf(r->exe[0], sizeof(r->exe[0]), "busybox");
	snprintf(r->exe[1], sizeof(r->exe[1]), "bin");
	r->nexe = 2;
	r->exe_ino = 7;
	memcpy(r->args, argv, n);
	for (size_t i = 0; i < n; i++)
		if (r->args[i] == '|')
			r->args[i] = '\0';
	r->args_len = n;
	snprintf(r->comm, sizeof(r->comm), "cat");
}

/* anc_args[] = @a ('|' for a NUL), @n bytes with the last NUL. */
static void set_anc(struct sa_dep_rec *r, unsigned int flags, const char *a)
{
	size_t n = strlen(a) + 1;

	memcpy(r->anc_args, a, n);
	for (size_t i = 0; i < n; i++)
		if (r->anc_args[i] == '|')
			r->anc_args[i] = '\0';
	r->anc_args_len = n;
	r->flags |= flags | SA_DEP_F_ANC_IN_ARGS;
}

static const char *script_of(const struct sa_dep_rec *r)
{
	static struct sa_ident id;

	memset(&id, 0, sizeof(id));
	sa_ident_from_rec(&id, r, "/nonexistent-proc", NULL);
	return id.script;
}

int main(void)
{
	struct sa_dep_rec r;

	mkrec(&r, "cat|/sys/devices/x/block:vda/dev");
	is(script_of(&r), "", "cat with no ancestor known: no script (BusyBox's own)");
	set_anc(&r, SA_DEP_F_ANC_SCRIPT, "/tmp/c/children.sh");
	is(script_of(&r), "/tmp/c/children.sh",
	   "cat run by a #! script: named by the script, exe stays BusyBox");

	mkrec(&r, "cat|/sys/x");
	set_anc(&r, SA_DEP_F_ANC_ARGV, "dash|sh|-e|/etc/hotplug.d/legacy.sh|add");
	is(script_of(&r), "/etc/hotplug.d/legacy.sh", "cat run by `sh -e script`: the script");
	mkrec(&r, "cat|/sys/x");
	set_anc(&r, SA_DEP_F_ANC_ARGV, "bash|bash|--rcfile|/tmp/rc|-c|cat /sys/x");
	is(script_of(&r), "", "cat run by `bash --rcfile FILE -c`: no script (FILE not blamed)");
	mkrec(&r, "cat|/sys/x");
	set_anc(&r, SA_DEP_F_ANC_ARGV, "systemd-udevd|/lib/systemd/systemd-udevd");
	is(script_of(&r), "", "run by a binary (udevd): no script");

	/* its own script wins: a #! of its own, a shell's operand, a NOEXEC applet's argv */
	mkrec(&r, "/bin/sh|/tmp/own.sh");
	set_anc(&r, SA_DEP_F_ANC_SCRIPT, "/tmp/parent.sh");
	is(script_of(&r), "/tmp/own.sh", "a shell running a script of its own: that one");
	mkrec(&r, "cat|/sys/x");
	r.flags |= SA_DEP_F_SCRIPT;
	snprintf(r.script, sizeof(r.script), "/usr/lib/own-hashbang");
	set_anc(&r, SA_DEP_F_ANC_SCRIPT, "/tmp/parent.sh");
	is(script_of(&r), "/usr/lib/own-hashbang", "a #! script of its own: that one");

	/* nothing in it is trusted */
	mkrec(&r, "cat|/sys/x");
	set_anc(&r, SA_DEP_F_ANC_SCRIPT, "/tmp/parent.sh");
	r.anc_args_len = 5;	/* no NUL within */
	is(script_of(&r), "", "anc_args without a NUL within its length: none");
	r.anc_args_len = sizeof(r.anc_args) + 1;
	is(script_of(&r), "", "anc_args_len beyond its array: none");
	mkrec(&r, "cat|/sys/x");
	set_anc(&r, 0, "/tmp/parent.sh");
	is(script_of(&r), "", "F_ANC_IN_ARGS with neither F_ANC_SCRIPT nor F_ANC_ARGV: none");
	mkrec(&r, "cat|/sys/x");
	set_anc(&r, SA_DEP_F_ANC_ARGV, "dash");
	is(script_of(&r), "", "an executable's name and no argv: none");

	/* a uevent read keeps its ancestor in req[]: the reader logic decides, not this */
	mkrec(&r, "grep|PHYSDEVPATH=|/sys/x/uevent");
	r.op = SA_DEP_OP_READ_UEVENT;
	r.flags |= SA_DEP_F_ANC_SCRIPT;
	snprintf(r.req, sizeof(r.req), "/tmp/parent.sh");
	is(script_of(&r), "", "a uevent read's ancestor (req[]): left to sa_uevent_reader()");
	return tap_done();
}
