"""geometry's claim register: every numeric or comparative statement of 几何密室 (a shape
version of Dokojong), read line by line - components, goal, set-up, §3 choosing doors,
§4 searching, §5 end - as plain data (format: docs/claims.md).

The rulebook publishes no figures of play and no strategy numbers; its claims are component
counts, rule numbers (replayed from scenarios) and the bounds those numbers imply (checked by
search over legal play).
"""

from __future__ import annotations

from boardlab.engine.claims import (
    Claim,
    Formula,
    Metric,
    NotCheckable,
    Register,
    Replay,
    Search,
    summary_value,
)
from boardlab.engine.rulebook import Rulebook
from boardlab.engine.whatif import config
from boardlab.games.geometry import GAME
from boardlab.games.geometry.config import GeometryConfig


def _cfg() -> GeometryConfig:
    """The rules formulas read: the book's, or the changed ones under what-if."""
    return config(GeometryConfig)
COLOURS = GAME.max_players  # one colour (cards, markers, board) per mathematician


def F(cid, section, quote, english, published, fn, note=""):
    return Claim(cid, section, quote, english, "arithmetic", published, Formula(fn), note)


def R(cid, section, quote, english, published, path, kind="arithmetic"):
    return Claim(cid, section, quote, english, kind, published, Replay(path))


def _response_kinds() -> int:
    """The kinds of action a player answering the leader's first door may choose from."""
    state = GAME.new_game(config(GeometryConfig, players=4), seed=1)
    leader = GAME.to_move(state)[0]
    GAME.apply_in_place(state, leader, GAME.legal_actions(state, leader)[0])
    seat = GAME.to_move(state)[0]
    return len({a["type"] for a in GAME.legal_actions(state, seat)})


def _max_of(key: str):
    return lambda first, last: float(max(last[key]))


