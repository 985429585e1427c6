"""Rules of 玩具不许动：安迪的房间 as pure transitions (see the package docstring)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from itertools import combinations
from typing import Any

from boardlab.engine.errors import ConfigError, IllegalAction
from boardlab.engine.protocol import (
    Event,
    Game,
    Result,
    canonical,
    private_words,
    public,
    public_words,
    seat_refs,
    text,
    trusted_result,
)
from boardlab.engine.rng import UNSET, make_rng

from .config import Readings, ToysConfig, numbers, readings
from .data import (
    ADJ,
    CELLS,
    COMPANIONS,
    ITEM_IDS,
    ITEMS,
    NOISE_ICONS,
    NOISE_ITEMS,
    ROLE_IDS,
    ROLES,
    ROLLOVERS,
    START,
    TASKS,
    cell_name,
)
from .state import ToysState, new_state

MOMENTS = 3
# (start cell, length) -> every simple path; the board never changes (see ``_paths``).
_PATHS: dict[tuple[str, int], tuple[tuple[str, ...], ...]] = {}
PROMPTS = {
    "move": text("移动（或收工 🧊）", "Move (or freeze 🧊)"),
    "noise": text("暗置一张动静卡（可同时声明道具）", "Place a noise card face down (declare an item)"),
    "peek": text("持道具者：🪞 偷看一名玩家的牌，或过", "Item holders: 🪞 peek at one card, or pass"),
    "after_peek": text("🪞 偷看之后、揭示之前：收工或过", "🪞 After the peek, before the reveal: freeze or pass"),
    "react": text("揭示后：收工、用 🎧、🥔 重出，或过", "After the reveal: freeze, 🎧, 🥔 replay or pass"),
    "react2": text("🥔 重出后：最后一次收工机会", "After the 🥔 replay: last chance to freeze"),
    "potato": text("🥔 所有收工已定：重出或过", "🥔 Freezes are final: replay or pass"),
    "over": text("游戏结束", "Game over"),
}
# The same words as plain pairs (the view builds a fresh prompt dict from them).
_PROMPT_WORDS = {phase: (t["zh"], t["en"]) for phase, t in PROMPTS.items()}
_NO_PROMPT = ("", "")
DEFAULTS = {"item": None, "rocket": False, "boosts": [], "freeze": False}


def _c(cell: str) -> tuple[str, str]:
    """A cell's name in zh and en (as ``cell_name`` spells it; spelt once per cell)."""
    return _CELL_WORDS[cell]


_CELL_WORDS = {c: (cell_name(c, "zh"), cell_name(c, "en")) for c in CELLS}


def normalise(action: Any) -> Any:
    """Drop optional keys at their default so {"card":2,"item":null} == {"card":2}."""
    if not isinstance(action, dict):
        return action
    out = {k: v for k, v in action.items() if not (k in DEFAULTS and v == DEFAULTS[k])}
    if isinstance(out.get("boosts"), list) and all(isinstance(b, str) for b in out["boosts"]):
        out["boosts"] = sorted(out["boosts"])
    return out


# The movement boosts a move may use, in words for the log (zh, en).
BOOST_WORDS = {"cowboy": ("🤠牛仔冲刺", "🤠 cowboy dash"), "springdog": ("🐩弹簧跳", "🐩 spring jump"),
               "magnet": ("🧲小磁铁", "🧲 magnet")}

# How a seat is named in event texts: ``P1``.. with its role's icon; roles are fixed for a
# game, so each (seat, role) is spelt once: ``_LABELS[role][seat]``.
_LABELS: dict[str | None, tuple[str, ...]] = {
    role: tuple(f"P{seat + 1}{ROLES[role][0] if role else ''}" for seat in range(6))
    for role in (None, *ROLES)
}


def _seat_label(seat: int, role: str | None) -> str:
    return _LABELS[role][seat]


# Words of the frequent events, made only when someone reads the event (lazy texts: a
# rollout never does). Their arguments are plain values captured when the event happens.
def _words_placed(name: str) -> tuple[str, str]:
    return f"{name} 暗置了一张动静卡", f"{name} placed a noise card face down"


def _words_placed_own(card: int) -> tuple[str, str]:
    return f"你暗置了 {NOISE_ICONS[card]}", f"you placed {NOISE_ICONS[card]}"


def _words_move_chosen(name: str) -> tuple[str, str]:
    return f"{name} 选好了移动", f"{name} chose a move"


def _words_freeze(name: str) -> tuple[str, str]:
    return f"{name} 翻到 🧊 已定格", f"{name} freezes 🧊"


def _words_pass(name: str) -> tuple[str, str]:
    return f"{name} 过", f"{name} passes"


def _words_move(name: str, path: tuple[str, ...], boosts: tuple[str, ...]) -> tuple[str, str]:
    route_z = "→".join(_c(c)[0] for c in path)
    route_e = " → ".join(_c(c)[1] for c in path)
    words = [BOOST_WORDS.get(b, (b, b)) for b in boosts]
    extra = f"（{'、'.join(b[0] for b in words)}）" if words else ""
    return (f"{name} 移动 {route_z}{extra}",
            f"{name} moves {route_e}" + (f" ({', '.join(b[1] for b in words)})" if words else ""))


def _words_reveal(shown: tuple[tuple[int, int, str | None, bool], ...]) -> tuple[str, str]:
    """``shown``: (seat, card, declared item, 🚀) of every placed card, by seat."""
    parts = [f"P{s + 1} {NOISE_ICONS[card]}{ITEMS[item][0] if item else ''}"
             f"{'🚀' if rocket else ''}" for s, card, item, rocket in shown]
    return "揭示：" + ("，".join(parts) or "无人出牌"), "Reveal: " + (", ".join(parts) or "no cards")


def _words_reveal_cards(cards: Mapping[str, Mapping[str, Any]]) -> tuple[str, str]:
    """``_words_reveal`` of a reveal event's ``cards`` (seat key -> card, item, 🚀)."""
    return _words_reveal(tuple(sorted((int(k), c["card"], c["item"], c["rocket"])
                                      for k, c in cards.items())))


def _words_noise(s: int, muffs: int, gained: int, progress: int, need: int) -> tuple[str, str]:
    return (f"声响 S={s}" + (f"（耳罩 −{muffs}）" if muffs else "")
            + f"；任务进度 +{gained} → {progress}/{need}",
            f"Noise S={s}" + (f" (earmuffs −{muffs})" if muffs else "")
            + f"; task progress +{gained} → {progress}/{need}")


def _words_quiet(s: int, t: int) -> tuple[str, str]:
    return f"S={s} < T={t}：安迪没察觉（曝光 +0）", f"S={s} < T={t}: Andy notices nothing (exposure +0)"


def _words_best_freeze(name: str, bonus: int) -> tuple[str, str]:
    return f"{name} 最佳定格 +{bonus}", f"{name} best freeze +{bonus}"


def _words_item_drawn(item: str) -> tuple[str, str]:
    icon, zh, en, _ = ITEMS[item]
    return f"你抽到道具 {icon}{zh}", f"you drew the item {icon} {en}"


def _words_night_start(night: int, markers: tuple[tuple[str, str], ...],
                       sight: tuple[str, ...], need: int, andy: int | None) -> tuple[str, str]:
    cz = "、".join(f"{COMPANIONS[v][0]}@{_c(k)[0]}" for k, v in markers)
    ce = ", ".join(f"{COMPANIONS[v][0]} on {_c(k)[1]}" for k, v in markers)
    sz = "、".join(_c(c)[0] for c in sight)
    se = ", ".join(_c(c)[1] for c in sight)
    andy_en = andy_zh = ""
    if andy is not None:
        andy_en, andy_zh = f"; P{andy + 1} plays Andy", f"；P{andy + 1} 扮演安迪"
    return (f"第 {night} 夜开始：伙伴 {cz}；视线格 {sz}；任务需求 {need}{andy_zh}",
            f"Night {night}: companions {ce}; sight cells {se}; task needs {need}{andy_en}")


def _words_sight(sight: tuple[str, ...]) -> tuple[str, str]:
    return ("视线漂移：" + "、".join(_c(c)[0] for c in sight),
            "Sight drifts: " + ", ".join(_c(c)[1] for c in sight))


def _words_clock(name: str) -> tuple[str, str]:
    return f"{name} 使用 ⏰小闹钟：本夜最佳定格 +2", f"{name} uses ⏰ alarm clock: best freeze +2 tonight"


