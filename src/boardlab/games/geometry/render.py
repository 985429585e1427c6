"""Terminal picture of a geometry view for ``boardlab play``, in the seat's language."""

from __future__ import annotations

from typing import Any

# one symbol per card, as on the web: 🔷 the shape, ✖ an empty card (mine, or turned up), ▢ hidden
FACE = {"shape": "🔷", "X": "✖", "x": "✖", None: "▢"}


def render_terminal(view: dict[str, Any], lang: str = "en") -> str:
    zh = lang == "zh"
    doors = ", ".join(str(d) for d in view["open"]) or "—"
    lines = [("打开的房门：" if zh else "open doors: ") + doors,
             ("领袖：" if zh else "leader: ") + f"P{view['leader'] + 1}"]
    for s, info in enumerate(view["seats"]):
        cards = " ".join(FACE.get(c, "▢") for c in info["cards"])
        out = ("（出局）" if zh else " (out)") if info["out"] else ""
        lines.append(f"  P{s + 1}: {cards}  " + (f"得分 {info['score']}  罚分 {info['penalty']}" if zh
                     else f"score {info['score']}  penalty {info['penalty']}") + out)
    return "\n".join(lines)
