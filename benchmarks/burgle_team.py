"""The burgle team bots on the same seeds: win rate with intervals, how each loses, time.

For each player count (default walls, seeds ``--start`` .. ``--start + --games - 1``) every
bot of ``--bots`` plays every seat of the same seeds: ``team`` (the default, the second
planner, :mod:`boardlab.games.burgle.team2`), ``previous`` (the default before its last
weights, ``team2.PreviousTeamModel``), ``nofuture`` (the default without its
future-exposure cost, ``team2.NoFutureTeamModel``), ``planner`` (the first planner,
:mod:`boardlab.games.burgle.planner`, kept for this comparison), ``greedy`` (the first bot)
and ``random`` (random legal play). Prints per bot the win rate with Wilson and
Clopper-Pearson 95% intervals, safes opened, turns, escapes, CPU per game and per decision,
and the losses by cause: caught on which floor, with how many safes open, and caught with
every safe open (on the way to the roof) or out of time. Then a one-sided Fisher exact test
that the first bot of ``--bots`` wins more often than each other, a one-sided
Mann-Whitney test that it opens more safes, and - the games being paired by seed - an exact
one-sided McNemar test over the seeds only one of the two won.

``--csv FILE`` appends one row per game as it ends (a long run stopped by ``timeout``
keeps what it played); ``--report FILE`` prints the same report from such a file.

Usage: ``python benchmarks/burgle_team.py [--games 200] [--players 2,3,4]
[--bots team,previous,planner,random] [--start 0] [--csv FILE] [--report FILE]``.
"""

from __future__ import annotations

import argparse
import csv
import os
import time
from collections import Counter

import pandas as pd
from scipy.stats import binomtest, fisher_exact, mannwhitneyu
from statsmodels.stats.proportion import proportion_confint

from boardlab.bots.base import RandomBot
from boardlab.engine.match import play_match
from boardlab.games.burgle import GAME
from boardlab.games.burgle.bots import BOTS, NoFutureTeamBot, PlannerBot, PreviousTeamBot

BOT_CLASSES = {**BOTS, "previous": PreviousTeamBot, "nofuture": NoFutureTeamBot,
               "planner": PlannerBot, "random": RandomBot}
FIELDS = ["bot", "players", "seed", "won", "safes", "turns", "alarms", "escaped", "by",
          "floor", "loss_turn", "char", "cpu", "decisions", "max_decision", "p50_decision",
          "floor_open"]


class Timed:
    """A bot whose decisions are timed (CPU seconds): the count, the sum and the largest."""

    def __init__(self, inner, clock: dict[str, float]) -> None:
        self.inner, self.clock = inner, clock
        self.name = getattr(inner, "name", "bot")

    def choose(self, ctx):
        start = time.process_time()
        action = self.inner.choose(ctx)
        spent = time.process_time() - start
        self.clock["n"] += 1
        self.clock["sum"] += spent
        self.clock["max"] = max(self.clock["max"], spent)
        self.clock["all"].append(spent)
        return action


