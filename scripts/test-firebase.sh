#!/usr/bin/env bash
# The Firebase half of the tests, against every emulator this machine can start offline.
#
#   Auth emulator        firebase-tools, plain JavaScript: always.
#   Firestore emulator   firebase-tools' cached jar when Java >= 21, otherwise the Google Cloud
#                        SDK's jar (google-cloud-cli-firestore-emulator, runs on Java 17) when
#                        installed. Without either, the Firestore suites and rules tests are
#                        reported as skipped, by name.
#   Storage emulator     firebase-tools only (its rules runtime is a jar fetched from Google on
#                        first start, and it needs Java >= 21): when cached, else skipped by name.
#
# Runs tests/contract/firebase.test.ts (the port contracts on the Firebase backend) and
# tests/rules/*.test.ts (security rules, @firebase/rules-unit-testing). Exits non-zero when a
# test fails. `scripts/test-firebase.sh --auth-only` starts the Auth emulator alone and runs the
# auth contract (what `npm test` needs: about ten seconds). `--inner` is what runs inside
# `firebase emulators:exec`.
set -euo pipefail
cd "$(dirname "$0")/.."

PROJECT=demo-sports-community
# firebase-tools must not wait for the network: no update check, no prompts.
export NO_UPDATE_NOTIFIER=1 FIREBASE_CLI_DISABLE_UPDATE_CHECK=true FIREBASE_SKIP_UPDATE_CHECK=true CI="${CI:-true}"

run_tests() {
  local status=0
  echo "== contract suites on the Firebase backend (tests/contract/firebase.test.ts)"
  echo "   auth emulator: ${FIREBASE_AUTH_EMULATOR_HOST:-none}; firestore: ${FIRESTORE_EMULATOR_HOST:-none}; storage: ${FIREBASE_STORAGE_EMULATOR_HOST:-none}"
  npx vitest run tests/contract/firebase.test.ts || status=1

  # vitest.config.ts may not include tests/rules yet; a generated config adds it.
  mkdir -p node_modules/.tmp
  cat > node_modules/.tmp/vitest.rules.config.mts <<'EOF'
import { mergeConfig } from 'vitest/config';
import base from '../../vitest.config';
export default mergeConfig(base, { test: { include: ['tests/rules/**/*.test.ts'] } });
EOF
  echo "== security rules (tests/rules)"
  npx vitest run --config node_modules/.tmp/vitest.rules.config.mts --root . tests/rules || status=1
  return $status
}

if [[ "${1:-}" == "--inner" ]]; then
  run_tests
  exit $?
fi

if [[ "${1:-}" == "--auth-only" ]]; then
  echo "Starting: firebase emulators:exec --only auth --project $PROJECT (auth contract only)"
  exec npx firebase emulators:exec --only auth --project "$PROJECT" "npx vitest run tests/contract/firebase.test.ts"
fi

java_major() {
  command -v java >/dev/null 2>&1 || { echo 0; return; }
  java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1
}

JAVA=$(java_major)
CACHE="${FIREBASE_EMULATORS_PATH:-$HOME/.cache/firebase/emulators}"
GCLOUD_FIRESTORE_JAR=/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar
ONLY=auth
FIRESTORE_PID=""

cleanup() {
  if [[ -n "$FIRESTORE_PID" ]]; then
    kill "$FIRESTORE_PID" 2>/dev/null || true
    wait "$FIRESTORE_PID" 2>/dev/null || true
  fi
}
trap cleanup EXIT

port_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

if [[ "${JAVA:-0}" -ge 21 ]] && compgen -G "$CACHE/cloud-firestore-emulator-*.jar" >/dev/null; then
  ONLY="$ONLY,firestore"
  echo "Firestore: firebase-tools' emulator (Java $JAVA)"
elif [[ "${JAVA:-0}" -ge 11 && -f "$GCLOUD_FIRESTORE_JAR" ]]; then
  PORT=8080
  while ! port_free "$PORT"; do PORT=$((PORT + 1)); done
  echo "Firestore: Google Cloud SDK emulator on 127.0.0.1:$PORT (Java $JAVA; firebase-tools wants 21)"
  java -Duser.language=en -cp "$GCLOUD_FIRESTORE_JAR" com.google.cloud.datastore.emulator.firestore.CloudFirestore \
    start --host 127.0.0.1 --port "$PORT" --rules firestore.rules --project_id "$PROJECT" \
    >"node_modules/.tmp-firestore-emulator.log" 2>&1 &
  FIRESTORE_PID=$!
  for _ in $(seq 1 60); do
    if curl -sf "http://127.0.0.1:$PORT/" >/dev/null 2>&1; then break; fi
    if ! kill -0 "$FIRESTORE_PID" 2>/dev/null; then
      echo "Firestore emulator exited; see node_modules/.tmp-firestore-emulator.log" >&2
      FIRESTORE_PID=""
      break
    fi
    sleep 1
  done
  if [[ -n "$FIRESTORE_PID" ]]; then export FIRESTORE_EMULATOR_HOST="127.0.0.1:$PORT"; fi
else
  echo "Firestore: no emulator available (Java ${JAVA:-none}, no cached jar) — Firestore suites and rules tests will be skipped"
fi

if [[ "${JAVA:-0}" -ge 21 ]] && compgen -G "$CACHE/cloud-storage-rules-runtime-*.jar" >/dev/null; then
  ONLY="$ONLY,storage"
  echo "Storage: firebase-tools' emulator (Java $JAVA)"
else
  echo "Storage: no emulator available (needs Java >= 21 and the cached rules runtime) — files suite and storage rules tests will be skipped"
fi

echo "Starting: firebase emulators:exec --only $ONLY --project $PROJECT"
npx firebase emulators:exec --only "$ONLY" --project "$PROJECT" "bash scripts/test-firebase.sh --inner"
