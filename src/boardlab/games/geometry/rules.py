"""Rules of geometry (几何密室 / Dokojong): door bidding, the search, scoring, elimination."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from itertools import combinations
from typing import Any

from boardlab.engine.errors import ConfigError
from boardlab.engine.protocol import (
    Action,
    Event,
    Game,
    Result,
    public,
    public_words,
    seat_refs,
    text,
)
from boardlab.engine.rng import UNSET
from boardlab.games.geometry.config import GeometryConfig
from boardlab.games.geometry.state import GeometryState


def _d(doors: list[int]) -> str:
    return ",".join(str(d + 1) for d in doors)


# (closed doors, how many) -> every choice of that many closed doors, 1-based; the doors
# are few, so each is worked out once (fresh lists are made for every action).
_REOPENS: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}


def _reopens(closed: list[int], want: int) -> tuple[tuple[int, ...], ...]:
    key = (tuple(closed), want)
    found = _REOPENS.get(key)
    if found is None:
        found = _REOPENS[key] = tuple(tuple(d + 1 for d in c)
                                      for c in combinations(closed, want))
    return found


# (open doors, doors, max_open_for_reopen) -> (the doors ``add`` may open, the door sets
# ``reopen`` may open), 1-based. Both depend on nothing else, and there are at most 2^9
# open sets per config, so each is worked out once; ``legal_actions`` then only builds
# the fresh action objects (never shared: a caller may keep or change what it is given).
_RESPONSES: dict[tuple[tuple[int, ...], int, int],
                 tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}


def _responses(open_doors: tuple[int, ...], k: int,
               max_open: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    closed = [d for d in range(k) if d not in open_doors]
    want = len(open_doors) + 1
    reopens = (_reopens(closed, want)
               if len(open_doors) < max_open and want <= len(closed) else ())
    found = _RESPONSES[open_doors, k, max_open] = (tuple(d + 1 for d in closed), reopens)
    return found


# Words of the frequent events, made only when the event is read (rollouts never do).
def _words_open(seat: int, door: int) -> tuple[str, str]:
    return f"领袖 P{seat + 1} 打开房门 {door}", f"leader P{seat + 1} opens door {door}"


def _words_ok(seat: int) -> tuple[str, str]:
    return f"P{seat + 1}：同意", f"P{seat + 1}: agrees"


def _words_lead(seat: int, open_doors: tuple[int, ...]) -> tuple[str, str]:
    doors = _d(list(open_doors))
    return f"P{seat + 1} 成为领袖，打开的房门：{doors}", f"P{seat + 1} takes the lead; open doors: {doors}"


def _words_miss(seat: int, leader: int, door: int) -> tuple[str, str]:
    return (f"P{seat + 1} 指认领袖 P{leader + 1} 的房门 {door}：空门 ✖",
            f"P{seat + 1} accuses leader P{leader + 1}'s door {door}: empty ✖")


def _words_found_by(seat: int, leader: int, door: int) -> tuple[str, str]:
    return (f"P{seat + 1} 在领袖 P{leader + 1} 的房门 {door} 找到图形！",
            f"P{seat + 1} finds leader P{leader + 1}'s shape behind door {door}!")


def _words_found(seat: int, door: int) -> tuple[str, str]:
    return (f"P{seat + 1} 的图形在房门 {door} 被找到！",
            f"P{seat + 1}'s shape is found behind door {door}!")


def _words_reveal_x(seat: int, door: int) -> tuple[str, str]:
    return (f"P{seat + 1} 翻开自己房门 {door} 的空门牌 ✖",
            f"P{seat + 1} turns up an empty card ✖ at door {door}")


def _words_point(seat: int, reveals: int) -> tuple[str, str]:
    return (f"P{seat + 1} 证明了 {reveals} 个空房间，得 1 分",
            f"P{seat + 1} proves {reveals} empty rooms: +1 point")


class GeometryGame(Game[GeometryConfig, GeometryState]):
    id = "geometry"
    title = text("几何密室", "Geometry Rooms")
    min_players = 2
    max_players = 5
    Config = GeometryConfig

    # ---- setup ------------------------------------------------------------------------

    def setup(self, config: GeometryConfig, seed: int,
              overrides: Mapping[str, Any] | None = None) -> GeometryState:
        ov = dict(overrides or {})
        rng = random.Random(seed)
        n, k = config.players, config.doors
        shape = [rng.randrange(k) for _ in range(n)]
        if "shapes" in ov:  # 1-based door numbers, as on the number board
            shape = [int(d) - 1 for d in ov["shapes"]]
            if len(shape) != n or any(not 0 <= d < k for d in shape):
                raise ConfigError("setup.shapes: one door number 1..doors per seat")
        st = GeometryState(cfg=config, rng=rng, shape=shape,
                           revealed=[[False] * k for _ in range(n)],
                           score=[0] * n, penalty=[0] * n, out=[False] * n)
        first = rng.randrange(n) if config.first_leader == "random" else 0
        st.leader = int(ov.get("leader", first)) % n
        for key in ("score", "penalty"):
            if key in ov:
                setattr(st, key, [int(x) for x in ov[key]])
        if "revealed" in ov:  # per seat, 1-based door numbers already face up
            for s, doors in enumerate(ov["revealed"]):
                for d in doors:
                    st.revealed[s][int(d) - 1] = True
        return st

    def players(self, state: GeometryState) -> int:
        return state.n

    # ---- helpers ----------------------------------------------------------------------

    def _left(self, state: GeometryState, seat: int) -> int:
        """The next seat still in the game, clockwise (seat numbers increase to the left)."""
        out = state.out
        n = len(out)
        s = seat
        for _ in range(n):  # seat + 1, seat + 2, ... modulo n; seat itself last
            s += 1
            if s == n:
                s = 0
            if not out[s]:
                return s
        return seat

    def _active(self, state: GeometryState) -> list[int]:
        out = state.out
        return [s for s in range(len(out)) if not out[s]]

    def _reshuffle(self, state: GeometryState, seat: int) -> None:
        k = state.cfg.doors
        state.revealed[seat] = [False] * k
        # randrange(k) is _randbelow(k) for an int k > 0: the same draw, without
        # randrange's argument checks.
        state.shape[seat] = state.rng._randbelow(k)

    # ---- decisions --------------------------------------------------------------------

    def to_move(self, state: GeometryState) -> list[int]:
        if state.phase == "over":
            return []
        if state.phase == "lead":
            return [state.leader]
        if state.phase == "reveal_x":
            return [state.accuser]
        return [state.turn]

    def legal_actions(self, state: GeometryState, seat: int) -> list[Action]:
        # The same lists, in the same order, as the obvious enumeration kept in
        # tests/geometry/test_fastpath.py (compared there on many states): the phase is
        # tested once instead of through ``to_move``, and the door lists of a response
        # come from ``_responses``.
        phase = state.phase
        if phase == "respond":
            if seat != state.turn:
                return []
            cfg = state.cfg
            key = (tuple(state.open), cfg.doors, cfg.max_open_for_reopen)
            found = _RESPONSES.get(key)
            adds, reopens = found if found is not None else _responses(*key)
            acts: list[Action] = [{"type": "ok"}]
            append = acts.append
            for d in adds:
                append({"type": "add", "door": d})
            for c in reopens:
                append({"type": "reopen", "doors": [*c]})
            for d, shown in enumerate(state.revealed[state.leader], 1):
                if not shown:
                    append({"type": "accuse", "door": d})
            return acts
        if phase == "lead":
            if seat != state.leader:
                return []
            return [{"type": "open", "door": d} for d in range(1, state.cfg.doors + 1)]
        if phase == "reveal_x":
            if seat != state.accuser:
                return []
            shape = state.shape[seat] + 1
            return [{"type": "reveal_x", "door": d}
                    for d, shown in enumerate(state.revealed[seat], 1)
                    if not shown and d != shape]
        return []

    def random_action(self, state: GeometryState, seat: int,
                      randbelow: Callable[[int], int]) -> Action:
        """``legal_actions(state, seat)[randbelow(n)]`` building only the chosen action: a
        response's list is ok, the adds, the reopens, the accusations, in that order, so
        the index says which part and which entry (rollouts; tested equal)."""
        phase = state.phase
        if phase == "lead" and seat == state.leader:  # doors 1..k, in order
            return {"type": "open", "door": randbelow(state.cfg.doors) + 1}
        if phase != "respond" or seat != state.turn:
            legal = self.legal_actions(state, seat)
            return legal[randbelow(len(legal))]
        cfg = state.cfg
        key = (tuple(state.open), cfg.doors, cfg.max_open_for_reopen)
        found = _RESPONSES.get(key)
        adds, reopens = found if found is not None else _responses(*key)
        hidden = [d for d, shown in enumerate(state.revealed[state.leader], 1) if not shown]
        i = randbelow(1 + len(adds) + len(reopens) + len(hidden))
        if i == 0:
            return {"type": "ok"}
        i -= 1
        if i < len(adds):
            return {"type": "add", "door": adds[i]}
        i -= len(adds)
        if i < len(reopens):
            return {"type": "reopen", "doors": [*reopens[i]]}
        return {"type": "accuse", "door": hidden[i - len(reopens)]}

    def describe_action(self, state: GeometryState, seat: int, action: Action,
                        lang: str = "en") -> str:
        t = action.get("type")
        zh = lang == "zh"
        if t == "open":
            return f"打开房门 {action['door']}" if zh else f"open door {action['door']}"
        if t == "ok":
            return "同意" if zh else "agree"
        if t == "add":
            return f"再开房门 {action['door']}" if zh else f"also open door {action['door']}"
        if t == "reopen":
            ds = ",".join(str(d) for d in action["doors"])
            return f"改开房门 {ds}" if zh else f"reopen doors {ds}"
        if t == "accuse":
            return (f"指认领袖的第 {action['door']} 张牌" if zh
                    else f"accuse leader's card {action['door']}")
        if t == "reveal_x":
            return (f"翻开我在房门 {action['door']} 的空门牌 ✖" if zh
                    else f"turn up my empty card ✖ at door {action['door']}")
        return str(action)

    # ---- transitions ------------------------------------------------------------------

    def _apply(self, state: GeometryState, seat: int, action: Action) -> list[Event]:
        t = action["type"]
        ev: list[Event] = []
        if t == "open":
            state.open = [action["door"] - 1]
            state.phase, state.oks = "respond", 0
            state.turn = self._left(state, state.leader)
            ev.append(public_words("open", _words_open, (seat, action["door"]),
                                   door=action["door"], seat=seat, doors=[action["door"]]))
            return ev
        if t == "ok":
            state.oks += 1
            ev.append(public_words("ok", _words_ok, (seat,)))
            out = state.out
            if state.oks >= len(out) - sum(out) - 1:  # every other active seat said OK
                ev += self._search_all(state)
                ev += self._finish_search(state)
            else:
                state.turn = self._left(state, seat)
            return ev
        if t in ("add", "reopen"):
            if t == "add":
                state.open = sorted([*state.open, action["door"] - 1])
                opened = [action["door"]]
            else:
                state.open = sorted(d - 1 for d in action["doors"])
                opened = list(action["doors"])
            state.leader, state.oks = seat, 0
            state.turn = self._left(state, seat)
            ev.append(public_words(t, _words_lead, (seat, tuple(state.open)),
                                   open=[d + 1 for d in state.open], seat=seat, doors=opened))
            return ev
        if t == "accuse":
            d, ld = action["door"] - 1, state.leader
            state.revealed[ld][d] = True
            if state.shape[ld] == d:
                state.penalty[ld] += 1
                self._reshuffle(state, ld)
                ev.append(public_words("found", _words_found_by, (seat, ld, d + 1),
                                       seat=ld, by=seat))
                state.accuser = seat
                if any(not r and d != state.shape[seat]
                       for d, r in enumerate(state.revealed[seat])):
                    state.phase = "reveal_x"
                    return ev
                ev += self._finish_search(state)  # no X card left face down (tiny configs)
                return ev
            ev.append(public_words("miss", _words_miss, (seat, ld, d + 1), seat=ld, by=seat))
            ev += self._finish_search(state)
            return ev
        if t == "reveal_x":
            state.revealed[seat][action["door"] - 1] = True
            ev.append(public_words("reveal_x", _words_reveal_x, (seat, action["door"])))
            ev += self._finish_search(state)
            return ev
        raise AssertionError(t)  # check_action only lets legal types through

    def _search_all(self, state: GeometryState) -> list[Event]:
        """Step 1 after all OKs: from the leader clockwise, reveal the open doors."""
        ev: list[Event] = []
        seat = state.leader
        open_doors, revealed, shape = state.open, state.revealed, state.shape
        for _ in range(len(self._active(state))):
            mine = revealed[seat]
            for d in open_doors:
                mine[d] = True
            if shape[seat] in open_doors:
                door = shape[seat] + 1
                state.penalty[seat] += 1
                self._reshuffle(state, seat)
                ev.append(public_words("found", _words_found, (seat, door), seat=seat))
                break  # the search stops: the remaining seats reveal nothing
            seat = self._left(state, seat)
        return ev

    def _finish_search(self, state: GeometryState) -> list[Event]:
        """Step 2 (points, elimination) and step 3 (close the doors, next round)."""
        ev: list[Event] = []
        cfg, out, revealed, score, penalty = (state.cfg, state.out, state.revealed,
                                              state.score, state.penalty)
        active = self._active(state)
        need = cfg.score_reveals
        for s in active:
            if sum(revealed[s]) >= need:
                score[s] += 1
                self._reshuffle(state, s)
                ev.append(public_words("point", _words_point, (s, need), seat=s))
        limit = cfg.penalties_out
        for s in active:  # scoring put no one out: the same seats are still in
            if penalty[s] >= limit:
                out[s] = True
                ev.append(public("out", f"P{s + 1} 出局", f"P{s + 1} is out", seat=s))
        if out[state.leader]:
            state.leader = self._left(state, state.leader)
        state.open, state.oks, state.accuser = [], 0, -1
        state.rounds += 1
        active = [s for s in active if not out[s]]  # == self._active(state) now
        win = cfg.win_points
        if any(score[s] >= win for s in active):
            best = max((score[s], -penalty[s]) for s in active)
            state.winners = [s for s in active if (score[s], -penalty[s]) == best]
            state.reason = "points"
        elif len(active) <= 1:
            state.winners, state.reason = active, "last"
        if state.winners is not None:
            state.phase = "over"
            ev.append(public("over", f"游戏结束，获胜：{seat_refs(state.winners, 'zh')}",
                             f"game over, winners: {seat_refs(state.winners)}"))
        else:
            state.phase = "lead"
        return ev

    # ---- views and the end -------------------------------------------------------------

    def view(self, state: GeometryState, seat: int | None) -> dict[str, Any]:
        seats = []
        revealed, shape, score, penalty, out = (state.revealed, state.shape, state.score,
                                                state.penalty, state.out)
        for s in range(len(shape)):
            if seat == s:  # its own board: where its shape is, and its face-down X cards
                mine = shape[s]
                cards = ["shape" if d == mine else ("X" if r else "x")
                         for d, r in enumerate(revealed[s])]
            else:
                cards = ["X" if r else None for r in revealed[s]]
            seats.append({"cards": cards, "score": score[s], "penalty": penalty[s],
                          "out": out[s]})
        return {"game": self.id, "seat": seat, "phase": state.phase, "leader": state.leader,
                "turn": self.to_move(state), "oks": state.oks, "accuser": state.accuser,
                "open": [d + 1 for d in state.open], "doors": state.cfg.doors,
                "seats": seats, "round": state.rounds,
                "winners": None if state.winners is None else list(state.winners),
                "led_doors": self.led_doors(state),
                "visible_log": self.visible_log(state, seat)}

    @staticmethod
    def led_doors(state: GeometryState) -> list[list[int]]:
        """Per seat, the doors (1-based) it opened itself as leader since its cards were
        last shuffled - public: everyone saw it open them. A leader who opens its own
        shape's door is searched first and found, so these are doors its shape is
        almost surely not behind (the bots' inference, rulings R14)."""
        # Kept per state and extended with the events appended since the last call (the log
        # only grows), so a view costs the same early and late in a game.
        log = state.log
        cached = state.__dict__.get("_led")
        if cached is None or cached[0] is not log or cached[1] > len(log):
            cached = (log, 0, [set() for _ in range(state.n)])
        _, seen, led = cached
        for e in log[seen:]:
            seat = e.data.get("seat")
            if e.kind in ("open", "add", "reopen") and isinstance(seat, int):
                led[seat].update(e.data.get("doors", []))
            elif e.kind in ("found", "point") and isinstance(seat, int):
                led[seat] = set()
        state.__dict__["_led"] = (log, len(log), led)
        return [sorted(x) for x in led]

    def is_over(self, state: GeometryState) -> bool:
        return state.phase == "over"

    def result(self, state: GeometryState) -> Result:
        if not self.is_over(state):
            raise ValueError("the game is not over")
        reason = (text("有玩家翻开了 2 个得分标记", "a player flipped the winning score markers")
                  if state.reason == "points" else text("只剩 1 位玩家", "one player is left"))
        return Result(scores=[float(s) for s in state.score], winners=list(state.winners or []),
                      reason=reason,
                      summary={"rounds": state.rounds, "penalties": list(state.penalty),
                               "out": sum(state.out), "end": state.reason})

    def outcome(self, state: GeometryState) -> tuple[list[float], list[int]]:
        """``result``'s scores and winners, without building the Result (search bots)."""
        if not self.is_over(state):
            raise ValueError("the game is not over")
        return [float(s) for s in state.score], list(state.winners or [])

    def facts(self, state: GeometryState) -> dict[str, Any]:
        return {"phase": state.phase, "leader": state.leader, "turn": self.to_move(state),
                "oks": state.oks, "open": [d + 1 for d in state.open],
                "shapes": [d + 1 for d in state.shape],
                "revealed": [[d + 1 for d, r in enumerate(rv) if r] for rv in state.revealed],
                "revealed_count": [sum(r) for r in state.revealed],
                "score": list(state.score), "penalty": list(state.penalty),
                "out": list(state.out), "rounds": state.rounds, "winners": state.winners}

    def determinize(self, state: GeometryState, seat: int, rng: random.Random) -> GeometryState:
        w = state.copy(rng=UNSET)  # a fresh generator is set below
        for s in range(w.n):
            if s != seat:
                hidden = [d for d in range(w.cfg.doors) if not w.revealed[s][d]]
                w.shape[s] = rng.choice(hidden)
        w.rng = random.Random(rng.random())
        return w
