#!/usr/bin/env bash
# make guard-soak: build the product (the default build, what a user runs in
# front of a server) and stream the soak's hostile workload through its
# guard (scripts/guard-soak.py says what is checked). Extra arguments go to
# guard-soak.py (--messages N, --seed S, --max-message B).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "guard-soak: python3 is required (apt-get install python3)" >&2; exit 1; }
go build -o bin/product/canonfuzz ./cmd/canonfuzz
exec python3 scripts/guard-soak.py --guard bin/product/canonfuzz "$@"
