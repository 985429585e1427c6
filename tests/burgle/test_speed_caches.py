"""burgle's fast paths (issue 9) equal the obvious code they replace.

Paths, open cells and wall names kept per wall layout; positions, kinds and numbers spelt
once; the view's plain cells; the state copy; the written-out shuffle; the shared
read-only action objects (nothing may change them) and the events worded on first read.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import fields

import pytest

from boardlab.bots.base import RandomBot
from boardlab.engine.match import play_match
from boardlab.games.burgle import GAME, data, rules, words
from boardlab.games.burgle.bots import BOTS
from boardlab.games.burgle.path import (
    distance,
    neighbours,
    open_cells,
    open_cells_sorted,
    path_indices,
    path_uncached,
)
from boardlab.games.burgle.rules import CELLS, ROOF, parse_pos, pname, random_walls
from boardlab.games.burgle.state import _FLAT_DICTS, _FLAT_LISTS, BurgleState

from .before import Before


def _layouts() -> list[frozenset]:
    rng = random.Random(7)
    return [*rules._DEFAULT_WALLS, frozenset(), *(random_walls(rng) for _ in range(12))]


@pytest.mark.parametrize("walls", _layouts())
def test_paths_and_open_cells_kept_per_layout_equal_a_fresh_computation(walls):
    for start in range(16):
        for goal in range(16):
            fresh = path_uncached(walls, start, goal)
            assert path_indices(walls, start, goal) == fresh
            assert path_indices(walls, start, goal) == fresh  # the kept one
            assert distance(walls, start, goal) == len(fresh)
        assert open_cells(walls)[start] == tuple(
            n for n in neighbours(start) if (min(start, n), max(start, n)) not in walls)
        assert open_cells_sorted(walls)[start] == tuple(sorted(open_cells(walls)[start]))
    names = sorted([rules.cell_name(a), rules.cell_name(b)] for a, b in walls)
    assert [list(w) for w in rules._wall_names(walls)] == names


def test_a_forgotten_layout_is_worked_out_again_alike():
    walls = random_walls(random.Random(3))
    before = [path_indices(walls, a, b) for a in range(16) for b in range(16)]
    from boardlab.games.burgle import path

    path.path_indices.cache_clear()
    path.open_cells.cache_clear()
    assert [path_indices(walls, a, b) for a in range(16) for b in range(16)] == before


def test_names_kinds_and_numbers_spelt_once_equal_the_spelling():
    for p in (ROOF, *range(3 * CELLS)):
        assert pname(p) == rules._spell(p)
        assert parse_pos(pname(p)) == p
    assert pname(-1) == rules._spell(-1)  # outside the table: spelt on demand
    assert parse_pos("1b2") == parse_pos("1B2")  # the slow path still reads other spellings
    with pytest.raises(ValueError):
        parse_pos("3A1", floors=2)
    with pytest.raises(ValueError):
        parse_pos(["1A1"])
    from boardlab.games.burgle import path

    for c in range(16):  # cell names and neighbours of a 4x4 floor, looked up
        assert path.cell_index(rules.cell_name(c)) == c == path.cell_index(rules.cell_name(c).lower())
        assert path.neighbours(c) == path._neighbours(c, 4)
        assert path.neighbours(c) is not path.neighbours(c)  # a fresh list each time
    assert path.cell_index("C2", 5) == 7 and path.neighbours(7, 5) == path._neighbours(7, 5)
    for t in data.tile_copies():
        assert data.kind_of(t) == t.split(":")[0]
        assert data.number_of(t) == int(t.split(":")[1])


def test_the_written_out_shuffle_draws_like_random_shuffle():
    for n in (*range(70), 200):  # past 64 the generator's own shuffle
        for seed in range(10):
            a, b = list(range(n)), list(range(n))
            r1, r2 = random.Random(seed), random.Random(seed)
            r1.shuffle(a)
            rules._shuffle(r2, b)
            assert a == b and r1.getstate() == r2.getstate()

    class Odd(random.Random):
        def _randbelow(self, n):  # a generator with its own draws keeps its own shuffle
            return 0

    a, b = list(range(9)), list(range(9))
    Odd(1).shuffle(a)
    rules._shuffle(Odd(1), b)
    assert a == b


def _states(seeds: range, players: int = 2):
    for seed in seeds:
        out = play_match(GAME, {"players": players}, seed, [RandomBot() for _ in range(players)],
                         on_step=lambda *a: None)
        yield from (GAME.replay(out.record, k) for k in range(0, len(out.record.actions), 3))


def test_copy_equals_a_deep_copy_and_shares_nothing_mutable():
    names = {f.name for f in fields(BurgleState)}
    nested = {"guards", "players", "links", "offers", "items", "pending"}
    assert {n for n in names if isinstance(getattr(GAME.new_game({}, 1), n), list | dict)} \
        <= set(_FLAT_LISTS) | set(_FLAT_DICTS) | nested
    for s in _states(range(6), players=3):
        c, deep = s.copy(), copy.deepcopy(s)
        for name in names - {"rng", "log", "cfg"}:
            assert getattr(c, name) == getattr(deep, name), name
        assert c.rng.getstate() == s.rng.getstate() and c.log == s.log and c.cfg is s.cfg
        for name in names - {"rng", "cfg"}:
            mine, theirs = getattr(c, name), getattr(s, name)
            if isinstance(mine, list | dict):
                assert mine is not theirs, name
        for g, h in zip(c.guards + c.players, s.guards + s.players, strict=True):
            assert all(v is not h[k] for k, v in g.items() if isinstance(v, list))
        assert all(a is not b for a, b in zip(c.links, s.links, strict=True))
        assert all(c.items[k] is not s.items[k] for k in s.items)


def test_the_views_plain_cells_equal_the_full_cell_view():
    for s in _states(range(8)):
        view = GAME.view(s, 0)
        downs, ups = {hi for _lo, hi in s.links}, {lo for lo, _hi in s.links}
        for f, floor in enumerate(view["floors"]):
            assert floor["cells"] == [GAME._cell_view(s, f * CELLS + c, downs, ups)
                                      for c in range(CELLS)]
            assert floor["walls"] == sorted([rules.cell_name(a), rules.cell_name(b)]
                                            for a, b in s.walls[f])


def test_legal_lists_follow_to_move_and_are_the_shared_objects():
    for s in _states(range(8)):
        movers = GAME.to_move(s)
        for seat in range(s.n):
            legal = GAME.legal_actions(s, seat)
            assert bool(legal) == (seat in movers)
            for a in legal:  # an outside copy of a listed action is that listed action,
                checked = GAME.check_action(s, seat, json.loads(json.dumps(a)))
                assert checked == a
                if a["type"] != "choose":  # and (choices of a pending card aside) shared
                    assert checked is a


def _tables() -> dict:
    return {name: getattr(rules, name) for name in (
        "MOVE", "PEEK", "ADD_DIE", "ROLL", "ENTRANCE", "CHARACTER", "HACK", "END", "ABILITY", "ABILITY_AT",
        "CLIMB", "NUDGE", "SWAP", "TOOL", "TOOL_AT", "STETHOSCOPE", "THERMAL_BOMB", "DYNAMITE",
        "DROP", "PICKUP", "GIVE", "TAKE")}


def test_the_shared_action_objects_are_what_their_keys_say():
    t = _tables()
    assert all(a == {"type": "move", "to": pname(q)} for q, a in t["MOVE"].items())
    assert all(a == {"type": "peek", "at": pname(q)} for q, a in t["PEEK"].items())
    assert all(a == {"type": "ability", "name": n, "at": pname(q)}
               for (n, q), a in t["ABILITY_AT"].items())
    assert all(a == {"type": "ability", "name": "nudge", "seat": i, "to": pname(q)}
               for (i, q), a in t["NUDGE"].items())
    assert all(a == {"type": "tool", "tool": tool, "at": pname(q)}
               for (tool, q), a in t["TOOL_AT"].items())
    assert all(a == {"type": "tool", "tool": "dynamite", "wall": [pname(p), pname(q)]}
               for (p, q), a in t["DYNAMITE"].items())
    assert all(a == {"type": "give", "item": item, "to": i} for (item, i), a in t["GIVE"].items())
    assert all(a == {"type": "take", "item": item, "from": i}
               for (item, i), a in t["TAKE"].items())


def test_no_bot_or_engine_path_changes_a_shared_action():
    before = copy.deepcopy(_tables())
    from boardlab.bots.search import MonteCarloBot

    for players, bots in ((2, ["team", "greedy"]), (3, ["greedy", "team", "random"]),
                          (1, ["team"])):
        seats = [BOTS[b]() if b in BOTS else RandomBot() for b in bots]
        out = play_match(GAME, {"players": players, "turn_limit": 12}, 11, seats)
        GAME.replay(out.record)
        json.dumps(out.record.model_dump())
    s = GAME.new_game({"players": 2}, 4)
    for _ in range(40):  # a few search decisions and applied copies
        if GAME.is_over(s):
            break
        seat = GAME.to_move(s)[0]
        from boardlab.engine.match import decision_context

        ctx = decision_context(GAME, s, seat, random.Random(1))
        i = MonteCarloBot(playouts=1).choose_index(ctx)
        s, _ = GAME.apply(s, seat, ctx.legal[i])
    assert _tables() == before


def test_events_are_worded_when_read_and_read_as_before():
    out = play_match(GAME, {"players": 2}, 3, [RandomBot(), RandomBot()])
    lazy = [e for e in out.state.log if e._words is not None]
    assert len(lazy) > len(out.state.log) // 2  # the frequent ones wait to be read
    for e in out.state.log:
        t = e.text
        assert t["zh"] and t["en"] and "{" not in t["en"] and "[" not in t["en"]
    # a few wordings pinned as the rules wrote them eagerly
    assert words.reveal("1A1", "lab", 3) == ("1A1 翻开：实验室 3", "1A1 is revealed: Laboratory 3")
    assert words.reveal("2B2", "safe", 0) == ("2B2 翻开：金库", "2B2 is revealed: Safe")
    assert words.guard_moves(2, 5) == ("2 楼守卫走 5 步", "the floor 2 guard moves 5")
    assert words.trade(1, "take", "gold_bar")[1] == "P2 takes the Gold Bar"
    assert words.keypad([2, 6], True) == ("密码锁掷出 2 6：打开了", "keypad roll 2 6: open")


# ---- the turn's choices against the code they replaced (kept here as the reference)

def _active(s, q, kind):
    return s.revealed[q] and q not in s.disabled and data.kind_of(s.tiles[q]) == kind


def _ref_move_targets(s, seat):
    pl = s.players[seat]
    p = pl["pos"]
    if p < 0:
        return []
    f, c = divmod(p, CELLS)
    out = []
    painting = "painting" in pl["loot"]
    for n in neighbours(c):
        q = f * CELLS + n
        walled = (min(c, n), max(c, n)) in s.walls[f]
        if not walled or (not painting and _active(s, q, "secret_door")):
            out.append(q)  # through a wall only by a secret door (one way)
    if "time_lock" not in s.effects:
        for lo, hi in s.links:
            if p == lo:
                out.append(hi)
            elif p == hi:
                out.append(lo)
        if f == s.floors - 1 and _active(s, p, "stairs") and all(s.safe_open):
            out.append(ROOF)
    if _active(s, p, "walkway"):
        if f > 0:
            out.append(p - CELLS)
        if "gymnastics" in s.effects and f + 1 < s.floors:
            out.append(p + CELLS)
    if _active(s, p, "duct") and not painting:
        out += [q for q in range(s.floors * CELLS) if q != p and _active(s, q, "duct")]
    seen = []
    for q in out:
        if q not in seen:
            seen.append(q)
    return seen


def _ref_peek_targets(s, p):
    f, c = divmod(p, CELLS)
    out = [f * CELLS + n for n in neighbours(c) if (min(c, n), max(c, n)) not in s.walls[f]]
    for lo, hi in s.links:
        if p == lo:
            out.append(hi)
        elif p == hi:
            out.append(lo)
    if _active(s, p, "stairs") and f + 1 < s.floors:
        out.append(p + CELLS)
    if _active(s, p, "atrium"):
        out += [q for q in (p - CELLS, p + CELLS) if 0 <= q < s.floors * CELLS]
    return sorted({q for q in out if not s.revealed[q]})


def _ref_trade_actions(s, seat):
    pl = s.players[seat]
    p = pl["pos"]
    out = []
    mine = sorted(set(pl["tools"] + pl["loot"]))
    back = set(s.left) if s.cfg.trades == "no_return" else set()
    out += [{"type": "drop", "item": item} for item in mine if f"{item}@tile{p}" not in back]
    for i, o in enumerate(s.players):
        if i == seat or o["pos"] != p:
            continue
        out += [{"type": "give", "item": item, "to": i} for item in mine
                if not (item == "gold_bar" and "gold_bar" in o["loot"]) and f"{item}@{i}" not in back]
        out += [{"type": "take", "item": item, "from": i}
                for item in sorted(set(o["tools"] + o["loot"]))
                if not (item == "gold_bar" and "gold_bar" in pl["loot"])
                and f"{item}@{seat}" not in back]
    out += [{"type": "pickup", "item": item} for item in sorted(set(s.items.get(p, [])))
            if not (item == "gold_bar" and "gold_bar" in pl["loot"]) and f"{item}@{seat}" not in back]
    return out


def test_move_peek_and_trade_choices_equal_the_code_they_replaced():
    checked = 0
    for players in (2, 4):
        for s in _states(range(6), players=players):
            if s.phase != "actions":
                continue
            for seat in range(s.n):
                p = s.players[seat]["pos"]
                if p < 0 or p == ROOF:
                    continue
                checked += 1
                assert GAME._move_targets(s, seat) == _ref_move_targets(s, seat)
                assert GAME._peek_targets(s, p) == _ref_peek_targets(s, p)
                assert GAME._trade_actions(s, seat) == _ref_trade_actions(s, seat)
                assert GAME._open_neighbours(s, p) == [
                    p // CELLS * CELLS + n for n in neighbours(p % CELLS)
                    if (min(p % CELLS, n), max(p % CELLS, n)) not in s.walls[p // CELLS]]
    assert checked > 150


def _ref_turn_actions(s, seat):
    """The turn's choices as listed before the floor tables (issue 9): the general move and
    peek targets for every tile, every character side asked for abilities, and the trades
    of the reference above."""
    pl = s.players[seat]
    p = pl["pos"]
    left = s.max_actions - s.used
    acts = []
    if left >= 1:
        if "gemstone" in pl["loot"] and left < 2:
            acts = [rules.MOVE[q] for q in _ref_move_targets(s, seat)
                    if q == ROOF or not GAME._players_on(s, q)]
        else:
            acts = [rules.MOVE[q] for q in _ref_move_targets(s, seat)]
        acts += [rules.PEEK[q] for q in _ref_peek_targets(s, p)]
        here = data.kind_of(s.tiles[p]) if s.revealed[p] and p not in s.disabled else None
        comp = rules._COMPUTER_OF.get(here)
        if comp and s.hacks[comp] < data.MAX_HACKS:
            acts.append(rules.HACK)
        safes = GAME._safe_here(s, seat)
        keycard = [i for i, o in enumerate(s.players) if "keycard" in o["loot"]]
        for safe in safes:
            if left >= 2 and s.safe_dice[safe // CELLS] < data.MAX_SAFE_DICE:
                acts.append(rules.ADD_DIE[safe])
            if s.safe_dice[safe // CELLS] > 0 and all(
                    s.players[k]["pos"] == safe for k in keycard):
                acts.append(rules.ROLL[safe])
    elif GAME._has(s, seat, "acrobat", "basic"):
        acts += [rules.MOVE[q] for q in _ref_move_targets(s, seat)
                 if q >= 0 and GAME._guard_on(s, q)]
    if pl["char"] != "peterman":
        acts += GAME._ability_actions(s, seat, left)
    if pl["tools"] and "bust" not in pl["loot"]:
        acts += GAME._tool_actions(s, seat)
    acts += _ref_trade_actions(s, seat)
    acts.append(rules.END)
    return acts


def _turn_states():
    """Turn states of 1-4 player games on the default and random walls, each also with the
    mover put on every tile of the building, half of them with every tile face up (secret
    doors behind walls, stairs links, walkways, ducts and atriums under his feet), and
    carrying the Painting or the Gemstone with one action left."""
    for players, walls in ((2, "default"), (4, "random"), (1, "random"), (3, "default")):
        for seed in range(3):
            out = play_match(GAME, {"players": players, "walls": walls}, 40 + seed,
                             [RandomBot() for _ in range(players)])
            for k in range(0, len(out.record.actions), 4):
                s = GAME.replay(out.record, k)
                if s.phase != "actions":
                    continue
                yield s
                for q in range(0, 3 * CELLS, 1 + k % 5):
                    t = s.copy()
                    t.players[t.seat]["pos"] = q
                    if k % 8 == 0:
                        t.revealed = [True] * (3 * CELLS)
                        t.links = [[p, p + CELLS] for p in range(2 * CELLS)
                                   if data.kind_of(t.tiles[p]) == "stairs"]
                    if q % 3 == 1:
                        t.players[t.seat]["loot"].append("painting")
                    elif q % 3 == 2:
                        t.players[t.seat]["loot"].append("gemstone")
                        t.used = t.max_actions - 1
                    yield t


def test_the_turn_choices_from_the_floor_tables_equal_the_general_lists():
    fast = general = 0
    for s in _turn_states():
        seat = s.seat
        assert GAME.legal_actions(s, seat) == _ref_turn_actions(s, seat)
        p = s.players[seat]["pos"]
        here = data.kind_of(s.tiles[p]) if s.revealed[p] and p not in s.disabled else None
        if here in rules._STEP_KINDS:  # the caller's condition: the general lists only
            general += 1
            continue
        # the conditions of the table path (as before it was written into legal_actions)
        steps = Before()._plain_steps(s, p, s.players[seat]["loot"])
        if steps is None:
            general += 1
        else:
            fast += 1
            assert steps == [rules.MOVE[q] for q in _ref_move_targets(s, seat)] + [
                rules.PEEK[q] for q in _ref_peek_targets(s, p)]
    assert fast > 1000 and general > 100  # both ways taken, often


def test_sides_left_out_of_the_ability_list_have_no_ability_choice():
    s = GAME.new_game({"players": 2}, 5)
    for c in data.CHARACTERS:
        for side in ("basic", "advanced"):
            if (c, side) in rules._ABILITY_SIDES:
                continue
            for q in range(3 * CELLS):
                t = s.copy()
                t.phase, t.seat = "actions", 0
                t.players[0].update(pos=q, char=c, side=side)
                t.players[1]["pos"] = q ^ 1
                t.revealed = [True] * (3 * CELLS)
                t.alarms = [q]
                for left in (0, 1, 4):
                    assert GAME._ability_actions(t, 0, left) == []


# ---- sight, against the code it replaced

def _ref_guard_sees(s, f, seen=None):
    g = s.guards[f]
    p = g["pos"]
    ev = []
    for i, pl in enumerate(s.players):
        q = pl["pos"]
        if q < 0 or s.phase == "over":
            continue
        why = None
        if q == p:
            why = "guard"
        elif q // CELLS == f and _active(s, q, "foyer") and q in GAME._open_neighbours(s, p):
            why = "foyer"
        elif abs(q - p) == CELLS and _active(s, q, "atrium"):
            why = "atrium"
        elif "tiara" in pl["loot"] and q in GAME._open_neighbours(s, p):
            why = "tiara"
        if why:
            ev += GAME._lose_stealth(s, i, why, f)
            if seen is not None:
                seen.add(i)
    if _active(s, p, "camera") and "video_loop" not in s.effects:
        for pl in s.players:
            q = pl["pos"]
            if q >= 0 and q != p and _active(s, q, "camera") and s.phase != "over":
                ev += GAME._alarm(s, q, "camera")
    return ev


def _ref_seen_on_entry(s, seat, p, acrobat_free=False):
    ev = []
    f = p // CELLS
    g = s.guards[f]
    watcher = [p + d for d in (CELLS, -CELLS)
               if 0 <= p + d < s.floors * CELLS and s.guards[(p + d) // CELLS]["pos"] == p + d]
    if g["pos"] == p and not acrobat_free:
        ev += GAME._lose_stealth(s, seat, "guard", f)
    elif _active(s, p, "foyer") and g["pos"] in GAME._open_neighbours(s, p):
        ev += GAME._lose_stealth(s, seat, "foyer", f)
    elif _active(s, p, "atrium") and watcher:
        ev += GAME._lose_stealth(s, seat, "atrium", watcher[0] // CELLS)
    return ev


def _sight_states():
    """Mid-game states of 2-4 players with the guards and players put all over the
    building, every tile face up (foyers, atriums, cameras), some players with the Tiara,
    some out of stealth (a sighting ends the game) and some crowbarred tiles."""
    rng = random.Random(5)
    for players in (2, 3, 4):
        for s in _states(range(2), players=players):
            if s.phase != "actions":
                continue
            for _ in range(12):
                t = s.copy()
                t.revealed = [True] * (3 * CELLS)
                t.disabled = rng.sample(range(3 * CELLS), rng.randrange(3))
                for g in t.guards:
                    g["pos"] = rng.randrange(CELLS) + t.guards.index(g) * CELLS
                for pl in t.players:
                    pl["pos"] = rng.choice([-1, rng.randrange(3 * CELLS), *(
                        g["pos"] + d for g in t.guards for d in (-CELLS, -1, 1, CELLS)
                        if 0 <= g["pos"] + d < 3 * CELLS)])
                    pl["stealth"] = rng.randrange(3)
                    if rng.random() < 0.3:
                        pl["loot"].append("tiara")
                yield t


def _outcome(s, ev):
    return ([e.kind for e in ev], [e.data for e in ev], s.phase, s.alarms,
            [pl["stealth"] for pl in s.players], s.stats)


def test_guard_sight_and_sight_on_entry_equal_the_code_they_replaced():
    sightings = 0
    for s in _sight_states():
        for f in range(3):
            a, b = s.copy(), s.copy()
            seen_a, seen_b = set(), set()
            ev_a = GAME._guard_sees(a, f, seen_a)
            ev_b = _ref_guard_sees(b, f, seen_b)
            assert _outcome(a, ev_a) == _outcome(b, ev_b) and seen_a == seen_b
            sightings += len(ev_a)
        for seat, pl in enumerate(s.players):
            if pl["pos"] < 0:
                continue
            for free in (False, True):
                a, b = s.copy(), s.copy()
                ev_a = GAME._player_seen_on_entry(a, seat, pl["pos"], acrobat_free=free)
                ev_b = _ref_seen_on_entry(b, seat, pl["pos"], acrobat_free=free)
                assert _outcome(a, ev_a) == _outcome(b, ev_b)
    assert sightings > 50


def test_distances_kept_per_layout_equal_a_fresh_search():
    from boardlab.games.burgle import path

    for walls in _layouts():
        for goal in range(16):
            assert list(path._distances_kept(walls, goal, 4)) == path._distances(walls, goal, 4)
            assert path.distance(walls, 3, goal) == path.distance(walls, 3, goal, 4) \
                == len(path_uncached(walls, 3, goal))


def test_the_setup_piles_kept_are_the_piles_picked_from_the_tiles():
    tiles = data.tile_copies()
    assert list(rules._OTHER_TILES) == [t for t in tiles if data.kind_of(t) not in ("safe", "stairs")]
    assert list(rules._STAIRS_TILES) == [t for t in tiles if data.kind_of(t) == "stairs"]
    assert tiles == rules._TILE_IDS  # nothing changed the table the piles were picked from


def _ref_determinize(state, rng):
    """determinize as written before its one-pass tile sort (issue 9)."""
    s = state.copy(rng=random.Random(rng.getrandbits(64)))
    hidden = [p for p in range(s.floors * CELLS) if not s.revealed[p]]
    special, pool = {}, []
    for p in hidden:
        if data.kind_of(s.tiles[p]) in ("safe", "stairs"):
            special.setdefault(p // CELLS, []).append(s.tiles[p])
        else:
            pool.append(s.tiles[p])
    rng.shuffle(pool)
    for f in range(s.floors):
        cells = [p for p in hidden if p // CELLS == f]
        rng.shuffle(cells)
        for tile in special.get(f, []):
            s.tiles[cells.pop()] = tile
        for p in cells:
            s.tiles[p] = pool.pop()
    for g in s.guards:
        top, bottom = len(g["known_top"]), len(g["known_bottom"])
        mid = g["deck"][bottom:len(g["deck"]) - top]
        mixed = mid + g["removed"]
        rng.shuffle(mixed)
        g["deck"][bottom:len(g["deck"]) - top] = mixed[:len(mid)]
        g["removed"] = mixed[len(mid):]
    k = s.event_known
    mid = s.event_deck[:len(s.event_deck) - k]
    rng.shuffle(mid)
    s.event_deck[:len(s.event_deck) - k] = mid
    rng.shuffle(s.tool_deck)
    rng.shuffle(s.loot_deck)
    return s


def test_determinize_deals_the_worlds_of_the_code_it_replaced():
    names = [f.name for f in fields(BurgleState) if f.name not in ("rng", "log", "cfg")]
    for players in (1, 3):
        for k, s in enumerate(_states(range(3), players=players)):
            r1, r2 = random.Random(k), random.Random(k)
            a, b = GAME.determinize(s, 0, r1), _ref_determinize(s, r2)
            assert all(getattr(a, n) == getattr(b, n) for n in names)
            assert r1.getstate() == r2.getstate() and a.rng.getstate() == b.rng.getstate()


def _after_sight(s):
    return ([pl["stealth"] for pl in s.players], s.alarms, s.phase, s.stats, s.lavatory,
            s.smoke, s.hacks, [g["dest"] for g in s.guards], s.reason)


def test_a_guard_off_the_watched_tiles_sees_nobody_and_changes_nothing():
    """_step_guard looks (calls _guard_sees) only from _watch_cells; from every other tile
    of the floor the full look must find nothing and change nothing."""
    skipped = watched = 0
    for s in _sight_states():
        for pl in s.players[::2]:
            if pl["pos"] >= 0 and random.Random(pl["pos"]).random() < 0.2:
                s.lavatory[pl["pos"]] = 1  # cover that a sighting would spend
        for f in range(3):
            watch = GAME._watch_cells(s, f)
            for c in range(CELLS):
                t = s.copy()
                t.guards[f]["pos"] = f * CELLS + c
                before = copy.deepcopy(_after_sight(t))
                ev = GAME._guard_sees(t, f)
                if watch is not None and f * CELLS + c not in watch:
                    skipped += 1
                    assert ev == [] and _after_sight(t) == before
                elif ev:
                    watched += 1
    assert skipped > 500 and watched > 100
