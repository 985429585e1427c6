"""Card lists of hotel (rulebook tables; the lost tier list is ruling H1)."""

from __future__ import annotations

TAGS = ("gun", "melee", "stealth")
TAG_ZH = {"gun": "枪斗术", "melee": "近身格斗", "stealth": "潜行"}

# Risk marks by difficulty (rulebook risk table).
RISK_BY_D = {7: "cleanup", 8: "tough", 9: "gutter", 10: "legend"}
RISK_ZH = {"cleanup": "善后费", "tough": "硬茬子", "gutter": "阴沟翻船", "legend": "传奇难度"}

# Ruling H1: the 12 tiers per tag are not printed. Safe R = D + 3; risk R = D + 5..7 with
# D10 -> R17 (the only risk reward the text names). Ruling H27: D7's cleanup fee (3, paid
# on success) is certain, so by ⑥ ("恰好补偿期望惩罚") its reward is D + 3 + 3 = 13: after
# the fee it nets exactly what a safe contract of the same difficulty would (R12 netted less).
TIERS: tuple[tuple[int, int], ...] = (
    (2, 5), (3, 6), (4, 7), (4, 7), (5, 8), (5, 8), (6, 9), (6, 9),
    (7, 13), (8, 14), (9, 15), (10, 17),
)

ROLES = ("wick", "winston", "charon", "beggar", "sofia", "cassian")
ROLE_ZH = {"wick": "约翰·威克", "winston": "温斯顿", "charon": "查伦", "beggar": "丐帮王",
           "sofia": "索菲亚", "cassian": "卡西安"}

EVENTS = ("gunshots", "cleaner", "hospitality", "high_table", "doctor", "prepay",
          "bounty", "peace", "rush", "full_house", "old_marker", "broker")
EVENT_TEXT = {
    "gunshots": ("外廊枪声：金币最多者失 4 入金库（平手各失 2）",
                 "Gunshots: richest loses 4 to the vault (tied: 2 each)"),
    "cleaner": ("清道夫：有伤者各失 2 金币入金库", "Cleaner: every wounded pays 2 to the vault"),
    "hospitality": ("查伦的款待：入住者多抽 1 情报", "Hospitality: check-ins draw 1 more intel"),
    "high_table": ("高桌召见：声望最高者付 3 入金库，否则 −1 声望",
                   "High Table: top reputation pays 3 to the vault, else -1 reputation"),
    "doctor": ("地下医生：受伤者治疗 1", "Doctor: every wounded heals 1"),
    "prepay": ("客户预付：每人得 2 金币", "Prepay: everyone gains 2 gold"),
    "bounty": ("连锁悬赏：完成最高难度者 +1 声望", "Bounty: top difficulty completed +1 rep"),
    "peace": ("大堂和平夜：入住者治疗 2", "Peace night: check-ins heal 2"),
    "rush": ("限时加急：本夜报酬 +2", "Rush: rewards +2 tonight"),
    "full_house": ("酒店满房：本夜不可入住", "Full house: no check-in tonight"),
    "old_marker": ("旧标记：金库付 3 给入住最多者", "Old marker: vault pays 3 to most check-ins"),
    "broker": ("情报贩子：可弃情报重抽", "Broker: swap any intel cards"),
}

INTEL = ("foresight", "eavesdrop", "medical", "key")
INTEL_ZH = {"foresight": "预知", "eavesdrop": "窃听", "medical": "医疗", "key": "门匙"}


def commission_deck() -> list[dict]:
    deck = []
    for tag in TAGS:
        for i, (d, r) in enumerate(TIERS):
            deck.append({"id": f"{tag}{i:02d}", "tag": tag, "d": d, "r": r,
                         "risk": RISK_BY_D.get(d)})
    return deck


def technique_set() -> list[str]:
    return [f"{tag}{v}" for tag in TAGS for v in (2, 3, 4)]


def card_tag(card: str) -> str:
    return card[:-1]


def card_value(card: str) -> int:
    return int(card[-1])
