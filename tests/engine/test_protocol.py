"""The engine's protocol, scenario runner and match runner, on a tiny sealed-bid game."""

from __future__ import annotations

import json

import pytest
import yaml

from boardlab.bots.base import RandomBot
from boardlab.engine import registry
from boardlab.engine.errors import ConfigError, IllegalAction, ReplayError
from boardlab.engine.match import play_match
from boardlab.engine.protocol import GameRecord
from boardlab.engine.rng import derive_seed, make_rng
from boardlab.engine.scenario import lookup, matches, replay_path, run_scenario
from support.sealed import GAME


@pytest.fixture
def bid_registered(monkeypatch):
    real = registry.get_game

    def fake(game_id):
        return GAME if game_id == "sealed" else real(game_id)

    monkeypatch.setattr("boardlab.engine.scenario.get_game", fake)
    return GAME


def test_config_errors_say_what_is_wrong():
    with pytest.raises(ConfigError, match="2-4 players, not 7"):
        GAME.make_config(players=7)
    with pytest.raises(ConfigError, match="colour"):
        GAME.make_config({"players": 3, "colour": "red"})
    with pytest.raises(ConfigError, match="rounds"):
        GAME.make_config({"players": 3, "rounds": "many"})


def test_derived_seeds_are_stable_and_distinct():
    assert derive_seed(7, 1) == derive_seed(7, 1)
    assert derive_seed(7, 1) != derive_seed(7, 2) != derive_seed(8, 1)
    assert make_rng(3, "bot", 0).random() == make_rng(3, "bot", 0).random()


def test_simultaneous_choices_and_refusals_leave_state_unchanged():
    state = GAME.new_game({"players": 2}, 1, {"hands": [[1, 2, 3], [3, 4, 5]]})
    assert GAME.to_move(state) == [0, 1]
    new, events = GAME.apply(state, 0, {"type": "bid", "card": 3})
    assert GAME.to_move(new) == [1] and GAME.to_move(state) == [0, 1]
    assert events[0].visible(0) and not events[0].visible(1) and not events[0].visible(None)
    before = json.dumps(GAME.facts(new))
    for seat, action, message in [
        (0, {"type": "bid", "card": 2}, "nothing to decide"),
        (1, {"type": "bid", "card": 1}, "not a legal"),
        (1, {"type": "pass"}, "not possible"),
        (1, "bid 3", "JSON object"),
        (5, {"type": "bid", "card": 3}, "no seat 5"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            GAME.apply(new, seat, action)
    assert json.dumps(GAME.facts(new)) == before
    # the other seat's view does not contain the hidden bid
    assert "3" not in json.dumps(GAME.view(new, 1)["log"])


def test_match_is_deterministic_and_replays():
    a = play_match(GAME, {"players": 3}, 11, [RandomBot()] * 3)
    b = play_match(GAME, {"players": 3}, 11, [RandomBot()] * 3)
    assert a.record == b.record and a.result == b.result
    again = GAME.replay(GameRecord.model_validate_json(a.record.model_dump_json()))
    assert GAME.facts(again) == GAME.facts(a.state)
    bad = a.record.model_copy(update={"actions": [(0, {"type": "bid", "card": 99})]})
    with pytest.raises(ReplayError, match="action 0"):
        GAME.replay(bad)


def test_lookup_and_matching():
    data = {"a": {"b": [1, 2, {"c": 3}]}}
    assert lookup(data, "a.b.2.c") == 3
    assert lookup(data, "a.b.-1.c") == 3
    assert matches([1, 2.0], [1, 2]) and not matches(True, 1) and not matches([1], [1, 2])


def test_scenario_passes_and_fails_with_step(bid_registered, tmp_path):
    good = {
        "game": "sealed", "config": {"players": 2},
        "setup": {"hands": [[1, 2, 3], [3, 4, 5]]},
        "steps": [
            {"seat": 0, "action": {"type": "bid", "card": 3}},
            {"seat": 0, "action": {"type": "bid", "card": 2}, "error": "nothing to decide"},
            {"seat": 1, "action": {"type": "bid", "card": 5}, "expect": {"scores": [0, 5]}},
        ],
    }
    assert run_scenario(good).ok
    bad = dict(good, steps=good["steps"][:1] + [{"expect": {"scores.1": 4, "nope": 1}}])
    report = run_scenario(bad)
    assert [f.step for f in report.failures] == [1, 1]
    assert "no such fact" in str(report.failures[1])
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(good))
    (tmp_path / "broken.yaml").write_text("game: [unclosed")
    reports = replay_path(tmp_path)
    assert [r.ok for r in reports] == [False, True]
    assert "not valid YAML" in str(reports[0].failures[0])


def test_search_bot_uses_only_sampled_worlds_and_is_deterministic():
    from boardlab.bots.registry import bot_factories, make_bot

    assert set(bot_factories(GAME)) == {"random", "montecarlo", "ismcts", "strong"}
    bots = [make_bot(GAME, "montecarlo"), RandomBot(), RandomBot()]
    a = play_match(GAME, {"players": 3}, 4, bots)
    b = play_match(GAME, {"players": 3}, 4, bots)
    assert a.record == b.record
    # one round left: bidding 9 wins (or ties) whatever the others hold; 1 never scores
    from boardlab.engine.match import decision_context
    from boardlab.engine.rng import make_rng

    state = GAME.new_game({"players": 3, "rounds": 1}, 0, {"hands": [[1, 9], [4], [3]]})
    ctx = decision_context(GAME, state, 0, make_rng(0))
    assert bots[0].choose(ctx) == {"type": "bid", "card": 9}
    with pytest.raises(ValueError, match="no bot 'nope'"):
        make_bot(GAME, "nope")
