"""Writes the rule scenarios of scenarios/burgle/ (run: python tests/burgle/make_scenarios.py).

Every expectation below is worked out by hand from the rulebook and the supplement; the
boards are built from a base layout with a few tiles swapped in, so each file lists all 48.
"""

from __future__ import annotations

import pathlib

import yaml

OUT = pathlib.Path(__file__).resolve().parents[2] / "scenarios" / "burgle"
CELLS = [f"{c}{r}" for r in range(1, 5) for c in "ABCD"]
# Base floors (A1 B1 C1 D1 A2 ... D4): floor 1 holds only tiles without an entering rule.
BASE = [
    ["duct:5", "duct:6", "secret_door:1", "secret_door:2", "computer_fingerprint:4",
     "computer_laser:5", "computer_motion:6", "lavatory:5", "atrium:3", "atrium:4", "lab:3",
     "lab:4", "walkway:1", "walkway:2", "stairs:4", "safe:0"],
    ["walkway:3", "camera:1", "camera:2", "camera:3", "camera:6", "laser:1", "laser:2",
     "laser:3", "motion:1", "motion:2", "motion:3", "detector:4", "detector:5", "detector:6",
     "stairs:5", "safe:0"],
    ["fingerprint:4", "fingerprint:5", "fingerprint:6", "thermo:1", "thermo:2", "thermo:3",
     "keypad:4", "keypad:5", "keypad:6", "deadbolt:1", "deadbolt:2", "deadbolt:3", "foyer:1",
     "foyer:2", "stairs:6", "safe:0"],
]
DEFAULT_WALLS = [
    [["A1", "B1"], ["C1", "C2"], ["C2", "D2"], ["A2", "A3"], ["B2", "B3"], ["D3", "D4"],
     ["A4", "B4"], ["B4", "C4"]],
    [["A1", "B1"], ["B1", "C1"], ["C1", "D1"], ["B2", "B3"], ["C2", "C3"], ["A4", "B4"],
     ["B4", "C4"], ["C4", "D4"]],
    [["C1", "C2"], ["A2", "B2"], ["C2", "D2"], ["A2", "A3"], ["C2", "C3"], ["A3", "B3"],
     ["B3", "C3"], ["C4", "D4"]],
]
OPEN1 = [[], DEFAULT_WALLS[1], DEFAULT_WALLS[2]]
OPEN12 = [[], [], DEFAULT_WALLS[2]]


def board(**placed: str) -> list[list[str]]:
    """The base layout with tiles swapped in: ``board(f1B1="laser:1")``."""
    flat = [t for floor in BASE for t in floor]
    for key, tile in placed.items():
        f, cell = int(key[1]) - 1, key[2:]
        i = f * 16 + CELLS.index(cell)
        same = [k for k in range(16 * f, 16 * f + 16) if flat[k] == tile]
        j = same[0] if same else flat.index(tile)
        flat[i], flat[j] = flat[j], flat[i]
    return [flat[16 * f:16 * f + 16] for f in range(3)]


def act(seat: int, action: dict, expect: dict | None = None) -> dict:
    step: dict = {"seat": seat, "action": action}
    if expect:
        step["expect"] = expect
    return step


def err(seat: int, action: dict, msg: str) -> dict:
    return {"seat": seat, "action": action, "error": msg}


def move(to: str) -> dict:
    return {"type": "move", "to": to}


def peek(at: str) -> dict:
    return {"type": "peek", "at": at}


END = {"type": "end"}


def write(name: str, title: str, source: str, setup: dict, steps: list, *,
          players: int = 1, expect: dict | None = None, notes: str | None = None,
          config: dict | None = None, seed: int = 1) -> None:
    setup = {"characters": [["hawk", "basic"]] * players, "tiles": board(), **setup}
    setup = {k: v for k, v in setup.items() if v is not None}  # None: leave that choice open
    doc: dict = {"game": "burgle", "title": title, "source": source}
    if notes:
        doc["notes"] = notes
    doc.update({"config": {"players": players, **(config or {})}, "seed": seed, "setup": setup,
                "steps": steps})
    if expect:
        doc["expect"] = expect
    OUT.mkdir(parents=True, exist_ok=True)
    with open(OUT / f"{name}.yaml", "w") as fh:
        yaml.safe_dump(doc, fh, allow_unicode=True, sort_keys=False, default_flow_style=None,
                       width=110)


