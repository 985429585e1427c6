"""cat's fast paths give exactly what the plain code before them gave (issue 9).

``PlainCat`` is the game as it was written before the speed-ups (commit 574500e): every
legal action built afresh, every event made and worded on the spot, ``rng.shuffle``, a
state copy in ``determinize``, a validated ``Result``. The real game and ``PlainCat`` play
the same random games side by side and must agree at every step: who moves, every seat's
legal list (keys in the same order), every event (kind, data, audience and zh/en words),
the facts, ``determinize`` (the world and the generator's state after), and the result.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from boardlab.engine.errors import ConfigError
from boardlab.engine.protocol import (
    Action,
    Event,
    Result,
    canonical,
    private_words,
    public,
    public_words,
    seat_refs,
    text,
)
from boardlab.engine.rng import UNSET, make_rng
from boardlab.games.cat import GAME, data, rules
from boardlab.games.cat.config import CatConfig
from boardlab.games.cat.rules import (
    CHAOS_ROLES,
    OVERRIDE_KEYS,
    CatGame,
    _words_chosen,
    _words_draw,
    _words_drawn,
    _words_face_down,
    _words_reveal,
    label,
    rn,
)
from boardlab.games.cat.scoring import ceil_div, exposure_deltas, final_bills, ranks
from boardlab.games.cat.state import CatState


def _words_effect(s: int, a: Mapping[str, Any], zh: str, en: str, before: int,
                  after: int) -> tuple[str, str]:
    return (f"P{s + 1} {label(a, 'zh')}：{zh}，乐趣 {before}→{after}",
            f"P{s + 1} {label(a, 'en')}: {en}, fun {before}->{after}")


class PlainCat(CatGame):
    """The rules as written before the speed-ups (verbatim)."""

    def setup(self, config: CatConfig, seed: int,
              overrides: Mapping[str, Any] | None = None) -> CatState:
        ov = dict(overrides or {})
        bad = set(ov) - OVERRIDE_KEYS
        if bad:
            raise ConfigError(f"unknown cat setup keys {sorted(bad)}; "
                              f"allowed: {', '.join(sorted(OVERRIDE_KEYS))}")
        n = config.players
        rng = make_rng(seed)
        pools = {p: data.full_pile(p) for p in data.PILES}
        hands: list[list[str]] = [[] for _ in range(n)]
        if "hands" in ov:
            raw = ov["hands"]
            if not isinstance(raw, list) or len(raw) != n:
                raise ConfigError(f"setup.hands must list {n} hands")
            for s, hand in enumerate(raw):
                if not isinstance(hand, list) or len(hand) > config.hand_size:
                    raise ConfigError(f"setup.hands.{s} must be a list of at most "
                                      f"{config.hand_size} cards")
                for card in hand:
                    self._take(pools, card, f"setup.hands.{s}")
                hands[s] = list(hand)
        piles: dict[str, list[str]] = {}
        top = ov.get("piles", {}) or {}
        if not isinstance(top, dict) or set(top) - set(data.PILES):
            raise ConfigError(f"setup.piles maps {', '.join(data.PILES)} to cards, top first")
        for p in data.PILES:
            prefix = list(top.get(p, []))
            for card in prefix:
                if not data.valid_card(card) or data.pile_of(card) != p:
                    raise ConfigError(f"setup.piles.{p}: {card!r} is not a card of that pile")
                self._take(pools, card, f"setup.piles.{p}")
            rest = pools[p]
            rng.shuffle(rest)
            piles[p] = rest + prefix[::-1]  # the top card is the last item
        roles: list[str | None] = [None] * n
        if "roles" in ov:
            roles = list(ov["roles"])
            if len(roles) != n or any(r is not None and r not in data.ROLES for r in roles):
                raise ConfigError(f"setup.roles lists {n} of {', '.join(data.ROLES)} or null")
            if config.variant_a and "konrad" in roles:
                raise ConfigError("variant A removes Conrad (konrad) from the roles")
        elif config.roles:
            pool = [r for r in data.ROLES if not (config.variant_a and r == "konrad")]
            roles = list(rng.sample(pool, n))
        state = CatState(
            cfg=config, rng=rng, hands=hands, piles=piles,
            lanes={r: [0] * n for r in data.ROOMS}, fish={r: 0 for r in data.ROOMS},
            fun=[0] * n, roles=roles,
            role_uses=[data.ROLE_USES[r] if r else 0 for r in roles],
            cats_played=[0] * n,
        )
        self._apply_state_overrides(state, ov)
        state.log.append(public("setup", "游戏开始：妈妈出门了", "the game begins: mom is out",
                                roles=list(roles)))
        state.log.extend(self._enter_draw(state, opening=True))
        return state

    def _enter_draw(self, state: CatState, opening: bool = False) -> list[Event]:
        """Start the draw phase - or, with ``draw_mode="random"``, fill every hand at once."""
        if state.cfg.draw_mode == "choose":
            state.phase = "draw" if self._need_draw(state) else "play"
            return []
        events: list[Event] = []
        for seat in range(state.n):
            if opening and not state.hands[seat]:
                # §6.1 step 6's suggestion: one from each chaos pile first
                for pile in data.ROOMS:
                    if self._needs_card(state, seat) and state.piles[pile]:
                        events += self._draw(state, seat, pile, auto=True)
            while self._needs_card(state, seat):
                pile = state.rng.choice([p for p in data.PILES if state.piles[p]])
                events += self._draw(state, seat, pile, auto=True)
        state.phase = "play"
        return events

    def _needs_card(self, state: CatState, seat: int) -> bool:
        return len(state.hands[seat]) < state.cfg.hand_size and any(state.piles.values())

    def _need_draw(self, state: CatState) -> bool:
        return any(self._needs_card(state, s) for s in range(state.n))

    def to_move(self, state: CatState) -> list[int]:
        if state.phase == "draw":  # _needs_card for every seat, the piles looked at once
            if not any(state.piles.values()):
                return []
            size, hands = state.cfg.hand_size, state.hands
            return [s for s in range(state.n) if len(hands[s]) < size]
        if state.phase == "play":
            return [s for s in range(state.n) if s not in state.pending]
        return []

    def play_options(self, state: CatState, seat: int) -> list[Action]:
        """Every usable card play of ``seat`` (ignores whether it already chose)."""
        hand = state.hands[seat]
        role, uses = state.roles[seat], state.role_uses[seat]
        out: list[Action] = []
        for card in sorted(set(hand)):
            if data.is_chaos(card):
                base = {"type": "play", "card": card, "room": data.chaos_room(card)}
                out.append(base)
                if role in CHAOS_ROLES and uses > 0 and not (
                        role == "sally" and data.chaos_value(card) < state.cfg.sally_min_value):
                    out.append({**base, "role": True})
            elif card in ("clean", "fish", "cat"):
                if card == "cat" and state.cats_played[seat] >= 1:
                    continue  # FAQ Q11: one cat card per player per game
                for room in data.ROOMS:
                    base = {"type": "play", "card": card, "room": room}
                    out.append(base)
                    if card == "clean" and role == "konrad" and uses > 0:
                        out.append({**base, "role": True})
            elif card == "shift":
                for src in data.ROOMS:
                    mine = state.lanes[src][seat]
                    for dst in data.ROOMS:
                        if dst == src:
                            continue
                        for amount in range(1, min(3, mine) + 1):
                            out.append({"type": "play", "card": "shift", "room": src,
                                        "to": dst, "amount": amount})
        return out

    def legal_actions(self, state: CatState, seat: int) -> list[Action]:
        # seat in to_move(state), without building the list
        if not 0 <= seat < state.n or not (
                self._needs_card(state, seat) if state.phase == "draw"
                else state.phase == "play" and seat not in state.pending):
            return []
        if state.phase == "draw":
            return [{"type": "draw", "pile": p} for p in data.PILES if state.piles[p]]
        plays = self.play_options(state, seat)
        if plays:
            return plays
        if state.hands[seat]:
            # no usable card (only dead shifts / spent cats): one must still go (FAQ Q10-Q11)
            return [{"type": "discard", "card": c} for c in sorted(set(state.hands[seat]))]
        return [{"type": "pass"}]  # the piles ran dry and the hand is empty

    def _apply(self, state: CatState, seat: int, action: Action) -> list[Event]:
        if action["type"] == "draw":
            return self._draw(state, seat, action["pile"])
        state.pending[seat] = dict(action)
        events = [
            private_words([seat], "chosen", _words_chosen, (dict(action),), seat=seat,
                          action=action),
            public_words("face_down", _words_face_down, (seat,), seat=seat),
        ]
        if len(state.pending) == state.n:
            events += self._resolve(state)
        return events

    def _draw(self, state: CatState, seat: int, pile: str, auto: bool = False) -> list[Event]:
        card = state.piles[pile].pop()
        state.hands[seat].append(card)
        events = [
            public_words("draw", _words_draw, (seat, pile), seat=seat, pile=pile),
            private_words([seat], "drawn", _words_drawn, (card,), seat=seat, card=card),
        ]
        if not auto and not self._need_draw(state):
            state.phase = "play"
            events.append(public("round", f"第 {state.station} 站：请暗出 1 张牌",
                                 f"station {state.station}: play one card face down",
                                 station=state.station))
        return events

    def _resolve(self, state: CatState) -> list[Event]:
        cfg = state.cfg
        plays = dict(sorted(state.pending.items()))
        state.pending = {}
        events = [public_words(  # worded when read; the played actions are not changed later
            "reveal", _words_reveal, (tuple(plays.items()),),
            plays={str(s): a for s, a in plays.items()}, station=state.station)]
        for s, a in plays.items():
            if "card" in a:
                state.hands[s].remove(a["card"])
                state.discard.append(a["card"])
            if a["type"] == "discard":
                events.append(public("discard", f"P{s + 1} 没有能用的牌，弃掉了 "
                                     f"{data.card_name(a['card'], 'zh')}",
                                     f"P{s + 1} had no usable card and discards "
                                     f"{data.card_name(a['card'], 'en')}", seat=s))
        # room by room; every shift and cat resolves before any exposure check (§6.2 step 2)
        for room in data.ROOMS:
            for s, a in plays.items():
                if a["type"] == "play" and a["room"] == room:
                    events.append(self._effect(state, s, a))
        if state.station < cfg.effective_seal:
            for room in data.ROOMS:
                ev = self._maybe_expose(state, room)
                if ev:
                    events.append(ev)
        if cfg.variant_f and state.station == cfg.machine_round \
                and state.station < cfg.effective_stations:
            for room in data.ROOMS:
                state.lanes[room] = [0] * state.n
                state.fish[room] = 0
            events.append(public("machine", "猫启动了机器：三间房全部清零（乐趣保留）",
                                 "the cat's machine clears all three rooms (fun kept)"))
        if state.station >= cfg.effective_stations:
            events += self._settle(state)
            return events
        state.station += 1
        events.append(public("advance", f"车程前进到第 {state.station} 站",
                             f"the car reaches station {state.station}",
                             station=state.station))
        return events + self._enter_draw(state)

    def _effect(self, state: CatState, s: int, a: Action) -> Event:
        card, room = a["card"], a["room"]
        lane = state.lanes[room]
        role = state.roles[s] if a.get("role") else None
        if role:
            state.role_uses[s] -= 1
        before = state.fun[s]
        if data.is_chaos(card):
            v = data.chaos_value(card)
            mess, fish = v, 0
            if role == "sally":
                mess = max(1, v - 2)
            elif role == "things":
                fish = v // 2 if state.cfg.things_fish == "floor" else ceil_div(v, 2)
                mess = v - fish
            lane[s] += mess
            state.fish[room] += fish
            state.fun[s] += v + (2 if role == "cat" else 0)
            zh = f"泳道 +{mess}"
            en = f"lane +{mess}"
            if fish:
                zh += f"，鱼堆 +{fish}"
                en += f", fish pile +{fish}"
        elif card == "clean":
            k, gain = (4, 3) if role == "konrad" else (2, 1)
            removed = min(k, lane[s])
            lane[s] -= removed
            state.fun[s] += gain
            zh, en = f"泳道 −{removed}", f"lane -{removed}"
        elif card == "shift":
            amt = a["amount"]
            lane[s] -= amt
            state.lanes[a["to"]][s] += amt
            zh = f"{amt} 点搬到{rn(a['to'], 'zh')}"
            en = f"{amt} moved to the {rn(a['to'], 'en')}"
        elif card == "cat":
            removed = lane[s]
            lane[s] = 0
            state.cats_played[s] += 1
            zh, en = f"清空泳道 {removed} 点", f"lane wiped ({removed})"
        else:  # fish
            state.fish[room] += 2
            state.fun[s] += 2
            zh, en = "鱼堆 +2", "fish pile +2"
        return public_words(
            "effect", _words_effect, (s, a, zh, en, before, state.fun[s]),
            seat=s, room=room, card=card, fun=state.fun[s], role=bool(role))

    def _maybe_expose(self, state: CatState, room: str) -> Event | None:
        cfg = state.cfg
        lanes, total = state.lanes[room], state.room_total(room)
        if total < cfg.effective_line:
            return None
        if max(lanes) == 0 and cfg.fish_only_room == "no_exposure":
            return None
        dirtiest, second = ranks(lanes)
        if cfg.variant_d:
            deltas = [0] * state.n
            bill = ceil_div(total, 2)
            state.house_bill += bill
        else:
            deltas = exposure_deltas(lanes, total, cfg.exposure_tie)
            bill = -sum(deltas[s] for s in dirtiest)
        fish_bonus = []
        for s in range(state.n):
            if state.roles[s] == "fish" and state.role_uses[s] > 0:
                state.role_uses[s] -= 1
                deltas[s] += 2
                fish_bonus.append(s)
        before = list(state.fun)
        state.fun = [f + d for f, d in zip(state.fun, deltas, strict=True)]
        record = {"station": state.station, "room": room, "total": total,
                  "lanes": list(lanes), "fish": state.fish[room], "dirtiest": dirtiest,
                  "second": second, "deltas": deltas, "fish_role": fish_bonus, "bill": bill}
        state.exposures.append(record)
        state.lanes[room] = [0] * state.n
        state.fish[room] = 0
        moves = "，".join(f"P{s + 1} {b}→{a}" for s, (b, a) in enumerate(zip(before, state.fun,
                                                                           strict=True)))
        moves_en = ", ".join(f"P{s + 1} {b}->{a}" for s, (b, a) in enumerate(zip(before, state.fun,
                                                                              strict=True)))
        return public("exposure", f"💥 {rn(room, 'zh')} {total} 点曝光！{moves}；房间清零",
                      f"💥 the {rn(room, 'en')} is exposed at {total}! {moves_en}; cleared",
                      **record)

    def _settle(self, state: CatState) -> list[Event]:
        n, cfg = state.n, state.cfg
        bills, bonuses = [0] * n, [0] * n
        rooms = {}
        events = []
        for room in data.ROOMS:
            lanes, total = state.lanes[room], state.room_total(room)
            dirtiest, second = ranks(lanes)
            b, g = final_bills(lanes, total)
            if cfg.variant_d:
                state.house_bill += total  # the house pays every room together
                b, g = [0] * n, [0] * n
            bills = [x + y for x, y in zip(bills, b, strict=True)]
            bonuses = [x + y for x, y in zip(bonuses, g, strict=True)]
            rooms[room] = {"total": total, "lanes": list(lanes), "fish": state.fish[room],
                           "dirtiest": dirtiest, "second": second, "bills": b, "bonus": g}
            events.append(public(
                "settle", f"{rn(room, 'zh')} {total} 点：最脏 {seat_refs(dirtiest, 'zh')}，第二 "
                f"{seat_refs(second, 'zh')}", f"the {rn(room, 'en')} at {total}: dirtiest "
                f"{seat_refs(dirtiest)}, second {seat_refs(second)}", room=room, **rooms[room]))
        held = [state.mess_held(s) for s in range(n)]
        if cfg.variant_d:
            team = sum(state.fun) - state.house_bill
            scores = [team] * n
            success = all(r["total"] < cfg.effective_line for r in rooms.values())
            winners = list(range(n)) if success else []
        else:
            scores = [f - b + g for f, b, g in zip(state.fun, bills, bonuses, strict=True)]
            best = max(scores)
            tied = [s for s in range(n) if scores[s] == best]
            least = min(held[s] for s in tied)  # §6.3: less mess held at the end wins a tie
            winners = [s for s in tied if held[s] == least]
            success = None
        state.final = {"rooms": rooms, "bills": bills, "bonuses": bonuses, "scores": scores,
                       "winners": winners, "mess_held": held, "coop_success": success,
                       "house_bill": state.house_bill}
        state.phase = "over"
        events.append(public(
            "final", "妈妈进门了！最终得分 " + " / ".join(map(str, scores)),
            "mom is home! final scores " + " / ".join(map(str, scores)),
            scores=scores, winners=winners))
        return events

    # ---- views and results -------------------------------------------------------------

    def result(self, state: CatState) -> Result:
        if not self.is_over(state) or state.final is None:
            raise ValueError("the game is not over yet")
        f = state.final
        ex = state.exposures
        summary = {
            "exposures": len(ex),
            "exposure_rounds": [e["station"] for e in ex],
            "exposure_rooms": [e["room"] for e in ex],
            "exposure_totals": [e["total"] for e in ex],
            "exposure_bills": [e["bill"] for e in ex],
            "final_mess": {r: v["total"] for r, v in f["rooms"].items()},
            "final_bills_total": sum(f["bills"]) if not state.cfg.variant_d
            else sum(v["total"] for v in f["rooms"].values()),
            "fun": list(state.fun), "bills": list(f["bills"]), "bonuses": list(f["bonuses"]),
            "mess_held": list(f["mess_held"]), "roles": list(state.roles),
            "cooperative": state.cfg.variant_d, "coop_success": f["coop_success"],
            "house_bill": f["house_bill"], "players": state.n,
        }
        if state.cfg.variant_d:
            reason = text("妈妈进门：全屋一起" + ("过关" if f["coop_success"] else "挨骂"),
                          "mom is home: the house " + ("passes" if f["coop_success"]
                                                       else "fails") + " together")
        else:
            reason = text("第 7 站结束，妈妈进门，三间房终局清算",
                          "mom arrived after the last station; every room was settled")
        return Result(scores=[float(s) for s in f["scores"]], winners=list(f["winners"]),
                      reason=reason, summary=summary)

    def determinize(self, state: CatState, seat: int, rng: random.Random) -> CatState:
        """Re-deal what ``seat`` cannot see: other hands (each card stays of the pile it
        was drawn from - public - ), pile orders, and other seats' face-down plays."""
        world = state.copy(rng=UNSET)  # a fresh generator is set below
        others = [s for s in range(state.n) if s != seat]
        for p in data.PILES:
            pool = list(world.piles[p])
            counts = {}
            for s in others:
                mine = [c for c in world.hands[s] if data.pile_of(c) == p]
                counts[s] = len(mine)
                pool += mine
                world.hands[s] = [c for c in world.hands[s] if data.pile_of(c) != p]
            rng.shuffle(pool)
            for s in others:
                world.hands[s] += [pool.pop() for _ in range(counts[s])]
            world.piles[p] = pool
        for s in others:
            if s in world.pending:
                opts = self.play_options(world, s)
                if not opts:
                    opts = [{"type": "discard", "card": c} for c in sorted(set(world.hands[s]))]
                world.pending[s] = dict(rng.choice(opts or [{"type": "pass"}]))
        world.rng = random.Random(rng.getrandbits(64))
        return world


