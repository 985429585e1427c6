"""Declared observations: a game's view encoded field by field, nothing dropped.

A game declares the shape of its seat's view as plain data (``observation_spec(config)``
in ``games/<id>/space.py``, read through :meth:`Game.observation_spec`); this module
compiles it into a fixed-size encoder. The spec is made of:

* ``("num", scale)`` - a number, written as ``value / scale`` (``None`` is 0); the scale
  is the largest value the rules allow or a figure past which more makes no difference,
  so features lie in about [0, 1];
* ``("flag",)`` - a yes/no (``None`` is no);
* ``("enum", values)`` - one indicator per value (``None``: all 0);
* ``("seat",)`` - a seat number, one indicator per seat **relative to the observer**
  (``+0`` is the observer, ``+1`` the next seat, ...; ``None`` / -1: all 0);
* ``("seatset",)`` - a list of seat numbers, the same indicators, several may be on;
* ``("bag", values, scale)`` - a list of values (any JSON): each value's count /
  ``scale``;
* ``("each", [spec, ...])`` - a list whose k-th item has the k-th spec;
* ``("list", n, item)`` - a list of at most ``n`` items: per slot a presence flag, then
  the item;
* ``("seats", item)`` - a list with one entry per seat, rotated so that slot ``+0`` is
  the observer's (slots past the player count: absent);
* ``("keyed", keys, item)`` / ``("seatkeyed", item)`` - a dict whose keys are from
  ``keys`` / are seat numbers (relative, as above): per key a presence flag and the item;
* ``("opt", item)`` - ``None`` or the item: a presence flag, then the item;
* ``{key: spec, ...}`` - a dict with these keys (a missing key is all 0);
* ``("skip", why)`` - not encoded, with the reason (the log and bilingual texts, which
  retell the rest in words; constants such as the game's id).

Anything the spec does not describe - a key it does not list, a value outside an enum,
a list longer than its bound - raises :class:`ViewOutsideSpec`: the declaration is
incomplete, and nothing is silently dropped. Seats are relative to the observer: a
spectator (``seat=None``) sees them from seat 0.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

Writer = Callable[[Any, dict[int, float], int, int, int], None]
"""``write(value, out, offset, me, players)``: encode ``value`` into ``out[offset:]``."""


class ViewOutsideSpec(ValueError):
    """A view holds something its game's observation spec does not describe."""


_PLAIN = frozenset({str, int, float, bool, type(None)})


def _freeze(value: Any) -> Any:
    """A hashable key of a JSON value (objects and lists of a ``bag``'s values)."""
    if type(value) is dict:
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if type(value) in (list, tuple):
        return tuple(_freeze(v) for v in value)
    return value


def _label(value: Any) -> str:
    if type(value) is dict:
        return ",".join(f"{k}:{_label(v)}" for k, v in value.items())
    if type(value) in (list, tuple):
        return "-".join(_label(v) for v in value)
    return str(value)


