"""Payloads built with what a table keeps between changes (each seat's log kept
incrementally, the choices counted per seat, one summary per change) and the hub's
in-between steps (replayed on a copy whose seat logs start from the table's) equal the
plain build they replaced: the whole log converted again, the choices counted again, the
summary made anew, at every step of a random game of every game."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
import sqlalchemy as sa

from boardlab.engine.protocol import GameRecord
from boardlab.server.hub import Hub
from boardlab.server.tables import Live, Seat, Tables

from .conftest import ids, lookup


def _plain(t: Live, seat: int | None) -> dict[str, Any]:
    """The payload as it was built before: from scratch, nothing kept."""
    fresh = dataclasses.replace(t, logs={}, tally=None, shared=None, seen={})
    out = Tables._payload(None, fresh, seat)  # type: ignore[arg-type]  # (self unused)
    assert out["log"] == t.game.visible_log(t.state, seat)  # (outside any log feed)
    assert out["table"] == t.summary()
    assert out["step"] == (None if seat is None else sum(1 for s, _ in t.actions
                                                         if s == seat))
    return out


@pytest.mark.parametrize("game_id", ids())
def test_kept_logs_counts_and_summaries_give_the_plain_payload(game_id):
    game = lookup(game_id)
    tables = Tables(sa.create_engine("sqlite://"), lookup, ids)
    rng = random.Random(game_id)
    players = min(game.max_players, 4)
    cfg = game.make_config({"players": players})
    t = Live("t", game, cfg.model_dump(mode="json"), 9, "running", "", "", 0.0,
             [Seat(s, "human", None, f"P{s}", "", True) for s in range(players)],
             game.setup(cfg, 9, None))
    for step in range(300):
        t.rev = step
        for seat in [*range(players), None]:
            if rng.random() < 0.3:  # not every seat after every change, as at a table
                continue
            assert tables._payload(t, seat) == _plain(t, seat), (game_id, step, seat)
        if game.is_over(t.state):
            break
        seat = game.to_move(t.state)[0]
        action = rng.choice(game.legal_actions(t.state, seat))
        game.apply_in_place(t.state, seat, action, check=False)
        t.actions.append((seat, action))


@pytest.mark.parametrize("game_id", ["toys", "cat", "hotel"])
def test_the_hubs_in_between_steps_are_the_plain_payloads(game_id, tmp_path):
    """One human and bots: every push replays the bots' burst; each step's payload (built
    on the hub's copy with forked seat logs) equals a plain one of an independent replay."""
    from boardlab.server.db import make_engine, migrate

    engine = make_engine(f"sqlite:///{tmp_path / 'h.sqlite'}", group_commit=True)
    migrate(engine)
    tables = Tables(engine, lookup, ids)
    hub = Hub(tables)
    game = lookup(game_id)
    players = min(game.max_players, 4)
    t, host, _inv, claimed = tables.create(
        game_id, players, {}, [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}]
        * (players - 1), claim=[0], seed=4, practice=True)
    tables.start(t.id, host)
    steps: list[tuple[Live, int | None, dict[str, Any]]] = []
    real = tables.shown_step

    def kept(step: Live, seat: int | None) -> Any:
        got = real(step, seat)
        steps.append((step, seat, got.payload))
        return got

    tables.shown_step = kept  # type: ignore[method-assign]
    room = [(object(), 0, tables.live[t.id].seats[0].token), (object(), None, "")]
    held: dict[Any, Any] = {}
    rng = random.Random(game_id)
    checked = 0
    for _ in range(60):
        live = tables.get(t.id)
        texts, holds, _revoked = hub._messages(
            t.id, [(ws, seat, key, held.get(ws)) for ws, seat, key in room])
        held.update(holds)
        for step, seat, payload in steps:
            version = len(step.actions)
            state = game.replay(GameRecord(game=game_id, config=live.config, seed=live.seed,
                                           actions=live.actions[:version]))
            other = dataclasses.replace(live, state=state, actions=live.actions[:version],
                                        status="running")
            assert payload == _plain(other, seat), (game_id, version, seat)
            checked += 1
        steps.clear()
        if live.status != "running":
            break
        legal = game.legal_actions(live.state, 0)
        tables.act(t.id, 0, claimed[0], rng.choice(legal), live.seat_steps(0))
    assert checked >= 20  # the bots' bursts were replayed and checked
    hub.close()
    tables.shutdown()
    engine.dispose()
