#!/usr/bin/env bash
# make guard-soak: build the guard and stream the soak's hostile workload
# through it (scripts/guard-soak.py says what is checked). Extra arguments go
# to guard-soak.py (--messages N, --seed S, --max-message B).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "guard-soak: python3 is required (apt-get install python3)" >&2; exit 1; }
go build -o bin/canonfuzz ./cmd/canonfuzz
exec python3 scripts/guard-soak.py --guard bin/canonfuzz "$@"
