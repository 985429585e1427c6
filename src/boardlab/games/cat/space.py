"""Every action cat's rules can ever allow, in a fixed order (``Game.action_space``).

The rules list shared action objects built once from the card sheet (``rules.py``'s
tables: every chaos card to its room, with and without the role ability; clean, fish
and cat to any room; Konrad's role clean; every shift; every draw and discard); the
space is those, in this order, for every config and player count:

* ``play`` of each chaos card (room by room, value by value) to its room, then the same
  with ``role``;
* ``play`` of clean, fish and cat to each room (``data.ROOMS`` order), then clean with
  ``role`` to each room;
* ``play`` of shift from room to room with 1..3 points;
* ``draw`` from each pile (``data.PILES``), ``discard`` of each card, ``pass``.
"""

from __future__ import annotations

from typing import Any

from boardlab.engine.protocol import Action

from . import data

MEANINGS = {
    "play": "play `card` on room `room` (shift: move `amount` points from `room` to `to`;"
            " `role`: with the role's ability)",
    "draw": "draw from pile `pile`",
    "discard": "discard `card` (over the hand limit)",
    "pass": "play nothing / draw nothing",
}


def _chaos_cards() -> list[str]:
    return [data.chaos_code(r, v) for r in data.ROOMS for v in data.CHAOS_COUNTS]


def action_space(config: Any = None) -> list[Action]:
    chaos = _chaos_cards()
    out: list[Action] = [{"type": "play", "card": c, "room": data.chaos_room(c)} for c in chaos]
    out += [{"type": "play", "card": c, "room": data.chaos_room(c), "role": True}
            for c in chaos]
    out += [{"type": "play", "card": card, "room": r} for card in ("clean", "fish", "cat")
            for r in data.ROOMS]
    out += [{"type": "play", "card": "clean", "room": r, "role": True} for r in data.ROOMS]
    out += [{"type": "play", "card": "shift", "room": src, "to": dst, "amount": k}
            for src in data.ROOMS for dst in data.ROOMS if dst != src for k in (1, 2, 3)]
    out += [{"type": "draw", "pile": p} for p in data.PILES]
    out += [{"type": "discard", "card": c} for c in (*chaos, *data.SPECIALS)]
    out.append({"type": "pass"})
    return out


MAX_SEATS = 5
_LOG = ("skip", "the log retells in words what the rest of the view holds")


def _cards() -> tuple[str, ...]:
    return (*_chaos_cards(), *data.SPECIALS)


def _room_spec() -> dict[str, Any]:
    return {"fish": ("num", 8), "lanes": ("seats", ("num", 20)), "total": ("num", 40)}


def observation_spec(config: Any = None) -> dict[str, Any]:
    """The seat's view, field by field (``boardlab.rl.observation``). Scales: points on a
    room's lanes by 20 and its total by 40, bills, fun and scores by 50, cards held by the
    hand limit's bound (10), piles by their full sizes; seats relative to the observer."""
    rooms = {r: _room_spec() for r in data.ROOMS}
    scored_room = {**_room_spec(), "bills": ("seats", ("num", 50)),
                   "bonus": ("seats", ("num", 20)), "dirtiest": ("seatset",),
                   "second": ("seatset",)}
    pile_sizes = {p: len(data.full_pile(p)) for p in data.PILES}
    return {
        "game": ("skip", "the game's id, a constant"),
        "players": ("num", MAX_SEATS),
        "seat": ("skip", "the observer itself: seat +0 in the relative seats"),
        "phase": ("enum", ("play", "draw", "over")),
        "station": ("num", 29), "stations": ("num", 29), "seal_station": ("num", 30),
        "exposure_line": ("num", 200), "exposures_open": ("flag",), "hand_size": ("num", 10),
        "rooms": rooms,
        "fun": ("seats", ("num", 50)),
        "roles": ("seats", ("enum", data.ROLES)),
        "role_uses": ("seats", ("num", 3)),
        "cats_played": ("seats", ("num", 5)),
        "hand_sizes": ("seats", ("num", 10)),
        "piles": {p: ("num", n) for p, n in pile_sizes.items()},
        "discard": ("bag", _cards(), 4),
        "submitted": ("seatset",),
        "hand": ("bag", _cards(), 4),
        "my_play": {"type": ("enum", ("play", "draw", "discard", "pass")),
                    "card": ("enum", _cards()), "room": ("enum", data.ROOMS),
                    "to": ("enum", data.ROOMS), "amount": ("num", 3), "role": ("flag",),
                    "pile": ("enum", data.PILES)},
        # one exposure per room and station at most: the config's stations bound the list
        "exposures": ("list", len(data.ROOMS) * getattr(config, "stations", 29), {
            "room": ("enum", data.ROOMS), "station": ("num", 29), "fish": ("num", 8),
            "lanes": ("seats", ("num", 20)), "total": ("num", 40),
            "dirtiest": ("seatset",), "second": ("seatset",),
            "deltas": ("seats", ("num", 20)), "fish_role": ("seatset",),
            "bill": ("num", 50)}),
        "house_bill": ("num", 50),
        "cooperative": ("flag",),
        "chat": ("flag",),
        "final": ("opt", {
            "bills": ("seats", ("num", 50)), "bonuses": ("seats", ("num", 20)),
            "coop_success": ("flag",), "house_bill": ("num", 50),
            "mess_held": ("seats", ("num", 20)), "rooms": {r: scored_room for r in data.ROOMS},
            "scores": ("seats", ("num", 50)), "winners": ("seatset",)}),
        "log": _LOG, "visible_log": _LOG,
    }


