#!/bin/bash
# Every bound in the code is in the man page's LIMITS section, with its
# value, in the sentence that says what it bounds (issue 49): a bound is a
# #define in user/ or bpf/ whose name has MAX, LIMIT, BUDGET, DEPTH, _LEN
# or _SIZE in it. Each one is listed below, with the words of LIMITS that
# name it ({V}: its value, as a number, in KiB/MiB/GiB, or for a C string's
# _LEN one less, its bytes without the NUL), or as internal, with why it
# bounds nothing a host or a tree controls. A new bound with no line here
# fails, and so does a changed value the man page still gives the old way.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
cd "$top" || exit 1

perl - docs/sysfs-audit.8 <<'PERL'
use strict;
use warnings;

my %bound = (
	# the tracer's records
	'bpf/sysfs_audit.h:SA_PATH_LEN'		=> 'DEVPATH is kept up to {V} bytes',
	'bpf/sysfs_audit.h:SA_NAME_LEN'		=> 'device names up to {V}',
	'bpf/sysfs_audit.h:SA_CLASS_LEN'	=> 'class, bus and subsystem names up to {V}',
	'bpf/sysfs_audit.h:SA_BUS_LEN'		=> 'class, bus and subsystem names up to {V}',
	'bpf/sysfs_audit.h:SA_SUBSYS_LEN'	=> 'class, bus and subsystem names up to {V}',
	'bpf/sysfs_audit.h:SA_DRIVER_LEN'	=> 'driver names up to {V}',
	'bpf/sysfs_audit.h:SA_MAX_CHAIN'	=> '{V} devices of the parent chain',
	'bpf/sysfs_audit.h:SA_MAX_KOBJ'		=> '{V} components of a kobject path',
	'bpf/dep_records.h:SA_DEP_COMM_LEN'	=> 'a comm of {V} bytes',
	'bpf/dep_records.h:SA_DEP_NAME_LEN'	=> 'a name looked up of {V}',
	'bpf/dep_records.h:SA_DEP_MAX_COMP'	=> '{V} kernfs directory levels',
	'bpf/dep_records.h:SA_DEP_COMP_LEN'	=> 'kernfs directory levels of {V} bytes',
	'bpf/dep_records.h:SA_DEP_REQ_LEN'	=> 'a path asked for of {V}',
	'bpf/dep_records.h:SA_DEP_EXE_LEN'	=> "an executable's path of {V}",
	'bpf/dep_records.h:SA_DEP_ARGS_LEN'	=> "process's argv of {V} bytes",
	'user/deps/dep_store.h:SA_DEP_STORE_MAX' => 'keeps {V} lines that do not break',
	'user/deps/dep_store.h:SA_DEP_STORE_HARD_MAX' => 'do not break and {V} in all',
	'user/deps/early_exes.h:SA_EARLY_MAX'	=> 'holds open at most {V} executables',
	'user/deps/early_exes.h:SA_EARLY_MAX_BYTES' => 'mounted and reads each up to {V}',
	'user/deps/named_file.h:SA_NAMED_MAX_BYTES' => 'regular files of up to {V}',
	'user/loader/core_btf.c:MAX_IMAGE'	=> 'reads a kernel image of up to {V}',
	'user/loader/core_btf.c:MAX_ELF'	=> 'whose payload decompresses to at most {V}',
	'user/audit/fingerprint.c:FP_MAX_BYTES'	=> 'regular files of up to {V}',
	'user/model/ctx.h:SA_MAX_SUBSYS'	=> 'by subsystem for {V} subsystems',
	'user/model/ctx.h:SA_CTX_NAME_LEN'	=> 'class, bus and subsystem names up to {V}',
	# rules and scan
	'user/audit/rules_dirs.h:SA_RULES_MAX'	=> 'files of up to {V} \(rules\)',
	'user/audit/scan_file.h:SA_SCAN_MAX'	=> '\(rules\) and {V} \(other files\)',
	'user/audit/scan_initramfs.h:SA_MEMBER_MAX' => 'an image member is read up to {V}',
	'user/audit/scan_initramfs.h:SA_IMAGE_MAX' => 'an image decompresses to at most {V}',
	'user/audit/scan_initramfs.h:SA_ENTRIES_MAX' => 'holds at most {V} entries',
	'user/audit/decompress.h:SA_LZMA_MEMLIMIT' => 'dictionary may take at most {V} of memory',
	'user/audit/scan_elf.h:SA_ELF_MAX_HEADERS' => 'through at most {V} section or program headers',
	'user/audit/scan_file.c:DIR_DEPTH_MAX'	=> 'a directory tree is walked {V} levels deep',
	'user/audit/scan_initramfs.h:SA_RUN_DECOMPRESS_MAX' => '{V} decompressed in total',
	'user/audit/scan_initramfs.h:SA_RUN_CPU_MAX' => "{V} s of the process's CPU time",
	'user/audit/rules_parse.c:UDEV_LINE_SIZE' => 'a physical line of {V} bytes or more',
	'user/audit/scan_places.c:CONF_MAX'	=> 'reads a configuration file \(udev.conf, modprobe.d\) of up to {V}',
	'user/common/dpkg_owner.c:LIST_MAX'	=> 'a dpkg file list of up to {V}',
	'user/common/root.c:MAX_LINKS'		=> 'at most {V} symbolic links',
	'user/common/root.c:MAX_DEPTH'		=> 'symbolic links and {V} directory levels',
	'user/audit/audit.c:MAX_PARSE_ERRORS'	=> 'the first {V} rules of a file that do not parse',
	'user/audit/scan_self.c:SELF_MAX'	=> 'a file larger than {V} is never taken for sysfs-audit itself',
	# boot
	'user/reports/boot_armed.c:CONF_MAX'	=> 'status reads a configuration file of up to {V}',
	'user/reports/boot_initrd.c:BIN_MAX'	=> 'a program of up to {V} from the tree',
	'user/reports/boot_why.h:SA_BOOT_WHY_MAX' => 'could not see of up to {V} bytes',
	'user/reports/boot_unit.c:TARGETS_MAX'	=> '{V} WantedBy targets of the unit',
	'user/reports/report_keep.c:KEEP_MAX_BYTES' => 'keeps a report of up to {V}',
	# report
	'user/model/report.h:SA_REPORT_MAX_BYTES' => 'report reads files of up to {V}',
	'user/model/report.h:SA_REPORT_MAX_TREE' => 'a text that would take more than {V}',
	'user/reports/json_budget.h:SA_JSON_MAX_DEPTH' => 'objects and arrays nested at most {V} deep',
	'user/model/report.h:SA_REPORT_MAX_LIST' => 'A report holds at most {V} dependents, findings and pids',
	'user/model/report.h:SA_REPORT_MAX_PATHS' => '{V} legacy paths',
	'user/model/report.h:SA_REPORT_MAX_GROUPS' => 'legacy paths and {V} names per by_subsystem',
	'user/model/report.h:SA_REPORT_MAX_SAMPLE' => 'record keeps the first {V} events verbatim',
	'user/model/report.h:SA_REPORT_MAX_NAME' => 'at {V} bytes, texts',
	'user/model/report.h:SA_REPORT_MAX_TEXT' => 'at {V} bytes, as JSON decodes them',
	'user/audit/abi_parse.c:ABI_FILE_MAX'	=> 'a Documentation/ABI file is read up to {V}',
	'user/audit/abi_pattern.c:MAX_COMPONENTS' => 'a What: path of at most {V} components',
	'user/audit/abi_resolve.h:SA_ABI_ANY_DEPTH' => 'a pattern spans at most {V} directory levels',
	'user/audit/abi_strings.c:PATH_TEXT_MAX' => 'a path is read up to {V} bytes',
	'user/audit/abi_strings.c:SKIP_MAX' => 'part of at most {V} bytes is a hole',
	'user/audit/abi_pattern.c:HOLE_COMP_MAX' => 'component of {V} bytes or more never matches',
	'user/audit/abi_strings.h:SA_ABI_NAMES_MAX' => 'the first {V} paths of a',
	'bpf/abi_records.h:SA_ABI_LEAF_LEN'	=> 'a last component of at most {V} bytes',
	'user/model/abi_use.h:SA_ABI_MAX_ENTRIES' => 'An obsolete_abi section holds at most {V} entries',
	'user/model/abi_use.h:SA_ABI_MAX_USERS'	=> 'and {V} users of all its entries together',
	# report's pictures
	'user/output/boot_svg.h:SA_SVG_MAX_DEPS' => 'report --svg draws {V} dependents',
	'user/output/boot_svg.h:SA_SVG_MAX_SUBSYS' => 'dependents and {V} subsystems',
	'user/output/fleet_html.h:SA_HTML_MAX_HOSTS' => 'report -f html lists {V} hosts',
);
my %internal = (
	'user/model/legacy.h:SA_MAX_LINKS'	=> 'the number of legacy link kinds, not a bound',
	'user/model/boot_status.h:SA_CHECKS_MAX' => "boot --status's own list of checks",
	'user/audit/decompress.c:OUT_SIZE'	=> "a decompressor's output chunk: the image's bounds apply",
	'user/audit/fingerprint.c:FP_MAX_FILES'	=> 'a cache (the oldest replaced): costs time, changes no answer',
	'user/output/json_out.h:SA_JW_DEPTH'	=> "the nesting of the tool's own output",
	'bpf/dep_records.h:SA_DEP_PACK_MAX'	=> "a record buffer's size: the sum of the fields' bounds above",
	'bpf/sysfs_audit.h:SA_REC_MAX'		=> "a record buffer's size: the sum of the fields' bounds above",
);

