"""The audit spends its time where claims are still open: a settled claim's stream is
never extended again, and of two open claims the one more games can decide gets them
before one that sits on its band's edge (synthetic Bernoulli streams, a fake clock)."""

from __future__ import annotations

import random

from boardlab.engine.claims import Claim, Simulate
from boardlab.lab import audit
from boardlab.lab import audit_plan as plan
from boardlab.lab.audit import CONTRADICTED, HOLDS, INCONCLUSIVE, Budget, _key, _Stream, _Tracker

PER_GAME = 0.001  # fake seconds a game costs
CALLS: list[tuple[float, int, int]] = []


class FakeClock:
    now = 0.0
    calls: list[tuple[float, int, int]]  # (the stream's p, first game, games) in order

    def monotonic(self) -> float:
        return self.now


def _claim(name: str, published: float, p_true: float) -> Claim:
    return Claim(name, "§", "q", "e", "published_table", published,
                 Simulate({"p": p_true}, per_game=lambda r: r["x"], bounds=(0.0, 1.0),
                          games=240))


def _run(monkeypatch, claims: list[Claim], seconds: float) -> dict[str, _Tracker]:
    clock = FakeClock()
    clock.calls = CALLS
    CALLS.clear()
    monkeypatch.setattr(audit, "time", clock)

    def fake_run_group(game_ref, options, bots, games, budget, design="latin", start=0):
        rnd = random.Random(hash((options["p"], start)))
        clock.now += PER_GAME * games
        clock.calls.append((options["p"], start, games))
        return [{"x": float(rnd.random() < options["p"]), "index": start + i,
                 "players": 1} for i in range(games)]

    monkeypatch.setattr(audit, "run_group", fake_run_group)
    streams, trackers = {}, {}
    alpha = plan.claim_alpha(len(claims))
    for c in claims:
        k = _key(c.check.options, None)
        streams[k] = _Stream(dict(c.check.options), None)
        looks = plan.schedule(c.check.games, None)
        trackers[c.id] = _Tracker(c, [k], looks, plan.spending(looks, alpha))
    audit._run_sequential("unused", list(trackers.values()), streams, Budget(), None, 0.0,
                          seconds)
    return trackers


def test_settled_claims_stop_and_open_ones_get_the_games(monkeypatch) -> None:
    # "easy": true 50% against a published 50% (band 44.5-55.5%): settles in ~2,000 games
    # and its stream is not played again. "reachable": true 40%, 4.5 points below the band:
    # contradicted in a few hundred games. "edge": true value on the band's edge: no number
    # of games decides it.
    easy = _claim("easy", 0.5, 0.5)
    reach = _claim("reachable", 0.5, 0.40)
    edge = _claim("edge", 0.5, plan.band(_claim("x", 0.5, 0.5)).low)
    t = _run(monkeypatch, [easy, reach, edge], seconds=40_000 * PER_GAME)
    assert t["easy"].verdict.verdict == HOLDS
    assert t["reachable"].verdict.verdict == CONTRADICTED
    assert t["edge"].verdict.verdict == INCONCLUSIVE
    # each settled claim's stream stopped at the look that decided it
    for name in ("easy", "reachable"):
        assert t[name].verdict.games == t[name].looks[t[name].k - 1] < 4000


def test_the_games_go_first_where_they_can_decide(monkeypatch) -> None:
    """Two open claims, one 3.5 points outside its band (a few thousand games decide it),
    one on its band's edge: the first gets the games it needs before the second gets more
    than its first looks - not half each - and the second only what is left."""
    near = _claim("near", 0.5, 0.41)
    edge = _claim("edge", 0.5, plan.band(_claim("x", 0.5, 0.5)).low)
    t = _run(monkeypatch, [near, edge], seconds=12_000 * PER_GAME)
    assert t["near"].verdict.verdict == CONTRADICTED
    assert t["edge"].verdict.verdict == INCONCLUSIVE
    p_near = near.check.options["p"]
    last_near = max(i for i, c in enumerate(CALLS) if c[0] == p_near)
    edge_by_then = sum(g for p, _, g in CALLS[:last_near] if p != p_near)
    assert edge_by_then < t["near"].verdict.games / 2, CALLS


def test_the_chance_to_decide_grows_with_the_gap_and_the_games() -> None:
    c = _claim("c", 0.5, 0.5)
    looks = plan.schedule(240, None)
    t = _Tracker(c, [()], looks, plan.spending(looks, 0.05 / 60))
    assert audit._chance(t, 240) == audit.UNKNOWN_CHANCE  # not looked at yet
    t.k, t.seen, t.gap, t.spread = 1, 240, 0.05, 0.5
    far = [audit._chance(t, n) for n in looks[1:]]
    assert far == sorted(far) and far[0] < 0.5 and far[-1] > 0.75
    t.gap = 0.01  # nearer the edge: less likely at every look
    near = [audit._chance(t, n) for n in looks[1:]]
    assert all(a < b for a, b in zip(near, far, strict=True))
    assert audit._chance(t, 100) == 0.0  # no look within 100 games




def test_a_stream_is_worth_its_best_reachable_look() -> None:
    """A stream is worth its best look in reach, not only its next: a claim 1 point inside
    its band after 1,920 games (σ 0.5) has a 5% chance at its next doubling but 31% at
    7,680 games, three times the games for six times the chance - so it is worth the
    7,680-game look's chance per second. A look whose games do not fit in the time left
    is not counted (the next one always is). (Measured on cat's cached games at the quiet
    default budget: 13 of 67 open against 18 with the next look alone, docs/audit.md.)"""
    looks = plan.schedule(240, None)
    c = _claim("inside", 0.5, 0.5)
    k = ("stream",)
    streams = {k: _Stream({}, None, [{"x": 0.0, "index": i} for i in range(1920)],
                          seconds=1920 * PER_GAME)}
    t = _Tracker(c, [k], looks, plan.spending(looks, 0.05 / 2, tail=plan.TAIL_LOOKS))
    t.k, t.seen, t.gap, t.spread = 4, 1920, 0.01, 0.5
    per = {n: audit._chance(t, n) / ((n - 1920) * PER_GAME) for n in looks[4:]}
    assert per[7680] > 1.5 * per[3840]  # the next look alone undersells the stream
    assert audit._worth(t, [t], streams) == max(per.values()) == per[7680]
    assert audit._worth(t, [t], streams, left=1920 * PER_GAME) == per[3840]
