"""Lab commands: simulate, runs, show, export, report; check (alias balance), bots,
options (:mod:`boardlab.lab.audit_cli`)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

console = Console()


def parse_value(text: str) -> Any:
    """``3`` -> 3, ``0.5`` -> 0.5, ``true`` -> True, anything else stays a string."""
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text.strip()


def parse_sets(items: list[str]) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    """``key=v`` fixes an option; ``key=v1,v2`` sweeps it (several keys form a grid)."""
    fixed: dict[str, Any] = {}
    sweep: dict[str, list[Any]] = {}
    for item in items:
        if "=" not in item:
            raise typer.BadParameter(f"--set needs option=value, not {item!r}")
        key, _, raw = item.partition("=")
        values = [parse_value(v) for v in raw.split(",")]
        if len(values) == 1:
            fixed[key.strip()] = values[0]
        else:
            sweep[key.strip()] = values
    return fixed, sweep


def _split(text: str | None) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()] if text else []


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeRemainingColumn(), console=console, transient=True)


def _stream_with_bar(spec, sink, workers: int, backend: str, address: str | None,
                     quiet: bool) -> int:
    from boardlab.lab.runner import stream

    total = spec.games * len(spec.variants())
    if quiet:
        return stream(spec, sink, workers=workers, backend=backend, address=address)
    with _progress() as bar:
        task = bar.add_task(f"{spec.label or spec.game}", total=total)
        return stream(spec, sink, workers=workers, backend=backend, address=address,
                      progress=lambda n: bar.advance(task, n))


def simulate_streamed(spec, lab, workers: int, backend: str, address: str | None,
                      quiet: bool, keep: bool) -> tuple[str | None, dict[str, Any], str | None]:
    """Play ``spec`` with each finished batch of rows stored at once (one transaction per
    batch, :class:`~boardlab.lab.store.RunWriter`) and reduced to the few numbers the
    analysis reads (:class:`~boardlab.lab.analysis.Accumulator`, flat numeric columns):
    the parent never holds every row. Returns the run id (None unless ``keep``), the
    analysis and the seating warning. A run that fails half-way is removed from the store."""
    from boardlab.lab.analysis import Accumulator, to_json
    from boardlab.lab.design import confounding_warning
    from boardlab.lab.runner import code_version

    acc = Accumulator(lab)
    writer = None
    if keep:  # the store (SQLAlchemy, migrations) only for a run that is kept
        from boardlab.lab import store

        config = {"spec": spec.to_json(), "variants": spec.variants(), "workers": workers,
                  "backend": backend}
        writer = store.RunWriter(spec.game, "simulate", config, code_version(), spec.seed,
                                 spec.games)

    def sink(rows) -> None:
        if writer is not None:
            writer.add(rows)
        acc.add(rows)

    try:
        _stream_with_bar(spec, sink, workers, backend, address, quiet)
    except BaseException:
        if writer is not None:
            writer.discard()
        raise
    analysis = acc.analyse(spec.variants())
    warn = confounding_warning(acc.seatings(0))
    run_id = writer.finish(to_json(analysis)) if writer is not None else None
    return run_id, analysis, warn


def print_summary(rows, lab, variants, sweep, an: dict[str, Any] | None = None) -> None:
    """The run's figures as terminal tables (``an``: the analysis, if already made)."""
    from boardlab.lab.analysis import analyse

    if an is None:
        an = analyse(rows, lab, variants)
    for pv in an["variants"]:
        label = ", ".join(f"{k}={pv['options'].get(k)}" for k in sweep) or "base"
        t = Table("group", "n", "win (k-way share = 1/k)", "any share of win", "mean score",
                  title=f"{label}: {pv['games']} games")
        for key in ("bot", "role", "seat", "players"):
            for g in pv[key]:
                t.add_row(f"{key} {g[key]}", str(g["n"]), g["win"].fmt(True),
                          g["any_win"].fmt(True), g["score"].fmt())
        console.print(t)
        if pv["metrics"]:
            mt = Table("metric", "n", "estimate [95% CI]")
            for m in pv["metrics"]:
                prop = any(x.proportion for x in lab.metrics if x.name == m["metric"])
                mt.add_row(m["label"], str(m["estimate"].n), m["estimate"].fmt(prop))
            console.print(mt)
    if an["comparisons"]:
        ct = Table("variant", "change", "figure", "paired diff [95% CI]", "p", "Holm sig.",
                   title="against variant 0, same seeds")
        for c in an["comparisons"]:
            p = c["paired"].p_value
            ct.add_row(str(c["variant"]), json.dumps(c["changes"]), c["figure"],
                       c["paired"].diff.fmt(), "—" if math.isnan(p) else f"{p:.3g}",
                       "[bold]yes[/]" if c["significant"] else "no")
        console.print(ct)


