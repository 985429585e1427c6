"""toys' claim register: every numeric or comparative statement of 玩具不许动：安迪的房间
(rulebook text, FAQ, quick-reference card, and the supplement), as plain data.

Read line by line, in the book's order: §1 overview, §2 components and the per-count
setup table, §3-4 cards and map, §5 set-up table and flow, §6 scoring, §7 worked examples,
§8 strategy, §9 variants, §10 FAQ, §11 quick reference, then the supplement. Format:
docs/claims.md. Contradictions also appear in docs/rulings/toys.md (audit A1-A9).

Stand-in bots: the book publishes no simulator. ``coordinated`` (the §8 advice as a public
convention: a freeze rota, staggered noise) stands in for "perfect play" and ``greedy`` for a
player who takes what is in front of them; simulated claims say which they use.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import replace
from fractions import Fraction

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
    Simulate,
    summary_value,
)
from boardlab.engine.rulebook import Rulebook
from boardlab.engine.whatif import config
from boardlab.games.toys import GAME
from boardlab.games.toys import published as pub
from boardlab.games.toys.config import ToysConfig, numbers
from boardlab.games.toys.data import (
    ADJ,
    CELLS,
    COMPANIONS,
    ITEMS,
    NOISE_ICONS,
    ROLES,
    ROLLOVER_CARDS,
    START,
    TABLE,
    TASK_CARDS,
)

PLAYERS = (3, 4, 5, 6)
MOMENTS = 3
ITEM_COPIES = 3  # the rules build the item deck as 3 of each kind (rules.setup)
COORDINATED = ("coordinated",)
PLAIN = {"roles": False, "items": False}  # the quick reference's derivations exclude both


def _distances() -> dict[str, int]:
    dist = {START: 0}
    todo = deque([START])
    while todo:
        c = todo.popleft()
        for n in ADJ[c]:
            if n not in dist:
                dist[n] = dist[c] + 1
                todo.append(n)
    return dist


def _cells_at(d: int) -> int:
    return sum(v == d for v in _distances().values())


def _sight_counts() -> dict[str, int]:
    return {c: sum(c in card.cells for card in ROLLOVER_CARDS) for c in CELLS}


def _task_counts() -> dict[str, int]:
    return {c: sum(c in card.cells for card in TASK_CARDS) for c in CELLS}


def _nums(players: int, **kw) -> dict:
    return numbers(config(ToysConfig, players=players, **kw))


def _max_card(p: int) -> int:
    return 3 if _nums(p)["loud"] else 2


def _min_active_to_cross(p: int) -> int:
    """Fewest 🧸 toys whose cards can reach T (no items or abilities)."""
    return math.ceil(_nums(p)["threshold"] / _max_card(p))


def _crossing(S: int, T: int, active: int, watched: int = 0) -> int:
    """Exposure of one moment, as the rules compute it (§10.2 formula)."""
    return 0 if S < T else (S - T + 1) + active + 2 * watched


def _night_min_derived(p: int) -> int:
    """The card's derivation: one crossing at S = T with the fewest toys still active."""
    return _crossing(_nums(p)["threshold"], _nums(p)["threshold"], _min_active_to_cross(p))


def _night_cost(first: dict, last: dict) -> float:
    return float(last["exposure"] - first["exposure"])


def _task_without_crossing(first: dict, last: dict) -> float:
    """1 for a night whose task was done although no exposure was added at all."""
    done = last["tasks_done"][len(first["tasks_done"]):]
    return float(bool(done) and done[0] and last["exposure"] == first["exposure"])


def _crossing_margin(first: dict, last: dict) -> float:
    """S − T of the reveal that opened this segment, if it added exposure (else a number no
    bound is below)."""
    info = first.get("last") or {}
    if not info.get("exposure_added"):
        return 99.0
    return float(info["S"] - first["threshold"])


def _active_at_crossing(first: dict, last: dict) -> float:
    """Toys still active at the reveal that opened this segment, if it crossed (else a
    number no bound is below)."""
    info = first.get("last") or {}
    if not info.get("crossed"):
        return 99.0
    return float(sum(not f for f in first["frozen"]))


def _rug_nights() -> Dist:
    """The share of a game's nights on which the rug is a sight cell, over every draw of
    the night's roll-over cards: the rules shuffle the 10 (rules.setup) and turn one a night
    (``_night_card``), so the nights' cards are a draw without replacement from the deck
    (multivariate hypergeometric, ``chance.draws``); each outcome is how many name the rug."""
    nights = _nums(4)["nights"]
    rug = sum("rug" in c.cells for c in ROLLOVER_CARDS)
    dealt = draws({"rug": rug, "other": len(ROLLOVER_CARDS) - rug}, nights)
    return dealt.map(lambda hand: Fraction(hand.count("rug"), nights))


def _overlap() -> Dist:
    """Whether a night's companion cells and sight cells share a cell, over every pair of
    its task card and roll-over card: 「任务卡和翻身卡分开洗牌、各自翻一张」, two decks
    shuffled apart, so a night's pair is uniform over task × roll-over cards."""
    return (Dist.uniform(TASK_CARDS) & Dist.uniform(ROLLOVER_CARDS)).map(
        lambda pair: bool(set(pair[0].cells) & set(pair[1].cells)))


def _working_night_output(row, seat):
    """A never-freezing seat's screws per night from its own noise (the night's gain less
    the task's +3 / −2), over the nights whose end was reached; ``None`` for seats that
    froze (their nights mix work and the +5)."""
    s = row["summary"]
    if s["freezes"][seat] or not s["night_screws"]:
        return None
    before, outs = 0, []
    for night, (cum, done) in enumerate(zip(s["night_screws"], s["tasks_done"],
                                            strict=False)):
        award = pub.SCORING["task_done"] if done else pub.SCORING["task_failed"]
        outs.append(cum[seat] - before - award)
        before = cum[seat]
        if night >= 2:  # night 4's line may carry the dawn bonus or a wake's −6
            break
    return sum(outs) / len(outs) if outs else None


def _seat_nights(summary):
    """Per night whose end was reached: each seat's screws gained that night (noise, task
    award, freeze bonus; no dawn bonus or wake), the seats 🧊 at its end, and the seats that
    played a card in all three moments (``moment_output`` is None for a frozen seat)."""
    before = [0] * len(summary["freezes"])
    moments = summary["moment_output"]
    for night, (cum, frozen) in enumerate(zip(summary["night_screws"],
                                              summary["night_frozen"], strict=False)):
        gain = [a - b for a, b in zip(cum, before, strict=True)]
        before = cum
        mom = moments[MOMENTS * night:MOMENTS * (night + 1)]
        working = [s for s in range(len(cum)) if not frozen[s] and len(mom) == MOMENTS
                   and all(m[s] is not None for m in mom)]
        yield gain, [s for s in range(len(cum)) if frozen[s]], working, mom


def _freeze_gap(whole_night: bool = False):
    """Per game, one value a night that had both: the mean screws a frozen seat gained that
    night less the mean a seat that worked all night gained (the task award is the same for
    both, so this is the +5 and what was made before freezing against a night's output).
    ``whole_night``: only seats frozen before moment 1's reveal (整夜收工)."""

    def fn(row):
        out = []
        for gain, frozen, working, mom in _seat_nights(row["summary"]):
            if whole_night:
                frozen = [s for s in frozen if mom and mom[0][s] is None]
            if frozen and working:
                out.append(sum(gain[s] for s in frozen) / len(frozen)
                           - sum(gain[s] for s in working) / len(working))
        return out or None

    return fn


def _worker_gap(whole_night: bool = False):
    """The same night gap read from the worker's side (a worker's gain less a freezer's)."""
    gap = _freeze_gap(whole_night)

    def fn(row):
        got = gap(row)
        return [-x for x in got] if got else None

    return fn


