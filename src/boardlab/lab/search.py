"""Search over legal play for a counterexample to a bound ("每夜至少…", "never", "always").

One bot cannot check a bound: it plays one way. The adversary here mixes three kinds of
walk over *every* seat: random legal actions biased towards one favourite action (an exact
action such as "noise card 0", else its type) so that coordinated extremes - everyone plays
the quiet card, everyone freezes - are reached in a few hundred walks; unbiased random walks;
and the game's own bots with a 10% chance of a random legal action at each decision (skilled
play the random walks rarely reach, e.g. a night planned around items). Play is cut into segments (``Search.segment``); each finished segment's measure is
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

MAX_STEPS = 5_000  # a walk longer than this is dropped (counted in failed_walks)
BIAS = 0.9
EPSILON = 0.1  # a bot-guided walk's chance of a random legal action at a decision


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
