// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <linux/bpf.h>

#include "loader/ring_peek.h"

/*
 * The layout libbpf's ring_buffer reader maps (kernel/bpf/ringbuf.c): a
 * consumer page, a producer page, then the data pages twice in a row, so a
 * record that wraps is contiguous. Each record: an 8-byte header (length
 * with the busy and discard bits, page offset), the data, padded to 8.
 */
long sa_ring_peek(int fd, int (*fn)(void *ctx, const void *data, size_t len), void *ctx)
{
	struct bpf_map_info info = { 0 };
	__u32 ilen = sizeof(info);
	long page = sysconf(_SC_PAGESIZE), n = 0;
	const unsigned long *cons;
	const void *prod;
	unsigned long cpos, ppos, mask;
	size_t size;

	if (bpf_obj_get_info_by_fd(fd, &info, &ilen))
		return -errno;
	if (info.type != BPF_MAP_TYPE_RINGBUF || !info.max_entries ||
	    (info.max_entries & (info.max_entries - 1)))
		return -EINVAL;
	size = info.max_entries;
	mask = size - 1;
	cons = mmap(NULL, page, PROT_READ, MAP_SHARED, fd, 0);
	if (cons == MAP_FAILED)
		return -errno;
	prod = mmap(NULL, page + 2 * size, PROT_READ, MAP_SHARED, fd, page);
	if (prod == MAP_FAILED) {
		n = -errno;
		munmap((void *)cons, page);
		return n;
	}
	cpos = __atomic_load_n(cons, __ATOMIC_ACQUIRE);
	ppos = __atomic_load_n((const unsigned long *)prod, __ATOMIC_ACQUIRE);
	while (cpos < ppos) {
		const __u32 *hdr = (const void *)((const char *)prod + page + (cpos & mask));
		__u32 len = __atomic_load_n(hdr, __ATOMIC_ACQUIRE);

		if (len & BPF_RINGBUF_BUSY_BIT)
			break;
		cpos += ((len & ~BPF_RINGBUF_DISCARD_BIT) + BPF_RINGBUF_HDR_SZ + 7) & ~7UL;
		if (len & BPF_RINGBUF_DISCARD_BIT)
			continue;
		n++;
		if (fn(ctx, (const char *)hdr + BPF_RINGBUF_HDR_SZ, len))
			break;
	}
	munmap((void *)prod, page + 2 * size);
	munmap((void *)cons, page);
	return n;
}
