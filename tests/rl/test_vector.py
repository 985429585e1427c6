"""VectorEnv: N games stepped together, NumPy in and out, the same games as one by one."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="the rl extra: pip install 'boardlab[rl]'")

from boardlab.engine.registry import get_game  # noqa: E402
from boardlab.rl.encoding import codec_for  # noqa: E402
from boardlab.rl.vector import VectorEnv  # noqa: E402


@pytest.mark.parametrize("gid", ["toys", "hotel"])
def test_vector_games_run_reset_and_pay_win_shares(gid):
    venv = VectorEnv(gid, 8, seed=3)
    codec = codec_for(get_game(gid))
    obs, mask, seat = venv.reset()
    assert obs.shape == (8, codec.obs_size) and obs.dtype == np.float32
    assert mask.shape == (8, codec.num_actions) and mask.dtype == np.int8
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):
        actions = venv.sample(mask, rng)
        assert all(mask[i, a] == 1 for i, a in enumerate(actions))
        obs, mask, seat, rewards, done = venv.step(actions)
        for i in np.flatnonzero(done):
            assert rewards[i].sum() == pytest.approx(1.0) or rewards[i].sum() == 0.0
            ended += 1
        assert not rewards[~done].any()
        assert (mask.sum(axis=1) >= 1).all()
    assert ended > 0


def test_a_row_is_the_game_played_alone():
    """Row i with seed s plays exactly the game the single env plays with seed s + i."""
    from boardlab.rl.pettingzoo_env import env

    venv = VectorEnv("hotel", 3, seed=10)
    obs, mask, seat = venv.reset()
    single = env("hotel")
    single.reset(seed=11)
    rng = np.random.default_rng(4)
    for _ in range(30):
        agent = single.agent_selection
        if single.terminations[agent]:
            break
        got = single.observe(agent)
        assert int(agent.split("_")[1]) == seat[1]
        assert np.array_equal(got["observation"], obs[1])
        assert np.array_equal(got["action_mask"], mask[1])
        actions = venv.sample(mask, rng)
        single.step(int(actions[1]))
        obs, mask, seat, _, done = venv.step(actions)
        if done[1]:
            break


def test_illegal_index_and_opponents():
    venv = VectorEnv("hotel", 2, seed=1, players=3, opponents=[None, "taker", "risky"])
    obs, mask, seat = venv.reset()
    assert (seat == 0).all()
    with pytest.raises(ValueError, match="not legal now"):
        venv.step(np.flatnonzero(mask[0] == 0)[:1].repeat(2))
