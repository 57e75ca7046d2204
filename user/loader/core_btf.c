// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <lzma.h>
#include <zstd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "common/slurp.h"
#include "loader/core_btf.h"

/* A kernel's image and its decompressed ELF: far below these. */
#define MAX_IMAGE (256UL << 20)
#define MAX_ELF (1UL << 30)

int sa_core_btf_id(const char *release, size_t len, bool tp, char *out, size_t n)
{
	int w = snprintf(out, n, "%s %zu %s\n", release, len, tp ? SA_CORE_TP : SA_CORE_NO_TP);

	return w < 0 || (size_t)w >= n ? -ENAMETOOLONG : 0;
}

int sa_core_btf_fits(const char *file, bool *tp)
{
	char idfile[4096], want[128], *have = NULL, *end;
	struct utsname u;
	struct stat st;
	size_t len;
	int err;

	if (access(file, R_OK))
		return -ENOENT;
	if (snprintf(idfile, sizeof(idfile), "%s.id", file) >= (int)sizeof(idfile))
		return -EINVAL;
	if (uname(&u) || stat(SA_KERNEL_BTF, &st))
		return -ESTALE;
	/* "RELEASE SIZE " must be this kernel's; then what it says of the tracepoints. */
	if (sa_core_btf_id(u.release, (size_t)st.st_size, false, want, sizeof(want)))
		return -ESTALE;
	*strrchr(want, ' ') = '\0';
	err = sa_slurp(idfile, 256, &have, &len);
	if (err)
		return -EINVAL;
	len = strlen(want);
	end = have + len;
	if (strncmp(have, want, len) || *end != ' ')
		err = -ESTALE;
	else if (!strcmp(end + 1, SA_CORE_TP "\n"))
		*tp = true;
	else if (!strcmp(end + 1, SA_CORE_NO_TP "\n"))
		*tp = false;
	else
		err = -EINVAL;
	free(have);
	return err;
}

/* The .BTF section of the ELF image @elf, copied into *@buf. */
static int elf_btf(const char *elf, size_t len, char **buf, size_t *blen, const char **why)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	int err = -ENOENT;
	Elf *e;

	elf_version(EV_CURRENT);
	e = elf_memory((char *)elf, len);
	if (!e || elf_getshdrstrndx(e, &shstrndx)) {
		*why = "not an ELF image";
		if (e)
			elf_end(e);
		return -EINVAL;
	}
	*why = "no .BTF section (a kernel built without CONFIG_DEBUG_INFO_BTF?)";
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || !(name = elf_strptr(e, shstrndx, sh.sh_name)) ||
		    strcmp(name, ".BTF"))
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || !d->d_buf || !d->d_size)
			break;
		*buf = malloc(d->d_size);
		if (!*buf) {
			err = -ENOMEM;
			*why = "out of memory";
			break;
		}
		memcpy(*buf, d->d_buf, d->d_size);
		*blen = d->d_size;
		err = 0;
		break;
	}
	elf_end(e);
	return err;
}

/* The xz stream at @in, decompressed into *@out (the kernel's ELF). */
static int unxz(const unsigned char *in, size_t len, char **out, size_t *olen, const char **why)
{
	lzma_stream z = LZMA_STREAM_INIT;
	size_t cap = 64UL << 20;
	char *b = malloc(cap);
	lzma_ret ret;
	char *nb;

	if (!b || lzma_stream_decoder(&z, UINT64_MAX, 0) != LZMA_OK) {
		free(b);
		*why = "cannot start the xz decoder";
		return -ENOMEM;
	}
	z.next_in = in;
	z.avail_in = len;
	z.next_out = (uint8_t *)b;
	z.avail_out = cap;
	for (;;) {
		ret = lzma_code(&z, LZMA_FINISH);
		if (ret == LZMA_STREAM_END)
			break;
		if (ret != LZMA_OK && ret != LZMA_BUF_ERROR) {
			*why = "the kernel's xz payload is corrupt";
			goto fail;
		}
		if (z.avail_out) {	/* no progress possible: truncated */
			*why = "the kernel's xz payload is truncated";
			goto fail;
		}
		if (cap >= MAX_ELF) {
			*why = "the kernel's payload is larger than 1 GiB";
			goto fail;
		}
		nb = realloc(b, cap * 2);
		if (!nb) {
			*why = "out of memory";
			goto fail;
		}
		b = nb;
		z.next_out = (uint8_t *)b + cap;
		z.avail_out = cap;
		cap *= 2;
	}
	*olen = cap - z.avail_out;
	*out = b;
	lzma_end(&z);
	return 0;
fail:
	lzma_end(&z);
	free(b);
	return -EIO;
}

