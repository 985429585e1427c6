"""What the environments hand an agent is the reference encoding of the seat's full view.

The envs take shortcuts (the generated encoder, no log built where the observation leaves
it out, legal indices and seats asked computed once per state); here seeded games are
played through the AEC, Parallel and vector environments of every game and player count,
and every observation and mask is compared with the closures' encoding
(``encode_reference``) of ``game.view(state, seat)`` - the whole view, log included - and
the mask of ``game.legal_actions`` looked up by canonical JSON in the declared table, bit
for bit."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="the rl extra: pip install 'boardlab[rl]'")
pytest.importorskip("pettingzoo", reason="the rl extra: pip install 'boardlab[rl]'")

from boardlab.engine.protocol import canonical  # noqa: E402
from boardlab.rl.pettingzoo_env import env, parallel_env  # noqa: E402
from boardlab.rl.vector import VectorEnv  # noqa: E402

from .helpers import game_counts, loaded_game  # noqa: E402


def _mask(codec, legal):
    """The mask of ``legal`` by the canonical JSON of the declared table (not the codec's
    lookups, which are what is checked)."""
    index = _TABLES.setdefault(id(codec), {key: i for i, key in enumerate(codec.table)})
    mask = np.zeros(codec.num_actions, np.int8)
    mask[[index[canonical(a)] for a in legal] or codec.noop] = 1
    return mask


_TABLES: dict[int, dict[str, int]] = {}


def _reference(e, seat, asked):
    game, state = e.game, e.state
    view = game.view(state, seat)
    vec = e.codec.encoder.encode_reference(view, seat, game.players(state))
    mask = _mask(e.codec, game.legal_actions(state, seat) if asked else [])
    return vec, mask


@pytest.mark.parametrize(("gid", "players"), game_counts())
def test_aec_observations_are_the_reference_encoding_of_the_full_view(gid, players):
    game = loaded_game(gid)
    e = env(gid, players=players)
    rng = np.random.default_rng(players)
    checked = 0
    for episode in range(2):
        e.reset(seed=100 * players + episode)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            seat = e._seat[agent]
            vec, mask = _reference(e, seat, True)
            assert obs["observation"].tobytes() == vec.tobytes(), f"{gid} {agent}"
            assert np.array_equal(obs["action_mask"], mask)
            if checked % 5 == 0:  # a seat not asked sees its own view too
                other = (seat + 1) % players
                if other not in game.to_move(e.state):
                    got = e.observe(f"seat_{other}")
                    vec, mask = _reference(e, other, False)
                    assert got["observation"].tobytes() == vec.tobytes()
                    assert np.array_equal(got["action_mask"], mask)
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.integers(len(legal))]))
            checked += 1
    assert checked > 20


@pytest.mark.parametrize(("gid", "players"), [c for c in game_counts() if c[1] in (2, 4)])
def test_parallel_and_vector_observations_are_the_reference_encoding(gid, players):
    loaded_game(gid)
    p = parallel_env(gid, players=players)
    observations, _ = p.reset(seed=5)
    rng = np.random.default_rng(5)
    steps = 0
    while p.agents and steps < 150:
        asked = set(p.game.to_move(p.state))
        actions = {}
        for agent, obs in observations.items():
            seat = p._seat[agent]
            vec, mask = _reference(p, seat, seat in asked)
            assert obs["observation"].tobytes() == vec.tobytes(), f"{gid} {agent}"
            assert np.array_equal(obs["action_mask"], mask)
            legal = np.flatnonzero(obs["action_mask"])
            actions[agent] = int(legal[rng.integers(len(legal))])
        observations, *_ = p.step(actions)
        steps += 1
    v = VectorEnv(gid, 3, players=players, seed=9)
    obs, mask, seats = v.reset()
    for _ in range(40):
        for i in range(3):
            state, seat = v._states[i], int(seats[i])
            view = v.game.view(state, seat)
            want = v.codec.encoder.encode_reference(view, seat, players)
            assert obs[i].tobytes() == want.tobytes(), f"{gid} game {i}"
            assert np.array_equal(mask[i], _mask(v.codec, v.game.legal_actions(state, seat)))
        obs, mask, seats, _, _ = v.step(v.sample(mask, rng))
