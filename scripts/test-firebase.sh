#!/usr/bin/env bash
# The Firebase half of the tests, against every emulator this machine can start offline
# (scripts/emulators.sh says which and how): Auth always; Firestore from firebase-tools with
# Java >= 21 or from the Google Cloud SDK's jar; Storage when firebase-tools has it cached.
#
# Runs tests/contract/firebase.test.ts (the port contracts and the demo data on the Firebase
# backend), tests/rules (security rules) and tests/firebase (the Admin SDK code on Firestore) in
# one vitest run, then prints one summary line of what ran and what did not. (npm run test:unit
# leaves these out: vitest.config.ts's EMULATOR_RUN.)
# Suites whose emulator is missing skip by name. Exits non-zero when a test fails or an emulator
# that should start does not.
#
#   --auth-only                   start the Auth emulator alone (Firestore and Storage skipped)
#   EMULATOR_START_SECONDS=180    how long one emulator start may take before it is retried
#   GCLOUD_FIRESTORE_JAR=/path    where the Cloud SDK's Firestore jar is (/nonexistent: none)
#   FIREBASE_EMULATORS_PATH=/dir  firebase-tools' emulator cache (default ~/.cache/firebase/emulators)
set -euo pipefail
cd "$(dirname "$0")/.."

[[ "${1:-}" == "--auth-only" ]] && EMU_AUTH_ONLY=true
START=$SECONDS
# shellcheck source=scripts/emulators.sh
source scripts/emulators.sh
emu_start || exit 1
WORK=$EMU_WORK
log() { echo "test-firebase: $*"; }

# --- the tests -----------------------------------------------------------------------------

RESULTS="$WORK/results.json"
status=0
# Two workers, also on two cores (vitest's default there is one): the files wait on the emulators
# far more than they compute, and they never meet there — the contract file works in the
# project the emulators were started for, each rules file in a demo- project of its own. The
# contract file is the longest, so it sets the pace and the rules files run beside it.
# On CI a failed test is tried once more, as the browser tests are (playwright.config.ts), and the
# summary below names each one that passed only then, with its first error: CI machines are
# slower and busier than this one, and the log's end is all that is kept of a run.
RETRY=0
[ -n "${CI:-}" ] && RETRY=1
TEST_EMULATORS=1 npx vitest run tests/contract/firebase.test.ts tests/rules tests/firebase --maxWorkers=2 --silent=passed-only \
  --retry="$RETRY" --reporter=default --reporter=json --outputFile.json="$RESULTS" || status=$?

# One line: what ran (per file, with counts) and what did not, by name.
SUMMARY=$(
  RESULTS="$RESULTS" STATUS="$status" ELAPSED=$((SECONDS - START)) node --input-type=module <<'EOF'
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
const { RESULTS, STATUS, ELAPSED } = process.env;
if (!existsSync(RESULTS)) {
  console.log(`FAIL after ${ELAPSED}s: vitest wrote no results (exit ${STATUS})`);
  process.exit(0);
}
const report = JSON.parse(readFileSync(RESULTS, 'utf8'));
const ran = [];
const notRun = new Map();
const failed = [];
const flaky = [];
for (const file of report.testResults ?? []) {
  const name = relative(process.cwd(), file.name);
  const count = { passed: 0, failed: 0 };
  for (const t of file.assertionResults ?? []) {
    // A test's name with the first line of its (first) error.
    const named = () => {
      const why = String(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      return `${[...t.ancestorTitles, t.title].join(' > ')}${why ? ` (${why})` : ''}`;
    };
    if (t.status === 'passed') {
      count.passed++;
      // Passed with errors recorded: it failed first and passed on its retry.
      if (t.failureMessages?.length) flaky.push(named());
    } else if (t.status === 'failed') {
      count.failed++;
      failed.push(named());
    } else {
      // Skipped suites carry the reason in their name; a skip inside a test is named in full.
      const suite = t.ancestorTitles[0] ?? name;
      const key = /not run/.test(suite) ? suite : [...t.ancestorTitles, t.title].join(' > ');
      notRun.set(key, (notRun.get(key) ?? 0) + 1);
    }
  }
  if (count.passed + count.failed > 0) {
    ran.push(`${name} ${count.passed} passed${count.failed ? `, ${count.failed} FAILED` : ''}`);
  }
}
// The slowest tests, against the 15 s limit (vitest.config.ts): what to look at when one times
// out on a slower machine.
const slowest = (report.testResults ?? [])
  .flatMap((f) => f.assertionResults ?? [])
  .filter((t) => typeof t.duration === 'number')
  .sort((a, b) => b.duration - a.duration)
  .slice(0, 5)
  .map((t) => `${t.title} ${(t.duration / 1000).toFixed(1)}s`);
const verdict = STATUS === '0' && failed.length === 0 ? 'PASS' : 'FAIL';
const skipped = [...notRun].map(([k, n]) => `${k} [${n}]`).join('; ');
console.log(
  `${verdict} in ${ELAPSED}s. Ran: ${ran.join('; ') || 'nothing'}.` +
    ` Not run: ${skipped || 'nothing'}.` +
    (failed.length ? ` Failed: ${failed.join('; ')}.` : '') +
    (flaky.length ? ` Flaky (passed on its retry): ${flaky.join('; ')}.` : '') +
    ` Slowest: ${slowest.join('; ')}.`,
);
EOF
)
log "$SUMMARY"
exit "$status"
