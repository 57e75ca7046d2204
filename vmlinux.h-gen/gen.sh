#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Generate vmlinux.h from the patched kernel's BTF.
#
#   gen.sh OUT     write the header to OUT
#
# The header is committed (vmlinux.h-gen/vmlinux.h, as libbpf-tools does) so
# the BPF side builds without a kernel build; `make vmlinux-check` regenerates
# it into a temporary file and fails when the committed copy is stale.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 1 ] || { echo "usage: $0 OUT" >&2; exit 2; }
kdir=$("$top/kernel/build.sh" patched)
bpftool btf dump file "$kdir/vmlinux" format c > "$1.tmp"
mv "$1.tmp" "$1"