def compile_spec(spec: Any, max_seats: int, path: str = "") -> tuple[list[str], Writer]:
    """The feature names and the writer of ``spec`` (see the module docstring)."""
    if isinstance(spec, dict):
        parts = [(key, *compile_spec(sub, max_seats, f"{path}.{key}"))
                 for key, sub in spec.items()]
        names: list[str] = []
        plan = []
        for key, sub_names, writer in parts:
            plan.append((key, len(names), writer, len(sub_names)))
            names += sub_names
        entries: dict[str, tuple[int, Writer] | None] = {
            key: ((at, writer) if size else None) for key, at, writer, size in plan}
        missing = object()
        entry_of = entries.get

        def write_dict(value, out, off, me, n):
            if value is None:
                return
            if type(value) is not dict:
                raise ViewOutsideSpec(f"{path or 'view'}: expected an object, got {value!r}")
            # the view's own keys (a sparse dict - most of burgle's cells - costs its size)
            for key, v in value.items():
                entry = entry_of(key, missing)
                if entry is None or v is None:
                    continue  # a skipped key, or nothing
                if entry is missing:
                    extra = sorted(value.keys() - entries.keys())
                    raise ViewOutsideSpec(f"{path or 'view'}: keys not in the spec: {extra}")
                entry[1](v, out, off + entry[0], me, n)
        return names, write_dict
    kind = spec[0]
    if kind == "skip":
        return [], lambda value, out, off, me, n: None
    if kind == "num":
        scale = float(spec[1])

        def write_num(value, out, off, me, n):
            if value is None:
                return
            if type(value) is bool or not isinstance(value, int | float):
                raise ViewOutsideSpec(f"{path}: expected a number, got {value!r}")
            out[off] = value / scale
        return [f"{path}/{spec[1]:g}"], write_num
    if kind == "flag":
        def write_flag(value, out, off, me, n):
            if value:
                out[off] = 1.0
        return [path], write_flag
    if kind == "enum":
        index = {v: i for i, v in enumerate(spec[1])}

        def write_enum(value, out, off, me, n):
            if value is None:
                return
            i = index.get(value)
            if i is None:
                raise ViewOutsideSpec(f"{path}: {value!r} is not one of the declared values")
            out[off + i] = 1.0
        return [f"{path}={v}" for v in spec[1]], write_enum
    if kind in ("seat", "seatset"):
        many = kind == "seatset"

        def write_seat(value, out, off, me, n):
            if value is None:
                return
            for s in (value if many else (value,)):
                if s is None or s == -1:
                    continue
                if type(s) is not int or not 0 <= s < n:
                    raise ViewOutsideSpec(f"{path}: {s!r} is not a seat")
                out[off + (s - me) % n] = 1.0
        return [f"{path}=+{k}" for k in range(max_seats)], write_seat
    if kind == "bag":
        index = {_freeze(v): i for i, v in enumerate(spec[1])}
        scale = float(spec[2])

        step = 1.0 / scale
        flat = all(type(k) is tuple and all(type(x) in _PLAIN for x in k) for k in index)

        def write_bag(value, out, off, me, n):
            for v in value:
                tv = type(v)
                if tv in _PLAIN:
                    i = index.get(v)
                else:  # lists of names (walls) by a tuple, anything else frozen
                    i = index.get(tuple(v) if flat and tv is list else _freeze(v))
                if i is None:
                    raise ViewOutsideSpec(f"{path}: {v!r} is not one of the declared values")
                at = off + i
                out[at] = out.get(at, 0.0) + step
        return [f"{path}#{_label(v)}/{spec[2]:g}" for v in spec[1]], write_bag
    if kind == "each":
        parts = [compile_spec(sub, max_seats, f"{path}[{k}]") for k, sub in enumerate(spec[1])]
        offsets, names = [], []
        for sub_names, _ in parts:
            offsets.append(len(names))
            names += sub_names
        writers = [w for _, w in parts]

        def write_each(value, out, off, me, n):
            if type(value) is not list or len(value) > len(writers):
                raise ViewOutsideSpec(f"{path}: expected a list of at most {len(writers)}")
            for k, v in enumerate(value):
                if v is not None:
                    writers[k](v, out, off + offsets[k], me, n)
        return names, write_each
    if kind == "opt":
        sub_names, sub = compile_spec(spec[1], max_seats, path)

        def write_opt(value, out, off, me, n):
            if value is not None:
                out[off] = 1.0
                sub(value, out, off + 1, me, n)
        return [f"{path}?", *sub_names], write_opt
    if kind in ("list", "seats"):
        seats = kind == "seats"
        bound = max_seats if seats else int(spec[1])
        item = spec[1] if seats else spec[2]
        slot_names: list[str] = []
        writers = []
        for k in range(bound):
            label = f"{path}[+{k}]" if seats else f"{path}[{k}]"
            sub_names, sub = compile_spec(item, max_seats, label)
            slot_names += [f"{label}?", *sub_names]
            writers.append(sub)
        width = len(slot_names) // bound if bound else 0
        leaf = item[0] if isinstance(item, tuple) else None
        if leaf == "num" or leaf == "flag":  # the frequent lists, without a call per item
            scale = float(item[1]) if leaf == "num" else 1.0

            def write_leaves(value, out, off, me, n):
                if type(value) is not list:
                    raise ViewOutsideSpec(f"{path}: expected a list, got {value!r}")
                if len(value) > bound:
                    raise ViewOutsideSpec(
                        f"{path}: {len(value)} items, more than the {bound} declared")
                for i, v in enumerate(value):
                    at = off + ((i - me) % n if seats else i) * 2
                    out[at] = 1.0
                    if v is None or v is False:
                        continue
                    if leaf == "flag":
                        out[at + 1] = 1.0
                    elif type(v) is bool or not isinstance(v, int | float):
                        raise ViewOutsideSpec(f"{path}: expected a number, got {v!r}")
                    else:
                        out[at + 1] = v / scale
            return slot_names, write_leaves

        def write_list(value, out, off, me, n):
            if type(value) is not list:
                raise ViewOutsideSpec(f"{path}: expected a list, got {value!r}")
            if len(value) > bound:
                raise ViewOutsideSpec(f"{path}: {len(value)} items, more than the {bound} declared")
            for i, v in enumerate(value):
                k = (i - me) % n if seats else i
                at = off + k * width
                out[at] = 1.0
                if v is not None:
                    writers[k](v, out, at + 1, me, n)
        return slot_names, write_list
    if kind in ("keyed", "seatkeyed"):
        seats = kind == "seatkeyed"
        keys = [str(k) for k in range(max_seats)] if seats else list(spec[1])
        item = spec[1] if seats else spec[2]
        slot_names = []
        writers = []
        for key in keys:
            label = f"{path}[+{key}]" if seats else f"{path}[{key}]"
            sub_names, sub = compile_spec(item, max_seats, label)
            slot_names += [f"{label}?", *sub_names]
            writers.append(sub)
        width = len(slot_names) // len(keys) if keys else 0
        index = {k: i for i, k in enumerate(keys)}

        def write_keyed(value, out, off, me, n):
            if type(value) is not dict:
                raise ViewOutsideSpec(f"{path}: expected an object, got {value!r}")
            for key, v in value.items():
                i = index.get(str(key))
                if i is None:
                    raise ViewOutsideSpec(f"{path}: key {key!r} is not declared")
                if seats:
                    i = (i - me) % n
                at = off + i * width
                out[at] = 1.0
                if v is not None:
                    writers[i](v, out, at + 1, me, n)
        return slot_names, write_keyed
    raise ValueError(f"{path}: unknown observation spec {spec!r}")


