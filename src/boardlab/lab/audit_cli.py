"""``boardlab check`` (alias ``balance``), ``boardlab bots`` and ``boardlab options``."""

from __future__ import annotations

import json
import math
import os
import typing
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

COLOUR = {"holds": "green", "contradicted": "red", "inconclusive": "yellow",
          "not checkable": "dim"}


def _p(x: float) -> str:
    return "—" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.3g}"


def print_audit(console: Console, au) -> None:
    """Book errors first, stand-in gaps apart (lab/audit_report.py)."""
    from boardlab.lab.audit_report import print_terminal

    print_terminal(console, au)


def print_seating(console: Console, seating: dict) -> None:
    if not seating:
        return
    console.print(f"[bold]Seats[/] ({seating['games']} games, bots "
                  f"{', '.join(seating['bots'])}):")
    for f in seating["fairness"]:
        wins = ", ".join(f"{w:.1f}" for w in f["wins"])
        console.print(f"    {f['players']} players: wins per seat {wins}; chi-square "
                      f"{f['chi2']:.2f} (df {f['df']}), p {_p(f['p_value'])}")
    reg = seating["regression"]
    if "error" in reg:
        console.print(f"    win regression: {escape(reg['error'])}")
        return
    terms = "; ".join(f"{t['term']} chi2 {t['chi2']:.2f} (df {t['df']}) p {_p(t['p_value'])}"
                      for t in reg["terms"])
    console.print(f"    logit {escape(reg['formula'])}, errors clustered by game: {terms}")


