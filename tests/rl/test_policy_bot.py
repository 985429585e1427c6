"""A trained policy (module:callable taking an observation and a mask) seated as a bot."""

from __future__ import annotations

import sys
import types

import pytest

np = pytest.importorskip("numpy", reason="the rl extra: pip install 'boardlab[rl]'")

from boardlab.bots.registry import bot_factories  # noqa: E402
from boardlab.engine.match import play_match  # noqa: E402
from boardlab.engine.registry import get_game  # noqa: E402
from boardlab.rl.encoding import codec_for  # noqa: E402
from boardlab.rl.pettingzoo_env import env  # noqa: E402

SEEN: list[tuple[np.ndarray, np.ndarray]] = []


def _first_legal(observation, mask):
    SEEN.append((observation.copy(), mask.copy()))
    return int(np.flatnonzero(mask)[0])


def _illegal(observation, mask):
    return int(np.flatnonzero(mask == 0)[0])


@pytest.fixture()
def policies(monkeypatch):
    module = types.ModuleType("boardlab_test_policies")
    module.first = _first_legal
    module.illegal = _illegal
    monkeypatch.setitem(sys.modules, "boardlab_test_policies", module)
    monkeypatch.setenv("BOARDLAB_POLICIES", "boardlab_test_policies:first,"
                       "bad=boardlab_test_policies:illegal")
    SEEN.clear()


def test_a_policy_is_a_bot_only_once_listed(monkeypatch):
    monkeypatch.delenv("BOARDLAB_POLICIES", raising=False)
    assert "os:system" not in bot_factories(get_game("hotel"))  # never imported from a name


def test_a_listed_policy_plays_what_the_env_would_show_it(policies):
    game = get_game("hotel")
    factories = bot_factories(game)
    assert "boardlab_test_policies:first" in factories and "bad" in factories
    cfg = game.make_config({"players": 3})
    bots = [factories["boardlab_test_policies:first"](), factories["taker"](),
            factories["random"]()]
    out = play_match(game, cfg, 4, bots)
    assert game.is_over(out.state) and SEEN
    # the first decision's observation and mask are the env's for that seat and seed
    e = env("hotel", players=3)
    e.reset(seed=4)
    obs = e.observe("seat_0")
    codec = codec_for(game, cfg)
    assert SEEN[0][0].shape == (codec.obs_size,)
    assert np.array_equal(SEEN[0][0], obs["observation"])
    assert np.array_equal(SEEN[0][1], obs["action_mask"])


def test_an_illegal_index_names_the_legal_ones(policies):
    game = get_game("geometry")
    factories = bot_factories(game)
    with pytest.raises(ValueError, match="policy bad: index .* is not legal now"):
        play_match(game, {"players": 2}, 1, [factories["bad"](), factories["random"]()])


def test_a_bad_listing_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("BOARDLAB_POLICIES", "no_colon_here")
    with pytest.raises(ValueError, match="is not module:callable"):
        bot_factories(get_game("hotel"))
    monkeypatch.setenv("BOARDLAB_POLICIES", "boardlab_no_such_module:act")
    with pytest.raises(ValueError, match="no module"):
        bot_factories(get_game("hotel"))["boardlab_no_such_module:act"]()


def test_simulate_seats_a_policy_named_on_its_command_line(policies, monkeypatch):
    """No listing needed for `boardlab simulate --bots module:callable`: the person who
    names the code runs it (bots/policy.py: allow_from_command_line)."""
    import json

    from typer.testing import CliRunner

    from boardlab.cli import app

    monkeypatch.delenv("BOARDLAB_POLICIES", raising=False)
    r = CliRunner().invoke(app, ["simulate", "hotel", "--players", "3", "--games", "6",
                                 "--workers", "1", "--no-store", "--json", "--bots",
                                 "boardlab_test_policies:first,taker,random"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["spec"]["bots"][0] == "boardlab_test_policies:first"
    assert SEEN  # the policy was asked
    r = CliRunner().invoke(app, ["simulate", "hotel", "--games", "2", "--workers", "1",
                                 "--no-store", "--bots", "boardlab_no_such_module:act,taker"])
    assert r.exit_code == 2 and "no module" in r.output and "Traceback" not in r.output
