# Debian 12's trace-cmd and perf in the guest (sourced by the cases that
# read the uevent records with them: trace-readers.sh, record-cut.sh).
# tests/guest/fetch-tracers.sh unpacks them and their libraries below
# /opt/deb; the links and LD_LIBRARY_PATH let them run from there.
D=/opt/deb
T=/sys/kernel/tracing
I=$T/instances/truth
ln -s $D/lib64 /lib64
ln -s $D/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu
mkdir -p /usr/lib
ln -s $D/usr/lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu
export LD_LIBRARY_PATH=$D/lib/x86_64-linux-gnu:$D/usr/lib/x86_64-linux-gnu
export HOME=/tmp
TC=$D/usr/bin/trace-cmd
PERF=$D/usr/bin/perf
SYS=${TP_SYSTEM:-kobject}
EV=${SYS}_uevent

# records FILE: the records of a reader's or tracefs's output, one a line,
# as "EVENT: FIELDS" (the first "kobject_uevent...: " or
# "kobject:kobject_uevent...: " of the line: what comes before it, task,
# CPU, flags and time, differs between the readers).
records() {
	awk -v sys="$SYS" '{ if (match($0, "(" sys ":)?" sys "_uevent[a-z_]*: +")) {
		n = substr($0, RSTART, RLENGTH); sub("^" sys ":", "", n); sub(/: +$/, "", n)
		print n ": " substr($0, RSTART + RLENGTH) } }' "$1"
}
# field NAME LINE: a field before env= (which comes last and may hold spaces).
field() {
	printf '%s\n' "$2" | awk '{ i = index($0, " env="); print i ? substr($0, 1, i - 1) : $0 }' |
		sed -n "s/.* $1=\([^ ]*\).*/\1/p"
}
