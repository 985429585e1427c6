"""A balance profile beyond the claims: ``boardlab check GAME --balance``.

After Jaffe et al., "Evaluating Competitive Game Balance with Restricted Play" (AIIDE 2012):
balance is read from how much a player's results change when their play is restricted. Per
player count:

* **first-seat advantage** - seat 0's win share when every seat plays the strongest bot,
  against the even share 1/players (exact binomial with its Clopper-Pearson interval when
  no game was shared, else a one-sample t on per-game shares, clipped to [0, 1]); co-operative games (every seat wins or loses together) have none to show
  and say so;
* **how much skill matters** - the strongest bot in one seat among random players, and a
  random player among strongest bots, each against the even share (competitive); a team of
  strongest bots against a team of random players (co-operative);
* **roles** - per role the game dealt, the win rate of the seats that held it against the
  seats that did not, in the same games;
* **restricted play** - for each kind of action the strongest bot actually chooses (an
  action type, or one value of an action's field: an item, a card, a cell), one seat plays
  the same bot but *never* chooses it. The win-rate change of that seat against the same
  seat in the same seeds unrestricted is what a designer calls dominant (a large drop) or
  useless (none). Paired on seeds: exact McNemar for the p-value, the t interval of the
  paired differences for the change.

The restriction is a bot wrapper that filters the legal actions the wrapped bot is offered
(game-independent: only the actions' own fields are read). A bot that answers outside the
list it was offered (or fails on it) is overruled by a uniform pick among the allowed
actions, and a decision with no allowed action is played unrestricted; both are counted and
shown.
"""

from __future__ import annotations

import math
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from boardlab.engine.rng import derive_seed

Restriction = tuple[str, Any]  # (field, value): never choose an action whose field has value

MAX_VALUES_PER_FIELD = 12  # a field with more distinct values is a coordinate, not a kind
SKIP_FIELDS = frozenset({"seat", "seats", "target_seat", "player"})


def forbidden(action: Any, r: Restriction) -> bool:
    return isinstance(action, dict) and action.get(r[0]) == r[1]


def _pairs(action: Any) -> list[Restriction]:
    if not isinstance(action, dict):
        return []
    return [(k, v) for k, v in action.items()
            if k not in SKIP_FIELDS and isinstance(v, str | bool)]


class Restricted:
    """``inner`` that never chooses an action matching ``restriction``."""

    def __init__(self, inner, restriction: Restriction) -> None:
        self.inner, self.restriction = inner, restriction
        self.name = f"{getattr(inner, 'name', 'bot')} never {restriction[0]}={restriction[1]}"
        self.decisions = self.filtered = self.forced = self.overruled = self.failed = 0

    def choose(self, ctx):
        legal = ctx.legal
        allowed = [a for a in legal if not forbidden(a, self.restriction)]
        self.decisions += 1
        if len(allowed) == len(legal):
            return self.inner.choose(ctx)
        if not allowed:
            self.forced += 1
            return self.inner.choose(ctx)
        self.filtered += 1
        ctx.legal = allowed
        try:
            action = self.inner.choose(ctx)
        except Exception:  # a bot that cannot plan from a shortened list is overruled too
            self.failed += 1
            action = None
        finally:
            ctx.legal = legal
        if action is None or forbidden(action, self.restriction) \
                or not any(action == a for a in allowed):
            self.overruled += 1
            action = allowed[ctx.rng._randbelow(len(allowed))]
        return action


class Recorder:
    """``inner`` unchanged, counting the action kinds it chooses when it had a choice that
    avoided them (the candidates for restriction)."""

    def __init__(self, inner) -> None:
        self.inner, self.name = inner, getattr(inner, "name", "bot")
        self.chosen: Counter = Counter()

    def choose(self, ctx):
        action = self.inner.choose(ctx)
        if len(ctx.legal) > 1:
            for r in _pairs(action):
                if any(not forbidden(a, r) for a in ctx.legal):
                    self.chosen[r] += 1
        return action


