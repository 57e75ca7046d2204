// SPDX-License-Identifier: GPL-2.0
/* The format table (format.h). */
#include <stdio.h>
#include <string.h>

#include "output/fleet_html.h"
#include "output/format.h"
#include "output/merged_out.h"

static const struct sa_text_layout text_layout = {
	.esc = SA_ESC_TEXT, .boot_head = "BOOT: ", .boot_gap = "", .item = "  ",
	.line_sep = "", .line_lead = "    ", .line_end = "\n",
	.warn_open = "WARNING: ", .warn_close = "",
};

static const struct sa_text_layout markdown_layout = {
	.esc = SA_ESC_MARKDOWN, .boot_head = "", .boot_gap = "\n", .item = "- ",
	.line_sep = "<br>", .line_lead = "", .line_end = "",
	.warn_open = "\n**", .warn_close = "**",
};

const struct sa_format_desc sa_formats[] = {
	[SA_FMT_TEXT] = { "text", ".txt", &text_layout, sa_merged_text },
	[SA_FMT_JSON] = { "json", ".json", NULL, sa_merged_json },
	[SA_FMT_MARKDOWN] = { "markdown", ".md", &markdown_layout, sa_merged_markdown },
	{ "html", ".html", NULL, sa_merged_html },
};

const size_t sa_nformats = sizeof(sa_formats) / sizeof(*sa_formats);

const struct sa_format_desc *sa_format_by_name(const char *name)
{
	for (size_t i = 0; i < sa_nformats; i++)
		if (!strcmp(sa_formats[i].name, name))
			return &sa_formats[i];
	return NULL;
}

const char *sa_format_list(const char *sep, const char *last)
{
	static char buf[256];
	size_t n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sa_nformats && n < sizeof(buf); i++)
		n += snprintf(buf + n, sizeof(buf) - n, "%s%s",
			      !i ? "" : i == sa_nformats - 1 ? last : sep, sa_formats[i].name);
	return buf;
}
