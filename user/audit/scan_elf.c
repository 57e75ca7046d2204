// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/abi_strings.h"
#include "audit/scan_elf.h"
#include "model/legacy_key.h"

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
	/* the legacy keys' table (model/legacy_key.h), one pattern per key */
#define KEY_PATTERN(k, opt, elf, script, repl, match)				\
	{ #k, NULL, SA_KIND_PHYSDEV_KEY, SA_SEV_ERROR, SA_KEY_READS(#k) elf, repl },
	SA_LEGACY_KEYS(KEY_PATTERN)
#undef KEY_PATTERN
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
	size_t nseen;
	bool busybox_checked;
	struct sa_elf_stats stats;
	sa_hit_cb cb;
	void *ctx;
	const struct sa_abi_strings *abi;	/* NULL: obsolete ABI not looked for */
	struct sa_abi_names names;
};

static struct sa_elf_stats last_stats;

void sa_scan_elf_stats(struct sa_elf_stats *s)
{
	*s = last_stats;
}

static int report(struct state *st, size_t i, const struct region *r, const char *hit)
{
	const struct pattern *pt = &patterns[i];
	struct sa_hit h = {
		.offset = (long long)(r->off + (hit - r->p)),
		.kind = pt->kind,
		.key = pt->needle,
		.sev = pt->sev,
		.message = pt->message,
		.replacement = pt->replacement,
	};

	st->seen[i] = true;
	st->nseen++;
	return st->cb(&h, st->ctx);
}

/*
 * One pass: the region is cut into its NUL-terminated strings, and each
 * pattern is looked for once in each string (and its companion once), so
 * the work is linear in the region whatever it holds: a long string full
 * of hits costs no more than one without.
 */
struct abi_ctx {
	struct state *st;
	const struct region *r;
	const char *str;
};

static int on_abi_name(const struct sa_abi_name *nm, void *ctx)
{
	struct abi_ctx *c = ctx;

	return sa_abi_hit(nm, &c->st->names, 0, 0,
			  (long long)(c->r->off + (c->str - c->r->p) + nm->at), c->st->cb,
			  c->st->ctx);
}

static int scan_region(struct state *st, const struct region *r)
{
	const char *p = r->p, *end = r->p + r->len;

	st->stats.bytes += r->len;
	while (p < end && (st->nseen < NPAT || st->abi)) {
		const char *nul = memchr(p, '\0', end - p);
		size_t n = (nul ? nul : end) - p;

		if (st->abi && n && sa_abi_strings_maybe(p, n)) {
			struct abi_ctx c = { st, r, p };
			int err = sa_abi_strings_find(st->abi, p, n, SA_ABI_SYN_PRINTF, on_abi_name,
						      &c);

			if (err)
				return err;
		}

		for (size_t i = 0; n && i < NPAT; i++) {
			const struct pattern *pt = &patterns[i];
			const char *hit;
			int err;

			if (st->seen[i] || !(hit = memmem(p, n, pt->needle, strlen(pt->needle))))
				continue;
			if (pt->also && !memmem(p, n, pt->also, strlen(pt->also)))
				continue;
			err = report(st, i, r, hit);
			if (err)
				return err;
		}
		p += n + 1;
	}
	return 0;
}

/*
 * BusyBox with mdev, by the version of its banner (util-linux/mdev.c):
 * - before 1.7, "mdev -s" walked /sys/class with lstat() + S_ISDIR and
 *   skips today's symlinks: it breaks however it is run;
 * - 1.7 to 1.10, make_device() takes the node type from the text of
 *   "/sys" + DEVPATH: path[5] == 'c' is a char device (to 1.10.1), then
 *   "block/" or "class/block/" after "/sys/" is a block device (1.10.2 and
 *   its fix). As the uevent helper, today's DEVPATH (/devices/...) gives
 *   every node one type: it breaks there, so a warning here and evidence
 *   only for a helper (deps/dep_classify.c). "mdev -s" builds the path
 *   from /sys/block and /sys/class, which keep the text (its
 *   /sys/class/block entries typed char before the fix matter only when a
 *   build with FEATURE_MDEV_RENAME unlinks first: not visible here).
 *   1.11 is not flagged: no stored source of its tag shows which test it has.
 */
#define MDEV_FOLLOWS_LINKS	7	/* the first minor that is not the old walker */
#define MDEV_TYPE_UNKNOWN	11	/* the first minor not known to type by text */

