// SPDX-License-Identifier: GPL-2.0
/*
 * Claiming the boot audit's pins (pin_claim.h). Done before the recorder
 * reads /sys: until the dependents' programs know the adopter's tgid, its
 * own lookups would fill the ring the initramfs's records wait in.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "cmd/pin_claim.h"
#include "loader/pin.h"
#include "model/phase.h"
#include "sysfs_audit.skel.h"
#include "dependents.skel.h"

/* One pinned object: where, its opened (not loaded) twin, and its .bss fields. */
struct claim {
	const char *sub;
	struct bpf_object *obj;
	struct bpf_map *bss;
	size_t until_off;	/* unadopted_until_ns */
	long self_off;		/* self_tgid; -1: none */
	void *mem;		/* the pinned .bss, mapped */
};

static int check(const char *root, struct claim *c, int n, char *why, size_t len)
{
	char dir[4096], path[4200];
	long stamp;
	int err;

	snprintf(path, sizeof(path), "%s/%s/map_pin_stamp", root, SA_PIN_UEVENTS);
	stamp = sa_pin_read_stamp(path);
	if (stamp < 0)
		return (int)stamp;
	if (stamp != SA_PIN_FORMAT) {
		if (stamp)
			snprintf(why, len, "pinned in format %ld, this build reads %d", stamp,
				 SA_PIN_FORMAT);
		else
			snprintf(why, len, "pinned without a format stamp (an older sysfs-audit); "
				 "this build reads format %d", SA_PIN_FORMAT);
		return -ESTALE;
	}
	for (int i = 0; i < n; i++) {
		if (!sa_pin_present(root, c[i].sub))
			continue;
		err = sa_pin_check_maps(c[i].obj, sa_pin_dir(dir, sizeof(dir), root, c[i].sub),
					why, len);
		if (err)
			return err;
	}
	err = sa_pin_check_links(&c[0].obj, 1, sa_pin_dir(dir, sizeof(dir), root, SA_PIN_UEVENTS),
				 why, len);
	if (!err && sa_pin_present(root, SA_PIN_DEPLINKS))
		err = sa_pin_check_links(&c[1].obj, 1, sa_pin_dir(dir, sizeof(dir), root,
								  SA_PIN_DEPLINKS), why, len);
	return err;
}

static int map_bss(const char *root, struct claim *c)
{
	char dir[4096];
	size_t size = bpf_map__value_size(c->bss);
	int fd = sa_pin_map_fd(sa_pin_dir(dir, sizeof(dir), root, c->sub), c->bss);

	if (fd < 0)
		return fd;
	c->mem = sa_pin_mmap(fd, size);
	close(fd);
	return c->mem ? 0 : -errno;
}

static unsigned long long *until_of(const struct claim *c)
{
	return (unsigned long long *)((char *)c->mem + c->until_off);
}

int sa_pin_claim(const char *root, char *why, size_t len)
{
	struct sysfs_audit_bpf *tr = sysfs_audit_bpf__open();
	struct dependents_bpf *dp = dependents_bpf__open();
	struct claim c[2] = {
		{ SA_PIN_UEVENTS, NULL, NULL, offsetof(struct sysfs_audit_bpf__bss,
						       unadopted_until_ns), -1, NULL },
		{ SA_PIN_DEPS, NULL, NULL, offsetof(struct dependents_bpf__bss, unadopted_until_ns),
		  offsetof(struct dependents_bpf__bss, self_tgid), NULL },
	};
	const int n = 2;
	unsigned long long now, expired = 0;
	int err = 0;

	*why = '\0';
	if (!tr || !dp) {
		err = -ENOMEM;
		goto out;
	}
	c[0].obj = tr->obj;
	c[0].bss = tr->maps.bss;
	c[1].obj = dp->obj;
	c[1].bss = dp->maps.bss;
	if (!sa_pin_present(root, SA_PIN_UEVENTS)) {
		err = -ENOENT;
		goto out;
	}
	err = check(root, c, n, why, len);
	for (int i = 0; !err && i < n; i++)
		if (sa_pin_present(root, c[i].sub))
			err = map_bss(root, &c[i]);
	if (err)
		goto out;
	now = sa_mono_ns();
	for (int i = 0; i < n; i++)
		if (c[i].mem && *until_of(&c[i]) && now > *until_of(&c[i]))
			expired = *until_of(&c[i]);
	if (expired) {
		snprintf(why, len, "its hooks stopped at %.1f s, %.1f s before this adoption "
			 "(boot --start --adopt-within)", expired / 1e9, (now - expired) / 1e9);
		err = -ETIME;
		goto out;
	}
	/* The self filter first: from here on our reads of /sys stay out of the ring. */
	for (int i = 0; i < n; i++)
		if (c[i].mem && c[i].self_off >= 0)
			__atomic_store_n((unsigned int *)((char *)c[i].mem + c[i].self_off),
					 (unsigned int)getpid(), __ATOMIC_SEQ_CST);
	for (int i = 0; i < n; i++)
		if (c[i].mem)
			__atomic_store_n(until_of(&c[i]), 0ULL, __ATOMIC_SEQ_CST);
out:
	for (int i = 0; i < n; i++)
		if (c[i].mem)
			munmap(c[i].mem, bpf_map__value_size(c[i].bss));
	sysfs_audit_bpf__destroy(tr);
	dependents_bpf__destroy(dp);
	return err;
}
