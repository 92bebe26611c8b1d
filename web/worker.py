"""The bots' worker: slow levels decide here, away from the page's main thread.

It touches no DOM (so the page needs no cross-origin isolation); the main
thread awaits ``decide`` with plain JSON in and out.  ``web/bots-worker.js`` runs
it in its own Pyodide (``web/boot.js`` starts that worker and passes the requests).
Duplicate tournaments also ask it for the reference of a deal, in steps
(``reference``, ``field``, ``advice``: :mod:`web.duplicate.step`), and every page grades
the person's finished deals one decision at a time (``analyse``: :mod:`web.teaching.grading`)
and gives *Conseil* the analysis's best action at the person's decision (``advise``).
"""
import json

from web.match.botstep import decide_json
from web.duplicate.step import advice_step, field_step, reference_step
from web.teaching.grading import advise_step, analyse_step


def decide(request_json: str) -> str:
    request = json.loads(request_json)
    answer = decide_json(request["record"], request["level"], request["deal_number"])
    return json.dumps(answer)


def reference(request_json: str) -> str:
    return json.dumps(reference_step(json.loads(request_json)))


def field(request_json: str) -> str:
    return json.dumps(field_step(json.loads(request_json)))


def advice(request_json: str) -> str:
    return json.dumps(advice_step(json.loads(request_json)))


def analyse(request_json: str) -> str:
    return json.dumps(analyse_step(json.loads(request_json)))


def advise(request_json: str) -> str:
    return json.dumps(advise_step(json.loads(request_json)))


__export__ = ["decide", "reference", "field", "advice", "analyse", "advise"]
