"""burgle's claim register: the numeric and comparative statements of 神偷拍档
(``burgle-bros.zh.txt``: setup, turn, guards, alarms, safes, escape, fewer players) and of
its supplement (tiles, tools, loot, events, characters, walls), as plain data
(format: docs/claims.md).

The rulebook publishes no figures of play; its claims are component counts, rule numbers
(checked from the game's data or replayed from scenarios) and the bounds they imply
(checked by search over legal play).
"""

from __future__ import annotations

from collections import Counter

from boardlab.engine.chance import Dist, draws
from boardlab.engine.claims import (
    Claim,
    Enumerate,
    Formula,
    Metric,
    NotCheckable,
    Paired,
    Register,
    Replay,
    Search,
    summary_value,
)
from boardlab.engine.rulebook import Rulebook
from boardlab.games.burgle import GAME, data
from boardlab.games.burgle.config import BurgleConfig

DEFAULT = BurgleConfig()


def F(cid, section, quote, english, published, fn, note=""):
    return Claim(cid, section, quote, english, "arithmetic", published, Formula(fn), note)


def R(cid, section, quote, english, published, path, kind="worked_example"):
    return Claim(cid, section, quote, english, kind, published, Replay(path))


def _numbers() -> dict[int, int]:
    return dict(sorted(Counter(data.number_of(t) for t in data.tile_copies()
                               if not t.startswith("safe")).items()))


def _character_offers() -> Dist:
    """How many characters of its own each seat is offered (the fewest over the seats),
    over every deal at the most players. The rules shuffle the 9 characters and offer seat
    ``i`` cards ``2i`` and ``2i + 1`` (rules.py setup): the offers are then 2 drawn for
    seat 0 from the 9, 2 for seat 1 from what is left, and so on (``chance.draws`` chained
    with ``then``: the same distribution of offers as the orders of a shuffle, without
    listing them). A character offered to two seats would not count for either. The rules'
    own offers of a seed must be one of these outcomes."""
    n = GAME.max_players
    offers = Dist.point(())

    def next_seat(taken: tuple) -> Dist:
        used = {c for pair in taken for c in pair}
        return draws({c: 1 for c in data.CHARACTERS if c not in used}, 2)

    for _ in range(n):
        offers = offers.then(next_seat).map(lambda step: (*step[0], step[1]))
    for seed in (0, 1, 2):
        dealt = tuple(tuple(sorted(o, key=repr))
                      for o in GAME.new_game({"players": n}, seed).offers)
        if dealt not in offers.p:
            raise ValueError(f"the rules offered {dealt}: not 2 distinct characters a seat")

    def own(pairs: tuple) -> int:
        sets = [set(p) for p in pairs]
        return min(len(o - set().union(*(x for j, x in enumerate(sets) if j != i)))
                   for i, o in enumerate(sets))

    return offers.map(own)


def _max(key: str):
    return lambda first, last: float(max(last[key]))


def _min(key: str):
    return lambda first, last: float(min(last[key]))


def _loss(key: str):
    def fn(row) -> float | None:
        loss = row["summary"].get("loss")
        return None if not loss or loss.get("by") == "time" else float(loss[key])
    return fn


def _caught_by(cause: str):
    def fn(row) -> float | None:
        loss = row["summary"].get("loss")
        return None if not loss else float(loss.get("by") == cause)
    return fn


