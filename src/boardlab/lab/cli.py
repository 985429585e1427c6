"""Lab commands: simulate, runs, show, export, report, balance."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Column, Table

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


def _run_with_bar(spec, workers: int, backend: str, address: str | None, quiet: bool):
    from boardlab.lab.runner import run

    total = spec.games * len(spec.variants())
    if quiet:
        return run(spec, workers=workers, backend=backend, address=address)
    with _progress() as bar:
        task = bar.add_task(f"{spec.label or spec.game}", total=total)
        return run(spec, workers=workers, backend=backend, address=address,
                   progress=lambda n: bar.advance(task, n))


def _store(spec, rows, kind: str, workers: int, backend: str, extra: dict | None = None) -> str:
    from boardlab.lab import store
    from boardlab.lab.analysis import analyse, to_json
    from boardlab.lab.runner import code_version
    from boardlab.lab.spec import resolve_lab

    summary = to_json(analyse(rows, resolve_lab(spec.game), spec.variants()))
    summary.update(extra or {})
    config = {"spec": spec.to_json(), "variants": spec.variants(), "workers": workers,
              "backend": backend}
    return store.save_run(spec.game, kind, config, rows, summary, code_version(), spec.seed,
                          spec.games)


def print_summary(rows, lab, variants, sweep) -> None:
    from boardlab.lab.analysis import analyse

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


def print_checks(title: str, checks, stand_in: str) -> None:
    t = Table("figure", "published", "ours [95% CI]", "verdict", "note", title=title)
    colour = {"consistent": "green", "not consistent": "red", "not comparable": "yellow"}
    for c in checks:
        t.add_row(c.label, c.fmt_published(), c.ours.fmt(c.proportion),
                  f"[{colour[c.verdict]}]{c.verdict}[/]", c.note)
    console.print(t)
    if stand_in:
        console.print(f"[dim]stand-in for the rulebook's bots: {stand_in}[/]")


def register(app: typer.Typer) -> None:  # noqa: C901 - one place lists every lab command
    @app.command()
    def simulate(
        game: str = typer.Argument(..., help="game id (or module:ATTR)"),
        players: str = typer.Option(None, "--players", help="seats (n, or n1,n2 to sweep)"),
        bots: str = typer.Option(None, "--bots", help="bot names, assigned to seats cyclically"),
        roles: str = typer.Option(None, "--roles", help="roles, assigned to seats cyclically"),
        sets: list[str] = typer.Option([], "--set", help="option=value or option=v1,v2 (sweep)"),
        games: int = typer.Option(100, "--games", min=1),
        seed: int = typer.Option(0, "--seed"),
        workers: int = typer.Option(0, "--workers", help="0 = every core"),
        backend: str = typer.Option("process", "--backend", help="process or ray"),
        address: str = typer.Option(None, "--address", help="Ray cluster address"),
        no_rotate: bool = typer.Option(False, "--no-rotate", help="keep bots in fixed seats"),
        as_json: bool = typer.Option(False, "--json"),
        no_store: bool = typer.Option(False, "--no-store"),
    ) -> None:
        """Simulate --games games with bots (all cores); store the run and print its figures."""
        import os

        from boardlab.lab.analysis import analyse, to_json
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
        spec = RunSpec(game=game, games=games, seed=seed, bots=_split(bots) or lab.default_bots,
                       options=fixed, sweep=sweep, roles=_split(roles) or None,
                       rotate=not no_rotate)
        w = workers or os.cpu_count() or 1
        try:
            rows = _run_with_bar(spec, w, backend, address, as_json)
        except Exception as exc:  # bad option / bot / missing ray: say it, no traceback
            console.print(f"[red]error:[/] {exc}")
            raise typer.Exit(2) from None
        run_id = None if no_store else _store(spec, rows, "simulate", w, backend)
        if as_json:
            print(json.dumps({"run": run_id, "spec": spec.to_json(),
                              "analysis": to_json(analyse(rows, lab, spec.variants()))},
                             ensure_ascii=False))
            return
        print_summary(rows, lab, spec.variants(), sweep)
        if run_id:
            console.print(f"stored run [bold]{run_id}[/]")

    @app.command()
    def runs(limit: int = typer.Option(30, "--limit")) -> None:
        """List stored lab runs, newest first."""
        from boardlab.lab import store

        t = Table("created", "game", "kind", "games", "variants", "seed", "code")
        t.columns.insert(0, Column("run", no_wrap=True))  # ids are what people copy
        for r in store.list_runs(limit):
            t.add_row(r.id, r.created.strftime("%Y-%m-%d %H:%M"), r.game, r.kind, str(r.games),
                      str(len(r.config.get("variants", []))), str(r.seed), r.code_version)
        console.print(t)

    def _load(run_id: str):
        from boardlab.lab import store

        try:
            run = store.find_run(run_id)
        except KeyError as exc:
            console.print(f"[red]error:[/] {exc.args[0]}")
            raise typer.Exit(2) from None
        return run, store.load_rows(run.id)

    @app.command()
    def show(run_id: str = typer.Argument(..., help="run id, unique prefix, or 'last'"),
             as_json: bool = typer.Option(False, "--json")) -> None:
        """Print a stored run's figures again."""
        from boardlab.lab.balance import Check
        from boardlab.lab.spec import resolve_lab
        from boardlab.lab.stats import Estimate

        run, rows = _load(run_id)
        if as_json:
            print(json.dumps({"run": run.id, "config": run.config, "summary": run.summary},
                             ensure_ascii=False, default=str))
            return
        console.print(f"run [bold]{run.id}[/] {run.game} {run.kind} seed {run.seed} "
                      f"code {run.code_version}")
        lab = resolve_lab(run.game)
        print_summary(rows, lab, run.config["variants"], run.config["spec"].get("sweep", {}))
        if run.summary.get("checks"):
            checks = [Check(c["label"], c["published"], Estimate(
                **{k: (float("nan") if v is None else v) for k, v in c["ours"].items()}),
                c["verdict"], c["proportion"], c.get("note", "")) for c in run.summary["checks"]]
            print_checks(run.summary.get("experiment", ""), checks, lab.stand_in)

    @app.command()
    def export(run_id: str = typer.Argument(...),
               fmt: str = typer.Option("csv", "--format", help="csv or parquet"),
               out: Path = typer.Option(..., "--out")) -> None:
        """Export a run's games, one line per game (per-seat columns, metrics, summary)."""
        from boardlab.lab.export import flat_rows

        run, rows = _load(run_id)
        flat = flat_rows(rows)
        out.parent.mkdir(parents=True, exist_ok=True)
        if fmt == "csv":
            keys = list(dict.fromkeys(k for r in flat for k in r))
            with out.open("w", newline="", encoding="utf-8") as fh:
                w = csv.DictWriter(fh, fieldnames=keys)
                w.writeheader()
                w.writerows(flat)
        elif fmt == "parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq

            pq.write_table(pa.Table.from_pylist(flat), out)
        else:
            console.print(f"[red]error:[/] unknown format {fmt!r}; use csv or parquet")
            raise typer.Exit(2)
        console.print(f"wrote {len(flat)} games to {out}")

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

    @app.command()
    def balance(
        game: str = typer.Argument(...),
        games: int = typer.Option(None, "--games", help="games per experiment cell "
                                  "(default: the rulebook's own count)"),
        seed: int = typer.Option(0, "--seed"),
        workers: int = typer.Option(0, "--workers"),
        only: str = typer.Option(None, "--only", help="experiment names, comma separated"),
        out: Path = typer.Option(None, "--out", help="also write reports into this folder"),
    ) -> None:
        """Run every experiment the rulebook reports; published figures beside ours."""
        import os

        from boardlab.lab import report as rep
        from boardlab.lab import store
        from boardlab.lab.balance import INCONSISTENT, experiment_spec
        from boardlab.lab.spec import resolve_lab

        lab = resolve_lab(game)
        exps = [e for e in lab.experiments if not only or e.name in _split(only)]
        if not exps:
            console.print(f"[red]error:[/] {game} declares no balance experiments")
            raise typer.Exit(2)
        w = workers or os.cpu_count() or 1
        bad = 0
        for exp in exps:
            spec = experiment_spec(game, exp, games, seed)
            rows = _run_with_bar(spec, w, "process", None, False)
            checks = list(exp.checks(rows))
            bad += sum(c.verdict == INCONSISTENT for c in checks)
            run_id = _store(spec, rows, "balance", w, "process",
                            {"experiment": exp.title, "checks": [c.to_json() for c in checks]})
            print_checks(f"{exp.title} — run {run_id}", checks, "")
            if exp.note:
                console.print(f"[dim]{exp.note}[/]")
            if out:
                run = store.find_run(run_id)
                rep.write(run, rows, lab, out / run_id)
        console.print(f"stand-in for the rulebook's bots: {lab.stand_in or 'not stated'}")
        console.print(f"{bad} published figure(s) not consistent with ours")
