"""burgle's shared events (issue 9), and the other Service Ducts found without a scan: a seat's turn, a guard's patrol destination, an event
card drawn, a tile revealed, a seat spotted, an alarm set off or cleared, an ability
used, a guard appearing, the entrance and a character taken are made once and shared by every log. Each must equal
what the plain ``public_words`` call the rules made before makes (kind, data, audience,
words, JSON), and the same event in two games is one object.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardlab.bots.base import RandomBot
from boardlab.engine.match import play_match
from boardlab.engine.protocol import Event, canonical, public_words
from boardlab.games.burgle import GAME, data, words
from boardlab.games.burgle.bots import BOTS
from boardlab.games.burgle.rules import (
    _CARD_EVENTS,
    _CLEAR_EVENTS,
    _ENTRANCE_EVENTS,
    _FACE,
    _GUARD_EVENTS,
    _KIND,
    _PATROL_EVENTS,
    CELLS,
    _other_ducts,
    _reveal_event,
    pname,
)
from boardlab.games.burgle.state import BurgleState

CONFIGS = [
    {"players": 2},
    {"players": 1, "walls": "random"},
    {"players": 3, "events": "later", "loot": "simple"},
    {"players": 4, "sides": "advanced", "alarm_ties": "reading"},
]


def plain_event(e: Event) -> Event | None:
    """The call the rules made for ``e`` before its kind was shared (None: not shared)."""
    d = e.data
    if e.kind == "turn":
        return public_words("turn", words.turn, (d["seat"],), seat=d["seat"])
    if e.kind == "patrol":
        return public_words("patrol", words.patrol, (d["floor"], d["dest"]),
                            floor=d["floor"], dest=d["dest"])
    if e.kind == "event":
        return public_words("event", words.event, (d["event"],), event=d["event"])
    if e.kind == "reveal":
        at, kind, num = d["at"], d["tile"], d["number"]
        return public_words("reveal", words.reveal, (at, kind, num), at=at, tile=kind,
                            number=num)
    if e.kind == "stealth" and e._words is words.spotted:  # (in cover: not shared)
        why, seat, left = d["by"], d["seat"], d["stealth"]
        return public_words("stealth", words.spotted, (why, seat, left), seat=seat, by=why,
                            stealth=left)
    if e.kind == "guard":
        return public_words("guard", words.guard_appears, (d["floor"], d["at"]),
                            floor=d["floor"], at=d["at"])
    if e.kind == "entrance":
        return public_words("entrance", words.entrance, (d["at"],), at=d["at"])
    if e.kind == "character":
        return public_words("character", words.character, (d["seat"], d["name"]),
                            seat=d["seat"], name=d["name"], side=d["side"])
    if e.kind == "clear":
        return public_words("clear", words.clear, (d["at"],), at=d["at"])
    if e.kind == "alarm":
        return public_words("alarm", words.alarm, (d["at"],), at=d["at"], source=d["source"])
    if e.kind == "ability":
        return public_words("ability", words.ability, (d["seat"],), seat=d["seat"],
                            ability=d["ability"])
    return None


def _same_event(got: Event, plain: Event) -> None:
    assert got == plain  # kind, data, audience, words
    assert got._words is plain._words and got._args == plain._args
    assert got.to_json() == plain.to_json()
    assert got.visible_to is None and plain.visible_to is None


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_shared_events_equal_the_plain_calls(config: dict[str, Any]) -> None:
    kinds: set[str] = set()
    seen: dict[str, Event] = {}
    n = config["players"]
    for seed in range(10):
        bots = [RandomBot() for _ in range(n)] if seed % 2 else [BOTS["team"]() for _ in range(n)]
        out = play_match(GAME, config, seed, bots)
        for e in out.state.log:
            plain = plain_event(e)
            if plain is None:
                continue
            _same_event(e, plain)
            kinds.add(e.kind)
            key = canonical(e.to_json())
            assert seen.setdefault(key, e) is e  # shared, not made again
    assert {"turn", "patrol", "event", "reveal", "stealth", "clear", "alarm",
            "guard", "entrance", "character"} <= kinds
    if config.get("sides") != "basic":
        assert "ability" in kinds


def test_tables_cover_every_card_and_tile() -> None:
    """Every event card and every patrol destination has its shared event, each equal
    to the plain call; a reveal is shared per (position, tile)."""
    for e in data.EVENTS:
        _same_event(_CARD_EVENTS[e], public_words("event", words.event, (e,), event=e))
    for p in range(3 * CELLS):
        _same_event(_GUARD_EVENTS[p], public_words(
            "guard", words.guard_appears, (p // CELLS + 1, pname(p)), floor=p // CELLS + 1,
            at=pname(p)))
        _same_event(_ENTRANCE_EVENTS[p], public_words("entrance", words.entrance, (pname(p),),
                                                      at=pname(p)))
        _same_event(_CLEAR_EVENTS[p], public_words("clear", words.clear, (pname(p),),
                                                   at=pname(p)))
        f, dest = p // CELLS + 1, pname(p)
        _same_event(_PATROL_EVENTS[p], public_words("patrol", words.patrol, (f, dest),
                                                    floor=f, dest=dest))
    for tile in list(_FACE)[:5]:
        kind, num = _FACE[tile]
        got = _reveal_event(17, tile)
        assert _reveal_event(17, tile) is got
        _same_event(got, public_words("reveal", words.reveal, (pname(17), kind, num),
                                      at=pname(17), tile=kind, number=num))


def _plain_other_ducts(s: BurgleState, p: int) -> list[int]:
    """The comprehension ``_move_targets`` used before ``_other_ducts``."""
    revealed, tiles, disabled = s.revealed, s.tiles, s.disabled
    return [q for q in range(s.floors * CELLS)
            if q != p and revealed[q] and _KIND[tiles[q]] == "duct" and q not in disabled]


def test_other_ducts_equal_the_scan_of_every_position() -> None:
    """At every step of random games (and on boards with every tile revealed, some
    crowbarred, and a duct tile repeated by hand), from every position."""
    rng = random.Random(3)
    checked = 0
    for seed in range(12):
        st = GAME.new_game({"players": 2 + seed % 3}, seed)
        while not GAME.is_over(st):
            states = [st]
            extra = st.copy()
            extra.revealed = [rng.random() < 0.7 for _ in extra.revealed]
            extra.disabled = rng.sample(range(3 * CELLS), 4)
            if seed % 2:  # a repeated duct, as an override may make
                extra.tiles[rng.randrange(3 * CELLS)] = "duct:5"
            states.append(extra)
            for s in states:
                for p in range(3 * CELLS):
                    got = _other_ducts(s, p)
                    assert got == _plain_other_ducts(s, p)
                    checked += len(got)
            seat = GAME.to_move(st)[0]
            GAME.apply_in_place(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    assert checked > 1000  # ducts found, not only empty lists
