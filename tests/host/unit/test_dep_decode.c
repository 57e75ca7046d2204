// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for user/deps/dep_decode.c: a record packed the way
 * bpf/dep_common.bpf.h packs it comes back whole; a record cut short, with
 * a string that does not end, a string too long for its field, a count out
 * of range or arguments of another length than announced is refused. TAP.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "dep_pack.h"
#include "tap.h"

#include "deps/dep_decode.h"

static unsigned char buf[SA_DEP_PACK_MAX + 64];

static size_t put(size_t o, const char *s)
{
	return dep_pack_str(buf, o, s);
}

static size_t pack(const struct sa_dep_rec *r)
{
	return dep_pack(r, buf);
}

static struct sa_dep_rec sample(void)
{
	struct sa_dep_rec r;

	memset(&r, 0, sizeof(r));
	r.ts_ns = 123456789;
	r.key = (struct sa_dep_key){ .tgid = 42, .op = SA_DEP_OP_MISS, .obj = 7, .hash = 99 };
	r.pid = 42;
	r.tgid = 42;
	r.ppid = 1;
	r.op = SA_DEP_OP_MISS;
	r.flags = SA_DEP_F_CACHED;
	r.dfd = -100;
	r.ncomp = 3;
	r.nexe = 2;
	r.ncg = 1;
	strcpy(r.comm, "wait-for-sysfs");
	strcpy(r.pcomm, "sh");
	strcpy(r.name, "block:vda");
	strcpy(r.comp[0], "virtio0");
	strcpy(r.comp[1], "0000:00:02.0");
	strcpy(r.comp[2], "pci0000:00");
	strcpy(r.req, "/sys/devices/pci0000:00/0000:00:02.0/virtio0/block:vda");
	strcpy(r.exe[0], "wait-for-sysfs");
	strcpy(r.exe[1], "bin");
	strcpy(r.cg[0], "legacy.service");
	memcpy(r.args, "wait-for-sysfs\0poll\0", 20);
	r.args_len = 20;
	return r;
}