# ---- one game, in a worker ---------------------------------------------------------------


def _condition_bots(game, factories, strong: str, players: int, index: int, cond):
    from boardlab.bots.base import RandomBot

    focus = index % players
    kind = cond[0]
    if kind == "base":
        return [Recorder(factories[strong]()) for _ in range(players)]
    if kind == "strong_vs_random":
        return [factories[strong]() if s == focus else RandomBot() for s in range(players)]
    if kind == "random_vs_strong":
        return [RandomBot() if s == focus else factories[strong]() for s in range(players)]
    if kind == "all_random":
        return [RandomBot() for _ in range(players)]
    assert kind == "never"
    return [Restricted(factories[strong](), cond[1]) if s == focus else factories[strong]()
            for s in range(players)]


def play_games(game_ref: str, options: dict[str, Any], strong: str, cond, seed: int,
               indices: list[int]) -> list[dict[str, Any]]:
    """Games ``indices`` of one condition: per game the winners, the focus seat and what
    the wrappers counted."""
    from boardlab.bots.registry import bot_factories
    from boardlab.engine.match import play_match
    from boardlab.lab.spec import resolve_game

    game = resolve_game(game_ref)
    factories = bot_factories(game)
    cfg = game.make_config(options)
    out = []
    for i in indices:
        bots = _condition_bots(game, factories, strong, cfg.players, i, cond)
        res = play_match(game, cfg, derive_seed(seed, i), bots, check=False).result
        roles = res.summary.get("roles") if isinstance(res.summary, dict) else None
        row: dict[str, Any] = {"index": i, "focus": i % cfg.players,
                               "winners": list(res.winners),
                               "roles": [None if r is None else str(r) for r in roles]
                               if isinstance(roles, list) else None}
        if cond[0] == "base":
            row["chosen"] = sum((b.chosen for b in bots), Counter())
        if cond[0] == "never":
            b = bots[i % cfg.players]
            row["use"] = (b.decisions, b.filtered, b.forced, b.overruled)
        out.append(row)
    return out


# ---- statistics ---------------------------------------------------------------------------


@dataclass
class Share:
    """A mean with its 95% t interval and the p-value of "equals ``null``"."""

    value: float
    lo: float
    hi: float
    n: int
    p: float = math.nan

    def text(self) -> str:
        return f"{100 * self.value:.1f}% [{100 * self.lo:.1f}, {100 * self.hi:.1f}]"

    def to_json(self) -> dict[str, Any]:
        def num(x):
            return x if math.isfinite(x) else None

        return {"value": self.value, "lo": num(self.lo), "hi": num(self.hi), "n": self.n,
                "p": num(self.p)}


def mean_against(values: list[float], null: float) -> Share:
    from statsmodels.stats.weightstats import DescrStatsW

    n = len(values)
    if n == 0:
        return Share(math.nan, math.nan, math.nan, 0)
    d = DescrStatsW(values)
    if n < 2 or d.std == 0:
        return Share(d.mean, d.mean, d.mean, n, 0.0 if d.mean != null else 1.0)
    lo, hi = d.tconfint_mean()
    return Share(d.mean, lo, hi, n, float(d.ttest_mean(null)[1]))


def share_against(shares: list[float], null: float) -> Share:
    """A win share per game against ``null``: exact (Clopper-Pearson interval, binomial
    test) when every share is 0 or 1, else the t interval clipped to [0, 1]."""
    from scipy.stats import binomtest

    if shares and all(x in (0.0, 1.0) for x in shares):
        s = rate([x == 1.0 for x in shares])
        s.p = float(binomtest(int(sum(shares)), len(shares), null).pvalue)
        return s
    s = mean_against(shares, null)
    s.lo, s.hi = max(0.0, s.lo), min(1.0, s.hi)
    return s


def rate(wins: list[bool]) -> Share:
    """A win rate with its exact (Clopper-Pearson) interval."""
    from statsmodels.stats.proportion import proportion_confint

    n, k = len(wins), sum(wins)
    if n == 0:
        return Share(math.nan, math.nan, math.nan, 0)
    lo, hi = proportion_confint(k, n, method="beta")
    return Share(k / n, lo, hi, n)