CLAIMS = [
    F("comp.players", "游戏说明", "五位数学家", "Up to five mathematicians play.", 5,
      lambda: GAME.max_players),
    F("comp.doors", "■ 游戏配件", "5 个房门标记 正面：1, 2, 3, 4, 5",
      "Five doors, numbered 1 to 5.", [1, 2, 3, 4, 5],
      lambda: list(range(1, _cfg().doors + 1))),
    F("comp.boards", "■ 游戏配件", "5 个数字板 (1, 2, 3, 4, 5)",
      "Five number boards, one per mathematician, each numbered 1-5 like the doors.", (5, 5),
      lambda: (COLOURS, _cfg().doors)),
    F("comp.cards", "■ 游戏配件", "牌（5种颜色，每种颜色5张）",
      "25 cards: 5 colours of 5 cards.", 25, lambda: COLOURS * _cfg().doors),
    F("comp.shape_cards", "■ 游戏配件", "图形牌（每种颜色1张）", "One shape card per colour.", 1,
      lambda: _cfg().doors - (_cfg().doors - 1)),
    F("comp.x_cards", "■ 游戏配件", "“X”牌（每种颜色4张）", "Four X cards per colour.", 4,
      lambda: _cfg().doors - 1),
    F("comp.score_markers", "■ 游戏配件", "10 个分数标记",
      "10 score markers (2 per colour).", 10, lambda: COLOURS * _cfg().win_points),
    F("comp.penalty_markers", "■ 游戏配件", "惩罚标记（5种颜色，每种颜色3个）",
      "15 penalty markers, 3 per colour.", 15, lambda: COLOURS * _cfg().penalties_out),
    Claim("comp.leader", "■ 游戏配件", "1 个领袖标志（五角星标志）", "One leader token.",
          "arithmetic", 1, NotCheckable("a physical token; the game keeps a single leader "
                                        "seat by construction")),
    Claim("setup.board_parts", "2. 游戏准备", "一组数字板部件（2个板块，2个连接器）",
          "Each number board is 2 pieces and 2 connectors.", "arithmetic", (2, 2),
          NotCheckable("3D-printed parts; the software has no board to assemble")),
    F("setup.cards_per_player", "2. 游戏准备", "每名数学家各自拿取颜色相同的 5 张牌",
      "Each player has 5 cards of their colour, one behind each number.", 5,
      lambda: _cfg().doors),
    F("setup.markers_per_player", "2. 游戏准备", "2 个分数标记和 3 个惩罚标记",
      "Each player has 2 score and 3 penalty markers.", (2, 3),
      lambda: (_cfg().win_points, _cfg().penalties_out)),
    R("goal.score", "1. 游戏目标 / 4 步骤2", "如果你能证明有 3 个不同的地点都不是你存放图形的藏身之处，你得一分",
      "Three revealed cards without the shape score 1 point (and the cards reshuffle).", 3,
      "score_point.yaml"),
    F("goal.score.config", "1. 游戏目标", "有 3 个不同的地点", "The scoring number is 3.", 3,
      lambda: _cfg().score_reveals),
    R("goal.found", "1. 游戏目标 / 4 步骤1", "如果你的图形被找到，你得到一个惩罚标记",
      "A player whose shape is found flips one penalty marker.", 1,
      "search_stops_at_found.yaml"),
    R("doors.leader_one", "3. 决定要搜查的房门", "领袖选择 1 个要打开的房门",
      "The leader opens exactly one door to start.", 1, "take_lead_and_reopen.yaml"),
    R("doors.reopen_plus_one", "3 ③", "新打开房门数量必须比此前处于打开状态的房门数量多 1",
      "Action ③ opens exactly one door more than were open, none of the old ones.", 1,
      "take_lead_and_reopen.yaml"),
    R("doors.reopen_refused", "3 ③", "如果已有至少 3 个打开的房门，则不能进行本行动",
      "Action ③ is refused with 3 or more doors open.", 3, "take_lead_and_reopen.yaml"),
    F("doors.reopen_limit.config", "3 ③", "至少 3 个打开的房门", "The ③ limit is 3.", 3,
      lambda: _cfg().max_open_for_reopen),
    R("search.all_ok", "4 步骤1", "除领袖之外的所有玩家都选择行动①",
      "When every non-leader says OK, everyone reveals the open doors.", "reveal",
      "all_ok_search.yaml"),
    R("search.accuse_hit", "4 步骤1 行动④", "领袖将自己的一个惩罚标记翻面 … 选择自己的一张“X”牌",
      "A correct accusation costs the leader a penalty; the accuser reveals one X.", 1,
      "accuse_hit.yaml"),
    R("search.accuse_miss", "4 步骤1 行动④", "如果没有找到图形 保持已翻开的牌不动",
      "A wrong accusation leaves the revealed card face up.", 0, "accuse_miss.yaml"),
    R("search.two_kept", "4 步骤2", "如果你有最多 2 张牌被翻开，保持这些牌不动",
      "With at most 2 cards revealed nothing is reshuffled.", 2, "all_ok_search.yaml"),
    R("out.three_penalties", "4 步骤2", "所有拥有 3 个已翻面的惩罚标记的数学家出局",
      "Three flipped penalty markers put a player out; the game goes on.", 3,
      "elimination.yaml"),
    R("out.leader_left", "4 步骤2", "如果当前领袖出局，则其左侧的数学家成为新领袖",
      "If the leader goes out, the player on its left leads.", "left", "leader_out.yaml"),
    R("end.two_points", "5. 游戏结束", "如果有任何玩家有 2 个已翻面的得分标记，游戏立即结束",
      "Two flipped score markers end the game at once.", 2, "win_points.yaml"),
    F("end.two_points.config", "5. 游戏结束", "2 个已翻面的得分标记", "The end is 2 points.", 2,
      lambda: _cfg().win_points),
    R("end.tie", "5. 游戏结束", "如果出现平手，则拥有已翻面的惩罚标记最少的玩家获胜",
      "On a tie in points the player with fewer flipped penalties wins.", "fewest",
      "tie_fewest_penalties.yaml"),
    R("end.last_one", "5. 游戏结束", "只剩下 1 位玩家，则该玩家获胜",
      "The last player left wins.", 1, "last_one_left.yaml"),
    Claim("bound.points", "2. 游戏准备 / 5", "拿取 … 2 个分数标记",
          "No player ever has more than 2 flipped score markers (search over play, 5 "
          "players).", "bound", 2,
          Search({"players": 5}, segment=lambda f: 0, measure=_max_of("score"), compare="le",
                 walks=150)),
    Claim("bound.penalties", "2. 游戏准备 / 4 步骤2", "3 个惩罚标记",
          "No player ever has more than 3 flipped penalty markers (search over play, 5 "
          "players).", "bound", 3,
          Search({"players": 5}, segment=lambda f: 0, measure=_max_of("penalty"),
                 compare="le", walks=150)),
    Claim("bound.open_doors", "■ 游戏配件", "5 个房门标记",
          "Never more than the 5 doors are open (search over play).", "bound", 5,
          Search({"players": 4}, segment=lambda f: f["rounds"],
                 measure=lambda first, last: float(len(last["open"])), compare="le",
                 walks=100, at="step"),
          note="read after every action: the doors are all closed when a round starts, so "
               "a reading at the start of each round would always be 0"),
    F("actions.four", "3. 决定要搜查的房门", "每位玩家选择以下行动之一（①～④）",
      "A player answering the leader chooses among four kinds of action (OK, open one more, "
      "reopen, accuse).", 4, _response_kinds),
    F("doors.reopen_max", "3 ③", "新打开房门数量必须比此前处于打开状态的房门数量多 1",
      "Set against the ③ limit (refused with 3 or more open), a reopen leaves at most 3 "
      "doors open, fewer than the 5 doors: the two rules of ③ fit together.", 3,
      lambda: (_cfg().max_open_for_reopen - 1) + 1),
    F("goal.score_fits_cards", "1. 游戏目标 / 2. 游戏准备",
      "有 3 个不同的地点都不是你存放图形的藏身之处",
      "Set against the cards: 3 revealed places without the shape need 3 of the 4 X cards, "
      "so a point can be scored (3 <= 4).", True,
      lambda: _cfg().score_reveals <= _cfg().doors - 1),
    F("comp.markers_fit", "■ 游戏配件 / 2. 游戏准备", "10 个分数标记",
      "Set against set-up: 10 score and 15 penalty markers are exactly 2 and 3 for each of "
      "the 5 colours.", (10, 15),
      lambda: (COLOURS * _cfg().win_points, COLOURS * _cfg().penalties_out)),
    Claim("strategy.passive", "游戏说明", "如果你不努力搜寻其他图形，那么你的图形可能就会被发现",
          "A player who does not search for others' shapes is more likely to have their own "
          "found.", "strategy", "more likely",
          NotCheckable("the book gives no measure of 'trying to search'; our two bots "
                       "differ in boldness, not in how much they search")),
]

