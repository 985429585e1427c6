"""A small dice game for lab tests: each seat rolls ``dice`` dice per round and may stop or
roll again (a bust above ``limit`` scores 0). Roles: a "lucky" seat adds 1 to its total.
The summary holds figures a lab metric can read."""

from __future__ import annotations

from dataclasses import dataclass, field

from boardlab.engine.claims import (
    Claim,
    Formula,
    Metric,
    NotCheckable,
    Paired,
    Register,
    Search,
    Simulate,
    summary_value,
)
from boardlab.engine.protocol import Event, Game, GameConfig, GameState, Result, public, text
from boardlab.engine.rng import make_rng


class DiceConfig(GameConfig):
    players: int = 3
    limit: int = 12
    dice: int = 1


@dataclass
class DiceState(GameState):
    totals: list[int]
    stopped: list[bool]
    limit: int
    dice: int
    roles: list[str | None]
    rolls: int = 0
    first: int = 0
    rng: object = None
    log: list[Event] = field(default_factory=list)


class DiceGame(Game[DiceConfig, DiceState]):
    id = "dice"
    title = text("骰子", "Dice")
    min_players = 2
    max_players = 5
    Config = DiceConfig

    def setup(self, config, seed, overrides=None):
        roles = list((overrides or {}).get("roles") or [None] * config.players)
        return DiceState([0] * config.players, [False] * config.players, config.limit,
                         config.dice, roles, rng=make_rng(seed))

    def players(self, state):
        return len(state.totals)

    def to_move(self, state):
        live = [s for s in range(len(state.totals)) if not state.stopped[s]]
        return live[:1]

    def legal_actions(self, state, seat):
        return [{"type": "roll"}, {"type": "stop"}] if seat in self.to_move(state) else []

    def _apply(self, state, seat, action):
        if action["type"] == "stop":
            state.stopped[seat] = True
            return [public("stop", "停", "stop")]
        state.rolls += 1
        got = sum(state.rng.randint(1, 6) for _ in range(state.dice))
        state.first = state.first or got
        state.totals[seat] += got
        if state.totals[seat] > state.limit:
            state.totals[seat] = 0
            state.stopped[seat] = True
        return [public("roll", "掷", "roll")]

    def view(self, state, seat):
        return {"totals": list(state.totals), "limit": state.limit}

    def is_over(self, state):
        return all(state.stopped)

    def result(self, state):
        scores = [t + (1 if t and r == "lucky" else 0) for t, r in
                  zip(state.totals, state.roles, strict=True)]
        best = max(scores)
        return Result(scores=[float(s) for s in scores],
                      winners=[i for i, s in enumerate(scores) if s == best],
                      reason=text("都停了", "all stopped"),
                      summary={"rolls": state.rolls, "first": state.first,
                               "busts": sum(t == 0 for t in state.totals),
                               "any_bust": any(t == 0 for t in state.totals),
                               "roles": state.roles})

    def facts(self, state):
        return {"totals": list(state.totals), "rolls": state.rolls, "limit": state.limit}


class Cautious:
    name = "cautious"

    def choose(self, ctx):
        mine = ctx.view["totals"][ctx.seat]
        return {"type": "roll"} if mine <= ctx.view["limit"] - 6 else {"type": "stop"}


class Bold:
    name = "bold"

    def choose(self, ctx):
        mine = ctx.view["totals"][ctx.seat]
        return {"type": "roll"} if mine <= ctx.view["limit"] - 3 else {"type": "stop"}


def _bots():
    return {"cautious": Cautious, "bold": Bold}


DiceGame.bots = lambda self: _bots()  # type: ignore[method-assign]
GAME = DiceGame()


def _first(row):
    return float(row["summary"]["first"])


def _first_six(row):
    return float(row["summary"]["first"] == 6)


# Planted claims with known answers: the first roll of a one-die game is uniform on 1..6
# (mean 3.5, a six 1 time in 6); a bust resets a total to 0, so no total ever exceeds the
# limit; random play can roll many times.
REGISTER = Register(
    game="dice", source="test rulebook",
    claims=[
        Claim("limit", "§1", "上限 12", "The default limit is 12.", "arithmetic", 12,
              Formula(lambda: DiceConfig().limit)),
        Claim("limit.false", "§1", "上限 10", "The default limit is 10 (planted false).",
              "arithmetic", 10, Formula(lambda: DiceConfig().limit)),
        Claim("first.mean", "§2", "首掷平均 3.5", "The first roll averages 3.5.", "strategy",
              3.5, Simulate({"players": 3}, per_game=_first, bounds=(1.0, 6.0), games=300)),
        Claim("first.mean.false", "§2", "首掷平均 4.5",
              "The first roll averages 4.5 (planted false).", "strategy", 4.5,
              Simulate({"players": 3}, per_game=_first, bounds=(1.0, 6.0), games=300)),
        Claim("first.six.false", "§2", "首掷六点一半",
              "The first roll is a six half the time (planted false).", "strategy", 0.5,
              Simulate({"players": 3}, per_game=_first_six, bounds=(0.0, 1.0), games=300)),
        Claim("never.above", "§3", "总点数从不超过上限",
              "No total ever exceeds the limit (a bust resets it to 0).", "bound", 12,
              Search({"players": 3}, segment=lambda f: 0,
                     measure=lambda first, last: max(last["totals"]), compare="le",
                     walks=40)),
        Claim("short.false", "§3", "每局至多 8 掷",
              "A game never takes more than 8 rolls (planted false).", "bound", 8,
              Search({"players": 3}, segment=lambda f: 0,
                     measure=lambda first, last: last["rolls"], compare="le", walks=40)),
        Claim("two.dice.fewer", "§4", "两颗骰子掷得更少",
              "With two dice a game takes fewer rolls than with one.", "strategy", "fewer",
              Paired({"players": 3, "dice": 2}, {"players": 3, "dice": 1},
                     summary_value("rolls"), direction="less", games=150)),
        Claim("designer", "§5", "设计者测试了 1000 局", "The designer tested 1000 games.",
              "strategy", 1000, NotCheckable("the designer's games are not published")),
    ],
    metrics=[Metric("rolls", summary_value("rolls")), Metric("busts", summary_value("busts")),
             Metric("any_bust", summary_value("any_bust"), proportion=True),
             Metric("top_score", lambda r: max(r["scores"]))],
    stand_in="bold and cautious are the test game's only bots",
)
