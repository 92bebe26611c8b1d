# Shared helpers for scripts/test.sh and scripts/serve.sh (sourced, not run).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

log() { if [[ -t 1 ]]; then printf '\n\033[1m==> %s\033[0m\n' "$*"; else printf '\n==> %s\n' "$*"; fi; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

sha_of() { sha256sum "$1" | cut -d' ' -f1; }

# npm ci, skipped when node_modules/ was installed from the same package-lock.json.
ensure_node_modules() {
  command -v npm >/dev/null || die "npm not found (Node.js 20+ is needed)"
  local stamp="$ROOT/node_modules/.installed-lock.sha256"
  local want; want="$(sha_of "$ROOT/package-lock.json")"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
    echo "node_modules is up to date with package-lock.json"
    return
  fi
  (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error) || die "npm ci failed"
  echo "$want" > "$stamp"
}

# .venv with the pinned development dependencies, reinstalled when
# requirements-dev.txt changes.
ensure_venv() {
  local venv="$ROOT/.venv"
  if ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
    rm -rf "$venv"
    python3 -m venv "$venv" || die "python3 -m venv failed"
  fi
  local stamp="$venv/.installed-requirements.sha256"
  local want; want="$(sha_of "$ROOT/requirements-dev.txt")"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
    echo ".venv is up to date with requirements-dev.txt"
    return
  fi
  "$venv/bin/python" -m pip install --disable-pip-version-check --quiet \
    -r "$ROOT/requirements-dev.txt" || die "pip install -r requirements-dev.txt failed"
  echo "$want" > "$stamp"
}

# Debian's Chromium (and fonts) for the browser tests, with apt-get: one line on the
# console, apt's own output in .cache/apt-get.log (its last lines shown if it fails).
# Runs apt-get through sudo when not root.
install_chromium() {
  local sudo="" logfile="$ROOT/.cache/apt-get.log"
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  mkdir -p "$ROOT/.cache"
  echo "installing chromium with apt-get (log: ${logfile#"$ROOT"/})"
  if ! { $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q \
         && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
              chromium fonts-dejavu-core fonts-liberation; } >"$logfile" 2>&1; then
    tail -n 20 "$logfile" >&2
    return 1
  fi
  echo "chromium installed: $(/usr/bin/chromium --version 2>/dev/null || echo '?')"
}
