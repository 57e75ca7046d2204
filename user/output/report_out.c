// SPDX-License-Identifier: GPL-2.0
/* The merged picture in a format of the table (format.h): its row renders it. */
#include <errno.h>

#include "output/report_out.h"

int sa_merged_print_as(FILE *f, const struct sa_merged *m, const struct sa_format_desc *fd,
		       bool details)
{
	int rc = fd->merged(f, m, fd, details);

	if (fflush(f) || ferror(f))
		return -EIO;
	return rc < 0 ? (rc == -1 ? -EIO : rc) : 0;
}

int sa_merged_print(FILE *f, const struct sa_merged *m, enum sa_format fmt, bool details)
{
	return sa_merged_print_as(f, m, &sa_formats[fmt], details);
}
