"""What players of a table come back for (issue 24), beside the table's own routes:

- ``GET /api/lobby``: the lobby's list - open and running tables, then the latest finished
  ones - each with when it last changed and whether it looks abandoned (running, nobody's
  socket open, no choice for ``IDLE_SECONDS``), so finished tables stay visible and a table
  everyone left no longer reads "running" forever.
- ``POST /api/tables/{id}/rematch`` (the seats' own tokens): the same seats at a new table,
  a new deal. The first player to ask opens it; each human seat is taken by its own player's
  click (their token at the old table proves the seat), and the game starts when every human
  seat is in. ``GET`` tells who is in already (public, like every seat claim). Stored in the
  database (``boardlab.server.social``): one rematch per table, whichever worker is asked.
- ``POST /api/tables/{id}/seats/{seat}/name`` (the seat's token): a guest names their seat
  (an invited player or one who joined from the lobby); the name is public, like the seat.
- ``POST /api/tables/{id}/change`` (the seat's token): a sealed choice replaced while its
  window is open (``Game.changeable``). The record is replayed with the new choice in the old
  one's place, so every other seat's view, log and choices stay exactly as they were, nobody
  else is sent anything, and the record keeps only the final choice.
- ``GET/POST /api/tables/{id}/chat``: a table's chat and quick reactions - seated players
  write (their token), everyone at the table reads; kept in the database (every worker
  serves the same chat, a restart keeps it), the last ``CHAT_KEPT`` lines of each table. A game may forbid table talk (cat's variant E: its
  view says ``"chat": false``); such a table has no chat.
- ``GET /api/tables/{id}/replay?step=N&seat=S``: a finished table's record stepped through:
  the spectator's view after the first N choices; once the last choice is reached (the
  game is over) any seat's view too - the record (seed and every choice) is public by then,
  so nothing is shown that ``boardlab verify`` could not rebuild.

Everything is read from ``Tables.record`` and ``Tables.listing``: no state of the live
tables is touched.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa
from fastapi import FastAPI, Header, Query, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from boardlab.engine.errors import IllegalAction
from boardlab.engine.protocol import GameRecord
from boardlab.server import db
from boardlab.server.social import CHAT_KEPT, REACTIONS, Chat, Rematches
from boardlab.server.tables import FINISHED, Refused

IDLE_SECONDS = 20 * 60  # a running table without a choice or a player this long: abandoned
FINISHED_SHOWN = 12  # finished tables listed in the lobby (newest first)


def _changed_at(tables: Any, ids: list[str]) -> dict[str, float]:
    if not ids:
        return {}
    with tables.engine.connect() as conn:
        rows = conn.execute(sa.select(db.tables.c.id, db.tables.c.updated_at)
                            .where(db.tables.c.id.in_(ids))).all()
    return {r[0]: float(r[1] or 0.0) for r in rows}


def lobby(tables: Any, online: Any, now: float | None = None) -> list[dict[str, Any]]:
    """The lobby's tables: open and running first, then the latest finished ones; each with
    ``updated_at`` and ``abandoned``."""
    now = time.time() if now is None else now
    live = tables.listing(("open", "running"), 50, 0)
    done = tables.listing(FINISHED, FINISHED_SHOWN, 0)
    out = live + done
    changed = _changed_at(tables, [t["id"] for t in out])
    for t in out:
        t["updated_at"] = changed.get(t["id"], t.get("created_at") or 0.0)
        t["abandoned"] = (t["status"] == "running" and not online(t["id"])
                          and now - t["updated_at"] > IDLE_SECONDS)
    return out


def replay(tables: Any, table_id: str, step: int | None, seat: int | None) -> dict[str, Any]:
    """The view of a finished table after its first ``step`` choices (all by default):
    the spectator's, or a seat's once every choice is in."""
    record = tables.record(table_id)  # refuses a table still being played
    game = tables.lookup(record["game"])
    total = len(record["actions"])
    upto = total if step is None else step
    if not 0 <= upto <= total:
        raise Refused(400, f"step must be 0..{total} (this record has {total} choices)")
    players = len(tables.get(table_id).seats)
    if seat is not None:
        if not 0 <= seat < players:
            raise Refused(400, f"seat must be 0..{players - 1}")
        if upto != total:
            raise Refused(403, "a seat's own view is shown only after the last choice; "
                               "before that the replay shows what spectators saw")
    state = game.replay(GameRecord(game=record["game"], config=record["config"],
                                   seed=int(record["seed"]), actions=record["actions"]),
                        upto=upto)
    over = game.is_over(state)
    last = record["actions"][upto - 1] if upto else None
    return {"game": record["game"], "table": table_id, "status": record["status"],
            "step": upto, "steps": total, "seat": seat,
            "moved": last[0] if last else None,
            "view": game.view(state, seat), "log": game.visible_log(state, seat),
            "result": game.result(state).model_dump(mode="json") if over else None}


def rename(tables: Any, table_id: str, seat: int, token: str | None, name: str) -> dict[str, Any]:
    """Seat ``seat`` (its own token) takes the name ``name``; the table's summary back."""
    clean = " ".join(name.split())
    if not clean or any(ord(ch) < 32 for ch in name):
        raise Refused(422, "a name is 1 to 40 letters, digits, spaces or signs (no control "
                      "characters)")
    return tables.rename_seat(table_id, seat, token, clean).summary()


