"""A finished table's record told step by step in the terminal (``boardlab verify
--replay``): each choice, who made it and the log lines spectators saw after it; at the end
every seat's own board. The record (seed and every choice) is public once the game is over,
so nothing here is more than ``boardlab verify`` rebuilds anyway. Imports only the engine."""

from __future__ import annotations

from typing import Any

from boardlab.engine.protocol import Game, GameRecord

WORDS = {
    "step": ("{n}. {seat}：{what}", "{n}. {seat}: {what}"),
    "start": ("开局", "the start"),
    "seat_view": ("—— {seat} 的视角 ——", "—— {seat}'s view ——"),
}


def _say(key: str, lang: str, **kw: Any) -> str:
    return WORDS[key][0 if lang == "zh" else 1].format(**kw)


def _lines(events: list[dict[str, Any]], lang: str) -> list[str]:
    return ["    · " + e["text"].get(lang, e["text"].get("en", "")) for e in events]


def replay_lines(record: dict[str, Any], game: Game, lang: str = "en") -> list[str]:
    """The record told step by step: the spectators' log after each choice, then each seat's
    own board (the game's ``render_terminal``, when it has one)."""
    config, seed, actions = record["config"], int(record["seed"]), record["actions"]
    state = game.replay(GameRecord(game=record["game"], config=config, seed=seed, actions=[]))
    seen = game.visible_log(state, None)
    out = [_say("start", lang)] + _lines(seen, lang)
    for n, (seat, action) in enumerate(actions, 1):
        what = game.describe_action(state, seat, action, lang)
        game.apply_in_place(state, seat, action)
        out.append(_say("step", lang, n=n, seat=f"P{seat + 1}", what=what))
        log = game.visible_log(state, None)
        out += _lines(log[len(seen):], lang)
        seen = log
    render = getattr(game, "render_terminal", None)
    if render is not None:
        for seat in range(int(config.get("players", 0))):
            out.append(_say("seat_view", lang, seat=f"P{seat + 1}"))
            out += render(game.view(state, seat), lang).splitlines()
    return out
