#!/usr/bin/env bash
# The Firebase half of the tests, against every emulator this machine can start offline:
#
#   Auth emulator        firebase-tools, plain JavaScript: always (the run fails without it).
#   Firestore emulator   firebase-tools' cached jar when Java >= 21, otherwise the Google Cloud
#                        SDK's jar ($GCLOUD_FIRESTORE_JAR, runs on Java 17) when installed.
#                        Without either, the Firestore suites and rules tests are skipped by name.
#   Storage emulator     firebase-tools only (its rules runtime is a jar fetched from Google on
#                        first start, and it needs Java >= 21): when cached, else skipped by name.
#
# Runs tests/contract/firebase.test.ts (the port contracts on the Firebase backend) and
# tests/rules/*.test.ts (security rules) in one vitest run, then prints one summary line of what
# ran and what did not. Exits non-zero when a test fails or an emulator that should start does not.
#
# Each emulator gets the first free port from its usual one (9099, 8080, 9199), so a port still
# held by another run or a dev server moves it instead of failing it; the tests find it through
# FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST / FIREBASE_STORAGE_EMULATOR_HOST. The
# emulators run in process groups of their own and are stopped on every exit, Ctrl-C included.
#
#   --auth-only                   start the Auth emulator alone (Firestore and Storage skipped)
#   EMULATOR_START_SECONDS=180    how long one emulator start may take before it is retried
#   GCLOUD_FIRESTORE_JAR=/path    where the Cloud SDK's Firestore jar is (/nonexistent: none)
#   FIREBASE_EMULATORS_PATH=/dir  firebase-tools' emulator cache (default ~/.cache/firebase/emulators)
set -euo pipefail
set +m # background jobs stay in this process group, so setsid below needs no fork
cd "$(dirname "$0")/.."
ROOT=$PWD

PROJECT=demo-sports-community
GCLOUD_FIRESTORE_JAR="${GCLOUD_FIRESTORE_JAR:-/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar}"
CACHE="${FIREBASE_EMULATORS_PATH:-$HOME/.cache/firebase/emulators}"
FIREBASE_CLI="$ROOT/node_modules/firebase-tools/lib/bin/firebase.js"
AUTH_ONLY=false
[[ "${1:-}" == "--auth-only" ]] && AUTH_ONLY=true

# firebase-tools must not wait for the network: no update check, no prompts.
export NO_UPDATE_NOTIFIER=1 FIREBASE_CLI_DISABLE_UPDATE_CHECK=true FIREBASE_SKIP_UPDATE_CHECK=true CI="${CI:-true}"
# Announced by this script only; values inherited from a shell would point the tests elsewhere.
unset FIREBASE_AUTH_EMULATOR_HOST FIRESTORE_EMULATOR_HOST FIREBASE_STORAGE_EMULATOR_HOST

START=$SECONDS
WORK=$(mktemp -d "${TMPDIR:-/tmp}/test-firebase.XXXXXX")
GROUPS_STARTED=()

log() { echo "test-firebase: $*"; }

# /proc/<pid>/stat after "pid (comm) ": state ppid pgrp … (no procps needed on a bare machine).
proc_field() { sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f"$2"; }

alive() {
  local state
  state=$(proc_field "$1" 1) || return 1
  [[ -n "$state" && "$state" != Z ]]
}

# Starts "$@" in $dir as the leader of a new session and process group, output to $logfile;
# its pid lands in SPAWNED (not echoed: a command substitution would make it a grandchild).
SPAWNED=
spawn() {
  local logfile=$1 dir=$2
  shift 2
  if command -v setsid >/dev/null 2>&1; then
    (cd "$dir" && exec setsid "$@") >"$logfile" 2>&1 </dev/null &
  else
    (cd "$dir" && exec "$@") >"$logfile" 2>&1 </dev/null &
  fi
  SPAWNED=$!
  GROUPS_STARTED+=("$SPAWNED")
}

