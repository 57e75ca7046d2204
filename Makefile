# SPDX-License-Identifier: GPL-2.0
#
# sysfs-audit: find who still depends on the deprecated sysfs layout.
#
#   make demo     the main job (see README.md)
#   make check    host unit tests + guest tests, TAP, "N passed, N failed"
#   make check-host  the host tests only: no kernel build, no guest (about 5 min warm)
#                 (make check on 2 cores: 43-45 min warm; a first run, 90.5 min
#                 measured, also builds three kernels behind the tests that need
#                 none and two real-host images; cached in SYSFS_AUDIT_CACHE,
#                 default ~/.cache/sysfs-audit: what is where, README)
#   make check-host-san  the host test files again, the whole tool under ASan + UBSan
#   make bench    uevent storms in QEMU: cost per event, losses (build/bench/); runs bench-fleet first
#   make bench-realhost  a real Debian 12 host's boot with the boot audit off and on: the ratio
#   make bench-fleet  report merging 1 000..100 000 generated hosts' reports, on the host: CPU s, peak RSS
#   make fuzz     libFuzzer on the rules, ELF, initramfs and report readers, the root walk and the ring records (FUZZ_SECONDS each)
#   make mutate   do the tests fail when the tool is wrong? "N killed of M" (MUTATE_SUITE=host: host tests only, per folder)
#   make bisect-check  every prefix of each kernel series builds (about 35 min; not in check)
#   make deb      the Debian package, in build/deb/
#   make install  PREFIX=/usr/local DESTDIR=...: the same files, unpackaged
#
# Every target that needs packages installs the missing ones first.

SHELL      := /bin/bash
BUILD      := build
CC         ?= gcc
CFLAGS     ?= -O2 -g
WARN       := -Wall -Wextra -Werror
KERNELS    := patched legacy patched-6.12
.PHONY: fuzz fuzz-build bench bench-fleet bench-realhost
.PHONY: all deps kernels guest-deps unit-tests sysfs-audit vmlinux.h vmlinux-check check check-host \
	check-host-san check-guest demo clean help mutate install uninstall deb FORCE bisect-check realhost-prebuild

all: guest-deps

help:
	@sed -n 's/^#   //p' Makefile

# DEPS: the install-deps.sh groups this run needs (empty: kernel tool
# guest realhost package). Targets narrow it below; target-specific values
# reach `deps` through the prerequisite chain.
# DEPS=none skips it (the Debian package build: Build-Depends has it all).
DEPS       :=
deps:
	@[ "$(DEPS)" = none ] || bash scripts/install-deps.sh $(DEPS)

# Kernel builds are cached outside the clone (kernel/build.sh); a cached
# build costs a hash and a directory lookup.
# One line per kernel when it is ready, so a first run's long wait reads
# "2/3 legacy ready after 1033 s" (kernel/build.sh prints its steps), and a
# progress line a minute while one builds (scripts/build-progress.sh): how
# far, against the objects a whole build of that flavour compiles.
export KERNEL_OBJECTS_patched := 1285
export KERNEL_OBJECTS_legacy := 1285
export KERNEL_OBJECTS_patched_6_12 := 1350
kernels: deps
	@scripts/build-progress.sh $(KERNELS) & tick=$$!; \
	n=0; st=0; for k in $(KERNELS); do n=$$((n + 1)); t0=$$(date +%s); \
		kernel/build.sh $$k >/dev/null || { st=1; break; }; \
		echo "kernel $$n/$(words $(KERNELS)) $$k: ready after $$(( $$(date +%s) - t0 )) s"; done; \
	kill $$tick 2>/dev/null; exit $$st

$(BUILD)/ueventmon: tests/guest/ueventmon.c | deps
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) $(WARN) -static -o $@ $<

# ---- the tracer -----------------------------------------------------------
CLANG      ?= clang
BPFTOOL    ?= bpftool
BPF_CFLAGS := -g -O2 -target bpf -D__TARGET_ARCH_x86 -Wall -Werror \
	      -Ivmlinux.h-gen -Ibpf
# Dependents: one BPF object of their own (dependents.bpf.c and its parts).
DEPS_BPF   := dependents abi_watch
SKELS      := $(BUILD)/sysfs_audit.skel.h $(DEPS_BPF:%=$(BUILD)/%.skel.h)

