"""``make bench``: the engine's speed, as figures and same-run ratios (issue 9).

Every figure is CPU time of this process (``time.process_time``), the best of several
interleaved rounds, so other work on the machine disturbs it little; what is meant to be
compared (ours, the pre-issue-9 engine path, the hand-written reference) is measured in
alternating rounds of the same run. Tables:

1. per game, random bots: µs per seat decision including what the bot is given (today's
   lazy context; and with a bot that reads its view every decision), games/s on one core,
   the engine's own share (the same games as a plain loop over the rules, subtracted),
   and the same for the legacy path (eager view with the whole log, legality by canonical
   JSON) - the ratio is the gain;
2. toys against the reference (a plain-class model of its moment loop, ``reference.py``);
3. flatness: ``toys`` over 8 nights against 1 (T out of reach): cost per decision;
4. search: ``montecarlo`` playouts/s and ``ismcts`` iterations/s per game, with the
   reference model's µs per decision timed among them (the host's speed during the row);
5. ``boardlab simulate`` (runner, store, analysis) against the engine's games/s (table 1's
   loop, and the very games the lab plays, timed as one run like the lab's), 1 and 2
   workers, and its cost per game taken apart (the games, the runner's rows, the store,
   the analysis columns: ``lab_parts``) (``--no-lab`` skips it);
6. with ``--against DIR``: this tree against another checkout's ``src`` (e.g. an older
   commit from ``git archive``), each in its own worker process, asked in alternating
   rounds: µs per decision (random bots, and a bot that reads its view) and montecarlo
   playouts/s per game, so a session's gain is a same-run ratio too;
7. the issue's targets that this benchmark measures, one line each: reached or not, the
   figure, its ratio to the target and (µs per decision) to the reference model measured
   in the same run (table 1 interleaves the reference with every game's rounds);
8. ``boardlab check`` per game at a fixed small budget (``--check-games`` games a simulated
   claim, ``--check-walks`` search walks, one worker): CPU and wall time, games played,
   games/s and its ratio to the engine's own games/s in the same run (``--no-lab`` skips it).

Usage: ``python benchmarks/run.py [--rounds 5] [--only toys,cat] [--tables 1,5,8] [--no-lab]
[--against DIR]``.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
# A worker of table 6 measures another tree's src (the variable is set only for workers).
SRC = os.environ.get("BOARDLAB_BENCH_SRC") or str(HERE.parents[0] / "src")
sys.path.insert(0, SRC)
sys.path.insert(0, str(HERE))

from legacy import legacy_play  # noqa: E402
from reference import play as reference_play  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from boardlab.bots.base import RandomBot  # noqa: E402
from boardlab.bots.registry import bot_factories  # noqa: E402
from boardlab.engine.match import decision_context, play_match  # noqa: E402
from boardlab.engine.registry import all_game_ids, get_game  # noqa: E402
from boardlab.engine.rng import derive_seed, make_rng  # noqa: E402

ROUND_SECONDS = 0.25


class ViewReader(RandomBot):
    """A random bot that reads its view first, as every style bot does."""

    name = "random+view"

    def choose(self, ctx):
        ctx.view  # noqa: B018 - reading it is the point
        return super().choose(ctx)

    choose_index = None  # answer with an action, like the style bots


def per_decision(run_one: Callable[[int], int], seconds: float = ROUND_SECONDS) -> tuple:
    """(CPU µs per decision, games per CPU second) of one round of whole games."""
    t0, steps, games = time.process_time(), 0, 0
    while True:
        steps += run_one(games)
        games += 1
        spent = time.process_time() - t0
        if spent >= seconds:
            return spent / steps * 1e6, games / spent


def best_of(rounds: int, contenders: dict[str, Callable[[int], int]]) -> dict[str, tuple]:
    """Interleaved rounds; the best (least disturbed) round of each contender."""
    best: dict[str, tuple] = {}
    for _ in range(rounds):
        for name, fn in contenders.items():
            got = per_decision(fn)
            if name not in best or got[0] < best[name][0]:
                best[name] = got
    return best


def ours(game, cfg, bot_cls) -> Callable[[int], int]:
    def run(i: int) -> int:
        out = play_match(game, cfg, derive_seed(2, i), [bot_cls() for _ in range(cfg.players)])
        return len(out.record.actions)
    return run


def bare(game, cfg) -> Callable[[int], int]:
    """The same games as ``ours(game, cfg, RandomBot)`` with no engine around the rules:
    setup, the bots' generators, then to_move / legal_actions / the draw / the transition
    (log kept) and the result, in one plain loop. ``ours`` minus this is what the engine
    itself costs per decision (context, bot call, record, per-game set-up)."""
    from boardlab.engine.protocol import Game

    direct = type(game).apply_in_place is Game.apply_in_place

    def run(i: int) -> int:
        seed = derive_seed(2, i)
        state = game.setup(cfg, seed, None)
        randbelow = [make_rng(seed, "bot", j)._randbelow for j in range(cfg.players)]
        to_move, legal_actions, apply = game.to_move, game.legal_actions, game._apply
        steps = 0
        while True:
            seats = to_move(state)
            if not seats:
                break
            seat = seats[0]
            legal = legal_actions(state, seat)
            action = legal[randbelow[seat](len(legal))]
            if direct:
                state.log.extend(apply(state, seat, action))
            else:
                game.apply_in_place(state, seat, action, check=False)
            steps += 1
        game.result(state)
        return steps
    return run


def legacy(game, cfg, bot_cls) -> Callable[[int], int]:
    def run(i: int) -> int:
        return legacy_play(game, cfg, derive_seed(2, i), [bot_cls() for _ in range(cfg.players)])
    return run


def reference(nights: int = 4, cap: int = 19) -> Callable[[int], int]:
    def run(i: int) -> int:
        return reference_play(random.Random(i), nights, cap)
    return run


def load_games(only: str) -> list:
    out = []
    for gid in all_game_ids():
        if only and gid not in only.split(","):
            continue
        try:
            out.append(get_game(gid))
        except Exception as exc:  # a game still being written must not stop the bench
            print(f"skipping {gid}: {type(exc).__name__}: {exc}")
    return out


class Targets:
    """The issue's targets, checked against this run's figures: one status line each."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def at_most(self, what: str, value: float, target: float, unit: str,
                reference_us: float | None = None) -> None:
        self._add(what, "≤", value, target, value <= target, unit, reference_us)

    def at_least(self, what: str, value: float, target: float, unit: str,
                 note: str = "") -> None:
        self._add(what, "≥", value, target, value >= target, unit, None, note)

    def holds(self, what: str, ok: bool, detail: str) -> None:
        self.lines.append(f"{'reached' if ok else 'NOT reached':>11}  {what}: {detail}")

    def _add(self, what, sign, value, target, reached, unit, reference_us, note="") -> None:
        figure = f"{value:,.2f}" if value < 100 else f"{value:,.0f}"
        line = (f"{'reached' if reached else 'NOT reached':>11}  {what} {sign} {target:,g}"
                f"{unit}: {figure}{unit} ({value / target:.2f}× the target")
        if reference_us:
            line += (f"; {value / reference_us:.1f}× the reference model's "
                     f"{reference_us:.2f} µs in the same rounds")
        self.lines.append(line + (f"; {note}" if note else "") + ")")

    def print(self, console: Console) -> None:
        if self.lines:
            console.print("7. issue 9 targets measured here (CPU time; the absolute µs move "
                          "with the machine's load, the ratio to the reference much less):",
                          markup=False)
            for line in self.lines:
                console.print(line, markup=False, highlight=False)