PLAIN = PlainCat()

CONFIGS = [
    {"players": 4},
    {"players": 3, "roles": True},
    {"players": 5, "roles": True, "sally_min_value": 3, "things_fish": "ceil"},
    {"players": 4, "roles": True, "draw_mode": "random", "variant_f": True},
    {"players": 3, "variant_a": True, "roles": True, "exposure_tie": "split"},
    {"players": 5, "variant_b": True, "variant_c": True, "fish_only_room": "no_exposure"},
    {"players": 4, "variant_d": True, "roles": True},
    {"players": 3, "hand_size": 2, "stations": 12, "exposure_line": 6},
    {"players": 5, "stations": 29},  # the piles run dry
]


def items(actions: list[Action]) -> list[list[tuple[str, Any]]]:
    """Actions with their keys in order (equality of dicts ignores the order)."""
    return [list(a.items()) for a in actions]


def same_world(fast: CatState, plain: CatState) -> None:
    assert canonical(GAME.facts(fast)) == canonical(PLAIN.facts(plain))
    assert fast.log == plain.log
    assert fast.rng.getstate() == plain.rng.getstate()


@pytest.mark.parametrize("config", CONFIGS, ids=[str(i) for i in range(len(CONFIGS))])
def test_the_game_plays_exactly_like_the_plain_code(config):
    for seed in range(4):
        cfg = GAME.make_config(config)
        fast, plain = GAME.setup(cfg, seed), PLAIN.setup(cfg, seed)
        same_world(fast, plain)
        walker = random.Random(seed)
        step = 0
        kinds: set[str] = set()
        while True:
            movers = GAME.to_move(fast)
            assert movers == PLAIN.to_move(plain)
            for s in range(-1, cfg.players + 1):
                assert items(GAME.legal_actions(fast, s)) == items(PLAIN.legal_actions(plain, s))
            if not movers:
                break
            seat = movers[walker.randrange(len(movers))]
            if step % 9 == 4:  # determinize from the seat's view: the same world, same draws
                a, b = random.Random(step), random.Random(step)
                same_world(GAME.determinize(fast, seat, a), PLAIN.determinize(plain, seat, b))
                assert a.getstate() == b.getstate()
            legal = GAME.legal_actions(fast, seat)
            i = walker.randrange(len(legal))
            action = legal[i]
            if step % 5 == 0:  # an outside action equal to a listed one
                action = dict(action)
            fast_events = GAME._apply(fast, seat, action)
            plain_events = PLAIN._apply(plain, seat, PLAIN.legal_actions(plain, seat)[i])
            assert fast_events == plain_events
            fast.log.extend(fast_events)
            plain.log.extend(plain_events)
            kinds.update(a["type"] for a in legal)
            same_world(fast, plain)
            step += 1
        assert GAME.result(fast) == PLAIN.result(plain)
        assert GAME.result(fast).model_dump() == PLAIN.result(plain).model_dump()
        if config.get("stations") == 29:  # the piles ran dry: discards and passes listed
            assert {"discard", "pass"} <= kinds