def main() -> None:
    write("guard_default_walls", "A guard walks round the default floor-1 walls",
          "zh 移动守卫; supplement default walls, guard speed 2 on floor 1",
          {"walls": DEFAULT_WALLS, "patrol": [["D3", "A1", "D4"]], "entrance": "1D1",
           "events": ["lampshade", "espresso"]},
          [{"note": "D3 to A1 behind the walls: the only shortest way is C3 C2 B2 A2 A1"},
           act(0, END, {"guards": ["1C2", None, None], "stealth": [4], "dests": ["1A1", None, None]}),
           act(0, END, {"guards": ["1A1", None, None], "dests": ["1D4", None, None]})])
    write("guard_clockwise_d3_a1", "The rulebook's example: D3 to A1 is W W W N N",
          "zh 守卫会选择更加顺时针的路径; supplement Guards",
          {"walls": OPEN1, "patrol": [["D3", "A1", "D4"]], "entrance": "1D1",
           "events": ["lampshade", "daydreaming", "espresso"]},
          [act(0, END, {"guards": ["1B3", None, None]}),
           act(0, END, {"guards": ["1A3", None, None]}),
           {"note": "3 moves: A2, A1 (arrives, next card D4), then right first toward D4: B1"},
           act(0, END, {"guards": ["1B1", None, None], "dests": ["1D4", None, None]})])
    write("guard_clockwise_b3_c4", "The rulebook's example: B3 to C4 is E S",
          "zh 守卫会选择更加顺时针的路径", {"walls": OPEN1, "patrol": [["B3", "C4", "A1"]],
                                     "guard_die": [1, 3, 4], "entrance": "1A1",
                                     "events": ["lampshade"]},
          [act(0, END, {"guards": ["1C3", None, None], "dests": ["1C4", None, None]})])
    write("alarm_pulls_guard", "An alarm becomes the destination; speed = die + alarms",
          "zh 警报; supplement Fingerprint",
          {"tiles": board(f1B1="fingerprint:4"), "walls": OPEN1,
           "patrol": [["D4", "D1", "A4"]], "entrance": "1A1"},
          [act(0, move("1B1"), {"alarms": ["1B1"], "dests": ["1B1", None, None]}),
           act(0, peek("1C1")), act(0, peek("1B2")),
           {"note": "no event (3 actions); the guard moves 2 + 1 alarm = 3: C4 B4 B3"},
           act(0, END, {"guards": ["1B3", None, None], "alarms": ["1B1"]}),
           act(0, move("1C1")), act(0, peek("1D1")), act(0, peek("1C2")),
           {"note": "3 moves: B2, B1 (alarm off, next card A4), then down first: B2"},
           act(0, END, {"guards": ["1B2", None, None], "dests": ["1A4", None, None],
                        "alarms": [], "stealth": [3]})])
    write("safe_over_turns", "A safe: dice over two turns, a roll, the Stethoscope, the prizes",
          "zh 解锁; supplement Safes, Stethoscope",
          {"tiles": board(f1A1="safe:0", f1B1="secret_door:1", f1C1="camera:1", f1D1="laser:1",
                          f1A2="walkway:1", f1A3="motion:1", f1A4="thermo:1"),
           "revealed": ["1B1", "1C1", "1D1", "1A2", "1A3", "1A4"], "walls": OPEN1,
           "hands": [{"tools": ["stethoscope"]}], "tools": ["rollerskates"], "loot": ["mirror"],
           "patrol": [["D4", "D3", "D4", "D3", "D4", "D3"]], "entrance": "1A1",
           "events": ["lampshade"]},
          [err(0, {"type": "roll", "at": "1A1"}, "not possible"),
           act(0, {"type": "add_die", "at": "1A1"}, {"used": 2, "safe_dice": [1, 0, 0]}),
           act(0, {"type": "add_die", "at": "1A1"}, {"used": 4, "safe_dice": [2, 0, 0]}),
           err(0, {"type": "add_die", "at": "1A1"}, "not possible"),
           act(0, END),
           act(0, {"type": "roll", "at": "1A1"}, {"used": 1, "safe_dice": [2, 0, 0]}),
           {"note": "every combination number is 1: setting a die to 1 cracks all six"},
           act(0, {"type": "tool", "tool": "stethoscope", "face": 1},
               {"safe_open": [True, False, False], "guard_die": [3, 3, 4],
                "cracked": ["1B1", "1C1", "1D1", "1A2", "1A3", "1A4"],
                "tools": [["rollerskates"]], "loot": [["mirror"]]})])
    write("walkway_fall", "Revealing a walkway by moving onto it: fall one floor",
          "supplement Walkway; zh 楼梯",
          {"tiles": board(f1A1="stairs:4", f2A1="secret_door:1", f2B1="walkway:3"),
           "walls": OPEN12, "patrol": [["D4", "D3", "D4", "D3"], ["D4", "D3"]],
           "entrance": "1A1", "events": ["lampshade"]},
          [act(0, move("2A1"), {"positions": ["2A1"], "guards": ["1D4", "2D4", None]}),
           act(0, move("2B1"), {"positions": ["1B1"]}),
           act(0, END, {"positions": ["1B1"], "stealth": [4], "guards": ["1D4", "2D4", None]})],
          notes="the fall is not entering 1B1; the floor-1 guard moves after the turn")
    write("escape_roof", "Every safe open: the top stairs lead to the roof; the team wins",
          "zh 游戏结束; supplement Stealth, losing, winning",
          {"characters": [["hawk", "basic"], ["hacker", "basic"]], "safe_open": [True, True, True],
           "positions": ["3C4", "3C4"], "walls": OPEN12,
           "patrol": [["D4", "D3"], ["D4", "D3"], ["A1", "B1"]], "entrance": "1A1"},
          [act(0, move("roof"), {"positions": ["roof", "3C4"], "seat": 1,
                                 "guards": ["1D4", None, "3A1"]}),
           err(0, END, "nothing to decide"),
           act(1, move("roof"))], players=2,
          expect={"over": True, "winners": [0, 1], "won": True})
    write("caught", "Caught with no stealth left: the whole team loses",
          "zh 游戏结束", {"stealth": [0], "walls": OPEN1, "patrol": [["D3", "A1"]],
                       "entrance": "1B3", "events": ["espresso"]},
          [act(0, END)], expect={"over": True, "winners": [], "won": False,
                                 "result.summary.loss.by": "guard",
                                 "result.summary.loss.at": "1B3", "result.summary.loss.seat": 0,
                                 "result.summary.loss.floor": 1})
    write("refusals", "Refused moves: walls, the roof too early, out of turn, junk",
          "zh 移动; protocol",
          {"characters": [["hawk", "basic"], ["rook", "basic"]], "walls": DEFAULT_WALLS,
           "patrol": [["D4", "D3"]], "entrance": "1A1"},
          [err(0, move("1B1"), "not a legal"),
           err(0, move("roof"), "not a legal"),
           err(0, {"type": "add_die", "at": "1A1"}, "not possible"),
           err(1, END, "nothing to decide"),
           err(0, {"type": "fly"}, "not possible"),
           act(0, move("1A2"), {"positions": ["1A2", None], "used": 1})], players=2)
    write("laser", "Laser: 2 actions to enter, or its alarm with only 1 left",
          "supplement Laser", {"tiles": board(f1B1="laser:1", f1C1="laser:2"), "walls": OPEN1,
                               "patrol": [["D4", "D3"]], "entrance": "1A1",
                               "revealed": ["1B1", "1C1"]},
          [act(0, move("1B1"), {"used": 2, "alarms": []}),
           act(0, peek("1B2"), {"used": 3}),
           act(0, move("1C1"), {"used": 4, "alarms": ["1C1"]})])
    write("deadbolt", "Deadbolt: 3 actions when nobody is on it, else you stay",
          "supplement Deadbolt", {"tiles": board(f1B2="deadbolt:1"),
                                  "walls": OPEN1, "patrol": [["D4", "D3"]], "entrance": "1A1"},
          [act(0, peek("1A2"), {"used": 1}),
           act(0, move("1A2"), {"used": 2}),
           act(0, {"type": "hack"}, {"used": 3}),
           {"note": "1 action left: the attempt costs it and you stay on A2"},
           act(0, move("1B2"), {"used": 4, "positions": ["1A2"], "revealed": ["1A1", "1A2", "1B2"]}),
           act(0, END), act(0, move("1B2"), {"used": 3, "positions": ["1B2"]})])
    write("motion", "Motion: entering and leaving in one turn sets off its alarm",
          "supplement Motion", {"tiles": board(f1B1="motion:1"), "walls": OPEN1,
                                "patrol": [["D4", "D3"]], "entrance": "1A1"},
          [act(0, move("1B1"), {"alarms": []}),
           act(0, move("1C1"), {"alarms": ["1B1"]})])
    write("foyer", "Foyer: a guard next to it sees you", "supplement Foyer",
          {"tiles": board(f1B2="foyer:1"), "walls": OPEN1, "patrol": [["C2", "C3"]],
           "entrance": "1A2"},
          [act(0, move("1B2"), {"stealth": [2]})])
    write("camera", "Camera: a guard on a revealed camera sees a player on another",
          "supplement Camera", {"tiles": board(f1B1="camera:1", f1C3="camera:2"),
                                "walls": OPEN1, "patrol": [["C3", "D4"]], "entrance": "1A1",
                                "revealed": ["1C3"]},
          [act(0, move("1B1"), {"alarms": ["1B1"], "stealth": [3],
                                "dests": ["1B1", None, None]})])
    write("detector", "Detector: entering with a tool sets it off", "supplement Detector",
          {"tiles": board(f1B1="detector:4", f1A2="detector:5"), "walls": OPEN1,
           "patrol": [["D4", "D3"]], "entrance": "1A1", "hands": [{"tools": ["rollerskates"]}]},
          [act(0, move("1B1"), {"alarms": ["1B1"]}),
           act(0, {"type": "drop", "item": "rollerskates"}, {"items": {"1B1": ["rollerskates"]}}),
           act(0, move("1A1")), act(0, move("1A2"), {"alarms": ["1B1"]})])
    write("thermo", "Thermo: ending the actions there sets it off", "supplement Thermo",
          {"tiles": board(f1B1="thermo:1"), "walls": OPEN1, "patrol": [["D4", "D3"]],
           "entrance": "1A1", "events": ["lampshade"]},
          [act(0, move("1B1"), {"alarms": []}),
           act(0, END, {"alarms": ["1B1"]})])
    write("computer_hack", "Computer room: hack tokens cancel that kind of alarm",
          "zh 破解", {"tiles": board(f1A1="computer_fingerprint:4", f1B1="fingerprint:4"),
                    "walls": OPEN1, "patrol": [["D4", "D3"]], "entrance": "1A1"},
          [act(0, {"type": "hack"}), act(0, {"type": "hack"}, {"hacks": {"fingerprint": 2,
                                                                         "laser": 0, "motion": 0}}),
           act(0, move("1B1"), {"alarms": [], "hacks": {"fingerprint": 1, "laser": 0,
                                                        "motion": 0}})])
    write("secret_door", "Secret door: entered through a wall, one way", "supplement Secret Door",
          {"tiles": board(f1B1="secret_door:1"), "walls": DEFAULT_WALLS,
           "patrol": [["D4", "D3"]], "entrance": "1A1", "revealed": ["1B1"]},
          [act(0, move("1B1"), {"positions": ["1B1"]}),
           err(0, move("1A1"), "not a legal")])
    write("stairs_peek_and_climb", "Stairs: peek upstairs, go up; the new floor's guard appears",
          "zh 窥视, 楼梯; supplement Guards",
          {"tiles": board(f1A1="stairs:4", f2A1="camera:1"), "walls": OPEN12,
           "patrol": [["D4", "D3"], ["C3", "C4"]], "entrance": "1A1"},
          [act(0, peek("2A1"), {"revealed": ["1A1", "2A1"], "guards": ["1D4", None, None]}),
           act(0, move("2A1"), {"positions": ["2A1"], "guards": ["1D4", "2C3", None],
                                "dests": ["1D3", "2C4", None]})])
    write("lavatory", "Lavatory: its stealth tokens are spent before yours",
          "supplement Lavatory", {"tiles": board(f1B3="lavatory:5"), "walls": OPEN1,
                                  "patrol": [["D3", "A3"]], "entrance": "1B3",
                                  "events": ["lampshade"]},
          [act(0, END, {"lavatory": {"1B3": 2}, "stealth": [4]})],
          notes="the guard walks D3 to A3 (speed 2): C3, then B3 onto the player; "
                "a Lavatory token is spent instead of the player's stealth")
    write("event_crash", "Crash!: the guard heads for your tile", "supplement Events",
          {"walls": OPEN1, "patrol": [["D4", "D3"]], "entrance": "1A1", "events": ["crash"]},
          [act(0, END, {"dests": ["1A1", None, None], "guards": ["1B4", None, None]})],
          notes="D4 to A1 is up-left: left first; 2 moves C4, B4")
    write("event_where_is_he", "Where Is He?: the guard jumps to his destination",
          "supplement Events", {"walls": OPEN1, "patrol": [["D4", "D1", "A4"]],
                                "entrance": "1A1", "events": ["where_is_he"]},
          [act(0, END, {"guards": ["1D3", None, None], "dests": ["1A4", None, None]})],
          notes="he jumps to D1, draws A4, then walks 2; down-left goes down first: D2, D3")
    write("hacker_basic", "Hacker: no Fingerprint alarm for him", "supplement Characters",
          {"characters": [["hacker", "basic"]], "tiles": board(f1B1="fingerprint:4"),
           "walls": OPEN1, "patrol": [["D4", "D3"]], "entrance": "1A1"},
          [act(0, move("1B1"), {"alarms": []})])
    write("juicer_basic", "Juicer: a free alarm next door pulls the guard",
          "supplement Characters", {"characters": [["juicer", "basic"]], "walls": OPEN1,
                                    "patrol": [["D4", "D3"]], "entrance": "1A1"},
          [act(0, {"type": "ability", "name": "alarm", "at": "1B1"},
               {"alarms": ["1B1"], "used": 0, "dests": ["1B1", None, None]})])
    write("rollerskates", "Rollerskates: +2 actions this turn", "supplement Tools",
          {"walls": OPEN1, "patrol": [["D4", "D3"]], "entrance": "1A1",
           "hands": [{"tools": ["rollerskates"]}]},
          [act(0, {"type": "tool", "tool": "rollerskates"}, {"max_actions": 6, "tools": [[]]})])


def tool(name: str, **kw) -> dict:
    return {"type": "tool", "tool": name, **kw}


def ability(name: str, **kw) -> dict:
    return {"type": "ability", "name": name, **kw}


def choose(**kw) -> dict:
    return {"type": "choose", **kw}


BASIC = {"walls": OPEN1, "patrol": [["D4", "D3", "D4", "D3"]], "entrance": "1A1"}
CHOSE = "supplement Characters"


