"""Fixed facts of 玩具不许动：安迪的房间 (rulebook §2-§5, supplement card sheet).

The room is a 3x3 grid; every toy starts each night on the toy box (2,3). Moves are
orthogonal. Cards and names here are paraphrased in our own words.
"""

from __future__ import annotations

from typing import NamedTuple

# cell id -> (row, col, icon, zh, en)
CELLS: dict[str, tuple[int, int, str, str, str]] = {
    "window": (1, 1, "🪟", "窗台", "window sill"),
    "bed": (1, 2, "🛏️", "安迪的床", "Andy's bed"),
    "shelf": (1, 3, "📚", "书架", "bookshelf"),
    "blocks": (2, 1, "🧱", "积木角", "block corner"),
    "rug": (2, 2, "🟥", "地毯", "rug"),
    "toybox": (2, 3, "🧸", "玩具箱", "toy box"),
    "door": (3, 1, "🚪", "门口", "doorway"),
    "lane": (3, 2, "🚗", "赛车车道", "race lane"),
    "kennel": (3, 3, "🐶", "狗窝", "dog bed"),
}
START = "toybox"


def neighbours(cell: str) -> list[str]:
    """Orthogonally adjacent cells (no diagonals)."""
    r, c = CELLS[cell][:2]
    return [k for k, v in CELLS.items() if abs(v[0] - r) + abs(v[1] - c) == 1]


ADJ: dict[str, list[str]] = {c: neighbours(c) for c in CELLS}


class Card(NamedTuple):
    id: str
    icon: str
    zh: str
    en: str
    cells: tuple[str, str]


# Night task cards (10): the two cells get a companion marker each.
TASK_CARDS: tuple[Card, ...] = (
    Card("tidy_blocks", "🧹", "收拾积木", "Tidy the blocks", ("blocks", "rug")),
    Card("park_cars", "🚗", "赛车归位", "Park the cars", ("lane", "toybox")),
    Card("shelve_books", "📚", "书本上架", "Shelve the books", ("shelf", "bed")),
    Card("water_dog", "🐶", "给小狗添水", "Water for the dog", ("kennel", "door")),
    Card("close_window", "🪟", "关上窗户", "Close the window", ("window", "bed")),
    Card("find_friends", "🧹", "找回失踪伙伴", "Find the lost friends", ("toybox", "window")),
    Card("crayon", "🎨", "擦掉蜡笔印", "Wipe the crayon", ("rug", "shelf")),
    Card("door_gap", "🚪", "堵住门缝", "Block the door gap", ("door", "blocks")),
    Card("make_bed", "🛏️", "铺好被子", "Make the bed", ("bed", "kennel")),
    Card("big_clean", "🧽", "深夜大扫除", "Midnight clean-up", ("lane", "window")),
)

# Andy roll-over cards (10): the two cells are Andy's sight cells.
ROLLOVER_CARDS: tuple[Card, ...] = (
    Card("roll_over", "😴", "翻了个身", "Rolls over", ("rug", "bed")),
    Card("drink", "🥛", "起来喝水", "Gets up for water", ("door", "kennel")),
    Card("moonlight", "🌙", "月光洒进来", "Moonlight", ("window", "rug")),
    Card("sleepwalk", "😶‍🌫️", "安迪梦游", "Sleepwalks", ("lane", "shelf")),
    Card("mom", "👩", "妈妈推门看一眼", "Mum peeks in", ("door", "rug")),
    Card("kick", "🦵", "踢开了被子", "Kicks off the quilt", ("bed", "blocks")),
    Card("nightlight", "💡", "小夜灯亮了", "Night light on", ("toybox", "window")),
    Card("sleeptalk", "🗣️", "说了句梦话", "Talks in his sleep", ("kennel", "bed")),
    Card("bark", "🐕", "狗叫了两声", "The dog barks", ("kennel", "lane")),
    Card("sit_up", "🛌", "安迪坐了起来", "Sits up", ("rug", "door")),
)
TASKS = {c.id: c for c in TASK_CARDS}
ROLLOVERS = {c.id: c for c in ROLLOVER_CARDS}

