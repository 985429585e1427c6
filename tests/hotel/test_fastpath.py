"""hotel's fast paths (issue 9) give exactly what the obvious code gives.

* ``legal_actions`` assembles its lists from shared, read-only action objects
  (``games/hotel/actions.py``): every list equals the one built from fresh dictionaries the
  obvious way, at every decision of random games under every option that changes it;
* nothing changes a shared object (actions, the commission deck) while whole games are
  played by random, style and search bots;
* ``determinize`` draws from cached guess lists: the same world and the same generator
  state as the obvious code;
* ``result`` counts ties and salvages in one pass: the obvious count.
"""

from __future__ import annotations

import itertools
import random

import pytest

from boardlab.bots.base import RandomBot
from boardlab.bots.search import MonteCarloBot
from boardlab.engine.match import play_match
from boardlab.engine.protocol import canonical
from boardlab.games.hotel import GAME, actions, data, rules
from boardlab.games.hotel.bots import BOTS, STYLE_ORDER

CONFIGS = [
    {"players": 3},
    {"players": 4},
    {"players": 5, "bid_over_gold": "debt"},
    {"players": 6, "empty_hand": "may_bid", "salvage_from": "unsold"},
    {"players": 4, "max_bid": 0, "max_boost": 2, "hand_size": 2},
    {"players": 3, "nights": 7, "max_bid": 5},
]


def obvious_legal(s, seat):
    """hotel's ``legal_actions`` before issue 9: fresh dictionaries every call."""
    g = GAME
    if not (seat not in s.resting and seat not in s.bids and 0 <= seat < s.n
            if s.phase == "bid" else seat in g.to_move(s)):
        return []

    def instant():
        out = []
        if "key" in s.intel[seat]:
            out.append({"type": "intel", "card": "key"})
        if "medical" in s.intel[seat] and s.wounds[seat] > 0:
            out.append({"type": "intel", "card": "medical"})
        return out

    if s.phase == "bid":
        if seat in s.foresight:
            k = s.foresight[seat]
            return [{"type": "arrange", "order": list(p)} for p in itertools.permutations(range(k))]
        out = [{"type": "bid", "commission": i, "bid": b}
               for i in range(len(s.wall)) for b in range(g._max_bid(s, seat) + 1)]
        if s.event != "full_house":
            out.append({"type": "checkin"})
        elif not out:
            out.append({"type": "pass"})
        for c in sorted(set(s.intel[seat])):
            if c == "eavesdrop":
                out += [{"type": "intel", "card": c, "target": t} for t in range(s.n) if t != seat]
            elif (c == "foresight" and not s.com_deck) or (c == "medical" and s.wounds[seat] == 0):
                continue
            else:
                out.append({"type": "intel", "card": c})
        if s.event == "broker" and seat not in s.swapped and s.intel[seat]:
            held = sorted(s.intel[seat])
            subs = {tuple(x) for r in range(1, len(held) + 1)
                    for x in itertools.combinations(held, r)}
            out += [{"type": "swap", "discard": list(x)} for x in sorted(subs)]
        return out
    if s.phase == "execute":
        c = s.wall[s.queue[0]]
        out = []
        if s.roles[seat] == "sofia" and not s.sofia_used and c["d"] <= 9:
            out.append({"type": "kill"})
        top = min(s.cfg.max_boost, max(0, s.gold[seat]))
        out += [{"type": "execute", "card": card, "boost": b}
                for card in sorted(s.hands[seat]) for b in range(top + 1)]
        if not s.hands[seat]:
            out.append({"type": "forfeit"})
        return out + instant()
    if s.phase == "salvage":
        out = ([{"type": "salvage", "commission": i} for i in g._salvageable(s)]
               if s.gold[seat] >= 2 else [])
        return out + [{"type": "pass"}] + instant()
    return []