def more() -> None:
    """Tools, events, characters and loot, one rule each."""
    w = write
    # ---- tools
    w("tool_blueprints", "Blueprints: reveal any tile", "supplement Tools",
      {**BASIC, "hands": [{"tools": ["blueprints"]}]},
      [act(0, tool("blueprints", at="3D4"), {"revealed": ["1A1", "3D4"], "tools": [[]], "used": 0})])
    w("tool_crowbar", "Crowbar: a Fingerprint next door stops alarming", "supplement Tools",
      {**BASIC, "tiles": board(f1B1="fingerprint:4"), "revealed": ["1B1"],
       "hands": [{"tools": ["crowbar"]}]},
      [act(0, tool("crowbar", at="1B1"), {"disabled": ["1B1"]}),
       act(0, move("1B1"), {"alarms": [], "positions": ["1B1"]})])
    w("tool_donuts", "Donuts: the guard's next move is lost", "supplement Tools",
      {**BASIC, "hands": [{"tools": ["donuts"]}], "events": ["lampshade"]},
      [act(0, tool("donuts")), act(0, END, {"guards": ["1D4", None, None]})])
    w("tool_dynamite", "Dynamite: a wall gone, an alarm on your tile", "supplement Tools",
      {**BASIC, "walls": DEFAULT_WALLS, "hands": [{"tools": ["dynamite"]}]},
      [err(0, move("1B1"), "not a legal"),
       act(0, tool("dynamite", wall=["1A1", "1B1"]), {"alarms": ["1A1"]}),
       act(0, move("1B1"), {"positions": ["1B1"]})])
    w("tool_emp", "EMP: every alarm off; the guard takes a new patrol card", "supplement Tools",
      {**BASIC, "hands": [{"tools": ["dynamite", "emp"]}], "walls": DEFAULT_WALLS},
      [act(0, tool("dynamite", wall=["1A1", "1B1"]), {"dests": ["1A1", None, None]}),
       {"note": "the next card, D4, is his own tile: reached at once, then D3"},
       act(0, tool("emp"), {"alarms": [], "effects": {"emp": 0}, "dests": ["1D3", None, None]})])
    w("tool_makeup_smoke", "Makeup Kit +1 stealth; Smoke Bomb 3 tokens on the tile",
      "supplement Tools", {**BASIC, "hands": [{"tools": ["makeup_kit", "smoke_bomb"]}]},
      [act(0, tool("makeup_kit"), {"stealth": [4]}),
       act(0, tool("smoke_bomb"), {"smoke": {"1A1": 3}, "tools": [[]]})])
    w("tool_thermal_bomb", "Thermal Bomb: stairs up from your tile, an alarm there",
      "supplement Tools", {**BASIC, "tiles": board(f2A1="camera:1"),
                           "hands": [{"tools": ["thermal_bomb"]}]},
      [act(0, tool("thermal_bomb", dir="up"), {"links": [["1A1", "2A1"]], "alarms": ["1A1"]}),
       act(0, move("2A1"), {"positions": ["2A1"]})])
    w("tool_virus", "Virus: 3 hack tokens on a revealed computer room", "supplement Tools",
      {**BASIC, "revealed": ["1A2"], "hands": [{"tools": ["virus"]}]},
      [act(0, tool("virus", at="1A2"), {"hacks": {"fingerprint": 3, "laser": 0, "motion": 0}})])
    w("tool_invisible_suit", "Invisible Suit: +1 action, unseen on the guard's tile",
      "supplement Tools", {**BASIC, "patrol": [["B1", "D3"]], "hands": [{"tools": ["invisible_suit"]}]},
      [act(0, tool("invisible_suit"), {"max_actions": 5}),
       act(0, move("1B1"), {"stealth": [3], "positions": ["1B1"]})])
    w("tool_crystal_ball", "Crystal Ball: the top 3 events in a new order", "supplement Tools",
      {**BASIC, "hands": [{"tools": ["crystal_ball"]}], "events": ["lampshade", "espresso", "crash"]},
      [act(0, tool("crystal_ball"), {"pending": "arrange"}),
       act(0, choose(order=[2, 1, 0]), {"event_top": "crash", "pending": None})])
    # ---- events (ending with no action used draws one)
    w("event_buddy_system", "Buddy System: a partner is moved onto your tile", "supplement Events",
      {**BASIC, "characters": [["hawk", "basic"], ["rook", "basic"]], "positions": [None, "1C1"],
       "events": ["buddy_system"]},
      [act(0, END, {"pending": "buddy"}), act(0, choose(seat=1), {"positions": ["1A1", "1A1"]})],
      players=2)
    w("event_time_lock", "Time Lock: no stairs until the drawer's next turn", "supplement Events",
      {**BASIC, "tiles": board(f1B1="stairs:4"), "characters": [["hawk", "basic"], ["rook", "basic"]],
       "positions": [None, "1B1"], "events": ["time_lock"]},
      [act(0, END, {"effects": {"time_lock": 0}}), err(1, move("2B1"), "not a legal")], players=2)
    w("event_lost_grip", "Lost Grip: fall one floor, not entering", "supplement Events",
      {**BASIC, "walls": OPEN12, "positions": ["2B1"], "patrol": [["D4", "D3"], ["D4", "D3"]],
       "events": ["lost_grip"]},
      [act(0, END, {"positions": ["1B1"], "revealed": ["1A1", "1B1", "2B1"]})])
    w("event_freight_elevator", "Freight Elevator: up one floor; that floor's guard appears",
      "supplement Events", {**BASIC, "walls": OPEN12, "tiles": board(f2A1="camera:1"),
                            "patrol": [["D4", "D3"], ["D1", "D2", "D3", "D4"]],
                            "events": ["freight_elevator"]},
      [act(0, END, {"positions": ["2A1"], "guards": ["1D4", "2D4", None]})],
      notes="the floor-2 guard appears on D1 heading for D2; the player is on floor 2 now, so "
            "that guard walks 3: D2, D3, D4 (each card reached draws the next)")
    w("event_switch_signs", "Switch Signs: the guard and his destination swap",
      "supplement Events", {**BASIC, "patrol": [["D4", "A4", "B1"]], "events": ["switch_signs"]},
      [act(0, END, {"guards": ["1C4", None, None], "dests": ["1D4", None, None]})],
      notes="guard A4, destination D4; 2 moves: B4, C4")
    w("event_heads_up", "Heads Up!: the next player gets 5 actions", "supplement Events",
      {**BASIC, "characters": [["hawk", "basic"], ["rook", "basic"]], "events": ["heads_up"]},
      [act(0, END, {"seat": 1, "max_actions": 5})], players=2)
    w("event_jump_the_gun", "Jump the Gun: the next player's turn is skipped",
      "supplement Events", {**BASIC, "characters": [["hawk", "basic"], ["rook", "basic"]],
                            "events": ["jump_the_gun"]},
      [act(0, END, {"seat": 0, "turn": 1, "positions": ["1A1", None]})], players=2)
    w("event_dead_drop", "Dead Drop: your tools and loot go to the previous player",
      "supplement Events", {**BASIC, "characters": [["hawk", "basic"], ["rook", "basic"]],
                            "hands": [{"tools": ["rollerskates"], "loot": ["stamp"]}],
                            "events": ["dead_drop"]},
      [act(0, END, {"tools": [[], ["rollerskates"]], "loot": [[], ["stamp"]]})], players=2)
    w("event_reboot", "Reboot: every computer room's hacks become 1", "supplement Events",
      {**BASIC, "hacks": {"fingerprint": 4, "laser": 0, "motion": 2}, "events": ["reboot"]},
      [act(0, END, {"hacks": {"fingerprint": 1, "laser": 1, "motion": 1}})])
    w("event_shoplifting", "Shoplifting: an alarm on every lab whose tool was taken",
      "supplement Events", {**BASIC, "tiles": board(f1B1="lab:3"), "tools": ["virus"],
                            "events": ["shoplifting"], "guard_die": [0, 3, 4]},
      [act(0, move("1B1"), {"tools": [["virus"]]}),
       act(0, END, {"alarms": ["1B1"], "dests": ["1B1", None, None]})],
      notes="guard die 0 (a setup override) so that only the alarm moves him: 0 + 1 alarm")
    w("event_squeak", "Squeak!: the guard steps toward the nearest player", "supplement Events",
      {**BASIC, "guard_die": [0, 3, 4], "events": ["squeak"]},
      [act(0, END, {"guards": ["1C4", None, None]})], notes="D4 to A1 is up-left: left first")
    w("event_throw_voice", "Throw Voice: the destination moves next door", "supplement Events",
      {**BASIC, "guard_die": [0, 3, 4], "events": ["throw_voice"]},
      [act(0, END, {"pending": "throw_voice"}),
       act(0, choose(at="1C3"), {"dests": ["1C3", None, None], "guards": ["1D4", None, None]})])
    w("event_change_of_plans", "Change of Plans: the next patrol card is the destination",
      "supplement Events", {**BASIC, "patrol": [["D4", "D3", "A1"]], "guard_die": [0, 3, 4],
                            "events": ["change_of_plans"]},
      [act(0, END, {"dests": ["1A1", None, None]})])
    for edition, dest in (("later", "1B1"), ("first", "1A1")):
        w(f"event_crash_{edition}_printing",
          f"Crash! with an alarm on the floor ({edition} printing)",
          "supplement Events (later printings restrict Crash!)",
          {**BASIC, "characters": [["juicer", "basic"]], "events": ["crash"],
           "guard_die": [0, 3, 4]},
          [act(0, ability("alarm", at="1B1"), {"dests": ["1B1", None, None]}),
           act(0, END, {"dests": [dest, None, None], "guards": ["1C4", None, None]})],
          config={"events": edition},
          notes="speed 0 + 1 alarm: one step from D4, left first: C4")
    w("event_go_with_your_gut", "Go With Your Gut: into a face-down tile next door",
      "supplement Events", {**BASIC, "events": ["go_with_your_gut"], "guard_die": [0, 3, 4]},
      [act(0, END, {"pending": "gut"}), act(0, choose(at="1B1"), {"positions": ["1B1"]})])
    w("event_peekhole", "Peekhole: peek through a wall or a floor", "supplement Events",
      {**BASIC, "walls": DEFAULT_WALLS, "events": ["peekhole"], "guard_die": [0, 3, 4]},
      [act(0, END, {"pending": "peekhole"}),
       act(0, choose(at="2A1"), {"revealed": ["1A1", "2A1"]})])
    w("event_jury_rig", "Jury-Rig: draw a tool", "supplement Events",
      {**BASIC, "events": ["jury_rig"], "tools": ["emp"], "guard_die": [0, 3, 4]},
      [act(0, END, {"tools": [["emp"]]})])
    w("event_brown_out", "Brown Out: the floor's alarms go off; a patrol card per alarm",
      "supplement Events", {**BASIC, "characters": [["juicer", "basic"]],
                            "patrol": [["D4", "D3", "A1", "A2"]], "events": ["brown_out"],
                            "guard_die": [0, 3, 4]},
      [act(0, ability("alarm", at="1B1"), {"dests": ["1B1", None, None]}),
       act(0, END, {"alarms": [], "dests": ["1A2", None, None]})],
      notes="one alarm removed: A1 is discarded, A2 becomes the destination")
    w("event_gymnastics", "Gymnastics: walkways lead up until the drawer's next turn",
      "supplement Events", {**BASIC, "walls": OPEN12,
                            "characters": [["hawk", "basic"], ["rook", "basic"]],
                            "positions": [None, "1A4"], "events": ["gymnastics"]},
      [act(0, END, {"effects": {"gymnastics": 0}}),
       act(1, move("2A4"), {"positions": ["1A1", "2A4"]})], players=2)
    # ---- characters
    w("acrobat_basic", "Acrobat: into the guard's tile for free, no stealth lost", CHOSE,
      {**BASIC, "characters": [["acrobat", "basic"]], "patrol": [["B1", "D3"]]},
      [act(0, move("1B1"), {"used": 0, "stealth": [3], "positions": ["1B1"]})])
    w("acrobat_advanced", "Acrobat: 3 actions climb a floor from an outer tile", CHOSE,
      {**BASIC, "characters": [["acrobat", "advanced"]], "walls": OPEN12,
       "tiles": board(f2A1="camera:1"),
       "patrol": [["D4", "D3"], ["D4", "D3"]]},
      [act(0, ability("climb", to="2A1"), {"positions": ["2A1"], "used": 4})])
    w("hacker_advanced", "Hacker: a personal hack token anyone may spend", CHOSE,
      {**BASIC, "characters": [["hacker", "advanced"]], "tiles": board(f1B1="fingerprint:4")},
      [act(0, ability("hack_token"), {"used": 1}),
       act(0, move("1B1"), {"alarms": []})])
    w("hawk_basic", "Hawk: a free peek through a wall", CHOSE,
      {**BASIC, "walls": DEFAULT_WALLS},
      [act(0, ability("peek", at="1B1"), {"revealed": ["1A1", "1B1"], "used": 0}),
       err(0, ability("peek", at="1A2"), "not possible")])
    w("hawk_advanced", "Hawk: a free peek two tiles away over a revealed one", CHOSE,
      {**BASIC, "characters": [["hawk", "advanced"]], "revealed": ["1B1"]},
      [act(0, ability("peek", at="1C1"), {"revealed": ["1A1", "1B1", "1C1"], "used": 0})])
    w("juicer_advanced", "Juicer: pick up an alarm and drop it elsewhere", CHOSE,
      {**BASIC, "characters": [["juicer", "advanced"]], "tiles": board(f1A1="thermo:1"),
       "events": ["lampshade"], "guard_die": [0, 3, 4]},
      [act(0, END, {"alarms": ["1A1"]}),
       act(0, ability("pickup_alarm"), {"alarms": []}), act(0, move("1B1")),
       err(0, ability("drop_alarm"), "not possible")])
    w("peterman_advanced", "Peterman: dice on the safe right above", CHOSE,
      {**BASIC, "characters": [["peterman", "advanced"]], "tiles": board(f2A1="safe:0", f1A1="duct:5"),
       "revealed": ["2A1"]},
      [act(0, {"type": "add_die", "at": "2A1"}, {"safe_dice": [0, 1, 0], "used": 2})])
    w("raven", "Raven: the crow two tiles away; the guard loses a step on it", CHOSE,
      {**BASIC, "characters": [["raven", "basic"]], "patrol": [["D1", "A1"]], "events": ["espresso"]},
      [err(0, ability("crow", at="1D1"), "not a legal"),
       act(0, ability("crow", at="1B1"), {"crow": "1B1", "used": 0}),
       act(0, END, {"guards": ["1B1", None, None], "stealth": [3]})],
      notes="D1 is 3 away: refused. Espresso: 3 moves C1, B1 (the crow costs the third); "
            "without the crow he would reach the Raven on A1")
    w("rigger", "Rigger: starts with Dynamite; tools are draw 2 keep 1", CHOSE,
      {**BASIC, "characters": [["rigger", "basic"]], "tiles": board(f1B1="lab:3"),
       "tools": ["emp", "virus"]},
      [{"expect": {"tools": [["dynamite"]]}},
       act(0, move("1B1"), {"pending": "keep_tool"}),
       act(0, choose(tool="virus"), {"tools": [["dynamite", "virus"]]})])
    w("rigger_advanced", "Rigger: a stealth for a tool", CHOSE,
      {**BASIC, "characters": [["rigger", "advanced"]], "tools": ["emp", "virus"]},
      [act(0, ability("draw_tool"), {"stealth": [2], "pending": "keep_tool"}),
       act(0, choose(tool="emp"), {"tools": [["emp"]]})])
    w("rook", "Rook: move a partner one tile; swap places", CHOSE,
      {**BASIC, "characters": [["rook", "basic"], ["rook", "advanced"]],
       "positions": [None, "1C1"], "revealed": ["1D1"]},
      [act(0, ability("nudge", seat=1, to="1D1"), {"positions": ["1A1", "1D1"], "used": 1}),
       act(0, END), act(1, ability("swap", seat=0), {"positions": ["1D1", "1A1"], "used": 1})],
      players=2)
    w("spotter", "Spotter: the top patrol card to the bottom", CHOSE,
      {**BASIC, "characters": [["spotter", "basic"]]},
      [act(0, ability("spot"), {"pending": "spot", "used": 1}),
       act(0, choose(put="bottom"), {"pending": None})])
    # ---- loot
    w("loot_mirror", "Mirror: one action less", "supplement Loot",
      {**BASIC, "hands": [{"loot": ["mirror"]}]}, [{"expect": {"max_actions": 3}}])
    w("loot_bust", "Bust: its holder cannot use tools", "supplement Loot",
      {**BASIC, "hands": [{"tools": ["rollerskates"], "loot": ["bust"]}]},
      [err(0, tool("rollerskates"), "not possible")])
    w("tile_duct", "Service ducts: 1 action between two revealed ducts", "supplement Service Duct",
      {**BASIC, "tiles": board(f1D4="duct:6"), "revealed": ["1D4"]},
      [act(0, move("1D4"), {"positions": ["1D4"], "used": 1})])
    w("loot_painting", "Painting: no service ducts for its holder", "supplement Loot",
      {**BASIC, "tiles": board(f1D4="duct:6"), "revealed": ["1D4"],
       "hands": [{"loot": ["painting"]}]},
      [err(0, move("1D4"), "not a legal")])
    w("loot_isotope", "Isotope: a Thermo alarms as its holder enters", "supplement Loot",
      {**BASIC, "tiles": board(f1B1="thermo:1"), "hands": [{"loot": ["isotope"]}]},
      [act(0, move("1B1"), {"alarms": ["1B1"]})])
    w("loot_keycard", "Keycard: no safe roll without its holder", "supplement Loot",
      {**BASIC, "tiles": board(f1A1="safe:0"), "characters": [["hawk", "basic"], ["rook", "basic"]],
       "positions": [None, "1C1"], "hands": [{}, {"loot": ["keycard"]}]},
      [act(0, {"type": "add_die", "at": "1A1"}, {"safe_dice": [1, 0, 0]}),
       err(0, {"type": "roll", "at": "1A1"}, "not possible")], players=2)
    w("loot_gemstone", "Gemstone: a tile with a partner costs 1 more action", "supplement Loot",
      {**BASIC, "characters": [["hawk", "basic"], ["rook", "basic"]], "positions": [None, "1B1"],
       "hands": [{"loot": ["gemstone"]}]},
      [act(0, move("1B1"), {"used": 2, "positions": ["1B1", "1B1"]})], players=2)
    w("loot_tiara", "Tiara: a passing guard sees its holder from next door", "supplement Loot",
      {**BASIC, "patrol": [["D2", "B1"]], "entrance": "1A2", "hands": [{"loot": ["tiara"]}]},
      [act(0, peek("1A1")), act(0, peek("1B2")), act(0, peek("1A3")),
       act(0, END, {"guards": ["1B2", None, None], "stealth": [2]})],
      notes="no event (3 actions); the guard walks D2 to B1, left first: C2, B2 - next to A2")
    w("loot_stamp", "Stamp: 3 actions still draw an event", "supplement Loot",
      {**BASIC, "entrance": "1A2", "hands": [{"loot": ["stamp"]}], "events": ["lampshade"]},
      [act(0, peek("1A1")), act(0, peek("1B2")), act(0, peek("1A3")),
       act(0, END, {"stealth": [4]})])
    w("tile_atrium", "Atrium: peek up and down", "supplement Atrium",
      {**BASIC, "entrance": "1A3"},
      [act(0, peek("2A3"), {"revealed": ["1A3", "2A3"]})])


