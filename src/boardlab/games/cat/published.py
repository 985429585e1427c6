"""The rulebook's published simulator figures (附录 A and 附录 B), as plain data.

The rulebook's simulator (``gen_hat_data.js``, "同期暗出 AI（1 步前瞻 + 对'成为最脏者'的风险
折价）", 300-600 games per cell) produced these; the lab sets ours beside them. Keys of the
style tables are our bot names (``boardlab.games.cat.bots.BOOK_STYLES``); role keys are
``boardlab.games.cat.data.ROLES``. Win rates are fractions (0.097 = 9.7%).

How to compute ours from ``Result.summary``: a seat's style is its bot name; its role is
``summary["roles"][seat]``; exposures per game ``summary["exposures"]``; mean exposure round
over ``summary["exposure_rounds"]``; room size at exposure ``summary["exposure_totals"]``;
the half bill ``summary["exposure_bills"]``; leftover mess ``summary["final_mess"]``;
final bills ``summary["final_bills_total"]``; scores ``Result.scores``.
"""

from __future__ import annotations

SOURCE = "rulebook 附录 B：胜率表（模拟器数据）"

STYLE_NAMES = {"wild": "狂闹流", "tidy": "收拾流", "shifter": "甩锅流", "sniper": "狙击流",
               "steady": "稳当流"}

STYLE_WIN_RATE: dict[str, dict[int, float]] = {
    # 附录 B 打法流派平衡（混战 300 局；理想 3 人 33.3% / 4 人 25% / 5 人 20%）
    "wild": {3: 0.090, 4: 0.097, 5: 0.077},
    "tidy": {3: 0.223, 4: 0.200, 5: 0.227},
    "shifter": {3: 0.270, 4: 0.240, 5: 0.247},
    "sniper": {3: 0.210, 4: 0.253, 5: 0.270},
    "steady": {3: 0.233, 4: 0.243, 5: 0.230},
}
STYLE_MEAN_SCORE_4P: dict[str, float] = {  # same table, 场均分（4 人）
    "wild": 1.3, "tidy": 9.6, "shifter": 10.8, "sniper": 11.0, "steady": 10.4,
}
STYLE_GAMES = 300

ROLE_WIN_RATE: dict[str, dict[int, float]] = {
    # 附录 B 角色平衡（混战 600 局）
    "cat": {3: 0.350, 4: 0.238, 5: 0.257},
    "fish": {3: 0.328, 4: 0.294, 5: 0.205},
    "konrad": {3: 0.403, 4: 0.271, 5: 0.188},
    "sally": {3: 0.344, 4: 0.279, 5: 0.195},
    "things": {3: 0.314, 4: 0.252, 5: 0.217},
}
ROLE_MEAN_SCORE_4P: dict[str, float] = {
    "cat": 9.8, "fish": 11.6, "konrad": 9.8, "sally": 10.8, "things": 10.3,
}
ROLE_GAMES = 600

EXPOSURE_TABLE: dict[int, dict[str, object]] = {
    # 附录 B 曝光频率与账单（200 局/格诊断）; leftover = 终局三房剩余 (living, kitchen, bath)
    3: {"exposures_per_game": 1.05, "mean_exposure_round": 3.86, "mess_at_exposure": 14.1,
        "half_bill": 7.3, "leftover": (7.6, 7.2, 8.0), "final_bills_total": 22.8},
    4: {"exposures_per_game": 1.64, "mean_exposure_round": 3.69, "mess_at_exposure": 14.9,
        "half_bill": 7.7, "leftover": (9.3, 9.1, 9.1), "final_bills_total": 27.5},
    5: {"exposures_per_game": 2.13, "mean_exposure_round": 3.60, "mess_at_exposure": 15.7,
        "half_bill": 8.1, "leftover": (10.7, 9.7, 10.4), "final_bills_total": 30.9},
}
EXPOSURE_GAMES = 200

SCORE_SPREAD: dict[int, dict[str, float]] = {
    # 附录 B 分数分布（混战）
    3: {"min": -20, "max": 36, "mean": 8.0},
    4: {"min": -25, "max": 36, "mean": 8.6},
    5: {"min": -35, "max": 42, "mean": 8.3},
}

MESS_PER_GAME_4P = 80  # 🗺️ 地图特点: "每局乱局产出（实测）≈ 80 点" (4 人局 28 张 x 2.85)
FOUR_PLAYER_STYLE_RANGE = (0.200, 0.253)  # 附录 B / FAQ Q12: four non-wild styles, 4 players