def _working_output(first_moment: int):
    """Per game, one value per seat-night that worked all night: its screws from its own
    noise in moments ``first_moment``..3 (what freezing at that moment gives up)."""

    def fn(row):
        out = [sum(m[s] for m in mom[first_moment - 1:])
               for _, _, working, mom in _seat_nights(row["summary"]) for s in working]
        return [float(x) for x in out] or None

    return fn


def _spare_of_done_night(first: dict, last: dict) -> float:
    """For a night whose task was done: the points a game of nights like it would leave
    absorbable below the cap (cap - 1 - nights x this night's exposure), the figure the
    quick reference's 「恒好剩 2」 rests on; a number no bound is below for a failed night."""
    done = last["tasks_done"][len(first["tasks_done"]):]
    if not (done and done[0]):
        return -99.0
    nights = _nums(4)["nights"]
    return float(last["cap"] - 1 - nights * (last["exposure"] - first["exposure"]))


def _seat_score(row, seat):
    return float(row["scores"][seat])


def _margin_at_dawn(row):
    s = row["summary"]
    return float(s["cap"] - 1 - s["exposure"]) if s["dawn"] else None


def _spare(row):
    s = row["summary"]
    return float(s["cap"] - 1 - s["exposure"])


def F(cid, section, quote, english, kind, published, fn, compare="eq", note="", tol=0.0):
    return Claim(cid, section, quote, english, kind, published, Formula(fn, compare, tol), note)


def R(cid, section, quote, english, published, path, kind="worked_example", note=""):
    return Claim(cid, section, quote, english, kind, published, Replay(path), note)


EX2 = pub.EXAMPLE_2
OUTPUT = [sum(n[s] for n in EX2["output_per_night"]) for s in range(4)]


def overview() -> list[Claim]:
    return [
        F("ov.players", "§1 概述", "3–6 人的半合作派对桌游", "The game seats 3 to 6 players.",
          "arithmetic", (3, 6), lambda: (GAME.min_players, GAME.max_players)),
        F("ov.nights", "§1 概述", "在这 4 个夜晚里完成 4 件夜间任务",
          "A game has 4 nights, one task each.", "arithmetic", 4, lambda: _nums(4)["nights"]),
        Claim("ov.duration", "§1 概述", "单局 35–55 分钟", "A game lasts 35 to 55 minutes.",
              "strategy", (35, 55), NotCheckable("playing time of people at a table; bots "
                                                 "play in milliseconds")),
        Claim("ov.age", "§1 属性", "适合年龄 8岁以上", "Suitable from age 8.", "strategy", 8,
              NotCheckable("an age recommendation, not a property of the rules")),
        Claim("ov.best", "§1 属性", "推荐 4-5 人", "Best with 4 or 5 players.", "strategy",
              (4, 5), NotCheckable("a taste judgement with no measure given")),
    ]


def components() -> list[Claim]:
    card_table = {"status": 6, "noise": 3 * 6, "roles": len(ROLES), "tasks": len(TASK_CARDS),
                  "rollovers": len(ROLLOVER_CARDS), "items": len(ITEMS) * ITEM_COPIES,
                  "companions": len(COMPANIONS)}
    out = [
        F("comp.noise", "§2 物品", "动静卡 18 张 🤫0 / 🚶1 / 💥2 各 6 张",
          "18 noise cards: values 0, 1 and 2, six of each (one set per player).",
          "arithmetic", 18, lambda: len([v for v in NOISE_ICONS if v < 3]) * GAME.max_players),
        F("comp.status", "§2 物品", "状态卡（双面）6 张", "6 status cards, one per player.",
          "arithmetic", 6, lambda: GAME.max_players),
        F("comp.roles", "§2 物品", "玩具角色卡 6 张", "6 role cards.", "arithmetic", 6,
          lambda: len(ROLES)),
        F("comp.tasks", "§2 物品", "夜间任务卡 10 张", "10 night task cards.", "arithmetic", 10,
          lambda: len(TASK_CARDS)),
        F("comp.rollovers", "§2 物品", "安迪翻身卡 10 张", "10 Andy roll-over cards.",
          "arithmetic", 10, lambda: len(ROLLOVER_CARDS)),
        F("comp.companions", "§2 物品", "伙伴标记 12 个", "12 companion markers.", "arithmetic",
          12, lambda: len(COMPANIONS)),
        F("comp.items", "§2 卡牌", "道具卡 24 🧦🔦🧴🎧🧲📦⏰🪞",
          "24 item cards: 8 kinds, 3 of each.", "arithmetic", 24,
          lambda: len(ITEMS) * ITEM_COPIES),
        F("comp.sight", "§2 物品", "👀 视线标记 2 个", "2 sight markers: 2 sight cells a night.",
          "arithmetic", 2, lambda: len(ROLLOVER_CARDS[0].cells)),
        F("comp.card_total", "§2 卡牌", "卡牌合计：92 件",
          "The cards of the card table add up to 92.", "arithmetic", 92,
          lambda: sum(card_table.values()),
          note="book error: the card table sums to 86; 92 is reached only by adding the 6 pawns, "
               "which are not cards"),
    ]
    for p in PLAYERS:
        sets = TABLE[p]
        out += [
            F(f"setup.{p}p.noise", "§2.3 按人数配置", f"{p} 人 动静卡 {3 * p} 张（{p} 套）",
              f"With {p} players, {p} sets of 3 noise cards.", "arithmetic", 3 * p,
              lambda p=p: 3 * p),
            F(f"setup.{p}p.companions", "§2.3 按人数配置",
              f"{p} 人 伙伴标记 {2 * p} 个",
              f"With {p} players the {2 * p} companion markers suffice for a whole game "
              "(2 a night).", "arithmetic", 2 * p,
              lambda p=p: 2 * _nums(p)["nights"], compare="le",
              note="book error (its own table against its own rule): a game places 2 "
              "markers in each of 4 nights = 8"),
            F(f"setup.{p}p.cap", "§2.3 按人数配置", f"{p} 人 曝光条上限格 第 {sets.cap} 格",
              f"With {p} players exposure ends the game at {sets.cap}.", "arithmetic",
              sets.cap, lambda p=p: _nums(p)["cap"]),
        ]
    out.append(F("setup.3p.loud", "§2.3 3 人局额外规则", "剩下 2 人的最大声响只有 4，够不到阈值 5",
                 "With 3 players and one frozen, two toys play at most 4 < T = 5.",
                 "arithmetic", 4, lambda: 2 * 2))
    return out