CLAIMS = [
    F("players", "游戏规则", "《神偷拍档》是一个1-4人的合作类游戏", "1 to 4 players.", (1, 4),
      lambda: (GAME.min_players, GAME.max_players)),
    Claim("bank.time", "设置：银行任务", "3层，2-4人，90分钟", "The Bank job takes about 90 minutes.",
          "bound", 90, NotCheckable("playing time of people; the software has no clock of play")),
    F("bank.floors", "设置：银行任务", "3层", "The Bank job has 3 floors.", 3,
      lambda: GAME.new_game({"players": 2}, 0).floors),
    F("tiles.total", "supplement Room tiles", "48 (3 Safe, 3 Stairs, 42 others)",
      "48 room tiles: 3 safes, 3 stairs, 42 others.", (48, 3, 3, 42),
      lambda: (len(data.tile_copies()),
               sum(t.startswith("safe") for t in data.tile_copies()),
               sum(t.startswith("stairs") for t in data.tile_copies()),
               sum(not t.startswith(("safe", "stairs")) for t in data.tile_copies()))),
    F("tiles.piles", "设置", "将剩余的42张卡洗牌后平均分成三堆，每堆14张",
      "The 42 other tiles are split into three piles of 14, then a safe and stairs join each.",
      (14, 16), lambda: (sum(not t.startswith(("safe", "stairs")) for t in data.tile_copies()) // 3,
                         sum(1 for _ in GAME.new_game({"players": 2}, 0).tiles[:16]))),
    F("tiles.numbers", "supplement Room tiles",
      "numbers 1, 2, 3 appear 8 times each and 4, 5, 6 seven times each",
      "Across the 45 numbered copies 1-3 appear 8 times and 4-6 seven times.",
      {1: 8, 2: 8, 3: 8, 4: 7, 5: 7, 6: 7}, _numbers),
    F("walls.per_floor", "设置 / 进阶墙壁摆放", "在每一层放置8堵墙", "8 walls on each floor.",
      [8, 8, 8], lambda: [len(w) for w in data.default_walls()]),
    F("patrol.cards", "设置", "将巡逻卡按照各自的颜色（红橙黄）分成三堆，每堆16张",
      "Three patrol decks of 16 cards.", 16,
      lambda: len(GAME.new_game({"players": 4}, 0).guards[0]["deck"])),
    F("guard.start", "设置", "一楼是2，二楼是3，三楼是4", "Guard dice start at 2, 3 and 4.",
      [2, 3, 4], lambda: list(data.GUARD_START_DIE)),
    F("guard.max", "加速", "将他的速度提升1（最大为6）", "A guard's die never exceeds 6.", 6,
      lambda: data.MAX_GUARD_DIE),
    F("patrol.removed", "更少的玩家 / supplement", "1 player 9, 2 players 6, 3 players 3, 4 players 0",
      "Patrol cards removed at setup: 9/6/3/0 for 1/2/3/4 players.", [9, 6, 3, 0],
      lambda: [data.PATROL_REMOVED[n] for n in (1, 2, 3, 4)],
      note="the zh text says only 一定数量; numbers from the supplement (R6)"),
    F("stealth.start", "开始游戏", "拿取相应的角色标记和3个隐蔽指示物", "Each player has 3 stealth.",
      3, lambda: data.STEALTH_START),
    Claim("characters.dealt", "开始游戏", "每位玩家获得2个随机角色卡",
          "Each seat is offered 2 characters of its own, in every deal.", "arithmetic", 2,
          Enumerate(_character_offers, "every"),
          note="proved over every deal of the 9 characters at 4 players"),
    F("turn.actions", "在你的回合中", "以任意组合执行以下4个行动", "Up to 4 actions a turn.", 4,
      lambda: data.ACTIONS_PER_TURN),
    R("turn.event", "事件", "如果你使用了0次，1次或者2次行动，你必须抓取一张事件卡",
      "Ending with 0-2 actions used draws an event; 3 or 4 draws none.", 2,
      "alarm_pulls_guard.yaml", kind="arithmetic"),
    R("safe.die_cost", "解锁", "使用2个行动来放置1个骰子在其上，或者使用1个行动来掷上面所有的骰子",
      "Adding a safe die costs 2 actions; rolling costs 1.", (2, 1), "safe_over_turns.yaml",
      kind="arithmetic"),
    R("safe.open", "解锁", "本层及以下楼层的守卫行动步数都+1",
      "Opening a safe gives a tool (and a loot) and +1 to this floor's guard and those below.",
      1, "safe_over_turns.yaml"),
    F("safe.combination", "解锁", "翻开金库所在格的行和列的所有6张卡牌",
      "A safe's combination is the 6 tiles of its row and column.", 6,
      lambda: len(GAME._combination(GAME.new_game({"players": 1}, 0), 5))),
    F("safe.max_dice", "supplement Safes", "at most 6 dice on a safe", "At most 6 dice on a safe.",
      6, lambda: data.MAX_SAFE_DICE),
    F("hack.max", "破解", "一个电脑机房卡上的破解指示物不能超过6个",
      "At most 6 hack tokens on a computer room.", 6, lambda: data.MAX_HACKS),
    R("guard.example.d3_a1", "移动守卫 / supplement Guards", "D3 heading to A1 walks W, W, W, N, N",
      "The guard from D3 to A1 on an open floor walks W W W N N.", "W W W N N",
      "guard_clockwise_d3_a1.yaml"),
    R("guard.example.b3_c4", "移动守卫 / supplement Guards", "B3 heading to C4 walks E, S",
      "The guard from B3 to C4 walks E then S.", "E S", "guard_clockwise_b3_c4.yaml"),
    R("guard.alarm_speed", "移动守卫", "将本层引发的警报数量加入守卫的移动步数中",
      "A guard moves die + active alarms on his floor.", 3, "alarm_pulls_guard.yaml"),
    R("stairs.roof", "游戏结束", "从楼梯上屋顶需要使用一个行动",
      "With every safe open, 1 action from the top stairs reaches the roof; all there wins.", 1,
      "escape_roof.yaml"),
    R("caught", "游戏结束", "一旦有人被逮住，整个队伍就失败了",
      "Seen with no stealth left: the whole team loses.", 0, "caught.yaml"),
    R("laser.two", "supplement Laser", "Entering costs 2 actions",
      "Entering a laser costs 2 actions, else its alarm.", 2, "laser.yaml", kind="arithmetic"),
    R("deadbolt.three", "supplement Deadbolt", "entering costs 3 actions",
      "Entering an empty deadbolt costs 3 actions.", 3, "deadbolt.yaml", kind="arithmetic"),
    F("deck.sizes", "supplement", "Tools (13) · Loot (13 cards) · Events (26) · Characters (9)",
      "13 tools, 13 loot cards, 26 events, 9 characters with 2 sides.", (13, 13, 26, 9, 2),
      lambda: (len(data.TOOLS), len(data.LOOT_CARDS), len(data.EVENTS), len(data.CHARACTERS),
               min(len(v) - 2 for v in data.CHARACTERS.values()))),
    Claim("bound.stealth", "游戏结束", "如果你已经没有躲藏指示物了",
          "Stealth never goes below 0 (search over play, 3 players).", "bound", 0,
          Search({"players": 3}, segment=lambda f: 0, measure=_min("stealth"), compare="ge",
                 walks=120)),
    Claim("bound.guard_die", "加速", "最大为6",
          "No guard die ever exceeds 6 (search over play, 4 players).", "bound", 6,
          Search({"players": 4}, segment=lambda f: 0, measure=_max("guard_die"), compare="le",
                 walks=120)),
    Claim("bound.safe_dice", "supplement Safes", "at most 6 dice",
          "No safe ever holds more than 6 dice (search over play).", "bound", 6,
          Search({"players": 2}, segment=lambda f: 0, measure=_max("safe_dice"), compare="le",
                 walks=120)),
    Claim("bound.hacks", "破解", "不能超过6个",
          "No computer room ever holds more than 6 hack tokens (search over play).", "bound", 6,
          Search({"players": 2}, segment=lambda f: 0,
                 measure=lambda first, last: float(max(last["hacks"].values())),
                 compare="le", walks=120)),
    Claim("walls.random_harder", "进阶墙壁摆放",
          "你可以自己试试摆放墙壁以使游戏更加困难……长走廊和死胡同能让楼层更具挑战",
          "Walls the players place themselves (the random walls) make the Bank job harder "
          "than the default walls: the team opens fewer safes (the team bot, 2 players, "
          "each seed under both).", "strategy", "harder",
          Paired({"players": 2}, {"players": 2, "walls": "random"},
                 summary_value("safes_opened"), direction="greater", games=60)),
    Claim("strategy.peek", "提示", "窥视更安全，但比较慢", "Peeking is safer but slower than moving in.",
          "strategy", "safer", NotCheckable("the book gives no measure; our one team bot "
                                            "always peeks before stepping in")),
    Claim("strategy.fingerprint_computer", "提示", "指纹锁电脑机房非常有帮助，尽快找到它",
          "The Fingerprint computer room is very helpful; find it early.", "strategy", "helpful",
          NotCheckable("no figure is given and no bot variant ignores it to compare")),
]

