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
