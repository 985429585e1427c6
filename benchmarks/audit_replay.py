"""`boardlab check GAME` (``--games auto``) replayed on a simulated clock, so the default
budget's verdicts can be measured on a shared, loaded machine (docs/audit.md).

Every chunk of games the audit plays (``lab/audit.run_group``: a stream's games
``start .. start + n``, seeded by its start) is kept in a cache directory; a chunk costs
``n x (CPU seconds a game of its stream) / WORKERS`` on the audit's clock - the wall time
of a quiet machine with WORKERS cores - instead of the wall time it took. Chunks missing
from the cache are played for real and kept. The games, and so every verdict, are the
audit's own: only the clock is replaced.

    python benchmarks/audit_replay.py calibrate cat           # CPU s a game, per stream
    python benchmarks/audit_replay.py replay cat out.json     # the default 600 s, 2 cores
    OLD=1 python benchmarks/audit_replay.py replay cat old.json   # without the tail looks

CPU per game is measured (``RUSAGE_CHILDREN`` of the worker pools) on 120 games a stream
(``CAL_GAMES``), pool start-up included, so it is an upper bound of a quiet machine's.
Environment: CACHE (default build/audit-cache), WORKERS (2), SECONDS (600), CAL_GAMES.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import resource
import sys
import time
import types
from pathlib import Path

import boardlab.lab.audit as A
from boardlab.engine.claims import Paired, Simulate
from boardlab.lab.spec import resolve_lab

WORKERS = int(os.environ.get("WORKERS", "2"))
CACHE = Path(os.environ.get("CACHE", "build/audit-cache"))


def stream_key(options, bots) -> str:
    return repr((sorted(dict(options).items()), tuple(bots or ())))


def chunk_key(options, bots, games: int, seed: int, start: int) -> str:
    k = repr((sorted(dict(options).items()), tuple(bots or ()), games, seed, start))
    return hashlib.sha1(k.encode()).hexdigest()[:16]


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def calibrate(game: str) -> dict[str, float]:
    """CPU seconds a game of every stream of the register (seed 999: other games)."""
    n = int(os.environ.get("CAL_GAMES", "120"))
    out: dict[str, float] = {}
    for c in resolve_lab(game).claims:
        chk = c.check
        pairs = ([(chk.options, chk.bots)] if isinstance(chk, Simulate) else
                 [(chk.options_a, chk.bots), (chk.options_b, chk.bots)]
                 if isinstance(chk, Paired) else [])
        for opts, bots in pairs:
            k = stream_key(opts, bots)
            if k in out:
                continue
            c0 = children_cpu()
            rows = A.run_group(game, dict(opts), bots, n, A.Budget(workers=WORKERS, seed=999))
            out[k] = (children_cpu() - c0) / len(rows)
            print(f"{k}: {1000 * out[k]:.1f} ms CPU a game", flush=True)
    return out


def replay(game: str, cpu: dict[str, float], seconds: float, old: bool) -> dict:
    cache = CACHE / game
    cache.mkdir(parents=True, exist_ok=True)
    offset = [0.0]
    real = time.monotonic
    stat = {"cached": 0, "played": 0, "clock": 0.0, "streams": {}}
    orig = A.run_group

    def run_group(game_ref, options, bots, games, budget, design="latin", start=0):
        p = cache / (chunk_key(options, bots, games, budget.seed, start) + ".pkl")
        t = real()
        if p.exists():
            rows = pickle.loads(p.read_bytes())[0]
            stat["cached"] += len(rows)
        else:
            rows = orig(game_ref, options, bots, games, budget, design, start)
            p.write_bytes(pickle.dumps((rows, real() - t)))
            stat["played"] += len(rows)
        k = stream_key(options, bots)
        cost = len(rows) * cpu[k] / WORKERS
        offset[0] += cost - (real() - t)  # the audit's clock moves by the quiet cost only
        stat["clock"] += cost
        stat["streams"][k] = max(stat["streams"].get(k, 0), start + len(rows))
        return rows

    A.run_group = run_group
    A.time = types.SimpleNamespace(monotonic=lambda: real() + offset[0])
    if old:
        A.plan.TAIL_LOOKS = 0
    au = A.audit(game, A.Budget(workers=WORKERS, seconds=seconds))
    j = au.to_json()
    open_, sims = au.inconclusive_simulated()
    return {"game": game, "old": old, "seconds": seconds, "workers": WORKERS, "stat": stat,
            "inconclusive": open_, "simulated": sims, "counts": j["counts"],
            "open": {v["id"]: {"games": v["games"], "stopped": v["stopped"],
                               "plan_now": (v.get("plan") or {}).get("games_now")}
                     for v in j["claims"] if v["verdict"] == "inconclusive"
                     and v["check"] in ("Simulate", "Paired")},
            "verdicts": {v["id"]: [v["verdict"], v["games"], v["look"]] for v in j["claims"]
                         if v["check"] in ("Simulate", "Paired")}}


def main(argv: list[str]) -> None:
    mode, game = argv[0], argv[1]
    cal = CACHE / f"cpu-{game}.json"
    if mode == "calibrate":
        CACHE.mkdir(parents=True, exist_ok=True)
        cal.write_text(json.dumps(calibrate(game), indent=1))
        return
    res = replay(game, json.loads(cal.read_text()), float(os.environ.get("SECONDS", "600")),
                 bool(os.environ.get("OLD")))
    Path(argv[2]).write_text(json.dumps(res, indent=1))
    print(json.dumps({k: res[k] for k in ("game", "old", "inconclusive", "simulated")}
                     | {"clock": round(res["stat"]["clock"], 1)}))


if __name__ == "__main__":
    main(sys.argv[1:])
