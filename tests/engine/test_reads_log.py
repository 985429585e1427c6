"""Bots that declare ``reads_log = False`` get views with an empty log, and play the very
same games: the same seeds give the same records and results bit for bit."""

from __future__ import annotations

import pytest

from boardlab.bots.registry import bot_factories
from boardlab.engine.context import NoLog, reads_log
from boardlab.engine.match import play_match
from boardlab.engine.protocol import SeatLog, canonical, view_with_log
from boardlab.engine.registry import all_game_ids, get_game
from boardlab.engine.rng import derive_seed
from boardlab.lab.runner import seat_bots, with_default_players

GAMES = sorted(all_game_ids())
# Seeded matches per game: hotel and burgle games are slow, so fewer of them.
MATCHES = {"burgle": 3}


def _log_key(view: dict) -> str:
    return "visible_log" if "visible_log" in view else "log"


def _bots(game, players: int, index: int, keep_log: bool) -> list:
    factories = bot_factories(game)
    names = seat_bots(game.style_mix(players), players, index, True)
    bots = [factories[n]() for n in names]
    if keep_log:
        for bot in bots:
            bot.reads_log = True  # the old path: every view with its full log
    return bots


def _played(game, cfg, seed, bots):
    out = play_match(game, cfg, seed, bots, check=False)
    return (canonical(out.record.model_dump()), out.result.scores, out.result.winners,
            canonical(out.result.summary))


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seeds_same_games_with_and_without_the_log(game_id):
    game = get_game(game_id)
    cfg = game.make_config(with_default_players(game, {}))
    declared = 0
    for i in range(MATCHES.get(game_id, 20)):
        seed = derive_seed(7, i)
        new = _bots(game, cfg.players, i, keep_log=False)
        declared += sum(not reads_log(b) for b in new)
        assert _played(game, cfg, seed, new) == _played(
            game, cfg, seed, _bots(game, cfg.players, i, keep_log=True)), (game_id, i)
    # the comparison means something only if some style bot took the new path
    assert declared > 0, f"{game_id}: no style bot declares reads_log = False"


class _LogCounter:
    """A bot that (wrongly) declares it does not read the log, and chooses by its length."""

    name = "log-counter"

    def __init__(self, declared: bool) -> None:
        self.reads_log = declared

    def choose(self, ctx):
        view = ctx.view
        return ctx.legal[len(view[_log_key(view)]) % len(ctx.legal)]


def test_a_bot_that_reads_the_log_plays_differently_without_it():
    """The comparison above can fail: a bot whose choices depend on the log plays other
    games when its views come without it."""
    game = get_game("cat")
    cfg = game.make_config({"players": 3})
    full = play_match(game, cfg, 5, [_LogCounter(True) for _ in range(3)])
    blank = play_match(game, cfg, 5, [_LogCounter(False) for _ in range(3)])
    assert full.record.actions != blank.record.actions


@pytest.mark.parametrize("game_id", GAMES)
def test_the_view_without_the_log_is_the_view_less_its_log(game_id):
    """Everything but the log is the seat's full view (nothing hidden shown, nothing
    visible dropped); the log is empty."""
    game = get_game(game_id)
    cfg = game.make_config(with_default_players(game, {}))
    seen = []

    def look(state, seat, action):
        if len(seen) < 40:
            for s in range(cfg.players):
                full = view_with_log(game, state, SeatLog(s))
                blank = view_with_log(game, state, NoLog(s))
                key = _log_key(full)
                seen.append(bool(full[key]))
                assert blank[key] == []
                assert canonical({**full, key: []}) == canonical(blank)
                assert canonical(full) == canonical(game.view(state, s))

    play_match(game, cfg, 3, _bots(game, cfg.players, 0, keep_log=False), on_step=look)
    assert any(seen), f"{game_id}: no view with a log to leave out"


def test_default_is_to_read_the_log():
    class Plain:
        name = "plain"

    assert reads_log(Plain())
    assert not reads_log(type("Quiet", (), {"reads_log": False})())
