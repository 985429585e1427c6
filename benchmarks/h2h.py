"""Head-to-head: ``ismcts`` against ``montecarlo`` (and the game's style bots) at equal budget.

One ``ismcts`` seat against opponents of one kind in every other seat, the ismcts seat
rotating through all seats. Budget per move, the same for both search bots:

* ``--budget playouts`` (default, independent of machine load): montecarlo plays
  ``--playouts`` worlds per legal action; ismcts gets the same total as iterations;
* ``--budget time``: both get ``--seconds`` per move (montecarlo round-robins its actions
  until the time is up).

Prints ismcts's share of the wins (a k-way tie counts 1/k) with a 95% Wilson interval, next
to the share a seat gets at random (1/players). Not a test: a few hundred games take minutes.

Usage: ``python benchmarks/h2h.py [--games 200] [--only cat,toys] [--budget time]``.
"""

from __future__ import annotations

import argparse
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
    """montecarlo with a time budget: one world per action in turn until time is up."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds

    def choose_index(self, ctx) -> int:
        n = len(ctx.legal)
        if n == 1:
            return 0
        totals, counts = [0.0] * n, [0] * n
        deadline = time.perf_counter() + self.seconds
        i = 0
        while i < n or time.perf_counter() < deadline:
            a = i % n
            world = ctx.sample_world()
            ctx.game.apply_in_place(world, ctx.seat, ctx.legal[a], check=False, log=False)
            totals[a] += rollout_value(ctx.game, world, ctx.seat, ctx.rng)
            counts[a] += 1
            i += 1
        return max(range(n), key=lambda a: totals[a] / counts[a])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--only", default="")
    ap.add_argument("--budget", choices=["playouts", "time"], default="playouts")
    ap.add_argument("--playouts", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=0.05)
    ap.add_argument("--styles", action="store_true", help="also against each style bot")
    args = ap.parse_args()
    console = Console()
    table = Table("game", "opponents", "games", "ismcts win share [95% Wilson]",
                  "random seat", "minutes",
                  title=f"ismcts vs opponents, budget: {args.budget}")
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
        if args.budget == "playouts":
            def me():
                return MatchedISMCTS(args.playouts)
            opponents = {"montecarlo": lambda: MonteCarloBot(playouts=args.playouts)}
        else:
            def me():
                return ISMCTSBot(iterations=None, seconds=args.seconds)
            opponents = {"montecarlo": lambda: TimedMonteCarlo(args.seconds)}
        if args.styles:
            for name, factory in bot_factories(game).items():
                if name not in ("random", "montecarlo", "ismcts"):
                    opponents[name] = factory
        for name, factory in opponents.items():
            t0 = time.perf_counter()
            share = 0.0
            for i in range(args.games):
                seat = i % players
                bots = [factory() for _ in range(players)]
                bots[seat] = me()
                result = play_match(game, {"players": players}, derive_seed(42, gid, i),
                                    bots, check=False).result
                if seat in result.winners:
                    share += 1 / len(result.winners)
            lo, hi = proportion_confint(round(share), args.games, method="wilson")
            table.add_row(gid, f"{name} ×{players - 1}", str(args.games),
                          f"{share / args.games:.3f} [{lo:.3f}, {hi:.3f}]",
                          f"{1 / players:.3f}", f"{(time.perf_counter() - t0) / 60:.1f}")
            console.print(f"{gid} vs {name}: {share / args.games:.3f} [{lo:.3f}, {hi:.3f}]")
    console.print(table)


if __name__ == "__main__":
    main()
