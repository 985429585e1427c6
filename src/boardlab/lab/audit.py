"""``boardlab check GAME``: every claim of a game's register, ours beside the book's, and a
verdict - holds, contradicted, inconclusive, not checkable (docs/audit.md).

Claims checked by simulation that share options and bots share one run (one balanced seating
design, the same seeds). Their equivalence tests form one family per game: Holm adjusts the
p-values for "holds" and, separately, for "contradicted", so neither verdict is handed out by
chance more often than α over the whole register.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import boardlab
from boardlab.engine.claims import (
    MEAN_MARGIN_MIN,
    MEAN_MARGIN_REL,
    RATE_MARGIN,
    Claim,
    Counterexample,
    Formula,
    NotCheckable,
    Paired,
    Replay,
    Search,
    Simulate,
)
from boardlab.lab.inference import games_to_settle, interval_test
from boardlab.lab.spec import LabSpec, Row, resolve_game, resolve_lab
from boardlab.lab.stats import Estimate, exact, holm_adjust, mcnemar_test, wilcoxon_test

HOLDS, CONTRADICTED, INCONCLUSIVE, NOT_CHECKABLE = (
    "holds", "contradicted", "inconclusive", "not checkable")
VERDICTS = (HOLDS, CONTRADICTED, INCONCLUSIVE, NOT_CHECKABLE)
ALPHA = 0.05


@dataclass
class Verdict:
    claim: Claim
    verdict: str
    ours: Any = None  # an Estimate, an exact value, or a description
    detail: str = ""
    method: str = ""
    games: int = 0
    p_hold: float = math.nan
    p_contra: float = math.nan
    p_adjusted: float = math.nan
    interval: tuple[float, float] | None = None  # what "holds" means for ours
    counterexample: dict[str, Any] | None = None
    _tested: Any = field(default=None, repr=False)

    def ours_text(self) -> str:
        if isinstance(self.ours, Estimate):
            pct = self.interval is not None and _is_rate(self.claim)
            return self.ours.fmt(pct)
        if self.ours is None:
            return "—"
        return _fmt(self.ours)

    def to_json(self) -> dict[str, Any]:
        c = self.claim

        def num(x: float) -> float | None:
            return None if x is None or (isinstance(x, float) and not math.isfinite(x)) else x

        return {"id": c.id, "section": c.section, "quote": c.quote, "english": c.english,
                "kind": c.kind, "published": _jsonable(c.published),
                "check": type(c.check).__name__, "ours": (self.ours.to_json()
                if isinstance(self.ours, Estimate) else _jsonable(self.ours)),
                "verdict": self.verdict, "detail": self.detail, "method": self.method,
                "games": self.games, "p_hold": num(self.p_hold),
                "p_contra": num(self.p_contra), "p_adjusted": num(self.p_adjusted),
                "holds_if_within": None if self.interval is None else [
                    num(self.interval[0]), num(self.interval[1])],
                "counterexample": self.counterexample, "note": c.note}


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return list(v)
    if isinstance(v, float) and not math.isfinite(v):
        return None
    return v


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, tuple | list):
        return "(" + ", ".join(_fmt(x) for x in v) + ")"
    return str(v)


def published_text(c: Claim) -> str:
    """The book's value; a range (``compare="between"``) reads low–high."""
    chk = c.check
    if isinstance(c.published, tuple) and getattr(chk, "compare", "") == "between":
        return "–".join(_fmt(x) for x in c.published)
    return _fmt(c.published)


def _is_rate(c: Claim) -> bool:
    chk = c.check
    return isinstance(chk, Simulate) and chk.bounds == (0.0, 1.0)


def margin_for(c: Claim) -> float:
    """The claim's own margin, else the kind's default (docs/audit.md)."""
    chk = c.check
    assert isinstance(chk, Simulate)
    if chk.margin is not None:
        return chk.margin
    if _is_rate(c):
        return RATE_MARGIN.get(c.kind, 0.05)
    ref = c.published[1] if isinstance(c.published, tuple) else c.published
    return max(MEAN_MARGIN_MIN, MEAN_MARGIN_REL.get(c.kind, 0.10) * abs(float(ref)))


def target_interval(c: Claim) -> tuple[float, float]:
    chk = c.check
    assert isinstance(chk, Simulate)
    m = margin_for(c)
    pub = c.published
    if chk.compare == "between":
        lo, hi = pub
        return float(lo) - m, float(hi) + m
    if chk.compare == "ge":
        return float(pub) - m, math.inf
    if chk.compare == "le":
        return -math.inf, float(pub) + m
    return float(pub) - m, float(pub) + m


