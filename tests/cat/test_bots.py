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
            del i
            if order[seat] == "wild" and action.get("card") == "clean":
                cleans_by_wild += 1
        for s in range(4):
            score[order[s]] += out.result.scores[s]
            wins[order[s]] += s in out.result.winners
    assert cleans_by_wild == 0
    assert score["wild"] == min(score.values())


def test_default_bots_are_the_five_styles():
    assert GAME.default_bots(5) == ["wild", "tidy", "shifter", "sniper", "steady"]
    assert GAME.default_bots(3) == ["wild", "tidy", "shifter"]


def test_draws_are_random_piles_after_one_of_each_chaos_pile():
    """The book's simulator drew at random from the piles: the opening hand takes one card
    from each chaos pile, then piles come at random (so specials are a minority)."""
    from collections import Counter

    piles = Counter()
    opening_ok = True
    for seed in range(3):
        out = play_match(GAME, {"players": 4}, seed, [BOTS["steady"]() for _ in range(4)])
        first = {s: [] for s in range(4)}
        for seat, a in out.record.actions:
            if a["type"] == "draw":
                piles[a["pile"]] += 1
                if len(first[seat]) < 3:
                    first[seat].append(a["pile"])
        opening_ok &= all(sorted(f) == ["bath", "kitchen", "living"] for f in first.values())
    assert opening_ok
    chaos = piles["living"] + piles["kitchen"] + piles["bath"]
    assert 0.6 < chaos / sum(piles.values()) < 0.9


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
