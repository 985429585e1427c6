"""SeatLog.fork: a seat's log carried over to a copy of the state (the server's pushes
replay a burst on such a copy) equals the copy's own visible log at every later step."""

from __future__ import annotations

import random

import pytest

from boardlab.engine.protocol import SeatLog
from boardlab.engine.registry import all_game_ids, get_game


@pytest.mark.parametrize("gid", all_game_ids())
def test_a_forked_seat_log_follows_the_copy(gid):
    game = get_game(gid)
    cfg = game.make_config({})
    state = game.setup(cfg, 4)
    rng = random.Random(4)
    feeds = {seat: SeatLog(seat) for seat in [None, *range(cfg.players)]}
    for step in range(60):
        movers = game.to_move(state)
        if not movers:
            break
        if step % 7 == 3:  # fork mid-game, then play on only on the copy
            copy = state.copy()
            forked = {seat: feed.fork(state, copy) for seat, feed in feeds.items()}
            for s, log in forked.items():
                # carried over, not converted again: the same entry objects
                before = feeds[s].entries
                assert all(a is b for a, b in zip(log.sync(copy), before, strict=False))
                assert len(log.entries) == len(before)
            for _ in range(10):
                movers = game.to_move(copy)
                if not movers:
                    break
                seat = movers[0]
                game.apply_in_place(copy, seat, rng.choice(game.legal_actions(copy, seat)))
                for s, log in forked.items():
                    assert log.sync(copy) == game.visible_log(copy, s)
            # the original's feeds are untouched by what happened on the copy
            for s, feed in feeds.items():
                assert feed.sync(state) == game.visible_log(state, s)
        seat = game.to_move(state)[0]
        game.apply_in_place(state, seat, rng.choice(game.legal_actions(state, seat)))