# LIMITS as its words read: requests and font escapes dropped, lines joined
my $man = do { local $/; <> };
my ($limits) = $man =~ /^\.SH LIMITS\n(.*?)^\.SH /ms or die "no LIMITS section\n";
$limits =~ s/^\.(?:PP|br)\s*$//mg;
$limits =~ s/^\.[A-Z]{1,2} ?//mg;
$limits =~ s/\\f[BIRP]|\\&//g;
$limits =~ s/\\-/-/g;
$limits =~ s/"//g;
$limits =~ s/\s+/ /g;

# the bounds in the code
my %code;
for my $f (split /\n/, `git ls-files user bpf | grep -E '\\.[ch]\$'`) {
	open(my $fh, '<', $f) or die "$f: $!\n";
	while (<$fh>) {
		next unless /^\s*#\s*define\s+(\w*(?:MAX|LIMIT|BUDGET|DEPTH|_LEN|_SIZE)\w*)\s+(.*?)\s*(?:\/\*.*)?$/;
		my ($name, $expr) = ($1, $2);
		(my $e = $expr) =~ s/(\d+)(?:ULL|UL|LL|L|U)\b/$1/g;
		next unless $e =~ /^[\d\s()<>.+*-]+$/;	# a number, not a macro of macros
		$code{"$f:$name"} = eval $e;
	}
}