int main(void)
{
	struct sa_dep_rec r = sample(), got;
	size_t len = pack(&r);
	unsigned int *ncomp = (unsigned int *)(buf + offsetof(struct sa_dep_rec, ncomp));
	unsigned int *alen = (unsigned int *)(buf + offsetof(struct sa_dep_rec, args_len));
	char big[SA_DEP_REQ_LEN + 8];

	ok(len < 400, "a typical record packs small (%zu bytes, %zu unpacked)", len, sizeof(r));
	ok(sa_dep_decode(buf, len, &got) == 0, "a packed record decodes");
	ok(!memcmp(&got, &r, sizeof(r)), "and comes back exactly as it was built");

	memset(&r, 0, sizeof(r));
	r.op = SA_DEP_OP_LISTEN;
	strcpy(r.comm, "udevd");
	len = pack(&r);
	ok(sa_dep_decode(buf, len, &got) == 0 && !memcmp(&got, &r, sizeof(r)),
	   "a record with nothing but its fixed part and empty strings");

	r = sample();
	len = pack(&r);
	for (size_t cut = 0; cut < len; cut++)
		if (sa_dep_decode(buf, cut, &got) != -EINVAL) {
			ok(0, "a record cut at %zu bytes is refused", cut);
			break;
		} else if (cut == len - 1) {
			ok(1, "a record cut anywhere is refused (%zu cuts)", len);
		}
	ok(sa_dep_decode(buf, len + 1, &got) == -EINVAL, "a byte more than the arguments: refused");
	ok(sa_dep_decode(buf, SA_DEP_PACK_MAX + 1, &got) == -EINVAL,
	   "longer than any packed record");

	*ncomp = SA_DEP_MAX_COMP + 1;
	ok(sa_dep_decode(buf, len, &got) == -EINVAL, "more directory levels than the field holds");
	r = sample();
	len = pack(&r);
	*alen = SA_DEP_ARGS_LEN;
	ok(sa_dep_decode(buf, len, &got) == -EINVAL, "arguments longer than the field");
	*alen = 19;
	ok(sa_dep_decode(buf, len, &got) == -EINVAL, "arguments shorter than what is left");

	/*
	 * A string that does not fit its field, in a record otherwise whole
	 * (no directories, executable, cgroup or arguments), and the same
	 * record with the string one byte shorter, which must decode.
	 */
	r = sample();
	r.ncomp = 0;
	r.nexe = 0;
	r.ncg = 0;
	r.args_len = 0;
	memcpy(buf, &r, SA_DEP_FIXED);
	len = put(put(put(put(put(SA_DEP_FIXED, "0123456789abcdef"), "p"), "n"), "/sys/x"), "");
	ok(sa_dep_decode(buf, len, &got) == -EINVAL,
	   "a comm of 16 characters (no room for its NUL)");
	len = put(put(put(put(put(SA_DEP_FIXED, "0123456789abcde"), "p"), "n"), "/sys/x"), "");
	ok(sa_dep_decode(buf, len, &got) == 0 && !strcmp(got.comm, "0123456789abcde"),
	   "a comm of 15 characters fits");
	memset(big, 'x', sizeof(big) - 1);
	big[SA_DEP_REQ_LEN] = '\0';	/* 256 characters: one too many */
	len = put(put(put(put(put(SA_DEP_FIXED, "c"), "p"), "n"), big), "");
	ok(sa_dep_decode(buf, len, &got) == -EINVAL, "a requested path longer than its field");
	big[SA_DEP_REQ_LEN - 1] = '\0';
	len = put(put(put(put(put(SA_DEP_FIXED, "c"), "p"), "n"), big), "");
	ok(sa_dep_decode(buf, len, &got) == 0 && strlen(got.req) == SA_DEP_REQ_LEN - 1,
	   "a requested path of 255 characters fits");
	/* The last string runs to the end of the record without a NUL. */
	r = sample();
	r.args_len = 0;
	len = pack(&r);
	ok(sa_dep_decode(buf, len, &got) == 0, "no arguments at all");
	ok(sa_dep_decode(buf, len - 1, &got) == -EINVAL, "the script's NUL missing");

	/* A uevent read's record: the ancestor's argv after the reader's. */
	r = sample();
	r.op = SA_DEP_OP_READ_UEVENT;
	r.flags |= SA_DEP_F_ANC_ARGV;
	memset(r.req, 0, sizeof(r.req));
	strcpy(r.req, "busybox");
	memcpy(r.anc_args, "sh\0/bin/dvb-parent\0", 19);
	r.anc_args_len = 19;
	len = pack(&r);
	ok(sa_dep_decode(buf, len, &got) == 0 && !memcmp(&got, &r, sizeof(r)),
	   "the ancestor's argv comes back after the reader's");
	alen = (unsigned int *)(buf + offsetof(struct sa_dep_rec, anc_args_len));
	*alen = SA_DEP_ARGS_LEN;
	ok(sa_dep_decode(buf, len, &got) == -EINVAL, "an ancestor's argv longer than the field");
	*alen = 18;
	ok(sa_dep_decode(buf, len, &got) == -EINVAL,
	   "an ancestor's argv shorter than what is left");
	*alen = 19;
	ok(sa_dep_decode(buf, len - 1, &got) == -EINVAL, "an ancestor's argv cut");
	/* As long as the bytes that follow, but longer than the field. */
	*alen = SA_DEP_ARGS_LEN + 44;
	memset(buf + len - 19, 'a', SA_DEP_ARGS_LEN + 44);
	ok(sa_dep_decode(buf, len - 19 + SA_DEP_ARGS_LEN + 44, &got) == -EINVAL,
	   "an ancestor's argv longer than its field, the record as long: refused");
	return tap_done();
}
