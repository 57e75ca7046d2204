// SPDX-License-Identifier: GPL-2.0
/*
 * capbset - run a command as systemd runs a root service with
 * CapabilityBoundingSet=LIST and NoNewPrivileges=yes: every capability not
 * in LIST leaves the bounding set, so the exec'd root process is permitted
 * only LIST. For the installed-layout guest test, which has no systemd.
 *
 *   capbset "CAP_BPF CAP_PERFMON ..." COMMAND [ARG...]
 */
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

static const struct { const char *name; int cap; } caps[] = {
	{ "CAP_SYS_ADMIN", CAP_SYS_ADMIN }, { "CAP_SYS_RESOURCE", CAP_SYS_RESOURCE },
	{ "CAP_DAC_OVERRIDE", CAP_DAC_OVERRIDE }, { "CAP_SYS_PTRACE", CAP_SYS_PTRACE },
	{ "CAP_NET_ADMIN", CAP_NET_ADMIN }, { "CAP_SYS_MODULE", CAP_SYS_MODULE },
	{ "CAP_PERFMON", 38 }, { "CAP_BPF", 39 },
};

static int lookup(const char *name)
{
	for (size_t i = 0; i < sizeof(caps) / sizeof(caps[0]); i++)
		if (!strcmp(name, caps[i].name))
			return caps[i].cap;
	return -1;
}

int main(int argc, char **argv)
{
	unsigned long long keep = 0;
	char *list, *tok;
	int c;

	if (argc < 3) {
		fprintf(stderr, "usage: capbset \"CAP_X CAP_Y\" COMMAND [ARG...]\n");
		return 2;
	}
	list = strdup(argv[1]);
	for (tok = strtok(list, " ,"); tok; tok = strtok(NULL, " ,")) {
		c = lookup(tok);
		if (c < 0) {
			fprintf(stderr, "capbset: unknown capability '%s'\n", tok);
			return 2;
		}
		keep |= 1ULL << c;
	}
	for (c = 0; c < 64 && prctl(PR_CAPBSET_READ, c, 0, 0, 0) >= 0; c++)
		if (!(keep & (1ULL << c)) && prctl(PR_CAPBSET_DROP, c, 0, 0, 0)) {
			perror("capbset: PR_CAPBSET_DROP");
			return 1;
		}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) {
		perror("capbset: PR_SET_NO_NEW_PRIVS");
		return 1;
	}
	execvp(argv[2], argv + 2);
	perror(argv[2]);
	return 127;
}
