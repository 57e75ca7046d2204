// SPDX-License-Identifier: GPL-2.0
/* Counts by key, link kind and verdict inside a sentence (counts_out.h). */
#include "output/counts_out.h"

void sa_print_counts(FILE *f, const unsigned long long keys[SA_KEY_N],
		     const unsigned long long links[SA_LK_N])
{
	fputs("would have carried:", f);
	for (int k = 0; k < SA_KEY_N; k++)
		fprintf(f, "%s %s %llu", k ? "," : "", sa_keys[k].name, keys[k]);
	fputs("\nlegacy links needed:", f);
	for (int i = 0; i < SA_LK_N; i++) {
		enum sa_link_kind k = sa_link_kind_shown(i);

		fprintf(f, "%s %s %llu", i ? "," : "", sa_link_kinds[k].title, links[k]);
	}
	fputc('\n', f);
}

void sa_print_verdicts(FILE *f, const unsigned long long n[SA_DC_N], bool count_first)
{
	for (int i = 0; i < SA_DC_N; i++) {
		enum sa_dep_conf c = sa_dep_conf_shown(i);

		if (count_first)
			fprintf(f, "%s%llu %s", i ? ", " : "", n[c], sa_dep_confs[c].text);
		else
			fprintf(f, "%s%s %llu", i ? ", " : "", sa_dep_confs[c].text, n[c]);
	}
}

void sa_print_verdict_verbs(FILE *f)
{
	for (int i = 0; i < SA_DC_N; i++)
		fprintf(f, "%s%s", i ? "/" : "", sa_dep_confs[sa_dep_conf_shown(i)].verb);
}
