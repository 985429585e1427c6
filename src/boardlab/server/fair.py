"""Provably fair deals: the seed is drawn from a CSPRNG and committed to when the game starts.

No deal exists while a table is open (nothing private can be read before the start, and a
host cannot peek at a deal and open the table again until he likes it). At the start the
seed is drawn and ``SHA-256("<nonce>:<seed>")`` with a random 128-bit nonce is published with
the table, to every seat and spectator; the seed and nonce are revealed in the record once
the game is over, so anyone can check the deal was fixed at the start and replay every draw
(``boardlab verify RECORD --commitment HEX``, with the commitment they saw). A chosen seed is
only allowed at a table marked *practice*, which shows its seed to everyone: its commitment
proves nothing about fairness, and ``verify`` says so.
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
    notes: list[str] = field(default_factory=list)  # true, and worth saying (practice...)


def verify_record(record: dict[str, Any], lookup, commitment: str | None = None) -> Verdict:
    """Check a published record: its commitment is ``commitment`` (the one published at the
    start, if given), the seed matches it, every choice is legal on replay, and the result
    is the replayed one - a game the replay ends must carry its result."""
    problems: list[str] = []
    notes: list[str] = []
    for key in ("game", "config", "seed", "actions"):
        if key not in record:
            return Verdict(False, [f"the record has no {key!r}"])
    practice = bool(record.get("practice"))
    nonce, stated = record.get("nonce"), record.get("commitment")
    if commitment is not None and not (isinstance(stated, str) and hmac.compare_digest(
            stated.lower(), commitment.strip().lower())):
        problems.append("the record's commitment is not the one given (published at the "
                        "start)")
    if not isinstance(nonce, str) or not isinstance(stated, str) or not stated:
        problems.append("the record has no seed commitment (nonce, commitment)")
    elif not isinstance(record["seed"], int) or not hmac.compare_digest(
            commit(record["seed"], nonce), stated):
        problems.append("the seed does not match the commitment published at the start")
    if practice:
        notes.append("practice record: the host chose the seed (everyone saw it), so the "
                     "commitment proves nothing about a fair deal")
    try:
        game: Game = lookup(record["game"])
        state = game.replay(GameRecord(game=record["game"], config=record["config"],
                                       seed=int(record["seed"]), actions=record["actions"]))
    except Exception as exc:  # an illegal choice or an unknown game: say which
        return Verdict(False, [*problems, f"the record does not replay: {exc}"], notes=notes)
    result = game.result(state).model_dump(mode="json") if game.is_over(state) else None
    stored = record.get("result")
    if result is not None and stored is None:
        problems.append("the result is missing: the replayed game is over, the record "
                        "gives no result")
    elif stored is not None and result is None:
        problems.append("the record gives a result, but the replayed game is not over")
    elif stored is not None and stored != result:
        problems.append("the stored result differs from the replayed one")
    if result is None and stored is None:
        notes.append("no result: the game did not end (the table was "
                     f"{record.get('status') or 'closed'} before it did)")
    return Verdict(not problems, problems, result, notes)