def test_event_words_are_the_plain_words():
    """Events worded lazily (and the shared ones) read exactly as the eager ones did."""
    for config in CONFIGS:
        cfg = GAME.make_config(config)
        fast, plain = GAME.setup(cfg, 11), PLAIN.setup(cfg, 11)
        walker = random.Random(11)
        while movers := GAME.to_move(fast):
            seat = movers[0]
            i = walker.randrange(len(GAME.legal_actions(fast, seat)))
            GAME.apply_in_place(fast, seat, GAME.legal_actions(fast, seat)[i])
            PLAIN.apply_in_place(plain, seat, PLAIN.legal_actions(plain, seat)[i])
        assert len(fast.log) == len(plain.log)
        for a, b in zip(fast.log, plain.log, strict=True):
            assert a.text == b.text and a.to_json() == b.to_json()


def test_determinize_from_a_seeded_state_draws_as_the_plain_code():
    """Many worlds from one state (every seat, several generators), and rollouts in them."""
    state = GAME.new_game({"players": 4, "roles": True}, 3)
    walker = random.Random(3)
    while GAME.to_move(state) and len(state.log) < 60:
        seat = GAME.to_move(state)[0]
        GAME.apply_in_place(state, seat, walker.choice(GAME.legal_actions(state, seat)))
    plain = state.copy()
    for seat in range(4):
        for k in range(5):
            a, b = random.Random(k), random.Random(k)
            fast_world, plain_world = GAME.determinize(state, seat, a), PLAIN.determinize(
                plain, seat, b)
            same_world(fast_world, plain_world)
            # the world's generator, built when first read, is random.Random(draw)
            assert fast_world.copy().rng.random() == plain_world.copy().rng.random()
    assert canonical(GAME.facts(state)) == canonical(GAME.facts(plain))


