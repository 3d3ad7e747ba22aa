# canonfuzz: every target a user or CI runs. `make test` is what .ci/run calls.
SHELL := /bin/bash
GO ?= go
FUZZTIME ?= 6s
BENCHCOUNT ?= 10
NODE_ORACLES := fuzz/oracle/node
MCP_SERVER := targets/guard/testdata/mcp-server

GOFUZZTIME ?= 60
GOFUZZWORKERS ?= 2
CAMPAIGN_FLAGS ?=

.PHONY: test vet unit node-deps fuzz-tools campaign bench build product conformance numbers-full \
	libfuzzer libfuzzer-check gofuzz-cluster minimize-compare minimize-compare-libfuzzer \
	mutation mutation-quick mutation-deps mutation-tools actionlint fuzz-mutation fuzz-mutation-smoke \
	matrix-oracles matrix matrix-guards efficacy efficacy-compare campaign-gofuzz campaign-libfuzzer guard-soak

# bin/canonfuzz with the research commands (campaign, matrix, minimize,
# mutation), which every target below runs: the lab build. The default
# build, what go install gives a user, is the product (admit, canon, digest,
# meet, check, guard): `make product` (README.md, "Two builds").
build:
	$(GO) build -tags lab -o bin/canonfuzz ./cmd/canonfuzz

product:
	$(GO) build -o bin/product/canonfuzz ./cmd/canonfuzz

# Everything the tests need beyond Go modules: the npm oracles and the real
# MCP filesystem server the guard's end-to-end test runs, each pinned by its
# package-lock.json. A missing Node is a failure, not a skip.
node-deps:
	@command -v node >/dev/null || { apt-get update -qq && apt-get install -y -qq nodejs npm; } || \
		{ echo "make: node is required for the Node oracles (apt-get install nodejs npm)" >&2; exit 1; }
	npm ci --prefix $(NODE_ORACLES) --no-audit --no-fund --loglevel=error
	npm ci --prefix $(MCP_SERVER) --no-audit --no-fund --loglevel=error

# go-fuzz and go-fuzz-build, pinned with every dependency by
# fuzz/gofuzz/tools/go.mod, and Debian's clang for the libFuzzer builds.
fuzz-tools:
	cd fuzz/gofuzz/tools && $(GO) install tool
	@command -v clang++ >/dev/null || { apt-get update -qq && apt-get install -y -qq clang; } || \
		{ echo "make: clang is required for the libFuzzer builds (apt-get install clang)" >&2; exit 1; }

# cmd/canonfuzz's research commands are built with -tags lab, efficacy
# with -tags planted: vetted and tested in those builds too.
# vet also vets the product for macOS, the other Unix the guard supports
# (its pipe code has Linux and non-Linux files): a test or file that only
# builds on Linux fails here, not on a user's Mac.
vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go')); test -z "$$unformatted" || { echo "make: not gofmt-clean (gofmt -w them):" $$unformatted >&2; exit 1; }
	$(GO) vet ./...
	$(GO) vet -tags lab ./cmd/canonfuzz
	$(GO) vet -tags planted ./cmd/canonfuzz
	GOOS=darwin $(GO) vet ./targets/... ./cmd/canonfuzz

unit: node-deps fuzz-tools matrix-oracles mutation-deps
	$(GO) test -count=1 -timeout 25m ./...
	$(GO) test -count=1 -timeout 10m -tags lab ./cmd/canonfuzz

# vet and every test: units, vectors, fuzz seeds replayed, oracles; every
# workflow file linted; the quick mutation sweep.
test: vet unit actionlint mutation-quick fuzz-mutation-smoke campaign-smoke

# The main job: every fuzz target for FUZZTIME each, with progress, then
# work/campaign/campaign.json and campaign.md. Exit 1 on a new failure.
campaign: build node-deps
	bin/canonfuzz campaign --time $(FUZZTIME) $(CAMPAIGN_FLAGS)

