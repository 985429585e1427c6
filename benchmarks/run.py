"""``make bench``: games/second per game with random bots and each heuristic bot on 1 and 2
workers (the lab's own runner, so batching and IPC are what users get), and the engine's
cost per action (replaying recorded games, with and without legality checks).

Usage: ``python benchmarks/run.py [--games N] [--only cat,toys] [--workers 1,2]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from boardlab.bots.registry import bot_factories  # noqa: E402
from boardlab.engine.match import play_match  # noqa: E402
from boardlab.engine.registry import all_game_ids, get_game  # noqa: E402
from boardlab.engine.rng import derive_seed  # noqa: E402
from boardlab.lab.runner import RunSpec, run  # noqa: E402


def games_per_second(game_id: str, bot: str, games: int, workers: int,
                     repeat: int = 2) -> tuple[float, float, float]:
    """Best of ``repeat`` timings (the machine may be shared; the best is the least
    disturbed). Pool start-up is included: that is what a user waits for too."""
    spec = RunSpec(game=game_id, games=games, seed=1, bots=[bot])
    best, busy, rows = float("inf"), 0.0, []
    for _ in range(repeat):
        c0 = _cpu()
        t0 = time.perf_counter()
        rows = run(spec, workers=workers)
        wall = time.perf_counter() - t0
        if wall < best:
            best, busy = wall, (_cpu() - c0) / wall
    return games / best, sum(r["steps"] for r in rows) / len(rows), busy


def _cpu() -> float:
    """CPU seconds of this process and of its reaped children (the pool's workers): divided
    by wall time it says how many cores *we* kept busy, whatever else runs on the machine."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def engine_cost(game_id: str, games: int = 30) -> tuple[float, float, float]:
    """Microseconds per action: replay unchecked, replay checked, and a random bot's whole
    decision (view + legal actions + choice) during play."""
    game = get_game(game_id)
    rand = bot_factories(game)["random"]
    cfg = game.make_config({})
    records, t_play, steps = [], 0.0, 0
    for i in range(games):
        t0 = time.perf_counter()
        out = play_match(game, cfg, derive_seed(2, i), [rand() for _ in range(cfg.players)])
        t_play += time.perf_counter() - t0
        records.append(out.record)
        steps += len(out.record.actions)
    timings = []
    for check in (False, True):
        t0 = time.perf_counter()
        for rec in records:
            state = game.new_game(rec.config, rec.seed, rec.overrides)
            for seat, action in rec.actions:
                game.apply_in_place(state, seat, action, check=check)
        timings.append((time.perf_counter() - t0) / steps * 1e6)
    return timings[0], timings[1], t_play / steps * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--only", default="")
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=2.0,
                    help="at least this long per one-worker cell")
    args = ap.parse_args()
    console = Console()
    worker_counts = [int(w) for w in args.workers.split(",")]
    ids = [g for g in all_game_ids() if not args.only or g in args.only.split(",")]
    console.print(f"{os.cpu_count()} cores; at least {args.games} games or "
                  f"{args.seconds:g} s per cell; every seat the same bot; best of {args.repeat}")
    table = Table("game", "bot", "games", "actions/game",
                  *[f"games/s ×{w}" for w in worker_counts], "speed-up",
                  "cores busy (ours)")
    for gid in ids:
        game = get_game(gid)
        names = ["random", *[n for n in game.bots() if n.isascii() and n != "random"]]
        for bot in names:
            # Warm-up (lazy imports) that also sizes the cell: fast games get enough games
            # for ~--seconds on one worker, so pool start-up does not hide the speed-up.
            t0 = time.perf_counter()
            run(RunSpec(game=gid, games=20, seed=0, bots=[bot]))
            rate1 = 20 / (time.perf_counter() - t0)
            games = max(args.games, int(rate1 * args.seconds))
            rates, busy, steps = [], [], 0.0
            for w in worker_counts:
                rate, steps, b = games_per_second(gid, bot, games, w, args.repeat)
                rates.append(rate)
                busy.append(b)
            table.add_row(gid, bot, str(games), f"{steps:.0f}", *[f"{r:.1f}" for r in rates],
                          f"{rates[-1] / rates[0]:.2f}×" if len(rates) > 1 else "",
                          " / ".join(f"{b:.2f}" for b in busy))
    console.print(table)
    cost = Table("game", "apply µs/action (no check)", "apply µs/action (checked)",
                 "random play µs/action (view+legal+bot+apply)")
    for gid in ids:
        a, b, c = engine_cost(gid)
        cost.add_row(gid, f"{a:.1f}", f"{b:.1f}", f"{c:.1f}")
    console.print(cost)


if __name__ == "__main__":
    main()
