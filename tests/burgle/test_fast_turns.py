"""burgle's fast paths of issue 9's last round (the floor tables, the turn's choices in
one body, the ability listers, the guard's walk and sight read from the tables) play
exactly as the code they replaced.

``Before`` (``before.py``) is the game with every changed method as it was, copied
unchanged. Games of both from the same seeds and bots (random, greedy and team, several
configs) must have the same records, logs, results and final states; at every step of
such games both list the same legal choices for every seat, and on states changed at will
(every tile, every character side, tiles face up, alarms, the crow, items) too; the
nearest alarms agree on random alarms and layouts; and every entry of the floor tables
equals the plain computation.
"""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from boardlab.bots.base import RandomBot
from boardlab.engine.match import play_match
from boardlab.engine.protocol import Action, Result
from boardlab.games.burgle import GAME, data, rules
from boardlab.games.burgle.bots import BOTS
from boardlab.games.burgle.path import path_indices, path_uncached
from boardlab.games.burgle.rules import _ABILITY_SIDES, CELLS, ROOF, BurgleGame, random_walls
from boardlab.games.burgle.state import BurgleState, fresh_state

from .before import Before, _floor_steps_before, path_before
from .test_spelt_out_calls import _played  # (a game's record, log, result and state)

BEFORE = Before()
CONFIGS = [
    {"players": 2},
    {"players": 1, "walls": "random"},
    {"players": 3, "alarm_ties": "reading", "events": "later"},
    {"players": 4, "walls": "random", "sides": "advanced", "trades": "free"},
    {"players": 2, "sides": "basic", "walkway_down_enters": True, "loot": "simple"},
]
SIDES = [(c, side) for c in data.CHARACTERS for side in ("basic", "advanced")]


def _layouts() -> list[frozenset]:
    rng = random.Random(11)
    return [*rules._DEFAULT_WALLS, frozenset(), *(random_walls(rng) for _ in range(8))]


@pytest.mark.parametrize("walls", _layouts())
def test_every_floor_table_entry_equals_the_plain_computation(walls):
    s = GAME.new_game({"players": 2}, 3)
    for f in range(3):
        table = rules._LAYOUTS[walls][f]  # made on the first read
        assert rules._LAYOUTS[walls][f] is table  # kept: the hot paths read it there
        base = f * CELLS
        assert table.base == base and table.walls == walls
        assert table.steps == _floor_steps_before(walls, f)
        s.walls = [walls] * 3
        for c in range(CELLS):
            p = base + c
            assert table.opens[c] == tuple(BEFORE._open_neighbours(s, p))
            assert GAME._open_neighbours(s, p) == BEFORE._open_neighbours(s, p)
            assert table.near_cells(c) == tuple(
                BEFORE._within_two(s, p, through_revealed=False))
            for goal in range(CELLS):
                assert table.distance(p, base + goal) == len(path_indices(walls, c, goal))
                assert table.distance(p, base + goal) == len(path_indices(walls, c, goal))
                if goal != c:
                    expected = base + path_indices(walls, c, goal)[0]
                    assert table.next_step(p, base + goal) == expected
                    assert table.next_step(p, base + goal) == expected  # the kept one
    for p in (-1, ROOF):  # off the board: the plain reading, as before
        assert GAME._open_neighbours(s, p) == BEFORE._open_neighbours(s, p)


def test_the_layout_tables_are_bounded_and_made_again_alike(monkeypatch):
    monkeypatch.setattr(rules, "_MAX_LAYOUTS", 4)
    rng = random.Random(5)
    layouts = [random_walls(rng) for _ in range(10)]
    first = [rules._LAYOUTS[w][1].steps for w in layouts]
    assert len(rules._LAYOUTS) <= 4
    assert [rules._LAYOUTS[w][1].steps for w in layouts] == first


def _lists(s: BurgleState) -> tuple[list[Action], list[Action]]:
    seats = range(s.n)
    return ([GAME.legal_actions(s, i) for i in seats], [BEFORE.legal_actions(s, i) for i in seats])


def _changed(s: BurgleState, k: int):
    """``s`` changed at will, every way the turn choices read: the mover put on tiles of
    every floor with each character side, tiles face up (secret doors behind walls,
    stairs links), alarms, the crow, the Painting or the Gemstone with one action left,
    the used actions, an item on his tile, a partner beside him, abilities used."""
    seat = s.seat
    for q in range(k % 3, 3 * CELLS, 5):
        t = s.copy()
        pl = t.players[seat]
        pl["pos"] = q
        pl["char"], pl["side"] = SIDES[(k + q) % len(SIDES)]
        if k % 2 == 0:
            t.revealed = [True] * (3 * CELLS)
            t.links = [[p, p + CELLS] for p in range(2 * CELLS)
                       if data.kind_of(t.tiles[p]) == "stairs"]
        if q % 4 == 1:
            pl["loot"].append("painting")
        elif q % 4 == 2:
            pl["loot"].append("gemstone")
            t.used = t.max_actions - 1
        elif q % 4 == 3:
            t.used = t.max_actions
        if q % 5 == 0:
            t.alarms = sorted({q, q ^ 1, (q + 5) % (3 * CELLS)})
            t.crow = q ^ 4
        if q % 7 == 0:
            t.items.setdefault(q, []).append("tiara")
        if q % 6 == 0 and t.n > 1:
            t.players[(seat + 1) % t.n]["pos"] = q ^ 1
        if q % 9 == 0:
            t.once.append(pl["char"])
        pl["hack"] = q % 2
        pl["held_alarm"] = q % 3 == 0
        yield t


