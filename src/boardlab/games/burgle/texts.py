"""Every word the screens show for 神偷拍档 beyond the events: action types, phases, result
figures, options, bots and the rules panel, in zh and en (read by ``Game.labels``)."""

from __future__ import annotations

from typing import Any

from boardlab.engine.protocol import Text, seat_ref, text
from boardlab.games.burgle import data

ACTIONS = {
    "character": text("选角色", "Pick a character"), "entrance": text("选入口", "Pick the entrance"),
    "move": text("移动", "Move"), "peek": text("窥视", "Peek"), "hack": text("破解", "Hack"),
    "add_die": text("给金库加骰", "Add a safe die"), "roll": text("掷金库骰", "Roll the safe dice"),
    "tool": text("使用工具", "Use a tool"), "ability": text("角色能力", "Character ability"),
    "drop": text("放下物品", "Drop an item"), "pickup": text("拾起物品", "Pick up an item"),
    "give": text("交给队友", "Give to a teammate"), "take": text("向队友拿", "Take from a teammate"),
    "choose": text("做出选择", "Choose"), "end": text("结束回合", "End the turn"),
}
PHASES = {"character": text("选角色", "picking characters"), "entrance": text("选入口", "choosing the entrance"),
          "actions": text("行动", "actions"), "choice": text("待定的选择", "a decision to make"),
          "over": text("已结束", "over")}
SUMMARY = {
    "won": text("成功逃脱", "Heist won"), "turns": text("回合数", "Turns"), "alarms": text("警报次数", "Alarms"),
    "safes_opened": text("打开的金库", "Safes opened"), "events": text("事件数", "Events"),
    "loss": text("失手", "How it failed"), "stealth_lost": text("失去的躲藏", "Stealth lost"),
    "characters": text("角色", "Characters"), "escaped": text("逃上楼顶的人数", "Escaped to the roof"),
}
SIDES = {"basic": text("基础面", "basic side"), "advanced": text("进阶面", "advanced side")}
VALUES = {
    # option values
    "default": text("补充规则的默认墙", "the supplement's walls"), "random": text("随机墙（进阶）", "random walls (advanced)"),
    "full": text("工具和战利品", "a tool and a loot"), "simple": text("只拿工具", "a tool only"),
    "choose": text("自选", "players choose"), **SIDES,
    "first": text("初版", "first printing"), "later": text("后期印刷", "later printings"),
    "by_players": text("按人数移除", "by the number of players"), "none": text("不移除", "none removed"),
    "reading": text("按阅读顺序取第一个", "the first in reading order"),
    "no_return": text("同一回合物品不回到交出它的人或房间", "an item never goes back the same turn"),
    "free": text("随意交换", "trade freely"),
    "drawer_floor": text("只清抽牌者所在楼层", "the drawer's floor only"),
    "all_floors": text("清所有楼层", "every floor"),
    "guard_moves": text("守卫每走一步时", "on each step of the guard"),
    "holder_moves": text("持有者进入守卫旁的格时", "when the holder enters a tile next to the guard"),
    "both": text("两种都算", "both"),
    # the parts of a loss: where, when, by whom, and who was caught
    "floor": text("楼层", "floor"), "turn": text("回合", "turn"), "by": text("被发现于", "caught by"),
    "seat": text("座位", "seat"), "char": text("角色", "character"),
    "at": text("被抓的位置", "caught on"), "guard_floor": text("看见的守卫在", "seen by the guard of floor"),
}
# What saw the player a loss names (``summary.loss.by``): a key, its words here.
CAUGHT_BY = {
    "guard": text("守卫", "the guard"), "foyer": text("门厅", "the Foyer"),
    "atrium": text("中庭", "the Atrium"), "tiara": text("王冠", "the Tiara"),
    "time": text("天亮了", "dawn (out of time)"),
}
VALUES.update(CAUGHT_BY)
VALUES.update({name: text(zh, en) for name, (zh, en, _b, _a) in data.CHARACTERS.items()})
# the summary's characters are "name/side"
VALUES.update({f"{name}/{side}": text(f"{zh}（{SIDES[side]['zh']}）", f"{en} ({SIDES[side]['en']})")
               for name, (zh, en, _b, _a) in data.CHARACTERS.items() for side in SIDES})
