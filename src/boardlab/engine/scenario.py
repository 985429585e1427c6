"""Scripted games ("scenarios"): golden files from the rulebooks, replayed and checked.

Format (YAML or JSON; documented in ``docs/scenarios.md``)::

    game: toys                  # game id
    title: "Example 1 (§7.1)"   # free text
    source: "rulebook §7.1"     # where the numbers come from
    config: {players: 4}        # the game's options
    seed: 1                     # optional, default 0
    setup: {...}                # game-specific overrides of what is dealt at random
    steps:                      # in order
      - {seat: 0, action: {type: noise, card: 2}}
      - {seat: 1, action: {type: noise, card: 1}, expect: {progress: 3}}
      - {expect: {exposure: 7, screws: [1, 2, 2, 2]}}
      - {seat: 2, action: {type: move, to: "rug"}, error: "not adjacent"}   # must be refused
    expect: {over: true, winners: [3]}   # checked after the last step

An ``expect`` maps dotted paths into the game's ``facts`` (plus ``over``, ``to_move`` and,
once over, ``result.*``, ``scores``, ``winners``, ``reason``) to expected values. A list index
is a path part too (``screws.2``). Numbers compare with a tolerance of 1e-9. A path
``view.<seat>.<rest>`` reads what that seat is shown instead (``game.view(state, seat)``;
``view.spectator.<rest>`` the view of nobody's seat), so a scenario can pin what a seat sees
and does not see. Beside ``expect`` (in a step or at the top), ``absent`` lists paths that
must not exist (``view.1.hand``) and ``one_of`` maps paths to the values any one of which
passes. An ``error`` step expects the action to be refused with a message containing that
text, and checks that the state did not change.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from boardlab.engine.errors import BoardlabError, IllegalAction, ScenarioError
from boardlab.engine.protocol import Game, GameRecord, canonical
from boardlab.engine.registry import get_game

MISSING = object()


@dataclass
class Failure:
    step: int | None  # index into steps; None for the final expectations
    path: str
    expected: Any
    actual: Any
    message: str = ""

    def __str__(self) -> str:
        where = "final" if self.step is None else f"step {self.step}"
        if self.message:
            return f"{where}: {self.message}"
        return f"{where}: {self.path} expected {self.expected!r}, got {self.actual!r}"


@dataclass
class ScenarioReport:
    path: str
    title: str
    game: str
    failures: list[Failure] = field(default_factory=list)
    checks: int = 0
    result: dict[str, Any] | None = None
    record: GameRecord | None = None

    @property
    def ok(self) -> bool:
        return not self.failures


def load_file(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        data = json.loads(raw) if path.suffix == ".json" else yaml.safe_load(raw)
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        raise ScenarioError(f"{path}: not valid {path.suffix[1:].upper()}: {exc}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario must be a mapping with 'game' and 'steps'")
    return data


def observe(game: Game, state) -> dict[str, Any]:
    """Everything an expectation may name."""
    facts = dict(game.facts(state))
    facts["over"] = game.is_over(state)
    facts["to_move"] = game.to_move(state)
    if facts["over"]:
        res = game.result(state).model_dump()
        facts["result"] = res
        facts.setdefault("scores", res["scores"])
        facts.setdefault("winners", res["winners"])
        facts.setdefault("reason", res["reason"])
    return facts


def lookup(data: Any, path: str) -> Any:
    cur = data
    for part in str(path).split("."):
        if isinstance(cur, Mapping):
            if part in cur:
                cur = cur[part]
            elif part.lstrip("-").isdigit() and int(part) in cur:
                cur = cur[int(part)]
            else:
                return MISSING
        elif isinstance(cur, list | tuple) and part.lstrip("-").isdigit():
            i = int(part)
            if not -len(cur) <= i < len(cur):
                return MISSING
            cur = cur[i]
        else:
            return MISSING
    return cur


def matches(expected: Any, actual: Any) -> bool:
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual or expected == actual and type(expected) is type(actual)
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return abs(expected - actual) <= 1e-9
    if isinstance(expected, Mapping) and isinstance(actual, Mapping):
        return all(k in actual and matches(v, actual[k]) for k, v in expected.items()) and len(
            expected
        ) == len(actual)
    if isinstance(expected, list | tuple) and isinstance(actual, list | tuple):
        return len(expected) == len(actual) and all(
            matches(e, a) for e, a in zip(expected, actual, strict=True)
        )
    return expected == actual


class _Observed:
    """What one moment of a game shows to expectations: its facts, and each seat's view
    (``view.<seat>.<path>``), built when first named."""

    def __init__(self, game: Game, state) -> None:
        self.game, self.state = game, state
        self.facts = observe(game, state)
        self.views: dict[int | None, Any] = {}

    def find(self, path: str, step: int | None) -> Any:
        """The value at ``path`` (:data:`MISSING` if there is none)."""
        if not path.startswith("view."):
            return lookup(self.facts, path)
        _, who, *rest = path.split(".", 2)
        if who == "spectator":
            seat: int | None = None
        elif who.isdigit() and int(who) < self.game.players(self.state):
            seat = int(who)
        else:
            raise ScenarioError(f"step {step}: {path}: 'view.' takes a seat number below "
                                f"{self.game.players(self.state)} or 'spectator', not {who!r}")
        if seat not in self.views:
            self.views[seat] = self.game.view(self.state, seat)
        return lookup(self.views[seat], rest[0]) if rest else self.views[seat]


def check_expectations(
    game: Game, state, expect: Any, step: int | None, report: ScenarioReport,
    absent: Any = None, one_of: Any = None,
) -> None:
    if not isinstance(expect, Mapping):
        raise ScenarioError(f"step {step}: 'expect' must be a mapping of path: value")
    if not isinstance(absent, list | tuple):
        raise ScenarioError(f"step {step}: 'absent' must be a list of paths")
    if not isinstance(one_of, Mapping) or not all(
            isinstance(v, list | tuple) and v for v in one_of.values()):
        raise ScenarioError(f"step {step}: 'one_of' must map each path to a list of values")
    seen = _Observed(game, state)
    for path, expected in expect.items():
        report.checks += 1
        actual = seen.find(str(path), step)
        if actual is MISSING:
            report.failures.append(
                Failure(step, str(path), expected, None, f"{path}: no such fact")
            )
        elif not matches(expected, actual):
            report.failures.append(Failure(step, str(path), expected, actual))
    for path in absent:
        report.checks += 1
        actual = seen.find(str(path), step)
        if actual is not MISSING:
            report.failures.append(Failure(step, str(path), "absent", actual,
                                           f"{path}: expected absent, got {actual!r}"))
    for path, choices in one_of.items():
        report.checks += 1
        actual = seen.find(str(path), step)
        if actual is MISSING:
            report.failures.append(
                Failure(step, str(path), choices, None, f"{path}: no such fact"))
        elif not any(matches(c, actual) for c in choices):
            report.failures.append(Failure(step, str(path), choices, actual,
                                           f"{path}: expected one of {list(choices)!r}, "
                                           f"got {actual!r}"))


_CHECKS = ("expect", "absent", "one_of")


def _check(game: Game, state, where: Mapping[str, Any], step: int | None,
           report: ScenarioReport) -> None:
    """The checks a step (or the file's end) names, if any."""
    if any(k in where for k in _CHECKS):
        check_expectations(game, state, where.get("expect", {}), step, report,
                           where.get("absent", []), where.get("one_of", {}))


def run_scenario(data: Mapping[str, Any], path: str = "<scenario>") -> ScenarioReport:
    """Replay one scenario and check every expectation. Malformed files raise ScenarioError."""
    for key in ("game", "steps"):
        if key not in data:
            raise ScenarioError(f"{path}: missing '{key}'")
    unknown = set(data) - {"game", "title", "source", "notes", "config", "seed", "setup",
                           "steps", *_CHECKS}
    if unknown:
        raise ScenarioError(f"{path}: unknown keys {sorted(unknown)}")
    try:
        game = get_game(str(data["game"]))
        config = game.make_config(data.get("config") or {})
        seed = int(data.get("seed", 0))
        state = game.setup(config, seed, data.get("setup"))
    except BoardlabError as exc:
        raise ScenarioError(f"{path}: {exc}") from None
    report = ScenarioReport(path, str(data.get("title", path)), game.id)
    record = GameRecord(game=game.id, config=config.model_dump(), seed=seed,
                        overrides=data.get("setup"))
    steps = data["steps"]
    if not isinstance(steps, list):
        raise ScenarioError(f"{path}: 'steps' must be a list")
    for i, step in enumerate(steps):
        if not isinstance(step, Mapping):
            raise ScenarioError(f"{path}: step {i} must be a mapping")
        extra = set(step) - {"seat", "action", "error", "note", *_CHECKS}
        if extra:
            raise ScenarioError(f"{path}: step {i}: unknown keys {sorted(extra)}")
        if "action" in step:
            if "seat" not in step:
                raise ScenarioError(f"{path}: step {i}: an action needs a 'seat'")
            seat, action = step["seat"], step["action"]
            if "error" in step:
                before = canonical(game.view(state, None)), canonical(game.facts(state))
                try:
                    game.apply_in_place(state, seat, action)
                except IllegalAction as exc:
                    report.checks += 1
                    if str(step["error"]).lower() not in str(exc).lower():
                        report.failures.append(Failure(
                            i, "error", step["error"], str(exc),
                            f"refused with {str(exc)!r}, expected a message with "
                            f"{step['error']!r}"))
                    after = canonical(game.view(state, None)), canonical(game.facts(state))
                    if after != before:
                        report.failures.append(Failure(
                            i, "error", "unchanged", "changed",
                            "a refused action changed the state"))
                else:
                    report.failures.append(Failure(
                        i, "error", step["error"], None,
                        f"{canonical(action)} by seat {seat} was accepted, expected refusal"))
                    return report
            else:
                try:
                    game.apply_in_place(state, seat, action)
                except IllegalAction as exc:
                    report.failures.append(Failure(
                        i, "action", canonical(action), None,
                        f"seat {seat} {canonical(action)} refused: {exc}"))
                    return report
                record.actions.append((seat, action))
        elif "error" in step:
            raise ScenarioError(f"{path}: step {i}: 'error' needs a seat and an action")
        _check(game, state, step, i, report)
    _check(game, state, data, None, report)
    if game.is_over(state):
        report.result = game.result(state).model_dump()
    report.record = record
    return report


def scenario_files(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(
            p for p in path.rglob("*") if p.suffix in (".yaml", ".yml", ".json") and p.is_file()
        )
    if not path.exists():
        raise ScenarioError(f"{path}: no such file or folder")
    return [path]


def replay_path(path: Path) -> list[ScenarioReport]:
    reports = []
    for file in scenario_files(path):
        try:
            reports.append(run_scenario(load_file(file), str(file)))
        except ScenarioError as exc:
            rep = ScenarioReport(str(file), str(file), "?")
            rep.failures.append(Failure(None, "file", None, None, str(exc)))
            reports.append(rep)
    return reports