def obvious_determinize(state, seat, rng):
    """hotel's ``determinize`` before issue 9 (fresh lists and guesses)."""
    s = state.copy(rng=random.Random(rng.getrandbits(64)))
    for p in range(s.n):
        if p == seat or p in s.peeked[seat]:
            continue
        pool = [c for c in data.technique_set() if c not in s.played[p]]
        s.hands[p] = sorted(rng.sample(pool, len(s.hands[p])))  # hands are kept sorted
    pool = list(s.intel_deck)
    for p in range(s.n):
        if p != seat:
            pool += s.intel[p]
    rng.shuffle(pool)
    for p in range(s.n):
        if p != seat:
            k = len(s.intel[p])
            s.intel[p], pool = pool[:k], pool[k:]
    s.intel_deck = pool
    k = s.known_top[seat]
    hidden = s.com_deck[:len(s.com_deck) - k]
    rng.shuffle(hidden)
    s.com_deck[:len(s.com_deck) - k] = hidden
    rng.shuffle(s.event_deck)
    for p in list(s.bids):
        if p != seat:
            opts = [{"type": "bid", "commission": i, "bid": b}
                    for i in range(len(s.wall)) for b in range(s.cfg.max_bid + 1)]
            if s.event != "full_house":
                opts.append({"type": "checkin"})
            s.bids[p] = rng.choice(opts)
    return s


def world_of(s):
    """Everything a world holds, including its generator's state."""
    return (canonical(GAME.facts(s)), canonical(s.hands), canonical(s.intel),
            canonical(s.intel_deck), [c["id"] for c in s.com_deck], list(s.event_deck),
            canonical(s.bids), s.rng.getstate())



def check_shared_objects_unchanged():
    """Every cached action still equals what its cache key says it is."""
    for (i, b), a in actions._BIDS.items():
        assert a == {"type": "bid", "commission": i, "bid": b}
    for t, a in actions._EAVESDROP.items():
        assert a == {"type": "intel", "card": "eavesdrop", "target": t}
    for (card, b), a in actions._EXECUTE.items():
        assert a == {"type": "execute", "card": card, "boost": b}
    for i, a in actions._SALVAGE.items():
        assert a == {"type": "salvage", "commission": i}
    assert (actions.CHECKIN, actions.PASS, actions.KILL, actions.FORFEIT) == (
        {"type": "checkin"}, {"type": "pass"}, {"type": "kill"}, {"type": "forfeit"})
    for c, a in actions.INTEL.items():
        assert a == {"type": "intel", "card": c}
    for held, group in actions._SWAPS.items():
        subs = sorted({tuple(x) for r in range(1, len(held) + 1)
                       for x in itertools.combinations(held, r)})
        assert [a["discard"] for a in group] == [list(x) for x in subs]
        assert all(a.keys() == {"type", "discard"} and a["type"] == "swap" for a in group)
    for k, group in actions._ARRANGEMENTS.items():
        assert [a for a in group] == [{"type": "arrange", "order": list(p)}
                                      for p in itertools.permutations(range(k))]
    assert list(rules._DECK) == data.commission_deck()


class Checker(RandomBot):
    """A random bot that compares every legal list with the obvious one (and answers by
    index, as the engine's fastest path does)."""

    def __init__(self, holder: dict) -> None:
        self.holder, self.checked = holder, 0

    def choose_index(self, ctx):
        s = self.holder["state"]
        for seat in range(s.n):  # every seat, not only the one asked
            assert canonical(GAME.legal_actions(s, seat)) == canonical(obvious_legal(s, seat))
        assert ctx.legal == obvious_legal(s, ctx.seat)
        self.checked += 1
        return super().choose_index(ctx)


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_legal_lists_equal_the_obvious_ones(cfg, monkeypatch):
    holder: dict = {}
    real_setup = GAME.setup

    def setup(*a, **k):
        holder["state"] = real_setup(*a, **k)
        return holder["state"]

    monkeypatch.setattr(GAME, "setup", setup)
    bots = [Checker(holder) for _ in range(cfg["players"])]
    for seed in range(6):
        play_match(GAME, cfg, seed, bots)
    assert sum(b.checked for b in bots) > 100
    check_shared_objects_unchanged()


