#!/usr/bin/env bash
# npm test: every check the project has, in two lanes that run side by side.
#
#   lane 1 (mostly computing):   typecheck, lint, test:unit, test:functions, test:e2e
#   lane 2 (mostly waiting on the emulators):   test:firebase, test:e2e:firebase
#
# On two cores the second lane's time is largely spent waiting for the Firestore, Auth and
# Functions emulators, so the first lane's work fills the core they leave idle. The lanes share
# nothing: the emulators and every server of lane 2 take free ports, lane 1's browser tests
# serve dist/ on E2E_PORT, lane 2's dist-firebase/ on a port of their own.
#
# Each part's output is kept and printed whole when the part ends (never two parts' lines
# mixed), with its time; a lane stops at its first failure, the other lane finishes; the last
# lines list every part with its result and time. Exits non-zero when any part failed.
#
#   TEST_SERIAL=1   one part after another (lane 1, then lane 2): to time each part alone
set -uo pipefail
cd "$(dirname "$0")/.."

START=$SECONDS
LOGS=$(mktemp -d "${TMPDIR:-/tmp}/npm-test.XXXXXX")
trap 'rm -rf "$LOGS"' EXIT
LANE_1=(typecheck lint test:unit test:functions test:e2e)
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
  local part=$1 began=$SECONDS status=0
  npm run "$part" >"$LOGS/$part.log" 2>&1 </dev/null || status=$?
  local seconds=$((SECONDS - began)) verdict=PASS
  ((status == 0)) || verdict="FAIL (exit $status)"
  echo "$part|$verdict|$seconds" >>"$LOGS/results"
  show "$part" "$verdict" "$seconds"
  return "$status"
}

lane() {
  local part
  for part; do run_part "$part" || return 1; done
}

echo "npm test: ${LANE_1[*]} | beside them: ${LANE_2[*]} (outputs follow as each part ends)"
if [[ ${TEST_SERIAL:-} == 1 ]]; then
  lane "${LANE_1[@]}"
  lane "${LANE_2[@]}"
else
  lane "${LANE_1[@]}" &
  first=$!
  lane "${LANE_2[@]}" &
  second=$!
  trap 'kill "$first" "$second" 2>/dev/null; exit 130' INT TERM
  wait "$first"
  wait "$second"
fi

failed=0
echo "=============== npm test in $((SECONDS - START))s:"
for part in "${LANE_1[@]}" "${LANE_2[@]}"; do
  line=$(grep "^$part|" "$LOGS/results" 2>/dev/null || true)
  if [[ -z $line ]]; then
    echo "  $part: not run (an earlier part of its lane failed)"
    failed=1
    continue
  fi
  IFS='|' read -r _ verdict seconds <<<"$line"
  echo "  $part: $verdict in ${seconds}s"
  [[ $verdict == PASS ]] || failed=1
done
exit "$failed"
