"""Every action toys' rules can ever allow, in a fixed order (``Game.action_space``).

A seat's legal actions depend only on its situation key (``ToysGame.legal_actions``: the
window, its cell, unused role boost and item, the noise cards in play, ...) and are built
from that key alone by ``rules._build_legal``. So the whole space is the union of
``_build_legal`` over every key the rules can form - every window, every cell, every item
or none, every boost, both ``loud`` and ``boosts_stack`` settings, every peek target of
six seats - which serves every config and player count: an action keeps its index across
them. Indices are grouped by type in the order below, each type's actions in the order
the enumeration first meets them (cells in ``data.CELLS`` order, items in
``data.ITEM_IDS`` order, none first).
"""

from __future__ import annotations

from typing import Any

from boardlab.engine.protocol import Action, canonical

from .data import CELLS, COMPANIONS, ITEM_IDS, NOISE_ITEMS, ROLE_IDS, ROLLOVERS, TASKS
from .rules import _CARDS, _build_legal

MAX_SEATS = 6
TYPE_ORDER = ("move", "freeze", "pass", "guess", "noise", "peek", "replay", "earmuffs",
              "clock")

MEANINGS = {
    "move": "move along `path` (cells, in order; [] stays), spending the boosts `boosts`",
    "freeze": "freeze (stop moving / playing this window)",
    "pass": "do nothing in this window",
    "guess": "Andy guesses whether the toys crossed (`cross`)",
    "noise": "play noise card `card`, with item `item` / the ranger's rocket if present",
    "peek": "look at seat `target`'s played card (mirror)",
    "replay": "the potato replays noise card `card`",
    "earmuffs": "use the earmuffs (`freeze`: and freeze)",
    "clock": "use the alarm clock",
}


def _keys() -> list[tuple[Any, ...]]:
    items: tuple[str | None, ...] = (None, *ITEM_IDS)
    keys: list[tuple[Any, ...]] = [("guess",)]
    for pos in CELLS:
        for rb in (None, "cowboy", "springdog"):
            for it in items:
                for stack in (False, True):
                    keys.append(("move", pos, rb, it, stack))
    for loud in (False, True):
        for it in items:
            for ranger in (False, True):
                keys.append(("noise", loud, it, ranger))
    for it in items:
        keys.append(("peek", tuple(range(MAX_SEATS)), it))
        keys.append(("after_peek", it))
        keys.append(("other", it))
        for loud in (False, True):
            for own in _CARDS[loud]:
                keys.append(("potato", loud, own, it))
        for ph in ("react", "react2"):
            for active in (False, True):
                keys.append((ph, active, None, None, it))
                for loud in (False, True):
                    for replay in _CARDS[loud]:
                        keys.append((ph, active, replay, loud, it))
    return keys


def action_space(config: Any = None) -> list[Action]:
    seen: dict[str, Action] = {}
    for key in _keys():
        for action in _build_legal(key):
            seen.setdefault(canonical(action), action)
    rank = {t: i for i, t in enumerate(TYPE_ORDER)}
    ordered = sorted(seen.values(), key=lambda a: rank[a["type"]])  # stable within a type
    return [dict(a, **{k: list(v) for k, v in a.items() if isinstance(v, list)})
            for a in ordered]


_LOG = ("skip", "the log retells in words what the rest of the view holds")
_CELLS = tuple(CELLS)
_CARD = {"card": ("num", 3), "item": ("enum", NOISE_ITEMS), "rocket": ("flag",)}
_NIGHTS = 8  # ToysConfig.nights' upper bound