REGISTER = Register(
    game="geometry",
    source="几何密室 rulebook (components, §1-§5); no supplement",
    claims=CLAIMS,
    metrics=[Metric("rounds", summary_value("rounds"), "searches per game")],
    stand_in="the book publishes no figures of play; simulated seat tests use the default "
             "mix (bold, cautious)",
)

RULEBOOK = Rulebook(
    files=("geometry-rooms.zh.txt",),
    points={
        "5 个数字板 正面": ("comp.boards",),
        "如果你有至少 3 张牌被翻开，并且你的图形没有被找到": ("goal.score", "goal.score.config"),
        "进行行动④的那名数学家选择自己的一张": ("search.accuse_hit",),
        "再选择 1 个要打开的房门": ("bound.open_doors",),
    },
    not_claims={
        "适合3D打印的数字板": "about the printed edition (3D-printed boards, a box), not the "
                          "rules",
        "数字1应在左边": "how to assemble the physical board (number 1 on the left); the "
                     "software lays boards out itself",
        "按照数字板上的数字顺序": "how to stand the cards behind the board: the physical "
                           "layout, no figure",
        "如果有玩家进行行动④，前往": "refers to action ④ by its number: where play goes next",
        "如果有人选择行动④": "refers to action ④ by its number: the heading of its case",
        "最后一位持有领袖标志的玩家保留标志": "a rule of play (the last leader keeps the "
                                "token), no figure; replayed in scenarios/geometry/"
                                "take_lead_and_reopen.yaml",
    },
)
