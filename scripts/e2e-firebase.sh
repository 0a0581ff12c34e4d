#!/usr/bin/env bash
# The Playwright "firebase" project (docs/testing.md): the journeys (accounts, participation,
# messages, profile, teams, staff) on the Firebase build against the emulators, as users of the
# production path would meet them.
#
#   1. builds the Cloud Functions and the app for Firebase (a demo- project, the emulator flag,
#      the emulators' addresses) into dist-firebase/;
#   2. starts the emulators this machine can run (scripts/emulators.sh: Auth, Functions,
#      Firestore; Storage where it exists) with the Functions' APP_BASE_URL set to the origin the
#      build is served on, and their mail kept as files in MAIL_CAPTURE_DIR (or, in npm test,
#      uses the ones its second lane started for both Firebase parts: EMU_SHARED);
#   3. runs `playwright test --project firebase`; Playwright serves the build with vite preview,
#      which rewrites /api to the Functions emulator as Hosting does. The demo data is loaded by
#      the fixtures before every test (tests/e2e/fixtures.ts, freshData), so not here.
#
# Without the Firestore emulator nothing can run: the script says so by name and exits 0 (npm
# test goes on); any other failure exits non-zero. Ports are free ones, never fixed. Extra
# arguments go to Playwright: `npm run test:e2e:firebase -- messages.spec.ts --grep unread`.
set -euo pipefail
cd "$(dirname "$0")/.."

START=$SECONDS
log() { echo "e2e-firebase: $*"; }

EMU_PROJECT=demo-sports-community
EMU_FUNCTIONS=true
# shellcheck source=scripts/emulators.sh
source scripts/emulators.sh
if [[ $EMU_SHARED != true ]]; then
  # The origin the build is served on, chosen before the emulators start: the Functions put it in
  # the links of the mail they send (APP_BASE_URL, docs/firebase.md "Mail links").
  E2E_FIREBASE_PORT=${E2E_FIREBASE_PORT:-$(emu_system_free_port)}
  export E2E_FIREBASE_PORT MAIL_CAPTURE_DIR="$EMU_WORK/mail"
  mkdir -p "$MAIL_CAPTURE_DIR"
  EMU_FUNCTIONS_ENV="APP_BASE_URL=http://127.0.0.1:$E2E_FIREBASE_PORT
MAIL_CAPTURE_DIR=$MAIL_CAPTURE_DIR"
  npm --workspace functions run build >/dev/null
fi
# (Shared: npm test's second lane started them, with this port and mail folder, for this part too.)
emu_start || exit 1
if [[ -z "${FIRESTORE_EMULATOR_HOST:-}" ]]; then
  log "not run: the Playwright firebase project (the journeys) — needs the Firestore emulator, which cannot start here (see above)"
  exit 0
fi

emu_export_firebase_build_env
npx vite build --outDir dist-firebase --emptyOutDir --logLevel warn

status=0
# --project=firebase: the spaced form would take a file argument for a second project name.
E2E_FIREBASE=true npx playwright test --project=firebase "$@" || status=$?
if ((${#EMU_NOT_AVAILABLE[@]})); then
  for missing in "${EMU_NOT_AVAILABLE[@]}"; do
    log "not run: steps that need ${missing%% *} (emulator not available: $missing)"
  done
fi
log "$([[ $status == 0 ]] && echo PASS || echo FAIL) in $((SECONDS - START))s"
exit "$status"
