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

from collections.abc import Callable
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


class ObservationEncoder:
    """A compiled spec: ``encode(view, seat, players)`` -> float32 vector of ``size``."""

    def __init__(self, spec: Any, max_seats: int):
        self.spec = spec
        self.max_seats = max_seats
        names, self._write = compile_spec(spec, max_seats)
        self.features: tuple[str, ...] = tuple(names)
        self.size = len(names)

    def encode(self, view: dict[str, Any], seat: int | None, players: int,
               out: np.ndarray | None = None) -> np.ndarray:
        # The writers fill a dict {index: value} (a dict store is a fraction of a NumPy
        # item store, and most features are 0), copied into the array in one scatter.
        buffer: dict[int, float] = {}
        self._write(view, buffer, 0, 0 if seat is None else seat, players)
        vec = np.zeros(self.size, np.float32) if out is None else out
        if out is not None:
            vec[:] = 0.0
        k = len(buffer)
        if k:
            vec[np.fromiter(buffer.keys(), np.intp, k)] = np.fromiter(buffer.values(),
                                                                     np.float32, k)
        return vec

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
