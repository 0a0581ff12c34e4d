#!/usr/bin/env bash
# The Firebase half of `npm run bench:budgets` (bench/budgets.mjs runs this, it is not
# meant to be run by hand): starts the Auth and Firestore emulators (scripts/emulators.sh) and a
# proxy that compresses Firestore's REST answers as production does (firestore-gzip-proxy.mjs),
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
# The app reads Firestore through a proxy that gzips the emulator's REST answers, as Google's front
# end does Firestore's (bench/firestore-gzip-proxy.mjs); the seed writes to the emulator itself.
proxy_port=$(emu_system_free_port)
emu_spawn "$EMU_WORK/gzip-proxy.log" "$PWD" node bench/firestore-gzip-proxy.mjs "$proxy_port" "$FIRESTORE_EMULATOR_HOST"
if ! emu_wait_until "$EMU_SPAWNED" grep -q "firestore-gzip-proxy: 127" "$EMU_WORK/gzip-proxy.log"; then
  cat "$EMU_WORK/gzip-proxy.log" >&2
  exit 1
fi
export VITE_FIRESTORE_EMULATOR_HOST="127.0.0.1:$proxy_port"
node scripts/seed-emulators.mjs >&2
npx vite build --outDir dist-firebase --emptyOutDir --logLevel warn >&2
echo READY
# Until the benchmark closes our input; the EXIT trap of emu_start then stops the emulators.
cat >/dev/null
