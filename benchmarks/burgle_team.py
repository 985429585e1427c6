"""The burgle team bot against random legal play: win rate and how the team loses.

For 2, 3 and 4 players on the default walls: ``--games`` games each (seeds 0..N-1) with the
``team`` bot (the planner, :mod:`boardlab.games.burgle.planner`) in every seat and the same
seeds with ``random`` in every seat. Prints per player count the win rate (Wilson 95%
interval), safes opened, turns, escapes, CPU seconds per game, and the losses by cause,
floor and turn band; then a one-sided Fisher test that the team wins more often than random
play and a one-sided Mann-Whitney test that it opens more safes.

Usage: ``python benchmarks/burgle_team.py [--games 200] [--players 2,3,4] [--bot team]``
(``--bot greedy``: the first greedy bot, for comparison).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import pandas as pd
from scipy.stats import fisher_exact, mannwhitneyu
from statsmodels.stats.proportion import proportion_confint

from boardlab.bots.base import RandomBot
from boardlab.engine.match import play_match
from boardlab.games.burgle import GAME
from boardlab.games.burgle.bots import BOTS


def run(players: int, games: int, bot: str) -> pd.DataFrame:
    rows = []
    for seed in range(games):
        seats = [BOTS[bot]() if bot in BOTS else RandomBot() for _ in range(players)]
        start = time.process_time()
        out = play_match(GAME, {"players": players}, seed, seats)
        cpu = time.process_time() - start
        summ = out.result.summary
        loss = summ["loss"] or {}
        rows.append({"seed": seed, "won": summ["won"], "safes": summ["safes_opened"],
                     "turns": summ["turns"], "alarms": summ["alarms"],
                     "escaped": summ["escaped"], "by": loss.get("by"),
                     "floor": loss.get("floor"), "loss_turn": loss.get("turn"),
                     "char": loss.get("char"), "cpu": cpu})
    return pd.DataFrame(rows)


def band(turn: float) -> str:
    return "1-20" if turn <= 20 else "21-40" if turn <= 40 else "41-80" if turn <= 80 else "81+"


def report(players: int, team: pd.DataFrame, rand: pd.DataFrame, bot: str) -> None:
    n = len(team)
    for name, df in ((bot, team), ("random", rand)):
        wins = int(df["won"].sum())
        lo, hi = proportion_confint(wins, n, method="wilson")
        print(f"  {name:<6} win {wins / n:6.1%} [{lo:.1%}, {hi:.1%}]  safes/game "
              f"{df['safes'].mean():.2f}  >=1 safe {(df['safes'] >= 1).mean():.0%}  "
              f">=2 {(df['safes'] >= 2).mean():.0%}  all 3 {(df['safes'] == 3).mean():.0%}  "
              f"turns {df['turns'].mean():.1f}  alarms {df['alarms'].mean():.1f}  "
              f"escaped {df['escaped'].mean():.2f}  cpu {df['cpu'].mean():.2f}s/game")
    lost = team[~team["won"]]
    if len(lost):
        print("  team losses by cause/floor:",
              ", ".join(f"{by} on floor {fl}: {k}" for (by, fl), k in
                        Counter(zip(lost["by"], lost["floor"].astype("Int64"),
                                    strict=True)).most_common()))
        print("  team losses by turn:",
              ", ".join(f"{b}: {k}" for b, k in
                        sorted(Counter(band(t) for t in lost["loss_turn"]).items())))
        print("  caught character:",
              ", ".join(f"{c}: {k}" for c, k in Counter(lost["char"]).most_common()))
    table = [[int(team["won"].sum()), n - int(team["won"].sum())],
             [int(rand["won"].sum()), n - int(rand["won"].sum())]]
    print(f"  {bot} wins more than random: Fisher exact p={fisher_exact(table, 'greater')[1]:.2g}")
    stat = mannwhitneyu(team["safes"], rand["safes"], alternative="greater")
    print(f"  {bot} opens more safes than random: Mann-Whitney U={stat.statistic:.0f}, "
          f"p={stat.pvalue:.2g}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--bot", default="team", choices=sorted(BOTS))
    args = ap.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        print(f"{players} players, {args.games} games each (seeds 0..{args.games - 1}), "
              "default walls")
        report(players, run(players, args.games, args.bot), run(players, args.games, "random"),
               args.bot)


if __name__ == "__main__":
    main()
