"""The benchmark's same-run reference: a hand-written model of the ``toys`` moment loop.

Plain ``__slots__`` classes, tuples for actions, no protocol, no views, no texts: the
floor a pure-Python implementation of the same decision flow can reach on this machine.
Each moment every active seat moves (stay, one orthogonal step, or freeze), then places a
noise card 0-3 (or freezes), then passes or freezes after the reveal; the sum of the
active seats' cards is compared with the threshold, exposure grows on a crossing, three
moments make a night, and the game ends at dawn or when exposure reaches the cap. Every
step records a compact event ``(kind, seat, value)``, as a fair stand-in for a log.
"""

from __future__ import annotations

import random

CELLS = 9
ADJ = tuple(tuple(c for c in (i - 3, i + 3, i - 1 if i % 3 else -1, i + 1 if i % 3 < 2 else -1)
                  if 0 <= c < CELLS) for i in range(CELLS))
MOVE, NOISE, REACT, OVER = 0, 1, 2, 3
FREEZE, PASS, STAY = ("freeze",), ("pass",), ("move", -1)
CARDS = tuple(("noise", k) for k in range(4))


class RefToys:
    __slots__ = ("n", "threshold", "cap", "nights", "night", "moment", "phase", "pos",
                 "frozen", "waiting", "pending", "exposure", "screws", "log", "cards")

    def __init__(self, players: int = 4, nights: int = 4, threshold: int = 6,
                 cap: int = 19) -> None:
        self.n, self.threshold, self.cap, self.nights = players, threshold, cap, nights
        self.night, self.exposure, self.screws = 0, 0, [0] * players
        self.log: list[tuple] = []
        self.pos, self.frozen = [4] * players, [False] * players
        self.phase, self.moment = MOVE, 0
        self.waiting: list[int] = []
        self.pending: dict[int, tuple] = {}
        self.cards: dict[int, int] = {}
        self._night()

    def _night(self) -> None:
        self.night += 1
        self.moment = 0
        self.frozen = [False] * self.n
        self.pos = [4] * self.n
        self._moment()

    def _moment(self) -> None:
        self.moment += 1
        self._open(MOVE)

    def _open(self, phase: int) -> None:
        self.phase = phase
        self.pending = {}
        self.waiting = [s for s in range(self.n) if not self.frozen[s]]
        if not self.waiting:
            self._resolve()

    def to_move(self) -> list[int]:
        if self.phase == OVER:
            return []
        return [s for s in self.waiting if s not in self.pending]

    def legal(self, seat: int) -> list[tuple]:
        if self.phase == MOVE:
            return [STAY, *[("move", c) for c in ADJ[self.pos[seat]]], FREEZE]
        if self.phase == NOISE:
            return [*CARDS, FREEZE]
        return [PASS, FREEZE]

    def apply(self, seat: int, action: tuple) -> None:
        if action is FREEZE:
            self.frozen[seat] = True
            self.log.append(("freeze", seat, 0))
        self.pending[seat] = action
        self.log.append(("chosen", seat, self.phase))
        if len(self.pending) < len(self.waiting):
            return
        if self.phase == MOVE:
            for s, a in self.pending.items():
                if a[0] == "move" and a[1] >= 0:
                    self.pos[s] = a[1]
            self._open(NOISE)
        elif self.phase == NOISE:
            self.cards = {s: a[1] for s, a in self.pending.items() if a[0] == "noise"}
            self._open(REACT)
        else:
            self._resolve()

    def _resolve(self) -> None:
        cards = self.cards
        active = [s for s in cards if not self.frozen[s]]
        loud = sum(cards[s] for s in active)
        for s in active:
            self.screws[s] += cards[s]
        if loud >= self.threshold:
            self.exposure += loud - self.threshold + 1 + len(active)
        self.log.append(("resolve", -1, loud))
        self.cards = {}
        if self.exposure >= self.cap:
            self.phase = OVER
        elif self.moment >= 3:
            if self.night >= self.nights:
                self.phase = OVER
            else:
                self._night()
        else:
            self._moment()


def play(rng: random.Random, nights: int = 4, cap: int = 19) -> int:
    """One game with random choices; returns the number of decisions."""
    game = RefToys(nights=nights, cap=cap)
    steps = 0
    while True:
        movers = game.to_move()
        if not movers:
            return steps
        seat = movers[0]
        legal = game.legal(seat)
        game.apply(seat, legal[rng._randbelow(len(legal))])  # type: ignore[attr-defined]
        steps += 1
