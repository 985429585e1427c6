"""The FastAPI application: lobby and table API, WebSocket pushes, the static front end.

Secrets never travel in URLs: the host token and seat tokens go in the ``X-Host-Token`` /
``X-Seat-Token`` headers, a WebSocket sends its seat token in its first message, and invite or
device links carry their one-time code in the URL fragment (``/t/ID#claim=CODE``), which the
browser never sends to a server or puts in a Referer.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio.to_thread
from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from boardlab.bots.registry import bot_factories
from boardlab.engine import registry
from boardlab.engine.protocol import Game
from boardlab.server import collector
from boardlab.server.db import make_engine, migrate
from boardlab.server.delta import dumps, message_text
from boardlab.server.hub import Hub
from boardlab.server.limits import (
    PARSED,
    BadJson,
    BodyLimit,
    Bucket,
    Counter,
    JsonGuard,
    RateLimit,
    SecurityHeaders,
    quiet_bad_frames,
)
from boardlab.server.limits import check_json_text as strict_json
from boardlab.server.tables import Refused, Tables, digest
from boardlab.settings import gc_thresholds

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
log = logging.getLogger("boardlab.server")


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: StrictStr = Field("human", description="'human' (gets an invite link) or 'bot'")
    bot: StrictStr | None = Field(None, max_length=40,
                                  description="bot kind for a bot seat, e.g. 'random'")
    name: StrictStr | None = Field(None, max_length=40)
    timeout_bot: StrictStr | None = Field(
        None, max_length=40, description="the bot that plays this seat's move when its turn "
        "time runs out (tables with turn_seconds); default 'random'")


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: StrictStr = Field(..., max_length=32)
    players: StrictInt = Field(..., ge=1, le=12)
    options: dict[str, Any] = Field(default_factory=dict, description="the game's config keys")
    seats: list[SeatSpec] | None = Field(None, max_length=12,
                                         description="one per player; default all human")
    name: StrictStr = Field("", max_length=80)
    practice: StrictBool = Field(False, description="a practice table: a chosen seed is "
                                 "allowed and shown to everyone")
    seed: StrictInt | None = Field(None, ge=0, lt=2**62,
                                   description="only at a practice table")
    claim: list[StrictInt] = Field(default_factory=list, max_length=12, description=(
        "human seats the creator takes at once (their tokens come back in 'claimed')"))
    invite: list[StrictInt] | None = Field(None, max_length=12, description=(
        "human seats to make one-time invites for (their codes come back in 'seats'); "
        "default: every human seat not claimed. The others are taken from the lobby"))
    turn_seconds: StrictInt | None = Field(None, ge=5, le=7 * 86400, description=(
        "turn timer: a human seat that does not choose in this many seconds is played by its "
        "timeout_bot for that move"))
    start: StrictBool = Field(False, description="start at once")
    public: StrictBool = Field(True, description="anyone may take a free seat from the "
                               "lobby; false: invite links only")


class JoinSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt = Field(..., ge=0, le=64)
    name: StrictStr = Field("", max_length=40)


class Claim(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: StrictStr = Field(..., min_length=8, max_length=100,
                            description="the one-time code of an invite or device link")
    name: StrictStr = Field("", max_length=40)


class ToBot(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bot: StrictStr = Field("random", max_length=40)


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt = Field(..., ge=0, le=64)
    action: dict[str, Any] = Field(..., description="one of the seat's legal actions")
    step: StrictInt = Field(..., ge=0, description="the seat's number of accepted choices so far")
    have: StrictStr | None = Field(None, max_length=60, description=(
        "the 'view_tag' of the state this client holds (from a push or an earlier answer): "
        "the answer is then incremental, as the pushes are ('log_from', 'view_from'; see "
        "boardlab.server.delta). Without it the answer is the whole payload"))


class Undo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt = Field(..., ge=0, le=64)


class FastAct:
    """``POST /api/tables/{id}/act``, the endpoint every choice takes, answered without
    FastAPI's routing, dependency solving and threadpool wrapping (under load they cost
    more CPU than the choice itself). Only the plain case: a JSON body that ``Act`` accepts
    (validated as FastAPI validates it, from the parsed JSON); anything else - another
    content type, a body ``Act`` refuses - goes on to the FastAPI route, which answers as
    before. It sits inside the security middlewares (rate limit, body limit, JSON guard),
    and answers refusals and a database outage as the app's exception handlers do."""

    PREFIX = "/api/tables/"

    def __init__(self, app: Any, answer: Callable[[str, Act, str | None], Response]) -> None:
        self.app, self.answer = app, answer

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        path = scope.get("path", "")
        if (scope["type"] != "http" or scope.get("method") != "POST"
                or not path.startswith(self.PREFIX) or not path.endswith("/act")):
            await self.app(scope, receive, send)
            return
        table_id = path[len(self.PREFIX):-len("/act")]
        token = kind = None
        for name, value in scope.get("headers", ()):
            if name == b"x-seat-token" and token is None:
                token = value.decode("latin-1")
            elif name == b"content-type" and kind is None:
                kind = value.decode("latin-1")
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        raw = b"".join(chunks)
        body: Act | None = None
        if (table_id and "/" not in table_id and kind is not None
                and kind.split(";")[0].strip().lower() == "application/json"):
            with contextlib.suppress(ValueError):  # (pydantic's ValidationError too)
                parsed = scope[PARSED] if PARSED in scope else json.loads(raw)
                body = Act.model_validate(parsed)
        if body is None:  # FastAPI answers (its validation errors, as before)
            sent = False

            async def replay() -> dict[str, Any]:
                nonlocal sent
                if not sent:
                    sent = True
                    return {"type": "http.request", "body": raw, "more_body": False}
                return await receive()

            await self.app(scope, replay, send)
            return
        try:
            response = await anyio.to_thread.run_sync(self.answer, table_id, body, token)
        except Refused as exc:
            response = JSONResponse({"detail": exc.message}, status_code=exc.status)
        except (OperationalError, DBAPIError, PoolTimeout) as exc:
            log.warning("database error: %s", type(exc).__name__)
            response = JSONResponse({"detail": "the database is unavailable; try again "
                                     "shortly"}, status_code=503, headers={"Retry-After": "5"})
        await response(scope, receive, send)


