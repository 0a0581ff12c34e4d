# shellcheck shell=bash
# Starting Google's emulators offline, for the scripts that need them (sourced, not run):
# scripts/test-firebase.sh (contract and rules tests), scripts/e2e-firebase.sh (the Playwright
# Firebase project) and scripts/emulators-dev.sh (npm run emulators).
#
#   Auth emulator        firebase-tools, plain JavaScript: always (a start fails without it).
#   Functions emulator   firebase-tools, runs functions/lib with this machine's Node (EMU_FUNCTIONS).
#   Firestore emulator   firebase-tools' cached jar when Java >= 21, otherwise the Google Cloud
#                        SDK's jar ($GCLOUD_FIRESTORE_JAR, runs on Java 17) when installed.
#   Storage emulator     firebase-tools only (its rules runtime is a jar fetched from Google on
#                        first start, and it needs Java >= 21): when cached.
#   Pub/Sub emulator     with the Functions: the Google Cloud SDK's ($GCLOUD_PUBSUB_EMULATOR,
#                        Java 17), started by firebase-tools (PUBSUB_EMULATOR_BINARY_PATH): only
#                        then does the Functions emulator register the scheduled functions, which
#                        a test runs on demand (tests/e2e/server.ts, runScheduledFunction).
# What cannot start here is listed in EMU_NOT_AVAILABLE, by name and why.
#
# Each emulator gets the first free port from its base port (9099, 8080, 9199, 5001, or
# EMU_BASE_PORT_* when set), so a port held by another run or a dev server moves it instead of
# failing it. emu_start exports where they are: FIREBASE_AUTH_EMULATOR_HOST,
# FIRESTORE_EMULATOR_HOST, FIREBASE_STORAGE_EMULATOR_HOST, FUNCTIONS_EMULATOR_HOST,
# PUBSUB_EMULATOR_HOST. The
# emulators run in process groups of their own and emu_stop_all (installed on EXIT by emu_start)
# stops them, Ctrl-C included.
#
# Settings (before emu_start):
#   EMU_PROJECT                   project id (default demo-sports-community)
#   EMU_AUTH_ONLY=true            Auth alone (Firestore and Storage listed as not available)
#   EMU_FUNCTIONS=true            also the Functions emulator; functions/lib must be built
#   EMU_FUNCTIONS_ENV             lines for the Functions' environment (APP_BASE_URL=…), kept in
#                                 a temporary directory, never in functions/
#   GCLOUD_FIRESTORE_JAR=/path    where the Cloud SDK's Firestore jar is (/nonexistent: none)
#   GCLOUD_PUBSUB_EMULATOR=/path  the Cloud SDK's Pub/Sub emulator (/nonexistent: none)
#   FIREBASE_EMULATORS_PATH=/dir  firebase-tools' emulator cache (default ~/.cache/firebase/emulators)
#   EMULATOR_START_SECONDS=180    how long one emulator start may take before it is retried
#   EMU_FIRESTORE_RULES=/path     the Firestore rules to enforce (default: the project's)
#
# One start for both Firebase parts of npm test (scripts/test-all.sh's second lane): emu_start_shared
# starts Auth, Firestore and Functions with what the browser tests' Functions need (the origin
# the Firebase build will be served on, E2E_FIREBASE_PORT, and where their mail is kept,
# MAIL_CAPTURE_DIR) and exports those with EMU_SHARED=true. A script that sources this file with
# EMU_SHARED=true set uses the running emulators: its emu_start starts nothing and stops nothing.
# The parts' data never meet: the contract file works in EMU_PROJECT, each rules file in a demo-
# project of its own, and the browser tests empty EMU_PROJECT and seed it before each test.

