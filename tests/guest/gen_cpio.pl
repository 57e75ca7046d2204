#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# Write a "newc" cpio archive (what the kernel unpacks as an initramfs) from
# a gen_init_cpio-style spec, in the same byte layout as the kernel's
# usr/gen_init_cpio: device nodes and root ownership need no privileges, and
# no linux-source package is needed (Perl is Essential on Debian).
#
#   gen_cpio.pl [-t MTIME] SPEC > OUT.cpio
#
# Spec lines (fields separated by blanks, '#' comments):
#   dir   NAME MODE UID GID
#   nod   NAME MODE UID GID b|c MAJ MIN
#   file  NAME LOCATION MODE UID GID
#   slink NAME TARGET MODE UID GID
use strict;
use warnings;

my $mtime = time;
if (@ARGV >= 2 && $ARGV[0] eq '-t') {
	shift;
	$mtime = shift;
}
@ARGV == 1 or die "usage: $0 [-t MTIME] SPEC\n";
my $spec = $ARGV[0];
open(my $in, '<', $spec) or die "$0: $spec: $!\n";
binmode STDOUT;

my ($ino, $offset) = (721, 0);

sub out { print $_[0] or die "$0: write: $!\n"; $offset += length $_[0]; }
sub pad { out("\0" x ((4 - $offset % 4) % 4)); }

# One header, the name, the data; fields as gen_init_cpio fills them.
sub entry {
	my ($name, $mode, $uid, $gid, $nlink, $mt, $data, $rmaj, $rmin, $myino) = @_;
	my ($maj, $min) = $name eq 'TRAILER!!!' ? (0, 0) : (3, 1);
	$name =~ s{^/}{};
	out(sprintf('070701' . '%08X' x 13, $myino, $mode, $uid, $gid, $nlink, $mt,
		    length $data, $maj, $min, $rmaj, $rmin, length($name) + 1, 0));
	out("$name\0");
	pad();
	if (length $data) {
		out($data);
		pad();
	}
}

my %type = (dir => 0040000, nod_b => 0060000, nod_c => 0020000, file => 0100000,
	    slink => 0120000);
while (my $line = <$in>) {
	next if $line =~ /^\s*(#|$)/;
	my @f = split ' ', $line;
	my $what = shift @f;
	if ($what eq 'dir' && @f == 4) {
		entry($f[0], $type{dir} | oct($f[1]), $f[2], $f[3], 2, $mtime, '', 0, 0, $ino++);
	} elsif ($what eq 'nod' && @f == 7 && $f[4] =~ /^[bc]$/) {
		entry($f[0], $type{"nod_$f[4]"} | oct($f[1]), $f[2], $f[3], 1, $mtime, '',
		      $f[5], $f[6], $ino++);
	} elsif ($what eq 'slink' && @f == 5) {
		entry($f[0], $type{slink} | oct($f[2]), $f[3], $f[4], 1, $mtime, "$f[1]\0",
		      0, 0, $ino++);
	} elsif ($what eq 'file' && @f == 5) {
		open(my $fh, '<', $f[1]) or die "$0: $f[1]: $!\n";
		binmode $fh;
		my $data = do { local $/; <$fh> };
		close $fh;
		# A zero-length file still has no data section, like gen_init_cpio.
		entry($f[0], $type{file} | oct($f[2]), $f[3], $f[4], 1, (stat $f[1])[9], $data,
		      0, 0, $ino++);
	} else {
		die "$0: $spec:$.: unsupported line: $line";
	}
}
entry('TRAILER!!!', 0, 0, 0, 1, 0, '', 0, 0, 0);
out("\0" x ((512 - $offset % 512) % 512));
