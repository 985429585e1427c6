"""The strong bot (``strong``): determinized root search with the game's best style as the
rollout policy, the opponent model and the prior.

Which search, and why. Budgets are about 100 ms of CPU per move in pure Python, i.e. from a
few (hotel: 12-25 ms per policy-played game, hence its hooks below) to a few hundred
(toys, cat) playouts per move.
A deep IS-MCTS tree (:mod:`boardlab.bots.ismcts`) cannot grow useful statistics below its
root on that budget, and uniformly random playouts - what ``ismcts`` and ``montecarlo`` use -
value a move by what random players would do next, which is why both lose to every style
bot. So this bot spends the budget where it pays:

* **the root is the seat's information set** (single-observer IS-MCTS cut to one level):
  every round starts from a fresh ``ctx.sample_world()`` - the game re-deals all the
  seat cannot see - so nothing hidden is read; root choices are indices into the seat's
  own legal list, which depends only on what the seat knows;
* **policy playouts**: below the root choice every seat (this one included) plays the
  game's strongest style bot (``STRONG_POLICY`` in ``games/<id>/bots.py``, or a lighter
  ``STRONG_ROLLOUT`` factory there: hotel's ``taker`` on a cheaper rival model), on its own
  view of the sampled world, with a small share ``epsilon`` of uniformly random moves so
  that playouts of one choice differ. For the other seats that *is* the opponent model,
  sealed bids included: their hidden bids are drawn by the style they are assumed to
  play, not uniformly;
* **prior and progressive widening**: the style's own choice for the real decision is the
  first candidate, the others follow in a random order (the bot's generator); only the
  first ``1 + widening * sqrt(worlds)`` candidates are played, so a large action set is
  not spread thin - with a small budget the bot plays the style's move unless a tried
  alternative does better;
* **common random numbers**: search goes in rounds; each round samples one world and plays
  every current candidate in a copy of it, each playout drawing from a generator with the
  same seed. At a few dozen playouts per move the candidates' *differences* are what
  matter, and pairing them on one world and one stream of playout draws removes most of
  the noise independent playouts (or UCB over them) would leave;
* **budget**: ``iterations`` playouts (deterministic given the bot's generator) and/or
  ``seconds`` on ``clock`` (CPU time of this process by default), whichever ends first,
  checked before every playout; at least ``min_iterations`` so a slow moment never leaves
  the prior untested. The chosen action has the best mean among the candidates measured
  on at least half as many worlds as the most measured one (ties: the prior's order).

The value of a finished playout is the seat's share of the win plus a small score term
(:func:`boardlab.bots.search.outcome_value`). Games without ``determinize`` cannot offer it.

**A game's search hooks** (``STRONG_SEARCH`` in ``games/<id>/bots.py``, all optional; hotel
names one: full policy playouts gave ~20 a move there, and the bot played its prior):

* ``budget``: ``(iterations, seconds)``, the game's default budget (else 400 playouts or
  90 ms of CPU): a game whose playouts cost very different amounts per move sets a playout
  count (reproducible on any machine) with ``seconds`` only a guard against a slow host;
* ``rank(ctx, prior) -> [indices]``: the candidates' order from the seat's decision alone
  (the prior style's own worth of each choice), instead of the prior's choice then random;
* ``width``: a fixed number of candidates, every one played in every round (instead of
  progressive widening), and ``epsilon``: the playouts' share of random moves;
* ``prepare(ctx, world, rng, factory)``: once per sampled world, before the candidates are
  played in copies of it (hotel: every other seat seals tonight's choice there, drawn by
  the opponent model - it cannot see this seat's sealed choice, so one draw serves every
  candidate and they differ only by the seat's own choice);
* ``horizon(world)`` and ``value(world, seat)``: a playout stops as soon as ``horizon``
  changes (hotel: at the end of the night) and is valued by ``value`` from the seat's side
  in that sampled world, unless the game is over (then ``outcome_value``).
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable
from typing import Any

from boardlab.bots.base import DecisionContext
from boardlab.bots.search import outcome_value
from boardlab.engine.context import NoLog, StateContext, reads_log
from boardlab.engine.protocol import Action
from boardlab.engine.rollout import ROLLOUT_LIMIT, quiet_step


def _bots_module(game):
    try:
        return importlib.import_module(f"{type(game).__module__}.bots")
    except ImportError:
        return None


def style_policy(game) -> Callable[[], Any] | None:
    """The factory of the game's prior style (``STRONG_POLICY`` in its ``bots`` module),
    or ``None`` (uniformly random playouts)."""
    name = getattr(_bots_module(game), "STRONG_POLICY", None)
    return game.bots().get(name) if name else None


def rollout_policy(game) -> Callable[[], Any] | None:
    """The playout policy: the game's ``STRONG_ROLLOUT`` factory where it names a lighter
    one (hotel), else the prior style."""
    return getattr(_bots_module(game), "STRONG_ROLLOUT", None) or style_policy(game)


def search_hooks(game):
    """The game's ``STRONG_SEARCH`` hooks (module text), or ``None``."""
    return getattr(_bots_module(game), "STRONG_SEARCH", None)


DEFAULT_BUDGET = (400, 0.09)
"""(playouts, CPU seconds) per move for a game that names no budget of its own."""


def bot_index(bot, ctx: DecisionContext) -> int:
    """A bot's answer as an index into ``ctx.legal`` (by identity, else by equality)."""
    if hasattr(bot, "choose_index"):
        return bot.choose_index(ctx)
    action = bot.choose(ctx)
    for k, a in enumerate(ctx.legal):
        if a is action:
            return k
    return ctx.legal.index(action)


