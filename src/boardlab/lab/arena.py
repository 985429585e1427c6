"""The arena: every bot against every other in a balanced round-robin, rated with OpenSkill.

Pairings are the lab's own mixes (:func:`boardlab.lab.seats.style_mixes`): with ``B`` bots
for ``P`` seats, every ``P``-subset of the bots when ``B >= P``, else every bot ``P // B``
times plus each ``P % B``-subset once more. Each pairing is one :class:`RunSpec` of the
runner with the pairing as its bot list: the latin design rotates it over the seats (game
``i`` shifted by ``i mod P``) and game ``i`` of *every* pairing has the same seed
``derive_seed(S, i)`` - common random numbers, so pairings differ only in who plays.

Ratings: OpenSkill's Plackett-Luce model (Weng & Lin 2011), one free-for-all match per game,
seats ranked winners first, then by score. Chosen over TrueSkill because it rates a
free-for-all of any size (and ties) in closed form without TrueSkill's factor-graph
iteration, its ``openskill`` package is maintained (6.x, a compiled wheel for this Python,
no dependencies) while ``trueskill`` 0.4.5 is an unmaintained 2016 source release, and
TrueSkill is a patented, trademarked Microsoft method. A bot that holds several seats of one
game (fewer bots than seats) plays each seat with its current rating and moves by the mean
of its seats' updates. Games are rated in the order ``(game index, pairing)``, so no
pairing is rated before the others. The interval printed is ``mu +/- 1.96 sigma``.

The run is stored as a lab run of kind ``arena`` (one variant per pairing), its summary
holding the ratings and the head-to-head table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

# The lab's runner, seating and statistics are imported where they are used: `register`
# runs for every `boardlab` command (`bots --help` too), which must not load NumPy or the
# engine (tests/test_cli.py).
if TYPE_CHECKING:
    from boardlab.lab.spec import Row

Z95 = 1.959963984540054


@dataclass
class Rating:
    bot: str
    mu: float
    sigma: float
    games: int
    win_share: float  # mean share of the win per seat (a k-way tie counts 1/k)
    win_low: float
    win_high: float

    @property
    def low(self) -> float:
        return self.mu - Z95 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + Z95 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "mu": self.mu, "sigma": self.sigma, "low": self.low,
                "high": self.high, "games": self.games, "win_share": self.win_share,
                "win_low": self.win_low, "win_high": self.win_high}


def pairings(bots: list[str], players: int) -> list[list[str]]:
    """Every table of the round-robin (the lab's mixes)."""
    if len(set(bots)) != len(bots):
        raise ValueError("name each bot once in --bots")
    if len(bots) < 2:
        raise ValueError("an arena needs at least two bots")
    from boardlab.lab.seats import style_mixes

    return [list(m) for m in style_mixes(bots, players)]


def seat_ranks(row: Row) -> list[int]:
    """0 for the winners, then 1 + the number of other non-winners with a higher score."""
    winners, scores = set(row["winners"]), row["scores"]
    losers = [s for s in range(row["players"]) if s not in winners]
    return [0 if s in winners else 1 + sum(scores[o] > scores[s] for o in losers)
            for s in range(row["players"])]


def rate(rows: Iterable[Row], bots: list[str]) -> dict[str, tuple[float, float]]:
    """OpenSkill (Plackett-Luce) ``(mu, sigma)`` per bot after every game, in the order
    ``(index, variant)``."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {b: model.rating(name=b) for b in bots}
    for row in sorted(rows, key=lambda r: (r["index"], r["variant"])):
        seats = row["bots"]
        teams = [[model.rating(mu=ratings[b].mu, sigma=ratings[b].sigma)] for b in seats]
        new = model.rate(teams, ranks=seat_ranks(row))
        moves: dict[str, list[tuple[float, float]]] = {}
        for b, (r,) in zip(seats, new, strict=True):
            moves.setdefault(b, []).append((r.mu - ratings[b].mu, r.sigma))
        for b, got in moves.items():
            ratings[b].mu += sum(d for d, _ in got) / len(got)
            ratings[b].sigma = sum(s for _, s in got) / len(got)
    return {b: (r.mu, r.sigma) for b, r in ratings.items()}


def head_to_head(rows: Iterable[Row], bots: list[str]) -> dict[str, dict[str, list[float]]]:
    """``h2h[a][b] = [points, meetings]``: over every pair of seats a and b held at one
    table, a point when a ranked ahead of b, half a point for a tie."""
    table = {a: {b: [0.0, 0] for b in bots if b != a} for a in bots}
    for row in rows:
        ranks, seats = seat_ranks(row), row["bots"]
        for i, a in enumerate(seats):
            for j, b in enumerate(seats):
                if i == j or a == b:
                    continue
                cell = table[a][b]
                cell[0] += 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
                cell[1] += 1
    return table


def summarise(rows: list[Row], bots: list[str]) -> dict[str, Any]:
    from boardlab.lab.stats import wilson

    ratings = rate(rows, bots)
    out = []
    for b in bots:
        share, seats = 0.0, 0
        for r in rows:
            for s, name in enumerate(r["bots"]):
                if name == b:
                    seats += 1
                    if s in r["winners"]:
                        share += 1 / len(r["winners"])
        est = wilson(share, seats)
        mu, sigma = ratings[b]
        out.append(Rating(b, mu, sigma, seats, share / max(1, seats), est.lo, est.hi))
    out.sort(key=lambda r: -r.mu)
    return {"ratings": [r.to_json() for r in out], "head_to_head": head_to_head(rows, bots),
            "rating_model": "openskill PlackettLuce, interval mu +/- 1.96 sigma"}


def play(game_ref: str, bots: list[str], games: int, seed: int = 0,
         options: dict[str, Any] | None = None, workers: int = 1,
         progress: Callable[[int], None] | None = None) -> tuple[list[Row], dict[str, Any]]:
    """Play the round-robin: ``games`` games per pairing, the same seeds in every pairing.
    Returns the rows (``variant`` = pairing) and the run's config."""
    from boardlab.lab.runner import RunSpec, run, with_default_players
    from boardlab.lab.spec import resolve_game

    game = resolve_game(game_ref)
    options = dict(options or {})
    players = game.make_config(with_default_players(game, options)).players
    from boardlab.bots.registry import bot_factories

    known = bot_factories(game)
    unknown = [b for b in bots if b not in known]
    if unknown:
        raise ValueError(f"{game.id} has no bot {', '.join(map(repr, unknown))}; "
                         f"choose from {', '.join(sorted(known))}")
    tables = pairings(bots, players)
    rows: list[Row] = []
    for v, table in enumerate(tables):
        spec = RunSpec(game=game_ref, games=games, seed=seed, bots=table, options=options,
                       label=f"arena {','.join(table)}")
        for row in run(spec, workers=workers, progress=progress):
            row["variant"] = v
            rows.append(row)
    config = {"spec": RunSpec(game=game_ref, games=games, seed=seed, bots=bots,
                              options=options, label="arena").to_json(),
              "variants": [dict(options) for _ in tables], "pairings": tables,
              "players": players, "workers": workers}
    return rows, config


def store_run(game_ref: str, rows: list[Row], config: dict[str, Any],
              summary: dict[str, Any], seed: int, games: int) -> str:
    from boardlab.lab import store
    from boardlab.lab.runner import code_version

    return store.save_run(game_ref, "arena", config, rows, summary, code_version(), seed,
                          games)


def register(app, console) -> None:
    """``boardlab arena GAME --bots a,b,c --games N``."""
    import json
    import os

    import typer
    from rich.table import Table

    @app.command()
    def arena(
        game: str = typer.Argument(..., help="game id (or module:ATTR)"),
        bots: str = typer.Option(..., "--bots", help="two or more bot names, comma-separated"),
        games: int = typer.Option(24, "--games", min=1,
                                  help="games per pairing (the same seeds in every pairing; "
                                  "a multiple of the player count rotates every seat evenly)"),
        seed: int = typer.Option(0, "--seed"),
        players: int = typer.Option(None, "--players"),
        workers: int = typer.Option(1, "--workers", help="0 = every core"),
        as_json: bool = typer.Option(False, "--json"),
        no_store: bool = typer.Option(False, "--no-store"),
    ) -> None:
        """Rate bots in a balanced round-robin (OpenSkill ratings, head-to-head table)."""
        names = [b.strip() for b in bots.split(",") if b.strip()]
        options = {"players": players} if players else {}
        try:
            rows, config = play(game, names, games, seed, options,
                                workers or os.cpu_count() or 1)
        except Exception as exc:  # an unknown game / bot / option: say it, no traceback
            console.print(f"[red]error:[/] {exc}")
            raise typer.Exit(2) from None
        summary = summarise(rows, names)
        run_id = None if no_store else store_run(game, rows, config, summary, seed, games)
        if as_json:
            print(json.dumps({"run": run_id, "config": config, "summary": summary},
                             ensure_ascii=False))
            return
        p = config["players"]
        t = Table("rank", "bot", "rating μ", "95% interval (μ ± 1.96σ)", "seats",
                  "win share [95% Wilson]",
                  title=f"{game}: {len(rows)} games, {len(config['pairings'])} pairings, "
                  f"{p} players (an equal seat wins {1 / p:.3f})")
        for k, r in enumerate(summary["ratings"], 1):
            t.add_row(str(k), r["bot"], f"{r['mu']:.2f}", f"[{r['low']:.2f}, {r['high']:.2f}]",
                      str(r["games"]),
                      f"{r['win_share']:.3f} [{r['win_low']:.3f}, {r['win_high']:.3f}]")
        console.print(t)
        order = [r["bot"] for r in summary["ratings"]]
        h = Table("row ahead of column", *order, title="head to head: share of meetings "
                  "the row's bot finished ahead (ties count half)")
        for a in order:
            cells = []
            for b in order:
                if a == b:
                    cells.append("—")
                    continue
                pts, n = summary["head_to_head"][a][b]
                cells.append(f"{pts / n:.2f} ({n})" if n else "—")
            h.add_row(a, *cells)
        console.print(h)
        if run_id:
            console.print(f"stored run [bold]{run_id}[/]")