@pytest.mark.parametrize("config", CONFIGS)
def test_the_turn_choices_equal_the_code_they_replaced_at_every_step(config):
    checked = 0
    for seed in range(20):
        bots = [RandomBot() for _ in range(config["players"])]
        out = play_match(GAME, config, seed, bots)
        for k in range(len(out.record.actions) + 1):
            s = GAME.replay(out.record, k)
            mine, theirs = _lists(s)
            assert mine == theirs
            checked += 1
            if k % 6 == 0 and s.phase == "actions":
                for t in _changed(s, k):
                    mine, theirs = _lists(t)
                    assert mine == theirs
                    checked += 1
    assert checked > 1200


def test_style_bot_games_list_the_same_turn_choices():
    mix = [BOTS["team"], BOTS["greedy"], RandomBot]
    for players in (2, 3, 4):
        for seed in range(2):
            bots = [mix[(seed + i) % 3]() for i in range(players)]
            out = play_match(GAME, {"players": players}, 900 + seed, bots)
            for k in range(0, len(out.record.actions) + 1, 2):
                s = GAME.replay(out.record, k)
                mine, theirs = _lists(s)
                assert mine == theirs


def test_every_side_lists_its_abilities_as_the_chain_did():
    assert frozenset(rules._ABILITY_LISTERS) == _ABILITY_SIDES
    s = GAME.new_game({"players": 3}, 8)
    listed = 0
    for c, side in SIDES:
        for q in range(3 * CELLS):
            t = s.copy()
            t.phase, t.seat = "actions", 0
            t.players[0].update(pos=q, char=c, side=side, hack=q % 2, held_alarm=q % 3 == 0,
                                stealth=q % 3)
            t.players[1]["pos"] = q ^ 1
            t.players[2]["pos"] = (q + 17) % (3 * CELLS)
            t.revealed = [q % 2 == 0 or p % 3 == 0 for p in range(3 * CELLS)]
            t.alarms = sorted({q, q ^ 5})
            t.crow = q ^ 1 if q % 4 else q
            t.used = q % 3
            if q % 8 == 0:
                t.once.append(c)
            if q % 5 == 0:
                t.tool_deck, t.event_deck = t.tool_deck[:1], []
            for left in range(5):
                mine = GAME._ability_actions(t, 0, left)
                assert mine == BEFORE._ability_actions(t, 0, left)
                listed += len(mine)
    assert listed > 1000


@pytest.mark.parametrize("config", [*CONFIGS, {"players": 3, "patrol_removed": "none",
                                                "turn_limit": 30}])
def test_random_games_play_as_before(config):
    for seed in range(40):
        bots = [RandomBot() for _ in range(config["players"])]
        assert _played(GAME, config, seed, bots) == _played(BEFORE, config, seed, bots)


def test_style_bot_games_play_as_before():
    mix = [BOTS["team"], BOTS["greedy"], RandomBot]
    for players in (1, 2, 3, 4):
        for seed in range(3):
            config = {"players": players, "walls": "random" if seed == 2 else "default"}
            mine = _played(GAME, config, 800 + seed,
                           [mix[(seed + i) % 3]() for i in range(players)])
            theirs = _played(BEFORE, config, 800 + seed,
                             [mix[(seed + i) % 3]() for i in range(players)])
            assert mine == theirs


def test_the_nearest_alarms_are_those_of_the_plain_search():
    rng = random.Random(4)
    s = GAME.new_game({"players": 2}, 6)
    found = 0
    for k in range(600):
        t = s.copy()
        if k % 3:  # some layouts Dynamite made (a wall blown away)
            t.walls = [frozenset(sorted(w)[1:]) if k % 2 else random_walls(rng) for w in t.walls]
        t.alarms = sorted(rng.sample(range(3 * CELLS), 1 + k % 6))
        for f in range(3):
            cell = rng.randrange(-1, CELLS)  # -1: not on the board yet
            t.guards[f]["pos"] = f * CELLS + cell if cell >= 0 else -1
            mine = GAME._nearest_alarms(t, f)
            assert mine == BEFORE._nearest_alarms(t, f)
            found += len(mine)
    assert found > 300


def test_the_fresh_state_is_the_constructors_state():
    cfg = GAME.make_config({"players": 3})
    rng = random.Random(1)
    mine, theirs = fresh_state(cfg, rng), BurgleState(cfg=cfg, rng=rng)
    assert list(vars(mine)) == list(vars(theirs)) == [f.name for f in fields(BurgleState)]
    assert vars(mine) == vars(theirs) and mine == theirs
    other = fresh_state(cfg, rng)
    for name, value in vars(mine).items():  # fresh containers, shared with no other state
        if isinstance(value, list | dict):
            assert value is not getattr(other, name)