def cards_and_map() -> list[Claim]:
    sight, task = _sight_counts(), _task_counts()
    avg_task = sum(task.values()) / len(task)
    high = {"rug", "bed", "door"}
    return [
        F("map.cells", "§4 地图统计", "地图格数 9", "The room has 9 cells.", "arithmetic", 9,
          lambda: len(CELLS)),
        F("map.start", "§4 地图统计", "起始格 1（🧸 玩具箱）", "One start cell, the toy box.",
          "arithmetic", 1, lambda: len([START])),
        F("map.dist1", "§4 地图统计", "距起始格 1 步的格子 3 个", "3 cells 1 step from the start.",
          "arithmetic", 3, lambda: _cells_at(1)),
        F("map.dist2", "§4 地图统计", "距起始格 2 步的格子 3 个", "3 cells 2 steps away.",
          "arithmetic", 3, lambda: _cells_at(2)),
        F("map.dist3", "§4 地图统计", "距起始格 3 步的格子 2 个（窗台 / 门口）",
          "2 cells 3 steps away: window and door.", "arithmetic", ["door", "window"],
          lambda: sorted(c for c, d in _distances().items() if d == 3)),
        F("map.per_night_companions", "§4 地图统计", "每夜伙伴标记 2 个",
          "Each task card places 2 companions.", "arithmetic", 2,
          lambda: min(len(c.cells) for c in TASK_CARDS)),
        F("map.max_companions", "§4 地图统计", "4 夜最多可救伙伴 8 个",
          "At most 8 companions can be rescued in 4 nights.", "arithmetic", 8,
          lambda: 2 * _nums(4)["nights"]),
        Claim("map.max_companions.play", "§4 地图统计", "4 夜最多可救伙伴 8 个",
              "No game ends with more than 8 companions rescued (search over play).", "bound",
              8, Search({"players": 4}, segment=lambda f: 0,
                        measure=lambda a, b: float(sum(len(h) for h in b["companions"])),
                        compare="le", walks=60)),
        F("map.companion_value", "§4 地图统计", "伙伴标记总价值 8 × 4 = 32 螺丝",
          "The 8 companions are worth 32 screws.", "arithmetic", 32,
          lambda: 2 * _nums(4)["nights"] * pub.SCORING["companion"]),
        F("map.moves", "§4 ① 距离就是代价", "一夜只有 3 个时刻，也就是最多移动 3 格",
          "Without boosts a toy moves at most 3 cells a night.", "arithmetic", 3,
          lambda: MOMENTS * 1),
        F("map.rug_cards", "§4 ② 地图", "10 张翻身卡里有 4 张点名地毯",
          "4 of the 10 roll-over cards name the rug.", "arithmetic", 4, lambda: sight["rug"]),
        Claim("map.rug_share", "§4 ② 地图", "40% 的夜晚地毯是危险的",
              "The rug is a sight cell on 40% of a game's nights, on average over the "
              "shuffles of the roll-over deck.", "arithmetic", 0.4,
              Enumerate(_rug_nights, "mean", tolerance=0),
              note="proved over every draw of the nights' roll-over cards from the 10: "
                   "exactly 2/5 (4 of the 10 name the rug)"),
        F("map.rug_card_list", "§4 ② 地图", "4 张点名地毯（😴🦵👩🛌）",
          "The four roll-over cards naming the rug are 😴 🦵 👩 🛌.", "arithmetic",
          ["👩", "🛌", "🦵", "😴"],
          lambda: sorted(c.icon for c in ROLLOVER_CARDS if "rug" in c.cells),
          note="book error (the rulebook against the supplement's card sheet): 🦵 names bed + blocks and 🌙 names the rug "
               "(rulings A4)"),
        F("map.rug_most_sighted", "§4 ② 地图", "它又是翻身卡最常点名的视线格",
          "The rug is the cell roll-over cards name most often.", "arithmetic", True,
          lambda: sight["rug"] > max(v for c, v in sight.items() if c != "rug")),
        F("map.high_risk_cells", "§4 地图 出现在视线里的概率", "地毯 / 床 / 门口 高，其余 中",
          "The cells rated 'high' (rug, bed, door) are named by more roll-over cards than "
          "any cell rated 'medium'.", "arithmetic", True,
          lambda: min(sight[c] for c in high) > max(v for c, v in sight.items()
                                                     if c not in high),
          note="book error, by the card sheet: the dog bed is named by 3 cards (🥛🗣️🐕), as many as bed and door"),
        F("map.rug_task_favourite", "§4 ② 地图", "任务卡特别爱把伙伴放这儿",
          "Task cards put a companion on the rug more often than on any other cell.",
          "arithmetic", True,
          lambda: task["rug"] > max(v for c, v in task.items() if c != "rug"),
          note="book error, by the card sheet: rug 2 task cards; window and bed 3 each"),
        F("map.toybox_task_regular", "§4 地图", "玩具箱 也是任务卡的常客",
          "Task cards name the toy box at least as often as the average cell.",
          "arithmetic", True, lambda: task["toybox"] >= avg_task,
          note="book error, by the card sheet: the toy box is on 2 task cards, the average "
               "cell on 20 / 9 = 2.2 (window and bed 3, every other cell 2)"),
        F("map.lane_task_regular", "§4 地图", "赛车车道 任务卡常客",
          "Task cards name the race lane at least as often as the average cell.",
          "arithmetic", True, lambda: task["lane"] >= avg_task,
          note="book error, by the card sheet: the lane is on 2 task cards, below the "
               "average 2.2"),
        F("cards.noise_values", "§3.1 动静卡", "🤫0 🚶1 💥2 🔊3",
          "Noise cards are worth 0, 1, 2 and (3 players) 3.", "arithmetic", [0, 1, 2, 3],
          lambda: sorted(NOISE_ICONS)),
        R("cards.dragon", "§3.5 角色", "你救回的每个伙伴额外 +1 螺丝（共 5）",
          "A companion rescued by 🐉 is worth 5.", 5, "role_dragon.yaml", kind="arithmetic"),
        R("cards.dino", "§3.5 角色", "你的「最佳定格」奖励 +2 螺丝（共 7）",
          "🦖's best-freeze bonus is 7.", 7, "role_dino.yaml", kind="arithmetic"),
        F("cards.dino_printed", "补充 出版方自相矛盾", "角色卡印着「+2（共 6 颗）」",
          "The printed 🦖 card says its best-freeze bonus totals 6.", "arithmetic", 6,
          lambda: pub.SCORING["best_freeze"] + 2, note="book error (the printed card against the rulebook): 5 + 2 = 7; the "
                   "rulebook wins (A8)"),
        R("cards.tie_nobody", "§5.6 伙伴", "同格有多人时，动静值最高且唯一最高者拿走；平局则所有人都拿不到",
          "On a tie for a companion nobody takes it.", "nobody", "edge_companion_tie.yaml",
          kind="arithmetic"),
        R("cards.loud_3p", "§3.3", "仅 3 人局使用 🔊（3）", "Only 3-player games have the 🔊(3).",
          "3p only", "edge_no_loud_card_4p.yaml", kind="arithmetic"),
        R("cards.socks", "§3.3 道具", "🧦 本时刻你的动静按 0 计，但任务进度与个人螺丝仍按原值算",
          "🧦: your card counts 0 towards S, full value for progress and screws.", "S 0",
          "item_socks.yaml", kind="arithmetic"),
        R("cards.earmuffs", "§3.3 道具", "🎧 全场声响 S − 1", "🎧: S − 1 this moment.", -1,
          "item_earmuffs.yaml", kind="arithmetic"),
        R("cards.oil", "§3.3 道具", "🧴 本时刻你的动静值 +1", "🧴: your card +1.", 1,
          "item_oil.yaml", kind="arithmetic"),
        R("cards.box", "§3.3 道具", "📦 不因「🧸 状态」被 +1 曝光（视线格仍 +2）",
          "📦: no +1 for being active; sight +2 stays.", 0, "item_box.yaml",
          kind="arithmetic"),
        R("cards.flashlight", "§3.3 道具", "🔦 站在安迪视线格，不受额外 +2 曝光",
          "🔦: no +2 on a sight cell.", 0, "item_flashlight.yaml", kind="arithmetic"),
        R("cards.cowboy", "§3.5 角色", "每夜一次：本时刻可以移动 2 格",
          "🤠 once a night moves 2 cells in a moment.", 2, "role_cowboy.yaml",
          kind="arithmetic"),
        R("cards.ranger", "§3.5 角色", "每夜一次：打出 💥 时声响按 1 计，任务进度与螺丝仍按 2 计",
          "🚀 once a night: a 💥 counts 1 towards S, 2 for progress and screws.", 1,
          "role_ranger.yaml", kind="arithmetic"),
        R("cards.potato", "§3.5 角色", "每夜一次：揭示后你可以收回并重出本时刻的动静卡",
          "🥔 once a night takes back and replays its noise card after the reveal.", 1,
          "role_potato.yaml", kind="arithmetic"),
        R("cards.springdog", "§3.5 角色", "每夜一次：本时刻额外移动 1 格",
          "🐩 once a night moves 1 extra cell.", 1, "role_springdog.yaml", kind="arithmetic"),
        R("cards.magnet", "§3.3 道具", "🧲 本时刻你可以额外移动 1 格",
          "🧲: one extra cell of movement this moment.", 1, "item_magnet.yaml",
          kind="arithmetic"),
        R("cards.mirror", "§3.3 道具", "揭示前，你可以偷看 1 名玩家的动静卡",
          "🪞: look at one player's noise card before the reveal.", 1, "item_mirror.yaml",
          kind="arithmetic"),
        Claim("cards.sight_task_overlap", "§4 ③ 地图", "视线格 ≠ 任务格，但经常重叠",
              "A night's sight cells and companion cells share a cell on more than one "
              "night in four (经常 read as more than 25%; the two cards are drawn from "
              "decks shuffled apart).", "arithmetic", 0.25,
              Enumerate(_overlap, "prob", "ge", tolerance=0),
              note="proved over every task card × roll-over card pair: the exact "
                   "probability is 42%"),
        R("score.woke_minus6", "§6 计分 / §5 游戏结束", "安迪醒来时仍在活动",
          "When Andy wakes, every toy still active loses 6 screws (a frozen one does not) and "
          "nobody gets the dawn bonus.", -6, "edge_andy_wakes_mid_moment.yaml",
          kind="arithmetic"),
        F("score.tasks_12", "§6 计分", "每人 +3 × 4 = +12",
          "Four tasks done give each player 3 × 4 = 12.", "arithmetic", 12,
          lambda: _nums(4)["nights"] * pub.SCORING["task_done"]),
        Claim("cards.item_strength", "§3.3 道具 强度评价", "🧦 ★★★★★ 最强",
              "🧦 is the strongest item; the stars rank the others.", "strategy", "🧦",
              NotCheckable("the summary does not record which item a seat held each night, "
                           "so no per-item effect on score can be estimated")),
        Claim("cards.mirror_best", "§8 ⑤", "小镜子 🪞 是全场最有价值的道具",
              "🪞 is the most valuable item.", "strategy", "🪞",
              NotCheckable("as above: item holdings are not recorded per night")),
    ]


