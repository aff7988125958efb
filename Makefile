# VeetKit verbs. Every verb that compiles runs Scripts/bootstrap first.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
BIN := $(shell pwd)/.build/debug

.PHONY: bootstrap build test test-package packages check demo demo-cli bench soak fuzz sanitize conformance clean install uninstall deb check-deb screens

bootstrap:
	@Scripts/bootstrap

build: bootstrap
	$(SWIFT) build

check:
	@Scripts/check-architecture

# The architecture check, the fuzz harnesses type-checked, every package built alone
# (Scripts/build-packages --shared-scratch: one scratch folder, each manifest the root in turn;
# one unchanged since its last green build is skipped), then every
# test target (unit, integration, end to end) in one root build.
# The run normally takes a few minutes; the time limit turns a hung test into a
# quick, named failure instead of a stalled CI job.
TEST_TIME_LIMIT ?= 1500
test: bootstrap check
	$(SWIFT) build
	@Scripts/fuzz --typecheck
	@Scripts/build-packages --shared-scratch
	@# The end-to-end suites run the built apps and block a test thread while they
	@# wait on processes; beside them, on two cores, the async tests' time limits
	@# ran out with nothing wrong (a one-line test took 46 s). So they run second.
	VEET_BIN_DIR=$(BIN) timeout --kill-after=30 $(TEST_TIME_LIMIT) $(SWIFT) test --skip '^EndToEndTests\.' || { \
	  status=$$?; [ $$status -eq 124 ] && echo "make test: the tests did not finish in $(TEST_TIME_LIMIT) s" >&2; exit $$status; }
	VEET_BIN_DIR=$(BIN) timeout --kill-after=30 $(TEST_TIME_LIMIT) $(SWIFT) test --skip-build --filter '^EndToEndTests\.' || { \
	  status=$$?; [ $$status -eq 124 ] && echo "make test: the end-to-end tests did not finish in $(TEST_TIME_LIMIT) s" >&2; exit $$status; }

# One package alone: its build and its own tests, with only what its Package.swift
# names (make test-package P=VeetChat). P may also name an app package under Apps/.
# Its own scratch folder, .build/alone/P (never Modules/P/.build), built with its tests by
# Scripts/build-packages --build-tests (skipped when unchanged since that last green build).
test-package: bootstrap
	@[ -n "$(P)" ] || { echo "make test-package: say which, e.g. P=VeetChat" >&2; exit 2; }
	@dir=Modules/$(P); [ -f $$dir/Package.swift ] || dir=Apps/$(P); \
	  [ -f $$dir/Package.swift ] || { echo "make test-package: no package $(P) under Modules/ or Apps/" >&2; exit 2; }; \
	  Scripts/build-packages --build-tests $(P) && \
	  if [ -d $$dir/Tests ]; then $(SWIFT) test --skip-build --package-path $$dir --scratch-path .build/alone/$(P); \
	  else echo "$(P) has no tests of its own"; fi

# Every package built alone (as an embedding tool would); PACKAGES picks some and may
# include --build-tests.
packages: bootstrap
	@Scripts/build-packages $(PACKAGES)

# Builds, starts the reference server on a free loopback port, opens the
# full-screen client (veet-tui) against it.
demo: bootstrap
	$(SWIFT) build --product veet-tui
	$(SWIFT) build --product veet-fixture
	@Scripts/demo $(BIN) tui

# The same with the line-oriented chat of the CLI (`veet chat`).
demo-cli: bootstrap
	$(SWIFT) build --product veet
	$(SWIFT) build --product veet-fixture
	@Scripts/demo $(BIN) chat

# Release binaries, completions, man pages, the systemd user unit and docs under
# PREFIX (default ~/.local); uninstall removes exactly what install wrote.
PREFIX ?= $(HOME)/.local
install: bootstrap
	$(SWIFT) build -c release --product veet
	$(SWIFT) build -c release --product veet-tui
	$(SWIFT) build -c release --product veetd
	@Scripts/install --bin-dir .build/release --prefix $(PREFIX)

uninstall:
	@Scripts/install --uninstall --prefix $(PREFIX)

# A Debian package (.build/deb/veetkit_VERSION_ARCH.deb). The Swift runtime is linked
# in (--static-swift-stdlib), so it needs only Debian's own libraries.
deb: bootstrap
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path .build/static --product veet
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path .build/static --product veet-tui
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path .build/static --product veetd
	@Scripts/package-deb --bin-dir .build/static/release --out .build/deb

# The package from `make deb`, installed into a fresh Debian (debootstrap, as root) and used
# there against the reference server on loopback: connect, chat, doctor, man pages, completions.
check-deb: deb
	$(SWIFT) build --product veet-fixture
	@Scripts/check-deb --deb "$$(ls -t .build/deb/veetkit_*.deb | head -1)"

# The README's pictures: the golden states of the TUI (ScreenPicturesTests) drawn as PNG into
# docs/screens with Debian's Pillow and DejaVu fonts; the tests check they are current.
screens: bootstrap
	@for p in python3-pil fonts-dejavu-core; do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || { apt-get install -y -qq $$p >/dev/null || exit 1; }; done
	$(SWIFT) build --build-tests
	@rm -rf .build/screens && VEET_WRITE_SCREENS=$$PWD/.build/screens $(SWIFT) test --skip-build --filter ScreenPicturesTests >/dev/null
	@Scripts/render-screens .build/screens docs/screens

# Release-mode figures, each a ratio against a baseline measured in the same run.
bench: bootstrap
	$(SWIFT) build -c release --product veet-bench
	$(SWIFT) build -c release --product veet
	$(SWIFT) build -c release --product veet-tui
	$(SWIFT) build -c release --product veetd
	$(SWIFT) build -c release --product veet-fixture
	@Scripts/bench .build/release $(if $(QUICK),--quick)

# Soak runs (docs/reliability.md): bounded, loopback only, figures printed.
# SOAK_ARGS passes options, e.g. SOAK_ARGS="--streams 100 --only streams,submits".
soak: bootstrap
	$(SWIFT) build --product veet-soak
	$(SWIFT) build --product veet-store-torture
	$(SWIFT) build --product veetd
	$(SWIFT) build --product veet-tui
	$(BIN)/veet-soak --bin $(BIN) $(SOAK_ARGS)

# libFuzzer targets, FUZZ_SECONDS each (default 60); FUZZ_TARGETS picks some (sse wire serverurl markdown request).
fuzz: bootstrap
	@Scripts/fuzz $(FUZZ_TARGETS)

# The tests under the thread and address sanitizers (SANITIZERS, SANITIZE_FILTER; see Scripts/sanitize).
sanitize: bootstrap
	@Scripts/sanitize

# Every route family the clients use against the contract: the in-process fixture by default, or
# VEET_URL (loopback) with its token in the file VEET_TOKEN_FILE.
conformance: bootstrap
	$(SWIFT) build --product veet-soak
	$(BIN)/veet-soak --conformance $(if $(VEET_URL),--url $(VEET_URL) --token-file $(VEET_TOKEN_FILE))

clean:
	rm -rf .build
