"""burgle's spelt-out calls (issue 9) play exactly as the code they replaced.

``_Plain`` is the game with these methods as they were before: the end of a turn and a
move applied through the dispatch, ``parse_pos`` on every listed name, ``_active`` /
``_has`` / ``_guard_on`` / ``s.n`` asked where they are now spelt out, ``_reveal``,
``_leave`` and ``_player_seen_on_entry`` called on every entry, the nearest alarm searched
at every arrival and ``_trade_actions`` asked at every decision. Games of both, from the
same seeds and bots, must have the same records, logs, results and final states.
"""

from __future__ import annotations

import pytest

from boardlab.bots.base import RandomBot
from boardlab.engine.match import play_match
from boardlab.engine.protocol import Action, Event, public, public_words, text
from boardlab.games.burgle import GAME, data, texts, words
from boardlab.games.burgle.bots import BOTS
from boardlab.games.burgle.rules import (
    _ABILITY_SIDES,
    _COMPUTER_OF,
    _KIND,
    _NO_SEATS,
    _STEP_KINDS,
    ADD_DIE,
    CELLS,
    END,
    HACK,
    MOVE,
    PEEK,
    ROLL,
    ROOF,
    BurgleGame,
    parse_pos,
    pname,
)
from boardlab.games.burgle.state import BurgleState

from .before import Before