# ---- the compiled encoder ----------------------------------------------------------------
#
# ``compile_spec`` builds the encoder as a tree of closures: a Python call per node of the
# view, which made it most of an environment step. ``generate`` writes the same encoder as
# one Python function instead (straight-line code per dict key, a loop per list, every
# offset and index table computed once), compiled with ``exec``. It writes exactly what the
# closures write (the same indices, the same values computed the same way, so the vector is
# the same bit for bit: ``tests/rl/test_encoder_golden.py`` replays seeded games of every
# game and config against the closures). It only recognises views that fit the spec
# exactly; on anything else (a key outside the spec, a value outside an enum, a list too
# long, an unexpected type) it stops, and :class:`ObservationEncoder` runs the closures
# instead, which raise the precise :class:`ViewOutsideSpec` (or, where they accept what
# the generated code was too strict for, such as an int subclass, give their vector).


class _Miss(Exception):
    """The generated encoder met something it does not handle: the closures decide."""


SPARSE_KEYS = 6
"""A dict item of a list with this many declared keys is read by its own items."""


class _Gen:
    """Writes the Python source of a spec's encoder (see :func:`generate`)."""

    def __init__(self, max_seats: int):
        self.max_seats = max_seats
        self.lines: list[str] = []
        self.consts: dict[str, Any] = {"_Miss": _Miss, "_PLAIN": _PLAIN, "_freeze": _freeze}
        self.count = 0

    def var(self, stem: str) -> str:
        self.count += 1
        return f"{stem}{self.count}"

    def const(self, stem: str, value: Any) -> str:
        name = self.var("_" + stem)
        self.consts[name] = value
        return name

    def emit(self, ind: int, line: str) -> None:
        self.lines.append("    " * ind + line)

    @staticmethod
    def at(base: tuple[str | None, int], plus: int = 0) -> str:
        var, k = base
        k += plus
        if var is None:
            return str(k)
        return f"{var} + {k}" if k else var

    def size(self, spec: Any) -> int:
        return len(compile_spec(spec, self.max_seats)[0])

    def sparse_dict(self, spec: dict[str, Any], x: str, base: tuple[str | None, int],
                    ind: int) -> None:
        """A dict read by its own items (most of its keys are usually missing: burgle's
        cells), each key's code found by a binary search on the key's number."""
        emit = self.emit
        keys, offsets, at = [], [], 0
        for key, sub in spec.items():
            size = self.size(sub)
            if size:
                keys.append(key)
                offsets.append(at)
            at += size
        number = self.const("key", {k: (keys.index(k) if k in keys else -1) for k in spec})
        key, y, h = self.var("q"), self.var("v"), self.var("h")
        emit(ind, f"if type({x}) is not dict: raise _Miss")
        emit(ind, f"for {key}, {y} in {x}.items():")
        emit(ind + 1, f"{h} = {number}[{key}]")  # a key outside the spec: KeyError
        emit(ind + 1, f"if {h} < 0 or {y} is None: continue")

        def search(lo: int, hi: int, depth: int) -> None:
            if hi - lo == 1:
                self.node(spec[keys[lo]], y, (base[0], base[1] + offsets[lo]), depth)
                return
            mid = (lo + hi) // 2
            emit(depth, f"if {h} < {mid}:")
            search(lo, mid, depth + 1)
            emit(depth, "else:")
            search(mid, hi, depth + 1)
        if keys:
            search(0, len(keys), ind + 1)

    def node(self, spec: Any, x: str, base: tuple[str | None, int], ind: int,
             repeated: bool = False) -> None:
        """Code writing ``spec`` for the value in variable ``x`` (known not ``None``) at
        offset ``base`` (a variable or None, plus a constant); ``repeated``: inside a loop
        over a list's items (where dicts are read by their own keys)."""
        emit, at = self.emit, self.at
        if isinstance(spec, dict) and repeated and len(spec) >= SPARSE_KEYS:
            self.sparse_dict(spec, x, base, ind)
            return
        if isinstance(spec, dict):
            allowed = self.const("keys", frozenset(spec))
            emit(ind, f"if type({x}) is not dict or not {x}.keys() <= {allowed}: raise _Miss")
            off = 0
            for key, sub in spec.items():
                size = self.size(sub)
                if size:
                    y = self.var("v")
                    emit(ind, f"{y} = {x}.get({key!r})")
                    emit(ind, f"if {y} is not None:")
                    self.node(sub, y, (base[0], base[1] + off), ind + 1)
                    if self.lines[-1].endswith(":"):
                        emit(ind + 1, "pass")
                off += size
            return
        kind = spec[0]
        if kind == "skip":
            emit(ind, "pass")
        elif kind == "num":
            scale = repr(float(spec[1]))
            emit(ind, f"if type({x}) is not int and type({x}) is not float: raise _Miss")
            emit(ind, f"out[{at(base)}] = {x} / {scale}")
        elif kind == "flag":
            emit(ind, f"if {x}:")
            emit(ind + 1, f"out[{at(base)}] = 1.0")
        elif kind == "enum":  # a value outside the enum: KeyError, the closures decide
            table = self.const("enum", {v: base[1] + i for i, v in enumerate(spec[1])})
            where = f"{base[0]} + {table}[{x}]" if base[0] is not None else f"{table}[{x}]"
            emit(ind, f"out[{where}] = 1.0")
        elif kind == "seat":
            emit(ind, f"if {x} != -1:")
            emit(ind + 1, f"if type({x}) is not int or not 0 <= {x} < n: raise _Miss")
            emit(ind + 1, f"out[{at(base)} + ({x} - me) % n] = 1.0")
        elif kind == "seatset":
            s = self.var("s")
            emit(ind, f"for {s} in {x}:")
            emit(ind + 1, f"if {s} is None or {s} == -1: continue")
            emit(ind + 1, f"if type({s}) is not int or not 0 <= {s} < n: raise _Miss")
            emit(ind + 1, f"out[{at(base)} + ({s} - me) % n] = 1.0")
        elif kind == "bag":
            index = {_freeze(v): i for i, v in enumerate(spec[1])}
            flat = all(type(k) is tuple and all(type(e) in _PLAIN for e in k) for k in index)
            table = self.const("bag", index)
            step = repr(1.0 / float(spec[2]))
            y, ty, i, a = self.var("b"), self.var("t"), self.var("i"), self.var("a")
            emit(ind, f"for {y} in {x}:")
            emit(ind + 1, f"{ty} = type({y})")
            emit(ind + 1, f"if {ty} in _PLAIN:")
            emit(ind + 2, f"{i} = {table}[{y}]")
            emit(ind + 1, "else:")
            key = (f"tuple({y}) if {ty} is list else _freeze({y})" if flat
                   else f"_freeze({y})")
            emit(ind + 2, f"{i} = {table}[{key}]")
            emit(ind + 1, f"{a} = {at(base)} + {i}")
            emit(ind + 1, f"out[{a}] += {step}")
        elif kind == "opt":
            emit(ind, f"out[{at(base)}] = 1.0")
            self.node(spec[1], x, (base[0], base[1] + 1), ind)
        elif kind == "each":
            subs = spec[1]
            emit(ind, f"if type({x}) is not list or len({x}) > {len(subs)}: raise _Miss")
            sizes = [self.size(sub) for sub in subs]
            if subs and all(sub == subs[0] for sub in subs):  # the same item: a loop
                k, y, b = self.var("k"), self.var("e"), self.var("o")
                emit(ind, f"for {k}, {y} in enumerate({x}):")
                emit(ind + 1, f"if {y} is None: continue")
                emit(ind + 1, f"{b} = {at(base)} + {k} * {sizes[0]}")
                self.node(subs[0], y, (b, 0), ind + 1, repeated=True)
                return
            off = 0
            n = self.var("m")
            emit(ind, f"{n} = len({x})")
            for k, sub in enumerate(subs):
                if sizes[k]:
                    y = self.var("e")
                    emit(ind, f"if {n} > {k}:")
                    emit(ind + 1, f"{y} = {x}[{k}]")
                    emit(ind + 1, f"if {y} is not None:")
                    self.node(sub, y, (base[0], base[1] + off), ind + 2)
                off += sizes[k]
        elif kind in ("list", "seats"):
            seats = kind == "seats"
            bound = self.max_seats if seats else int(spec[1])
            item = spec[1] if seats else spec[2]
            width = self.size(item) + 1
            emit(ind, f"if type({x}) is not list or len({x}) > {bound}: raise _Miss")
            i, y, b = self.var("i"), self.var("e"), self.var("o")
            emit(ind, f"for {i}, {y} in enumerate({x}):")
            slot = f"({i} - me) % n" if seats else i
            emit(ind + 1, f"{b} = {at(base)} + {slot} * {width}")
            emit(ind + 1, f"out[{b}] = 1.0")
            leaf = item[0] if isinstance(item, tuple) else None
            if leaf == "flag":  # the closures' list of flags: anything but None / False
                emit(ind + 1, f"if {y} is not None and {y} is not False:")
                emit(ind + 2, f"out[{b} + 1] = 1.0")
            elif leaf == "num":  # ... and of numbers: False is no number, not an error
                emit(ind + 1, f"if {y} is not None and {y} is not False:")
                self.node(item, y, (b, 1), ind + 2)
            else:
                emit(ind + 1, f"if {y} is not None:")
                self.node(item, y, (b, 1), ind + 2, repeated=True)
        elif kind in ("keyed", "seatkeyed"):
            seats = kind == "seatkeyed"
            keys = [str(k) for k in range(self.max_seats)] if seats else list(spec[1])
            item = spec[1] if seats else spec[2]
            width = self.size(item) + 1
            table = self.const("keyed", {k: i for i, k in enumerate(keys)})  # KeyError: out
            key, y, i, b = self.var("q"), self.var("e"), self.var("i"), self.var("o")
            emit(ind, f"if type({x}) is not dict: raise _Miss")
            emit(ind, f"for {key}, {y} in {x}.items():")
            emit(ind + 1, f"{i} = {table}[{key} if type({key}) is str else str({key})]")
            slot = f"({i} - me) % n" if seats else i
            emit(ind + 1, f"{b} = {at(base)} + {slot} * {width}")
            emit(ind + 1, f"out[{b}] = 1.0")
            emit(ind + 1, f"if {y} is not None:")
            self.node(item, y, (b, 1), ind + 2, repeated=True)
        else:
            raise ValueError(f"unknown observation spec {spec!r}")


