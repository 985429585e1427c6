"""Every action burgle's rules can ever allow, in a fixed order (``Game.action_space``).

The Bank job has three 4x4 floors (positions ``1A1`` .. ``3D4``, floor by floor, cells in
``path.cell_name`` order, and ``roof``) and at most four seats; every range below runs over
all of them, so one enumeration serves every config and player count (random walls only
change which ``dynamite`` walls exist: every pair of neighbouring cells of a floor, in
both directions, is listed). Order:

* ``move`` to the roof, then to each position; ``peek``, ``add_die``, ``roll`` at each
  position; ``entrance`` at each ground-floor cell;
* ``character`` (each character of ``data.CHARACTERS``, basic then advanced), ``hack``,
  ``end``;
* ``ability``: the plain ones (hack_token, drop_alarm, pickup_alarm, draw_tool, spot),
  peek / alarm / crow at each position, climb to each position, nudge of seat 0..3 to
  each position, swap with seat 0..3;
* ``tool``: each tool plainly, blueprints / crowbar / virus at each position, the
  stethoscope on face 1..6, the thermal bomb up and down, dynamite on each wall;
* ``drop`` and ``pickup`` of each tool and loot, ``give`` to and ``take`` from seat 0..3;
* ``choose`` (a pending choice): a seat, a position, a tool, top or bottom, an order of
  up to three event cards (shorter first).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from boardlab.engine.protocol import Action
from boardlab.games.burgle import data
from boardlab.games.burgle.path import cell_name, neighbours

CELLS = 16
FLOORS = 3
MAX_SEATS = 4
ABILITIES = ("hack_token", "drop_alarm", "pickup_alarm", "draw_tool", "spot")

MEANINGS = {
    "move": "move to position `to`",
    "peek": "peek at (reveal) the tile at `at`",
    "add_die": "add a die to the safe at `at`",
    "roll": "roll the dice of the safe at `at`",
    "entrance": "enter the bank at ground-floor cell `at`",
    "character": "take character `name` on side `side`",
    "hack": "hack the computer here (add a hack token)",
    "end": "end the turn",
    "ability": "use the character's ability `name` (at `at`, to `to`, on seat `seat`)",
    "tool": "use tool `tool` (at `at`, face `face`, direction `dir`, wall `wall`)",
    "drop": "drop `item` here",
    "pickup": "pick up `item` here",
    "give": "give `item` to seat `to`",
    "take": "take `item` from seat `from`",
    "choose": "answer the pending choice with the option given (seat, position, tool, put,"
              " order)",
}


def positions() -> list[str]:
    return [f"{f + 1}{cell_name(c)}" for f in range(FLOORS) for c in range(CELLS)]


def action_space(config: Any = None) -> list[Action]:
    cells = positions()
    seats = range(MAX_SEATS)
    items = [*data.TOOLS, *data.LOOT]
    out: list[Action] = [{"type": "move", "to": "roof"}]
    out += [{"type": "move", "to": q} for q in cells]
    for kind in ("peek", "add_die", "roll"):
        out += [{"type": kind, "at": q} for q in cells]
    out += [{"type": "entrance", "at": q} for q in cells[:CELLS]]
    out += [{"type": "character", "name": c, "side": side}
            for c in data.CHARACTERS for side in ("basic", "advanced")]
    out += [{"type": "hack"}, {"type": "end"}]
    out += [{"type": "ability", "name": n} for n in ABILITIES]
    out += [{"type": "ability", "name": n, "at": q} for n in ("peek", "alarm", "crow")
            for q in cells]
    out += [{"type": "ability", "name": "climb", "to": q} for q in cells]
    out += [{"type": "ability", "name": "nudge", "seat": i, "to": q} for i in seats
            for q in cells]
    out += [{"type": "ability", "name": "swap", "seat": i} for i in seats]
    out += [{"type": "tool", "tool": t} for t in data.TOOLS]
    out += [{"type": "tool", "tool": t, "at": q} for t in ("blueprints", "crowbar", "virus")
            for q in cells]
    out += [{"type": "tool", "tool": "stethoscope", "face": k} for k in range(1, 7)]
    out += [{"type": "tool", "tool": "thermal_bomb", "dir": d} for d in ("up", "down")]
    out += [{"type": "tool", "tool": "dynamite",
             "wall": [cells[f * CELLS + c], cells[f * CELLS + n]]}
            for f in range(FLOORS) for c in range(CELLS) for n in neighbours(c)]
    out += [{"type": kind, "item": item} for kind in ("drop", "pickup") for item in items]
    out += [{"type": "give", "item": item, "to": i} for item in items for i in seats]
    out += [{"type": "take", "item": item, "from": i} for item in items for i in seats]
    out += [{"type": "choose", "seat": i} for i in seats]
    out += [{"type": "choose", "at": q} for q in cells]
    out += [{"type": "choose", "tool": t} for t in data.TOOLS]
    out += [{"type": "choose", "put": p} for p in ("top", "bottom")]
    out += [{"type": "choose", "order": list(p)} for k in range(4) for p in permutations(range(k))]
    return out


_LOG = ("skip", "the log retells in words what the rest of the view holds")
_EFFECTS = ("gymnastics", "time_lock", "video_loop", "heads_up", "jump_the_gun",
            "shift_change", "emp", "invisible")
_PENDING_KINDS = ("alarm_tie", "keep_tool", "buddy", "gut", "peekhole", "throw_voice",
                  "squeak", "arrange", "spot", "kitty")


def observation_spec(config: Any = None) -> dict[str, Any]:
    """The seat's view, field by field (``boardlab.rl.observation``). Positions are
    indicators over the 48 cells (``roof`` too where a player may stand on it); dice,
    numbers and counts are scaled by their largest values (a die by 6, stealth by 3, the
    turn by 60, decks by their sizes); seats relative to the observer."""
    cells = tuple(positions())
    floor_cells = tuple(cell_name(c) for c in range(CELLS))
    items = (*data.TOOLS, *data.LOOT)
    tiles = tuple(data.TILES)
    cell = {"at": ("enum", cells), "revealed": ("flag",), "tile": ("enum", tiles),
            "number": ("num", 6), "alarm": ("flag",), "cracked": ("flag",), "open": ("flag",),
            "disabled": ("flag",), "lavatory": ("num", 3), "smoke": ("num", 3),
            "items": ("bag", items, 2), "lab_taken": ("flag",), "down": ("flag",),
            "up": ("flag",)}
    def floor(f: int) -> dict[str, Any]:
        here = cells[f * CELLS:(f + 1) * CELLS]
        walls = [[cell_name(c), cell_name(n)] for c in range(CELLS) for n in neighbours(c)]
        return {
            # the cells in their fixed order (slot k is cell k of the floor: its name is
            # the slot)
            "cells": ("each", [{**cell, "at": ("skip", "the cell's name: its slot")}
                               for _ in here]),
            "walls": ("bag", walls, 1),
            "guard": ("opt", {"at": ("enum", here), "dest": ("enum", here),
                              "die": ("num", 6), "speed": ("num", 12), "moves": ("num", 12),
                              "donut": ("flag",),
                              "route": ("list", CELLS, ("enum", here))}),
            "patrol": {"left": ("num", CELLS), "removed": ("num", CELLS),
                       "discard": ("bag", floor_cells, 1),
                       "known_top": ("list", CELLS, ("enum", floor_cells)),
                       "known_bottom": ("list", CELLS, ("enum", floor_cells))},
            "safe": {"at": ("enum", here), "dice": ("num", 6), "open": ("flag",),
                     "combination": ("list", 6, {"at": ("enum", here), "number": ("num", 6),
                                                 "cracked": ("flag",)})},
        }

    # a pending choice's options: exactly the choose actions of the action space
    options = [{k: v for k, v in a.items() if k != "type"} for a in action_space(config)
               if a["type"] == "choose"]
    return {
        "game": ("skip", "the game's id, a constant"),
        "seat": ("skip", "the observer itself: seat +0 in the relative seats"),
        "phase": ("enum", ("character", "entrance", "actions", "choice", "over")),
        "turn": ("num", 60), "current": ("seat",), "used": ("num", 6),
        "max_actions": ("num", 6),
        "floors": ("each", [floor(f) for f in range(FLOORS)]),
        "players": ("seats", {
            "at": ("enum", ("roof", *cells)), "character": ("enum", ("", *data.CHARACTERS)),
            "side": ("enum", ("", "basic", "advanced")), "stealth": ("num", 3),
            "tools": ("bag", tuple(data.TOOLS), 1), "loot": ("bag", tuple(data.LOOT), 2),
            "hack": ("num", 3), "held_alarm": ("flag",), "escaped": ("flag",)}),
        "offers": ("seats", ("bag", tuple(data.CHARACTERS), 1)),
        "entrance": ("enum", cells),
        "hacks": {"fingerprint": ("num", 6), "laser": ("num", 6), "motion": ("num", 6)},
        "crow": ("enum", cells),
        "effects": ("bag", _EFFECTS, 1),
        "pending": ("opt", {"kind": ("enum", _PENDING_KINDS), "seat": ("seat",),
                            "options": ("bag", options, 1), "floor": ("num", FLOORS),
                            "moves": ("num", 12), "rest": ("bag", tuple(range(FLOORS)), 1),
                            "deck": ("enum", ("patrol", "event")),
                            "cards": ("list", 3, ("enum", tuple(data.EVENTS)))}),
        "events": {"left": ("num", len(data.EVENTS)),
                   "known_top": ("list", 3, ("enum", tuple(data.EVENTS))),
                   "discard": ("bag", tuple(data.EVENTS), 1)},
        "tools_left": ("num", len(data.TOOLS)), "loot_left": ("num", len(data.LOOT) + 1),
        "all_open": ("flag",), "won": ("flag",),
        "reason": ("skip", "the end's reason in words (zh/en); `won` and `phase` hold it"),
        "log": _LOG, "visible_log": _LOG,
    }


_PHASES = ("character", "entrance", "actions", "choice", "over")
_PENDING_KEYS = frozenset(("kind", "seat", "options", "floor", "moves", "rest", "deck",
                           "cards", "then"))
_HACKS = ("fingerprint", "laser", "motion")


def _option_key(option: Any) -> tuple:
    """A pending choice's option as the encoder's bag finds it (its items sorted, lists as
    tuples): distinct options, distinct keys."""
    return tuple(sorted((k, tuple(v) if type(v) is list else v) for k, v in option.items()))


def direct_encoder(config: Any, at: Any) -> Any:
    """``encode(state, seat, out)``: ``seat``'s observation written straight from the state
    into ``out`` (zeroed, indexed like the spec's features: ``at(name)`` is a feature's
    index), without building the view: the fields ``BurgleGame.view`` reads, to the same
    values, in the same cases. Burgle's view is the team's (the same for every seat but
    for the relative seats): face-down tiles, the patrol decks beyond their known cards,
    the event deck beyond its known top and the tool and loot decks are never read.
    ``tests/rl/test_direct_encoders.py`` checks it against the encoding of the view, and
    that re-dealing what the seat cannot see never changes it."""
    from .path import path_indices
    from .rules import _COMBINATIONS, _FACE, BurgleGame, _wall_names
    from .state import OUTSIDE, ROOF

    guard_speed = BurgleGame()._guard_speed  # reads the public state only
    cells = positions()
    items_of = {item: i for i, item in enumerate((*data.TOOLS, *data.LOOT))}

    def rel(name: str, base: int) -> int:
        return at(name) - base

    phase_at = {p: at(f".phase={p}") for p in _PHASES}
    turn_at, current_at, used_at, max_at = (at(".turn/60"), at(".current=+0"),
                                            at(".used/6"), at(".max_actions/6"))
    # a cell's features relative to its first (``revealed``), the same for all 48 cells
    cell_at = [at(f".floors[{p // CELLS}].cells[{p % CELLS}].revealed") for p in range(48)]
    c0 = ".floors[0].cells[0]"
    number_of = rel(f"{c0}.number/6", cell_at[0])
    faces = [{tile: (cell_at[p] + rel(f"{c0}.tile={kind}", cell_at[0]),
                     cell_at[p] + number_of, number / 6.0)
              for tile, (kind, number) in _FACE.items()} for p in range(48)]
    alarm_of, cracked_of, open_of, disabled_of = (rel(f"{c0}.{k}", cell_at[0]) for k in (
        "alarm", "cracked", "open", "disabled"))
    lavatory_of, smoke_of = rel(f"{c0}.lavatory/3", cell_at[0]), rel(f"{c0}.smoke/3",
                                                                      cell_at[0])
    cell_items_of = rel(f"{c0}.items#{next(iter(items_of))}/2", cell_at[0])
    lab_of, down_of, up_of = (rel(f"{c0}.{k}", cell_at[0]) for k in ("lab_taken", "down",
                                                                       "up"))
    # per floor: walls, guard, patrol and safe, relative to the floor's walls' first index
    f0 = ".floors[0]"
    walls0 = at(f"{f0}.walls#A1-B1/1")
    wall_base = [at(f".floors[{f}].walls#A1-B1/1") for f in range(FLOORS)]
    wall_of = {(a, b): at(f"{f0}.walls#{a}-{b}/1") - walls0 for a, b in (
        (cell_name(c), cell_name(n)) for c in range(CELLS) for n in neighbours(c))}
    guard_of = rel(f"{f0}.guard?", walls0)
    g_at, g_dest, g_die, g_speed, g_moves, g_donut = (
        rel(f"{f0}.guard.at=1A1", walls0), rel(f"{f0}.guard.dest=1A1", walls0),
        rel(f"{f0}.guard.die/6", walls0), rel(f"{f0}.guard.speed/12", walls0),
        rel(f"{f0}.guard.moves/12", walls0), rel(f"{f0}.guard.donut", walls0))
    route_of = [rel(f"{f0}.guard.route[{k}]?", walls0) for k in range(CELLS)]
    left_of, removed_of = (rel(f"{f0}.patrol.left/16", walls0),
                           rel(f"{f0}.patrol.removed/16", walls0))
    discard_of = rel(f"{f0}.patrol.discard#A1/1", walls0)
    known_top_of = [rel(f"{f0}.patrol.known_top[{k}]?", walls0) for k in range(CELLS)]
    known_bottom_of = [rel(f"{f0}.patrol.known_bottom[{k}]?", walls0) for k in range(CELLS)]
    safe_of, dice_of, safe_open_of = (rel(f"{f0}.safe.at=1A1", walls0),
                                      rel(f"{f0}.safe.dice/6", walls0),
                                      rel(f"{f0}.safe.open", walls0))
    combo_of = [rel(f"{f0}.safe.combination[{k}]?", walls0) for k in range(6)]
    combo_number = rel(f"{f0}.safe.combination[0].number/6", walls0) - combo_of[0]
    combo_cracked = rel(f"{f0}.safe.combination[0].cracked", walls0) - combo_of[0]
    wall_blocks: dict[frozenset, tuple[int, ...]] = {}
    # the players, relative to each slot's presence flag
    player_at = [at(f".players[+{k}]?") for k in range(MAX_SEATS)]
    p0 = ".players[+0]"
    pos_of = {ROOF: rel(f"{p0}.at=roof", player_at[0]),
              **{p: rel(f"{p0}.at={cells[p]}", player_at[0]) for p in range(48)}}
    char_of = {c: rel(f"{p0}.character={c}", player_at[0]) for c in ("", *data.CHARACTERS)}
    side_of = {c: rel(f"{p0}.side={c}", player_at[0]) for c in ("", "basic", "advanced")}
    stealth_of, hack_of = rel(f"{p0}.stealth/3", player_at[0]), rel(f"{p0}.hack/3",
                                                                     player_at[0])
    tools_of = {t: rel(f"{p0}.tools#{t}/1", player_at[0]) for t in data.TOOLS}
    loot_of = {t: rel(f"{p0}.loot#{t}/2", player_at[0]) for t in data.LOOT}
    held_of, escaped_of = rel(f"{p0}.held_alarm", player_at[0]), rel(f"{p0}.escaped",
                                                                      player_at[0])
    offers_at = [at(f".offers[+{k}]?") for k in range(MAX_SEATS)]
    offer_of = {c: rel(f".offers[+0]#{c}/1", offers_at[0]) for c in data.CHARACTERS}
    entrance_at = {p: at(f".entrance={cells[p]}") for p in range(48)}
    crow_at = {p: at(f".crow={cells[p]}") for p in range(48)}
    hacks_at = {h: at(f".hacks.{h}/6") for h in _HACKS}
    effects_at = {e: at(f".effects#{e}/1") for e in _EFFECTS}
    pending_at = at(".pending?")
    kind_at = {k: at(f".pending.kind={k}") for k in _PENDING_KINDS}
    pending_seat = at(".pending.seat=+0")
    options = [{k: v for k, v in a.items() if k != "type"} for a in action_space(config)
               if a["type"] == "choose"]
    first = at(".pending.options#" + ",".join(f"{k}:{v}" for k, v in options[0].items())
               + "/1")
    option_at = {_option_key(o): first + i for i, o in enumerate(options)}
    floor_at, moves_at = at(".pending.floor/3"), at(".pending.moves/12")
    rest_at = {f: at(f".pending.rest#{f}/1") for f in range(FLOORS)}
    deck_at = {d: at(f".pending.deck={d}") for d in ("patrol", "event")}
    cards_at = [at(f".pending.cards[{k}]?") for k in range(3)]
    event_of = {e: i + 1 for i, e in enumerate(data.EVENTS)}
    events_left = at(f".events.left/{len(data.EVENTS)}")
    events_top = [at(f".events.known_top[{k}]?") for k in range(3)]
    events_discard = {e: at(f".events.discard#{e}/1") for e in data.EVENTS}
    tools_left, loot_left = (at(f".tools_left/{len(data.TOOLS)}"),
                             at(f".loot_left/{len(data.LOOT) + 1}"))
    tools_scale, loot_scale, events_scale = (float(len(data.TOOLS)),
                                             float(len(data.LOOT) + 1),
                                             float(len(data.EVENTS)))
    all_open_at, won_at = at(".all_open"), at(".won")

    def walls_block(walls: frozenset) -> tuple[int, ...]:
        """The features (relative) of a floor's walls: kept per layout (a frozenset the
        rules replace, never change), at most a few thousand (random walls: one a game)."""
        found = wall_blocks.get(walls)
        if found is None:
            if len(wall_blocks) >= 4096:
                wall_blocks.clear()
            found = wall_blocks[walls] = tuple(wall_of[pair] for pair in _wall_names(walls))
        return found

    def cards(names: list[str], spots: list[int], out: Any) -> None:
        if len(names) > len(spots):
            raise ValueError("burgle: more cards than the observation's")
        for k, e in enumerate(names):
            o = spots[k]
            out[o] = 1.0
            if e is not None:
                out[o + event_of[e]] = 1.0

    def floor(st: Any, f: int, out: Any) -> None:
        g = st.guards[f]
        base = f * CELLS
        w = wall_base[f]
        walls = st.walls[f]
        for i in walls_block(walls):
            out[w + i] += 1.0
        pos = g["pos"]
        if pos >= 0:
            if not 0 <= pos - base < CELLS:
                raise ValueError("burgle: a guard off his floor")
            speed, moves = guard_speed(st, f)
            out[w + guard_of] = 1.0
            out[w + g_at + pos - base] = 1.0
            dest = g["dest"]
            if dest >= 0:
                if not 0 <= dest - base < CELLS:
                    raise ValueError("burgle: a guard's destination off his floor")
                out[w + g_dest + dest - base] = 1.0
                for k, c in enumerate(path_indices(walls, pos - base, dest - base)):
                    o = w + route_of[k]
                    out[o] = 1.0
                    out[o + 1 + c] = 1.0
            out[w + g_die] = g["die"] / 6.0
            out[w + g_speed] = speed / 12.0
            out[w + g_moves] = moves / 12.0
            if g["donut"]:
                out[w + g_donut] = 1.0
        out[w + left_of] = len(g["deck"]) / 16.0
        out[w + removed_of] = len(g["removed"]) / 16.0
        for c in g["discard"]:
            out[w + discard_of + c] += 1.0
        for spots, known in ((known_top_of, g["known_top"]),
                             (known_bottom_of, g["known_bottom"])):
            if len(known) > CELLS:
                raise ValueError("burgle: more known patrol cards than the observation's")
            for k, c in enumerate(known):
                o = w + spots[k]
                out[o] = 1.0
                out[o + 1 + c] = 1.0
        out[w + dice_of] = st.safe_dice[f] / 6.0
        if st.safe_open[f]:
            out[w + safe_open_of] = 1.0

    def encode(st: Any, me: int, out: Any) -> None:
        n = st.cfg.players
        if st.floors != FLOORS or len(st.players) != n:
            raise ValueError("burgle: a state outside the observation's shape")
        out[phase_at[st.phase]] = 1.0
        out[turn_at] = st.turn / 60.0
        if st.seat != -1:
            out[current_at + (st.seat - me) % n] = 1.0
        out[used_at] = st.used / 6.0
        out[max_at] = st.max_actions / 6.0
        # the cells: face and tile of the face-up ones (the first face-up safe of a floor
        # is its safe), then each mark where the state keeps it
        revealed, tiles = st.revealed, st.tiles
        safes = [-1, -1, -1]
        for p in range(48):
            if revealed[p]:
                out[cell_at[p]] = 1.0
                tile = tiles[p]
                a, b, v = faces[p][tile]
                out[a] = 1.0
                out[b] = v
                if safes[p // CELLS] < 0 and _FACE[tile][0] == "safe":
                    safes[p // CELLS] = p
        for spots, offset in ((st.alarms, alarm_of), (st.cracked, cracked_of),
                              (st.keypads_open, open_of), (st.disabled, disabled_of),
                              (st.labs_taken, lab_of)):
            for p in spots:
                out[cell_at[p] + offset] = 1.0
        for p, v in st.lavatory.items():
            if v:
                out[cell_at[p] + lavatory_of] = v / 3.0
        for p, v in st.smoke.items():
            if v:
                out[cell_at[p] + smoke_of] = v / 3.0
        for p, held in st.items.items():
            if held:
                o = cell_at[p] + cell_items_of
                for item in held:
                    out[o + items_of[item]] += 0.5
        for lo, hi in st.links:
            out[cell_at[hi] + down_of] = 1.0
            out[cell_at[lo] + up_of] = 1.0
        cracked = st.cracked
        for f in range(FLOORS):
            floor(st, f, out)
            safe = safes[f]
            if safe >= 0:
                w, base = wall_base[f], f * CELLS
                out[w + safe_of + safe - base] = 1.0
                for k, q in enumerate(_COMBINATIONS[safe]):
                    o = w + combo_of[k]
                    out[o] = 1.0
                    out[o + 1 + q - base] = 1.0
                    if revealed[q]:
                        out[o + combo_number] = faces[q][tiles[q]][2]
                    if q in cracked:
                        out[o + combo_cracked] = 1.0
        for i, pl in enumerate(st.players):
            o = player_at[(i - me) % n]
            out[o] = 1.0
            pos = pl["pos"]
            if pos != OUTSIDE:
                out[o + pos_of[pos]] = 1.0
            v = pl["char"]
            if v is not None:
                out[o + char_of[v]] = 1.0
            v = pl["side"]
            if v is not None:
                out[o + side_of[v]] = 1.0
            out[o + stealth_of] = pl["stealth"] / 3.0
            for t in pl["tools"]:
                out[o + tools_of[t]] += 1.0
            for t in pl["loot"]:
                out[o + loot_of[t]] += 0.5
            out[o + hack_of] = pl["hack"] / 3.0
            if pl["held_alarm"]:
                out[o + held_of] = 1.0
            if pos == ROOF:
                out[o + escaped_of] = 1.0
        if st.phase == "character":
            for i, offer in enumerate(st.offers):
                o = offers_at[(i - me) % n]
                out[o] = 1.0
                for c in offer:
                    out[o + offer_of[c]] += 1.0
        if st.entrance >= 0:
            out[entrance_at[st.entrance]] = 1.0
        for h, v in st.hacks.items():
            out[hacks_at[h]] = v / 6.0
        if st.crow >= 0:
            out[crow_at[st.crow]] = 1.0
        for e in st.effects:
            out[effects_at[e]] += 1.0
        if st.pending:
            write_pending(st.pending, me, n, out)
        deck = st.event_deck
        out[events_left] = len(deck) / events_scale
        k = st.event_known
        if k:
            cards(deck[len(deck) - k:][::-1], events_top, out)  # as the view slices it
        for e in st.event_discard:
            out[events_discard[e]] += 1.0
        out[tools_left] = len(st.tool_deck) / tools_scale
        out[loot_left] = len(st.loot_deck) / loot_scale
        if all(st.safe_open):
            out[all_open_at] = 1.0
        if st.won:
            out[won_at] = 1.0

    def write_pending(pend: dict[str, Any], me: int, n: int, out: Any) -> None:
        """A pending choice (rare: only at a choice), every key the view copies of it."""
        if not pend.keys() <= _PENDING_KEYS:
            raise ValueError(f"burgle: a pending choice {pend!r} outside the observation")
        out[pending_at] = 1.0
        v = pend.get("kind")
        if v is not None:
            out[kind_at[v]] = 1.0
        v = pend.get("seat")
        if v is not None and v != -1:
            out[pending_seat + (v - me) % n] = 1.0
        for option in pend.get("options") or ():
            out[option_at[_option_key(option)]] += 1.0
        v = pend.get("floor")
        if v is not None:
            out[floor_at] = v / 3.0
        v = pend.get("moves")
        if v is not None:
            out[moves_at] = v / 12.0
        for f in pend.get("rest") or ():
            out[rest_at[f]] += 1.0
        v = pend.get("deck")
        if v is not None:
            out[deck_at[v]] = 1.0
        v = pend.get("cards")
        if v is not None:
            cards(v, cards_at, out)
    return encode

