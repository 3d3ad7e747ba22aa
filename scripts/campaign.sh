#!/usr/bin/env bash
# The main job until the campaign runner lands (issue 5): fuzz every native
# fuzz target under targets/ for a bounded time each, one `go test -fuzz`
# process per target (Go fuzzes one target per process), and print a summary.
#
#   FUZZTIME=30s scripts/campaign.sh            # all targets, 30 s each
#   FUZZTIME=10m TARGETS='FuzzScanMatchesReference' scripts/campaign.sh
#
# A failing input is left where Go writes it, in the package's
# testdata/fuzz/FuzzX/, so that every later `go test` replays it.
# Exit 0: no failure; 1: a target failed; 2: the campaign could not run.
set -uo pipefail
cd "$(dirname "$0")/.."

fuzztime=${FUZZTIME:-30s}
only=${TARGETS:-}
out=${CAMPAIGN_OUT:-work/campaign}
mkdir -p "$out" || exit 2

# seconds DURATION: 90s, 5m or 1h as a number of seconds.
seconds() {
	case $1 in
	*h) echo $((${1%h} * 3600)) ;;
	*m) echo $((${1%m} * 60)) ;;
	*s) echo "${1%s}" ;;
	*) echo "campaign: FUZZTIME $1 is not a duration like 30s, 5m or 1h" >&2; exit 2 ;;
	esac
}
seconds "$fuzztime" >/dev/null || exit 2

# Every package under targets/ with its fuzz targets: "PKG FuzzName" lines.
pkgs=$(go list ./targets/...) || exit 2
pairs=$(for pkg in $pkgs; do
	go test -list '^Fuzz' "$pkg" 2>/dev/null | { grep '^Fuzz' || true; } | sed "s|^|$pkg |"
done)
if [[ -z $pairs ]]; then
	echo "campaign: no fuzz targets found under targets/" >&2
	exit 2
fi

failed=0 ran=0
summary=$out/summary.txt
printf '%-45s %-8s %12s %10s %8s %s\n' target result execs execs/s new input >"$summary"
while read -r pkg target; do
	if [[ -n $only && " $only " != *" $target "* ]]; then
		continue
	fi
	ran=$((ran + 1))
	log=$out/$target.log
	dir=./${pkg#github.com/canonfuzz/canonfuzz/}
	echo "campaign: $target in $dir for $fuzztime"
	# A per-target deadline well past the budget survives a hung target.
	timeout --kill-after=30s "$(($(seconds "$fuzztime") + 300))s" \
		go test "$dir" -run '^$' -fuzz "^$target\$" -fuzztime "$fuzztime" -parallel "${PARALLEL:-2}" >"$log" 2>&1
	rc=$?
	last=$(grep -E '^fuzz: elapsed' "$log" | tail -n 1)
	execs=$(sed -n 's/.*execs: \([0-9]*\).*/\1/p' <<<"$last")
	# Go prints elapsed time as 59s, 1m2s or 1h0m3s.
	elapsed=$(sed -n 's/^fuzz: elapsed: \([0-9hms]*\),.*/\1/p' <<<"$last" |
		awk '{ t = 0; s = $0; while (match(s, /^[0-9]+[hms]/)) { v = substr(s, 1, RLENGTH - 1); u = substr(s, RLENGTH, 1);
			t += v * (u == "h" ? 3600 : u == "m" ? 60 : 1); s = substr(s, RLENGTH + 1) } print t }')
	rate=?
	[[ -n $execs && ${elapsed:-0} -gt 0 ]] && rate=$((execs / elapsed))
	new=$(sed -n 's/.*new interesting: \([0-9]*\).*/\1/p' <<<"$last")
	input=-
	result=ok
	if [[ $rc -ne 0 ]]; then
		result=FAIL
		failed=$((failed + 1))
		input=$(grep -oE 'testdata/fuzz/[^ ]+' "$log" | head -n 1)
		[[ -n $input ]] && input=$dir/$input
		[[ $rc -eq 124 || $rc -eq 137 ]] && result=HUNG
	fi
	printf '%-45s %-8s %12s %10s %8s %s\n' "$target" "$result" "${execs:-?}" "${rate:-?}" "${new:-?}" "${input:--}" >>"$summary"
	tail -n 3 "$log" | sed 's/^/    /'
done <<<"$pairs"

echo
echo "campaign summary ($fuzztime per target, logs in $out/):"
cat "$summary"
if [[ $ran -eq 0 ]]; then
	echo "campaign: TARGETS matched no fuzz target" >&2
	exit 2
fi
[[ $failed -eq 0 ]] || exit 1