set +m # background jobs stay in this process group, so setsid below needs no fork
EMU_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The Firestore rules the emulator enforces (scripts/rules-mutation-check.sh points it at a mutant).
EMU_FIRESTORE_RULES="${EMU_FIRESTORE_RULES:-$EMU_ROOT/firestore.rules}"
EMU_PROJECT="${EMU_PROJECT:-demo-sports-community}"
EMU_AUTH_ONLY="${EMU_AUTH_ONLY:-false}"
EMU_FUNCTIONS="${EMU_FUNCTIONS:-false}"
EMU_FUNCTIONS_ENV="${EMU_FUNCTIONS_ENV:-}"
GCLOUD_FIRESTORE_JAR="${GCLOUD_FIRESTORE_JAR:-/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar}"
GCLOUD_PUBSUB_EMULATOR="${GCLOUD_PUBSUB_EMULATOR:-/usr/lib/google-cloud-sdk/platform/pubsub-emulator/bin/cloud-pubsub-emulator}"
EMU_CACHE="${FIREBASE_EMULATORS_PATH:-$HOME/.cache/firebase/emulators}"
EMU_FIREBASE_CLI="$EMU_ROOT/node_modules/firebase-tools/lib/bin/firebase.js"

# firebase-tools must not wait for the network: no update check, no prompts.
export NO_UPDATE_NOTIFIER=1 FIREBASE_CLI_DISABLE_UPDATE_CHECK=true FIREBASE_SKIP_UPDATE_CHECK=true CI="${CI:-true}"
# Reading the functions' definitions loads their code, which takes longer than firebase-tools'
# 10 s on a busy machine.
export FUNCTIONS_DISCOVERY_TIMEOUT="${FUNCTIONS_DISCOVERY_TIMEOUT:-120}"
# Announced by emu_start only (or emu_start_shared); values inherited from a shell would point
# elsewhere.
EMU_SHARED="${EMU_SHARED:-false}"
if [[ $EMU_SHARED != true ]]; then
  unset FIREBASE_AUTH_EMULATOR_HOST FIRESTORE_EMULATOR_HOST FIREBASE_STORAGE_EMULATOR_HOST FUNCTIONS_EMULATOR_HOST \
    PUBSUB_EMULATOR_HOST
fi

EMU_WORK=$(mktemp -d "${TMPDIR:-/tmp}/emulators.XXXXXX")
EMU_GROUPS=()
EMU_NOT_AVAILABLE=()
EMU_FIRESTORE_VIA=none # tools | gcloud | none
EMU_STORAGE_VIA=none
EMU_PUBSUB=false

emu_log() { echo "emulators: $*"; }

# /proc/<pid>/stat after "pid (comm) ": state ppid pgrp … (no procps needed on a bare machine).
emu_proc_field() { sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f"$2"; }

emu_alive() {
  local state
  state=$(emu_proc_field "$1" 1) || return 1
  [[ -n "$state" && "$state" != Z ]]
}

# Starts "$@" in $dir as the leader of a new session and process group, output to $logfile;
# its pid lands in EMU_SPAWNED (not echoed: a command substitution would make it a grandchild).
EMU_SPAWNED=
emu_spawn() {
  local logfile=$1 dir=$2
  shift 2
  if command -v setsid >/dev/null 2>&1; then
    (cd "$dir" && exec setsid "$@") >"$logfile" 2>&1 </dev/null &
  else
    (cd "$dir" && exec "$@") >"$logfile" 2>&1 </dev/null &
  fi
  EMU_SPAWNED=$!
  EMU_GROUPS+=("$EMU_SPAWNED")
}

