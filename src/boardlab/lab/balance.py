"""The rulebook's published figures beside ours, each with a verdict.

A verdict is *consistent* when the published figure agrees with ours at the 5% level (see
:func:`boardlab.lab.stats.consistent`), *not consistent* otherwise, and *not comparable*
when the rulebook gives no figure, the figure depends on sample size (a minimum or maximum
over games), or its bots are not ours.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardlab.lab.spec import Experiment, LabSpec, Row
from boardlab.lab.stats import Estimate, consistent, mean_t, wilson

CONSISTENT, INCONSISTENT, NOT_COMPARABLE = "consistent", "not consistent", "not comparable"
NAN_EXTREME = Estimate(float("nan"), float("nan"), float("nan"), 0)


@dataclass
class Check:
    label: str
    published: float | None
    ours: Estimate
    verdict: str
    proportion: bool = False
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "published": self.published, "ours": self.ours.to_json(),
                "verdict": self.verdict, "proportion": self.proportion, "note": self.note}

    def fmt_published(self) -> str:
        if self.published is None:
            return "—"
        return f"{100 * self.published:.1f}%" if self.proportion else f"{self.published:.3g}"


def _verdict(ours: Estimate, published: float | None, n: int | None, proportion: bool,
             comparable: bool) -> str:
    if published is None or not comparable or ours.n == 0:
        return NOT_COMPARABLE
    return CONSISTENT if consistent(ours, published, n, proportion) else INCONSISTENT


def proportion_check(label: str, published: float | None, ours: Estimate,
                     published_n: int | None = None, comparable: bool = True,
                     note: str = "") -> Check:
    return Check(label, published, ours,
                 _verdict(ours, published, published_n, True, comparable), True, note)


def mean_check(label: str, published: float | None, values: list[float] | Estimate,
               published_n: int | None = None, comparable: bool = True,
               note: str = "") -> Check:
    ours = values if isinstance(values, Estimate) else mean_t(
        [v for v in values if v is not None])
    return Check(label, published, ours,
                 _verdict(ours, published, published_n, False, comparable), False, note)


def extreme_check(label: str, published: float | None, values: list[float], kind: str) -> Check:
    """A min or max over games grows with the number of games: shown, never judged."""
    vals = [v for v in values if v is not None]
    got = (min(vals) if kind == "min" else max(vals)) if vals else float("nan")
    return Check(label, published, Estimate(got, float("nan"), float("nan"), len(vals)),
                 NOT_COMPARABLE, False, "extremes grow with the number of games")


def bound_check(label: str, published: float | None, values: list[float], kind: str,
                note: str = "") -> Check:
    """A rulebook bound ("at least", "at most"): consistent when every observation keeps it.

    ``kind`` is ``"min"`` (published is a lower bound: our smallest value must reach it) or
    ``"max"`` (an upper bound)."""
    vals = [v for v in values if v is not None]
    if not vals or published is None:
        return Check(label, published, NAN_EXTREME, NOT_COMPARABLE, False, note)
    got = min(vals) if kind == "min" else max(vals)
    ok = got >= published if kind == "min" else got <= published
    est = Estimate(got, float("nan"), float("nan"), len(vals))
    return Check(label, published, est, CONSISTENT if ok else INCONSISTENT, False,
                 note or f"bound: our {'smallest' if kind == 'min' else 'largest'} of "
                         f"{len(vals)} observations")


def _seat_iter(rows: list[Row], lab: LabSpec | None):
    for r in rows:
        for s in range(r["players"]):
            role = lab.role_of(r, s) if lab else (r.get("roles") or [None] * r["players"])[s]
            yield r, s, role


def win_rate(rows: list[Row], style: str | None = None, role: str | None = None,
             players: int | None = None, lab: LabSpec | None = None,
             any_share: bool = False) -> Estimate:
    """Per-seat win rate of seats matching style/role/players; a k-way shared win counts
    1/k (or 1 with ``any_share``)."""
    lab = lab or LabSpec()
    wins, n = 0.0, 0
    for r, s, rl in _seat_iter(rows, lab):
        if style is not None and r["bots"][s] != style:
            continue
        if role is not None and rl != role:
            continue
        if players is not None and r["players"] != players:
            continue
        n += 1
        if s in r["winners"]:
            wins += 1.0 if any_share else 1.0 / len(r["winners"])
    return wilson(wins, n)


def seat_scores(rows: list[Row], style: str | None = None, role: str | None = None,
                lab: LabSpec | None = None) -> list[float]:
    lab = lab or LabSpec()
    return [r["scores"][s] for r, s, rl in _seat_iter(rows, lab)
            if (style is None or r["bots"][s] == style) and (role is None or rl == role)]


def experiment_spec(game: str, exp: Experiment, games: int | None, seed: int):
    from boardlab.lab.runner import RunSpec

    return RunSpec(game=game, games=games or exp.games, seed=seed, bots=list(exp.bots),
                   options=dict(exp.options), sweep={k: list(v) for k, v in exp.sweep.items()},
                   roles=exp.roles, rotate=exp.rotate, label=exp.name)


def run_experiment(game: str, exp: Experiment, games: int | None, seed: int, workers: int = 1,
                   backend: str = "process", address: str | None = None,
                   progress=None) -> tuple[list[Row], list[Check]]:
    from boardlab.lab.runner import run

    spec = experiment_spec(game, exp, games, seed)
    rows = run(spec, workers=workers, backend=backend, address=address, progress=progress)
    return rows, list(exp.checks(rows))