def decisions_table(games, rounds: int, console: Console, targets: Targets) -> None:
    from boardlab.engine.protocol import GameState

    t = Table("game", "µs/decision", "games/s", "engine µs/dec.", "µs/dec. +view",
              "legacy µs/dec.", "legacy +view", "gain (legacy/ours)", "gain +view", "ours/ref",
              title="1. random bots, one core: ours vs the pre-issue-9 engine path, and the "
                    "reference model (same rounds)")
    for game in games:
        cfg = game.make_config({})
        # the plain loop must play the very games the engine plays (same decisions)
        assert all(bare(game, cfg)(i) == ours(game, cfg, RandomBot)(i) for i in range(3))
        best = best_of(rounds, {
            "ours": ours(game, cfg, RandomBot), "ours+view": ours(game, cfg, ViewReader),
            "legacy": legacy(game, cfg, RandomBot),
            "legacy+view": legacy(game, cfg, ViewReader),
            "reference": reference(), "bare": bare(game, cfg),
        })
        engine = best["ours"][0] - best["bare"][0]
        t.add_row(game.id, f"{best['ours'][0]:.1f}", f"{best['ours'][1]:.0f}",
                  f"{engine:.1f} ({engine / best['ours'][0]:.0%})",
                  f"{best['ours+view'][0]:.1f}", f"{best['legacy'][0]:.1f}",
                  f"{best['legacy+view'][0]:.1f}",
                  f"{best['legacy'][0] / best['ours'][0]:.2f}×",
                  f"{best['legacy+view'][0] / best['ours+view'][0]:.2f}×",
                  f"{best['ours'][0] / best['reference'][0]:.1f}×")
        targets.at_most(f"{game.id}: per seat decision, random bots", best["ours"][0],
                        10, " µs", reference_us=best["reference"][0])
        if game.id == "toys":
            targets.at_least("toys: games/s on one core", best["ours"][1], 2000, "")
        own_copy = type(game.setup(cfg, 1)).copy is not GameState.copy
        targets.holds(f"{game.id}: cheap state copy", own_copy,
                      "the state has its own copy()" if own_copy
                      else "GameState.copy (deepcopy)")
    console.print(t)


