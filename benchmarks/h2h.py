"""Head-to-head: ``ismcts`` against ``montecarlo`` (and the game's style bots) at equal budget.

One ``ismcts`` seat against opponents of one kind in every other seat, the ismcts seat
rotating through all seats. Budget per move, the same for both search bots:

* ``--budget playouts`` (default, independent of machine load): montecarlo plays
  ``--playouts`` worlds per legal action; ismcts gets the same total as iterations;
* ``--budget time``: both get ``--seconds`` of **CPU time** of this process per move
  (``time.process_time``, so other jobs on a shared machine do not shorten either bot's
  thinking); montecarlo round-robins its actions until the time is up, ismcts iterates; both
  always try every legal action at least once (montecarlo one world each, ismcts one
  iteration through each root choice), so at a budget below one playout per action both
  overspend alike - the measured mean CPU ms per move of both sides is printed to show how
  equal the budgets really were.

Prints ismcts's share of the wins (a k-way tie counts 1/k) with a 95% Wilson interval, next
to the share a seat gets at random (1/players). A cooperative game (``cooperative = True`` on
the game: everybody wins or nobody does) has no share to split: there the team's win rate
with one ismcts seat is printed next to the win rate of the same seeds with the opponent in
every seat. ``--out FILE`` appends one JSON line per pairing as soon as it is finished, so a
long run that is stopped keeps what it measured. Not a test: a few hundred games take minutes.

Usage: ``python benchmarks/h2h.py [--games 200] [--only cat,toys] [--budget time] [--styles]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402
from statsmodels.stats.proportion import proportion_confint  # noqa: E402

from boardlab.bots.ismcts import ISMCTSBot  # noqa: E402
from boardlab.bots.registry import bot_factories, determinizable  # noqa: E402
from boardlab.bots.search import MonteCarloBot, rollout_value  # noqa: E402
from boardlab.engine.match import play_match  # noqa: E402
from boardlab.engine.registry import all_game_ids, get_game  # noqa: E402
from boardlab.engine.rng import derive_seed  # noqa: E402


class MatchedISMCTS(ISMCTSBot):
    """ismcts with as many iterations as montecarlo plays worlds for the same decision."""

    def __init__(self, playouts: int) -> None:
        super().__init__(iterations=1)
        self.per_action = playouts

    def choose_index(self, ctx) -> int:
        self.iterations = self.per_action * len(ctx.legal)
        return super().choose_index(ctx)


class TimedMonteCarlo(MonteCarloBot):
    """montecarlo with a CPU-time budget: one world per action in turn until time is up
    (every action at least once)."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds

    def choose_index(self, ctx) -> int:
        n = len(ctx.legal)
        if n == 1:
            return 0
        totals, counts = [0.0] * n, [0] * n
        deadline = time.process_time() + self.seconds
        i = 0
        while i < n or time.process_time() < deadline:
            a = i % n
            world = ctx.sample_world()
            ctx.game.apply_in_place(world, ctx.seat, ctx.legal[a], check=False, log=False)
            totals[a] += rollout_value(ctx.game, world, ctx.seat, ctx.rng)
            counts[a] += 1
            i += 1
        return max(range(n), key=lambda a: totals[a] / counts[a])


class Metered:
    """Wraps a bot and adds the CPU time it spends on decisions with a real choice (more
    than one legal action) to a shared meter: ``meter = [seconds, decisions]``."""

    def __init__(self, bot, meter: list) -> None:
        self.bot, self.meter, self.name = bot, meter, bot.name

    def choose_index(self, ctx) -> int:
        t0 = time.process_time()
        if hasattr(self.bot, "choose_index"):
            i = self.bot.choose_index(ctx)
        else:
            action = self.bot.choose(ctx)
            i = next((k for k, a in enumerate(ctx.legal) if a is action), None)
            if i is None:  # an equal but not listed object: find it the protocol's way
                i = ctx.legal.index(ctx.game.check_action(ctx._state, ctx.seat, action))
        if len(ctx.legal) > 1:
            self.meter[0] += time.process_time() - t0
            self.meter[1] += 1
        return i


