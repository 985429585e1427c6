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
