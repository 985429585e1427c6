"""Search over legal play for a counterexample to a bound ("每夜至少…", "never", "always").

One bot cannot check a bound: it plays one way. The adversary here mixes three kinds of
walk over *every* seat: random legal actions biased towards one favourite action (an exact
action such as "noise card 0", else its type) so that coordinated extremes - everyone plays
the quiet card, everyone freezes - are reached in a few hundred walks; unbiased random walks;
and the game's own bots with a 10% chance of a random legal action at each decision (skilled
play the random walks rarely reach, e.g. a night planned around items). Play is cut into segments (``Search.segment``); each finished segment's measure is
compared with the bound. The first violation is returned with its seed and the actions from
the game's start, so it replays exactly.

The measure is read at every segment end and, when it is a figure of the state (it does not
read ``first``: "wounds on the board", "a guard's die"), after every action too - running
extremes, so a peak between segment ends is not missed (``Search.at``). A bound whose measure
took one value in every reading of every walk is *vacuous*: the search never reached it.

Hand-written: no library searches a boardlab game's action space. A bound that survives is
reported as *holding within the search* with the number of segments tried - not proven.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from boardlab.engine.claims import Search
from boardlab.engine.protocol import canonical

MAX_STEPS = 5_000  # a walk longer than this is dropped (counted in failed_walks)
BIAS = 0.9
EPSILON = 0.1  # a bot-guided walk's chance of a random legal action at a decision


@dataclass
class Readings:
    """The range of a measure's readings (a bound whose measure never moved is vacuous)."""

    lowest: float | None = None
    highest: float | None = None
    count: int = 0

    def add(self, value: float) -> None:
        self.count += 1
        self.lowest = value if self.lowest is None else min(self.lowest, value)
        self.highest = value if self.highest is None else max(self.highest, value)


@dataclass
class Found:
    segments: int
    walks: int
    extreme: float | None = None  # smallest (ge) / largest (le) reading that counts
    counterexample: dict[str, Any] | None = None
    failed_walks: int = 0
    actions_seen: int = 0
    errors: list[str] = field(default_factory=list)
    read: str = "end"  # "step": read after every action; "end": at segment ends only
    ends: Readings = field(default_factory=Readings)
    steps: Readings = field(default_factory=Readings)
    reads_first: bool = False  # the measure changed with ``first``: a segment total
    _step_violation: dict[str, Any] | None = field(default=None, repr=False)

    @property
    def readings(self) -> Readings:
        return self.steps if self.read == "step" else self.ends

    @property
    def vacuous(self) -> bool:
        """Every reading the same: the search never moved the measure."""
        r = self.readings
        return r.count > 0 and r.lowest == r.highest


def _violates(value: float, bound: float, compare: str) -> bool:
    return value < bound if compare == "ge" else value > bound


class _Walk:
    """One walk's readings: at segment ends always; after every step too (running extremes)
    unless the measure is read only at ends (``at="end"``) or turns out to read ``first``
    (``at="auto"``: a segment total, whose partial values are not the claim)."""

    def __init__(self, found: Found, check: Search, bound: float, options, seed: int,
                 start_facts) -> None:
        self.found, self.check, self.bound = found, check, bound
        self.options, self.seed, self.start = options, seed, start_facts

    def _ce(self, value, seg, actions, start) -> dict[str, Any]:
        return {"options": self.options, "seed": self.seed, "segment": seg, "measure": value,
                "step": len(actions),
                "actions": [{"seat": s, "action": a} for s, a in actions],
                "segment_actions": [{"seat": s, "action": a} for s, a in actions[start:]]}

    def step(self, first, facts, seg, actions, start) -> None:
        """A running reading after an action (and at a segment's start)."""
        chk, f = self.check, self.found
        if chk.at == "end" or f.reads_first:
            return
        value = float(chk.measure(first, facts))
        if chk.at == "auto" and (value != float(chk.measure(facts, facts))
                                 or value != float(chk.measure(self.start, facts))):
            f.reads_first = True
            return
        f.steps.add(value)
        if f._step_violation is None and _violates(value, self.bound, chk.compare):
            f._step_violation = self._ce(value, seg, actions, start)

    def end(self, first, last, seg, actions, start) -> bool:
        """A finished segment's reading; True when it breaks the bound."""
        value = float(self.check.measure(first, last))
        self.found.segments += 1
        self.found.ends.add(value)
        if _violates(value, self.bound, self.check.compare):
            self.found.counterexample = self._ce(value, seg, actions, start)
            return True
        return False