def change_choice(tables: Any, table_id: str, seat: int, token: str | None,
                  action: Any) -> bytes:
    """Replace ``seat``'s sealed choice by ``action`` (see the module's docstring); the
    seat's new payload (JSON) back. Nothing is pushed: only this seat's view changed."""
    with tables.locked(table_id):
        t = tables.get(table_id)
        s = tables.check_seat(t, seat, token)
        if s.kind != "human":
            raise Refused(409, f"seat {seat} is played by a bot")
        if t.status != "running" or t.state is None:
            raise Refused(409, f"the table is {t.status}: no choice can be changed")
        game = t.game
        if not game.changeable(t.state, seat):
            raise Refused(409, "your last choice can no longer be changed (it was not a "
                          "sealed one, or everyone has chosen and it is revealed)")
        at = max(i for i, (who, _a) in enumerate(t.actions) if who == seat)
        record = GameRecord(game=game.id, config=t.config, seed=int(t.seed),
                            actions=[[who, a] for who, a in t.actions[:at]])
        state = game.replay(record)
        try:
            checked = game.check_action(state, seat, action)
        except IllegalAction as exc:
            raise Refused(422, f"illegal choice: {exc}") from None
        game.apply_in_place(state, seat, checked, check=False)
        for who, a in t.actions[at + 1:]:  # the others' sealed choices since: as they were
            game.apply_in_place(state, who, a, check=False)
        if not game.changeable(state, seat):  # (a game whose window closed on the change)
            raise Refused(409, "this choice cannot be changed here")
        with tables.writing() as conn:  # (SQLite's write lock; on disk before the answer)
            steps = conn.execute(sa.select(db.choices.c.step)
                                 .where(db.choices.c.table_id == t.id)
                                 .order_by(db.choices.c.step)).scalars().all()
            if len(steps) != len(t.actions):
                raise Refused(409, "the table changed meanwhile; reload and choose again")
            conn.execute(db.choices.update().where(db.choices.c.table_id == t.id,
                                                   db.choices.c.step == steps[at])
                         .values(action=checked))
            # the new rev makes another worker's copy of the table read it again, and the
            # rewrite count makes it replay the record rather than catch up from its last
            # step (which would keep the old choice); both together leave the revision the
            # seats see (``Live.seen_rev``) as it was
            bumped = conn.execute(db.tables.update().where(db.tables.c.id == t.id,
                                                           db.tables.c.rev == t.rev)
                                  .values(rev=t.rev + 1,
                                          rewrites=db.tables.c.rewrites + 1)).rowcount
            if bumped != 1:
                raise Refused(409, "the table changed meanwhile; reload and choose again")
        t.rev += 1
        t.rewrites += 1
        t.actions[at] = (seat, checked)
        t.state = state
        # what was built from the old state: the seats' logs, the summary (the payloads
        # kept stay: a payload's name marks its seat's own latest choice, so each name
        # still holds what it held, and every other seat's are still the current ones)
        t.logs.clear()
        getattr(t, "log_texts", {}).clear()
        t.shared = None
        return tables.shown(t, seat).body()


