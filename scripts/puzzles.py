"""Builds the puzzle collection shipped with the site: web/puzzles/collection.jsonl.

1. Mines self-play deals of the Standard bots at 3, 4 and 5 players (:data:`RUNS`, fixed
   seeds), the way ``python -m tarot puzzles mine`` does, at the miner's default budgets.
   Most runs look only at the decisions that may carry a few themes (``--themes``,
   :func:`tarot.puzzles.mine.may_carry`): every puzzle of those themes, for a fraction of
   the CPU; a run may also keep only its puzzles of some themes (``keep``).  Each run's puzzles go to ``--mined DIR`` with the miner's summary beside them
   (``NAME.jsonl``, ``NAME.err``); a run whose two files are there is read, not mined again.
2. Merges the runs and drops duplicates (same id).
3. Re-measures each puzzle at the page's budget (``DEFAULT_WORLDS`` imagined deals, other
   ones: :func:`tarot.puzzles.collection.remeasure`) and drops those whose best is no longer
   one of the solution or whose gap falls under the margin.
4. Writes the rest, sorted by player count then id, one ``Puzzle.to_json()`` line each, and
   prints its figures (``--figures FILE`` writes them as JSON too): puzzles per CPU minute at
   each player count, the yield per 1,000 deals of each theme, and the share of shipped
   puzzles the Standard bot and the Débutant fail.

    python3 scripts/puzzles.py                       # mine what is missing, then build
    python3 scripts/puzzles.py --mined DIR --figures figures.json
    python3 scripts/puzzles.py --mine-only           # only mine the missing runs
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tarot.match import deal_seed  # noqa: E402
from tarot.puzzles.collection import position_of, remeasure  # noqa: E402
from tarot.puzzles.mine import DEFAULT_MARGIN, Budget, Tally, bots_miss, mine_record  # noqa: E402
from tarot.puzzles.themes import THEMES  # noqa: E402
from tarot.rules import Rules  # noqa: E402
from tarot.teaching.analysis import DEFAULT_WORLDS  # noqa: E402
from tarot.tools.calibrate import play  # noqa: E402
from tarot.tools.puzzles import summary  # noqa: E402

Line = dict[str, Any]  # a puzzle's JSON line
OUT = ROOT / "web" / "puzzles" / "collection.jsonl"
MINED = ROOT / ".cache" / "puzzles"
PLAYERS = (3, 4, 5)
COMPACT = (",", ":")
# Themes that a plain run finds too rarely (under 20 per 1,000 deals at some player count).
RARE = ("petit_au_bout", "poignee", "call", "discard")
BIDS = ("bid", "ecart")  # plenty where they are, cheap to weigh: the most puzzles per CPU minute
PETIT_AND_PARTNER = ("petit_hunt", "petit_save", "load_partner", "signal")  # short of 20 after the runs above


@dataclass(frozen=True)
class Run:
    """Self-play deals of the Standard bots (deal ``k`` from ``deal_seed(seed, k)``, as
    ``puzzles mine --players --deals --seed`` plays them), mined: every decision, or only those
    that may carry one of ``themes`` (``--themes``)."""

    players: int
    deals: int
    seed: int
    themes: tuple[str, ...] = ()
    keep: tuple[str, ...] = ()  # only its puzzles of these themes go to the collection (all when empty)

    def keeps(self, line: Line) -> bool:
        return not self.keep or any(code in self.keep for code in line["themes"])

    @property
    def name(self) -> str:
        base = f"p{self.players}-seed{self.seed}-deals{self.deals}"
        return base + "".join(f"-{code}" for code in self.themes)


RUNS: tuple[Run, ...] = (
    Run(4, 50, 7000),  # every decision
    *(Run(players, 300, 7100, RARE) for players in PLAYERS),
    Run(5, 300, 7300, ("call",)),  # a call is only at 5 players
    *(Run(3, 60, seed, BIDS) for seed in (7600, 7601)), Run(5, 40, 7600, BIDS),
    Run(4, 40, 7600, BIDS), Run(3, 40, 7602, BIDS),
    # Every decision weighed, only the rarer themes kept: the Petit hunted (12 in 100 deals at 4 players
    # where every decision is weighed, 2.5 where only those that may carry it are), saved, the partner loaded.
    Run(4, 150, 7800, keep=PETIT_AND_PARTNER),
    Run(4, 200, 7900, PETIT_AND_PARTNER),
)

SUMMARY = re.compile(r"(\d+) decisions, (\d+) positions examined, (\d+) puzzles kept, ([\d.]+) CPU seconds")


@dataclass(frozen=True)
class Mined:
    """A run's puzzles (JSON lines) and the miner's summary."""

    run: Run
    lines: tuple[Line, ...]
    examined: int
    cpu_seconds: float


def _records(run: Run) -> Iterator[object]:
    rules = Rules(players=run.players)
    for k in range(run.deals):
        yield play(rules, deal_seed(run.seed, k), k % run.players, ["standard"] * run.players).to_record()


def mine(run: Run, folder: Path) -> None:
    """Mine ``run`` into ``folder``: its puzzles, then the miner's summary (last, so that a run
    cut short is mined again)."""
    folder.mkdir(parents=True, exist_ok=True)
    start, tally = time.process_time(), Tally()
    themes = frozenset(run.themes) if run.themes else None
    with (folder / f"{run.name}.jsonl").open("w", encoding="utf-8") as out:
        for record in _records(run):
            for puzzle in mine_record(record, Budget(), run.seed, tally, themes):
                print(json.dumps(puzzle.to_json(), separators=COMPACT), file=out, flush=True)
    (folder / f"{run.name}.err").write_text(summary(tally, time.process_time() - start) + "\n", encoding="utf-8")


def read_mined(run: Run, folder: Path) -> Mined | None:
    """The run's files in ``folder``, or ``None`` when it is not (wholly) mined there."""
    err, jsonl = folder / f"{run.name}.err", folder / f"{run.name}.jsonl"
    if not err.exists() or not jsonl.exists():
        return None
    found = SUMMARY.search(err.read_text(encoding="utf-8"))
    if found is None:
        return None
    lines = tuple(json.loads(text) for text in jsonl.read_text(encoding="utf-8").splitlines() if text.strip())
    return Mined(run, lines, int(found[2]), float(found[4]))