# The supplement's room-tile table as printed: copies and safe-crack numbers per kind.
TILE_TABLE = {"safe": (3, ()), "stairs": (3, (4, 5, 6)), "walkway": (3, (1, 2, 3)),
              "lab": (2, (3, 4)), "lavatory": (1, (5,)), "duct": (2, (5, 6)),
              "secret_door": (2, (1, 2)), "computer_fingerprint": (1, (4,)),
              "computer_laser": (1, (5,)), "computer_motion": (1, (6,)),
              "camera": (4, (1, 2, 3, 6)), "laser": (3, (1, 2, 3)), "motion": (3, (1, 2, 3)),
              "detector": (3, (4, 5, 6)), "fingerprint": (3, (4, 5, 6)),
              "thermo": (3, (1, 2, 3)), "keypad": (3, (4, 5, 6)), "deadbolt": (3, (1, 2, 3)),
              "foyer": (2, (1, 2)), "atrium": (2, (3, 4))}


def _our_tiles() -> dict[str, tuple[int, tuple[int, ...]]]:
    return {k: (len(nums), () if k == "safe" else tuple(nums))
            for k, (nums, *_rest) in data.TILES.items()}


def cross_claims() -> list[Claim]:
    """The supplement's tables against its own totals and against the original text."""
    return [
        F("tiles.table", "supplement: Room tiles", "| Camera | 4 | 1, 2, 3, 6 |",
          "Every row of the supplement's tile table (copies and crack numbers per kind) is "
          "the game's.", TILE_TABLE, _our_tiles),
        F("tiles.table_sum", "supplement: Room tiles", "Room tiles: 48 (3 Safe, 3 Stairs, 42 "
          "others)", "The tile table's copies column adds up to its heading's 48, and the "
          "numbered copies to the 45 of its last line.", (48, 45),
          lambda: (sum(n for n, _ in TILE_TABLE.values()),
                   sum(len(nums) for _, nums in TILE_TABLE.values()))),
        F("walls.default", "supplement: Default Bank job walls", "8 per floor",
          "The listed default walls are 8 on each floor, as the original's set-up says.",
          [8, 8, 8], lambda: [len(f) for f in data.default_walls()]),
        F("turn.event_threshold", "1. 行动 / 事件", "如果你使用的行动不到3个，抓取一张事件卡",
          "The turn summary (fewer than 3 actions) and the event rule (0, 1 or 2 actions; 3 "
          "or 4: nothing) name the same action counts.", [0, 1, 2],
          lambda: [n for n in range(data.ACTIONS_PER_TURN + 1) if n < 3]),
    ]