class _Plain(Before):
    """The methods as they were before they spelt their calls out (copied unchanged; the
    rest of ``legal_actions`` as before the floor tables, from ``before.py``)."""

    def _new_patrol_dest(self, s: BurgleState, f: int) -> list[Event]:
        g = s.guards[f]
        ev: list[Event] = []
        while True:
            card, more = self._draw_patrol(s, f)
            ev += more
            if card != g["pos"]:
                break  # a card naming his own tile is reached at once (R7)
        g["dest"] = card
        g["tie"] = []
        dest = pname(card)
        ev.append(public_words("patrol", words.patrol, (f + 1, dest), floor=f + 1, dest=dest))
        return ev

    def _arrive(self, s: BurgleState, f: int) -> list[Event]:
        nearest = self._nearest_alarm(s, f)
        if nearest is not None:
            s.guards[f]["dest"] = nearest
            return []
        return self._new_patrol_dest(s, f)

    def _guard_turn(self, s: BurgleState, f: int) -> list[Event]:
        g = s.guards[f]
        if g["pos"] < 0:
            return []
        moves = g["die"] + len(self._floor_alarms(s, f)) + s.guard_mod
        ev: list[Event] = []
        if g["donut"]:
            g["donut"] = False
            moves = 0
            ev.append(public("donut", "守卫在吃甜甜圈，这回合不动",
                             "the guard eats the donuts and does not move"))
        if (s.crow == g["pos"] and self._anyone(s, "raven", "advanced") is not None
                and not self._floor_alarms(s, f)):
            moves = 0
            ev.append(public("crow", "乌鸦缠住了守卫，他这回合不动",
                             "the crow keeps the guard busy: he does not move"))
        walk: list[list[str]] = []
        steps = self._step_guard(s, f, moves, walk)
        if moves > 0:
            ev.append(public_words("guard_move", words.guard_moves, (f + 1, moves), floor=f + 1,
                                   moves=moves, walk=walk))
        return ev + steps

    def _enter(self, s: BurgleState, seat: int, p: int, *, pay: bool = True,
               via_move: bool = True) -> list[Event]:
        """A player enters ``p`` (the move's own action already paid). Runs stop tiles,
        the alarm tiles, labs, falls and sight. ``pay=False``: extra costs ignored (Rook)."""
        pl = s.players[seat]
        src = pl["pos"]
        fresh = not s.revealed[p]
        ev = self._reveal(s, p)  # a new list, ours to extend
        kind = _KIND[s.tiles[p]]
        active = p not in s.disabled
        guard_there = self._guard_on(s, p)
        # Walkway revealed by moving onto it: fall a floor (not entering) (supplement).
        if fresh and kind == "walkway" and active and via_move:
            ev += self._leave(s, seat, src)
            if p // CELLS > 0:
                pl["pos"] = p
                ev.append(public_words("fall", words.fall, (seat, pname(p)), seat=seat))
                s.stats["falls"] = s.stats.get("falls", 0) + 1
                return ev + self._place(s, seat, p - CELLS)
        # Stop tiles: stay where you were if the requirement is not met.
        if active and kind == "keypad" and p not in s.keypads_open and via_move:
            tries = s.keypad_tries.get(p, 0) + 1
            s.keypad_tries[p] = tries
            dice = tries + (1 if self._has(s, seat, "peterman", "basic") else 0)
            roll = [s.rng.randint(1, 6) for _ in range(dice)]
            if 6 in roll:
                s.keypads_open.append(p)
                ev.append(public_words("keypad", words.keypad, (roll, True), roll=roll))
            else:
                return ev + [public_words("keypad", words.keypad, (roll, False), roll=roll)]
        if active and kind == "deadbolt" and not guard_there and not self._players_on(s, p) and pay:
            if self._left(s) < 2:
                return ev + [public("deadbolt", "门闩要 3 个行动，行动不够，留在原地",
                                    "the deadbolt needs 3 actions; not enough: you stay")]
            s.used += 2
        if "gemstone" in pl["loot"] and self._players_on(s, p) and pay:
            if self._left(s) < 1:
                return ev + [public("gemstone", "带着宝石进有人的格要多 1 行动，行动不够",
                                    "with the Gemstone a tile with a player costs 1 more action; not enough")]
            s.used += 1
        ev += self._leave(s, seat, src)
        pl["pos"] = p
        if seat == s.seat:  # (issue 22: the current player's own entries, R47)
            s.entered.append(p)
        seen: set[int] | frozenset[int] = _NO_SEATS  # whom a guard appearing now saw
        if src < 0 or src // CELLS != p // CELLS:
            seen = set()
            ev += self._enter_floor(s, p, seen)
        if s.phase == "over":
            return ev
        acro = guard_there and pl["char"] == "acrobat" and pl["side"] == "basic"
        if seat not in seen:  # a guard appearing on him already saw him (ruling R10a)
            ev += self._player_seen_on_entry(s, seat, p, acrobat_free=acro)
        if s.phase == "over":  # (issue 22: a guard here stops only the alarm, R39)
            return ev
        if active:
            if kind == "laser" and "mirror" not in pl["loot"] and pay and not guard_there \
                    and not self._hacker_on(s, p):
                if self._left(s) >= 1:
                    s.used += 1
                else:
                    ev += self._alarm(s, p, "laser")
            elif kind == "fingerprint":
                ev += self._alarm(s, p, "fingerprint")
            elif kind == "detector" and (pl["tools"] or pl["loot"]):
                ev += self._alarm(s, p, "detector")
            elif kind == "thermo" and "isotope" in pl["loot"]:
                ev += self._alarm(s, p, "thermo")
            elif kind == "camera" and "video_loop" not in s.effects and s.effects.get("invisible") != seat:
                if any(g["pos"] >= 0 and g["pos"] != p and self._active(s, g["pos"], "camera")
                       for g in s.guards):
                    ev += self._alarm(s, p, "camera")
            elif kind == "lab" and p not in s.labs_taken:
                s.labs_taken.append(p)
                ev += self._draw_tool(s, seat)
        return ev

    def _safe_here(self, s: BurgleState, seat: int) -> list[int]:
        """Safes this seat can work on: its own tile, and for the advanced Peterman the
        revealed safe right above or below."""
        p = s.players[seat]["pos"]
        if p < 0:
            return []
        out = [p] if self._active(s, p, "safe") else []
        if self._has(s, seat, "peterman", "advanced"):
            for q in (p - CELLS, p + CELLS):
                if 0 <= q < s.floors * CELLS and self._active(s, q, "safe"):
                    out.append(q)
        return [q for q in out if not s.safe_open[q // CELLS]]

    def _end_actions(self, s: BurgleState) -> list[Event]:
        seat = s.seat
        pl = s.players[seat]
        ev: list[Event] = []
        if pl["pos"] >= 0 and self._active(s, pl["pos"], "thermo"):
            ev += self._alarm(s, pl["pos"], "thermo")
        if s.phase == "over":
            return ev
        limit = 3 if "stamp" in pl["loot"] else 2
        # Moves straight back to the tile just left do not count (the rulebook forbids
        # pacing between two rooms to dodge the event card; R14).
        if pl["pos"] != ROOF and s.used - s.paced <= limit:
            ev += self._event(s)
            if s.phase in ("choice", "over"):
                return ev
        return ev + self._guard_phase(s)

    def _guard_phase(self, s: BurgleState) -> list[Event]:
        seat = s.seat
        pl = s.players[seat]
        ev: list[Event] = []
        s.effects.pop("invisible", None)
        if pl["pos"] >= 0:  # no guard moves on the turn of an escape
            f = pl["pos"] // CELLS
            if self._has(s, seat, "acrobat", "basic") and self._guard_on(s, pl["pos"]):
                ev += self._lose_stealth(s, seat, "guard", f)
            if s.effects.pop("shift_change", None) is not None:
                order = [other for other in range(s.floors) if other != f]
            else:
                order = [f]
            ev += self._walk_floors(s, order)
        if s.phase in ("over", "choice"):
            return ev
        return ev + self._next_turn(s)

    def _next_turn(self, s: BurgleState) -> list[Event]:
        for pl in s.players:
            if pl["pos"] != ROOF:
                break
        else:  # everyone is on the roof
            return [self._over(s, True, text("所有人都从楼顶逃走了：团队胜利！",
                                             "everyone escaped from the roof: the team wins!"))]
        s.turn += 1
        s.stats["turns"] = s.turn
        if s.turn >= s.cfg.turn_limit:
            # Out of time: nobody was caught anywhere, so the record names only when and why
            # (no seat, place or guard; see texts.loss_reason).
            s.stats["loss"] = {"turn": s.turn, "by": "time"}
            return [self._over(s, False, texts.loss_reason(s.stats["loss"]))]
        seat = s.seat
        ev: list[Event] = []
        for _ in range(2 * s.n + 1):
            seat = (seat + 1) % s.n
            if s.players[seat]["pos"] == ROOF:
                continue
            if s.effects.get("jump_the_gun") == seat:
                del s.effects["jump_the_gun"]
                ev.append(public_words("skip", words.skip, (seat,), seat=seat))
                continue
            break
        return ev + self._start_turn(s, seat)

    def _turn_actions(self, s: BurgleState, seat: int) -> list[Action]:
        pl = s.players[seat]
        p = pl["pos"]
        left = s.max_actions - s.used
        acts: list[Action] | None = None
        if left >= 1:
            # the kind of an active (revealed, not crowbarred) tile here, else None
            here = _KIND[s.tiles[p]] if s.revealed[p] and p not in s.disabled else None
            if here not in _STEP_KINDS and p >= 0 and ("gemstone" not in pl["loot"] or left >= 2):
                acts = self._plain_steps(s, p, pl["loot"])
            if acts is None:  # the general case: links, stairs, walkways, ducts, ...
                if "gemstone" in pl["loot"] and left < 2:
                    acts = [MOVE[q] for q in self._move_targets(s, seat)
                            if q == ROOF or not self._players_on(s, q)]
                else:
                    acts = [MOVE[q] for q in self._move_targets(s, seat)]
                acts += [PEEK[q] for q in self._peek_targets(s, p)]
            if here is not None:
                comp = _COMPUTER_OF.get(here)
                if comp and s.hacks[comp] < data.MAX_HACKS:
                    acts.append(HACK)
            # _safe_here lists nothing unless this is a safe or the advanced Peterman asks
            safes = self._safe_here(s, seat) if here == "safe" or pl["char"] == "peterman" \
                else ()
            if safes:
                keycard = [i for i, o in enumerate(s.players) if "keycard" in o["loot"]]
                for safe in safes:
                    if left >= 2 and s.safe_dice[safe // CELLS] < data.MAX_SAFE_DICE:
                        acts.append(ADD_DIE[safe])
                    if s.safe_dice[safe // CELLS] > 0 and all(
                            s.players[k]["pos"] == safe for k in keycard):
                        acts.append(ROLL[safe])
        else:
            acts = []
            if pl["char"] == "acrobat" and pl["side"] == "basic":
                for q in self._move_targets(s, seat):
                    if q >= 0 and self._guard_on(s, q):
                        acts.append(MOVE[q])
        if (pl["char"], pl["side"]) in _ABILITY_SIDES:
            acts += self._ability_actions(s, seat, left)
        if pl["tools"] and "bust" not in pl["loot"]:
            acts += self._tool_actions(s, seat)
        acts += self._trade_actions(s, seat)
        acts.append(END)
        return acts

    def _apply(self, state: BurgleState, seat: int, action: Action) -> list[Event]:
        if action["type"] == "move":  # the most frequent choice, without the dispatch
            state.last_roll = -1  # (as _apply_action: no stethoscope roll kept)
            ev = self._move(state, seat, parse_pos(action["to"]))
        else:
            ev = self._apply_action(state, seat, action)
        if state.phase == "actions":  # _settle_ties asks nothing in other phases
            for g in state.guards:
                if g["tie"]:  # and nothing unless a guard has a tie
                    return ev + self._settle_ties(state)
        return ev


def _played(game: BurgleGame, config: dict, seed: int, bots: list) -> tuple:
    out = play_match(game, config, seed, bots)
    s = out.state
    return (out.record.model_dump_json(), out.result.model_dump_json(),
            [(e.kind, e.data, e.visible_to, e.text) for e in s.log],
            {k: v for k, v in s.__dict__.items() if k not in ("log", "rng")},
            s.rng.getstate(), game.view(s, None))


_CONFIGS = [
    {"players": 2},
    {"players": 1, "walls": "random"},
    {"players": 3, "alarm_ties": "reading", "events": "later"},
    {"players": 4, "walls": "random", "sides": "advanced", "trades": "free"},
    {"players": 2, "sides": "basic", "walkway_down_enters": True, "loot": "simple"},
    {"players": 3, "patrol_removed": "none", "turn_limit": 30},
]


@pytest.mark.parametrize("config", _CONFIGS)
def test_random_games_play_as_with_the_calls_spelt_out(config):
    plain = _Plain()
    for seed in range(40):
        bots = [RandomBot() for _ in range(config["players"])]
        assert _played(GAME, config, seed, bots) == _played(plain, config, seed, bots)


def test_team_games_play_as_with_the_calls_spelt_out():
    plain = _Plain()
    for players in (2, 3):
        for seed in range(3):
            mine = _played(GAME, {"players": players}, 700 + seed,
                           [BOTS["team"]() for _ in range(players)])
            theirs = _played(plain, {"players": players}, 700 + seed,
                             [BOTS["team"]() for _ in range(players)])
            assert mine == theirs
