// SPDX-License-Identifier: GPL-2.0
/* The option blocks shared by several commands (cmd_opts.h). */
#include "cmd/cmd_opts.h"
#include "model/gate.h"

error_t sa_row_opt(struct sa_row_opts *o, int key)
{
	switch (key) {
	case 'j':
		o->fmt = SA_FMT_JSON;
		return 0;
	case 'H':
		o->no_header = true;
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

error_t sa_audit_opt(struct sa_audit_opts *o, const char *cmd, int key, char *arg,
		     struct argp_state *state)
{
	switch (key) {
	case 'j':
		o->fmt = SA_FMT_JSON;
		return 0;
	case 'F':
		sa_fail_on_arg(cmd, arg, SA_FAIL_FINDINGS | SA_FAIL_OBSOLETE, state, &o->fail_on);
		return 0;
	case SA_OPT_ABI:
		if (o->nabi == (int)(sizeof(o->abi) / sizeof(o->abi[0])))
			argp_error(state, "at most %zu --abi", sizeof(o->abi) / sizeof(o->abi[0]));
		o->abi[o->nabi++] = arg;
		return 0;
	case SA_OPT_NO_ABI:
		o->no_abi = true;
		return 0;
	case ARGP_KEY_END:
		if (o->no_abi && o->nabi)
			argp_error(state, "--abi and --no-abi contradict each other");
		return ARGP_ERR_UNKNOWN;
	case ARGP_KEY_ARG:
		/* every remaining argument is a path */
		o->paths = &state->argv[state->next - 1];
		o->npaths = state->argc - state->next + 1;
		state->next = state->argc;
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}
