"""Incremental messages: what a client holding one payload needs to rebuild the next one.

A seat's payload (``Tables.payload``) is ``{table, seat, view, log, to_move, legal, step,
result}``. After a change most of it is what the client already has: the log grows by a few
entries and only some parts of the view change. A *message* carries the payload's small
fields whole and, for the two big ones, only what changed since a payload the client holds
(its *base*):

* ``log`` holds the entries from index ``log_from`` on; the client keeps its first
  ``log_from`` entries (0: the whole log). A base's log is used only when it is a prefix of
  the new one (compared entry by entry; entries are shared objects, so mostly by identity).
* ``view_log`` names the key under which the game's view holds its copy of the seat's log:
  that copy is not sent, the client puts its log back under that key.
* ``view_tag`` names this view; a client shows it back (``have.view`` in ``/act``) to get
  the next answer incrementally.
* ``view_from``, when present, names the view the message is relative to: ``view`` then
  holds only the top-level keys whose values changed, and every other key is the base's.
  It is sent only when the new view has exactly the base's keys in the same order (else the
  whole view comes), so a rebuilt view equals the full one, key order included.
  ``table_from`` does the same for the table's summary (``table``).

Only a client that asks gets partial views and summaries (``"delta": true`` in its
WebSocket hello, ``have`` in ``/act``); the others get them whole, as before.

:func:`rebuild` is what ``connection.js`` does with a message; the tests check it gives the
full payload at every step of every game.
"""

from __future__ import annotations

import json
from typing import Any

# the payload's own fields that travel whole in every message
SMALL = ("table", "seat", "to_move", "legal", "step", "result")


def tag_of(rev: int, version: int, status: str) -> str:
    """The name of a seat's payload at a table state (with the seat, the payload cache key)."""
    return f"{rev}.{version}.{status}"


def parse_tag(tag: str) -> tuple[int, int, str] | None:
    rev, _, rest = tag.partition(".")
    version, _, status = rest.partition(".")
    if not (rev.isdigit() and version.isdigit() and status.isalpha()):
        return None
    return int(rev), int(version), status


class Shown:
    """A payload as it was built for one seat, with what its incremental messages need: its
    tag, its view without the copy of the log, the key of that copy, its JSON (made once)."""

    __slots__ = ("payload", "tag", "view", "view_log", "_body")

    def __init__(self, payload: dict[str, Any], tag: str) -> None:
        self.payload = payload
        self.tag = tag
        self.view, self.view_log = without_log(payload["view"], payload["log"])
        self._body: bytes | None = None

    def body(self) -> bytes:
        """The whole payload as JSON (the old, full answer), encoded once."""
        if self._body is None:
            self._body = dumps(self.payload).encode()
        return self._body


def dumps(data: Any) -> str:
    """JSON as Starlette's ``send_json`` / FastAPI's ``JSONResponse`` write it."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def without_log(view: Any, log: list[Any]) -> tuple[Any, str | None]:
    """The view without its copy of the seat's log, and the key it was under. Games keep the
    log in their view under a name of their own; it is the entry equal to the seat's log."""
    if not log or not isinstance(view, dict):
        return view, None
    for key, value in view.items():
        if isinstance(value, list) and len(value) == len(log) and value == log:
            return {k: v for k, v in view.items() if k != key}, key
    return view, None


def log_start(base: Shown | None, now: Shown) -> int:
    """How many of ``now``'s log entries the holder of ``base`` already has."""
    if base is None:
        return 0
    old, log = base.payload["log"], now.payload["log"]
    n = len(old)
    return n if n <= len(log) and log[:n] == old else 0


def message(now: Shown, base: Shown | None, view_delta: bool = True) -> dict[str, Any]:
    """The message that turns ``base`` (None: nothing held) into ``now``; with
    ``view_delta`` false the view comes whole (only the log is incremental)."""
    p = now.payload
    msg = {k: p[k] for k in SMALL}
    start = log_start(base, now)
    log = p["log"]
    msg["log"] = log[start:] if start else log
    msg["log_from"] = start
    msg["view_log"] = now.view_log
    msg["view_tag"] = now.tag
    view = now.view
    if view_delta and base is not None and base.view_log == now.view_log and _same_keys(
            view, base.view):
        msg["view"] = _changed(view, base.view)
        msg["view_from"] = base.tag
    else:
        msg["view"] = view
    # the table's summary (title, config, seats: most of a small message) likewise
    if view_delta and base is not None and _same_keys(p["table"], base.payload["table"]):
        msg["table"] = _changed(p["table"], base.payload["table"])
        msg["table_from"] = base.tag
    return msg


def _same_keys(a: Any, b: Any) -> bool:
    """Both are dicts with the same keys in the same order."""
    return (isinstance(a, dict) and isinstance(b, dict) and len(a) == len(b)
            and all(x == y for x, y in zip(a, b, strict=True)))


def _changed(now: dict[str, Any], old: dict[str, Any]) -> dict[str, Any]:
    """The top-level entries of ``now`` whose values differ from ``old``'s."""
    return {k: v for k, v in now.items() if not (old[k] is v or old[k] == v)}


def rebuild(held: dict[str, Any] | None, msg: dict[str, Any]) -> dict[str, Any]:
    """The full payload from the one a client holds (as rebuilt before, with its
    ``view_tag``) and a message: what ``connection.js`` does. Raises ``ValueError`` when the
    message is relative to a view the client does not hold (it then asks for a full one)."""
    out = {k: msg[k] for k in SMALL if k in msg}
    if msg.get("table_from") is not None:
        if held is None or held.get("view_tag") != msg["table_from"]:
            raise ValueError("the message is relative to another table summary")
        out["table"] = {k: msg["table"].get(k, v) for k, v in held["table"].items()}
    have_log = held["log"] if held is not None else []
    start = msg.get("log_from", 0)
    if start > len(have_log):
        raise ValueError("the message continues a longer log than the one held")
    log = have_log[:start] + list(msg["log"])
    out["log"] = log
    view = msg["view"]
    if msg.get("view_from") is not None:
        if held is None or held.get("view_tag") != msg["view_from"]:
            raise ValueError("the message is relative to another view")
        base = held["view"]
        key = held.get("view_log")
        view = {k: (view[k] if k in view else base[k]) for k in base if k != key}
    if msg.get("view_log") and isinstance(view, dict):
        view = {**view, msg["view_log"]: log}
    out["view"] = view
    out["view_tag"] = msg.get("view_tag")
    out["view_log"] = msg.get("view_log")
    return out