def setup_table() -> list[Claim]:
    out = []
    for p in PLAYERS:
        row = TABLE[p]
        T, M = row.threshold, row.need
        out += [
            F(f"s4.{p}p.safe", "§5 Step 4", f"{p} 人 安全上限/时刻（T−1）{T - 1}",
              f"With {p} players the largest S that does not cross is {T - 1}.", "arithmetic",
              T - 1, lambda T=T: max(s for s in range(0, 3 * T) if _crossing(s, T, 0) == 0)),
            F(f"s4.{p}p.zero_risk", "§5 Step 4", f"{p} 人 一夜零风险产出 {3 * (T - 1)}",
              f"With {p} players a night without a crossing produces at most {3 * (T - 1)}.",
              "arithmetic", 3 * (T - 1), lambda T=T: MOMENTS * (T - 1)),
            F(f"s4.{p}p.need", "§5 Step 4 / FAQ 10.1", f"{p} 人 任务需求 M {M}；M = 3×(T−1)+1",
              f"With {p} players the task needs {M} = 3(T−1)+1.", "arithmetic", M,
              lambda p=p: _nums(p)["need"]),
            F(f"s4.{p}p.need_formula", "FAQ 10.1", "任务需求 M = 3 ×（T−1）+ 1",
              f"With {p} players M is one more than a night's zero-risk output.",
              "arithmetic", 1, lambda p=p: _nums(p)["need"] - MOMENTS * (
                  _nums(p)["threshold"] - 1)),
            F(f"sup.{p}p.need_by_players", "补充 任务卡", "M = 3 × players + 4",
              f"With {p} players M = 3×{p}+4 = {3 * p + 4}.", "arithmetic", 3 * p + 4,
              lambda p=p: _nums(p)["need"]),
            F(f"qr.{p}p.min_active", "§11 速查卡", f"{p} 人 越线最少活跃 "
              f"{pub.QUICK_REFERENCE[p]['min_active_to_cross']}",
              f"With {p} players at least {pub.QUICK_REFERENCE[p]['min_active_to_cross']} "
              "active toys are needed to cross (no items or abilities).", "arithmetic",
              pub.QUICK_REFERENCE[p]["min_active_to_cross"],
              lambda p=p: _min_active_to_cross(p)),
            Claim(f"qr.{p}p.min_active.play", "§11 速查卡", f"{p} 人 越线最少活跃 "
                  f"{pub.QUICK_REFERENCE[p]['min_active_to_cross']}",
                  f"Without roles and items, no moment with fewer than "
                  f"{pub.QUICK_REFERENCE[p]['min_active_to_cross']} active toys crosses "
                  "(search over play).", "bound",
                  pub.QUICK_REFERENCE[p]["min_active_to_cross"],
                  Search({"players": p, **PLAIN},
                         segment=lambda f: (f["last"].get("night"), f["last"].get("moment")),
                         measure=_active_at_crossing, compare="ge", walks=100)),
            F(f"qr.{p}p.night_min.derived", "§11 速查卡 / 补充", f"{p} 人 每夜下限 "
              f"{row.night_min}（= 1 + 越线最少活跃）",
              f"With {p} players the cheapest crossing costs {row.night_min}: one over T "
              "with the fewest toys active.", "arithmetic", row.night_min,
              lambda p=p: _night_min_derived(p)),
            Claim(f"qr.{p}p.night_min", "§5 Step 4 / §11 速查卡", f"{p} 人 每夜曝光下限 "
                  f"{row.night_min}",
                  f"With {p} players every night adds at least {row.night_min} exposure.",
                  "bound", row.night_min,
                  Search({"players": p}, segment=lambda f: f["night"], measure=_night_cost,
                         compare="ge", walks=200),
                  note="book error (a counterexample over legal play): as stated, for any "
                       "play, a night of 🤫 fails the task and costs 3"),
            Claim(f"qr.{p}p.night_min.plain", "§5 Step 4 / §11 速查卡", f"{p} 人 每夜曝光下限 "
                  f"{row.night_min}",
                  f"Without roles and items, every night adds at least {row.night_min}.",
                  "bound", row.night_min,
                  Search({"players": p, **PLAIN}, segment=lambda f: f["night"],
                         measure=_night_cost, compare="ge", walks=200),
                  note="the supplement's reading (the derivation assumes no roles or items); "
                       "still a book error: a night of 🤫 fails the task and costs 3 "
                       "without them too"),
            F(f"qr.{p}p.margin", "§11 速查卡 恒等式", "完美打法结束时，距爆点恒好剩 2 点",
              f"With {p} players four cheapest nights leave exactly 2 points that can still "
              "be absorbed below the cap.", "arithmetic", pub.PERFECT_PLAY_MARGIN_STATED,
              lambda p=p: _nums(p)["cap"] - 1 - 4 * TABLE[p].night_min),
            F(f"sup.{p}p.cap_formula", "补充 速查卡推导", "cap = 4 × minimum + 3",
              f"With {p} players the cap is 4 × the night minimum + 3.", "arithmetic",
              4 * row.night_min + 3, lambda p=p: _nums(p)["cap"]),
        ]
    out += [
        F("s5.moments", "§5 Step 5", "游戏共 4 个夜晚，每夜 3 个时刻，共 12 个时刻",
          "4 nights of 3 moments: 12 moments.", "arithmetic", 12,
          lambda: _nums(4)["nights"] * MOMENTS),
        F("faq.limit_4p", "FAQ 10.10", "4 人局的极限是 18（19 就爆）",
          "With 4 players exposure 18 is survivable and 19 ends the game.", "arithmetic",
          pub.FOUR_PLAYER_LIMIT, lambda: _nums(4)["cap"] - 1),
        R("faq.limit_4p.play", "FAQ 10.10", "曝光 ≥ 上限 ⇒ 安迪醒来",
          "Reaching the cap at night end ends the game at once.", "wakes",
          "edge_task_failure_at_cap.yaml", kind="arithmetic"),
        Claim("faq.crossing_every_night", "FAQ 10.1 / §11 恒等式", "每夜必然越线 1 点",
              "No night's task can be completed without exposure (a crossing) - over any "
              "play, items and abilities included.", "bound", 0,
              Search({"players": 4}, segment=lambda f: f["night"],
                     measure=_task_without_crossing, compare="le", walks=200),
              note="book error (a counterexample over legal play; the supplement says "
                   "so): 🚀 and 🧦 can make a night with no crossing"),
        F("faq.crossing_every_night.plain", "FAQ 10.1", "一夜零风险的产出上限是 3 ×（T−1）",
          "Without items, the zero-risk output of a night (3(T−1)) is below M at every "
          "player count.", "arithmetic", True,
          lambda: all(MOMENTS * (TABLE[p].threshold - 1) < TABLE[p].need for p in PLAYERS)),
        Claim("rule.quiet_moment", "§5.5 陷阱 / FAQ 10.2", "只要本时刻声响 S < T … 曝光也是 +0",
              "A moment whose S stays below T adds no exposure, wherever the toys stand: "
              "every reveal that adds exposure has S − T at least 0.",
              "bound", 0,
              Search({"players": 4}, segment=lambda f: (f["last"].get("night"),
                                                       f["last"].get("moment")),
                     measure=_crossing_margin, compare="ge", walks=60),
              note="measured as S − T of each reveal that added exposure, so the search sees "
                   "the margin move (0, 1, 2 …) and a quiet reveal that cost exposure would "
                   "read below 0; measuring the exposure of quiet reveals reads 0 whenever "
                   "the rule holds, which a search cannot tell from never reaching it"),
        F("faq.full_crash_4p", "§8 ⑥ / FAQ 10.6", "4 人局的 3+4 = 7 点",
          "With 4 players all playing 💥 (S = 2P = 8) costs 7 exposure.", "arithmetic", 7,
          lambda: _crossing(8, 6, 4)),
        F("faq.failure_cheaper", "FAQ 10.6", "通常任务失败更便宜",
          "A failed task (3 exposure) costs less than the all-💥 crossing (7).",
          "arithmetic", True, lambda: pub.SCORING["task_failed_exposure"] < _crossing(8, 6, 4)),
        F("faq.failure_per_player", "FAQ 10.6", "合计相当于每人 −5 螺丝",
          "A failed task is worth 5 screws less per player than a done one.", "arithmetic",
          -5, lambda: pub.SCORING["task_failed"] - pub.SCORING["task_done"]),
        F("faq.3p_two_active", "FAQ 10.7", "补一张 3 点卡后，2 人也能凑到 5-6",
          "With the 🔊(3), two toys reach 5 or 6.", "arithmetic", (5, 6),
          lambda: (2 + 3, 3 + 3)),
        F("faq.6p_two_frozen", "FAQ 10.8", "6 人局每一夜都需要 2 个人在越线时刻已经躺平",
          "With 6 players the cheapest crossing has 2 toys frozen.", "arithmetic", 2,
          lambda: 6 - _min_active_to_cross(6)),
        F("faq.6p_four_nights", "FAQ 10.8", "6 人局每夜曝光下限是 5，4 夜 = 20，而上限只有 23",
          "With 6 players four minimum nights cost 20 against a cap of 23.", "arithmetic",
          (20, 23), lambda: (4 * TABLE[6].night_min, _nums(6)["cap"])),
        F("faq.all_quiet_score", "FAQ 10.9", "全程 🤫 … = 17 分",
          "A player who plays 🤫 all game, while the others complete every task and reach "
          "dawn, scores 12 + 0 + 5 = 17.", "arithmetic", 17,
          lambda: 4 * pub.SCORING["task_done"] + pub.SCORING["dawn"]),
        Claim("faq.normal_score", "FAQ 10.9", "正常玩家在 35-45 分",
              "A normal player scores 35 to 45 on average (4 players, a mixed table: "
              "coordinated and greedy bots seated in a balanced design).", "strategy",
              (35, 45), Simulate({"players": 4}, per_seat=_seat_score, margin=1.0,
                                 bots=("coordinated", "greedy"), compare="between",
                                 games=200)),
        Claim("faq.normal_score.coordinated", "FAQ 10.9", "正常玩家在 35-45 分",
              "A normal player scores 35 to 45 on average (4 players, the game's default "
              "bots: every seat coordinated).", "strategy", (35, 45),
              Simulate({"players": 4}, per_seat=_seat_score, margin=1.0,
                       compare="between", games=200)),
        Claim("faq.night_output", "FAQ 10.11 / 10.14", "代价是你的产出为 0（约 5-6 螺丝）",
              "A toy that works all night makes about 5 to 6 screws from its own noise (4 "
              "players, a mixed table of coordinated and greedy bots, seats that never "
              "freeze, nights 1-3).", "strategy", (5, 6),
              Simulate({"players": 4}, per_seat=_working_night_output,
                       bots=("coordinated", "greedy"), compare="between", games=200),
              note="the premise of the +5 freeze bonus (FAQ 10.14): read from the per-night "
                   "screws and freezes the summary records"),
        F("faq.freeze_net", "FAQ 10.9", "净亏 1 分左右",
          "Freezing all night (+5) instead of producing 5-6 loses about 1 screw.",
          "arithmetic", (0, 1), lambda: (5 - 5, 6 - 5)),
        F("faq.item_deck", "FAQ 10.11", "一局最多抽 4 夜 × 6 人 = 24 张，牌堆正好 24 张",
          "A 6-player game draws 24 items, the whole deck.", "arithmetic", (24, 24),
          lambda: (_nums(6)["nights"] * 6, len(ITEMS) * ITEM_COPIES)),
        F("faq.moments", "FAQ 10.13", "12 个时刻 + 4 次夜末结算",
          "A game is 12 moments and 4 night ends.", "arithmetic", (12, 4),
          lambda: (_nums(4)["nights"] * MOMENTS, _nums(4)["nights"])),
        Claim("faq.freeze_bonus_neutral", "FAQ 10.14", "让”轮值收工”在个人收益上几乎中性",
              "With the +5 freeze bonus a freezer's night gains about as many screws as a "
              "worker's (4 players, coordinated bots: the table that takes turns; one value "
              "a night).",
              "strategy", 0,
              Simulate({"players": 4}, per_game=_freeze_gap(), bots=COORDINATED, games=200),
              note="「几乎中性」 has no figure: 0 printed as a whole number, band ±0.5 screw; "
                   "the same measure as s8.rota_neutral"),
        Claim("faq.freeze_net.play", "FAQ 10.9", "净亏 1 分左右",
              "A toy frozen for the whole night (before moment 1's reveal) gains about 1 "
              "screw less than a toy that works that night (4 players, coordinated "
              "bots: the table that takes turns).", "strategy", 1,
              Simulate({"players": 4}, per_game=_worker_gap(whole_night=True),
                       bots=COORDINATED, games=200),
              note="faq.freeze_net is the book's own arithmetic (5 - 5..6 = 0..1); this is "
                   "the same trade in play, per night: a worker's gain less a whole-night "
                   "freezer's"),
        Claim("s8.output_2moments", "§8 收工时机表", "2 个时刻的产出（约 3-4 螺丝）",
              "A toy working all night makes 3 to 4 screws from its own noise in moments 2 "
              "and 3 (what freezing at moment 2 gives up; 4 players, coordinated and greedy "
              "bots).", "strategy", (3, 4),
              Simulate({"players": 4}, per_game=_working_output(2),
                       bots=("coordinated", "greedy"), compare="between", games=200),
              note="read from each seat's output per moment (summary moment_output)"),
        Claim("s8.output_1moment", "§8 收工时机表 / FAQ 10.14", "1 个时刻的产出（约 2 螺丝）",
              "A toy working all night makes about 2 screws from its own noise in moment 3 "
              "(what freezing at moment 3 gives up; 4 players, coordinated and greedy bots).",
              "strategy", 2,
              Simulate({"players": 4}, per_game=_working_output(3),
                       bots=("coordinated", "greedy"), games=200),
              note="FAQ 10.14 weighs the +5 against 「多工作一个时刻的收益（约 2 螺丝）」, the "
                   "same figure"),
        Claim("faq.3p_looser", "FAQ 10.7", "3 人局…比 4 人局宽松一点点",
              "3-player games end with more exposure to spare below the cap than 4-player "
              "games (same seeds, coordinated bots).", "strategy", "3p > 4p",
              Paired({"players": 3}, {"players": 4}, _spare, direction="greater",
                     bots=COORDINATED, games=150),
              note="coordinated bots reach dawn in every game, so the spare exposure, not "
                   "the dawn rate, measures how tight a count is"),
        Claim("faq.6p_tightest", "FAQ 10.8", "6 人局最紧",
              "6-player games end with less exposure to spare than 5-player games (same "
              "seeds, coordinated bots).", "strategy", "6p < 5p",
              Paired({"players": 6}, {"players": 5}, _spare, direction="less",
                     bots=COORDINATED, games=150)),
        Claim("coop.margin", "§11 速查卡 恒等式", "完美打法结束时，距爆点恒好剩 2 点",
              "Perfect play (every task done, no roles or items, 4 players, 9.6 co-op) ends "
              "with at most 2 points absorbable below the cap: no night that does its task "
              "costs less than (cap - 3) / 4 = 4, read as the spare four such nights leave "
              "(cap - 1 - 4 x the night's exposure; search over legal play).", "bound",
              pub.PERFECT_PLAY_MARGIN_STATED,
              Search({"players": 4, "coop": True, **PLAIN}, segment=lambda f: f["night"],
                     measure=_spare_of_done_night, compare="le", walks=300, at="end"),
              note="perfect play is the best play, a claim about all play: searched, not "
                   "sampled from one bot (the coordinated bots always leave exactly 2). Read "
                   "per night, since a walk with random deviations almost never does all "
                   "four tasks: four done nights each costing at least 4 leave at most 2, "
                   "and one done night cheaper than 4, repeated, would leave more. That 2 "
                   "is reached at all is qr.4p.margin's arithmetic"),
    ]
    return out


