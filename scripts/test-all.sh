#!/usr/bin/env bash
# npm test: every check the project has, in two lanes that run side by side.
#
#   lane 1 (mostly computing):   typecheck, lint, size, test:unit, test:functions, test:e2e
#   lane 2 (emulators):          test:firebase, test:e2e:firebase, on one start of the emulators
#
# Two lanes on two cores. Four (each browser or emulator part in a lane of its own) were tried:
# 16 minutes instead of 20, but with typecheck and lint five times slower and the emulator
# suites' set-up hooks timing out, so the run failed for want of CPU, not for a bug. The lanes
# share nothing: the emulators and every server of lane 2 take free ports, lane 1's browser
# tests serve dist/ on E2E_PORT, lane 2's dist-firebase/ on a port of their own.
#
# Each part's output is kept and printed whole when the part ends (never two parts' lines
# mixed), with its time; a lane stops at its first failure, the other finishes; the last lines
# list every part with its result and time, then what failed. Exits non-zero when any part failed.
#
#   TEST_SERIAL=1   one part after another (lane 1, then lane 2): to time each part alone, with
#                   the CPU time the machine spent meanwhile (what the part costs on its own)
#
# The last lines also give the CPU time the whole run took on the machine (Linux: /proc/stat):
# with every core busy throughout, the run cannot end sooner than that time over the cores.
set -uo pipefail
cd "$(dirname "$0")/.."

START=$SECONDS
# CPU-seconds the machine has been busy (all cores; not idle, not waiting on I/O), or nothing.
busy_cpu() {
  [[ -r /proc/stat ]] || return 0
  local ticks
  ticks=$(getconf CLK_TCK 2>/dev/null || echo 100)
  awk -v hz="$ticks" '/^cpu /{print int(($2+$3+$4+$7+$8)/hz); exit}' /proc/stat
}
BUSY_START=$(busy_cpu)
LOGS=$(mktemp -d "${TMPDIR:-/tmp}/npm-test.XXXXXX")
trap 'rm -rf "$LOGS"' EXIT
LANE_1=(typecheck lint size test:unit test:functions test:e2e)
LANE_2=(test:firebase test:e2e:firebase)

# Prints a finished part's output in one piece (the other lane waits for the lock).
show() {
  local part=$1 verdict=$2 seconds=$3
  {
    flock 9 2>/dev/null || true
    echo "=============== npm run $part"
    cat "$LOGS/$part.log"
    echo "=============== npm run $part: $verdict in ${seconds}s"
  } 9>"$LOGS/lock"
}

run_part() {
  local part=$1 began=$SECONDS status=0 busy_began=""
  [[ ${TEST_SERIAL:-} == 1 ]] && busy_began=$(busy_cpu)
  npm run "$part" >"$LOGS/$part.log" 2>&1 </dev/null || status=$?
  local seconds=$((SECONDS - began)) verdict=PASS cpu=""
  ((status == 0)) || verdict="FAIL (exit $status)"
  # Alone (TEST_SERIAL), the machine's CPU time meanwhile is the part's own.
  [[ -n $busy_began ]] && cpu=$(($(busy_cpu) - busy_began))
  echo "$part|$verdict|$seconds|$cpu" >>"$LOGS/results"
  show "$part" "$verdict" "$seconds"
  return "$status"
}

lane() {
  local part
  for part; do run_part "$part" || return 1; done
}

# Lane 2 in a shell of its own that starts the emulators once for both its parts and stops them
# when it ends (scripts/emulators.sh, EMU_SHARED): a start costs about 20 s and 25 CPU-seconds.
# When they cannot all start, each part starts what it can itself and says by name what did not.
firebase_lane() (
  # shellcheck source=scripts/emulators.sh
  source scripts/emulators.sh
  local began=$SECONDS
  if emu_start_shared >"$LOGS/emulators.log" 2>&1; then
    echo "lane 2's emulators started in $((SECONDS - began))s for both its parts" >>"$LOGS/emulators.log"
  else
    echo "lane 2's emulators did not all start; each part starts its own" >>"$LOGS/emulators.log"
    emu_stop_all
    EMU_SHARED=false
  fi
  {
    flock 9 2>/dev/null || true
    cat "$LOGS/emulators.log"
  } 9>"$LOGS/lock"
  lane "$@"
)

echo "npm test, in two lanes side by side: ${LANE_1[*]} | ${LANE_2[*]} (outputs follow as each part ends)"
if [[ ${TEST_SERIAL:-} == 1 ]]; then
  lane "${LANE_1[@]}"
  firebase_lane "${LANE_2[@]}"
else
  lanes=()
  lane "${LANE_1[@]}" &
  lanes+=($!)
  firebase_lane "${LANE_2[@]}" &
  lanes+=($!)
  trap 'kill "${lanes[@]}" 2>/dev/null; exit 130' INT TERM
  for pid in "${lanes[@]}"; do wait "$pid"; done
fi

failed=0
BUSY_END=$(busy_cpu)
CPU_USED=""
if [[ -n $BUSY_START ]]; then
  CPU_USED=", the machine's CPU busy $((BUSY_END - BUSY_START)) s on $(nproc 2>/dev/null || echo '?') cores"
fi
echo "=============== npm test in $((SECONDS - START))s$CPU_USED:"
for part in "${LANE_1[@]}" "${LANE_2[@]}"; do
  line=$(grep "^$part|" "$LOGS/results" 2>/dev/null || true)
  if [[ -z $line ]]; then
    echo "  $part: not run (an earlier part of its lane failed)"
    failed=1
    continue
  fi
  IFS='|' read -r _ verdict seconds cpu <<<"$line"
  echo "  $part: $verdict in ${seconds}s${cpu:+ (CPU ${cpu} s)}"
  [[ $verdict == PASS ]] || failed=1
done
# A failed part's output was printed whole above, but a CI log may keep only its end: repeat
# the lines that name what failed (Vitest's FAIL and ×, Playwright's ✘ and numbered failures,
# the first lines of each error, FirebaseError and the like too), at most 60 per part.
for part in "${LANE_1[@]}" "${LANE_2[@]}"; do
  grep -q "^$part|PASS|" "$LOGS/results" 2>/dev/null && continue
  [[ -s $LOGS/$part.log ]] || continue
  echo "=============== what failed in npm run $part:"
  # Colour codes removed first, so a coloured FAIL or error line matches too.
  sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$part.log" |
    grep -E '(^\s*|: )FAIL\b|^\s*(×|✘|[0-9]+\) |[A-Za-z]*Error:|Test timed out|Timeout)' |
    grep -v '✓' | head -60
done
exit "$failed"