@pytest.mark.parametrize("seed", range(6))
def test_shuffle_is_the_generators_own(seed):
    for size in (*range(12), 40, 63, 64, 65, 101, 127, 128, 129, 300):
        a, b = random.Random(seed * 1000 + size), random.Random(seed * 1000 + size)
        x, y = list(range(size)), list(range(size))
        rules.shuffle(a, x)
        b.shuffle(y)
        assert x == y and a.getstate() == b.getstate()


def test_shuffle_leaves_other_generators_to_their_own_method():
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x):
            Counting.calls += 1
            super().shuffle(x)

    x, y = list(range(30)), list(range(30))
    rules.shuffle(Counting(5), x)
    random.Random(5).shuffle(y)
    assert Counting.calls == 1 and x == y


def test_shared_actions_and_events_are_never_changed():
    """The prebuilt actions and events are shared by every game: playing (with every bot,
    through the engine, views read) leaves them as they were built."""
    from boardlab.engine.match import play_match
    from boardlab.games.cat.bots import BOTS

    def snapshot():
        return canonical([[dict(a) for a in rules._LISTED], list(rules._DRAW.values()),
                          [e.to_json() for e in (*rules._CHOSEN.values(), *rules._FACE_DOWN,
                                                 *rules._DRAW_EVENT.values(),
                                                 *rules._DRAWN_EVENT.values())]])

    before = snapshot()
    names = list(BOTS)
    for i in range(6):
        bots = [BOTS[names[(i + k) % len(names)]]() for k in range(4)]
        out = play_match(GAME, {"players": 4, "roles": True}, i, bots)
        for seat in range(4):
            GAME.view(out.state, seat)
    assert snapshot() == before