def examples() -> list[Claim]:
    ex1 = "example1_disastrous_night.yaml"
    ex2 = "example2_full_game.yaml"
    return [
        R("ex1.moment1", "§7.1 时刻 1", "大家被 7 点曝光吓到了",
          "All four 💥 at the toy box: S = 8, +7 exposure, nobody takes the companion.", 7,
          ex1),
        R("ex1.night", "§7.1", "这一夜他们烧掉了 16 点曝光",
          "Example 1's night costs 16 exposure; everyone ends on 7 screws.", 16, ex1),
        F("ex1.one_night_fits", "§7.1", "它容得下”一夜的愚蠢”，但容不下”两夜的愚蠢”",
          "With 4 players one 16-exposure night is survivable, two are not.", "worked_example",
          True, lambda: 16 < _nums(4)["cap"] <= 32),
        F("ex1.next_crash", "§7.1", "第 2 夜只要再有一次 S=8，游戏就结束了",
          "After 16, one more S = 8 crossing (4 active) reaches the cap.", "worked_example",
          True, lambda: 16 + _crossing(8, 6, 4) >= _nums(4)["cap"]),
        F("ex2.plan", "§7.2 老K 的账", "一夜曝光 = 1（越线）+ 3（三人被看见）= 4 点",
          "The planned night: one crossing at S = 6 with 3 active costs 4.", "worked_example",
          4, lambda: _crossing(6, 6, 3)),
        F("ex2.slack", "§7.2 老K 的账", "四夜 = 16 点，上限 19 ⇒ 我们全场只剩 3 点犯错额度",
          "After four 4-point nights, 3 more exposure can still be absorbed.",
          "worked_example", 3, lambda: _nums(4)["cap"] - 1 - 4 * 4,
          note="book error, by its own FAQ 10.10: 19 ends the game, so only 2 can be absorbed (rulings A6)"),
        R("ex2.night_exposure", "§7.2-7.4", "累计曝光 4 → 9 → 14 → 18",
          "Example 2's exposure after each night is 4, 9, 14, 18.", EX2["night_exposure"],
          ex2),
        R("ex2.final", "§7.4 四夜累计", "总分 46 / 43 / 45 / 47 🏆",
          "Final scores 46, 43, 45, 47; 团团 wins by one.", EX2["final"], ex2),
        F("ex2.night1_equal", "§7.2 📌", "干活的三个夜多赚 5~6 螺丝",
          "In night 1 each working toy produced 5 to 6 screws.", "worked_example", (5, 6),
          lambda: (min(v for v in EX2["output_per_night"][0] if v),
                   max(EX2["output_per_night"][0]))),
        F("ex2.last_slack", "§7.4", "14 加 4 等于 18，上限 19。我们只有 1 点容错",
          "Going into night 4 at 14, one extra point of exposure can be absorbed.",
          "worked_example", 1, lambda: _nums(4)["cap"] - 1 - (14 + 4),
          note="book error, by its own FAQ 10.10: 18 + 1 = 19 = the cap ends the "
                   "game, no error can be absorbed"),
        F("ex2.may_output", "§7.4 复盘要点", "阿May … 产出最高（19 分）",
          "阿May produced 19 screws, the most.", "worked_example", 19, lambda: OUTPUT[0],
          note="book error, by its own per-night detail: 5+4+6+6 = 21 (and 46 = 21 + 12 + 8 + 5)"),
        F("ex2.tuantuan_output", "§7.4 复盘要点", "他只比阿May 少赚 1 分产出",
          "团团 produced only 1 screw less than 阿May.", "worked_example", 1,
          lambda: OUTPUT[0] - OUTPUT[3], note="book error, by its own per-night detail: 21 against 15"),
        F("ex2.won_by_one", "§7.4 复盘要点", "在同样的 2 个伙伴上多拿了 2 分 —— 最终正好赢 1 分",
          "团团's 2 dragon companions gave 2 extra and he won by 1.", "worked_example", 1,
          lambda: EX2["final"][3] - EX2["final"][0]),
        F("ex2.k_night4", "§7.4 复盘要点", "路上只打了 1+1+2 = 4 点产出",
          "老K produced 4 in night 4.", "worked_example", 4,
          lambda: EX2["output_per_night"][3][1]),
        F("ex2.night2_rota", "§7.4 复盘要点", "曝光会停在 17 而非 18",
          "One freeze in night 2 would have ended on 17.", "worked_example", 17,
          lambda: EX2["night_exposure"][-1] - 1),
        F("ex2.would_burst", "§7.4 复盘要点", "直接冲到 20+",
          "Not clearing the sight cells in night 4 would have reached 20 or more.",
          "worked_example", 20, lambda: 14 + _crossing(6, 6, 3, 1), compare="ge"),
        F("ex3.rug_plus2", "§7.3 第 3 夜", "就要再 +2 —— 那就是 16 / 19",
          "Had the rug been a sight cell, night 3 would have ended on 16.", "worked_example",
          16, lambda: 14 + 2),
    ]


