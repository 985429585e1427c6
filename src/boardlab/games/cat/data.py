"""The components of 戴帽子的猫：妈妈回来前, as data (rulebook 📦 and 🧰).

* 60 chaos cards (胡闹牌): per room 20 - value 1 x4, 2 x5, 3 x4, 4 x4, 5 x3 (57 points a room).
  A chaos card belongs to one room and can only be played there.
* The special deck (特殊牌堆), shuffled together: 16 clean (收拾), 12 shift (甩锅),
  5 cat (猫牌), 8 fish (鱼牌).
* 5 role cards (角色卡, optional, §5.5).
* Three rooms, resolved in this order: 客厅 living -> 厨房 kitchen -> 浴室 bath.
* Mom's car track: 7 stations; exposures only at stations 1-5, sealed from station 6.

Card codes (used in hands, actions and overrides): chaos ``L1``..``L5`` (living room),
``K1``..``K5`` (kitchen), ``B1``..``B5`` (bath); specials ``clean``, ``shift``, ``cat``,
``fish``.
"""

from __future__ import annotations

from boardlab.engine.protocol import Text, text

ROOMS: tuple[str, ...] = ("living", "kitchen", "bath")
ROOM_LETTER = {"living": "L", "kitchen": "K", "bath": "B"}
LETTER_ROOM = {v: k for k, v in ROOM_LETTER.items()}
ROOM_NAMES: dict[str, Text] = {
    "living": text("客厅", "living room"),
    "kitchen": text("厨房", "kitchen"),
    "bath": text("浴室", "bathroom"),
}

CHAOS_COUNTS: dict[int, int] = {1: 4, 2: 5, 3: 4, 4: 4, 5: 3}
"""Copies of each chaos value in one room's pile (20 cards, 57 points)."""

SPECIAL_COUNTS: dict[str, int] = {"clean": 16, "shift": 12, "cat": 5, "fish": 8}
SPECIALS: tuple[str, ...] = tuple(SPECIAL_COUNTS)
PILES: tuple[str, ...] = (*ROOMS, "special")

CARD_NAMES: dict[str, Text] = {
    "clean": text("收拾", "Clean"),
    "shift": text("甩锅", "Shift"),
    "cat": text("猫牌", "Cat"),
    "fish": text("鱼牌", "Fish"),
}
CARD_EFFECTS: dict[str, Text] = {
    "chaos": text("该房乱局 +N 记在你名下，你乐趣 +N",
                  "the room gets N mess in your lane; you gain N fun"),
    "clean": text("你在该房的泳道 −2（不低于 0），乐趣 +1",
                  "your lane in the room loses 2 (not below 0); +1 fun"),
    "shift": text("把你在一间房最多 3 点乱局搬到另一间房",
                  "move up to 3 of your mess from one room to another"),
    "cat": text("清空你在一间房的全部乱局（每局限 1 张）",
                "wipe all your mess in one room (one per player per game)"),
    "fish": text("该房鱼堆 +2 无主乱局，乐趣 +2",
                 "the room's fish pile gets 2 ownerless mess; +2 fun"),
}

ROLES: tuple[str, ...] = ("cat", "fish", "konrad", "sally", "things")
ROLE_USES: dict[str, int] = {"cat": 2, "fish": 2, "konrad": 3, "sally": 2, "things": 2}
ROLE_NAMES: dict[str, Text] = {
    "cat": text("戴帽子的猫", "The Cat in the Hat"),
    "fish": text("鱼·克莱策尔", "Fish Kreutzer"),
    "konrad": text("康拉德", "Conrad"),
    "sally": text("莎莉", "Sally"),
    "things": text("东西一·东西二", "Thing One & Thing Two"),
}
ROLE_EFFECTS: dict[str, Text] = {
    "cat": text("打胡闹牌时额外 +2 乐趣（乱局不变）", "+2 extra fun on a chaos card"),
    "fish": text("任何房间曝光时 +2 乐趣", "+2 fun whenever any room is exposed"),
    "konrad": text("收拾牌改为 −4 乱局 / +3 乐趣", "a clean card removes 4 and gives 3 fun"),
    "sally": text("胡闹牌乱局 −2（最低 1），乐趣照拿", "a chaos card leaves 2 less mess (min 1)"),
    "things": text("胡闹牌一半乱局记在鱼堆上", "half a chaos card's mess goes to the fish pile"),
}

STATION_NAMES: tuple[Text, ...] = (
    text("公司", "office"),
    text("超市", "supermarket"),
    text("面包店", "bakery"),
    text("红绿灯", "traffic light"),
    text("转角的树", "the tree"),
    text("拐进街口", "the turn"),
    text("家门口", "the front door"),
)


def chaos_code(room: str, value: int) -> str:
    return f"{ROOM_LETTER[room]}{value}"


def is_chaos(card: str) -> bool:
    return len(card) == 2 and card[0] in LETTER_ROOM and card[1] in "12345"


def chaos_room(card: str) -> str:
    return LETTER_ROOM[card[0]]


def chaos_value(card: str) -> int:
    return int(card[1])


def pile_of(card: str) -> str:
    """The pile a card is drawn from: its room's chaos pile, or the special deck."""
    return chaos_room(card) if is_chaos(card) else "special"


def valid_card(card: object) -> bool:
    return isinstance(card, str) and (is_chaos(card) or card in SPECIAL_COUNTS)


def full_pile(pile: str) -> list[str]:
    """Every card of a pile, unshuffled."""
    if pile == "special":
        return [k for k, n in SPECIAL_COUNTS.items() for _ in range(n)]
    return [chaos_code(pile, v) for v, n in CHAOS_COUNTS.items() for _ in range(n)]


def card_name(card: str, lang: str = "en") -> str:
    if is_chaos(card):
        room = ROOM_NAMES[chaos_room(card)][lang]
        if lang == "zh":
            return f"胡闹{chaos_value(card)}·{room}"
        return f"Chaos {chaos_value(card)} ({room})"
    return CARD_NAMES[card][lang]