$(BUILD)/sysfs_audit.bpf.o: bpf/sysfs_audit.bpf.c bpf/sysfs_audit.h bpf/legacy_chain.bpf.h \
			    bpf/pin_ctl.bpf.h vmlinux.h-gen/vmlinux.h | deps
	@mkdir -p $(BUILD)
	$(CLANG) $(BPF_CFLAGS) -c $< -o $@.tmp
	$(BPFTOOL) gen object $@ $@.tmp
	@rm -f $@.tmp

$(BUILD)/sysfs_audit.skel.h: $(BUILD)/sysfs_audit.bpf.o
	$(BPFTOOL) gen skeleton $< name sysfs_audit_bpf > $@.tmp
	@mv $@.tmp $@

$(BUILD)/%.bpf.o: bpf/%.bpf.c bpf/dep_records.h bpf/dep_common.bpf.h bpf/dep_lookups.bpf.h bpf/abi_records.h \
		   bpf/dep_listeners.bpf.h vmlinux.h-gen/vmlinux.h | deps
	@mkdir -p $(BUILD)
	$(CLANG) $(BPF_CFLAGS) -c $< -o $@.tmp
	$(BPFTOOL) gen object $@ $@.tmp
	@rm -f $@.tmp

$(BUILD)/%.skel.h: $(BUILD)/%.bpf.o
	$(BPFTOOL) gen skeleton $< name $*_bpf > $@.tmp
	@mv $@.tmp $@

# ---- user/: one folder per layer (docs/design.md, "The house") -----------
# Each layer is an archive, built three ways from the same sources: for the
# static tool (obj), for the host unit tests under ASan + UBSan (san), and
# for the fuzzers (fz). Archives link in layer order, highest first, so a
# program pulls in only what it uses. scripts/check-layers.sh keeps the
# includes pointing down.
LAYERS     := cmd deps reports trace loader audit output model common
USER_INC   := -Iuser -Ibpf -I$(BUILD)
SAN        := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
SAN_CFLAGS := -O1 -g $(WARN) $(SAN)
FUZZ_DEFS  := -DSA_MEMBER_MAX='(16UL << 20)' -DSA_IMAGE_MAX='(64UL << 20)' \
	      -DSA_LZMA_MEMLIMIT='(64UL << 20)'
FZ_CFLAGS  := -g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all $(FUZZ_DEFS)
# libarchive.a with only the filters an initramfs uses (see scan_initramfs.c), and
# liblzo2 for lzo images (audit/decompress.c: Debian's libarchive reads lzop only
# through an external program).
ARCHIVE_LIBS := -larchive -llzma -llzo2 -lzstd -llz4 -lbz2 -lz
USER_LIBS  := -lbpf -lelf -ljson-c -lmd $(ARCHIVE_LIBS)

$(BUILD)/obj/%.o: user/%.c | $(SKELS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -MMD -MP $(USER_INC) -c -o $@ $<

$(BUILD)/san/%.o: user/%.c | $(SKELS)
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) -MMD -MP $(USER_INC) -c -o $@ $<

$(BUILD)/fz/%.o: user/%.c
	@mkdir -p $(@D)
	$(CLANG) $(FZ_CFLAGS) -MMD -MP $(USER_INC) -c -o $@ $<

# The obsolete and removed Documentation/ABI of Debian's linux-source-6.1 and
# -6.12 as the built-in table of `sysfs-audit abi` (generated, never committed;
# empty when neither source package is installed).
ABI_SOURCES := $(wildcard /usr/src/linux-source-6.1.tar.xz /usr/src/linux-source-6.12.tar.xz)
$(BUILD)/abi_builtin.inc: scripts/gen-abi-builtin.sh $(ABI_SOURCES)
	@mkdir -p $(@D)
	nice -n 10 scripts/gen-abi-builtin.sh $@ $(BUILD)/abi-src
$(foreach f,obj san fz,$(BUILD)/$(f)/audit/abi_builtin.o): $(BUILD)/abi_builtin.inc

