#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install the Debian 12 packages the build and the tests need, only when one
# is missing. Needs root for apt-get (CI runs as root).
set -euo pipefail

pkgs=(
	# kernel builds (kernel/build.sh)
	linux-source-6.1 build-essential bc bison flex libelf-dev libssl-dev
	dwarves xz-utils kmod cpio
	# BPF side and loader: clang, bpftool, static libbpf and its deps
	clang bpftool libbpf-dev zlib1g-dev libzstd-dev libjson-c-dev
	# rules/scan: libarchive.a and the static libs of the filters it reads
	libarchive-dev liblzma-dev liblz4-dev libbz2-dev
	# guest harness and tests (zstd: 50-scan.t builds a zstd initramfs)
	qemu-system-x86 busybox-static perl zstd jq
)
# Extra sets for targets outside make check: `install-deps.sh bench`.
for set in "$@"; do
	case "$set" in
	bench) pkgs+=(python3 gnuplot-nox) ;;	# summary and plot of make bench
	*) echo "install-deps: unknown set '$set'" >&2; exit 2 ;;
	esac
done

missing=()
for p in "${pkgs[@]}"; do
	st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$st" = installed ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}" >&2
if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: need root to apt-get install: sudo $0" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