def _words_mirror(name: str, target: int) -> tuple[str, str]:
    return (f"{name} 用 🪞小镜子 偷看了 P{target + 1} 的牌",
            f"{name} uses 🪞 mirror to peek at P{target + 1}")


def _words_peek(target: int, shown: str) -> tuple[str, str]:
    return f"你看到 P{target + 1} 的牌是 {shown}", f"P{target + 1}'s card is {shown}"


def _words_earmuffs(name: str) -> tuple[str, str]:
    return f"{name} 使用 🎧隔音耳罩：本时刻 S−1", f"{name} uses 🎧 earmuffs: S − 1 this moment"


def _words_replay(name: str, card: int) -> tuple[str, str]:
    return (f"{name} 🥔 收回并重出：{NOISE_ICONS[card]}",
            f"{name} 🥔 takes back and replays: {NOISE_ICONS[card]}")


def _words_companion(name: str, cell: str, icon: str) -> tuple[str, str]:
    return f"{name} 在{_c(cell)[0]}救回 {icon}", f"{name} rescues {icon} on {_c(cell)[1]}"


def _words_companion_tie(cell: str, icon: str) -> tuple[str, str]:
    return f"{_c(cell)[0]}平局，{icon} 无人拿到", f"tie on {_c(cell)[1]}: nobody takes {icon}"


def _words_crossing(s: int, t: int, over: int, a: int, v: int, add: int, exposure: int,
                    cap: int) -> tuple[str, str]:
    return (f"越线！S={s} ≥ T={t}：曝光 +({s}−{t}+1)={over} + 🧸{a} + 视线 2×{v} = +{add}"
            f" → {exposure}/{cap}",
            f"Crossing! S={s} ≥ T={t}: exposure +({s}−{t}+1)={over} + active {a}"
            f" + sight 2×{v} = +{add} → {exposure}/{cap}")


def _words_task_done(progress: int, need: int) -> tuple[str, str]:
    return (f"任务完成（{progress}/{need}）：全员 +3",
            f"Task done ({progress}/{need}): everyone +3")


def _words_task_failed(progress: int, need: int, exposure: int) -> tuple[str, str]:
    return (f"任务失败（{progress}/{need}）：曝光 +3 → {exposure}，全员 −2",
            f"Task failed ({progress}/{need}): exposure +3 → {exposure}, everyone −2")


def _words_dawn() -> tuple[str, str]:
    return "天亮了！全员 +5", "Dawn! Everyone +5"


# ---- the frequent events, made once ------------------------------------------------------
# An event is an immutable value (``engine.protocol.Event``): the same seat with the same
# role freezing, choosing a move or placing a card is the same event in every game, so the
# frequent ones are made once and shared by every log that holds them (and every rollout
# that drops them). Each equals what the plain call makes - kind, data, audience, words
# (``tests/toys/test_fastpaths.py``); like every event's, their data is never changed.
_SEAT_RANGE = range(6)
_ROLES_OR_NONE = (None, *ROLES)


def _by_role_and_seat(kind: str, words: Callable[[str], tuple[str, str]],
                      **data: Any) -> dict[str | None, tuple[Event, ...]]:
    """``public_words(kind, words, (label,), seat=seat, **data)`` per role and seat."""
    return {role: tuple(public_words(kind, words, (_LABELS[role][s],), seat=s, **data)
                        for s in _SEAT_RANGE)
            for role in _ROLES_OR_NONE}


_MOVE_CHOSEN = _by_role_and_seat("move_chosen", _words_move_chosen)
_FREEZE = _by_role_and_seat("freeze", _words_freeze)
_PLACED = _by_role_and_seat("placed", _words_placed)
_REACT_PASS = _by_role_and_seat("react_pass", _words_pass)
_CLOCK = _by_role_and_seat("item", _words_clock, item="clock")
_EARMUFFS = _by_role_and_seat("item", _words_earmuffs)
# Made when first needed, then shared: (S, T) -> "quiet" (S and T are small numbers);
# (role, seat, bonus) -> "best_freeze" (a bonus is 5, 7 or 9).
_QUIET: dict[tuple[int, int], Event] = {}
_BEST_FREEZE: dict[tuple[str | None, int, int], Event] = {}
_DAWN = public_words("dawn", _words_dawn, ())
# (kind, numbers) -> a night's task event (no data; its words say the numbers)
_TASK_EVENTS: dict[tuple[str, tuple[int, ...]], Event] = {}


def _numbers_event(kind: str, words: Callable[..., tuple[str, str]],
                   args: tuple[int, ...]) -> Event:
    """``public_words(kind, words, args)``, made once per kind and numbers."""
    ev = _TASK_EVENTS.get((kind, args))
    if ev is None:
        if len(_TASK_EVENTS) >= 4096:  # sweeps of many needs and caps: never grows past this
            _TASK_EVENTS.clear()
        ev = _TASK_EVENTS[kind, args] = public_words(kind, words, args)
    return ev


# seat -> card -> the seat's own private "you placed" event
_PLACED_OWN = tuple(
    tuple(private_words(frozenset((s,)), "placed_own", _words_placed_own, (card,), card=card)
          for card in NOISE_ICONS)
    for s in _SEAT_RANGE)
# (seat, item) -> the seat's private draw
_ITEM_DRAWN = {(s, it): private_words(frozenset((s,)), "item_drawn", _words_item_drawn,
                                      (it,), item=it)
               for s in _SEAT_RANGE for it in ITEM_IDS}



# The window after each one (``_open`` skips a window nobody takes part in).
_NEXT_WINDOW = {"move": "noise", "noise": "peek", "peek": "after_peek",
                "after_peek": "reveal", "reveal": "react", "react": "react2"}


# ---- shuffling ------------------------------------------------------------------------

_RANDBELOW_BITS = random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]
_SHUFFLE = random.Random.shuffle


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``, the same permutation from the same draws, a few times faster.

    CPython's ``Random.shuffle`` swaps ``x[i]`` with ``x[randbelow(i + 1)]`` for i from the
    end, and ``randbelow(n)`` draws ``getrandbits(n.bit_length())`` until the draw is below
    n; written out here without the two Python-level calls per card. A generator whose
    ``_randbelow`` or ``shuffle`` is not that one (a subclass with its own ``random``)
    uses its own ``shuffle`` (``tests/toys/test_fastpaths.py`` compares both)."""
    cls = type(rng)
    if getattr(cls, "_randbelow", None) is not _RANDBELOW_BITS or cls.shuffle is not _SHUFFLE:
        rng.shuffle(x)
        return
    if len(x) > len(_BITS):  # longer than any deck here: the same steps, bits counted
        _shuffle_counting(rng, x)
        return
    getrandbits, bits = rng.getrandbits, _BITS
    for i in range(len(x) - 1, 0, -1):
        k = bits[i]  # (i + 1).bit_length(), read from a table
        j = getrandbits(k)
        while j > i:  # randbelow(i + 1): a draw of i + 1 or more is drawn again
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _shuffle_counting(rng: random.Random, x: list[Any]) -> None:
    """``shuffle`` for any length: each draw's bit count computed, not read."""
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


_BITS = tuple((i + 1).bit_length() for i in range(64))  # i -> bits of randbelow(i + 1)


# ---- legal choices, built once per situation ------------------------------------------


def _walk_paths(start: str, length: int) -> list[list[str]]:
    out: list[list[str]] = []

    def walk(path: list[str]) -> None:
        if len(path) == length:
            out.append(list(path))
            return
        for nxt in ADJ[path[-1] if path else start]:
            if nxt != start and nxt not in path:
                walk([*path, nxt])

    walk([])
    return out


def _paths(start: str, length: int) -> tuple[tuple[str, ...], ...]:
    """Every simple path of ``length`` cells from ``start`` (never back onto it); the board
    never changes, so each walk is done once."""
    found = _PATHS.get((start, length))
    if found is None:
        found = _PATHS[(start, length)] = tuple(
            tuple(p) for p in _walk_paths(start, length))
    return found


def _move_event(role: str | None, s: int, a: dict[str, Any]) -> Event:
    """The public event of seat ``s`` (with ``role``) making the move ``a``."""
    path, boosts = a["path"], a.get("boosts")
    return public_words("move", _words_move,
                        (_LABELS[role][s], tuple(path), tuple(boosts) if boosts else ()),
                        seat=s, path=list(path), boosts=list(boosts) if boosts else [])


# id of a listed move (held here, so the id stays its own) -> (the move, its shared events
# by (role, seat)); filled by ``_build_legal``.
_MOVE_EVENTS: dict[int, tuple[dict[str, Any], dict[tuple[str | None, int], Event]]] = {}