def observation_spec(config: Any = None) -> dict[str, Any]:
    """The seat's view, field by field (``boardlab.rl.observation``). Scales: noise cards
    by 3, the threshold / need / cap by their config bounds (30 / 60 / 60), screws and
    exposure by 60, nights and moments by their counts; seats relative to the observer."""
    return {
        "night": ("num", _NIGHTS), "moment": ("num", 3),
        "phase": ("enum", ("move", "noise", "peek", "after_peek", "potato", "react", "react2",
                           "over")),
        "nights": ("num", _NIGHTS), "threshold": ("num", 30), "need": ("num", 60),
        "cap": ("num", 60), "exposure": ("num", 60), "progress": ("num", 60),
        "positions": ("seats", ("enum", _CELLS)),
        "frozen": ("seats", ("flag",)),
        "andy": ("seat",),
        "roles": ("seats", ("enum", ROLE_IDS)),
        "screws": ("seats", ("num", 60)),
        "companions": ("seats", ("list", _NIGHTS, {
            "cell": ("enum", _CELLS), "name": ("enum", tuple(COMPANIONS)),
            "night": ("num", _NIGHTS), "value": ("num", 5)})),
        "markers": ("keyed", _CELLS, ("enum", tuple(COMPANIONS))),
        "sight": ("bag", _CELLS, 1),
        "task_card": ("enum", tuple(TASKS)),
        "roll_card": ("enum", tuple(ROLLOVERS)),
        "task_cells": ("bag", _CELLS, 1),
        "ability_used": ("seats", ("flag",)),
        "clock_on": ("seats", ("flag",)),
        "items_used": ("seats", ("flag",)),
        "waiting": ("seatset",),
        "submitted": ("seatset",),
        "to_move": ("seatset",),
        "noise_cards": ("bag", (0, 1, 2, 3), 1),
        "over": ("flag",),
        "last": {"S": ("num", 60), "crossed": ("flag",), "exposure_added": ("num", 60),
                 "moment": ("num", 3), "night": ("num", _NIGHTS)},
        "night_exposure": ("list", _NIGHTS, ("num", 60)),
        "night_screws": ("list", _NIGHTS, ("seats", ("num", 60))),
        "freezes": ("seats", ("num", 12)),
        "items_declared": ("seats", ("enum", ITEM_IDS)),
        "items_held": ("seats", ("flag",)),
        "seat": ("skip", "the observer itself: seat +0 in the relative seats"),
        "my_item": ("enum", ITEM_IDS),
        "my_card": _CARD,
        "cards": ("seatkeyed", _CARD),
        "peeked": {"seat": ("seat",), "card": ("num", 3)},
        "my_choice": {
            "type": ("enum", TYPE_ORDER),
            "path": ("list", 3, ("enum", _CELLS)),
            "boosts": ("bag", ("cowboy", "springdog", "magnet"), 1),
            "card": ("num", 3), "item": ("enum", NOISE_ITEMS), "rocket": ("flag",),
            "cross": ("flag",), "target": ("seat",), "freeze": ("flag",)},
        "prompt": ("skip", "the prompt's words (zh/en) say what the phase says"),
        "log": _LOG, "visible_log": _LOG,
    }


