"""Terminal picture of a burgle view for ``boardlab play``, in the board's words: the turn,
each floor apart with A-D / 1-4 coordinates (as the log names cells: ``1D3``), tiles by
their names, the guard with his destination and his next steps, alarms, cracked numbers and
safe dice, then the team (P1..Pn) with every character's ability."""

from __future__ import annotations

import unicodedata
from typing import Any

from boardlab.engine.protocol import seat_ref
from boardlab.games.burgle import data

CELL = 13  # columns inside one tile
COLS = "ABCD"
SIDES = {"basic": ("基础面", "basic side"), "advanced": ("进阶面", "advanced side")}
HACK = {"fingerprint": ("指纹", "Fingerprint"), "laser": ("激光", "Laser"), "motion": ("动作", "Motion")}
# effects that are not event cards (a tool made them)
EFFECT_TOOLS = {"emp": "emp", "invisible": "invisible_suit"}
# map marks: guard, his destination, alarm, a step of his walk (zh uses no Latin letters)
MARKS = {"en": ("G", "*", "!", ">"), "zh": ("守", "*", "!", ">")}
FACE_DOWN = "?"
WALL_V, OPEN_V, WALL_H, OPEN_H = "#", ":", "#", "."


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    """Left-align to ``width`` terminal columns (a Chinese character takes two)."""
    return text + " " * max(0, width - _width(text))


