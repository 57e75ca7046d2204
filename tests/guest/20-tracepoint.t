#!/bin/bash
# kobject:kobject_uevent on the patched kernel, through tracefs only.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/guest.sh"

guest_case patched tracepoint
tap_done
