"""Provably fair deals: the seed is drawn from a CSPRNG and committed to before play.

The commitment is ``SHA-256("<nonce>:<seed>")`` with a random 128-bit nonce, published with
the table from its creation; the seed and nonce are revealed in the record once the game is
over, so anyone can check the deal was fixed in advance and replay every draw
(``boardlab verify RECORD``). A chosen seed is only allowed at a table marked *practice*,
and such a table shows its seed to everyone from the start.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

from boardlab.engine.protocol import Game, GameRecord

SEED_BITS = 62


def draw_seed() -> tuple[int, str, str]:
    """A fresh seed, its nonce and the commitment to both."""
    seed = secrets.randbits(SEED_BITS)
    nonce = secrets.token_hex(16)
    return seed, nonce, commit(seed, nonce)


def commit(seed: int, nonce: str) -> str:
    return hashlib.sha256(f"{nonce}:{seed}".encode()).hexdigest()


@dataclass
class Verdict:
    ok: bool
    problems: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None


def verify_record(record: dict[str, Any], lookup) -> Verdict:
    """Check a published record: the commitment matches the seed, every choice is legal on
    replay, and the stored result (if any) is the replayed one."""
    problems: list[str] = []
    for key in ("game", "config", "seed", "actions"):
        if key not in record:
            return Verdict(False, [f"the record has no {key!r}"])
    practice = bool(record.get("practice"))
    nonce, commitment = record.get("nonce"), record.get("commitment")
    if not practice:
        if not isinstance(nonce, str) or not isinstance(commitment, str):
            problems.append("the record has no seed commitment (nonce, commitment)")
        elif not hmac.compare_digest(commit(int(record["seed"]), nonce), commitment):
            problems.append("the seed does not match the commitment published at the start")
    try:
        game: Game = lookup(record["game"])
        state = game.replay(GameRecord(game=record["game"], config=record["config"],
                                       seed=int(record["seed"]), actions=record["actions"]))
    except Exception as exc:  # an illegal choice or an unknown game: say which
        return Verdict(False, [*problems, f"the record does not replay: {exc}"])
    result = game.result(state).model_dump(mode="json") if game.is_over(state) else None
    stored = record.get("result")
    if stored is not None and stored != result:
        problems.append("the stored result differs from the replayed one")
    return Verdict(not problems, problems, result)