def _wrap(text: str, width: int) -> list[str]:
    """Lines of at most ``width`` columns, broken between words where there are words."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        while _width(word) > width:  # a word longer than the line (Chinese): cut it
            cut = ""
            for ch in word:
                if _width(line + cut + ch) > width:
                    break
                cut += ch
            if not cut:
                lines.append(line)
                line = ""
                continue
            lines.append(line + cut)
            line, word = "", word[len(cut):]
        if not line:
            line = word
        elif _width(line + " " + word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line or not lines:
        lines.append(line)
    return [x for x in lines if x] or [""]


def tile_name(kind: str, zh: bool) -> str:
    info = data.TILES[kind]
    return info[1] if zh else info[2]


def _item(item: str, zh: bool) -> str:
    table = data.TOOLS if item in data.TOOLS else data.LOOT
    return table[item][0 if zh else 1]


def _effect(effect: str, zh: bool) -> str:
    if effect in data.EVENTS:
        return data.EVENTS[effect][0 if zh else 1]
    if effect in EFFECT_TOOLS:
        return _item(EFFECT_TOOLS[effect], zh)
    return "事件" if zh else "an event"


def _marks(view: dict[str, Any], f: int, cell: dict[str, Any], zh: bool,
           cracked_cells: set[str], steps: dict[str, int]) -> str:
    at = cell["at"]
    fl = view["floors"][f]
    guard, dest, alarm, step = MARKS["zh" if zh else "en"]
    out = []
    if cell["revealed"] and cell.get("number"):
        out.append(f"{cell['number']}{'✔' if at in cracked_cells or cell.get('cracked') else ''}")
    if cell["revealed"] and cell.get("tile") == "safe":
        sf = fl["safe"]
        out.append(("已开" if zh else "open") if sf["open"] else (f"{sf['dice']}骰" if zh else f"{sf['dice']} dice"))
    g = fl["guard"]
    if g and g["at"] == at:
        out.append(guard)
    if g and g["dest"] == at and g["at"] != at:
        out.append(dest)
    if at in steps:  # a step beyond his next move's in brackets (ruling R53)
        n = steps[at]
        reach = g.get("moves", g["speed"]) if g else 0
        out.append(f"{step}{n}" if n <= reach else f"({step}{n})")
    if cell.get("alarm"):
        out.append(alarm)
    for s, p in enumerate(view["players"]):
        if p["at"] == at:
            out.append(seat_ref(s))
    return " ".join(out)


def _floor_line(view: dict[str, Any], f: int, zh: bool) -> str:
    here = [seat_ref(s) for s, p in enumerate(view["players"])
            if p["at"] and p["at"] != "roof" and int(p["at"][0]) == f + 1]
    head = f"== {f + 1} 楼 ==" if zh else f"== Floor {f + 1} =="
    if here:
        head += f"  在这层：{' '.join(here)}" if zh else f"  here: {' '.join(here)}"
    return head


def _guard_line(view: dict[str, Any], f: int, zh: bool) -> str:
    g = view["floors"][f]["guard"]
    if not g:
        return "守卫还没出现" if zh else "no guard yet"
    alarms = sum(1 for c in view["floors"][f]["cells"] if c.get("alarm"))
    mod = g["speed"] - g["die"] - alarms  # this turn's Espresso (+1) or Daydreaming (-1)
    moves = g.get("moves", g["speed"])
    route = " -> ".join(g["route"]) if g.get("route") else ("已在目的地" if zh else "at his destination")
    if zh:
        speed = f"速度 {g['speed']}（骰 {g['die']}" + (f" + {alarms} 个警报" if alarms else "") + \
            (f" + {mod} 浓缩咖啡" if mod > 0 else f" - {-mod} 走神" if mod < 0 else "") + "）"
        if moves != g["speed"]:
            speed += f"，这次走 {moves} 步"
        return f"守卫在 {g['at']}，目的地 {g['dest'] or '-'}，{speed}，路线 {route}" + \
            ("，吃着甜甜圈" if g.get("donut") else "")
    speed = f"speed {g['speed']} (die {g['die']}" + \
        (f" + {alarms} alarm{'s' if alarms > 1 else ''}" if alarms else "") + \
        (f" + {mod} Espresso" if mod > 0 else f" - {-mod} Daydreaming" if mod < 0 else "") + ")"
    if moves != g["speed"]:
        speed += f", {moves} step{'' if moves == 1 else 's'} this move"
    return f"guard on {g['at']}, heading for {g['dest'] or '-'}, {speed}, route {route}" + \
        (", eating donuts" if g.get("donut") else "")


def _safe_line(view: dict[str, Any], f: int, zh: bool) -> str:
    sf = view["floors"][f]["safe"]
    if not sf["at"]:
        return "金库还没找到" if zh else "safe not found yet"
    code = " ".join(f"{c['number'] or '?'}{'✔' if c['cracked'] else ''}" for c in sf["combination"])
    if sf["open"]:
        return f"金库 {sf['at']}：已打开" if zh else f"safe {sf['at']}: open"
    return (f"金库 {sf['at']}：{sf['dice']} 个骰，密码 {code}" if zh
            else f"safe {sf['at']}: {sf['dice']} dice, code {code}")


def _floor(view: dict[str, Any], f: int, zh: bool) -> list[str]:
    fl = view["floors"][f]
    lines = [_floor_line(view, f, zh)]
    if not any(c["revealed"] or c.get("alarm") for c in fl["cells"]) and not fl["guard"]:
        lines.append("16 张都没翻开，守卫还没出现" if zh else "all 16 tiles face down, no guard yet")
        return lines
    lines.append(_guard_line(view, f, zh))
    walls = {tuple(w) for w in fl["walls"]}
    g = fl["guard"]
    steps = {at: i + 1 for i, at in enumerate(g.get("route") or [])} if g else {}
    cracked_cells = {c["at"] for c in fl["safe"]["combination"] if c["cracked"]}
    lines.append("   " + "".join(" " + _pad(f"  {c}", CELL) for c in COLS))
    border = "   +" + "+".join("-" * CELL for _ in COLS) + "+"
    lines.append(border)
    for row in range(4):
        cells = fl["cells"][row * 4:row * 4 + 4]
        texts = []
        for cell in cells:
            name = tile_name(cell["tile"], zh) if cell["revealed"] else FACE_DOWN
            marks = _wrap(_marks(view, f, cell, zh, cracked_cells, steps), CELL)
            texts.append((_wrap(name, CELL), marks))
        height = max(len(a) + len(b) for a, b in texts)
        # the name at the top of a tile, its marks at the foot
        texts = [a + [""] * (height - len(a) - len(b)) + b for a, b in texts]
        for i in range(height):
            s = f" {row + 1} |" if i == 0 else "   |"
            for col in range(4):
                s += _pad(texts[col][i], CELL)
                if col < 3:
                    a, b = f"{COLS[col]}{row + 1}", f"{COLS[col + 1]}{row + 1}"
                    s += WALL_V if (a, b) in walls else OPEN_V
            lines.append(s + "|")
        if row < 3:
            under = "   +"
            for col in range(4):
                a, b = f"{COLS[col]}{row + 1}", f"{COLS[col]}{row + 2}"
                under += (WALL_H if (a, b) in walls else OPEN_H) * CELL + "+"
            lines.append(under)
    lines.append(border)
    lines.append(_safe_line(view, f, zh))
    pt = fl["patrol"]
    lines.append((f"巡逻牌剩 {pt['left']} 张，弃牌 " if zh else f"patrol: {pt['left']} left, discards ")
                 + (" ".join(pt["discard"]) or "-")
                 + ((f"，已知顶牌 {' '.join(pt['known_top'])}" if zh else f", known top {' '.join(pt['known_top'])}")
                    if pt["known_top"] else ""))
    return lines


def _team(view: dict[str, Any], zh: bool) -> list[str]:
    lines = []
    for s, p in enumerate(view["players"]):
        char = data.CHARACTERS.get(p["character"])
        if char is None:
            lines.append(f"{seat_ref(s)}：还没选角色" if zh else f"{seat_ref(s)}: no character yet")
            continue
        side = SIDES[p["side"]][0 if zh else 1]
        ability = (char[2] if p["side"] == "basic" else char[3])[0 if zh else 1]
        where = ("楼顶（已逃脱）" if zh else "the roof (escaped)") if p["escaped"] else (p["at"] or "-")
        items = "、".join(_item(i, zh) for i in p["tools"] + p["loot"]) if zh else \
            ", ".join(_item(i, zh) for i in p["tools"] + p["loot"])
        items = items or ("无" if zh else "none")
        if zh:
            lines.append(f"{seat_ref(s)} {char[0]}（{side}）在 {where}，躲藏 {p['stealth']}，物品：{items}")
            lines.append(f"    能力：{ability}")
        else:
            lines.append(f"{seat_ref(s)} {char[1]} ({side}) on {where}, stealth {p['stealth']}, items: {items}")
            lines.append(f"    ability: {ability}")
    return lines


def _offers(view: dict[str, Any], zh: bool) -> list[str]:
    lines = []
    for s, offer in enumerate(view.get("offers") or []):
        lines.append(f"{seat_ref(s)} 可选：" if zh else f"{seat_ref(s)} may pick:")
        for c in offer:
            zh_name, en_name, basic, advanced = data.CHARACTERS[c]
            lines.append(f"  {zh_name if zh else en_name}")
            for side, words in (("basic", basic), ("advanced", advanced)):
                name = SIDES[side][0 if zh else 1]
                lines.append(f"    {name}：{words[0]}" if zh else f"    {name}: {words[1]}")
    return lines


def render_terminal(view: dict[str, Any], lang: str = "en") -> str:
    zh = lang == "zh"
    turn = view["turn"] + 1
    cur = seat_ref(view["current"])
    opened = sum(1 for fl in view["floors"] if fl["safe"]["open"])
    hacks = " ".join(f"{HACK[k][0 if zh else 1]} {v}" for k, v in view["hacks"].items())
    if zh:
        head = (f"第 {turn} 回合，轮到 {cur}，行动 {view['used']}/{view['max_actions']}，"
                f"金库已开 {opened}/3，破解指示物 {hacks}，事件牌剩 {view['events']['left']} 张")
    else:
        head = (f"turn {turn}, {cur} to act, actions {view['used']}/{view['max_actions']}, "
                f"safes open {opened}/3, hack tokens {hacks}, {view['events']['left']} event cards left")
    lines = [head]
    if view.get("effects"):
        names = [_effect(e, zh) for e in view["effects"]]
        lines.append(("正在生效：" + "、".join(names)) if zh else "in effect: " + ", ".join(names))
    known = view["events"].get("known_top") or []
    if known:
        names = [data.EVENTS[e][0 if zh else 1] for e in known]
        lines.append(("已知的事件牌堆顶：" + "、".join(names)) if zh else "known top events: " + ", ".join(names))
    if view.get("all_open"):
        lines.append("三个金库都开了：从 3 楼楼梯逃上楼顶！" if zh else "all safes open: escape by the floor 3 stairs to the roof!")
    if view["phase"] == "character":
        lines += _offers(view, zh)
    for f in range(len(view["floors"])):
        lines.append("")
        lines += _floor(view, f, zh)
    lines.append("")
    lines += _team(view, zh)
    guard, dest, alarm, step = MARKS["zh" if zh else "en"]
    lines.append(
        f"{guard} 守卫  {dest} 目的地  {step}1 守卫接下来的第 1 步  ({step}5) 这次走不到  {alarm} 警报  ✔ 已破解  "
        f"{FACE_DOWN} 未翻开  {WALL_V} 墙  P1-P{len(view['players'])} 队员" if zh else
        f"{guard} guard  {dest} his destination  {step}1 his next step 1  ({step}5) beyond this move  {alarm} alarm  ✔ cracked  "
        f"{FACE_DOWN} face down  {WALL_V} wall  P1-P{len(view['players'])} the team")
    return "\n".join(line.rstrip() for line in lines)
