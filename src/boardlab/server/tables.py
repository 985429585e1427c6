"""The tables of the lobby: creating, seating, starting, accepting choices, running bots.

Every table lives in the database as config + seed + accepted choices and in memory as the
replayed state. All mutations go through :class:`Tables`, which holds one lock, so a choice
is checked against the current state, stored, and applied as one step.
"""

from __future__ import annotations

import hmac
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from boardlab.bots.base import Bot
from boardlab.bots.registry import bot_factories
from boardlab.engine.errors import ConfigError, IllegalAction
from boardlab.engine.match import decision_context
from boardlab.engine.protocol import Game, GameRecord, GameState
from boardlab.engine.rng import make_rng
from boardlab.server import db

log = logging.getLogger("boardlab.server")
GameLookup = Callable[[str], Game]
MAX_BOT_STEPS = 100_000


class Refused(Exception):
    """A request the server refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Seat:
    seat: int
    kind: str  # "human" | "bot"
    bot: str | None
    name: str
    token: str
    claimed: bool

    def public(self) -> dict[str, Any]:
        """What anyone may know about a seat (never its token)."""
        return {"seat": self.seat, "kind": self.kind, "bot": self.bot, "name": self.name,
                "claimed": self.claimed}


@dataclass
class Live:
    """A table in memory: its record, seats and the replayed state."""

    id: str
    game: Game
    config: dict[str, Any]
    seed: int
    status: str  # "open" | "running" | "over"
    host_token: str
    name: str
    created_at: float
    seats: list[Seat]
    state: GameState
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    public: bool = True

    @property
    def version(self) -> int:
        return len(self.actions)

    def seat_steps(self, seat: int) -> int:
        """How many choices ``seat`` has made: the ``step`` its next choice must carry."""
        return sum(1 for s, _ in self.actions if s == seat)

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game.id, "title": dict(self.game.title),
            "name": self.name, "status": self.status, "players": len(self.seats),
            "config": self.config, "version": self.version, "created_at": self.created_at,
            "seats": [s.public() for s in self.seats], "public": self.public,
        }


def _new_token() -> str:
    return secrets.token_urlsafe(24)


class Tables:
    """Every table, backed by the database."""

    def __init__(self, engine: Engine, lookup: GameLookup, game_ids: Callable[[], list[str]]):
        self.engine = engine
        self.lookup = lookup
        self.game_ids = game_ids
        self.live: dict[str, Live] = {}
        self.lock = threading.RLock()
        self.listeners: list[Callable[[str], None]] = []
        self._bots: dict[tuple[str, int], Bot] = {}
        self.bot_budget = 0.25
        """Seconds of bot thinking per request; the rest continues via ``schedule``."""
        self.schedule: Callable[[str], None] | None = None
        """Set by the app: run ``continue_bots(table_id)`` soon, off the current request."""

    # ---- loading -------------------------------------------------------------------------

    def game(self, game_id: str) -> Game:
        if game_id not in self.game_ids():
            raise Refused(404, f"unknown game {game_id!r}; boardlab has: "
                          + ", ".join(self.game_ids()))
        try:
            return self.lookup(game_id)
        except ConfigError as exc:
            raise Refused(404, str(exc)) from None

    def load_all(self) -> None:
        """Rebuild every table from the database by replay, then let bots catch up."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(db.tables)).mappings().all()
            seat_rows = conn.execute(sa.select(db.seats)).mappings().all()
            choice_rows = conn.execute(
                sa.select(db.choices).order_by(db.choices.c.table_id, db.choices.c.step)
            ).mappings().all()
        seats_by: dict[str, list[Seat]] = {}
        for r in seat_rows:
            seats_by.setdefault(r["table_id"], []).append(
                Seat(r["seat"], r["kind"], r["bot"], r["name"], r["token"], bool(r["claimed"])))
        acts_by: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        for r in choice_rows:
            acts_by.setdefault(r["table_id"], []).append((r["seat"], r["action"]))
        with self.lock:
            for r in rows:
                try:
                    game = self.lookup(r["game"])
                except Exception:  # a game that is no longer installed: skip its tables
                    continue
                actions = acts_by.get(r["id"], [])
                record = GameRecord(game=game.id, config=r["config"], seed=r["seed"],
                                    actions=actions)
                try:
                    state = game.replay(record)
                except Exception:  # the rules changed under a stored game: keep the rest
                    log.exception("table %s (%s) cannot be replayed; skipped", r["id"], game.id)
                    continue
                self.live[r["id"]] = Live(
                    r["id"], game, r["config"], r["seed"], r["status"], r["host_token"],
                    r["name"], r["created_at"], sorted(seats_by.get(r["id"], []),
                                                       key=lambda s: s.seat),
                    state, list(actions), bool(r["public"]))
            for t in list(self.live.values()):
                if t.status == "running":
                    self._run_bots(t)

    def get(self, table_id: str) -> Live:
        t = self.live.get(table_id)
        if t is None:
            raise Refused(404, f"there is no table {table_id!r}")
        return t

    # ---- lobby ---------------------------------------------------------------------------

    def create(self, game_id: str, players: int, options: dict[str, Any],
               seats: list[dict[str, Any]], name: str = "", seed: int | None = None,
               public: bool = True) -> Live:
        """A new open table; ``seats`` says per seat ``kind`` human/bot and ``bot``."""
        game = self.game(game_id)
        try:
            cfg = game.make_config({**options, "players": players})
        except ConfigError as exc:
            raise Refused(400, str(exc)) from None
        if len(seats) != cfg.players:
            raise Refused(400, f"{len(seats)} seats given for {cfg.players} players")
        kinds = bot_factories(game)
        made: list[Seat] = []
        for i, spec in enumerate(seats):
            kind = spec.get("kind", "human")
            bot = spec.get("bot") or ("random" if kind == "bot" else None)
            if kind not in ("human", "bot"):
                raise Refused(400, f"seat {i}: kind must be 'human' or 'bot', not {kind!r}")
            if kind == "bot" and bot not in kinds:
                raise Refused(400, f"seat {i}: {game.id} has no bot {bot!r}; choose from "
                              + ", ".join(sorted(kinds)))
            default = f"P{i} 🤖 {bot}" if kind == "bot" else f"P{i}"
            made.append(Seat(i, kind, bot if kind == "bot" else None,
                             str(spec.get("name") or default)[:40], _new_token(), kind == "bot"))
        seed = secrets.randbits(62) if seed is None else int(seed)
        config = cfg.model_dump(mode="json")
        state = game.setup(cfg, seed, None)
        t = Live(secrets.token_hex(6), game, config, seed, "open", _new_token(),
                 (name or "")[:80], time.time(), made, state, public=public)
        with self.lock, self.engine.begin() as conn:
            conn.execute(db.tables.insert().values(
                id=t.id, game=game.id, config=config, seed=seed, status="open",
                host_token=t.host_token, name=t.name, version=0, created_at=t.created_at,
                public=public))
            conn.execute(db.seats.insert(), [
                {"table_id": t.id, "seat": s.seat, "kind": s.kind, "bot": s.bot,
                 "name": s.name, "token": s.token, "claimed": s.claimed} for s in made])
            self.live[t.id] = t
        return t

    def listing(self, status: Iterable[str] = ("open", "running")) -> list[dict[str, Any]]:
        wanted = set(status)
        rows = [t.summary() for t in self.live.values() if t.status in wanted]
        return sorted(rows, key=lambda r: -r["created_at"])

    def check_host(self, t: Live, token: str | None) -> None:
        if not token or not hmac.compare_digest(token.encode(), t.host_token.encode()):
            raise Refused(403, "only the table's host may do that (wrong or missing host token)")

    def check_seat(self, t: Live, seat: int, token: str | None) -> Seat:
        if not 0 <= seat < len(t.seats):
            raise Refused(404, f"there is no seat {seat} at this table")
        s = t.seats[seat]
        if not token or not hmac.compare_digest(token.encode(), s.token.encode()):
            raise Refused(403, f"this token does not belong to seat {seat}")
        return s

    def join(self, table_id: str, seat: int, name: str = "") -> Seat:
        """Take an unclaimed human seat (from the lobby); returns it with its token."""
        with self.lock:
            t = self.get(table_id)
            if t.status == "over":
                raise Refused(409, "this game is over")
            if not t.public:
                raise Refused(403, "this table is invite-only: ask the host for an invite link")
            if not 0 <= seat < len(t.seats):
                raise Refused(404, f"there is no seat {seat} at this table")
            s = t.seats[seat]
            if s.kind != "human" or s.claimed:
                raise Refused(409, f"seat {seat} is already taken")
            s.claimed = True
            if name:
                s.name = name[:40]
            self._save_seat(t, s)
        self._notify(t.id)
        return s

    def claim(self, t: Live, s: Seat) -> None:
        """Mark a seat taken once its invite link is used."""
        if not s.claimed:
            with self.lock:
                s.claimed = True
                self._save_seat(t, s)
            self._notify(t.id)

    def _save_seat(self, t: Live, s: Seat) -> None:
        with self.engine.begin() as conn:
            conn.execute(db.seats.update().where(
                db.seats.c.table_id == t.id, db.seats.c.seat == s.seat).values(
                kind=s.kind, bot=s.bot, name=s.name, claimed=s.claimed))

    def start(self, table_id: str, host_token: str | None) -> Live:
        with self.lock:
            t = self.get(table_id)
            self.check_host(t, host_token)
            if t.status != "open":
                raise Refused(409, f"the table is already {t.status}")
            t.status = "running"
            self._save_status(t)
            self._run_bots(t)
        self._notify(t.id)
        return t

    def _save_status(self, t: Live) -> None:
        with self.engine.begin() as conn:
            conn.execute(db.tables.update().where(db.tables.c.id == t.id).values(
                status=t.status))

    def hand_to_bot(self, table_id: str, host_token: str | None, seat: int,
                    bot: str = "random") -> Live:
        """Give a seat (whose human left) to a bot; the bot acts at once if it must."""
        with self.lock:
            t = self.get(table_id)
            self.check_host(t, host_token)
            if not 0 <= seat < len(t.seats):
                raise Refused(404, f"there is no seat {seat} at this table")
            kinds = bot_factories(t.game)
            if bot not in kinds:
                raise Refused(400, f"{t.game.id} has no bot {bot!r}; choose from "
                              + ", ".join(sorted(kinds)))
            s = t.seats[seat]
            s.kind, s.bot, s.claimed = "bot", bot, True
            s.name = f"P{seat} 🤖 {bot}"
            s.token = _new_token()  # the old human token no longer acts
            with self.engine.begin() as conn:
                conn.execute(db.seats.update().where(
                    db.seats.c.table_id == t.id, db.seats.c.seat == seat).values(
                    kind=s.kind, bot=s.bot, name=s.name, claimed=True, token=s.token))
            self._bots.pop((t.id, seat), None)
            if t.status == "running":
                self._run_bots(t)
        self._notify(t.id)
        return t

    # ---- play ----------------------------------------------------------------------------

    def act(self, table_id: str, seat: int, token: str | None, action: Any,
            step: int | None) -> Live:
        """Accept one human choice: authenticated, expected step, legal; stored, then applied."""
        with self.lock:
            t = self.get(table_id)
            s = self.check_seat(t, seat, token)
            if s.kind != "human":
                raise Refused(409, f"seat {seat} is played by a bot")
            if t.status == "open":
                raise Refused(409, "the game has not started yet")
            if t.status == "over":
                raise Refused(409, "the game is over; no more choices are accepted")
            expected = t.seat_steps(seat)
            if step is None:
                raise Refused(422, "a choice must carry 'step' (your number of choices so far)")
            if step != expected:
                what = "already accepted (duplicate)" if step < expected else "not reached yet"
                raise Refused(409, f"choice {step} of seat {seat} is {what}; "
                              f"the next expected is {expected}")
            self._accept(t, seat, action)
            self._run_bots(t)
        self._notify(t.id)
        return t

    def _accept(self, t: Live, seat: int, action: Any) -> None:
        try:
            checked = t.game.check_action(t.state, seat, action)
        except IllegalAction as exc:
            raise Refused(422, f"illegal choice: {exc}") from None
        step = t.version
        try:
            with self.engine.begin() as conn:
                conn.execute(db.choices.insert().values(
                    table_id=t.id, step=step, seat=seat, action=checked,
                    created_at=time.time()))
                res = conn.execute(db.tables.update().where(
                    db.tables.c.id == t.id, db.tables.c.version == step).values(
                    version=step + 1))
                if res.rowcount != 1:
                    raise IntegrityError("version moved", None, Exception("version"))
        except IntegrityError:
            raise Refused(409, "the table changed meanwhile; reload and choose again") from None
        t.game.apply_in_place(t.state, seat, checked, check=False)
        t.actions.append((seat, checked))
        if t.game.is_over(t.state) and t.status != "over":
            t.status = "over"
            self._save_status(t)

    def _bot(self, t: Live, seat: int) -> Bot:
        key = (t.id, seat)
        if key not in self._bots:
            self._bots[key] = bot_factories(t.game)[t.seats[seat].bot or "random"]()
        return self._bots[key]

    def continue_bots(self, table_id: str) -> None:
        """Go on with the bot choices a request left over (slow bots), then notify."""
        with self.lock:
            t = self.live.get(table_id)
            if t is None:
                return
            self._run_bots(t)
        self._notify(table_id)

    def _run_bots(self, t: Live) -> None:
        """Let bot seats choose, in ascending seat order, until a human must choose.

        A bot's generator is ``make_rng(seed, "bot", seat, step)``: the same decisions
        whether or not the server restarted in between, and however the work is split.
        After ``bot_budget`` seconds the rest is handed to ``schedule`` so one request
        (and the event loop) is never held for long by slow bots.
        """
        deadline = time.monotonic() + self.bot_budget
        for _ in range(MAX_BOT_STEPS):
            if t.status != "running":
                return
            movers = [s for s in t.game.to_move(t.state) if t.seats[s].kind == "bot"]
            if not movers:
                return
            seat = movers[0]
            rng = make_rng(t.seed, "bot", seat, t.seat_steps(seat))
            ctx = decision_context(t.game, t.state, seat, rng)
            try:
                action = self._bot(t, seat).choose(ctx)
                t.game.check_action(t.state, seat, action)
            except Exception:  # a broken bot must not stall the table: play at random
                log.exception("bot %s failed at table %s seat %s", t.seats[seat].bot, t.id, seat)
                action = rng.choice(ctx.legal)
            self._accept(t, seat, action)
            if self.schedule is not None and time.monotonic() > deadline:
                self.schedule(t.id)  # at least one choice per slice, then yield
                return

    # ---- what a seat sees ---------------------------------------------------------------

    def payload(self, t: Live, seat: int | None) -> dict[str, Any]:
        """Everything sent to ``seat`` (None: a spectator): only the game's own view of it."""
        game, state = t.game, t.state
        over = game.is_over(state)
        movers = [] if t.status != "running" else game.to_move(state)
        legal: list[dict[str, Any]] = []
        if seat is not None and seat in movers:
            for a in game.legal_actions(state, seat):
                legal.append({"action": a, "label": {
                    lang: game.describe_action(state, seat, a, lang) for lang in ("zh", "en")}})
        out: dict[str, Any] = {
            "table": t.summary(), "seat": seat, "view": game.view(state, seat),
            "log": game.visible_log(state, seat), "to_move": movers, "legal": legal,
            "step": t.seat_steps(seat) if seat is not None else None,
            "result": game.result(state).model_dump(mode="json") if over else None,
        }
        return out

    # ---- notifications --------------------------------------------------------------------

    def _notify(self, table_id: str) -> None:
        for fn in list(self.listeners):
            fn(table_id)
