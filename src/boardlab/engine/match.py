"""Playing one game with bots (and, through callbacks, people).

The loop is the engine's hot path. Per decision it asks ``to_move`` once and
``legal_actions`` once, gives the bot a context whose view is built only if the bot reads
it (and then with the seat's log kept incrementally, see :class:`SeatLog`) - the seat's
previous context made new again when no bot kept it - and accepts
the bot's answer without re-checking it when it is one of the listed legal actions (by
index, or the very object from the list). Anything else goes through ``check_action`` as
before, so behaviour does not change.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from boardlab.engine.context import DecisionContext, NoLog, StateContext, seat_log_for
from boardlab.engine.errors import IllegalAction
from boardlab.engine.protocol import Game, GameRecord, GameState, Result, SeatLog
from boardlab.engine.rng import make_rngs

if TYPE_CHECKING:
    from boardlab.bots.base import Bot

MAX_STEPS = 1_000_000

# A seat's context is reused for its next decision when nothing but the engine holds it
# (see play_match): its references are then the engine's list, the loop's local variable
# and getrefcount's own argument. Where the count is not available (not CPython), a fresh
# context is built every time, as before. The count of 3 is the interpreter's bytecode
# at work (3.11-3.13): an interpreter that counts differently either never reuses (safe)
# or would reuse a kept context, which tests/engine/test_fastpath.py's keeper bot catches
# on whatever Python runs the suite. (Measured: toys 8%, burgle 4%, cat 1.5% per decision.)
_getrefcount = getattr(sys, "getrefcount", None)
_UNSHARED = 3


@dataclass
class MatchOutcome:
    record: GameRecord
    result: Result
    state: GameState


_SCALARS = (str, int, float, bool, type(None))
_LAST_CONFIG: tuple[Any, dict[str, Any] | None] = (None, None)


def config_dict(cfg: Any) -> dict[str, Any]:
    """``cfg.model_dump()``, for the record of every game. A lab run plays thousands of
    games with one config object, so the last config's dump is kept and a copy handed
    out: equal to a fresh dump because the config is frozen and, when kept, every value is
    a plain scalar (a shallow copy then shares nothing mutable). Configs with nested
    values are dumped afresh every time."""
    global _LAST_CONFIG
    last, dumped = _LAST_CONFIG
    if last is cfg and dumped is not None:
        return dict(dumped)
    fresh = cfg.model_dump()
    _LAST_CONFIG = (cfg, fresh if all(type(v) in _SCALARS for v in fresh.values())
                    else None)
    return dict(fresh)


def decision_context(game: Game, state: GameState, seat: int, rng,
                     legal: list | None = None,
                     seat_log: SeatLog | None = None, *,
                     reads_log: bool = True) -> DecisionContext:
    """What a bot at ``seat`` may know: its view (built when read), its legal actions,
    world sampling. With ``seat_log`` the view's log is kept incrementally (equal to the
    full view's); with ``reads_log=False`` (a bot that declares it never reads the log)
    the view's log is empty."""
    if seat_log is None and not reads_log:
        seat_log = NoLog(seat)
    return StateContext(
        game, seat, game.legal_actions(state, seat) if legal is None else legal,
        random.Random(0) if rng is None else rng, state, seat_log,
    )


def is_listed(action: Any, legal: list) -> bool:
    """Whether ``action`` is one of the objects of ``legal`` (identity, not equality)."""
    for candidate in legal:  # noqa: SIM110 - a plain loop is faster than any() here
        if candidate is action:
            return True
    return False


def ask(bot: Bot, ctx: DecisionContext) -> tuple[Any, bool]:
    """The bot's choice and whether it is known legal (picked from ``ctx.legal``)."""
    by_index = getattr(bot, "choose_index", None)
    if by_index is not None:
        i = by_index(ctx)
        if type(i) is int and 0 <= i < len(ctx.legal):
            return ctx.legal[i], True
        raise IllegalAction(f"{bot.name}: action index {i!r} is not in 0..{len(ctx.legal) - 1}")
    action = bot.choose(ctx)
    return action, is_listed(action, ctx.legal)


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
    rngs = make_rngs(seed, "bot", cfg.players)
    # A bot that declares ``reads_log = False`` gets views with an empty log (NoLog): the
    # same choices, without turning every event into words for it (cat: ~30% of a game).
    logs = [seat_log_for(bot, i) for i, bot in enumerate(bots)]
    # Built without pydantic's validation (a few % of a short game): every field is known
    # valid here, and the record equals the validated one.
    record = GameRecord.model_construct(
        game=game.id, config=config_dict(cfg), seed=int(seed),
        overrides=dict(overrides) if overrides else None, actions=[],
    )
    actions = record.actions
    to_move, legal_actions = game.to_move, game.legal_actions
    # Each bot's way of answering, looked up once per game instead of once per decision.
    by_index = [getattr(bot, "choose_index", None) for bot in bots]
    context = StateContext  # a local: looked up at every decision
    refs = _getrefcount or (lambda _: 0)
    contexts: list[StateContext | None] = [None] * cfg.players
    ctx: StateContext | None = None
    # The game's own transition, called directly unless the game changes apply_in_place.
    direct = type(game).apply_in_place is Game.apply_in_place
    transition, apply = game._apply, game.apply_in_place
    for _ in range(MAX_STEPS):
        seats = to_move(state)
        if not seats:
            break
        seat = seats[0]
        legal = legal_actions(state, seat)
        # The seat's previous context, if no bot kept it, made equal to a new one (the
        # same game, seat, state and log; what a bot may have changed is set again):
        # cheaper than building one at every decision.
        ctx = contexts[seat]
        if ctx is not None and refs(ctx) == _UNSHARED:
            ctx.legal = legal
            ctx.rng = rngs[seat]
            ctx._view = None
        else:
            ctx = contexts[seat] = context(game, seat, legal, rngs[seat], state, logs[seat])
        chooser = by_index[seat]
        if chooser is not None:
            i = chooser(ctx)
            if type(i) is not int or not 0 <= i < len(legal):
                raise IllegalAction(
                    f"{bots[seat].name}: action index {i!r} is not in 0..{len(legal) - 1}")
            action = checked = legal[i]
        else:
            action = checked = bots[seat].choose(ctx)
            if check and not is_listed(action, legal):
                checked = game.check_action(state, seat, action)
        if direct:
            state.log.extend(transition(state, seat, checked))
        else:
            apply(state, seat, checked, check=False)
        actions.append((seat, action))
        if on_step is not None:
            on_step(state, seat, action)
    else:
        raise RuntimeError(f"{game.id}: no end after {MAX_STEPS} steps")
    return MatchOutcome(record, game.result(state), state)