my ($n, $failed) = (0, 0);
sub ok { my ($c, $what) = @_; $n++; $failed++ unless $c; print(($c ? "" : "not "), "ok $n - $what\n"); }

# {V} as the man page may write the value
sub forms {
	my ($name, $v) = @_;
	my @f = ($v);
	push @f, ($v >> 30) . ' GiB' if $v >= 1 << 30 && !($v % (1 << 30));
	push @f, ($v >> 20) . ' MiB' if $v >= 1 << 20 && !($v % (1 << 20));
	push @f, ($v >> 10) . ' KiB' if $v >= 1 << 10 && !($v % (1 << 10));
	push @f, $v - 1 if $name =~ /_LEN$/;
	return '(?:' . join('|', map { quotemeta } @f) . ')';
}

for my $k (sort keys %code) {
	my ($file, $name) = split /:/, $k;
	if (exists $internal{$k}) {
		ok(1, "$name ($file) = $code{$k}: internal: $internal{$k}");
	} elsif (exists $bound{$k}) {
		(my $re = $bound{$k}) =~ s/\{V\}/forms($name, $code{$k})/e;
		ok(scalar($limits =~ /$re/), "$name ($file) = $code{$k}: LIMITS says '$bound{$k}'");
	} else {
		ok(0, "$name ($file) = $code{$k}: a bound LIMITS does not name (add it to " .
		   "docs/sysfs-audit.8 and to this test)");
	}
}
for my $k (sort(keys %bound), sort(keys %internal)) {
	ok(0, "$k: listed here, but no such bound in the code any more") unless exists $code{$k};
}
ok(keys(%code) >= 50, scalar(keys %code) . " bounds found in user/ and bpf/");
print "1..$n\n";
exit($failed ? 1 : 0);
PERL
