"""The generated observation encoder equals the closures it replaced, bit for bit.

``ObservationEncoder.encode`` runs a Python function generated from the spec
(``observation.generate``); ``encode_reference`` runs the closures of ``compile_spec``, the
encoder every vector was written by before. Seeded random games of every game and config
are replayed and every seat's view (and the spectator's) encoded both ways; the generated
code must handle every one of them itself (no fallback to the closures) and give the same
bytes. Views changed to lie outside the spec must give what the closures give: the same
error, or the same vector."""

from __future__ import annotations

import copy
import random

import pytest

np = pytest.importorskip("numpy", reason="the rl extra: pip install 'boardlab[rl]'")

from boardlab.engine.registry import all_game_ids, get_game  # noqa: E402
from boardlab.rl.encoding import observation_encoder  # noqa: E402
from boardlab.rl.observation import ObservationEncoder, generate  # noqa: E402
from boardlab.rl.walk import walk_configs  # noqa: E402

GAMES = all_game_ids()


def _playthrough_views(game, cfg, seed, every):
    """(view, seat, players) of every seat and the spectator, every ``every`` steps and at
    the end, of one seeded random game."""
    config = game.make_config(cfg)
    state = game.setup(config, seed)
    rng = random.Random(seed)
    n = game.players(state)
    step = 0
    while True:
        seats = game.to_move(state)
        if step % every == 0 or not seats:
            for seat in (*range(n), None):
                yield game.view(state, seat), seat, n
        if not seats:
            return
        seat = seats[rng.randrange(len(seats))]
        game.apply_in_place(state, seat, rng.choice(game.legal_actions(state, seat)))
        step += 1


@pytest.mark.parametrize("gid", GAMES)
def test_generated_encoder_equals_the_closures_on_seeded_games(gid):
    game = get_game(gid)
    checked = nonzero = 0
    for k, cfg in enumerate(walk_configs(game)):
        encoder = observation_encoder(game, cfg)
        for view, seat, n in _playthrough_views(game, cfg, 1000 + k, every=3):
            encoder._fast(view, encoder.zeros(), 0 if seat is None else seat, n)  # no fallback
            got = encoder.encode(view, seat, n)
            want = encoder.encode_reference(view, seat, n)
            assert got.dtype == want.dtype and got.tobytes() == want.tobytes(), (
                f"{gid} {cfg} seat {seat}: features "
                f"{[encoder.features[i] for i in np.flatnonzero(got != want)][:5]} differ")
            checked += 1
            nonzero += int(np.count_nonzero(got))
    assert checked > 100 and nonzero > 10 * checked


def _leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield (*path, k), v
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield (*path, i), v
            yield from _leaves(v, (*path, i))


class Count(int):
    """An int subclass: a number to the closures, unknown to the generated code."""


BROKEN = ["unknown-key", "string", "bool", "negative", "float", "int-subclass", "list",
          "dict", "none", "long-list", "seat-out-of-range"]


def _outcome(fn):
    try:
        return ("vector", fn().tobytes())
    except Exception as exc:  # noqa: BLE001 - the outcome compared is the exception itself
        return ("error", type(exc).__name__, str(exc))


@pytest.mark.parametrize("gid", GAMES)
def test_views_outside_the_spec_give_what_the_closures_give(gid):
    game = get_game(gid)
    cfg = {"players": game.max_players}
    encoder = observation_encoder(game, cfg)
    rng = random.Random(7)
    views = list(_playthrough_views(game, cfg, 11, every=25))
    errors = vectors = 0
    for trial in range(300):
        view, seat, n = views[trial % len(views)]
        view = copy.deepcopy(view)
        leaves = list(_leaves(view))
        path, _ = rng.choice(leaves)
        parent = view
        for key in path[:-1]:
            parent = parent[key]
        how = BROKEN[trial % len(BROKEN)]
        last = path[-1]
        if how == "unknown-key":
            (parent if isinstance(parent, dict) else view)["not_in_spec"] = 1
        elif how == "long-list":
            if isinstance(parent, list):
                parent.extend([parent[0]] * 60)
            else:
                parent[last] = [None] * 60
        else:
            parent[last] = {"string": "???", "bool": True, "negative": -3, "float": 0.5,
                            "int-subclass": Count(2), "list": [1, "x"], "dict": {"a": 1},
                            "none": None, "seat-out-of-range": 17}[how]
        got = _outcome(lambda v=view, s=seat, m=n: encoder.encode(v, s, m))
        want = _outcome(lambda v=view, s=seat, m=n: encoder.encode_reference(v, s, m))
        assert got == want, f"{gid}: {how} at {path}"
        errors += got[0] == "error"
        vectors += got[0] == "vector"
    assert errors > 20 and vectors > 20


def test_every_spec_kind_generates_the_closures_vector():
    spec = {"n": ("num", 4), "f": ("flag",), "e": ("enum", ("a", "b")), "s": ("seat",),
            "ss": ("seatset",), "b": ("bag", ("x", ("p", "q"), {"k": 1}), 2),
            "each": ("each", [("num", 2), {"a": ("flag",)}]),
            "l": ("list", 3, ("enum", ("u", "v"))), "ln": ("list", 2, ("num", 5)),
            "lf": ("seats", ("flag",)), "seats": ("seats", {"g": ("num", 10)}),
            "k": ("keyed", ("x", "y"), ("num", 3)), "sk": ("seatkeyed", ("flag",)),
            "o": ("opt", {"z": ("enum", (1, 2))}), "skip": ("skip", "words"),
            "sparse": ("list", 2, {f"k{i}": ("num", 1) for i in range(8)})}
    encoder = ObservationEncoder(spec, 4)
    view = {"n": 3, "f": True, "e": "b", "s": 2, "ss": [0, 2, -1], "b": ["x", ["p", "q"],
            {"k": 1}, "x"], "each": [1, {"a": 1}], "l": ["v", None, "u"], "ln": [2, False],
            "lf": [True, 0, False], "seats": [{"g": 1}, {"g": 2}, None],
            "k": {"y": 2, "x": None}, "sk": {"1": True, 2: False}, "o": {"z": 2},
            "skip": "anything", "sparse": [{"k3": 1, "k7": 0.5}, {"k0": None}]}
    source = generate(spec, 4)[1]
    assert "for " in source and "raise _Miss" in source
    for seat in (None, 0, 1, 2):
        encoder._fast(view, encoder.zeros(), 0 if seat is None else seat, 3)
        got = encoder.encode(view, seat, 3)
        assert got.tobytes() == encoder.encode_reference(view, seat, 3).tobytes()
        assert np.count_nonzero(got) > 20
