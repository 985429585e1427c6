"""Every word the screens show for 戴帽子的猫 beyond the events: action types, phases, result
figures, options, bots and the rules panel, in zh and en (read by ``Game.labels``)."""

from __future__ import annotations

from boardlab.engine.protocol import text
from boardlab.games.cat import data

ACTIONS = {
    "play": text("出牌", "Play a card"), "draw": text("补牌", "Draw"),
    "discard": text("弃牌", "Discard"), "pass": text("不出", "Pass"),
}
PHASES = {"play": text("暗出", "play"), "draw": text("补牌", "draw"), "over": text("已结束", "over")}
SUMMARY = {
    "exposures": text("曝光次数", "Exposures"), "exposure_rounds": text("曝光的回合", "Exposure rounds"),
    "exposure_rooms": text("曝光的房间", "Exposed rooms"),
    "exposure_totals": text("曝光时乱局", "Mess at each exposure"),
    "exposure_bills": text("曝光账单", "Exposure bills"), "final_mess": text("终局乱局", "Final mess"),
    "final_bills_total": text("终局账单合计", "Final bills in all"), "fun": text("乐趣", "Fun"),
    "bills": text("账单", "Bills"), "bonuses": text("奖励", "Bonuses"),
    "mess_held": text("名下乱局", "Mess held"), "roles": text("角色", "Roles"),
    "cooperative": text("合作模式", "Cooperative"), "coop_success": text("合作成功", "Cooperation won"),
    "house_bill": text("全屋账单", "House bill"), "players": text("人数", "Players"),
}
VALUES = {
    "living": text("客厅", "living room"), "kitchen": text("厨房", "kitchen"), "bath": text("浴室", "bathroom"),
    "all_pay": text("各付全额", "each pays"), "split": text("平分账单", "share the bill"),
    "exposes": text("照样曝光", "exposes"), "no_exposure": text("不曝光", "no exposure"),
    "floor": text("向下取整", "round down"), "ceil": text("向上取整", "round up"),
    "choose": text("自选牌堆", "choose the pile"), "random": text("随机牌堆", "random piles"),
}
VALUES.update({k: v for k, v in data.ROLE_NAMES.items()})
OPTIONS = {
    "players": text("人数", "Players"), "roles": text("发角色卡（§5.5）", "Deal role cards (§5.5)"),
    "variant_a": text("变体 A：3 人平衡（无康拉德）", "Variant A: 3-player balance (no Conrad)"),
    "variant_b": text("变体 B：5 人提速（少一站）", "Variant B: 5-player speed-up (one station fewer)"),
    "variant_c": text("变体 C：困难（曝光线更低、更早封存）", "Variant C: hard (lower line, earlier seal)"),
    "variant_d": text("变体 D：纯合作（全屋一起付）", "Variant D: cooperative (the house pays together)"),
    "variant_e": text("变体 E：不许交谈", "Variant E: silent game"),
    "variant_f": text("变体 F：猫的机器清空每间房一次", "Variant F: the cat's machine clears each room once"),
    "exposure_line": text("曝光线", "Exposure line"), "seal_station": text("封存站", "Seal station"),
    "stations": text("站数（回合）", "Stations (rounds)"), "hand_size": text("手牌上限", "Hand size"),
    "machine_round": text("变体 F：机器出现的回合", "Variant F: machine after round"),
    "exposure_tie": text("曝光时最脏平手", "Tied dirtiest at an exposure"),
    "fish_only_room": text("只有鱼的房间到线", "Room at the line with only fish"),
    "things_fish": text("东西一二：鱼堆取整", "Things: rounding of the fish half"),
    "draw_mode": text("补牌方式", "Drawing"),
    "sally_min_value": text("莎莉可用的最小牌", "Sally: smallest card she may use"),
}
BOTS = {
    "lookahead": text("模拟器", "Look-ahead"), "wild": text("狂闹流", "Wild"),
    "wild_literal": text("狂闹流（字面：永远最大牌）", "Wild, literal (always the biggest card)"),
    "tidy": text("收拾流", "Tidy"),
    "shifter": text("甩锅流", "Shifter"), "sniper": text("狙击流", "Sniper"), "steady": text("稳当流", "Steady"),
}
GLOSSARY = [
    ["🛋️", text("客厅胡闹牌：客厅乱局 +N，你的乐趣 +N", "Living-room chaos card: +N mess there, +N fun")],
    ["🍳", text("厨房胡闹牌", "Kitchen chaos card")], ["🛁", text("浴室胡闹牌", "Bathroom chaos card")],
    ["🧹", text("收拾牌：你在一间房的乱局 −2，乐趣 +1", "Clean: your mess in a room −2, +1 fun")],
    ["🧽", text("收拾牌：你在一间房的乱局 −2，乐趣 +1", "Clean: your mess in a room −2, +1 fun")],
    ["🔀", text("甩锅牌：把你在一间房最多 3 点乱局移到另一间", "Shift: move up to 3 of your mess to another room")],
    ["🎩", text("猫牌：清空你在一间房的乱局", "Cat card: clear your mess in one room")],
    ["🐟", text("鱼牌：该房鱼堆 +2，你乐趣 +2", "Fish card: +2 to the room's fish pile, +2 fun")],
    ["🚗", text("妈妈的车：每回合前进一站，到家即终局", "Mom's car: one station a round; home ends the game")],
    ["🏠", text("到家：每间房按乱局结账", "Home: every room is settled")],
    ["🎉", text("乐趣 = 得分", "Fun = score")], ["✋", text("手牌数", "Cards in hand")],
] + [[ic, text(f"{data.ROLE_NAMES[r]['zh']}：{data.ROLE_EFFECTS[r]['zh']}",
                                     f"{data.ROLE_NAMES[r]['en']}: {data.ROLE_EFFECTS[r]['en']}")]
     for r, ic in (("cat", "🎩"), ("fish", "🐟"), ("konrad", "🧒"), ("sally", "👧"), ("things", "👯"))]
RULES = {
    "turn": text(
        "共 7 回合（妈妈的 7 站）。每回合所有人同时：① 暗出一张牌到某个房间 → ② 翻开，按客厅→厨房→浴室结算 "
        "→ ③ 第 1–5 站：总乱局 ≥ 曝光线的房间曝光，最脏的人付账单，然后清零 → ④ 补牌，车前进一站。"
        "到家后每间房结账；乐趣减账单最高者胜。",
        "7 rounds (mom's 7 stations). Each round everyone at once: ① plays one card face down at a "
        "room → ② reveal, settle living room → kitchen → bathroom → ③ stations 1–5: a room at the "
        "exposure line exposes, the dirtiest pay the bill, the room is cleared → ④ draw, the car "
        "moves on. At home every room is settled; most fun minus bills wins."),
    "phases": {"play": text("选一张牌和它要放的房间", "Pick a card and the room it goes to"),
               "draw": text("选一个牌堆补牌", "Pick the pile to draw from")},
    "glossary": GLOSSARY,
}
PER_SEAT = ["fun", "bills", "bonuses", "mess_held", "roles"]
# the options the lobby shows first; the others are under "more options"
COMMON_OPTIONS = ["roles", "variant_a", "variant_b", "variant_c", "variant_d", "variant_e", "variant_f"]
LABELS = {"common_options": COMMON_OPTIONS, "per_seat": PER_SEAT, "actions": ACTIONS, "phases": PHASES, "summary": SUMMARY, "values": VALUES,
          "options": OPTIONS, "bots": BOTS, "rules": RULES}