def ms_per_move(meter: list) -> float:
    return 1000 * meter[0] / meter[1] if meter[1] else 0.0


def play(game, players: int, seed: int, bots: list) -> list[int]:
    return play_match(game, {"players": players}, seed, bots, check=False).result.winners


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--only", default="")
    ap.add_argument("--budget", choices=["playouts", "time"], default="playouts")
    ap.add_argument("--playouts", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=0.05)
    ap.add_argument("--styles", action="store_true", help="also against each style bot")
    ap.add_argument("--no-montecarlo", action="store_true", help="only the style bots")
    ap.add_argument("--out", default="", help="append one JSON line per pairing here")
    args = ap.parse_args()
    console = Console()
    budget = (f"{args.seconds * 1000:g} ms CPU per move" if args.budget == "time"
              else f"{args.playouts} playouts per action")
    table = Table("game", "opponents", "games", "ismcts [95% Wilson]", "baseline",
                  "ms/move ismcts", "ms/move opp.", "minutes",
                  title=f"ismcts vs opponents, budget: {budget}")
    for gid in all_game_ids():
        if args.only and gid not in args.only.split(","):
            continue
        try:
            game = get_game(gid)
        except Exception as exc:  # a game still being written
            console.print(f"skipping {gid}: {exc}")
            continue
        if not determinizable(game):
            continue
        players = game.make_config({}).players
        team = bool(getattr(game, "cooperative", False))
        if args.budget == "playouts":
            def me():
                return MatchedISMCTS(args.playouts)
            opponents = {"montecarlo": lambda: MonteCarloBot(playouts=args.playouts)}
        else:
            def me():
                return ISMCTSBot(iterations=None, seconds=args.seconds, clock=time.process_time,
                                 cover_root=True)
            opponents = {"montecarlo": lambda: TimedMonteCarlo(args.seconds)}
        if args.no_montecarlo:
            opponents = {}
        if args.styles or args.no_montecarlo:
            for name, factory in bot_factories(game).items():
                if name not in ("random", "montecarlo", "ismcts"):
                    opponents[name] = factory
        for name, factory in opponents.items():
            t0 = time.perf_counter()
            mine, theirs = [0.0, 0], [0.0, 0]
            share = baseline = 0.0
            for i in range(args.games):
                seed = derive_seed(42, gid, i)
                seat = i % players
                bots = [Metered(factory(), theirs) for _ in range(players)]
                bots[seat] = Metered(me(), mine)
                winners = play(game, players, seed, bots)
                if team:
                    share += bool(winners)
                    alone = [Metered(factory(), theirs) for _ in range(players)]
                    baseline += bool(play(game, players, seed, alone))
                elif seat in winners:
                    share += 1 / len(winners)
            lo, hi = proportion_confint(round(share), args.games, method="wilson")
            if team:
                blo, bhi = proportion_confint(round(baseline), args.games, method="wilson")
                base = f"{baseline / args.games:.3f} [{blo:.3f}, {bhi:.3f}] (all {name})"
            else:
                base = f"{1 / players:.3f} (equal seat)"
            minutes = (time.perf_counter() - t0) / 60
            cell = f"{share / args.games:.3f} [{lo:.3f}, {hi:.3f}]"
            table.add_row(gid, f"{name} ×{players - 1}", str(args.games), cell, base,
                          f"{ms_per_move(mine):.1f}", f"{ms_per_move(theirs):.1f}",
                          f"{minutes:.1f}")
            console.print(f"{gid} vs {name}: {cell}; baseline {base}; ms/move "
                          f"{ms_per_move(mine):.1f} / {ms_per_move(theirs):.1f}")
            if args.out:
                with open(args.out, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps({
                        "game": gid, "opponent": name, "players": players, "team": team,
                        "games": args.games, "budget": budget, "ismcts": share / args.games,
                        "ci": [lo, hi], "baseline": baseline / args.games if team
                        else 1 / players, "ms_ismcts": ms_per_move(mine),
                        "ms_opponent": ms_per_move(theirs), "minutes": minutes}) + "\n")
    console.print(table)


if __name__ == "__main__":
    main()
