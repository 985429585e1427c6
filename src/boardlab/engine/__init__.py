"""The protocol every game implements, its RNG, scripted scenarios and the match runner."""

from boardlab.engine.errors import (
    BoardlabError,
    ConfigError,
    IllegalAction,
    ReplayError,
    ScenarioError,
)
from boardlab.engine.protocol import (
    Action,
    Event,
    Game,
    GameRecord,
    GameState,
    Result,
    Text,
    text,
)
from boardlab.engine.registry import all_game_ids, get_game

__all__ = [
    "Action",
    "BoardlabError",
    "ConfigError",
    "Event",
    "Game",
    "GameRecord",
    "GameState",
    "IllegalAction",
    "ReplayError",
    "Result",
    "ScenarioError",
    "Text",
    "all_game_ids",
    "get_game",
    "text",
]
