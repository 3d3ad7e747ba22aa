#!/usr/bin/env bash
# A go-fuzz campaign on one entry point of fuzz/gofuzz: a coordinator and N
# workers on loopback, for a bounded time, then everything stopped and the
# coordinator's last statistics printed.
#
#   scripts/gofuzz-cluster.sh [-t SECONDS] [-n WORKERS] [-p PORT] [-w WORKDIR] [-b BIN.zip] ENTRY
#   scripts/gofuzz-cluster.sh -c HOST:PORT -b BIN.zip [-t SECONDS] [-n WORKERS] ENTRY
#
# ENTRY is one of `go run ./fuzz/gofuzz/corpus -list`. WORKDIR (default
# work/gofuzz/ENTRY) keeps the coordinator's corpus and crashers, so a later
# run resumes; the seed corpus of ENTRY is added to it each time. Without -b
# the entry points are built with go-fuzz-build into WORKDIR/gofuzz.zip.
#
# Exit 0: no crasher; 1: crashers in WORKDIR/crashers; 2: the campaign could
# not run. Tools: the pinned go-fuzz and go-fuzz-build (make fuzz-tools).
#
# The second form starts only the N workers, for a coordinator elsewhere
# reached at HOST:PORT (another machine's coordinator through an SSH tunnel,
# see docs/DISTRIBUTED.md); BIN.zip must be the coordinator's archive. -n 0
# in the first form starts the coordinator alone.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60 workers=2 port=0 workdir="" bin="" remote=""
usage() { sed -n '5,7p' "$0" | sed 's/^# *//' >&2; exit 2; }
while getopts "t:n:p:w:b:c:h" opt; do
	case $opt in
	t) seconds=$OPTARG ;;
	n) workers=$OPTARG ;;
	p) port=$OPTARG ;;
	w) workdir=$OPTARG ;;
	b) bin=$OPTARG ;;
	c) remote=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[[ $# -eq 1 ]] || usage
entry=$1
[[ $seconds =~ ^[0-9]+$ && $workers =~ ^[0-9]+$ && $port =~ ^[0-9]+$ ]] || usage
[[ -z $remote || ( -n $bin && $workers -gt 0 ) ]] || usage

die() { echo "gofuzz-cluster: $*" >&2; exit 2; }

# tool NAME: the path of a go-fuzz tool on PATH or in $(go env GOPATH)/bin.
tool() {
	local p
	p=$(command -v "$1" 2>/dev/null || true)
	[[ -n $p ]] || { p="$(go env GOPATH | cut -d: -f1)/bin/$1"; [[ -x $p ]] || p=""; }
	[[ -n $p ]] || die "$1 is not on PATH or in \$(go env GOPATH)/bin; install the pinned tools: (cd fuzz/gofuzz/tools && go install tool), or make fuzz-tools"
	echo "$p"
}
gofuzz=$(tool go-fuzz)

go run ./fuzz/gofuzz/corpus -list | grep -qx "$entry" ||
	die "no entry point $entry; have: $(go run ./fuzz/gofuzz/corpus -list | tr '\n' ' ')"
workdir=${workdir:-work/gofuzz/$entry}
mkdir -p "$workdir"
if [[ -z $bin && -z $remote ]]; then
	bin=$workdir/gofuzz.zip
	echo "gofuzz-cluster: go-fuzz-build -o $bin ./fuzz/gofuzz"
	"$(tool go-fuzz-build)" -o "$bin" ./fuzz/gofuzz || die "go-fuzz-build failed"
fi
[[ -f $bin ]] || die "no archive $bin"
[[ -n $remote ]] || go run ./fuzz/gofuzz/corpus "$entry" "$workdir/corpus" >&2 || die "cannot write the seed corpus"

if [[ -z $remote && $port -eq 0 ]]; then
	# A free loopback port, picked by the kernel.
	port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null) ||
		port=$((20000 + RANDOM % 20000))
fi
addr=${remote:-127.0.0.1:$port}

# Each process runs in its own process group (job control), so that
# stopping it also stops the test binaries a worker starts.
set -m
pids=()
stop() {
	local pid
	for pid in "${pids[@]}"; do kill -INT -- "-$pid" 2>/dev/null || true; done
	for _ in $(seq 50); do
		local alive=0
		for pid in "${pids[@]}"; do kill -0 -- "-$pid" 2>/dev/null && alive=1; done
		[[ $alive -eq 0 ]] && break
		sleep 0.1
	done
	for pid in "${pids[@]}"; do kill -KILL -- "-$pid" 2>/dev/null || true; done
	wait 2>/dev/null || true
	pids=()
}
trap stop EXIT
trap 'exit 2' INT TERM

start_workers() {
	local i
	for i in $(seq "$workers"); do
		"$gofuzz" -bin "$bin" -func "$entry" -worker "$addr" -procs 1 >"$workdir/worker-$i.log" 2>&1 &
		pids+=($!)
	done
}

if [[ -n $remote ]]; then
	start_workers
	echo "gofuzz-cluster: $entry: $workers workers of the coordinator at $addr, ${seconds}s, logs in $workdir"
	sleep "$seconds"
	stop
	trap - EXIT
	echo "gofuzz-cluster: workers stopped; the coordinator at $addr keeps the corpus and the crashers"
	exit 0
fi

log=$workdir/coordinator.log
: >"$log"
"$gofuzz" -bin "$bin" -workdir "$workdir" -coordinator "$addr" >>"$log" 2>&1 &
pids+=($!)
start_workers
echo "gofuzz-cluster: $entry: coordinator on $addr, $workers workers, ${seconds}s, logs in $workdir"

for ((t = 0; t < seconds; t++)); do
	sleep 1
	kill -0 "${pids[0]}" 2>/dev/null || { cat "$log" >&2; die "the coordinator exited"; }
	if ((t % 10 == 9)); then grep 'workers:' "$log" | tail -1 || true; fi
done
stop
trap - EXIT

final=$(grep 'workers:' "$log" | tail -1 || true)
[[ -n $final ]] || { cat "$log" >&2; die "the coordinator printed no statistics"; }
echo "gofuzz-cluster: final: ${final#* * }"
crashers=$(sed -n 's/.*crashers: \([0-9]*\),.*/\1/p' <<<"$final")
if [[ ${crashers:-0} -gt 0 ]]; then
	echo "gofuzz-cluster: $crashers crashers in $workdir/crashers (each input, .quoted and .output)" >&2
	exit 1
fi
