"""PettingZoo's own test tools, unmodified, on every game at every player count: the API
tests, both seed tests, max_cycles_test, render_test and both AEC -> Parallel conversions."""

from __future__ import annotations

import types
import warnings
from functools import partial

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra: pip install 'boardlab[rl]'")

from pettingzoo.test import (  # noqa: E402
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)
from pettingzoo.utils.conversions import (  # noqa: E402
    aec_to_parallel,
    turn_based_aec_to_parallel,
)

from boardlab.rl.pettingzoo_env import env, parallel_env  # noqa: E402

from .helpers import game_counts, loaded_game  # noqa: E402

CASES = game_counts()


def _ids(case):
    return f"{case[0]}-{case[1]}"


@pytest.fixture(autouse=True)
def _quiet():
    # PettingZoo warns that a Dict observation is not a plain Box (the documented shape,
    # as in its own classic games) and that the conversions' wrappers lack some attributes.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_every_pettingzoo_tool(case):
    gid, players = case
    loaded_game(gid)
    api_test(env(gid, players=players), num_cycles=30)
    parallel_api_test(parallel_env(gid, players=players), num_cycles=30)
    seed_test(partial(env, gid, players=players), num_cycles=15)
    # parallel_seed_test and max_cycles_test sample without the mask: illegal indices are
    # replaced by seeded random legal ones (illegal="random"), or end the game ("lose")
    parallel_seed_test(partial(parallel_env, gid, players=players, illegal="random"),
                       num_cycles=15)
    parallel_seed_test(partial(parallel_env, gid, players=players, illegal="lose"),
                       num_cycles=15)
    max_cycles_test(types.SimpleNamespace(
        env=partial(env, gid, players=players, illegal="random", mode="cycles"),
        parallel_env=partial(parallel_env, gid, players=players, illegal="random")))
    render_test(partial(env, gid, players=players))
    parallel_api_test(aec_to_parallel(env(gid, players=players, mode="cycles")),
                      num_cycles=30)
    parallel_api_test(turn_based_aec_to_parallel(env(gid, players=players)), num_cycles=30)


def test_the_metadata_tells_the_truth():
    turns, cycles, par = env("hotel"), env("hotel", mode="cycles"), parallel_env("hotel")
    assert turns.metadata["is_parallelizable"] is False
    assert cycles.metadata["is_parallelizable"] is True
    assert par.metadata["is_parallelizable"] is True
    assert turns.metadata["space_version"] == turns.codec.space_version
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(turns)


def test_illegal_lose_ends_the_game_with_minus_one_for_the_offender():
    e = env("geometry", players=3, illegal="lose")
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(e.terminations.values())
    assert e._cumulative_rewards[agent] == -1.0
    assert all(r == 0.0 for a, r in e._cumulative_rewards.items() if a != agent)


def test_illegal_random_takes_a_legal_action_and_says_so():
    e = env("hotel", players=3, illegal="random")
    e.reset(seed=2)
    agent = e.agent_selection
    e.step(int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0]))
    assert e.infos[agent] == {"illegal": True} and not any(e.terminations.values())


def test_max_cycles_truncates():
    p = parallel_env("toys", players=4, max_cycles=3)
    obs, _ = p.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(3):
        acts = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in p.agents}
        obs, _, terms, truncs, _ = p.step(acts)
    assert all(truncs.values()) and not any(terms.values()) and p.agents == []


@pytest.mark.parametrize("gid", ["toys", "hotel", "burgle"])
def test_boardlab_bots_as_opponents(gid):
    game = loaded_game(gid)
    players = max(game.min_players, 2)
    styles = game.style_mix(players)
    opponents = [None] + [styles[i % len(styles)] for i in range(players - 1)]
    e = env(gid, players=players, opponents=opponents)
    assert e.possible_agents == ["seat_0"]
    api_test(e, num_cycles=20)
    parallel_api_test(parallel_env(gid, players=players, opponents=opponents), num_cycles=20)
    seed_test(partial(env, gid, players=players, opponents=opponents), num_cycles=10)

    def play(seed):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            assert agent == "seat_0"
            e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        return e.game.result(e.state).scores

    assert play(3) == play(3)  # the opponents are seeded by the game's seed
    with pytest.raises(ValueError, match="has no bot"):
        env(gid, players=players, opponents=[None] + ["nobody"] * (players - 1))