def direct_encoder(config: Any, at: Any) -> Any:
    """``encode(state, seat, out)``: ``seat``'s observation written straight from the state
    into ``out`` (zeroed, indexed like the spec's features: ``at(name)`` is a feature's
    index), without building the view: the fields ``ToysGame.view`` reads for that seat,
    to the same values, in the same cases (a seat's own item, card, peek and choice; the
    others' cards only once revealed). ``tests/rl/test_direct_encoders.py`` checks it
    against the encoding of the view, and that re-dealing what the seat cannot see never
    changes it."""
    from .rules import ToysGame

    to_move = ToysGame.to_move.__get__(ToysGame.__new__(ToysGame))  # reads the state only

    def enum_at(name: str, values: Any) -> dict[Any, int]:
        return {v: at(f"{name}={v}") for v in values}

    def slots(name: str, count: int = MAX_SEATS, seats: bool = True) -> list[int]:
        return [at(f"{name}[{'+' if seats else ''}{k}]?") for k in range(count)]

    (night_i, moment_i, nights_i, threshold_i, need_i, cap_i, exposure_i, progress_i) = [
        (at(f".{key}/{scale:g}"), float(scale)) for key, scale in (
            ("night", _NIGHTS), ("moment", 3), ("nights", _NIGHTS), ("threshold", 30),
            ("need", 60), ("cap", 60), ("exposure", 60), ("progress", 60))]
    phase_at = enum_at(".phase", ("move", "noise", "peek", "after_peek", "potato", "react",
                                  "react2", "over"))
    cell_of = {c: i for i, c in enumerate(_CELLS)}
    companion_of = {c: i for i, c in enumerate(COMPANIONS)}
    role_of = {r: i for i, r in enumerate(ROLE_IDS)}
    item_of = {r: i for i, r in enumerate(ITEM_IDS)}
    pos_at, frozen_at, roles_at = slots(".positions"), slots(".frozen"), slots(".roles")
    screws_at, andy_at = slots(".screws"), at(".andy=+0")
    comp_at = slots(".companions")
    comp_item = [at(f".companions[+0][{k}]?") - comp_at[0] for k in range(_NIGHTS)]
    comp_name = at(".companions[+0][0].name=" + next(iter(COMPANIONS))) - comp_at[0] - comp_item[0]
    comp_night = at(f".companions[+0][0].night/{_NIGHTS}") - comp_at[0] - comp_item[0]
    comp_value = at(".companions[+0][0].value/5") - comp_at[0] - comp_item[0]
    markers_at = {c: at(f".markers[{c}]?") for c in _CELLS}
    sight_at = {c: at(f".sight#{c}/1") for c in _CELLS}
    task_cells_at = {c: at(f".task_cells#{c}/1") for c in _CELLS}
    task_at = enum_at(".task_card", tuple(TASKS))
    roll_at = enum_at(".roll_card", tuple(ROLLOVERS))
    ability_at, clock_at = slots(".ability_used"), slots(".clock_on")
    used_at, declared_at, held_at = (slots(".items_used"), slots(".items_declared"),
                                     slots(".items_held"))
    freezes_at = slots(".freezes")
    waiting_at, submitted_at, to_move_at = at(".waiting=+0"), at(".submitted=+0"), at(
        ".to_move=+0")
    noise_at = {c: at(f".noise_cards#{c}/1") for c in (0, 1, 2, 3)}
    over_at = at(".over")
    last_at = {"S": (at(".last.S/60"), 60.0), "exposure_added": (at(
        ".last.exposure_added/60"), 60.0), "moment": (at(".last.moment/3"), 3.0),
        "night": (at(f".last.night/{_NIGHTS}"), float(_NIGHTS))}
    crossed_at = at(".last.crossed")
    exposure_at = slots(".night_exposure", _NIGHTS, False)
    night_screws_at = slots(".night_screws", _NIGHTS, False)
    night_screw = at(".night_screws[0][+0]?") - night_screws_at[0]
    my_item_at = enum_at(".my_item", ITEM_IDS)
    cards_at = slots(".cards")

    def card_writer(name: str) -> Any:
        card, rocket = at(f"{name}.card/3"), at(f"{name}.rocket")
        item = enum_at(f"{name}.item", NOISE_ITEMS)
        return card, rocket, item

    my_card = card_writer(".my_card")
    seat_card = card_writer(".cards[+0]")
    seat_card = (seat_card[0] - cards_at[0], seat_card[1] - cards_at[0],
                 {k: v - cards_at[0] for k, v in seat_card[2].items()})
    peeked_seat, peeked_card = at(".peeked.seat=+0"), at(".peeked.card/3")
    choice_type = enum_at(".my_choice.type", TYPE_ORDER)
    choice_path = slots(".my_choice.path", 3, False)
    choice_boosts = {b: at(f".my_choice.boosts#{b}/1") for b in ("cowboy", "springdog",
                                                                  "magnet")}
    choice_card, choice_rocket = at(".my_choice.card/3"), at(".my_choice.rocket")
    choice_item = enum_at(".my_choice.item", NOISE_ITEMS)
    choice_cross, choice_freeze = at(".my_choice.cross"), at(".my_choice.freeze")
    choice_target = at(".my_choice.target=+0")
    choice_keys = frozenset(("type", "path", "boosts", "card", "item", "rocket", "cross",
                             "target", "freeze"))
    companion_keys = frozenset(("cell", "name", "night", "value"))

    def write_card(c: dict[str, Any], base: int, spots: Any, out: Any) -> None:
        card, rocket, item = spots
        if not c.keys() <= _CARD.keys():
            raise ValueError(f"toys: a card {c!r} outside the declared observation")
        v = c.get("card")
        if v is not None:
            out[base + card] = v / 3.0
        v = c.get("item")
        if v is not None:
            out[base + item[v]] = 1.0
        if c.get("rocket"):
            out[base + rocket] = 1.0

    # Slot k's presence flags, one per per-seat list (positions ... items_held, then
    # companions): with the config's figures and the nights played so far, they are the
    # same in every state of a table; a template per count of seats and of nights played
    # holds them, copied in at once, and only the values are written per seat.
    seat_spots = list(zip(pos_at, roles_at, frozen_at, ability_at, clock_at, used_at,
                          screws_at, freezes_at, declared_at, held_at, comp_at, strict=True))
    templates: dict[tuple, Any] = {}

    def template(key: tuple, size: int) -> Any:
        from array import array

        n, nights, nights_screwed, typecode = key
        block = array(typecode, bytes(size * array(typecode).itemsize))
        for k in range(n):
            for o in seat_spots[k]:
                block[o] = 1.0
        for i in range(nights):
            block[exposure_at[i]] = 1.0
        for i in range(nights_screwed):
            block[night_screws_at[i]] = 1.0
        templates[key] = block
        return block

    rows: dict[tuple, Any] = {}

    def screws_row(key: tuple, me: int, n: int, row: Any, typecode: str) -> Any:
        """A night's screws as the observer ``me`` sees them (a presence flag and the
        value by 60 a seat, seats relative), remembered by the row's values: a night's
        row never changes once the night is over, and few rows are ever met."""
        from array import array

        if len(row) != n:
            raise ValueError("toys: a night's screws without one entry a seat")
        block = array(typecode, bytes(2 * n * array(typecode).itemsize))
        for j, e in enumerate(row):
            k = 2 * ((j - me) % n)
            block[k] = 1.0
            if e is not None and e is not False:
                block[k + 1] = e / 60.0
        if len(rows) >= 65536:
            rows.clear()
        rows[key] = block
        return block

    def seat_lists(st: Any, me: int, n: int, out: Any) -> None:
        """The values of the per-seat lists of the view (positions ... items_held), each
        as its ``seats`` spec writes it, in one loop over the seats (their presence flags
        come from the template): every list has one entry a seat in the rules' states
        (anything else is refused, and the view decides)."""
        pos, frozen, roles, screws = st.pos, st.frozen, st.roles, st.screws
        ability, clock, used, freezes, item = (st.ability_used, st.clock_on, st.item_used,
                                               st.freezes, st.item)
        if not (len(pos) == len(frozen) == len(roles) == len(screws) == len(ability)
                == len(clock) == len(used) == len(freezes) == len(item)
                == len(st.companions) == n):
            raise ValueError("toys: a per-seat list without one entry a seat")
        for i in range(n):
            p, r, f, a, c, u, s, z, d, h, _ = seat_spots[(i - me) % n]
            e = pos[i]
            if e is not None:
                out[p + 1 + cell_of[e]] = 1.0
            e = roles[i]
            if e is not None:
                out[r + 1 + role_of[e]] = 1.0
            e = frozen[i]  # a list of flags: anything but None / False
            if e is not None and e is not False:
                out[f + 1] = 1.0
            e = ability[i]
            if e is not None and e is not False:
                out[a + 1] = 1.0
            e = clock[i]
            if e is not None and e is not False:
                out[c + 1] = 1.0
            spent = used[i]
            if spent is not None and spent is not False:
                out[u + 1] = 1.0
            e = screws[i]
            if e is not None and e is not False:
                out[s + 1] = e / 60.0
            e = freezes[i]
            if e is not None and e is not False:
                out[z + 1] = e / 12.0
            e = item[i]  # rules._declared / _held
            if e is not None:
                if spent:
                    out[d + 1 + item_of[e]] = 1.0
                else:
                    out[h + 1] = 1.0

    def encode(st: Any, me: int, out: Any) -> None:
        n = st.opt.players
        stn = st.nums
        night_exposure, night_screws = st.night_exposure, st.night_screws
        key = (n, len(night_exposure), len(night_screws), out.typecode)
        block = templates.get(key)
        if block is None:
            block = template(key, len(out))
        out[:] = block
        # the numbers, each by its scale (a number the view could hold as None: nothing)
        v = st.night
        if v is not None:
            out[night_i[0]] = v / night_i[1]
        v = st.moment
        if v is not None:
            out[moment_i[0]] = v / moment_i[1]
        v = stn["nights"]
        if v is not None:
            out[nights_i[0]] = v / nights_i[1]
        v = stn["threshold"]
        if v is not None:
            out[threshold_i[0]] = v / threshold_i[1]
        v = st.need
        if v is not None:
            out[need_i[0]] = v / need_i[1]
        v = stn["cap"]
        if v is not None:
            out[cap_i[0]] = v / cap_i[1]
        v = st.exposure
        if v is not None:
            out[exposure_i[0]] = v / exposure_i[1]
        v = st.progress
        if v is not None:
            out[progress_i[0]] = v / progress_i[1]
        if st.phase is not None:
            out[phase_at[st.phase]] = 1.0
        seat_lists(st, me, n, out)
        if st.andy is not None and st.andy != -1:
            out[andy_at + (st.andy - me) % n] = 1.0
        for i, held in enumerate(st.companions):
            if not held:
                continue
            o = comp_at[(i - me) % n]
            for k, c in enumerate(held):
                b = o + comp_item[k]
                out[b] = 1.0
                if not c.keys() <= companion_keys:
                    raise ValueError(f"toys: a companion {c!r} outside the observation")
                v = c.get("cell")
                if v is not None:
                    out[b + 1 + cell_of[v]] = 1.0
                v = c.get("name")
                if v is not None:
                    out[b + comp_name + companion_of[v]] = 1.0
                v = c.get("night")
                if v is not None:
                    out[b + comp_night] = v / 8.0
                v = c.get("value")
                if v is not None:
                    out[b + comp_value] = v / 5.0
        for cell, name in st.markers.items():
            o = markers_at[cell]
            out[o] = 1.0
            if name is not None:
                out[o + 1 + companion_of[name]] = 1.0
        for c in st.sight:
            out[sight_at[c]] += 1.0
        if st.task_card is not None:
            out[task_at[st.task_card]] = 1.0
        if st.roll_card is not None:
            out[roll_at[st.roll_card]] = 1.0
        for c in st.task_cells:
            out[task_cells_at[c]] += 1.0
        item = st.item
        for base, seats in ((waiting_at, st.waiting), (submitted_at, st.pending),
                            (to_move_at, to_move(st))):
            for s in seats:
                if s is not None and s != -1:
                    out[base + (s - me) % n] = 1.0
        for c in (0, 1, 2, 3) if stn["loud"] else (0, 1, 2):  # rules._CARDS
            out[noise_at[c]] += 1.0
        if st.over:
            out[over_at] = 1.0
        for key, v in st.last.items():
            if v is None:
                continue
            if key == "crossed":
                if v:
                    out[crossed_at] = 1.0
            else:
                i, scale = last_at[key]
                out[i] = v / scale
        for i, e in enumerate(night_exposure):
            if e is not None and e is not False:
                out[exposure_at[i] + 1] = e / 60.0
        for i, row in enumerate(night_screws):
            o = night_screws_at[i] + night_screw
            key = (me, n, out.typecode, *row)
            block = rows.get(key)
            if block is None:
                block = screws_row(key, me, n, row, out.typecode)
            out[o:o + 2 * n] = block
        if st.revealed:
            for s, c in st.cards.items():
                o = cards_at[(s - me) % n]
                out[o] = 1.0
                write_card(c, o, seat_card, out)
        mine = item[me]
        if mine is not None:
            out[my_item_at[mine]] = 1.0
        choice = st.pending.get(me)
        if choice:
            write_choice(choice, me, n, out)
        if me in st.cards and not st.revealed:
            write_card(st.cards[me], 0, my_card, out)
        if me in st.peeks:
            t = st.peeks[me]
            if t is not None and t != -1:
                out[peeked_seat + (t - me) % n] = 1.0
            v = st.cards.get(t, {}).get("card")
            if v is not None:
                out[peeked_card] = v / 3.0

    def write_choice(choice: dict[str, Any], me: int, n: int, out: Any) -> None:
        if not choice.keys() <= choice_keys:
            raise ValueError(f"toys: a choice {choice!r} outside the declared observation")
        v = choice.get("type")
        if v is not None:
            out[choice_type[v]] = 1.0
        path = choice.get("path")
        if path is not None:
            for k, c in enumerate(path):
                out[choice_path[k]] = 1.0
                if c is not None:
                    out[choice_path[k] + 1 + cell_of[c]] = 1.0
        for b in choice.get("boosts") or ():
            out[choice_boosts[b]] += 1.0
        v = choice.get("card")
        if v is not None:
            out[choice_card] = v / 3.0
        v = choice.get("item")
        if v is not None:
            out[choice_item[v]] = 1.0
        for key, i in (("rocket", choice_rocket), ("cross", choice_cross),
                       ("freeze", choice_freeze)):
            if choice.get(key):
                out[i] = 1.0
        v = choice.get("target")
        if v is not None and v != -1:
            out[choice_target + (v - me) % n] = 1.0
    return encode