def reference_table(rounds: int, console: Console) -> None:
    game = get_game("toys")
    cfg = game.make_config({})
    best = best_of(rounds, {"ours": ours(game, cfg, RandomBot), "reference": reference()})
    t = Table("toys, random bots", "µs/decision", "games/s", "ours/ref",
              title="2. toys against the hand-written reference model, same run")
    for name in ("ours", "reference"):
        us, gps = best[name]
        t.add_row(name, f"{us:.1f}", f"{gps:.0f}", f"{us / best['reference'][0]:.1f}×")
    console.print(t)


def flatness_table(rounds: int, console: Console, targets: Targets) -> None:
    game = get_game("toys")
    # 1 night against 8 (the config's range); T out of reach so Andy never wakes early.
    short = game.make_config({"nights": 1, "threshold": 30, "cap": 60})
    long = game.make_config({"nights": 8, "threshold": 30, "cap": 60})
    best = best_of(rounds, {
        "ours short": ours(game, short, RandomBot), "ours long": ours(game, long, RandomBot),
        "ours+view short": ours(game, short, ViewReader),
        "ours+view long": ours(game, long, ViewReader),
        "legacy short": legacy(game, short, RandomBot),
        "legacy long": legacy(game, long, RandomBot),
        "ref short": reference(1, 10**6), "ref long": reference(8, 10**6),
    })
    t = Table("path", "µs/dec. 1 night", "µs/dec. 8 nights", "long/short (target ≤ 1.2)",
              title="3. flatness: toys with 8x the nights (T 30: no early end)")
    for name in ("ours", "ours+view", "legacy", "ref"):
        a, b = best[f"{name} short"][0], best[f"{name} long"][0]
        t.add_row(name, f"{a:.1f}", f"{b:.1f}", f"{b / a:.2f}×")
        if name == "ours":
            targets.at_most("toys: cost per decision, 8× longer games / short", b / a,
                            1.2, "×")
    console.print(t)


def mid_game_states(game, players: int, count: int, seed: int = 5) -> list:
    """States of random games a third of the way in (a real decision with choices)."""
    states = []
    for i in range(count):
        out = play_match(game, {"players": players}, derive_seed(seed, i),
                         [RandomBot()] * players)
        cut = len(out.record.actions) // 3
        states.append(game.replay(out.record, cut))
    return states