OPTIONS = {
    "players": text("人数", "Players"), "walls": text("墙的布置", "Walls"),
    "loot": text("开金库拿到", "An open safe gives"), "sides": text("角色可用的面", "Character sides"),
    "events": text("事件牌版本", "Event cards edition"),
    "walkway_down_enters": text("走道下楼算作进入", "Going down a walkway counts as entering"),
    "patrol_removed": text("开局移除的巡逻牌", "Patrol cards removed"),
    "turn_limit": text("回合上限（到了算失败）", "Turn limit (then the team loses)"),
    "alarm_ties": text("两个警报一样近时守卫先去哪个", "Two alarms equally near: which the guard takes first"),
    "trades": text("交换物品", "Trading items"),
    "brown_out": text("停电清除哪些楼层的警报", "Brown Out removes the alarms of"),
    "tiara_sight": text("王冠持有者何时被旁边的守卫看见", "When a guard next door sees the Tiara's holder"),
    "caught_by_sight": text("零躲藏时被门厅、中庭、王冠看见也算被逮住",
                            "Seen by a Foyer, Atrium or Tiara at 0 stealth: caught"),
}
BOTS = {"team": text("团队型", "Team player"), "greedy": text("贪心型", "Greedy")}
RULES = {
    "turn": text(
        "合作潜入三层银行：每层 4×4 张面朝下的房间，各有一个金库 💰 和一段楼梯 🪜。轮到你时最多做 4 个行动："
        "移动 👣、窥视 👁、破解 💻、花 2 行动给金库加骰 🎲、掷骰对密码；工具 🧰、角色能力和交换物品不占行动。"
        "行动不足 3 个要抽一张事件 🃏。然后你所在楼层的守卫 👮 按速度走向目的地 🎯，沿途关掉警报 🚨。"
        "被守卫看到就失去一点躲藏 🥷，没有躲藏时被发现全队失败。打开三个金库后全员从顶层楼梯逃上楼顶 🚁 即胜利。",
        "A cooperative break-in of a three-floor bank: each floor is 4×4 face-down rooms holding one "
        "safe 💰 and one staircase 🪜. On your turn take up to 4 actions: move 👣, peek 👁, hack 💻, "
        "spend 2 to add a safe die 🎲, or roll the dice to crack the code; tools 🧰, character "
        "abilities and trades are free. Fewer than 3 actions used means an event card 🃏. Then the "
        "guard 👮 of your floor walks towards his destination 🎯, switching off alarms 🚨 on the way. "
        "Seen by a guard, you lose a stealth 🥷; seen with none left, the whole team loses. Open all "
        "three safes, then everyone escapes by the top stairs to the roof 🚁 to win."),
    "phases": {
        "character": text("每人从发到的角色中挑一个，并选基础面或进阶面",
                          "Each player picks one of the characters offered, basic or advanced side"),
        "entrance": text("为全队选一楼外圈的一个入口格", "Choose the team's way into the ground floor"),
        "actions": text("最多 4 个行动，之后守卫移动", "Up to 4 actions, then the guard moves"),
        "choice": text("一张牌或一个房间要你做决定", "A card or a room asks you to decide"),
    },
    "glossary": [
        ["▪", text("未翻开的房间", "Face-down room")],
        ["💰", text("金库：加骰、掷骰，骰出密码数字即破解", "Safe: add dice and roll them to match its numbers")],
        ["✔", text("已破解的密码数字", "A cracked number of the code")],
        ["🎲", text("金库骰或守卫骰", "Safe dice or the guard's die")],
        ["🪜", text("楼梯：通往上一层或楼顶", "Stairs: up a floor, or to the roof")],
        ["👮", text("守卫", "Guard")],
        ["🎯", text("守卫的目的地（虚线框）", "The guard's destination (dashed)")],
        ["🚨", text("警报：守卫会赶过去", "Alarm: the guard heads there")],
        ["🥷", text("躲藏：被发现时失去一点", "Stealth: lost when you are seen")],
        ["💨", text("烟雾里的躲藏指示物", "Stealth tokens in smoke")],
        ["🐦", text("渡鸦的乌鸦：拖慢守卫", "The Raven's crow: slows the guard")],
        ["🧰", text("工具", "Tool")],
        ["💎", text("战利品", "Loot")],
        ["🎒", text("格子里有放下的物品", "Items left on this tile")],
        ["💻", text("破解指示物：抵消一次警报", "Hack token: cancels an alarm")],
        ["🔓", text("已打开的密码锁", "Keypad opened")],
        ["✖", text("被撬棍关掉的房间", "Room disabled by the Crowbar")],
        ["⬇", text("热能炸弹炸开的通道", "Hole from a Thermal Bomb")],
        ["🍩", text("甜甜圈：守卫少走一次", "Donuts: the guard skips a move")],
        ["🃏", text("事件牌", "Event cards")],
        ["🚁", text("已逃上楼顶", "Escaped to the roof")],
        ["👁", text("窥视这一格", "Peek at this tile")],
        ["👣", text("移动到这一格", "Move to this tile")],
        ["🕵️", text("这次潜入行动", "This heist")],
        ["📍", text("队员现在所在的格子", "Where the thief stands")],
        ["🔵", text("第一位队员的棋子", "The first thief's pawn")],
        ["🟢", text("第二位队员的棋子", "The second thief's pawn")],
        ["🟣", text("第三位队员的棋子", "The third thief's pawn")],
        ["🟠", text("第四位队员的棋子", "The fourth thief's pawn")],
        ["✨", text("正在生效的事件或工具", "Events and tools in effect")],
    ],
}


