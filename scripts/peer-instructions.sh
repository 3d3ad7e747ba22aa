#!/usr/bin/env bash
# Instructions executed by admission and by each peer validator on each
# BenchmarkScan document, counted by valgrind --tool=callgrind: a measure
# that does not depend on the machine's load (issue 20), beside the wall
# clock of scripts/bench.sh. Every sub-benchmark runs once (-benchtime 1x);
# callgrind dumps its counters before and after each testing.(*B).runN, so
# each sub-benchmark's run is one dump, and the dumps in order are the
# sub-benchmarks in order. Results in work/peer-instructions/.
#
#   scripts/peer-instructions.sh [DOC-PATTERN]   # default: every document
# Exit 0, or the status of the step that failed.
set -euo pipefail
cd "$(dirname "$0")/.."
out=work/peer-instructions
rm -rf "$out" && mkdir -p "$out"
go test -c -o "$out/admit.test" ./targets/admit
bin=$(pwd)/$out/admit.test
(cd targets/admit && GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind \
	--callgrind-out-file="$(pwd)/../../$out/cg.out" \
	--dump-before='testing.(*B).runN' --dump-after='testing.(*B).runN' \
	"$bin" -test.run '^$' -test.bench "BenchmarkScan\$/doc=${1:-.}/" -test.benchtime 1x) >"$out/bench.txt" 2>"$out/valgrind.log"
# the sub-benchmarks' names in order, and the dumps that ended at a runN's exit
grep -o 'BenchmarkScan/doc=[^ 	]*' "$out/bench.txt" | sed 's/-[0-9]*$//' >"$out/names.txt"
for f in $(ls "$out"/cg.out.* | sort -t. -k3,3n); do
	if grep -q 'Trigger: Program termination\|--dump-after' "$f" && grep -q 'dump-after' "$f"; then
		sed -n 's/^summary: *//p;s/^totals: *//p' "$f" | head -1
	fi
done >"$out/ir.txt"
paste "$out/names.txt" "$out/ir.txt" | tee "$out/instructions.txt"
