"""The simulator AI and the Appendix B styles: legal, deterministic, and in character."""

from __future__ import annotations

import pytest

from boardlab.engine.match import play_match
from boardlab.games.cat import GAME
from boardlab.games.cat.bots import BOTS, STYLES

ASCII = ["lookahead", "wild", "tidy", "shifter", "sniper", "steady"]


def test_every_style_has_an_ascii_and_a_rulebook_name():
    bots = GAME.bots()
    for name in ASCII:
        assert name in bots and bots[name]().name == name
    assert {STYLES[n][0] for n in ASCII[1:]} == {"狂闹流", "收拾流", "甩锅流", "狙击流", "稳当流"}
    assert set(STYLES) == set(ASCII)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_play_legal_deterministic_games(players):
    names = ASCII[:players]
    a = play_match(GAME, {"players": players, "roles": True}, 11, [BOTS[n]() for n in names])
    b = play_match(GAME, {"players": players, "roles": True}, 11, [BOTS[n]() for n in names])
    assert a.record == b.record and a.result == b.result


def test_wild_never_cleans_and_is_the_trap():
    wins = {n: 0 for n in ("wild", "tidy", "shifter", "sniper", "steady")}
    score = dict.fromkeys(wins, 0.0)
    names = list(wins)
    cleans_by_wild = 0
    for seed in range(30):
        order = names[seed % 5:] + names[:seed % 5]
        out = play_match(GAME, {"players": 4}, seed, [BOTS[n]() for n in order[:4]])
        for i, (seat, action) in enumerate(out.record.actions):
            if order[seat] == "wild" and action.get("card") in ("clean", "cat"):
                # a hand of only clean / cat cards must still play one: on an empty lane
                before = GAME.replay(out.record, upto=i)
                cleans_by_wild += before.lanes[action["room"]][seat] > 0
        for s in range(4):
            score[order[s]] += out.result.scores[s]
            wins[order[s]] += s in out.result.winners
    assert cleans_by_wild == 0
    assert score["wild"] == min(score.values())


def test_default_bots_are_the_five_styles():
    assert GAME.default_bots(5) == ["wild", "tidy", "shifter", "sniper", "steady"]
    assert GAME.default_bots(3) == ["wild", "tidy", "shifter"]


def _draws(bots, seeds=3):
    from collections import Counter

    piles, first = Counter(), []
    for seed in range(seeds):
        out = play_match(GAME, {"players": 4}, seed, bots())
        opening = {s: [] for s in range(4)}
        for seat, a in out.record.actions:
            if a["type"] == "draw":
                piles[a["pile"]] += 1
                if len(opening[seat]) < 3:
                    opening[seat].append(a["pile"])
        first += [sorted(f) for f in opening.values()]
    chaos = piles["living"] + piles["kitchen"] + piles["bath"]
    return chaos / sum(piles.values()), first


def test_style_draws_are_random_cards_of_the_whole_stock():
    """The book's simulator drew at random: as from one shuffled stock, so about 41% of the
    cards drawn are special (41 of 101) and the opening hand is not forced."""
    chaos, first = _draws(lambda: [BOTS["steady"]() for _ in range(4)], seeds=6)
    assert 0.48 < chaos < 0.70
    assert any(f != ["bath", "kitchen", "living"] for f in first)


def test_piles_draws_take_one_of_each_chaos_pile_then_random_piles():
    """The other reading (``draws="piles"``): §6.1's suggested opening, then a uniformly
    random pile (specials a quarter of the later draws)."""
    from boardlab.games.cat.bots import LookaheadBot

    chaos, first = _draws(lambda: [LookaheadBot("steady", STYLES["steady"][1], draws="piles")
                                   for _ in range(4)])
    assert all(f == ["bath", "kitchen", "living"] for f in first)
    assert 0.72 < chaos < 0.9
    with pytest.raises(ValueError, match="draws"):
        LookaheadBot(draws="deck")


def test_shifter_moves_mess_first_and_tidy_cleans_when_dirty():
    import random

    from boardlab.bots.base import DecisionContext

    s = GAME.new_game({"players": 3}, 0, {
        "hands": [["shift", "L5", "K4", "B3", "fish"], ["clean", "L5", "K4", "B3", "fish"],
                  ["L1", "K1", "B1", "L2", "K2"]],
        "rooms": {"living": {"lanes": [4, 5, 0], "fish": 0}}})
    for seat, name, card in ((0, "shifter", "shift"), (1, "tidy", "clean")):
        ctx = DecisionContext(GAME, seat, GAME.view(s, seat), GAME.legal_actions(s, seat),
                              random.Random(0))
        a = BOTS[name]().choose(ctx)
        assert a["card"] == card and a["room"] == "living"
