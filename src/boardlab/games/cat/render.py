"""A compact text board for ``boardlab play cat`` (built from a seat's view only)."""

from __future__ import annotations

import unicodedata
from typing import Any

from boardlab.games.cat import data


def width(text: str) -> int:
    """Terminal columns of ``text``: a Chinese character takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, columns: int) -> str:
    """``text`` padded with spaces to ``columns`` terminal columns (at least one space)."""
    return text + " " * max(1, columns - width(text))


def shown_hand(view: dict[str, Any]) -> list[str]:
    """The hand without the card played face down (it left the hand when it was played;
    the rules keep it there until the reveal)."""
    hand = list(view.get("hand") or [])
    play = view.get("my_play") or {}
    if play.get("card") in hand:
        hand.remove(play["card"])
    return hand


def render_terminal(view: dict[str, Any], lang: str = "en") -> str:
    zh = lang == "zh"
    n = view["players"]
    lines = [
        (f"第 {view['station']}/{view['stations']} 站  曝光线 {view['exposure_line']}"
         f"  {'可曝光' if view['exposures_open'] else '已封账'}") if zh else
        (f"station {view['station']}/{view['stations']}  exposure line "
         f"{view['exposure_line']}  {'exposures open' if view['exposures_open'] else 'sealed'}"),
    ]
    head = ["P" + str(s + 1) for s in range(n)] + (["鱼堆", "合计"] if zh else ["fish", "total"])
    lines.append(pad("", 8) + "".join(pad(x, 6) for x in head).rstrip())
    for room in data.ROOMS:
        r = view["rooms"][room]
        name = data.ROOM_NAMES[room]["zh"] if zh else room
        cells = [str(v) for v in r["lanes"]] + [str(r["fish"]), str(r["total"])]
        lines.append(pad(name, 8) + "".join(pad(x, 6) for x in cells).rstrip())
    lines.append(pad("乐趣" if zh else "fun", 8) + "".join(pad(str(v), 6) for v in view["fun"]).rstrip())
    if any(view["roles"]):
        lines.append(pad("角色" if zh else "roles", 8) + "".join(
            pad((r or "-")[:5], 6) for r in view["roles"]).rstrip())
    if view.get("hand") is not None:
        hand = ", ".join(data.card_name(c, lang) for c in shown_hand(view))
        lines.append(("手牌：" if zh else "hand: ") + (hand or "—"))
    if view.get("my_play"):
        lines.append(("已暗出：" if zh else "played face down: ")
                     + data.card_name(view["my_play"]["card"], lang))
    return "\n".join(lines)
