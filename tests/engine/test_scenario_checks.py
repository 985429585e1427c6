"""The scenario runner's checks on a seat's view (``view.<seat>.<path>``), ``absent`` and
``one_of``, on the tiny sealed-bid game (a bid is hidden from the other seats)."""

from __future__ import annotations

import pytest

from boardlab.engine import registry
from boardlab.engine.errors import ScenarioError
from boardlab.engine.scenario import run_scenario
from support.sealed import GAME


@pytest.fixture(autouse=True)
def sealed_registered(monkeypatch):
    real = registry.get_game
    monkeypatch.setattr("boardlab.engine.scenario.get_game",
                        lambda game_id: GAME if game_id == "sealed" else real(game_id))


def scenario(*steps, **top):
    return {"game": "sealed", "config": {"players": 2},
            "setup": {"hands": [[1, 2, 3], [3, 4, 5]]},
            "steps": [{"seat": 0, "action": {"type": "bid", "card": 3}}, *steps], **top}


def failures(data):
    return [str(f) for f in run_scenario(data).failures]


def test_a_seat_sees_its_own_bid_and_not_the_other():
    ok = scenario({"expect": {"view.0.my_bid": 3, "view.1.my_bid": None,
                              "view.0.hand": [1, 2], "view.1.submitted": [0],
                              "view.spectator.hand": None}})
    assert failures(ok) == []
    wrong = scenario({"expect": {"view.1.my_bid": 3}})
    assert failures(wrong) == ["step 1: view.1.my_bid expected 3, got None"]


def test_absent_passes_only_for_paths_that_do_not_exist():
    assert failures(scenario({"absent": ["view.1.bids", "view.0.hand.5", "nope"]})) == []
    got = failures(scenario({"absent": ["view.0.hand.1", "hands"]}))
    assert got == ["step 1: view.0.hand.1: expected absent, got 2",
                   "step 1: hands: expected absent, got [[1, 2], [3, 4, 5]]"]


def test_one_of_passes_on_any_listed_value():
    assert failures(scenario({"one_of": {"view.0.my_bid": [2, 3], "round": [0]}})) == []
    assert failures(scenario({"one_of": {"view.0.my_bid": [1, 2]}})) == [
        "step 1: view.0.my_bid: expected one of [1, 2], got 3"]
    assert failures(scenario({"one_of": {"view.0.nope": [1]}})) == [
        "step 1: view.0.nope: no such fact"]


def test_checks_at_the_end_of_the_file():
    data = scenario({"seat": 1, "action": {"type": "bid", "card": 5}},
                    absent=["view.1.nothing"], one_of={"scores": [[0, 5], [5, 0]]})
    report = run_scenario(data)
    assert report.ok and report.checks == 2


@pytest.mark.parametrize("step, message", [
    ({"expect": {"view.2.hand": []}}, "seat number below 2"),
    ({"expect": {"view.me.hand": []}}, "'spectator', not 'me'"),
    ({"absent": "view.0.hand"}, "'absent' must be a list"),
    ({"one_of": {"round": 0}}, "'one_of' must map each path to a list"),
    ({"one_of": {"round": []}}, "'one_of' must map each path to a list"),
])
def test_malformed_checks_are_refused_with_the_reason(step, message):
    with pytest.raises(ScenarioError, match=message):
        run_scenario(scenario(step))
