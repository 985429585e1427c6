"""A game's direct encoder (``direct_encoder`` in ``games/<id>/space.py``) writes exactly
the vector of the seat's view, and only from what the seat may see.

Seeded random games of every config of every game that has one are replayed; at every
step, every seat's direct encoding must equal, byte for byte, the reference encoding (the
closures of ``compile_spec``) of ``game.view(state, seat)``. And, the conformance re-deal
idea: re-dealing what the seat cannot see (``game.determinize(state, seat, rng)``, the
search bots' re-deal) must not change its direct encoding."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the rl extra: pip install 'boardlab[rl]'")

from boardlab.engine.registry import all_game_ids, get_game  # noqa: E402
from boardlab.rl.encoding import direct_encoder, observation_encoder  # noqa: E402
from boardlab.rl.walk import walk_configs  # noqa: E402

DIRECT = [gid for gid in all_game_ids() if direct_encoder(get_game(gid)) is not None]


def _direct(encoder, encode, state, seat):
    buffer = encoder.zeros()
    encode(state, seat, buffer)
    return encoder.finish(buffer)


def test_the_fast_games_have_direct_encoders():
    assert {"cat", "geometry", "toys"} <= set(DIRECT)


@pytest.mark.parametrize("gid", DIRECT)
def test_direct_encoding_is_the_views_encoding_and_blind_to_redeals(gid):
    game = get_game(gid)
    checked = redealt = nonzero = 0
    for k, cfg in enumerate(walk_configs(game)):
        config = game.make_config(cfg)
        encoder, encode = observation_encoder(game, config), direct_encoder(game, config)
        for g in range(3):
            seed = 5000 + 10 * k + g
            state = game.setup(config, seed)
            rng = random.Random(seed)
            n = game.players(state)
            step = 0
            while True:
                seats = game.to_move(state)
                for seat in range(n):
                    got = _direct(encoder, encode, state, seat)
                    want = encoder.encode_reference(game.view(state, seat), seat, n)
                    assert got.dtype == want.dtype and got.tobytes() == want.tobytes(), (
                        f"{gid} {cfg} seed {seed} step {step} seat {seat}: "
                        f"{[encoder.features[i] for i in np.flatnonzero(got != want)][:6]}")
                    checked += 1
                    nonzero += int(np.count_nonzero(got))
                    if step % 4 == seat % 4:
                        world = game.determinize(state, seat, random.Random(rng.random()))
                        again = _direct(encoder, encode, world, seat)
                        assert again.tobytes() == got.tobytes(), (
                            f"{gid} {cfg} seed {seed} step {step} seat {seat}: a re-deal "
                            "changed "
                            f"{[encoder.features[i] for i in np.flatnonzero(again != got)][:6]}")
                        redealt += 1
                if not seats:
                    break
                seat = seats[rng.randrange(len(seats))]
                game.apply_in_place(state, seat, rng.choice(game.legal_actions(state, seat)))
                step += 1
    assert checked > 1000 and redealt > 200 and nonzero > 10 * checked


KEYED = [gid for gid in all_game_ids()
         if getattr(get_game(gid)._sibling_module("space"), "action_key", None) is not None]


def test_geometry_has_an_action_key():
    assert "geometry" in KEYED


@pytest.mark.parametrize("gid", KEYED)
def test_the_action_key_finds_the_table_index(gid):
    """A legal action's index by the game's ``action_key`` is its index in the declared
    table by canonical JSON, on seeded games of every config; an action outside the table
    still raises."""
    import dataclasses

    from boardlab.engine.protocol import canonical
    from boardlab.rl.encoding import codec_for

    game = get_game(gid)
    checked = 0
    for k, cfg in enumerate(walk_configs(game)):
        codec = codec_for(game, cfg)
        assert codec.key is not None
        by_json = {key: i for i, key in enumerate(codec.table)}
        plain = dataclasses.replace(codec, key=None)  # identity / items, no key
        state = game.setup(codec.config, 7000 + k)
        rng = random.Random(k)
        while seats := game.to_move(state):
            seat = seats[rng.randrange(len(seats))]
            legal = game.legal_actions(state, seat)
            got = codec.legal_indices(legal)
            assert list(got) == sorted(by_json[canonical(a)] for a in legal)
            assert list(got) == list(plain.legal_indices(legal))
            assert all(got[i] is a for a in legal for i in (by_json[canonical(a)],))
            checked += len(legal)
            game.apply_in_place(state, seat, rng.choice(legal))
        odd = {**codec.actions[1], "extra": 1}
        with pytest.raises(ValueError, match="not in the game's declared"):
            codec.legal_indices([odd])
    assert checked > 500


LEGAL_KEYED = [gid for gid in all_game_ids()
               if getattr(get_game(gid)._sibling_module("space"), "legal_key", None)
               is not None]


def test_geometry_has_a_legal_key():
    assert "geometry" in LEGAL_KEYED


@pytest.mark.parametrize("gid", LEGAL_KEYED)
def test_the_legal_key_gives_the_seats_legal_actions(gid):
    """Every seat's legal indices, actions and mask found by the game's ``legal_key``
    (remembered from an earlier state with the same key) are those of
    ``legal_actions(state, seat)``, at every step of seeded games of every config."""
    import dataclasses

    from boardlab.engine.protocol import canonical
    from boardlab.rl.encoding import codec_for

    game = get_game(gid)
    checked = remembered = 0
    for k, cfg in enumerate(walk_configs(game)):
        codec = dataclasses.replace(codec_for(game, cfg), _key_sets={})
        assert codec.legal_key is not None
        for g in range(4):
            state = game.setup(codec.config, 8000 + 10 * k + g)
            rng = random.Random(k * 10 + g)
            while seats := game.to_move(state):
                for seat in range(game.players(state)):
                    known = codec.legal_key(state, seat) in codec._key_sets
                    got, mask = codec.legal_of(game, state, seat)
                    legal = game.legal_actions(state, seat)
                    want = codec.legal_indices(legal)
                    assert list(got) == list(want), (cfg, seat)
                    assert [canonical(a) for a in got.values()] == [
                        canonical(a) for a in want.values()]
                    assert mask.tobytes() == codec.mask_of(want).tobytes()
                    checked += 1
                    remembered += known
                seat = seats[rng.randrange(len(seats))]
                game.apply_in_place(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert checked > 1000 and remembered > checked // 2