static int busybox(struct state *st, const struct region *r)
{
	static const char tag[] = "BusyBox v";
	const char *end = r->p + r->len, *v;
	unsigned int maj = 0, min = 0, sub = 0;
	char ver[16] = "", msg[400];
	size_t i = 0;
	struct sa_hit h = { .key = "mdev", .message = msg, .version = ver };

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
	if (sscanf(ver, "%u.%u", &maj, &min) != 2 || maj > 1 ||
	    (maj == 1 && min >= MDEV_TYPE_UNKNOWN))
		return 0;
	st->busybox_checked = true;
	h.offset = (long long)(r->off + (v - r->p));
	if (maj == 0 || min < MDEV_FOLLOWS_LINKS) {
		h.kind = "busybox-mdev";
		h.sev = SA_SEV_ERROR;
		h.replacement = "BusyBox 1.7 or later";
		snprintf(msg, sizeof(msg), "BusyBox %s has mdev, which before 1.7 found devices "
			 "with lstat() + S_ISDIR under /sys/class and skips today's symlinks: "
			 "use BusyBox 1.7 or later", ver);
		return st->cb(&h, st->ctx);
	}
	/* to 1.10.1 every node is a block device; from 1.10.2 a character one */
	sscanf(ver, "%*u.%*u.%u", &sub);
	h.kind = SA_KIND_MDEV_HOTPLUG;
	h.sev = SA_SEV_WARNING;
	h.replacement = "a BusyBox whose mdev finds /block/ anywhere in DEVPATH";
	snprintf(msg, sizeof(msg), "BusyBox %s has mdev, which takes a node's type from the "
		 "DEVPATH text (/class/... or /block/...): run as the uevent helper "
		 "(kernel.hotplug) with today's DEVPATH (/devices/...) it makes every node a "
		 "%s device", ver,
		 min < 10 || (min == 10 && sub < 2) ? "block" : "character");
	return st->cb(&h, st->ctx);
}

static bool in_file(const struct state *st, unsigned long long off, unsigned long long size)
{
	return off <= st->len && size <= st->len - off;
}

static int cmp_region(const void *a, const void *b)
{
	const struct region *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

/*
 * Sections (or segments) may repeat or overlap: sorted by offset and merged,
 * every byte of the file is scanned at most once however many headers name it.
 */
static size_t merge_regions(struct region *v, size_t n)
{
	size_t m = 0;

	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_region);
	for (size_t i = 1; i < n; i++) {
		struct region *last = &v[m];
		size_t lend = last->off + last->len;

		if (v[i].off <= lend) {
			if (v[i].off + v[i].len > lend)
				last->len = v[i].off + v[i].len - last->off;
		} else {
			v[++m] = v[i];
		}
	}
	return m + 1;
}

static int add_region(struct state *st, struct region **v, size_t *n, size_t *cap,
		      unsigned long long off, unsigned long long size)
{
	if (!size)
		return 0;
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 16;
		struct region *p = realloc(*v, c * sizeof(*p));

		if (!p)
			return -ENOMEM;
		*v = p;
		*cap = c;
	}
	(*v)[(*n)++] = (struct region){ st->buf + off, size, off };
	return 0;
}

int sa_scan_elf(const char *buf, size_t len, sa_hit_cb cb, void *ctx, const char **why)
{
	return sa_scan_elf_abi(buf, len, NULL, cb, ctx, why);
}

int sa_scan_elf_abi(const char *buf, size_t len, const struct sa_abi_strings *abi,
		    sa_hit_cb cb, void *ctx, const char **why)
{
	struct state st = { .buf = buf, .len = len, .cb = cb, .ctx = ctx, .abi = abi };
	struct region *regs = NULL;
	size_t nsec = 0, phnum = 0, nregs = 0, cap = 0, nhdr;
	bool past_end = false, limited = false;
	Elf_Scn *scn = NULL;
	GElf_Ehdr eh;
	Elf *e;
	int err = 0;

	last_stats = st.stats;
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
	nhdr = 0;
	while (nsec && !err && (scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;

		if (++nhdr > SA_ELF_MAX_HEADERS) {
			limited = true;
			break;
		}
		st.stats.headers++;
		if (!gelf_getshdr(scn, &sh))
			break;
		if (sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_ALLOC) ||
		    (sh.sh_flags & (SHF_EXECINSTR | SHF_WRITE)))
			continue;
		if (!in_file(&st, sh.sh_offset, sh.sh_size)) {
			past_end = true;
			continue;
		}
		err = add_region(&st, &regs, &nregs, &cap, sh.sh_offset, sh.sh_size);
	}
	/* No usable sections (sstrip'ed BusyBox): the loadable segments. */
	for (size_t i = 0; !nregs && !err && i < phnum; i++) {
		GElf_Phdr ph;

		if (i >= SA_ELF_MAX_HEADERS) {
			limited = true;
			break;
		}
		st.stats.headers++;
		if (!gelf_getphdr(e, i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (!in_file(&st, ph.p_offset, ph.p_filesz)) {
			past_end = true;
			continue;
		}
		err = add_region(&st, &regs, &nregs, &cap, ph.p_offset, ph.p_filesz);
	}
	nregs = merge_regions(regs, nregs);
	st.stats.regions = nregs;
	for (size_t i = 0; !err && i < nregs; i++) {
		err = scan_region(&st, &regs[i]);
		if (!err && !st.busybox_checked)
			err = busybox(&st, &regs[i]);
	}
	if (!err)
		err = sa_abi_hit_more(&st.names, cb, ctx);
	free(regs);
	last_stats = st.stats;
	if (err == -ENOMEM) {
		*why = "out of memory";
	} else if (!err && !nsec && !phnum) {
		*why = "no section or program headers (truncated or corrupt ELF)";
		err = -EINVAL;
	} else if (!err && limited) {
		*why = "more than " SA_STR(SA_ELF_MAX_HEADERS) " section or program headers "
		       "(limit); the data the first ones name was scanned";
		err = -E2BIG;
	} else if (!err && past_end) {
		*why = "headers point past the end of the file (truncated or corrupt ELF); "
		       "the parts inside it were scanned";
		err = -EINVAL;
	}
	elf_end(e);
	return err;
}