SAFE_READY = {  # a floor-1 safe on A1, its six combination tiles revealed, all numbered 1
    "tiles": board(f1A1="safe:0", f1B1="secret_door:1", f1C1="camera:1", f1D1="laser:1",
                   f1A2="walkway:1", f1A3="motion:1", f1A4="thermo:1"),
    "revealed": ["1B1", "1C1", "1D1", "1A2", "1A3", "1A4"], "walls": OPEN1,
    "hands": [{"tools": ["stethoscope"]}], "tools": ["rollerskates"],
    "patrol": [["D4", "D3", "D4", "D3"]], "entrance": "1A1"}
# add a die (2 actions), roll it (1), then the Stethoscope turns a die to 1: all six cracked
OPEN_SAFE = [act(0, {"type": "add_die", "at": "1A1"}), act(0, {"type": "roll", "at": "1A1"}),
             act(0, tool("stethoscope", face=1), {"safe_open": [True, False, False]})]
JUICE = {"characters": [["juicer", "basic"]], "walls": OPEN1, "entrance": "1B1",
         "patrol": [["D1", "D4", "D3"]], "events": ["lampshade"]}


def alarm(at: str) -> dict:
    return ability("alarm", at=at)


def gaps() -> None:
    """Equal-distance alarms (both readings) and the cards pinned last."""
    w = write
    # ---- R9: two alarms equally near the guard
    w("alarm_tie_players", "Two alarms equally near: the team picks the guard's next one",
      "zh 警报「如果一样近由玩家选择」; supplement Guards \"ties: players choose\"", JUICE,
      [{"note": "guard on D1; alarms C1 (1 away), A1 and B2 (3 away each): he heads for C1"},
       act(0, alarm("1C1")), act(0, alarm("1A1")),
       act(0, alarm("1B2"), {"alarms": ["1A1", "1C1", "1B2"], "dests": ["1C1", None, None]}),
       {"note": "0 actions: Lampshade (+1 stealth). Speed 2 + 3 alarms = 5. He clears C1; from "
                "there A1 and B2 are both 2 away: the walk stops and the team is asked"},
       act(0, END, {"guards": ["1C1", None, None], "alarms": ["1A1", "1B2"],
                    "pending": "alarm_tie", "phase": "choice", "stealth": [4]}),
       {"note": "B2 first: C2 B2 (clockwise, around the Juicer on B1), then A2 A1"},
       act(0, choose(at="1B2"), {"guards": ["1A1", None, None], "alarms": [],
                                 "dests": ["1D3", None, None], "stealth": [4],
                                 "phase": "actions", "pending": None})])
    w("alarm_tie_reading", "Two alarms equally near, option alarm_ties=reading: A1 first",
      "docs/rulings/burgle.md R9 (option)", JUICE,
      [act(0, alarm("1C1")), act(0, alarm("1A1")), act(0, alarm("1B2")),
       {"note": "no question: after C1 the first in reading order, A1, through the Juicer on "
                "B1 (stealth -1), then B2 back through B1 (-1 again)"},
       act(0, END, {"guards": ["1B2", None, None], "alarms": [], "pending": None,
                    "dests": ["1D3", None, None], "stealth": [2]})],
      config={"alarm_ties": "reading"})
    w("alarm_tie_on_trigger", "A second alarm as near as the first: asked at once",
      "zh 警报「如果一样近由玩家选择」",
      {**JUICE, "patrol": [["D4", "D3"]]},
      [{"note": "guard on D4: C1 and B2 are both 4 away"},
       act(0, alarm("1C1"), {"dests": ["1C1", None, None], "pending": None}),
       act(0, alarm("1B2"), {"pending": "alarm_tie", "seat": 0}),
       act(0, choose(at="1B2"), {"dests": ["1B2", None, None], "phase": "actions", "used": 0})])
    # ---- tiles
    w("keypad", "Keypad: a 6 opens it; one more die for each try in the same turn",
      "supplement Keypad; docs/rulings/burgle.md R15",
      {**BASIC, "tiles": board(f1B1="keypad:4"), "revealed": ["1B1"]},
      [act(0, move("1B1"), {"positions": ["1A1"], "used": 1, "last_roll": [2],
                            "keypads_open": []}),
       act(0, move("1B1"), {"positions": ["1B1"], "used": 2, "last_roll": [1, 6],
                            "keypads_open": ["1B1"]})],
      notes="seed 1 pins the dice: 2, then 1 6")
    w("tile_atrium_other_floor", "Atrium: the guard right above sees you enter it",
      "supplement Atrium",
      {**BASIC, "characters": [["hawk", "basic"], ["rook", "basic"]], "walls": OPEN12,
       "patrol": [["D4", "D3"], ["A3", "D4"]], "positions": [None, "2D1"],
       "revealed": ["1A3"], "entrance": "1A2"},
      [act(0, move("1A3"), {"guards": ["1D4", "2A3", None], "stealth": [2, 3]})], players=2)
    # ---- loot
    w("loot_gold_bar", "Gold Bar: the other bar stays on the safe; nobody holds both",
      "supplement Loot; docs/rulings/burgle.md R23", {**SAFE_READY, "loot": ["gold_bar"]},
      [*OPEN_SAFE[:2],
       act(0, tool("stethoscope", face=1), {"loot": [["gold_bar"]],
                                            "items": {"1A1": ["gold_bar"]}}),
       err(0, {"type": "pickup", "item": "gold_bar"}, "not possible")])
    w("loot_cursed_goblet", "Cursed Goblet: taking it costs 1 stealth", "supplement Loot",
      {**SAFE_READY, "loot": ["cursed_goblet"]},
      [*OPEN_SAFE[:2],
       act(0, tool("stethoscope", face=1), {"loot": [["cursed_goblet"]], "stealth": [2]})])
    w("loot_chihuahua", "Chihuahua: a 6 at the start of its holder's turn is an alarm there",
      "supplement Loot", {**BASIC, "hands": [{"loot": ["chihuahua"]}], "events": ["lampshade"]},
      [act(0, END, {"last_roll": [6], "alarms": ["1A1"], "dests": ["1A1", None, None]})],
      seed=5, notes="seed 5 pins the turn-2 roll: 6")
    w("loot_persian_kitty", "Persian Kitty: a 1-2 and it runs one tile toward the nearest alarm",
      "supplement Loot; docs/rulings/burgle.md R24",
      {**BASIC, "characters": [["juicer", "basic"]], "hands": [{"loot": ["persian_kitty"]}],
       "events": ["lampshade"]},
      [act(0, alarm("1B1"), {"dests": ["1B1", None, None]}),
       act(0, END, {"last_roll": [1], "loot": [[]], "items": {"1B1": ["persian_kitty"]},
                    "alarms": ["1B1"]})],
      notes="seed 1 pins the turn-2 roll: 1")
    # ---- events
    w("event_keycode_change", "Keycode Change: open keypads lock again", "supplement Events",
      {**BASIC, "tiles": board(f1B1="keypad:4"), "revealed": ["1B1"],
       "events": ["keycode_change"]},
      [act(0, move("1B1"), {"last_roll": [6], "keypads_open": ["1B1"]}),
       act(0, END, {"keypads_open": [], "positions": ["1B1"]})],
      seed=3, notes="seed 3 pins the keypad roll: 6")
    w("event_video_loop", "Video Loop: a guard on a camera does not see a player on another",
      "supplement Events; docs/rulings/burgle.md R19, R26",
      {**BASIC, "walls": OPEN12, "patrol": [["D4", "D3"], ["D1", "C1", "D4"]],
       "positions": ["2B1"], "revealed": ["2B1", "2C1"], "events": ["video_loop"]},
      [{"note": "the floor-2 guard (speed 3) steps from D1 onto the camera on C1"},
       {"note": "no alarm: he walks on toward his next card D4 (D1 D2); Video Loop ends "
                "when the drawer's next turn begins"},
       act(0, END, {"guards": ["1D4", "2D2", None], "alarms": [], "stealth": [3],
                    "effects": {}})])
    w("camera_without_video_loop", "Control for Video Loop: the same walk sets off the camera",
      "supplement Camera; docs/rulings/burgle.md R19",
      {**BASIC, "walls": OPEN12, "patrol": [["D4", "D3"], ["D1", "C1", "D4"]],
       "positions": ["2B1"], "revealed": ["2B1", "2C1"], "events": ["lampshade"]},
      [{"note": "C1: alarm on B1, which pulls him there (off, and he sees P1: -1); toward D4 "
                "he steps back onto C1, and the camera sets B1 off again"},
       act(0, END, {"guards": ["1D4", "2C1", None], "dests": ["1D3", "2B1", None],
                    "alarms": ["2B1"], "stealth": [3]})])
    # ---- characters
    w("peterman_basic", "Peterman: one more die on a safe roll",
      "supplement Characters", {**SAFE_READY, "characters": [["peterman", "basic"]]},
      [act(0, {"type": "add_die", "at": "1A1"}),
       act(0, {"type": "roll", "at": "1A1"}, {"safe_dice": [1, 0, 0], "last_roll": [1, 2]})],
      notes="1 die added, 2 rolled; seed 1 pins the dice")
    w("peterman_basic_keypad", "Peterman: one more die on a keypad",
      "supplement Characters",
      {**BASIC, "characters": [["peterman", "basic"]], "tiles": board(f1B1="keypad:4"),
       "revealed": ["1B1"]},
      [act(0, move("1B1"), {"positions": ["1A1"], "last_roll": [2, 1], "keypads_open": []})],
      notes="first try of the turn: 1 die, +1 for the Peterman; seed 1 pins the dice")
    w("raven_advanced", "Raven (advanced): a guard starting on the crow, no alarm: he stays",
      "supplement Characters",
      {"characters": [["raven", "advanced"]], "walls": OPEN1, "entrance": "1B2",
       "patrol": [["D2", "B2", "D4", "D3"]], "events": ["lampshade"]},
      [act(0, ability("crow", at="1B2"), {"crow": "1B2", "used": 0}),
       act(0, move("1A2")), act(0, peek("1A1")), act(0, peek("1A3")),
       {"note": "3 actions, no event; the guard walks C2, B2 (his card: next D4)"},
       act(0, END, {"guards": ["1B2", None, None], "dests": ["1D4", None, None],
                    "stealth": [3]}),
       act(0, END, {"guards": ["1B2", None, None], "stealth": [4]})])
    w("spotter_advanced", "Spotter (advanced): 1 action to see the top event, then top or bottom",
      "supplement Characters",
      {**BASIC, "characters": [["spotter", "advanced"]], "events": ["lampshade", "espresso"]},
      [act(0, ability("spot"), {"pending": "spot", "used": 1, "event_top": "lampshade"}),
       act(0, choose(put="bottom"), {"event_top": "espresso", "pending": None})])


