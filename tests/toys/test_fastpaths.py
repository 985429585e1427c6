"""toys' fast paths give exactly what the obvious computations give (issue 9).

* ``legal_actions`` hands out prebuilt action objects per situation: compared, per step of
  random games under many options, with the rules' original enumeration written out here
  from the state (``reference_legal``), so a fact missing from the situation key shows.
* ``shuffle`` is the generator's own shuffle (same permutation, same draws), and
  ``result`` (built without validation) equals the validated ``Result``.
* The shared action objects are read-only: after games with views, facts, searches and
  outside (unlisted) actions, every cached list still equals a fresh build, and a reader
  changing what it was given changes nothing in the game.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest

from boardlab.bots.base import RandomBot
from boardlab.bots.search import rollout_value
from boardlab.engine.match import play_match
from boardlab.engine.protocol import Event, Result, canonical, private_words, public_words
from boardlab.games.toys import GAME, rules
from boardlab.games.toys.config import numbers, readings
from boardlab.games.toys.data import NOISE_ITEMS, ROLE_IDS
from boardlab.games.toys.rules import (
    _LEGAL,
    PROMPTS,
    _build_legal,
    _numbers,
    _paths,
    _readings,
    shuffle,
)
from boardlab.games.toys.state import ToysState, new_state

CONFIGS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 4},
    {"players": 5, "andy_stand_in": True},
    {"players": 6, "andy_stand_in": True, "react_order": "cascade"},
    {"players": 4, "move_order": "in_turn", "boosts_stack": False},
    {"players": 4, "potato_timing": "after_freezes", "loud_card": True},
    {"players": 3, "react_order": "cascade", "loud_card": False, "items": False},
    {"players": 5, "roles": False, "drifting_sight": True, "deep_sleep": True},
]


def reference_legal(st, seat: int) -> list[dict[str, Any]]:
    """The rules' enumeration of a seat's choices, read straight from the state (what
    ``legal_actions`` computed every call before its situations were cached)."""
    g = GAME
    if not g._may_choose(st, seat):
        return []
    cards = [0, 1, 2, 3] if st.nums["loud"] else [0, 1, 2]
    unused = not st.item_used[seat]
    active = g.active(st, seat)
    ph = st.phase
    acts: list[dict[str, Any]] = []
    if ph == "move":
        acts.append({"type": "move", "path": []})
        acts += [{"type": "move", "path": list(p)} for p in _paths(st.pos[seat], 1)]
        avail = g._boosts(st, seat)
        sizes = range(1, len(avail) + 1) if st.cfg.boosts_stack else range(1, 2)
        for k in sizes:
            for combo in combinations(sorted(avail), k):
                for p in _paths(st.pos[seat], 1 + k):
                    acts.append({"type": "move", "path": list(p), "boosts": list(combo)})
        acts.append({"type": "freeze"})
    elif ph == "noise":
        if seat == st.andy:
            return [{"type": "guess", "cross": True}, {"type": "guess", "cross": False}]
        items: list[str | None] = [None]
        if st.item[seat] in NOISE_ITEMS and unused:
            items.append(st.item[seat])
        for card in cards:
            for it in items:
                rockets = [False]
                if card == 2 and st.roles[seat] == "ranger" and not st.ability_used[seat]:
                    rockets.append(True)
                for r in rockets:
                    a: dict[str, Any] = {"type": "noise", "card": card}
                    if it:
                        a["item"] = it
                    if r:
                        a["rocket"] = True
                    acts.append(a)
        acts.append({"type": "freeze"})
    elif ph == "peek":
        if st.item[seat] == "mirror" and unused:
            acts = [{"type": "peek", "target": t} for t in sorted(st.cards) if t != seat]
        acts.append({"type": "pass"})
    elif ph == "after_peek":
        acts = [{"type": "pass"}, {"type": "freeze"}]
    elif ph == "potato":
        acts = [{"type": "replay", "card": c} for c in cards if c != st.cards[seat]["card"]]
        acts.append({"type": "pass"})
    elif ph in ("react", "react2"):
        acts.append({"type": "pass"})
        if active:
            acts.append({"type": "freeze"})
            if (ph == "react" and st.roles[seat] == "potato"
                    and st.cfg.potato_timing == "with_freezes"
                    and not st.ability_used[seat] and seat in st.cards):
                acts += [{"type": "replay", "card": c} for c in cards
                         if c != st.cards[seat]["card"]]
        if st.item[seat] == "earmuffs" and unused:
            acts.append({"type": "earmuffs"})
            if active:
                acts.append({"type": "earmuffs", "freeze": True})
    if st.item[seat] == "clock" and unused:
        acts.append({"type": "clock"})
    return acts


def _roles(rng: random.Random, players: int) -> list[str | None]:
    """Roles that make the rare choices common (🥔 replays, 🚀, boosts)."""
    pool = ["potato", "ranger", "cowboy", "springdog", *ROLE_IDS]
    return [rng.choice(pool) for _ in range(players)]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_cached_legal_actions_equal_the_rules_enumeration(config):
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        setup = {"roles": _roles(rng, config["players"])} if config.get("roles", True) else None
        st = GAME.new_game(config, seed, setup)
        while not GAME.is_over(st):
            for seat in range(config["players"]):
                got = GAME.legal_actions(st, seat)
                assert got == reference_legal(st, seat), (st.phase, seat)
                assert canonical(got) == canonical(reference_legal(st, seat))
                checked += 1
            movers = GAME.to_move(st)
            seat = rng.choice(movers)
            GAME.apply_in_place(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    assert checked > 500


def test_legal_lists_are_fresh_and_their_actions_shared():
    st = GAME.new_game({"players": 4}, 1)
    a, b = GAME.legal_actions(st, 0), GAME.legal_actions(st, 0)
    assert a == b and a is not b  # a caller may change its list ...
    assert all(x is y for x, y in zip(a, b, strict=True))  # ... never the actions in it
    a.clear()
    assert GAME.legal_actions(st, 0) == b


class _Reader(RandomBot):
    """A random bot that reads (and scribbles on) what it is given."""

    choose_index = None

    def choose(self, ctx):
        view = ctx.view
        mine = view.get("my_choice")
        if mine and "path" in mine:
            mine["path"].append("scribble")
        ctx.legal.reverse()  # its own list: allowed
        return super().choose(ctx)


def test_shared_actions_stay_unchanged_after_play_views_facts_and_search():
    rng = random.Random(3)
    for seed, config in enumerate(CONFIGS):
        players = config["players"]
        out = play_match(GAME, config, seed, [_Reader() for _ in range(players)])
        assert GAME.is_over(out.state)
        makers = [GAME.bots()[name] for name in sorted(GAME.bots())]  # the style bots
        play_match(GAME, config, seed, [makers[(seed + i) % len(makers)]() for i in range(players)])
        # facts and views of mid-game states hand out copies too
        for cut in (5, 17, 40):
            st = GAME.replay(out.record, min(cut, len(out.record.actions)))
            for pending in GAME.facts(st)["pending"].values():
                if "path" in pending:
                    pending["path"].append("scribble")
            if not GAME.is_over(st):
                seat = GAME.to_move(st)[0]
                world = GAME.determinize(st, seat, rng)
                rollout_value(GAME, world, seat, rng)
        # an outside action equal to a listed one is answered with the listed object
        st = GAME.new_game(config, seed)
        seat = GAME.to_move(st)[0]
        outside = {"type": "move", "path": []}
        checked = GAME.check_action(st, seat, outside)
        assert checked == outside and checked is not outside
    for key, acts in _LEGAL.items():
        assert acts == _build_legal(key), key
        for a in acts:
            assert "scribble" not in a.get("path", [])


class _OwnDraws(random.Random):
    """A generator with its own ``random`` (Python then picks another ``_randbelow``)."""

    def random(self) -> float:
        return super().random()


@pytest.mark.parametrize("rng_class", [random.Random, _OwnDraws])
def test_shuffle_is_the_generators_own_shuffle(rng_class):
    for seed in range(300):
        for size in (0, 1, 2, 3, 6, 10, 12, 24, 31, 64, 65, 66, 100):
            mine, theirs = rng_class(seed), rng_class(seed)
            a, b = list(range(size)), list(range(size))
            shuffle(mine, a)
            theirs.shuffle(b)
            assert a == b
            assert mine.random() == theirs.random()  # the same draws were used up


def test_result_equals_a_validated_result():
    for seed, config in enumerate(CONFIGS):
        out = play_match(GAME, config, seed, [RandomBot() for _ in range(config["players"])])
        got = GAME.result(out.state)
        assert all(type(x) is float for x in got.scores)
        assert all(type(x) is int for x in got.winners)
        assert set(got.reason) == {"zh", "en"} and all(type(x) is str for x in got.reason.values())
        assert type(got.summary) is dict
        assert got == Result.model_validate(got.model_dump())
        assert canonical(got.model_dump()) == canonical(
            Result.model_validate(got.model_dump()).model_dump())


def test_random_action_is_the_listed_draw():
    for seed, config in enumerate(CONFIGS):
        st = GAME.new_game(config, seed)
        mine, theirs = random.Random(seed), random.Random(seed)
        while not GAME.is_over(st):
            seat = GAME.to_move(st)[0]
            legal = GAME.legal_actions(st, seat)
            picked = GAME.random_action(st, seat, mine._randbelow)
            expected = legal[theirs._randbelow(len(legal))]
            assert picked is expected  # the same shared object, from the same draw
            GAME.apply_in_place(st, seat, picked)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_one_at_a_time_flags_are_the_configs_readings(config):
    st = GAME.new_game(config, 2)
    cfg = st.cfg
    for s in (st, st.copy(), GAME.determinize(st, 0, random.Random(1))):
        assert s.in_turn == (cfg.move_order == "in_turn")
        assert s.cascade == (cfg.react_order == "cascade")


def reference_to_move(st) -> list[int]:
    """``to_move`` as the rules wrote it before: the waiting seats not yet chosen, the
    first only where seats choose one at a time."""
    if st.over:
        return []
    left = [s for s in st.waiting if s not in st.pending]
    if len(left) > 1 and ((st.phase == "move" and st.cfg.move_order == "in_turn")
                          or (st.phase in ("react", "react2")
                              and st.cfg.react_order == "cascade")):
        return left[:1]
    return left


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_to_move_equals_the_plain_filter(config):
    steps = 0
    for seed in range(10):
        rng = random.Random(seed)
        st = GAME.new_game(config, seed)
        while True:
            got = GAME.to_move(st)
            assert got == reference_to_move(st), (st.phase, st.waiting, st.pending)
            got.append(99)  # the caller's own list
            assert 99 not in st.waiting
            if not got[:-1]:
                break
            # a seat other than the first sometimes, so pending is not always a prefix
            seat = rng.choice(got[:-1])
            GAME.apply_in_place(st, seat, rng.choice(GAME.legal_actions(st, seat)))
            steps += 1
    assert steps > 300


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_new_state_equals_the_dataclass_constructor(config):
    cfg = GAME.make_config(config)
    rng = random.Random(1)
    for in_turn, cascade in ((False, False), (True, False), (False, True)):
        opt = readings(cfg)
        fast = new_state(cfg, numbers(cfg), rng, in_turn, cascade, opt)
        plain = ToysState(cfg=cfg, nums=numbers(cfg), rng=rng, in_turn=in_turn, cascade=cascade,
                          opt=opt)
        assert fast == plain
        assert list(vars(fast).items()) == list(vars(plain).items())  # same order too
        for name, value in vars(fast).items():  # containers are fresh, never shared
            if isinstance(value, list | dict):
                assert value is not getattr(new_state(cfg, {}, rng, False, False, opt), name)


def test_numbers_cached_per_config_are_fresh_equal_copies():
    for config in CONFIGS + [{"players": 4, "cap": 30, "nights": 8}, {"players": 5, "long_night": True}]:
        cfg = GAME.make_config(config)
        a, b = _numbers(cfg), _numbers(cfg)
        assert a == b == numbers(cfg) and a is not b
        a["cap"] = -1  # a reader's copy
        assert _numbers(cfg) == numbers(cfg)
        assert _readings(cfg) == readings(cfg)
        assert GAME.new_game(cfg, 1).nums == numbers(cfg)
        assert _readings(cfg) is _readings(cfg) == readings(cfg)
        assert GAME.new_game(cfg, 1).opt == readings(cfg)
    # an equal config made anew, and many configs (the cache is cleared, never wrong)
    for cap in [*range(1, 61)] * 2:
        cfg = GAME.make_config({"players": 4, "cap": cap})
        assert _numbers(cfg) == numbers(cfg)
        assert _readings(cfg) == readings(cfg)


def test_result_constructed_like_model_construct():
    for seed, config in enumerate(CONFIGS):
        out = play_match(GAME, config, seed, [RandomBot() for _ in range(config["players"])])
        got = GAME.result(out.state)
        d = vars(got)
        plain = Result.model_construct(scores=d["scores"], winners=d["winners"],
                                       reason=d["reason"], summary=d["summary"])
        assert got == plain
        for attr in ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__",
                     "__pydantic_private__"):
            assert getattr(got, attr) == getattr(plain, attr), attr
        assert got.model_dump() == plain.model_dump()


def test_private_events_readers_are_the_one_seat():
    """The prebuilt one-seat frozensets stand for ``frozenset((seat,))``."""
    seen = set()
    for seed, config in enumerate(CONFIGS):
        out = play_match(GAME, config, seed, [RandomBot() for _ in range(config["players"])])
        for e in out.state.log:
            if e.kind in ("placed_own", "item_drawn", "peek"):
                assert e.visible_to == frozenset((e.data.get("seat", next(iter(e.visible_to))),))
                assert type(e.visible_to) is frozenset and len(e.visible_to) == 1
                seen.add(e.kind)
    assert seen == {"placed_own", "item_drawn", "peek"}


def test_view_prompt_is_a_fresh_dict_each_view():
    st = GAME.new_game({"players": 4}, 3)
    first = GAME.view(st, 0)["prompt"]
    assert first == PROMPTS["move"]
    first["en"] = "scribbled"
    first.clear()
    assert GAME.view(st, 0)["prompt"] == PROMPTS["move"] == {
        "zh": "移动（或收工 🧊）", "en": "Move (or freeze 🧊)"}
    assert GAME.view(st, None)["prompt"] is not GAME.view(st, None)["prompt"]
    st.phase = "no such window"
    assert GAME.view(st, 1)["prompt"] == {"zh": "", "en": ""}


def reference_participants(st, phase: str) -> list[int]:
    """Who a window asks, as the rules computed it with comprehensions before."""
    n, andy, frozen, item, used = st.cfg.players, st.andy, st.frozen, st.item, st.item_used
    if phase == "move":
        return [s for s in range(n) if s != andy and not frozen[s]]
    if phase == "noise":
        return [s for s in range(n) if s == andy or not frozen[s]]
    if phase == "peek":
        if not st.cards:
            return []
        return [s for s in range(n) if s != andy and item[s] is not None and not used[s]]
    if phase == "after_peek":
        return [s for s in sorted(st.peeks) if s != andy and not frozen[s]]
    seats = [s for s in range(n) if s != andy
             and (not frozen[s] or (item[s] is not None and not used[s]))]
    if st.cfg.react_order == "cascade":
        start = ((st.night - 1) * 3 + st.moment - 1) % n
        seats = sorted(seats, key=lambda s: (s - start) % n)
    return seats


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_participants_equal_the_comprehensions(config):
    """Every window's seats, at every step of random games (loops instead of
    comprehensions), and a freeze takes exactly its seat out of the window."""
    for seed in range(6):
        rng = random.Random(seed)
        st = GAME.new_game(config, seed)
        while not GAME.is_over(st):
            for phase in ("move", "noise", "peek", "after_peek", "react", "react2"):
                got = GAME._participants(st, phase)
                assert got == reference_participants(st, phase), (phase, seed)
            seat = rng.choice(GAME.to_move(st))
            action = rng.choice(GAME.legal_actions(st, seat))
            before, window = list(st.waiting), (st.night, st.moment, st.phase)
            GAME.apply_in_place(st, seat, action)
            if (action["type"] == "freeze" and window[2] in ("move", "noise")
                    and (st.night, st.moment, st.phase) == window):  # the window still open
                assert st.waiting == [s for s in before if s != seat]


def plain_event(e: Event, roles: list[str | None]) -> Event | None:
    """The call the rules made for ``e`` before its kind was shared (None: not shared)."""
    d = e.data
    if e.kind in ("move_chosen", "freeze", "placed", "react_pass"):
        words = {"move_chosen": rules._words_move_chosen, "freeze": rules._words_freeze,
                 "placed": rules._words_placed, "react_pass": rules._words_pass}[e.kind]
        s = d["seat"]
        return public_words(e.kind, words, (rules._LABELS[roles[s]][s],), seat=s)
    if e.kind == "item" and e._words in (rules._words_clock, rules._words_earmuffs):
        s = d["seat"]
        if e._words is rules._words_clock:
            return public_words("item", rules._words_clock, (rules._LABELS[roles[s]][s],),
                                seat=s, item="clock")
        return public_words("item", rules._words_earmuffs, (rules._LABELS[roles[s]][s],),
                            seat=s)
    if e.kind == "placed_own":
        s, card = next(iter(e.visible_to)), d["card"]
        return private_words((s,), "placed_own", rules._words_placed_own, (card,), card=card)
    if e.kind == "item_drawn":
        s, it = next(iter(e.visible_to)), d["item"]
        return private_words((s,), "item_drawn", rules._words_item_drawn, (it,), item=it)
    if e.kind == "quiet":
        return public_words("quiet", rules._words_quiet, e._args, S=d["S"])
    if e.kind == "best_freeze":
        s, bonus = d["seat"], d["bonus"]
        return public_words("best_freeze", rules._words_best_freeze,
                            (rules._LABELS[roles[s]][s], bonus), seat=s, bonus=bonus)
    if e.kind in ("task_done", "task_failed"):
        words = rules._words_task_done if e.kind == "task_done" else rules._words_task_failed
        return public_words(e.kind, words, e._args)
    if e.kind == "dawn":
        return public_words("dawn", rules._words_dawn, ())
    if e.kind == "move":
        s, path, boosts = d["seat"], d["path"], d["boosts"]
        return public_words("move", rules._words_move,
                            (rules._LABELS[roles[s]][s], tuple(path), tuple(boosts)),
                            seat=s, path=list(path), boosts=list(boosts))
    return None


def _same_event(got: Event, plain: Event) -> None:
    assert got == plain  # kind, data, audience, words
    assert got._words is plain._words and got._args == plain._args
    assert got.to_json() == plain.to_json()
    assert type(got.visible_to) is type(plain.visible_to)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_shared_events_equal_the_plain_calls(config):
    """Every shared event of random games (with roles that make the rare ones common)
    equals what the plain ``public_words``/``private_words`` call made; the same event
    in two games is one object (a move: the same listed move by the same seat and role)."""
    kinds: set[str] = set()
    seen: dict[tuple[Any, ...], Event] = {}
    for seed in range(8):
        rng = random.Random(seed)
        setup = {"roles": _roles(rng, config["players"])} if config.get("roles", True) else None
        out = play_match(GAME, config, seed, [RandomBot() for _ in range(config["players"])],
                         setup)
        for e in out.state.log:
            plain = plain_event(e, out.state.roles)
            if plain is None:
                continue
            _same_event(e, plain)
            kinds.add(e.kind)
            if e.kind != "move":  # (a move is shared per listed object: equal ones differ)
                key = (canonical(e.to_json()), out.state.roles[e.data.get("seat", 0)])
                assert seen.setdefault(key, e) is e  # shared, not made again
    assert {"freeze", "placed", "placed_own", "best_freeze", "move", "quiet", "dawn",
            "task_failed"} <= kinds
    if config.get("move_order") != "in_turn":
        assert "move_chosen" in kinds
    if config.get("react_order") == "cascade":
        assert "react_pass" in kinds
    if config.get("items", True):
        assert {"item", "item_drawn"} <= kinds


def test_a_callers_own_move_gets_an_equal_unshared_event():
    """A move that is not a listed object (a caller's own dict, applied unchecked) is worded
    afresh, equal to the listed move's event, and never kept."""
    st = GAME.new_game({"players": 3}, 5, {"roles": ["cowboy", None, "dino"]})
    twin = st.copy()
    listed = next(a for a in GAME.legal_actions(st, 0) if a.get("boosts"))
    own = {"type": "move", "path": list(listed["path"]), "boosts": list(listed["boosts"])}
    kept = len(rules._MOVE_EVENTS)
    for state, action in ((st, listed), (twin, own)):
        for seat in (0, 1, 2):
            GAME.apply_in_place(state, seat, action if seat == 0 else {"type": "freeze"},
                                check=False)
    assert len(rules._MOVE_EVENTS) == kept
    mine = [e for e in st.log if e.kind == "move"]
    theirs = [e for e in twin.log if e.kind == "move"]
    assert len(mine) == len(theirs) == 1 and mine[0] is not theirs[0]
    _same_event(theirs[0], mine[0])
    _same_event(mine[0], plain_event(mine[0], st.roles))


@pytest.mark.parametrize("config", CONFIGS + [
    {"players": 4, "socks_pickup": False, "oil_on_quiet": False, "coop": True,
     "clock_stacks_with_dino": False, "tie_break": True, "long_night": True}])
def test_readings_are_the_configs_options(config):
    """Every reading the rules take from ``st.opt`` is the config's own option (the slots
    stand for the pydantic attributes they replaced)."""
    cfg = GAME.make_config(config)
    got = GAME.new_game(cfg, 2).opt
    for name in ("players", "items", "coop", "boosts_stack", "oil_on_quiet",
                 "clock_stacks_with_dino", "potato_timing", "tie_break", "deep_sleep",
                 "long_night", "andy_stand_in", "drifting_sight"):
        assert getattr(got, name) == getattr(cfg, name), name
    assert got.socks_take == (cfg.socks_pickup is not False)
    assert set(got.__slots__) == {"socks_take", "players", "items", "coop", "boosts_stack",
                                  "oil_on_quiet", "clock_stacks_with_dino", "potato_timing",
                                  "tie_break", "deep_sleep", "long_night", "andy_stand_in",
                                  "drifting_sight"}


class PlainToys(type(GAME)):
    """The rules with the code the moment and night fast paths replaced: ``_open`` asks the
    after-peek window even when nobody peeked, a night's companions and items are drawn
    through ``_companion`` and ``_draw_item`` every time, the reveal's words are given the
    cards sorted by seat when it happens."""

    def _open(self, st, phase):
        while True:
            if phase == "reveal":
                ev = self._reveal(st)
                st.phase = "react"
                st.waiting, st.pending = self._participants(st, "react"), {}
                if st.waiting:
                    return ev
                return ev + self._close_react(st)
            st.phase = phase
            st.waiting, st.pending = self._participants(st, phase), {}
            if st.waiting:
                return []
            phase = rules._NEXT_WINDOW[phase]

    def _reveal(self, st):
        st.revealed = True
        cards = st.cards
        shown = []
        for s in sorted(cards):
            c = cards[s]
            if c["item"]:
                st.item_used[s] = True
            if c["rocket"]:
                st.ability_used[s] = True
            shown.append((s, c["card"], c["item"], c["rocket"]))
        data = {rules._SEAT_KEYS[s]: c.copy() for s, c in cards.items()}
        return [public_words("reveal", rules._words_reveal, (tuple(shown),), cards=data)]

    def _start_night(self, st):
        n = st.opt.players
        st.night += 1
        st.moment = 0
        plan = st.plan_nights[st.night - 1] if st.night <= len(st.plan_nights) else {}
        ev = []
        st.task_card, st.task_cells = self._night_card(st, plan, "task", "task_deck", rules.TASKS)
        names = list(plan.get("companions", ()))
        for name in names:
            if name in st.companion_pool:
                st.companion_pool.remove(name)
        while len(names) < len(st.task_cells):
            # ruling R22 (issue 22's wave): the same rule as the fast code - no marker left
            # leaves the cell bare, and a mid-night refill skips the marker just drawn
            name = self._companion(st, names)
            if name is None:
                break
            names.append(name)
        st.markers = dict(zip(st.task_cells, names, strict=False))
        self._set_sight(st, plan, 1)
        st.pos = [rules.START] * n
        st.frozen = [False] * n
        st.andy = andy = (st.night - 1) % n if st.opt.andy_stand_in else None
        st.item = [None] * n
        if st.opt.items:
            given = st.plan_items[st.night - 1] if st.night <= len(st.plan_items) else None
            for s in range(n):
                if s == andy:
                    continue
                if given is not None:
                    it = given[s]
                    if it is not None and it in st.item_deck:
                        st.item_deck.remove(it)
                else:
                    it = self._draw_item(st)
                st.item[s] = it
                if it is not None:
                    ev.append(rules._ITEM_DRAWN[s, it])
        st.item_used = [False] * n
        st.ability_used = [False] * n
        st.clock_on = [False] * n
        st.progress = 0
        st.need = st.nums["need"] + (2 if st.opt.long_night and st.night == 5 else 0)
        ev.insert(0, public_words(
            "night_start", rules._words_night_start,
            (st.night, tuple(st.markers.items()), tuple(st.sight), st.need, andy),
            night=st.night, markers=dict(st.markers), sight=list(st.sight), need=st.need,
            andy=andy))
        ev += self._start_moment(st)
        return ev


@pytest.mark.parametrize("config", CONFIGS + [
    {"players": 6, "nights": 8, "cap": 60, "threshold": 30},  # decks and pools run dry
    {"players": 5, "nights": 8, "cap": 60, "task_need": 1, "andy_stand_in": True}])
def test_moments_and_nights_step_with_the_plain_code(config):
    """The same random choices, applied in lockstep to our rules and to ``PlainToys``:
    equal events, facts and waiting seats after every step; and (odd seeds) the events
    first worded only when the game is over (after any 🥔 replay changed a card)."""
    plain = PlainToys()
    for seed in range(6):
        rng = random.Random(seed)
        fast_st, plain_st = GAME.new_game(config, seed), plain.new_game(config, seed)
        while not GAME.is_over(fast_st):
            seat = rng.choice(GAME.to_move(fast_st))
            action = rng.choice(GAME.legal_actions(fast_st, seat))
            GAME.apply_in_place(fast_st, seat, action)
            plain.apply_in_place(plain_st, seat, action)
            if seed % 2:
                continue
            assert [e.to_json() for e in fast_st.log] == [e.to_json() for e in plain_st.log]
            assert GAME.facts(fast_st) == plain.facts(plain_st)
            assert (fast_st.phase, fast_st.waiting, fast_st.item_deck, fast_st.companion_pool) \
                == (plain_st.phase, plain_st.waiting, plain_st.item_deck, plain_st.companion_pool)
        assert plain.is_over(plain_st)
        assert [e.to_json() for e in fast_st.log] == [e.to_json() for e in plain_st.log]
        assert GAME.result(fast_st) == plain.result(plain_st)


def plain_noise(st) -> tuple[dict[int, int], int, int, list[int]]:
    """What ``_resolve``'s first steps computed before they were one pass: the counted
    cards' values, the sound S, the progress and the screws after them."""
    values, raw = {}, 0
    for s, c in st.cards.items():
        if s == st.andy or st.frozen[s]:
            continue
        v = c["card"]
        if c["item"] == "oil" and (v > 0 or st.cfg.oil_on_quiet):
            v += 1
        values[s] = v
        if c["item"] != "socks":
            raw += v - 1 if c["rocket"] and c["card"] == 2 else v
    screws = list(st.screws)
    if not st.cfg.coop:
        for s, v in values.items():
            screws[s] += v
    return values, max(0, raw - st.muffs), st.progress + sum(values.values()), screws


@pytest.mark.parametrize("config", CONFIGS + [
    {"players": 4, "coop": True, "oil_on_quiet": False},
    {"players": 3, "socks_pickup": False, "loud_card": True}])
def test_resolve_counts_the_cards_as_the_plain_steps(config):
    """At every moment's resolution of random games (roles that make 🚀 common): the noise
    event, the progress and every seat's screws are what the plain steps give."""
    resolved = 0
    for seed in range(10):
        rng = random.Random(seed)
        setup = {"roles": _roles(rng, config["players"])} if config.get("roles", True) else None
        st = GAME.new_game(config, seed, setup)
        while not GAME.is_over(st):
            if st.phase in ("react", "react2", "potato"):
                world = st.copy()
                values, S, progress, screws = plain_noise(world)
                noise = GAME._resolve(world)[0]
                assert noise.kind == "noise" and noise.data == {
                    "S": S, "progress": progress,
                    "values": {str(s): v for s, v in values.items()}}
                assert list(noise.data["values"]) == [str(s) for s in values]  # same order
                if world.night == st.night and not world.over:  # the night goes on
                    assert world.progress == progress
                    for s in range(len(screws)):
                        if s != world.andy:  # (9.4's Andy also scores his guess)
                            assert world.screws[s] == screws[s]
                resolved += 1
            seat = rng.choice(GAME.to_move(st))
            GAME.apply_in_place(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    assert resolved > 50
