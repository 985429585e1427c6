"""toys' lab declaration: metrics from ``Result.summary`` and the quick-reference checks.

The quick-reference card (§5 Step 4, §11) says how much exposure a night costs at least
(``night_min_exposure``) and that perfect play ends with exactly ``cap - 1 - 4 × night
minimum`` (= 2) points to spare. Those are claims about cooperative play without roles and
items (the supplement notes 🚀 / 🧦 can make a night with no crossing), so the experiment
plays variant 9.6 (``coop``) with ``roles`` and ``items`` off, every seat ``coordinated``
(the §8 advice as a convention) - our stand-in for the card's "perfect play".
"""

from __future__ import annotations

from boardlab.games.toys import published as pub
from boardlab.lab.balance import bound_check, mean_check, proportion_check
from boardlab.lab.spec import Experiment, LabSpec, Metric, Row, summary_metric
from boardlab.lab.stats import wilson

PLAYERS = sorted(pub.QUICK_REFERENCE)


def night_costs(row: Row) -> list[int]:
    """Exposure added in each night played (the summary's figure is cumulative)."""
    cum = row["summary"]["night_exposure"]
    return [b - a for a, b in zip([0, *cum], cum, strict=False)]


def _min_night(row: Row) -> float | None:
    costs = night_costs(row)
    return float(min(costs)) if costs else None


METRICS = [
    summary_metric("exposure", "final exposure"),
    summary_metric("dawn", "dawn reached", proportion=True),
    summary_metric("nights_played", "nights played"),
    Metric("cap_margin", lambda r: float(r["summary"]["cap"] - 1 - r["summary"]["exposure"]),
           "points to spare below the cap"),
    Metric("min_night_exposure", _min_night, "cheapest night's exposure"),
    Metric("tasks_done", lambda r: float(sum(r["summary"]["tasks_done"])), "tasks done"),
    Metric("companions", lambda r: float(sum(r["summary"]["companions"])), "companions taken"),
]


def quick_reference_checks(rows: list[Row]) -> list:
    out = []
    for p in PLAYERS:
        prow = [r for r in rows if r["players"] == p]
        ref = pub.QUICK_REFERENCE[p]
        costs = [float(c) for r in prow for c in night_costs(r)]
        out.append(bound_check(f"{p}p night minimum exposure (≥)", ref["night_min_exposure"],
                               costs, "min"))
        dawn = [r for r in prow if r["summary"]["dawn"]]
        margins = [float(r["summary"]["cap"] - 1 - r["summary"]["exposure"]) for r in dawn]
        out.append(bound_check(f"{p}p cap margin at dawn (≤)", pub.CAP_MARGIN[p], margins,
                               "max", note="cap − 1 − final exposure, dawn games only"))
        out.append(mean_check(f"{p}p cap margin, coordinated play", pub.CAP_MARGIN[p],
                              margins,
                              note=f"card: exactly {pub.PERFECT_PLAY_MARGIN_STATED} "
                                   "(§7.3 says 3)"))
        out.append(proportion_check(f"{p}p dawn reached (coordinated)", None,
                                    wilson(len(dawn), len(prow)),
                                    note="no published figure"))
    return out


LAB = LabSpec(
    metrics=METRICS,
    default_bots=["coordinated", "greedy", "random"],
    source="quick-reference card (§5 Step 4, §11)",
    stand_in="'coordinated' (the §8 advice as a public convention) for the card's perfect "
             "play; no simulator bots are published for toys",
    experiments=[
        Experiment("quick_reference", "速查卡：每夜最低曝光与爆点余量 (quick reference)",
                   {"coop": True, "roles": False, "items": False}, ["coordinated"],
                   quick_reference_checks, games=100, sweep={"players": PLAYERS},
                   note="cooperative play (9.6), no roles, no items"),
    ],
)
