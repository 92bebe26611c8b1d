#!/usr/bin/env bash
# Build the site and serve it locally:
#
#   bash scripts/serve.sh [--port 8000] [--prefix /]
#
# Runs `npm ci` when node_modules/ is missing or stale, rebuilds _site/, then
# serves it on http://127.0.0.1:PORT/ (Ctrl+C to stop). Needs only python3 and npm.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/_common.sh"
cd "$ROOT"

log "npm packages (node_modules)"
ensure_node_modules
log "Build: _site/"
python3 scripts/build.py
log "Serve"
exec python3 scripts/serve.py "$@"