def players_of(line: Line) -> int:
    record = line["record"]
    assert isinstance(record, dict)
    return int(record["rules"]["players"])


# ---------------------------------------------------------------- figures
def _misses(line: Line) -> tuple[bool, bool]:
    """Whether the Standard bot and the Débutant fail the puzzle (choose outside its solution)."""
    position = position_of(line)
    return bots_miss(position.view, position.solution, int(str(line["id"]), 16))


def figures(mined: Sequence[Mined], shipped: Sequence[Line], origin: dict[str, Run],
            remeasure_seconds: float, dropped: int) -> dict[str, object]:
    """The collection's measured figures (see the module's docstring)."""
    per_minute: dict[str, object] = {}
    for m in mined:
        cpu = m.cpu_seconds
        per_minute[m.run.name] = {"deals": m.run.deals, "puzzles": len(m.lines), "cpu_seconds": round(cpu, 1),
                                  "per_cpu_minute": round(len(m.lines) / (cpu / 60), 1) if cpu else None}
    shipped_by_run = Counter(origin[str(line["id"])] for line in shipped)
    yields: dict[str, dict[str, float | None]] = {}
    for code in THEMES:
        yields[code] = {}
        for players in PLAYERS:
            runs = [m.run for m in mined if m.run.players == players and (not m.run.themes or code in m.run.themes)
                    and (not m.run.keep or code in m.run.keep)]
            deals = sum(r.deals for r in runs)
            found = sum(1 for line in shipped if origin[str(line["id"])] in runs and code in line["themes"])
            yields[code][str(players)] = round(1000 * found / deals) if deals else None
    misses = [_misses(line) for line in shipped]
    themes = Counter(code for line in shipped for code in line["themes"])
    return {
        "shipped": len(shipped),
        "dropped_at_remeasure": dropped,
        "per_players": {str(p): sum(1 for line in shipped if players_of(line) == p) for p in PLAYERS},
        "per_theme": {code: themes[code] for code in THEMES},
        "per_theme_players": {code: {str(p): sum(1 for line in shipped if players_of(line) == p
                                                 and code in line["themes"]) for p in PLAYERS}
                              for code in THEMES},
        "no_theme": sum(1 for line in shipped if not line["themes"]),
        "runs": per_minute,
        "shipped_by_run": {run.name: shipped_by_run[run] for run in RUNS if run in shipped_by_run},
        "yield_per_1000_deals": yields,
        "standard_fails": round(sum(1 for s, _ in misses if s) / len(misses), 3) if misses else None,
        "debutant_fails": round(sum(1 for _, d in misses if d) / len(misses), 3) if misses else None,
        "remeasure_worlds": DEFAULT_WORLDS,
        "remeasure_cpu_seconds": round(remeasure_seconds, 1),
    }


