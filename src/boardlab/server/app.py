"""The FastAPI application: lobby and table API, WebSocket pushes, the static front end."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from boardlab.bots.registry import bot_factories
from boardlab.engine import registry
from boardlab.engine.protocol import Game
from boardlab.server.db import make_engine, migrate
from boardlab.server.hub import Hub
from boardlab.server.limits import BodyLimit, RateLimit
from boardlab.server.tables import Refused, Tables

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"


class SeatSpec(BaseModel):
    kind: str = Field("human", description="'human' (gets an invite link) or 'bot'")
    bot: str | None = Field(None, description="bot kind for a bot seat, e.g. 'random'")
    name: str | None = Field(None, max_length=40)


class CreateTable(BaseModel):
    game: str
    players: int = Field(..., ge=1, le=12)
    options: dict[str, Any] = Field(default_factory=dict, description="the game's config keys")
    seats: list[SeatSpec] | None = Field(None, description="one per player; default all human")
    name: str = Field("", max_length=80)
    seed: int | None = Field(None, ge=0, lt=2**62)
    start: bool = Field(False, description="start at once")
    public: bool = Field(True, description="anyone may take a free seat from the lobby; "
                         "false: invite links only")


class JoinSeat(BaseModel):
    seat: int
    name: str = Field("", max_length=40)


class ToBot(BaseModel):
    bot: str = "random"


class Act(BaseModel):
    seat: int
    action: dict[str, Any] = Field(..., description="one of the seat's legal actions")
    step: int = Field(..., description="the seat's number of accepted choices so far")


def _invite(table_id: str, seat: int, token: str) -> str:
    return f"/t/{table_id}?seat={seat}&token={token}"


def create_app(
    database_url: str | None = None,
    *,
    games: Callable[[str], Game] | None = None,
    game_ids: Callable[[], list[str]] | None = None,
    max_body: int = 16_384,
    rate: float = 30.0,
    burst: int = 200,
) -> FastAPI:
    """The web app. ``games``/``game_ids`` replace the registry (tests use their own game)."""
    if database_url is None:
        from boardlab.settings import database_url as default_url

        database_url = default_url()
    engine = make_engine(database_url)
    migrate(engine)
    tables = Tables(engine, games or registry.get_game, game_ids or registry.all_game_ids)
    tables.load_all()

    def payload(table_id: str, seat: int | None) -> dict[str, Any]:
        t = tables.get(table_id)
        with tables.lock:
            out = tables.payload(t, seat)
        out["online"] = hub.online(table_id)
        return out

    hub = Hub(payload)
    tables.listeners.append(hub.changed)

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        loop = hub.loop = asyncio.get_running_loop()

        def schedule(table_id: str) -> None:
            loop.call_soon_threadsafe(loop.call_later, 0.01, tables.continue_bots, table_id)

        tables.schedule = schedule
        for t in list(tables.live.values()):  # bots whose turn came before the last stop
            if t.status == "running":
                schedule(t.id)
        yield
        tables.schedule = None
        engine.dispose()

    app = FastAPI(title="boardlab", version="0.1.0", lifespan=lifespan,
                  description="Play board games exactly by their rulebooks.")
    app.state.tables = tables
    app.state.hub = hub

    @app.exception_handler(Refused)
    async def _refused(_req: Request, exc: Refused) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

    # ---- games ----------------------------------------------------------------------------

    def game_info(gid: str) -> dict[str, Any]:
        g = tables.game(gid)
        return {"id": g.id, "title": dict(g.title), "min_players": g.min_players,
                "max_players": g.max_players, "config_schema": g.config_schema(),
                "bots": sorted(bot_factories(g))}

    @app.get("/api/games", tags=["games"])
    async def list_games() -> list[dict[str, Any]]:
        """Every game boardlab has, with its options (JSON schema) and bot kinds."""
        return [game_info(g) for g in tables.game_ids()]

    @app.get("/api/games/{game_id}", tags=["games"])
    async def one_game(game_id: str) -> dict[str, Any]:
        return game_info(game_id)

    # ---- lobby ----------------------------------------------------------------------------

    @app.post("/api/tables", tags=["lobby"], status_code=201)
    async def create_table(body: CreateTable) -> dict[str, Any]:
        """Open a table. The answer holds the host token and every human seat's invite."""
        specs = [s.model_dump() for s in body.seats] if body.seats else [
            {"kind": "human"} for _ in range(body.players)]
        t = tables.create(body.game, body.players, body.options, specs, body.name, body.seed,
                          body.public)
        if body.start:
            tables.start(t.id, t.host_token)
        return {"table": t.summary(), "host_token": t.host_token, "seats": [
            {"seat": s.seat, "kind": s.kind, "token": s.token,
             "invite": _invite(t.id, s.seat, s.token)}
            for s in t.seats if s.kind == "human"]}

    @app.get("/api/tables", tags=["lobby"])
    async def list_tables(status: str = Query("open,running")) -> list[dict[str, Any]]:
        """Open and running tables (``status=over`` for finished ones)."""
        return tables.listing(s.strip() for s in status.split(","))

    @app.get("/api/tables/{table_id}", tags=["lobby"])
    async def table_info(table_id: str) -> dict[str, Any]:
        return {**tables.get(table_id).summary(), "online": hub.online(table_id)}

    @app.post("/api/tables/{table_id}/join", tags=["lobby"])
    async def join(table_id: str, body: JoinSeat) -> dict[str, Any]:
        """Take a free human seat; the answer holds its secret token and invite link."""
        s = tables.join(table_id, body.seat, body.name)
        return {"seat": s.seat, "token": s.token, "invite": _invite(table_id, s.seat, s.token)}

    @app.post("/api/tables/{table_id}/start", tags=["lobby"])
    async def start(table_id: str,
                    x_host_token: str | None = Header(None)) -> dict[str, Any]:
        return tables.start(table_id, x_host_token).summary()

    @app.post("/api/tables/{table_id}/seats/{seat}/bot", tags=["lobby"])
    async def to_bot(table_id: str, seat: int, body: ToBot,
                     x_host_token: str | None = Header(None)) -> dict[str, Any]:
        """Hand a seat (whose human left) to a bot. Host only."""
        t = tables.hand_to_bot(table_id, x_host_token, seat, body.bot)
        await hub.drop_seat(table_id, seat)
        return t.summary()

    # ---- play -----------------------------------------------------------------------------

    def seat_of(table_id: str, seat: int | None, token: str | None) -> int | None:
        t = tables.get(table_id)
        if seat is None:
            return None
        s = tables.check_seat(t, seat, token)
        tables.claim(t, s)
        return seat

    @app.get("/api/tables/{table_id}/state", tags=["play"])
    async def state(table_id: str, seat: int | None = None,
                    x_seat_token: str | None = Header(None),
                    token: str | None = Query(None)) -> dict[str, Any]:
        """What a seat sees (its token required) or, without ``seat``, what a spectator sees."""
        return payload(table_id, seat_of(table_id, seat, x_seat_token or token))

    @app.post("/api/tables/{table_id}/act", tags=["play"])
    async def act(table_id: str, body: Act,
                  x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """Submit one choice. Refused unless the token is the seat's, ``step`` is the seat's
        next, and the game finds the action legal; nothing changes when refused."""
        tables.act(table_id, body.seat, x_seat_token, body.action, body.step)
        return payload(table_id, body.seat)

    @app.get("/api/tables/{table_id}/record", tags=["play"])
    async def record(table_id: str) -> dict[str, Any]:
        """The whole record (config + seed + choices), once the game is over."""
        t = tables.get(table_id)
        if t.status != "over":
            raise Refused(409, "the record is published when the game is over")
        return {"game": t.game.id, "config": t.config, "seed": t.seed,
                "actions": [[s, a] for s, a in t.actions]}

    @app.websocket("/ws/tables/{table_id}")
    async def ws(websocket: WebSocket, table_id: str, seat: int | None = None,
                 token: str | None = None) -> None:
        """Pushes ``{"type": "state", ...}`` to this seat (or spectator) after every change."""
        try:
            who = seat_of(table_id, seat, token)
        except Refused as exc:
            await websocket.close(code=4403 if exc.status == 403 else 4404, reason=exc.message)
            return
        await websocket.accept()
        await hub.join(table_id, websocket, who)
        window, count = time.monotonic(), 0
        try:
            while True:
                msg = await websocket.receive_text()
                count += 1
                if time.monotonic() - window > 1.0:
                    window, count = time.monotonic(), 1
                if len(msg) > max_body or count > max(5, int(rate)):
                    await websocket.close(code=1009 if len(msg) > max_body else 1008)
                    break
                if msg == "ping":
                    await websocket.send_json({"type": "pong"})
        except WebSocketDisconnect:
            pass
        finally:
            await hub.leave(table_id, websocket)

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

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit, max_bytes=max_body)
    app.add_middleware(RateLimit, rate=rate, burst=burst)
    return app
