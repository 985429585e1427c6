"""A small simultaneous sealed-bid game with hidden hands, for the engine's and server's tests.

Each seat gets a secret hand of four cards from 1..9. Every round all seats bid one card at
once (secretly); the unique highest bid scores its value. After the reveal every seat draws
one card privately. ``rounds`` rounds.

Setup overrides: ``hands`` (a list per seat) and ``deck`` (drawn from the end).
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


class SealedConfig(GameConfig):
    players: int = 3
    rounds: int = 3


@dataclass
class SealedState(GameState):
    hands: list[list[int]]
    deck: list[int]
    scores: list[int]
    rounds: int
    rng: random.Random
    round: int = 0
    bids: dict[int, int] = field(default_factory=dict)
    log: list[Event] = field(default_factory=list)


class SealedGame(Game[SealedConfig, SealedState]):
    id = "sealed"
    title = text("暗标", "Sealed bids")
    min_players = 2
    max_players = 4
    Config = SealedConfig

    def setup(self, config, seed, overrides=None):
        rng = make_rng(seed)
        deck = [v for v in range(1, 10) for _ in range(3)]
        rng.shuffle(deck)
        hands = [sorted(deck.pop() for _ in range(4)) for _ in range(config.players)]
        if overrides:
            hands = [sorted(h) for h in overrides.get("hands", hands)]
            deck = list(overrides.get("deck", deck))
        return SealedState(hands, deck, [0] * config.players, config.rounds, rng)

    def players(self, state):
        return len(state.hands)

    def to_move(self, state):
        if self.is_over(state):
            return []
        return [s for s in range(len(state.hands)) if s not in state.bids]

    def legal_actions(self, state, seat):
        if seat not in self.to_move(state):
            return []
        return [{"type": "bid", "card": c} for c in sorted(set(state.hands[seat]))]

    def _apply(self, state, seat, action):
        card = action["card"]
        state.bids[seat] = card
        state.hands[seat].remove(card)
        events = [private([seat], "bid", f"你暗出了 {card}", f"you bid {card} face down")]
        if len(state.bids) < len(state.hands):
            return events
        top = max(state.bids.values())
        winners = [s for s, v in state.bids.items() if v == top]
        if len(winners) == 1:
            state.scores[winners[0]] += top
        bids = {str(s): v for s, v in sorted(state.bids.items())}
        events.append(public("reveal", f"亮牌：{bids}", f"reveal: {bids}", bids=bids))
        state.bids = {}
        state.round += 1
        for s in range(len(state.hands)):
            if state.deck:
                c = state.deck.pop()
                state.hands[s].append(c)
                state.hands[s].sort()
                events.append(private([s], "draw", f"你摸到 {c}", f"you drew {c}", card=c))
        return events

    def view(self, state, seat):
        mine = seat is not None
        return {
            "round": state.round, "rounds": state.rounds, "scores": list(state.scores),
            "hand": list(state.hands[seat]) if mine else None,
            "hand_sizes": [len(h) for h in state.hands],
            "my_bid": state.bids.get(seat) if mine else None,
            "submitted": sorted(state.bids),
            "log": self.visible_log(state, seat),
        }

    def describe_action(self, state, seat, action, lang="en"):
        return f"出 {action['card']}" if lang == "zh" else f"bid {action['card']}"

    def is_over(self, state):
        return state.round >= state.rounds

    def result(self, state):
        if not self.is_over(state):
            raise ValueError("not over")
        best = max(state.scores)
        return Result(scores=[float(s) for s in state.scores],
                      winners=[i for i, s in enumerate(state.scores) if s == best],
                      reason=text("所有轮次结束", "every round played"))

    def determinize(self, state, seat, rng):
        """Re-deal what ``seat`` cannot see: the others' hands, their face-down bids and
        the deck, from the pool of those cards, keeping every size it can see."""
        world = copy.deepcopy(state)
        others = [s for s in range(len(world.hands)) if s != seat]
        hidden_bids = [s for s in others if s in world.bids]
        pool = [c for s in others for c in world.hands[s]] + world.deck
        pool += [world.bids[s] for s in hidden_bids]
        rng.shuffle(pool)
        for s in others:
            world.hands[s] = sorted(pool.pop() for _ in world.hands[s])
        for s in hidden_bids:
            world.bids[s] = pool.pop()
        world.deck = pool
        world.rng = random.Random(rng.random())
        return world

    def facts(self, state):
        return {"round": state.round, "scores": list(state.scores),
                "hands": [list(h) for h in state.hands]}


GAME = SealedGame()
