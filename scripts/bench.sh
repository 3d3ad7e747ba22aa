#!/usr/bin/env bash
# Benchmarks of every target against its named peers (admission: jsontext,
# encoding/json, sonic, segmentio/encoding, fastjson), side by side in one
# run, then benchstat with the implementations as columns.
#
#   BENCHCOUNT=10 scripts/bench.sh          # results in work/bench/
#   BENCH='BenchmarkScan' scripts/bench.sh  # one benchmark family
set -euo pipefail
cd "$(dirname "$0")/.."
count=${BENCHCOUNT:-10}
pattern=${BENCH:-.}
out=work/bench
mkdir -p "$out"
for pkg in ./targets/admit ./targets/jcs ./targets/bound; do
	[[ -d $pkg ]] || continue
	name=$(basename "$pkg")
	echo "bench: $pkg (-count $count)"
	# the load beside the numbers (docs/PERFORMANCE.md reports it with each)
	{
		echo "# uptime before: $(uptime)"
		go test "$pkg" -run '^$' -bench "$pattern" -benchmem -count "$count"
		echo "# uptime after: $(uptime)"
	} | tee "$out/$name.txt"
	go tool benchstat -col /impl "$out/$name.txt" >"$out/$name.benchstat" 2>&1 || true
	cat "$out/$name.benchstat"
done