def strategy() -> list[Claim]:
    return [
        F("s8.sweet_spot", "§8 ①", "4 人局里，最舒服的局面是每个时刻 S 恰好等于 5",
          "With 4 players the best S in a moment is 5 (T − 1).", "strategy", 5,
          lambda: TABLE[4].threshold - 1),
        F("s8.freeze_saves", "§8 收工时机表", "整夜收工 省下曝光 1 点",
          "A toy frozen before the crossing saves exactly 1 exposure.", "arithmetic", 1,
          lambda: _crossing(6, 6, 4) - _crossing(6, 6, 3)),
        F("s8.loss_B", "§8 败局 B", "每夜 5-6 点，第 4 夜中途爆",
          "With 4 players, 5 to 6 exposure a night survives 3 nights and bursts in the 4th.",
          "arithmetic", True, lambda: all(3 * n < _nums(4)["cap"] <= 4 * n for n in (5, 6))),
        F("s8.loss_C", "§8 败局 C", "≥2 人整夜收工，供给上限不够",
          "With 4 players and 2 toys frozen all night, the task cannot be done.",
          "arithmetic", True, lambda: TABLE[4].need > 2 * 2 * MOMENTS),
        Claim("s8.loss_D", "§8 败局 D", "撑过 4 夜但人均 30 分",
              "Playing 🤫 all game gives about 30 points each.", "strategy", 30,
              NotCheckable("the book does not say how the other players play; with every "
                           "seat on 🤫 the tasks fail and dawn gives 5 - 4 x 2 = -3")),
        Claim("s8.rota_neutral", "§7.2 📌", "收工的人拿最佳定格 +5，干活的三个夜多赚 5~6 螺丝，两者刻意做成等价",
              "In a night where some toys freeze and others work all night, a freezer gains "
              "as many screws as a worker (4 players, coordinated bots: the table that takes "
              "turns; the freezer's mean gain less the workers', one value a night).",
              "strategy", 0,
              Simulate({"players": 4}, per_game=_freeze_gap(), bots=COORDINATED, games=200),
              note="「不吃亏」 read with the sentence before it (「两者刻意做成等价」) as "
                   "equivalence; 0 printed as a whole number gives the band ±0.5 (half a "
                   "screw). Read from the per-night screws and 🧊 the game records "
                   "(summary night_screws, night_frozen, moment_output). Coordinated bots at "
                   "every seat: the gap compares seats of one table in one night, so freezer "
                   "and worker must play one policy (at a mixed table the workers are mostly "
                   "greedy bots, which never freeze and play louder: the gap would measure "
                   "the bots' styles, not the trade)"),
        Claim("s7.no_freeze_plus1", "§7.2 🚨 / §8 败局 B", "不收工对个人来说永远多赚 1 分",
              "A toy that works all night gains about 1 screw more than one that freezes the "
              "same night (4 players, coordinated bots: the table that takes turns).",
              "strategy", 1,
              Simulate({"players": 4}, per_game=_worker_gap(), bots=COORDINATED, games=200),
              note="the same night gap as s8.rota_neutral read from the worker's side: the "
                   "book says both 「等价」 (§7.2 📌) and 「多赚 1 分」 here, which cannot both "
                   "be near. Stand-in: a figure of our bots' nights, not an arithmetic error of the "
                   "book (its own numbers, faq.freeze_net, allow 0 to 1); the book against "
                   "itself is s7.plus1_vs_equivalent"),
        F("s7.plus1_vs_equivalent", "§7.2 🚨 / §7.2 📌 / FAQ 10.9 / FAQ 10.14",
          "不收工对个人来说永远多赚 1 分",
          "The book against itself: §7.2 📌 (「两者刻意做成等价」, 「不吃亏」) and FAQ 10.14 "
          "(「几乎中性」) make a worker's night and a freezer's night equal (a gap of 0), "
          "while §7.2 🚨 (「永远多赚 1 分」) and FAQ 10.9 (「净亏 1 分左右」) put the worker "
          "1 screw ahead. Both cannot hold; its own arithmetic (+5 against 5~6) allows 0 to "
          "1, so the sentences differ in what they round it to.", "arithmetic", 0,
          lambda: 1,
          note="book error (the book against itself, ruling A10 in docs/rulings/toys.md): "
               "the gap the 「多赚 1 分」 / 「净亏 1 分」 sentences state (1) against the one "
               "「等价」 / 「几乎中性」 state (0), the figure the formula gives against the "
               "published one. Our coordinated table's night gap lies within ±0.5 of 0 "
               "(s8.rota_neutral, faq.freeze_bonus_neutral), so s7.no_freeze_plus1 and "
               "faq.freeze_net.play, the same gap read as 1, are contradicted: stand-in "
               "verdicts on one side of the book's own inconsistency"),
    ]