def clauses() -> None:
    """Issue 22's clauses (docs/rulings/burgle.md R39-R45), each pinned by its own file."""
    w = write
    # ---- R39: a guard on the tile stops its alarm, nothing else
    w("guard_on_lab", "A guard on a Laboratory: the first entrant still draws its tool",
      "zh 警报「如果你进入了一个有守卫在的区域…警报不会被触发」; supplement Laboratory; R39",
      {**BASIC, "tiles": board(f1B1="lab:3"), "revealed": ["1B1"], "tools": ["crowbar"],
       "guards": [{"at": "1B1", "dest": "1D4"}]},
      [{"note": "entering his tile costs 1 stealth and sets off nothing; the lab's tool is "
                "not an alarm: it is drawn"},
       act(0, move("1B1"), {"positions": ["1B1"], "stealth": [2], "used": 1,
                            "tools": [["crowbar"]], "labs_taken": ["1B1"], "alarms": [],
                            "view.0.floors.0.cells.1.lab_taken": True})])
    w("guard_on_fingerprint", "A guard on a Fingerprint: no alarm, no hack token spent",
      "zh 警报「…警报不会被触发」; supplement Fingerprint; R39",
      {**BASIC, "tiles": board(f1B1="fingerprint:4"), "revealed": ["1B1"],
       "hacks": {"fingerprint": 1}, "guards": [{"at": "1B1", "dest": "1D4"}]},
      [act(0, move("1B1"), {"alarms": [], "hacks.fingerprint": 1, "stealth": [2]})],
      )
    w("guard_on_laser", "A guard on a Laser: its alarm cannot sound, so 1 action enters",
      "supplement Laser; R16, R39",
      {**BASIC, "tiles": board(f1B1="laser:1"), "revealed": ["1B1"],
       "guards": [{"at": "1B1", "dest": "1D4"}]},
      [act(0, move("1B1"), {"used": 1, "alarms": [], "stealth": [2]})])

    # ---- R40: an alarm removed by any means: the guard re-targets at once
    w("alarm_removed_retargets", "Juicer picks up the alarm the guard heads for: he turns to "
      "the nearest one left", "zh 警报「守卫会走向最近的那个警报处…然后再走向另一个最近的」; "
      "supplement Characters (Juicer); R40",
      {**BASIC, "characters": [["juicer", "advanced"]], "patrol": [["A4", "D4", "D3"]],
       "alarms": ["1A1", "1D1"]},
      [{"note": "guard on A4: A1 is 3 away, D1 6: he heads for A1, the Juicer's tile"},
       {"expect": {"dests": ["1A1", None, None], "alarms": ["1A1", "1D1"]}},
       act(0, ability("pickup_alarm"), {"alarms": ["1D1"], "held_alarm": [True],
                                        "dests": ["1D1", None, None],
                                        "view.0.floors.0.guard.dest": "1D1",
                                        "view.0.players.0.held_alarm": True})])

    # ---- R41: "the next/previous player" is the next one still playing
    trio = [["hawk", "basic"], ["rook", "basic"], ["spotter", "basic"]]
    gone = "zh 游戏结束「一旦到达屋顶，你的游戏就结束了，不再进行新的回合」; supplement Events; R41"
    w("event_jump_the_gun_escaped", "Jump the Gun with the next player on the roof: the one "
      "after is skipped", gone,
      {**BASIC, "characters": trio, "positions": [None, "roof", "1A2"],
       "events": ["jump_the_gun"]},
      [{"note": "P2 has escaped: P3 is the next player; his turn (and guard move) is skipped"},
       act(0, END, {"seat": 0, "turn": 1, "effects": {}, "positions": ["1A1", "roof", "1A2"],
                    "view.2.current": 0})], players=3)
    w("event_heads_up_escaped", "Heads Up! with the next player on the roof: the one after "
      "gets 5 actions", gone,
      {**BASIC, "characters": trio, "positions": [None, "roof", "1A2"], "events": ["heads_up"]},
      [act(0, END, {"seat": 2, "max_actions": 5, "effects": {}})], players=3)
    w("event_dead_drop_escaped", "Dead Drop with the previous player on the roof: the "
      "items go to the one before", gone,
      {**BASIC, "characters": trio, "positions": ["roof", None, "1A2"],
       "hands": [{}, {"tools": ["rollerskates"], "loot": ["stamp"]}], "events": ["dead_drop"]},
      [{"note": "P1 has escaped, so P2 plays first; the previous player still in is P3"},
       act(1, END, {"tools": [[], [], ["rollerskates"]], "loot": [[], [], ["stamp"]],
                    "seat": 2})], players=3)

    # ---- R42: climbing "as if entering normally" pays the tile's entry cost
    w("acrobat_climb_deadbolt", "Acrobat climbing onto a Deadbolt: 3 actions, then its 2 more",
      "supplement Characters (Acrobat), Deadbolt; R35, R42",
      {**BASIC, "characters": [["acrobat", "advanced"]], "walls": OPEN12,
       "tiles": board(f2A1="deadbolt:1"), "revealed": ["2A1"],
       "hands": [{"tools": ["rollerskates"]}], "events": ["lampshade", "lampshade"],
       "patrol": [["D4", "D3", "D4", "D3"], ["D4", "D3"]]},
      [{"note": "4 actions: the climb takes 3, the Deadbolt wants 2 more: she stays below"},
       act(0, ability("climb", to="2A1"), {"positions": ["1A1"], "used": 4,
                                          "guards": ["1D4", None, None]}),
       act(0, END),
       {"note": "Rollerskates: 6 actions, 3 for the climb and 2 for the Deadbolt"},
       act(0, tool("rollerskates"), {"max_actions": 6}),
       act(0, ability("climb", to="2A1"), {"positions": ["2A1"], "used": 6,
                                          "guards": ["1D4", "2D4", None]})])

    # ---- R43: a Laser costs the same whoever enters with the Hacker's help
    w("hacker_laser_partner", "A partner entering the Laser the Hacker stands on: 1 action, "
      "as for the Hacker", "supplement Characters (Hacker: \"nor do others on the same "
      "tile\"), Laser; R16, R43",
      {**BASIC, "characters": [["hawk", "basic"], ["hacker", "basic"]],
       "tiles": board(f1B1="laser:1", f1C1="laser:2"), "revealed": ["1B1", "1C1"],
       "positions": [None, "1B1"]},
      [act(0, move("1B1"), {"used": 1, "alarms": [], "positions": ["1B1", "1B1"]}),
       {"note": "without him the next Laser wants its 2nd action"},
       act(0, move("1C1"), {"used": 3, "alarms": []})], players=2)

    # ---- R44: Squeak! toward players equally near: the team chooses
    duo = [["hawk", "basic"], ["rook", "basic"]]
    squeak = {**BASIC, "characters": duo, "entrance": "1A2", "positions": [None, "1C2"],
              "guards": [{"at": "1B2", "dest": "1D4"}], "events": ["squeak"]}
    w("event_squeak_tie", "Squeak! with two players equally near: the team picks whom he "
      "steps toward", "zh 警报「如果一样近由玩家选择」; supplement Events (Squeak!); R44",
      squeak,
      [{"note": "guard on B2, P1 on A2 and P2 on C2, both 1 away: the team is asked"},
       act(0, END, {"pending": "squeak", "phase": "choice", "guards": ["1B2", None, None],
                    "view.1.pending.kind": "squeak",
                    "view.1.pending.options": [{"at": "1A2"}, {"at": "1C2"}]}),
       act(0, choose(at="1C2"), {"stealth": [3, 2], "pending": None, "seat": 1})],
      players=2)
    w("event_squeak_tie_reading", "Squeak! with two players equally near, alarm_ties=reading: "
      "the first in reading order", "docs/rulings/burgle.md R44, R9 (option)", squeak,
      [{"note": "no question: he steps onto A2 (P1 -1), then walks 2 toward D4, right "
                "first: B2, C2 (P2 -1)"},
       act(0, END, {"pending": None, "stealth": [2, 2], "guards": ["1C2", None, None],
                    "seat": 1})], players=2,
      config={"alarm_ties": "reading"})

    # ---- R45: a set-up that starts a player on the roof reveals and draws nothing
    w("setup_on_the_roof", "A set-up player on the roof: nothing revealed, no guard drawn, "
      "no turns", "zh 游戏结束「一旦到达屋顶，你的游戏就结束了，不再进行新的回合」; R45",
      {**BASIC, "characters": [["hawk", "basic"], ["rook", "basic"]], "positions": ["roof", None],
       "events": ["lampshade", "lampshade"]},
      [{"expect": {"positions": ["roof", "1A1"], "seat": 1, "revealed": ["1A1"],
                   "guards": ["1D4", None, None], "patrol.2.left": 10,
                   "patrol.2.discard": [], "view.1.players.0.escaped": True,
                   "view.1.floors.2.guard": None}},
       act(1, END, {"seat": 1, "turn": 1, "positions": ["roof", "1A1"]})], players=2)



