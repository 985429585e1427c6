"""hotel's legal choices as shared, prebuilt action objects (issue 9).

``legal_actions`` used to build a fresh dictionary for every choice of every decision
(a bid night offers 21 of them at 4 seats, an execution up to 30). The same few hundred
actions recur in every game, so each is built once here and the legal list is assembled
from them: a new list each call, holding the very same objects every time.

**The action objects are read-only.** They are shared by every state and game of the
process (and end up in ``GameRecord.actions``, the sealed-choice events and bots' hands);
nobody may change one. The rules copy what they keep (``dict(action)`` for a sealed
choice, ``list(action["discard"])`` for an event), and ``tests/hotel/test_fastpath.py``
plays whole games with every bot and checks that no object here changed and that every
list equals the one built the obvious way (``obvious_legal`` there).

Caches are keyed by everything their list depends on and hold tuples, so a caller that
changes its list never changes the cache.
"""

from __future__ import annotations

import itertools
from typing import Any

from boardlab.games.hotel import data

Action = dict[str, Any]

CHECKIN: Action = {"type": "checkin"}
PASS: Action = {"type": "pass"}  # standing aside on a full-house night, or no salvage
KILL: Action = {"type": "kill"}
FORFEIT: Action = {"type": "forfeit"}
INTEL: dict[str, Action] = {c: {"type": "intel", "card": c} for c in data.INTEL}
KEY, MEDICAL = INTEL["key"], INTEL["medical"]

_BIDS: dict[tuple[int, int], Action] = {}
_EAVESDROP: dict[int, Action] = {}
_EXECUTE: dict[tuple[str, int], Action] = {}
_SALVAGE: dict[int, Action] = {}


def bid(commission: int, amount: int) -> Action:
    a = _BIDS.get((commission, amount))
    if a is None:
        a = _BIDS[commission, amount] = {"type": "bid", "commission": commission,
                                         "bid": amount}
    return a


def eavesdrop(target: int) -> Action:
    a = _EAVESDROP.get(target)
    if a is None:
        a = _EAVESDROP[target] = {"type": "intel", "card": "eavesdrop", "target": target}
    return a


def execute(card: str, boost: int) -> Action:
    a = _EXECUTE.get((card, boost))
    if a is None:
        a = _EXECUTE[card, boost] = {"type": "execute", "card": card, "boost": boost}
    return a


def salvage(commission: int) -> Action:
    a = _SALVAGE.get(commission)
    if a is None:
        a = _SALVAGE[commission] = {"type": "salvage", "commission": commission}
    return a


BID_HEADS: dict[tuple[int, int, bool], tuple[Action, ...]] = {}


def bid_head(contracts: int, max_bid: int, full_house: bool) -> tuple[Action, ...]:
    """A bid night's sealed choices: every contract at every bid ``0..max_bid`` (none when
    ``max_bid`` is -1), then the check-in, or on a full-house night with nothing to bid the
    pass (ruling H13)."""
    key = (contracts, max_bid, full_house)
    out = BID_HEADS.get(key)
    if out is None:
        head = [bid(i, b) for i in range(contracts) for b in range(max_bid + 1)]
        if not full_house:
            head.append(CHECKIN)
        elif not head:
            head.append(PASS)
        out = BID_HEADS[key] = tuple(head)
    return out


_GUESSES: dict[tuple[int, int, bool], tuple[Action, ...]] = {}


def sealed_guesses(contracts: int, max_bid: int, full_house: bool) -> tuple[Action, ...]:
    """What ``determinize`` draws for another seat's hidden sealed choice: any contract at
    any bid up to the table's limit, or the check-in unless the hotel is full."""
    key = (contracts, max_bid, full_house)
    out = _GUESSES.get(key)
    if out is None:
        guesses = [bid(i, b) for i in range(contracts) for b in range(max_bid + 1)]
        if not full_house:
            guesses.append(CHECKIN)
        out = _GUESSES[key] = tuple(guesses)
    return out


_INTEL_USES: dict[tuple, tuple[Action, ...]] = {}


def intel_uses(held: tuple[str, ...], seat: int, players: int, foresight_ok: bool,
               wounded: bool) -> tuple[Action, ...]:
    """Intel a seat may use before sealing, one entry per kind held (sorted): eavesdrop on
    every other seat, foresight only while contracts remain, medicine only on a wound."""
    key = (held, seat, players, foresight_ok, wounded)
    out = _INTEL_USES.get(key)
    if out is None:
        uses: list[Action] = []
        for c in held:
            if c == "eavesdrop":
                uses += [eavesdrop(t) for t in range(players) if t != seat]
            elif (c == "foresight" and not foresight_ok) or (c == "medical" and not wounded):
                continue
            else:
                uses.append(INTEL[c])
        out = _INTEL_USES[key] = tuple(uses)
    return out


_SWAPS: dict[tuple[str, ...], tuple[Action, ...]] = {}


def swaps(held: tuple[str, ...]) -> tuple[Action, ...]:
    """Broker night: every distinct non-empty set of held cards to discard (``held``
    sorted), in sorted order."""
    out = _SWAPS.get(held)
    if out is None:
        subs = {tuple(x) for r in range(1, len(held) + 1)
                for x in itertools.combinations(held, r)}
        out = _SWAPS[held] = tuple({"type": "swap", "discard": list(x)} for x in sorted(subs))
    return out


_ARRANGEMENTS: dict[int, tuple[Action, ...]] = {}


def arrangements(k: int) -> tuple[Action, ...]:
    """After foresight: every order of the ``k`` peeked contracts."""
    out = _ARRANGEMENTS.get(k)
    if out is None:
        out = _ARRANGEMENTS[k] = tuple({"type": "arrange", "order": list(p)}
                                       for p in itertools.permutations(range(k)))
    return out


EXECUTIONS: dict[tuple[tuple[str, ...], int], tuple[Action, ...]] = {}


def executions(hand: tuple[str, ...], top: int) -> tuple[Action, ...]:
    """Every card of ``hand`` (sorted) with every boost ``0..top``, card by card."""
    key = (hand, top)
    out = EXECUTIONS.get(key)
    if out is None:
        out = EXECUTIONS[key] = tuple(execute(card, b) for card in hand
                                       for b in range(top + 1))
    return out


def every_shared_action() -> list[Action]:
    """Every action object made so far (tests check none of them was changed)."""
    out: list[Action] = [CHECKIN, PASS, KILL, FORFEIT, *INTEL.values()]
    for table in (_BIDS, _EAVESDROP, _EXECUTE, _SALVAGE):
        out += table.values()
    for lists in (_SWAPS, _ARRANGEMENTS):
        for group in lists.values():
            out += group
    return out
