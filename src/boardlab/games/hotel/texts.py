"""Every word the screens show for 大陆酒店 暗拍接单 beyond the events: action types, phases,
result figures, options, bots and the rules panel, in zh and en (read by ``Game.labels``)."""

from __future__ import annotations

from boardlab.engine.protocol import text

ACTIONS = {
    "bid": text("暗拍", "Sealed bid"), "checkin": text("入住", "Check in"),
    "execute": text("执行委托", "Carry out the contract"), "kill": text("一击必杀", "One-shot kill"),
    "forfeit": text("放弃", "Give up"), "pass": text("不捡漏", "Pass"), "salvage": text("捡漏", "Salvage"),
    "arrange": text("重排牌堆顶", "Arrange the deck top"), "swap": text("换情报", "Swap intel"),
    "intel": text("用情报", "Use intel"),
}
PHASES = {"bid": text("暗拍", "sealed bids"), "execute": text("执行", "execution"),
          "salvage": text("丐帮捡漏", "salvage"), "over": text("已结束", "over")}
ROLE_NAMES = {"wick": text("约翰·威克", "John Wick"), "winston": text("温斯顿", "Winston"),
              "charon": text("查伦", "Charon"), "beggar": text("丐帮王", "Beggar King"),
              "sofia": text("索菲亚", "Sofia"), "cassian": text("卡西安", "Cassian")}
SUMMARY = {
    "unsold": text("流拍委托", "Unsold contracts"), "nights": text("夜数", "Nights"),
    "gold": text("金币", "Gold"), "rep": text("声望", "Reputation"), "wounds": text("伤", "Wounds"),
    "checkins": text("入住次数", "Check-ins"), "vault": text("金库", "Vault"),
    "dividend": text("金库分红", "Vault dividend"), "completed": text("完成委托", "Contracts done"),
    "failed": text("失败委托", "Contracts failed"), "roles": text("角色", "Roles"),
    "ties": text("平手流拍", "Left unsold by a tie"), "salvages": text("丐帮捡漏", "Beggar salvages"),
}
VALUES = {"replace": text("取代基础伤", "replaces the base wound"), "add": text("叠加基础伤", "adds to it"),
          "payment": text("只减付款", "the payment only"), "compare": text("也减比较的出价", "also the bid compared"),
          "split": text("平分", "split"), "none": text("都不得", "nobody"),
          "forbid": text("不允许", "not allowed"), "debt": text("允许（欠账）", "allowed (debt)"),
          "checkin_only": text("只能入住", "check in only"), "may_bid": text("可以出价（必败）", "may bid (and fail)"),
          "cash": text("结算时兑现", "cashed at the end"), "lost": text("作废", "lost"),
          "unsold": text("任何无人拍下的委托", "any contract nobody won"), "tied": text("仅平手流拍的委托", "only one left by a tie")}
VALUES.update(ROLE_NAMES)
OPTIONS = {
    "players": text("人数", "Players"), "nights": text("夜数", "Nights"),
    "start_gold": text("起始金币", "Starting gold"), "hand_size": text("技巧牌数（不补）", "Technique cards (never refilled)"),
    "max_bid": text("最高出价", "Highest bid"), "max_boost": text("最多补金币", "Most gold added for fire"),
    "vault_cap": text("金库分红上限", "Vault dividend cap"), "rep_points": text("每点声望得分", "Points per reputation"),
    "wound_points": text("每处伤扣分", "Points lost per wound"), "hospital_at": text("几处伤住院", "Wounds that send you to hospital"),
    "risk_failure": text("裁定 H6：风险标记的失败惩罚", "Ruling H6: a risk mark's failure penalty"),
    "cassian_discount": text("裁定 H7：卡西安的 −1", "Ruling H7: Cassian's −1"),
    "vault_tie": text("裁定 H8：入住最多平手时的分红", "Ruling H8: the dividend on a tie"),
    "bid_over_gold": text("裁定 H28：出价超过持有金币", "Ruling H28: bids above the gold held"),
    "empty_hand": text("裁定 H13：没有技巧牌时", "Ruling H13: a seat without technique cards"),
    "last_intel": text("裁定 H12：终局手里的门匙与医疗", "Ruling H12: keys and medicine held at the end"),
    "salvage_from": text("裁定 H17：丐帮王可捡的委托", "Ruling H17: what the Beggar King may salvage"),
}
BOTS = {"informant": text("情报型", "Informant"), "taker": text("接单型", "Contract taker"),
        "cautious": text("谨慎型", "Cautious"), "stayer": text("住店型", "Stayer"), "risky": text("冒险型", "Risk taker"),
        "fitted": text("按角色选流派", "Style fitted to its role")}
