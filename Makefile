# SPDX-License-Identifier: GPL-2.0
#
# sysfs-audit: find who still depends on the deprecated sysfs layout.
#
#   make demo     the main job (see README.md)
#   make check    host unit tests + guest tests, TAP, "N passed, N failed"
#   make deb      the Debian package, in build/deb/
#   make install  PREFIX=/usr/local DESTDIR=...: the same files, unpackaged
#
# Every target that needs packages installs the missing ones first.

SHELL      := /bin/bash
BUILD      := build
CC         ?= gcc
CFLAGS     ?= -O2 -g
WARN       := -Wall -Wextra -Werror
KERNELS    := patched legacy
MODEL_SRCS := user/legacy.c user/sysfs_tree.c

.PHONY: all deps kernels guest-deps unit-tests sysfs-audit vmlinux.h vmlinux-check check check-host \
	check-guest demo clean help install uninstall deb

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
USER_SRCS  := user/sysfs-audit.c user/common.c user/cmd_trace.c user/cmd_snapshot.c \
	      user/tracer.c user/record.c \
	      user/event.c user/report.c $(MODEL_SRCS)
USER_HDRS  := $(wildcard user/*.h) bpf/sysfs_audit.h

$(BUILD)/sysfs_audit.bpf.o: bpf/sysfs_audit.bpf.c bpf/sysfs_audit.h vmlinux.h-gen/vmlinux.h | deps
	@mkdir -p $(BUILD)
	$(CLANG) $(BPF_CFLAGS) -c $< -o $@.tmp
	$(BPFTOOL) gen object $@ $@.tmp
	@rm -f $@.tmp

$(BUILD)/sysfs_audit.skel.h: $(BUILD)/sysfs_audit.bpf.o
	$(BPFTOOL) gen skeleton $< name sysfs_audit_bpf > $@.tmp
	@mv $@.tmp $@

# Static, so the same binary runs in the guest's initramfs and on any host.
$(BUILD)/sysfs-audit: $(USER_SRCS) $(USER_HDRS) $(BUILD)/sysfs_audit.skel.h
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -static -Iuser -Ibpf -I$(BUILD) $(LDFLAGS) -o $@ \
		$(USER_SRCS) -lbpf -lelf -lz -lzstd -ljson-c

sysfs-audit: $(BUILD)/sysfs-audit

$(BUILD)/sa_oracle: tests/guest/sa_oracle.c | deps
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) $(WARN) -static -o $@ $< -ljson-c

guest-deps: $(BUILD)/ueventmon $(BUILD)/sysfs-audit $(BUILD)/sa_oracle

# Host unit tests run under ASan + UBSan.
SAN        := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
UNIT_TESTS := $(BUILD)/tests/test_legacy $(BUILD)/tests/test_event $(BUILD)/tests/test_record

$(BUILD)/tests/test_legacy: tests/host/unit/test_legacy.c $(MODEL_SRCS) user/legacy.h user/sysfs_tree.h
	@mkdir -p $(dir $@)
	$(CC) -O1 -g $(WARN) $(SAN) -Iuser -o $@ $< $(MODEL_SRCS)

$(BUILD)/tests/test_event: tests/host/unit/test_event.c user/event.c user/legacy.c user/event.h bpf/sysfs_audit.h
	@mkdir -p $(dir $@)
	$(CC) -O1 -g $(WARN) $(SAN) -Iuser -Ibpf -o $@ $< user/event.c user/legacy.c

$(BUILD)/tests/test_record: tests/host/unit/test_record.c user/record.c user/record.h bpf/sysfs_audit.h
	@mkdir -p $(dir $@)
	$(CC) -O1 -g $(WARN) $(SAN) -Iuser -Ibpf -o $@ $< user/record.c

unit-tests: $(UNIT_TESTS)

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

check-host: deps unit-tests sysfs-audit
	@set -o pipefail; $(PROVE) tests/host/*.t | tests/summary.sh

check-guest: kernels guest-deps
	@set -o pipefail; $(PROVE) tests/guest/*.t | tests/summary.sh

check: kernels guest-deps unit-tests sysfs-audit vmlinux-check
	@set -o pipefail; $(PROVE) tests/host/*.t tests/guest/*.t | tests/summary.sh

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

install: $(BUILD)/sysfs-audit
	$(INSTALL) -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(MANDIR)/man8 $(DESTDIR)$(DOCDIR)/patches \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(SYSTEMDUNITDIR)
	$(INSTALL) -m 0755 $(BUILD)/sysfs-audit $(DESTDIR)$(SBINDIR)/sysfs-audit
	$(INSTALL) -m 0644 docs/sysfs-audit.8 $(DESTDIR)$(MANDIR)/man8/sysfs-audit.8
	$(INSTALL) -m 0644 $(DOCS) $(DESTDIR)$(DOCDIR)/
	$(INSTALL) -m 0644 $(PATCHES) $(DESTDIR)$(DOCDIR)/patches/
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
