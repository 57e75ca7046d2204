// SPDX-License-Identifier: GPL-2.0
/* The names of a dependent's kind, confidence and rule (reports, output, tests). */
#include <stdio.h>
#include <string.h>

#include "common/common.h"

#include "model/dependent.h"

static const char *const kind_names[SA_DK_MAX] = {
	[SA_DK_NONE] = "none",
	[SA_DK_LISTENER] = "listener",
	[SA_DK_LEGACY_NAME] = "legacy-name",
	[SA_DK_SYMLINK_DIR] = "symlink-where-dir",
	[SA_DK_LINK_TEXT] = "link-text",
	[SA_DK_LEGACY_READDIR] = "legacy-readdir",
	[SA_DK_HELPER] = "helper",
	[SA_DK_UEVENT_READ] = "uevent-read",
};

const char *sa_dep_kind_name(enum sa_dep_kind k)
{
	return k < SA_DK_MAX ? kind_names[k] : "?";
}

const struct sa_dep_conf_desc sa_dep_confs[SA_DC_N] = {
	[SA_DC_SUSPECT] = { "suspect", "suspect", "suspects", "suspect", "are suspect", 2 },
	[SA_DC_FALLS_BACK] = { "falls-back", "falls_back", "falls_back", "falls back",
			       "fall back", 1 },
	[SA_DC_BREAKS] = { "breaks", "breaks", "breaks", "breaks", "break", 0 },
};

enum sa_dep_conf sa_dep_conf_shown(int i)
{
	for (int c = 0; c < SA_DC_N; c++)
		if (sa_dep_confs[c].shown == i)
			return c;
	return i;
}

const char *sa_dep_conf_name(enum sa_dep_conf c)
{
	return c < SA_DC_N ? sa_dep_confs[c].name : "?";
}

int sa_dep_conf_parse(const char *s)
{
	if (!s || !strcmp(s, "confirmed"))
		return SA_DC_BREAKS;
	for (int c = 0; c < SA_DC_N; c++)
		if (!strcmp(s, sa_dep_confs[c].name))
			return c;
	return -1;
}

static const char *shown_name(int i)
{
	return sa_dep_confs[sa_dep_conf_shown(i)].name;
}

const char *sa_dep_conf_list(char *buf, size_t len)
{
	return sa_or_list(buf, len, SA_DC_N, shown_name);
}

const char *sa_dep_conf_names(char *buf, size_t len)
{
	return sa_comma_list(buf, len, SA_DC_N, shown_name);
}

static const char *const rule_names[SA_DR_MAX] = {
	[SA_DR_NONE] = "none",
	[SA_DR_MISS_LEGACY_LINK] = "miss-legacy-link",
	[SA_DR_MISS_LEGACY_PATH] = "miss-legacy-path",
	[SA_DR_MISS_LOOKS_LEGACY] = "miss-looks-legacy",
	[SA_DR_LSTAT_LEGACY_DIR] = "lstat-legacy-dir",
	[SA_DR_READLINK_DEVICE] = "readlink-device",
	[SA_DR_READLINK_ENTRY] = "readlink-entry",
	[SA_DR_READDIR] = "readdir",
	[SA_DR_LISTEN_KERNEL] = "listen-kernel",
	[SA_DR_LISTEN_UDEV] = "listen-udev",
	[SA_DR_HELPER] = "helper",
	[SA_DR_FINGERPRINT] = "fingerprint",
	[SA_DR_FALLS_BACK] = "modern-lookup",
	[SA_DR_UEVENT_KEYS] = "uevent-keys",
};

const char *sa_dep_rule_name(enum sa_dep_rule r)
{
	return r < SA_DR_MAX ? rule_names[r] : "?";
}


const struct sa_pkg_via_desc sa_pkg_vias[SA_PV_N] = {
	[SA_PV_PATH] = { NULL, "" },
	[SA_PV_COPY] = { "initramfs-copy", "copied into the initramfs" },
	[SA_PV_DIFFERS] = { "differs", "not the host's file" },
	[SA_PV_NO_HOST_FILE] = { "no-host-file", "not on the host" },
	[SA_PV_UNREAD] = { "unread", "not compared with the host's file" },
};

int sa_pkg_via_parse(const char *s)
{
	if (!s)
		return SA_PV_PATH;
	for (int i = SA_PV_PATH + 1; i < SA_PV_N; i++)
		if (!strcmp(s, sa_pkg_vias[i].name))
			return i;
	return -1;
}

static const char *via_name(int i)
{
	return sa_pkg_vias[i + 1].name;
}

const char *sa_pkg_via_list(char *buf, size_t len)
{
	return sa_or_list(buf, len, SA_PV_N - 1, via_name);
}

const char *sa_pkg_label(const char *pkg, int via, const char *exe, const char *none,
			 char *buf, size_t len)
{
	const char *p = pkg && *pkg ? pkg : NULL;

	exe = exe && *exe ? exe : "file";
	switch (via) {
	case SA_PV_COPY:
		if (p)
			snprintf(buf, len, "%s, copied into the initramfs", p);
		else
			snprintf(buf, len, "no package: a copy of the host's %s", exe);
		break;
	case SA_PV_DIFFERS:
		snprintf(buf, len, "no package: not the host's %s", exe);
		break;
	case SA_PV_NO_HOST_FILE:
		snprintf(buf, len, "no package: the host has no %s", exe);
		break;
	case SA_PV_UNREAD:
		snprintf(buf, len, "no package: not compared with the host's %s", exe);
		break;
	default:
		snprintf(buf, len, "%s", p ? p : none);
	}
	return buf;
}
