"""The terminal board of `toys`: the 3x3 room as the rulebook draws it (§4), from a view."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .data import CELLS, COMPANIONS, ITEMS, NOISE_ICONS, ROLES


def _cell(view: dict[str, Any], cell: str, lang: str) -> Text:
    _, _, icon, zh, en = CELLS[cell]
    out = Text(f"{icon} {zh if lang == 'zh' else en}", style="bold")
    if cell in view.get("sight") or []:
        out.append("  👀", style="red")
    marker = (view.get("markers") or {}).get(cell)
    if marker:
        out.append(f"  {COMPANIONS[marker][0]}")
    toys = [
        f"P{s + 1}{'🧊' if view['frozen'][s] else '🧸'}"
        for s, pos in enumerate(view.get("positions") or [])
        if pos == cell
    ]
    if toys:
        out.append("\n" + " ".join(toys), style="cyan")
    return out


def render_terminal(view: dict[str, Any], lang: str = "en") -> Group:
    zh = lang == "zh"
    grid = Table(show_header=False, show_lines=True, expand=False, padding=(0, 1))
    for _ in range(3):
        grid.add_column(min_width=18)
    for row in (1, 2, 3):
        cells = [c for c, v in CELLS.items() if v[0] == row]
        cells.sort(key=lambda c: CELLS[c][1])
        grid.add_row(*(_cell(view, c, lang) for c in cells))
    head = Text(
        (f"第 {view['night']}/{view['nights']} 夜 · 时刻 {view['moment']}/3 · "
         f"阈值 T={view['threshold']} · 任务 {view['progress']}/{view['need']} · "
         f"曝光 {view['exposure']}/{view['cap']}")
        if zh else
        (f"Night {view['night']}/{view['nights']} · moment {view['moment']}/3 · "
         f"threshold T={view['threshold']} · task {view['progress']}/{view['need']} · "
         f"exposure {view['exposure']}/{view['cap']}"),
        style="bold yellow",
    )
    heads = ("座位", "角色", "螺丝", "伙伴") if zh else ("seat", "role", "screws", "companions")
    seats = Table(*heads, box=None)
    for s, role in enumerate(view.get("roles") or []):
        icon = ROLES[role][0] if role in ROLES else ""
        mine = " ←" if s == view.get("seat") else ""
        names = [c.get("name") if isinstance(c, dict) else c for c in view["companions"][s]]
        comps = "".join(COMPANIONS[c][0] for c in names if c in COMPANIONS)
        seats.add_row(f"P{s + 1}{mine}", icon, str(view["screws"][s]), comps)
    parts: list[Any] = [head, grid, seats]
    mine = view.get("my_item")
    if mine:
        icon, izh, ien, _ = ITEMS[mine]
        used = view["items_used"][view["seat"]]
        label = (f"你的道具：{icon} {izh}" if zh else f"your item: {icon} {ien}") + (
            (" （已用）" if zh else " (used)") if used else "")
        parts.append(Text(label))
    cards = view.get("noise_cards")
    if cards:
        parts.append(Text(("你的动静卡：" if zh else "your noise cards: ")
                          + " ".join(f"{NOISE_ICONS[c]}{c}" for c in cards)))
    prompt = view.get("prompt")
    if prompt:
        parts.append(Text(prompt.get(lang, prompt.get("en", "")), style="bold green"))
    return Group(*parts)
