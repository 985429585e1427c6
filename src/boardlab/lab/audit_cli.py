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
    from boardlab.lab.audit import published_text

    console.print(f"[bold]{au.game}[/]: {len(au.verdicts)} claims from {au.source or 'the book'}")
    for v in au.verdicts:
        c = v.claim
        colour = COLOUR[v.verdict]
        console.print(f"[{colour}]{escape(f'[{v.verdict}]')}[/] [bold]{escape(c.id)}[/]  {escape(c.section)}"
                      f" · {c.kind}")
        console.print(f"    「{escape(c.quote)}」 {escape(c.english)}")
        console.print(f"    published {escape(published_text(c))} · ours "
                      f"{escape(v.ours_text())} · {escape(v.method)}"
                      + (f" · {v.games} games" if v.games else "")
                      + (f" · adjusted p {_p(v.p_adjusted)}" if not math.isnan(v.p_adjusted)
                         else ""))
        if v.detail:
            console.print(f"    [dim]{escape(v.detail)}[/]")
        if c.note:
            console.print(f"    [dim]note: {escape(c.note)}[/]")
    counts = au.counts()
    console.print(", ".join(f"[{COLOUR[k]}]{n} {k}[/]" for k, n in counts.items()))
    print_seating(console, au.seating)
    for w in au.warnings:
        console.print(f"[yellow]warning:[/] {escape(w)}")
    console.print(f"[dim]stand-in bots: {escape(au.stand_in or 'not stated')}[/]")


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
    def _check(game: str, as_json: bool, html: Path | None, games: int | None,
               walks: int | None, seed: int, workers: int, strict: bool,
               only: str | None, coverage: bool = False) -> None:
        from boardlab.lab.audit import Budget, audit

        if coverage:  # the rulebook's numeric sentences against the register (lab/coverage.py)
            from boardlab.lab.coverage import run_coverage

            run_coverage(console, game, as_json, strict)
            return

        budget = Budget(games=games, walks=walks, seed=seed,
                        workers=workers or os.cpu_count() or 1)
        only_ids = [x for x in (only or "").split(",") if x] or None
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
        games=typer.Option(None, "--games", min=2,
                           help="at most this many games per simulated group "
                                "(default: each claim's own)"),
        walks=typer.Option(None, "--walks", min=1, help="at most this many search walks"),
        seed=typer.Option(0, "--seed"),
        workers=typer.Option(0, "--workers", help="0 = every core"),
        strict=typer.Option(False, "--strict",
                            help="exit 1 when any claim is contradicted"),
        only=typer.Option(None, "--only", help="claim id prefixes, comma separated"),
        coverage=typer.Option(False, "--coverage",
                              help="list every sentence of the rulebook with a number or a "
                                   "comparative, with its claims or why it is none"),
    )

    def check(game: str = typer.Argument(..., help="game id (or module:ATTR)"),
              as_json: bool = opts["as_json"], html: Path = opts["html"],
              games: int = opts["games"], walks: int = opts["walks"], seed: int = opts["seed"],
              workers: int = opts["workers"], strict: bool = opts["strict"],
              only: str = opts["only"], coverage: bool = opts["coverage"]) -> None:
        """Audit the rulebook: every claim of the game's register with ours beside the
        book's and a verdict (holds, contradicted, inconclusive, not checkable)."""
        _check(game, as_json, html, games, walks, seed, workers, strict, only, coverage)

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


def _type_text(ann) -> str:
    args = typing.get_args(ann)
    if typing.get_origin(ann) is typing.Literal:
        return " | ".join(map(str, args))
    if args:
        return " | ".join(_type_text(a) for a in args)
    return getattr(ann, "__name__", str(ann)).replace("NoneType", "none")