def test_shared_events_equal_freshly_made_ones():
    for (s, key), event in rules._CHOSEN.items():
        action = next(a for a in rules._LISTED if id(a) == key)
        assert event == private_words([s], "chosen", _words_chosen, (dict(action),), seat=s,
                                      action=dict(action))
    for s, event in enumerate(rules._FACE_DOWN):
        assert event == public_words("face_down", _words_face_down, (s,), seat=s)
    for (s, pile), event in rules._DRAW_EVENT.items():
        assert event == public_words("draw", _words_draw, (s, pile), seat=s, pile=pile)
    for (s, card), event in rules._DRAWN_EVENT.items():
        assert event == private_words([s], "drawn", _words_drawn, (card,), seat=s, card=card)
    assert len(rules._FACE_DOWN) >= GAME.max_players


def test_result_without_validation_equals_the_validated_one():
    for config in CONFIGS:
        state = GAME.new_game(config, 2)
        walker = random.Random(2)
        while movers := GAME.to_move(state):
            GAME.apply_in_place(state, movers[0],
                                walker.choice(GAME.legal_actions(state, movers[0])))
        fast = GAME.result(state)
        assert fast == Result.model_validate(fast.model_dump())
        assert fast == Result(**fast.model_dump())


def test_a_pending_generator_is_built_as_given():
    state = GAME.new_game({"players": 3}, 1)
    state.with_seed(1234)
    twin = state.copy()
    deep = __import__("copy").deepcopy(state)
    expected = random.Random(1234)
    assert [state.rng.random() for _ in range(3)] == [expected.random() for _ in range(3)]
    assert twin.rng.random() == deep.rng.random() == random.Random(1234).random()
    assert twin.rng is not state.rng


