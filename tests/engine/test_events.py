"""Events worded lazily: the words are made on first read, once, and equal eager ones."""

from __future__ import annotations

import copy
import pickle

import pytest

from boardlab.bots.base import RandomBot
from boardlab.engine.match import play_match
from boardlab.engine.protocol import Event, SeatLog, private_words, public, public_words
from boardlab.engine.registry import all_game_ids, get_game

CALLS: list[tuple] = []


def _words(name: str, n: int) -> tuple[str, str]:
    CALLS.append((name, n))
    return f"{name} 得 {n} 分", f"{name} scores {n}"


def test_words_are_made_on_first_read_only():
    CALLS.clear()
    event = public_words("score", _words, ("P1", 3), seat=0)
    assert CALLS == []
    assert event.text == {"zh": "P1 得 3 分", "en": "P1 scores 3"}
    assert event.text["en"] == "P1 scores 3"
    assert CALLS == [("P1", 3)]


def test_lazy_event_equals_the_eager_one_and_serialises_alike():
    lazy = public_words("score", _words, ("P1", 3), seat=0)
    eager = public("score", "P1 得 3 分", "P1 scores 3", seat=0)
    assert lazy == eager
    assert lazy.to_json() == eager.to_json()
    assert lazy != public("score", "P1 得 3 分", "P1 scores 4", seat=0)
    hidden = private_words([1], "score", _words, ("P2", 1), seat=1)
    assert hidden.to_json()["visible_to"] == [1]
    assert not hidden.visible(0) and hidden.visible(1) and not hidden.visible(None)


def test_events_copy_and_pickle_with_their_words():
    event = public_words("score", _words, ("P1", 3), seat=0)
    for twin in (copy.deepcopy(event), pickle.loads(pickle.dumps(event))):
        assert twin == event and twin.text == event.text


def test_an_event_needs_words():
    with pytest.raises(TypeError):
        Event("score")


def test_shared_json_is_made_once_for_every_seat():
    event = private_words([0, 1], "score", _words, ("P1", 3), seat=0)
    assert event.shared_json() is event.shared_json()
    assert event.shared_json() == event.to_json()


@pytest.mark.parametrize("gid", all_game_ids())
def test_every_event_of_a_game_reads_in_both_languages(gid):
    game = get_game(gid)
    cfg = game.make_config({})
    for seed in range(2):
        state = play_match(game, cfg, seed, [RandomBot() for _ in range(cfg.players)]).state
        for event in state.log:
            assert event.text["zh"] and event.text["en"], event.kind
        seat_log = SeatLog(0)
        assert seat_log.sync(state) == game.visible_log(state, 0)