# TERM to the whole group, up to 15 s for a clean shutdown, then KILL whatever is left.
stop_group() {
  local pid=$1 target=$1
  [[ "$(proc_field "$pid" 3)" == "$pid" ]] && target=-$pid
  kill -TERM -- "$target" 2>/dev/null || true
  for _ in $(seq 1 150); do
    alive "$pid" || break
    sleep 0.1
  done
  kill -KILL -- "$target" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

cleanup() {
  local pid
  for pid in "${GROUPS_STARTED[@]}"; do stop_group "$pid"; done
  GROUPS_STARTED=()
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

forget_group() {
  local pid=$1 kept=() p
  for p in "${GROUPS_STARTED[@]}"; do [[ "$p" != "$pid" ]] && kept+=("$p"); done
  GROUPS_STARTED=("${kept[@]}")
}

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
  local port=$1
  while port_busy "$port"; do port=$((port + 1)); done
  echo "$port"
}

# Waits (up to EMULATOR_START_SECONDS, default 180 s, while pid lives) until the command
# succeeds. A loaded shared machine can take well over a minute to start firebase-tools.
wait_until() {
  local pid=$1
  shift
  for _ in $(seq 1 $((${EMULATOR_START_SECONDS:-180} * 4))); do
    alive "$pid" || return 1
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.25
  done
  return 1
}

# Whether GET $1 answers with a body containing $2 (node's fetch: curl may not be installed).
answers() {
  node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(2000) })
    .then((r) => r.text())
    .then((t) => process.exit(t.includes(process.argv[2]) ? 0 : 1), () => process.exit(1))' "$1" "$2"
}

java_major() {
  command -v java >/dev/null 2>&1 || { echo 0; return; }
  java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1
}

# --- what can run here ---------------------------------------------------------------------

JAVA=$(java_major)
JAVA=${JAVA:-0}
FIRESTORE_VIA=none # tools | gcloud | none
STORAGE_VIA=none
NOT_AVAILABLE=()
if $AUTH_ONLY; then
  NOT_AVAILABLE+=("Firestore and Storage (--auth-only)")
else
  if ((JAVA >= 21)) && compgen -G "$CACHE/cloud-firestore-emulator-*.jar" >/dev/null; then
    FIRESTORE_VIA=tools
  elif ((JAVA >= 11)) && [[ -f "$GCLOUD_FIRESTORE_JAR" ]]; then
    FIRESTORE_VIA=gcloud
  else
    NOT_AVAILABLE+=("Firestore (Java $JAVA; no firebase-tools jar for Java >= 21, no $GCLOUD_FIRESTORE_JAR)")
  fi
  if ((JAVA >= 21)) && compgen -G "$CACHE/cloud-storage-rules-runtime-*.jar" >/dev/null; then
    STORAGE_VIA=tools
  else
    NOT_AVAILABLE+=("Storage (needs Java >= 21 and firebase-tools' cached rules runtime; Java $JAVA)")
  fi
fi

# --- Firestore from the Cloud SDK jar ------------------------------------------------------

start_gcloud_firestore() {
  local attempt port=8079 pid
  for attempt in 1 2 3; do
    # After a failed start, search on from the next port: this one may be bound but not listening.
    port=$(free_port $((port + 1)))
    spawn "$WORK/firestore.log" "$WORK" java -Duser.language=en -cp "$GCLOUD_FIRESTORE_JAR" \
      com.google.cloud.datastore.emulator.firestore.CloudFirestore start \
      --host 127.0.0.1 --port "$port" --rules "$ROOT/firestore.rules" --project_id "$PROJECT"
    pid=$SPAWNED
    if wait_until "$pid" grep -q "Dev App Server is now running" "$WORK/firestore.log" &&
      answers "http://127.0.0.1:$port/" Ok; then
      export FIRESTORE_EMULATOR_HOST="127.0.0.1:$port"
      log "Firestore: Cloud SDK emulator on $FIRESTORE_EMULATOR_HOST (Java $JAVA)"
      return 0
    fi
    # Lost the port to someone else between the check and the bind, or a slow start: again.
    stop_group "$pid"
    forget_group "$pid"
    log "Firestore emulator did not come up on port $port (attempt $attempt); last lines:"
    tail -n 5 "$WORK/firestore.log" | sed 's/^/    /'
  done
  return 1
}

# --- Auth (and Java >= 21 Firestore/Storage) from firebase-tools ---------------------------

