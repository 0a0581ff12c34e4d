#!/usr/bin/env bash
# npm run emulators — the Firebase backend on this machine, for `npm run dev` against it:
# builds the Cloud Functions, starts the Auth, Firestore and Functions emulators (and Storage
# where firebase-tools has it; scripts/emulators.sh) on firebase.json's ports or the next free
# ones, loads the demo data (npm run seed:emulators), prints the settings for
# .env.development.local, and keeps running until Ctrl-C, which stops them all.
#
#   APP_BASE_URL   the app's origin, for the links in the mail the Functions send
#                  (default http://localhost:5173, the dev server)
set -euo pipefail
cd "$(dirname "$0")/.."

npm --workspace functions run build
EMU_FUNCTIONS=true
EMU_FUNCTIONS_ENV="APP_BASE_URL=${APP_BASE_URL:-http://localhost:5173}"
# shellcheck source=scripts/emulators.sh
source scripts/emulators.sh
emu_start || exit 1
if [[ -z "${FIRESTORE_EMULATOR_HOST:-}" ]]; then
  emu_log "FAIL: the Firestore emulator cannot run here, and the app needs it (see above)"
  exit 1
fi
node scripts/seed-emulators.mjs

cat <<ENV

The emulators are running. Put this in .env.development.local (read by npm run dev only, so
npm run build and the tests keep the local backend), then run npm run dev in another terminal:

VITE_FIREBASE_API_KEY=demo-key
VITE_FIREBASE_AUTH_DOMAIN=$EMU_PROJECT.firebaseapp.com
VITE_FIREBASE_PROJECT_ID=$EMU_PROJECT
VITE_FIREBASE_STORAGE_BUCKET=$EMU_PROJECT.appspot.com
VITE_FIREBASE_APP_ID=demo-app
VITE_USE_FIREBASE_EMULATORS=true
VITE_FIREBASE_AUTH_EMULATOR_HOST=$FIREBASE_AUTH_EMULATOR_HOST
VITE_FIRESTORE_EMULATOR_HOST=$FIRESTORE_EMULATOR_HOST
VITE_FIREBASE_STORAGE_EMULATOR_HOST=${FIREBASE_STORAGE_EMULATOR_HOST:-127.0.0.1:9199}
FUNCTIONS_EMULATOR_HOST=$FUNCTIONS_EMULATOR_HOST

Mail the Functions send is captured, not sent: it is printed in $EMU_WORK/firebase-tools.log.
Ctrl-C stops the emulators (their data is not kept).
ENV
wait
