#!/usr/bin/perl
# mkelf.pl OUT DATAFILE NSECT [phdr]: a minimal ELF64 whose NSECT read-only
# sections (SHF_ALLOC PROGBITS) all cover the bytes of DATAFILE; with
# "phdr", no section headers but NSECT PT_LOAD segments over the data.
# Crafted input for the hostile-input tests: no compiler, any shape.
use strict;
use warnings;
my ($out, $datafile, $n, $mode) = @ARGV;
$mode //= '';
open(my $d, '<:raw', $datafile) or die "$datafile: $!";
my $data = do { local $/; <$d> };
my $len = length $data;
my $phdr = $mode eq 'phdr';
my $hoff = 64 + $len;
my $ext = !$phdr && $n + 1 >= 0xff00;	# extended numbering: the count in section 0
my $ehdr = pack('a16 v v V Q< Q< Q< V v v v v v v',
	"\x7fELF\x02\x01\x01", 2, 62, 1, 0,
	$phdr ? $hoff : 0, $phdr ? 0 : $hoff, 0, 64, 56, $phdr ? $n : 0, 64,
	$phdr || $ext ? 0 : $n + 1, 0);
open(my $o, '>:raw', $out) or die "$out: $!";
print $o $ehdr, $data;
if ($phdr) {
	print $o pack('V V Q< Q< Q< Q< Q< Q<', 1, 4, 64, 0, 0, $len, $len, 4096) for 1 .. $n;
} else {
	print $o pack('V V Q< Q< Q< Q< V V Q< Q<', 0, 0, 0, 0, 0, $ext ? $n + 1 : 0, 0, 0, 0, 0);
	print $o pack('V V Q< Q< Q< Q< V V Q< Q<', 0, 1, 2, 0, 64, $len, 0, 0, 1, 0) for 1 .. $n;
}
close $o or die "$out: $!";
