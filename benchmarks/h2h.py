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
every seat. A game still going after ``--max-steps`` decisions (bots that repeat a free
action forever) is stopped without a winner and counted in the ``capped`` column (for a
cooperative game: ismcts's game / the baseline's). Pairings are played round-robin (game i of each before game i + 1 of any);
``--out FILE`` appends one JSON line per game, so a run that is stopped keeps what it
measured, and ``--summarise FILE`` prints the table from such a file. Not a test: a few
hundred games take minutes.

``--me strong`` seats the strong bot (:mod:`boardlab.bots.strong`) instead of ismcts: with
``--budget game`` on the game's own budget (``STRONG_SEARCH.budget`` in ``games/<id>/bots.py``:
a playout count, its CPU seconds only a guard, so a seed gives the same game on any machine
that does not hit the guard; ``--guard S`` raises it, so that a loaded host, whose CPU
time per playout grows, still plays the count), else on a CPU-time budget of ``--seconds``; the mean playouts
per move of the strong seat are printed too. ``--vs a,b`` keeps only those style bots,
``--players`` sets the table size (the issue 26 goal: ``--me strong --budget game
--no-montecarlo --vs <strongest style> --players 4``, geometry 3).

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
from boardlab.bots.strong import StrongBot  # noqa: E402
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
    than one legal action) to a shared meter: ``meter = [seconds, decisions]``, and the
    playouts of a bot that counts them (``last_iterations``) as a third item."""

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
            self.meter[2] += getattr(self.bot, "last_iterations", 0)
        return i


def ms_per_move(meter: list) -> float:
    return 1000 * meter[0] / meter[1] if meter[1] else 0.0


class TooLong(Exception):
    """A game that passed the step cap (e.g. bots repeating a free action forever)."""


def play(game, players: int, seed: int, bots: list, max_steps: int) -> list[int] | None:
    """The winners, or ``None`` for a game stopped at ``max_steps`` decisions."""
    steps = 0

    def count(state, seat, action) -> None:
        nonlocal steps
        steps += 1
        if steps >= max_steps:
            raise TooLong

    try:
        return play_match(game, {"players": players}, seed, bots, check=False,
                          on_step=count).result.winners
    except TooLong:
        return None


def pairings(args, console: Console) -> list[dict]:
    """Every (game, opponent) pairing asked for, with its bot factories."""
    out = []
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
        if args.budget == "playouts" and args.me == "ismcts":
            def me():
                return MatchedISMCTS(args.playouts)
            opponents = {"montecarlo": lambda: MonteCarloBot(playouts=args.playouts)}
        elif args.me == "strong" and args.budget == "game":
            def me():  # the game's STRONG_SEARCH.budget (or strong's default)
                return StrongBot(seconds=args.guard or "game")
            opponents = {"montecarlo": lambda: TimedMonteCarlo(args.seconds)}
        elif args.me == "strong":
            def me():
                return StrongBot(iterations=None, seconds=args.seconds, clock=time.process_time)
            opponents = {"montecarlo": lambda: TimedMonteCarlo(args.seconds)}
        else:
            def me():
                return ISMCTSBot(iterations=None, seconds=args.seconds, clock=time.process_time,
                                 cover_root=True)
            opponents = {"montecarlo": lambda: TimedMonteCarlo(args.seconds)}
        if args.no_montecarlo:
            opponents = {}
        if args.styles or args.no_montecarlo:
            for name, factory in bot_factories(game).items():
                if name not in ("random", "montecarlo", "ismcts", "strong") and (
                        not args.vs or name in args.vs.split(",")):
                    opponents[name] = factory
        for name, factory in opponents.items():
            out.append({"game": game, "opponent": name, "factory": factory, "me": me,
                        "players": args.players or game.make_config({}).players,
                        "team": bool(getattr(game, "cooperative", False))})
    return out


def play_one(pairing: dict, i: int, max_steps: int) -> dict:
    """Game ``i`` of a pairing (and, for a cooperative game, the all-opponent baseline on
    the same seed): one JSON-able row."""
    game, players, factory = pairing["game"], pairing["players"], pairing["factory"]
    seed = derive_seed(42, game.id, i)
    seat = i % players
    mine, theirs = [0.0, 0, 0], [0.0, 0, 0]
    bots = [Metered(factory(), theirs) for _ in range(players)]
    bots[seat] = Metered(pairing["me"](), mine)
    winners = play(game, players, seed, bots, max_steps)
    row = {"capped": winners is None, "game": game.id, "opponent": pairing["opponent"],
           "players": players,
           "team": pairing["team"], "i": i, "seat": seat, "winners": winners or [],
           "ismcts_s": mine[0], "ismcts_moves": mine[1], "ismcts_playouts": mine[2],
           "opp_s": theirs[0], "opp_moves": theirs[1]}
    if pairing["team"]:
        alone = [Metered(factory(), [0.0, 0, 0]) for _ in range(players)]
        base = play(game, players, seed, alone, max_steps)
        row["baseline_winners"], row["baseline_capped"] = base or [], base is None
    return row


def summarise(rows: list[dict], budget: str, console: Console, me: str = "ismcts") -> None:
    """Win shares with 95% Wilson intervals per pairing, from per-game rows."""
    table = Table("game", "opponents", "games", f"{me} [95% Wilson]", "baseline",
                  f"ms/move {me}", "ms/move opp.", f"playouts/move {me}", "capped",
                  title=f"{me} vs opponents, budget: {budget}")
    groups: dict[tuple[str, str], list[dict]] = {}
    seen: set[tuple[str, str, int]] = set()
    for row in rows:  # a resumed run may have played a game twice: the first one counts
        if (row["game"], row["opponent"], row["i"]) not in seen:
            seen.add((row["game"], row["opponent"], row["i"]))
            groups.setdefault((row["game"], row["opponent"]), []).append(row)
    for (gid, name), got in groups.items():
        n, players, team = len(got), got[0]["players"], got[0]["team"]
        if team:
            share = sum(bool(r["winners"]) for r in got)
            base_wins = sum(bool(r["baseline_winners"]) for r in got)
            blo, bhi = proportion_confint(base_wins, n, method="wilson")
            base = f"{base_wins / n:.3f} [{blo:.3f}, {bhi:.3f}] (all {name})"
        else:
            share = sum(1 / len(r["winners"]) for r in got if r["seat"] in r["winners"])
            base = f"{1 / players:.3f} (equal seat)"
        lo, hi = proportion_confint(round(share), n, method="wilson")
        ms_me = 1000 * sum(r["ismcts_s"] for r in got) / max(1, sum(r["ismcts_moves"]
                                                                    for r in got))
        ms_opp = 1000 * sum(r["opp_s"] for r in got) / max(1, sum(r["opp_moves"] for r in got))
        playouts = sum(r.get("ismcts_playouts", 0) for r in got) / max(
            1, sum(r["ismcts_moves"] for r in got))
        capped = sum(r.get("capped", False) for r in got)
        base_capped = sum(r.get("baseline_capped", False) for r in got)
        table.add_row(gid, f"{name} ×{players - 1}", str(n),
                      f"{share / n:.3f} [{lo:.3f}, {hi:.3f}]", base, f"{ms_me:.1f}",
                      f"{ms_opp:.1f}", f"{playouts:.1f}", f"{capped}" + (f" / {base_capped}" if team else ""))
    console.print(table)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--only", default="")
    ap.add_argument("--budget", choices=["playouts", "time", "game"], default="playouts",
                    help="game: strong on the game's own budget (with --me strong only)")
    ap.add_argument("--playouts", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=0.05)
    ap.add_argument("--styles", action="store_true", help="also against each style bot")
    ap.add_argument("--me", choices=["ismcts", "strong"], default="ismcts",
                    help="the bot in the one seat (strong: --budget game or time)")
    ap.add_argument("--guard", type=float, default=0.0,
                    help="with --budget game: this CPU-seconds guard instead of the game's "
                         "(a loaded host can reach the game's own and cut moves short)")
    ap.add_argument("--vs", default="", help="only these style bots (comma-separated)")
    ap.add_argument("--players", type=int, default=0, help="seats (default: the game's)")
    ap.add_argument("--no-montecarlo", action="store_true", help="only the style bots")
    ap.add_argument("--out", default="", help="append one JSON line per game played here")
    ap.add_argument("--summarise", default="", help="only print the table of an --out file")
    ap.add_argument("--start", type=int, default=0, help="first game index (resume a run)")
    ap.add_argument("--max-steps", type=int, default=1000,
                    help="stop a game after this many decisions: no winner, counted as capped")
    args = ap.parse_args()
    if args.budget == "game" and args.me != "strong":
        ap.error("--budget game is the strong bot's own budget: use it with --me strong")
    console = Console(width=160)
    budget = {"time": f"{args.seconds * 1000:g} ms CPU per move",
              "game": "the game's STRONG_SEARCH budget",
              "playouts": f"{args.playouts} playouts per action"}[args.budget]
    if args.summarise:
        with open(args.summarise, encoding="utf-8") as fh:
            summarise([json.loads(line) for line in fh if line.strip()], budget, console,
                      args.me)
        return
    todo = pairings(args, console)
    rows = []
    # Game i of every pairing before game i + 1 of any: a run stopped early has (nearly) the
    # same number of games in every pairing.
    for i in range(args.start, args.games):
        for pairing in todo:
            row = play_one(pairing, i, args.max_steps)
            rows.append(row)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(row) + "\n")
    summarise(rows, budget, console, args.me)


if __name__ == "__main__":
    main()
