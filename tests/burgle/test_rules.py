"""Setup, options and the random parts of the rules (keypads, safe rolls) of burgle."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from boardlab.engine.errors import ConfigError, IllegalAction
from boardlab.engine.protocol import canonical
from boardlab.games.burgle import GAME, data


def test_data_counts():
    assert len(data.tile_copies()) == 48
    numbers = Counter(data.number_of(t) for t in data.tile_copies() if not t.startswith("safe"))
    assert numbers == {1: 8, 2: 8, 3: 8, 4: 7, 5: 7, 6: 7}
    assert len(data.TOOLS) == 13 and len(data.LOOT_CARDS) == 13 and len(data.EVENTS) == 26
    assert len(data.CHARACTERS) == 9
    for table in (data.TOOLS, data.LOOT, data.EVENTS):
        assert all(len(v) == 4 and all(v) for v in table.values())


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_piles_patrols_and_characters(players):
    s = GAME.new_game({"players": players}, 7)
    for f in range(3):
        kinds = [data.kind_of(t) for t in s.tiles[16 * f:16 * f + 16]]
        assert kinds.count("safe") == 1 and kinds.count("stairs") == 1
        g = s.guards[f]
        assert len(g["deck"]) == 16 - data.PATROL_REMOVED[players] - len(g["discard"])
    assert [len(o) for o in s.offers] == [2] * players
    assert len({c for o in s.offers for c in o}) == 2 * players
    assert not any(s.revealed) and s.phase == "character"


def test_config_bounds_and_bad_setup():
    with pytest.raises(ConfigError):
        GAME.make_config({"players": 5})
    with pytest.raises(ConfigError):
        GAME.make_config({"players": 2, "walls": "castle"})
    with pytest.raises(ConfigError):
        GAME.new_game({"players": 1}, 0, {"nonsense": 1})


def test_random_walls_keep_every_cell_reachable():
    for seed in range(20):
        s = GAME.new_game({"players": 2, "walls": "random"}, seed)
        assert all(len(w) == 8 for w in s.walls)


def _start(players=1, **setup):
    base = {"characters": [["hawk", "basic"]] * players, "entrance": "1A1",
            "patrol": [["D4", "D3", "D4", "D3"]]}
    return GAME.new_game({"players": players}, setup.pop("seed", 0), {**base, **setup})


def test_keypad_opens_exactly_on_a_six_and_dice_grow_within_the_turn():
    outcomes = set()
    for seed in range(30):
        s = _start(seed=seed)
        j = s.tiles.index("keypad:4")
        s.tiles[4], s.tiles[j] = s.tiles[j], s.tiles[4]  # the keypad on 1A2, below the entrance
        s.revealed[4] = False
        sizes = []
        while s.players[0]["pos"] != 4 and s.max_actions - s.used >= 1:
            s, events = GAME.apply(s, 0, {"type": "move", "to": "1A2"})
            roll = next(e.data["roll"] for e in events if e.kind == "keypad")
            sizes.append(len(roll))
            assert (s.players[0]["pos"] == 4) == (6 in roll)
            outcomes.add(6 in roll)
        assert sizes == list(range(1, len(sizes) + 1))
        assert (4 in s.keypads_open) == (s.players[0]["pos"] == 4)
    assert outcomes == {True, False}


def test_a_safe_roll_cracks_exactly_the_revealed_combination_numbers():
    s = GAME.new_game({"players": 1}, 3, {"characters": [["hawk", "basic"]], "entrance": "1A1",
                                          "patrol": [["D4", "D3"]]})
    safe = next(i for i in range(16) if data.kind_of(s.tiles[i]) == "safe")
    s.players[0]["pos"] = safe
    s.revealed[safe] = True
    combo = GAME._combination(s, safe)
    for p in combo[:4]:
        s.revealed[p] = True
    s.safe_dice[0] = 3
    name = f"1{'ABCD'[safe % 4]}{safe // 4 + 1}"
    s2, events = GAME.apply(s, 0, {"type": "roll", "at": name})
    roll = next(e.data["roll"] for e in events if e.kind == "safe_roll")
    expected = sorted(p for p in combo[:4] if data.number_of(s.tiles[p]) in roll)
    assert sorted(s2.cracked) == expected
    assert len(roll) == 3 and s2.used == 1


def test_determinize_keeps_every_view_and_the_piles():
    rng = random.Random(4)
    s = GAME.new_game({"players": 3}, 4)
    for _ in range(60):
        if GAME.is_over(s):
            break
        seat = GAME.to_move(s)[0]
        s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    w = GAME.determinize(s, 0, random.Random(1))
    assert canonical(GAME.view(w, 0)) == canonical(GAME.view(s, 0))
    for f in range(3):
        kinds = [data.kind_of(t) for t in w.tiles[16 * f:16 * f + 16]]
        assert kinds.count("safe") == 1 and kinds.count("stairs") == 1
    assert sorted(w.tiles) == sorted(s.tiles)


def test_bad_positions_are_refused_cleanly():
    s = _start()
    for bad in ({"type": "move", "to": "9Z9"}, {"type": "move"}, {"type": "peek", "at": 3}):
        with pytest.raises(IllegalAction):
            GAME.apply(s, 0, bad)
