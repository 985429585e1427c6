"""A tiny sealed-bid game that exercises the protocol in engine tests.

Each seat holds cards 1..5 (a hidden, shuffled hand of three). Every round all seats bid one
card at once; the unique highest bid scores its value. Three rounds.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field

from boardlab.engine.protocol import (
    Event,
    Game,
    GameConfig,
    GameState,
    Result,
    private,
    public,
    text,
)
from boardlab.engine.rng import make_rng


class BidConfig(GameConfig):
    players: int = 3
    rounds: int = 3


@dataclass
class BidState(GameState):
    hands: list[list[int]]
    scores: list[int]
    round: int = 0
    rounds: int = 3
    bids: dict[int, int] = field(default_factory=dict)
    rng: object = None
    log: list[Event] = field(default_factory=list)


class BidGame(Game[BidConfig, BidState]):
    id = "bid"
    title = text("暗标", "Sealed bid")
    min_players = 2
    max_players = 4
    Config = BidConfig

    def setup(self, config, seed, overrides=None):
        rng = make_rng(seed)
        hands = []
        for _ in range(config.players):
            cards = [1, 2, 3, 4, 5]
            rng.shuffle(cards)
            hands.append(sorted(cards[:3]))
        if overrides and "hands" in overrides:
            hands = [list(h) for h in overrides["hands"]]
        return BidState(hands, [0] * config.players, rounds=config.rounds, rng=rng)

    def players(self, state):
        return len(state.hands)

    def to_move(self, state):
        if self.is_over(state):
            return []
        return [s for s in range(len(state.hands)) if s not in state.bids]

    def legal_actions(self, state, seat):
        if seat not in self.to_move(state):
            return []
        return [{"type": "bid", "card": c} for c in state.hands[seat]]

    def _apply(self, state, seat, action):
        state.bids[seat] = action["card"]
        state.hands[seat].remove(action["card"])
        events = [private([seat], "bid", f"你出了 {action['card']}", f"you bid {action['card']}")]
        if len(state.bids) == len(state.hands):
            values = list(state.bids.values())
            top = max(values)
            winners = [s for s, v in state.bids.items() if v == top]
            if len(winners) == 1:
                state.scores[winners[0]] += top
            events.append(public("reveal", "亮牌", "reveal", bids=dict(state.bids)))
            state.bids = {}
            state.round += 1
        return events

    def view(self, state, seat):
        return {
            "round": state.round,
            "scores": list(state.scores),
            "hand": list(state.hands[seat]) if seat is not None else None,
            "bid_made": sorted(state.bids),
            "log": self.visible_log(state, seat),
        }

    def is_over(self, state):
        return state.round >= state.rounds

    def result(self, state):
        best = max(state.scores)
        return Result(
            scores=[float(s) for s in state.scores],
            winners=[i for i, s in enumerate(state.scores) if s == best],
            reason=text("三轮结束", "three rounds played"),
        )

    def determinize(self, state, seat, rng):
        """Other seats hold any cards of 1..5: nothing about their hands is visible."""
        world = copy.deepcopy(state)
        for s in range(len(world.hands)):
            if s == seat:
                continue
            pool = [1, 2, 3, 4, 5]
            rng.shuffle(pool)
            world.hands[s] = sorted(pool[: len(world.hands[s])])
            if s in world.bids:
                world.bids[s] = rng.choice(range(1, 6))
        world.rng = random.Random(rng.random())
        return world

    def facts(self, state):
        return {"round": state.round, "scores": list(state.scores),
                "hands": [list(h) for h in state.hands]}


GAME = BidGame()