def variants() -> list[Claim]:
    return [
        F("v9.1.cap", "§9.1 安迪睡得很沉", "曝光条上限 +3（4 人局变 22）",
          "9.1 raises the 4-player cap to 22.", "arithmetic", 22,
          lambda: _nums(4, deep_sleep=True)["cap"]),
        R("v9.1.sight", "§9.1", "取消 👀 视线格的 +2 惩罚", "9.1 has no sight penalty.", 0,
          "variant_9_1_deep_sleep.yaml", kind="arithmetic"),
        F("v9.2.nights", "§9.2 五夜长夜", "游戏改为 5 个夜晚", "9.2 plays 5 nights.",
          "arithmetic", 5, lambda: _nums(4, long_night=True)["nights"]),
        F("v9.2.cap", "§9.2", "曝光条上限同步改为 5 × 每夜下限 + 3（4 人局 = 23）",
          "9.2's 4-player cap is 5 × 4 + 3 = 23.", "arithmetic", 23,
          lambda: _nums(4, long_night=True)["cap"]),
        R("v9.2.need", "§9.2", "第 5 夜 任务需求 M + 2（4 人局 = 18）",
          "Night 5 of 9.2 needs M + 2 = 18 with 4 players.", 18,
          "variant_9_2_long_night.yaml", kind="arithmetic"),
        R("v9.4.guess", "§9.4 安迪的替身", "猜对 +3 螺丝，猜错 −1",
          "The stand-in Andy gains 3 for a right guess, loses 1 for a wrong one.", (3, -1),
          "variant_9_4_andy_stand_in.yaml", kind="arithmetic"),
        Claim("v9.3.ties", "§9.3 禁语之夜", "伙伴争夺的平局率会显著上升",
              "Without talk, ties on companions become much more frequent.", "strategy",
              "higher", NotCheckable("our bots never talk, with or without 9.3: no stand-in "
                                     "models the difference talking makes")),
        Claim("v9.4.six_easy", "§9.4", "这个变体解决了 6 人局”人多反而简单”的问题",
              "6-player games are too easy without 9.4.", "strategy", "easy",
              NotCheckable("contradicts FAQ 10.8 (6 players is the tightest); which "
                           "difficulty measure is meant is not said")),
    ]


METRICS = [
    Metric("exposure", summary_value("exposure"), "final exposure"),
    Metric("dawn", summary_value("dawn"), "dawn reached", proportion=True),
    Metric("nights_played", summary_value("nights_played"), "nights played"),
    Metric("cap_margin", lambda r: float(r["summary"]["cap"] - 1 - r["summary"]["exposure"]),
           "points to spare below the cap"),
    Metric("tasks_done", lambda r: float(sum(r["summary"]["tasks_done"])), "tasks done"),
    Metric("companions", lambda r: float(sum(r["summary"]["companions"])), "companions taken"),
]

STAND_IN_NOTE = ("where ours differs from the book's figure it is our bots' gap, not a book "
                 "error: the book publishes no simulator and our bots stand in for its "
                 "players")


def _say_basis(claims: list[Claim]) -> list[Claim]:
    """Every simulated figure's note opens by saying what a gap would mean (docs/audit.md:
    book errors and stand-in gaps are never mixed)."""
    return [replace(c, note=f"{STAND_IN_NOTE}; {c.note}" if c.note else STAND_IN_NOTE)
            if c.resting_on == "stand_in" and isinstance(c.check, Simulate | Paired) else c
            for c in claims]


REGISTER = Register(
    game="toys",
    source="玩具不许动：安迪的房间 rulebook (§1-§11, FAQ, quick reference) and supplement",
    claims=_say_basis([*overview(), *components(), *cards_and_map(), *setup_table(),
                       *examples(), *strategy(), *variants()]),
    metrics=METRICS,
    stand_in="no simulator is published for toys: 'coordinated' (the §8 advice as a public "
             "convention, the game's default at every seat) stands in for perfect and normal "
             "play, 'greedy' for a player who takes what is in front of them (mixed tables); "
             "bounds are checked by search over legal play, not by bots",
)