def paired_change(restricted: list[bool], base: list[bool]) -> Share:
    """Mean of restricted − base over the same seeds (t interval), exact McNemar p."""
    from statsmodels.stats.contingency_tables import mcnemar

    diffs = [float(a) - float(b) for a, b in zip(restricted, base, strict=True)]
    s = mean_against(diffs, 0.0)
    lost = sum(b and not a for a, b in zip(restricted, base, strict=True))
    gained = sum(a and not b for a, b in zip(restricted, base, strict=True))
    s.p = 1.0 if lost + gained == 0 else float(
        mcnemar([[0, gained], [lost, 0]], exact=True).pvalue)
    return s


# ---- the profile --------------------------------------------------------------------------


@dataclass
class RestrictionRow:
    restriction: Restriction
    label: str
    chosen: int  # times the unrestricted bot chose it (in the base games)
    change: Share  # win rate of the restricted seat minus the same seat unrestricted
    restricted: Share
    use: tuple[int, int, int, int]  # decisions, filtered, forced, overruled

    def reading(self) -> str:
        c = self.change
        if c.p <= 0.05 and c.value < 0:
            return "needed: players who never use it win less"
        if c.p <= 0.05 and c.value > 0:
            return "harmful: players who never use it win more"
        return "no detectable effect"

    def to_json(self) -> dict[str, Any]:
        return {"field": self.restriction[0], "value": self.restriction[1],
                "label": self.label, "chosen": self.chosen, "change": self.change.to_json(),
                "restricted_win_rate": self.restricted.to_json(), "reading": self.reading(),
                "decisions": self.use[0], "filtered": self.use[1], "forced": self.use[2],
                "overruled": self.use[3]}


@dataclass
class CountProfile:
    players: int
    games: int
    coop: bool
    base_win_rate: Share  # any seat winning (co-op) or the focus seat's rate
    first_seat: Share | None
    skill: dict[str, Share]
    restrictions: list[RestrictionRow] = field(default_factory=list)
    roles: dict[str, tuple[Share, Share]] = field(default_factory=dict)
    """Per role the game dealt: the win rate of seats holding it and of seats that did not
    (the role's players "restricted from it"), with the exact McNemar-free two-sample p."""

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "games": self.games, "cooperative": self.coop,
                "roles": {r: {"with": a.to_json(), "without": b.to_json()}
                          for r, (a, b) in self.roles.items()},
                "base_win_rate": self.base_win_rate.to_json(),
                "first_seat": None if self.first_seat is None else self.first_seat.to_json(),
                "skill": {k: v.to_json() for k, v in self.skill.items()},
                "restrictions": [r.to_json() for r in self.restrictions]}


@dataclass
class Profile:
    game: str
    strong: str
    options: dict[str, Any]
    counts: list[CountProfile]
    strong_why: str = ""  # why this bot stands in for the strongest player

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "strongest_bot": self.strong,
                "strongest_bot_why": self.strong_why, "random_bot": "random",
                "options": self.options, "per_player_count": [c.to_json() for c in self.counts],
                "method": "Jaffe et al. 2012 restricted play; paired on seeds"}


def _run(pool, game_ref, options, strong, cond, seed, games, workers) -> list[dict]:
    chunks = [list(range(k, games, workers)) for k in range(workers)]
    chunks = [c for c in chunks if c]
    if pool is None:
        rows = [r for c in chunks for r in play_games(game_ref, options, strong, cond, seed, c)]
    else:
        futures = [pool.submit(play_games, game_ref, options, strong, cond, seed, c)
                   for c in chunks]
        rows = [r for f in futures for r in f.result()]
    return sorted(rows, key=lambda r: r["index"])


