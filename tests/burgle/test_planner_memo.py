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