class StrongBot:
    """Determinized root search with style-policy playouts (module text)."""

    def __init__(self, iterations: int | None | str = "game",
                 seconds: float | None | str = "game",
                 epsilon: float | None = None, widening: float = 1.0,
                 min_iterations: int = 4, policy: Callable[[], Any] | None = None,
                 clock: Callable[[], float] = time.process_time,
                 search: Any = "game") -> None:
        # "game": the game's own default (its hooks' ``budget``), else DEFAULT_BUDGET.
        if iterations is None and seconds is None:
            raise ValueError("strong needs an iteration or a time budget")
        self._budget = (iterations, seconds)
        self.iterations, self.seconds = (None if iterations == "game" else iterations,
                                         None if seconds == "game" else seconds)
        self.epsilon, self.widening = epsilon, widening
        self.min_iterations = min_iterations
        self.policy = policy
        self.clock = clock
        self.search = search  # "game": the game's STRONG_SEARCH hooks; None: none
        self.name = "strong"
        self.last_iterations = 0
        self._policy_for: tuple[Any, ...] | None = None

    def _policies(self, game) -> tuple[Any, Any, Any]:
        """(prior, playout policy, search hooks) for ``game``; sets the game's budget where
        this bot was made with ``"game"``."""
        if self._policy_for is None or self._policy_for[0] is not game:
            hooks = search_hooks(game) if self.search == "game" else self.search
            prior = self.policy or style_policy(game)
            rollout = self.policy or rollout_policy(game)
            self._policy_for = (game, prior, rollout, hooks)
            budget = getattr(hooks, "budget", None) or DEFAULT_BUDGET
            it, sec = self._budget
            self.iterations = budget[0] if it == "game" else it
            self.seconds = budget[1] if sec == "game" else sec
        return self._policy_for[1], self._policy_for[2], self._policy_for[3]

    def choose(self, ctx: DecisionContext) -> Action:
        return ctx.legal[self.choose_index(ctx)]

    def choose_index(self, ctx: DecisionContext) -> int:
        n = len(ctx.legal)
        self.last_iterations = 0
        if n == 1:
            return 0
        start = self.clock()
        prior, factory, hooks = self._policies(ctx.game)
        rng = ctx.rng
        rank = getattr(hooks, "rank", None)
        order = rank(ctx, prior) if rank is not None and prior is not None else None
        if order is None:
            # The prior: the style's move for the real decision (it reads only the seat's
            # view), then every other choice in a random order.
            first = bot_index(prior(), ctx) if prior is not None else rng._randbelow(n)
            rest = [i for i in range(n) if i != first]
            rng.shuffle(rest)
            order = [first, *rest]
        fixed = getattr(hooks, "width", None)
        prepare = getattr(hooks, "prepare", None)
        visits, wins = [0] * n, [0.0] * n
        deadline = None if self.seconds is None else start + self.seconds
        done = worlds = 0
        while True:
            # One sampled world per round, every current candidate played in a copy of it
            # with the same playout generator: the candidates' differences are then
            # measured on common random numbers, far less noisy than independent playouts
            # at a budget of a few dozen.
            width = min(n, fixed or 1 + int(self.widening * math.sqrt(worlds)))
            world = ctx.sample_world()
            seed = rng.getrandbits(64)
            if prepare is not None:
                prepare(ctx, world, random.Random(seed ^ 1), prior or factory)
            worlds += 1
            stop = False
            for i in order[:width]:
                if self.iterations is not None and done >= self.iterations:
                    stop = True
                    break
                if (deadline is not None and done >= self.min_iterations
                        and self.clock() >= deadline):
                    stop = True
                    break
                wins[i] += self._playout(ctx, world.copy(), ctx.legal[i], factory,
                                         random.Random(seed), hooks)
                visits[i] += 1
                done += 1
            if stop:
                break
        self.last_iterations = done
        # The best mean among the candidates measured on most worlds (a late entrant with
        # one lucky playout does not win); ties go to the prior's order.
        most = max(visits)
        measured = [i for i in order if visits[i] and 2 * visits[i] >= most]
        return max(measured, key=lambda i: wins[i] / visits[i])

    def _playout(self, ctx: DecisionContext, world, action: Action, factory,
                 rng: random.Random, hooks=None) -> float:
        """``action`` played in ``world``, then the style (with ``epsilon`` random moves)
        for every seat to the end (or the game's horizon), drawing from ``rng``; the seat's
        value of the result."""
        game, seat = ctx.game, ctx.seat
        horizon = getattr(hooks, "horizon", None)
        mark = horizon(world) if horizon is not None else None
        step = quiet_step(game)
        step(world, seat, action)
        to_move, legal_actions = game.to_move, game.legal_actions
        eps = self.epsilon
        if eps is None:
            eps = getattr(hooks, "epsilon", 0.1)
        randbelow, rand = rng._randbelow, rng.random
        policies: dict[int, tuple[Any, Any]] = {}
        for _ in range(ROLLOUT_LIMIT):
            if horizon is not None and horizon(world) != mark and not game.is_over(world):
                return hooks.value(world, seat)
            movers = to_move(world)
            if not movers:
                break
            mover = movers[0]
            legal = legal_actions(world, mover)
            if len(legal) == 1:
                k = 0
            elif factory is None or rand() < eps:
                k = randbelow(len(legal))
            else:
                got = policies.get(mover)
                if got is None:
                    bot = factory()
                    # A policy that declares it never reads the log gets views without one
                    # (as the engine gives it): the sampled world carries the real game's
                    # log, and turning it into JSON at every view was ~30% of a cat playout.
                    got = policies[mover] = (bot, NoLog(mover) if not reads_log(bot) else None)
                bot, log = got
                k = bot_index(bot, StateContext(game, mover, legal, rng, world, log))
            step(world, mover, legal[k])
        return outcome_value(game, world, seat)
