"""WebSocket connections per table; every change is pushed to each one as its own view.

Changes made by this process call :meth:`Hub.changed` directly; on PostgreSQL, changes made by
other workers arrive through ``LISTEN`` (see :mod:`boardlab.server.notify`). Each push re-reads
the table from the database first, and closes sockets whose seat key no longer holds (the seat
was claimed on another device or handed to a bot).

A burst of choices (bots answering one after another within one request) is pushed as one
message per choice, each with the view after it, so that clients can show the board step by
step at their own pace; a step that changes nothing a seat can see is not sent to it.

Every message is incremental (:mod:`boardlab.server.delta`): relative to what that socket
was sent last, only the new log entries, and for a client that asked for it in its hello
(``"delta": true``, as ``connection.js`` does) only the parts of the view that changed. A
socket's first message, and the next one after the client sends ``"full"`` (it lost
track), is whole, and goes to that socket alone; a socket that joins or leaves changes
nothing else, so the table's other sockets get only a small ``{"type": "seats", "online":
[...]}`` when the seats online change (never a state push per connect).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

from fastapi import WebSocket

from boardlab.engine.protocol import GameRecord, SeatLog
from boardlab.server.delta import LogTexts, Shown, dumps, message_text

MAX_STEPS = 40  # a longer burst (an all-bot stretch) sends only its last steps one by one


class Hub:
    """Who watches which table, and pushing a fresh payload to each of them."""

    def __init__(self, tables: Any, extra: Callable[[str], dict[str, Any]] | None = None) -> None:
        self.tables = tables
        # table -> socket -> (seat or None, the digest of the seat token it showed)
        self.conns: dict[str, dict[WebSocket, tuple[int | None, str]]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self._order: dict[str, asyncio.Lock] = {}  # one push at a time per table, in order
        self._held: dict[WebSocket, Shown] = {}  # what each socket holds: its last message's
        # the table's rev that each socket's last message was read at: a seat's own push
        # (``changed_seat``) of an older change than what the socket holds is not sent
        self._revs: dict[WebSocket, int] = {}
        # table -> the rev its last ``_messages`` read (with the payloads, under the lock)
        self._read_rev: dict[str, int] = {}
        self._deltas: set[WebSocket] = set()  # sockets that take the view's changes only
        self._waiting: set[str] = set()  # tables with a push scheduled and not yet begun
        self._tasks: set[asyncio.Task[None]] = set()
        # table -> (version, its state then, the seats' logs and log texts of that state,
        # the table's count of rewrites then and its choices)
        self._shown: dict[str, tuple[int, Any, Any, Any, tuple[int, list[Any]]]] = {}
        # the pushes' own threads: asyncio's default pool has cpu+4 threads, and a push
        # waits for its table's lock while that table's change waits to be written, so a
        # few slow tables would hold up every other table's pushes
        self._pool = concurrent.futures.ThreadPoolExecutor(16, thread_name_prefix="push")

    def close(self) -> None:
        """At shutdown: the push threads end once idle."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    def online(self, table_id: str) -> list[int]:
        # (a copy first: request threads ask too, while the loop changes the room)
        held = list(self.conns.get(table_id, {}).values())
        return sorted({s for s, _ in held if s is not None})

    async def join(self, table_id: str, ws: WebSocket, seat: int | None, key: str,
                   delta: bool = False) -> None:
        """A socket that said hello: its state goes to it alone; the others hear of it only
        if the seats online changed."""
        self.loop = asyncio.get_running_loop()
        if delta:
            self._deltas.add(ws)
        before = self.online(table_id)
        self.conns.setdefault(table_id, {})[ws] = (seat, key)
        await self.push_one(table_id, ws)
        if seat is not None:
            await self._present(table_id, seat)
        await self._seats_changed(table_id, before, ws)

    async def leave(self, table_id: str, ws: WebSocket) -> None:
        room = self.conns.get(table_id, {})
        self._forget(ws)
        self._deltas.discard(ws)
        before = self.online(table_id)
        entry = room.pop(ws, None)
        if entry is not None:
            await self._seats_changed(table_id, before)
            if entry[0] is not None and entry[0] not in self.online(table_id):
                await self._present(table_id, entry[0])  # gone from here since now
        if not room:
            self.conns.pop(table_id, None)
            self._order.pop(table_id, None)
            self._shown.pop(table_id, None)
            self._read_rev.pop(table_id, None)

    async def _present(self, table_id: str, seat: int) -> None:
        """Presence in the database (``Tables.seen``), read when the host asks to hand a
        seat to a bot; a database outage only costs this mark."""
        seen = getattr(self.tables, "seen", None)
        if seen is None:
            return
        with contextlib.suppress(Exception):
            await asyncio.get_running_loop().run_in_executor(
                self._pool, seen, table_id, [seat], time.time())

    async def _seats_changed(self, table_id: str, before: list[int],
                             skip: WebSocket | None = None) -> None:
        """Tell the table's sockets the seats online, if they changed (a few bytes each)."""
        now = self.online(table_id)
        if now == before:
            return
        text = json.dumps({"type": "seats", "online": now})
        for ws in list(self.conns.get(table_id, {})):
            if ws is skip or ws not in self._held:  # (its state says who is online)
                continue
            try:
                await ws.send_text(text)
            except Exception:  # a closed socket: its own leave follows
                continue

    async def resync(self, table_id: str, ws: WebSocket) -> None:
        """The client lost track (it holds another view than its next message is relative
        to): a whole state, to it alone."""
        if ws in self.conns.get(table_id, {}):
            self._forget(ws)
            await self.push_one(table_id, ws)

    async def push_one(self, table_id: str, ws: WebSocket) -> None:
        """The current state, whole, to one socket (after the pushes already begun)."""
        async with self._order.setdefault(table_id, asyncio.Lock()):
            entry = self.conns.get(table_id, {}).get(ws)
            if entry is None:
                return
            seat, key = entry
            online = self.online(table_id)
            try:
                got = await asyncio.get_running_loop().run_in_executor(
                    self._pool, self._one, table_id, seat, key, ws in self._deltas, online)
            except Exception:  # the table is gone or the database is down
                return
            if got is None:  # the seat's key changed meanwhile
                self.conns.get(table_id, {}).pop(ws, None)
                self._forget(ws)
                with contextlib.suppress(Exception):
                    await ws.close(code=4403, reason="this seat's key changed: it was claimed "
                                   "on another device or handed to a bot")
                return
            text, held, rev = got
            try:
                await ws.send_text(text)
                self._held[ws], self._revs[ws] = held, rev
            except Exception:
                self.conns.get(table_id, {}).pop(ws, None)
                self._forget(ws)

    def _one(self, table_id: str, seat: int | None, key: str, delta: bool,
             online: list[int]) -> tuple[str, Shown, int] | None:
        """Off the loop: one socket's whole state and the rev it was read at, or None if
        its seat key no longer holds."""
        t = self.tables.get(table_id)
        if seat is not None and t.seats[seat].token != key:
            return None
        with self.tables.locked(table_id):
            now, rev = self.tables.shown(t, seat), t.rev
            if table_id not in self._shown:  # the first socket: the next push's replay
                self._replay_from(table_id, t)  # starts here (the steps between, one by one)
        return message_text(now, None, delta, kind="state", online=online), now, rev

    def _forget(self, ws: WebSocket) -> None:
        self._held.pop(ws, None)
        self._revs.pop(ws, None)

    def changed(self, table_id: str) -> None:
        """Called (from any thread) after a table changed."""
        loop = self.loop
        if loop is None or loop.is_closed() or table_id not in self.conns:
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._soon(table_id)
        else:
            loop.call_soon_threadsafe(self._soon, table_id)

    def changed_seat(self, table_id: str, seat: int, now: Shown, rev: int) -> None:
        """Called (from any thread) after a change only ``seat`` sees (its choices held for
        an undo, or undone), with the seat's payload ``now`` and the table's ``rev`` read
        together right after it: that payload goes to the seat's sockets alone - its other
        devices - and nobody else is sent anything. The payload is the change's own, not
        the table as the push finds it later: what the sockets are sent is then the same
        however late the push runs (it runs after the pushes scheduled before it: the
        table's pushes go one at a time, in order)."""
        loop = self.loop
        if loop is None or loop.is_closed() or table_id not in self.conns:
            return

        def soon() -> None:
            task = loop.create_task(self._push_seat(table_id, seat, now, rev))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            soon()
        else:
            loop.call_soon_threadsafe(soon)

    async def _push_seat(self, table_id: str, seat: int, now: Shown, rev: int) -> None:
        async with self._order.setdefault(table_id, asyncio.Lock()):
            room = self.conns.get(table_id) or {}
            socks = [(ws, key, self._held.get(ws)) for ws, (s, key) in room.items()
                     if s == seat and self._revs.get(ws, rev) < rev]
            if not socks:
                return
            try:
                got = await asyncio.get_running_loop().run_in_executor(
                    self._pool, self._seat_messages, table_id, seat, socks, now,
                    self.online(table_id))
            except Exception:  # the table is gone or the database is down
                return
            for ws, text in got:
                try:
                    await ws.send_text(text)
                    self._held[ws], self._revs[ws] = now, rev
                except Exception:  # a closed socket: its own leave follows
                    continue

    def _seat_messages(self, table_id: str, seat: int,
                       socks: list[tuple[WebSocket, str, Shown | None]], now: Shown,
                       online: list[int]) -> list[tuple[WebSocket, str]]:
        """Off the loop: the message of ``now`` for each of the seat's sockets that holds
        its version (one behind - a socket that joined meanwhile - gets the table with the
        next push, step by step; one whose key changed is closed by it; one that holds this
        very state needs nothing)."""
        token = self.tables.get(table_id).seats[seat].token
        return [(ws, message_text(now, held, ws in self._deltas, kind="state", online=online))
                for ws, key, held in socks
                if key == token and held is not None and held.version == now.version
                and held.tag != now.tag]

    def _soon(self, table_id: str) -> None:
        """On the loop: push ``table_id`` unless a push of it is already waiting to start
        (that one reads the table when it starts, so it shows this change too; the steps
        in between are replayed from the hub's copy either way)."""
        if table_id in self._waiting:
            return
        self._waiting.add(table_id)
        task = asyncio.get_running_loop().create_task(self.broadcast(table_id, waiting=True))
        self._tasks.add(task)  # (a task nobody holds may be collected before it ends)
        task.add_done_callback(self._tasks.discard)

    def _replay_from(self, table_id: str, t: Any) -> tuple[Any, ...] | None:
        """Under the tables' lock: keep a copy of the state being pushed for the next push,
        and return what the steps since the last push are replayed from - its version, the
        copy of its state kept then, a snapshot of the table's fields - or None."""
        before = self._shown.pop(table_id, None)
        if t.state is None or t.status not in ("running", "over"):
            return None
        copy = t.state.copy()
        # the seats' logs of the copy start from the table's (synced to the state just
        # copied): the replay then converts only the events of the steps it replays, and
        # encodes only their texts (the texts of the table's log so far come along)
        logs = {seat: feed.fork(t.state, copy) for seat, feed in t.logs.items()}
        texts = {}
        for seat, feed in t.logs.items():
            known = t.log_texts.get(seat)
            if known is not None and known.source is feed.entries:
                texts[seat] = known.fork(logs[seat].entries)
        self._shown[table_id] = (t.version, copy, logs, texts, (t.rewrites, list(t.actions)))
        if before is None or before[0] >= t.version:
            return None
        version, state, logs, texts = before[:4]
        rewrites, choices = before[4]
        # (a rewrite that changed no choice - choices held for an undo, a device link -
        # leaves the copy right; the choices are compared only after a rewrite)
        if rewrites != t.rewrites and t.actions[:version] != choices[:version]:
            # a sealed choice was changed since: the kept copy has the old one, and the
            # steps between (a reveal among them) must show the new one - replayed from the
            # record as it is now, the same states everyone would have seen without it
            try:
                state = t.game.replay(GameRecord(
                    game=t.game.id, config=t.config, seed=int(t.seed),
                    actions=[[who, a] for who, a in t.actions[:version]]))
            except Exception:  # (a replay that goes wrong only costs the steps between)
                return None
            logs, texts = {}, {}
        return (version, state, logs, texts, dataclasses.replace(t, actions=list(t.actions)))

    @staticmethod
    def _between(version: int, state: Any, logs: dict[int | None, SeatLog],
                 texts: dict[int | None, LogTexts], t: Any) -> Iterator[Any]:
        """The table after each choice from ``version`` on, before the current one (at most
        the last MAX_STEPS), replayed on the hub's own copy of the state (the stored choices,
        the state's own generator: the same states the table went through) with the seats'
        logs of that copy and their texts; each is used before the next choice changes it."""
        try:
            for k in range(version, t.version - 1):
                seat, action = t.actions[k]
                t.game.apply_in_place(state, seat, action, check=False)
                if k >= t.version - 1 - MAX_STEPS:
                    yield dataclasses.replace(t, state=state, actions=t.actions[:k + 1],
                                              status="running", logs=logs, log_texts=texts)
        except Exception:  # a replay that goes wrong only costs the in-between steps
            return

    def _messages(self, table_id: str,
                  room: list[tuple[WebSocket, int | None, str, Shown | None]]
                  ) -> tuple[dict[WebSocket, list[str]], dict[WebSocket, Shown], set[int]]:
        """Off the event loop (it reads the database): per socket of ``room`` (with its seat,
        the seat key it showed and what it holds), the JSON texts to send - one per step since the last push that
        shows it something new, the current state last - and what it then holds; and the
        seats whose key changed (the table's rev then goes to ``_read_rev``: one push of a
        table at a time). Each text is encoded once per seat, base and step."""
        t = self.tables.get(table_id)
        revoked = {seat for _ws, seat, key, _held in room
                   if seat is not None and t.seats[seat].token != key}
        live = [(ws, seat, held) for ws, seat, _key, held in room if seat not in revoked]
        online = sorted({seat for _ws, seat, _held in live if seat is not None})
        seats = {seat for _ws, seat, _held in live}
        with self.tables.locked(table_id):
            now = {seat: self.tables.shown(t, seat) for seat in seats}
            replay = self._replay_from(table_id, t)
            self._read_rev[table_id] = t.rev
        # an in-between step is built only for the seats with a socket that held an older
        # version (a socket that just joined gets the current state only)
        oldest: dict[int | None, int] = {}
        for _ws, seat, held in live:
            if held is not None:
                v = held.version
                oldest[seat] = min(oldest.get(seat, v), v)
        steps: dict[int | None, list[Shown]] = {}
        if replay is not None and oldest:
            for step in self._between(*replay):  # our own copy of the state: no lock
                for seat, v in oldest.items():
                    if step.version > v:
                        steps.setdefault(seat, []).append(self.tables.shown_step(step, seat))
        texts: dict[WebSocket, list[str]] = {}
        holds: dict[WebSocket, Shown] = {}
        made: dict[tuple[int | None, str | None, str, bool], str] = {}

        def text(seat: int | None, base: Shown | None, sh: Shown, delta: bool) -> str:
            key = (seat, base.tag if base is not None else None, sh.tag, delta)
            if key not in made:
                made[key] = message_text(sh, base, delta, kind="state", online=online)
            return made[key]

        for ws, seat, held in live:
            out, base = [], held
            had = held.version if held is not None else None
            seen = had
            if held is not None and held.held and [
                    (who, dumps(a)) for who, a in t.actions[had:had + len(held.held)]
            ] == list(held.held):  # its seat's held choices, shown to it: not again
                seen = had + len(held.held)
            for sh in steps.get(seat, ()):
                # an in-between step: only if new to this socket and it shows something
                if had is None or sh.version <= seen or (
                        base is not None and sh.same_sight(base)):
                    continue
                out.append(text(seat, base, sh, ws in self._deltas))
                base = sh
            out.append(text(seat, base, now[seat], ws in self._deltas))
            texts[ws], holds[ws] = out, now[seat]
        return texts, holds, revoked

    async def broadcast(self, table_id: str, waiting: bool = False) -> None:
        try:
            if not self.conns.get(table_id):
                return
            async with self._order.setdefault(table_id, asyncio.Lock()):
                if waiting:  # from here on, a new change needs a push of its own
                    self._waiting.discard(table_id)
                    waiting = False
                await self._push(table_id)
        finally:
            if waiting:
                self._waiting.discard(table_id)

    async def _push(self, table_id: str) -> None:
        room = self.conns.get(table_id)
        if not room:
            return
        snapshot = [(ws, seat, key, self._held.get(ws)) for ws, (seat, key) in room.items()]
        try:
            texts, holds, revoked = await asyncio.get_running_loop().run_in_executor(
                self._pool, self._messages, table_id, snapshot)
        except Exception:  # the table is gone or the database is down: try at the next change
            return
        rev = self._read_rev.pop(table_id, -1)
        for ws, (seat, _key) in list(room.items()):
            if seat in revoked:
                room.pop(ws, None)
                self._forget(ws)
                with contextlib.suppress(Exception):  # already closed
                    await ws.close(code=4403, reason="this seat's key changed: it was claimed "
                                   "on another device or handed to a bot")
                continue
            msgs = texts.get(ws)
            if not msgs:  # joined meanwhile: its own broadcast follows
                continue
            try:
                for msg in msgs:
                    await ws.send_text(msg)
                self._held[ws], self._revs[ws] = holds[ws], rev
            except Exception:  # a closed socket: forget it
                room.pop(ws, None)
                self._forget(ws)