# TERM to the whole group, up to 15 s for a clean shutdown, then KILL whatever is left.
emu_stop_group() {
  local pid=$1 target=$1
  [[ "$(emu_proc_field "$pid" 3)" == "$pid" ]] && target=-$pid
  kill -TERM -- "$target" 2>/dev/null || true
  for _ in $(seq 1 150); do
    emu_alive "$pid" || break
    sleep 0.1
  done
  kill -KILL -- "$target" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

emu_forget_group() {
  local pid=$1 kept=() p
  for p in "${EMU_GROUPS[@]}"; do [[ "$p" != "$pid" ]] && kept+=("$p"); done
  EMU_GROUPS=("${kept[@]}")
}

emu_stop_all() {
  local pid
  for pid in "${EMU_GROUPS[@]}"; do emu_stop_group "$pid"; done
  EMU_GROUPS=()
  rm -rf "$EMU_WORK"
}

emu_port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

emu_free_port() {
  local port=$1
  while emu_port_busy "$port"; do port=$((port + 1)); done
  echo "$port"
}

# A port the system has free right now (not a fixed base: the browser tests' preview server).
emu_system_free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Waits (while pid lives) until the command succeeds: up to EMULATOR_START_SECONDS (default
# 180), as a firebase-tools start takes over a minute on a busy 2-core machine (72 s measured at
# load 20).
emu_wait_until() {
  local pid=$1
  shift
  for _ in $(seq 1 $((${EMULATOR_START_SECONDS:-180} * 4))); do
    emu_alive "$pid" || return 1
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.25
  done
  return 1
}

# Whether GET $1 answers with a body containing $2 (node's fetch: curl may not be installed).
emu_answers() {
  node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(2000) })
    .then((r) => r.text())
    .then((t) => process.exit(t.includes(process.argv[2]) ? 0 : 1), () => process.exit(1))' "$1" "$2"
}

emu_java_major() {
  command -v java >/dev/null 2>&1 || { echo 0; return; }
  java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1
}

# --- what can run here ---------------------------------------------------------------------

emu_detect() {
  local java
  java=$(emu_java_major)
  EMU_JAVA=${java:-0}
  if [[ $EMU_AUTH_ONLY == true ]]; then
    EMU_NOT_AVAILABLE+=("Firestore and Storage (auth only)")
    return
  fi
  if ((EMU_JAVA >= 21)) && compgen -G "$EMU_CACHE/cloud-firestore-emulator-*.jar" >/dev/null; then
    EMU_FIRESTORE_VIA=tools
  elif ((EMU_JAVA >= 11)) && [[ -f "$GCLOUD_FIRESTORE_JAR" ]]; then
    EMU_FIRESTORE_VIA=gcloud
  else
    EMU_NOT_AVAILABLE+=("Firestore (Java $EMU_JAVA; no firebase-tools jar for Java >= 21, no $GCLOUD_FIRESTORE_JAR)")
  fi
  if ((EMU_JAVA >= 21)) && compgen -G "$EMU_CACHE/cloud-storage-rules-runtime-*.jar" >/dev/null; then
    EMU_STORAGE_VIA=tools
  else
    EMU_NOT_AVAILABLE+=("Storage (needs Java >= 21 and firebase-tools' cached rules runtime; Java $EMU_JAVA)")
  fi
  if [[ $EMU_FUNCTIONS == true ]]; then
    if ((EMU_JAVA >= 11)) && [[ -x "$GCLOUD_PUBSUB_EMULATOR" ]]; then
      EMU_PUBSUB=true
    else
      EMU_NOT_AVAILABLE+=("Pub/Sub, so no scheduled function can be run (Java $EMU_JAVA; no $GCLOUD_PUBSUB_EMULATOR)")
    fi
  fi
}

# --- Firestore from the Cloud SDK jar ------------------------------------------------------

# The rules go to EMU_PROJECT alone, through the emulator's own endpoint (as the rules test kit
# sends each suite's), not with --rules: that file is compiled for every project the emulator
# first meets, and every rules suite (a project each) then sets its own, so each suite compiled
# the rules twice. Compiling was a fifth of the emulator's CPU time in `npm run test:firebase`
# (Java Flight Recorder); the start-up copy was more than half of that. Any other project has no
# rules, so it is open: every suite that tests rules sets them for its own project.
emu_load_firestore_rules() {
  node -e 'const [host, project, file] = process.argv.slice(1);
    const rules = { files: [{ name: "firestore.rules", content: require("fs").readFileSync(file, "utf8") }] };
    fetch(`http://${host}/emulator/v1/projects/${project}:securityRules`, {
      method: "PUT", body: JSON.stringify({ rules }), signal: AbortSignal.timeout(60000),
    }).then(async (r) => { if (!r.ok) { console.error(r.status, await r.text()); process.exit(1); } },
      (e) => { console.error(String(e)); process.exit(1); })' "$1" "$EMU_PROJECT" "$EMU_FIRESTORE_RULES"
}

