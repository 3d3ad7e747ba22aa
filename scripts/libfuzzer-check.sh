#!/usr/bin/env bash
# Checks the ClusterFuzzLite build outside Docker: runs
# .clusterfuzzlite/build.sh as the builder would (OUT a temporary directory,
# CXX clang++, the builder's address-sanitizer CXXFLAGS, LIB_FUZZING_ENGINE
# -fsanitize=fuzzer), checks that it made one fuzzer and one seed corpus per
# entry point of fuzz/gofuzz, and runs every fuzzer for SECONDS (default 5)
# on its seeds, printing its executions per second.
#
#   scripts/libfuzzer-check.sh [SECONDS]
#
# Exit 0: every fuzzer built and ran clean; 1: one crashed or found a
# violated property; 2: the build failed or a tool is missing (clang:
# apt-get install -y clang; go-fuzz-build: make fuzz-tools).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
[[ $seconds =~ ^[1-9][0-9]*$ ]] || { echo "usage: scripts/libfuzzer-check.sh [SECONDS]" >&2; exit 2; }
die() { echo "libfuzzer-check: $*" >&2; exit 2; }
command -v clang++ >/dev/null || die "clang++ is missing: apt-get install -y clang"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
mkdir -p "$out"
began=$SECONDS
# The flags ClusterFuzzLite's builder gives an address-sanitizer build.
OUT=$out CXX=clang++ \
	CXXFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link" \
	LIB_FUZZING_ENGINE=-fsanitize=fuzzer SANITIZER=address FUZZING_ENGINE=libfuzzer FUZZING_LANGUAGE=go \
	bash .clusterfuzzlite/build.sh || die ".clusterfuzzlite/build.sh failed"
echo "libfuzzer-check: build.sh took $((SECONDS - began)) s"

mapfile -t entries < <(go run ./fuzz/gofuzz/corpus -list)
got=$(cd "$out" && ls | sort | tr '\n' ' ')
want=$(for e in "${entries[@]}"; do echo "$e"; echo "${e}.dict"; echo "${e}_seed_corpus.zip"; done | sort | tr '\n' ' ')
[[ $got == "$want" ]] || die "build.sh made: $got; want: $want"

status=0
for e in "${entries[@]}"; do
	[[ -x $out/$e && -s $out/${e}_seed_corpus.zip ]] || die "$e: no fuzzer or an empty seed corpus"
	corpus=$tmp/corpus/$e
	go run ./fuzz/gofuzz/corpus "$e" "$corpus" >/dev/null
	log=$tmp/$e.log
	if ! "$out/$e" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 "$corpus" >"$log" 2>&1; then
		echo "libfuzzer-check: $e failed:" >&2
		tail -40 "$log" >&2
		status=1
		continue
	fi
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log")
	echo "libfuzzer-check: $e: ${runs:-?} runs in ${took:-?} s, $(( ${runs:-0} / (${took:-1} > 0 ? ${took:-1} : 1) )) exec/s, corpus $(ls "$corpus" | wc -l) files"
done
exit $status
