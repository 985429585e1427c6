"""Terminal picture of a geometry view for ``boardlab play``."""

from __future__ import annotations

from typing import Any


def render_terminal(view: dict[str, Any], lang: str = "en") -> str:
    zh = lang == "zh"
    lines = [("打开的房门: " if zh else "open doors: ") + (str(view["open"]) or "-"),
             ("领袖: " if zh else "leader: ") + str(view["leader"])]
    for s, info in enumerate(view["seats"]):
        cards = " ".join({"shape": "◆", "X": "X", "x": "x", None: "?"}[c] for c in info["cards"])
        mark = " (out)" if info["out"] else ""
        lines.append(f"  {s}: [{cards}]  score {info['score']}  penalty {info['penalty']}{mark}")
    return "\n".join(lines)
