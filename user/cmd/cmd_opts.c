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
		sa_fail_on_arg(cmd, arg, SA_FAIL_FINDINGS, state, &o->fail_on);
		return 0;
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