def search_table(games, console: Console, seconds: float, targets: Targets) -> None:
    """Table 4. Playouts/s are CPU time but move with the host's speed and load (other
    processes' cache traffic); the reference model (``reference.py``, table 2) is timed in
    rounds interleaved with every game's, so each row says how fast the machine was while
    it was measured: compare a row with another run through that column."""
    from boardlab.bots.ismcts import ISMCTSBot
    from boardlab.bots.search import MonteCarloBot

    t = Table("game", "montecarlo playouts/s", "ismcts iterations/s",
              "reference model µs/dec. (same rounds)",
              title="4. search bots on one core (CPU time, mid-game decisions)")
    for game in games:
        if "montecarlo" not in bot_factories(game):
            continue
        players = game.make_config({}).players
        states = mid_game_states(game, players, 6)
        counts = {"mc": 0, "is": 0}
        spent = {"mc": 0.0, "is": 0.0}
        ref_us = math.inf
        k = 0
        while min(spent.values()) < seconds:
            state = states[k % len(states)]
            k += 1
            seat = game.to_move(state)[0]
            ctx = decision_context(game, state, seat, make_rng(k))
            mc = MonteCarloBot(playouts=4)
            t0 = time.process_time()
            mc.choose(ctx)
            spent["mc"] += time.process_time() - t0
            counts["mc"] += mc.last_playouts
            ctx = decision_context(game, state, seat, make_rng(k))
            bot = ISMCTSBot(iterations=100)
            t0 = time.process_time()
            bot.choose(ctx)
            spent["is"] += time.process_time() - t0
            counts["is"] += bot.last_iterations
            if k % 8 == 1:  # a short reference round now and then, among the searches
                ref_us = min(ref_us, per_decision(reference(), 0.05)[0])
        t.add_row(game.id, f"{counts['mc'] / spent['mc']:.0f}",
                  f"{counts['is'] / spent['is']:.0f}", f"{ref_us:.2f}")
        if game.id == "cat":
            targets.at_least("cat: montecarlo playouts/s on one core",
                             counts["mc"] / spent["mc"], 10_000, "",
                             note=f"the reference model took {ref_us:.2f} µs a decision in "
                                  "the same rounds (1.14-1.39 on the quiet host of the "
                                  "README's runs)")
    console.print(t)


def lab_parts(game, lab, rounds: int, n: int = 200) -> dict[str, float]:
    """Table 5's per-game cost taken apart, in interleaved rounds over the same ``n`` games
    (the runner's seeds and bots): ``games`` - the engine alone (``play_match`` with random
    bots, as ``runner.play_one`` calls it); ``runner`` - ``runner.play_batch`` (the same
    games, the rows and metrics around them); ``store`` - ``store.RunWriter.add`` of those
    rows (JSON and the insert); ``columns`` - ``analysis.Accumulator.add``. The runner
    plays with the heap frozen, as ``runner.batches`` does (``runner.frozen_heap``). CPU
    µs per game, best round each. Small and interleaved, so less disturbed by the machine's load than
    the difference of two whole runs; the final analysis (per run) is not in it."""
    from boardlab.engine.rng import derive_seed
    from boardlab.lab import store
    from boardlab.lab.analysis import Accumulator
    from boardlab.lab.runner import RunSpec, frozen_heap, play_batch, with_default_players

    spec = RunSpec(game=game.id, games=n, seed=0, bots=["random"])
    spec_json, idx = spec.to_json(), list(range(n))
    cfg = game.make_config(with_default_players(game, {}))
    best: dict[str, float] = {}

    def keep(name: str, spent: float) -> None:
        best[name] = min(best.get(name, math.inf), spent / n * 1e6)

    for _ in range(rounds):
        c = time.process_time()
        for i in idx:
            play_match(game, cfg, derive_seed(0, i), [RandomBot() for _ in range(cfg.players)],
                       check=False)
        keep("games", time.process_time() - c)
        c = time.process_time()
        with frozen_heap():  # as runner.batches plays a run
            rows = play_batch(spec_json, 0, idx)
        keep("runner", time.process_time() - c)
        writer = store.RunWriter(game.id, "bench", {}, "bench", 0, n)
        c = time.process_time()
        writer.add(rows)
        keep("store", time.process_time() - c)
        writer.discard()
        acc = Accumulator(lab)
        c = time.process_time()
        acc.add(rows)
        keep("columns", time.process_time() - c)
    return best


