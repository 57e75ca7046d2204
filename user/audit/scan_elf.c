// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/scan_elf.h"

bool sa_is_elf(const char *buf, size_t len)
{
	return len >= SELFMAG && !memcmp(buf, ELFMAG, SELFMAG);
}

/* What a string in a binary tells. */
static const struct pattern {
	const char *needle, *also;	/* both in one NUL-terminated string */
	const char *kind;
	enum sa_sev sev;
	const char *message, *replacement;
} patterns[] = {
	{ "PHYSDEVPATH", NULL, "physdev-key", SA_SEV_ERROR,
	  "reads PHYSDEVPATH, which the kernel stopped sending with CONFIG_SYSFS_DEPRECATED: "
	  "find the parent device from DEVPATH instead", "the parent of /sys$DEVPATH" },
	{ "PHYSDEVBUS", NULL, "physdev-key", SA_SEV_ERROR,
	  "reads PHYSDEVBUS, which the kernel stopped sending with CONFIG_SYSFS_DEPRECATED: "
	  "use the 'subsystem' link of the first parent that has one", "parent's subsystem link" },
	{ "PHYSDEVDRIVER", NULL, "physdev-key", SA_SEV_ERROR,
	  "reads PHYSDEVDRIVER, which the kernel stopped sending with CONFIG_SYSFS_DEPRECATED: "
	  "use the 'driver' link of the parent device", "parent's driver link" },
	{ "WAIT_FOR_SYSFS", NULL, "removed-key", SA_SEV_WARNING,
	  "knows the WAIT_FOR_SYSFS udev key (udev before 174, or writes such rules)", NULL },
	{ "device/bus", "/sys", "legacy-path", SA_SEV_WARNING,
	  "uses the 'bus' link of a device, which went with CONFIG_SYSFS_DEPRECATED",
	  "device/subsystem" },
	{ "device/..", "/sys", "legacy-path", SA_SEV_NOTE,
	  "review: walks up from a 'device' link by path text; the number of levels changed "
	  "with the sysfs layout", NULL },
};

#define NPAT (sizeof(patterns) / sizeof(patterns[0]))

struct region {
	const char *p;
	size_t len;
	size_t off;	/* file offset */
};

struct state {
	const char *buf;
	size_t len;
	bool seen[NPAT];
	bool busybox_checked;
	sa_hit_cb cb;
	void *ctx;
};

/* The NUL-terminated string around @hit, bounded by the region. */
static void string_at(const struct region *r, const char *hit, const char **s, size_t *n)
{
	const char *b = hit, *e = hit;

	while (b > r->p && b[-1])
		b--;
	while (e < r->p + r->len && *e)
		e++;
	*s = b;
	*n = e - b;
}

static int scan_region(struct state *st, const struct region *r)
{
	for (size_t i = 0; i < NPAT; i++) {
		const struct pattern *pt = &patterns[i];
		const char *p = r->p, *end = r->p + r->len, *hit;
		size_t nl = strlen(pt->needle);

		if (st->seen[i])
			continue;
		while (p < end && (hit = memmem(p, end - p, pt->needle, nl))) {
			const char *s;
			size_t n;

			string_at(r, hit, &s, &n);
			if (!pt->also || memmem(s, n, pt->also, strlen(pt->also))) {
				struct sa_hit h = {
					.offset = (long long)(r->off + (hit - r->p)),
					.kind = pt->kind,
					.key = pt->needle,
					.sev = pt->sev,
					.message = pt->message,
					.replacement = pt->replacement,
				};
				int err;

				st->seen[i] = true;
				err = st->cb(&h, st->ctx);
				if (err)
					return err;
				break;
			}
			p = hit + nl;
		}
	}
	return 0;
}

