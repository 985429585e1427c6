"""Declared observations: every view field reaches the vector, nothing outside the spec
passes silently, seats are relative to the observer, values are scaled."""

from __future__ import annotations

import random
import re

import pytest

np = pytest.importorskip("numpy", reason="the rl extra: pip install 'boardlab[rl]'")

from boardlab.engine.registry import all_game_ids, get_game  # noqa: E402
from boardlab.rl.encoding import observation_encoder  # noqa: E402
from boardlab.rl.observation import ObservationEncoder, ViewOutsideSpec  # noqa: E402
from boardlab.rl.walk import walk_configs, walk_views  # noqa: E402

GAMES = all_game_ids()


def _norm(path: str) -> str:
    return re.sub(r"\[[^\]]*\]", "[]", path)


def _leaves(value, path=""):
    """(path, parent, key) of every leaf of a JSON view, and of every list item."""
    if isinstance(value, dict):
        if value.keys() == {"zh", "en"}:
            return
        for k, v in value.items():
            yield f"{path}.{k}", value, k
            yield from _leaves(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield f"{path}[{i}]", value, i
            yield from _leaves(v, f"{path}[{i}]")


def _zero_like(value, path, skipped) -> bool:
    """Whether every part of ``value`` that is encoded encodes as zero."""
    if any(_norm(path).startswith(s) for s in skipped):
        return True
    if isinstance(value, dict):
        return all(_zero_like(v, f"{path}.{k}", skipped) for k, v in value.items())
    if isinstance(value, list):
        return all(_zero_like(v, f"{path}[{i}]", skipped) for i, v in enumerate(value))
    return value is None or value is False or (type(value) is not str and value in (0, -1))


@pytest.mark.parametrize("gid", GAMES)
def test_every_config_view_fits_the_declared_spec(gid):
    game = get_game(gid)
    assert game.observation_spec(game.make_config({})) is not None, f"{gid} declares none"
    views = 0
    for cfg in walk_configs(game):
        n, _ = walk_views(game, cfg, 1, every=7)
        views += n
    assert views > 0


@pytest.mark.parametrize("gid", GAMES)
def test_every_view_field_reaches_the_vector(gid):
    """Removing any leaf whose encoding is not all zero (a non-zero number, a yes, a name,
    a list item) changes the vector: no field is dropped."""
    game = get_game(gid)
    cfg = game.make_config({"players": game.max_players})
    encoder = observation_encoder(game, cfg)
    skipped = {_norm(p) for p, _ in encoder.skipped()}
    state = game.setup(cfg, 5)
    rng = random.Random(5)
    checked = 0
    for step in range(400):
        seats = game.to_move(state)
        if step % 40 == 0 or not seats:
            seat = step // 40 % game.players(state)
            view = game.view(state, seat)
            base = encoder.encode(view, seat, game.players(state))
            for path, parent, key in list(_leaves(view)):
                if any(_norm(path).startswith(s) for s in skipped):
                    continue
                leaf = parent[key]
                if _zero_like(leaf, path, skipped):
                    continue  # encodes as all zero (-1: no seat): removing it changes nothing
                if isinstance(parent, list):
                    copy = list(parent)
                    del parent[key]
                else:
                    copy = dict(parent)
                    del parent[key]
                try:
                    changed = not np.array_equal(
                        encoder.encode(view, seat, game.players(state)), base)
                except ViewOutsideSpec:
                    changed = True  # the spec noticed (e.g. a seat list one short)
                parent.clear() if isinstance(parent, dict) else parent.clear()
                parent.update(copy) if isinstance(parent, dict) else parent.extend(copy)
                assert changed, f"{gid}: {path} = {leaf!r} does not reach the vector"
                checked += 1
        if not seats:
            break
        game.apply_in_place(state, seats[0], rng.choice(game.legal_actions(state, seats[0])))
    assert checked > 50


def test_a_field_outside_the_spec_is_refused_not_dropped():
    encoder = ObservationEncoder({"a": ("num", 2), "phase": ("enum", ("x", "y"))}, 3)
    with pytest.raises(ViewOutsideSpec, match="keys not in the spec"):
        encoder.encode({"a": 1, "b": 2}, 0, 3)
    with pytest.raises(ViewOutsideSpec, match="not one of the declared values"):
        encoder.encode({"phase": "z"}, 0, 3)
    with pytest.raises(ViewOutsideSpec, match="more than the 2 declared"):
        ObservationEncoder({"l": ("list", 2, ("num", 1))}, 3).encode({"l": [1, 2, 3]}, 0, 3)
    assert encoder.encode({"a": 1, "phase": "y"}, 0, 3).tolist() == [0.5, 0.0, 1.0]


def test_seats_are_relative_to_the_observer():
    encoder = ObservationEncoder({"gold": ("seats", ("num", 10)), "turn": ("seat",)}, 4)
    view = {"gold": [1, 2, 3], "turn": 2}
    me0 = encoder.encode(view, 0, 3)
    me2 = encoder.encode(view, 2, 3)
    names = encoder.features
    at = {n: i for i, n in enumerate(names)}
    assert me0[at[".gold[+0]/10"]] == pytest.approx(0.1)
    assert me2[at[".gold[+0]/10"]] == pytest.approx(0.3)  # seat 2's own gold first
    assert me2[at[".gold[+1]/10"]] == pytest.approx(0.1)  # then seat 0 (next after 2 of 3)
    assert me0[at[".turn=+2"]] == 1 and me2[at[".turn=+0"]] == 1
    assert me2[at[".gold[+3]?"]] == 0  # no fourth seat at three players


@pytest.mark.parametrize("gid", GAMES)
def test_values_stay_about_in_zero_one(gid):
    game = get_game(gid)
    for cfg in walk_configs(game)[:3]:
        encoder = observation_encoder(game, cfg)
        state = game.setup(game.make_config(cfg), 2)
        rng = random.Random(2)
        while game.to_move(state):
            seat = game.to_move(state)[0]
            vec = encoder.encode(game.view(state, seat), seat, game.players(state))
            assert vec.min() >= -1.0 and vec.max() <= 2.0, encoder.features[int(vec.argmax())]
            game.apply_in_place(state, seat, rng.choice(game.legal_actions(state, seat)))
