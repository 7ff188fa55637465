#!/usr/bin/env bash
# A new user's first ten minutes, on this machine made to look as it comes (issue 16):
# Debian's Node 20 first on PATH; ffmpeg, ffprobe, Chromium, gnome-keyring and libsecret's
# headers hidden under /dev/null in a private mount namespace; no D-Bus session, no display,
# a fresh HOME and npm cache. In a fresh clone of this checkout's HEAD it runs the README's
# commands: `npm install`, `npm start` (its address must serve the page; Ctrl-C must stop it
# cleanly) and `npm test`, then prints the install time, the test time and every skipped
# test with its reason. Exits non-zero on any failure.
#
# Usage, as root: bash test/fresh-machine/run.sh [--warm-cache]
#   --warm-cache  reuse ~/.npm instead of an empty npm cache (faster; not quite "as it comes")
set -euo pipefail

if [ "${TROVE_FRESH_MACHINE_INNER:-}" != 1 ]; then
  [ "$(id -u)" = 0 ] || { echo "run.sh needs root: it uses unshare -m and mount --bind" >&2; exit 2; }
  exec unshare -m env TROVE_FRESH_MACHINE_INNER=1 TROVE_FRESH_MACHINE_HOME="$HOME" bash "$0" "$@"
fi

repo="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
warm_cache=false
[ "${1:-}" = --warm-cache ] && warm_cache=true

# Mounts made here stay in this namespace: the machine itself is not changed.
mount --make-rprivate /
hidden=()
for file in /usr/bin/ffmpeg /usr/bin/ffprobe /usr/bin/chromium /usr/bin/gnome-keyring-daemon \
            /usr/lib/x86_64-linux-gnu/pkgconfig/libsecret-1.pc; do
  if [ -e "$file" ]; then mount --bind /dev/null "$file"; hidden+=("$file"); fi
done

