"""`boardlab check` on every game, on a small budget (a few seconds per game): every claim
gets a verdict, and the known-false toys quick-reference bound comes out contradicted."""

from __future__ import annotations

from pathlib import Path

import pytest

import boardlab.games
from boardlab.engine.claims import Claim
from boardlab.engine.registry import all_game_ids
from boardlab.lab.audit import CONTRADICTED, VERDICTS, Budget, audit
from boardlab.lab.spec import resolve_register

GAMES = all_game_ids()


@pytest.mark.parametrize("game", GAMES)
def test_check_every_game_small_budget(game):
    au = audit(game, Budget(games=2, walks=2, seed=1, workers=1))
    reg = resolve_register(game)
    assert len(au.verdicts) == (len(reg.claims) if reg else 0)
    assert all(v.verdict in VERDICTS and v.detail for v in au.verdicts)
    assert au.seating["games"] > 0


@pytest.mark.parametrize("game", GAMES)
def test_games_never_import_the_lab(game):
    """A game stays rules plus data: no module of games/<id>/ imports the lab."""
    folder = Path(boardlab.games.__file__).parent / game
    for path in folder.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "boardlab.lab" not in text, f"{path} imports the lab"
    reg = resolve_register(game)
    for c in reg.claims if reg else []:
        assert isinstance(c, Claim) and c.id and c.section and c.quote and c.english


def test_toys_night_minimum_is_contradicted_by_search():
    if "toys" not in GAMES or resolve_register("toys") is None:
        pytest.skip("TOYS OR ITS REGISTER NOT AVAILABLE")
    au = audit("toys", Budget(walks=60, seed=0, workers=1), only=["qr.4p.night_min"])
    v = next(v for v in au.verdicts if v.claim.id == "qr.4p.night_min")
    assert v.verdict == CONTRADICTED, v.detail
    assert v.counterexample["measure"] < 4