def _label(game, r: Restriction) -> str:
    words = (game.labels() or {}).get("actions", {})
    if r[0] == "type" and r[1] in words:
        w = words[r[1]]
        return f"never {w.get('en', r[1]) if isinstance(w, dict) else w}"
    return f"never {r[0]}={r[1]}"


def strongest(game, factories) -> tuple[str, str]:
    """The bot standing in for the strongest player, and why: the game's ``STRONG_POLICY``
    (``games/<id>/bots.py``: its strongest style, the one the arena's ``strong`` search bot
    plays as its prior and in its playouts), else the game's first default bot. The
    ``strong`` search bot itself is chosen with ``--bots strong`` (it spends ~0.1 s a move,
    too slow for every condition by default)."""
    import importlib

    try:
        mod = importlib.import_module(f"{type(game).__module__}.bots")
    except ImportError:
        mod = None
    name = getattr(mod, "STRONG_POLICY", None)
    if name and name in factories:
        return name, (f"{name}: the game's strongest style (STRONG_POLICY in games/{game.id}/"
                      "bots.py, the prior and playout policy of the arena's strong bot)")
    first = game.default_bots(game.min_players)[0]
    return first, f"{first}: the game's first default bot (the game names no STRONG_POLICY)"


def profile(game_ref: str, players: list[int] | None = None, games: int = 60,
            restrictions: int = 6, strong: str | None = None, seed: int = 0,
            workers: int = 1, options: dict[str, Any] | None = None,
            progress=None) -> Profile:
    """The balance profile at each player count (default: every count the game seats)."""
    from boardlab.bots.registry import bot_factories
    from boardlab.lab.spec import resolve_game

    game = resolve_game(game_ref)
    counts = players or list(range(game.min_players, game.max_players + 1))
    factories = bot_factories(game)
    if strong:
        why = f"{strong}: chosen with --bots"
    else:
        strong, why = strongest(game, factories)
    if strong not in factories:
        raise ValueError(f"{game.id} has no bot {strong!r}; choose from "
                         f"{', '.join(sorted(factories))}")
    out = []
    pool = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        for p in counts:
            if not game.min_players <= p <= game.max_players:
                raise ValueError(f"{game.id} seats {game.min_players}-{game.max_players} "
                                 f"players, not {p}")
            opts = {**(options or {}), "players": p}
            run = lambda cond, opts=opts: _run(pool, game_ref, opts, strong, cond,  # noqa: E731
                                               seed, games, workers)
            if progress:
                progress(f"{p} players: {games} games of {strong} at every seat")
            base = run(("base",))
            out.append(_count_profile(game, p, base, run, restrictions, progress))
    finally:
        if pool is not None:
            pool.shutdown()
    return Profile(game.id, strong, dict(options or {}), out, why)


def _count_profile(game, p: int, base: list[dict], run, restrictions: int,
                   progress) -> CountProfile:
    coop = all(len(r["winners"]) in (0, p) for r in base)
    focus_won = [r["focus"] in r["winners"] for r in base]
    if coop:
        first = None
        if progress:
            progress(f"{p} players: a team of random players")
        rand = run(("all_random",))
        skill = {"strongest team": rate([bool(r["winners"]) for r in base]),
                 "random team": rate([bool(r["winners"]) for r in rand])}
        base_rate = skill["strongest team"]
    else:
        first = share_against([1.0 / len(r["winners"]) if 0 in r["winners"] else 0.0
                               for r in base], 1.0 / p)
        skill = {}
        for cond, name in (("strong_vs_random", "strongest among random"),
                           ("random_vs_strong", "random among strongest")):
            if progress:
                progress(f"{p} players: {name}")
            rows = run((cond,))
            skill[name] = share_against([1.0 / len(r["winners"]) if r["focus"] in r["winners"]
                                         else 0.0 for r in rows], 1.0 / p)
        base_rate = rate(focus_won)
    chosen = sum((r["chosen"] for r in base), Counter())
    rows = []
    # The things a player uses (an item, a card, a cell: a value of an action's field) come
    # before the kinds of action, most chosen first; a field with very many values is a
    # coordinate, not a kind.
    ranked = sorted(chosen.items(), key=lambda kv: (kv[0][0] == "type", -kv[1], str(kv[0])))
    for r, n in ranked:
        if len(rows) >= restrictions:
            break
        if sum(1 for k in chosen if k[0] == r[0]) > MAX_VALUES_PER_FIELD:
            continue
        if progress:
            progress(f"{p} players: one seat never chooses {r[0]}={r[1]}")
        got = run(("never", r))
        won = [g["focus"] in g["winners"] for g in got]
        use = tuple(sum(g["use"][k] for g in got) for k in range(4))
        rows.append(RestrictionRow(r, _label(game, r), n, paired_change(won, focus_won),
                                   rate(won), use))
    return CountProfile(p, len(base), coop, base_rate, first, skill, rows,
                        {} if coop else role_rates(base))


