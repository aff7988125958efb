# VeetKit verbs. Every verb that compiles runs Scripts/bootstrap first.
SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
SWIFT ?= swift
BIN := $(shell pwd)/.build/debug

.PHONY: bootstrap build test check demo demo-tui bench clean

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

clean:
	rm -rf .build