def change_options(tables: Any, table_id: str, seat: int, token: str | None) -> dict[str, Any]:
    """What ``seat`` (its own token) may change its sealed choice to: its choices before it,
    labelled, the current one marked; none when the choice can no longer be changed."""
    with tables.locked(table_id):
        t = tables.get(table_id)
        tables.check_seat(t, seat, token)
        game = t.game
        if t.status != "running" or t.state is None or not game.changeable(t.state, seat):
            return {"changeable": False, "choices": []}
        at = max(i for i, (who, _a) in enumerate(t.actions) if who == seat)
        current = t.actions[at][1]
        before = game.replay(GameRecord(game=game.id, config=t.config, seed=int(t.seed),
                                        actions=[[who, a] for who, a in t.actions[:at]]))
        describe = game.describe_action
        return {"changeable": True, "choices": [
            {"action": a, "current": a == current,
             "label": {"zh": describe(before, seat, a, "zh"), "en": describe(before, seat, a, "en")}}
            for a in game.legal_actions(before, seat)]}


class Say(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(..., ge=0, le=64)
    text: StrictStr = Field(..., min_length=1, max_length=200)


class ChangeChoice(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(..., ge=0, le=64)
    action: Any = Field(..., description="the new choice, one of the seat's legal choices "
                        "before its sealed one")


class Rename(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: StrictStr = Field(..., min_length=1, max_length=40)


class AskRematch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seats: dict[int, StrictStr] = Field(..., max_length=12, description=(
        "the seats you hold at the finished table and their tokens ({seat: token}); a "
        "hot-seat device sends all of its seats at once"))


def add_routes(app: FastAPI, tables: Any, online: Any) -> None:
    """The routes above, on ``app`` (``online(table_id)``: the seats with a socket open)."""

    @app.get("/api/lobby", tags=["lobby"])
    def lobby_tables() -> list[dict[str, Any]]:
        """Open and running tables, then the latest finished ones, each with
        ``updated_at`` and ``abandoned`` (running, nobody there, idle 20 minutes)."""
        return lobby(tables, online)

    rematches = Rematches(tables)

    @app.post("/api/tables/{table_id}/rematch", tags=["lobby"])
    def ask_rematch(table_id: str, body: AskRematch) -> dict[str, Any]:
        """Join the rematch of a finished table (opened by the first ask): the same seats,
        a new deal; it starts when every human seat is in."""
        return rematches.ask(table_id, dict(body.seats))

    @app.get("/api/tables/{table_id}/rematch", tags=["lobby"])
    def rematch_state(table_id: str) -> dict[str, Any]:
        """The rematch of a finished table: its id, who is in, who is still to come."""
        return rematches.shown(table_id)

    @app.post("/api/tables/{table_id}/seats/{seat}/name", tags=["lobby"])
    def name_seat(table_id: str, seat: int, body: Rename,
                  x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """Name your seat (your token): the name everyone sees for it."""
        return rename(tables, table_id, seat, x_seat_token, body.name)

    @app.post("/api/tables/{table_id}/change", tags=["play"])
    def change(table_id: str, body: ChangeChoice,
               x_seat_token: str | None = Header(None)) -> Response:
        """Change your sealed choice while its window is open: only your view changes."""
        return Response(change_choice(tables, table_id, body.seat, x_seat_token, body.action),
                        media_type="application/json")

    @app.get("/api/tables/{table_id}/change", tags=["play"])
    def change_choices(table_id: str, seat: int = Query(..., ge=0, le=64),
                       x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """Whether your sealed choice can still be changed, and to what (your token)."""
        return change_options(tables, table_id, seat, x_seat_token)

    chat = Chat(tables)

    @app.post("/api/tables/{table_id}/chat", tags=["play"])
    def say(table_id: str, body: Say, x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """Say something at the table (or a quick reaction: one of its emoji), as your seat."""
        return chat.say(table_id, body.seat, x_seat_token, body.text)

    @app.get("/api/tables/{table_id}/chat", tags=["play"])
    def read_chat(table_id: str, since: int = Query(0, ge=0, le=10**9)) -> dict[str, Any]:
        """The table's chat lines from number ``since`` on, and the quick reactions."""
        return chat.read(table_id, since)

    @app.get("/api/tables/{table_id}/replay", tags=["play"])
    def table_replay(table_id: str, step: int | None = Query(None, ge=0, le=1_000_000),
                     seat: int | None = Query(None, ge=0, le=64)) -> dict[str, Any]:
        """A finished table stepped through: the spectator's view after ``step`` choices;
        with ``seat``, that seat's view after the last one."""
        return replay(tables, table_id, step, seat)


__all__ = ["CHAT_KEPT", "FINISHED", "IDLE_SECONDS", "REACTIONS", "Chat", "Rematches", "add_routes", "lobby", "replay"]