REGISTER = Register(
    game="burgle",
    source="神偷拍档 (burgle-bros.zh.txt) with burgle-bros.supplement.md",
    claims=[*CLAIMS, *cross_claims()],
    metrics=[Metric("safes", summary_value("safes_opened"), "safes opened per game"),
             Metric("turns", summary_value("turns"), "turns per game"),
             Metric("alarms", summary_value("alarms"), "alarms triggered per game"),
             Metric("stealth_lost", summary_value("stealth_lost"), "stealth lost per game"),
             Metric("escaped", summary_value("escaped"), "players on the roof at the end"),
             Metric("loss_floor", _loss("floor"), "floor where a lost game was lost"),
             Metric("loss_turn", _loss("turn"), "turn when a lost game was lost"),
             Metric("caught_by_guard", _caught_by("guard"),
                    "lost games ended by a guard stepping on a player (1) or by sight (0)",
                    proportion=True)],
    stand_in="the book publishes no figures of play; simulations seat the team bot",
)

ZB, SB = "burgle-bros.zh.txt", "burgle-bros.supplement.md"
RULE = ("a rule of play, not a claim about play: its numbers are the rules as implemented "
        "(games/burgle/rules.py) and replayed by scenarios/burgle/ (one or more a tile, tool, "
        "loot, event and character)")