def spotted(by: str, seat: int, left: int) -> Text:
    """A stealth lost: what saw whom, how many are left."""
    w = CAUGHT_BY[by]
    return text(f"{w['zh']}发现了{seat_ref(seat)}：躲藏 -1（剩 {left}）",
                f"{w['en']} spots {seat_ref(seat)}: stealth -1 ({left} left)")


def spotted_in_cover(by: str, seat: int, cover: str) -> Text:
    """Seen on a tile with Lavatory or smoke tokens: one of those is spent instead."""
    w = CAUGHT_BY[by]
    zh, en = {"lavatory": ("洗手间", "Lavatory"), "smoke": ("烟雾", "smoke")}[cover]
    return text(f"{w['zh']}发现了{seat_ref(seat)}，用掉{zh}的躲藏指示物",
                f"{w['en']} spots {seat_ref(seat)}; a {en} stealth token is used")


def spotted_not_caught(by: str, seat: int) -> Text:
    """Seen by a Foyer, Atrium or Tiara with no stealth left, under ``caught_by_sight=false``
    (the zh book: only meeting the guard on a tile catches you, R21)."""
    w = CAUGHT_BY[by]
    return text(f"{w['zh']}发现了{seat_ref(seat)}，但已没有躲藏可失去；只有和守卫同格才会被逮住",
                f"{w['en']} spots {seat_ref(seat)}, who has no stealth left to lose; only "
                "meeting the guard on a tile catches")


def loss_reason(loss: dict[str, Any]) -> Text:
    """The words of a lost game from its structured record (``summary.loss``): caught,
    ``{floor, turn, by, guard_floor, at, seat, char}``; out of time, ``{turn, by: "time"}``."""
    if loss["by"] == "time":
        return text("天亮了：行动超时，团队失败", "dawn breaks: out of time, the team loses")
    w = CAUGHT_BY[loss["by"]]
    who = seat_ref(loss["seat"])
    return text(f"{who} 在 {loss['at']} 被{w['zh']}抓住了，团队失败",
                f"{who} is caught on {loss['at']} ({w['en']}): the team loses")


# The board's own words, from the game's data: every room, item, event card and character
# side with its rule (the hover texts of the tiles and the team, the character choice).
CHARACTERS = {name: {"name": text(zh, en), "basic": text(*basic), "advanced": text(*advanced)}
              for name, (zh, en, basic, advanced) in data.CHARACTERS.items()}
TILES = {kind: {"name": text(zh, en), "rule": text(zh_rule, en_rule)}
         for kind, (_numbers, zh, en, zh_rule, en_rule) in data.TILES.items()}
ITEMS = {item: {"name": text(zh, en), "rule": text(zh_rule, en_rule)}
         for item, (zh, en, zh_rule, en_rule) in (*data.TOOLS.items(), *data.LOOT.items())}
EVENTS = {card: {"name": text(zh, en), "rule": text(zh_rule, en_rule)}
          for card, (zh, en, zh_rule, en_rule) in data.EVENTS.items()}
# What a pending decision (``view.pending.kind``) asks, said above the board.
PENDING = {
    "alarm_tie": text("守卫离几个警报一样近：在棋盘上选他先去哪个",
                      "The guard is equally near several alarms: choose on the board which he goes to first"),
    "keep_tool": text("抽到两张工具：选一张留下", "Two tools drawn: choose the one to keep"),
    "buddy": text("结伴：选一名队友移到你的格", "Buddy System: choose a partner to bring onto your tile"),
    "gut": text("凭直觉：选一个相邻的未翻开格进入", "Go With Your Gut: choose a face-down tile next to you to enter"),
    "peekhole": text("窥孔：选一个相邻格窥视", "Peekhole: choose a tile next to you to peek at"),
    "kitty": text("波斯猫离几个警报一样近：在棋盘上选它朝哪个警报跑一格",
                  "The Persian Kitty is equally near several alarms: choose on the board which it runs a tile toward"),
    "squeak": text("吱！守卫离几名玩家一样近：选他朝谁走一步",
                   "Squeak!: the guard is equally near several players: choose whom he steps toward"),
    "throw_voice": text("口技：选守卫的新目的地（相邻一格）",
                        "Throw Voice: choose the guard's new destination (a tile next to it)"),
    "arrange": text("水晶球：排好事件牌堆顶的顺序", "Crystal Ball: put the top events back in an order"),
    "spot": text("侦察员：把看到的牌放回顶或底", "Spotter: put the card seen back on top or at the bottom"),
}
PER_SEAT = ["characters"]
LABELS = {"per_seat": PER_SEAT, "actions": ACTIONS, "phases": PHASES, "summary": SUMMARY, "values": VALUES,
          "options": OPTIONS, "bots": BOTS, "rules": RULES, "characters": CHARACTERS, "tiles": TILES,
          "items": ITEMS, "events": EVENTS, "pending": PENDING}