def generate(spec: Any, max_seats: int) -> tuple[Writer, str]:
    """The generated writer of ``spec`` (the closures' equal, see above) and its source."""
    g = _Gen(max_seats)
    g.emit(0, "def write(view, out, me, n):")
    g.emit(1, "if view is None: return")
    g.node(spec, "view", (None, 0), 1)
    source = "\n".join(g.lines) + "\n"
    namespace = dict(g.consts)
    exec(compile(source, "<boardlab observation encoder>", "exec"), namespace)
    return namespace["write"], source


def _bag_scales(spec: Any) -> Iterable[float]:
    """The scale of every ``bag`` of ``spec``."""
    if isinstance(spec, dict):
        for sub in spec.values():
            yield from _bag_scales(sub)
    elif spec[0] == "bag":
        yield float(spec[2])
    elif spec[0] == "each":
        for sub in spec[1]:
            yield from _bag_scales(sub)
    elif spec[0] in ("opt", "seats", "seatkeyed"):
        yield from _bag_scales(spec[1])
    elif spec[0] in ("list", "keyed"):
        yield from _bag_scales(spec[2])


class ObservationEncoder:
    """A compiled spec: ``encode(view, seat, players)`` -> float32 vector of ``size``."""

    def __init__(self, spec: Any, max_seats: int):
        self.spec = spec
        self.max_seats = max_seats
        names, self._write = compile_spec(spec, max_seats)
        self.features: tuple[str, ...] = tuple(names)
        self.size = len(names)
        self._fast, self.source = generate(spec, max_seats)
        # float32 straight away where no sum can round differently: every bag counts by
        # whole units (scale 1, small integers are exact in float32); otherwise doubles,
        # rounded once at the end, as the closures' dict is
        self.single = all(scale == 1 for scale in _bag_scales(spec))
        self._zeros = (array("f", bytes(4 * self.size)) if self.single
                       else array("d", bytes(8 * self.size)))

    def encode(self, view: dict[str, Any], seat: int | None, players: int,
               out: np.ndarray | None = None) -> np.ndarray:
        # The generated writer fills a zeroed array of doubles (an item store there is a
        # fraction of a NumPy item store), converted to float32 in one go: the same
        # values, rounded once, as the closures' dict {index: value} scattered.
        buffer = self._zeros[:]
        me = 0 if seat is None else seat
        try:
            self._fast(view, buffer, me, players)
        except Exception:  # outside what the generated code knows: the closures decide
            found: dict[int, float] = {}
            self._write(view, found, 0, me, players)
            return self._scatter(found, out)
        return self.finish(buffer, out)

    def zeros(self) -> array:
        """A zeroed buffer of ``size`` numbers (float32, or doubles where a bag's sums
        could round differently): what the generated writer and a game's direct encoder
        (``boardlab.rl.encoding.direct_encoder``) write into (see :meth:`finish`)."""
        return self._zeros[:]

    @staticmethod
    def finish(buffer: array, out: np.ndarray | None = None) -> np.ndarray:
        """The float32 vector of a buffer of :meth:`zeros` (into ``out`` if given); a
        float32 buffer becomes the vector itself, without a copy."""
        if buffer.typecode == "f":
            got = np.frombuffer(buffer, np.float32)
            if out is None:
                return got
        else:
            got = np.frombuffer(buffer, np.float64)
            if out is None:
                return got.astype(np.float32)
        out[:] = got
        return out

    def encode_reference(self, view: dict[str, Any], seat: int | None, players: int
                         ) -> np.ndarray:
        """:meth:`encode` by the closures alone (the reference the generated code is
        tested against)."""
        buffer: dict[int, float] = {}
        self._write(view, buffer, 0, 0 if seat is None else seat, players)
        return self._scatter(buffer, None)

    def _scatter(self, buffer: dict[int, float], out: np.ndarray | None) -> np.ndarray:
        vec = np.zeros(self.size, np.float32) if out is None else out
        if out is not None:
            vec[:] = 0.0
        k = len(buffer)
        if k:
            vec[np.fromiter(buffer.keys(), np.intp, k)] = np.fromiter(buffer.values(),
                                                                     np.float32, k)
        return vec

    def leaves_out(self, keys: Iterable[str]) -> bool:
        """Whether no top-level key of ``keys`` is encoded (each is a ``skip`` or not in
        the spec: a view holding it is refused whatever it holds)."""
        spec = self.spec
        return isinstance(spec, dict) and all(
            k not in spec or (isinstance(spec[k], tuple) and spec[k][0] == "skip")
            for k in keys)

    def skipped(self) -> list[tuple[str, str]]:
        """Every ``skip`` of the spec, with its path and reason (for the docs)."""
        out: list[tuple[str, str]] = []

        def visit(spec: Any, path: str) -> None:
            if isinstance(spec, dict):
                for k, sub in spec.items():
                    visit(sub, f"{path}.{k}")
            elif spec[0] == "skip":
                out.append((path, spec[1]))
            elif spec[0] == "each":
                for k, sub in enumerate(spec[1]):
                    visit(sub, f"{path}[{k}]")
            elif spec[0] in ("opt", "seats"):
                visit(spec[1], path + ("[]" if spec[0] == "seats" else ""))
            elif spec[0] == "list" or spec[0] == "keyed":
                visit(spec[2], path + "[]")
            elif spec[0] == "seatkeyed":
                visit(spec[1], path + "[]")
        visit(self.spec, "")
        return out