RULES = {
    "turn": text(
        "共 5 夜。每夜：① 翻事件 → ② 张贴「人数 + 1」张委托 → ③ 所有人同时暗拍：选一张委托出 0–3 金币（付入金库），"
        "或入住酒店 → ④ 出价最高者接单，打一张技巧牌并补金币：火力 ≥ 难度 D 成功拿报酬，否则受伤 → "
        "⑤ 入住者治疗、抽情报。4 处伤住院一夜。终局：金币 + 声望×3 − 伤×2，入住最多者领走金库。",
        "5 nights. Each night: ① an event → ② players + 1 contracts go up → ③ everyone bids in "
        "secret: 0–3 gold on one contract (paid to the vault), or checks in → ④ the top bidder "
        "plays a technique card plus gold: fire ≥ difficulty D wins the reward, else a wound → "
        "⑤ check-ins heal and draw intel. 4 wounds: a night in hospital. Score: gold + 3 × "
        "reputation − 2 × wounds; most check-ins take the vault."),
    "phases": {"bid": text("暗拍：选委托和出价，或入住", "Sealed bid: a contract and a bid, or check in"),
               "execute": text("执行：出一张技巧牌并补金币，火力 ≥ D 成功", "Execute: one card plus gold, fire ≥ D succeeds"),
               "salvage": text("丐帮王可付 2 金币接手流拍委托", "The Beggar King may pay 2 for an unsold contract")},
    "glossary": [
        ["🔫", text("枪斗术委托/技巧牌（同标签 +1 火力）", "Gun contract/card (matching tag +1 fire)")],
        ["🥊", text("近身格斗", "Melee")], ["🥷", text("潜行", "Stealth")],
        ["⚠", text("风险标记：报酬高，失败代价大", "Risk mark: bigger reward, harsher failure")],
        ["💰", text("报酬", "Reward")], ["🔥", text("火力 = 牌值 + 补的金币", "Fire = card value + gold added")],
        ["🪙", text("金币", "Gold")], ["⭐", text("声望（每点 3 分）", "Reputation (3 points each)")],
        ["🩸", text("伤（每处 −2 分，4 处住院）", "Wounds (−2 each, 4 = hospital)")],
        ["🛏️", text("入住次数：入住最多者终局领金库", "Check-ins: the most take the vault at the end")],
        ["🏦", text("金库：暗拍费与罚金", "Vault: bid fees and fines")],
        ["✋", text("技巧牌数", "Technique cards")], ["📁", text("情报牌数", "Intel cards")],
        ["🔮", text("预知：看委托堆顶 3 张并重排", "Foresight: look at and reorder the top 3 contracts")],
        ["👂", text("窃听：看一人的技巧牌", "Eavesdrop: look at one player's cards")],
        ["🩹", text("医疗：治疗 1 伤", "Medical: heal 1 wound")], ["🗝️", text("门匙：得 2 金币", "Key: gain 2 gold")],
        ["🕴️", text("约翰·威克：完成枪斗术委托 +3 金币", "John Wick: +3 gold per gun contract done")],
        ["🎩", text("温斯顿：入住多得 2 金币并多抽 1 情报", "Winston: check-ins give +2 gold and 1 more intel")],
        ["🛎", text("查伦：暗拍平手时赢（一次）", "Charon: wins a tied bid (once)")],
        ["🧥", text("丐帮王：没完成委托时可付 2 金币接手流拍委托", "Beggar King: may pay 2 for an unsold contract")],
        ["👠", text("索菲亚：一次自动完成 D ≤ 9 的委托，报酬 +3", "Sofia: once, auto-complete a D ≤ 9 contract, +3")],
        ["🔪", text("卡西安：完成 ⚠ 委托 +3 金币，竞拍 ⚠ 出价 −1", "Cassian: +3 on ⚠ contracts, −1 on ⚠ bids")],
    ],
}
PER_SEAT = ["gold", "rep", "wounds", "checkins", "dividend", "completed", "failed", "roles"]
# the options the lobby shows first; the others are under "more options"
COMMON_OPTIONS = ["nights", "start_gold", "hand_size"]
LABELS = {"common_options": COMMON_OPTIONS, "per_seat": PER_SEAT, "actions": ACTIONS, "phases": PHASES, "summary": SUMMARY, "values": VALUES,
          "options": OPTIONS, "bots": BOTS, "rules": RULES}