RULEBOOK = Rulebook(
    files=(ZB, SB),
    covers={
        f"{ZB}:11": ("tiles.total", "tiles.table_sum"), f"{ZB}:13": ("guard.start",),
        f"{ZB}:19": ("stealth.start", "characters.dealt"),
        f"{ZB}:41": ("safe.die_cost",), f"{ZB}:45": ("turn.event", "turn.event_threshold"),
        f"{ZB}:53-57": ("laser.two", "deadbolt.three"), f"{ZB}:59": ("stairs.roof",),
        f"{ZB}:77-79": ("turn.event", "turn.event_threshold"),
        f"{ZB}:83": ("guard.example.d3_a1", "guard.example.b3_c4"),
        f"{ZB}:85": ("bound.stealth",), f"{ZB}:115": ("walls.per_floor", "walls.default",
                                                          "walls.random_harder"),
        f"{ZB}:119": ("stealth.start",),
        f"{SB}:13-36": ("tiles.table", "tiles.table_sum", "tiles.total"),
        f"{SB}:46-47": ("safe.max_dice", "safe.die_cost", "safe.combination"),
        f"{SB}:51": ("safe.open",), f"{SB}:54": ("guard.start", "guard.alarm_speed"),
        f"{SB}:60": ("guard.max", "bound.guard_die"),
        f"{SB}:65-66": ("guard.example.d3_a1", "guard.example.b3_c4"),
        f"{SB}:70-71": ("patrol.cards", "patrol.removed"),
        f"{SB}:75": ("stealth.start", "bound.stealth"),
        f"{SB}:81-82": ("turn.actions", "turn.event", "turn.event_threshold"),
        f"{SB}:84-88": ("walls.default", "walls.per_floor"),
        f"{SB}:90": ("deck.sizes",), f"{SB}:102": ("deck.sizes",),
        f"{SB}:113": ("deck.sizes",), f"{SB}:131": ("deck.sizes", "characters.dealt"),
    },
    lines={
        f"{ZB}:1": "a stray site title of the extracted page",
        f"{ZB}:5": "the game's pitch (a team of thieves; one caught ends it: claim caught)",
        f"{ZB}:9-15": RULE + " (set-up of the Bank job and the goal)",
        f"{ZB}:21-27": RULE + " (the first patrol cards and the entrance)",
        f"{ZB}:47": RULE + " (the guard moves after every turn)",
        f"{ZB}:73": RULE + " (tools may be given or swapped on a shared tile)",
        f"{ZB}:83-95": RULE + " (how guards walk, see and are drawn by alarms)",
        f"{ZB}:107-111": "tips for play without a figure to check",
        f"{ZB}:117": "a heading (fewer players)",
        f"{SB}:1-11": "the supplement's heading, its note on the stray title and its "
                      "coordinates",
        f"{SB}:38": "the count of numbered tiles (claim tiles.numbers)",
        f"{SB}:40-43": RULE + " (movement basics)", f"{SB}:54-71": RULE + " (guards)",
        f"{SB}:75-82": RULE + " (stealth, escape and the turn)",
        f"{SB}:90-156": RULE,
    },
)
