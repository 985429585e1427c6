"""A plain-text picture of one seat's view, in the seat's language (no Python reprs)."""

from __future__ import annotations

from typing import Any

from boardlab.games.hotel import data
from boardlab.games.hotel.texts import ROLE_NAMES

TAG = {"gun": ("🔫枪斗术", "🔫 gun"), "melee": ("🥊近身格斗", "🥊 melee"),
       "stealth": ("🥷潜行", "🥷 stealth")}
RISK = {"cleanup": ("善后费", "cleanup fee"), "tough": ("硬茬子", "tough nut"),
        "gutter": ("阴沟翻船", "gutter"), "legend": ("传奇难度", "legendary")}


def _cards(hand: list[str]) -> str:
    return " ".join(TAG[c[:-1]][0][0] + c[-1] for c in sorted(hand)) or "—"


def render_terminal(view: dict[str, Any], lang: str = "en") -> str:
    zh = lang == "zh"
    i = 0 if zh else 1
    night = min(view["night"], view["nights"])  # stays on the last night once it is over
    event = data.EVENT_TEXT.get(view["event"], (view["event"], view["event"]))[i] if view["event"] else "—"
    lines = [(f"第 {night}/{view['nights']} 夜 · 事件：{event} · 金库 {view['vault']}" if zh
              else f"Night {night}/{view['nights']} · event: {event} · vault {view['vault']}")]
    for n, c in enumerate(view["wall"]):
        owner = view["owners"].get(str(n))
        risk = f" ⚠{RISK[c['risk']][i]}" if c["risk"] else ""
        lines.append(f"  #{n + 1} {TAG[c['tag']][i]} D{c['d']} 💰{c['reward']}{risk}"
                     + (f" → P{owner + 1}" if owner is not None else ""))
    for p, role in enumerate(view["roles"]):
        hand = view["hands"][p]
        cards = _cards(hand) if hand is not None else str(view["hand_sizes"][p])
        name = ROLE_NAMES[role][lang if zh else "en"] if role in ROLE_NAMES else "—"
        lines.append(f"  P{p + 1} {name}：金币 {view['gold'][p]} 声望 {view['rep'][p]} "
                     f"伤 {view['wounds'][p]} 入住 {view['checkins'][p]} 技巧牌 {cards}" if zh else
                     f"  P{p + 1} {name}: gold {view['gold'][p]} reputation {view['rep'][p]} "
                     f"wounds {view['wounds'][p]} check-ins {view['checkins'][p]} cards {cards}")
    return "\n".join(lines)


def choice_note(view: dict[str, Any], action: dict[str, Any], lang: str = "en") -> str:
    """What a choice of the menu leads to, as the board on the web shows it: an execution's
    fire (the card's value, +1 on a matching tag, plus the gold added) against the
    difficulty of the contract being carried out; "" for any other choice."""
    if action.get("type") != "execute" or not view.get("queue"):
        return ""
    contract = view["wall"][view["queue"][0]]
    card = action["card"]
    fire = int(card[-1]) + (1 if card[:-1] == contract["tag"] else 0) + action["boost"]
    done = fire >= contract["d"]
    if lang == "zh":
        return f"  🔥{fire}/D{contract['d']} " + ("成功" if done else "不够")
    return f"  🔥{fire}/D{contract['d']} " + ("succeeds" if done else "falls short")
