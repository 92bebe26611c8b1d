#!/bin/bash
# The text mode read by a real screen reader: Orca and Chromium on a virtual display, a few
# commands typed as real key presses, and what Orca says written down (docs/page.md, "Text mode
# with Orca").  A manual check, not a test: run it on a served site.
#
#   bash scripts/try_orca.sh [URL]      (default http://127.0.0.1:8000/?mode=texte&pause=700)
#
# Needs (Debian 12): apt-get install -y --no-install-recommends xvfb orca at-spi2-core dbus-x11 \
#   speech-dispatcher speech-dispatcher-espeak-ng espeak-ng python3-pyatspi xdotool
# Writes $OUT (default .cache/orca/): orca-debug.txt (Orca's debug log), speech.txt (what it said).
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"; R="${OUT:-$ROOT/.cache/orca}"; rm -rf "$R"; mkdir -p $R/home/.config/speech-dispatcher $R/prefs
PY="$ROOT/.venv/bin/python"  # Playwright, only to read the page over Chromium's debugging port
URL="${1:-http://127.0.0.1:8000/?mode=texte&pause=700}"
export DISPLAY=:99 HOME=$R/home GTK_MODULES=gail:atk-bridge ACCESSIBILITY_ENABLED=1 NO_AT_BRIDGE=0

# speech-dispatcher: no PulseAudio here -> with the default "pulse" output it fails to open
# audio and Orca hangs on its first utterance. Use ALSA with a null device instead.
cp /etc/speech-dispatcher/speechd.conf $HOME/.config/speech-dispatcher/
echo 'AudioOutputMethod "alsa"' >> $HOME/.config/speech-dispatcher/speechd.conf
printf 'pcm.!default { type null }\nctl.!default { type hw card 0 }\n' > $HOME/.asoundrc
# Orca opens its --debug-file block-buffered; a local copy opens it line-buffered.
sed "s/open(args.debug_file, 'w')/open(args.debug_file, 'w', buffering=1)/" /usr/bin/orca > $R/orca-lb; chmod +x $R/orca-lb

PIDS=()
cleanup() {
  kill ${CHROME:-} 2>/dev/null; sleep 1
  kill ${ORCA:-} 2>/dev/null; sleep 1; kill -9 ${ORCA:-} 2>/dev/null
  # speech-dispatcher, its modules and at-spi2-registryd are spawned (daemonised) for us: find them by our HOME
  for p in $(pgrep -f "speech-dispatcher|at-spi2-registryd"); do
    tr '\0' '\n' < /proc/$p/environ 2>/dev/null | grep -qx "HOME=$HOME" && kill $p; done
  kill ${PIDS[@]} 2>/dev/null; kill ${DBUS_SESSION_BUS_PID:-} 2>/dev/null
}
trap cleanup EXIT

Xvfb :99 -screen 0 1280x1024x24 -nolisten tcp >$R/xvfb.log 2>&1 & PIDS+=($!); sleep 2
eval "$(dbus-launch --sh-syntax)"
/usr/libexec/at-spi-bus-launcher --launch-immediately >$R/atspi.log 2>&1 & PIDS+=($!); sleep 2

$R/orca-lb -u $R/prefs --debug-file $R/orca-debug.txt >$R/orca.out 2>&1 & ORCA=$!; sleep 6

chromium --force-renderer-accessibility --no-sandbox --disable-gpu --no-first-run --disable-sync \
  --disable-background-networking --disable-component-update --disable-features=Translate \
  --user-data-dir=$R/profile --remote-debugging-port=9222 --window-position=0,0 --window-size=1280,1000 \
  "$URL" >$R/chromium.log 2>&1 & CHROME=$!

# Wait for #table[data-phase] != loading, then focus #command (a coordinate click proved unreliable).
cat > $R/cdp.py <<'EOF'
import sys, time
from playwright.sync_api import sync_playwright
with sync_playwright() as p:
    for _ in range(60):
        try: b = p.chromium.connect_over_cdp("http://127.0.0.1:9222"); break
        except Exception: time.sleep(1)
    pg = [pg for c in b.contexts for pg in c.pages if "mode=texte" in pg.url][0]
    for _ in range(90):
        r = pg.evaluate("""() => { const t=document.querySelector('#table'), c=document.querySelector('#command');
          const q=c&&c.getBoundingClientRect();
          return {ph: t&&t.getAttribute('data-phase'), x: q&&Math.round(window.screenX+q.x+q.width/2),
                  y: q&&Math.round(window.screenY+window.outerHeight-window.innerHeight+q.y+q.height/2),
                  ann: (document.querySelector('#announce')||{}).textContent}}""")
        if r['ph'] and r['ph'] != 'loading' and r['x']: break
        time.sleep(1)
    time.sleep(2)
    pg.focus('#command')   # DOM focus (Orca gets the AT-SPI focus event); keys below are real X key events
    print(r['x'], r['y'], r['ph'], file=sys.stdout); print(r, file=sys.stderr)
EOF
read X Y PH < <($PY $R/cdp.py 2>$R/cdp.err); echo "phase=$PH command box at $X,$Y"
[ -z "${X:-}" ] && { echo "page did not load"; exit 1; }
sleep 2

say() { echo "=== $(date +%T.%N) ACTION: $*" | tee -a $R/actions.txt; }
say "m Enter";         xdotool type --delay 120 'm';     xdotool key Return; sleep 3
say "? Enter";         xdotool type --delay 120 '?';     xdotool key Return; sleep 4
say "passe Enter";     xdotool type --delay 120 'passe'; xdotool key Return; sleep 8
say "nouvelle 4 Enter";xdotool type --delay 120 'nouvelle 4'; xdotool key Return; sleep 8
say "passe Enter";     xdotool type --delay 120 'passe'; xdotool key Return; sleep 8

grep -a "SPEECH OUTPUT" $R/orca-debug.txt > $R/speech.txt
echo "--- $(wc -l < $R/speech.txt) SPEECH OUTPUT lines in $R/speech.txt"
