"""Incremental messages: what a client holding one payload needs to rebuild the next one.

A seat's payload (``Tables._payload``, kept as ``Tables.shown``) is ``{table, seat, view,
log, to_move, legal, step, result}``. After a change most of it is what the client already has: the log grows by a few
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

import functools
import json
import json.encoder
from typing import Any

# the payload's own fields that travel whole in every message
SMALL = ("table", "seat", "to_move", "legal", "step", "result")


def tag_of(rev: int, version: int, status: str) -> str:
    """The name of the payloads at a table state, from what every seat sees of it (the
    revision of visible changes, choices, status); ``Tables.view_tag`` adds a seat's own
    mark. With the seat, the payload cache key."""
    return f"{rev}.{version}.{status}"


def _not_json(o: Any) -> Any:
    raise TypeError(f"Object of type {type(o).__name__} is not JSON serializable")


# ``json.dumps`` with separators builds a new encoder at every call (~2 µs, a payload makes
# dozens of calls); the C encoder it ends up with can be made once. Same text: no ASCII
# escaping, compact separators, NaN refused; no circular-reference check (payloads are
# trees the server builds). Pure-Python ``json`` (no C accelerator): ``json.dumps``.
_c_encoder = json.encoder.c_make_encoder
_ENCODE = (None if _c_encoder is None else _c_encoder(
    None, _not_json, json.encoder.encode_basestring, None, ":", ",", False, False, False))


def dumps(data: Any) -> str:
    """JSON as Starlette's ``send_json`` / FastAPI's ``JSONResponse`` write it."""
    if _ENCODE is None:  # pragma: no cover - CPython always has the C encoder
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return "".join(_ENCODE(data, 0))


def parts_of(data: Any) -> dict[str, str] | None:
    """A dict's top-level entries as JSON texts (key -> text of its value); None for
    anything else. Dicts of strings are not tracked by the garbage collector."""
    if not isinstance(data, dict):
        return None
    return {k: dumps(v) for k, v in data.items()}


@functools.lru_cache(maxsize=4096, typed=True)  # (True and 1 are one key otherwise)
def key_json(key: Any) -> str:
    """A dict key as JSON writes it (a string; ``1`` becomes ``"1"``, as ``dumps`` does)."""
    return dumps({key: 0})[1:-3]


def _joined(parts: dict[str, str], keys: Any = None) -> str:
    """The JSON object of ``parts`` (only ``keys``, in their order, when given)."""
    if keys is None:
        keys = parts
    return "{" + ",".join(f"{key_json(k)}:{parts[k]}" for k in keys) + "}"


class LogTexts:
    """The JSON texts of one seat's log entries, in order, kept across its payloads: a
    payload encodes only the entries that appeared since the previous one. ``source`` is
    the list the entries are read from (``SeatLog.entries``, which only grows; a new list
    when the seat's log starts over, and then the texts start over too)."""

    __slots__ = ("source", "texts")

    def __init__(self, source: list[Any]) -> None:
        self.source = source
        self.texts: list[str] = []

    def fork(self, source: list[Any]) -> LogTexts:
        """These texts for ``source``, a copy of this source (``SeatLog.fork``)."""
        new = LogTexts(source)
        new.texts = self.texts[:len(source)]
        return new

    def update(self, entries: list[Any]) -> None:
        """Encode the entries of ``source`` not encoded yet (``entries``: a copy of it)."""
        texts = self.texts
        if len(texts) < len(entries):
            texts.extend(dumps(e) for e in entries[len(texts):])


class Shown:
    """A payload as it was built for one seat, kept as JSON texts: its small fields, the
    table summary's and the view's top-level entries (the view without its copy of the
    log), and where its log's texts are (the seat's :class:`LogTexts`, its first
    ``log_n``). Nothing else of the payload is kept: a table keeps a few dozen of these
    between changes, and as trees of lists and dicts (each with the log's entries) they
    were most of what the garbage collector scanned (its pauses were the web server's
    slowest answers); texts are not scanned at all. Every message and answer is put
    together from these texts, so each part of a payload is encoded once, however many
    sockets and answers it goes to."""

    __slots__ = ("tag", "version", "view_log", "log_n", "log_src", "_log_parts", "small",
                 "table", "table_text", "view", "view_text", "log_at", "_body", "held")

    def __init__(self, payload: dict[str, Any], tag: str,
                 table_parts: dict[str, str] | None = None,
                 log_texts: LogTexts | None = None) -> None:
        """``table_parts``: the summary's texts if already made (one summary for every
        seat); ``log_texts``: the seat's log texts, whose ``source`` holds this payload's
        log (brought up to date here); without it the log is encoded anew."""
        self.tag = tag
        table = payload["table"]
        self.version: int = table["version"]
        log = payload["log"]
        full_view = payload["view"]
        view, self.view_log = without_log(full_view, log)
        self.small = {k: dumps(payload[k]) for k in SMALL if k != "table"}
        self.table = table_parts if table_parts is not None else parts_of(table)
        self.table_text = dumps(table) if self.table is None else None
        self.view = parts_of(view)  # None when the view is not a dict
        self.view_text = dumps(view) if self.view is None else None
        # where the view had its copy of the log (between the entries of ``view``)
        self.log_at = (list(full_view).index(self.view_log) if self.view_log is not None
                       else -1)
        if log_texts is None:
            log_texts = LogTexts([])
        log_texts.update(log)
        # the texts list only grows: this payload's log is its first ``log_n`` entries
        self.log_n = len(log)
        self.log_src: list[Any] | None = log_texts.source if log else None
        self._log_parts = log_texts.texts
        self._body: bytes | None = None
        # the seat's choices held for an undo that this payload shows after the stored
        # ``version`` ((seat, JSON of the choice), in order): the hub does not replay them
        # to a socket that holds it once they are stored
        self.held: tuple[tuple[int, str], ...] = ()

    def log_text(self, start: int = 0) -> str:
        """The log's JSON (from entry ``start`` on)."""
        return "[" + ",".join(self._log_parts[start:self.log_n]) + "]"

    def table_json(self) -> str:
        return self.table_text if self.table is None else _joined(self.table)

    def view_json(self, log: str | None = None) -> str:
        """The view's JSON: with ``log`` (the log's JSON) the game's whole view, else the
        view without its copy of the log."""
        if self.view is None:
            return self.view_text  # type: ignore[return-value]
        if log is None or self.view_log is None:
            return _joined(self.view)
        items = [f"{key_json(k)}:{v}" for k, v in self.view.items()]
        items.insert(self.log_at, f"{key_json(self.view_log)}:{log}")
        return "{" + ",".join(items) + "}"

    def body(self) -> bytes:
        """The whole payload as JSON (the old, full answer), encoded once."""
        if self._body is None:
            s, log = self.small, self.log_text()
            self._body = (
                f'{{"table":{self.table_json()},"seat":{s["seat"]},'
                f'"view":{self.view_json(log)},"log":{log},'
                f'"to_move":{s["to_move"]},"legal":{s["legal"]},"step":{s["step"]},'
                f'"result":{s["result"]}}}').encode()
        return self._body

    @property
    def payload(self) -> dict[str, Any]:
        """The payload as a new tree (decoded from :meth:`body`; for tests and tools)."""
        return json.loads(self.body())

    def same_sight(self, other: Shown) -> bool:
        """Both show their seat the same: log length, who moves, the choices, the result
        and the view (compared as the JSON texts sent)."""
        a, b = self.small, other.small
        return (self.log_n == other.log_n and a["to_move"] == b["to_move"]
                and a["legal"] == b["legal"] and a["result"] == b["result"]
                and self.view == other.view and self.view_text == other.view_text)


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
    """How many of ``now``'s log entries the holder of ``base`` already has: all of its
    log when that is the start of ``now``'s - read from the same growing list, or else
    (a replay's copy of the log, a table loaded again) the same texts."""
    if base is None:
        return 0
    n = base.log_n
    if n > now.log_n:
        return 0
    if n == 0 or (base.log_src is now.log_src and base.log_src is not None):
        return n
    return n if now._log_parts[:n] == base._log_parts[:n] else 0


def message_text(now: Shown, base: Shown | None, view_delta: bool = True,
                 kind: str | None = None, online: list[int] | None = None) -> str:
    """The message that turns ``base`` (None: nothing held) into ``now``, as JSON text; with
    ``view_delta`` false the view comes whole (only the log is incremental). ``kind``
    (first) and ``online`` (last) are added when given, as a push and an answer carry them."""
    out = [] if kind is None else [f'"type":{dumps(kind)}']
    # the table's summary (title, config, seats: most of a small message) and the view:
    # only their changed top-level entries when the base has the same keys in order
    table_from = view_from = None
    table = now.table
    if (view_delta and base is not None and table is not None and base.table is not None
            and tuple(table) == tuple(base.table)):
        old = base.table
        out.append('"table":' + _joined(table, [k for k, v in table.items() if old[k] != v]))
        table_from = base.tag
    else:
        out.append('"table":' + now.table_json())
    s = now.small
    out.append(f'"seat":{s["seat"]},"to_move":{s["to_move"]},"legal":{s["legal"]},'
               f'"step":{s["step"]},"result":{s["result"]}')
    start = log_start(base, now)
    log = now.log_text(start)
    out.append(f'"log":{log},"log_from":{start},"view_log":{dumps(now.view_log)},'
               f'"view_tag":{dumps(now.tag)}')
    view = now.view
    if (view_delta and base is not None and view is not None and base.view is not None
            and base.view_log == now.view_log and tuple(view) == tuple(base.view)):
        old = base.view
        out.append('"view":' + _joined(view, [k for k, v in view.items() if old[k] != v]))
        view_from = base.tag
    else:
        out.append('"view":' + now.view_json())
    if view_from is not None:
        out.append(f'"view_from":{dumps(view_from)}')
    if table_from is not None:
        out.append(f'"table_from":{dumps(table_from)}')
    if online is not None:
        out.append(f'"online":{dumps(online)}')
    return "{" + ",".join(out) + "}"


def message(now: Shown, base: Shown | None, view_delta: bool = True) -> dict[str, Any]:
    """:func:`message_text` as a new tree (for tests and tools)."""
    return json.loads(message_text(now, base, view_delta))


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