# situation key -> the legal actions of a seat in it (shared, read-only; see legal_actions)
_LEGAL: dict[tuple[Any, ...], tuple[dict[str, Any], ...]] = {}


def _build_legal(key: tuple[Any, ...]) -> tuple[dict[str, Any], ...]:
    """The legal actions of a situation (see ``ToysGame.legal_actions``), in the rules' order."""
    ph = key[0]
    if ph == "guess":
        return ({"type": "guess", "cross": True}, {"type": "guess", "cross": False})
    it = key[-1]
    acts: list[dict[str, Any]] = []
    if ph == "move":
        _, pos, rb, it, stack = key
        acts.append({"type": "move", "path": []})
        acts += [{"type": "move", "path": list(p)} for p in _paths(pos, 1)]
        avail = ([rb] if rb else []) + (["magnet"] if it == "magnet" else [])
        sizes = range(1, len(avail) + 1) if stack else range(1, 2)
        for k in sizes:
            for combo in combinations(sorted(avail), k):
                for p in _paths(pos, 1 + k):
                    acts.append({"type": "move", "path": list(p), "boosts": list(combo)})
        acts.append({"type": "freeze"})
        for a in acts:  # each listed move gets its shared events (see ``_move_event``)
            if a.get("path"):
                _MOVE_EVENTS[id(a)] = (a, {})
    elif ph == "noise":
        _, loud, it, ranger = key
        items: list[str | None] = [None]
        if it in NOISE_ITEMS:
            items.append(it)
        for card in _CARDS[loud]:
            for i in items:
                for r in ((False, True) if card == 2 and ranger else (False,)):
                    a: dict[str, Any] = {"type": "noise", "card": card}
                    if i:
                        a["item"] = i
                    if r:
                        a["rocket"] = True
                    acts.append(a)
        acts.append({"type": "freeze"})
    elif ph == "peek":
        if it == "mirror":
            acts = [{"type": "peek", "target": t} for t in key[1]]
        acts.append({"type": "pass"})
    elif ph == "after_peek":
        acts = [{"type": "pass"}, {"type": "freeze"}]
    elif ph == "potato":
        _, loud, own, it = key
        acts = [{"type": "replay", "card": c} for c in _CARDS[loud] if c != own]
        acts.append({"type": "pass"})
    elif ph in ("react", "react2"):
        _, active, replay, loud, it = key
        acts.append({"type": "pass"})
        if active:
            acts.append({"type": "freeze"})
            if replay is not None:
                acts += [{"type": "replay", "card": c} for c in _CARDS[loud] if c != replay]
        if it == "earmuffs":
            acts.append({"type": "earmuffs"})
            if active:  # FAQ 10.3/10.4: use 🎧, then freeze
                acts.append({"type": "earmuffs", "freeze": True})
    if it == "clock":  # ⏰ may be used in any window the seat is asked in
        acts.append({"type": "clock"})
    return tuple(acts)


def _declared(item: str | None, used: bool) -> str | None:
    return item if used else None


def _held(item: str | None, used: bool) -> bool:  # holds_item
    return item is not None and not used


_SEAT_KEYS = tuple(str(s) for s in range(6))  # seats as JSON object keys
# A private event's readers, one seat: ``private_words`` keeps a frozenset as it is
# (``frozenset(fs) is fs``), so none is built per event.
_ONLY = tuple(frozenset((s,)) for s in range(6))
# The seats of a table of n, built once (``_participants`` hands out copies).
_SEATS = tuple(tuple(range(n)) for n in range(7))


def _copy_action(action: dict[str, Any]) -> dict[str, Any]:
    """A copy a reader may change: listed actions are shared (see ``legal_actions``)."""
    return {k: list(v) if type(v) is list else v for k, v in action.items()}


_CARDS = {True: (0, 1, 2, 3), False: (0, 1, 2)}  # noise cards in play, by the 🔊 option
_ITEM_DECK = tuple(i for i in ITEM_IDS for _ in range(3))  # three of each item, unshuffled

# config -> its ``numbers`` and ``readings``, for the configs of the latest games (a config
# is frozen; the entry holds the config itself, so its id is never another config's while
# it is here).
_NUMBERS: dict[int, tuple[ToysConfig, dict[str, Any], Readings]] = {}


def _per_config(config: ToysConfig) -> tuple[ToysConfig, dict[str, Any], Readings]:
    hit = _NUMBERS.get(id(config))
    if hit is None or hit[0] is not config:
        if len(_NUMBERS) >= 64:  # a dict-config caller makes a config per game
            _NUMBERS.clear()
        hit = _NUMBERS[id(config)] = (config, numbers(config), readings(config))
    return hit


def _numbers(config: ToysConfig) -> dict[str, Any]:
    """A fresh copy of ``numbers(config)``, computed once per config object."""
    return dict(_per_config(config)[1])


def _readings(config: ToysConfig) -> Readings:
    """``readings(config)``, made once per config object (frozen: shared)."""
    return _per_config(config)[2]


