#!/usr/bin/env bash
# The Firebase half of `npm run bench:budgets` (scripts/bench-budgets.mjs runs this, it is not
# meant to be run by hand): starts the Auth and Firestore emulators (scripts/emulators.sh),
# loads the demo data into them, builds the app for Firebase against them into dist-firebase/,
# then prints one line on standard output, `READY`, and keeps the emulators running until its
# standard input closes (the benchmark is done), when it stops them. Without the Firestore
# emulator it prints `UNAVAILABLE <why>` and exits. Everything else goes to standard error.
set -euo pipefail
cd "$(dirname "$0")/.."

EMU_PROJECT=demo-sports-community
# shellcheck source=scripts/emulators.sh
source scripts/emulators.sh
emu_start >&2 || exit 1
if [[ -z "${FIRESTORE_EMULATOR_HOST:-}" ]]; then
  echo "UNAVAILABLE the Firestore emulator cannot start here (see above)"
  exit 0
fi
emu_export_firebase_build_env
node scripts/seed-emulators.mjs >&2
npx vite build --outDir dist-firebase --emptyOutDir --logLevel warn >&2
echo READY
# Until the benchmark closes our input; the EXIT trap of emu_start then stops the emulators.
cat >/dev/null