def test_intel_heavy_states_list_the_obvious_choices():
    """Intel, broker swaps, foresight and eavesdrop appear rarely in random games: set
    them up directly."""
    hands = [["gun2", "gun3", "melee4"], ["stealth2", "gun4"], ["melee2"], []]
    for event in ("broker", "full_house", "hospitality", "rush"):
        for intel in (["eavesdrop", "foresight", "key", "medical"], ["key", "key", "medical"],
                      ["foresight"], []):
            s = GAME.new_game({"players": 4}, 1, {
                "events": [event], "hands": hands, "intel": [intel, ["eavesdrop"], [], ["foresight", "medical"]],
                "wounds": [1, 0, 2, 0], "gold": [8, 1, 0, 5]})
            for seat in range(4):
                assert GAME.legal_actions(s, seat) == obvious_legal(s, seat)
            rng = random.Random(3)
            for _ in range(40):  # then play on at random, checking every step
                movers = GAME.to_move(s)
                if not movers:
                    break
                for seat in range(4):
                    assert GAME.legal_actions(s, seat) == obvious_legal(s, seat)
                legal = GAME.legal_actions(s, movers[0])
                GAME.apply_in_place(s, movers[0], legal[rng.randrange(len(legal))])
    check_shared_objects_unchanged()


def test_a_caller_changing_its_list_changes_no_later_list():
    s = GAME.new_game({"players": 4}, 2)
    first = GAME.legal_actions(s, 0)
    kept = canonical(first)
    first.clear()
    assert canonical(GAME.legal_actions(s, 0)) == kept


def test_determinize_equals_the_obvious_one():
    for seed in range(8):
        out = play_match(GAME, {"players": 3 + seed % 4}, seed,
                         [RandomBot() for _ in range(3 + seed % 4)])
        for cut in range(0, len(out.record.actions), 5):
            s = GAME.replay(out.record, cut)
            for seat in GAME.to_move(s):
                a_rng, b_rng = random.Random(seed * 7 + cut), random.Random(seed * 7 + cut)
                fast = GAME.determinize(s, seat, a_rng)
                slow = obvious_determinize(s, seat, b_rng)
                assert world_of(fast) == world_of(slow)
                assert a_rng.getstate() == b_rng.getstate()


def test_result_counts_ties_and_salvages_as_the_log_says():
    for seed in range(10):
        out = play_match(GAME, {"players": 3 + seed % 4, "salvage_from": "unsold"}, seed,
                         [RandomBot() for _ in range(3 + seed % 4)])
        summary = out.result.summary
        assert summary["ties"] == sum(1 for e in out.state.log if e.kind == "tie")
        assert summary["salvages"] == sum(1 for e in out.state.log if e.kind == "salvage")
        assert summary["dividend"] == GAME.dividend(out.state)
        assert out.result.scores == [float(x) for x in GAME.scores(out.state)]


def test_style_and_search_bots_change_no_shared_object():
    names = [*STYLE_ORDER, "fitted"]
    for seed in range(2):
        players = 4 + seed
        bots = [BOTS[names[(seed + k) % len(names)]]() for k in range(players)]
        out = play_match(GAME, {"players": players}, seed, bots)
        assert GAME.replay(out.record).log == out.state.log
    mc = [MonteCarloBot(playouts=1)] + [RandomBot() for _ in range(2)]
    play_match(GAME, {"players": 3, "nights": 2}, 5, mc)
    check_shared_objects_unchanged()


def obvious_label(c, lang="en"):
    """hotel's contract label before issue 9 (made afresh every time)."""
    zh = lang == "zh"
    tag = rules.TAG_WORDS.get(c["tag"], (c["tag"], c["tag"]))[0 if zh else 1]
    risk = (rules.RISK_WORDS.get(c["risk"], (c["risk"], c["risk"]))[0 if zh else 1]
            if c["risk"] else "")
    reward = c.get("reward", c["r"])
    return (f"「{tag} D{c['d']} 💰{reward}" + (f" ⚠{risk}" if risk else "") + "」" if zh
            else f"‘{tag} D{c['d']} 💰{reward}" + (f" ⚠{risk}" if risk else "") + "’")