/* BusyBox before 1.7 with mdev: mdev walked /sys/class with lstat + S_ISDIR. */
static int busybox(struct state *st, const struct region *r)
{
	static const char tag[] = "BusyBox v";
	const char *end = r->p + r->len, *v;
	unsigned int maj = 0, min = 0;
	char ver[16] = "";
	size_t i = 0;

	v = memmem(r->p, r->len, tag, sizeof(tag) - 1);
	if (!v || !memmem(r->p, r->len, "\0mdev\0", 6))
		return 0;
	v += sizeof(tag) - 1;
	while (v + i < end && i < sizeof(ver) - 1 &&
	       ((v[i] >= '0' && v[i] <= '9') || v[i] == '.')) {
		ver[i] = v[i];
		i++;
	}
	ver[i] = '\0';
	if (sscanf(ver, "%u.%u", &maj, &min) != 2 || maj > 1 || (maj == 1 && min >= 7))
		return 0;
	st->busybox_checked = true;
	{
		char msg[200];
		struct sa_hit h = {
			.offset = (long long)(r->off + (v - r->p)),
			.kind = "busybox-mdev",
			.key = "mdev",
			.sev = SA_SEV_ERROR,
			.message = msg,
			.replacement = "BusyBox 1.7 or later",
		};

		snprintf(msg, sizeof(msg), "BusyBox %s has mdev, which before 1.7 found devices "
			 "with lstat() + S_ISDIR under /sys/class and skips today's symlinks: "
			 "use BusyBox 1.7 or later", ver);
		return st->cb(&h, st->ctx);
	}
}

static int scan(struct state *st, const struct region *r)
{
	int err = scan_region(st, r);

	if (!err && !st->busybox_checked)
		err = busybox(st, r);
	return err;
}

static bool in_file(const struct state *st, unsigned long long off, unsigned long long size)
{
	return off <= st->len && size <= st->len - off;
}

int sa_scan_elf(const char *buf, size_t len, sa_hit_cb cb, void *ctx, const char **why)
{
	struct state st = { .buf = buf, .len = len, .cb = cb, .ctx = ctx };
	Elf_Scn *scn = NULL;
	size_t nsec = 0, phnum = 0, scanned = 0;
	bool past_end = false;
	GElf_Ehdr eh;
	Elf *e;
	int err = 0;

	if (elf_version(EV_CURRENT) == EV_NONE) {
		*why = "libelf is unusable";
		return -EINVAL;
	}
	/* libelf only reads a descriptor opened with elf_memory() */
	e = elf_memory((char *)buf, len);
	if (!e || elf_kind(e) != ELF_K_ELF) {
		*why = e ? "not an ELF object libelf can read" : elf_errmsg(-1);
		elf_end(e);
		return -EINVAL;
	}
	/* a file without section headers has only program headers, and back */
	if (elf_getshdrnum(e, &nsec))
		nsec = 0;
	if (elf_getphdrnum(e, &phnum))
		phnum = 0;
	/* headers that point past the end: truncated or corrupt, scan what is there */
	if (!gelf_getehdr(e, &eh) ||
	    (eh.e_shoff && !in_file(&st, eh.e_shoff, (unsigned long long)eh.e_shnum *
						      eh.e_shentsize)) ||
	    (eh.e_phoff && !in_file(&st, eh.e_phoff, (unsigned long long)eh.e_phnum *
						      eh.e_phentsize)))
		past_end = true;
	/* Read-only data: allocated PROGBITS that is neither code nor writable. */
	while (nsec && !err && (scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		struct region r;

		if (!gelf_getshdr(scn, &sh))
			break;
		if (sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_ALLOC) ||
		    (sh.sh_flags & (SHF_EXECINSTR | SHF_WRITE)))
			continue;
		if (!in_file(&st, sh.sh_offset, sh.sh_size)) {
			past_end = true;
			continue;
		}
		r = (struct region){ buf + sh.sh_offset, sh.sh_size, sh.sh_offset };
		err = scan(&st, &r);
		scanned++;
	}
	/* No usable sections (sstrip'ed BusyBox): the loadable segments. */
	for (size_t i = 0; !scanned && !err && i < phnum; i++) {
		GElf_Phdr ph;
		struct region r;

		if (!gelf_getphdr(e, i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (!in_file(&st, ph.p_offset, ph.p_filesz)) {
			past_end = true;
			continue;
		}
		r = (struct region){ buf + ph.p_offset, ph.p_filesz, ph.p_offset };
		err = scan(&st, &r);
	}
	if (!err && !nsec && !phnum) {
		*why = "no section or program headers (truncated or corrupt ELF)";
		err = -EINVAL;
	} else if (!err && past_end) {
		*why = "headers point past the end of the file (truncated or corrupt ELF); "
		       "the parts inside it were scanned";
		err = -EINVAL;
	}
	elf_end(e);
	return err;
}
