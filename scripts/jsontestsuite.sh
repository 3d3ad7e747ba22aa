#!/usr/bin/env bash
# Runs `canonfuzz admit` over a JSONTestSuite test_parsing folder:
#   y_*.json must be admitted (exit 0), except the allowlist below;
#   n_*.json must be refused (exit 1, one refusal line);
#   i_*.json are reported, admitted or by refusal kind.
# Prints a summary; exits 1 on any y_/n_ mismatch, 2 on a usage error.
#
#   scripts/jsontestsuite.sh ../shared/jsontestsuite/test_parsing
#
# CANONFUZZ may name a prebuilt binary; otherwise the product (the default
# build) is built as bin/product/canonfuzz.
set -euo pipefail

if [[ $# -ne 1 || ! -d $1 ]]; then
	echo "usage: $0 JSONTESTSUITE/test_parsing" >&2
	exit 2
fi
dir=$1
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${CANONFUZZ:-}
if [[ -z $bin ]]; then
	(cd "$root" && go build -o bin/product/canonfuzz ./cmd/canonfuzz)
	bin=$root/bin/product/canonfuzz
fi

# y_ files we refuse on purpose, with the kind we refuse them with. RFC 8259
# admits these texts; RFC 8785 section 3.1 does not let a canonicalizer take
# them, because a parsed value has already lost one of the duplicates.
declare -A refused_on_purpose=(
	[y_object_duplicated_key.json]=DuplicateMember         # {"a":"b","a":"c"}
	[y_object_duplicated_key_and_value.json]=DuplicateMember # {"a":"b","a":"b"}
)

# verdict FILE: prints "admitted", a refusal kind, or "error(RC)" for exit 2.
verdict() {
	local out rc=0
	out=$("$bin" admit "$1" 2>/dev/null) || rc=$?
	case $rc in
	0) echo admitted ;;
	1) sed -n 's/^{"kind":"\([A-Za-z]*\)".*/\1/p' <<<"$out" | head -n 1 | grep . || echo "unparsed-refusal" ;;
	*) echo "error($rc)" ;;
	esac
}

y_total=0 y_admitted=0 y_allowed=0 n_total=0 n_refused=0 mismatches=0
declare -A i_kinds=()
shopt -s nullglob

for f in "$dir"/y_*.json; do
	name=$(basename "$f")
	y_total=$((y_total + 1))
	got=$(verdict "$f")
	want=${refused_on_purpose[$name]:-admitted}
	if [[ $got != "$want" ]]; then
		echo "MISMATCH $name: $got, want $want"
		mismatches=$((mismatches + 1))
	elif [[ $want == admitted ]]; then
		y_admitted=$((y_admitted + 1))
	else
		y_allowed=$((y_allowed + 1))
	fi
done

for name in "${!refused_on_purpose[@]}"; do
	if [[ ! -f $dir/$name ]]; then
		echo "MISMATCH $name: allowlisted but not in $dir"
		mismatches=$((mismatches + 1))
	fi
done

for f in "$dir"/n_*.json; do
	name=$(basename "$f")
	n_total=$((n_total + 1))
	got=$(verdict "$f")
	case $got in
	admitted | error* | unparsed-refusal)
		echo "MISMATCH $name: $got, want a refusal"
		mismatches=$((mismatches + 1))
		;;
	*) n_refused=$((n_refused + 1)) ;;
	esac
done

i_total=0
for f in "$dir"/i_*.json; do
	got=$(verdict "$f")
	i_total=$((i_total + 1))
	i_kinds[$got]=$((${i_kinds[$got]:-0} + 1))
	echo "i: $(basename "$f"): $got"
done

echo "y_: $y_admitted admitted, $y_allowed refused on purpose (allowlisted), of $y_total"
echo "n_: $n_refused refused, of $n_total"
summary=""
for k in $(printf '%s\n' "${!i_kinds[@]}" | sort); do
	summary+=" $k=${i_kinds[$k]}"
done
echo "i_: $i_total reported:${summary:- none}"
echo "mismatches: $mismatches"

if ((y_total == 0 || n_total == 0)); then
	echo "no y_ or n_ files in $dir" >&2
	exit 1
fi
((mismatches == 0))
