#!/usr/bin/env bash
# Set up and run every test suite:
#
#   bash scripts/test.sh [STAGE...]     STAGE: checks, unit, pyodide, e2e (default: all four)
#
#   checks   ruff (lint), mypy (types of tarot/ and web/) and the README's example as a doctest
#   unit     pytest tests/ under CPython (.venv); beside the pyodide stage when both run
#   pyodide  the same tests/ inside Pyodide under Node.js (scripts/pyodide_tests.mjs), two processes
#   e2e      pytest e2e/ with Playwright in headless Chromium against the built site, in
#            E2E_PROCESSES test processes (default 2; pytest-xdist)
#
# Setup (each step is skipped when already up to date): .venv from
# requirements-dev.txt, node_modules from package-lock.json (npm ci), the
# Pyodide test wheels, then the site build (_site/). All requested stages run
# even if one fails; the exit status is non-zero if any stage failed,
# including a stage that collected no tests.
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/_common.sh"
cd "$ROOT"

ALL_STAGES=(checks unit pyodide e2e)
STAGES=("$@")
[[ ${#STAGES[@]} -eq 0 ]] && STAGES=("${ALL_STAGES[@]}")
for stage in "${STAGES[@]}"; do
  [[ " ${ALL_STAGES[*]} " == *" $stage "* ]] || die "unknown stage '$stage' (expected: ${ALL_STAGES[*]})"
done

PY="$ROOT/.venv/bin/python"
E2E_PROCESSES="${E2E_PROCESSES:-2}"
LOGS="$ROOT/.cache/test-logs"
export PYTHONDONTWRITEBYTECODE=1

setup_started=$SECONDS
log "Setup: Python virtual environment (.venv)"
ensure_venv
log "Setup: npm packages (node_modules)"
ensure_node_modules
log "Setup: Pyodide test wheels"
"$PY" scripts/pyodide_wheels.py || die "could not download the Pyodide test wheels"
log "Build: _site/"
"$PY" scripts/build.py || die "build failed"
if [[ ! -x /usr/bin/chromium ]]; then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    log "Setup: Chromium for the browser tests (apt-get)"
    install_chromium || die "could not install chromium"
  else
    echo "warning: /usr/bin/chromium not found; the e2e stage needs it (apt-get install chromium)" >&2
  fi
fi
setup_seconds=$((SECONDS - setup_started))

mkdir -p "$LOGS"
declare -a SUMMARY=()
failed=0

# The checks stage: each tool runs even if one before it failed; configured in pyproject.toml.
run_checks() {
  local status=0 passed=() failed_tools=()
  echo "--- ruff check tarot web tests e2e scripts"
  if "$ROOT/.venv/bin/ruff" check tarot web tests e2e scripts; then passed+=(ruff); else status=1; failed_tools+=(ruff); fi
  echo "--- mypy (tarot/ and web/)"
  if "$PY" -m mypy; then passed+=(mypy); else status=1; failed_tools+=(mypy); fi
  echo "--- README.md examples (doctest)"
  if "$PY" -m doctest README.md; then passed+=(doctest); else status=1; failed_tools+=(doctest); fi
  if [[ $status -eq 0 ]]; then
    echo "checks: ${passed[*]} passed"
  else
    echo "checks: ${failed_tools[*]} failed"
  fi
  return $status
}

run_stage() {
  local name="$1" title="$2"; shift 2
  local logfile="$LOGS/$name.log" started=$SECONDS status
  log "Test: $title"
  "$@" 2>&1 | tee "$logfile"
  status=${PIPESTATUS[0]}
  record_stage "$name" "$title" "$status" $((SECONDS - started))
}

# A stage's line in the summary, from its log, its exit status and its seconds.
record_stage() {
  local name="$1" title="$2" status="$3" seconds="$4" logfile="$LOGS/$1.log"
  # pytest's closing line, e.g. "42 passed in 3.10s" or "no tests ran in 0.01s".
  local result
  result="$(grep -E '(^checks: |[0-9]+ (passed|failed|errors?|skipped)|no tests ran)' "$logfile" \
            | tail -n 1 | sed -E 's/^=+ //; s/ =+$//')"
  local verdict="PASS"
  if [[ $status -ne 0 ]]; then
    verdict="FAIL"
    failed=$((failed + 1))
    [[ $status -eq 5 ]] && result="no tests collected (pytest exit status 5)"
    [[ -z "$result" ]] && result="exit status $status"
  fi
  SUMMARY+=("$(printf '  %-4s  %-28s %4ss   %s' "$verdict" "$title" "$seconds" "$result")")
}

# With both unit stages asked for, CPython's runs in the background beside Pyodide's (each is
# one process on one core); its log is shown once Pyodide's is done.
UNIT_TITLE="unit tests (CPython)"
unit_pid=""
if [[ " ${STAGES[*]} " == *" unit "* && " ${STAGES[*]} " == *" pyodide "* ]]; then
  log "Test: $UNIT_TITLE, in the background beside the Pyodide stage"
  unit_started=$SECONDS
  "$PY" -m pytest -q tests >"$LOGS/unit.log" 2>&1 &
  unit_pid=$!
fi

# The Pyodide stage as two Node processes, each on half of the test files (balanced by size),
# so that the stage and CPython's beside it share the cores; one closing line sums both.
run_pyodide() {
  local files half=() other=() size=0 other_size=0 f status=0 first closing
  mapfile -t files < <(ls -S tests/test_*.py)
  for f in "${files[@]}"; do
    if (( size <= other_size )); then half+=("$f"); size=$((size + $(stat -c %s "$f")))
    else other+=("$f"); other_size=$((other_size + $(stat -c %s "$f"))); fi
  done
  env PYTHON="$PY" node scripts/pyodide_tests.mjs "${half[@]}" >"$LOGS/pyodide-1.log" 2>&1 &
  first=$!
  env PYTHON="$PY" node scripts/pyodide_tests.mjs "${other[@]}" >"$LOGS/pyodide-2.log" 2>&1 || status=1
  wait "$first" || status=1
  cat "$LOGS/pyodide-1.log" "$LOGS/pyodide-2.log"
  closing="$(cat "$LOGS/pyodide-1.log" "$LOGS/pyodide-2.log" | grep -E '^=* ?[0-9]+ (passed|failed)' | sed -E 's/^=+ //; s/ in [0-9.]+s.*$//')"
  echo "$closing" | "$PY" -c '
import re, sys
totals = {}
for line in sys.stdin:
    for n, what in re.findall(r"(\d+) (passed|failed|skipped|errors?|xfailed|xpassed|warnings?)", line):
        totals[what] = totals.get(what, 0) + int(n)
print(", ".join(f"{n} {what}" for what, n in totals.items()) + " (two processes)")'
  return $status
}

finish_unit() {
  local status
  wait "$unit_pid"
  status=$?
  log "Test: $UNIT_TITLE (ran beside the Pyodide stage)"
  cat "$LOGS/unit.log"
  record_stage unit "$UNIT_TITLE" "$status" $((SECONDS - unit_started))
  unit_pid=""
}

for stage in "${STAGES[@]}"; do
  case "$stage" in
    checks)
      run_stage checks "checks (ruff, mypy, doctest)" run_checks ;;
    unit)
      [[ -z "$unit_pid" ]] && run_stage unit "$UNIT_TITLE" "$PY" -m pytest -q tests ;;
    pyodide)
      run_stage pyodide "unit tests (Pyodide)" run_pyodide
      [[ -n "$unit_pid" ]] && finish_unit ;;
    e2e)
      [[ -n "$unit_pid" ]] && finish_unit
      # Two test processes (pytest-xdist), each with its Chromium: one page's start-up leaves
      # part of the cores idle. The site was built by the setup above.
      TAROT_E2E_SKIP_BUILD=1 run_stage e2e "browser tests (Chromium)" "$PY" -m pytest -q -n "$E2E_PROCESSES" \
        --dist worksteal --durations=0 --durations-min=4 e2e ;;
  esac
done
[[ -n "$unit_pid" ]] && finish_unit

log "Summary"
printf '  setup and build: %ss\n' "$setup_seconds"
printf '%s\n' "${SUMMARY[@]}"
passed=$(( ${#STAGES[@]} - failed ))
echo "logs: ${LOGS#"$ROOT"/}/"
echo "stages: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
