# SPDX-License-Identifier: GPL-2.0
#
# sysfs-audit: find who still depends on the deprecated sysfs layout.
#
#   make demo     the main job (see README.md)
#   make check    host unit tests + guest tests, TAP, "N passed, N failed"
#   make bench    uevent storms in QEMU: cost per event, losses (build/bench/)
#   make fuzz     libFuzzer on the rules, ELF, initramfs and report readers (FUZZ_SECONDS each)
#   make mutate   do the tests fail when the tool is wrong? "N killed of M"
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
MODEL_SRCS := user/legacy.c user/sysfs_tree.c
# Reports (issue 10): host-side, no BPF; unit-tested and fuzzed on their own.
REPORT_SRCS := user/report_model.c user/report_read.c user/report_merge.c user/report_out.c user/prometheus.c \
	       user/atomic_file.c user/hash_index.c user/report.c user/json_out.c

.PHONY: fuzz fuzz-build bench
.PHONY: all deps kernels guest-deps unit-tests sysfs-audit vmlinux.h vmlinux-check check check-host \
	check-guest demo clean help mutate install uninstall deb

all: guest-deps

help:
	@sed -n 's/^#   //p' Makefile

# DEPS: the install-deps.sh groups this run needs (empty: kernel tool
# guest). Targets narrow it below; target-specific values reach `deps`
# through the prerequisite chain.
# DEPS=none skips it (the Debian package build: Build-Depends has it all).
DEPS       :=
deps:
	@[ "$(DEPS)" = none ] || bash scripts/install-deps.sh $(DEPS)

# Kernel builds are cached outside the clone (kernel/build.sh); a cached
# build costs a hash and a directory lookup.
kernels: deps
	@for k in $(KERNELS); do kernel/build.sh $$k >/dev/null || exit 1; done

$(BUILD)/ueventmon: tests/guest/ueventmon.c | deps
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) $(WARN) -static -o $@ $<

# ---- the tracer -----------------------------------------------------------
CLANG      ?= clang
BPFTOOL    ?= bpftool
BPF_CFLAGS := -g -O2 -target bpf -D__TARGET_ARCH_x86 -Wall -Werror \
	      -Ivmlinux.h-gen -Ibpf
# Dependents (issue 8): their own BPF objects and skeletons, their own user files.
DEPS_SRCS  := user/dependents.c user/dep_classify.c user/identity.c
DEPS_BPF   := lookups listeners
DEPS_SKELS := $(DEPS_BPF:%=$(BUILD)/%.skel.h)
# The static audit (rules, scan): no BPF, unit-tested and fuzzed on the host.
AUDIT_SRCS := user/findings.c user/slurp.c user/rules_parse.c user/rules_dirs.c user/audit.c \
	      user/dpkg_owner.c user/scan_file.c user/scan_places.c user/scan_elf.c \
	      user/scan_script.c user/scan_initramfs.c
# libarchive.a with only the filters an initramfs uses (see scan_initramfs.c).
ARCHIVE_LIBS := -larchive -llzma -lzstd -llz4 -lbz2 -lz
USER_SRCS  := user/sysfs-audit.c user/common.c user/cmd_trace.c user/cmd_snapshot.c \
	      user/tracer.c user/record.c user/cmd_report.c user/cmd_record.c \
	      user/event.c $(REPORT_SRCS) $(MODEL_SRCS) $(DEPS_SRCS) \
	      user/cmd_rules.c user/cmd_scan.c $(AUDIT_SRCS) user/report_audit.c
