"""The rules of cat as pure transitions (see the package docstring for the flow)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from itertools import compress, filterfalse
from operator import add, itemgetter, sub
from typing import Any

from boardlab.engine.errors import ConfigError, IllegalAction
from boardlab.engine.protocol import (
    Action,
    Event,
    Game,
    Result,
    Words,
    private_words,
    public,
    public_words,
    seat_refs,
    text,
)
from boardlab.engine.rng import UNSET, make_rng
from boardlab.engine.rollout import play_randomly
from boardlab.games.cat import data
from boardlab.games.cat.config import CatConfig
from boardlab.games.cat.scoring import ceil_div, exposure_deltas, ranks
from boardlab.games.cat.state import CatState

OVERRIDE_KEYS = {"hands", "piles", "roles", "rooms", "fun", "station", "cats_played",
                 "role_uses"}
CHAOS_ROLES = ("cat", "sally", "things")


def rn(room: str, lang: str) -> str:
    return data.ROOM_NAMES[room][lang]


# Words of the most frequent events, made only when the event is read (rollouts never do).
def _words_chosen(action: Mapping[str, Any]) -> tuple[str, str]:
    return f"你暗出：{label(action, 'zh')}", f"you play face down: {label(action, 'en')}"


def _words_face_down(seat: int) -> tuple[str, str]:
    return f"P{seat + 1} 已暗出", f"P{seat + 1} has played face down"


def _words_draw(seat: int, pile: str) -> tuple[str, str]:
    if pile == "special":
        return f"P{seat + 1} 从特殊牌堆抽了 1 张", f"P{seat + 1} draws from the special deck"
    return (f"P{seat + 1} 从{rn(pile, 'zh')}胡闹牌抽了 1 张",
            f"P{seat + 1} draws from the {rn(pile, 'en')} chaos pile")


def _words_drawn(card: str) -> tuple[str, str]:
    return f"你抽到 {data.card_name(card, 'zh')}", f"you draw {data.card_name(card, 'en')}"


def _words_reveal(plays: tuple[tuple[int, Mapping[str, Any]], ...]) -> tuple[str, str]:
    return ("翻牌：" + "；".join(f"P{s + 1} {label(a, 'zh')}" for s, a in plays),
            "reveal: " + "; ".join(f"P{s + 1} {label(a, 'en')}" for s, a in plays))


def _words_effect(s: int, a: Mapping[str, Any], detail: tuple, before: int,
                  after: int) -> tuple[str, str]:
    zh, en = _effect_detail(*detail)
    return (f"P{s + 1} {label(a, 'zh')}：{zh}，乐趣 {before}→{after}",
            f"P{s + 1} {label(a, 'en')}: {en}, fun {before}->{after}")


def _effect_detail(kind: str, x: int = 0, y: Any = 0) -> tuple[str, str]:
    """What a card did to the room, in words (``_effect`` records only the numbers)."""
    if kind == "chaos":  # x = lane mess, y = fish pile
        zh, en = f"泳道 +{x}", f"lane +{x}"
        if y:
            zh += f"，鱼堆 +{y}"
            en += f", fish pile +{y}"
        return zh, en
    if kind == "clean":  # x = removed
        return f"泳道 −{x}", f"lane -{x}"
    if kind == "shift":  # x = amount, y = the room it went to
        return f"{x} 点搬到{rn(y, 'zh')}", f"{x} moved to the {rn(y, 'en')}"
    if kind == "cat":  # x = removed
        return f"清空泳道 {x} 点", f"lane wiped ({x})"
    return "鱼堆 +2", "fish pile +2"


def _words_discard(s: int, card: str) -> tuple[str, str]:
    return (f"P{s + 1} 没有能用的牌，弃掉了 {data.card_name(card, 'zh')}",
            f"P{s + 1} had no usable card and discards {data.card_name(card, 'en')}")


def _words_round(station: int) -> tuple[str, str]:
    return f"第 {station} 站：请暗出 1 张牌", f"station {station}: play one card face down"


def _words_advance(station: int) -> tuple[str, str]:
    return f"车程前进到第 {station} 站", f"the car reaches station {station}"


def _words_exposure(room: str, total: int, before: tuple[int, ...],
                    after: tuple[int, ...]) -> tuple[str, str]:
    moves = "，".join(f"P{s + 1} {b}→{a}" for s, (b, a) in enumerate(zip(before, after,
                                                                       strict=True)))
    moves_en = ", ".join(f"P{s + 1} {b}->{a}" for s, (b, a) in enumerate(zip(before, after,
                                                                          strict=True)))
    return (f"💥 {rn(room, 'zh')} {total} 点曝光！{moves}；房间清零",
            f"💥 the {rn(room, 'en')} is exposed at {total}! {moves_en}; cleared")


def _words_settle(room: str, total: int, dirtiest: tuple[int, ...],
                  second: tuple[int, ...]) -> tuple[str, str]:
    return (f"{rn(room, 'zh')} {total} 点：最脏 {seat_refs(dirtiest, 'zh')}，第二 "
            f"{seat_refs(second, 'zh')}", f"the {rn(room, 'en')} at {total}: dirtiest "
            f"{seat_refs(dirtiest)}, second {seat_refs(second)}")


def _words_final(scores: tuple[int, ...]) -> tuple[str, str]:
    return ("妈妈进门了！最终得分 " + " / ".join(map(str, scores)),
            "mom is home! final scores " + " / ".join(map(str, scores)))


def label(action: Mapping[str, Any], lang: str) -> str:
    """A short bilingual-able label of an action (used by describe_action and the log)."""
    kind = action.get("type")
    zh = lang == "zh"
    if kind == "draw":
        pile = action["pile"]
        name = ("特殊牌堆" if zh else "special deck") if pile == "special" else (
            f"{rn(pile, lang)}胡闹牌" if zh else f"{rn(pile, lang)} chaos pile")
        return f"从{name}抽 1 张" if zh else f"draw from the {name}"
    if kind == "discard":
        card = data.card_name(action["card"], lang)
        return f"弃掉无法使用的{card}" if zh else f"discard unusable {card}"
    if kind == "pass":
        return "无牌可出" if zh else "no card to play"
    card = data.card_name(action["card"], lang)
    room = rn(action["room"], lang)
    if action["card"] == "shift":
        to = rn(action["to"], lang)
        s = (f"{card}：{room}→{to} {action['amount']} 点" if zh
             else f"{card} {action['amount']}: {room} -> {to}")
    elif data.is_chaos(action["card"]):
        s = f"打出{card}" if zh else f"play {card}"
    else:
        s = f"{card} → {room}" if zh else f"{card} -> {room}"
    if action.get("role"):
        s += "（发动角色）" if zh else " (role ability)"
    return s


# ---- every action the rules can list, built once ------------------------------------------
# legal_actions returns these very objects, shared by every call and every game, in the
# order the enumeration below gives (play_options' docstring): a rollout builds no
# dictionaries. They are read-only - nothing in the rules changes an action (a pending play
# is a copy) - and equal, key order included, to the ones the plain enumeration built.
# tests/cat/test_fastpath.py checks every listing against that plain enumeration.

def _play(card: str, room: str, role: bool = False) -> Action:
    action: Action = {"type": "play", "card": card, "room": room}
    if role:
        action["role"] = True
    return action


_CHAOS_VALUE: dict[str, int] = {data.chaos_code(r, v): v for r in data.ROOMS
                                for v in data.CHAOS_COUNTS}
_PILE_OF: dict[str, str] = {**{c: data.chaos_room(c) for c in _CHAOS_VALUE},
                            **{c: "special" for c in data.SPECIALS}}
_CHAOS_PLAIN: dict[str, tuple[Action, ...]] = {
    c: (_play(c, data.chaos_room(c)),) for c in _CHAOS_VALUE}
_CHAOS_ROLE: dict[str, tuple[Action, ...]] = {
    c: (plain[0], _play(c, data.chaos_room(c), True)) for c, plain in _CHAOS_PLAIN.items()}
_ANY_ROOM: dict[str, tuple[Action, ...]] = {
    card: tuple(_play(card, r) for r in data.ROOMS) for card in ("clean", "fish", "cat")}
_CLEAN_KONRAD: tuple[Action, ...] = tuple(
    a for r in data.ROOMS for a in (_ANY_ROOM["clean"][data.ROOMS.index(r)],
                                    _play("clean", r, True)))
_SHIFT: dict[tuple[str, str, int], Action] = {
    (src, dst, k): {"type": "play", "card": "shift", "room": src, "to": dst, "amount": k}
    for src in data.ROOMS for dst in data.ROOMS if dst != src for k in (1, 2, 3)}
_SHIFTS: dict[str, tuple[tuple[Action, ...], ...]] = {
    # room -> [the shifts out of it with at most m points movable, for m = 0..3]
    src: tuple(tuple(_SHIFT[src, dst, k] for dst in data.ROOMS if dst != src
                     for k in range(1, m + 1)) for m in range(4))
    for src in data.ROOMS}
_FULL_PILE: dict[str, tuple[str, ...]] = {p: tuple(data.full_pile(p)) for p in data.PILES}
_DRAW: dict[str, Action] = {p: {"type": "draw", "pile": p} for p in data.PILES}
_ALL_DRAWS: tuple[Action, ...] = tuple(_DRAW[p] for p in data.PILES)
_PILE_COUNT = len(_ALL_DRAWS)
_PILE_BITS = _PILE_COUNT.bit_length()
_PILE_NAMES: tuple[str, ...] = data.PILES
_STOCK = itemgetter(*_PILE_NAMES)
_PILE_INDEX: dict[str, int] = {c: _PILE_NAMES.index(p) for c, p in _PILE_OF.items()}
_DISCARD: dict[str, Action] = {c: {"type": "discard", "card": c} for c in _PILE_OF}
_PASS: Action = {"type": "pass"}
_ONLY: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(8))
_ROOM_NAMES: tuple[str, ...] = data.ROOMS
_ROOM_RANK: dict[str, int] = {room: i for i, room in enumerate(data.ROOMS)}
_IN_ORDER: tuple[list[int], ...] = tuple(list(range(k)) for k in range(9))
_SEAT_KEY: tuple[str, ...] = tuple(str(s) for s in range(8))  # str(seat), the JSON key
"""One seat's audience of a private event (``private_words`` keeps a frozenset as is)."""


