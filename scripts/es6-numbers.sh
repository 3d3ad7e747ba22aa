#!/usr/bin/env bash
# The full ECMAScript number check (RFC 8785 section 3.2.2.3): all 100
# million lines of the RFC author's es6testfile100m.txt, regenerated and
# formatted by jcs.AppendNumber, hashed against his published SHA-256
# values, and every double compared with Node's String(x).
#
#   scripts/es6-numbers.sh [LINES]     # LINES: 1000, 10000, ..., 100000000
#
# Needs the Node oracles (make node-deps). Takes minutes, not seconds; it
# is `make numbers-full`, not part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
lines="${1:-100000000}"
exec go run ./fuzz/oracle/es6numbers/es6check -lines "$lines" -node
