"""The default team bot (games/burgle/team2.py): every decision comes from the seat's view
and the legal actions alone, and it beats the bot it replaced on a fixed set of seeds."""

from __future__ import annotations

import random

from boardlab.engine.context import DecisionContext
from boardlab.engine.match import play_match
from boardlab.games.burgle import GAME, planner
from boardlab.games.burgle.bots import PreviousTeamBot, TeamPlannerBot
from boardlab.games.burgle.planner import Board, TurnModel
from boardlab.games.burgle.team2 import WORK_W, NoFutureTeamModel, PreviousTeamModel, TeamModel


def test_a_step_is_worth_work_w_and_the_previous_model_keeps_the_planners():
    state = GAME.setup(GAME.Config(players=2), 3)
    b = Board.read(GAME.view(state, 0))
    assert TeamModel(b, 0, 4, 0, 0).dist_w == WORK_W != planner.DIST_W
    assert PreviousTeamModel(b, 0, 4, 0, 0).dist_w == planner.DIST_W
    assert TurnModel(b, 0, 4, 0, 0).dist_w == planner.DIST_W
    b.safe_open = [True, True, True]  # the way to the roof: the planner's escape weight
    assert TeamModel(b, 0, 4, 0, 0).dist_w == planner.ESCAPE_DIST_W
    three = Board.read(GAME.view(GAME.setup(GAME.Config(players=3), 3), 0))
    assert TeamModel(three, 0, 4, 0, 0).dist_w == planner.DIST_W  # 3-4 seats: unchanged


def _game_from_views(players: int, seed: int, bot_class) -> list:
    """A game whose bots get a context holding only the seat's view and the legal actions
    (no game, no state): every action played."""
    state = GAME.new_game({"players": players}, seed)
    bots = [bot_class() for _ in range(players)]
    played = []
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        ctx = DecisionContext(None, seat, view=GAME.view(state, seat), legal=legal,
                              rng=random.Random(0))
        action = bots[seat].choose(ctx)
        assert action in legal
        played.append((seat, action))
        GAME.apply_in_place(state, seat, action)
    return played


def test_every_decision_comes_from_the_view_and_the_legal_actions_alone():
    """The same game through the engine (whose contexts carry the state, to build views)
    and through contexts that hold nothing but the view: the same actions, every one
    legal."""
    played = _game_from_views(3, 21, TeamPlannerBot)
    engine = play_match(GAME, {"players": 3}, 21, [TeamPlannerBot() for _ in range(3)])
    assert [(s, a) for s, a in engine.record.actions] == played


# Seeds of the regression test: the first 16 (2 players; ~20 s of CPU). On them the bot
# before WORK_W (PreviousTeamBot) wins no game and opens 27 safes, WORK_W alone 5 and 37,
# today's (WORK_W and FUTURE_H) 4 and 38. Over seeds 0-199 the gains are smaller and not
# significant (WORK_W: 36 against 31 wins, McNemar p = 0.28; FUTURE_H: 44 against 36,
# p = 0.13; benchmarks/README.md): the test fails when a change loses what WORK_W wins on
# these seeds, it does not show the gain in general.
REGRESSION_SEEDS = range(16)


def test_the_team_bot_beats_the_previous_one_on_fixed_seeds():
    def score(bot_class) -> tuple[int, int]:
        wins = safes = 0
        for seed in REGRESSION_SEEDS:
            s = play_match(GAME, {"players": 2}, seed, [bot_class(), bot_class()]).result.summary
            wins += bool(s["won"])
            safes += s["safes_opened"]
        return wins, safes

    prev_wins, prev_safes = score(PreviousTeamBot)
    wins, safes = score(TeamPlannerBot)
    assert wins >= prev_wins + 3 and safes >= prev_safes + 6, (wins, safes, prev_wins, prev_safes)


def test_at_three_and_four_players_the_team_plays_as_before():
    for players in (3, 4):
        new = play_match(GAME, {"players": players}, 2, [TeamPlannerBot() for _ in range(players)])
        old = play_match(GAME, {"players": players}, 2,
                         [PreviousTeamBot() for _ in range(players)])
        assert new.record.actions == old.record.actions


def test_future_exposure_costs_each_step_to_go_at_two_players_only():
    from boardlab.games.burgle.planner import Node
    from boardlab.games.burgle.team2 import FUTURE_H

    state = GAME.setup(GAME.Config(players=2), 3)
    b = Board.read(GAME.view(state, 0))
    model = TeamModel(b, 0, 4, 0, 0)
    assert model.future_h == FUTURE_H > 0
    assert PreviousTeamModel(b, 0, 4, 0, 0).future_h == 0.0
    assert NoFutureTeamModel(b, 0, 4, 0, 0).future_h == 0.0
    assert NoFutureTeamModel(b, 0, 4, 0, 0).dist_w == WORK_W  # only the future cost off
    three = Board.read(GAME.view(GAME.setup(GAME.Config(players=3), 3), 0))
    assert TeamModel(three, 0, 4, 0, 0).future_h == 0.0
    # with a guard on the floor, the same node costs the more the farther its goal
    b.guards[0] = planner.Guard(pos=15, dest=14, die=2, donut=False, discard=frozenset(),
                                known_top=None, left=5)
    node = Node(0, 4, 0, -1, frozenset(), frozenset(), 0, 0, -1, 0, 0, 0.0)
    with_h, without = TeamModel(b, 0, 4, 0, 0), TeamModel(b, 0, 4, 0, 0)
    without.future_h = 0.0
    expected = FUTURE_H * with_h.goal.get(0, 30.0) * planner.stealth_cost(3) * 2 / 64
    assert expected > 0
    assert abs((without.leaf(node) - with_h.leaf(node)) - expected) < 1e-9