def register(app: typer.Typer, console: Console) -> None:  # noqa: C901 - one place per command
    def _check(game: str, as_json: bool, html: Path | None, games: str | None,
               walks: int | None, seed: int, workers: int, strict: bool,
               only: str | None, coverage: bool = False, sets: list[str] | None = None,
               sweep: str | None = None, plot: Path | None = None, *,
               backend: str = "process", address: str | None = None,
               seconds: float | None = None, balance: bool = False,
               players: str | None = None, bots: str | None = None) -> None:
        from boardlab.lab.audit import Budget, audit

        if balance:  # restricted play beyond the claims (lab/balance_profile.py)
            from boardlab.lab.balance_profile import run_balance

            run_balance(console, game, as_json, players, games, seed, workers, html, bots)
            return
        if coverage:  # the rulebook's numeric sentences against the register (lab/coverage.py)
            from boardlab.lab.coverage import run_coverage

            run_coverage(console, game, as_json, strict)
            return

        try:
            budget = Budget(games=_games(games), walks=walks, seed=seed,
                            workers=workers or os.cpu_count() or 1, backend=backend,
                            address=address, seconds=seconds)
        except ValueError as exc:
            console.print(f"[red]error:[/] {escape(str(exc))}")
            raise typer.Exit(2) from None
        only_ids = [x for x in (only or "").split(",") if x] or None
        if sets or sweep:  # what if: the register re-judged under changed rules (lab/whatif.py)
            from boardlab.lab.whatif import run_what_if

            run_what_if(console, game, list(sets or []), sweep, plot, as_json, budget, only_ids)
            return
        try:
            if as_json:
                au = audit(game, budget, only_ids)
            else:
                with console.status("auditing the rulebook…") as status:
                    budget.progress = lambda what, n: status.update(escape(what))
                    au = audit(game, budget, only_ids)
        except Exception as exc:  # an unknown game or option: say so, no traceback
            console.print(f"[red]error:[/] {escape(str(exc))}")
            raise typer.Exit(2) from None
        if not au.verdicts:
            console.print(f"[yellow]{game} has no claim register[/] "
                          "(games/<id>/claims.py, docs/claims.md)")
        if as_json:
            print(json.dumps(au.to_json(), ensure_ascii=False, default=str))
        else:
            print_audit(console, au)
        if html:
            from boardlab.lab.audit_report import write_html

            write_html(au, html)
            if not as_json:
                console.print(f"wrote {html}")
        if strict and au.counts()["contradicted"]:
            raise typer.Exit(1)

    opts = dict(
        as_json=typer.Option(False, "--json", help="print the audit as JSON"),
        html=typer.Option(None, "--html", help="also write a self-contained HTML report"),
        games=typer.Option("auto", "--games",
                           help="auto (default): each simulated claim from its own games, "
                                "doubling until decided (docs/audit.md); N: up to N games"),
        backend=typer.Option("process", "--backend", help="process or ray (as simulate)"),
        address=typer.Option(None, "--address", help="a running Ray cluster for --backend "
                                                     "ray: HOST:PORT or ray://HOST:PORT"),
        seconds=typer.Option(None, "--seconds", min=1.0,
                             help="--games auto: stop extending after this long "
                                  "(default 600)"),
        walks=typer.Option(None, "--walks", min=1, help="at most this many search walks"),
        seed=typer.Option(0, "--seed"),
        workers=typer.Option(0, "--workers", help="0 = every core"),
        strict=typer.Option(False, "--strict",
                            help="exit 1 when any claim is contradicted"),
        only=typer.Option(None, "--only", help="claim id prefixes, comma separated"),
        coverage=typer.Option(False, "--coverage",
                              help="list every sentence of the rulebook with a number or a "
                                   "comparative, with its claims or why it is none"),
        sets=typer.Option([], "--set", help="what if: option=value, the register re-judged "
                                            "under changed rules"),
        sweep=typer.Option(None, "--sweep", help="option=a,b,c or option=a..b: where each "
                                                  "claim's verdict flips"),
        plot=typer.Option(None, "--plot", help="with --sweep: write the threshold cliffs "
                                                "(PNG)"),
        balance=typer.Option(False, "--balance", help="the balance profile: first seat, "
                                                      "skill, restricted play"),
        players=typer.Option(None, "--players", help="with --balance: player counts, comma "
                                                      "separated (default: every count)"),
        bots=typer.Option(None, "--bots", help="with --balance: the bot standing in for the "
                                                "strongest player (default: the game's "
                                                "STRONG_POLICY, its strongest style; strong "
                                                "for the search bot; boardlab bots GAME)"),
    )

    def check(game: str = typer.Argument(..., help="game id (or module:ATTR)"),
              as_json: bool = opts["as_json"], html: Path = opts["html"],
              games: str = opts["games"], walks: int = opts["walks"], seed: int = opts["seed"],
              workers: int = opts["workers"], strict: bool = opts["strict"],
              only: str = opts["only"], coverage: bool = opts["coverage"],
              sets: list[str] = opts["sets"], sweep: str = opts["sweep"],
              plot: Path = opts["plot"], backend: str = opts["backend"],
              address: str = opts["address"], seconds: float = opts["seconds"],
              balance: bool = opts["balance"], players: str = opts["players"],
              bots: str = opts["bots"]) -> None:
        """Audit the rulebook: every claim of the game's register with ours beside the
        book's and a verdict (holds, contradicted, inconclusive, not checkable)."""
        _check(game, as_json, html, games, walks, seed, workers, strict, only, coverage,
               sets, sweep, plot, backend=backend, address=address, seconds=seconds,
               balance=balance, players=players, bots=bots)

    app.command("check")(check)
    app.command("balance", help="Alias of check (the rulebook audit).")(check)

    @app.command()
    def bots(game: str = typer.Argument(...)) -> None:
        """List the bots a game can be played with, and its default mix per player count."""
        from boardlab.bots.registry import bot_factories
        from boardlab.lab.spec import resolve_game

        try:
            g = resolve_game(game)
        except Exception as exc:
            console.print(f"[red]error:[/] {escape(str(exc))}")
            raise typer.Exit(2) from None
        t = Table("bot", "what it does", title=f"bots of {g.id}")
        for name, factory in sorted(bot_factories(g).items()):
            # A factory may be a class or a closure: the bot's own class says what it does.
            doc = (type(factory()).__doc__ or "").strip().splitlines()
            t.add_row(name, doc[0] if doc else "")
        console.print(t)
        for p in range(g.min_players, g.max_players + 1):
            console.print(f"default mix, {p} players: {', '.join(g.style_mix(p))}")

    @app.command()
    def options(game: str = typer.Argument(...)) -> None:
        """List a game's options (name, type, default) for --set."""
        from boardlab.lab.spec import resolve_game

        try:
            g = resolve_game(game)
        except Exception as exc:
            console.print(f"[red]error:[/] {escape(str(exc))}")
            raise typer.Exit(2) from None
        t = Table("option", "values", "default", "meaning", title=f"options of {g.id}")
        for name, f in g.Config.model_fields.items():
            t.add_row(name, escape(_type_text(f.annotation)), escape(repr(f.default)),
                      escape(f.description or ""))
        console.print(t)
        console.print("[dim]set with --set option=value; sweep with --set option=v1,v2[/]")


def _games(text: str | None) -> int | None:
    """``--games``: ``auto`` (None: sequential, docs/audit.md) or a number of games."""
    if text is None or str(text).strip().lower() == "auto":
        return None
    try:
        n = int(text)
    except ValueError:
        raise ValueError(f"--games is auto or a whole number of games, not {text!r}") from None
    if n < 2:
        raise ValueError("--games needs at least 2 games")
    return n


def _type_text(ann) -> str:
    args = typing.get_args(ann)
    if typing.get_origin(ann) is typing.Literal:
        return " | ".join(map(str, args))
    if args:
        return " | ".join(_type_text(a) for a in args)
    return getattr(ann, "__name__", str(ann)).replace("NoneType", "none")