def _option_table(role: str | None, cat_allowed: bool,
                  sally_min: int) -> dict[str, tuple[Action, ...]]:
    """What each card but shift lists in ``play_options`` for a seat whose role still has
    uses (``role``; ``None``: no role or none left), which may still play a cat
    (``cat_allowed``), under ``sally_min_value``."""
    chaos_role = role in CHAOS_ROLES
    table = {c: _CHAOS_ROLE[c] if chaos_role and not (role == "sally" and v < sally_min)
             else _CHAOS_PLAIN[c] for c, v in _CHAOS_VALUE.items()}
    table["clean"] = _CLEAN_KONRAD if role == "konrad" else _ANY_ROOM["clean"]
    table["fish"] = _ANY_ROOM["fish"]
    table["cat"] = _ANY_ROOM["cat"] if cat_allowed else ()
    return table


_OPTION_TABLES: dict[tuple[str | None, bool, int], dict[str, tuple[Action, ...]]] = {}
"""``_option_table``'s answers by its arguments, made when first asked."""


class CatGame(Game[CatConfig, CatState]):
    id = "cat"
    title = text("戴帽子的猫：妈妈回来前", "The Cat in the Hat: Before Mom Gets Home")
    min_players = 3
    max_players = 5
    Config = CatConfig

    # ---- config and setup ---------------------------------------------------------------

    def check_config(self, config: CatConfig) -> None:
        if config.variant_a and config.players != 3:
            raise ConfigError("variant A (3-player balance) needs exactly 3 players")
        if config.variant_b and config.players != 5:
            raise ConfigError("variant B (5-player speed-up) needs exactly 5 players")
        if config.effective_stations < 1:
            raise ConfigError("the car track needs at least 1 station after variants")
        if config.effective_line < 1:
            raise ConfigError("the exposure line must stay at least 1 after variants")

    def setup(self, config: CatConfig, seed: int,
              overrides: Mapping[str, Any] | None = None) -> CatState:
        ov = dict(overrides or {})
        bad = set(ov) - OVERRIDE_KEYS
        if bad:
            raise ConfigError(f"unknown cat setup keys {sorted(bad)}; "
                              f"allowed: {', '.join(sorted(OVERRIDE_KEYS))}")
        n = config.players
        rng = make_rng(seed)
        pools = {p: list(_FULL_PILE[p]) for p in data.PILES}
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
            shuffle(rng, rest)  # = rng.shuffle(rest)
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

    @staticmethod
    def _take(pools: dict[str, list[str]], card: Any, where: str) -> None:
        if not data.valid_card(card):
            raise ConfigError(f"{where}: {card!r} is not a card code (L1..B5, clean, shift, "
                              "cat, fish)")
        pool = pools[data.pile_of(card)]
        if card not in pool:
            raise ConfigError(f"{where}: no {card} left (the game has only so many)")
        pool.remove(card)

    @staticmethod
    def _apply_state_overrides(state: CatState, ov: Mapping[str, Any]) -> None:
        """Mid-game positions for scenarios: room mess, fun, station, cards and uses spent."""
        n = state.n
        for key in ("fun", "cats_played", "role_uses"):
            if key in ov:
                val = ov[key]
                if not isinstance(val, list) or len(val) != n or not all(
                        isinstance(v, int) for v in val):
                    raise ConfigError(f"setup.{key} must list {n} integers")
                setattr(state, key, list(val))
        for room, spec in (ov.get("rooms") or {}).items():
            if room not in data.ROOMS or not isinstance(spec, dict):
                raise ConfigError(f"setup.rooms: {room!r} is not one of {data.ROOMS}")
            lanes = spec.get("lanes", [0] * n)
            if len(lanes) != n or any(not isinstance(v, int) or v < 0 for v in lanes):
                raise ConfigError(f"setup.rooms.{room}.lanes must list {n} counts >= 0")
            state.lanes[room] = list(lanes)
            state.fish[room] = int(spec.get("fish", 0))
        if "station" in ov:
            st = ov["station"]
            if not isinstance(st, int) or not 1 <= st <= state.cfg.effective_stations:
                raise ConfigError(f"setup.station must be 1..{state.cfg.effective_stations}")
            state.station = st

    # ---- decisions ---------------------------------------------------------------------

    def players(self, state: CatState) -> int:
        return state.n

    def is_over(self, state: CatState) -> bool:
        return state.phase == "over"

    def _needs_card(self, state: CatState, seat: int) -> bool:
        return len(state.hands[seat]) < state.cfg.hand_size and any(state.piles.values())

    def _need_draw(self, state: CatState) -> bool:
        """Whether any seat still draws: ``_needs_card`` for some seat (the piles are the
        same for every seat, so they are looked at once, after a short hand is found)."""
        size = state.cfg.hand_size
        for hand in state.hands:
            if len(hand) < size:
                return any(state.piles.values())
        return False

    def to_move(self, state: CatState) -> list[int]:
        phase = state.phase
        if phase == "play":
            pending = state.pending
            if not pending:
                return list(range(state.n))
            return list(filterfalse(pending.__contains__, range(state.n)))
        if phase == "draw":  # _needs_card for every seat, the piles looked at once
            if not any(state.piles.values()):
                return []
            # the seats whose hand is short (len(hand) < size), without a Python loop
            return list(compress(range(state.n), map(state.cfg.hand_size.__gt__,
                                                     map(len, state.hands))))
        return []

    def play_options(self, state: CatState, seat: int) -> list[Action]:
        """Every usable card play of ``seat`` (ignores whether it already chose), card by
        card in sorted order: a chaos card in its room (then with the role, for Cat, Things,
        and Sally on a card of at least ``sally_min_value``, while uses are left); clean /
        fish / cat in each room (clean then with Conrad's role); cat not after the seat's
        first (FAQ Q11); shift from each room with own mess to each other room, 1..min(3,
        own mess) points. The actions are the shared ones built at import; every card but
        shift lists what ``_option_table`` says for the seat's role, uses and cats."""
        hand = state.hands[seat]
        if not hand:
            return []
        key = (state.roles[seat] if state.role_uses[seat] > 0 else None,
               state.cats_played[seat] < 1, state.cfg.sally_min_value)
        table = _OPTION_TABLES.get(key)
        if table is None:
            table = _OPTION_TABLES[key] = _option_table(*key)
        out: list[Action] = []
        last = None
        for card in sorted(hand):  # each distinct card once (sorting a set costs more)
            if card == last:
                continue
            last = card
            opts = table.get(card)
            if opts is not None:
                out += opts
            elif card == "shift":
                lanes = state.lanes
                for src in data.ROOMS:
                    mine = lanes[src][seat]
                    if mine > 0:
                        out += _SHIFTS[src][mine if mine < 3 else 3]
        return out

    def legal_actions(self, state: CatState, seat: int) -> list[Action]:
        # seat in to_move(state), without building the list
        phase = state.phase
        if phase == "play":
            if not 0 <= seat < state.n or seat in state.pending:
                return []
            plays = self.play_options(state, seat)
            if plays:
                return plays
            hand = state.hands[seat]
            if hand:
                # no usable card (only dead shifts / spent cats): one must still go (FAQ
                # Q10-Q11)
                return [_DISCARD[c] for c in sorted(set(hand))]
            return [_PASS]  # the piles ran dry and the hand is empty
        if phase == "draw":
            if not 0 <= seat < state.n or len(state.hands[seat]) >= state.cfg.hand_size:
                return []
            piles = state.piles  # every pile empty: nothing listed, as _needs_card says
            if all(piles.values()):  # the usual case: every pile
                return list(_ALL_DRAWS)
            return [_DRAW[p] for p in data.PILES if piles[p]]
        return []

    def random_action(self, state: CatState, seat: int,
                      randbelow: Callable[[int], int]) -> Action:
        """``legal[randbelow(len(legal))]``; a draw while every pile has cards (most of a
        rollout's draws) is picked from the four without listing them."""
        if (state.phase == "draw" and 0 <= seat < state.n
                and len(state.hands[seat]) < state.cfg.hand_size
                and all(state.piles.values())):
            return _ALL_DRAWS[randbelow(_PILE_COUNT)]  # legal_actions lists _ALL_DRAWS
        legal = self.legal_actions(state, seat)
        return legal[randbelow(len(legal))]

    def finish_randomly(self, state: CatState, randbelow: Callable[[int], int],
                        limit: int) -> None:
        """The protocol's random finish (``Game.finish_randomly``) as one loop over the
        state: the same draws as ``to_move``/``random_action``/``_apply`` step by step, and
        an equal state at the end, without a ``to_move`` list, a step's events or a call
        per step where the rules allow (tests/engine/test_rollout.py).

        ``randbelow`` is a generator's own ``_randbelow`` (what the search bots pass): its
        ``_randbelow_with_getrandbits`` is done here inline - ``getrandbits(n.bit_length())``
        until below ``n``, the very calls it makes - since a Python call per choice was a
        tenth of a playout. Any other function gets the engine's loop (``play_randomly``).

        * draws: the first seat with a short hand draws until it is full (it stays the
          first seat to move), from ``randbelow`` over the non-empty piles;
        * plays: the first seat without a face-down play picks from its legal list (the
          usable plays as ``play_options`` lists them, else a discard of each distinct
          card, else the pass); the last play resolves the round as ``_apply`` does,
          without its events (``_resolve_quiet``).

        Anything else (the game over, no pile left to draw from) ends the loop as
        ``to_move`` would: with an empty list."""
        if getattr(randbelow, "__func__", None) is not _RANDBELOW:
            play_randomly(self, state, randbelow, limit)
            return
        getrandbits = randbelow.__self__.getrandbits  # type: ignore[attr-defined]
        n, hands, size = state.n, state.hands, state.cfg.hand_size
        piles, sally = state.piles, state.cfg.sally_min_value
        roles, role_uses, cats_played = state.roles, state.role_uses, state.cats_played
        resolve, lanes = self._resolve_quiet, state.lanes
        steps = 0
        while steps < limit:
            phase = state.phase
            if phase == "draw":
                if not any(piles.values()):
                    return  # to_move(state) is empty
                stock = _STOCK(piles)  # the piles in data.PILES' order
                living, kitchen, bath, special = stock
                seat = 0
                while True:  # one _draw per pass, the first short hand drawing
                    while seat < n and len(hands[seat]) >= size:
                        seat += 1
                    if seat == n:
                        return  # no short hand: to_move(state) is empty
                    if living and kitchen and bath and special:
                        j = getrandbits(_PILE_BITS)  # randbelow(_PILE_COUNT)
                        while j >= _PILE_COUNT:
                            j = getrandbits(_PILE_BITS)
                        pile = stock[j]
                    else:
                        left = list(filter(None, stock))  # the non-empty piles, in order
                        m = len(left)
                        j = getrandbits(_BITS[m])
                        while j >= m:
                            j = getrandbits(_BITS[m])
                        pile = left[j]
                    hand = hands[seat]
                    hand.append(pile.pop())
                    steps += 1
                    # _need_draw: the first short hand is this one, if still short, else
                    # a later one
                    if len(hand) >= size:
                        seat += 1
                        while seat < n and len(hands[seat]) >= size:
                            seat += 1
                    if seat == n or not (living or kitchen or bath or special):
                        state.phase = "play"
                        break
                    if steps >= limit:
                        return
            elif phase == "play":
                pending = state.pending
                seat = 0
                while True:  # one face-down play per pass, the first seat without one
                    while seat in pending:
                        seat += 1
                    if seat >= n:
                        return  # every seat has played: only _resolve moves the game on
                    hand = hands[seat]
                    if hand:  # legal_actions: play_options' listing, inline
                        key = (roles[seat] if role_uses[seat] > 0 else None,
                               cats_played[seat] < 1, sally)
                        table = _OPTION_TABLES.get(key)
                        if table is None:
                            table = _OPTION_TABLES[key] = _option_table(*key)
                        legal: list[Action] = []
                        last = None
                        for card in sorted(hand):
                            if card == last:
                                continue
                            last = card
                            opts = table.get(card)
                            if opts is not None:
                                legal += opts
                            elif card == "shift":
                                for src in _ROOM_NAMES:
                                    mine = lanes[src][seat]
                                    if mine > 0:
                                        legal += _SHIFTS[src][mine if mine < 3 else 3]
                        if not legal:
                            legal = [_DISCARD[c] for c in sorted(set(hand))]
                        m = len(legal)
                        k = _BITS[m] if m < 128 else m.bit_length()
                        j = getrandbits(k)  # randbelow(m)
                        while j >= m:
                            j = getrandbits(k)
                        pending[seat] = legal[j]
                    else:  # the only listing: [_PASS], still drawn from (randbelow(1))
                        while getrandbits(1):
                            pass
                        pending[seat] = _PASS
                    steps += 1
                    if len(pending) == n:
                        resolve(state)
                        break
                    if steps >= limit:
                        return
            else:
                return

    def _resolve_quiet(self, state: CatState) -> None:
        """``_resolve`` without its events (the rollouts' quiet mode keeps none), in one
        call: ``_reveal`` inline, each card's effect - a chaos card without its role (the
        most frequent) inline, the others by ``_card_effect`` - and ``_close_round``'s quiet
        mode, its usual case inline. tests/engine/test_rollout.py compares the states with
        the plain loop's."""
        plays = state.pending  # every seat 0..n-1 has played: read in seat order
        state.pending = {}
        hands, discard = state.hands, state.discard
        cards_played = []
        for s in _IN_ORDER[state.n]:
            a = plays[s]
            if "card" in a:  # a play or a discard (a pass has none)
                card = a["card"]
                hands[s].remove(card)
                discard.append(card)
                if a["type"] == "play":
                    cards_played.append((_ROOM_RANK[a["room"]], s, a))
        cards_played.sort()  # room by room, seat by seat (a seat plays once)
        lanes, fun, effect = state.lanes, state.fun, self._card_effect
        for _, s, a in cards_played:
            if a.get("role"):
                effect(state, s, a)
                continue
            card = a["card"]  # _card_effect without a role, its frequent cases inline:
            v = _CHAOS_VALUE.get(card)
            if v is not None:  # a chaos card: mess v, fun v
                lanes[a["room"]][s] += v
                fun[s] += v
            elif card == "clean":  # the own lane -2 (not below 0), fun +1
                lane = lanes[a["room"]]
                lane[s] -= lane[s] if lane[s] < 2 else 2
                fun[s] += 1
            else:
                effect(state, s, a)
        # _close_round(state, None): the exposures, then - in the usual case, no machine,
        # not the last station, chosen draws - the next station and whether a hand is
        # short (_enter_draw's _need_draw) inline; else _end_round
        cfg, station = state.cfg, state.station
        seal, line, last = state.rule_numbers
        if station < seal:
            fish = state.fish
            for room in _ROOM_NAMES:
                if sum(lanes[room]) + fish[room] >= line:  # else _expose does nothing
                    self._expose(state, room)
        if station >= last or cfg.variant_f or cfg.draw_mode != "choose":
            self._end_round(state, None)
            return
        state.station = station + 1
        size = cfg.hand_size
        for hand in hands:
            if len(hand) < size:
                state.phase = "draw" if any(state.piles.values()) else "play"
                return
        state.phase = "play"

    def check_action(self, state: CatState, seat: int, action: Any) -> Action:
        if isinstance(action, dict) and action.get("role") is False:
            action = {k: v for k, v in action.items() if k != "role"}  # false = not given
        if (isinstance(action, dict) and action.get("type") == "play"
                and isinstance(seat, int) and 0 <= seat < state.n
                and state.phase == "play" and seat not in state.pending):
            self._explain_play(state, seat, action)
        return super().check_action(state, seat, action)

    def _explain_play(self, state: CatState, seat: int, action: dict[str, Any]) -> None:
        """Clear messages for the usual mistakes, before the generic 'not legal' one."""
        card = action.get("card")
        if not data.valid_card(card):
            raise IllegalAction(f"{card!r} is not a card (L1..L5, K1..K5, B1..B5, clean, "
                                "shift, cat, fish)")
        if card not in state.hands[seat]:
            raise IllegalAction(f"seat {seat} has no {card} in hand")
        room = action.get("room")
        if room not in data.ROOMS:
            raise IllegalAction(f"room must be one of {', '.join(data.ROOMS)}, not {room!r}")
        if data.is_chaos(card) and room != data.chaos_room(card):
            raise IllegalAction(f"{card} is a {data.chaos_room(card)} chaos card; it can only "
                                f"be played in the {data.chaos_room(card)}")
        if card == "cat" and state.cats_played[seat] >= 1:
            raise IllegalAction("only one cat card per player per game (FAQ Q11)")
        if card == "shift":
            mine = state.lanes[room][seat]
            if mine <= 0:
                raise IllegalAction(f"a shift needs mess of your own in the {room}; you "
                                    f"have none there (FAQ Q9)")
            amount = action.get("amount")
            if not isinstance(amount, int) or not 1 <= amount <= min(3, mine):
                raise IllegalAction(f"a shift moves 1..{min(3, mine)} of your mess, "
                                    f"not {amount!r}")
            if action.get("to") not in data.ROOMS or action.get("to") == room:
                raise IllegalAction("a shift needs 'to': another room")
        if action.get("role") and (state.role_uses[seat] <= 0 or state.roles[seat] is None):
            raise IllegalAction("no role ability left to use")

    # ---- transitions -------------------------------------------------------------------

    def _apply(self, state: CatState, seat: int, action: Action) -> list[Event]:
        if action["type"] == "draw":
            return self._draw(state, seat, action["pile"])
        pending = state.pending
        chosen = _CHOSEN.get((seat, id(action)))
        if chosen is None:  # an action of the caller's own, not one of the listed ones
            play = dict(action)  # kept as it is now, whatever the caller does with its own
            chosen = private_words(_ONLY[seat], "chosen", _words_chosen, (play,), seat=seat,
                                   action=action)
            pending[seat] = play
        else:  # one of the shared listed actions, which nothing changes: kept as it is
            pending[seat] = action
        events = [chosen, _FACE_DOWN[seat]]
        if len(pending) == state.n:
            events += self._resolve(state)
        return events

    def _draw(self, state: CatState, seat: int, pile: str, auto: bool = False) -> list[Event]:
        card = state.piles[pile].pop()
        state.hands[seat].append(card)
        events = [_DRAW_EVENT[seat, pile], _DRAWN_EVENT[seat, card]]
        if not auto and not self._need_draw(state):
            state.phase = "play"
            events.append(_station_event("round", _words_round, state.station))
        return events

    def _resolve(self, state: CatState) -> list[Event]:
        station = state.station
        plays, cards_played = self._reveal(state)
        events = [public_words(  # worded when read; the played actions are not changed later
            "reveal", _words_reveal, (tuple(plays.items()),),
            plays={_SEAT_KEY[s]: a for s, a in plays.items()}, station=station)]
        for s, a in plays.items():
            if a["type"] == "discard":
                events.append(public_words("discard", _words_discard, (s, a["card"]), seat=s))
        for _, s, a in cards_played:
            events.append(self._effect(state, s, a))
        self._close_round(state, events)
        return events

    def _reveal(self, state: CatState) -> tuple[dict[int, Action], list[tuple]]:
        """Take the face-down plays (by seat): their cards leave the hands for the discard.
        Returns the plays and the card plays as (room's rank, seat, play), sorted: room by
        room, seat by seat - every shift and cat resolves before any exposure check (§6.2
        step 2). A seat plays once, so the sort never compares two plays."""
        plays = state.pending  # by seat; usually chosen in seat order already
        if list(plays) != _IN_ORDER[len(plays)]:
            plays = dict(sorted(plays.items()))
        state.pending = {}
        hands, discard = state.hands, state.discard
        cards_played = []
        for s, a in plays.items():
            if "card" in a:
                hands[s].remove(a["card"])
                discard.append(a["card"])
            if a["type"] == "play":
                cards_played.append((_ROOM_RANK[a["room"]], s, a))
        cards_played.sort()
        return plays, cards_played

    def _close_round(self, state: CatState, events: list[Event] | None) -> None:
        """After the cards' effects: exposures, the cat's machine, then mom's arrival or the
        next station and its draws. What happened is appended to ``events`` (``None``: the
        quiet mode of rollouts, no event kept)."""
        station = state.station
        seal, line, _ = state.rule_numbers
        if station < seal:
            lanes, fish = state.lanes, state.fish
            for room in data.ROOMS:
                if sum(lanes[room]) + fish[room] >= line:  # below it _maybe_expose is None
                    if events is None:
                        self._expose(state, room)
                        continue
                    ev = self._maybe_expose(state, room)
                    if ev:
                        events.append(ev)
        self._end_round(state, events)

    def _end_round(self, state: CatState, events: list[Event] | None) -> None:
        """``_close_round`` after the exposures: the cat's machine, then mom's arrival or
        the next station and its draws."""
        cfg, station = state.cfg, state.station
        last = state.rule_numbers[2]
        if cfg.variant_f and station == cfg.machine_round \
                and station < last:
            for room in data.ROOMS:
                state.lanes[room] = [0] * state.n
                state.fish[room] = 0
            if events is not None:
                events.append(public("machine", "猫启动了机器：三间房全部清零（乐趣保留）",
                                     "the cat's machine clears all three rooms (fun kept)"))
        if station >= last:
            if events is None:
                self._settlement(state)
            else:
                events += self._settle(state)
            return
        station = state.station = station + 1
        if events is None:
            self._enter_draw(state)
        else:
            events.append(_station_event("advance", _words_advance, station))
            events += self._enter_draw(state)

    def _effect(self, state: CatState, s: int, a: Action) -> Event:
        before = state.fun[s]
        detail = self._card_effect(state, s, a)
        after = state.fun[s]
        return public_words(
            "effect", _words_effect, (s, a, detail, before, after),
            seat=s, room=a["room"], card=a["card"], fun=after,
            role=bool(state.roles[s] if a.get("role") else None))

    def _card_effect(self, state: CatState, s: int, a: Action) -> tuple:
        """A played card's effect on the room and the score track; returns what the words
        say it did (``_effect_detail``'s arguments)."""
        card, room = a["card"], a["room"]
        lane = state.lanes[room]
        role = state.roles[s] if a.get("role") else None
        if role:
            state.role_uses[s] -= 1
        fun = state.fun
        v = _CHAOS_VALUE.get(card)
        if v is not None:
            mess, fish = v, 0
            if role == "sally":
                mess = max(1, v - 2)
            elif role == "things":
                fish = v // 2 if state.cfg.things_fish == "floor" else ceil_div(v, 2)
                mess = v - fish
            lane[s] += mess
            state.fish[room] += fish
            fun[s] += v + (2 if role == "cat" else 0)
            return ("chaos", mess, fish)
        if card == "clean":
            k, gain = (4, 3) if role == "konrad" else (2, 1)
            removed = min(k, lane[s])
            lane[s] -= removed
            fun[s] += gain
            return ("clean", removed)
        if card == "shift":
            amt = a["amount"]
            lane[s] -= amt
            state.lanes[a["to"]][s] += amt
            return ("shift", amt, a["to"])
        if card == "cat":
            removed = lane[s]
            lane[s] = 0
            state.cats_played[s] += 1
            return ("cat", removed)
        state.fish[room] += 2  # fish
        fun[s] += 2
        return ("fish",)

    def _maybe_expose(self, state: CatState, room: str) -> Event | None:
        done = self._expose(state, room)
        if done is None:
            return None
        record, before = done
        return public_words("exposure", _words_exposure,
                            (room, record["total"], before, tuple(state.fun)), **record)

    def _expose(self, state: CatState, room: str
                ) -> tuple[dict[str, Any], tuple[int, ...]] | None:
        """Expose ``room`` if it is at the line (and not a fish-only room that does not
        expose): the bills, the role bonus, the room cleared. Returns the exposure's record
        and the fun track before it, or ``None``."""
        cfg = state.cfg
        lanes = state.lanes[room]
        total = sum(lanes) + state.fish[room]  # room_total
        if total < state.rule_numbers[1]:  # the exposure line
            return None
        if max(lanes) == 0 and cfg.fish_only_room == "no_exposure":
            return None
        ranked = dirtiest, second = ranks(lanes)
        if cfg.variant_d:
            deltas = [0] * state.n
            bill = ceil_div(total, 2)
            state.house_bill += bill
        else:
            deltas = exposure_deltas(lanes, total, cfg.exposure_tie, ranked)
            # what the dirtiest pay together: each the same share (-sum of their deltas)
            bill = -deltas[dirtiest[0]] * len(dirtiest) if dirtiest else 0
        fish_bonus = []
        if "fish" in state.roles:  # Fish Kreutzer's bonus, while he has uses
            for s in range(state.n):
                if state.roles[s] == "fish" and state.role_uses[s] > 0:
                    state.role_uses[s] -= 1
                    deltas[s] += 2
                    fish_bonus.append(s)
        before = tuple(state.fun)
        state.fun = list(map(add, state.fun, deltas))  # both n long; no comprehension frame
        record = {"station": state.station, "room": room, "total": total,
                  "lanes": list(lanes), "fish": state.fish[room], "dirtiest": dirtiest,
                  "second": second, "deltas": deltas, "fish_role": fish_bonus, "bill": bill}
        state.exposures.append(record)
        state.lanes[room] = [0] * state.n
        state.fish[room] = 0
        return record, before

    def _settle(self, state: CatState) -> list[Event]:
        final = self._settlement(state)
        events = [public_words("settle", _words_settle, (room, r["total"], tuple(r["dirtiest"]),
                                                         tuple(r["second"])), room=room, **r)
                  for room, r in final["rooms"].items()]
        events.append(public_words("final", _words_final, (tuple(final["scores"]),),
                                   scores=final["scores"], winners=final["winners"]))
        return events

    def _settlement(self, state: CatState) -> dict[str, Any]:
        """Mom is home: every room settled, the scores and winners; the game is over.
        Returns ``state.final``."""
        n, cfg = state.n, state.cfg
        coop = cfg.variant_d
        bills, bonuses = [0] * n, [0] * n
        rooms: dict[str, dict[str, Any]] = {}
        all_lanes, all_fish = state.lanes, state.fish
        for room in data.ROOMS:
            lanes = all_lanes[room]
            total = sum(lanes) + all_fish[room]
            dirtiest, second = ranks(lanes)
            b, g = [0] * n, [0] * n
            if coop:
                state.house_bill += total  # the house pays every room together
            else:  # final_bills(lanes, total), set here and added to the seats' sums
                for s in dirtiest:
                    b[s] = total
                    bills[s] += total
                if second:
                    third = total // 3
                    for s in second:
                        g[s] = third
                        bonuses[s] += third
            rooms[room] = {"total": total, "lanes": list(lanes), "fish": all_fish[room],
                           "dirtiest": dirtiest, "second": second, "bills": b, "bonus": g}
        # mess_held of every seat: its lane summed over the rooms
        held = list(map(sum, zip(*all_lanes.values(), strict=True)))
        if coop:
            team = sum(state.fun) - state.house_bill
            scores = [team] * n
            success = all(r["total"] < cfg.effective_line for r in rooms.values())
            winners = list(range(n)) if success else []
        else:
            # fun - bill + bonus per seat (all n long), in C rather than a comprehension
            scores = list(map(add, map(sub, state.fun, bills), bonuses))
            best = max(scores)
            if scores.count(best) == 1:  # no tie to break
                winners = [scores.index(best)]
            else:
                tied = [s for s in range(n) if scores[s] == best]
                least = min(held[s] for s in tied)  # §6.3: less mess held at the end wins
                winners = [s for s in tied if held[s] == least]
            success = None
        final = state.final = {
            "rooms": rooms, "bills": bills, "bonuses": bonuses, "scores": scores,
            "winners": winners, "mess_held": held, "coop_success": success,
            "house_bill": state.house_bill}
        state.phase = "over"
        return final

    # ---- views and results -------------------------------------------------------------

    def _rooms(self, state: CatState) -> dict[str, Any]:
        return {r: {"lanes": list(state.lanes[r]), "fish": state.fish[r],
                    "total": state.room_total(r)} for r in data.ROOMS}

    def view(self, state: CatState, seat: int | None) -> dict[str, Any]:
        cfg = state.cfg
        mine = seat is not None and 0 <= seat < state.n
        return {
            "game": "cat", "players": state.n, "seat": seat, "phase": state.phase,
            "station": state.station, "stations": cfg.effective_stations,
            "seal_station": cfg.effective_seal, "exposure_line": cfg.effective_line,
            "exposures_open": state.station < cfg.effective_seal, "hand_size": cfg.hand_size,
            "rooms": self._rooms(state), "fun": list(state.fun), "roles": list(state.roles),
            "role_uses": list(state.role_uses), "cats_played": list(state.cats_played),
            "hand_sizes": [len(h) for h in state.hands],
            "piles": {p: len(v) for p, v in state.piles.items()},
            "discard": sorted(state.discard), "submitted": sorted(state.pending),
            "hand": sorted(state.hands[seat]) if mine else None,
            "my_play": dict(state.pending[seat]) if mine and seat in state.pending else None,
            # the records' lists too: a reader changing its view must not reach the state
            "exposures": [{k: list(v) if type(v) is list else v for k, v in e.items()}
                          for e in state.exposures],
            "house_bill": state.house_bill, "cooperative": cfg.variant_d,
            "chat": not cfg.variant_e,
            # the end's tally (nested rooms, lists): copied once, when the game is over
            "final": None if state.final is None else copy.deepcopy(state.final),
            "log": self.visible_log(state, seat),
        }

    def facts(self, state: CatState) -> dict[str, Any]:
        return {
            "phase": state.phase, "station": state.station, "fun": list(state.fun),
            "stations": state.cfg.effective_stations, "seal_station": state.cfg.effective_seal,
            "exposure_line": state.cfg.effective_line, "chat": not state.cfg.variant_e,
            "rooms": self._rooms(state), "hands": [sorted(h) for h in state.hands],
            "hand_sizes": [len(h) for h in state.hands],
            "piles": {p: len(v) for p, v in state.piles.items()},
            "roles": list(state.roles), "role_uses": list(state.role_uses),
            "cats_played": list(state.cats_played),
            "pending": {str(s): a for s, a in sorted(state.pending.items())},
            "exposures": len(state.exposures),
            "exposure_list": [dict(e) for e in state.exposures],
            "mess_held": [state.mess_held(s) for s in range(state.n)],
            "house_bill": state.house_bill, "final": state.final,
        }

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
        # Every field is already of its declared type (floats, ints, a Text, JSON values):
        # pydantic's validation would return an equal Result (tests/cat/test_fastpath.py),
        # and a search bot asks for one at the end of every playout.
        return Result.model_construct(scores=[float(s) for s in f["scores"]],
                                      winners=list(f["winners"]), reason=reason,
                                      summary=summary)

    def outcome(self, state: CatState) -> tuple[list[float], list[int]]:
        """``result(state)``'s scores and winners, without the summary and the model."""
        f = state.final
        if not self.is_over(state) or f is None:
            raise ValueError("the game is not over yet")
        return list(map(float, f["scores"])), list(f["winners"])  # no comprehension frame

    def describe_action(self, state: CatState, seat: int, action: Action,
                        lang: str = "en") -> str:
        return label(action, "zh" if lang == "zh" else "en")

    # ---- hidden information --------------------------------------------------------------

    def determinize(self, state: CatState, seat: int, rng: random.Random) -> CatState:
        """Re-deal what ``seat`` cannot see: other hands (each card stays of the pile it
        was drawn from - public - ), pile orders, and other seats' face-down plays.

        Pile by pile, the pile's cards and then the other seats' cards of that pile (seat
        by seat, in hand order) are shuffled together; each other seat takes back as many
        as it held from the end, and the rest is the new pile. A hand ends as its new cards
        of each pile in ``data.PILES`` order. ``rng`` is drawn from exactly as that
        description says with ``rng.shuffle``; the world's generator is
        ``random.Random(rng.getrandbits(64))``, built when first used."""
        world = state.copy(rng=UNSET)  # a fresh generator is set below
        hands = world.hands
        others = [s for s in range(state.n) if s != seat]
        split = []  # per other seat: its cards by pile (data.PILES' order), in hand order
        for s in others:
            by_pile: tuple[list[str], ...] = ([], [], [], [])
            for c in hands[s]:
                by_pile[_PILE_INDEX[c]].append(c)
            split.append(by_pile)
            hands[s] = []
        piles = world.piles
        for i, p in enumerate(_PILE_NAMES):
            pool = piles[p]  # the copy's own list: it becomes the new pile
            for by_pile in split:
                pool += by_pile[i]
            shuffle(rng, pool)
            for s, by_pile in zip(others, split, strict=True):
                k = len(by_pile[i])
                if k:  # pop() k times: the last k cards, last first
                    hands[s] += pool[:-k - 1:-1]
                    del pool[-k:]
        pending = world.pending
        for s in others:
            if s in pending:
                opts = self.play_options(world, s)
                if not opts:
                    opts = [_DISCARD[c] for c in sorted(set(hands[s]))]
                pending[s] = dict(rng.choice(opts or [_PASS]))
        world.with_seed(rng.getrandbits(64))
        return world


