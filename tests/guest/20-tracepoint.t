#!/bin/bash
# kobject:kobject_uevent on the patched kernel, through tracefs only: the
# paths userspace can provoke, then the whole boot (kobjects without kset).
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

guest_case patched tracepoint
# trace_clock=global: otherwise TCG's unstable sched_clock makes tracing switch
# clocks at late_initcall, which empties the buffer of the boot records.
guest_case patched tracepoint-boot "trace_event=kobject:kobject_uevent trace_clock=global"
tap_done