def register(app: typer.Typer) -> None:  # noqa: C901 - one place lists every lab command
    @app.command()
    def simulate(
        game: str = typer.Argument(..., help="game id (or module:ATTR)"),
        players: str = typer.Option(None, "--players", help="seats (n, or n1,n2 to sweep)"),
        bots: str = typer.Option(None, "--bots", help="bot names (default: the game's mix), "
                                 "seated in a balanced design"),
        roles: str = typer.Option(None, "--roles", help="roles, assigned to seats cyclically"),
        sets: list[str] = typer.Option([], "--set", help="option=value or option=v1,v2 (sweep)"),
        games: int = typer.Option(100, "--games", min=1),
        seed: int = typer.Option(0, "--seed"),
        workers: int = typer.Option(0, "--workers", help="0 = every core"),
        backend: str = typer.Option("process", "--backend", help="process or ray"),
        address: str = typer.Option(None, "--address", help=(
            "a running Ray cluster for --backend ray: HOST:PORT (the head's GCS port) or "
            "ray://HOST:PORT (Ray Client); default: a local Ray on this machine")),
        no_rotate: bool = typer.Option(False, "--no-rotate", help="keep bots in fixed seats"),
        design: str = typer.Option("latin", "--design",
                                   help="seating: latin (default), permutations or fixed"),
        label: str = typer.Option("", "--label", help="a name for the run (shown by runs)"),
        as_json: bool = typer.Option(False, "--json"),
        no_store: bool = typer.Option(False, "--no-store"),
    ) -> None:
        """Simulate --games games with bots (all cores); store the run and print its figures."""
        import os

        from boardlab.lab.analysis import to_json
        from boardlab.lab.runner import RunSpec
        from boardlab.lab.spec import resolve_game, resolve_lab

        fixed, sweep = parse_sets(sets)
        if players:
            ps = [int(p) for p in _split(players)]
            if len(ps) == 1:
                fixed["players"] = ps[0]
            else:
                sweep["players"] = ps
        try:
            resolve_game(game)
            lab = resolve_lab(game)
        except Exception as exc:
            console.print(f"[red]error:[/] {exc}")
            raise typer.Exit(2) from None
        from boardlab.lab.design import DESIGNS

        if design not in DESIGNS:
            console.print(f"[red]error:[/] --design is one of {', '.join(DESIGNS)}")
            raise typer.Exit(2)
        from boardlab.bots.policy import allow_from_command_line

        try:  # a trained policy named on the command line plays as a bot (bots/policy.py)
            allow_from_command_line(_split(bots))
        except ValueError as exc:
            console.print(f"[red]error:[/] {exc}")
            raise typer.Exit(2) from None
        spec = RunSpec(game=game, games=games, seed=seed, bots=_split(bots),
                       options=fixed, sweep=sweep, roles=_split(roles) or None,
                       rotate=not no_rotate and design != "fixed", label=label,
                       design=design)
        w = workers or os.cpu_count() or 1
        try:
            run_id, an, warn = simulate_streamed(spec, lab, w, backend, address, as_json,
                                                 keep=not no_store)
        except Exception as exc:  # bad option / bot / missing ray: say it, no traceback
            console.print(f"[red]error:[/] {exc}")
            raise typer.Exit(2) from None
        if warn and not as_json:
            console.print(f"[yellow]warning:[/] {warn}")
        if as_json:
            print(json.dumps({"run": run_id, "spec": spec.to_json(), "warning": warn,
                              "analysis": to_json(an)}, ensure_ascii=False))
            return
        print_summary(None, lab, spec.variants(), sweep, an)
        if run_id:
            console.print(f"stored run [bold]{run_id}[/]")

    @app.command()
    def runs(limit: int = typer.Option(30, "--limit")) -> None:
        """List stored lab runs, newest first."""
        from boardlab.lab import store

        # One block per run, not a table: ids, bot lists and labels must not be cut.
        for r in store.list_runs(limit):
            spec = r.config.get("spec", {})
            variants = r.config.get("variants") or [{}]
            players = sorted({str(v.get("players", "default")) for v in variants})
            bots = ",".join(spec.get("bots") or []) or "the game's default mix"
            sweep = ",".join(spec.get("sweep") or {}) or "none"
            console.print(f"[bold]{r.id}[/]  {r.game}  [cyan]{spec.get('label') or '—'}[/]  "
                          f"{r.kind}, {r.games} games x {len(variants)} variant(s), seed "
                          f"{r.seed}, {r.created.strftime('%Y-%m-%d %H:%M')}")
            console.print(f"    players {','.join(players)}; bots {bots}; sweep {sweep}; "
                          f"code {r.code_version}", soft_wrap=True)

    def _find(run_id: str):
        from boardlab.lab import store

        try:
            return store.find_run(run_id)
        except KeyError as exc:
            console.print(f"[red]error:[/] {exc.args[0]}")
            raise typer.Exit(2) from None

    def _load(run_id: str):
        from boardlab.lab import store

        run = _find(run_id)
        return run, store.load_rows(run.id)

    @app.command()
    def show(run_id: str = typer.Argument(..., help="run id, unique prefix, or 'last'"),
             as_json: bool = typer.Option(False, "--json")) -> None:
        """Print a stored run's figures again."""
        from boardlab.lab import store
        from boardlab.lab.spec import resolve_lab

        run = _find(run_id)
        if as_json:
            print(json.dumps({"run": run.id, "config": run.config, "summary": run.summary},
                             ensure_ascii=False, default=str))
            return
        console.print(f"run [bold]{run.id}[/] {run.game} {run.kind} seed {run.seed} "
                      f"code {run.code_version}")
        lab = resolve_lab(run.game)
        # read back in batches: the analysis keeps only a few numbers per game
        print_summary(store.iter_rows(run.id), lab, run.config["variants"],
                      run.config["spec"].get("sweep", {}))

    @app.command()
    def export(run_id: str = typer.Argument(...),
               fmt: str = typer.Option("csv", "--format", help="csv or parquet"),
               out: Path = typer.Option(..., "--out")) -> None:
        """Export a run as tidy data: one line per seat of every game (run, game, seed,
        seat, bot, role, options, score, win, summary figures)."""
        from boardlab.lab.spec import resolve_lab
        from boardlab.lab.tidy import export as write
        from boardlab.lab.tidy import frame

        run, rows = _load(run_id)
        if fmt not in ("csv", "parquet"):
            console.print(f"[red]error:[/] unknown format {fmt!r}; use csv or parquet")
            raise typer.Exit(2)
        df = frame(rows, resolve_lab(run.game), run.id, run.config.get("variants"))
        write(df, out, fmt)
        console.print(f"wrote {len(df)} seats of {len(rows)} games to {out}")

    @app.command()
    def report(run_id: str = typer.Argument(...),
               out: Path = typer.Option(None, "--out", help="folder (default data/reports/RUN)")
               ) -> None:
        """Write a self-contained HTML report and a Markdown report of a run."""
        from boardlab.lab import report as rep
        from boardlab.lab.spec import resolve_lab
        from boardlab.settings import data_dir

        run, rows = _load(run_id)
        html_path, md_path = rep.write(run, rows, resolve_lab(run.game),
                                       out or data_dir() / "reports" / run.id)
        console.print(f"wrote {html_path} and {md_path}")

    register_audit(app)
    from boardlab.lab.arena import register as register_arena

    register_arena(app, console)


def register_audit(app: typer.Typer) -> None:
    from boardlab.lab.audit_cli import register as reg

    reg(app, console)