def scenario_dir(game_id: str) -> Path:
    return Path(boardlab.__file__).resolve().parents[2] / "scenarios" / game_id


# ---- exact checks --------------------------------------------------------------------------


def _compare_exact(value: Any, published: Any, compare: str, tol: float) -> bool:
    if compare == "ge":
        return value >= published - tol
    if compare == "le":
        return value <= published + tol
    if compare == "between":
        return published[0] - tol <= value <= published[1] + tol
    if isinstance(value, int | float) and isinstance(published, int | float):
        return abs(value - published) <= tol
    return value == published


def check_formula(c: Claim) -> Verdict:
    chk = c.check
    assert isinstance(chk, Formula)
    try:
        value = chk.fn()
    except Exception as exc:  # a register bug must show as such, not abort the audit
        return Verdict(c, NOT_CHECKABLE, detail=f"formula failed: {exc}", method="formula")
    ok = _compare_exact(value, c.published, chk.compare, chk.tolerance)
    ours = exact(value) if isinstance(value, int | float) and not isinstance(value, bool) \
        else value
    return Verdict(c, HOLDS if ok else CONTRADICTED, ours,
                   "fixed by construction: compared exactly" if ok else
                   f"ours is {_fmt(value)}, the book says {_fmt(c.published)}", "formula")


def _replay(game_id: str, path: str):
    from boardlab.engine.scenario import load_file, run_scenario

    p = scenario_dir(game_id) / path
    return run_scenario(load_file(p), str(p))


def check_replay(c: Claim, game_id: str) -> Verdict:
    chk = c.check
    assert isinstance(chk, Replay | Counterexample)
    try:
        rep = _replay(game_id, chk.path)
    except Exception as exc:
        return Verdict(c, NOT_CHECKABLE, detail=f"scenario {chk.path}: {exc}", method="replay")
    if isinstance(chk, Counterexample):
        if rep.ok:
            return Verdict(c, CONTRADICTED, f"scenario {chk.path}",
                           f"counterexample: {chk.why} (scenarios/{game_id}/{chk.path}, "
                           f"{rep.checks} expectations met)", "hand counterexample",
                           counterexample={"scenario": chk.path})
        return Verdict(c, NOT_CHECKABLE, detail=f"counterexample scenario {chk.path} does not "
                       f"replay as written: {rep.failures[0]}", method="hand counterexample")
    if rep.ok:
        return Verdict(c, HOLDS, f"{rep.checks} numbers replayed",
                       f"scenarios/{game_id}/{chk.path}: every expectation met", "replay")
    return Verdict(c, CONTRADICTED, f"{len(rep.failures)} of {rep.checks} differ",
                   f"scenarios/{game_id}/{chk.path}: {rep.failures[0]}", "replay")


def check_search(c: Claim, game, walks: int | None, seed: int) -> Verdict:
    from boardlab.lab.search import search

    chk = c.check
    assert isinstance(chk, Search)
    found = search(game, chk, float(c.published), seed=seed, walks=walks)
    word = "smallest" if chk.compare == "ge" else "largest"
    if found.counterexample:
        ce = found.counterexample
        acts = "; ".join(f"seat {a['seat']} {_short(a['action'])}"
                         for a in ce["segment_actions"])
        return Verdict(c, CONTRADICTED, exact(ce["measure"]),
                       f"counterexample (seed {ce['seed']}, segment {ce['segment']}): "
                       f"{_fmt(ce['measure'])} against the book's {_fmt(c.published)}; "
                       f"actions in that segment: {acts}", "search over legal play",
                       counterexample=ce)
    if found.segments == 0:
        return Verdict(c, INCONCLUSIVE, None, f"the search finished no segment in "
                       f"{found.walks} walks ({'; '.join(found.errors[:1])})",
                       "search over legal play")
    return Verdict(c, HOLDS, exact(found.extreme),
                   f"no counterexample in {found.segments} segments of {found.walks} random, "
                   f"biased and bot-guided walks ({word} seen {_fmt(found.extreme)}); holds within the "
                   "search, not proven"
                   + (f"; {found.failed_walks} walk(s) stopped unfinished"
                      if found.failed_walks else ""), "search over legal play")


def _short(action: dict[str, Any]) -> str:
    return " ".join(f"{k}={v}" if k != "type" else str(v) for k, v in action.items())


# ---- simulation ---------------------------------------------------------------------------


@dataclass
class Budget:
    games: int | None = None  # cap on games per simulated group (None: each claim's own)
    walks: int | None = None  # cap on search walks
    seed: int = 0
    workers: int = 1
    progress: Callable[[str, int], None] | None = None


