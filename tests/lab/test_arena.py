"""The arena: balanced round-robin, the same seeds in every pairing, OpenSkill ratings that
order a planted ladder, the head-to-head table, the stored run and the command."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from typer.testing import CliRunner

from boardlab.engine.protocol import Event, Game, GameConfig, GameState, Result, public, text
from boardlab.engine.rng import make_rng
from boardlab.lab import arena


class PickConfig(GameConfig):
    players: int = 4
    rounds: int = 4


@dataclass
class PickState(GameState):
    totals: list[float]
    offers: list[int]
    turn: int
    rounds: int
    rng: object = None
    log: list[Event] = field(default_factory=list)


class PickGame(Game[PickConfig, PickState]):
    """Each turn the mover takes one of three face-up offers (0-9) into its total; the
    highest total wins. Skill is planted in the bots: ``random`` takes any offer,
    ``greedy`` the better of the first two, ``strong`` the best of all three."""

    id = "pick"
    title = text("挑", "Pick")
    min_players = 2
    max_players = 5
    Config = PickConfig

    def setup(self, config, seed, overrides=None):
        rng = make_rng(seed)
        return PickState([0.0] * config.players, self._deal(rng), 0,
                         config.rounds * config.players, rng=rng)

    @staticmethod
    def _deal(rng) -> list[int]:
        return [rng.randint(0, 9) for _ in range(3)]

    def players(self, state):
        return len(state.totals)

    def to_move(self, state):
        return [] if state.turn >= state.rounds else [state.turn % len(state.totals)]

    def legal_actions(self, state, seat):
        return [{"take": i} for i in range(3)] if seat in self.to_move(state) else []

    def _apply(self, state, seat, action):
        state.totals[seat] += state.offers[action["take"]]
        state.offers = self._deal(state.rng)
        state.turn += 1
        return [public("take", "拿", "take")]

    def view(self, state, seat):
        return {"offers": list(state.offers), "totals": list(state.totals)}

    def is_over(self, state):
        return state.turn >= state.rounds

    def result(self, state):
        best = max(state.totals)
        return Result(scores=list(state.totals),
                      winners=[i for i, t in enumerate(state.totals) if t == best],
                      reason=text("挑完了", "all picked"), summary={})

    def facts(self, state):
        return {"totals": list(state.totals), "turn": state.turn}


class Greedy:
    name = "greedy"

    def choose(self, ctx):
        offers = ctx.view["offers"]
        return {"take": 0 if offers[0] >= offers[1] else 1}


class Strong:
    name = "strong"

    def choose(self, ctx):
        offers = ctx.view["offers"]
        return {"take": offers.index(max(offers))}


PickGame.bots = lambda self: {"greedy": Greedy, "strong": Strong}  # type: ignore[method-assign]
GAME = PickGame()
REF = "tests.lab.test_arena:GAME"


def test_pairings_are_the_labs_mixes():
    assert arena.pairings(["a", "b", "c"], 4) == [["a", "b", "c", "a"], ["b", "c", "a", "b"],
                                                   ["c", "a", "b", "c"]]
    assert len(arena.pairings(list("abcde"), 3)) == 10  # every triple
    with pytest.raises(ValueError, match="once"):
        arena.pairings(["a", "a"], 4)


def test_seat_ranks_put_winners_first_then_scores():
    row = {"players": 4, "winners": [2], "scores": [3.0, 5.0, 9.0, 3.0]}
    assert arena.seat_ranks(row) == [2, 1, 0, 2]


def test_same_seeds_in_every_pairing_and_seats_rotated():
    rows, config = arena.play(REF, ["random", "greedy", "strong"], games=8, seed=3)
    assert len(config["pairings"]) == 3 and len(rows) == 24
    seeds = {v: [r["seed"] for r in rows if r["variant"] == v] for v in range(3)}
    assert seeds[0] == seeds[1] == seeds[2]
    for v, table in enumerate(config["pairings"]):
        got = [r["bots"] for r in rows if r["variant"] == v]
        # the latin design: game i is the pairing shifted by i mod 4 seats
        assert got[1] == table[1:] + table[:1]
        for seat in range(4):  # every seat held each place of the table equally often
            assert sorted(g[seat] for g in got) == sorted(table * 2)


def test_ratings_order_a_planted_ladder():
    bots = ["strong", "random", "greedy"]  # not in ladder order: the ratings must find it
    rows, _ = arena.play(REF, bots, games=40, seed=1)
    summary = arena.summarise(rows, bots)
    assert [r["bot"] for r in summary["ratings"]] == ["strong", "greedy", "random"]
    by = {r["bot"]: r for r in summary["ratings"]}
    # the top and bottom are told apart beyond their intervals
    assert by["strong"]["low"] > by["random"]["high"]
    h2h = summary["head_to_head"]
    assert h2h["strong"]["random"][0] / h2h["strong"]["random"][1] > 0.7
    pts, n = h2h["greedy"]["strong"]
    assert n > 0 and pts + h2h["strong"]["greedy"][0] == pytest.approx(n)


def test_command_prints_ratings_and_stores_the_run():
    from boardlab.cli import app
    from boardlab.lab import store

    res = CliRunner().invoke(app, ["arena", REF, "--bots", "random,strong", "--games", "4",
                                   "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert [r["bot"] for r in out["summary"]["ratings"]][0] == "strong"
    run = store.find_run(out["run"])
    assert run.kind == "arena" and run.summary["ratings"] == out["summary"]["ratings"]
    assert len(store.load_rows(run.id)) == 4 * len(out["config"]["pairings"])
    text_res = CliRunner().invoke(app, ["arena", REF, "--bots", "random,greedy",
                                        "--games", "2", "--no-store"])
    assert text_res.exit_code == 0 and "head to head" in text_res.output


def test_unknown_bot_is_a_clear_error():
    from boardlab.cli import app

    res = CliRunner().invoke(app, ["arena", REF, "--bots", "random,nosuch", "--games", "2"])
    assert res.exit_code == 2
    assert "no bot 'nosuch'" in res.output and "Traceback" not in res.output