# Companion markers (12): each worth 4 screws at the end (🐉 5).
COMPANIONS: dict[str, tuple[str, str, str]] = {
    "bear": ("🐻", "小熊", "bear"),
    "pig": ("🐷", "小猪", "pig"),
    "brachio": ("🦕", "长颈龙", "brachiosaur"),
    "frog": ("🐸", "青蛙", "frog"),
    "robot": ("🤖", "机器人", "robot"),
    "bunny": ("🐰", "兔子", "bunny"),
    "octopus": ("🐙", "章鱼", "octopus"),
    "chick": ("🐤", "小鸡", "chick"),
    "doll": ("🪆", "套娃", "nesting doll"),
    "turtle": ("🐢", "乌龟", "turtle"),
    "koala": ("🐨", "考拉", "koala"),
    "fox": ("🦊", "狐狸", "fox"),
}

# Roles (6): icon, zh, en, short ability text (zh, en).
ROLES: dict[str, tuple[str, str, str, str, str]] = {
    "cowboy": ("🤠", "牛仔队长", "Cowboy captain",
               "每夜一次：本时刻移动 2 格", "once a night: move 2 cells this moment"),
    "ranger": ("🚀", "太空骑警", "Space ranger",
               "每夜一次：💥 声响按 1 计，进度与螺丝仍按 2", "once a night: a 💥 sounds as 1"),
    "dino": ("🦖", "塑料恐龙", "Plastic dino",
             "最佳定格 +2（共 7）", "best-freeze bonus +2 (7 in all)"),
    "potato": ("🥔", "土豆先生", "Mr Potato",
               "每夜一次：揭示后收回并重出动静卡", "once a night: take back and replay your card"),
    "springdog": ("🐩", "弹簧狗", "Spring dog",
                  "每夜一次：本时刻额外移动 1 格", "once a night: one extra cell of movement"),
    "dragon": ("🐉", "抱抱龙", "Hug dragon",
               "每个伙伴 +1（共 5）", "each companion you rescue is worth 5"),
}
ROLE_IDS = tuple(ROLES)

# Items (8 kinds x 3 = 24): icon, zh, en, timing window.
ITEMS: dict[str, tuple[str, str, str, str]] = {
    "socks": ("🧦", "绒拖鞋", "fluffy slippers", "noise"),
    "flashlight": ("🔦", "手电筒", "flashlight", "noise"),
    "oil": ("🧴", "润滑油", "oil can", "noise"),
    "earmuffs": ("🎧", "隔音耳罩", "earmuffs", "react"),
    "magnet": ("🧲", "小磁铁", "magnet", "move"),
    "box": ("📦", "纸箱盾", "cardboard shield", "noise"),
    "clock": ("⏰", "小闹钟", "alarm clock", "any"),
    "mirror": ("🪞", "小镜子", "hand mirror", "peek"),
}
ITEM_IDS = tuple(ITEMS)
NOISE_ITEMS = ("socks", "flashlight", "oil", "box")

# Noise cards: value -> icon.
NOISE_ICONS = {0: "🤫", 1: "🚶", 2: "💥", 3: "🔊"}


class Numbers(NamedTuple):
    """Per-count table (§5 Step 4): threshold T, task need M, cap, per-night minimum."""

    threshold: int
    need: int
    cap: int
    night_min: int


TABLE: dict[int, Numbers] = {
    3: Numbers(5, 13, 15, 3),
    4: Numbers(6, 16, 19, 4),
    5: Numbers(7, 19, 23, 5),
    6: Numbers(8, 22, 23, 5),
}


def cell_name(cell: str, lang: str) -> str:
    icon, zh, en = CELLS[cell][2:]
    return f"{icon}{zh if lang == 'zh' else en}"