class ToysGame(Game[ToysConfig, ToysState]):
    id = "toys"
    title = text("玩具不许动：安迪的房间", "Toys Freeze: Andy's Room")
    min_players = 3
    max_players = 6
    Config = ToysConfig

    # ---- config and setup ----------------------------------------------------------------

    def check_config(self, config: ToysConfig) -> None:
        if config.andy_stand_in and config.players < 5:
            raise ConfigError("variant 9.4 (andy_stand_in) is for 5-6 players")
        for name in ("threshold", "task_need", "cap", "nights"):
            v = getattr(config, name)
            if v is not None and v < 1:
                raise ConfigError(f"{name} must be at least 1, not {v}")

    def setup(self, config: ToysConfig, seed: int,
              overrides: Mapping[str, Any] | None = None) -> ToysState:
        ov = dict(overrides or {})
        unknown = set(ov) - {"roles", "items", "nights", "exposure", "screws"}
        if unknown:
            raise ConfigError(f"unknown toys setup overrides: {sorted(unknown)}")
        n = config.players
        rng = make_rng(seed)
        st = new_state(config, _numbers(config), rng, config.move_order == "in_turn",
                       config.react_order == "cascade", _readings(config))
        st.task_deck = list(TASKS)
        st.roll_deck = list(ROLLOVERS)
        st.item_deck = list(_ITEM_DECK)
        st.companion_pool = list(COMPANIONS)
        for deck in (st.task_deck, st.roll_deck, st.item_deck, st.companion_pool):
            shuffle(rng, deck)
        roles: list[str | None] = [None] * n
        if config.roles:
            pool = list(ROLE_IDS)
            shuffle(rng, pool)
            roles = list(pool[:n])
        if "roles" in ov:
            given = ov["roles"]
            if not isinstance(given, list) or len(given) != n:
                raise ConfigError(f"setup.roles must list {n} roles (or null)")
            for r in given:
                if r is not None and r not in ROLES:
                    raise ConfigError(f"unknown role {r!r}; roles: {', '.join(ROLE_IDS)}")
            roles = list(given)
        st.roles = roles
        st.plan_items = list(ov.get("items") or [])
        for night in st.plan_items:
            if not isinstance(night, list) or len(night) != n:
                raise ConfigError(f"setup.items: each night lists {n} items (or null)")
            for it in night:
                if it is not None and it not in ITEMS:
                    raise ConfigError(f"unknown item {it!r}; items: {', '.join(ITEM_IDS)}")
        st.plan_nights = [dict(x) for x in ov.get("nights") or []]
        for i, plan in enumerate(st.plan_nights):
            self._check_plan(i, plan)
        st.screws = list(ov.get("screws") or [0] * n)
        if len(st.screws) != n:
            raise ConfigError(f"setup.screws must list {n} numbers")
        st.exposure = int(ov.get("exposure", 0))
        st.companions = [[] for _ in range(n)]
        st.freezes = [0] * n
        st.dawn_bonus = [0] * n
        st.woke_penalty = [0] * n
        st.guesses_right = [0] * n
        self._start_night(st)
        return st

    @staticmethod
    def _check_plan(i: int, plan: dict[str, Any]) -> None:
        ok = {"task", "sight", "task_cells", "sight_cells", "companions", "sight_moments"}
        if set(plan) - ok:
            raise ConfigError(f"setup.nights[{i}]: unknown keys {sorted(set(plan) - ok)}")
        if "task" in plan and plan["task"] not in TASKS:
            raise ConfigError(f"setup.nights[{i}].task: unknown card {plan['task']!r}")
        if "sight" in plan and plan["sight"] not in ROLLOVERS:
            raise ConfigError(f"setup.nights[{i}].sight: unknown card {plan['sight']!r}")
        cells = list(plan.get("task_cells", [])) + list(plan.get("sight_cells", []))
        for moment in plan.get("sight_moments", []):
            cells += list(moment)
        for c in cells:
            if c not in CELLS:
                raise ConfigError(f"setup.nights[{i}]: unknown cell {c!r}; cells: "
                                  + ", ".join(CELLS))
        for c in plan.get("companions", []):
            if c not in COMPANIONS:
                raise ConfigError(f"setup.nights[{i}]: unknown companion {c!r}")

    # ---- helpers -------------------------------------------------------------------------

    @staticmethod
    def n(st: ToysState) -> int:
        return st.opt.players

    def active(self, st: ToysState, seat: int) -> bool:
        """🧸: a toy (not 9.4's Andy) that has not frozen this night."""
        return seat != st.andy and not st.frozen[seat]

    def _gain(self, st: ToysState, seat: int, amount: int) -> None:
        if not st.opt.coop:  # 9.6: no personal screws
            st.screws[seat] += amount

    def _draw(self, st: ToysState, deck: str) -> str:
        cards = getattr(st, deck)
        if not cards:
            cards.extend(TASKS if deck == "task_deck" else ROLLOVERS)
            shuffle(st.rng, cards)
        return cards.pop()

    def _night_card(self, st: ToysState, plan: Mapping[str, Any], key: str, deck: str,
                    cards: Mapping[str, Any]) -> tuple[str | None, list[str]]:
        """A night's task or roll-over card and its two cells: the cells given directly by
        the scenario plan (``<key>_cells``, the card then only a name or none), else the card
        it names (taken out of the deck), else the top of the deck."""
        if plan and f"{key}_cells" in plan:
            return plan.get(key), list(plan[f"{key}_cells"])
        cid = (plan.get(key) if plan else None) or self._draw(st, deck)
        if cid in getattr(st, deck):
            getattr(st, deck).remove(cid)
        return cid, list(cards[cid].cells)

    def _draw_item(self, st: ToysState) -> str | None:
        if not st.item_deck and st.item_discard:  # 9.2 / FAQ: reshuffle the discards
            st.item_deck = st.item_discard
            st.item_discard = []
            shuffle(st.rng, st.item_deck)
        return st.item_deck.pop() if st.item_deck else None

    def _companion(self, st: ToysState, placing: list[str]) -> str | None:
        """The next companion marker, the pool refilled from the markers nobody holds and
        that are not being placed this night (``placing``: a refill in the middle of a night
        must not deal the marker just drawn a second time); None when no marker is left
        (ruling R22: that task cell gets no companion)."""
        if not st.companion_pool:
            st.companion_pool = [c for c in COMPANIONS if c not in placing
                                 and all(c != x["name"] for h in st.companions for x in h)]
            shuffle(st.rng, st.companion_pool)
        return st.companion_pool.pop() if st.companion_pool else None

    # ---- night and moment flow ---------------------------------------------------------

    def _start_night(self, st: ToysState) -> list[Event]:
        n = st.opt.players
        st.night += 1
        st.moment = 0
        plan = st.plan_nights[st.night - 1] if st.night <= len(st.plan_nights) else {}
        ev: list[Event] = []
        # ① task card -> companion cells.
        st.task_card, st.task_cells = self._night_card(st, plan, "task", "task_deck", TASKS)
        names = list(plan.get("companions", ()))
        for name in names:
            if name in st.companion_pool:
                st.companion_pool.remove(name)
        while len(names) < len(st.task_cells):
            pool = st.companion_pool  # ``_companion`` only when the pool must be refilled
            name = pool.pop() if pool else self._companion(st, names)
            if name is None:  # every marker is held: the other cells stay bare (R22)
                break
            names.append(name)
        st.markers = dict(zip(st.task_cells, names, strict=False))
        # ② roll-over card -> sight cells (9.5: redrawn each moment instead).
        self._set_sight(st, plan, 1)
        # ③ everyone back on the toy box, 🧸.
        st.pos = [START] * n
        st.frozen = [False] * n
        st.andy = andy = (st.night - 1) % n if st.opt.andy_stand_in else None
        # ④ one item each.
        st.item = [None] * n
        if st.opt.items:
            given = st.plan_items[st.night - 1] if st.night <= len(st.plan_items) else None
            for s in range(n):
                if s == andy:
                    continue
                if given is not None:
                    it = given[s]
                    if it is not None and it in st.item_deck:
                        st.item_deck.remove(it)
                else:  # ``_draw_item`` only when the deck must be refilled
                    deck = st.item_deck
                    it = deck.pop() if deck else self._draw_item(st)
                st.item[s] = it
                if it is not None:
                    ev.append(_ITEM_DRAWN[s, it])
        st.item_used = [False] * n
        st.ability_used = [False] * n
        st.clock_on = [False] * n
        # ⑤ progress to zero.
        st.progress = 0
        st.need = st.nums["need"] + (2 if st.opt.long_night and st.night == 5 else 0)
        ev.insert(0, public_words(
            "night_start", _words_night_start,
            (st.night, tuple(st.markers.items()), tuple(st.sight), st.need, andy),
            night=st.night, markers=dict(st.markers), sight=list(st.sight), need=st.need,
            andy=andy))
        ev += self._start_moment(st)
        return ev

    def _set_sight(self, st: ToysState, plan: Mapping[str, Any], moment: int) -> None:
        if st.opt.drifting_sight and "sight_moments" in plan:
            st.sight = list(plan["sight_moments"][moment - 1])
            st.roll_card = None
        elif st.opt.drifting_sight and moment > 1:
            st.roll_card = self._draw(st, "roll_deck")
            st.sight = list(ROLLOVERS[st.roll_card].cells)
        elif moment == 1:
            st.roll_card, st.sight = self._night_card(st, plan, "sight", "roll_deck", ROLLOVERS)

    def _start_moment(self, st: ToysState) -> list[Event]:
        st.moment += 1
        st.cards, st.peeks, st.guess, st.muffs = {}, {}, None, 0
        st.revealed = False
        st.moved_extra = {}
        if st.opt.drifting_sight and st.moment > 1:
            plan = st.plan_nights[st.night - 1] if st.night <= len(st.plan_nights) else {}
            self._set_sight(st, plan, st.moment)
            return [public_words("sight", _words_sight, (tuple(st.sight),),
                                 sight=list(st.sight)), *self._open(st, "move")]
        return self._open(st, "move")

    @staticmethod
    def holds_item(st: ToysState, seat: int) -> bool:
        """Whether ``seat`` still holds an unused item card - public (everyone sees the
        card in front of it), unlike which item it is."""
        return st.item[seat] is not None and not st.item_used[seat]

    def _participants(self, st: ToysState, phase: str) -> list[int]:
        """Who a window asks - decided on public facts only (R5a): which item a seat
        holds is secret, so every holder of an unused item card is asked where any item
        could be used, and answers ``pass`` when its own item does not fit."""
        # (plain loops below: in Python 3.11 a comprehension costs a frame per call)
        n, andy, frozen = st.opt.players, st.andy, st.frozen
        everyone = andy is None and True not in frozen  # every seat a 🧸 (often: early)
        seats: list[int] = []
        if phase == "move":  # every 🧸
            if everyone:
                return list(_SEATS[n])
            for s in range(n):
                if s != andy and not frozen[s]:
                    seats.append(s)
            return seats
        if phase == "noise":  # every 🧸, and 9.4's Andy guesses
            if True not in frozen:
                return list(_SEATS[n])
            for s in range(n):
                if s == andy or not frozen[s]:
                    seats.append(s)
            return seats
        item, used = st.item, st.item_used
        if phase == "peek":  # a 🪞 may be in any unused item card (FAQ 10.3: even 🧊)
            if st.cards:
                for s in range(n):
                    if s != andy and item[s] is not None and not used[s]:
                        seats.append(s)
            return seats
        if phase == "after_peek":  # the peeks were public; a 🧸 peeker may freeze now
            if not st.peeks:  # mostly nobody peeked
                return seats
            return [s for s in sorted(st.peeks) if s != andy and not frozen[s]]
        # react / react2: every 🧸 may still freeze; every holder of an unused item card
        # too, even when 🧊 (FAQ 10.3: 🎧 and ⏰ are not blocked by the frozen status).
        if everyone:
            seats = list(_SEATS[n])
        else:
            for s in range(n):
                if s != andy and (not frozen[s] or (item[s] is not None and not used[s])):
                    seats.append(s)
        if st.cascade:  # speakers in turn, from a rotating seat
            start = ((st.night - 1) * MOMENTS + st.moment - 1) % n
            seats = sorted(seats, key=lambda s: (s - start) % n)
        return seats

    def _open(self, st: ToysState, phase: str) -> list[Event]:
        """Open a window; skip windows nobody takes part in."""
        while True:
            if phase == "reveal":
                ev = self._reveal(st)
                st.phase = "react"
                st.waiting, st.pending = self._participants(st, "react"), {}
                if st.waiting:
                    return ev
                return ev + self._close_react(st)
            if phase == "after_peek" and not st.peeks:
                # nobody peeked (most moments): the window asks nobody, and the reveal
                # sets the phase, waiting and pending it would have set
                phase = "reveal"
                continue
            st.phase = phase
            st.waiting, st.pending = self._participants(st, phase), {}
            if st.waiting:
                return []
            phase = _NEXT_WINDOW[phase]

    # ---- decisions ---------------------------------------------------------------------

    def to_move(self, st: ToysState) -> list[int]:
        if st.over:
            return []
        pending = st.pending
        if pending:  # a plain loop: fewer instructions than a comprehension or filterfalse
            left = []
            for s in st.waiting:
                if s not in pending:
                    left.append(s)
        else:
            left = st.waiting[:]
        if len(left) > 1 and (st.in_turn or st.cascade):  # one at a time: in-turn, cascade
            ph = st.phase
            if ((ph == "move" and st.in_turn)
                    or ((ph == "react" or ph == "react2") and st.cascade)):
                return left[:1]
        return left

    def players(self, st: ToysState) -> int:
        return self.n(st)

    def undoable(self, before: ToysState, seat: int, action: Any, after: ToysState) -> bool:
        """``Game.undoable`` (rulings, undo): a move - cells, roles and the role boosts
        (🤠 / 🐩) are public - that used no 🧲 (using an item declares it: ``items_declared``),
        after which the same night and moment go on to the noise window (or the move
        window) with nothing drawn from any deck or the generator and no card revealed."""
        if (action.get("type") != "move" or before.phase != "move"
                or "magnet" in (action.get("boosts") or ())
                or after.phase not in ("move", "noise") or after.over):
            return False
        return (after.night == before.night and after.moment == before.moment
                and after.item_used == before.item_used and after.item == before.item
                and after.revealed == before.revealed and after.cards == before.cards
                and after.frozen == before.frozen and after.sight == before.sight
                and after.markers == before.markers
                and len(after.task_deck) == len(before.task_deck)
                and len(after.roll_deck) == len(before.roll_deck)
                and len(after.item_deck) == len(before.item_deck)
                and len(after.companion_pool) == len(before.companion_pool)
                and (before.rng is UNSET or after.rng.getstate() == before.rng.getstate()))

    def _paths(self, start: str, length: int) -> list[list[str]]:
        """Every simple path of ``length`` cells from ``start`` (never back onto it); fresh
        lists each call, the walk itself done once per board."""
        return [list(p) for p in _paths(start, length)]

    def _boosts(self, st: ToysState, seat: int) -> list[str]:
        b = []
        if st.roles[seat] in ("cowboy", "springdog") and not st.ability_used[seat]:
            b.append(st.roles[seat])
        if st.item[seat] == "magnet" and not st.item_used[seat]:
            b.append("magnet")
        return b

    def _may_choose(self, st: ToysState, seat: int) -> bool:
        """``seat in self.to_move(st)`` without building the list."""
        if st.over or seat in st.pending or seat not in st.waiting:
            return False
        if ((st.phase == "move" and st.in_turn)
                or (st.phase in ("react", "react2") and st.cascade)):
            return self.to_move(st)[0] == seat
        return True

    def legal_actions(self, st: ToysState, seat: int) -> list[dict[str, Any]]:
        """The seat's legal choices: a fresh list of **shared, read-only** action objects.

        A seat's choices depend on a handful of facts only (its phase, cell, unused item,
        unused role ability, the noise cards in play, ...); the key below names them - the
        window first, the seat's item while unused last (one item per seat, so it also
        says whether ⏰ is there to use) - and the actions of each key are built once per
        process (``_LEGAL``) by :func:`_build_legal`, which sees nothing but the key - so a
        cached list is exactly what building it now would give. The action dictionaries
        are shared by every game and every decision (they end up in ``pending``, records
        and searches as the very objects): nobody may change them. ``normalise`` and the
        rules make new objects instead, and the view copies the ones it shows
        (``tests/toys/test_fastpaths.py`` checks both). Empty if ``seat`` need not choose
        now. (One method, no helper: the engine calls it at every decision.)"""
        # ``self._may_choose(st, seat)`` written out (this runs at every decision)
        if st.over or seat in st.pending or seat not in st.waiting:
            return []
        ph = st.phase
        it = None if st.item_used[seat] else st.item[seat]
        key: tuple[Any, ...]
        if ph == "move":
            cfg = st.opt
            if st.in_turn and self.to_move(st)[0] != seat:
                return []
            role = st.roles[seat]
            rb = role if role in ("cowboy", "springdog") and not st.ability_used[seat] else None
            key = ("move", st.pos[seat], rb, it, cfg.boosts_stack)
        elif ph == "noise":
            if seat == st.andy:
                key = ("guess",)
            else:
                key = ("noise", st.nums["loud"], it,
                       st.roles[seat] == "ranger" and not st.ability_used[seat])
        elif ph == "react" or ph == "react2":
            cfg = st.opt
            if st.cascade and self.to_move(st)[0] != seat:
                return []
            active = seat != st.andy and not st.frozen[seat]
            replay = None
            if (active and ph == "react" and st.roles[seat] == "potato"
                    and cfg.potato_timing == "with_freezes"
                    and not st.ability_used[seat] and seat in st.cards):
                replay = st.cards[seat]["card"]
            key = (ph, active, replay, st.nums["loud"] if replay is not None else None, it)
        elif ph == "peek":
            targets = tuple(t for t in sorted(st.cards) if t != seat) if it == "mirror" else ()
            key = ("peek", targets, it)
        elif ph == "after_peek":
            key = ("after_peek", it)
        elif ph == "potato":
            key = ("potato", st.nums["loud"], st.cards[seat]["card"], it)
        else:
            key = ("other", it)
        try:  # (a subscript is cheaper than .get's method call; try costs nothing in 3.11)
            return list(_LEGAL[key])
        except KeyError:
            acts = _LEGAL[key] = _build_legal(key)
        return list(acts)

    def _cards(self, st: ToysState) -> list[int]:
        return [0, 1, 2, 3] if st.nums["loud"] else [0, 1, 2]

    def check_action(self, st: ToysState, seat: int, action: Any) -> dict[str, Any]:
        if isinstance(action, dict) and isinstance(seat, int) and not st.over:
            kind = action.get("type")
            if (kind == "move" and st.phase == "move" and seat in self.to_move(st)
                    and isinstance(action.get("path"), list)):
                path = action["path"]
                cur = st.pos[seat]
                boosts = action.get("boosts") or []
                if not isinstance(boosts, list):
                    raise IllegalAction("'boosts' must be a list such as [\"magnet\"]")
                for cell in path:
                    if not isinstance(cell, str) or cell not in CELLS:
                        raise IllegalAction(f"{cell!r} is not a cell; cells: {', '.join(CELLS)}")
                    if cell not in ADJ[cur]:
                        raise IllegalAction(
                            f"{cell} is not adjacent to {cur} (moves are orthogonal, one "
                            f"cell per step)")
                    cur = cell
                if len(path) > 1 + len(boosts):
                    raise IllegalAction(
                        f"a move of {len(path)} cells needs {len(path) - 1} boost(s) "
                        "(🤠 / 🐩 once a night, 🧲 item); you may move 1 cell")
            if kind == "freeze" and 0 <= seat < self.n(st) and st.frozen[seat]:
                raise IllegalAction("you are already frozen (🧊) for the rest of the night")
        return super().check_action(st, seat, normalise(action))

    # ---- applying ----------------------------------------------------------------------

    def _apply(self, st: ToysState, seat: int, action: dict[str, Any]) -> list[Event]:
        kind = action["type"]
        ph = st.phase
        if kind == "pass" and ph != "move" and not (
                (ph == "react" or ph == "react2") and st.cascade):
            # The most frequent choice (peek and react windows): it changes nothing but
            # completing the window - the general path below, without its branches.
            pending = st.pending
            pending[seat] = action
            for s in st.waiting:
                if s not in pending:
                    return []
            return self._close_window(st)  # all chosen
        if kind == "clock":  # ⏰ "any time": immediate, public, does not end the choice
            st.item_used[seat] = True
            st.clock_on[seat] = True
            return [_CLOCK[st.roles[seat]][seat]]
        if kind == "freeze" and (ph == "move" or ph == "noise"):
            # Freezing is a public flip of the status card, effective at once.
            ev = self._freeze(st, seat)
            waiting = st.waiting = st.waiting[:]  # a new list, without the seat
            if seat in waiting:  # seats are listed once
                waiting.remove(seat)
            ev += self._maybe_close(st)
            return ev
        if (ph == "react" or ph == "react2") and st.cascade:
            return self._cascade(st, seat, action)
        st.pending[seat] = action
        if ph == "noise":
            if kind == "noise":
                card = action["card"]
                ev = [_PLACED[st.roles[seat]][seat], _PLACED_OWN[seat][card]]
            else:
                ev = []
        elif ph == "move":
            if not st.in_turn:  # simultaneous moves
                ev = [_MOVE_CHOSEN[st.roles[seat]][seat]]
            else:
                ev = self._do_move(st, seat, action)
        else:
            ev = []
        pending = st.pending
        for s in st.waiting:  # someone still to choose: the window stays open
            if s not in pending:
                return ev
        ev += self._close_window(st)  # all chosen
        return ev

    def _seat_name(self, st: ToysState, seat: int) -> tuple[str, str]:
        """A seat in event texts: ``P1``.. counted from 1, with its role's icon."""
        name = _LABELS[st.roles[seat]][seat]
        return name, name

    def _freeze(self, st: ToysState, seat: int) -> list[Event]:
        st.frozen[seat] = True
        st.cards.pop(seat, None)
        return [_FREEZE[st.roles[seat]][seat]]

    def _maybe_close(self, st: ToysState) -> list[Event]:
        pending = st.pending
        for s in st.waiting:  # a plain loop: any() over a generator costs more per step
            if s not in pending:
                return []
        return self._close_window(st)

    def _close_window(self, st: ToysState) -> list[Event]:
        """Close the open window, every seat of it having chosen (``_maybe_close`` after
        its checks; ``_apply`` calls it directly once its own loop found nobody left)."""
        if st.over:
            return []
        pending = st.pending
        ph = st.phase
        if ph == "move":
            return self._close_move(st)
        if ph == "noise":
            return self._close_noise(st)
        if ph == "peek":
            return self._close_peek(st)
        if ph == "after_peek":
            ev = [e for s, a in sorted(pending.items()) if a["type"] == "freeze"
                  for e in self._freeze(st, s)]
            return ev + self._open(st, "reveal")
        return self._close_react(st)

    def _close_move(self, st: ToysState) -> list[Event]:
        ev: list[Event] = []
        if not st.in_turn:  # simultaneous; in turn, each move was applied at once
            pending = st.pending
            for s in sorted(pending):
                a = pending[s]
                if a["path"] or "boosts" in a:  # staying (no path, no boost) does nothing
                    ev += self._do_move(st, s, a)
        ev += self._open(st, "noise")
        return ev

    def _do_move(self, st: ToysState, s: int, a: dict[str, Any]) -> list[Event]:
        boosts = a.get("boosts")
        if boosts:
            for b in boosts:
                if b == "magnet":
                    st.item_used[s] = True
                else:
                    st.ability_used[s] = True
        path = a["path"]
        if not path:
            return []
        st.pos[s] = path[-1]
        role = st.roles[s]
        listed = _MOVE_EVENTS.get(id(a))
        if listed is None:  # an action of the caller's own
            return [_move_event(role, s, a)]
        ev = listed[1].get((role, s))
        if ev is None:
            ev = listed[1][role, s] = _move_event(role, s, a)
        return [ev]

    def _close_noise(self, st: ToysState) -> list[Event]:
        cards = st.cards
        for s, a in st.pending.items():
            if a["type"] == "guess":
                st.guess = a["cross"]
                continue
            # Declarations stay secret until the reveal marks them used.
            cards[s] = {"card": a["card"], "item": a.get("item"),
                        "rocket": bool(a.get("rocket"))}
        return self._open(st, "peek")

    def _close_peek(self, st: ToysState) -> list[Event]:
        ev: list[Event] = []
        for s, a in sorted(st.pending.items()):
            if a["type"] != "peek":
                continue
            t = a["target"]
            st.item_used[s] = True
            st.peeks[s] = t
            card = st.cards.get(t, {}).get("card")
            ev.append(public_words("item", _words_mirror, (_LABELS[st.roles[s]][s], t),
                                   seat=s, target=t))
            shown = NOISE_ICONS.get(card, "🧊") if card is not None else "🧊"
            ev.append(private_words(_ONLY[s], "peek", _words_peek, (t, shown), target=t,
                                    card=card))
        return ev + self._open(st, "after_peek")

    def _reveal(self, st: ToysState) -> list[Event]:
        st.revealed = True
        item_used, ability_used = st.item_used, st.ability_used
        data = {}  # the cards by seat key, in placing order (a loop: no comprehension frame)
        for s, c in st.cards.items():
            if c["item"]:
                item_used[s] = True
            if c["rocket"]:
                ability_used[s] = True
            data[_SEAT_KEYS[s]] = c.copy()
        # worded from the event's own copies (never changed) when someone reads it
        return [public_words("reveal", _words_reveal_cards, (data,), cards=data)]

    def _react_effect(self, st: ToysState, s: int, a: dict[str, Any]) -> list[Event]:
        """What one post-reveal choice does (pass does nothing)."""
        kind = a["type"]
        if kind == "pass":
            return []
        ev: list[Event] = []
        if kind == "earmuffs":
            st.item_used[s] = True
            st.muffs += 1
            ev.append(_EARMUFFS[st.roles[s]][s])
        if kind == "freeze" or a.get("freeze"):
            ev += self._freeze(st, s)
        elif kind == "replay":
            card = a["card"]
            st.ability_used[s] = True
            st.cards[s]["card"] = card
            ev.append(public_words("replay", _words_replay, (_LABELS[st.roles[s]][s], card),
                                   seat=s, card=card))
        return ev

    def _cascade(self, st: ToysState, seat: int, action: dict[str, Any]) -> list[Event]:
        """``react_order="cascade"``: one seat speaks at a time and what it does is seen
        at once; any freeze, 🎧 or 🥔 gives everyone who already passed another turn
        ("一旦有人先翻，后面的人都会跟着翻"). The window closes after a full round of passes."""
        if action["type"] == "pass":
            st.pending[seat] = action
            st.waiting = st.waiting[1:] + st.waiting[:1]
            return [_REACT_PASS[st.roles[seat]][seat], *self._maybe_close(st)]
        ev = self._react_effect(st, seat, action)
        # the seats after the one that acted speak first; it comes last again
        still = set(self._participants(st, st.phase))
        st.waiting = [s for s in st.waiting[1:] + st.waiting[:1] if s in still]
        st.pending = {}
        return ev + self._maybe_close(st)

    def _close_react(self, st: ToysState) -> list[Event]:
        ev: list[Event] = []
        replayed = False
        for s, a in sorted(st.pending.items()):
            kind = a["type"]
            if kind != "pass":
                ev += self._react_effect(st, s, a)
                replayed = replayed or kind == "replay"
        ph = st.phase
        if ph == "react" and st.opt.potato_timing == "after_freezes":
            potatoes = [s for s in range(st.opt.players) if self.active(st, s) and s in st.cards
                        and st.roles[s] == "potato" and not st.ability_used[s]]
            if potatoes:
                st.phase, st.waiting, st.pending = "potato", potatoes, {}
                return ev
        if replayed and ph == "react":
            # Everyone sees the replayed card and gets one more chance to freeze.
            st.phase = "react2"
            st.waiting, st.pending = self._participants(st, "react2"), {}
            if st.waiting:
                return ev
        ev += self._resolve(st)
        return ev

    # ---- the five reveal steps ---------------------------------------------------------

    def _value(self, st: ToysState, c: dict[str, Any]) -> int:
        v = c["card"]
        if c["item"] == "oil" and (v > 0 or st.opt.oil_on_quiet):
            v += 1
        return v

    def _sound(self, st: ToysState, c: dict[str, Any]) -> int:
        if c["item"] == "socks":
            return 0
        v = self._value(st, c)
        if c["rocket"] and c["card"] == 2:
            v -= 1
        return v

    def _resolve(self, st: ToysState) -> list[Event]:
        cfg, nums = st.opt, st.nums
        n, T = cfg.players, nums["threshold"]
        andy, frozen, pos = st.andy, st.frozen, st.pos
        # 1. S = sum of the 🧸 players' sounds (🧊 count 0); 🎧 takes 1 each.
        # 2. progress and personal screws by each card's own value (🧴 +1, 🤫 only with
        #    oil_on_quiet); a card's sound is its value, 0 with 🧦, 1 less for 🚀 on 💥.
        # One pass over the placed cards: each counted card's value (and its seat's screws,
        # 9.6: none in coop), the sound, the sum and the values by seat key for the event.
        cards: dict[int, dict[str, Any]] = {}
        values: dict[int, int] = {}
        by_key = {}
        raw = gained = 0
        oil_on_quiet = cfg.oil_on_quiet
        screws = None if cfg.coop else st.screws
        for s, c in st.cards.items():
            if s == andy or frozen[s]:
                continue
            cards[s] = c
            card = v = c["card"]
            item = c["item"]
            if item == "oil" and (v > 0 or oil_on_quiet):
                v += 1
            values[s] = by_key[_SEAT_KEYS[s]] = v
            gained += v
            if screws is not None:
                screws[s] += v
            if item != "socks":
                raw += v - 1 if c["rocket"] and card == 2 else v
        st.moment_output.append([values.get(s) for s in range(n)])
        muffs = st.muffs
        S = max(0, raw - muffs)
        st.progress += gained
        ev = [public_words("noise", _words_noise, (S, muffs, gained, st.progress, st.need),
                           S=S, progress=st.progress, values=by_key)]
        # 3. companions: noise value >= 1 and the unique highest value on the cell.
        markers = st.markers
        socks_take = cfg.socks_take
        for cell, comp in list(markers.items()) if values else ():
            top, best = 0, []  # the highest value >= 1 on the cell and its seats, in order
            for s, v in values.items():
                if (v >= 1 and pos[s] == cell
                        and (socks_take or cards[s]["item"] != "socks")):
                    if v > top:
                        top, best = v, [s]
                    elif v == top:
                        best.append(s)
            if not best:
                continue
            icon = COMPANIONS[comp][0]
            if len(best) == 1:
                s = best[0]
                worth = 5 if st.roles[s] == "dragon" else 4
                st.companions[s].append({"name": comp, "night": st.night, "cell": cell,
                                         "value": worth})
                del markers[cell]
                ev.append(public_words("companion", _words_companion,
                                       (_LABELS[st.roles[s]][s], cell, icon),
                                       seat=s, companion=comp, cell=cell))
            else:
                ev.append(public_words("companion_tie", _words_companion_tie, (cell, icon),
                                       cell=cell, seats=sorted(best)))
        # 4. crossing check.
        crossed = S >= T
        add = 0
        if crossed:
            over = S - T + 1
            # A: 🧸 seen (not behind 📦); V: 🧸 in Andy's sight, not behind 🔦 (9.1: he
            # sees nothing)
            A = V = 0
            watching, sight = not cfg.deep_sleep, st.sight
            for s in range(n):
                if s == andy or frozen[s]:
                    continue
                c = cards.get(s)
                item = c["item"] if c is not None else None
                if item != "box":
                    A += 1
                if watching and pos[s] in sight and item != "flashlight":
                    V += 1
            add = over + A + 2 * V
            st.exposure += add
            ev.append(public_words(
                "crossing", _words_crossing, (S, T, over, A, V, add, st.exposure, nums["cap"]),
                S=S, T=T, over=over, A=A, V=V, add=add, exposure=st.exposure))
        else:
            quiet = _QUIET.get((S, T))
            if quiet is None:
                quiet = _QUIET[S, T] = public_words("quiet", _words_quiet, (S, T), S=S)
            ev.append(quiet)
        if andy is not None and st.guess is not None:
            right = st.guess == crossed
            self._gain(st, andy, 3 if right else -1)
            if right:
                st.guesses_right[andy] += 1
            ev.append(public("andy_guess", f"替身安迪猜{'对' if right else '错'}了",
                             f"stand-in Andy guessed {'right' if right else 'wrong'}",
                             seat=andy, right=right))
        st.last = {"night": st.night, "moment": st.moment, "S": S, "crossed": crossed,
                   "exposure_added": add}
        # 5. cards return; Andy wakes the instant exposure reaches the cap.
        if st.exposure >= nums["cap"]:
            ev += self._wake(st)
        elif st.moment >= MOMENTS:
            ev += self._end_night(st)
        else:
            ev += self._start_moment(st)
        return ev

    def _wake(self, st: ToysState) -> list[Event]:
        n = self.n(st)
        hit = [s for s in range(n) if self.active(st, s)]
        for s in hit:
            if not st.opt.coop:
                st.screws[s] -= 6
                st.woke_penalty[s] = -6
        st.over, st.ending, st.phase, st.waiting, st.pending = True, "andy_woke", "over", [], {}
        return [public("andy_wakes",
                       f"曝光 {st.exposure} ≥ {st.nums['cap']}：安迪醒了！游戏结束；"
                       f"仍在活动的 {seat_refs(hit, 'zh')} 各 −6",
                       f"Exposure {st.exposure} ≥ {st.nums['cap']}: Andy wakes up! Game over; "
                       f"still active {seat_refs(hit)} lose 6 each", exposure=st.exposure, seats=hit)]

    def _end_night(self, st: ToysState) -> list[Event]:
        n = st.opt.players
        coop = st.opt.coop
        screws = st.screws
        ev: list[Event] = []
        # ① task.
        done = st.progress >= st.need
        st.tasks_done.append(done)
        if done:
            if not coop:
                for s in range(n):
                    screws[s] += 3
            ev.append(_numbers_event("task_done", _words_task_done, (st.progress, st.need)))
        else:
            st.exposure += 3
            if not coop:
                for s in range(n):
                    screws[s] -= 2
            ev.append(_numbers_event("task_failed", _words_task_failed,
                                     (st.progress, st.need, st.exposure)))
        # ② best freeze: every seat 🧊 at night end.
        stacks, roles, frozen, clock_on = st.opt.clock_stacks_with_dino, st.roles, st.frozen, st.clock_on
        for s in range(n):
            if not frozen[s]:
                continue
            bonus = 5
            dino, clock = roles[s] == "dino", clock_on[s]
            if stacks:
                bonus += 2 * dino + 2 * clock
            else:
                bonus += 2 if (dino or clock) else 0
            if not coop:  # ``_gain`` written out (9.6: no personal screws)
                screws[s] += bonus
            st.freezes[s] += 1
            role = roles[s]
            best = _BEST_FREEZE.get((role, s, bonus))
            if best is None:
                best = _BEST_FREEZE[role, s, bonus] = public_words(
                    "best_freeze", _words_best_freeze, (_LABELS[role][s], bonus), seat=s,
                    bonus=bonus)
            ev.append(best)
        st.night_exposure.append(st.exposure)
        st.night_screws.append(list(screws))
        st.night_frozen.append(list(frozen))
        # ③ cap check (seats still 🧸 at night end are the ones caught).
        if st.exposure >= st.nums["cap"]:
            return ev + self._wake(st)
        # ④ clean-up: markers, sight, items go away.
        for s in range(n):
            if st.item[s] is not None:
                st.item_discard.append(st.item[s])
        st.item = [None] * n
        st.markers = {}
        if st.night >= st.nums["nights"]:
            if not coop:  # ``_gain`` written out (9.6: no personal screws)
                for s in range(n):
                    screws[s] += 5
                    st.dawn_bonus[s] = 5
            st.over, st.ending, st.dawn = True, "dawn", True
            st.phase, st.waiting, st.pending = "over", [], {}
            ev.append(_DAWN)
            return ev
        return ev + self._start_night(st)

    # ---- views, results, facts ---------------------------------------------------------

    def view(self, st: ToysState, seat: int | None) -> dict[str, Any]:
        nums = st.nums
        item, used = st.item, st.item_used
        v: dict[str, Any] = {
            "night": st.night, "moment": st.moment, "phase": st.phase,
            "nights": nums["nights"], "threshold": nums["threshold"],
            "need": st.need, "cap": nums["cap"], "exposure": st.exposure,
            "progress": st.progress, "positions": list(st.pos), "frozen": list(st.frozen),
            "andy": st.andy, "roles": list(st.roles), "screws": list(st.screws),
            "companions": [[dict(c) for c in h] if h else [] for h in st.companions],
            "markers": dict(st.markers), "sight": list(st.sight),
            "task_card": st.task_card, "roll_card": st.roll_card,
            "task_cells": list(st.task_cells),
            "ability_used": list(st.ability_used), "clock_on": list(st.clock_on),
            "items_used": list(used),
            "waiting": list(st.waiting), "submitted": sorted(st.pending),
            "to_move": self.to_move(st), "noise_cards": list(_CARDS[nums["loud"]]),
            "over": st.over, "last": dict(st.last),
            "night_exposure": list(st.night_exposure),
            "night_screws": list(map(list, st.night_screws)), "freezes": list(st.freezes),
            # Used items are public (they were declared); unused ones only to their holder
            # (``items_held``: holds_item of every seat).
            "items_declared": list(map(_declared, item, used)),
            "items_held": list(map(_held, item, used)),
        }
        if st.revealed:
            v["cards"] = {_SEAT_KEYS[s]: dict(c) for s, c in st.cards.items()}
        if seat is not None:
            v["seat"] = seat
            v["my_item"] = st.item[seat]
            mine = st.pending.get(seat)
            v["my_choice"] = _copy_action(mine) if mine else None
            if seat in st.cards and not st.revealed:
                v["my_card"] = dict(st.cards[seat])
            if seat in st.peeks:
                t = st.peeks[seat]
                v["peeked"] = {"seat": t, "card": st.cards.get(t, {}).get("card")}
        # a fresh dict per view: a reader changing its prompt must not change the next one
        zh, en = _PROMPT_WORDS.get(st.phase, _NO_PROMPT)
        v["prompt"] = {"zh": zh, "en": en}
        v["log"] = self.visible_log(st, seat)
        return v

    def is_over(self, st: ToysState) -> bool:
        return st.over

    def scores(self, st: ToysState) -> list[int]:
        return [st.screws[s] + sum(c["value"] for c in st.companions[s])
                for s in range(self.n(st))]

    def result(self, st: ToysState) -> Result:
        if not st.over:
            raise ValueError("the game is not over")
        n = self.n(st)
        summary = self._summary(st)
        if st.opt.coop:
            won = st.dawn and all(st.tasks_done)
            summary["perfect_night"] = won
            return trusted_result(scores=[1.0 if won else 0.0] * n,
                           winners=list(range(n)) if won else [],
                           reason=text("完美之夜！" if won else "团队失败",
                                       "Perfect night!" if won else "the team lost"),
                           summary=summary)
        sc = self.scores(st)
        best = max(sc)
        win = [s for s in range(n) if sc[s] == best]
        if st.opt.tie_break and len(win) > 1:
            for key in (lambda s: len(st.companions[s]), lambda s: st.freezes[s]):
                top = max(key(s) for s in win)
                win = [s for s in win if key(s) == top]
        if st.dawn:
            reason = text(f"天亮了，撑过 {st.nums['nights']} 夜",
                          f"dawn: the toys lasted {st.nums['nights']} nights")
        else:
            reason = text(f"第 {st.night} 夜安迪醒了", f"Andy woke up in night {st.night}")
        return trusted_result(scores=[float(x) for x in sc], winners=win, reason=reason,
                       summary=summary)

    def _summary(self, st: ToysState) -> dict[str, Any]:
        return {
            "exposure": st.exposure, "cap": st.nums["cap"], "dawn": st.dawn,
            "ending": st.ending, "nights_played": len(st.night_exposure),
            "night_reached": st.night, "moment_reached": st.moment,
            "night_exposure": list(st.night_exposure),
            "night_screws": [list(x) for x in st.night_screws],
            "moment_output": [list(x) for x in st.moment_output],
            "night_frozen": [list(x) for x in st.night_frozen],
            "tasks_done": list(st.tasks_done),
            "companions": [len(h) for h in st.companions],
            "companion_list": [[dict(c) for c in h] for h in st.companions],
            "freezes": list(st.freezes), "roles": list(st.roles),
            "screws": list(st.screws), "woke_penalty": list(st.woke_penalty),
            "dawn_bonus": list(st.dawn_bonus), "andy_right": list(st.guesses_right),
        }

    def facts(self, st: ToysState) -> dict[str, Any]:
        f = self._summary(st)
        f.update({
            "night": st.night, "moment": st.moment, "phase": st.phase,
            "progress": st.progress, "need": st.need, "threshold": st.nums["threshold"],
            "positions": list(st.pos), "frozen": list(st.frozen), "andy": st.andy,
            "markers": dict(st.markers), "sight": list(st.sight),
            "items": list(st.item), "items_used": list(st.item_used),
            "ability_used": list(st.ability_used),
            "companions": [[c["name"] for c in h] for h in st.companions],
            "companion_nights": [[c["night"] for c in h] for h in st.companions],
            "score": self.scores(st), "last": dict(st.last),
            "cards": {str(s): dict(c) for s, c in st.cards.items()},
            "pending": {str(s): _copy_action(a) for s, a in st.pending.items()},
        })
        return f

    # ---- labels and determinization ----------------------------------------------------

    def describe_action(self, st: ToysState, seat: int, action: dict[str, Any],
                        lang: str = "en") -> str:
        zh = lang == "zh"
        k = action.get("type")
        if k == "move":
            if not action.get("path"):
                return "原地不动" if zh else "stay"
            route = "→".join(cell_name(c, lang) for c in action["path"])
            b = "".join({"cowboy": "🤠", "springdog": "🐩", "magnet": "🧲"}[x]
                        for x in action.get("boosts") or [])
            return (f"移动 {route}" if zh else f"move {route}") + (f" {b}" if b else "")
        if k == "noise":
            s = NOISE_ICONS[action["card"]] + str(action["card"])
            if action.get("item"):
                s += " + " + ITEMS[action["item"]][0]
            if action.get("rocket"):
                s += " 🚀"
            return (f"出 {s}" if zh else f"play {s}")
        labels = {
            "freeze": ("收工 🧊", "freeze 🧊"), "clock": ("用 ⏰ 小闹钟", "use ⏰ clock"),
            "pass": ("过", "pass"), "earmuffs": ("用 🎧 耳罩", "use 🎧 earmuffs"),
        }
        if k == "earmuffs" and action.get("freeze"):
            return "用 🎧 耳罩并收工 🧊" if zh else "use 🎧 earmuffs and freeze 🧊"
        if k in labels:
            return labels[k][0 if zh else 1]
        if k == "guess":
            c = action["cross"]
            return ("猜：会越线" if c else "猜：不越线") if zh else (
                "guess: crossing" if c else "guess: no crossing")
        if k == "peek":
            return f"🪞 偷看 P{action['target'] + 1}" if zh else f"🪞 peek at P{action['target'] + 1}"
        if k == "replay":
            c = action["card"]
            return f"🥔 重出 {NOISE_ICONS[c]}{c}" if zh else f"🥔 replay {NOISE_ICONS[c]}{c}"
        return canonical(action)

    def determinize(self, st: ToysState, seat: int, rng: random.Random) -> ToysState:
        """Re-deal what ``seat`` cannot see: others' unused items, others' unrevealed
        cards and pending choices, every deck's order."""
        w = st.copy(rng=UNSET)  # a fresh generator is set below
        n = self.n(w)
        others = [s for s in range(n) if s != seat and w.item[s] is not None
                  and not w.item_used[s]]
        pool = [w.item[s] for s in others] + w.item_deck
        shuffle(rng, pool)
        for s in others:
            w.item[s] = pool.pop()
        w.item_deck = pool
        for deck in (w.task_deck, w.roll_deck, w.companion_pool):
            shuffle(rng, deck)
        if not w.revealed:
            for s, c in w.cards.items():
                if s != seat and w.peeks.get(seat) != s:
                    c["card"] = rng.choice(self._cards(w))
                    c["item"], c["rocket"] = None, False
        for s in list(w.pending):
            if s == seat:
                continue
            a = w.pending[s]
            if a["type"] == "move":
                w.pending[s] = {"type": "move", "path": []}
            elif a["type"] == "noise":
                w.pending[s] = {"type": "noise", "card": rng.choice(self._cards(w))}
            elif a["type"] == "guess":
                w.pending[s] = {"type": "guess", "cross": rng.random() < 0.5}
            elif a["type"] in ("peek", "pass", "earmuffs", "replay", "freeze"):
                w.pending[s] = {"type": "pass"}
        w.rng = random.Random(rng.random())
        return w
