"""The simulator AI and the Appendix B styles: legal, deterministic, and in character."""

from __future__ import annotations

import pytest

from boardlab.engine.match import play_match
from boardlab.games.cat import GAME
from boardlab.games.cat.bots import BOOK_STYLES, BOTS, STYLES

ASCII = ["lookahead", "wild", "tidy", "shifter", "sniper", "steady", "wild_literal"]


def test_every_style_has_an_ascii_and_a_rulebook_name():
    bots = GAME.bots()
    for name in ASCII:
        assert name in bots and bots[name]().name == name
    assert [STYLES[n][0] for n in BOOK_STYLES] == ["狂闹流", "收拾流", "甩锅流", "狙击流", "稳当流"]
    assert set(STYLES) == set(ASCII)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_play_legal_deterministic_games(players):
    names = ASCII[:players]
    a = play_match(GAME, {"players": players, "roles": True}, 11, [BOTS[n]() for n in names])
    b = play_match(GAME, {"players": players, "roles": True}, 11, [BOTS[n]() for n in names])
    assert a.record == b.record and a.result == b.result


def _wild_battle(wild: str, seeds: int = 30):
    """4-player games of ``wild`` against the other four styles, rotated; per play of the
    wild seat: (card, whether it was its biggest fun, its lane in the room before)."""
    from boardlab.games.cat.bots import apply_play

    names = [wild, "tidy", "shifter", "sniper", "steady"]
    score = dict.fromkeys(names, 0.0)
    plays = []
    for seed in range(seeds):
        order = names[seed % 5:] + names[:seed % 5]
        out = play_match(GAME, {"players": 4}, seed, [BOTS[n]() for n in order[:4]])
        for i, (seat, action) in enumerate(out.record.actions):
            if order[seat] != wild or action["type"] != "play":
                continue
            before = GAME.replay(out.record, upto=i)
            view = GAME.view(before, seat)
            legal = GAME.legal_actions(before, seat)
            # biggest among the cards a wild seat may play (a clean card is never one)
            top = max((apply_play(view, seat, a)[1] for a in legal
                       if a.get("card") not in ("clean", "cat")), default=0)
            plays.append((action["card"], apply_play(view, seat, action)[1] == top,
                          before.lanes[action["room"]][seat]))
        for s in range(4):
            score[order[s]] += out.result.scores[s]
    return score, plays


def test_wild_never_cleans_plays_big_and_is_the_trap():
    """狂闹流 「永远打最大的牌，从不收拾」 as a style of the book's lookahead AI: never a clean
    card on its own mess, its biggest card in most plays, the lowest score."""
    score, plays = _wild_battle("wild", seeds=20)
    assert not [p for p in plays if p[0] == "clean" and p[2] > 0]
    assert sum(big for _, big, _ in plays) / len(plays) > 0.6
    assert score["wild"] == min(score.values())


def test_wild_literal_always_plays_its_biggest_card():
    score, plays = _wild_battle("wild_literal", seeds=10)
    # forced to a clean or cat card (nothing else in hand): only on an empty lane
    assert not [p for p in plays if p[0] in ("clean", "cat") and p[2] > 0]
    assert all(big for card, big, _ in plays if card not in ("clean", "cat"))
    assert score["wild_literal"] == min(score.values())


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


def test_sealed_rounds_weigh_the_bill_at_a_quarter():
    """Audit item 17: in rounds 6-7 the AI prices being dirtiest at ``sealed_risk`` of the
    open rounds' weight (the book's seats kept playing chaos cards there)."""
    from boardlab.games.cat.bots import Weights, board_value

    rooms = {"living": {"lanes": [6, 2, 0], "fish": 2}, "kitchen": {"lanes": [0, 0, 0], "fish": 0},
             "bath": {"lanes": [0, 0, 0], "fish": 0}}
    view = {"station": 6, "stations": 7, "exposures_open": False, "exposure_line": 12,
            "roles": [None] * 3, "role_uses": [0] * 3}
    certainty = 0.5 + 0.5 * 6 / 7
    assert board_value(view, rooms, 0, Weights()) == pytest.approx(-0.25 * certainty * 10)
    assert board_value(view, rooms, 0, Weights(sealed_risk=1.0)) == \
        pytest.approx(-certainty * 10)
    open_view = {**view, "station": 4, "exposures_open": True}
    # before the seal the full weight applies (at station 4 a dirtiest seat expects half)
    assert board_value(open_view, rooms, 0, Weights()) == \
        pytest.approx(-(0.5 + 0.5 * 4 / 7) * 5)


def test_quick_lookahead_chooses_as_lookahead_with_the_same_draws():
    """The strong bot's playout policy (``STRONG_ROLLOUT``) is lookahead made faster: at
    every real decision of games of mixed styles (roles dealt or not, variants B and C), its
    choice and its generator's state after equal lookahead's, ties and draws included."""
    import random

    from boardlab.bots.strong import bot_index
    from boardlab.engine.context import NoLog, StateContext
    from boardlab.games.cat.bots import STRONG_ROLLOUT, LookaheadBot, QuickLookahead

    assert STRONG_ROLLOUT is QuickLookahead
    styles = list(BOTS)
    checked, kinds, picks, tied = 0, set(), set(), 0
    for game_i in range(24):
        players = 3 + game_i % 3
        cfg = {"players": players, "roles": game_i % 4 != 0,
               "variant_b": players == 5 and game_i % 2 == 1, "variant_c": game_i % 3 == 2}
        state = GAME.new_game(cfg, game_i)
        rng = random.Random(game_i)
        while GAME.to_move(state):
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_actions(state, seat)
            if len(legal) > 1:
                plain, quick = random.Random(checked), random.Random(checked)
                a = bot_index(LookaheadBot(), StateContext(GAME, seat, legal, plain, state, None))
                b = QuickLookahead().choose_index(
                    StateContext(GAME, seat, legal, quick, state, NoLog(seat)))
                assert a == b, (game_i, seat, legal[a], legal[b])
                assert plain.getstate() == quick.getstate()
                tied += legal[0]["type"] == "play" and plain.getstate() != random.Random(
                    checked).getstate()
                checked += 1
                kinds.add(legal[a]["type"])
                picks.add(legal[a].get("card"))
            name = styles[(seat + game_i) % len(styles)]
            k = bot_index(BOTS[name](), StateContext(GAME, seat, legal, rng, state, None))
            GAME.apply_in_place(state, seat, legal[k])
    # the comparison covered draws, plays of many kinds, and plays decided by a tie's draw
    assert checked > 1000 and {"draw", "play"} <= kinds and tied > 0
    assert {"clean", "shift", "cat", "fish"} <= picks