# ---- the frequent events, made once ------------------------------------------------------
# An event is an immutable value (engine.protocol.Event): the same draw, the same face-down
# play, the same listed action chosen by the same seat is the same event whatever the game,
# so these are made here once and shared - by every log that holds them and every rollout
# that discards them. Each equals what the plain call would make (kind, data, audience,
# words; tests/cat/test_fastpath.py). Their data is shared too and, like every event's, is
# never changed by a reader.

_SEATS = range(CatGame.max_players)
_LISTED: tuple[Action, ...] = (
    *(a for pair in _CHAOS_ROLE.values() for a in pair), *_CLEAN_KONRAD,
    *_ANY_ROOM["fish"], *_ANY_ROOM["cat"], *_SHIFT.values(), *_DISCARD.values(), _PASS)
"""Every listed action ``_apply`` can get (draws aside); all live as long as the module, so
``id`` names each of them alone."""
_CHOSEN: dict[tuple[int, int], Event] = {
    (s, id(a)): private_words(_ONLY[s], "chosen", _words_chosen, (dict(a),), seat=s, action=a)
    for s in _SEATS for a in _LISTED}
_FACE_DOWN: tuple[Event, ...] = tuple(
    public_words("face_down", _words_face_down, (s,), seat=s) for s in _SEATS)
