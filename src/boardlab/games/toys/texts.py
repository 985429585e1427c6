"""Every word the screens show for 玩具不许动 beyond the events: action types, phases, result
figures, options, bots and the rules panel, in zh and en (read by ``Game.labels``)."""

from __future__ import annotations

from boardlab.engine.protocol import text
from boardlab.games.toys import data

ACTIONS = {
    "move": text("移动", "Move"), "noise": text("出动静卡", "Play a noise card"),
    "freeze": text("收工定格", "Freeze"), "clock": text("小闹钟", "Alarm clock"),
    "pass": text("不用", "Pass"), "earmuffs": text("隔音耳罩", "Earmuffs"),
    "guess": text("猜越线", "Guess the crossing"), "peek": text("偷看", "Peek"),
    "replay": text("土豆先生重出", "Mr Potato replays"),
}
PHASES = {
    "move": text("移动", "move"), "noise": text("暗出动静", "noise"), "peek": text("偷看", "peek"),
    "react": text("反应", "react"), "react2": text("再反应", "react again"),
    "after_peek": text("偷看之后", "after the peek"), "reveal": text("揭示", "reveal"),
    "over": text("已结束", "over"),
}
SUMMARY = {
    "exposure": text("暴露值", "Exposure"), "cap": text("暴露上限", "Exposure cap"),
    "dawn": text("撑到天亮", "Reached dawn"), "ending": text("结局", "Ending"),
    "nights_played": text("进行的夜数", "Nights played"),
    "night_reached": text("到达第几夜", "Night reached"),
    "moment_reached": text("到达第几时刻", "Moment reached"),
    "night_exposure": text("每夜末暴露", "Exposure after each night"),
    "night_screws": text("每夜末螺丝", "Screws after each night"),
    "moment_output": text("每时刻各人动静产出", "Each seat's noise output per moment"),
    "night_frozen": text("每夜末定格", "Frozen at each night's end"),
    "tasks_done": text("每夜任务完成", "Night tasks done"),
    "companions": text("救回伙伴数", "Companions rescued"),
    "companion_list": text("救回的伙伴", "Rescued companions"),
    "freezes": text("定格次数", "Freezes"), "roles": text("角色", "Roles"),
    "screws": text("螺丝", "Screws"), "woke_penalty": text("安迪醒来罚分", "Andy-woke penalty"),
    "dawn_bonus": text("天亮奖励", "Dawn bonus"), "andy_right": text("猜中安迪", "Andy guesses right"),
}
VALUES = {
    "dawn": text("天亮", "dawn"), "andy_woke": text("安迪醒了", "Andy woke up"),
    "simultaneous": text("同时", "simultaneous"), "in_turn": text("轮流", "in turn"),
    "with_freezes": text("与定格同时", "with the freezes"),
    "after_freezes": text("定格之后", "after the freezes"),
    "cascade": text("依次轮流", "one after another"),
}
OPTIONS = {
    "players": text("人数", "Players"),
    "threshold": text("声响阈值 T（空 = 按人数）", "Noise threshold T (empty = by players)"),
    "task_need": text("每夜任务需求 M（空 = 按人数）", "Night task need M (empty = by players)"),
    "cap": text("暴露上限（空 = 按人数）", "Exposure cap (empty = by players)"),
    "nights": text("夜数（空 = 4）", "Nights (empty = 4)"),
    "loud_card": text("用 🔊 大动作牌（空 = 仅 3 人局）", "Use the 🔊 loud card (empty = 3 players only)"),
    "roles": text("发角色", "Deal roles"), "items": text("发道具", "Deal items"),
    "move_order": text("移动顺序", "Move order"),
    "socks_pickup": text("🧦 绒拖鞋仍可拿伙伴", "🧦 Slippers still pick up companions"),
    "oil_on_quiet": text("🧴 润滑油可配 🤫", "🧴 Oil works on 🤫"),
    "clock_stacks_with_dino": text("⏰ 与 🦖 叠加", "⏰ stacks with 🦖"),
    "boosts_stack": text("移动加成可叠加", "Movement boosts stack"),
    "potato_timing": text("🥔 重出时机", "🥔 Replay timing"),
    "react_order": text("揭示后的反应顺序", "Order of reactions after the reveal"),
    "tie_break": text("平局破除", "Tie-break"), "deep_sleep": text("变体：沉睡", "Variant: deep sleep"),
    "long_night": text("变体：漫漫长夜", "Variant: long night"),
    "silent_night": text("变体：寂静之夜", "Variant: silent night"),
    "andy_stand_in": text("变体：有人扮演安迪", "Variant: a player is Andy"),
    "drifting_sight": text("变体：视线漂移", "Variant: drifting sight"),
    "coop": text("变体：纯合作", "Variant: cooperative"),
}
BOTS = {
    "greedy": text("贪心型（抢伙伴）", "Greedy (grabs companions)"),
    "coordinated": text("配合型（守阈值）", "Coordinated (keeps under the threshold)"),
}
GLOSSARY = (
    [[r[0], text(f"{r[1]}：{r[3]}", f"{r[2]}: {r[4]}")] for r in data.ROLES.values()]
    + [
        ["🧦", text("绒拖鞋：本时刻动静按 0 计（进度与螺丝照算）", "Slippers: your noise counts 0 (progress and screws still count)")],
        ["🔦", text("手电筒：站在视线格也不额外 +2 暴露", "Flashlight: no extra +2 exposure in Andy's sight")],
        ["🧴", text("润滑油：动静 +1", "Oil can: your noise +1")],
        ["🎧", text("隔音耳罩：揭示后全场声响 −1", "Earmuffs: after the reveal the total noise −1")],
        ["🧲", text("小磁铁：本时刻多走 1 格", "Magnet: one extra cell this moment")],
        ["📦", text("纸箱盾：不因 🧸 状态 +1 暴露", "Cardboard shield: no +1 exposure for being active")],
        ["⏰", text("小闹钟：本夜最佳定格 +2 螺丝", "Alarm clock: best freeze +2 screws tonight")],
        ["🪞", text("小镜子：揭示前偷看一人的动静卡", "Hand mirror: peek at one player's noise card")],
        ["🤫", text("动静 0：安静，不出声", "Noise 0: silent")], ["🚶", text("动静 1", "Noise 1")],
        ["💥", text("动静 2", "Noise 2")], ["🔊", text("动静 3（3 人局）", "Noise 3 (3 players)")],
        ["👀", text("安迪视线格：越线时站在这里的 🧸 额外 +2 暴露", "Andy's sight: active toys here add +2 exposure on a crossing")],
        ["🧸", text("活动中：可移动、出牌、拿伙伴", "Active: moves, plays, rescues")],
        ["🧊", text("已定格：免疫暴露，本夜不能再动", "Frozen: immune, out for the night")],
        ["🔩", text("螺丝 = 个人得分", "Screws = your score")],
        ["😱", text("暴露：到上限安迪醒来，全员失败", "Exposure: at the cap Andy wakes and everyone loses")],
    ]
)
RULES = {
    "turn": text(
        "每夜 3 个时刻。每时刻：① 可随时收工定格 🧊 → ② 移动 1 格 → ③ 暗出动静卡 → ④ 同时揭示 → "
        "⑤ 结算：全场声响 S ≥ 阈值 T 就越线，暴露 +(S−T+1)，每个 🧸 再 +1，视线格上的 🧸 再 +2。"
        "动静给自己螺丝、给任务进度；伙伴归同格动静唯一最高者。撑过所有夜晚即天亮。",
        "Each night has 3 moments. Each moment: ① freeze 🧊 at any time → ② move 1 cell → "
        "③ place a noise card face down → ④ reveal together → ⑤ settle: if the total noise S ≥ "
        "threshold T it crosses, exposure +(S−T+1), +1 per active 🧸, +2 per 🧸 in Andy's sight. "
        "Noise earns you screws and task progress; a companion goes to the single loudest toy on "
        "its cell. Survive every night to reach dawn."),
    "phases": {
        "move": text("移动：走到相邻格（或原地不动）", "Move: step to a neighbouring cell (or stay)"),
        "noise": text("暗出一张动静卡，可配道具", "Place one noise card face down, maybe with an item"),
        "peek": text("小镜子：揭示前偷看一人的牌", "Mirror: peek at one card before the reveal"),
        "react": text("揭示后：可用耳罩或土豆先生", "After the reveal: earmuffs or Mr Potato"),
        "react2": text("再一轮反应", "One more round of reactions"),
        "after_peek": text("偷看之后、揭示之前：可以收工或过", "After the peek, before the reveal: freeze or pass"),
    },
    "glossary": GLOSSARY,
}
VALUES.update({k: text(r[1], r[2]) for k, r in data.ROLES.items()})
VALUES.update({k: text(f"{c[0]}{c[1]}", f"{c[0]} {c[2]}") for k, c in data.COMPANIONS.items()})
PER_SEAT = ["companion_list", "freezes", "roles", "screws", "companions", "woke_penalty", "dawn_bonus", "andy_right"]
# the options the lobby shows first; the others are under "more options"
COMMON_OPTIONS = ["nights", "roles", "items", "coop"]
LABELS = {"common_options": COMMON_OPTIONS, "per_seat": PER_SEAT, "actions": ACTIONS, "phases": PHASES, "summary": SUMMARY, "values": VALUES,
          "options": OPTIONS, "bots": BOTS, "rules": RULES}
