#!/usr/bin/env bash
# Compares libFuzzer's -minimize_crash with canonfuzz's minimizer on the
# same crashers of the planted-fault canonicalizers (docs/MINIMIZE.md):
# 256 KiB documents with the fault 40 levels down, for LastWins, Substitute,
# CodePointOrder, and EncodingJSON, whose crasher holds two faults (a
# duplicate member first, a lone surrogate after it). For each it builds
#
#   go-fuzz-build -libfuzzer -preserve PKG -func FuzzPlantedV -o V.a ./fuzz/minimize/libfuzzercompare
#   clang -fsanitize=fuzzer V.a -lpthread -o V
#
# runs V -minimize_crash=1 -seed=SEED -runs=RUNS -max_total_time=SECONDS_EACH
# -exact_artifact_path=V.libfuzzer V.crash (libFuzzer bounds each of its
# steps by RUNS and SECONDS_EACH, not the whole: a step that shortens the
# input starts another), then minimize.Minimize on V.crash,
# and replays both results through planted.Signer: libFuzzer keeps
# any crash, so it may end on a different fault.
#
#   SECONDS_EACH=20 RUNS=100000 SEED=1 fuzz/minimize/compare-libfuzzer.sh   # work/compare-libfuzzer/
#
# Needs make fuzz-tools (the pinned go-fuzz-build, clang). fuzz/gen is
# built uninstrumented (-preserve): go-fuzz-build cannot collect its
# literal 999999999999999900000, which does not fit in 64 bits.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${SECONDS_EACH:-20}
seed=${SEED:-1}
runs=${RUNS:-100000}
out=work/compare-libfuzzer
build=${GO_FUZZ_BUILD:-$(command -v go-fuzz-build || echo "$(go env GOPATH | cut -d: -f1)/bin/go-fuzz-build")}
[[ -x $build ]] || { echo "compare-libfuzzer: no go-fuzz-build: make fuzz-tools" >&2; exit 2; }
command -v clang >/dev/null || { echo "compare-libfuzzer: no clang: make fuzz-tools" >&2; exit 2; }
rm -rf "$out" && mkdir -p "$out"
abs=$PWD/$out
MINIMIZE_LIBFUZZER_DIR=$abs go test -tags minimizecompare ./fuzz/minimize -run '^TestWriteLibFuzzerCrashers$' -count=1 >/dev/null
for v in LastWins Substitute CodePointOrder EncodingJSON; do
	f=$out/FuzzPlanted$v
	"$build" -libfuzzer -preserve github.com/canonfuzz/canonfuzz/fuzz/gen -func "FuzzPlanted$v" -o "$f.a" ./fuzz/minimize/libfuzzercompare
	clang -fsanitize=fuzzer "$f.a" -lpthread -o "$f"
	rm -f "$f.a"
	start=$(date +%s.%N)
	# -minimize_crash exits 0 when it stops; a crash of the input is expected.
	(cd "$out" && "./FuzzPlanted$v" -minimize_crash=1 -seed="$seed" -runs="$runs" -max_total_time="$seconds" \
		-exact_artifact_path="$v.libfuzzer" "$v.crash" >"$v.libfuzzer.log" 2>&1) || true
	end=$(date +%s.%N)
	printf '%.1f s, %d steps\n' "$(echo "$end - $start" | bc)" "$(grep -ac 'caused a crash' "$out/$v.libfuzzer.log")" >"$out/$v.libfuzzer.time"
	echo "compare-libfuzzer: $v: libFuzzer left $(wc -c <"$out/$v.libfuzzer" 2>/dev/null || echo no) bytes in $(cat "$out/$v.libfuzzer.time")" >&2
done
MINIMIZE_LIBFUZZER_DIR=$abs go test -tags minimizecompare ./fuzz/minimize -run '^TestCompareLibFuzzer$' -v -count=1 | grep -aE '^\s+compare_libfuzzer_test|^(ok|FAIL)' | sed 's/^ *compare_libfuzzer_test.go:[0-9]*: //'
