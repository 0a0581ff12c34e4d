#!/usr/bin/env bash
# Prints the follower-notices benchmark (bench/follower-notices.bench.ts) on the Auth and
# Firestore emulators, started and stopped here (scripts/emulators.sh). BENCH_FOLLOWERS=1000.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/emulators.sh
emu_start || exit 1
npx vitest run --config bench/vitest.config.ts bench/follower-notices.bench.ts --disable-console-intercept