def role_rates(rows: list[dict]) -> dict[str, tuple[Share, Share]]:
    """Per dealt role, the win rate of the seats that held it against the seats that did
    not, in the same games (Fisher's exact test for the p-value: seats of one game are not
    independent, so read it as a screen, not a verdict)."""
    from scipy.stats import fisher_exact

    dealt = {role for r in rows for role in (r.get("roles") or []) if role is not None}
    out = {}
    for role in sorted(dealt):
        with_, without = [], []
        for r in rows:
            for seat, got in enumerate(r.get("roles") or []):
                (with_ if got == role else without).append(seat in r["winners"])
        a, b = rate(with_), rate(without)
        if with_ and without:
            table = [[sum(with_), len(with_) - sum(with_)],
                     [sum(without), len(without) - sum(without)]]
            a.p = float(fisher_exact(table)[1])
        out[role] = (a, b)
    return out


def print_profile(console, pr: Profile) -> None:
    from rich.markup import escape
    from rich.table import Table

    console.print(f"[bold]{pr.game}[/]: balance profile (restricted play, Jaffe et al. 2012); "
                  f"stand-ins: [bold]{escape(pr.strong)}[/] as the strongest bot, uniform "
                  "random play as the weakest")
    if pr.strong_why:
        console.print(f"    [dim]strongest bot: {escape(pr.strong_why)}[/]")
    for c in pr.counts:
        console.print(f"[bold]{c.players} players[/] ({c.games} games per condition, "
                      f"95% intervals)")
        if c.coop:
            console.print("    co-operative: every seat wins or loses together, so there is "
                          "no first-seat advantage to measure")
        elif c.first_seat is not None:
            console.print(f"    first seat wins {c.first_seat.text()} of games "
                          f"(even share {100 / c.players:.1f}%, p {c.first_seat.p:.3g})")
        for name, s in c.skill.items():
            console.print(f"    {escape(name)}: {s.text()}")
        for role, (a, b) in c.roles.items():
            console.print(f"    role {escape(role)}: its seats win {a.text()}, the others "
                          f"{b.text()} (Fisher p {a.p:.3g})")
        if not c.restrictions:
            console.print("    [dim]the strongest bot never had a choice to restrict[/]")
            continue
        t = Table("restriction (one seat)", "chosen", "its win rate", "change vs unrestricted",
                  "McNemar p", "reading", "filtered / forced / overruled")
        base = c.base_win_rate.text()
        for r in c.restrictions:
            ch = r.change
            t.add_row(escape(r.label), str(r.chosen), r.restricted.text(),
                      f"{100 * ch.value:+.1f} pts [{100 * ch.lo:+.1f}, {100 * ch.hi:+.1f}]",
                      f"{ch.p:.3g}", r.reading(), f"{r.use[1]} / {r.use[2]} / {r.use[3]}")
        console.print(t)
        console.print(f"    [dim]the same seat unrestricted wins {base}[/]")


