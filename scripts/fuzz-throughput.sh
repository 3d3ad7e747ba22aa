#!/usr/bin/env bash
# Executions per CPU-second of every native fuzz target under Go's engine
# on one core (GOMAXPROCS=1, -parallel 1): each target run for N
# executions (default 2000) from an empty fuzz cache, its CPU time (user +
# system of the coordinator, the worker and their oracle processes) taken
# by /usr/bin/time, so that a loaded machine stretches the wall clock but
# not the figure. The start and the baseline run over the seeds are in the
# CPU time, so a fast target's figure is a lower bound.
#
#   scripts/fuzz-throughput.sh [N] [TARGET-REGEX]   # prints one line a target
#
# Exit 0: every target ran; 1: one failed or could not be measured; 2: a
# usage error or a missing tool. docs/PERFORMANCE.md ("Fuzz target
# throughput") holds the figures and the property-level benchmark beside it.
set -uo pipefail
cd "$(dirname "$0")/.."
n=${1:-2000}
only=${2:-.}
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "usage: scripts/fuzz-throughput.sh [N] [TARGET-REGEX]" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "fuzz-throughput: /usr/bin/time is missing: apt-get install -y time" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for dir in fuzz/admit fuzz/bound fuzz/digest fuzz/guard fuzz/jcs minimize; do
	go test -c -o "$work/fuzz.test" "./$dir" || exit 1
	# the targets of files without a build constraint (the minimizer's
	# comparison fixtures are built with a tag, and are not the suite's)
	targets=$(grep -L '^//go:build' "$dir"/*_test.go | xargs grep -ho '^func Fuzz[A-Za-z0-9]*(f \*testing.F)' | sed 's/func //; s/(.*//' | sort | grep -E "$only")
	for t in $targets; do
		res=$(cd "$dir" && GOMAXPROCS=1 /usr/bin/time -f 'CPU %U %S %e' "$work/fuzz.test" -test.run='^$' \
			-test.fuzz="^$t\$" -test.fuzztime="${n}x" -test.parallel=1 -test.fuzzcachedir="$work/cache-$t" 2>&1)
		execs=$(grep -o 'execs: [0-9]*' <<<"$res" | tail -1 | awk '{print $2}')
		cpu=$(grep '^CPU' <<<"$res" | awk '{print $2 + $3, $4}')
		if [[ -z $execs || -z $cpu ]] || grep -q '^--- FAIL' <<<"$res"; then
			echo "$t: not measured" >&2
			status=1
			continue
		fi
		echo "$t $execs $cpu" | awk '{printf "%s execs=%s cpu=%.2fs wall=%.2fs exec/cpu-s=%.0f\n", $1, $2, $3, $4, ($3 > 0) ? $2 / $3 : 0}'
	done
done
exit $status
