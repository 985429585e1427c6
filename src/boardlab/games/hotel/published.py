"""Figures the rulebook publishes, as data (section names are the rulebook's headings)."""

from __future__ import annotations

# 配置表 (players -> contracts per night, start gold, expected vault, expected unsold/game)
SETUP_TABLE = {
    3: {"contracts": 4, "gold": 8, "vault": 14, "unsold": 0.5},
    4: {"contracts": 5, "gold": 8, "vault": 18, "unsold": 1},
    5: {"contracts": 6, "gold": 8, "vault": 30, "unsold": 2},
    6: {"contracts": 7, "gold": 8, "vault": 36, "unsold": 3},
}

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

# 附录 A ③ fire ceiling; 附录 A ④ vault ≈ 1.5 x players x 5 nights
FIRE_CEILING = 10
COMPONENTS = {"commissions": 36, "technique_per_set": 9, "roles": 6, "events": 12,
              "intel": 12, "gold": 40, "wound_markers": 12, "stay_markers": 12}
