"""Every game's words for screens (games/<id>/texts.py through Game.labels()) cover what the
screens show: every option, bot, action type, phase and result figure, in zh and en. A fast
check of what the browser test (tests/browser/test_words.py) sees on screen."""

from __future__ import annotations

import random
import re

import pytest

from boardlab.bots.registry import bot_factories
from boardlab.engine.protocol import LANGUAGES
from boardlab.engine.registry import all_game_ids, get_game

CJK = re.compile(r"[\u3400-\u9fff]")
GENERIC_BOTS = {"random", "montecarlo", "ismcts", "strong"}  # named by the web app (words.js)


def _has_texts(game_id: str) -> bool:
    try:
        return bool(get_game(game_id).labels())
    except Exception:  # noqa: BLE001 - a game being rewritten: its own tests say why
        return False


GAMES = [g if _has_texts(g) else pytest.param(g, marks=pytest.mark.xfail(
    reason=f"{g} has no texts.py yet", strict=False)) for g in all_game_ids()]


def words_ok(text: dict) -> bool:
    return (set(text) >= set(LANGUAGES) and all(text[lang].strip() for lang in LANGUAGES)
            and CJK.search(text["zh"]) is not None and CJK.search(text["en"]) is None)


@pytest.mark.parametrize("game_id", GAMES)
def test_labels_cover_options_bots_actions_phases_and_figures(game_id):
    game = get_game(game_id)
    labels = game.labels()
    missing: list[str] = []
    for key in game.config_schema().get("properties", {}):
        if key not in labels.get("options", {}):
            missing.append(f"option {key}")
    for name in set(bot_factories(game)) - GENERIC_BOTS:
        if name not in labels.get("bots", {}):
            missing.append(f"bot {name}")
    rng = random.Random(1)
    state = game.new_game({}, 1)
    types, phases = set(), set()
    steps = 0
    while not game.is_over(state) and steps < 3000:
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        types |= {a["type"] for a in legal}
        phases.add(game.view(state, seat).get("phase"))
        game.apply_in_place(state, seat, rng.choice(legal))
        steps += 1
    phases.discard(None)
    missing += [f"action {t}" for t in sorted(types - set(labels.get("actions", {})))]
    missing += [f"phase {p}" for p in sorted(phases - set(labels.get("phases", {})))]
    if game.is_over(state):
        summary = game.result(state).summary
        missing += [f"figure {k}" for k in summary if k not in labels.get("summary", {})]
    assert not missing, f"{game_id}: no words for {missing}"
    for kind in ("options", "bots", "actions", "phases", "summary", "values"):
        for key, text in labels.get(kind, {}).items():
            assert words_ok(text), f"{game_id} {kind}.{key}: {text}"
    rules = labels.get("rules", {})
    assert words_ok(rules["turn"])
    assert all(words_ok(x) for x in rules.get("phases", {}).values())
    assert all(words_ok(x) for _, x in rules.get("glossary", []))
