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
