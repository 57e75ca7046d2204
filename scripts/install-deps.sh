#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install the Debian 12 packages the build and the tests need, only when one
# is missing. Needs root for apt-get (CI runs as root).
#
#   install-deps.sh [GROUP...]    default: kernel tool guest realhost package browser (what make check needs)
#
# Groups, so that a target installs only what it uses: `make demo` on the
# stock kernel needs no kernel source or toolchain for it (tool guest),
# `make deb` needs the packaging tools (tool package).
set -euo pipefail

declare -A group=(
	# kernel builds (kernel/build.sh): 6.1 for patched and legacy, 6.12
	# (bookworm-security) for patched-6.12
	[kernel]="linux-source-6.1 linux-source-6.12 build-essential bc bison flex libelf-dev libssl-dev
		  dwarves xz-utils kmod cpio"
	# the tool: clang, bpftool, static libbpf and its deps; rules/scan:
	# libarchive.a and the static libs of the filters it reads, liblzo2 for
	# lzo images (Debian's libarchive reads lzop only with an external program)
	[tool]="build-essential clang bpftool libbpf-dev libelf-dev zlib1g-dev libzstd-dev
		libjson-c-dev libarchive-dev liblzma-dev liblz4-dev libbz2-dev liblzo2-dev libmd-dev"
	# guest harness and tests; stock kernels (kernel/stock.sh) need kmod and
	# xz; 50-scan.t builds a zstd initramfs, 58-scan-hostile-tree.t one with
	# each compressor Debian has (bzip2, lzop, lz4 too); the report tests use jq
	[guest]="qemu-system-x86 busybox-static perl kmod xz-utils cpio zstd bzip2 lzop lz4 jq"
	# the Debian package (make deb) and its checks; the fleet tests
	# (62-/63-prometheus-*.t) talk to Prometheus and node_exporter over
	# loopback with curl and read their answers with jq (both packages
	# are fetched by tests/fleet/fetch-prometheus.sh, never installed)
	[package]="debhelper dpkg-dev lintian systemd bash-completion curl jq"
	# the real Debian 12 host of tests/guest/70-realhost.t: mmdebstrap builds
	# it, mke2fs/debugfs write its disks, python3 talks to QEMU's monitor
	[realhost]="mmdebstrap e2fsprogs python3"
	# make bench: the summary and the plot
	[bench]="python3 gnuplot-nox"
	# a test tool, not a program under test: 66-report-chromium.t renders
	# report's SVG and HTML in headless chromium (a group of its own, so
	# that demo and deb do not pull in a browser); check_page.py: python3
	[browser]="chromium python3"
)

[ $# -gt 0 ] || set -- kernel tool guest realhost package browser
pkgs=()
for g in "$@"; do
	[ -n "${group[$g]:-}" ] || { echo "install-deps: unknown group '$g'" >&2; exit 2; }
	pkgs+=(${group[$g]})
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
