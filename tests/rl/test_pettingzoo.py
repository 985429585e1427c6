"""PettingZoo's own checks on every game at every player count (small cycle counts)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra: pip install 'boardlab[rl]'")


from boardlab.rl.pettingzoo_env import env, parallel_env  # noqa: E402

from .helpers import game_counts, loaded_game  # noqa: E402

CASES = game_counts()


@pytest.fixture(autouse=True)
def _quiet():
    # PettingZoo warns that a Dict observation is not a plain Box; that is the documented
    # shape (observation + action_mask, as in its own classic games).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


# PettingZoo's own tools (api_test, seed tests, conversions ...) run in test_pettingzoo_tools.py.


def _play_aec(e, seed: int, rng: np.random.Generator) -> tuple[list[float], int]:
    e.reset(seed=seed)
    steps = 0
    for _agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return [e._cumulative_rewards.get(a, 0.0) for a in e.possible_agents], steps


@pytest.mark.parametrize("gid", sorted({c[0] for c in CASES}))
def test_aec_random_games_end_with_the_win_shares(gid):
    game = loaded_game(gid)
    e = env(gid)
    rewards = []
    for seed in range(3):
        e.reset(seed=seed)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        rng = np.random.default_rng(seed)
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            totals[agent] += reward
            assert e.observation_space(agent).contains(obs)
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            assert sorted(info["legal"]) == legal.tolist()
            e.step(int(rng.choice(legal)))
        result = game.result(e.state)
        k = len(result.winners)
        assert [totals[a] for a in e.possible_agents] == pytest.approx(
            [1 / k if s in result.winners else 0.0 for s in range(len(e.possible_agents))])
        rewards.append(totals)
    assert e.render_mode is None


@pytest.mark.parametrize("gid", sorted({c[0] for c in CASES}))
def test_parallel_random_game_and_score_rewards(gid):
    game = loaded_game(gid)
    e = parallel_env(gid, reward="score", render_mode="ansi")
    obs, infos = e.reset(seed=7)
    rng = np.random.default_rng(7)
    final = {}
    while e.agents:
        asked = set(game.to_move(e.state))
        for agent in e.agents:
            mask = obs[agent]["action_mask"]
            if int(agent.split("_")[1]) not in asked:  # not asked: only "noop"
                assert mask.tolist() == [0] * e.codec.noop + [1]
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in e.agents}
        obs, rewards, terms, truncs, infos = e.step(actions)
        final = rewards
    assert list(final.values()) == [float(x) for x in game.result(e.state).scores]


@pytest.mark.parametrize("gid", sorted({c[0] for c in CASES}))
def test_render_is_text_from_start_to_end(gid):
    loaded_game(gid)
    e = parallel_env(gid, render_mode="ansi")
    obs, _ = e.reset(seed=7)
    assert isinstance(e.render(), str) and e.render().strip()
    rng = np.random.default_rng(7)
    while e.agents:
        obs, *_ = e.step({a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
                          for a in e.agents})
    picture = e.render()
    assert "over: winners" in picture and "Group" not in picture


def test_same_seed_same_game_and_bad_input_is_refused():
    a, b = env("geometry", players=3), env("geometry", players=3)
    ra = _play_aec(a, 11, np.random.default_rng(1))
    rb = _play_aec(b, 11, np.random.default_rng(1))
    assert ra == rb
    e = env("geometry", players=3)
    e.reset(seed=0)
    illegal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal now"):
        e.step(illegal)
    with pytest.raises(ValueError, match="reward must be"):
        env("geometry", reward="money")
    p = parallel_env("geometry", players=3)
    p.reset(seed=0)
    with pytest.raises(ValueError, match="must choose now"):
        p.step({})


def test_parallel_steps_where_seats_collide_keep_the_first_choice(monkeypatch):
    """cat's refills ask several seats at once in any order; when two of them pick the last
    card of a pile in one Parallel step, the first stands and the other is asked again
    (random games at five players run piles dry), instead of the step failing."""
    from boardlab.rl import pettingzoo_env as module

    dropped = []
    original = module._Table._still_legal

    def spy(self, seat, action):
        ok = original(self, seat, action)
        if not ok:
            dropped.append((seat, action["type"]))
        return ok

    monkeypatch.setattr(module._Table, "_still_legal", spy)
    for seed in range(40):
        p = parallel_env("cat", players=5)
        obs, _ = p.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while p.agents:
            actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
                       for a in p.agents}
            obs, *_ = p.step(actions)
        if dropped:
            break
    assert dropped, "no two seats chose the same last card in 40 games: the case went untested"
    assert all(kind == "draw" for _, kind in dropped)
