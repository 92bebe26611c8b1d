"""The bots' web worker: slow levels decide here, away from the page's main thread.

It touches no DOM (so the page needs no cross-origin isolation); the main
thread awaits ``decide`` with plain JSON in and out.  ``web/bots-worker.js`` runs
it in its own Pyodide (``web/boot.js`` starts that worker and passes the requests).
"""
import json

from web.botstep import decide_json


def decide(request_json: str) -> str:
    request = json.loads(request_json)
    answer = decide_json(request["record"], request["level"], request["deal_number"])
    return json.dumps(answer)


__export__ = ["decide"]
