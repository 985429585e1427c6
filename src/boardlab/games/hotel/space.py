"""Every action hotel's rules can ever allow, in a fixed order (``Game.action_space``).

One enumeration serves every config: each range runs to what the largest config allows
(6 players post 7 contracts a night; bids and boosts to 10; 3 of each intel card), so an
action keeps its index across player counts and options. Order:

* ``checkin``, ``pass``, ``kill``, ``forfeit``;
* ``bid`` on contract 0..6 (the night's wall, left to right) at 0..10 gold, contract by
  contract;
* ``intel``: ``foresight``, ``medical``, ``key``, then ``eavesdrop`` on seat 0..5;
* ``execute`` with each technique card (``data.technique_set`` order) and boost 0..10;
* ``salvage`` of contract 0..6;
* ``arrange`` (after foresight): every order of the top 0..3 contracts, shorter first;
* ``swap`` (broker night): every non-empty multiset of intel cards (at most 3 of a kind),
  as the sorted list the rules give, in sorted order.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, permutations
from typing import Any

from boardlab.engine.protocol import Action
from boardlab.games.hotel import data

MAX_CONTRACTS = 7  # 6 players + 1 on the wall
MAX_BID = 10
MAX_BOOST = 10
MAX_SEATS = 6
INTEL_COPIES = 3
FORESIGHT_DEPTH = 3

MEANINGS = {
    "checkin": "seal a check-in (take from the vault) instead of a bid",
    "pass": "stand aside (a full-house night with nothing to bid) or salvage nothing",
    "kill": "Sofia's one-shot kill of the contract being executed",
    "forfeit": "give up the contract being executed (no cards left)",
    "bid": "seal `bid` gold on the wall's contract `commission` (0-based, left to right)",
    "intel": "use intel card `card` (`eavesdrop`: on seat `target`)",
    "execute": "execute the contract with technique card `card`, spending `boost` gold",
    "salvage": "the beggar takes over unsold contract `commission`",
    "arrange": "put the peeked contracts back in the order `order`",
    "swap": "broker night: discard the intel cards `discard` for new ones",
}


def action_space(config: Any = None) -> list[Action]:
    out: list[Action] = [{"type": "checkin"}, {"type": "pass"}, {"type": "kill"},
                         {"type": "forfeit"}]
    out += [{"type": "bid", "commission": c, "bid": b}
            for c in range(MAX_CONTRACTS) for b in range(MAX_BID + 1)]
    out += [{"type": "intel", "card": c} for c in data.INTEL if c != "eavesdrop"]
    out += [{"type": "intel", "card": "eavesdrop", "target": t} for t in range(MAX_SEATS)]
    out += [{"type": "execute", "card": card, "boost": b}
            for card in data.technique_set() for b in range(MAX_BOOST + 1)]
    out += [{"type": "salvage", "commission": c} for c in range(MAX_CONTRACTS)]
    out += [{"type": "arrange", "order": list(p)}
            for k in range(FORESIGHT_DEPTH + 1) for p in permutations(range(k))]
    kinds = sorted(data.INTEL)
    multisets = sorted(
        {combo for size in range(1, len(kinds) * INTEL_COPIES + 1)
         for combo in combinations_with_replacement(kinds, size)
         if all(combo.count(k) <= INTEL_COPIES for k in kinds)})
    out += [{"type": "swap", "discard": list(m)} for m in multisets]
    return out


_CONTRACT_IDS = tuple(f"{tag}{i:02d}" for tag in data.TAGS for i in range(12))
_CARDS = tuple(data.technique_set())
_CONTRACT = {
    "id": ("enum", _CONTRACT_IDS),
    "tag": ("enum", data.TAGS),
    "d": ("num", 10),
    "r": ("num", 20),
    "risk": ("enum", tuple(data.RISK_BY_D.values())),
}
_SEALED = {"type": ("enum", ("bid", "checkin", "pass")), "commission": ("num", MAX_CONTRACTS),
           "bid": ("num", MAX_BID)}
_LOG = ("skip", "the log retells in words what the rest of the view holds")


def observation_spec(config: Any = None) -> dict[str, Any]:
    """The seat's view, field by field (``boardlab.rl.observation``). Scales: gold and the
    vault by 30 and 50 (debt makes gold negative), rewards by 20, difficulties by 10, counts
    of cards by the deck sizes; seats relative to the observer."""
    return {
        "game": ("skip", "the game's id, a constant"),
        "seat": ("skip", "the observer itself: seat +0 in the relative seats below"),
        "night": ("num", 7),
        "nights": ("num", 7),
        "phase": ("enum", ("bid", "execute", "salvage", "over")),
        "event": ("enum", data.EVENTS),
        "wall": ("list", MAX_CONTRACTS, {**_CONTRACT, "reward": ("num", 20), "tied": ("flag",)}),
        "vault": ("num", 50),
        "gold": ("seats", ("num", 30)),
        "rep": ("seats", ("num", 5)),
        "wounds": ("seats", ("num", 10)),
        "checkins": ("seats", ("num", 7)),
        "roles": ("seats", ("enum", data.ROLES)),
        "played": ("seats", ("bag", _CARDS, 1)),
        "hands": ("seats", ("bag", _CARDS, 1)),
        "hand_sizes": ("seats", ("num", 9)),
        "intel": ("seats", ("bag", data.INTEL, INTEL_COPIES)),
        "intel_sizes": ("seats", ("num", 4 * INTEL_COPIES)),
        "intel_discard": ("bag", data.INTEL, INTEL_COPIES),
        "decks": {"commissions": ("num", len(_CONTRACT_IDS)), "events": ("num", len(data.EVENTS)),
                  "intel": ("num", 4 * INTEL_COPIES)},
        "known_top": ("list", 2 * FORESIGHT_DEPTH, _CONTRACT),
        "foresight_pending": ("num", FORESIGHT_DEPTH),
        "submitted": ("seatset",),
        "my_choice": _SEALED,
        "revealed": ("seatkeyed", _SEALED),
        "owners": ("keyed", tuple(str(i) for i in range(MAX_CONTRACTS)), ("seat",)),
        "queue": ("bag", tuple(range(MAX_CONTRACTS)), 1),
        "resting": ("seatset",),
        "hospital_next": ("seatset",),
        "charon_used": ("flag",),
        "sofia_used": ("flag",),
        "swapped": ("seatset",),
        "to_move": ("seatset",),
        "options": {"max_bid": ("num", MAX_BID), "vault_cap": ("num", 100),
                    "salvage_from": ("enum", ("tied", "unsold"))},
        "log": _LOG,
        "visible_log": _LOG,
    }


_PHASES = ("bid", "execute", "salvage", "over")
_POSTED_KEYS = frozenset((*_CONTRACT, "reward", "tied"))
_DECK_KEYS = frozenset(_CONTRACT)
_SEALED_KEYS = frozenset(_SEALED)


def direct_encoder(config: Any, at: Any) -> Any:
    """``encode(state, seat, out)``: ``seat``'s observation written straight from the state
    into ``out`` (zeroed, indexed like the spec's features: ``at(name)`` is a feature's
    index), without building the view: the fields ``HotelGame.view`` reads for that seat,
    to the same values, in the same cases - its own hand and the hands it eavesdropped on,
    its own intel cards, sealed choice and foresight; of the others only the sizes of their
    hands and intel, and their choices once revealed. ``tests/rl/test_direct_encoders.py``
    checks it against the encoding of the view, and that re-dealing what the seat cannot
    see never changes it."""
    from array import array

    from .rules import HotelGame

    to_move = HotelGame().to_move  # reads the state only

    def slots(name: str) -> list[int]:
        return [at(f"{name}[+{k}]?") for k in range(MAX_SEATS)]

    night_at, nights_at, vault_at = at(".night/7"), at(".nights/7"), at(".vault/50")
    phase_at = {p: at(f".phase={p}") for p in _PHASES}
    event_at = {e: at(f".event={e}") for e in data.EVENTS}
    wall_at = [at(f".wall[{k}]?") for k in range(MAX_CONTRACTS)]
    top_at = [at(f".known_top[{k}]?") for k in range(2 * FORESIGHT_DEPTH)]
    # a contract's features, relative to its slot's presence flag (the same in every slot)
    posted = _contract_offsets(at, ".wall[0]", wall_at[0], True)
    known = _contract_offsets(at, ".known_top[0]", top_at[0], False)
    per_seat = [slots(name) for name in (".gold", ".rep", ".wounds", ".checkins",
                                         ".hand_sizes", ".intel_sizes", ".roles", ".played",
                                         ".hands", ".intel")]
    # The per-seat lists lie together (gold ... intel_sizes, in the spec's order): their
    # presence flags (one a seat at the table) are copied in from one template per count
    # of seats, and each seat's values then written at its slots' indices.
    first, last = per_seat[0][0], at(".intel_sizes[+5]/12") + 1
    if last - first != sum(MAX_SEATS * (spots[1] - spots[0]) for spots in per_seat):
        raise AssertionError("hotel: the per-seat lists do not lie together in the spec")
    templates: dict[tuple[int, str], Any] = {}
    seat_spots = list(zip(*per_seat, strict=True))  # slot k -> its presence flags
    role_of = {r: i + 1 for i, r in enumerate(data.ROLES)}
    card_of = {c: i + 1 for i, c in enumerate(_CARDS)}
    intel_of = {c: i + 1 for i, c in enumerate(data.INTEL)}
    discard_at = {c: at(f".intel_discard#{c}/{INTEL_COPIES}") for c in data.INTEL}
    third = 1.0 / INTEL_COPIES  # a bag's step, added as the encoder adds it
    decks_at = (at(".decks.commissions/36"), at(".decks.events/12"), at(".decks.intel/12"))
    pending_at = at(".foresight_pending/3")
    submitted_at, resting_at, hospital_at, swapped_at, to_move_at = (
        at(".submitted=+0"), at(".resting=+0"), at(".hospital_next=+0"),
        at(".swapped=+0"), at(".to_move=+0"))
    choice = _sealed_offsets(at, ".my_choice", 0)
    revealed_at = slots(".revealed")
    revealed = _sealed_offsets(at, ".revealed[+0]", revealed_at[0])
    owners_at = {i: at(f".owners[{i}]?") for i in range(MAX_CONTRACTS)}
    queue_at = {i: at(f".queue#{i}/1") for i in range(MAX_CONTRACTS)}
    charon_at, sofia_at = at(".charon_used"), at(".sofia_used")
    max_bid_at, vault_cap_at = at(".options.max_bid/10"), at(".options.vault_cap/100")
    salvage_at = {v: at(f".options.salvage_from={v}") for v in ("tied", "unsold")}

    def template(n: int, typecode: str) -> Any:
        block = array(typecode, bytes((last - first) * array(typecode).itemsize))
        for k in range(n):
            for o in seat_spots[k]:
                block[o - first] = 1.0
        templates[n, typecode] = block
        return block

    def contract(c: dict[str, Any], o: int, spots: tuple, out: Any) -> None:
        """A wall or deck card's slot: its presence flag, then each of its keys as the
        spec writes it (``None`` is nothing, numbers by their scale, a flag if true)."""
        ids, tags, d_at, r_at, risks, reward_at, tied_at, keys = spots
        if not c.keys() <= keys:
            raise ValueError(f"hotel: a contract {c!r} outside the observation")
        out[o] = 1.0
        v = c.get("id")
        if v is not None:
            out[o + ids[v]] = 1.0
        v = c.get("tag")
        if v is not None:
            out[o + tags[v]] = 1.0
        v = c.get("d")
        if v is not None:
            out[o + d_at] = v / 10.0
        v = c.get("r")
        if v is not None:
            out[o + r_at] = v / 20.0
        v = c.get("risk")
        if v is not None:
            out[o + risks[v]] = 1.0
        if reward_at is not None:
            v = c.get("reward")
            if v is not None:
                out[o + reward_at] = v / 20.0
            if c.get("tied"):
                out[o + tied_at] = 1.0

    def sealed(a: dict[str, Any], o: int, spots: tuple, out: Any) -> None:
        if not a.keys() <= _SEALED_KEYS:
            raise ValueError(f"hotel: a sealed choice {a!r} outside the observation")
        type_at, commission_at, bid_at = spots
        v = a.get("type")
        if v is not None:
            out[o + type_at[v]] = 1.0
        v = a.get("commission")
        if v is not None:
            out[o + commission_at] = v / 7.0
        v = a.get("bid")
        if v is not None:
            out[o + bid_at] = v / 10.0

    def encode(st: Any, me: int, out: Any) -> None:
        cfg = st.cfg
        n = cfg.players
        out[night_at] = st.night / 7.0
        out[nights_at] = cfg.nights / 7.0
        out[phase_at[st.phase]] = 1.0
        if st.event is not None:
            out[event_at[st.event]] = 1.0
        wall = st.wall
        if len(wall) > MAX_CONTRACTS:
            raise ValueError("hotel: a wall longer than the observation's")
        for k, c in enumerate(wall):
            contract(c, wall_at[k], posted, out)
        out[vault_at] = st.vault / 50.0
        gold, rep, wounds, checkins, roles = st.gold, st.rep, st.wounds, st.checkins, st.roles
        played, hands, intel = st.played, st.hands, st.intel
        if not (len(gold) == len(rep) == len(wounds) == len(checkins) == len(roles)
                == len(played) == len(hands) == len(intel) == n):
            raise ValueError("hotel: a per-seat list without one entry a seat")
        block = templates.get((n, out.typecode)) or template(n, out.typecode)
        out[first:last] = block
        readable = (me, *st.peeked[me])  # its own hand and those it eavesdropped on
        for i in range(n):
            g, r, w, c, hs, isz, ro, pl, h, it = seat_spots[(i - me) % n]
            out[g + 1] = gold[i] / 30.0
            out[r + 1] = rep[i] / 5.0
            out[w + 1] = wounds[i] / 10.0
            out[c + 1] = checkins[i] / 7.0
            hand, held = hands[i], intel[i]
            out[hs + 1] = len(hand) / 9.0
            out[isz + 1] = len(held) / 12.0
            v = roles[i]
            if v is not None:
                out[ro + role_of[v]] = 1.0
            for v in played[i]:
                out[pl + card_of[v]] += 1.0
            if i in readable:
                for v in hand:
                    out[h + card_of[v]] += 1.0
            if i == me:
                for v in held:
                    out[it + intel_of[v]] += third
        for v in st.intel_discard:
            out[discard_at[v]] += third
        deck = st.com_deck
        out[decks_at[0]] = len(deck) / 36.0
        out[decks_at[1]] = len(st.event_deck) / 12.0
        out[decks_at[2]] = len(st.intel_deck) / 12.0
        k = st.known_top[me]
        if k:
            top = deck[len(deck) - k:][::-1]  # as the view slices it
            if len(top) > len(top_at):
                raise ValueError("hotel: more known cards than the observation's")
            for j, c in enumerate(top):
                contract(c, top_at[j], known, out)
        foresight = st.foresight
        if foresight:
            out[pending_at] = foresight.get(me, 0) / 3.0
        bids = st.bids
        if bids:
            for s in bids:
                if s != -1:
                    out[submitted_at + (s - me) % n] = 1.0
            mine = bids.get(me)
            if mine is not None:
                sealed(mine, 0, choice, out)
        for p, a in st.revealed.items():
            o = revealed_at[(p - me) % n]
            out[o] = 1.0
            sealed(a, o, revealed, out)
        for i, p in st.owners.items():
            o = owners_at[i]
            out[o] = 1.0
            if p is not None and p != -1:
                out[o + 1 + (p - me) % n] = 1.0
        for i in st.queue:
            out[queue_at[i]] += 1.0
        for base, seats in ((resting_at, st.resting), (hospital_at, st.hospital_next),
                            (swapped_at, st.swapped), (to_move_at, to_move(st))):
            for s in seats:
                if s is not None and s != -1:
                    out[base + (s - me) % n] = 1.0
        if st.charon_used:
            out[charon_at] = 1.0
        if st.sofia_used:
            out[sofia_at] = 1.0
        out[max_bid_at] = cfg.max_bid / 10.0
        out[vault_cap_at] = cfg.vault_cap / 100.0
        out[salvage_at[cfg.salvage_from]] = 1.0
    return encode


def _contract_offsets(at: Any, name: str, base: int, on_wall: bool) -> tuple:
    """A contract slot's features relative to its presence flag: the id, tag and risk
    indicators, d, r (and on the wall reward and tied), and the keys a card may have."""
    return ({v: at(f"{name}.id={v}") - base for v in _CONTRACT_IDS},
            {v: at(f"{name}.tag={v}") - base for v in data.TAGS},
            at(f"{name}.d/10") - base, at(f"{name}.r/20") - base,
            {v: at(f"{name}.risk={v}") - base for v in data.RISK_BY_D.values()},
            at(f"{name}.reward/20") - base if on_wall else None,
            at(f"{name}.tied") - base if on_wall else None,
            _POSTED_KEYS if on_wall else _DECK_KEYS)


def _sealed_offsets(at: Any, name: str, base: int) -> tuple:
    """A sealed choice's features relative to ``base``: type indicators, commission, bid."""
    return ({v: at(f"{name}.type={v}") - base for v in _SEALED["type"][1]},
            at(f"{name}.commission/7") - base, at(f"{name}.bid/10") - base)
