#!/bin/bash
# The house: no file of user/ includes a layer above its own
# (scripts/check-layers.sh), no layer's objects use a symbol that only a
# layer above defines (scripts/check-calls.sh), and both checks fail when
# they should.
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

# The loader floor sits under both engines, and the dependents engine
# reaches the tracer only through cmd/.
cp "$top/user/trace/event.c" "$tmp/event.c.orig"
cp "$tmp/event.c.orig" "$tmp/user/trace/event.c"
echo '#include "trace/tracer.h"' >>"$tmp/user/loader/pin.c"
out=$("$top/scripts/check-layers.sh" "$tmp/user" 2>&1)
tap_ok $([ $? -eq 1 ] && grep -q 'loader/pin.c: loader includes trace' <<<"$out"; echo $?) \
	"an upward include from the loader floor (loader -> trace) fails the check"
cp "$top/user/loader/pin.c" "$tmp/user/loader/pin.c"
echo '#include "trace/views.h"' >>"$tmp/user/deps/dep_store.c"
out=$("$top/scripts/check-layers.sh" "$tmp/user" 2>&1)
tap_ok $([ $? -eq 1 ] && grep -q 'deps/dep_store.c: deps includes trace (engines apart' <<<"$out"; echo $?) \
	"the dependents engine including the tracer (deps -> trace) fails the check"
cp "$top/user/deps/dep_store.c" "$tmp/user/deps/dep_store.c"
out=$("$top/scripts/check-layers.sh" "$tmp/user" 2>&1)
tap_ok $? "the copy, put back, passes again (the failures above were the planted lines)"

out=$("$top/scripts/check-calls.sh" 2>&1)
st=$?
tap_diag <<<"$out"
tap_ok $st "user/: no layer calls or reads a symbol defined above it (link level)"
# A model object that calls into cmd/ must fail the link-level check.
mkdir "$tmp/obj"
cp "$top"/build/obj/libsa-*.a "$tmp/obj/"
printf 'int cmd_trace(int, char **);\nint sa_up(void) { return cmd_trace(0, 0); }\n' >"$tmp/up.c"
cc -c -o "$tmp/up.o" "$tmp/up.c" && ar rc "$tmp/obj/libsa-model.a" "$tmp/up.o"
out=$("$top/scripts/check-calls.sh" "$tmp/obj" 2>&1)
tap_ok $([ $? -eq 1 ] && grep -q 'model uses cmd_trace, defined in cmd' <<<"$out"; echo $?) \
	"a model object calling a command fails the link-level check"
# The same at link level for the new floor and for the engines kept apart.
cp "$top"/build/obj/libsa-*.a "$tmp/obj/"
printf 'int sa_tracer_precheck(void);\nint sa_up2(void) { return sa_tracer_precheck(); }\n' >"$tmp/up2.c"
cc -c -o "$tmp/up2.o" "$tmp/up2.c" && ar rc "$tmp/obj/libsa-loader.a" "$tmp/up2.o"
ar rc "$tmp/obj/libsa-deps.a" "$tmp/up2.o"
out=$("$top/scripts/check-calls.sh" "$tmp/obj" 2>&1)
st=$?
tap_ok $([ $st -eq 1 ] && grep -q 'loader uses sa_tracer_precheck, defined in trace' <<<"$out"; echo $?) \
	"a loader object calling the tracer fails the link-level check"
tap_ok $([ $st -eq 1 ] && grep -q 'deps uses sa_tracer_precheck, defined in trace' <<<"$out"; echo $?) \
	"a dependents object calling the tracer fails the link-level check"
tap_done
