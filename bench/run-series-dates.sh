#!/usr/bin/env bash
# Prints the series-dates benchmark (bench/series-dates.bench.ts) on the Auth and Firestore
# emulators, started and stopped here (scripts/emulators.sh). BENCH_SERIES=200 BENCH_EVENTS=5000.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/emulators.sh
emu_start || exit 1
npx vitest run --config bench/vitest.config.ts bench/series-dates.bench.ts --disable-console-intercept