def lab_table(games, rounds: int, console: Console, targets: Targets,
              workers: list[int]) -> None:
    """Table 5, the path a user runs: ``boardlab simulate`` (the runner, every row stored in
    the project database as it arrives, the streaming analysis) against the engine's own
    games/s in interleaved rounds of this run.

    The engine is measured twice: table 1's loop (``ours``: 0.25 s rounds of other seeds),
    and - the target's figure - the very games the lab plays in that round (``play_match``
    as table 1 calls it, random bots, seeds ``derive_seed(round, i)`` for the games the
    large run adds), timed as one run like the lab's: toys' games differ in length by
    several times (an early dawn, Andy woken), so two sets of a few hundred games differ
    by a few per cent, and a 0.25 s round is less often disturbed by the machine's load than
    a run of seconds; the same games in the same kind of run leave only the lab's cost.

    One worker plays in this process, so its cost is this process's CPU time; the pool's
    figure is wall time (its workers' CPU is elsewhere). Each is the difference of a small
    and a large run, so what does not grow with the games (imports, the store's start,
    the pool's start-up, the final statistics) is left out of the per-game figure, as a
    long run would amortise it."""
    import tempfile

    from boardlab.lab.cli import simulate_streamed
    from boardlab.lab.runner import RunSpec
    from boardlab.lab.spec import resolve_lab

    # the runs go to a throwaway database unless one is named (BOARDLAB_DATABASE_URL)
    os.environ.setdefault("BOARDLAB_DATA_DIR", tempfile.mkdtemp(prefix="boardlab-bench-"))
    t = Table("game", "engine games/s (table 1)", "engine, the lab's games", "simulate ×1",
              "×1 / engine (same games)", "×1 / table 1",
              *[f"simulate ×{w} games/s (wall)" for w in workers if w > 1],
              *[f"×{w} / ×1 (wall)" for w in workers if w > 1],
              "µs/game: games, runner's own, store, analysis columns", "engine / parts",
              title="5. `boardlab simulate` (random bots, runs stored) against the engine's "
                    "own games/s, same run")
    for game in games:
        lab = resolve_lab(game.id)
        cfg = game.make_config({})
        engine_games = ours(game, cfg, RandomBot)

        def lab_cost(n: int, w: int, seed: int, game=game, lab=lab) -> tuple[float, float]:
            spec = RunSpec(game=game.id, games=n, seed=seed, bots=["random"])
            c0, t0 = time.process_time(), time.perf_counter()
            simulate_streamed(spec, lab, w, "process", None, True, True)
            return time.process_time() - c0, time.perf_counter() - t0

        def engine_cost(lo: int, hi: int, seed: int, game=game, cfg=cfg) -> float:
            c0 = time.process_time()
            for i in range(lo, hi):
                play_match(game, cfg, derive_seed(seed, i),
                           [RandomBot() for _ in range(cfg.players)])
            return time.process_time() - c0

        small, large = 100, 900
        lab_cost(small, 1, rounds)  # warm: imports, the store's migrations
        best_engine, best_same, best_one, wall_one, best_pool = 0.0, 0.0, 0.0, 0.0, {}
        for r in range(rounds):
            best_engine = max(best_engine, per_decision(engine_games)[1])
            best_same = max(best_same, (large - small) / engine_cost(small, large, r))
            (c1, w1), (c2, w2) = lab_cost(small, 1, r), lab_cost(large, 1, r)
            best_one = max(best_one, (large - small) / (c2 - c1))
            wall_one = max(wall_one, (large - small) / (w2 - w1))
            for w in workers:
                if w > 1 and r < 2:  # pools are slow to start: two rounds
                    (_, p1), (_, p2) = lab_cost(small * w, w, r), lab_cost(large * w, w, r)
                    best_pool[w] = max(best_pool.get(w, 0.0),
                                       (large - small) * w / (p2 - p1))
        ratio = best_one / best_same
        parts = lab_parts(game, lab, rounds)
        own = parts["runner"] - parts["games"]
        t.add_row(game.id, f"{best_engine:,.0f}", f"{best_same:,.0f}", f"{best_one:,.0f}",
                  f"{ratio:.2f}", f"{best_one / best_engine:.2f}",
                  *[f"{best_pool[w]:,.0f}" for w in workers if w > 1],
                  *[f"{best_pool[w] / wall_one:.2f}" for w in workers if w > 1],
                  f"{parts['games']:.0f}, {own:+.0f}, {parts['store']:.0f}, "
                  f"{parts['columns']:.0f}",
                  f"{parts['games'] / (parts['runner'] + parts['store'] + parts['columns']):.2f}")
        targets.at_least(f"{game.id}: simulate ×1 / the engine's games/s (the same games)",
                         ratio, 0.9, "")
        for w in workers:
            if w > 1:
                targets.at_least(f"{game.id}: simulate ×{w} / ×1 (wall; load "
                                 f"{os.getloadavg()[0]:.1f})", best_pool[w] / wall_one,
                                 0.9 * w, "")
    console.print(t)


