"""Terminal picture of a burgle view for ``boardlab play``: three floors side by side."""

from __future__ import annotations

from typing import Any

from boardlab.engine.protocol import seat_ref
from boardlab.games.burgle import data

SHORT = {"safe": "SF", "stairs": "ST", "walkway": "WW", "lab": "LB", "lavatory": "LV",
         "duct": "DU", "secret_door": "SD", "computer_fingerprint": "CF",
         "computer_laser": "CL", "computer_motion": "CM", "camera": "CA", "laser": "LA",
         "motion": "MO", "detector": "DE", "fingerprint": "FP", "thermo": "TH", "keypad": "KP",
         "deadbolt": "DB", "foyer": "FO", "atrium": "AT"}


HACK = {"fingerprint": ("指纹", "fingerprint"), "laser": ("激光", "laser"),
        "motion": ("动作", "motion")}


def _item(item: str, zh: bool) -> str:
    table = data.TOOLS if item in data.TOOLS else data.LOOT
    return table[item][0 if zh else 1]


def _cell(view: dict[str, Any], f: int, i: int) -> str:
    cell = view["floors"][f]["cells"][i]
    at = cell["at"]
    tile = f"{SHORT[cell['tile']]}{cell['number'] or ''}" if cell["revealed"] else "??"
    marks = ""
    g = view["floors"][f]["guard"]
    if g and g["at"] == at:
        marks += "G"
    elif g and g["dest"] == at:
        marks += "d"
    if cell.get("alarm"):
        marks += "!"
    if cell.get("cracked"):
        marks += "x"
    for s, p in enumerate(view["players"]):
        if p["at"] == at:
            marks += str(s)
    return f"{tile:<3}{marks:<3}"[:6]


W = 27  # one floor: 4 cells of 6 characters and 3 wall columns


def render_terminal(view: dict[str, Any], lang: str = "en") -> str:
    zh = lang == "zh"
    lines = []
    head = []
    for f, fl in enumerate(view["floors"]):
        g = fl["guard"]
        speed = f" {'速度' if zh else 'speed'} {g['speed']}" if g else ""
        head.append(f"{'楼层' if zh else 'floor'} {f + 1}{speed}".ljust(W))
    lines.append(" ".join(head))
    for row in range(4):
        parts = []
        for f, fl in enumerate(view["floors"]):
            walls = {tuple(w) for w in fl["walls"]}
            s = ""
            for col in range(4):
                s += _cell(view, f, row * 4 + col)
                if col < 3:
                    a, b = f"{'ABCD'[col]}{row + 1}", f"{'ABCD'[col + 1]}{row + 1}"
                    s += "|" if (a, b) in walls else " "
            parts.append(s.ljust(W))
        lines.append(" ".join(parts))
        if row < 3:
            under = []
            for fl in view["floors"]:
                walls = {tuple(w) for w in fl["walls"]}
                s = ""
                for col in range(4):
                    a, b = f"{'ABCD'[col]}{row + 1}", f"{'ABCD'[col]}{row + 2}"
                    s += ("──────" if (a, b) in walls else "      ") + " "
                under.append(s[:W].ljust(W))
            lines.append(" ".join(under))
    for fl in view["floors"]:
        sf = fl["safe"]
        if sf["at"]:
            combo = " ".join(f"{c['number'] or '?'}{'x' if c['cracked'] else ''}"
                             for c in sf["combination"])
            state = ("已开" if zh else "open") if sf["open"] else f"{sf['dice']} {'骰' if zh else 'dice'}"
            lines.append(f"{'金库' if zh else 'safe'} {sf['at']}: {state} [{combo}]")
    for s, p in enumerate(view["players"]):
        char = data.CHARACTERS.get(p["character"])
        name = (char[0] if zh else char[1]) if char else "-"
        items = ", ".join(_item(i, zh) for i in p["tools"] + p["loot"]) or "-"
        where = p["at"] or "-"
        lines.append(f"{seat_ref(s)}: {name} @ {where}  "
                     f"{'躲藏' if zh else 'stealth'} {p['stealth']}  {items}")
    lines.append(f"{'行动' if zh else 'actions'} {view['used']}/{view['max_actions']}  "
                 f"{'破解' if zh else 'hacks'} " + " ".join(
                     f"{HACK[k][0 if zh else 1]} {v}" for k, v in view["hacks"].items()))
    lines.append("G " + ("守卫" if zh else "guard") + "  d " + ("目的地" if zh else "destination")
                 + "  ! " + ("警报" if zh else "alarm") + "  x " + ("已破解" if zh else "cracked")
                 + "  0-3 " + ("玩家" if zh else "players"))
    return "\n".join(lines)
