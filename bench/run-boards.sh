#!/usr/bin/env bash
# Prints the board benchmark (bench/boards.bench.ts) on the Auth and Firestore emulators,
# started and stopped here (scripts/emulators.sh). BENCH_POSTS=5000.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/emulators.sh
emu_start || exit 1
npx vitest run --config bench/vitest.config.ts bench/boards.bench.ts --disable-console-intercept
