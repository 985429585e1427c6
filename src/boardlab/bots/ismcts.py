"""A game-independent information-set Monte Carlo tree search bot (``ismcts``).

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012) from the deciding seat's side:

* every iteration starts from a **fresh determinization** (``ctx.sample_world()``: the game
  re-deals everything the seat cannot see), so the tree never relies on hidden facts;
* the tree's nodes are the seat's **information sets**: a node is reached by the seat's own
  choices and what it *observed* in between - the events visible to it (kind and data),
  never the others' hidden choices. A simultaneous secret choice is therefore the seat's
  own decision, the others' answers are hidden from it like any other hidden fact;
* the seat's own choices are edges by **index into its legal list** (the seat's own options
  depend only on what it knows - a conformance property of every game - so indices mean the
  same action in every determinization of one information set); selection is UCB1 with
  availability counts, the other seats play uniformly at random (the same opponent model
  as ``montecarlo``'s rollouts), and one node is added per iteration;
* below the tree a uniformly random rollout finishes the game in quiet mode (no log); the
  value is the seat's share of the win plus a small score term, as for ``montecarlo``
  (the rollout is the game's own ``finish_randomly``).

The budget per move is ``iterations`` (deterministic given the bot's generator) or
``seconds`` (whichever ends first when both are given). The chosen action is the most
visited root edge.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from boardlab.bots.base import DecisionContext
from boardlab.bots.search import outcome_value
from boardlab.engine.protocol import Action
from boardlab.engine.rollout import ROLLOUT_LIMIT, quiet_step, random_picker


class Node:
    """One information set of the deciding seat: statistics per own-choice index and the
    information sets that follow each choice, by what the seat observed next."""

    __slots__ = ("visits", "wins", "avail", "children")

    def __init__(self, n_actions: int) -> None:
        self.visits = [0] * n_actions
        self.wins = [0.0] * n_actions
        self.avail = [0] * n_actions
        self.children: dict[tuple[int, tuple], Node] = {}

    def select(self, n_legal: int, c: float) -> int:
        """UCB1 with availability counts; an untried choice first (lowest index)."""
        if n_legal > len(self.visits):  # a determinization offered more options: grow
            extra = n_legal - len(self.visits)
            self.visits += [0] * extra
            self.wins += [0.0] * extra
            self.avail += [0] * extra
        visits, wins, avail = self.visits, self.wins, self.avail
        best, best_score = 0, -1.0
        for i in range(n_legal):
            avail[i] += 1
            n = visits[i]
            if n == 0:
                return i
            score = wins[i] / n + c * math.sqrt(math.log(avail[i]) / n)
            if score > best_score:
                best, best_score = i, score
        return best


def observation(events: list, seat: int) -> tuple:
    """What ``seat`` learnt from these events: the kind and data of each it may see."""
    # e.visible(seat) spelt out (seat is an int here): this runs at every own decision
    # of every iteration.
    return tuple([(e.kind, repr(e.data)) for e in events
                  if e.visible_to is None or seat in e.visible_to])


class ISMCTSBot:
    """Information-set MCTS; ``iterations`` and/or ``seconds`` per move."""

    def __init__(self, iterations: int | None = 200, seconds: float | None = None,
                 exploration: float = 0.7,
                 clock: Callable[[], float] = time.perf_counter,
                 cover_root: bool = False) -> None:
        if iterations is None and seconds is None:
            raise ValueError("ismcts needs an iteration or a time budget")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        # The clock ``seconds`` is measured on: wall time by default; a benchmark that
        # compares bots on a busy machine passes ``time.process_time`` (CPU time).
        self.clock = clock
        # With a time budget: never stop before every root choice has been tried once (a
        # benchmark gives flat Monte Carlo, which tries every action, the same floor).
        self.cover_root = cover_root
        self.name = "ismcts"
        self.last_iterations = 0

    def choose_index(self, ctx: DecisionContext) -> int:
        n = len(ctx.legal)
        if n == 1:
            self.last_iterations = 0
            return 0
        root = Node(n)
        deadline = None if self.seconds is None else self.clock() + self.seconds
        game = ctx.game
        # What every iteration needs, looked up once per decision.
        fns = (game.to_move, game.legal_actions, quiet_step(game), ctx.rng._randbelow,
               random_picker(game))
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if (deadline is not None and self.clock() >= deadline
                    and not (self.cover_root and done < n)):
                break
            self._iterate(ctx, root, fns)
            done += 1
        self.last_iterations = done
        visits = root.visits
        return max(range(n), key=lambda i: (visits[i], root.wins[i]))

    def choose(self, ctx: DecisionContext) -> Action:
        return ctx.legal[self.choose_index(ctx)]

    def _iterate(self, ctx: DecisionContext, root: Node, fns: tuple) -> None:
        seat = ctx.seat
        world = ctx.sample_world()
        to_move, legal_actions, step, randbelow, pick = fns
        path: list[tuple[Node, int]] = []
        node: Node = root
        pending: tuple[Node, int] | None = None  # the last own edge, awaiting observation
        seen: list = []
        # The tree walk: the seat's own choices by UCB, the others' at random, until a new
        # information set is added (or the game ends); then the same random play as
        # below a montecarlo choice finishes the game (the same draws from the bot's
        # generator, one per decision, as one loop over both parts would make).
        for steps in range(ROLLOUT_LIMIT):
            movers = to_move(world)
            if not movers:
                break
            mover = movers[0]
            if mover == seat:
                legal = legal_actions(world, mover)
                if pending is not None:
                    parent, edge = pending
                    key = (edge, observation(seen, seat))
                    child = parent.children.get(key)
                    if child is None:  # expand one node, then roll out below it
                        parent.children[key] = Node(len(legal))
                        ctx.game.finish_randomly(world, randbelow, ROLLOUT_LIMIT - steps)
                        break
                    node = child
                i = node.select(len(legal), self.exploration)
                path.append((node, i))
                pending = (node, i)
                seen = list(step(world, seat, legal[i]))
                continue
            if pick is None:
                legal = legal_actions(world, mover)
                events = step(world, mover, legal[randbelow(len(legal))])
            else:
                events = step(world, mover, pick(world, mover, randbelow))
            if pending is not None:
                seen += events
        value = outcome_value(ctx.game, world, seat)
        for n, i in path:
            n.visits[i] += 1
            n.wins[i] += value