def report(fig: Line) -> str:
    """The figures in a few lines for developers."""
    lines = [f"shipped {fig['shipped']} puzzles ({fig['dropped_at_remeasure']} dropped at the re-measure); "
             f"by players {fig['per_players']}; no theme {fig['no_theme']}"]
    runs = fig["runs"]
    assert isinstance(runs, dict)
    for name, run in runs.items():
        lines.append(f"  {name}: {run['puzzles']} puzzles, {run['cpu_seconds']} CPU s, {run['per_cpu_minute']} per CPU minute")
    lines.append("theme: shipped at 3/4/5 players; yield per 1,000 deals at 3/4/5")
    per_theme, yields = fig["per_theme_players"], fig["yield_per_1000_deals"]
    assert isinstance(per_theme, dict) and isinstance(yields, dict)
    for code in THEMES:
        counts = "/".join(str(per_theme[code][str(p)]) for p in PLAYERS)
        rates = "/".join(str(yields[code][str(p)]) for p in PLAYERS)
        lines.append(f"  {code}: {counts}; {rates}")
    lines.append(f"the Standard bot fails {fig['standard_fails']}, the Débutant {fig['debutant_fails']}; "
                 f"re-measure {fig['remeasure_cpu_seconds']} CPU s")
    return "\n".join(lines)


# ---------------------------------------------------------------- the collection
def build(folder: Path, out: Path, figures_out: Path | None) -> int:
    mined = [m for m in (read_mined(run, folder) for run in RUNS) if m is not None]
    if len(mined) < len(RUNS):
        print(f"puzzles: {len(RUNS) - len(mined)} runs not mined in {folder}", file=sys.stderr)
        return 1
    origin: dict[str, Run] = {}
    merged: list[Line] = []
    for m in mined:
        for line in m.lines:
            if m.run.keeps(line) and str(line["id"]) not in origin:
                origin[str(line["id"])] = m.run
                merged.append(line)
    start = time.process_time()
    shipped = []
    for line in merged:
        gap = remeasure(line)
        if gap is not None and gap >= DEFAULT_MARGIN:
            shipped.append(line)
    seconds = time.process_time() - start
    shipped.sort(key=lambda line: (players_of(line), str(line["id"])))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps(line, ensure_ascii=False, separators=COMPACT) + "\n" for line in shipped),
                   encoding="utf-8")
    fig = figures(mined, shipped, origin, seconds, len(merged) - len(shipped))
    print(report(fig))
    if figures_out is not None:
        figures_out.write_text(json.dumps(fig, indent=1) + "\n", encoding="utf-8")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mined", type=Path, default=MINED, metavar="DIR",
                        help="the mined runs, NAME.jsonl and NAME.err each; a run found there is not mined again "
                             f"(default {MINED.relative_to(ROOT)})")
    parser.add_argument("--out", type=Path, default=OUT, help=f"the collection (default {OUT.relative_to(ROOT)})")
    parser.add_argument("--figures", type=Path, metavar="FILE", help="also write the figures as JSON")
    parser.add_argument("--mine-only", action="store_true", help="mine the missing runs, build nothing")
    parser.add_argument("--run", action="append", choices=[run.name for run in RUNS], metavar="NAME",
                        help="mine only this run if missing (repeat for more, mined in that order; default: every run)")
    args = parser.parse_args()
    named = {run.name: run for run in RUNS}
    for run in RUNS if args.run is None else [named[name] for name in args.run]:
        if read_mined(run, args.mined) is None:
            print(f"puzzles: mining {run.name}", file=sys.stderr)
            mine(run, args.mined)
    if args.mine_only:
        return 0
    return build(args.mined, args.out, args.figures)


if __name__ == "__main__":
    sys.exit(main())
