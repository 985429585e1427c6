"""The planner's per-model and per-walk tables (issue 22, speed): a leaf's safe scores and
guard risk kept per model, a guard's sure next walk kept per layout, a board's open
neighbours kept per layout. Each must give the game that working everything out afresh
gives."""

from __future__ import annotations

from boardlab.engine.match import play_match
from boardlab.games.burgle import GAME, planner
from boardlab.games.burgle.bots import TeamPlannerBot
from boardlab.games.burgle.planner import Board


class _Forgetful(dict):
    """A table that stores nothing: every question is worked out again."""

    def __setitem__(self, key, value) -> None:
        pass


def _game(players: int, seed: int):
    return play_match(GAME, {"players": players}, seed,
                      [TeamPlannerBot() for _ in range(players)]).record


def test_kept_tables_change_no_choice(monkeypatch):
    kept = [_game(2, 4), _game(3, 1)]
    monkeypatch.setattr(planner, "_NEXT_WALK", _Forgetful())
    init = planner.TurnModel.__init__

    def forgetful_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        self._safe_memo = _Forgetful()
        self._risk_memo = _Forgetful()
    monkeypatch.setattr(planner.TurnModel, "__init__", forgetful_init)
    read = Board.read.__func__

    def forgetful_read(cls, v):
        b = read(cls, v)
        b._nbrs = _Forgetful()
        return b
    monkeypatch.setattr(Board, "read", classmethod(forgetful_read))
    fresh = [_game(2, 4), _game(3, 1)]
    assert kept == fresh


def test_open_neighbours_follow_a_changed_layout():
    """tool_board changes a floor's walls in place (Dynamite): the kept neighbours are per
    layout, so the blown wall opens at once."""
    b = Board.read(GAME.view(GAME.setup(GAME.Config(players=2), 3), 0))
    wall = next(iter(b.walls[0]))
    a, c = wall
    assert c not in b.open_neighbours(a)
    b.walls[0] = frozenset(w for w in b.walls[0] if w != wall)
    assert c in b.open_neighbours(a)


class _Unfollowing(TeamPlannerBot):
    follow_plan = False


def test_following_the_turns_plan_changes_no_choice(monkeypatch):
    """While a turn goes as planned (moves onto face-up tiles, safe dice) the bot plays the
    plan's next action instead of searching again: the same games as searching at every
    decision, and it does follow (most of a turn's later decisions)."""
    followed = []
    follow = TeamPlannerBot._follow

    def counting(self, v, board, legal):
        out = follow(self, v, board, legal)
        followed.append(out is not None)
        return out
    monkeypatch.setattr(TeamPlannerBot, "_follow", counting)
    for players, seed in ((2, 4), (3, 1), (4, 2)):
        searched = play_match(GAME, {"players": players}, seed,
                              [_Unfollowing() for _ in range(players)]).record
        followed.clear()
        assert _game(players, seed) == searched
        assert sum(followed) > len(followed) / 4, (sum(followed), len(followed))


def test_a_plan_is_not_followed_once_the_board_changed():
    """The plan's next step is played only on the board it was searched on: a tile turned
    face up (or any other change the model reads) sends the bot back to the search."""
    bot = TeamPlannerBot()
    state = GAME.setup(GAME.Config(players=2), 3)
    b = Board.read(GAME.view(state, 0))
    sig = bot._signature(b, 0)
    assert bot._signature(Board.read(GAME.view(state, 0)), 0) == sig
    b.kind[b.kind.index(None)] = "lab"
    assert bot._signature(b, 0) != sig
    b2 = Board.read(GAME.view(state, 0))
    b2.alarms = b2.alarms | {5}
    assert bot._signature(b2, 0) != sig


def test_the_turn_without_a_tool_is_searched_once():
    """With a map-changing tool in hand the turn without it is searched once, for the
    tool's comparison and then for the plan: the same choices as two separate searches
    (a Rigger starts with Dynamite)."""
    from boardlab.engine.context import DecisionContext
    from boardlab.games.burgle.team2 import MAP_TOOLS

    class TwoSearches(TeamPlannerBot):
        def _plan(self, v, legal):
            tools = [a for a in legal if a["type"] == "tool" and a["tool"] in MAP_TOOLS]
            if tools:
                model, root = self._model(v, Board.read(v))
                use = self._map_tool(v, tools, model, root)
                if use is not None:
                    return use
                model, root = self._model(v, Board.read(v))
                return self._search(v, legal, model, root)
            return super()._plan(v, legal)

    checked = 0
    for seed in range(3):
        state = GAME.setup(GAME.Config(players=2), seed,
                           {"characters": [["rigger", "basic"], ["peterman", "basic"]]})
        once, twice = [TeamPlannerBot(), TeamPlannerBot()], [TwoSearches(), TwoSearches()]
        while not GAME.is_over(state):
            seat = GAME.to_move(state)[0]
            legal = GAME.legal_actions(state, seat)
            ctx = DecisionContext(GAME, seat, legal=legal, state=state)
            a, b = once[seat].choose(ctx), twice[seat].choose(ctx)
            assert a == b
            checked += any(x["type"] == "tool" and x["tool"] in MAP_TOOLS for x in legal)
            GAME.apply_in_place(state, seat, a)
    assert checked >= 20, checked