/* The zstd frame at @in (Debian's 6.12 kernels), decompressed into *@out. */
static int unzstd(const unsigned char *in, size_t len, char **out, size_t *olen,
		  const char **why)
{
	ZSTD_DStream *z = ZSTD_createDStream();
	ZSTD_inBuffer ib = { in, len, 0 };
	ZSTD_outBuffer ob = { NULL, 64UL << 20, 0 };
	size_t r = 1;
	char *nb;

	ob.dst = malloc(ob.size);
	if (!z || !ob.dst) {
		*why = "cannot start the zstd decoder";
		goto fail;
	}
	ZSTD_initDStream(z);
	while (r) {
		if (ob.pos == ob.size) {
			if (ob.size >= MAX_ELF) {
				*why = "the kernel's payload is larger than 1 GiB";
				goto fail;
			}
			nb = realloc(ob.dst, ob.size * 2);
			if (!nb) {
				*why = "out of memory";
				goto fail;
			}
			ob.dst = nb;
			ob.size *= 2;
		}
		r = ZSTD_decompressStream(z, &ob, &ib);
		if (ZSTD_isError(r)) {
			*why = "the kernel's zstd payload is corrupt";
			goto fail;
		}
		if (r && ib.pos == ib.size && ob.pos < ob.size) {
			*why = "the kernel's zstd payload is truncated";
			goto fail;
		}
	}
	ZSTD_freeDStream(z);
	*out = ob.dst;
	*olen = ob.pos;
	return 0;
fail:
	ZSTD_freeDStream(z);
	free(ob.dst);
	return -EIO;
}

static uint32_t le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/*
 * A bzImage (boot protocol 2.08 or later: payload_offset and length in
 * the setup header, from the protected-mode code's start) with an xz
 * payload, as Debian builds its kernels; or an uncompressed vmlinux.
 */
static int image_btf(const char *img, size_t len, char **buf, size_t *blen, const char **why)
{
	const unsigned char *u = (const unsigned char *)img;
	static const unsigned char xz[] = { 0xfd, '7', 'z', 'X', 'Z', 0 };
	static const unsigned char zst[] = { 0x28, 0xb5, 0x2f, 0xfd };
	size_t pm, off, plen;
	char *elf = NULL;
	size_t elen = 0;
	int err;

	if (len >= 4 && !memcmp(img, "\177ELF", 4))
		return elf_btf(img, len, buf, blen, why);
	if (len < 0x250 || memcmp(img + 0x202, "HdrS", 4) ||
	    (u[0x206] | u[0x207] << 8) < 0x208) {
		*why = "neither an ELF nor a bzImage of boot protocol 2.08 or later";
		return -EINVAL;
	}
	pm = ((size_t)(u[0x1f1] ? u[0x1f1] : 4) + 1) * 512;
	off = pm + le32(u + 0x248);
	plen = le32(u + 0x24c);
	if (off >= len || plen > len - off) {
		*why = "the bzImage's payload lies outside the file";
		return -EINVAL;
	}
	if (plen >= sizeof(xz) && !memcmp(img + off, xz, sizeof(xz))) {
		err = unxz(u + off, plen, &elf, &elen, why);
	} else if (plen >= sizeof(zst) && !memcmp(img + off, zst, sizeof(zst))) {
		err = unzstd(u + off, plen, &elf, &elen, why);
	} else {
		*why = "the bzImage's payload is neither xz nor zstd (the compressions read here)";
		return -ENOTSUP;
	}
	if (!err)
		err = elf_btf(elf, elen, buf, blen, why);
	free(elf);
	return err;
}

int sa_kernel_btf_read(const char *release, const char *vmlinuz, char **buf, size_t *len,
		       const char **why)
{
	char path[4096], *img = NULL;
	struct utsname u;
	size_t ilen = 0;
	int err;

	*buf = NULL;
	*len = 0;
	if (!vmlinuz && !uname(&u) && !strcmp(u.release, release)) {
		err = sa_slurp(SA_KERNEL_BTF, MAX_IMAGE, buf, len);
		*why = err ? "cannot read " SA_KERNEL_BTF : NULL;
		return err;
	}
	if (!vmlinuz) {
		if (snprintf(path, sizeof(path), "/boot/vmlinuz-%s", release) >= (int)sizeof(path)) {
			*why = "release too long";
			return -ENAMETOOLONG;
		}
		vmlinuz = path;
	}
	err = sa_slurp(vmlinuz, MAX_IMAGE, &img, &ilen);
	if (err) {
		*why = "cannot read the kernel's image";
		return err;
	}
	err = image_btf(img, ilen, buf, len, why);
	free(img);
	return err;
}
