"""Terminal picture of a burgle view for ``boardlab play``: three floors side by side."""

from __future__ import annotations

import unicodedata
from typing import Any

from boardlab.engine.protocol import seat_ref
from boardlab.games.burgle import data

SHORT = {"safe": "SF", "stairs": "ST", "walkway": "WW", "lab": "LB", "lavatory": "LV",
         "duct": "DU", "secret_door": "SD", "computer_fingerprint": "CF",
         "computer_laser": "CL", "computer_motion": "CM", "camera": "CA", "laser": "LA",
         "motion": "MO", "detector": "DE", "fingerprint": "FP", "thermo": "TH", "keypad": "KP",
         "deadbolt": "DB", "foyer": "FO", "atrium": "AT"}
# one character each in zh (the three computer rooms differ by their number: 4, 5, 6)
SHORT_ZH = {"safe": "库", "stairs": "梯", "walkway": "道", "lab": "实", "lavatory": "厕",
            "duct": "管", "secret_door": "暗", "computer_fingerprint": "脑",
            "computer_laser": "脑", "computer_motion": "脑", "camera": "摄", "laser": "激",
            "motion": "动", "detector": "探", "fingerprint": "指", "thermo": "热", "keypad": "码",
            "deadbolt": "闩", "foyer": "厅", "atrium": "庭"}
# map marks: guard, his destination, alarm, cracked (zh uses no Latin letters)
MARKS = {"en": ("G", "d", "!", "x"), "zh": ("*", "+", "!", "#")}


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    """Left-align to ``width`` terminal columns (a Chinese character takes two)."""
    return text + " " * max(0, width - _width(text))


HACK = {"fingerprint": ("指纹", "fingerprint"), "laser": ("激光", "laser"),
        "motion": ("动作", "motion")}


def _item(item: str, zh: bool) -> str:
    table = data.TOOLS if item in data.TOOLS else data.LOOT
    return table[item][0 if zh else 1]


def _cell(view: dict[str, Any], f: int, i: int, zh: bool) -> str:
    cell = view["floors"][f]["cells"][i]
    at = cell["at"]
    short = SHORT_ZH if zh else SHORT
    tile = f"{short[cell['tile']]}{cell['number'] or ''}" if cell["revealed"] else "??"
    guard, dest, alarm, cracked = MARKS["zh" if zh else "en"]
    marks = ""
    g = view["floors"][f]["guard"]
    if g and g["at"] == at:
        marks += guard
    elif g and g["dest"] == at:
        marks += dest
    if cell.get("alarm"):
        marks += alarm
    if cell.get("cracked"):
        marks += cracked
    for s, p in enumerate(view["players"]):
        if p["at"] == at:
            marks += str(s)
    return _pad(tile, 3) + f"{marks:<3}"[:3]


W = 27  # one floor: 4 cells of 6 characters and 3 wall columns


def render_terminal(view: dict[str, Any], lang: str = "en") -> str:
    zh = lang == "zh"
    lines = []
    head = []
    for f, fl in enumerate(view["floors"]):
        g = fl["guard"]
        speed = f" {'速度' if zh else 'speed'} {g['speed']}" if g else ""
        head.append(_pad(f"{'楼层' if zh else 'floor'} {f + 1}{speed}", W))
    lines.append(" ".join(head))
    for row in range(4):
        parts = []
        for f, fl in enumerate(view["floors"]):
            walls = {tuple(w) for w in fl["walls"]}
            s = ""
            for col in range(4):
                s += _cell(view, f, row * 4 + col, zh)
                if col < 3:
                    a, b = f"{'ABCD'[col]}{row + 1}", f"{'ABCD'[col + 1]}{row + 1}"
                    s += "|" if (a, b) in walls else " "
            parts.append(_pad(s, W))
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
            cracked = MARKS["zh" if zh else "en"][3]
            combo = " ".join(f"{c['number'] or '?'}{cracked if c['cracked'] else ''}"
                             for c in sf["combination"])
            state = ("已开" if zh else "open") if sf["open"] else f"{sf['dice']} {'骰' if zh else 'dice'}"
            lines.append(f"金库 {sf['at']}：{state}（{combo}）" if zh else f"safe {sf['at']}: {state} ({combo})")
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
    guard, dest, alarm, cracked = MARKS["zh" if zh else "en"]
    lines.append(f"{guard} " + ("守卫" if zh else "guard") + f"  {dest} " + ("目的地" if zh else "destination")
                 + f"  {alarm} " + ("警报" if zh else "alarm") + f"  {cracked} " + ("已破解" if zh else "cracked")
                 + "  0-3 " + ("玩家" if zh else "players"))
    return "\n".join(lines)
