#!/bin/bash
# The Debian package: `make deb` builds it (installing the packaging tools
# it needs), its file list is exactly what we ship, lintian has nothing but
# overridden tags, the units pass `systemd-analyze verify` (and a broken
# copy does not: the check can fail), and `make install` installs the same
# files under PREFIX.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! make -C "$top" -s deb >"$work/deb.log" 2>&1; then
	tail -n 30 "$work/deb.log" | tap_diag
	tap_ok 1 "make deb builds the package"
	tap_done
	exit
fi
ver=$(cd "$top" && dpkg-parsechangelog -S Version)
deb=$top/build/deb/sysfs-audit_${ver}_amd64.deb
[ -f "$deb" ]
tap_ok $? "make deb builds ${deb##*/} ($(du -k "$deb" | cut -f1) KiB)"

# The file list (directories aside), compressed docs as dh_compress leaves them.
dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { sub(/^\.\//, "", $6); print $6 }' | sort >"$work/files"
sort >"$work/want" <<LIST
etc/default/sysfs-audit
lib/systemd/system/sysfs-audit-boot.service
lib/systemd/system/sysfs-audit-coldplug.service
lib/systemd/system/sysfs-audit-record.service
lib/systemd/system/sysfs-audit-record@.service
usr/lib/dracut/modules.d/90sysfs-audit/module-setup.sh
usr/lib/dracut/modules.d/90sysfs-audit/sysfs-audit-end.sh
usr/lib/dracut/modules.d/90sysfs-audit/sysfs-audit-start.sh
usr/sbin/sysfs-audit
usr/share/bash-completion/completions/sysfs-audit
usr/share/initramfs-tools/hooks/sysfs-audit
usr/share/initramfs-tools/scripts/init-bottom/sysfs-audit
usr/share/initramfs-tools/scripts/init-top/sysfs-audit
usr/share/sysfs-audit/boot-functions
usr/share/sysfs-audit/prometheus/sysfs-audit.rules.yml
usr/share/doc/sysfs-audit/README.md.gz
usr/share/doc/sysfs-audit/changelog.gz
usr/share/doc/sysfs-audit/copyright
usr/share/doc/sysfs-audit/design.md.gz
usr/share/doc/sysfs-audit/report-format.md
usr/share/lintian/overrides/sysfs-audit
usr/share/man/man8/sysfs-audit.8.gz
$(cd "$top/kernel/patches" && ls series *.patch | sed 's|^|usr/share/doc/sysfs-audit/patches/|')
$(cd "$top/kernel/patches-6.12" && ls series *.patch | sed 's|^|usr/share/doc/sysfs-audit/patches-6.12/|')
$(cd "$top/kernel/patches-local-6.1" && ls README series *.patch | sed 's|^|usr/share/doc/sysfs-audit/patches-local-6.1/|')
LIST
# report-format.md grows past dh_compress's 4 KiB limit as the format does.
sed -i 's|^usr/share/doc/sysfs-audit/report-format.md.gz$|usr/share/doc/sysfs-audit/report-format.md|' "$work/files"
diff -u "$work/want" "$work/files" >"$work/diff"
st=$?
tap_diag <"$work/diff"
tap_ok $st "the package ships exactly the expected files"
dpkg-deb -c "$deb" >"$work/list"
grep -q '^-rwxr-xr-x root/root .* \./usr/sbin/sysfs-audit$' "$work/list"
tap_ok $? "/usr/sbin/sysfs-audit is root:root 0755"

dpkg-deb -x "$deb" "$work/root"
"$work/root/usr/sbin/sysfs-audit" --version | grep -qx "sysfs-audit $ver"
tap_ok $? "the packaged binary's --version is the package version ($ver)"
file "$work/root/usr/sbin/sysfs-audit" 2>/dev/null | grep -q 'statically linked' ||
	! readelf -d "$work/root/usr/sbin/sysfs-audit" 2>/dev/null | grep -q NEEDED
tap_ok $? "the packaged binary is static (no NEEDED entries)"
grep -qx 'ExecStart=/usr/sbin/sysfs-audit record -o /var/lib/sysfs-audit/report.json --prometheus /var/lib/prometheus/node-exporter/sysfs_audit.prom' \
	"$work/root/lib/systemd/system/sysfs-audit-record.service"
tap_ok $? "sysfs-audit-record.service runs the record command of the contract"

# lintian: every tag must be overridden (O:) -- no E, W, I or P left.
lintian -I --pedantic --show-overrides "${deb%.deb}.changes" >"$work/lintian" 2>&1
tap_diag <"$work/lintian"
# The spelling-error-in-binary override names bytes of machine code (see
# the overrides file), which one build has and the next may not: that
# override unused is no finding.
grep -vE '^I: sysfs-audit: unused-override spelling-error-in-binary ' "$work/lintian" |
	grep -qE '^[EWIPX]: ' && st=1 || st=0
[ $st -eq 0 ] && ! grep -q '^lintian: ' "$work/lintian"
tap_ok $? "lintian --pedantic: nothing that is not overridden with a reason"

# systemd-analyze verify in a root made of the package plus the host's
# units (for the targets it references); man finds sysfs-audit(8) there.
command -v systemd-analyze >/dev/null || bash "$top/scripts/install-deps.sh" package >&2
mkdir -p "$work/root/lib/systemd/system"
cp -rn /lib/systemd/system/. "$work/root/lib/systemd/system/"
verify() {
	MANPATH=$work/root/usr/share/man systemd-analyze verify --root="$work/root" "$@" 2>&1
}
out=$(verify sysfs-audit-record.service sysfs-audit-record@3600.service sysfs-audit-boot.service \
	sysfs-audit-coldplug.service)
st=$?
[ -z "$out" ] || { echo "$out" | tap_diag; st=1; }
tap_ok $st "systemd-analyze verify: the four units (an instance of the template) clean"
# The boot units never delay a boot: the recorder starts after the
# default target and the runlevel record, the boot's last job (Type=idle:
# its start job ends at the fork), wanted by multi-user.target alone (never
# in emergency or rescue mode: tests/host/46-boot-scripts.t); nothing but shutdown
# is ordered after either unit (systemd-analyze verify does not judge that).
b=$work/root/lib/systemd/system/sysfs-audit-boot.service
c=$work/root/lib/systemd/system/sysfs-audit-coldplug.service
prop() { sed -n "s/^$2=//p" "$1" | tr '\n' ' ' | sed 's/ $//'; }
[ "$(prop "$b" Type)" = idle ] && [ "$(prop "$b" After)" = "default.target systemd-update-utmp-runlevel.service" ] &&
	[ "$(prop "$b" Before)" = shutdown.target ] && [ "$(prop "$c" Type)" = simple ] &&
	[ "$(prop "$c" Before)" = shutdown.target ] &&
	[ "$(prop "$c" After)" = systemd-udev-trigger.service ] &&
	[ "$(prop "$b" WantedBy)" = multi-user.target ]
st=$?
for k in Type After Before WantedBy; do echo "$k: boot [$(prop "$b" $k)], coldplug [$(prop "$c" $k)]"; done |
	tap_diag
tap_ok $st "the boot unit starts after the default target and the runlevel record, Type=idle; the coldplug mark after udev's trigger; neither is before anything but shutdown"
u=$work/root/lib/systemd/system/sysfs-audit-record.service
sed -i 's|^ExecStart=/usr/sbin/|ExecStart=/usr/nonexistent/|; s|^ProtectSystem=strict|ProtectSystem=bogus|' "$u"
out=$(verify sysfs-audit-record.service)
st=$?
echo "$out" | tap_diag
[ $st -ne 0 ] && grep -q nonexistent <<<"$out"
tap_ok $? "systemd-analyze verify fails on a broken copy (the check can fail)"

# make install: the same files (uncompressed) under PREFIX.
make -C "$top" -s install PREFIX=/usr/local DESTDIR="$work/stage" >"$work/install.log" 2>&1
tap_ok $? "make install PREFIX=/usr/local DESTDIR=..."
(cd "$work/stage" && find . -type f | sed 's|^\./||' | sort) >"$work/installed"
sed -e 's|^lib/systemd/system/|usr/local/lib/systemd/system/|' -e 's|^usr/|usr/local/|' \
	-e 's|^etc/|usr/local/etc/|' \
	-e 's|\.gz$||' -e '/\/changelog$/d; /\/copyright$/d; /lintian/d' "$work/want" |
	sed 's|^usr/local/local/|usr/local/|' | sort >"$work/want-install"
diff -u "$work/want-install" "$work/installed" >"$work/diff"
st=$?
tap_diag <"$work/diff"
tap_ok $st "make install installs the package's files (bar changelog, copyright, lintian overrides)"
grep -q '^ExecStart=/usr/local/sbin/sysfs-audit record ' \
	"$work/stage/usr/local/lib/systemd/system/sysfs-audit-record.service"
tap_ok $? "installed units run the binary from SBINDIR"
tap_done
