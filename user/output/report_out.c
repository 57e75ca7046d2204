// SPDX-License-Identifier: GPL-2.0
/* The merged picture in a format of the table (format.h): its row renders it. */
#include <errno.h>

#include "output/report_out.h"

int sa_merged_print(FILE *f, const struct sa_merged *m, enum sa_format fmt, bool details)
{
	const struct sa_format_desc *fd = &sa_formats[fmt < SA_FMT_N ? fmt : SA_FMT_TEXT];

	fd->merged(f, m, fd, details);
	return fflush(f) || ferror(f) ? -EIO : 0;
}
