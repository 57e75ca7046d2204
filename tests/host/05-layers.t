#!/bin/bash
# The house: no file of user/ includes a layer above its own
# (scripts/check-layers.sh), and the check itself fails on an upward include.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

out=$("$top/scripts/check-layers.sh" 2>&1)
st=$?
tap_diag <<<"$out"
tap_ok $st "user/: every include points to the same layer or one below"

# The check must be able to fail: a copy of user/ with one upward include.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$top/user" "$tmp/user"
sed -i '0,/^#include "/s|^#include "|#include "cmd/none.h"\n#include "|' "$tmp/user/model/ctx.c"
out=$("$top/scripts/check-layers.sh" "$tmp/user" 2>&1)
st=$?
tap_ok $([ $st -eq 1 ] && grep -q 'model/ctx.c: model includes cmd' <<<"$out"; echo $?) \
	"an upward include (model -> cmd) fails the check"
sed -i 's|^#include "cmd/none.h"|#include "reports/none.h"|' "$tmp/user/model/ctx.c"
echo '#include "reports/report_model.h"' >>"$tmp/user/trace/event.c"
sed -i 's|^#include "reports/none.h"||' "$tmp/user/model/ctx.c"
out=$("$top/scripts/check-layers.sh" "$tmp/user" 2>&1)
tap_ok $([ $? -eq 1 ] && grep -q 'trace/event.c: trace includes reports' <<<"$out"; echo $?) \
	"a sideways include between the engines (trace -> reports) fails the check"
tap_done
