#!/usr/bin/env bash
# Proof that the Firebase browser journeys test the real security rules (docs/testing.md
# "Mutation check"): with the organizer's right to process a participation request removed from
# a copy of firestore.rules, the participation journey must FAIL on the Firebase project and
# still PASS on the local one (whose rules live in src/domain, untouched). Not part of npm test:
# run it after changing the journeys or their fixtures (about 4 minutes).
#
#   bash scripts/rules-mutation-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."

JOURNEY='participation: two users'
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
log() { echo "rules-mutation-check: $*"; }

# The mutant: the organizer's branch of the participationRequests update rule never holds.
node --input-type=module - "$WORK/firestore.rules" <<'JS'
import { readFileSync, writeFileSync } from 'node:fs';
const rules = readFileSync('firestore.rules', 'utf8');
const organizerBranch = /\|\| \(activeUser\(\)\s*&& isOrganizerOf\(existing\(\)\.eventId\)\s*&& existing\(\)\.status == 'pending'/;
if (!organizerBranch.test(rules)) {
  console.error('rules-mutation-check: the organizer branch of the request update rule was not found');
  process.exit(2);
}
writeFileSync(process.argv[2], rules.replace(organizerBranch, "|| (false && existing().status == 'pending'"));
JS

log "Firebase project with the mutant rules (the journey must fail)…"
if EMU_FIRESTORE_RULES="$WORK/firestore.rules" bash scripts/e2e-firebase.sh tests/e2e/journeys.spec.ts \
  --grep "$JOURNEY" --retries 0 >"$WORK/firebase.log" 2>&1; then
  tail -20 "$WORK/firebase.log"
  log "FAIL: the Firebase journey passed with the organizer unable to approve — it does not exercise the rules"
  exit 1
fi
grep -E "permission|PERMISSION|権限|✘|Error:" "$WORK/firebase.log" | head -6 || true

log "local project (the journey must pass)…"
npx vite build --logLevel warn >/dev/null
if ! npx playwright test --project=local tests/e2e/journeys.spec.ts --grep "$JOURNEY" --retries 0 \
  >"$WORK/local.log" 2>&1; then
  tail -20 "$WORK/local.log"
  log "FAIL: the local journey failed; the check needs it green"
  exit 1
fi
log "PASS: the mutant rules fail the Firebase journey; the local journey passes"