def test_outcome_and_random_action_agree_with_result_and_the_legal_list():
    for config in CONFIGS:
        state = GAME.new_game(config, 5)
        walker = random.Random(5)
        while movers := GAME.to_move(state):
            seat = movers[0]
            legal = GAME.legal_actions(state, seat)
            asked: list[int] = []

            def randbelow(n: int, asked: list[int] = asked, walker=walker) -> int:
                asked.append(n)
                return walker.randrange(n)

            before = walker.getstate()
            action = GAME.random_action(state, seat, randbelow)
            walker.setstate(before)
            assert asked == [len(legal)] and action == legal[walker.randrange(len(legal))]
            GAME.apply_in_place(state, seat, action)
        result = GAME.result(state)
        assert GAME.outcome(state) == (result.scores, result.winners)


def plain_ranks(lanes):
    """``scoring.ranks`` as it was written before (commit c8691b5)."""
    top = max(lanes, default=0)
    if top <= 0:
        return [], []
    dirtiest = [s for s, v in enumerate(lanes) if v == top]
    below = [v for v in lanes if 0 < v < top]
    if not below:
        return dirtiest, []
    nxt = max(below)
    return dirtiest, [s for s, v in enumerate(lanes) if v == nxt]


def test_ranks_equal_the_plain_comprehensions_on_every_small_table():
    from itertools import product

    from boardlab.games.cat.scoring import ranks

    for n in (1, 3, 4, 5):
        for lanes in product(range(5), repeat=n):
            assert ranks(list(lanes)) == plain_ranks(list(lanes)), lanes
            assert ranks(lanes) == plain_ranks(lanes), lanes
    assert ranks([]) == plain_ranks([]) == ([], [])


