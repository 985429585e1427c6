"""A plain-text picture of one seat's view."""

from __future__ import annotations

from typing import Any


def render_terminal(view: dict[str, Any], lang: str = "en") -> str:
    zh = lang == "zh"
    lines = [(f"第 {min(view['night'], view['nights'])}/{view['nights']} 夜 事件 {view['event']} 金库 {view['vault']}"
              if zh else
              f"Night {view['night']}/{view['nights']} event {view['event']} "
              f"vault {view['vault']}")]
    for i, c in enumerate(view["wall"]):
        owner = view["owners"].get(str(i))
        lines.append(f"  #{i} {c['tag']} D{c['d']} R{c['reward']} {c['risk'] or ''}"
                     + (f" -> P{owner}" if owner is not None else ""))
    for p, role in enumerate(view["roles"]):
        hand = view["hands"][p]
        lines.append(f"  P{p} {role}: gold {view['gold'][p]} rep {view['rep'][p]} "
                     f"wounds {view['wounds'][p]} stays {view['checkins'][p]} "
                     f"hand {hand if hand is not None else view['hand_sizes'][p]}")
    return "\n".join(lines)
