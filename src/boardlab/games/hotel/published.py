"""Figures the rulebook publishes, as plain data (section names are the rulebook's headings).

Win rates are fractions (0.270 = 27.0%). The style and role tables (附录 B) add up to
~100% over their rows at 3-5 players, so they are each style's / role's *share of all games
won*, not a per-seat rate (a per-seat rate of 5 styles at 3 seats would add up to 5/3); the
claims (``claims.py``) compare them as shares. Keys: styles are our bot names
(``bots.STYLE_NAMES``), roles ``data.ROLES``.
"""

from __future__ import annotations

SOURCE = "rulebook continental-hotel.zh.txt: 配置表, 附录 A, 附录 B"
SIMULATED_GAMES = 8000  # 附录 A: 「这些等式是模拟 8000 余局后提炼出的」

# 配置表 (players -> contracts per night, start gold, expected vault, expected unsold/game)
SETUP_TABLE = {
    3: {"contracts": 4, "gold": 8, "vault": 14, "unsold": 0.5},
    4: {"contracts": 5, "gold": 8, "vault": 18, "unsold": 1},
    5: {"contracts": 6, "gold": 8, "vault": 30, "unsold": 2},
    6: {"contracts": 7, "gold": 8, "vault": 36, "unsold": 3},
}
ROLES_USED = {3: "任选 3 人", 4: "任选 4 人", 5: "任选 5 人", 6: "6 人全上"}

# 附录 B 流派胜率 (share of wins, mean score) per player count
STYLE_NAMES = {"taker": "接单流", "risky": "高风险流", "cautious": "囤币流",
               "informant": "情报流", "stayer": "住客流"}
STYLE_TABLE: dict[str, dict[int, tuple[float, float]]] = {
    "taker": {3: (0.270, 45.5), 4: (0.306, 45.1), 5: (0.329, 41.1), 6: (0.241, 39.4)},
    "risky": {3: (0.236, 43.4), 4: (0.195, 42.7), 5: (0.171, 37.0), 6: (0.128, 36.4)},
    "cautious": {3: (0.186, 42.6), 4: (0.195, 43.0), 5: (0.179, 36.9), 6: (0.150, 36.9)},
    "informant": {3: (0.216, 43.4), 4: (0.201, 41.6), 5: (0.176, 37.3), 6: (0.140, 36.1)},
    "stayer": {3: (0.091, 35.3), 4: (0.103, 37.2), 5: (0.145, 37.4), 6: (0.123, 37.1)},
}
STYLE_POSITION = {"taker": "标准答案", "risky": "3-4 人局强势", "cautious": "稳健保二",
                  "informant": "均衡", "stayer": "稳但不冠"}
# 「4-5 人局各流派最均衡（17%-33%）」
BALANCED_RANGE_4_5P = (0.17, 0.33)

# 附录 B 角色胜率: (随机搭配, 适配搭配) share of wins per player count
ROLE_TABLE: dict[str, dict[int, tuple[float, float]]] = {
    "wick": {3: (0.166, 0.185), 4: (0.163, 0.183), 5: (0.160, 0.116), 6: (0.156, 0.129)},
    "winston": {3: (0.119, 0.109), 4: (0.090, 0.095), 5: (0.068, 0.174), 6: (0.054, 0.180)},
    "charon": {3: (0.150, 0.158), 4: (0.171, 0.144), 5: (0.160, 0.119), 6: (0.170, 0.108)},
    "beggar": {3: (0.210, 0.181), 4: (0.191, 0.180), 5: (0.231, 0.194), 6: (0.250, 0.213)},
    "sofia": {3: (0.209, 0.230), 4: (0.213, 0.244), 5: (0.194, 0.200), 6: (0.191, 0.200)},
    "cassian": {3: (0.146, 0.138), 4: (0.173, 0.155), 5: (0.188, 0.198), 6: (0.179, 0.171)},
}
WINSTON_6P_MEAN = 44.7  # 「6 人局场均 44.7 分全场最高」
# 角色表 「适合流派」: the styles each role is written for (our bot names)
ROLE_FIT = {"wick": ("taker", "risky"), "winston": ("stayer",), "charon": None,
            "beggar": ("cautious", "informant"), "sofia": ("taker", "risky"),
            "cassian": ("taker", "risky")}

# 附录 A ④: 「3 人局住店流场均 35.3 分，6 人局 37.1 分且胜率翻倍」
STAYER_MEAN = {3: 35.3, 6: 37.1}
VAULT_PER_SEAT_NIGHT = 1.5  # 附录 A ④: 「金库 ≈ 出价流水 ≈ 1.5 枚 × 人数 × 5 夜」

# 完整逐夜记录 · 终局 (the nightly log itself was lost in extraction)
EXAMPLE_FINAL = {
    3: {"role": "sofia", "rep": 4, "gold": 43, "wounds": 0, "total": 55},
    1: {"role": "winston", "rep": 2, "gold": 39, "wounds": 0, "total": 45},
    0: {"role": "wick", "rep": 2, "gold": 22, "wounds": 0, "total": 28},
    2: {"role": "beggar", "rep": 1, "gold": 0, "wounds": 1, "total": 1},
}
EXAMPLE_HANDS = [
    ["gun3", "gun2", "melee2", "stealth2", "gun4"],
    ["stealth3", "gun4", "melee2", "stealth2", "melee3"],
    ["melee3", "stealth3", "gun3", "melee2", "gun2"],
    ["melee4", "gun3", "stealth4", "stealth2", "stealth3"],
]
EXAMPLE_STYLES = ["taker", "stayer", "cautious", "risky"]  # 接单流 住客流 囤币流 高风险流

# 附录 A ③ fire ceiling; 配件
FIRE_CEILING = 10
COMPONENTS = {"commissions": 36, "technique_per_set": 9, "roles": 6, "events": 12,
              "intel": 12, "gold": 40, "wound_markers": 12, "stay_markers": 12}
VAULT_CAP = 15
START_GOLD = 8
HAND_SIZE = 5
NIGHTS = 5