def html(pr: Profile) -> str:
    """The profile as a self-contained HTML page (the same figures as the terminal)."""
    from html import escape as e

    parts = [f"<!doctype html><meta charset='utf-8'><title>{e(pr.game)} balance profile"
             "</title><style>body{font:14px system-ui;margin:2em}table{border-collapse:"
             "collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}"
             ".needed{color:#a00}.harmful{color:#06a}</style>",
             f"<h1>{e(pr.game)}: balance profile</h1><p>Restricted play after Jaffe et al., "
             "AIIDE 2012. Stand-ins: <b>" + e(pr.strong) + "</b> as the strongest bot, "
             "uniform random play as the weakest; 95% intervals."
             + (f" Strongest bot: {e(pr.strong_why)}." if pr.strong_why else "") + "</p>"]
    for c in pr.counts:
        parts.append(f"<h2>{c.players} players</h2><p>{c.games} games per condition.")
        if c.coop:
            parts.append(" Co-operative: every seat wins or loses together, so there is no "
                         "first-seat advantage to measure.")
        elif c.first_seat is not None:
            parts.append(f" First seat wins {c.first_seat.text()} (even share "
                         f"{100 / c.players:.1f}%, p {c.first_seat.p:.3g}).")
        parts.append("</p><ul>" + "".join(f"<li>{e(k)}: {v.text()}</li>"
                                          for k, v in c.skill.items())
                     + "".join(f"<li>role {e(r)}: its seats win {a.text()}, the others "
                               f"{b.text()} (Fisher p {a.p:.3g})</li>"
                               for r, (a, b) in c.roles.items()) + "</ul>")
        if c.restrictions:
            parts.append("<table><tr><th>one seat never</th><th>chosen</th><th>its win rate"
                         "</th><th>change</th><th>McNemar p</th><th>reading</th>"
                         "<th>filtered / forced / overruled</th></tr>")
            for r in c.restrictions:
                ch, cls = r.change, r.reading().split(":")[0]
                parts.append(f"<tr class='{e(cls)}'><td>{e(r.label)}</td><td>{r.chosen}</td>"
                             f"<td>{r.restricted.text()}</td><td>{100 * ch.value:+.1f} pts "
                             f"[{100 * ch.lo:+.1f}, {100 * ch.hi:+.1f}]</td><td>{ch.p:.3g}"
                             f"</td><td>{e(r.reading())}</td><td>{r.use[1]} / {r.use[2]} / "
                             f"{r.use[3]}</td></tr>")
            parts.append(f"</table><p>The same seat unrestricted wins "
                         f"{c.base_win_rate.text()}.</p>")
    return "".join(parts)


DEFAULT_GAMES = 60  # per condition and player count: small, so CI and a first look are fast


def run_balance(console, game_ref: str, as_json: bool, players: str | None,
                games: str | int | None, seed: int, workers: int,
                html_path=None, strong: str | None = None) -> None:
    """``check GAME --balance``: a clear error (exit 2) for a bad player count or budget."""
    import json
    import os

    import typer
    from rich.markup import escape

    try:
        counts = [int(x) for x in players.split(",") if x.strip()] if players else None
        n = DEFAULT_GAMES if games is None or str(games).strip().lower() == "auto" \
            else int(games)
        if n < 2:
            raise ValueError("--games needs at least 2 games")
        if as_json:
            pr = profile(game_ref, counts, n, seed=seed, strong=strong,
                         workers=workers or os.cpu_count() or 1)
        else:
            with console.status("playing restricted games…") as status:
                pr = profile(game_ref, counts, n, seed=seed, strong=strong,
                             workers=workers or os.cpu_count() or 1,
                             progress=lambda what: status.update(escape(what)))
    except Exception as exc:  # an unknown game, a bad count: say so, no traceback
        console.print(f"[red]error:[/] {escape(str(exc))}")
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(pr.to_json(), ensure_ascii=False, default=float))
    else:
        print_profile(console, pr)
    if html_path:
        from pathlib import Path

        Path(html_path).parent.mkdir(parents=True, exist_ok=True)
        Path(html_path).write_text(html(pr), encoding="utf-8")
        if not as_json:
            console.print(f"wrote {html_path}")
