#!/usr/bin/env bash
# Compares Go's built-in minimizer with canonfuzz's on crashers of the
# planted LastWins canonicalizer (docs/MINIMIZE.md). Go's minimizer runs only
# inside `go test -fuzz`, on failures the fuzzer finds itself, so each run
# fuzzes FuzzPlantedLastWins afresh: RUNS runs with Go's minimization, RUNS
# with -fuzzminimizetime 0 (the raw crashers, then minimized by ours).
#
#   RUNS=4 fuzz/minimize/compare.sh          # results under work/compare/
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-4}
out=work/compare
pkgdir=fuzz/minimize/testdata/fuzz/FuzzPlantedLastWins
cache=$(go env GOCACHE)/fuzz/github.com/canonfuzz/canonfuzz/fuzz/minimize/FuzzPlantedLastWins
rm -rf "$out" && mkdir -p "$out/go" "$out/raw" || exit 2
fuzz() { # fuzz LABEL N [FLAGS]: one run from an empty cache; the crasher to $out/LABEL/N
	rm -rf "$cache" "$pkgdir"
	local start end
	start=$(date +%s.%N)
	go test -tags minimizecompare ./fuzz/minimize -run '^$' -fuzz '^FuzzPlantedLastWins$' -fuzztime 120s -parallel 2 "${@:3}" >"$out/$1/$2.log" 2>&1
	end=$(date +%s.%N)
	echo "wall $(echo "$end - $start" | bc) s" >>"$out/$1/$2.log"
	mv "$pkgdir"/* "$out/$1/$2" 2>/dev/null || echo "run $1 $2: no failure found" >&2
	rm -rf "$pkgdir"
	rmdir fuzz/minimize/testdata/fuzz fuzz/minimize/testdata 2>/dev/null || true
}
for i in $(seq "$runs"); do
	fuzz go "$i"
	fuzz raw "$i" -fuzzminimizetime 0
done
for kind in go raw; do
	for f in "$out/$kind"/[0-9]*; do
		[[ $f == *.log ]] && continue
		printf '%-4s %s: %s, %s\n' "$kind" "${f##*/}" "$(sed -n 2p "$f")" "$(tail -n 1 "$f.log")"
	done
done
MINIMIZE_COMPARE_DIR=$PWD/$out/raw go test -tags minimizecompare ./fuzz/minimize -run '^TestCompareMinimizeFiles$' -v -count=1 | grep -E 'compare_fuzz_test|^(ok|FAIL)'