USER_HDRS  := $(wildcard user/*.h) bpf/sysfs_audit.h bpf/dep_records.h

$(BUILD)/sysfs_audit.bpf.o: bpf/sysfs_audit.bpf.c bpf/sysfs_audit.h vmlinux.h-gen/vmlinux.h | deps
	@mkdir -p $(BUILD)
	$(CLANG) $(BPF_CFLAGS) -c $< -o $@.tmp
	$(BPFTOOL) gen object $@ $@.tmp
	@rm -f $@.tmp

$(BUILD)/sysfs_audit.skel.h: $(BUILD)/sysfs_audit.bpf.o
	$(BPFTOOL) gen skeleton $< name sysfs_audit_bpf > $@.tmp
	@mv $@.tmp $@

$(BUILD)/%.bpf.o: bpf/%.bpf.c bpf/dep_records.h bpf/dep_common.bpf.h vmlinux.h-gen/vmlinux.h | deps
	@mkdir -p $(BUILD)
	$(CLANG) $(BPF_CFLAGS) -c $< -o $@.tmp
	$(BPFTOOL) gen object $@ $@.tmp
	@rm -f $@.tmp

$(BUILD)/%.skel.h: $(BUILD)/%.bpf.o
	$(BPFTOOL) gen skeleton $< name $*_bpf > $@.tmp
	@mv $@.tmp $@

# Static, so the same binary runs in the guest's initramfs and on any host.
$(BUILD)/sysfs-audit: $(USER_SRCS) $(USER_HDRS) $(BUILD)/sysfs_audit.skel.h $(DEPS_SKELS)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -static -Iuser -Ibpf -I$(BUILD) $(LDFLAGS) -o $@ \
		$(USER_SRCS) -lbpf -lelf -ljson-c $(ARCHIVE_LIBS)

sysfs-audit: $(BUILD)/sysfs-audit

$(BUILD)/sa_oracle: tests/guest/sa_oracle.c | deps
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) $(WARN) -static -o $@ $< -ljson-c

$(BUILD)/uinject: tests/guest/uinject.c | deps
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) $(WARN) -static -o $@ $<

$(BUILD)/ustorm: tests/guest/ustorm.c | deps
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) $(WARN) -static -o $@ $<

# Fixtures of the dependents tests: programs that use sysfs the old way and the new.
$(BUILD)/legacy_consumer $(BUILD)/modern_consumer: $(BUILD)/%: tests/guest/%.c | deps
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) $(WARN) -static -o $@ $<

guest-deps: $(BUILD)/ueventmon $(BUILD)/sysfs-audit $(BUILD)/sa_oracle $(BUILD)/ustorm \
	$(BUILD)/legacy_consumer $(BUILD)/modern_consumer $(BUILD)/uinject

# Host unit tests run under ASan + UBSan.
SAN        := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
UNIT_TESTS := $(BUILD)/tests/test_legacy $(BUILD)/tests/test_event $(BUILD)/tests/test_record \
	      $(BUILD)/tests/test_dep_classify \
	      $(BUILD)/tests/test_rules $(BUILD)/tests/test_scan $(BUILD)/tests/test_report

$(BUILD)/tests/test_legacy: tests/host/unit/test_legacy.c $(MODEL_SRCS) user/legacy.h user/sysfs_tree.h
	@mkdir -p $(dir $@)
	$(CC) -O1 -g $(WARN) $(SAN) -Iuser -o $@ $< $(MODEL_SRCS)

$(BUILD)/tests/test_event: tests/host/unit/test_event.c user/event.c user/legacy.c user/event.h bpf/sysfs_audit.h
	@mkdir -p $(dir $@)
	$(CC) -O1 -g $(WARN) $(SAN) -Iuser -Ibpf -o $@ $< user/event.c user/legacy.c

$(BUILD)/tests/test_report: tests/host/unit/test_report.c $(REPORT_SRCS) user/legacy.c $(USER_HDRS)
	@mkdir -p $(dir $@)
	$(CC) -O1 -g $(WARN) $(SAN) -Iuser -Ibpf -o $@ $< $(REPORT_SRCS) user/legacy.c -ljson-c

$(BUILD)/tests/test_record: tests/host/unit/test_record.c user/record.c user/record.h bpf/sysfs_audit.h
	@mkdir -p $(dir $@)
	$(CC) -O1 -g $(WARN) $(SAN) -Iuser -Ibpf -o $@ $< user/record.c

$(BUILD)/tests/test_dep_classify: tests/host/unit/test_dep_classify.c user/dep_classify.c \
		user/identity.c $(MODEL_SRCS) user/dep_classify.h user/identity.h bpf/dep_records.h
	@mkdir -p $(dir $@)
	$(CC) -O1 -g $(WARN) $(SAN) -Iuser -Ibpf -o $@ $< user/dep_classify.c user/identity.c \
		$(MODEL_SRCS) -lbpf

$(BUILD)/tests/test_rules: tests/host/unit/test_rules.c user/rules_parse.c user/findings.c \
		user/rules_parse.h user/findings.h
	@mkdir -p $(dir $@)
	$(CC) -O1 -g $(WARN) $(SAN) -Iuser -o $@ $< user/rules_parse.c user/findings.c -ljson-c

SCAN_TEST_SRCS := user/scan_script.c user/scan_elf.c user/scan_initramfs.c user/dpkg_owner.c \
	user/slurp.c user/common.c user/findings.c
$(BUILD)/tests/test_scan: tests/host/unit/test_scan.c $(SCAN_TEST_SRCS) $(wildcard user/scan_*.h) \
		user/dpkg_owner.h user/slurp.h
	@mkdir -p $(dir $@)
	$(CC) -O1 -g $(WARN) $(SAN) -Iuser -o $@ $< $(SCAN_TEST_SRCS) -lelf -larchive -ljson-c

unit-tests: $(UNIT_TESTS)

# libFuzzer targets for the parsers that read untrusted files; not part of
# 'make check'. FUZZ_SECONDS per target, one after another, at low priority.
FUZZ_TARGETS := rules elf initramfs report
FUZZ_SECONDS ?= 600
FUZZ_CFLAGS  := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-DSA_MEMBER_MAX='(16UL << 20)' -DSA_IMAGE_MAX='(64UL << 20)' -Iuser -Ibpf
FUZZ_SRCS_rules     := user/rules_parse.c user/findings.c
FUZZ_SRCS_elf       := user/scan_elf.c user/findings.c
FUZZ_SRCS_initramfs := user/scan_initramfs.c user/scan_elf.c user/scan_script.c \
		       user/rules_parse.c user/findings.c
FUZZ_SRCS_report    := $(REPORT_SRCS) user/legacy.c
FUZZ_LIBS_rules     := -ljson-c
FUZZ_LIBS_elf       := -lelf -ljson-c
FUZZ_LIBS_initramfs := -larchive -lelf -ljson-c
FUZZ_LIBS_report    := -ljson-c

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(AUDIT_SRCS) $(REPORT_SRCS) $(wildcard user/*.h) | deps
	@mkdir -p $(dir $@)
	$(CLANG) $(FUZZ_CFLAGS) -o $@ $< $(FUZZ_SRCS_$*) $(FUZZ_LIBS_$*)

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

PROVE := prove -v --timer

check-host: deps unit-tests sysfs-audit $(BUILD)/sa_oracle
	@set -o pipefail; $(PROVE) tests/host/*.t | tests/summary.sh

check-guest: kernels guest-deps
	@set -o pipefail; $(PROVE) tests/guest/*.t | tests/summary.sh

check: kernels guest-deps unit-tests sysfs-audit vmlinux-check
	@set -o pipefail; $(PROVE) tests/host/*.t tests/guest/*.t | tests/summary.sh

# Performance lives here, never in timed test assertions (docs/performance.md).
bench: kernels guest-deps
	@bash scripts/install-deps.sh bench
	@tests/bench/run.sh $(BENCH_KERNELS)

# Not part of check (slow): one deliberate bug at a time, in a scratch copy
# (tests/mutate/run.sh). MUTANTS=REGEX runs only the matching mutants.
mutate: kernels guest-deps unit-tests sysfs-audit
	@nice tests/mutate/run.sh $(MUTANTS)

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
INSTALL    ?= install
UNITS      := sysfs-audit-record.service sysfs-audit-record@.service
DOCS       := README.md docs/design.md docs/report-format.md
PATCHES    := kernel/patches/series $(wildcard kernel/patches/*.patch)
PATCHES612 := kernel/patches-6.12/series $(wildcard kernel/patches-6.12/*.patch)

install: $(BUILD)/sysfs-audit
	$(INSTALL) -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(MANDIR)/man8 $(DESTDIR)$(DOCDIR)/patches \
		$(DESTDIR)$(DOCDIR)/patches-6.12 $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(SYSTEMDUNITDIR)
	$(INSTALL) -m 0755 $(BUILD)/sysfs-audit $(DESTDIR)$(SBINDIR)/sysfs-audit
	$(INSTALL) -m 0644 docs/sysfs-audit.8 $(DESTDIR)$(MANDIR)/man8/sysfs-audit.8
	$(INSTALL) -m 0644 $(DOCS) $(DESTDIR)$(DOCDIR)/
	$(INSTALL) -m 0644 $(PATCHES) $(DESTDIR)$(DOCDIR)/patches/
	$(INSTALL) -m 0644 $(PATCHES612) $(DESTDIR)$(DOCDIR)/patches-6.12/
	$(INSTALL) -m 0644 contrib/bash-completion/sysfs-audit $(DESTDIR)$(BASHCOMPDIR)/sysfs-audit
	@# Both units share one hardening block and carry the installed binary's path.
	for u in $(UNITS); do \
		sed -e 's|@SBINDIR@|$(SBINDIR)|g' \
		    -e '/^\.include-hardening$$/{r contrib/systemd/hardening.conf' -e 'd;}' \
		    contrib/systemd/$$u.in >$(DESTDIR)$(SYSTEMDUNITDIR)/$$u && \
		chmod 0644 $(DESTDIR)$(SYSTEMDUNITDIR)/$$u || exit 1; \
	done

uninstall:
	rm -f $(DESTDIR)$(SBINDIR)/sysfs-audit $(DESTDIR)$(MANDIR)/man8/sysfs-audit.8 \
		$(DESTDIR)$(BASHCOMPDIR)/sysfs-audit $(addprefix $(DESTDIR)$(SYSTEMDUNITDIR)/,$(UNITS))
	rm -rf $(DESTDIR)$(DOCDIR)

# The .deb (debian/, built in debian/build so build/ is left alone), moved
# from the parent directory dpkg-buildpackage writes to into build/deb/.
deb: DEPS = tool package
deb: deps
	dpkg-buildpackage -b -us -uc
	@v=$$(dpkg-parsechangelog -S Version); a=$$(dpkg-architecture -qDEB_HOST_ARCH); \
	mkdir -p $(BUILD)/deb && \
	mv ../sysfs-audit_$${v}_$$a.deb ../sysfs-audit-dbgsym_$${v}_$$a.deb \
	   ../sysfs-audit_$${v}_$$a.buildinfo ../sysfs-audit_$${v}_$$a.changes $(BUILD)/deb/ && \
	ls -l $(BUILD)/deb/sysfs-audit_$${v}_$$a.deb

clean:
	rm -rf $(BUILD)
