"""Figures the rulebook publishes, as plain data with § references (for the lab to check).

Derived figures (night minimum, cap margin) hold for play without roles and items; the
supplement notes that 🚀 or 🧦 can make a night with no crossing at all.
"""

from __future__ import annotations

# §5 Step 4 and the quick-reference card (§11).
QUICK_REFERENCE = {
    3: {"T": 5, "safe_per_moment": 4, "zero_risk_per_night": 12, "M": 13,
        "min_active_to_cross": 2, "night_min_exposure": 3, "cap": 15},
    4: {"T": 6, "safe_per_moment": 5, "zero_risk_per_night": 15, "M": 16,
        "min_active_to_cross": 3, "night_min_exposure": 4, "cap": 19},
    5: {"T": 7, "safe_per_moment": 6, "zero_risk_per_night": 18, "M": 19,
        "min_active_to_cross": 4, "night_min_exposure": 5, "cap": 23},
    6: {"T": 8, "safe_per_moment": 7, "zero_risk_per_night": 21, "M": 22,
        "min_active_to_cross": 4, "night_min_exposure": 5, "cap": 23},
}
SOURCES = {
    "QUICK_REFERENCE": "§5 Step 4 table; quick-reference card",
    "PERFECT_PLAY_MARGIN": "quick-reference card: '完美打法结束时，距爆点恒好剩 2 点'",
    "FOUR_PLAYER_LIMIT": "FAQ 10.10: exposure 18 is the 4-player limit, 19 ends the game",
    "EXAMPLE_1": "§7.1",
    "EXAMPLE_2": "§7.2-7.4",
    "SCORING": "§6.4 scoring table",
    "VARIANTS": "§9.1-9.6 and supplement",
}
# cap − 1 − 4 × night minimum: the extra exposure perfect play can still absorb
# (the card says exactly 2; §7.3 says 3, see the rulings audit).
CAP_MARGIN = {p: r["cap"] - 1 - 4 * r["night_min_exposure"] for p, r in QUICK_REFERENCE.items()}
PERFECT_PLAY_MARGIN_STATED = 2
FOUR_PLAYER_LIMIT = 18

SCORING = {"per_noise": 1, "task_done": 3, "task_failed": -2, "task_failed_exposure": 3,
           "best_freeze": 5, "dino_bonus": 2, "clock_bonus": 2, "companion": 4,
           "dragon_companion": 5, "dawn": 5, "caught_active": -6}

EXAMPLE_1 = {"exposure_after_moment": {1: 7, 2: 7, 3: 16}, "progress": 16,
             "task_done": True, "screws": [7, 7, 7, 7]}
EXAMPLE_2 = {
    "players": ["阿May 🤠", "老K 🚀", "小七 🐩", "团团 🐉"],
    "night_exposure": [4, 9, 14, 18],
    "night_screws": [[8, 8, 8, 9], [15, 15, 15, 16], [24, 23, 23, 24], [33, 30, 32, 32]],
    "final": [46, 43, 45, 47], "winner": 3,
    "companions": {0: [("bear", 1, "lane"), ("koala", 4, "door")],
                   1: [("pig", 1, "toybox"), ("turtle", 4, "window")],
                   2: [("frog", 2, "shelf"), ("chick", 3, "blocks")],
                   3: [("bunny", 2, "bed"), ("octopus", 3, "rug")]},
    "output_per_night": [[5, 5, 0, 6], [4, 4, 4, 4], [6, 0, 5, 5], [6, 4, 6, 0]],
}
VARIANTS = {
    "9.1": {"cap_plus": 3, "sight_penalty": 0, "four_player_cap": 22},
    "9.2": {"nights": 5, "cap": "5 × night minimum + 3", "four_player_cap": 23,
            "night5_need_plus": 2, "four_player_night5_need": 18},
    "9.4": {"players": (5, 6), "right": 3, "wrong": -1},
}
MAP = {"cells": 9, "start_cells": 1, "companions_per_night": 2, "sight_cells_per_night": 2,
       "max_companions": 8, "companion_value_total": 32,
       "cells_at_distance": {1: 3, 2: 3, 3: 2}}
DECKS = {"task_cards": 10, "rollover_cards": 10, "items": 24, "item_kinds": 8,
         "companions": 12, "roles": 6, "rug_rollover_cards_stated": 4}