def play(bot: str, players: int, seed: int) -> dict:
    clock = {"n": 0, "sum": 0.0, "max": 0.0, "all": []}
    seats = [Timed(BOT_CLASSES[bot](), clock) for _ in range(players)]
    start = time.process_time()
    out = play_match(GAME, {"players": players}, seed, seats)
    cpu = time.process_time() - start
    summ = out.result.summary
    loss = summ["loss"] or {}
    return {"bot": bot, "players": players, "seed": seed, "won": bool(summ["won"]),
            "safes": summ["safes_opened"], "turns": summ["turns"], "alarms": summ["alarms"],
            "escaped": summ["escaped"], "by": loss.get("by"), "floor": loss.get("floor"),
            "loss_turn": loss.get("turn"), "char": loss.get("char"), "cpu": cpu,
            "decisions": clock["n"], "max_decision": clock["max"],
            "p50_decision": sorted(clock["all"])[len(clock["all"]) // 2] if clock["all"] else 0.0,
            # a loss on a floor whose safe was open already (in transit, or left behind)
            "floor_open": (bool(out.state.safe_open[int(loss["floor"]) - 1])
                           if loss.get("floor") else None)}


def run(players: int, games: int, start: int, bots: list[str], sink: str | None) -> pd.DataFrame:
    rows = []
    writer = None
    if sink:
        fresh = not os.path.exists(sink)
        handle = open(sink, "a", newline="")  # noqa: SIM115 - kept open for the whole run
        writer = csv.DictWriter(handle, FIELDS)
        if fresh:
            writer.writeheader()
    for seed in range(start, start + games):
        for bot in bots:  # interleaved: a stopped run has every bot on the same seeds
            row = play(bot, players, seed)
            rows.append(row)
            if writer is not None:
                writer.writerow(row)
                handle.flush()
    return pd.DataFrame(rows, columns=FIELDS)


def loss_causes(lost: pd.DataFrame) -> str:
    """Every loss by cause: caught (by what, on which floor, safes open), or out of time."""
    causes: Counter = Counter()
    for _i, r in lost.iterrows():
        if r["by"] == "time":
            causes["out of time"] += 1
        elif r["safes"] == 3:
            causes[f"{r['by']} on floor {int(r['floor'])} with all 3 open (way up)"] += 1
        else:
            causes[f"{r['by']} on floor {int(r['floor'])} with {int(r['safes'])} open"] += 1
    return ", ".join(f"{c}: {k}" for c, k in causes.most_common())


def paired(a: pd.DataFrame, b: pd.DataFrame) -> tuple[int, int, int]:
    """Seeds only ``a`` won, seeds only ``b`` won, and seeds whose games look the same
    (outcome, turns and safes) - the discordant pairs of McNemar's test."""
    m = a.merge(b, on="seed", suffixes=("_a", "_b"))
    only_a = int((m["won_a"] & ~m["won_b"]).sum())
    only_b = int((m["won_b"] & ~m["won_a"]).sum())
    same = int(((m["won_a"] == m["won_b"]) & (m["turns_a"] == m["turns_b"])
                & (m["safes_a"] == m["safes_b"])).sum())
    return only_a, only_b, same


def report(df: pd.DataFrame) -> None:
    df = df.copy()
    df["won"] = df["won"].astype(str).str.lower().isin(["true", "1"])
    for players, part in df.groupby("players"):
        bots = list(dict.fromkeys(part["bot"]))
        # only seeds every bot finished (a stopped run may end mid-seed)
        seeds = set.intersection(*(set(part[part["bot"] == b]["seed"]) for b in bots))
        part = part[part["seed"].isin(seeds)]
        n = len(seeds)
        print(f"{players} players, {n} games per bot (the same seeds for every bot), "
              "default walls")
        for bot in bots:
            d = part[part["bot"] == bot]
            wins = int(d["won"].sum())
            lo, hi = proportion_confint(wins, n, method="wilson")
            clo, chi = proportion_confint(wins, n, method="beta")
            per = d["cpu"].sum() / max(1, d["decisions"].sum()) * 1000
            print(f"  {bot:<8} win {wins}/{n} = {wins / n:5.1%}  Wilson [{lo:.1%}, {hi:.1%}]  "
                  f"Clopper-Pearson [{clo:.1%}, {chi:.1%}]")
            print(f"           safes/game {d['safes'].mean():.2f}  >=1 {(d['safes'] >= 1).mean():.0%}"
                  f"  >=2 {(d['safes'] >= 2).mean():.0%}  all 3 {(d['safes'] == 3).mean():.0%}"
                  f"  turns {d['turns'].mean():.1f}  alarms {d['alarms'].mean():.1f}  "
                  f"escaped {d['escaped'].mean():.2f}  cpu {d['cpu'].mean():.2f} s/game = "
                  f"{1 / max(1e-9, d['cpu'].mean()):.1f} games/s  {per:.2f} ms/decision "
                  f"(largest {d['max_decision'].max() * 1000:.0f} ms)")
            if "p50_decision" in d and d["p50_decision"].notna().any():
                print(f"           decision CPU: median of games' medians "
                      f"{d['p50_decision'].median() * 1000:.2f} ms, 99th percentile of games' "
                      f"largest {d['max_decision'].quantile(0.99) * 1000:.0f} ms")
            lost = d[~d["won"]]
            if len(lost):
                print(f"           losses: {loss_causes(lost)}")
                if "floor_open" in lost and lost["floor_open"].notna().any():
                    on_open = lost["floor_open"].astype(str).str.lower().isin(["true", "1"])
                    print(f"           caught on a floor whose safe was already open: "
                          f"{int(on_open.sum())} of {len(lost)} losses")
        first = part[part["bot"] == bots[0]]
        for other in bots[1:]:
            o = part[part["bot"] == other]
            table = [[int(first["won"].sum()), n - int(first["won"].sum())],
                     [int(o["won"].sum()), n - int(o["won"].sum())]]
            p = fisher_exact(table, "greater")[1]
            stat = mannwhitneyu(first["safes"], o["safes"], alternative="greater")
            print(f"  {bots[0]} vs {other}: wins more (Fisher exact, one-sided) p={p:.2g}; "
                  f"opens more safes (Mann-Whitney) p={stat.pvalue:.2g}")
            only, other_only, same = paired(first, o)
            mc = binomtest(only, only + other_only, 0.5, "greater").pvalue if only + other_only else 1.0
            print(f"  {bots[0]} vs {other}, paired by seed: {only} seeds only {bots[0]} won, "
                  f"{other_only} only {other} (McNemar exact, one-sided p={mc:.2g}); "
                  f"{same} of {n} games the same (turns, safes and outcome)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--bots", default="team,previous")
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--csv", help="append one row per game to this file")
    ap.add_argument("--report", help="only print the report of this file's games")
    args = ap.parse_args()
    if args.report:
        report(pd.read_csv(args.report))
        return
    bots = args.bots.split(",")
    unknown = [b for b in bots if b not in BOT_CLASSES]
    if unknown:
        ap.error(f"unknown bot(s) {', '.join(unknown)}; known: {', '.join(sorted(BOT_CLASSES))}")
    frames = [run(int(p), args.games, args.start, bots, args.csv)
              for p in args.players.split(",")]
    report(pd.concat(frames))


if __name__ == "__main__":
    main()