emu_start_gcloud_firestore() {
  local attempt port=$((${EMU_BASE_PORT_FIRESTORE:-8080} - 1)) pid
  for attempt in 1 2 3; do
    # After a failed start, search on from the next port: this one may be bound but not listening.
    port=$(emu_free_port $((port + 1)))
    emu_spawn "$EMU_WORK/firestore.log" "$EMU_WORK" java -Duser.language=en -cp "$GCLOUD_FIRESTORE_JAR" \
      com.google.cloud.datastore.emulator.firestore.CloudFirestore start \
      --host 127.0.0.1 --port "$port" --project_id "$EMU_PROJECT"
    pid=$EMU_SPAWNED
    if emu_wait_until "$pid" grep -q "Dev App Server is now running" "$EMU_WORK/firestore.log" &&
      emu_answers "http://127.0.0.1:$port/" Ok &&
      emu_load_firestore_rules "127.0.0.1:$port"; then
      export FIRESTORE_EMULATOR_HOST="127.0.0.1:$port"
      emu_log "Firestore: Cloud SDK emulator on $FIRESTORE_EMULATOR_HOST (Java $EMU_JAVA)"
      return 0
    fi
    # Lost the port to someone else between the check and the bind, or a slow start: again.
    emu_stop_group "$pid"
    emu_forget_group "$pid"
    emu_log "Firestore emulator did not come up on port $port (attempt $attempt); last lines:"
    tail -n 5 "$EMU_WORK/firestore.log" | sed 's/^/    /'
  done
  return 1
}

# --- Auth, Functions (and Java >= 21 Firestore/Storage) from firebase-tools ----------------

# Whether the firebase-tools process $1 is ready: everything started, Auth answering on port $2,
# and, when asked for, the functions loaded (which happens after "All emulators ready" on a busy
# machine).
emu_tools_ready() {
  local pid=$1 auth_port=$2 log="$EMU_WORK/firebase-tools.log"
  emu_wait_until "$pid" grep -q "All emulators ready\|unexpected error" "$log" &&
    emu_answers "http://127.0.0.1:$auth_port/" authEmulator || return 1
  [[ $EMU_FUNCTIONS == true ]] || return 0
  emu_wait_until "$pid" grep -q "http function initialized\|Failed to load function" "$log" &&
    grep -q "http function initialized" "$log"
}