def _key(options, bots) -> tuple:
    return (tuple(sorted((k, repr(v)) for k, v in dict(options).items())),
            tuple(bots) if bots else None)


def run_group(game_ref: str, options: dict[str, Any], bots, games: int, budget: Budget,
              design: str = "latin") -> list[Row]:
    from boardlab.lab.runner import RunSpec, run

    spec = RunSpec(game=game_ref, games=games, seed=budget.seed, bots=list(bots or []),
                   options=dict(options), label="check", design=design)
    return run(spec, workers=budget.workers)


def _groups(rows: list[Row], chk: Simulate) -> list[list[float]]:
    out = []
    for r in rows:
        if chk.per_game is not None:
            v = chk.per_game(r)
            vals = [] if v is None else (list(v) if isinstance(v, list) else [v])
        else:
            vals = [v for s in range(r["players"]) if (v := chk.per_seat(r, s)) is not None]
        out.append([float(x) for x in vals])
    return out


def check_simulate(c: Claim, rows: list[Row]) -> Verdict:
    chk = c.check
    assert isinstance(chk, Simulate)
    low, high = target_interval(c)
    t = interval_test(_groups(rows, chk), low, high, chk.bounds)
    v = Verdict(c, INCONCLUSIVE, t.estimate, method=t.method, games=t.games, p_hold=t.p_hold,
                p_contra=t.p_contra, interval=(low, high))
    v._tested = t
    return v


def check_paired(c: Claim, rows_a: list[Row], rows_b: list[Row]) -> Verdict:
    chk = c.check
    assert isinstance(chk, Paired)
    by_b = {r["index"]: r for r in rows_b}
    pairs = [(chk.value(a), chk.value(by_b[a["index"]])) for a in rows_a if a["index"] in by_b]
    pairs = [(x, y) for x, y in pairs if x is not None and y is not None]
    if len(pairs) < 2:
        return Verdict(c, INCONCLUSIVE, None, "fewer than 2 paired games", "paired")
    xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
    if chk.binary:
        diff, p = mcnemar_test([bool(x) for x in xs], [bool(y) for y in ys])
        method = "McNemar (exact), paired on seeds"
    else:
        diff, p = wilcoxon_test(xs, ys)
        method = "Wilcoxon signed-rank, paired on seeds"
    # The claim is "A > B" (greater) or "A < B": ours is mean(A - B).
    d = -diff
    right = d > 0 if chk.direction == "greater" else d < 0
    v = Verdict(c, INCONCLUSIVE, exact(d + 0.0), method=method, games=len(pairs),
                p_hold=p if right and d != 0 else 1.0,
                p_contra=p if (not right and d != 0) else 1.0)
    return v


# ---- the whole register ------------------------------------------------------------------


@dataclass
class Audit:
    game: str
    verdicts: list[Verdict]
    stand_in: str
    source: str
    seating: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        return {k: sum(v.verdict == k for v in self.verdicts) for k in VERDICTS}

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "source": self.source, "stand_in": self.stand_in,
                "alpha": ALPHA, "counts": self.counts(),
                "claims": [v.to_json() for v in self.verdicts],
                "seating": self.seating, "warnings": self.warnings}


def audit(game_ref: str, budget: Budget | None = None, only: list[str] | None = None,
          lab: LabSpec | None = None) -> Audit:
    """``lab`` replaces the game's own register (what-if: lab/whatif.py re-judges a changed
    copy of it)."""
    budget = budget or Budget()
    game = resolve_game(game_ref)
    lab = lab or resolve_lab(game_ref)
    claims = [c for c in lab.claims if not only or any(c.id.startswith(o) for o in only)]
    verdicts: dict[str, Verdict] = {}
    sims: dict[tuple, list[Claim]] = {}
    paired: list[Claim] = []
    for c in claims:
        chk = c.check
        if budget.progress and isinstance(chk, Search):
            budget.progress(f"searching for a counterexample to {c.id}", 0)
        if isinstance(chk, Formula):
            verdicts[c.id] = check_formula(c)
        elif isinstance(chk, Replay | Counterexample):
            verdicts[c.id] = check_replay(c, game.id)
        elif isinstance(chk, Search):
            verdicts[c.id] = check_search(c, game, _cap(chk.walks, budget.walks), budget.seed)
        elif isinstance(chk, NotCheckable):
            verdicts[c.id] = Verdict(c, NOT_CHECKABLE, None, chk.why, "—")
        elif isinstance(chk, Simulate):
            sims.setdefault(_key(chk.options, chk.bots), []).append(c)
        elif isinstance(chk, Paired):
            paired.append(c)
    all_rows: list[list[Row]] = []
    for group in sims.values():
        chk0 = group[0].check
        n = _cap(max(c.check.games for c in group), budget.games)
        if budget.progress:
            budget.progress(f"simulating {n} games with {dict(chk0.options)} for "
                            f"{len(group)} claim(s)", n)
        rows = run_group(game_ref, dict(chk0.options), chk0.bots, n, budget)
        all_rows.append(rows)
        for c in group:
            verdicts[c.id] = check_simulate(c, rows)
    for c in paired:
        chk = c.check
        n = _cap(chk.games, budget.games)
        if budget.progress:
            budget.progress(f"playing {n} paired games for {c.id}", 2 * n)
        ra = run_group(game_ref, dict(chk.options_a), chk.bots, n, budget)
        rb = run_group(game_ref, dict(chk.options_b), chk.bots, n, budget)
        verdicts[c.id] = check_paired(c, ra, rb)
    _decide(list(verdicts.values()))
    ordered = [verdicts[c.id] for c in claims]
    au = Audit(game.id, ordered, lab.stand_in, lab.source)
    au.seating, au.warnings = seating_report(game, game_ref, lab, all_rows, budget)
    return au


