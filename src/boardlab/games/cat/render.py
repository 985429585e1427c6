"""A compact text board for ``boardlab play cat`` (built from a seat's view only)."""

from __future__ import annotations

from typing import Any

from boardlab.games.cat import data


def render_terminal(view: dict[str, Any], lang: str = "en") -> str:
    zh = lang == "zh"
    n = view["players"]
    lines = [
        (f"第 {view['station']}/{view['stations']} 站  曝光线 {view['exposure_line']}"
         f"  {'可曝光' if view['exposures_open'] else '已封账'}") if zh else
        (f"station {view['station']}/{view['stations']}  exposure line "
         f"{view['exposure_line']}  {'exposures open' if view['exposures_open'] else 'sealed'}"),
        "      " + " ".join(f"P{s + 1:<3}" for s in range(n)) + ("  鱼堆 合计" if zh else "  fish total"),
    ]
    for room in data.ROOMS:
        r = view["rooms"][room]
        name = data.ROOM_NAMES[room]["zh"] if zh else room
        lines.append(f"{name:<6}" + " ".join(f"{v:<4}" for v in r["lanes"])
                     + f"  {r['fish']:<4} {r['total']}")
    lines.append(("乐趣  " if zh else "fun   ") + " ".join(f"{v:<4}" for v in view["fun"]))
    if any(view["roles"]):
        lines.append(("角色  " if zh else "roles ") + " ".join(
            f"{(r or '-')[:4]:<4}" for r in view["roles"]))
    if view.get("hand") is not None:
        hand = ", ".join(data.card_name(c, lang) for c in view["hand"])
        lines.append(("手牌：" if zh else "hand: ") + hand)
    if view.get("my_play"):
        lines.append(("已暗出：" if zh else "played face down: ") + str(view["my_play"]))
    return "\n".join(lines)