def coverage() -> None:
    """Cards and clauses no scenario pinned before issue 22 (the coverage list in
    docs/rulings/burgle.md names every card's and clause's file)."""
    w = write
    ev = "supplement Events"
    # ---- events that only appeared inside other scenarios
    w("event_shift_change", "Shift Change: your floor's guard stays, the other revealed "
      "guards move", ev,
      {**BASIC, "walls": OPEN12, "patrol": [["D4", "D3"], ["B1", "C1"]],
       "guards": [None, {"at": "2D4", "dest": "2A4"}], "events": ["shift_change"]},
      [{"note": "0 actions: Shift Change. Floor 1's guard (speed 2) stays on D4; floor 2's "
                "(speed 3) walks C4 B4 A4, arrives and takes his next card, B1"},
       act(0, END, {"guards": ["1D4", "2A4", None], "dests": ["1D3", "2B1", None],
                    "effects": {}})])
    w("event_daydreaming", "Daydreaming: the guard moves one step less this turn", ev,
      {**BASIC, "patrol": [["D4", "D3", "D2", "D1"]], "events": ["daydreaming"]},
      [{"note": "speed 2 - 1: one step, onto D3 (his card: the next is D2)"},
       act(0, END, {"guards": ["1D3", None, None], "dests": ["1D2", None, None]}),
       {"note": "the next turn he walks his 2 again: D2 (card D1), D1"},
       act(0, peek("1B1")), act(0, peek("1A2")), act(0, move("1B1")),
       act(0, END, {"guards": ["1D1", None, None]})])
    w("event_espresso", "Espresso: the guard moves one step more this turn", ev,
      {**BASIC, "patrol": [["D4", "D3", "D2", "D1", "A1"]], "events": ["espresso"]},
      [{"note": "speed 2 + 1: D3 (card D2), D2 (card D1), D1 (card A1)"},
       act(0, END, {"guards": ["1D1", None, None], "dests": ["1A1", None, None]})])
    w("event_lampshade", "Lampshade: gain 1 stealth", ev, {**BASIC, "events": ["lampshade"]},
      [act(0, END, {"stealth": [4], "event_discard": ["lampshade"], "events_left": 25})])
    # ---- tiles
    w("tile_lab", "Laboratory: only its first entrant draws a tool", "supplement Laboratory",
      {**BASIC, "characters": [["hawk", "basic"], ["rook", "basic"]],
       "tiles": board(f1B1="lab:3"), "revealed": ["1B1"], "tools": ["crowbar"],
       "events": ["lampshade", "reboot"]},
      [act(0, move("1B1"), {"tools": [["crowbar"], []], "labs_taken": ["1B1"]}),
       act(0, END),
       act(1, move("1B1"), {"tools": [["crowbar"], []], "positions": ["1B1", "1B1"],
                            "view.1.floors.0.cells.1.lab_taken": True})], players=2)
    w("computer_hack_laser", "A Laser hack token: spent when the Laser would alarm",
      "zh 破解; supplement Computer Room (Laser), Laser",
      {**BASIC, "tiles": board(f1B1="laser:1"), "revealed": ["1B1"], "hacks": {"laser": 1}},
      [act(0, peek("1A2")), act(0, move("1A2")), act(0, move("1A1")),
       {"note": "the last action enters: nothing left for the Laser's 2nd, the token is spent"},
       act(0, move("1B1"), {"used": 4, "alarms": [], "hacks.laser": 0})])
    w("computer_hack_motion", "A Motion hack token: spent when the Motion tile would alarm",
      "zh 破解; supplement Computer Room (Motion), Motion",
      {**BASIC, "tiles": board(f1B1="motion:1"), "revealed": ["1B1"], "hacks": {"motion": 1}},
      [act(0, move("1B1")), act(0, move("1C1"), {"alarms": [], "hacks.motion": 0})])
    down = {**BASIC, "walls": OPEN12, "tiles": board(f2B1="walkway:3", f1B1="fingerprint:4"),
            "revealed": ["2B1", "1B1"], "positions": ["2B1"],
            "patrol": [["D4", "D3"], ["D4", "D3"]]}
    w("tile_walkway_down", "A revealed Walkway: 1 action down, not entering (no alarm below)",
      "supplement Walkway; docs/rulings/burgle.md R4", down,
      [act(0, move("1B1"), {"positions": ["1B1"], "used": 1, "alarms": []})])
    w("tile_walkway_down_enters", "A revealed Walkway, walkway_down_enters: the tile below "
      "is entered", "supplement Walkway; docs/rulings/burgle.md R4 (option)", down,
      [act(0, move("1B1"), {"positions": ["1B1"], "used": 1, "alarms": ["1B1"],
                            "dests": ["1B1", "2D3", None]})],
      config={"walkway_down_enters": True})
    w("keypad_start_inside", "Keypad: standing on a closed one you may leave, but must open it "
      "to come back", "supplement Keypad",
      {**BASIC, "tiles": board(f1B1="keypad:4"), "revealed": ["1B1"], "positions": ["1B1"]},
      [act(0, move("1C1"), {"positions": ["1C1"], "keypad_tries": {}}),
       act(0, move("1B1"), {"keypad_tries": {"1B1": 1}, "used": 2},
           ),
       {"one_of": {"positions": [["1B1"], ["1C1"]], "keypads_open": [["1B1"], []]}}])
    w("safe_six_dice", "A safe holds 6 dice at most", "supplement Safes",
      {**BASIC, "tiles": board(f1A1="safe:0"), "safe_dice": [6, 0, 0]},
      [err(0, {"type": "add_die", "at": "1A1"}, "not possible"),
       act(0, {"type": "roll", "at": "1A1"}, {"used": 1, "safe_dice": [6, 0, 0]})])
    w("safe_last_crack", "A safe opens on its sixth cracked tile: the set-up's five and the "
      "Stethoscope's", "zh 解锁; supplement Safes, Stethoscope",
      {**SAFE_READY, "tiles": board(f1A1="safe:0", f1B1="secret_door:1", f1C1="camera:1",
                                    f1D1="laser:2", f1A2="walkway:1", f1A3="motion:1",
                                    f1A4="thermo:1"),
       "cracked": ["1B1", "1C1", "1A2", "1A3", "1A4"], "safe_dice": [1, 0, 0]},
      [act(0, {"type": "roll", "at": "1A1"}, {"safe_open": [False, False, False],
                                              "last_roll": [6]}),
       {"note": "a 6 cracks nothing; turning the die to 2 cracks D1 (Laser 2): open"},
       act(0, tool("stethoscope", face=2), {"safe_open": [True, False, False],
                                           "cracked": ["1B1", "1C1", "1D1", "1A2", "1A3",
                                                       "1A4"], "guard_die": [3, 3, 4]})],
      seed=3, notes="seed 3 pins the roll: 6")
    # ---- the patrol deck
    w("patrol_reshuffle", "An empty patrol deck: the discards reshuffled, the guard 1 faster",
      "zh 加速「…形成一个新的巡逻卡堆，然后将他的速度提升1（最大为6）」; R6",
      {**BASIC, "patrol": [["D4", "D3"]], "patrol_size": [2, 16, 16], "events": ["lampshade"]},
      [{"expect": {"patrol.0.left": 0, "patrol.0.discard": ["D4", "D3"],
                   "view.0.floors.0.patrol.left": 0}},
       {"note": "he reaches D3 with a step to spare: no card left, so all 16 are shuffled, "
                "9 removed again (1 player), his die goes 2 -> 3 and one card is drawn"},
       act(0, END, {"guard_die": [3, 3, 4], "patrol.0.left": 6, "patrol.0.removed": 9,
                    "view.0.floors.0.patrol.left": 6, "view.0.floors.0.patrol.removed": 9,
                    "view.0.floors.0.guard.die": 3})])
    w("patrol_removed_one_player", "Patrol cards removed face down: 9 with one player", "R6",
      {**BASIC, "patrol": [["D4", "D3"]]}, [{"expect": {"patrol.0.removed": 9, "patrol.0.left": 5,
                          "patrol.0.discard": ["D4", "D3"], "patrol.1.removed": 9,
                          "patrol.1.left": 7, "view.0.floors.1.patrol.left": 7}}])
    w("patrol_removed_four_players", "Patrol cards removed face down: none with four players",
      "R6", {**BASIC, "patrol": [["D4", "D3"]], "characters": [["hawk", "basic"], ["rook", "basic"],
                                     ["spotter", "basic"], ["raven", "basic"]]},
      [{"expect": {"patrol.0.removed": 0, "patrol.0.left": 14, "patrol.2.left": 16}}],
      players=4)
    w("patrol_removed_none", "Option patrol_removed=none: every card stays in the deck", "R6",
      {**BASIC, "patrol": [["D4", "D3"]]}, [{"expect": {"patrol.0.removed": 0, "patrol.0.left": 14}}],
      config={"patrol_removed": "none"})
    w("patrol_own_tile", "A patrol card naming the guard's own tile: reached at once", "R7",
      {**BASIC, "patrol": [["D3", "D2"]], "guards": [{"at": "1D4", "dest": "1D3"}],
       "guard_die": [1, 3, 4], "events": ["lampshade"]},
      [{"note": "one step onto D3, his destination; the next card is D3 itself: the one "
                "after, D2, is his destination"},
       act(0, END, {"guards": ["1D3", None, None], "dests": ["1D2", None, None],
                    "patrol.0.discard": ["D3", "D2"]})])
    # ---- turns and views
    w("pacing_back", "Pacing straight back does not count toward the 3 actions that skip "
      "the event", "zh 事件「当前的玩家不能在两个房间来回移动来使用掉行动以避免抓取事件卡」; R14",
      {**BASIC, "events": ["lampshade"]},
      [act(0, move("1B1")), act(0, move("1A1")), act(0, peek("1A2"), {"used": 3}),
       {"note": "3 actions, but 2 were a move and its way straight back: the event is drawn"},
       act(0, END, {"stealth": [4], "event_discard": ["lampshade"]})])
    w("turn_limit", "The turn limit: the night ends in a loss by time", "R12",
      {**BASIC, "guard_die": [0, 3, 4],
       "events": ["lampshade", "daydreaming", "reboot", "keycode_change", "video_loop",
                  "time_lock", "gymnastics", "heads_up", "dead_drop", "lampshade"][:9]
       + ["jury_rig"], "tools": ["crowbar"]},
      [act(0, END) for _ in range(9)]
      + [{"expect": {"turn": 9, "over": False}},
         act(0, END)],
      expect={"over": True, "won": False, "winners": [], "turn": 10,
              "result.summary.loss": {"turn": 10, "by": "time"}},
      config={"turn_limit": 10})
    w("views_hidden", "What every seat sees: the board's faces up, every hand; not the "
      "face-down tiles or the decks' order", "zh 预判守卫「你可以翻看巡逻卡的弃牌堆，不能看面朝下的"
      "巡逻卡」; R33",
      {**BASIC, "characters": [["hawk", "basic"], ["rook", "basic"]],
       "patrol": [["D4", "D3"]], "hands": [{"tools": ["crowbar"]}], "revealed": ["1B1"]},
      [{"expect": {"view.1.players.0.tools": ["crowbar"], "view.1.floors.0.cells.1.tile":
                   "duct", "view.1.floors.0.patrol.discard": ["D4", "D3"],
                   "view.0.floors.0.patrol.left": 8, "patrol.0.left": 8},
        "absent": ["view.0.floors.0.cells.2.tile", "view.0.floors.0.cells.2.number", "patrol.0.deck.8",
                   "view.1.floors.0.patrol.deck", "view.1.floors.2.cells.0.tile",
                   "view.spectator.floors.0.patrol.deck"],
        "one_of": {"view.1.floors.0.cells.2.revealed": [False]}}], players=2)
    w("acrobat_basic_stays", "Acrobat: still on the guard's tile when he moves: 1 stealth "
      "lost", "supplement Characters (Acrobat); R34",
      {**BASIC, "characters": [["acrobat", "basic"]],
       "guards": [{"at": "1B1", "dest": "1D4"}], "events": ["reboot"]},
      [act(0, move("1B1"), {"used": 0, "stealth": [3]}),
       act(0, END, {"stealth": [2]})])
    w("spotter_empty_deck", "Spotter on an empty patrol deck: reshuffled first (speed +1)",
      "supplement Characters (Spotter); R32",
      {**BASIC, "characters": [["spotter", "basic"]], "patrol_size": [2, 16, 16]},
      [act(0, ability("spot"), {"pending": "spot", "guard_die": [3, 3, 4],
                                "patrol.0.left": 7, "patrol.0.discard": []})])
    w("loot_simple", "Option loot=simple: an open safe gives a tool only", "R5",
      SAFE_READY, [*OPEN_SAFE[:2], act(0, tool("stethoscope", face=1),
                                       {"tools": [["rollerskates"]], "loot": [[]]})],
      config={"loot": "simple"})
    # ---- the set-up choices, one player alone, what the team sees
    w("entrance_choice", "The entrance: seat 0 picks any ground-floor tile but the guard's; "
      "its rule does not run", "zh 开始游戏「你和你的同伙们决定自己开始的位置…开始的入口不会引发该卡上的"
      "任何效果」; R1",
      {"walls": OPEN1, "patrol": [["D4", "D3"]], "tiles": board(f1B1="fingerprint:4")},
      [{"expect": {"phase": "entrance", "guards": ["1D4", None, None],
                   "dests": [None, None, None]}},
       err(0, {"type": "entrance", "at": "1D4"}, "not a legal"),
       act(0, {"type": "entrance", "at": "1B1"},
           {"phase": "actions", "positions": ["1B1"], "revealed": ["1B1"], "alarms": [],
            "dests": ["1D3", None, None], "view.0.entrance": "1B1"})])
    w("character_choice", "Characters: each seat picks one of its two offered, either side",
      "zh 开始游戏「每位玩家获得2个随机角色卡，从中选择一个」; R2",
      {"characters": None, "offers": [["hawk", "rook"], ["spotter", "raven"]],
       "walls": OPEN1, "patrol": [["D4", "D3"]]},
      [{"expect": {"phase": "character", "seat": 0,
                   "view.1.offers": [["hawk", "rook"], ["spotter", "raven"]]}},
       err(0, {"type": "character", "name": "spotter", "side": "basic"}, "not a legal"),
       act(0, {"type": "character", "name": "hawk", "side": "advanced"}, {"seat": 1}),
       act(1, {"type": "character", "name": "raven", "side": "basic"},
           {"phase": "entrance", "characters": [["hawk", "advanced"], ["raven", "basic"]],
            "view.0.offers": []})], players=2)
    w("event_heads_up_alone", "Heads Up! with one player: your own next turn has 5 actions",
      "supplement Events; R27", {**BASIC, "events": ["heads_up"]},
      [act(0, END, {"seat": 0, "turn": 1, "max_actions": 5})])
    w("spotter_seen_by_team", "The Spotter's card is shown to the whole team, and stays known "
      "on top", "supplement Characters (Spotter); R33, R37",
      {**BASIC, "characters": [["spotter", "advanced"], ["hawk", "basic"]],
       "events": ["lampshade", "espresso"]},
      [{"expect": {"view.1.events.known_top": []}},
       act(0, ability("spot"), {"view.1.events.known_top": ["lampshade"]}),
       act(0, choose(put="top"), {"view.1.events.known_top": ["lampshade"],
                                  "view.spectator.events.known_top": ["lampshade"]})],
      players=2)
    # ---- R47: Motion counts the current player's own entry and exit in his turn
    w("motion_rook_push", "Motion: a partner pushed onto it is no entry of the Rook's; the "
      "Rook leaving it sets nothing off", "supplement Motion, Characters (Rook); R47",
      {**BASIC, "characters": [["rook", "basic"], ["hawk", "basic"]],
       "tiles": board(f1B1="motion:1"), "revealed": ["1B1"], "positions": ["1B1", "1C1"]},
      [{"note": "the Rook has stood on the Motion tile since an earlier turn"},
       act(0, ability("nudge", seat=1, to="1B1"), {"positions": ["1B1", "1B1"], "used": 1}),
       act(0, move("1A1"), {"positions": ["1A1", "1B1"], "alarms": []})], players=2)
    # ---- R48: the Invisible Suit hides its wearer from cameras until his turn ends
    w("invisible_suit_camera_event", "Invisible Suit: Where Is He? puts the guard on a camera; "
      "its wearer on another is not seen", "supplement Tools (Invisible Suit), Camera; R19, R48",
      {**BASIC, "tiles": board(f1B1="camera:1", f1D3="camera:2"), "revealed": ["1B1", "1D3"],
       "positions": ["1B1"], "hands": [{"tools": ["invisible_suit"]}],
       "patrol": [["C3", "C2"]], "guards": [{"at": "1A4", "dest": "1D3"}],
       "events": ["where_is_he"]},
      [act(0, tool("invisible_suit"), {"max_actions": 5, "effects": {"invisible": 0}}),
       {"note": "0 actions: Where Is He?: he jumps onto the D3 camera (card C3 next); the "
                "suit still hides P1 on the B1 camera. Then the suit is off and he walks C3 "
                "(card C2), C2"},
       act(0, END, {"alarms": [], "guards": ["1C2", None, None], "stealth": [3],
                    "effects": {}})])

    # ---- R49: an empty event deck is the discards reshuffled
    others = ["brown_out", "buddy_system", "change_of_plans", "crash", "daydreaming",
              "espresso", "dead_drop", "freight_elevator", "go_with_your_gut", "gymnastics",
              "heads_up", "jump_the_gun", "jury_rig", "keycode_change", "lost_grip",
              "peekhole", "reboot", "shift_change", "shoplifting", "squeak", "switch_signs",
              "throw_voice", "time_lock", "video_loop", "where_is_he"]
    w("event_deck_reshuffle", "The event deck runs out: its discards are shuffled into a new "
      "deck", "R49", {**BASIC, "events": ["lampshade"], "event_discard": others,
                      "guard_die": [0, 3, 4]},
      [{"expect": {"events_left": 1, "event_top": "lampshade", "view.0.events.left": 1}},
       act(0, END, {"stealth": [4], "events_left": 0, "event_discard": [*others, "lampshade"]}),
       {"note": "the next event: all 26 shuffled, one drawn"},
       act(0, peek("1B1")),
       act(0, END, {"events_left": 25, "view.0.events.left": 25})])

    # ---- more of the book's clauses
    w("patrol_reshuffle_max_speed", "A reshuffle at speed 6: the guard stays at 6",
      "zh 加速「然后将他的速度提升1（最大为6）」",
      {**BASIC, "patrol": [["D4", "D3"]], "patrol_size": [2, 16, 16], "guard_die": [6, 3, 4],
       "events": ["lampshade"]},
      [act(0, END, {"guard_die": [6, 3, 4], "patrol.0.removed": 9})])
    w("guard_ignores_tiles", "Guards ignore tile rules: across a Fingerprint and a Deadbolt, "
      "no alarm, no cost", "zh 移动守卫「守卫无视所有警报卡和特殊进入效果」",
      {**BASIC, "tiles": board(f1D3="fingerprint:4", f1D2="deadbolt:1"),
       "revealed": ["1D3", "1D2"], "patrol": [["D4", "D1"]], "guard_die": [3, 3, 4],
       "events": ["lampshade"]},
      [{"note": "speed 3 from D4 to D1: D3 (Fingerprint), D2 (Deadbolt), D1"},
       act(0, END, {"guards": ["1D1", None, None], "alarms": []})])
    w("computer_hack_max", "A computer room holds 6 hack tokens at most", "zh 破解「一个电脑机房卡上的"
      "破解指示物不能超过6个」",
      {**BASIC, "tiles": board(f1A1="computer_fingerprint:4"), "hacks": {"fingerprint": 5}},
      [act(0, {"type": "hack"}, {"hacks.fingerprint": 6, "used": 1}),
       err(0, {"type": "hack"}, "not possible")])