_DRAW_EVENT: dict[tuple[int, str], Event] = {
    (s, p): public_words("draw", _words_draw, (s, p), seat=s, pile=p)
    for s in _SEATS for p in data.PILES}
_DRAWN_EVENT: dict[tuple[int, str], Event] = {
    (s, c): private_words(_ONLY[s], "drawn", _words_drawn, (c,), seat=s, card=c)
    for s in _SEATS for c in _PILE_OF}
_STATION_EVENTS: dict[tuple[str, int], Event] = {}


def _station_event(kind: str, words: Words, station: int) -> Event:
    """The ``round`` / ``advance`` event of a station (made once per station number)."""
    event = _STATION_EVENTS.get((kind, station))
    if event is None:
        event = _STATION_EVENTS[kind, station] = public_words(
            kind, words, (station,), station=station)
    return event


_C_RANDOM = random.Random


def shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``: the same permutation from the same draws, without a Python call
    per element for a plain ``random.Random`` (whose ``_randbelow(n)`` draws
    ``getrandbits(n.bit_length())`` until below ``n`` - CPython's ``random.py``); any other
    generator is asked to shuffle itself. tests/cat/test_fastpath.py compares the two."""
    if type(rng) is not _C_RANDOM:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    size = len(x)
    # (i, the bit length of i + 1) for i = size-1 .. 1: _randbelow(i + 1) is "draw until
    # at most i"
    steps = _SHUFFLE_STEPS[size] if size < 128 else _shuffle_steps(size)
    for i, k in steps:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _shuffle_steps(size: int) -> tuple[tuple[int, int], ...]:
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_BITS = tuple(n.bit_length() for n in range(128))
_SHUFFLE_STEPS = tuple(_shuffle_steps(size) for size in range(128))
_RANDBELOW = random.Random._randbelow
"""What ``rng._randbelow`` is for a ``random.Random`` (or a subclass with its own
``getrandbits``): ``_randbelow_with_getrandbits``, which ``finish_randomly`` does inline."""
