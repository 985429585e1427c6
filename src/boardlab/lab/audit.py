"""``boardlab check GAME``: every claim of a game's register, ours beside the book's, and a
verdict - holds, contradicted, inconclusive, not checkable (docs/audit.md).

Every verdict says what it rests on (``basis``): the book (arithmetic, a replay, a search
counterexample, the book against itself) or our stand-in bots (a published simulation
figure). Simulated claims that share options and bots share one stream of games; each claim
is looked at on a fixed doubling schedule and stops when decided: holds when its interval
(at the level its share of α allows at that look, :mod:`boardlab.lab.audit_plan`) lies
inside the band, contradicted when it lies outside. The family is the whole register, so
``--only`` changes no verdict, and the interval printed is the interval tested.
"""

from __future__ import annotations

import math
import numbers
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

import boardlab
from boardlab.engine.claims import (
    Claim,
    Counterexample,
    Enumerate,
    Formula,
    NotCheckable,
    Paired,
    Replay,
    Search,
    Simulate,
)
from boardlab.lab import audit_plan as plan
from boardlab.lab.audit_plan import ALPHA, POWER, Band
from boardlab.lab.inference import Look, games_for, interval_at
from boardlab.lab.spec import LabSpec, Row, resolve_game, resolve_lab, resolve_register
from boardlab.lab.stats import Estimate, exact

HOLDS, CONTRADICTED, INCONCLUSIVE, NOT_CHECKABLE = (
    "holds", "contradicted", "inconclusive", "not checkable")
VERDICTS = (HOLDS, CONTRADICTED, INCONCLUSIVE, NOT_CHECKABLE)
BOOK, STAND_IN = "book", "stand_in"