def search(game, check: Search, bound: float, seed: int = 0, walks: int | None = None,
           players: int | None = None) -> Found:
    """Walks over legal play looking for a reading of ``check.measure`` that breaks the
    bound: read at every segment end and - for a measure of the state rather than of a
    segment's total (``Search.at``) - after every action, so a peak between segment ends
    is seen. :attr:`Found.vacuous` says the measure never moved in any walk."""
    walks = check.walks if walks is None else walks
    rng = random.Random(seed)
    options = dict(check.options)
    if players is not None:
        options["players"] = players
    cfg = game.make_config(options)
    favourites: dict[str, dict[str, Any]] = {}  # canonical action -> action, as discovered
    found = Found(0, 0, reads_first=check.at == "end")
    bot_names = sorted(game.bots())
    for w in range(walks):
        game_seed = rng.getrandbits(48)
        # Walks 0, 3, 6...: a favourite from what earlier walks met; 1, 4, 7...: unbiased;
        # 2, 5, 8...: the game's bots with random deviations (unbiased if it has none).
        fav, bots = None, None
        if w % 3 == 0 and favourites:
            keys = sorted(favourites)
            fav = favourites[keys[(w // 3) % len(keys)]]
        elif w % 3 == 2 and bot_names:
            bots = _bots(game, bot_names, cfg.players, w // 3)
        state = game.setup(cfg, game_seed, None)
        actions: list[tuple[int, dict[str, Any]]] = []
        facts = game.facts(state)
        seg, first = check.segment(facts), facts
        seg_start = 0
        walk = _Walk(found, check, bound, options, game_seed, facts)
        walk.step(first, facts, seg, actions, seg_start)
        found.walks += 1
        for _ in range(MAX_STEPS):
            seats = game.to_move(state)
            if not seats or game.is_over(state):
                break
            seat = seats[0]
            legal = game.legal_actions(state, seat)
            if not legal:
                found.failed_walks += 1
                found.errors.append(f"seat {seat} to move with no legal action")
                break
            for a in legal:
                favourites.setdefault(canonical(a), a)
            action = None
            if bots is not None and rng.random() >= EPSILON:
                action = _bot_choice(game, state, seat, bots[seat], rng, legal)
            if action is None:
                action = _pick(legal, fav, rng)
            game.apply_in_place(state, seat, action)
            actions.append((seat, action))
            facts = game.facts(state)
            now = check.segment(facts)
            if now != seg:
                if walk.end(first, facts, seg, actions, seg_start):
                    return _finish(found, favourites, check)
                seg, first, seg_start = now, facts, len(actions)
            walk.step(first, facts, now, actions, seg_start)
        else:
            found.failed_walks += 1
            continue
        if check.count_final and walk.end(first, facts, seg, actions, seg_start):
            return _finish(found, favourites, check)
    return _finish(found, favourites, check)


def _finish(found: Found, favourites, check: Search) -> Found:
    """Which readings count: every step's when the measure is a state figure (``at="step"``,
    or ``"auto"`` and it never read ``first``), else the segment ends'."""
    found.actions_seen = len(favourites)
    found.read = "end" if found.reads_first or not found.steps.count else "step"
    # A state figure's step readings include every segment end (the same facts).
    if found.read == "step" and found.counterexample is None:
        found.counterexample = found._step_violation
    r = found.readings
    found.extreme = r.lowest if check.compare == "ge" else r.highest
    if found.counterexample is not None:  # it may have ended the search before a reading
        m = found.counterexample["measure"]
        found.extreme = m if found.extreme is None else (
            min(m, found.extreme) if check.compare == "ge" else max(m, found.extreme))
    return found


def _bots(game, names: list[str], players: int, k: int) -> list[Any]:
    """One bot per seat: all the same kind, or a rotation of the kinds (walk ``k``)."""
    from boardlab.lab.design import seating

    factories = game.bots()
    if k % 2 == 0:
        name = names[(k // 2) % len(names)]
        return [factories[name]() for _ in range(players)]
    return [factories[n]() for n in seating(names, players, k // 2)]


def _bot_choice(game, state, seat, bot, rng, legal):
    """The bot's move from its own view; a bot that fails or answers something illegal is
    replaced by a random legal action (the search must not stop on a bot's bug)."""
    from boardlab.engine.match import decision_context

    try:
        action = bot.choose(decision_context(game, state, seat, rng, legal))
    except Exception:  # a bot bug is not the claim's counterexample
        return None
    key = canonical(action)
    return next((a for a in legal if canonical(a) == key), None)


def _pick(legal: list[dict[str, Any]], fav: dict[str, Any] | None, rng: random.Random):
    if fav is not None and rng.random() < BIAS:
        key = canonical(fav)
        same = [a for a in legal if canonical(a) == key]
        if same:
            return same[0]
        kind = [a for a in legal if a.get("type") == fav.get("type")]
        if kind:
            return rng.choice(kind)
    return rng.choice(legal)
