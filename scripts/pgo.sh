#!/usr/bin/env bash
# Profile-guided optimization of the product binary (issue 20).
#
#   scripts/pgo.sh profile   # (make pgo) regenerate cmd/canonfuzz/default.pgo
#   scripts/pgo.sh measure   # (make pgo-measure) PGO against -pgo=off
#
# profile: a CPU profile of BenchmarkPGOWorkload (cmd/canonfuzz/
# pgo_workload_test.go: every testdocs shape admitted, canonicalized and
# digested, and a guard session) becomes default.pgo, which go build uses
# for the main package by default (-pgo=auto). Regenerate it after the hot
# loops change: a stale profile still builds, but guides less.
#
# measure: builds the product with and without the profile and runs the
# workload's command lines through each binary (1) under
# valgrind --tool=callgrind, whose instruction count does not depend on
# the machine's load, and (2) on the wall clock, the two binaries
# alternating in one loop PGO_ROUNDS times, with uptime before and after,
# written in benchmark format for benchstat -col /bin.
set -euo pipefail
cd "$(dirname "$0")/.."
out=work/pgo
mkdir -p "$out"
workload() { # $1: directory for the files and commands.txt
	mkdir -p "$1"
	PGO_WORKLOAD_DIR=$(cd "$1" && pwd) go test ./cmd/canonfuzz -count=1 -run '^$' \
		-bench '^BenchmarkPGOWorkload$' -benchtime "${2:-1x}" ${3:+-cpuprofile "$3"} -o "$out/canonfuzz.test" >/dev/null
}
case ${1:-profile} in
profile)
	workload "$out/workload" "${PGO_BENCHTIME:-100x}" "$(pwd)/$out/cpu.pprof"
	cp "$out/cpu.pprof" cmd/canonfuzz/default.pgo
	echo "pgo: cmd/canonfuzz/default.pgo from $out/cpu.pprof"
	;;
measure)
	workload "$out/workload"
	go build -pgo=off -o "$out/canonfuzz-nopgo" ./cmd/canonfuzz
	go build -pgo=auto -o "$out/canonfuzz-pgo" ./cmd/canonfuzz
	mapfile -t cmds <"$out/workload/commands.txt"
	# one invocation: $1 binary, $2 the command line; guard reads the session
	invoke() {
		local in=/dev/null
		[[ $2 == guard* ]] && in=session.jsonl
		(cd "$out/workload" && eval "$1 $2" <"$in" >/dev/null)
	}
	# GODEBUG=asyncpreemptoff=1: callgrind 3.19 asserts on the runtime's
	# preemption signal; the work measured does not depend on it. version
	# is the fixed cost of starting the runtime, in every other row.
	echo "callgrind instructions (Ir), the same every run:"
	for c in version "${cmds[@]}"; do
		for bin in nopgo pgo; do
			# A run callgrind cannot finish is reported as such and the
			# measure goes on: the guard session, whose signal handling
			# (os/signal) trips callgrind 3.19's assertion
			# 'sigNum == vgCallgrind_current_state.sig'.
			ir=$(invoke "GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null $(pwd)/$out/canonfuzz-$bin" "$c" 2>&1 |
				sed -n 's/.*Collected : \([0-9]*\).*/\1/p') || ir="callgrind-failed"
			printf '%-70s %-6s %15s\n' "$c" "$bin" "$ir"
		done
	done | tee "$out/callgrind.txt"
	rounds=${PGO_ROUNDS:-10}
	{
		echo "# uptime before: $(uptime)"
		for ((i = 0; i < rounds; i++)); do
			for c in "${cmds[@]}"; do
				name=$(echo "$c" | awk '{print $1 "-" $NF}' | tr -c 'A-Za-z0-9.\n-' '_')
				for bin in nopgo pgo; do
					t0=$(date +%s%N)
					invoke "$(pwd)/$out/canonfuzz-$bin" "$c" 2>/dev/null
					echo "BenchmarkProduct/cmd=$name/bin=$bin 1 $(($(date +%s%N) - t0)) ns/op"
				done
			done
		done
		echo "# uptime after: $(uptime)"
	} >"$out/wall.txt"
	grep '^#' "$out/wall.txt"
	go tool benchstat -col /bin "$out/wall.txt"
	;;
*)
	echo "usage: $0 profile|measure" >&2
	exit 2
	;;
esac