# A config of its own, outside the project: only the chosen ports and emulators, hub and logging
# on whatever ports are free, the hub's locator file in $EMU_WORK (TMPDIR) so runs never meet,
# and the Functions' environment (configDir) there too, so nothing is written into functions/.
emu_start_firebase_tools() {
  local attempt only pid config functions_config='' source_dir
  local auth_port=$((${EMU_BASE_PORT_AUTH:-9099} - 1)) fs_port=$((${EMU_BASE_PORT_FIRESTORE:-8080} - 1))
  local st_port=$((${EMU_BASE_PORT_STORAGE:-9199} - 1)) fn_port=$((${EMU_BASE_PORT_FUNCTIONS:-5001} - 1))
  local ps_port=$((${EMU_BASE_PORT_PUBSUB:-8085} - 1))
  if [[ $EMU_FUNCTIONS == true ]]; then
    # firebase-tools joins the source to the config's directory, so it must be relative.
    source_dir=$(realpath --relative-to="$EMU_WORK" "$EMU_ROOT/functions")
    functions_config="\"functions\": [{ \"source\": \"$source_dir\", \"codebase\": \"default\", \"configDir\": \".\" }],"
    printf '%s\n' "$EMU_FUNCTIONS_ENV" >"$EMU_WORK/.env.local"
  fi
  for attempt in 1 2 3; do
    auth_port=$(emu_free_port $((auth_port + 1)))
    only=auth
    config="\"auth\": {\"host\": \"127.0.0.1\", \"port\": $auth_port}"
    if [[ $EMU_FIRESTORE_VIA == tools ]]; then
      fs_port=$(emu_free_port $((fs_port + 1)))
      only+=",firestore"
      config+=", \"firestore\": {\"host\": \"127.0.0.1\", \"port\": $fs_port}"
    fi
    if [[ $EMU_STORAGE_VIA == tools ]]; then
      st_port=$(emu_free_port $((st_port + 1)))
      only+=",storage"
      config+=", \"storage\": {\"host\": \"127.0.0.1\", \"port\": $st_port}"
    fi
    if [[ $EMU_FUNCTIONS == true ]]; then
      fn_port=$(emu_free_port $((fn_port + 1)))
      only+=",functions"
      config+=", \"functions\": {\"host\": \"127.0.0.1\", \"port\": $fn_port}"
    fi
    if [[ $EMU_PUBSUB == true ]]; then
      ps_port=$(emu_free_port $((ps_port + 1)))
      only+=",pubsub"
      config+=", \"pubsub\": {\"host\": \"127.0.0.1\", \"port\": $ps_port}"
    fi
    cat >"$EMU_WORK/firebase.json" <<JSON
{
  $functions_config
  "firestore": { "rules": "$EMU_FIRESTORE_RULES" },
  "storage": { "rules": "$EMU_ROOT/storage.rules" },
  "emulators": { $config, "ui": { "enabled": false }, "singleProjectMode": true }
}
JSON
    # Plain text (a caller may force colours, as Playwright does): the log is read by grep.
    emu_spawn "$EMU_WORK/firebase-tools.log" "$EMU_WORK" env -u FORCE_COLOR NO_COLOR=1 TMPDIR="$EMU_WORK" \
      PUBSUB_EMULATOR_BINARY_PATH="$GCLOUD_PUBSUB_EMULATOR" \
      node "$EMU_FIREBASE_CLI" \
      emulators:start --only "$only" --project "$EMU_PROJECT" --config "$EMU_WORK/firebase.json"
    pid=$EMU_SPAWNED
    if emu_tools_ready "$pid" "$auth_port"; then
      export FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:$auth_port"
      emu_log "Auth: firebase-tools emulator on $FIREBASE_AUTH_EMULATOR_HOST"
      if [[ $EMU_FIRESTORE_VIA == tools ]]; then
        export FIRESTORE_EMULATOR_HOST="127.0.0.1:$fs_port"
        emu_log "Firestore: firebase-tools emulator on $FIRESTORE_EMULATOR_HOST (Java $EMU_JAVA)"
      fi
      if [[ $EMU_STORAGE_VIA == tools ]]; then
        export FIREBASE_STORAGE_EMULATOR_HOST="127.0.0.1:$st_port"
        emu_log "Storage: firebase-tools emulator on $FIREBASE_STORAGE_EMULATOR_HOST (Java $EMU_JAVA)"
      fi
      if [[ $EMU_FUNCTIONS == true ]]; then
        export FUNCTIONS_EMULATOR_HOST="127.0.0.1:$fn_port"
        emu_log "Functions: firebase-tools emulator on $FUNCTIONS_EMULATOR_HOST (functions/lib)"
      fi
      if [[ $EMU_PUBSUB == true ]]; then
        export PUBSUB_EMULATOR_HOST="127.0.0.1:$ps_port"
        emu_log "Pub/Sub: Cloud SDK emulator on $PUBSUB_EMULATOR_HOST, for the scheduled functions"
      fi
      return 0
    fi
    emu_stop_group "$pid"
    emu_forget_group "$pid"
    emu_log "firebase-tools emulators ($only) did not come up (attempt $attempt); last lines:"
    grep -v '^[[:space:]]*$' "$EMU_WORK/firebase-tools.log" | tail -n 12 | sed 's/^/    /'
  done
  return 1
}

