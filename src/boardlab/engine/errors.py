"""Errors with messages a player or a designer can act on.

Every error raised for bad input says what was wrong; the state it was raised against is
never changed (games apply actions to a copy, or validate completely before mutating).
"""


class BoardlabError(Exception):
    """Base class of every error boardlab raises on purpose."""


class ConfigError(BoardlabError, ValueError):
    """A game configuration (player count, option, variant) is invalid."""


class IllegalAction(BoardlabError, ValueError):
    """An action is malformed, not legal now, or sent by a seat that may not act."""


class ScenarioError(BoardlabError, ValueError):
    """A scripted scenario file is malformed or refers to something that does not exist."""


class ReplayError(BoardlabError, ValueError):
    """A saved game (config + seed + actions) cannot be replayed."""