# The campaign's smoke in make test: every fuzz target for 2 s from its
# seeds, in a work folder of its own (findings go there, not to findings/);
# exit 1 on any failure. Replaying seeds alone (go test) did not find what
# a 6 s campaign found in under a second on 2026-12-05 (a property that did
# not know a hardening layer added the day before).
campaign-smoke: build node-deps
	bin/canonfuzz campaign --time 2s --workdir work/campaign-smoke --findings work/campaign-smoke/findings --minimize-time 10s

# go-fuzz and libFuzzer through the campaign's pipeline: each crasher
# minimized and recorded under findings/ as a native failure is.
#   make campaign-gofuzz GOFUZZTIME=600 ENTRY=FuzzScanMatchesReference
#   make campaign-libfuzzer GOFUZZTIME=600 LIBFUZZER_SEED=1
campaign-gofuzz: build fuzz-tools
	bin/canonfuzz campaign --engine gofuzz --time $(GOFUZZTIME)s --workers $(GOFUZZWORKERS) $(if $(ENTRY),--targets $(ENTRY)) $(CAMPAIGN_FLAGS)
LIBFUZZER_SEED ?= 0
campaign-libfuzzer: build libfuzzer
	bin/canonfuzz campaign --engine libfuzzer --bin work/libfuzzer --time $(GOFUZZTIME)s --seed $(LIBFUZZER_SEED) $(if $(ENTRY),--targets $(ENTRY)) $(CAMPAIGN_FLAGS)

# The efficacy benchmark (docs/EFFICACY.md): the campaign against every
# planted fault marked Efficacy in its spec file (spec.EfficacyFaults), with the committed seeds and
# withheld, for each budget and repetition; work/efficacy/efficacy.json and
# efficacy.md; exit 1 when a run misses its fault. Built with the planted
# tag: the shipped canonfuzz has no efficacy command. Not part of make test.
EFFICACY_BUDGETS ?= 10s,60s
EFFICACY_REPEAT ?= 3
efficacy:
	$(GO) run -tags planted ./cmd/canonfuzz efficacy --budgets $(EFFICACY_BUDGETS) --repeat $(EFFICACY_REPEAT) --out work/efficacy $(EFFICACY_FLAGS)

# The configurations compared (docs/EFFICACY.md, "What each configuration
# buys"): six planted faults that every engine's build has, seeds withheld
# but for `seeds`, TRIALS trials of 10 s each, one configuration after
# another; then their Kaplan-Meier survival and every pair compared
# (Mann-Whitney U, A12): work/efficacy-compare/stats.{md,html,json}. And
# the study's real bugs rediscovered by FuzzLibraryMatchesJCS from an empty
# corpus, with and without the generated reading. Not part of make test.
EFFICACY_COMPARE_TRIALS ?= 10
EFFICACY_COMPARE_CONFIGS := seeds withheld no-generated libfuzzer-nodict libfuzzer-dict
EFFICACY_COMPARE_FAULTS ?= FuzzScanMatchesReference/duplicates-admitted,FuzzScanMatchesReference/a-raw-del-in-a-string-refused,FuzzCanonicalizeMatchesOracles/members-sorted-by-code-point,FuzzCanonicalizeMatchesOracles/last-duplicate-wins,FuzzDigestRequestInvariant/digest-over-encoding-json,FuzzGlobMatchesReference/star-crossing-slash
EFFICACY_REAL_BUGS ?= FuzzLibraryMatchesJCS/jsontext-writes-1e400-as-the-largest-double,FuzzLibraryMatchesJCS/cyberphone-writes-u+fffd-for-a-lone-surrogate,FuzzLibraryMatchesJCS/cyberphone-passes-invalid-utf-8-through,FuzzLibraryMatchesJCS/cyberphone-accepts-number-tokens,FuzzLibraryMatchesJCS/npm-canonicalize-keeps-the-last-duplicate
efficacy-compare: build fuzz-tools node-deps
	GO_FUZZ_TAGS=planted scripts/libfuzzer-build.sh work/libfuzzer-planted
	$(GO) build -tags planted -o bin/canonfuzz-planted ./cmd/canonfuzz
	for c in $(EFFICACY_COMPARE_CONFIGS); do \
		bin/canonfuzz-planted efficacy --config $$c --budgets 10s --repeat $(EFFICACY_COMPARE_TRIALS) \
			--engine-seeds $$(seq -s, 1 $(EFFICACY_COMPARE_TRIALS)) --faults $(EFFICACY_COMPARE_FAULTS) --minimize-time 2s \
			--out work/efficacy-compare/$$c --workdir work/efficacy-compare-work/$$c >/dev/null || exit $$?; \
	done
	bin/canonfuzz mutation stats --out work/efficacy-compare $(foreach c,$(EFFICACY_COMPARE_CONFIGS),$(c)=work/efficacy-compare/$(c)/efficacy.json)
	for c in withheld no-generated; do \
		bin/canonfuzz-planted efficacy --config $$c --budgets 10s --repeat $(EFFICACY_COMPARE_TRIALS) --faults $(EFFICACY_REAL_BUGS) \
			--minimize-time 2s --out work/efficacy-real-bugs/$$c --workdir work/efficacy-compare-work/real-$$c >/dev/null || exit $$?; \
	done
	bin/canonfuzz mutation stats --out work/efficacy-real-bugs withheld=work/efficacy-real-bugs/withheld/efficacy.json \
		no-generated=work/efficacy-real-bugs/no-generated/efficacy.json