# Starts everything this machine can run; returns non-zero when an emulator that should start
# does not. Firestore from the Cloud SDK goes first so that the Functions inherit its address.
# With EMU_SHARED=true the emulators already run (emu_start_shared): only says which.
emu_start() {
  if [[ $EMU_SHARED == true ]]; then
    trap 'rm -rf "$EMU_WORK"' EXIT
    emu_detect
    emu_log "already running for this test run: Auth on $FIREBASE_AUTH_EMULATOR_HOST${FIRESTORE_EMULATOR_HOST:+, Firestore on $FIRESTORE_EMULATOR_HOST}${FUNCTIONS_EMULATOR_HOST:+, Functions on $FUNCTIONS_EMULATOR_HOST}"
    local missing
    for missing in "${EMU_NOT_AVAILABLE[@]}"; do emu_log "not available: $missing"; done
    return 0
  fi
  trap emu_stop_all EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  emu_detect
  if [[ $EMU_FIRESTORE_VIA == gcloud ]]; then
    emu_start_gcloud_firestore || {
      emu_log "FAIL: $GCLOUD_FIRESTORE_JAR is installed but its emulator would not start"
      return 1
    }
  fi
  emu_start_firebase_tools || {
    emu_log "FAIL: the firebase-tools emulators would not start"
    return 1
  }
  local missing
  for missing in "${EMU_NOT_AVAILABLE[@]}"; do emu_log "not available: $missing"; done
}

# The emulators for both Firebase parts of npm test, started once (see the top of this file); they
# stop when the caller's shell exits. Returns non-zero when they cannot all start: the caller
# then leaves EMU_SHARED unset and each part starts its own (and says by name what it lacks).
emu_start_shared() {
  E2E_FIREBASE_PORT=$(emu_system_free_port) || return 1
  MAIL_CAPTURE_DIR="$EMU_WORK/mail"
  mkdir -p "$MAIL_CAPTURE_DIR"
  EMU_FUNCTIONS=true
  # The Functions put the origin in the links of the mail they send (docs/firebase.md, "Mail links").
  EMU_FUNCTIONS_ENV="APP_BASE_URL=http://127.0.0.1:$E2E_FIREBASE_PORT
MAIL_CAPTURE_DIR=$MAIL_CAPTURE_DIR"
  npm --workspace functions run build >/dev/null || return 1
  emu_start || return 1
  [[ -n ${FIRESTORE_EMULATOR_HOST:-} ]] || return 1
  export E2E_FIREBASE_PORT MAIL_CAPTURE_DIR EMU_SHARED=true
}

# The settings a Firebase build of the app reads (src/app/backend.ts) to talk to the running
# emulators, exported for `vite build`; vite preview reads the emulators' hosts for its /api
# rewrite (vite.config.ts). After emu_start.
emu_export_firebase_build_env() {
  export VITE_FIREBASE_API_KEY=demo-key
  export VITE_FIREBASE_AUTH_DOMAIN=$EMU_PROJECT.firebaseapp.com
  export VITE_FIREBASE_PROJECT_ID=$EMU_PROJECT
  export VITE_FIREBASE_STORAGE_BUCKET=$EMU_PROJECT.appspot.com
  export VITE_FIREBASE_APP_ID=demo-app
  export VITE_USE_FIREBASE_EMULATORS=true
  export VITE_FIREBASE_AUTH_EMULATOR_HOST=$FIREBASE_AUTH_EMULATOR_HOST
  export VITE_FIRESTORE_EMULATOR_HOST=$FIRESTORE_EMULATOR_HOST
  export VITE_FIREBASE_STORAGE_EMULATOR_HOST=${FIREBASE_STORAGE_EMULATOR_HOST:-}
}