def check_table(games, rounds: int, console: Console, per_claim: int, walks: int) -> None:
    """Table 8, the audit as a user runs it: ``boardlab check GAME`` (``lab.audit.audit``,
    one worker, in this process) at a fixed small budget - every simulated claim from
    ``per_claim`` games, at most ``walks`` search walks - against the engine's own games/s
    (table 1's loop, random bots) measured in the same run just before it. The games are
    counted where the runner plays them (``runner.play_one``); the audit's time also holds
    its searches, statistics and style bots (the engine's figure is random bots), so the
    ratio says how far the audit's games/s is from the engine's, not a like-for-like cost.
    CPU time of this process and wall time (the wall time moves with the machine's load)."""
    from boardlab.lab import runner
    from boardlab.lab.audit import Budget, audit

    played = [0]
    play_one = runner.play_one

    def counted(*args, **kwargs):
        played[0] += 1
        return play_one(*args, **kwargs)

    t = Table("game", "budget", "claims decided", "CPU s", "wall s", "games", "games/s (CPU)",
              "engine games/s", "check / engine",
              title=f"8. `boardlab check` at a fixed small budget ({per_claim} games a "
                    f"simulated claim, ≤ {walks} walks, 1 worker) against the engine's own "
                    "games/s, same run")
    runner.play_one = counted
    try:
        for game in games:
            cfg = game.make_config({})
            engine = max(per_decision(ours(game, cfg, RandomBot))[1] for _ in range(rounds))
            played[0] = 0
            c0, w0 = time.process_time(), time.perf_counter()
            au = audit(game.id, Budget(games=per_claim, walks=walks, workers=1))
            cpu, wall = time.process_time() - c0, time.perf_counter() - w0
            counts = au.counts()
            decided = counts["holds"] + counts["contradicted"]
            rate = played[0] / cpu
            t.add_row(game.id, f"{per_claim} games, {walks} walks",
                      f"{decided} of {sum(counts.values())}", f"{cpu:.1f}", f"{wall:.1f}",
                      f"{played[0]:,}", f"{rate:,.0f}", f"{engine:,.0f}",
                      f"{rate / engine:.3f}")
    finally:
        runner.play_one = play_one
    console.print(t)


_PLAYOUT_SEED = 0


def playouts_per_second(game, states: list, seconds: float = ROUND_SECONDS) -> float:
    """montecarlo playouts per CPU second over the given mid-game decisions."""
    from boardlab.bots.search import MonteCarloBot

    global _PLAYOUT_SEED
    t0, playouts, k = time.process_time(), 0, 0
    while time.process_time() - t0 < seconds:
        state = states[k % len(states)]
        k += 1
        # a seed never used before in this process: a later round does not replay the
        # same playouts (a game that memoised something would otherwise look faster)
        _PLAYOUT_SEED += 1
        ctx = decision_context(game, state, game.to_move(state)[0], make_rng(_PLAYOUT_SEED))
        bot = MonteCarloBot(playouts=2)
        bot.choose(ctx)
        playouts += bot.last_playouts
    return playouts / (time.process_time() - t0)