work="$(mktemp -d /tmp/trove-fresh-machine-XXXXXX)"
start_pid=""
cleanup() {
  if [ -n "$start_pid" ]; then kill -KILL -- "-$start_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# A user's shell: no CI, no display, no session bus, no Trove or npm settings from this one.
cache="$work/npm-cache"
if $warm_cache; then cache="$TROVE_FRESH_MACHINE_HOME/.npm"; fi
clean_env=(env -i "PATH=/usr/local/bin:/usr/bin:/bin" "HOME=$work/home" "TMPDIR=$work/tmp" "LANG=C.UTF-8" "TERM=dumb"
           "npm_config_cache=$cache" "npm_config_update_notifier=false")
# What the machine itself provides stays: its npm config (~/.npmrc), certificates and proxy.
[ -f "$TROVE_FRESH_MACHINE_HOME/.npmrc" ] && clean_env+=("npm_config_userconfig=$TROVE_FRESH_MACHINE_HOME/.npmrc")
for name in NODE_EXTRA_CA_CERTS SSL_CERT_FILE SSL_CERT_DIR HTTP_PROXY HTTPS_PROXY NO_PROXY http_proxy https_proxy no_proxy; do
  [ -n "${!name:-}" ] && clean_env+=("$name=${!name}")
done
mkdir -p "$work/home" "$work/tmp"

failures=()
fail() { failures+=("$1"); printf '\n!!! %s\n' "$1"; }
log() { printf '\n=== %s\n' "$*"; }
seconds_since() { echo $(( $(date +%s) - $1 )); }

log "fresh machine: $(/usr/bin/node --version) at /usr/bin/node, npm $("${clean_env[@]}" npm --version); hidden: ${hidden[*]:-nothing}"
git clone -q "$repo" "$work/trove"
cd "$work/trove"
log "clone of $(git log -1 --format='%h %s' | cut -c1-100)"

log "npm install"
began=$(date +%s)
set +e
"${clean_env[@]}" npm install 2>&1 | tail -n 30
install_status=${PIPESTATUS[0]}
set -e
install_seconds=$(seconds_since "$began")
[ "$install_status" = 0 ] || fail "npm install exited $install_status"

log "npm start"
start_log="$work/start.log"
data_dir="$work/home/.local/share/trove"
start_ok=false
if [ "$install_status" = 0 ]; then
  # Its own process group, so SIGINT reaches every process in it, as Ctrl-C in a terminal does.
  setsid "${clean_env[@]}" npm start >"$start_log" 2>&1 &
  start_pid=$!
  address=""
  for _ in $(seq 1 180); do
    address="$(grep -oE 'http://127\.0\.0\.1:[0-9]+/\?token=[A-Za-z0-9_-]+' "$start_log" | head -n 1 || true)"
    [ -n "$address" ] && break
    kill -0 "$start_pid" 2>/dev/null || break
    sleep 1
  done
  cat "$start_log"
  if [ -z "$address" ]; then
    fail "npm start printed no address"
  else
    # As a browser: the token in the address becomes a cookie, then the page.
    page="$(curl -sS -L -c "$work/cookies" -b "$work/cookies" "$address" || true)"
    if grep -q '<div id="root">' <<<"$page"; then start_ok=true; echo "the page at $address loads"
    else fail "the address npm start printed did not serve the page"; fi
  fi
  kill -INT -- "-$start_pid" 2>/dev/null || true
  for _ in $(seq 1 30); do pgrep -g "$start_pid" >/dev/null || break; sleep 1; done
  if pgrep -g "$start_pid" >/dev/null; then fail "npm start was still running 30 s after Ctrl-C"; start_ok=false
  else
    start_pid=""
    tail -n 2 "$start_log"
    grep -q '^Stopping: running downloads are paused' "$start_log" || { fail "npm start did not stop cleanly on Ctrl-C"; start_ok=false; }
    # The queue lock is an OS lock, gone with the process; a WAL file left would mean the database was not closed.
    if [ -e "$data_dir/trove.db-wal" ]; then fail "npm start left its database open (trove.db-wal)"; start_ok=false; fi
  fi
fi

log "npm test"
began=$(date +%s)
results="$work/vitest.json"
test_status="not run (npm install failed)"
if [ "$install_status" = 0 ]; then
  set +e
  "${clean_env[@]}" npm test -- --reporter=default --reporter=json --outputFile.json="$results" 2>&1 | tail -n 60
  test_status=${PIPESTATUS[0]}
  set -e
fi
test_seconds=$(seconds_since "$began")
[ "$test_status" = 0 ] || fail "npm test exited $test_status"

log "summary"
echo "npm install: exit $install_status in ${install_seconds} s"
echo "npm start:   $($start_ok && echo 'address served the page; Ctrl-C stopped it cleanly' || echo FAILED)"
echo "npm test:    exit $test_status in ${test_seconds} s"
if [ -f "$results" ]; then
  # Skipped tests carry their reason in their name ("… — skipped, <reason>"): one line per group.
  "${clean_env[@]}" node -e '
    const report = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const groups = new Map();
    for (const file of report.testResults) {
      for (const test of file.assertionResults) {
        if (test.status === "passed" || test.status === "failed") continue;
        const names = test.title.includes("skipped") || test.ancestorTitles.length === 0 ? [...test.ancestorTitles, test.title] : test.ancestorTitles;
        const group = `${file.name.replace(process.cwd() + "/", "")}: ${names.join(" › ")}`;
        groups.set(group, (groups.get(group) ?? 0) + 1);
      }
    }
    const skipped = [...groups.values()].reduce((sum, count) => sum + count, 0);
    console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
    for (const [group, count] of groups) console.log(`  ${String(count).padStart(3)} skipped  ${group}`);
  ' "$results"
fi
if [ "${#failures[@]}" -gt 0 ]; then
  printf 'FAILED: %s\n' "${failures[@]}"
  exit 1
fi
echo "fresh machine: all green"
