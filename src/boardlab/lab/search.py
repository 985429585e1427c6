"""Search over legal play for a counterexample to a bound ("每夜至少…", "never", "always").

One bot cannot check a bound: it plays one way. The adversary here plays *every* seat with
random legal actions, biased per walk towards one favourite action (an exact action such as
"noise card 0", else its type) so that coordinated extremes - everyone plays the quiet card,
everyone freezes - are reached in a few hundred walks, while the unbiased walks cover the
rest. Play is cut into segments (``Search.segment``); each finished segment's measure is
compared with the bound. The first violation is returned with its seed and the actions from
the game's start, so it replays exactly.

Hand-written: no library searches a boardlab game's action space. A bound that survives is
reported as *holding within the search* with the number of segments tried - not proven.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from boardlab.engine.claims import Search
from boardlab.engine.protocol import canonical

MAX_STEPS = 20_000
BIAS = 0.9


@dataclass
class Found:
    segments: int
    walks: int
    extreme: float | None = None  # smallest (ge) / largest (le) measure seen
    counterexample: dict[str, Any] | None = None
    failed_walks: int = 0
    actions_seen: int = 0
    errors: list[str] = field(default_factory=list)


def _violates(value: float, bound: float, compare: str) -> bool:
    return value < bound if compare == "ge" else value > bound


def search(game, check: Search, bound: float, seed: int = 0, walks: int | None = None,
           players: int | None = None) -> Found:
    walks = check.walks if walks is None else walks
    rng = random.Random(seed)
    options = dict(check.options)
    if players is not None:
        options["players"] = players
    cfg = game.make_config(options)
    favourites: dict[str, dict[str, Any]] = {}  # canonical action -> action, as discovered
    found = Found(0, 0)
    for w in range(walks):
        game_seed = rng.getrandbits(48)
        # Walk 0, 2, 4...: a favourite from what earlier walks met; odd walks: unbiased.
        fav = None
        if w % 2 == 0 and favourites:
            keys = sorted(favourites)
            fav = favourites[keys[(w // 2) % len(keys)]]
        state = game.setup(cfg, game_seed, None)
        actions: list[tuple[int, dict[str, Any]]] = []
        facts = game.facts(state)
        seg, first = check.segment(facts), facts
        seg_start = 0
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
            action = _pick(legal, fav, rng)
            game.apply_in_place(state, seat, action)
            actions.append((seat, action))
            facts = game.facts(state)
            now = check.segment(facts)
            if now != seg:
                if _record(found, check, first, facts, bound, game_seed, actions, seg,
                           seg_start, options):
                    return found
                seg, first, seg_start = now, facts, len(actions)
        else:
            found.failed_walks += 1
            continue
        if check.count_final and _record(found, check, first, facts, bound, game_seed,
                                         actions, seg, seg_start, options):
            return found
    found.actions_seen = len(favourites)
    return found


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


def _record(found: Found, check: Search, first, last, bound, seed, actions, seg, start,
            options) -> bool:
    value = float(check.measure(first, last))
    found.segments += 1
    if found.extreme is None or (value < found.extreme if check.compare == "ge"
                                 else value > found.extreme):
        found.extreme = value
    if _violates(value, bound, check.compare):
        found.counterexample = {
            "options": options, "seed": seed, "segment": seg, "measure": value,
            "actions": [{"seat": s, "action": a} for s, a in actions],
            "segment_actions": [{"seat": s, "action": a} for s, a in actions[start:]],
        }
        return True
    return False