@dataclass
class Verdict:
    claim: Claim
    verdict: str
    ours: Any = None  # an Estimate (for a simulation: the tested interval), a value, words
    detail: str = ""  # the one-line reason
    method: str = ""
    games: int = 0
    p_hold: float = math.nan
    p_contra: float = math.nan
    p_adjusted: float = math.nan  # the deciding p scaled to the family's α (Bonferroni)
    interval: tuple[float, float] | None = None  # the band: what "holds" means for ours
    counterexample: dict[str, Any] | None = None
    basis: str = ""
    level: float = math.nan  # the confidence level of the tested interval
    look: int = 0  # the look that decided it (1-based), of len(looks)
    looks: list[int] = field(default_factory=list)
    plan: dict[str, Any] | None = None  # the power calculation after the first look
    margin: str = ""  # how the band was set
    story: str = ""  # a counterexample as a short readable story
    vacuous: bool = False
    stopped: str = ""  # why an open claim stopped: the schedule's end, the plan, the time
    proved: bool = False  # decided by enumerating every chance outcome (exact)

    def __post_init__(self) -> None:
        self.basis = self.basis or self.claim.resting_on

    @property
    def label(self) -> str:
        """The verdict as printed: "holds (proved)" for an enumerated claim."""
        return f"{self.verdict} (proved)" if self.proved else self.verdict

    def ours_text(self) -> str:
        if isinstance(self.ours, Estimate):
            text = self.ours.fmt(self.interval is not None and plan.is_rate(self.claim))
            if math.isfinite(self.level) and not math.isnan(self.ours.lo):
                text += f" ({100 * self.level:.4g}% interval, tested)"
            return text
        if self.ours is None:
            return "—"
        return _fmt(self.ours)

    def to_json(self) -> dict[str, Any]:
        c = self.claim

        def num(x: float) -> float | None:
            return None if x is None or (isinstance(x, float) and not math.isfinite(x)) else x

        return {"id": c.id, "section": c.section, "quote": c.quote, "english": c.english,
                "kind": c.kind, "published": _jsonable(c.published),
                "check": type(c.check).__name__, "basis": self.basis,
                "ours": (self.ours.to_json()
                         if isinstance(self.ours, Estimate) else _jsonable(self.ours)),
                "verdict": self.verdict, "detail": self.detail, "method": self.method,
                "games": self.games, "p_hold": num(self.p_hold),
                "p_contra": num(self.p_contra), "p_adjusted": num(self.p_adjusted),
                "level": num(self.level), "look": self.look, "looks": self.looks,
                "holds_if_within": None if self.interval is None else [
                    num(self.interval[0]), num(self.interval[1])],
                "margin": self.margin, "plan": self.plan, "stopped": self.stopped,
                "vacuous": self.vacuous, "proved": self.proved, "story": self.story,
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


def target_interval(c: Claim) -> tuple[float, float]:
    b = plan.band(c)
    return b.low, b.high


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
    if isinstance(value, numbers.Real) and isinstance(published, numbers.Real):
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


def check_enumerate(c: Claim) -> Verdict:
    """A claim about chance alone, proved: its figure over every chance outcome, with exact
    probabilities (engine/chance.py). Holds or contradicted by the exact figure against the
    book's, within the book's rounding (half a unit of its last printed digit) unless the
    claim says otherwise; "every": each outcome against the bound, the first failing one
    (with its probability) the counterexample."""
    from fractions import Fraction

    from boardlab.engine.chance import Dist, exact_text

    chk = c.check
    assert isinstance(chk, Enumerate)
    method = "enumeration of every chance outcome (exact)"
    try:
        dist = chk.outcomes()
        if not isinstance(dist, Dist):
            raise TypeError(f"outcomes() gave {type(dist).__name__}, not a chance.Dist")
    except Exception as exc:  # a register bug must show as such, not abort the audit
        return Verdict(c, NOT_CHECKABLE, detail=f"enumeration failed: {exc}", method=method)
    n = dist.enumerated

    def frac(x: Any) -> Fraction:
        return Fraction(repr(x)) if isinstance(x, float) else Fraction(x)

    if chk.statistic == "every":
        low = high = None
        if chk.compare == "eq":
            low = high = frac(c.published)
        elif chk.compare == "ge":
            low = frac(c.published)
        elif chk.compare == "le":
            high = frac(c.published)
        else:
            low, high = (frac(x) for x in c.published)
        if chk.tolerance:  # a figure the book (or the register) prints rounded: 2/3 as 0.6667
            tol = Fraction(repr(float(chk.tolerance)))
            low = None if low is None else low - tol
            high = None if high is None else high + tol
        try:
            ordered = sorted(dist.items())
        except TypeError:
            ordered = sorted(dist.items(), key=lambda kv: repr(kv[0]))
        bad = [(k, p) for k, p in ordered
               if (low is not None and frac(k) < low) or (high is not None and frac(k) > high)]
        lo_v, hi_v = dist.lowest()[0], dist.highest()[0]
        seen = _fmt(lo_v) if lo_v == hi_v else f"{_fmt(lo_v)}–{_fmt(hi_v)}"
        v = Verdict(c, HOLDS, seen, method=method, proved=True,
                    margin="every chance outcome, exactly as stated" if not chk.tolerance
                    else f"every chance outcome, within ±{chk.tolerance:g}")
        if bad:
            k, p = bad[0]
            share = sum((q for _, q in bad), Fraction(0))
            v.verdict = CONTRADICTED
            v.counterexample = {"outcome": _jsonable(k), "probability": str(p)}
            v.detail = (f"proved: of {n} chance outcomes, those with probability "
                        f"{exact_text(share)} break it ({len(bad)} of the {len(dist)} "
                        f"figures they give), e.g. {_fmt(k)} (probability {exact_text(p)}) "
                        f"against the book's {published_text(c)}")
        else:
            v.detail = (f"proved: every one of {n} chance outcomes gives {seen}, within the "
                        f"book's {published_text(c)}")
        return v
    exact_value = dist.mean() if chk.statistic == "mean" else dist.prob(bool)
    rate = chk.statistic == "prob"
    if chk.tolerance is not None:
        tol = Fraction(repr(float(chk.tolerance)))
        why = f"within {chk.tolerance:g} of" if chk.tolerance else "equal to"
    else:
        unit = chk.precision if chk.precision is not None else plan.printed_unit(
            float(c.published if not isinstance(c.published, tuple) else c.published[0]),
            rate)
        tol = Fraction(repr(unit)) / 2
        why = f"within the book's rounding (half its printed unit {unit:g}) of"
    side = {"ge": "at least", "le": "at most", "between": "between the ends of"}.get(
        chk.compare)
    if side is not None:  # "ge 0.25" is not "equal to 0.25"
        why = side if not tol else f"{why.removesuffix(' of')}, {side}"
    ok = _compare_exact(exact_value, frac(c.published) if not isinstance(
        c.published, tuple) else tuple(frac(x) for x in c.published), chk.compare, tol)
    word = "expected figure" if chk.statistic == "mean" else "probability"
    text = exact_text(exact_value)
    v = Verdict(c, HOLDS if ok else CONTRADICTED, text, method=method, proved=True,
                margin=("exact: no interval, no tolerance" if not tol else
                        f"exact figure within ±{float(tol):g} ({why.removesuffix(' of')})"))
    v.detail = (f"proved: the exact {word} over {n} chance outcomes is {text}, "
                + (f"{why} the book's {published_text(c)}" if ok else
                   f"not {why} the book's {published_text(c)}"))
    return v


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
    read = ("after every action (running extremes)" if found.read == "step"
            else "at every segment end")
    method = "search over legal play"
    if found.counterexample:
        ce = found.counterexample
        story = counterexample_story(game, ce, c.published, chk.compare)
        return Verdict(c, CONTRADICTED, exact(ce["measure"]),
                       f"counterexample (seed {ce['seed']}, segment {ce['segment']}): "
                       f"{_fmt(ce['measure'])} against the book's {_fmt(c.published)}",
                       method, counterexample=ce, story=story)
    if found.segments == 0:
        return Verdict(c, INCONCLUSIVE, None, f"the search finished no segment in "
                       f"{found.walks} walks ({'; '.join(found.errors[:1])})", method)
    r = found.readings
    if found.vacuous:
        return Verdict(c, INCONCLUSIVE, exact(found.extreme),
                       f"vacuous — the search never reached it: the measure read "
                       f"{_fmt(r.lowest)} {read} in all {found.walks} walks "
                       f"({found.segments} segments), so the bound was never tested; the "
                       "claim's measure or segment may read the wrong moment", method,
                       vacuous=True)
    return Verdict(c, HOLDS, exact(found.extreme),
                   f"no counterexample in {found.segments} segments of {found.walks} random, "
                   f"biased and bot-guided walks, read {read}: {word} seen "
                   f"{_fmt(found.extreme)} (readings {_fmt(r.lowest)}–{_fmt(r.highest)}); "
                   "holds within the search, not proven"
                   + (f"; {found.failed_walks} walk(s) stopped unfinished"
                      if found.failed_walks else ""), method)


def _short(action: dict[str, Any]) -> str:
    return " ".join(f"{k}={v}" if k != "type" else str(v) for k, v in action.items())


STORY_HEAD, STORY_TAIL = 6, 6  # actions shown at each end of a long segment


def counterexample_story(game, ce: dict[str, Any], published: Any, compare: str) -> str:
    """The counterexample as a designer reads it: the segment's actions in the game's own
    words (replayed from the seed), then what the measure came to against the book."""
    from boardlab.engine.protocol import Game

    own_words = type(game).describe_action is not Game.describe_action
    start = len(ce["actions"]) - len(ce["segment_actions"])
    told: list[str] = []
    try:
        state = game.setup(game.make_config(ce["options"]), ce["seed"], None)
        for i, step in enumerate(ce["actions"]):
            seat, action = step["seat"], step["action"]
            if i >= start:
                words = (game.describe_action(state, seat, action, "en") if own_words
                         else _short(action))
                told.append(f"seat {seat}: {words}")
            game.apply_in_place(state, seat, action)
    except Exception:  # a story is a courtesy: the record below still replays
        told = [f"seat {s['seat']}: {_short(s['action'])}" for s in ce["segment_actions"]]
    if len(told) > STORY_HEAD + STORY_TAIL + 1:
        told = [*told[:STORY_HEAD], f"… {len(told) - STORY_HEAD - STORY_TAIL} more …",
                *told[-STORY_TAIL:]]
    bound = "at least" if compare == "ge" else "at most"
    where = (f"in segment {ce['segment']}" if ce.get("segment") not in (0, None)
             else "in this game")
    return (f"Deal {ce['seed']}, {where}: " + "; ".join(told or ["(no action)"])
            + f" → the measure is {_fmt(ce['measure'])}, where the book says {bound} "
            f"{_fmt(published)}.")


# ---- simulation ---------------------------------------------------------------------------


@dataclass
class Budget:
    games: int | None = None  # --games N: every simulated claim up to N games; None: auto
    walks: int | None = None  # cap on search walks
    seed: int = 0
    workers: int = 1
    progress: Callable[[str, int], None] | None = None
    seconds: float | None = None  # auto: stop extending streams after this (default 600)
    backend: str = "process"
    address: str | None = None

    @property
    def auto(self) -> bool:
        return self.games is None


AUTO_SECONDS = 600.0


def _key(options, bots) -> tuple:
    return (tuple(sorted((k, repr(v)) for k, v in dict(options).items())),
            tuple(bots) if bots else None)


def run_group(game_ref: str, options: dict[str, Any], bots, games: int, budget: Budget,
              design: str = "latin", start: int = 0) -> list[Row]:
    """Games ``start`` .. ``start + games - 1`` of a stream: a run of its own seeded by its
    start (so the stream's games never depend on how it was cut), indexed in the stream."""
    from boardlab.engine.rng import derive_seed
    from boardlab.lab.runner import RunSpec, run

    seed = budget.seed if start == 0 else derive_seed(budget.seed, start)
    spec = RunSpec(game=game_ref, games=games, seed=seed, bots=list(bots or []),
                   options=dict(options), label="check", design=design)
    rows = run(spec, workers=budget.workers, backend=budget.backend, address=budget.address)
    for r in rows:
        r["index"] += start
    return rows


def _flat(rows: list[Row], chk: Simulate) -> tuple[np.ndarray, np.ndarray]:
    """Every game's values one after another, and how many each game gave (games that
    gave none are left out: the figure is undefined there)."""
    return _flat_cells(rows, chk)[:2]


def _flat_cells(rows: list[Row], chk: Simulate
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_flat`, and each game's seating cell - who sits where (bots and run-dealt
    roles by seat), which the balanced design fixes from the game's index, never by chance -
    for the games that gave the figure and for those that did not."""
    vals: list[float] = []
    counts: list[int] = []
    codes: dict[tuple, int] = {}
    kept: list[int] = []
    empty: list[int] = []
    for r in rows:
        if chk.per_game is not None:
            v = chk.per_game(r)
            got = [] if v is None else (list(v) if isinstance(v, list) else [v])
        else:
            got = [v for s in range(r["players"]) if (v := chk.per_seat(r, s)) is not None]
        code = codes.setdefault((tuple(r.get("bots") or ()), tuple(r.get("roles") or ())),
                              len(codes))
        if got:
            vals.extend(float(x) for x in got)
            counts.append(len(got))
            kept.append(code)
        else:
            empty.append(code)
    return (np.asarray(vals, dtype=float), np.asarray(counts, dtype=np.int64),
            np.asarray(kept, dtype=np.int64), np.asarray(empty, dtype=np.int64))


@dataclass
class _Stream:
    """The games of one (options, bots): extended chunk by chunk, shared by its claims."""

    options: dict[str, Any]
    bots: tuple[str, ...] | None
    rows: list[Row] = field(default_factory=list)
    seconds: float = 0.0  # wall time spent playing it

    def per_game(self) -> float:
        return self.seconds / len(self.rows) if self.rows else 0.0


@dataclass
class _Tracker:
    """One simulated claim's sequential test: its looks, α per look, where it stands."""

    claim: Claim
    streams: list[tuple]
    looks: list[int]
    alphas: list[float]
    k: int = 0  # the next look
    verdict: Verdict | None = None
    done: bool = False
    planned: float = math.nan  # games the plan asks for (after the first look)
    hopeless: bool = False  # the plan says the schedule cannot decide it
    # where the last look left it, for the allocator: distance to decide, one game's spread,
    # the share of the stream's games that give the figure, the book's games (two-sample)
    gap: float = math.nan
    spread: float = math.nan
    share: float = 1.0
    book_games: int | None = None
    seen: int = 0  # games that gave the figure at the last look

    @property
    def next_games(self) -> int:
        return self.looks[self.k]


def _band_text(b: Band, rate: bool = False) -> str:
    def one(x: float) -> str:
        return f"{100 * x:.4g}%" if rate and math.isfinite(x) else _fmt(x)

    return f"[{one(b.low)}, {one(b.high)}]"


def _plan_dict(t: _Tracker, lk: Look | None, gap: float, alpha_last: float,
               book_games: int | None) -> dict[str, Any]:
    need = games_for(lk.spread if lk else math.nan, gap, alpha_last, POWER, book_games)
    t.planned = need
    return {"games": None if not math.isfinite(need) else int(math.ceil(need)),
            "power": POWER, "alpha": alpha_last, "spread": None if lk is None or not
            math.isfinite(lk.spread) else lk.spread, "gap": gap if math.isfinite(gap) else None,
            "schedule": t.looks,
            # what --games auto would run for this claim: the scale of "practical"
            "auto_end": plan.schedule(t.claim.check.games, None)[-1]}


PRACTICAL = 10  # a plan beyond this many times the schedule is not worth a number


def _plan_text(p: dict[str, Any] | None) -> str:
    if not p:
        return ""
    now = "games_now" in p
    games, gap, spread = ((p["games_now"], p["gap_now"], p["spread_now"]) if now
                          else (p["games"], p["gap"], p["spread"]))
    where = " from where ours stands at the last look" if now else ""
    if games is None:
        why = ("ours sits on the band's edge" if not gap else
               "the book's own sampling error is wider than the room left")
        return f"plan: no number of games settles it ({why})"
    scale = max(p["schedule"][-1], p["auto_end"])
    if games > PRACTICAL * scale:
        return (f"plan{where}: no practical number of games settles it - ours is "
                f"{gap:.3g} from the band's edge (σ per game {spread:.3g}), more than "
                f"{PRACTICAL} × the automatic schedule's {scale:,} games would be needed")
    first = (f"; {p['games']:,} planned at the first look"
             if now and p["games"] is not None and p["games"] != games else "")
    return (f"plan{where}: about {games:,} games for {p['power']:.0%} power at α "
            f"{p['alpha']:.2g} (σ per game {spread:.3g}, distance to decide "
            f"{gap:.3g}){first}")


def _gap(est: float, b: Band) -> float:
    """How far ours is from deciding: to the nearer edge inside the band, to the band
    from outside."""
    if b.low <= est <= b.high:
        return min(est - b.low, b.high - est)
    return max(b.low - est, est - b.high)


def judge_simulated(t: _Tracker, rows: list[Row], k: int, book_games: int | None) -> Verdict:
    """Claim ``t`` at look ``k`` (its first ``looks[k]`` games)."""
    c = t.claim
    chk = c.check
    assert isinstance(chk, Simulate)
    b = plan.band(c)
    n = t.looks[k]
    values, counts, kept, empty = _flat_cells(rows[:n], chk)
    a = t.alphas[k]
    level = 1.0 - a
    book = (float(c.published), book_games) if book_games and chk.compare == "eq" else None
    # The seating is the design's, not drawn: the interval uses the within-cell spread
    # (inference.design_se). A claim about all play is judged game by game instead.
    cells = (kept, empty) if not c.about_all_play else None
    lk = interval_at(values, counts, level, b.low, b.high, binary=plan.is_rate(c), book=book,
                     design=cells)
    v = Verdict(c, INCONCLUSIVE, lk.estimate, method=lk.method, games=lk.games,
                p_hold=lk.p_hold, p_contra=lk.p_contra, interval=(b.low, b.high),
                level=level, look=k + 1, looks=list(t.looks), margin=b.why)
    if lk.games == 0:
        v.detail = "no game gave this figure"
        return v
    if c.about_all_play:
        return _judge_all_play(v, rows[:n], chk, b)
    e = lk.estimate
    if lk.constant and lk.games >= 2 and not lk.method.startswith("exact binomial") \
            and b.low <= e.value <= b.high:
        # Every game gave the same number: the t interval collapses to a point that says
        # nothing about play the bots do not play ("always exactly 2 left" from one
        # deterministic bot). Exact rates keep their Clopper–Pearson interval.
        v.detail = (f"every one of {lk.games} games gave {_fmt(e.value)} (zero variance): "
                    "the bots play one way, which is no evidence about the play this claim "
                    "is about; it needs a search over legal play (or a proof by enumeration) "
                    "to hold")
        v.stopped = "needs search"
        return v
    inside = b.low <= e.lo and e.hi <= b.high
    outside = e.hi < b.low or e.lo > b.high
    zero = " (every game gave the same value: zero variance)" if lk.constant else ""
    ours = e.fmt(plan.is_rate(c))
    within = _band_text(b, plan.is_rate(c))
    if inside:
        v.verdict = HOLDS
        v.p_adjusted = min(1.0, 2 * lk.p_hold * ALPHA / a)
        v.detail = (f"ours {ours} lies inside {within}{zero}: shown equivalent at "
                    f"look {k + 1} of {len(t.looks)}")
    elif outside:
        v.verdict = CONTRADICTED
        v.p_adjusted = min(1.0, 2 * lk.p_contra * ALPHA / a)
        v.detail = (f"ours {ours} lies outside {within}{zero}: the book's figure is "
                    f"excluded at look {k + 1} of {len(t.looks)}")
    else:
        v.p_adjusted = min(1.0, 2 * lk.p_hold * ALPHA / a)
        v.detail = f"ours {ours} overlaps the edge of {within} after {lk.games} games"
    v._look = lk  # type: ignore[attr-defined]
    return v


def _judge_all_play(v: Verdict, rows: list[Row], chk: Simulate, b: Band) -> Verdict:
    """A claim about every game: one simulated game outside the stated value or bound is a
    counterexample (a book error); no number of games inside is evidence that all play is."""
    c = v.claim
    low, high = b.low, b.high
    if chk.compare == "eq":
        low = high = float(c.published)
    v.interval = (low, high)
    v.margin = "every game, exactly as stated"
    v.level = math.nan
    for r in rows:
        got = _flat([r], chk)[0]
        bad = [x for x in got if x < low or x > high]
        if bad:
            v.verdict, v.basis = CONTRADICTED, BOOK
            v.counterexample = {"options": r["options"], "seed": r["seed"], "index": r["index"],
                                "measure": bad[0], "bots": r["bots"]}
            v.detail = (f"counterexample: game {r['index']} (seed {r['seed']}, bots "
                        f"{', '.join(r['bots'])}) gave {_fmt(bad[0])} against the book's "
                        f"{published_text(c)}")
            v.story = v.detail
            return v
    est = v.ours
    spread = "every game gave the same value (zero variance)" if est.lo == est.hi or \
        est.se == 0 else "no game broke it"
    v.detail = (f"{spread} in {v.games} games, but games played by stand-in bots are no "
                "evidence about all play: this claim needs a search over legal play (or a "
                "proof by enumeration) to hold")
    v.stopped = "needs search"
    return v


def judge_paired(t: _Tracker, rows_a: list[Row], rows_b: list[Row], k: int) -> Verdict:
    """"A is higher (lower) than B" at look ``k``: the mean of A - B over the same seeds
    with its interval at this look's level (one-sample t over paired games): holds when it
    lies wholly on the book's side of 0, contradicted when wholly on the other."""
    c = t.claim
    chk = c.check
    assert isinstance(chk, Paired)
    n = t.looks[k]
    by_b = {r["index"]: r for r in rows_b[:n]}
    d = []
    for ra in rows_a[:n]:
        rb = by_b.get(ra["index"])
        if rb is None:
            continue
        x, y = chk.value(ra), chk.value(rb)
        if x is not None and y is not None:
            d.append(float(x) - float(y))
    a = t.alphas[k]
    sign = 1.0 if chk.direction == "greater" else -1.0
    dd = np.asarray(d, dtype=float) * sign  # > 0 is the book's way
    lk = interval_at(dd, np.ones(len(dd), dtype=np.int64), 1.0 - a, 0.0, math.inf)
    e = lk.estimate
    shown = Estimate(sign * e.value, min(sign * e.lo, sign * e.hi),
                     max(sign * e.lo, sign * e.hi), e.n, e.se) if lk.games else e
    v = Verdict(c, INCONCLUSIVE, shown, method="paired t on the same seeds (A − B)",
                games=lk.games, level=1.0 - a, look=k + 1, looks=list(t.looks),
                margin="the sign of A − B", p_hold=lk.p_hold, p_contra=lk.p_contra)
    v._look = lk  # type: ignore[attr-defined]
    if lk.games < 2:
        v.detail = "fewer than 2 paired games"
        return v
    txt = shown.fmt()
    if e.lo > 0:
        v.verdict, v.p_adjusted = HOLDS, min(1.0, 2 * lk.p_hold * ALPHA / a)
        v.detail = f"A − B = {txt}: wholly on the book's side of 0 ({lk.games} paired games)"
    elif e.hi < 0:
        v.verdict, v.p_adjusted = CONTRADICTED, min(1.0, 2 * lk.p_contra * ALPHA / a)
        v.detail = f"A − B = {txt}: wholly against the book ({lk.games} paired games)"
    else:
        v.p_adjusted = min(1.0, 2 * lk.p_hold * ALPHA / a)
        v.detail = f"A − B = {txt} includes 0 after {lk.games} paired games"
    return v


# ---- the whole register ------------------------------------------------------------------


SECTIONS = (("book_errors", "Book errors: the book contradicts itself, arithmetic, its own "
             "example or a counterexample"),
            ("stand_in_gaps", "Stand-in gaps: published simulation figures our stand-in bots "
             "do not reproduce - not errors of the book; the note says the cause when known, "
             "and the book's simulator (or bots that play as its players did) would settle "
             "them"),
            ("book", "The book's other claims"),
            ("stand_in", "Simulation figures that hold or stay open"))


@dataclass
class Audit:
    game: str
    verdicts: list[Verdict]  # in the register's order
    stand_in: str
    source: str
    seating: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    family: int = 0  # simulated claims in the whole register: the Bonferroni family
    seconds: float = 0.0
    budget: str = ""

    def counts(self) -> dict[str, int]:
        return {k: sum(v.verdict == k for v in self.verdicts) for k in VERDICTS}

    def sections(self) -> list[tuple[str, str, list[Verdict]]]:
        """Book errors first, then stand-in gaps, then everything else (book before
        stand-in): (key, title, verdicts), empty sections left out."""
        def key(v: Verdict) -> str:
            if v.verdict == CONTRADICTED:
                return "book_errors" if v.basis == BOOK else "stand_in_gaps"
            return "book" if v.basis == BOOK else "stand_in"

        out = []
        for k, title in SECTIONS:
            got = [v for v in self.verdicts if key(v) == k]
            if got:
                out.append((k, title, got))
        return out

    def inconclusive_simulated(self) -> tuple[int, int]:
        sims = [v for v in self.verdicts if isinstance(v.claim.check, Simulate | Paired)]
        return sum(v.verdict == INCONCLUSIVE for v in sims), len(sims)

    def to_json(self) -> dict[str, Any]:
        secs = self.sections()
        open_, sims = self.inconclusive_simulated()
        return {"game": self.game, "source": self.source, "stand_in": self.stand_in,
                "alpha": ALPHA, "family": self.family, "counts": self.counts(),
                "counts_by_basis": {b: {k: sum(v.verdict == k and v.basis == b
                                               for v in self.verdicts) for k in VERDICTS}
                                    for b in (BOOK, STAND_IN)},
                "sections": {k: [v.claim.id for v in vs] for k, _, vs in secs},
                "simulated": {"claims": sims, "inconclusive": open_},
                "seconds": round(self.seconds, 1), "budget": self.budget,
                "claims": [v.to_json() for _, _, vs in secs for v in vs],
                "seating": self.seating, "warnings": self.warnings}


def audit(game_ref: str, budget: Budget | None = None, only: list[str] | None = None,
          lab: LabSpec | None = None) -> Audit:
    """``lab`` replaces the game's own register (what-if: lab/whatif.py re-judges a changed
    copy of it). ``only`` selects claims to run; the family (and so every verdict) is the
    whole register's."""
    t0 = time.monotonic()
    budget = budget or Budget()
    game = resolve_game(game_ref)
    lab = lab or resolve_lab(game_ref)
    register = resolve_register(game_ref)
    register_games = getattr(register, "book_games", None)
    family = plan.family_size(lab.claims)
    claims = [c for c in lab.claims if not only or any(c.id.startswith(o) for o in only)]
    verdicts: dict[str, Verdict] = {}
    trackers: list[_Tracker] = []
    streams: dict[tuple, _Stream] = {}
    for c in claims:
        chk = c.check
        if budget.progress and isinstance(chk, Search):
            budget.progress(f"searching for a counterexample to {c.id}", 0)
        if isinstance(chk, Formula):
            verdicts[c.id] = check_formula(c)
        elif isinstance(chk, Replay | Counterexample):
            verdicts[c.id] = check_replay(c, game.id)
        elif isinstance(chk, Enumerate):
            verdicts[c.id] = check_enumerate(c)
        elif isinstance(chk, Search):
            verdicts[c.id] = check_search(c, game, _cap(chk.walks, budget.walks), budget.seed)
        elif isinstance(chk, NotCheckable):
            verdicts[c.id] = Verdict(c, NOT_CHECKABLE, None, chk.why, "—")
        elif isinstance(chk, Simulate | Paired):
            pairs = ([(chk.options, chk.bots)] if isinstance(chk, Simulate)
                     else [(chk.options_a, chk.bots), (chk.options_b, chk.bots)])
            keys = []
            for opts, bots in pairs:
                k = _key(opts, bots)
                streams.setdefault(k, _Stream(dict(opts), bots))
                keys.append(k)
            looks = plan.schedule(chk.games, budget.games)
            tail = plan.TAIL_LOOKS if budget.auto else 0
            trackers.append(_Tracker(c, keys, looks,
                                     plan.spending(looks, plan.claim_alpha(family), tail)))
    seconds = budget.seconds if budget.seconds is not None else (
        AUTO_SECONDS if budget.auto else math.inf)
    _run_sequential(game_ref, trackers, streams, budget, register_games, t0, seconds)
    for t in trackers:
        verdicts[t.claim.id] = t.verdict
    ordered = [verdicts[c.id] for c in claims]
    au = Audit(game.id, ordered, lab.stand_in, lab.source, family=family)
    groups = [s.rows for s in streams.values() if s.rows]
    au.seating, au.warnings = seating_report(game, game_ref, lab, groups, budget)
    au.seconds = time.monotonic() - t0
    au.budget = ("auto: looks from each claim's own games, doubling, stopped when decided, "
                 f"by the plan or after {seconds:g} s" if budget.auto
                 else f"--games {budget.games}: looks at {plan.schedule(0, budget.games)}")
    return au


def _cap(n: int, cap: int | None) -> int:
    return min(n, cap) if cap else n


def _extend(game_ref: str, s: _Stream, upto: int, budget: Budget) -> None:
    for a, b in plan.chunks(upto, budget.games):
        if b <= len(s.rows):
            continue
        if budget.progress:
            budget.progress(f"simulating games {a}–{b} with {s.options}", b - a)
        t = time.monotonic()
        s.rows.extend(run_group(game_ref, s.options, s.bots, b - a, budget, start=a))
        s.seconds += time.monotonic() - t


def _run_sequential(game_ref: str, trackers: list[_Tracker], streams: dict[tuple, _Stream],
                    budget: Budget, register_games: int | None, t0: float,
                    seconds: float) -> None:
    """Look at every claim whose next look's games are in; then extend the stream whose
    next look is cheapest, while some open claim can still be decided (auto: by its plan)
    and the time allows."""
    while True:
        for t in trackers:
            while not t.done and t.k < len(t.looks) and all(
                    len(streams[k].rows) >= t.next_games for k in t.streams):
                _look(t, streams, register_games)
        open_ = [t for t in trackers if not t.done and t.k < len(t.looks)
                 and not (budget.auto and t.hopeless)]
        if not open_:
            break
        left = seconds - (time.monotonic() - t0)
        # A stream's first games always run (its pace is unknown until then).
        fits = [t for t in open_ if _cost(t, streams) <= left
                or not any(streams[k].rows for k in t.streams)]
        if not fits:
            for t in open_:
                if t.verdict is not None:
                    t.verdict.stopped = t.verdict.stopped or "time budget"
            break
        best = max(fits, key=lambda t: (_worth(t, open_, streams, left), -_cost(t, streams)))
        for k in best.streams:
            _extend(game_ref, streams[k], best.next_games, budget)
    for t in trackers:
        v = t.verdict
        if v is None:  # never looked at: the time ran out before its first games
            t.verdict = Verdict(t.claim, INCONCLUSIVE, None, "the time budget ran out before "
                                "its first look", looks=list(t.looks), stopped="time budget")
            continue
        if v.verdict == INCONCLUSIVE and not v.stopped:
            v.stopped = "plan" if t.hopeless and t.k < len(t.looks) else "schedule's end"
        if v.verdict == INCONCLUSIVE and v.stopped != "needs search":
            extra = {"plan": "stopped early: the plan needs more games than the schedule "
                             f"holds ({t.looks[-1]:,})",
                     "schedule's end": f"the schedule's last look ({t.looks[-1]:,} games) "
                                       "did not decide it",
                     "time budget": "the time budget stopped it"}.get(v.stopped, "")
            v.detail = "; ".join(x for x in (v.detail, _plan_text(v.plan), extra) if x)
        elif v.plan:
            v.detail = f"{v.detail}; {_plan_text(v.plan)}"


def _cost(t: _Tracker, streams: dict[tuple, _Stream]) -> float:
    """Seconds of play before ``t``'s next look (by each stream's pace so far)."""
    return sum(max(0, t.next_games - len(streams[k].rows)) *
               max(streams[k].per_game(), 1e-6) for k in t.streams)


def _worth(t: _Tracker, open_: list[_Tracker], streams: dict[tuple, _Stream],
           left: float = math.inf) -> float:
    """Open claims that extending ``t``'s streams is expected to decide, per second of play,
    at the best of its coming looks whose games still fit in the time ``left`` (the next
    look always counts): for each such look, every open claim whose games those streams
    hold and whose next look comes by then adds the chance (:func:`_chance`) that its last
    look by then decides it if ours stays where it is, and the sum is divided by the seconds
    of play to that look. Looking past the next doubling keeps a stream whose claims need
    several more doublings from being starved by cheaper streams' one-look gains."""
    best = 0.0
    for j in range(t.k, len(t.looks)):
        n = t.looks[j]
        cost = sum(max(0, n - len(streams[k].rows)) * max(streams[k].per_game(), 1e-6)
                   for k in t.streams)
        if j > t.k and cost > left:
            break
        gain = sum(_chance(u, n) for u in open_
                   if set(u.streams) <= set(t.streams) and u.next_games <= n)
        best = max(best, gain / max(cost, 1e-9))
    return best


OPTIMISM = 2.0  # standard errors the stopping rule's optimistic plan adds to the gap
UNKNOWN_CHANCE = 0.25  # a claim not yet looked at: its gap and spread are unknown


def _chance(u: _Tracker, n: int) -> float:
    """The predictive power of ``u``'s last look within ``n`` games of its stream: the
    chance, given what its games showed so far, that the interval then clears the edge
    nearest ours (flat prior: the figure after ``n`` games is normal around ours now, with
    variance σ²(1/games now - 1/games then); the book's own error added for a two-sample
    claim). It is high for a claim far from its edge, falls towards zero on the edge, and
    one noisy look does not make it either."""
    from scipy.stats import norm

    ks = [j for j in range(u.k, len(u.looks)) if u.looks[j] <= n]
    if not ks:
        return 0.0
    if not (math.isfinite(u.gap) and math.isfinite(u.spread) and u.seen > 0):
        return UNKNOWN_CHANCE
    j = ks[-1]
    games = max(1.0, u.share * u.looks[j])
    se = math.sqrt(u.spread ** 2 / games
                   + (u.spread ** 2 / u.book_games if u.book_games else 0.0))
    tau = u.spread * math.sqrt(max(0.0, 1.0 / u.seen - 1.0 / games))
    z = float(norm.ppf(1 - u.alphas[j] / 2))
    d = abs(u.gap)
    if tau <= 0:
        return float(d > z * se)
    return float(norm.cdf((d - z * se) / tau) + norm.cdf((-d - z * se) / tau))


def _look(t: _Tracker, streams: dict[tuple, _Stream], register_games: int | None) -> None:
    c = t.claim
    chk = c.check
    k = t.k
    if isinstance(chk, Simulate):
        book_games = chk.book_games or register_games
        v = judge_simulated(t, streams[t.streams[0]].rows, k, book_games)
        b = plan.band(c)
        lk = getattr(v, "_look", None)
        gap = _gap(lk.estimate.value, b) if lk and lk.games else math.nan
    else:
        book_games = None
        v = judge_paired(t, streams[t.streams[0]].rows, streams[t.streams[1]].rows, k)
        lk = getattr(v, "_look", None)
        gap = abs(lk.estimate.value) if lk and lk.games else math.nan
    first_plan = t.verdict.plan if t.verdict is not None else None
    t.verdict = v
    t.k += 1
    if v.stopped == "needs search" or not lk:
        t.done = True
        return
    # The power calculation: games to decide from where ours stands, at the last look's α
    # (shown as planned after the first look; redone at each look to stop a hopeless one).
    p = _plan_dict(t, lk, gap, t.alphas[-1], book_games)
    v.plan = first_plan or p
    if first_plan:  # the plan redone from where ours stands now
        v.plan = {**first_plan, "games_now": p["games"], "spread_now": p["spread"],
                  "gap_now": p["gap"]}
    t.gap, t.spread, t.book_games = gap, lk.spread, book_games
    t.share = lk.games / max(1, t.looks[k])
    t.seen = lk.games
    if v.verdict != INCONCLUSIVE:
        t.done = True
    # Stop (auto) only when even an optimistic plan - ours two standard errors further
    # from the edge than this look put it - needs more games of the stream than the
    # schedule holds: one noisy early look near the edge must not end a claim that more
    # games would decide (a per-seat figure is given by some of the stream's games only).
    se = lk.estimate.se if math.isfinite(lk.estimate.se or math.nan) else 0.0
    hopeful = games_for(lk.spread, gap + OPTIMISM * se, t.alphas[-1], POWER, book_games)
    t.hopeless = not (hopeful / max(t.share, 1e-9) <= t.looks[-1])


def seating_report(game, game_ref: str, lab: LabSpec, groups: list[list[Row]],
                   budget: Budget) -> tuple[dict[str, Any], list[str]]:
    """Seat fairness (chi-square) and the win regression, on the largest simulated group
    with several bots, or a run of the game's default bots when the register has none. In
    a co-op game (every seat wins or loses together) the team's outcome replaces both: a
    per-seat test would compare identical columns."""
    from boardlab.lab.design import confounding_warning
    from boardlab.lab.seats import seat_fairness, win_regression
    from boardlab.lab.stats import clopper_pearson

    rows = max(groups, key=lambda g: (len({b for r in g for b in r["bots"]}) > 1, len(g)),
               default=None)
    if not rows:
        n = min(120, budget.games) if budget.games else 120
        rows = run_group(game_ref, {}, None, n, budget)
    warnings = []
    w = confounding_warning([r["bots"] for r in rows])
    if w:
        warnings.append(w)
    options = rows[0].get("options", {}) if rows else {}
    out: dict[str, Any] = {"games": len(rows), "options": options,
                           "bots": sorted({b for r in rows for b in r["bots"]})}
    if rows and all(not r["winners"] or len(r["winners"]) == r["players"] for r in rows):
        wins = sum(bool(r["winners"]) for r in rows)
        e = clopper_pearson(wins, len(rows))
        out.update(coop=True, team={"wins": wins, "games": len(rows), "rate": e.value,
                                    "lo": e.lo, "hi": e.hi},
                   fairness=[], regression={
                       "error": "co-op: every seat wins or loses together, so there is no "
                                "seat effect to test; the team's outcome is "
                                f"{wins} of {len(rows)} won ({e.fmt(True)}, Clopper–Pearson)"})
        return out, warnings
    out.update(fairness=seat_fairness(rows), regression=win_regression(rows, lab))
    return out, warnings