# Benchmarks against the named peers; docs/PERFORMANCE.md says which
# numbers came from which command.
bench:
	BENCHCOUNT=$(BENCHCOUNT) scripts/bench.sh

# cmd/canonfuzz/default.pgo from a CPU profile of the product's work
# (scripts/pgo.sh); regenerate after the hot loops change. pgo-measure
# compares the product built with it and with -pgo=off (callgrind
# instruction counts and wall clock); docs/PERFORMANCE.md has the numbers.
.PHONY: pgo pgo-measure
pgo:
	scripts/pgo.sh profile
pgo-measure:
	scripts/pgo.sh measure

# Executions per CPU-second of every native fuzz target on one core
# (docs/PERFORMANCE.md, "Fuzz target throughput"); needs the Node oracles.
FUZZEXECS ?= 2000
.PHONY: fuzz-throughput
fuzz-throughput: node-deps
	scripts/fuzz-throughput.sh $(FUZZEXECS)

# The JSONTestSuite conformance of the admission scanner: test_parsing/ of
# github.com/nst/JSONTestSuite (MIT), by default the copy in ../shared;
# elsewhere make conformance JSONTESTSUITE=path/to/JSONTestSuite/test_parsing.
JSONTESTSUITE ?= ../shared/jsontestsuite/test_parsing
conformance: product
	CANONFUZZ=bin/product/canonfuzz scripts/jsontestsuite.sh $(JSONTESTSUITE)

# All 100 million lines of the RFC 8785 author's number test file.
numbers-full: node-deps
	scripts/es6-numbers.sh

# libFuzzer binaries of every go-fuzz entry point, with seed corpora.
libfuzzer: fuzz-tools
	scripts/libfuzzer-build.sh work/libfuzzer

# The ClusterFuzzLite build script run here with a clang shim, each fuzzer
# for a few seconds.
libfuzzer-check: fuzz-tools
	scripts/libfuzzer-check.sh 5

# A go-fuzz coordinator and workers on loopback:
#   make gofuzz-cluster ENTRY=FuzzScanMatchesReference GOFUZZTIME=600
gofuzz-cluster: fuzz-tools
	scripts/gofuzz-cluster.sh -t $(GOFUZZTIME) -n $(GOFUZZWORKERS) $(ENTRY)