def worker() -> None:
    """Table 6's worker: one round per request line (``<game> random|view|mc``)."""
    games = {g.id: g for g in load_games("")}
    states: dict[str, list] = {}
    for line in sys.stdin:
        gid, what = line.split()
        game = games[gid]
        cfg = game.make_config({})
        if what == "mc":
            if gid not in states:
                states[gid] = mid_game_states(game, cfg.players, 6)
            got = playouts_per_second(game, states[gid])
        else:
            got = per_decision(ours(game, cfg, RandomBot if what == "random" else ViewReader))[0]
        print(got, flush=True)


def against_table(games, rounds: int, other: str, console: Console) -> None:
    import subprocess

    procs = {}
    for name, src in (("this tree", SRC), ("other", str(Path(other).resolve()))):
        env = dict(os.environ, BOARDLAB_BENCH_SRC=src)
        procs[name] = subprocess.Popen([sys.executable, __file__, "--worker"], env=env,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       text=True)

    def ask(name: str, gid: str, what: str) -> float:
        proc = procs[name]
        proc.stdin.write(f"{gid} {what}\n")
        proc.stdin.flush()
        return float(proc.stdout.readline())

    t = Table("game", "µs/dec. this", "µs/dec. other", "gain", "+view this", "+view other",
              "gain +view", "mc playouts/s this", "other", "gain mc",
              title=f"6. this tree against {other} (alternating worker processes, best of "
                    f"{rounds})")
    for game in games:
        best: dict[tuple[str, str], float] = {}
        for _ in range(rounds):
            for what in ("random", "view", "mc"):
                for name in procs:
                    got = ask(name, game.id, what)
                    key = (name, what)
                    better = got > best.get(key, 0) if what == "mc" else got < best.get(
                        key, float("inf"))
                    if better:
                        best[key] = got
        a, b = "this tree", "other"
        t.add_row(game.id, f"{best[a, 'random']:.1f}", f"{best[b, 'random']:.1f}",
                  f"{best[b, 'random'] / best[a, 'random']:.2f}×",
                  f"{best[a, 'view']:.1f}", f"{best[b, 'view']:.1f}",
                  f"{best[b, 'view'] / best[a, 'view']:.2f}×",
                  f"{best[a, 'mc']:.0f}", f"{best[b, 'mc']:.0f}",
                  f"{best[a, 'mc'] / best[b, 'mc']:.2f}×")
    for proc in procs.values():
        proc.stdin.close()
        proc.wait()
    console.print(t)


def main() -> None:
    if sys.argv[1:] == ["--worker"]:
        worker()
        return
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--only", default="")
    ap.add_argument("--search-seconds", type=float, default=1.5)
    ap.add_argument("--no-lab", action="store_true", help="skip table 5 (boardlab simulate)")
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--against", default="", help="another checkout's src: table 6 only")
    ap.add_argument("--tables", default="1,2,3,4,5,8",
                    help="which tables (7, the targets, follows whatever ran)")
    ap.add_argument("--check-games", type=int, default=20,
                    help="table 8: games per simulated claim")
    ap.add_argument("--check-walks", type=int, default=5, help="table 8: search walks")
    args = ap.parse_args()
    tables = {int(x) for x in args.tables.split(",") if x}
    console = Console(width=160)  # whole tables also when the output goes to a file
    console.print(f"{os.cpu_count()} cores; CPU time of this process; best of {args.rounds} "
                  f"interleaved rounds of ≥{ROUND_SECONDS:g} s; load {os.getloadavg()[0]:.1f}")
    games = load_games(args.only)
    if args.against:
        against_table(games, args.rounds, args.against, console)
        return
    targets = Targets()
    if 1 in tables:
        decisions_table(games, args.rounds, console, targets)
    if any(g.id == "toys" for g in games):
        if 2 in tables:
            reference_table(args.rounds, console)
        if 3 in tables:
            flatness_table(args.rounds, console, targets)
    if 4 in tables:
        search_table(games, console, args.search_seconds, targets)
    if 5 in tables and not args.no_lab:
        lab_table(games, args.rounds, console, targets,
                  [int(w) for w in args.workers.split(",")])
    if 8 in tables and not args.no_lab:
        check_table(games, args.rounds, console, args.check_games, args.check_walks)
    targets.print(console)


if __name__ == "__main__":
    main()
