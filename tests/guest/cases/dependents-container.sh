# A program in another mount namespace (a container's /opt/x) is judged by
# its own files, never by the host's files of the same name (issue 28).
# /opt is bind-mounted over in a new mount namespace, and two #! scripts
# run there, each testing a name of the old shape with the shell's own
# [ -e ] (a suspect alone; its script's code decides):
#   a.sh: in the container it reads $PHYSDEVBUS (breaks), the host's
#         /opt/a.sh does not;
#   b.sh: the other way round: the host's reads $PHYSDEVBUS, the
#         container's does not (no breaks).
# Both sleep after the lookup, so that their /proc/PID/root is there.
. /tests/ktap.sh
. /tests/workload.sh
ktap_plan 6

T=/tmp/trace.jsonl
vda_dev=$(readlink -f /sys/class/block/vda)
dev=${vda_dev%/block/vda}
legacy='[ -n "$PHYSDEVBUS" ] || '
mkdir -p /opt /tmp/ct
printf '#!/bin/sh\n[ -e %s/foo:bar ]\nsleep 2\nexit 0\n' "$dev" >/opt/a.sh
printf '#!/bin/sh\n%s[ -e %s/foo:bar ]\nsleep 2\nexit 0\n' "$legacy" "$dev" >/tmp/ct/a.sh
printf '#!/bin/sh\n%s[ -e %s/bus:x ]\nsleep 2\nexit 0\n' "$legacy" "$dev" >/opt/b.sh
printf '#!/bin/sh\n[ -e %s/bus:x ]\nsleep 2\nexit 0\n' "$dev" >/tmp/ct/b.sh
chmod +x /opt/a.sh /opt/b.sh /tmp/ct/a.sh /tmp/ct/b.sh

start_tracer $T --json -i 50
check "tracer attached" grep -q "tracing device uevents" $T.err
unshare -m sh -c 'mount --bind /tmp/ct /opt && /opt/a.sh && /opt/b.sh'
check_eq "the container's scripts ran" "$?" 0
stop_tracer $T

# script S: the live lines of a dependent whose script is S.
script() { grep '^{"type":"dependent",' $T | grep "\"script\":\"$1\""; }
script /opt/a.sh | grep '"namespaces":"[^"]*mnt:' |
	grep -q '"confidence":"breaks","rule":"fingerprint".*"fingerprint":"[^"]*PHYSDEVBUS'
ktap_result $? "the container's a.sh reads PHYSDEVBUS: breaks by its own code, its mount namespace named"
script /opt/b.sh | grep -q '"confidence":"breaks"'
[ $? -ne 0 ]
ktap_result $? "the container's b.sh: no breaks by the host's namesake"
script /opt/b.sh | grep -q '"confidence":"suspect"'
ktap_result $? "the container's b.sh: a suspect (a name of the old shape)"