@pytest.mark.parametrize("seed", [0, 1, 7, 2**31, 2**62 + 3, 2**70, -5, True, 3.5, "abc"])
def test_the_games_generator_is_random_random_of_the_seed(seed):
    mine, theirs = rules._game_rng(seed), random.Random(seed)
    assert type(mine) is random.Random
    assert mine.getstate() == theirs.getstate()
    assert [mine.random() for _ in range(5)] == [theirs.random() for _ in range(5)]


def _path_or_error(fn, *args):
    try:
        return fn(*args)
    except ValueError as e:
        return str(e)


def test_the_guards_paths_are_those_of_the_recursive_walk():
    rng = random.Random(21)
    layouts = [*rules._DEFAULT_WALLS, frozenset(), *(random_walls(rng) for _ in range(25))]
    # a floor cut in two (walls given by a setup): no path across, the same error
    layouts.append(frozenset({(1, 2), (5, 6), (9, 10), (13, 14)}))
    errors = 0
    for walls in layouts:
        for start in range(CELLS):
            for goal in range(CELLS):
                expected = _path_or_error(path_before, walls, start, goal)
                errors += isinstance(expected, str)
                assert _path_or_error(path_uncached, walls, start, goal) == expected
                assert _path_or_error(path_indices, walls, start, goal) == expected
    assert errors == 2 * 8 * 8
    five = frozenset({(0, 1), (6, 7), (12, 17), (18, 23)})  # another size, read alike
    for start in range(25):
        for goal in range(25):
            assert path_uncached(five, start, goal, 5) == path_before(five, start, goal, 5)


def test_the_unvalidated_result_equals_the_validated_one():
    outcomes = set()
    for seed in range(60):
        config = {"players": 1 + seed % 4, "turn_limit": 10 + seed % 30}
        s = play_match(GAME, config, seed, [RandomBot() for _ in range(config["players"])]).state
        if seed % 7 == 0:  # a won game too
            s.won, s.reason = True, {"zh": "赢", "en": "won"}
        mine, theirs = GAME.result(s), BEFORE.result(s)
        assert mine == theirs and type(mine) is Result
        assert mine.model_dump() == theirs.model_dump()
        assert mine.model_dump_json() == theirs.model_dump_json()
        assert mine.reason is not s.reason and mine.summary is not GAME.result(s).summary
        outcomes.add((s.won, s.stats["loss"]["by"] if s.stats["loss"] else None))
    assert len(outcomes) >= 3  # won, caught, out of time


def test_combinations_and_entrances_listed_once_are_the_plain_ones():
    s = GAME.new_game({"players": 2}, 3)
    for safe in range(3 * CELLS):
        assert GAME._combination(s, safe) == BEFORE._combination(s, safe)
        assert GAME._combination(s, safe) is not GAME._combination(s, safe)  # ours to change
    s.phase, s.seat = "entrance", 0
    for g in range(-1, CELLS):
        s.guards[0]["pos"] = g
        assert GAME.legal_actions(s, 0) == BEFORE.legal_actions(s, 0)
        assert GAME.legal_actions(s, 0) is not GAME.legal_actions(s, 0)


def _resolved(game: BurgleGame, s: BurgleState, ev_id: str) -> tuple:
    ev = game._resolve_event(s, ev_id)
    return ([(e.kind, e.data, e.visible_to, e.text) for e in ev],
            {k: v for k, v in s.__dict__.items() if k not in ("log", "rng")}, s.rng.getstate())


def test_every_event_card_resolves_as_the_chain_did():
    assert set(rules._EVENT_RULES) == set(data.EVENTS)
    seen: dict[str, int] = dict.fromkeys(data.EVENTS, 0)
    for config in CONFIGS:
        for seed in range(6):
            out = play_match(GAME, config, 60 + seed,
                             [RandomBot() for _ in range(config["players"])])
            for k in range(0, len(out.record.actions), 3):
                s = GAME.replay(out.record, k)
                if s.phase != "actions":
                    continue
                for ev_id in data.EVENTS:
                    mine = _resolved(GAME, s.copy(), ev_id)
                    assert mine == _resolved(BEFORE, s.copy(), ev_id), ev_id
                    seen[ev_id] += bool(mine[0]) or mine[1] != _resolved(GAME, s.copy(), "")[1]
    assert all(seen.values()), seen  # every card did something somewhere


def test_cells_within_two_steps_from_the_tables_are_the_plain_ones():
    rng = random.Random(9)
    s = GAME.new_game({"players": 2}, 2)
    for k in range(40):
        t = s.copy()
        t.walls = [random_walls(rng) if k % 2 else w for w in t.walls]
        t.revealed = [rng.random() < 0.5 for _ in range(3 * CELLS)]
        for p in (-1, *range(3 * CELLS)):
            for through in (True, False):
                assert GAME._within_two(t, p, through) == BEFORE._within_two(t, p, through)