# Our minimizer next to Go's built-in one on the same planted crashers.
minimize-compare:
	RUNS=4 fuzz/minimize/compare.sh

# Our minimizer next to libFuzzer's -minimize_crash on the same crashers,
# both results replayed through the original signature.
minimize-compare-libfuzzer: fuzz-tools
	SECONDS_EACH=20 RUNS=100000 SEED=1 fuzz/minimize/compare-libfuzzer.sh

# The pinned report schema, metrics, HTML elements and JSON Schema
# validator of the mutation report (mutation/report/package-lock.json).
mutation-deps:
	@command -v node >/dev/null || { apt-get update -qq && apt-get install -y -qq nodejs npm; } || \
		{ echo "make: node is required for the mutation report (apt-get install nodejs npm)" >&2; exit 1; }
	npm ci --prefix mutation/report --no-audit --no-fund --loglevel=error

# gremlins and actionlint, pinned with every dependency by
# mutation/tools/go.mod.
mutation-tools:
	cd mutation/tools && $(GO) build -o ../../bin/gremlins github.com/go-gremlins/gremlins/cmd/gremlins
	cd mutation/tools && $(GO) build -o ../../bin/actionlint github.com/rhysd/actionlint/cmd/actionlint

# Every workflow file, checked by the pinned actionlint.
actionlint: mutation-tools
	bin/actionlint .github/workflows/*.yml

MUTATION_FLAGS ?=

# A quick sweep: one mutant of every refusal kind of every target, against
# the target's own tests; exit 1 if one survives. Part of make test.
mutation-quick: build mutation-deps
	bin/canonfuzz mutation --quick --out work/mutation-quick $(MUTATION_FLAGS)

# The fuzzers' mutation score (docs/EFFICACY.md): a fixed sample of the
# refusal-site mutants, each fuzzed with the seeds withheld by the fuzz
# targets whose seed replay reaches it, beside the tests' verdicts on the
# same mutants: work/fuzz-mutation/{summary.md,fuzz-score.json,report.json,
# report.html} and tests/. 40 mutants took 17 minutes on two cores at load
# 20 (docs/EFFICACY.md); 24 is chosen to stay under 15. Not in make test.
FUZZ_MUTATION_SAMPLE ?= 24
FUZZ_MUTATION_SEED ?= 1
FUZZ_MUTATION_BUDGET ?= 10s
fuzz-mutation: build node-deps mutation-deps
	bin/canonfuzz mutation --fuzz --sample $(FUZZ_MUTATION_SAMPLE) --seed $(FUZZ_MUTATION_SEED) --budget $(FUZZ_MUTATION_BUDGET) \
		--out work/fuzz-mutation --work work/fuzz-mutation-work $(FUZZ_MUTATION_FLAGS)

# The smoke of that pipeline in make test: three mutants of admit's reference
# parser that FuzzReferenceMatchesJSONText kills within a second from an
# empty corpus; exit 1 unless each kill is confirmed (fails with the mutant,
# passes on the unmutated build) and minimized.
FUZZ_MUTATION_SMOKE ?= ^targets/admit/refParser\.(object\#1|document\#0|escape\#5)@[0-9a-f]+:DropCheck$$
fuzz-mutation-smoke: build node-deps mutation-deps
	bin/canonfuzz mutation --fuzz --mutants '$(FUZZ_MUTATION_SMOKE)' --budget 5s --all-killed \
		--out work/fuzz-mutation-smoke --work work/fuzz-mutation-work

# Both sweeps: every refusal-site mutant against every test that reaches
# it, and gremlins (all eleven mutators) over the refusal lines, corrected;
# merged into work/mutation/report.{json,md,html}. Exit 1 if any
# refusal-site mutant survives or is not covered.
mutation: build mutation-deps mutation-tools
	bin/canonfuzz mutation --out work/mutation-refusal $(MUTATION_FLAGS); echo $$? > work/mutation-refusal.exit
	bin/canonfuzz mutation gremlins --out work/mutation-gremlins
	bin/canonfuzz mutation merge --out work/mutation work/mutation-refusal/report.json work/mutation-gremlins/report.json
	@exit $$(cat work/mutation-refusal.exit)

# The differential study's implementations that run as programs of their
# own (matrix.Programs): gowebpki/jcs v1.0.1 in a module that pins it, and
# the standard library's encoding/json/jsontext, which needs
# GOEXPERIMENT=jsonv2. The findings of the study replay through them in
# make test.
matrix-oracles:
	cd fuzz/oracle/gowebpki101 && $(GO) build -o ../../../bin/oracles/gowebpki101 .
	GOEXPERIMENT=jsonv2 $(GO) build -o bin/oracles/stdjsontext ./fuzz/oracle/stdjsontext

# The canonicalizer study of docs/STUDY.md on the seeded corpus: the report
# in docs/study/canonicalizers/, a finding per departure from canonfuzz/jcs
# in findings/study/ and its ready-to-file report in docs/study/reports/,
# the JCS conformance suite in docs/study/conformance/; then the tests of
# the findings and of the suite.
#   make matrix STUDY_EXT=DIR
# DIR is a folder whose impls.txt lists the study's seven external
# implementations (the Python, Java and Rust libraries no registry here
# serves), which this repository neither fetches nor builds: they are built
# outside it, by whatever means, from the sources recorded in
# matrix/impls/sources.txt (the format of impls.txt: docs/STUDY.md). With
# STUDY_EXT the study runs them too (--ext) and the replay of their findings
# fails when one is missing; without it the study runs the built-in
# implementations alone, and its report replaces the committed one of
# nineteen (git diff shows it).
STUDY_EXT ?=
matrix: build node-deps matrix-oracles
	bin/canonfuzz matrix $(if $(STUDY_EXT),--ext "$(STUDY_EXT)") --out docs/study/canonicalizers --findings findings/study \
		--reports docs/study/reports --conformance docs/study/conformance
	$(if $(STUDY_EXT),CANONFUZZ_STUDY_EXT="$(STUDY_EXT)") $(GO) test -count=1 ./matrix -run 'TestReplayStudyFindings|TestStudyReports'
	$(GO) test -count=1 ./matrix -run 'TestConformanceSuite'

# The guard study: our bound.Check and the SEP-3246 reference guard, whose
# repository is not part of this one (fuzz/oracle/noescalation/doc.go):
#   make matrix-guards NOESCALATION=/path/to/no-escalation/proxy
# The folder reaches the adapter through $$NOESCALATION_PROXY, so that the
# command the report and the findings record names no path of this machine.
NOESCALATION ?=
matrix-guards: build
	@test -n "$(NOESCALATION)" || { echo "make: matrix-guards needs the reference guard: make matrix-guards NOESCALATION=/path/to/no-escalation/proxy (see fuzz/oracle/noescalation/doc.go)" >&2; exit 2; }
	NOESCALATION_PROXY="$(NOESCALATION)" bin/canonfuzz matrix --guards --out docs/study/guards --findings findings/study \
		--impl "no-escalation=python3 fuzz/oracle/noescalation/adapter.py"

# The guard soak: 20000 mixed hostile messages (smuggled calls, oversize,
# duplicate members, out-of-bound and in-bound calls, notifications,
# responses) through the product's guard (bin/product/canonfuzz guard) to a
# server that logs every line it reads; checks that nothing unadmitted or
# out of bound arrived and that every request got exactly one answer.
# Python 3 standard library only.
#   make guard-soak SOAK_FLAGS='--messages 100000 --seed 7'
SOAK_FLAGS ?=
guard-soak:
	@command -v python3 >/dev/null || { apt-get update -qq && apt-get install -y -qq python3; } || \
		{ echo "make: python3 is required for the guard soak (apt-get install python3)" >&2; exit 1; }
	scripts/guard-soak.sh $(SOAK_FLAGS)
