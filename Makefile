# VeetKit verbs. Every verb that compiles runs Scripts/bootstrap first.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
BIN := $(shell pwd)/.build/debug

.PHONY: bootstrap build test check demo demo-tui bench soak fuzz sanitize conformance clean

bootstrap:
	@Scripts/bootstrap

build: bootstrap
	$(SWIFT) build

check:
	@Scripts/check-architecture

# The architecture check, then every test target (unit, integration, end to end).
test: bootstrap check
	$(SWIFT) build
	VEET_BIN_DIR=$(BIN) $(SWIFT) test

# Builds, starts the reference server on a free loopback port, opens `veet chat` against it.
demo: bootstrap
	$(SWIFT) build --product veet
	$(SWIFT) build --product veet-fixture
	@Scripts/demo $(BIN)

# The same, with the full-screen client (first version; see docs/tui.md).
demo-tui: bootstrap
	$(SWIFT) build --product veet-tui
	$(SWIFT) build --product veet-fixture
	@Scripts/demo $(BIN) tui

# Release-mode figures, each a ratio against a baseline measured in the same run.
bench: bootstrap
	$(SWIFT) build -c release --product veet-bench
	$(SWIFT) build -c release --product veet
	@Scripts/bench .build/release

# Soak runs (docs/hardening.md): bounded, loopback only, figures printed.
# SOAK_ARGS passes options, e.g. SOAK_ARGS="--streams 100 --only streams,submits".
soak: bootstrap
	$(SWIFT) build --product veet-soak
	$(SWIFT) build --product veet-store-torture
	$(BIN)/veet-soak --bin $(BIN) $(SOAK_ARGS)

# libFuzzer targets, FUZZ_SECONDS each (default 60); FUZZ_TARGETS picks some (sse wire serverurl markdown request).
fuzz: bootstrap
	@Scripts/fuzz $(FUZZ_TARGETS)

# The tests under the thread and address sanitizers (SANITIZERS, SANITIZE_FILTER; see Scripts/sanitize).
sanitize: bootstrap
	@Scripts/sanitize

# Every chat route against the contract: the in-process fixture by default, or
# VEET_URL (loopback) with its token in the file VEET_TOKEN_FILE.
conformance: bootstrap
	$(SWIFT) build --product veet-soak
	$(BIN)/veet-soak --conformance $(if $(VEET_URL),--url $(VEET_URL) --token-file $(VEET_TOKEN_FILE))

clean:
	rm -rf .build
