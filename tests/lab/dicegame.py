"""A small dice game for lab tests: each seat rolls ``dice`` dice per round and may stop or
roll again (a bust above ``limit`` scores 0). Roles: a "lucky" seat adds 1 to its total.
The summary holds figures a lab metric can read."""

from __future__ import annotations

from dataclasses import dataclass, field

from boardlab.engine.protocol import Event, Game, GameConfig, GameState, Result, public, text
from boardlab.engine.rng import make_rng
from boardlab.lab.spec import Experiment, LabSpec, Metric, summary_metric


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
        state.totals[seat] += sum(state.rng.randint(1, 6) for _ in range(state.dice))
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
                      summary={"rolls": state.rolls, "busts": sum(t == 0 for t in state.totals),
                               "any_bust": any(t == 0 for t in state.totals),
                               "roles": state.roles})

    def facts(self, state):
        return {"totals": list(state.totals)}


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


def _checks(rows):
    from boardlab.lab.balance import mean_check, proportion_check, win_rate

    return [
        proportion_check("bold wins, 3p", 0.5, win_rate(rows, style="bold"), published_n=300),
        mean_check("rolls per game", 9.0, [r["metrics"]["rolls"] for r in rows]),
        proportion_check("cautious wins (not comparable)", None, win_rate(rows, style="cautious"),
                         note="the rulebook gives no figure"),
    ]


LAB = LabSpec(
    metrics=[summary_metric("rolls"), summary_metric("busts"),
             summary_metric("any_bust", proportion=True),
             Metric("top_score", lambda r: max(r["scores"]))],
    default_bots=["cautious", "bold"],
    experiments=[Experiment("mix", "cautious vs bold", {"players": 3}, ["cautious", "bold"],
                            _checks, games=60)],
    stand_in="bold and cautious are the test game's only bots",
    source="test rulebook",
)
