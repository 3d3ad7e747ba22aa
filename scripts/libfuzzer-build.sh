#!/usr/bin/env bash
# libFuzzer binaries of the go-fuzz entry points of fuzz/gofuzz, one per
# entry point, each with its seed corpus beside it:
#
#   scripts/libfuzzer-build.sh OUTDIR [ENTRY...]
#
# For each ENTRY (default: all of `go run ./fuzz/gofuzz/corpus -list`):
#
#   go-fuzz-build -libfuzzer -func ENTRY -o WORK/ENTRY.a ./fuzz/gofuzz
#   $CXX $CXXFLAGS $LIB_FUZZING_ENGINE WORK/ENTRY.a -lpthread -o OUTDIR/ENTRY
#   OUTDIR/ENTRY_seed_corpus.zip
#   OUTDIR/ENTRY.dict (campaign/json.dict, the JSON token dictionary)
#
# GO_FUZZ_TAGS adds build tags (space-separated): the efficacy benchmark
# builds with "planted", so that CANONFUZZ_PLANTED binds an entry point to
# a planted fault (fuzz/gofuzz/planted.go); the shipped builds set none.
#
# CXX, CXXFLAGS and LIB_FUZZING_ENGINE are what ClusterFuzzLite and OSS-Fuzz
# set (.clusterfuzzlite/build.sh calls this script); here they default to
# Debian's clang++ and -fsanitize=fuzzer (apt-get install clang). The
# go-fuzz-build used is $GO_FUZZ_BUILD, else the one on PATH or in
# $(go env GOPATH)/bin, and it must be the version go.mod pins (make
# fuzz-tools installs it). Run a binary with, for instance:
#
#   OUTDIR/ENTRY -max_total_time=60 CORPUS_DIR
set -euo pipefail
cd "$(dirname "$0")/.."

die() { echo "libfuzzer-build: $*" >&2; exit 2; }
[[ $# -ge 1 ]] || die "usage: scripts/libfuzzer-build.sh OUTDIR [ENTRY...]"
out=$1
shift

CXX=${CXX:-clang++}
CXXFLAGS=${CXXFLAGS:-}
LIB_FUZZING_ENGINE=${LIB_FUZZING_ENGINE:--fsanitize=fuzzer}
command -v "$CXX" >/dev/null || die "no C++ compiler $CXX: apt-get install -y clang (or set CXX)"

build=${GO_FUZZ_BUILD:-$(command -v go-fuzz-build || echo "$(go env GOPATH | cut -d: -f1)/bin/go-fuzz-build")}
[[ -x $build ]] || die "go-fuzz-build not found: install the pinned tools with (cd fuzz/gofuzz/tools && go install tool), or make fuzz-tools"
want=$(sed -n 's/^[[:space:]]*github.com\/dvyukov\/go-fuzz[[:space:]]\{1,\}\(v[^[:space:]]*\).*/\1/p' go.mod | head -1)
[[ -n $want ]] || die "go.mod does not require github.com/dvyukov/go-fuzz (go-fuzz-build needs its go-fuzz-dep)"
go version -m "$build" | grep -Eq "^[[:space:]]*mod[[:space:]]+github.com/dvyukov/go-fuzz[[:space:]]+$want([[:space:]]|$)" ||
	die "$build is not github.com/dvyukov/go-fuzz $want (go.mod's); reinstall: (cd fuzz/gofuzz/tools && go install tool)"

entries=("$@")
if [[ ${#entries[@]} -eq 0 ]]; then
	mapfile -t entries < <(go run ./fuzz/gofuzz/corpus -list)
fi
[[ ${#entries[@]} -gt 0 ]] || die "no entry points"

mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for entry in "${entries[@]}"; do
	echo "libfuzzer-build: $entry"
	# shellcheck disable=SC2086 # CXXFLAGS and LIB_FUZZING_ENGINE are flag lists
	# shellcheck disable=SC2086 # GO_FUZZ_TAGS is a tag list
	"$build" -libfuzzer ${GO_FUZZ_TAGS:+-tags "$GO_FUZZ_TAGS"} -func "$entry" -o "$work/$entry.a" ./fuzz/gofuzz &&
		$CXX $CXXFLAGS $LIB_FUZZING_ENGINE "$work/$entry.a" -lpthread -o "$out/$entry" ||
		die "$entry did not build"
	cp campaign/json.dict "$out/$entry.dict"
	rm -f "$out/${entry}_seed_corpus.zip"
	go run ./fuzz/gofuzz/corpus -zip "$entry" "$out/${entry}_seed_corpus.zip" >/dev/null ||
		die "$entry: no seed corpus"
done
echo "libfuzzer-build: ${#entries[@]} fuzzers in $out"