def direct_encoder(config: Any, at: Any) -> Any:
    """``encode(state, seat, out)``: ``seat``'s observation written straight from the state
    into ``out`` (zeroed, indexed like the spec's features: ``at(name)`` is a feature's
    index), without building the view: the fields ``CatGame.view`` reads for that seat, to
    the same values (the seat's own hand and face-down play only; the others' hands by
    their sizes). ``tests/rl/test_direct_encoders.py`` checks it against the encoding of
    the view, and that re-dealing what the seat cannot see never changes it.

    An exposure's record is never changed once made (``CatState.copy`` shares them), so
    its encoded block is made once per record and observer and copied in as a slice:
    a late game holds a dozen of them. Anything the rules never make (a value outside an
    enum, a list past its bound) raises, and the env encodes the view instead."""
    from array import array
    from collections import deque
    from operator import truediv

    cards = _cards()
    cfg_stations, cfg_seal = config.effective_stations, config.effective_seal
    # the config's own figures, the same for every state and seat
    constants = [(at(".stations/29"), cfg_stations / 29.0),
                 (at(".seal_station/30"), cfg_seal / 30.0),
                 (at(".exposure_line/200"), config.effective_line / 200.0),
                 (at(".hand_size/10"), config.hand_size / 10.0)]
    # the flags past the exposures, written one by one: in the template they would make
    # it as long as the whole observation
    tail = ([at(".cooperative")] if config.variant_d else []) + (
        [] if config.variant_e else [at(".chat")])
    players_at, station_at, open_at = at(".players/5"), at(".station/29"), at(
        ".exposures_open")
    house_at = at(".house_bill/50")
    phase_at = {p: at(f".phase={p}") for p in ("play", "draw", "over")}
    rooms_at = {r: (at(f".rooms.{r}.fish/8"), at(f".rooms.{r}.lanes[+0]?"),
                    at(f".rooms.{r}.total/40")) for r in data.ROOMS}
    fun_at, uses_at = at(".fun[+0]?"), at(".role_uses[+0]?")
    cats_at, sizes_at, roles_at = at(".cats_played[+0]?"), at(".hand_sizes[+0]?"), at(
        ".roles[+0]?")
    role_width = len(data.ROLES) + 1
    role_of = {r: i + 1 for i, r in enumerate(data.ROLES)}
    piles_at = {p: (at(f".piles.{p}/{len(data.full_pile(p))}"), float(len(data.full_pile(p))))
                for p in data.PILES}
    discard_at = {c: at(f".discard#{c}/4") for c in cards}
    hand_at = {c: at(f".hand#{c}/4") for c in cards}
    submitted_at = at(".submitted=+0")
    play_type = {t: at(f".my_play.type={t}") for t in ("play", "draw", "discard", "pass")}
    play_card = {c: at(f".my_play.card={c}") for c in cards}
    play_room = {r: at(f".my_play.room={r}") for r in data.ROOMS}
    play_to = {r: at(f".my_play.to={r}") for r in data.ROOMS}
    play_pile = {p: at(f".my_play.pile={p}") for p in data.PILES}
    play_amount, play_role = at(".my_play.amount/3"), at(".my_play.role")
    play_keys = frozenset(("type", "card", "room", "to", "amount", "role", "pile"))
    bound = len(data.ROOMS) * getattr(config, "stations", 29)
    first = at(".exposures[0]?")
    width = at(".exposures[1]?") - first  # every config has 3 slots or more

    def rel(name: str) -> int:  # a feature of an exposure, from its slot's presence flag
        return at(f".exposures[0].{name}") - first

    ex_room = {r: rel(f"room={r}") for r in data.ROOMS}
    ex_nums = [(k, rel(f"{k}/{s}"), float(s)) for k, s in (("station", 29), ("fish", 8),
                                                           ("total", 40), ("bill", 50))]
    ex_seats = [(k, rel(f"{k}[+0]?")) for k in ("lanes", "deltas")]
    ex_sets = [(k, rel(f"{k}=+0")) for k in ("dirtiest", "second", "fish_role")]
    ex_keys = frozenset(("room", "station", "fish", "lanes", "total", "dirtiest", "second",
                         "deltas", "fish_role", "bill"))
    blocks: dict[tuple[int, int, int, str], tuple[dict[str, Any], array]] = {}
    final_at = at(".final?")
    final_seats = [(k, at(f".final.{k}[+0]?"), float(s)) for k, s in (
        ("bills", 50), ("bonuses", 20), ("mess_held", 20), ("scores", 50))]
    final_coop, final_house = at(".final.coop_success"), at(".final.house_bill/50")
    final_winners = at(".final.winners=+0")
    final_keys = frozenset(("bills", "bonuses", "coop_success", "house_bill", "mess_held",
                            "rooms", "scores", "winners"))
    final_rooms = {r: ([(k, at(f".final.rooms.{r}.{k}/{s}"), float(s)) for k, s in (
        ("fish", 8), ("total", 40))],
        [(k, at(f".final.rooms.{r}.{k}[+0]?"), float(s)) for k, s in (
            ("lanes", 20), ("bills", 50), ("bonus", 20))],
        [(k, at(f".final.rooms.{r}.{k}=+0")) for k in ("dirtiest", "second")])
        for r in data.ROOMS}
    final_room_keys = frozenset(("fish", "lanes", "total", "bills", "bonus", "dirtiest",
                                 "second"))

    def seat_nums(values: Any, base: int, scale: float, me: int, n: int, out: Any) -> None:
        """A ``("seats", ("num", scale))`` list at ``base``: per seat, relative to the
        observer, a presence flag and the value (``None`` / ``False``: the flag alone)."""
        if len(values) > MAX_SEATS:
            raise ValueError("cat: a per-seat list longer than the seats")
        for i, v in enumerate(values):
            o = base + 2 * ((i - me) % n)
            out[o] = 1.0
            if v is not None and v is not False:
                out[o + 1] = v / scale

    def seat_set(values: Any, base: int, me: int, n: int, out: Any) -> None:
        for s in values:
            if s is not None and s != -1:
                if not 0 <= s < n:
                    raise ValueError(f"cat: {s!r} is not a seat")
                out[base + (s - me) % n] = 1.0

    def exposure_block(e: dict[str, Any], me: int, n: int, typecode: str) -> array:
        """One exposure's slot: its presence flag and its record, as the spec writes it."""
        if not e.keys() <= ex_keys:
            raise ValueError(f"cat: an exposure {e!r} outside the declared observation")
        block = array(typecode, bytes(array(typecode).itemsize * width))
        block[0] = 1.0
        room = e.get("room")
        if room is not None:
            block[ex_room[room]] = 1.0
        for key, o, scale in ex_nums:
            v = e.get(key)
            if v is not None:
                block[o] = v / scale
        for key, o in ex_seats:
            v = e.get(key)
            if v is not None:
                seat_nums(v, o, 20.0, me, n, block)
        for key, o in ex_sets:
            v = e.get(key)
            if v is not None:
                seat_set(v, o, me, n, block)
        return block

    def write_final(f: dict[str, Any], me: int, n: int, out: Any) -> None:
        if not f.keys() <= final_keys:
            raise ValueError(f"cat: a final tally {f!r} outside the declared observation")
        out[final_at] = 1.0
        for key, o, scale in final_seats:
            v = f.get(key)
            if v is not None:
                seat_nums(v, o, scale, me, n, out)
        if f.get("coop_success"):
            out[final_coop] = 1.0
        v = f.get("house_bill")
        if v is not None:
            out[final_house] = v / 50.0
        v = f.get("winners")
        if v is not None:
            seat_set(v, final_winners, me, n, out)
        for room, r in (f.get("rooms") or {}).items():
            if r is None:
                continue
            if not r.keys() <= final_room_keys:
                raise ValueError(f"cat: a settled room {r!r} outside the observation")
            nums, lists, sets = final_rooms[room]
            for key, o, scale in nums:
                v = r.get(key)
                if v is not None:
                    out[o] = v / scale
            for key, o, scale in lists:
                v = r.get(key)
                if v is not None:
                    seat_nums(v, o, scale, me, n, out)
            for key, o in sets:
                v = r.get(key)
                if v is not None:
                    seat_set(v, o, me, n, out)

    # the per-seat lists of every state, in the order ``encode`` reads them: (spec base,
    # scale); each holds one entry a seat in the rules' states
    seat_lists = [(rooms_at[r][1], 20.0) for r in data.ROOMS] + [
        (fun_at, 50.0), (uses_at, 3.0), (cats_at, 5.0), (sizes_at, 10.0)]
    layouts: dict[tuple[int, int, str], tuple[array, list[int], list[float],
                                              tuple[int, ...]]] = {}
    consume = deque(maxlen=0).extend

    def layout(me: int, n: int, typecode: str) -> tuple[array, list[int], list[float],
                                                        tuple[int, ...]]:
        """What is the same in every observation of ``me`` at ``n`` seats: a template with
        the config's figures and every per-seat list's presence flags (``encode`` checks
        that each list holds one entry a seat); the index of each list's value for seat
        0, 1, ... (rotated: relative to the observer), list after list, with its scale;
        the roles' slots likewise."""
        spots, scales, flags = [], [], []
        for base, scale in seat_lists:
            slots = [base + 2 * ((i - me) % n) for i in range(n)]
            spots += [o + 1 for o in slots]
            scales += [scale] * n
            flags += slots
        roles = tuple(roles_at + role_width * ((i - me) % n) for i in range(n))
        figures = [*constants, (players_at, n / 5.0), *((o, 1.0) for o in (*flags, *roles))]
        template = array(typecode, bytes(array(typecode).itemsize
                                         * (max(i for i, _ in figures) + 1)))
        for i, v in figures:
            template[i] = v
        return template, spots, scales, roles

    def encode(st: Any, me: int, out: Any) -> None:
        n = st.n
        typecode = out.typecode
        found = layouts.get((me, n, typecode))
        if found is None:
            found = layouts[(me, n, typecode)] = layout(me, n, typecode)
        template, spots, scales, role_slots = found
        out[:len(template)] = template
        for i in tail:
            out[i] = 1.0
        out[phase_at[st.phase]] = 1.0
        station = st.station
        out[station_at] = station / 29.0
        if station < cfg_seal:
            out[open_at] = 1.0
        lanes, fish = st.lanes, st.fish
        for room in data.ROOMS:
            fish_at, _, total_at = rooms_at[room]
            lane, f = lanes[room], fish[room]
            out[fish_at] = f / 8.0
            out[total_at] = (sum(lane) + f) / 40.0  # CatState.room_total
        hands, roles = st.hands, st.roles
        living, kitchen, bath = lanes["living"], lanes["kitchen"], lanes["bath"]
        fun, uses, cats = st.fun, st.role_uses, st.cats_played
        if not (len(living) == len(kitchen) == len(bath) == len(fun) == len(uses)
                == len(cats) == len(hands) == len(roles) == n):
            raise ValueError("cat: a per-seat list without one entry a seat")
        # every value over its scale, stored at its spot (a 0 is 0.0: as the flag alone)
        consume(map(out.__setitem__, spots, map(truediv, [
            *living, *kitchen, *bath, *fun, *uses, *cats, *map(len, hands)], scales)))
        for o, role in zip(role_slots, roles):  # noqa: B905 - both n long, checked above
            if role is not None:
                out[o + role_of[role]] = 1.0
        for p, pile in st.piles.items():
            o, scale = piles_at[p]
            out[o] = len(pile) / scale
        for c in st.discard:  # a bag of quarters
            out[discard_at[c]] += 0.25
        pending = st.pending
        for s in pending:
            if not 0 <= s < n:
                raise ValueError(f"cat: {s!r} is not a seat")
            out[submitted_at + (s - me) % n] = 1.0
        if 0 <= me < n:
            for c in hands[me]:
                out[hand_at[c]] += 0.25
            play = pending.get(me)
            if play is not None:
                write_play(play, out)
        exposures = st.exposures
        if exposures:
            if len(exposures) > bound:
                raise ValueError("cat: more exposures than the declared list holds")
            for k, e in enumerate(exposures):
                key = (id(e), me, n, typecode)
                got = blocks.get(key)
                if got is None or got[0] is not e:
                    if len(blocks) >= 4096:  # records of finished games: start over
                        blocks.clear()
                    got = blocks[key] = (e, exposure_block(e, me, n, typecode))
                o = first + k * width
                out[o:o + width] = got[1]
        out[house_at] = st.house_bill / 50.0
        if st.final is not None:
            write_final(st.final, me, n, out)

    def write_play(play: dict[str, Any], out: Any) -> None:
        if not play.keys() <= play_keys:
            raise ValueError(f"cat: a play {play!r} outside the declared observation")
        for key, table in (("type", play_type), ("card", play_card), ("room", play_room),
                           ("to", play_to), ("pile", play_pile)):
            v = play.get(key)
            if v is not None:
                out[table[v]] = 1.0
        v = play.get("amount")
        if v is not None:
            out[play_amount] = v / 3.0
        if play.get("role"):
            out[play_role] = 1.0
    return encode
