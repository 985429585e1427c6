"""The burgle team bot against random legal play: win rate and how the team loses.

For 2, 3 and 4 players on the default walls: ``--games`` games each (seeds 0..N-1) with the
``team`` bot in every seat and the same seeds with ``random`` in every seat. Prints per
player count the win rate (Wilson 95% interval), safes opened, turns, escapes, and the
losses by cause, floor and turn band; then a one-sided Mann-Whitney test that the team opens
more safes than random play.

Usage: ``python benchmarks/burgle_team.py [--games 200] [--players 2,3,4]``.
"""

from __future__ import annotations

import argparse
from collections import Counter

import pandas as pd
from scipy.stats import mannwhitneyu
from statsmodels.stats.proportion import proportion_confint

from boardlab.bots.base import RandomBot
from boardlab.engine.match import play_match
from boardlab.games.burgle import GAME
from boardlab.games.burgle.bots import TeamBot


def run(players: int, games: int, bot: str) -> pd.DataFrame:
    rows = []
    for seed in range(games):
        seats = [TeamBot() if bot == "team" else RandomBot() for _ in range(players)]
        out = play_match(GAME, {"players": players}, seed, seats)
        summ = out.result.summary
        loss = summ["loss"] or {}
        rows.append({"seed": seed, "won": summ["won"], "safes": summ["safes_opened"],
                     "turns": summ["turns"], "alarms": summ["alarms"],
                     "escaped": summ["escaped"], "by": loss.get("by"),
                     "floor": loss.get("floor"), "loss_turn": loss.get("turn"),
                     "char": loss.get("char")})
    return pd.DataFrame(rows)


def band(turn: float) -> str:
    return "1-20" if turn <= 20 else "21-40" if turn <= 40 else "41-80" if turn <= 80 else "81+"


def report(players: int, team: pd.DataFrame, rand: pd.DataFrame) -> None:
    n = len(team)
    for name, df in (("team", team), ("random", rand)):
        wins = int(df["won"].sum())
        lo, hi = proportion_confint(wins, n, method="wilson")
        print(f"  {name:<6} win {wins / n:6.1%} [{lo:.1%}, {hi:.1%}]  safes/game "
              f"{df['safes'].mean():.2f}  >=1 safe {(df['safes'] >= 1).mean():.0%}  "
              f">=2 {(df['safes'] >= 2).mean():.0%}  all 3 {(df['safes'] == 3).mean():.0%}  "
              f"turns {df['turns'].mean():.1f}  alarms {df['alarms'].mean():.1f}")
    lost = team[~team["won"]]
    if len(lost):
        print("  team losses by cause/floor:",
              ", ".join(f"{by} on floor {fl}: {k}" for (by, fl), k in
                        Counter(zip(lost["by"], lost["floor"], strict=True)).most_common()))
        print("  team losses by turn:",
              ", ".join(f"{b}: {k}" for b, k in
                        sorted(Counter(band(t) for t in lost["loss_turn"]).items())))
        print("  caught character:",
              ", ".join(f"{c}: {k}" for c, k in Counter(lost["char"]).most_common()))
    stat = mannwhitneyu(team["safes"], rand["safes"], alternative="greater")
    print(f"  team opens more safes than random: Mann-Whitney U={stat.statistic:.0f}, "
          f"p={stat.pvalue:.2g}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="2,3,4")
    args = ap.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        print(f"{players} players, {args.games} games each (seeds 0..{args.games - 1}), "
              "default walls")
        report(players, run(players, args.games, "team"), run(players, args.games, "random"))


if __name__ == "__main__":
    main()