# $(call layer_lib,FLAVOUR,LAYER): $(BUILD)/FLAVOUR/libsa-LAYER.a
define layer_lib
$$(BUILD)/$(1)/libsa-$(2).a: $$(patsubst user/%.c,$$(BUILD)/$(1)/%.o,$$(wildcard user/$(2)/*.c))
	@rm -f $$@
	$$(AR) rcs $$@ $$^
endef
$(foreach f,obj san fz,$(foreach l,$(LAYERS),$(eval $(call layer_lib,$(f),$(l)))))
libs_of = $(foreach l,$(2),$(BUILD)/$(1)/libsa-$(l).a)

-include $(shell find $(BUILD)/obj $(BUILD)/san $(BUILD)/fz $(BUILD)/tests/obj -name '*.d' 2>/dev/null)

# Static, so the same binary runs in the guest's initramfs and on any host.
$(BUILD)/sysfs-audit: $(call libs_of,obj,$(LAYERS))
	$(CC) $(CFLAGS) -static $(LDFLAGS) -o $@ -Wl,--whole-archive $(BUILD)/obj/libsa-cmd.a \
		-Wl,--no-whole-archive $(call libs_of,obj,$(filter-out cmd,$(LAYERS))) $(USER_LIBS)

sysfs-audit: $(BUILD)/sysfs-audit

$(BUILD)/sa_oracle: tests/guest/sa_oracle.c | deps
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) $(WARN) -static -o $@ $< -ljson-c

$(BUILD)/ustorm $(BUILD)/pathstorm $(BUILD)/uinject: $(BUILD)/%: tests/guest/%.c | deps
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) $(WARN) -static -o $@ $<

# Fixtures of the dependents tests: programs that use sysfs the old way and the new.
# One legacy fixture per program it models (tests/guest/legacy/), each with
# only the strings that program carries (tests/host/52-fixtures.t checks them).
LEGACY_FIXTURES := udevd-095 nl-join nash mdev-16 wait-for-sysfs android-init
# Script fixtures (tests/guest/legacy/*.sh) go in beside them, without the .sh.
LEGACY_SCRIPTS  := dvb-parent
LEGACY_BINS     := $(LEGACY_FIXTURES:%=$(BUILD)/legacy/%) $(LEGACY_SCRIPTS:%=$(BUILD)/legacy/%)
$(BUILD)/modern_consumer $(BUILD)/abi_reader: $(BUILD)/%: tests/guest/%.c | deps
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) $(WARN) -static -o $@ $<

$(LEGACY_FIXTURES:%=$(BUILD)/legacy/%): $(BUILD)/legacy/%: tests/guest/legacy/%.c \
		tests/guest/legacy/fixture.h | deps
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WARN) -static -o $@ $<

$(LEGACY_SCRIPTS:%=$(BUILD)/legacy/%): $(BUILD)/legacy/%: tests/guest/legacy/%.sh
	@mkdir -p $(@D)
	install -m 0755 $< $@

# What BPF sees of uevents without the kobject tracepoints (issue 29): a
# loader of its own, with its object and skeleton, for 24-bpf-compare.t.
$(BUILD)/bpfcmp.bpf.o: tests/guest/bpfcmp.bpf.c tests/guest/bpfcmp.h vmlinux.h-gen/vmlinux.h | deps
	@mkdir -p $(BUILD)
	$(CLANG) $(BPF_CFLAGS) -c $< -o $@.tmp
	$(BPFTOOL) gen object $@ $@.tmp
	@rm -f $@.tmp

$(BUILD)/bpfcmp: tests/guest/bpfcmp.c tests/guest/bpfcmp.h $(BUILD)/bpfcmp.skel.h | deps
	$(CC) $(CFLAGS) $(WARN) -static -I$(BUILD) -o $@ $< -lbpf -lelf -lz -lzstd

guest-deps: $(BUILD)/ueventmon $(BUILD)/sysfs-audit $(BUILD)/sa_oracle $(BUILD)/ustorm \
	$(BUILD)/pathstorm $(LEGACY_BINS) $(BUILD)/modern_consumer $(BUILD)/uinject \
	$(BUILD)/bpfcmp $(BUILD)/abi_reader

# Host unit tests run under ASan + UBSan; each links the layers it uses
# from the san archives. tests/host/unit/tap.h: their shared helpers.
# Each test's object is kept, its headers in its .d: a change in user/
# relinks every test but recompiles only those that include what changed
# (most of the CPU of 43-extend.t's scratch builds was these compiles).
UNIT_TESTS := $(patsubst tests/host/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/host/unit/test_*.c))
UNIT_OBJS  := $(patsubst $(BUILD)/tests/%,$(BUILD)/tests/obj/%.o,$(UNIT_TESTS))
SAN_LIBS   := $(call libs_of,san,$(filter-out cmd,$(LAYERS)))

$(UNIT_OBJS): $(BUILD)/tests/obj/%.o: tests/host/unit/%.c | $(SKELS)
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) -MMD -MP $(USER_INC) -c -o $@ $<

$(UNIT_TESTS): $(BUILD)/tests/%: $(BUILD)/tests/obj/%.o $(SAN_LIBS)
	$(CC) $(SAN_CFLAGS) -o $@ $< $(SAN_LIBS) -lbpf -lelf -ljson-c -lmd -larchive -llzma -llzo2 -lzstd

unit-tests: $(UNIT_TESTS)

# Which rule decides each legacy name a live /sys lacks (tests/host/32-legacy-live.t).
$(BUILD)/legacy_live: tests/host/legacy_live.c $(SAN_LIBS)
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) $(USER_INC) -o $@ $< $(SAN_LIBS) -lbpf -lelf -ljson-c -lmd -larchive -llzma -llzo2 -lzstd

# The whole tool under ASan + UBSan (linked dynamically: ASan has no static
# runtime), run by tests/host/57-sanitized-tool.t on the host's own trees.
$(BUILD)/sysfs-audit-san: $(call libs_of,san,$(LAYERS))
	$(CC) $(SAN_CFLAGS) -o $@ -Wl,--whole-archive $(BUILD)/san/libsa-cmd.a \
		-Wl,--no-whole-archive $(SAN_LIBS) -lbpf -lelf -ljson-c -lmd -larchive -llzma -llzo2 -lzstd

# libFuzzer targets for the parsers that read untrusted files; not part of
# 'make check'. FUZZ_SECONDS per target, one after another, at low priority.
FUZZ_TARGETS := rules elf initramfs report root ring
FUZZ_SECONDS ?= 600
FZ_LIBS      := $(call libs_of,fz,reports audit output model common)
# The ring target takes the loader's record path out of the trace and deps
# layers (whose archives need libbpf): decoders, views, classifier,
# identity, store.
FZ_RING      := $(patsubst %,$(BUILD)/fz/trace/%.o,ring_decode views event) \
		$(patsubst %,$(BUILD)/fz/deps/%.o,dep_decode dep_classify identity dep_store \
		  shell_script)
$(BUILD)/fuzz/fuzz_ring: FZ_OBJS = $(FZ_RING)
$(BUILD)/fuzz/fuzz_ring: $(FZ_RING)

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FZ_LIBS) | deps
	@mkdir -p $(dir $@)
	$(CLANG) $(FZ_CFLAGS) -fsanitize=fuzzer $(USER_INC) -o $@ $< $(FZ_OBJS) $(FZ_LIBS) \
		-larchive -llzma -llzo2 -lzstd -lelf -ljson-c -lmd

fuzz-build: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%)

# New inputs go to build/fuzz/<target>/, the seeds in tests/fuzz/<target>/ stay as they are.
# A cpio header may claim a 4 GiB name, which libarchive 3.6 tries to malloc():
# outside ASan that fails or stays untouched (an error is reported), so ASan
# is told to fail such allocations the same way instead of aborting.
FUZZ_ASAN := ASAN_OPTIONS=max_allocation_size_mb=1024:allocator_may_return_null=1
fuzz: fuzz-build
	@set -o pipefail; for t in $(FUZZ_TARGETS); do \
		mkdir -p $(BUILD)/fuzz/$$t $(BUILD)/fuzz/$$t-crashes; \
		echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
		$(FUZZ_ASAN) nice -n 10 $(BUILD)/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=30 \
			-rss_limit_mb=2048 -max_len=262144 -print_final_stats=1 \
			-artifact_prefix=$(BUILD)/fuzz/$$t-crashes/ \
			$$(test -f tests/fuzz/fuzz_$$t.dict && echo -dict=tests/fuzz/fuzz_$$t.dict) \
			$(BUILD)/fuzz/$$t tests/fuzz/$$t 2>&1 | tail -n 25 || exit 1; \
	done

vmlinux.h: kernels
	vmlinux.h-gen/gen.sh vmlinux.h-gen/vmlinux.h

vmlinux-check: kernels
	@mkdir -p $(BUILD)
	@vmlinux.h-gen/gen.sh $(BUILD)/vmlinux.h.fresh
	@cmp -s $(BUILD)/vmlinux.h.fresh vmlinux.h-gen/vmlinux.h || { \
		echo "vmlinux.h-gen/vmlinux.h is stale: run 'make vmlinux.h' and commit it" >&2; \
		exit 1; }
	@echo "vmlinux.h-gen/vmlinux.h matches the patched kernel's BTF"

# Test files run CHECK_JOBS at a time (each guest is one TCG thread; prove
# buffers each file's output, so the summary still counts every line). The
# real-host test is the longest (about half of the run): it starts first, the
# rest fills the other slot. What two files share (kernels, images, fetched
# packages, the .deb) is built before prove or under a lock.
CHECK_JOBS ?= 2
PROVE := prove -v --timer -j$(CHECK_JOBS)
SLOW_TESTS := tests/guest/70-realhost.t
# The other guest files longest first (2 to 4 min each in a warm run, the
# rest under 2), so that the two slots end close together; on an empty
# cache they all start once the last kernel is built, and the order is
# what is left of the run.
LONG_GUEST_TESTS := $(addprefix tests/guest/,51-dependents-cases.t 35-storm.t \
	65-abi-watch.t 55-dependents-modern.t 40-trace-errors.t 60-boot.t \
	50-dependents.t 30-trace.t)
GUEST_TESTS := $(SLOW_TESTS) $(LONG_GUEST_TESTS) \
	$(filter-out $(SLOW_TESTS) $(LONG_GUEST_TESTS),$(wildcard tests/guest/*.t))

# What tests/host/*.t run besides the tool: both check targets build it.
HOST_TEST_BINS := $(BUILD)/legacy_live $(BUILD)/sa_oracle $(LEGACY_BINS)

check-host: deps unit-tests sysfs-audit $(HOST_TEST_BINS) $(BUILD)/sysfs-audit-san deb
	@set -o pipefail; $(PROVE) tests/host/*.t | tests/summary.sh

# The host test files that run the tool (they source tests/lib/tool.sh, or
# tests/lib/tool-test.sh, which does) again,
# with the whole tool under ASan + UBSan: every ASan report goes to
# $(SAN_LOGS), and any report there fails the run, whatever the test made
# of the tool's exit status. UBSan's cannot: gcc links libubsan beside
# libasan, and libubsan never learns the log path (its reports go to the
# test's stderr), so both exit 86, which no check of a status the tool
# gives accepts. The unit tests always run sanitized.
SAN_LOGS := $(BUILD)/san-logs
SAN_HOST_TESTS = $(shell grep -l '^\. "$$top/tests/lib/tool\(-test\)\?\.sh"' tests/host/*.t)
check-host-san: deps unit-tests sysfs-audit $(HOST_TEST_BINS) $(BUILD)/sysfs-audit-san
	@rm -rf $(SAN_LOGS) && mkdir -p $(SAN_LOGS)
	@set -o pipefail; SA_BIN=$(abspath $(BUILD)/sysfs-audit-san) \
		ASAN_OPTIONS=detect_leaks=0:exitcode=86:log_path=$(abspath $(SAN_LOGS))/asan \
		UBSAN_OPTIONS=print_stacktrace=1:exitcode=86 \
		$(PROVE) $(SAN_HOST_TESTS) | tests/summary.sh; st=$$?; \
	if [ -n "$$(ls -A $(SAN_LOGS))" ]; then \
		echo "check-host-san: sanitizer reports in $(SAN_LOGS):"; \
		head -n 30 $(SAN_LOGS)/*; exit 1; fi; exit $$st

check-guest: realhost-prebuild kernels guest-deps deb
	@set -o pipefail; $(PROVE) $(GUEST_TESTS) | tests/summary.sh

# The real-host images need the .deb and no kernel: realhost-prebuild starts
# them in the background first, so that on an empty cache their download
# and unpack run beside the kernel builds (tests/realhost/prebuild.sh).
REALHOST_LEGACY := $(BUILD)/realhost/mdev16
$(REALHOST_LEGACY): tests/realhost/mdev16.c | deps
	@mkdir -p $(@D)
	$(CC) -O2 -static -Wall -Wextra -Werror -o $@ $<

realhost-prebuild: deps deb $(REALHOST_LEGACY)
	@tests/realhost/prebuild.sh $(DEB) $(REALHOST_LEGACY)

# check needs no kernel before prove starts: scripts/kernels-bg.sh builds
# them in the background at nice 19 while the real-host boots and the host
# tests run, and each guest test waits for the kernel it boots
# (tests/lib/kernel-build.sh); tests/guest/01-vmlinux-h.t is vmlinux-check.
# Warm, every kernel is a cache lookup. The builder's lines go to stderr,
# never into the summary's pipe.
KERNELS_BG := $(abspath $(BUILD))/kernels-bg
check: realhost-prebuild guest-deps unit-tests sysfs-audit $(HOST_TEST_BINS) \
	$(BUILD)/sysfs-audit-san deb
	@scripts/kernels-bg.sh start $(KERNELS_BG) $(KERNELS) || exit 1; \
	trap 'scripts/kernels-bg.sh stop $(KERNELS_BG); exit 130' INT TERM HUP; \
	set -o pipefail; SYSFS_AUDIT_KERNELS_BG=$(KERNELS_BG) $(PROVE) $(SLOW_TESTS) \
		tests/host/*.t $(filter-out $(SLOW_TESTS),$(GUEST_TESTS)) | tests/summary.sh; \
	st=$$?; scripts/kernels-bg.sh finish $(KERNELS_BG) || st=1; exit $$st

# Performance lives here, never in timed test assertions (docs/performance.md).
bench: bench-fleet bench-realhost kernels guest-deps
	@bash scripts/install-deps.sh bench
	@tests/bench/run.sh $(BENCH_KERNELS)

# A real Debian 12 host (tests/realhost/) booted with the boot audit disabled
# and enabled, interleaved: medians and the ratio, per initramfs generator.
bench-realhost: sysfs-audit guest-deps
	@bash scripts/install-deps.sh realhost
	@tests/bench/realhost-boot.sh $(BENCH_GENERATORS)

# The fleet merge alone, on the host (no kernel, no QEMU): report over 1 000
# to 100 000 generated single-host reports, seconds and peak RSS.
FLEET_SIZES ?= 1000,10000,100000
FLEET_REAL  ?= 1000,10000
# the minimal reports host by host, shuffled, and the same hosts on two days (tests/bench/fleet.py)
FLEET_ORDERS ?= in-order,shuffled,day-by-day,day-by-day-shuffled
bench-fleet: $(BUILD)/sysfs-audit
	@bash scripts/install-deps.sh bench
	@nice python3 tests/bench/fleet.py $(BUILD)/sysfs-audit --sizes $(FLEET_SIZES) \
		--real $(FLEET_REAL) --orders $(FLEET_ORDERS) --out $(BUILD)/bench

# Not part of check (slow): one incremental kernel build per patch of each
# series, in the order kernel/build.sh applies them (BISECT_SERIES: 6.1 6.12).
BISECT_SERIES ?= 6.1 6.12
bisect-check: DEPS = kernel
bisect-check: deps
	@kernel/bisect-check.sh $(BISECT_SERIES)

# Not part of check (slow): one deliberate bug at a time, in a scratch copy
# (tests/mutate/run.sh). MUTANTS=REGEX runs only the matching mutants;
# MUTATE_FILES=REGEX only those of the matching files.
# MUTATE_SUITE=host: no kernel, no guest: the mutants of user/ judged by the
# host tests that matter for each (seconds to a minute a mutant), scored per folder.
MUTATE_SUITE ?=
mutate: $(if $(filter host,$(MUTATE_SUITE)),unit-tests sysfs-audit,kernels guest-deps unit-tests sysfs-audit)
	@MUTATE_SUITE=$(MUTATE_SUITE) MUTATE_FILES=$(MUTATE_FILES) nice tests/mutate/run.sh $(MUTANTS)

# KERNEL=stock (Debian's 6.1, fexit, nothing to build), patched (the
# tracepoint; builds the kernel once) or auto: patched when its build is
# cached, else stock.
KERNEL     := auto
demo: DEPS = tool guest $(if $(filter patched,$(KERNEL)),kernel)
demo: guest-deps
	@scripts/demo.sh $(KERNEL)

# ---- installing (GNU conventions) and the Debian package ------------------
# make install PREFIX=/usr/local DESTDIR=/tmp/stage: the files the .deb
# ships, without packaging.
PREFIX     ?= /usr/local
SBINDIR    ?= $(PREFIX)/sbin
DATADIR    ?= $(PREFIX)/share
MANDIR     ?= $(DATADIR)/man
DOCDIR     ?= $(DATADIR)/doc/sysfs-audit
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
SYSCONFDIR ?= $(PREFIX)/etc
# initramfs-tools reads /usr/share/initramfs-tools and /etc/initramfs-tools only.
INITRAMFSDIR ?= $(DATADIR)/initramfs-tools
DRACUTDIR  ?= $(PREFIX)/lib/dracut/modules.d
INSTALL    ?= install
UNITS      := sysfs-audit-record.service sysfs-audit-record@.service sysfs-audit-boot.service \
	      sysfs-audit-coldplug.service
# The boot audit (sysfs-audit(8), BOOT AUDIT): hook and scripts, dracut module.
BOOT_FILES := hooks/sysfs-audit scripts/init-top/sysfs-audit scripts/init-bottom/sysfs-audit
DRACUT_FILES := module-setup.sh sysfs-audit-start.sh sysfs-audit-end.sh
SUBST      = sed -e 's|@SBINDIR@|$(SBINDIR)|g' -e 's|@SYSCONFDIR@|$(SYSCONFDIR)|g' \
	     -e 's|@DATADIR@|$(DATADIR)|g'
DOCS       := README.md docs/design.md docs/report-format.md
PATCHES    := kernel/patches/series $(wildcard kernel/patches/*.patch)
PATCHES612 := kernel/patches-6.12/series $(wildcard kernel/patches-6.12/*.patch)
PATCHESLOC := kernel/patches-local-6.1/series kernel/patches-local-6.1/README \
	      $(wildcard kernel/patches-local-6.1/*.patch)

install: $(BUILD)/sysfs-audit
	$(INSTALL) -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(MANDIR)/man8 $(DESTDIR)$(DOCDIR)/patches \
		$(DESTDIR)$(DOCDIR)/patches-6.12 $(DESTDIR)$(DOCDIR)/patches-local-6.1 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(SYSTEMDUNITDIR)
	$(INSTALL) -m 0755 $(BUILD)/sysfs-audit $(DESTDIR)$(SBINDIR)/sysfs-audit
	$(INSTALL) -m 0644 docs/sysfs-audit.8 $(DESTDIR)$(MANDIR)/man8/sysfs-audit.8
	$(INSTALL) -m 0644 $(DOCS) $(DESTDIR)$(DOCDIR)/
	$(INSTALL) -m 0644 $(PATCHES) $(DESTDIR)$(DOCDIR)/patches/
	$(INSTALL) -m 0644 $(PATCHES612) $(DESTDIR)$(DOCDIR)/patches-6.12/
	$(INSTALL) -m 0644 $(PATCHESLOC) $(DESTDIR)$(DOCDIR)/patches-local-6.1/
	$(INSTALL) -m 0644 contrib/bash-completion/sysfs-audit $(DESTDIR)$(BASHCOMPDIR)/sysfs-audit
	$(INSTALL) -d $(DESTDIR)$(SYSCONFDIR)/default $(DESTDIR)$(DRACUTDIR)/90sysfs-audit \
		$(DESTDIR)$(INITRAMFSDIR)/hooks $(DESTDIR)$(INITRAMFSDIR)/scripts/init-top \
		$(DESTDIR)$(INITRAMFSDIR)/scripts/init-bottom $(DESTDIR)$(DATADIR)/sysfs-audit
	$(INSTALL) -m 0644 contrib/default/sysfs-audit $(DESTDIR)$(SYSCONFDIR)/default/sysfs-audit
	@# Sourced by both generators' scripts, in the image at the Debian path.
	$(INSTALL) -m 0644 contrib/boot/boot-functions $(DESTDIR)$(DATADIR)/sysfs-audit/boot-functions
	$(INSTALL) -d $(DESTDIR)$(DATADIR)/sysfs-audit/prometheus
	$(INSTALL) -m 0644 contrib/prometheus/sysfs-audit.rules.yml \
		$(DESTDIR)$(DATADIR)/sysfs-audit/prometheus/sysfs-audit.rules.yml
	for f in $(BOOT_FILES); do \
		$(SUBST) contrib/initramfs-tools/$$f >$(DESTDIR)$(INITRAMFSDIR)/$$f && \
		chmod 0755 $(DESTDIR)$(INITRAMFSDIR)/$$f || exit 1; \
	done
	for f in $(DRACUT_FILES); do \
		$(SUBST) contrib/dracut/90sysfs-audit/$$f >$(DESTDIR)$(DRACUTDIR)/90sysfs-audit/$$f && \
		chmod 0755 $(DESTDIR)$(DRACUTDIR)/90sysfs-audit/$$f || exit 1; \
	done
	@# Both units share one hardening block and carry the installed binary's path.
	for u in $(UNITS); do \
		$(SUBST) -e '/^\.include-hardening$$/{r contrib/systemd/hardening.conf' -e 'd;}' \
		    contrib/systemd/$$u.in >$(DESTDIR)$(SYSTEMDUNITDIR)/$$u && \
		chmod 0644 $(DESTDIR)$(SYSTEMDUNITDIR)/$$u || exit 1; \
	done

uninstall:
	rm -f $(DESTDIR)$(SBINDIR)/sysfs-audit $(DESTDIR)$(MANDIR)/man8/sysfs-audit.8 \
		$(DESTDIR)$(BASHCOMPDIR)/sysfs-audit $(addprefix $(DESTDIR)$(SYSTEMDUNITDIR)/,$(UNITS)) \
		$(DESTDIR)$(SYSCONFDIR)/default/sysfs-audit $(addprefix $(DESTDIR)$(INITRAMFSDIR)/,$(BOOT_FILES))
	rm -rf $(DESTDIR)$(DOCDIR) $(DESTDIR)$(DRACUTDIR)/90sysfs-audit $(DESTDIR)$(DATADIR)/sysfs-audit

# The .deb (debian/, built in debian/build so build/ is left alone), moved
# from the parent directory dpkg-buildpackage writes to into build/deb/.
# A file target, rebuilt when a tracked file outside tests/ changes: the
# tests that unpack it (several at once under prove -j) find it built by
# `make check` and never rebuild it under one another. The build itself is
# under a lock, and mv replaces the file atomically for a reader. The lock
# is in the parent directory, where dpkg-buildpackage writes its results:
# two checkouts side by side (a CI clone beside a work tree, two work
# trees) would otherwise move each other's files (dpkg-genbuildinfo:
# "cannot fstat file ../sysfs-audit-dbgsym_*.deb").
DEB_VERSION := $(shell sed -n '1s/^[^(]*(\([^)]*\)).*/\1/p' debian/changelog)
DEB_ARCH    := $(shell dpkg --print-architecture 2>/dev/null || echo amd64)
DEB         := $(BUILD)/deb/sysfs-audit_$(DEB_VERSION)_$(DEB_ARCH).deb
DEB_INPUTS  := $(shell git ls-files -- . ':!tests' ':!.ci' 2>/dev/null || echo FORCE)
DEB_INPUTS  := $(filter FORCE,$(DEB_INPUTS)) $(wildcard $(filter-out FORCE,$(DEB_INPUTS)))

FORCE:
deb: $(DEB)
$(DEB): DEPS = tool package
$(DEB): $(DEB_INPUTS) | deps
	@mkdir -p $(BUILD)/deb
	flock ../.sysfs-audit-deb.lock sh -ec 'dpkg-buildpackage -b -us -uc; \
	for f in sysfs-audit-dbgsym_$(DEB_VERSION)_$(DEB_ARCH).deb \
		 sysfs-audit_$(DEB_VERSION)_$(DEB_ARCH).buildinfo \
		 sysfs-audit_$(DEB_VERSION)_$(DEB_ARCH).changes \
		 sysfs-audit_$(DEB_VERSION)_$(DEB_ARCH).deb; do \
		mv ../$$f $(BUILD)/deb/; done'
	@ls -l $@

clean:
	rm -rf $(BUILD)