def plain_exposure_deltas(lanes, total, tie="all_pay"):
    dirtiest, second = plain_ranks(lanes)
    bill = ceil_div(total, 2)
    if dirtiest and tie == "split":
        bill = ceil_div(bill, len(dirtiest))
    return [-bill if s in dirtiest else total // 3 if s in second else -1
            for s in range(len(lanes))]


def plain_final_bills(lanes, total):
    dirtiest, second = plain_ranks(lanes)
    return ([total if s in dirtiest else 0 for s in range(len(lanes))],
            [total // 3 if s in second else 0 for s in range(len(lanes))])


def test_bills_and_deltas_equal_the_plain_comprehensions_on_every_small_table():
    from itertools import product

    for n in (1, 3, 4, 5):
        for lanes in product(range(5), repeat=n):
            for fish in (0, 2, 7):
                total = sum(lanes) + fish
                for tie in ("all_pay", "split"):
                    assert (exposure_deltas(lanes, total, tie)
                            == exposure_deltas(lanes, total, tie, ranks(lanes))
                            == plain_exposure_deltas(lanes, total, tie)), (lanes, fish, tie)
                assert (final_bills(lanes, total) == final_bills(lanes, total, ranks(lanes))
                        == plain_final_bills(lanes, total)), (lanes, fish)


def test_the_states_rule_numbers_are_the_configs():
    import copy
    import pickle

    from boardlab.games.cat.state import rule_numbers

    for config in CONFIGS:
        cfg = GAME.make_config(config)
        state = GAME.setup(cfg, 3)
        expected = (cfg.effective_seal, cfg.effective_line, cfg.effective_stations)
        assert rule_numbers(cfg) == expected == state.rule_numbers
        for other in (state.copy(), copy.deepcopy(state), pickle.loads(pickle.dumps(state)),
                      GAME.determinize(state, 0, random.Random(1))):
            assert other.rule_numbers == expected
