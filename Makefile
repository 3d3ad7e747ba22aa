# canonfuzz: every target a user or CI runs. `make test` is what .ci/run calls.
SHELL := /bin/bash
GO ?= go
FUZZTIME ?= 30s
BENCHCOUNT ?= 10
NODE_ORACLES := fuzz/oracle/node

.PHONY: test vet unit node-deps campaign bench build conformance

build:
	$(GO) build -o bin/canonfuzz ./cmd/canonfuzz

# Everything the tests need beyond Go modules: the pinned npm oracles.
node-deps:
	@if [ -f $(NODE_ORACLES)/package-lock.json ]; then \
		npm ci --prefix $(NODE_ORACLES) --no-audit --no-fund --loglevel=error; fi

vet:
	$(GO) vet ./...

unit: node-deps
	$(GO) test -count=1 -timeout 25m ./...

# vet and every test, seeds and vectors replayed.
test: vet unit

# The main job: a short, bounded fuzz campaign with a summary at the end.
campaign: build
	FUZZTIME=$(FUZZTIME) scripts/campaign.sh

# Benchmarks against the named peers; see docs/PERFORMANCE.md for how the
# numbers there were produced.
bench:
	scripts/bench.sh $(BENCHCOUNT)

# The JSONTestSuite conformance of the admission scanner (needs ../shared).
conformance: build
	scripts/jsontestsuite.sh ../shared/jsontestsuite/test_parsing
