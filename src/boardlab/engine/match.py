"""Playing one game with bots (and, through callbacks, people)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardlab.bots.base import Bot, DecisionContext
from boardlab.engine.protocol import Game, GameRecord, GameState, Result
from boardlab.engine.rng import make_rng

MAX_STEPS = 1_000_000


@dataclass
class MatchOutcome:
    record: GameRecord
    result: Result
    state: GameState


def decision_context(game: Game, state: GameState, seat: int, rng) -> DecisionContext:
    """What a bot at ``seat`` may know: its view, its legal actions, world sampling."""
    return DecisionContext(
        game=game,
        seat=seat,
        view=game.view(state, seat),
        legal=game.legal_actions(state, seat),
        rng=rng,
        _sample_world=lambda r: game.determinize(state, seat, r),
    )


def play_match(
    game: Game,
    config: Mapping[str, Any] | Any,
    seed: int,
    bots: Sequence[Bot],
    overrides: Mapping[str, Any] | None = None,
    *,
    check: bool = True,
    on_step: Callable[[GameState, int, dict], None] | None = None,
) -> MatchOutcome:
    """Play a game to the end with one bot per seat.

    Seats that must choose together are asked in ascending order; each bot is asked with the
    view it has at that moment (a simultaneous choice already made by another seat is hidden
    by the game). Bot ``i`` draws from its own generator derived from ``seed``.
    """
    cfg = game.make_config(config)
    state = game.setup(cfg, seed, overrides)
    if len(bots) != cfg.players:
        raise ValueError(f"{len(bots)} bots for {cfg.players} seats")
    rngs = [make_rng(seed, "bot", i) for i in range(cfg.players)]
    record = GameRecord(
        game=game.id, config=cfg.model_dump(), seed=seed,
        overrides=dict(overrides) if overrides else None,
    )
    for _ in range(MAX_STEPS):
        seats = game.to_move(state)
        if not seats:
            break
        seat = seats[0]
        action = bots[seat].choose(decision_context(game, state, seat, rngs[seat]))
        game.apply_in_place(state, seat, action, check=check)
        record.actions.append((seat, action))
        if on_step is not None:
            on_step(state, seat, action)
    else:
        raise RuntimeError(f"{game.id}: no end after {MAX_STEPS} steps")
    return MatchOutcome(record, game.result(state), state)