ZH, SUP = "toys-andys-room.zh.txt", "toys-andys-room.supplement.md"
RULE = ("a rule of play, not a claim about play: its numbers are the rules as implemented "
        "(games/toys/rules.py) and replayed by scenarios/toys/")
EX1 = ("ex1.moment1", "ex1.night", "ex1.one_night_fits", "ex1.next_crash")
EX2 = ("ex2.night_exposure", "ex2.final", "ex2.plan", "ex2.slack", "ex2.night1_equal")

RULEBOOK = Rulebook(
    files=(ZH, SUP),
    covers={
        f"{ZH}:10": ("ov.duration",), f"{ZH}:16": ("ov.nights", "ov.players"),
        f"{ZH}:34": ("comp.status",), f"{ZH}:35-37": ("comp.noise", "cards.noise_values"),
        f"{ZH}:38": ("comp.roles",), f"{ZH}:39": ("comp.tasks", "map.per_night_companions"),
        f"{ZH}:40": ("comp.rollovers", "comp.sight"),
        f"{ZH}:42": ("comp.companions", "map.companion_value"),
        **{f"{ZH}:{45 + p - 2}": (f"setup.{p}p.noise", f"setup.{p}p.companions",
                                  f"setup.{p}p.cap") for p in PLAYERS},
        f"{ZH}:50": ("setup.3p.loud", "cards.loud_3p", "faq.3p_two_active"),
        f"{ZH}:51": ("map.cells",), f"{ZH}:63": ("map.moves",),
        f"{ZH}:66": ("map.start", "map.toybox_task_regular"),
        f"{ZH}:67-69": ("map.dist1", "map.high_risk_cells"),
        f"{ZH}:70-72": ("map.dist2", "map.high_risk_cells", "map.lane_task_regular"),
        f"{ZH}:73-75": ("map.dist3", "map.high_risk_cells"),
        f"{ZH}:76": ("map.rug_most_sighted", "map.rug_share"),
        f"{ZH}:77": ("cards.sight_task_overlap",), f"{ZH}:83": ("comp.sight",),
        f"{ZH}:89": ("comp.noise",), f"{ZH}:92-95": ("cards.noise_values", "cards.loud_3p"),
        f"{ZH}:96": ("faq.full_crash_4p",), f"{ZH}:100": ("s8.freeze_saves",),
        f"{ZH}:106": ("cards.socks", "cards.item_strength"), f"{ZH}:107": ("cards.flashlight",),
        f"{ZH}:108": ("cards.oil",), f"{ZH}:109": ("cards.earmuffs",),
        f"{ZH}:110": ("cards.magnet",), f"{ZH}:111": ("cards.box",),
        f"{ZH}:113": ("cards.mirror", "cards.mirror_best"),
        f"{ZH}:117-119": ("rule.quiet_moment", "cards.flashlight", "cards.box"),
        f"{ZH}:120": ("faq.failure_per_player",),
        f"{ZH}:124": ("map.per_night_companions",), f"{ZH}:125": ("cards.tie_nobody",),
        f"{ZH}:128": ("map.companion_value", "cards.dragon"), f"{ZH}:130": ("cards.tie_nobody",),
        f"{ZH}:134": ("cards.cowboy",), f"{ZH}:135": ("cards.ranger",),
        f"{ZH}:137": ("cards.potato",), f"{ZH}:138": ("cards.springdog",),
        **{f"{ZH}:{146 + p - 3}": (f"s4.{p}p.safe", f"s4.{p}p.zero_risk", f"s4.{p}p.need",
                                   f"qr.{p}p.night_min", f"setup.{p}p.cap") for p in PLAYERS},
        f"{ZH}:144": ("s4.4p.safe", "s4.4p.zero_risk", "s4.4p.need_formula"),
        f"{ZH}:181": ("faq.all_quiet_score",), f"{ZH}:182": ("faq.limit_4p.play", "score.woke_minus6"),
        f"{ZH}:187-192": ("score.tasks_12", "map.companion_value", "faq.all_quiet_score",
                          "score.woke_minus6"),
        f"{ZH}:195-236": EX1, f"{ZH}:237-334": EX2,
        f"{ZH}:340-344": ("s8.freeze_saves", "faq.freeze_net", "s8.output_2moments",
                          "s8.output_1moment", "faq.night_output"),
        f"{ZH}:353-356": ("s8.loss_B", "s8.loss_C", "s8.loss_D", "ex1.night"),
        f"{ZH}:366-368": ("rule.quiet_moment", "faq.full_crash_4p", "faq.failure_per_player"),
        f"{ZH}:374-375": ("faq.failure_cheaper", "faq.failure_per_player"),
        f"{ZH}:376-377": ("setup.3p.loud", "faq.3p_two_active"),
        f"{ZH}:379-381": ("faq.6p_tightest", "faq.6p_four_nights"),
        f"{ZH}:383": ("faq.freeze_net", "faq.freeze_net.play", "faq.night_output"), f"{ZH}:386": ("faq.item_deck",),
        f"{ZH}:388": ("faq.moments", "ov.duration"), f"{ZH}:389": ("faq.freeze_bonus_neutral", "faq.night_output",
                                                        "s8.output_1moment"),
        **{f"{ZH}:{406 + p - 3}": (f"qr.{p}p.min_active", f"qr.{p}p.min_active.play",
                                   f"qr.{p}p.night_min", f"qr.{p}p.night_min.plain",
                                   f"s4.{p}p.need") for p in PLAYERS},
        f"{ZH}:405": ("qr.4p.min_active", "qr.4p.night_min"),
        f"{ZH}:412-414": ("rule.quiet_moment", "faq.failure_per_player"),
        f"{ZH}:417-422": ("score.tasks_12", "map.companion_value", "cards.dragon",
                          "score.woke_minus6"),
        f"{SUP}:29-57": ("map.rug_cards", "map.rug_card_list", "map.high_risk_cells",
                         "map.rug_task_favourite", "map.toybox_task_regular"),
        f"{SUP}:61-66": EX2, f"{SUP}:68-69": ("v9.1.cap", "v9.1.sight"),
        f"{SUP}:70-71": ("v9.2.nights", "v9.2.cap", "v9.2.need"),
        f"{SUP}:73-75": ("v9.4.guess",), f"{SUP}:81-82": ("map.rug_card_list",),
        f"{SUP}:83-84": ("cards.dino_printed", "cards.dino"),
        f"{SUP}:85-88": tuple(f"qr.{p}p.night_min.derived" for p in PLAYERS),
    },
    lines={
        f"{ZH}:1-6": "the game's story and pitch (Andy turning over, 'three layers'); its "
                     "figures are claims ov.*",
        f"{ZH}:13": "a genre label (半合作, semi-cooperative), no figure",
        f"{ZH}:19-31": "physical components (map, exposure bar, cursor, pawns, reference "
                       "cards): counts of cardboard with no rule behind them",
        f"{ZH}:54-60": "the cell coordinates of the 3×3 room drawing",
        f"{ZH}:96-103": RULE, f"{ZH}:114-121": RULE, f"{ZH}:140-143": RULE,
        f"{ZH}:150-178": RULE, f"{ZH}:193": RULE,
        f"{ZH}:335-337": "strategy advice (§8 ①-③) without a figure to check",
        f"{ZH}:345-350": "strategy advice (§8 ④-⑥) whose figures are rules or claims faq.*",
        f"{ZH}:357-362": RULE + " (variants §9.1-9.6: scenarios variant_9_*.yaml)",
        f"{ZH}:363-373": RULE + " (FAQ 10.1-10.5)",
        f"{ZH}:384-387": "FAQ answers about house practice (coins for status cards, "
                         "discards, talk) without a figure to check",
        f"{ZH}:390-395": "similar games the book recommends",
        f"{ZH}:396-402": RULE + " (the quick reference's turn order)",
        f"{ZH}:429": "the designer's note on sources, no figure",
        f"{SUP}:1-28": RULE + " (the supplement's reveal steps, status and tie-break "
                              "rules)",
    },
)