def _cap(n: int, cap: int | None) -> int:
    return min(n, cap) if cap else n


def _decide(verdicts: list[Verdict]) -> None:
    """Holm over the family of tested claims, once for 'holds', once for 'contradicted'."""
    for v in verdicts:
        if v._tested is not None and math.isnan(v.p_hold) and math.isnan(v.p_contra):
            v.detail = (f"only {v.games} game(s) gave this figure: too few to test"
                        if v.games else "no game gave this figure")
    tested = [v for v in verdicts if not math.isnan(v.p_hold) or not math.isnan(v.p_contra)]
    m = len(tested)
    adj_hold = holm_adjust([v.p_hold for v in tested])
    adj_contra = holm_adjust([v.p_contra for v in tested])
    for v, ah, ac in zip(tested, adj_hold, adj_contra, strict=True):
        if not math.isnan(ah) and ah <= ALPHA:
            v.verdict, v.p_adjusted = HOLDS, ah
        elif not math.isnan(ac) and ac <= ALPHA:
            v.verdict, v.p_adjusted = CONTRADICTED, ac
        else:
            v.verdict = INCONCLUSIVE
            v.p_adjusted = ah
        v.detail = _detail(v, m)


def _detail(v: Verdict, m: int) -> str:
    if v.interval is None:  # paired: ours is the mean of (A - B) over the same seeds
        return {HOLDS: "the difference goes the book's way (Holm-adjusted)",
                CONTRADICTED: "the difference goes against the book (Holm-adjusted)",
                INCONCLUSIVE: "no significant difference in either direction"}[v.verdict] \
            + f"; ours is the mean of A − B over {v.games} paired games"
    lo, hi = v.interval
    within = f"[{_fmt(lo)}, {_fmt(hi)}]"
    est = v.ours
    if v.verdict == HOLDS:
        return f"ours is within {within} (equivalence, Holm-adjusted p {v.p_adjusted:.3g})"
    if v.verdict == CONTRADICTED:
        return (f"ours {est.fmt(_is_rate(v.claim))} lies outside {within}: the book's value "
                f"is excluded (Holm-adjusted p {v.p_adjusted:.3g})")
    need = games_to_settle(est, v.games, lo, hi, m) if isinstance(est, Estimate) else None
    if not isinstance(est, Estimate) or est.n == 0:
        return "no game gave this figure"
    more = f"; about {need} games would settle it" if need else \
        "; ours sits on the margin's edge: more games alone may not settle it"
    return f"too few games to tell against {within} ({v.games} games){more}"


def seating_report(game, game_ref: str, lab: LabSpec, groups: list[list[Row]],
                   budget: Budget) -> tuple[dict[str, Any], list[str]]:
    """Seat fairness (chi-square) and the win regression, on the largest simulated group
    with several bots, or a run of the game's default bots when the register has none."""
    from boardlab.lab.design import confounding_warning
    from boardlab.lab.seats import seat_fairness, win_regression

    rows = max(groups, key=lambda g: (len({b for r in g for b in r["bots"]}) > 1, len(g)),
               default=None)
    if not rows:
        n = _cap(120, budget.games)
        rows = run_group(game_ref, {}, None, n, budget)
    warnings = []
    w = confounding_warning([r["bots"] for r in rows])
    if w:
        warnings.append(w)
    options = rows[0].get("options", {}) if rows else {}
    return {"games": len(rows), "options": options,
            "bots": sorted({b for r in rows for b in r["bots"]}),
            "fairness": seat_fairness(rows), "regression": win_regression(rows, lab)}, warnings