def readings() -> None:
    """The other reading of a ruling that admits two, one scenario each (R20, R21, R28)."""
    write("event_brown_out_all_floors",
          "Brown Out, brown_out=all_floors: every floor's alarms go off, a patrol card per alarm for each guard",
          "supplement Events: \"remove all alarms; draw a patrol card per alarm removed\" (R28)",
          {"walls": [[], [], []], "entrance": "1A1", "events": ["brown_out"],
           "positions": [None, "2A4"], "alarms": ["1B1", "2C3", "2D1"],
           "patrol": [["D4", "D3", "D4", "D3"], ["A1", "B1", "C1", "D1", "A2"]],
           "guards": [{"at": "1D4", "dest": "1B1"}, {"at": "2D3", "dest": "2C3"}],
           "guard_die": [0, 2, 2]},
          [act(0, END, {"alarms": [], "guards": ["1D4", "2D3", None],
                        "dests": ["1D3", "2C1", None]})],
          players=2, config={"brown_out": "all_floors"},
          notes="floor 1: one alarm, card D4 discarded, then D3 (his destination); floor 2: two "
                "alarms, A1 and B1 discarded, then C1; the floor-2 guard does not move (not his turn). "
                "With the default (drawer_floor) 2C3 and 2D1 stay and he still heads to 2C3")
    write("loot_tiara_holder_moves",
          "Tiara, tiara_sight=holder_moves: the holder is seen stepping next to the guard, not as he walks past",
          "supplement Loot: \"guards see the holder from adjacent tiles while moving\" (R20)",
          {**BASIC, "patrol": [["D2", "B1"]], "entrance": "1A2", "hands": [{"loot": ["tiara"]}]},
          [act(0, peek("1A1")), act(0, peek("1B2")), act(0, peek("1A3")),
           act(0, END, {"guards": ["1B2", None, None], "stealth": [3]}),
           act(0, move("1A1"), {"stealth": [3]}),
           act(0, move("1A2"), {"stealth": [2]})],
          config={"tiara_sight": "holder_moves"},
          notes="as loot_tiara: the guard walks D2 C2 B2, next to A2 - unseen under this reading; "
                "then the holder leaves (A1 is not next to B2) and steps back next to him: -1")
    write("loot_tiara_both",
          "Tiara, tiara_sight=both: seen as the guard walks past and as the holder steps next to him",
          "supplement Loot: \"guards see the holder from adjacent tiles while moving\" (R20)",
          {**BASIC, "patrol": [["D2", "B1"]], "entrance": "1A2", "hands": [{"loot": ["tiara"]}]},
          [act(0, peek("1A1")), act(0, peek("1B2")), act(0, peek("1A3")),
           act(0, END, {"guards": ["1B2", None, None], "stealth": [2]}),
           act(0, move("1A1"), {"stealth": [2]}),
           act(0, move("1A2"), {"stealth": [1]})],
          config={"tiara_sight": "both"})
    write("foyer_no_stealth_not_caught",
          "caught_by_sight=false: the Foyer sees you at 0 stealth and you are not caught; meeting the guard catches",
          "zh 游戏结束: 「如果你已经没有躲藏指示物了，而你走到了有守卫的一张卡上或者守卫走到你所在的卡处，你就被逮住了」 (R21)",
          {"tiles": board(f1B2="foyer:1"), "walls": OPEN1, "patrol": [["C2", "C3"]],
           "entrance": "1A2", "stealth": [0]},
          [act(0, move("1B2"), {"stealth": [0], "over": False}),
           act(0, move("1C2"), {"over": True})],
          config={"caught_by_sight": False},
          expect={"won": False, "result.summary.loss.by": "guard", "result.summary.loss.at": "1C2"},
          notes="the guard stands on C2, next to the Foyer on B2; with the default the Foyer's "
                "sighting at 0 stealth ends the game (loss by foyer)")


if __name__ == "__main__":
    main()
    more()
    gaps()
    clauses()
    coverage()
    readings()