def _with_online(body: bytes, online: list[int]) -> Response:
    """A payload's JSON (encoded once per change and seat) with the seats online added: the
    bytes go out as they are, without FastAPI validating and encoding the whole payload
    again per request (the schema still names the endpoint's answer)."""
    return Response(body[:-1] + b',"online":' + dumps(online).encode() + b"}",
                    media_type="application/json")


def _link(table_id: str, code: str) -> str:
    return f"/t/{table_id}#claim={code}"


def _clean_errors(errors: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Validation errors without the offending input (never echo what the client sent)."""
    out = []
    for e in errors:
        loc = [p if isinstance(p, int) else str(p).encode("utf-8", "replace").decode()[:60]
               for p in e.get("loc", ())]
        out.append({"loc": loc, "msg": str(e.get("msg", ""))[:200], "type": e.get("type")})
    return out


def create_app(
    database_url: str | None = None,
    *,
    games: Callable[[str], Game] | None = None,
    game_ids: Callable[[], list[str]] | None = None,
    max_body: int = 16_384,
    rate: float = 30.0,
    burst: int = 200,
    trusted_proxies: Iterable[str] | None = None,
    bot_step_budget: int = 20_000,
    bot_move_seconds: float = 5.0,
    timer_interval: float = 1.0,
    away_seconds: float = 60.0,
    max_open: int = 2_000,
    max_open_per_client: int = 20,
    open_ttl: float = 6 * 3600.0,
    tables_per_minute: float = 20.0,
    ws_per_address: int = 20,
    ws_per_table: int = 200,
    full_every: float = 2.0,
    housekeeping_interval: float = 30.0,
) -> FastAPI:
    """The web app. ``games``/``game_ids`` replace the registry (tests use their own game).

    Limits (README, "Limits / deploying in public"): a seat goes to a bot only after its
    player has been away ``away_seconds``; at most ``max_open`` tables waiting to start in
    all and ``max_open_per_client`` per client address, ``tables_per_minute`` new tables per
    address, and a table that does not start within ``open_ttl`` seconds closes; at most
    ``ws_per_address`` sockets per address and ``ws_per_table`` per table; a socket's
    ``"full"`` is answered once per ``full_every`` seconds (bursts of 3)."""
    if database_url is None:
        from boardlab.settings import database_url as default_url

        database_url = default_url()
    if trusted_proxies is None:
        trusted_proxies = [p for p in os.environ.get("BOARDLAB_TRUSTED_PROXIES", "").split(",")
                           if p.strip()]
    quiet_bad_frames()
    engine = make_engine(database_url, group_commit=True)
    migrate(engine)
    tables = Tables(engine, games or registry.get_game, game_ids or registry.all_game_ids,
                    bot_step_budget=bot_step_budget, bot_move_seconds=bot_move_seconds)
    tables.away_grace, tables.open_ttl = away_seconds, open_ttl
    tables.max_open, tables.max_open_per_client = max_open, max_open_per_client
    tables.load_all()
    hub = Hub(tables)
    tables.listeners.append(hub.changed)
    tables.seat_listeners.append(hub.changed_seat)
    tables.present = hub.online
    # the client address as the rate limit sees it (a trusted proxy's X-Forwarded-For)
    addresses = RateLimit(None, rate, burst, trusted_proxies)
    creations = Bucket(tables_per_minute / 60.0, max(1.0, min(10.0, tables_per_minute)))
    sockets_by_address, sockets_by_table = Counter(ws_per_address), Counter(ws_per_table)
    full_asks = Bucket(1.0 / full_every, 3)

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        loop = hub.loop = asyncio.get_running_loop()

        def schedule(table_id: str) -> None:
            loop.call_soon_threadsafe(
                loop.call_later, 0.01,
                lambda: loop.run_in_executor(None, tables.continue_bots, table_id))

        tables.schedule = schedule
        for t in list(tables.live.values()):  # bots whose turn came before the last stop
            if t.status == "running":
                schedule(t.id)
        listener = None
        if tables.postgres:
            from boardlab.server.notify import Listener

            def changed(table_ids: list[str]) -> None:  # (the listener's thread)
                mine = [tid for tid in table_ids if tid in hub.conns]  # sockets open here
                if mine and not loop.is_closed():  # one wake-up of the loop for them all
                    loop.call_soon_threadsafe(lambda: [hub.changed(tid) for tid in mine])

            listener = Listener(engine, tables.worker, changed)
            listener.start()
        timers = asyncio.create_task(turn_timers())
        chores = asyncio.create_task(housekeeping())
        # a serving process's full collections (``tune_gc``), on this loop
        fulls = (asyncio.create_task(collector.INSTALLED.run_fulls())
                 if collector.INSTALLED is not None else None)
        yield
        timers.cancel()
        chores.cancel()
        if fulls is not None:
            fulls.cancel()
        if listener is not None:
            listener.stop.set()
        tables.schedule = None
        hub.close()
        tables.shutdown()
        engine.dispose()

    async def turn_timers() -> None:
        while True:
            await asyncio.sleep(timer_interval)
            try:
                for tid in await asyncio.to_thread(tables.late_tables):
                    with contextlib.suppress(Refused):
                        await asyncio.to_thread(tables.play_late_turns, tid)
            except Exception:  # the database is down: try again at the next tick
                log.warning("turn timers: %s", "database unavailable", exc_info=True)

    async def housekeeping() -> None:
        """Tables that never started expire (and leave memory); the seats with a socket
        open here are marked present (other workers read it before a seat goes to a bot)."""
        while True:
            await asyncio.sleep(housekeeping_interval)
            try:
                for tid in await asyncio.to_thread(tables.expire_open):
                    hub.changed(tid)
                for tid in list(hub.conns):
                    if hub.online(tid):
                        await asyncio.to_thread(tables.seen, tid, hub.online(tid))
            except Exception:  # the database is down: try again at the next tick
                log.warning("housekeeping: %s", "database unavailable")

    # No Swagger UI: it would load from a CDN on the origin whose storage holds the tokens.
    # The schema stays at /openapi.json.
    app = FastAPI(title="boardlab", version="0.2.0", lifespan=lifespan, docs_url=None,
                  redoc_url=None, description="Play board games exactly by their rulebooks.")
    app.state.tables = tables
    app.state.hub = hub

    @app.exception_handler(Refused)
    async def _refused(_req: Request, exc: Refused) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_req: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _clean_errors(exc.errors())}, status_code=422)

    @app.exception_handler(OperationalError)
    @app.exception_handler(DBAPIError)
    @app.exception_handler(PoolTimeout)
    async def _db_down(_req: Request, exc: Exception) -> JSONResponse:
        log.warning("database error: %s", type(exc).__name__)
        return JSONResponse({"detail": "the database is unavailable; try again shortly"},
                            status_code=503, headers={"Retry-After": "5"})

    @app.get("/api/health", tags=["games"])
    def health() -> dict[str, Any]:
        """This worker answers and reaches the database (503 if it does not)."""
        with engine.connect() as conn:
            conn.exec_driver_sql("select 1")
        return {"ok": True, "worker": tables.worker, "database": engine.dialect.name}

    # ---- games ----------------------------------------------------------------------------

    def game_info(gid: str) -> dict[str, Any]:
        g = tables.game(gid)
        return {"id": g.id, "title": dict(g.title), "min_players": g.min_players,
                "max_players": g.max_players, "config_schema": g.config_schema(),
                "bots": sorted(bot_factories(g)), "labels": g.labels(),
                "default_bots": {str(n): g.default_bots(n)
                                 for n in range(g.min_players, g.max_players + 1)},
                "difficulty": difficulty_info(g)}

    def difficulty_info(g) -> dict[str, Any]:
        """easy / normal / hard per seat and player count -> the bot kind a lobby sends as
        the seat's ``bot`` (boardlab.bots.difficulty), with the levels' words."""
        from boardlab.bots.difficulty import LEVEL_WORDS, LEVELS, bot_for_level

        return {"levels": list(LEVELS),
                "words": {lv: {"zh": LEVEL_WORDS[lv][0], "en": LEVEL_WORDS[lv][1]}
                          for lv in LEVELS},
                "bots": {lv: {str(n): [bot_for_level(g, lv, n, s) for s in range(n)]
                              for n in range(g.min_players, g.max_players + 1)}
                         for lv in LEVELS}}

    @app.get("/api/games", tags=["games"])
    def list_games() -> list[dict[str, Any]]:
        """Every game boardlab has, with its options (JSON schema) and bot kinds."""
        out = []
        for gid in tables.game_ids():
            try:
                out.append(game_info(gid))
            except Exception:  # a game that does not load must not hide the others
                log.warning("game %s does not load; left out of the list", gid, exc_info=True)
        return out

    @app.get("/api/games/{game_id}", tags=["games"])
    def one_game(game_id: str) -> dict[str, Any]:
        return game_info(game_id)

    # ---- lobby ----------------------------------------------------------------------------

    @app.post("/api/tables", tags=["lobby"], status_code=201)
    def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """Open a table. The answer holds the host token (start, hand an absent player's seat
        to a bot, close; it never reads or acts for a seat), one-time invites for the seats
        in ``invite`` and the tokens of the seats listed in ``claim``. No deal exists until
        the start, when the seed is drawn and its commitment published."""
        address = addresses.client(request.scope)
        if not creations.allow(address):
            raise Refused(429, f"at most {tables_per_minute:g} new tables a minute per client; "
                          "slow down")
        specs = [s.model_dump() for s in body.seats] if body.seats else [
            {"kind": "human"} for _ in range(body.players)]
        t, host, invites, claimed = tables.create(
            body.game, body.players, body.options, specs, body.name, body.seed, body.public,
            practice=body.practice, claim=body.claim, turn_seconds=body.turn_seconds,
            invite=body.invite, creator=digest("creator:" + address))
        if body.start:
            t = tables.start(t.id, host)
        return {"table": t.summary(), "host_token": host,
                "seats": [{"seat": s, "kind": "human", "code": c, "invite": _link(t.id, c)}
                          for s, c in invites.items()],
                "claimed": [{"seat": s, "token": tok} for s, tok in claimed.items()]}

    @app.get("/api/tables", tags=["lobby"])
    def list_tables(status: str = Query("open,running", max_length=60),
                    limit: int = Query(50, ge=1, le=200),
                    offset: int = Query(0, ge=0, le=1_000_000)) -> list[dict[str, Any]]:
        """A page of public tables, newest first (``status=over`` for finished ones);
        invite-only tables are not listed."""
        wanted = [s.strip() for s in status.split(",") if s.strip()]
        known = ("open", "running", "over", "closed", "failed")
        if any(s not in known for s in wanted):
            raise Refused(422, "status: a comma-separated list of " + ", ".join(known))
        return tables.listing(wanted, limit, offset)

    @app.get("/api/tables/{table_id}", tags=["lobby"])
    def table_info(table_id: str) -> dict[str, Any]:
        return {**tables.get(table_id).summary(), "online": hub.online(table_id)}

    @app.post("/api/tables/{table_id}/join", tags=["lobby"])
    def join(table_id: str, body: JoinSeat) -> dict[str, Any]:
        """Take a free human seat of a public table; the answer holds its token (keep it)."""
        s, token = tables.join(table_id, body.seat, body.name)
        return {"seat": s.seat, "token": token}

    @app.post("/api/tables/{table_id}/claim", tags=["lobby"])
    def claim(table_id: str, body: Claim) -> dict[str, Any]:
        """Use a one-time invite or device link: the seat's new token (an older token of the
        seat, on another device, stops working)."""
        s, token = tables.claim(table_id, body.code, body.name)
        return {"seat": s.seat, "token": token}

    @app.post("/api/tables/{table_id}/seats/{seat}/link", tags=["lobby"])
    def device_link(table_id: str, seat: int,
                    x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """A one-time link to move your seat to another device (your token required)."""
        code = tables.device_link(table_id, seat, x_seat_token)
        return {"seat": seat, "code": code, "link": _link(table_id, code)}

    @app.post("/api/tables/{table_id}/start", tags=["lobby"])
    def start(table_id: str, x_host_token: str | None = Header(None)) -> dict[str, Any]:
        return tables.start(table_id, x_host_token).summary()

    @app.post("/api/tables/{table_id}/close", tags=["lobby"])
    def close(table_id: str, x_host_token: str | None = Header(None)) -> dict[str, Any]:
        """End the table now (host only); the record with the seed is then published."""
        return tables.close(table_id, x_host_token).summary()

    @app.post("/api/tables/{table_id}/seats/{seat}/bot", tags=["lobby"])
    def to_bot(table_id: str, seat: int, body: ToBot,
               x_host_token: str | None = Header(None)) -> dict[str, Any]:
        """Hand a seat to a bot (host only): a seat nobody holds, or one whose player has
        been away (no socket open) longer than the grace or is out of time on the turn
        timer; logged publicly, and the player may take it back (``/back``)."""
        return tables.hand_to_bot(table_id, x_host_token, seat, body.bot).summary()

    @app.post("/api/tables/{table_id}/seats/{seat}/back", tags=["lobby"])
    def take_back(table_id: str, seat: int,
                  x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """Take your seat back from the bot that played it while you were away (your
        token)."""
        return tables.take_back(table_id, seat, x_seat_token).summary()

    # ---- play -----------------------------------------------------------------------------

    @app.get("/api/tables/{table_id}/state", tags=["play"], response_model=dict[str, Any])
    def state(table_id: str, seat: int | None = Query(None, ge=0, le=64),
              x_seat_token: str | None = Header(None)) -> Response:
        """What a seat sees (its token in ``X-Seat-Token``) or, without ``seat``, what a
        spectator sees."""
        t = tables.get(table_id)
        if seat is not None:
            tables.check_seat(t, seat, x_seat_token)
        with tables.locked(table_id):
            now = tables.shown(t, seat)
        return _with_online(now.body(), hub.online(table_id))

    @app.post("/api/tables/{table_id}/act", tags=["play"], response_model=dict[str, Any])
    def act(table_id: str, body: Act,
            x_seat_token: str | None = Header(None)) -> Response:
        """Submit one choice. Refused unless the token is the seat's, ``step`` is the seat's
        next, and the game finds the action legal; nothing changes when refused."""
        return answer_act(table_id, body, x_seat_token)

    def answer_act(table_id: str, body: Act, token: str | None) -> Response:
        """The work of ``/act`` (also reached by ``FastAct``, without FastAPI's machinery)."""
        # the payload the client holds, found before the choice: the pushes the choice
        # sets off keep payloads of their own meanwhile, and whether they had pushed it out
        # of the cache would decide by timing whether this answer comes whole
        base = tables.kept(table_id, body.seat, body.have) if body.have else None
        t = tables.act(table_id, body.seat, token, body.action, body.step)
        with tables.locked(table_id):
            now = tables.shown(t, body.seat)
        if body.have is None:  # the whole payload, as before
            return _with_online(now.body(), hub.online(table_id))
        # incremental (whole parts where the base is gone)
        return Response(message_text(now, base, online=hub.online(table_id)).encode(),
                        media_type="application/json")

    @app.post("/api/tables/{table_id}/undo", tags=["play"], response_model=dict[str, Any])
    def undo(table_id: str, body: Undo, x_seat_token: str | None = Header(None)) -> Response:
        """Take back this turn's choices that revealed nothing (the game says which:
        ``Game.undoable``); your payload at the turn's undo point. Such choices are held for
        your seat alone until you make one that is not undoable, so nobody else is sent
        anything, and the record never holds them."""
        now = tables.undo(table_id, body.seat, x_seat_token)
        return _with_online(now.body(), hub.online(table_id))

    @app.get("/api/tables/{table_id}/undo", tags=["play"])
    def undo_state(table_id: str, seat: int = Query(..., ge=0, le=64),
                   x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """How many of your choices an undo would take back now (0: nothing to undo)."""
        return {"undo": tables.undo_count(table_id, seat, x_seat_token)}

    @app.get("/api/tables/{table_id}/record", tags=["play"])
    def record(table_id: str) -> dict[str, Any]:
        """The whole record once the game is over: config, the seed with the nonce and the
        commitment published at the start (``boardlab verify``), every choice, the result."""
        return tables.record(table_id)

    @app.websocket("/ws/tables/{table_id}")
    async def ws(websocket: WebSocket, table_id: str) -> None:
        """Pushes ``{"type": "state", ...}`` after every change, incrementally (new log
        entries, the view's changed parts: ``boardlab.server.delta``). The first message says
        who is watching: ``{"seat": N, "token": "..."}`` for a seat, ``{}`` for a spectator,
        with ``"delta": true`` for only the view's changed parts; ``"full"`` later asks for
        the next state whole (at most once per ``full_every`` seconds, bursts of 3).
        Sockets per client address and per table are capped (close code 1013)."""
        address = addresses.client(websocket.scope)
        if not sockets_by_address.take(address):
            await websocket.accept()
            await websocket.close(code=1013, reason=f"at most {ws_per_address} sockets per "
                                  "client; close one first")
            return
        try:
            if not sockets_by_table.take(table_id):
                await websocket.accept()
                await websocket.close(code=1013, reason=f"this table has {ws_per_table} "
                                      "sockets open (its limit); try again later")
                return
            try:
                await watch(websocket, table_id)
            finally:
                sockets_by_table.give(table_id)
        finally:
            sockets_by_address.give(address)

    async def watch(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        try:
            who, key, delta = await asyncio.wait_for(hello(websocket, table_id), timeout=10)
        except Refused as exc:
            await websocket.close(code=4403 if exc.status == 403 else 4404 if exc.status == 404
                                  else 4400, reason=exc.message[:120])
            return
        except TimeoutError:
            await websocket.close(code=4408, reason="no hello message within 10 seconds")
            return
        except (OperationalError, DBAPIError, PoolTimeout) as exc:
            log.warning("database error: %s", type(exc).__name__)
            await websocket.close(code=1011, reason="the database is unavailable; try again "
                                  "shortly")
            return
        except (WebSocketDisconnect, RuntimeError):  # gone, or a frame that is not UTF-8
            return
        await hub.join(table_id, websocket, who, key, delta)
        window, count = time.monotonic(), 0
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if message.get("bytes") is not None:
                    await websocket.close(code=1003, reason="binary frames are not accepted; "
                                          "send text")
                    break
                msg = message.get("text") or ""
                count += 1
                if time.monotonic() - window > 1.0:
                    window, count = time.monotonic(), 1
                if len(msg) > max_body or count > max(5, int(rate)):
                    await websocket.close(code=1009 if len(msg) > max_body else 1008)
                    break
                if msg == "ping":
                    await websocket.send_json({"type": "pong"})
                elif msg == "full":  # the client lost track: its state comes whole, to it
                    if full_asks.allow(id(websocket)):
                        await hub.resync(table_id, websocket)
                    else:
                        await websocket.send_json({"type": "error", "detail": {
                            "zh": f"每 {full_every:g} 秒最多请求一次完整状态",
                            "en": f"a whole state at most once per {full_every:g} seconds"}})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            full_asks.forget(id(websocket))
            await hub.leave(table_id, websocket)

    async def hello(websocket: WebSocket, table_id: str) -> tuple[int | None, str, bool]:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        if message.get("text") is None:
            raise Refused(400, "the first message must be JSON text: {\"seat\": N, "
                          "\"token\": \"...\"} or {} to watch")
        try:
            data = strict_json(message["text"][:max_body])
        except BadJson as exc:
            raise Refused(400, str(exc)) from None
        if not isinstance(data, dict):
            raise Refused(400, "the first message must be a JSON object")
        seat, token, delta = data.get("seat"), data.get("token"), data.get("delta", False)
        if not isinstance(delta, bool):
            raise Refused(400, "'delta' must be true or false")
        t = await asyncio.to_thread(tables.get, table_id)
        if seat is None:
            return None, "", delta
        if type(seat) is not int or not isinstance(token, str):
            raise Refused(400, "'seat' must be a whole number and 'token' a string")
        tables.check_seat(t, seat, token)
        return seat, digest(token), delta

    # ---- front end ------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    # the lobby's list with finished and abandoned tables, replays (boardlab/server/players.py)
    from boardlab.server import players

    players.add_routes(app, tables, hub.online)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(FastAct, answer=answer_act)  # innermost: after every check below
    app.add_middleware(JsonGuard)
    app.add_middleware(BodyLimit, max_bytes=max_body)
    app.add_middleware(RateLimit, rate=rate, burst=burst, trusted_proxies=trusted_proxies)
    app.add_middleware(SecurityHeaders)
    return app


# The cyclic garbage collector in a serving process (``collector.ServingCollector``): a
# young collection every 4,000 new containers, whose survivors are frozen, and a full
# collection every 5 minutes (4,000 against 10,000 in alternating web-load runs: p99
# 60 / 27 ms against 91 / 38 ms, the same CPU). Python's defaults (700, 10, 10) collected every few
# requests and scanned the older generations (the cached tables' states, logs and
# payloads) again and again: ~a fifth of the server's CPU under the web load. Thresholds
# of (50,000, 20, 10) cut that to ~2%, but each young collection then stopped the process
# for 60-140 ms every few seconds (it scanned 50-140k containers, most of them long-lived
# game data), the web load's slowest answers.
SERVE_GC_THRESHOLDS = (4_000, 20, 10)
FULL_COLLECTION_SECONDS = 300.0


def tune_gc() -> None:
    """For a serving process: the collector policy above (``BOARDLAB_GC_THRESHOLDS``
    replaces the thresholds)."""
    collector.install(gc_thresholds(SERVE_GC_THRESHOLDS), FULL_COLLECTION_SECONDS)


def app_from_env() -> FastAPI:
    """The app as ``boardlab serve`` runs it (uvicorn factory; one per worker)."""
    app = create_app()
    tune_gc()  # (here, not in create_app: only a serving process, never a test's)
    return app

