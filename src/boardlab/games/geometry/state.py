"""The state of one game of geometry: plain lists so ``copy`` is cheap."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from boardlab.engine.protocol import Event, GameState
from boardlab.engine.rng import copy_rng
from boardlab.games.geometry.config import GeometryConfig


@dataclass
class GeometryState(GameState):
    cfg: GeometryConfig
    rng: random.Random
    phase: str = "lead"  # "lead" (leader opens a door) | "respond" | "reveal_x" | "over"
    leader: int = 0
    turn: int = 0  # the responder to choose now
    oks: int = 0  # consecutive OKs since the last door change
    accuser: int = -1
    shape: list[int] = field(default_factory=list)  # door index (0-based) of each shape
    revealed: list[list[bool]] = field(default_factory=list)
    score: list[int] = field(default_factory=list)
    penalty: list[int] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    open: list[int] = field(default_factory=list)  # open doors, 0-based, sorted
    rounds: int = 0
    winners: list[int] | None = None
    reason: str = ""
    log: list[Event] = field(default_factory=list)

    def copy(self, rng: random.Random | None = None) -> GeometryState:
        """An independent copy; ``rng`` replaces the generator instead of copying ours
        (``determinize`` draws a fresh one)."""
        return GeometryState(
            cfg=self.cfg, rng=copy_rng(self.rng) if rng is None else rng, phase=self.phase,
            leader=self.leader, turn=self.turn,
            oks=self.oks, accuser=self.accuser, shape=list(self.shape),
            revealed=[list(r) for r in self.revealed], score=list(self.score),
            penalty=list(self.penalty), out=list(self.out), open=list(self.open),
            rounds=self.rounds,
            winners=None if self.winners is None else list(self.winners),
            reason=self.reason, log=list(self.log),
        )

    @property
    def n(self) -> int:
        return len(self.shape)