# A config of its own, outside the project: only the chosen ports and emulators, hub and logging
# on whatever ports are free, and the hub's locator file in $WORK (TMPDIR) so runs never meet.
start_firebase_tools() {
  local attempt auth_port=9098 fs_port=8079 st_port=9198 only pid config
  for attempt in 1 2 3; do
    auth_port=$(free_port $((auth_port + 1)))
    only=auth
    config="\"auth\": {\"host\": \"127.0.0.1\", \"port\": $auth_port}"
    if [[ $FIRESTORE_VIA == tools ]]; then
      fs_port=$(free_port $((fs_port + 1)))
      only+=",firestore"
      config+=", \"firestore\": {\"host\": \"127.0.0.1\", \"port\": $fs_port}"
    fi
    if [[ $STORAGE_VIA == tools ]]; then
      st_port=$(free_port $((st_port + 1)))
      only+=",storage"
      config+=", \"storage\": {\"host\": \"127.0.0.1\", \"port\": $st_port}"
    fi
    cat >"$WORK/firebase.json" <<EOF
{
  "firestore": { "rules": "$ROOT/firestore.rules" },
  "storage": { "rules": "$ROOT/storage.rules" },
  "emulators": { $config, "ui": { "enabled": false }, "singleProjectMode": true }
}
EOF
    spawn "$WORK/firebase-tools.log" "$WORK" env TMPDIR="$WORK" node "$FIREBASE_CLI" emulators:start \
      --only "$only" --project "$PROJECT" --config "$WORK/firebase.json"
    pid=$SPAWNED
    if wait_until "$pid" grep -q "All emulators ready" "$WORK/firebase-tools.log" &&
      answers "http://127.0.0.1:$auth_port/" authEmulator; then
      export FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:$auth_port"
      log "Auth: firebase-tools emulator on $FIREBASE_AUTH_EMULATOR_HOST"
      if [[ $FIRESTORE_VIA == tools ]]; then
        export FIRESTORE_EMULATOR_HOST="127.0.0.1:$fs_port"
        log "Firestore: firebase-tools emulator on $FIRESTORE_EMULATOR_HOST (Java $JAVA)"
      fi
      if [[ $STORAGE_VIA == tools ]]; then
        export FIREBASE_STORAGE_EMULATOR_HOST="127.0.0.1:$st_port"
        log "Storage: firebase-tools emulator on $FIREBASE_STORAGE_EMULATOR_HOST (Java $JAVA)"
      fi
      return 0
    fi
    stop_group "$pid"
    forget_group "$pid"
    log "firebase-tools emulators ($only) did not come up (attempt $attempt); last lines:"
    tail -n 8 "$WORK/firebase-tools.log" | sed 's/^/    /'
  done
  return 1
}

if [[ $FIRESTORE_VIA == gcloud ]]; then
  start_gcloud_firestore || {
    log "FAIL: $GCLOUD_FIRESTORE_JAR is installed but its emulator would not start"
    exit 1
  }
fi
start_firebase_tools || {
  log "FAIL: the Auth emulator would not start"
  exit 1
}
for missing in "${NOT_AVAILABLE[@]}"; do log "not available: $missing — its tests are skipped by name"; done

# --- the tests -----------------------------------------------------------------------------

RESULTS="$WORK/results.json"
status=0
npx vitest run tests/contract/firebase.test.ts tests/rules --silent=passed-only \
  --reporter=default --reporter=json --outputFile.json="$RESULTS" || status=$?

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
for (const file of report.testResults ?? []) {
  const name = relative(process.cwd(), file.name);
  const count = { passed: 0, failed: 0 };
  for (const t of file.assertionResults ?? []) {
    if (t.status === 'passed') count.passed++;
    else if (t.status === 'failed') {
      count.failed++;
      failed.push([...t.ancestorTitles, t.title].join(' > '));
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
const verdict = STATUS === '0' && failed.length === 0 ? 'PASS' : 'FAIL';
const skipped = [...notRun].map(([k, n]) => `${k} [${n}]`).join('; ');
console.log(
  `${verdict} in ${ELAPSED}s. Ran: ${ran.join('; ') || 'nothing'}.` +
    ` Not run: ${skipped || 'nothing'}.` +
    (failed.length ? ` Failed: ${failed.join('; ')}.` : ''),
);
EOF
)
log "$SUMMARY"
exit "$status"
