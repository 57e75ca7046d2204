#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The layers of user/ and what may include what (docs/design.md, "The house"):
#
#   cmd      the commands: argument parsing, exit statuses; where the
#            engines are joined (one pin set claimed for both)
#   deps     the dependents engine: classifier, store, identity; reads
#            reports' model, never the tracer (apart, below)
#   trace    reports   the engines (peers: neither includes the other)
#   loader   BPF plumbing under the engines: load, pin, peek at a ring
#   audit    the static audit: readers of rules, programs, images
#   output   writers: text, JSON, markdown, Prometheus; escaping
#   model    the data: the legacy model, an event's context, counts, gates
#   common   messages, files, hashing: no project knowledge
#
# A file may include its own layer and the layers below it. Prints one line
# per upward include and exits 1 when there is one.
#
#   check-layers.sh [USERDIR]      default: user/ beside this script
set -euo pipefail

dir=${1:-$(cd "$(dirname "$0")/.." && pwd)/user}
declare -A rank=([common]=0 [model]=1 [output]=2 [audit]=3 [loader]=4 [trace]=5 [reports]=5 [deps]=6 [cmd]=7)
# Two engines that rank apart but must not meet: only cmd/ joins them.
declare -A apart=([deps:trace]=1)

bad=0 edges=0
for f in $(find "$dir" -mindepth 1 -name '*.[ch]' | sort); do
	from=${f#"$dir"/}
	[ "$from" = "${from%%/*}" ] && { echo "$f: not in a layer folder"; bad=1; continue; }
	from=${from%%/*}
	[ -n "${rank[$from]:-}" ] || { echo "$f: not in a known layer"; bad=1; }
done
# One grep for every include of a layer-qualified user/ header.
while IFS=: read -r f to; do
	from=${f#"$dir"/}
	from=${from%%/*}
	[ -n "${rank[$from]:-}" ] || continue
	edges=$((edges + 1))
	[ -n "${rank[$to]:-}" ] || { echo "$f: includes unknown layer '$to'"; bad=1; continue; }
	[ "$to" = "$from" ] && continue
	if [ -n "${apart[$from:$to]:-}" ]; then
		echo "$f: $from includes $to (engines apart: only cmd joins them)"
		bad=1
	elif [ "${rank[$to]}" -ge "${rank[$from]}" ]; then
		echo "$f: $from includes $to (upward or sideways)"
		bad=1
	fi
done < <(grep -rH --include='*.[ch]' -o '^#include "[a-z]*/' "$dir" | sed 's|:#include "|:|; s|/$||')
echo "check-layers: $edges includes between user/ files checked"
exit $bad