def test_cached_labels_equal_the_obvious_ones():
    for _ in range(2):  # the second round reads the cache
        for card in data.commission_deck():
            for bonus in (None, 0, 2):
                c = dict(card) if bonus is None else {**card, "reward": card["r"] + bonus}
                for lang in ("zh", "en"):
                    assert GAME._com_label(c, lang) == obvious_label(c, lang)
                    if bonus is not None:
                        assert rules._label(card, lang == "zh", card["r"] + bonus) == \
                            obvious_label(c, lang)


def test_outcome_and_random_action_equal_the_protocols_defaults():
    """``outcome`` gives ``result``'s scores and winners; ``random_action`` asks once with
    the legal list's length and returns its entry (on intel, reorder and resting seats too)."""
    for seed in range(6):
        players = 3 + seed % 4
        out = play_match(GAME, {"players": players, "nights": 3}, seed,
                         [RandomBot() for _ in range(players)])
        res = GAME.result(out.state)
        assert GAME.outcome(out.state) == (res.scores, res.winners)
        for cut in range(0, len(out.record.actions), 2):
            s = GAME.replay(out.record, cut)
            for seat in GAME.to_move(s):
                legal = GAME.legal_actions(s, seat)
                for pick in sorted({0, 1 % len(legal), len(legal) // 2, len(legal) - 1}):
                    asked = []

                    def randbelow(n, asked=asked, pick=pick):
                        asked.append(n)
                        return pick
                    assert GAME.random_action(s, seat, randbelow) == legal[pick]
                    assert asked == [len(legal)]
    s = GAME.new_game({"players": 4}, 1, {"intel": [["foresight", "key"], [], [], []]})
    GAME.apply_in_place(s, 0, {"type": "intel", "card": "foresight"})
    assert GAME.random_action(s, 0, lambda n: n - 1) == GAME.legal_actions(s, 0)[-1]
    with pytest.raises(ValueError):
        GAME.outcome(s)


def test_written_out_draws_equal_the_librarys():
    from boardlab.games.hotel import draws

    assert draws._SAME_AS_LIBRARY  # this interpreter's methods are the written-out ones
    for seed in range(30):
        for length in (0, 1, 2, 5, 9, 12, 21, 22, 36):
            a, b = random.Random(seed), random.Random(seed)
            x, y = [f"c{i}" for i in range(length)], [f"c{i}" for i in range(length)]
            a.shuffle(x)
            draws.shuffle(b, y)
            assert x == y and a.getstate() == b.getstate()
            for k in sorted({0, min(1, length), length // 2, length}):
                assert a.sample(tuple(x), k) == draws.sample(b, tuple(x), k)
                assert a.getstate() == b.getstate()

    class Odd(random.Random):  # a generator that draws its own way takes its own methods
        def _randbelow(self, n):
            return n - 1

    x = list(range(10))
    draws.shuffle(Odd(1), x)
    y = list(range(10))
    Odd(1).shuffle(y)
    assert x == y
    assert draws.sample(Odd(1), range(10), 4) == Odd(1).sample(range(10), 4)


def test_night_events_skipped_at_dawn_do_nothing_then():
    """``_start_night`` calls ``_event_now`` only for ``_ACTING_EVENTS``: every other
    event leaves the state and the log alone at that moment."""
    for event in data.EVENTS:
        s = GAME.new_game({"players": 4}, 2, {"wounds": [1, 0, 3, 0], "rep": [2, 1, 0, 2],
                                              "checkins": [1, 0, 0, 0], "vault": 5})
        s.event = event
        before = (canonical(GAME.facts(s)), len(s.log))
        ev = GAME._event_now(s)
        changed = bool(ev) or (canonical(GAME.facts(s)), len(s.log)) != before
        assert changed == (event in rules._ACTING_EVENTS), event
