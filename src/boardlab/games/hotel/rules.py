"""The rules of hotel (大陆酒店 暗拍接单) as pure transitions over HotelState."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any

from boardlab.engine.errors import ConfigError
from boardlab.engine.protocol import (
    Action,
    Event,
    Game,
    Result,
    private,
    private_words,
    public,
    public_words,
    public_words_data,
    seat_refs,
    text,
    trusted_result,
)
from boardlab.engine.rng import seeded
from boardlab.games.hotel import actions as acts
from boardlab.games.hotel import data, draws
from boardlab.games.hotel.config import HotelConfig
from boardlab.games.hotel.state import HotelState

# Words for contracts and intel in event texts and buttons (zh, en).
TAG_WORDS = {"gun": ("🔫枪斗术", "🔫 gun"), "melee": ("🥊近身格斗", "🥊 melee"),
             "stealth": ("🥷潜行", "🥷 stealth")}
RISK_WORDS = {"cleanup": ("善后费", "cleanup fee"), "tough": ("硬茬子", "tough nut"),
              "gutter": ("阴沟翻船", "gutter"), "legend": ("传奇难度", "legendary")}
INTEL_EN = {"foresight": "foresight", "eavesdrop": "eavesdrop", "medical": "medical", "key": "key"}
INTEL_ICON = {"foresight": "🔮", "eavesdrop": "👂", "medical": "🩹", "key": "🗝️"}


def _hand_words(hand: list[str]) -> str:
    """Technique cards as icons and values (``🔫2 🥷4``), the same in every language."""
    return " ".join(TAG_WORDS[c[:-1]][0][0] + c[-1] for c in sorted(hand))

# Shared read-only tables (setup used to rebuild them every game).
_DECK: tuple[dict, ...] = tuple(data.commission_deck())  # never changed: see setup
_BY_ID = {c["id"]: c for c in _DECK}
_TECH: tuple[str, ...] = tuple(data.technique_set())
_TECH_SET = frozenset(_TECH)
_ROLE_SET = frozenset(data.ROLES)
_INTEL_POOL: tuple[str, ...] = tuple(c for c in data.INTEL for _ in range(3))
_KIND = attrgetter("kind")
# The night events ``_event_now`` acts on at once (the others act later or not at all).
_ACTING_EVENTS = frozenset({"gunshots", "cleaner", "high_table", "doctor", "prepay",
                            "old_marker"})
_CARD_VALUE = {c: data.card_value(c) for c in _TECH}
_CARD_TAG = {c: data.card_tag(c) for c in _TECH}
_PENALTY = {"tough": (2, 0), "gutter": (0, 4), "legend": (2, 2)}  # risk mark: wounds, gold
_ALONE = {p: frozenset([p]) for p in range(6)}  # who sees a seat's private event
_SEAT_KEY = tuple(str(p) for p in range(6))  # JSON keys of seats (3-6 players)
# The wall's entries (each night copies them): a deck card at its reward, without and
# with the rush bonus.
_POSTED = {c["id"]: {**c, "reward": c["r"]} for c in _DECK}
_POSTED_RUSH = {c["id"]: {**c, "reward": c["r"] + 2} for c in _DECK}

OVERRIDE_KEYS = {"roles", "hands", "gold", "rep", "wounds", "checkins", "vault", "intel",
                 "commissions", "events", "intel_deck", "charon_used", "sofia_used"}


def _words_submitted(seat: int) -> tuple[str, str]:
    return f"P{seat + 1} 已暗拍", f"P{seat + 1} has chosen"


def _short(a: Action, zh: bool) -> str:
    """A sealed choice in a few words."""
    if a["type"] == "bid":
        n = a["commission"] + 1
        return f"出价 {a['bid']} 拍委托 #{n}" if zh else f"bid {a['bid']} on contract #{n}"
    words = {"checkin": ("入住", "checks in"), "pass": ("不行动", "stands aside")}
    return words.get(a["type"], (a["type"], a["type"]))[0 if zh else 1]


def _words_sealed(action: Action) -> tuple[str, str]:
    return f"你的暗拍：{_short(action, True)}", f"your sealed choice: {_short(action, False)}"


# A seat's sealing events, by (seat, id(action)): the private ``sealed`` event (its words
# read only the action, which is never changed) and the public ``submitted`` one. Events
# are immutable values (their words and JSON are cached on first read), so one object
# serves every log. Each entry holds its action, so the id cannot be reused while it is
# kept; the entry is used only for that very object.
_SEALED: tuple[dict[int, tuple[Action, Event, Event]], ...] = tuple({} for _ in range(6))
_SEALED_MAX = 4096  # a fresh dictionary per choice (scripted callers) must not pile up


def _sealed_events(seat: int, action: Action) -> tuple[Action, Event, Event]:
    alone = _ALONE.get(seat) or frozenset([seat])
    entry = (action, private_words(alone, "sealed", _words_sealed, (action,)),
             public_words("submitted", _words_submitted, (seat,), seat=seat))
    if seat < len(_SEALED):
        kept = _SEALED[seat]
        if len(kept) >= _SEALED_MAX:
            kept.clear()
        kept[id(action)] = entry
    return entry


def _label(c: dict, zh: bool, reward: int | None = None) -> str:
    """A contract in words: tag, difficulty, reward (``reward``, else the card's own) and
    risk mark. Made once per distinct wording (the key holds all it depends on)."""
    if reward is None:
        reward = c.get("reward", c["r"])
    key = (c["tag"], c["d"], reward, c["risk"], zh)
    out = _LABELS.get(key)
    if out is None:
        out = _LABELS[key] = _make_label(*key)
    return out


_LABELS: dict[tuple, str] = {}


def _make_label(tag_id: str, d: int, reward: int, risk_id: str | None, zh: bool) -> str:
    tag = TAG_WORDS.get(tag_id, (tag_id, tag_id))[0 if zh else 1]
    risk = RISK_WORDS.get(risk_id, (risk_id, risk_id))[0 if zh else 1] if risk_id else ""
    return (f"「{tag} D{d} 💰{reward}" + (f" ⚠{risk}" if risk else "") + "」" if zh
            else f"‘{tag} D{d} 💰{reward}" + (f" ⚠{risk}" if risk else "") + "’")


# Words of frequent events, made only when read (rollouts never do). Their arguments are
# plain values or copies taken when the event happens, never live state.
# A config's rules that ``_bid_head`` reads, by id(config) (each entry holds its config, so
# the id is not reused while kept): (config, checkin_only, forbid, max_bid).
_BID_RULES: dict[int, tuple[Any, bool, bool, int]] = {}
# acts.bid_head by (contracts, highest bid), on ordinary and full-house nights
_HEADS: dict[tuple[int, int], tuple[Action, ...]] = {}
_HEADS_FULL: dict[tuple[int, int], tuple[Action, ...]] = {}


def _bid_rules(cfg: HotelConfig) -> tuple[Any, bool, bool, int]:
    if len(_BID_RULES) >= 256:
        _BID_RULES.clear()
    out = _BID_RULES[id(cfg)] = (cfg, cfg.empty_hand == "checkin_only",
                                 cfg.bid_over_gold == "forbid", cfg.max_bid)
    return out


# An execution's plays (``acts.executions`` of the sorted hand and the highest boost) by
# the hand as it is held and that boost: hands dealt at setup are kept sorted, so the
# look-up needs no sort; other orders (overrides, determinized worlds) get their own key.
_PLAYS: dict[tuple[tuple[str, ...], int], tuple[Action, ...]] = {}


def _boost_top(s: HotelState, seat: int) -> int:
    """``min(max_boost, max(0, gold))``: the highest boost the seat can pay."""
    top, gold = s.cfg.max_boost, s.gold[seat]
    return top if gold >= top else (gold if gold > 0 else 0)


def _plays(s: HotelState, seat: int) -> tuple[Action, ...]:
    hand, top = s.hands[seat], _boost_top(s, seat)
    if len(_PLAYS) >= 65536:
        _PLAYS.clear()
    out = _PLAYS[tuple(hand), top] = acts.executions(tuple(sorted(hand)), top)
    return out


# A night's opening event, the same value in every game: made once, shared by every log
# (events are immutable values).
_NIGHT_EVENTS: dict[tuple[int, str], Event] = {}


def _night_event(night: int, event: str) -> Event:
    out = _NIGHT_EVENTS[night, event] = public_words("night", _words_night, (night, event),
                                                     night=night, event=event)
    return out


def _words_post(cards: tuple[dict, ...], bonus: int) -> tuple[str, str]:
    """The posted wall: deck cards (shared, never changed) at reward + ``bonus`` (rush)."""
    return ("张贴委托：" + " ".join(_label(c, True, c["r"] + bonus) for c in cards),
            "posted: " + " ".join(_label(c, False, c["r"] + bonus) for c in cards))


def _words_won(w: int, pay: int, c: dict) -> tuple[str, str]:
    return (f"P{w + 1} 以 {pay} 拿下 {_label(c, True)}",
            f"P{w + 1} takes {_label(c, False)} paying {pay}")


def _words_charon(c: dict) -> tuple[str, str]:
    return f"查伦用门房特权赢下 {_label(c, True)}", f"Charon breaks the tie on {_label(c, False)}"


def _words_tie(c: dict) -> tuple[str, str]:
    return f"{_label(c, True)} 平手流拍", f"{_label(c, False)}: tied, unsold"


def _words_checkin(seat: int, stays: int) -> tuple[str, str]:
    return f"P{seat + 1} 入住（第 {stays} 次）", f"P{seat + 1} checks in (#{stays})"


def _words_intel_draw(got: tuple[str, ...]) -> tuple[str, str]:
    names = "、".join(data.INTEL_ZH[c] for c in got)
    return f"你抽到情报：{names or '无'}", f"you drew intel: {', '.join(got) or 'none'}"


def _words_intel_count(seat: int, k: int) -> tuple[str, str]:
    return f"P{seat + 1} 抽 {k} 张情报", f"P{seat + 1} draws {k} intel"


def _words_night(night: int, event: str) -> tuple[str, str]:
    zh, en = data.EVENT_TEXT[event]
    return f"第 {night} 夜。事件：{zh}", f"Night {night}. Event: {en}"


def _words_success(seat: int, c: dict, kill: bool, fire: int | None,
                   gain: int) -> tuple[str, str]:
    how = "一击必杀" if kill else f"火力 {fire}"
    return (f"P{seat + 1} 完成 {_label(c, True)}（{how}），净得 {gain}",
            f"P{seat + 1} completes {_label(c, False)} "
            f"({'one-shot' if kill else f'fire {fire}'}), nets {gain}")


def _words_fail(seat: int, c: dict, fire: int | None, wounds: int,
                loss: int) -> tuple[str, str]:
    return (f"P{seat + 1} 失败 {_label(c, True)}（火力 {fire}）：{wounds} 伤，失 {loss} 金币",
            f"P{seat + 1} fails {_label(c, False)} (fire {fire}): {wounds} wounds, -{loss} gold")


def _words_hospital(seat: int) -> tuple[str, str]:
    return (f"P{seat + 1} 送医：伤口降到 2，跳过下一夜",
            f"P{seat + 1} goes to hospital: wounds to 2, skips next night")


def _words_gunshots(top: tuple[int, ...], loss: int) -> tuple[str, str]:
    return (f"{seat_refs(top, 'zh')} 各失 {loss} 金币入金库",
            f"{seat_refs(top)} lose {loss} each to the vault")


def _words_cleaner(hit: tuple[int, ...]) -> tuple[str, str]:
    return f"受伤者 {seat_refs(hit, 'zh')} 各付 2", f"wounded {seat_refs(hit)} pay 2 each"


def _words_high_table(top: tuple[int, ...]) -> tuple[str, str]:
    return f"高桌召见 {seat_refs(top, 'zh')}", f"High Table summons {seat_refs(top)}"


def _words_old_marker(seat: int, pay: int) -> tuple[str, str]:
    return f"金库付 P{seat + 1} {pay}", f"vault pays P{seat + 1} {pay}"


def _words_bounty(seat: int) -> tuple[str, str]:
    return f"P{seat + 1} 连锁悬赏 +1 声望", f"P{seat + 1} wins the bounty: +1 reputation"


def _words_intel_use(seat: int, card: str) -> tuple[str, str]:
    return f"P{seat + 1} 使用情报：{data.INTEL_ZH[card]}", f"P{seat + 1} uses intel: {INTEL_EN[card]}"


_public = public_words_data  # hotel's frequent events, data given as a dict


def _leaders(values: list[int], seats: list[int] | None = None) -> list[int]:
    seats = list(range(len(values))) if seats is None else seats
    if not seats:
        return []
    top = max(values[s] for s in seats)
    return [s for s in seats if values[s] == top]


class HotelGame(Game[HotelConfig, HotelState]):
    id = "hotel"
    title = text("大陆酒店 暗拍接单", "Continental Hotel: Sealed Contracts")
    min_players = 3
    max_players = 6
    Config = HotelConfig

    # ---- setup ---------------------------------------------------------------------------

    def setup(self, config: HotelConfig, seed: int,
              overrides: Mapping[str, Any] | None = None) -> HotelState:
        if overrides:
            return self._setup_overridden(config, seed, overrides)
        # What the general setup below does without overrides, minus its look-ups and
        # checks (a generated setup is always valid): the same draws in the same order.
        rng = seeded(seed) if type(seed) is int else random.Random(seed)
        n = config.players
        s = HotelState(cfg=config, rng=rng)
        s.gold = [config.start_gold] * n
        s.rep, s.wounds, s.checkins = [0] * n, [0] * n, [0] * n
        s.roles = draws.sample(rng, data.ROLES, n)
        k = config.hand_size
        # Hands are kept sorted (here, in overrides and in determinized worlds; playing a
        # card keeps the order): nothing reads their order, and _PLAYS then finds a hand's
        # plays without sorting it.
        s.hands = [sorted(draws.sample(rng, _TECH, k)) for _ in range(n)]
        s.played = [[] for _ in range(n)]
        s.intel = [[] for _ in range(n)]
        deck = list(_DECK)
        draws.shuffle(rng, deck)
        s.com_deck = deck
        events = list(data.EVENTS)
        draws.shuffle(rng, events)
        s.event_deck = events
        pool = list(_INTEL_POOL)
        draws.shuffle(rng, pool)
        s.intel_deck = pool
        s.known_top = [0] * n
        s.completed, s.failed = [0] * n, [0] * n
        s.peeked = [[] for _ in range(n)]
        s.log = self._start_night(s)
        return s

    def _setup_overridden(self, config: HotelConfig, seed: int,
                          overrides: Mapping[str, Any]) -> HotelState:
        ov = dict(overrides)
        bad = set(ov) - OVERRIDE_KEYS
        if bad:
            raise ConfigError(f"unknown hotel setup keys: {sorted(bad)}")
        rng = random.Random(seed)
        n = config.players
        s = HotelState(cfg=config, rng=rng)
        s.gold = list(ov.get("gold", [config.start_gold] * n))
        s.rep = list(ov.get("rep", [0] * n))
        s.wounds = list(ov.get("wounds", [0] * n))
        s.checkins = list(ov.get("checkins", [0] * n))
        s.vault = int(ov.get("vault", 0))
        roles = ov.get("roles") or draws.sample(rng, data.ROLES, n)  # a tuple draws as its list
        if len(roles) != n or len(set(roles)) != n or not set(roles) <= _ROLE_SET:
            raise ConfigError(f"roles must be {n} distinct of {list(data.ROLES)}")
        s.roles = list(roles)
        if "hands" in ov:
            s.hands = [sorted(h) for h in ov["hands"]]  # kept sorted, as dealt hands are
            for h in s.hands:
                if not set(h) <= _TECH_SET or len(set(h)) != len(h):
                    raise ConfigError(f"a hand holds cards of one set, each once: {h}")
        else:
            s.hands = [draws.sample(rng, _TECH, config.hand_size) for _ in range(n)]
        s.played = [[] for _ in range(n)]
        s.intel = [list(x) for x in ov.get("intel", [[] for _ in range(n)])]
        # Decks: the listed cards go on top in the given order (first = first drawn).
        # The deck's cards are the shared read-only ``_DECK`` (the wall copies what it posts).
        top_ids = ov.get("commissions", [])
        top = [_BY_ID[c] for c in top_ids]
        skip = set(top_ids)
        rest = [c for c in _DECK if c["id"] not in skip] if skip else list(_DECK)
        draws.shuffle(rng, rest)
        s.com_deck = rest + list(reversed(top))
        ev_top = list(ov.get("events", []))
        ev_rest = [e for e in data.EVENTS if e not in ev_top]
        draws.shuffle(rng, ev_rest)
        s.event_deck = ev_rest + list(reversed(ev_top))
        pool = list(_INTEL_POOL)
        for h in s.intel:
            for c in h:
                pool.remove(c)
        it_top = list(ov.get("intel_deck", []))
        for c in it_top:
            pool.remove(c)
        draws.shuffle(rng, pool)
        s.intel_deck = pool + list(reversed(it_top))
        s.charon_used = bool(ov.get("charon_used", False))
        s.sofia_used = bool(ov.get("sofia_used", False))
        s.known_top = [0] * n
        s.completed, s.failed = [0] * n, [0] * n
        s.peeked = [[] for _ in range(n)]
        s.log.extend(self._start_night(s))
        return s

    # ---- helpers ------------------------------------------------------------------------

    def _seat_of(self, s: HotelState, role: str) -> int | None:
        roles = s.roles
        return roles.index(role) if role in roles else None

    def _draw_intel(self, s: HotelState, seat: int, k: int) -> list[Event]:
        got = []
        for _ in range(k):
            if not s.intel_deck and s.intel_discard:
                s.intel_deck = s.intel_discard
                s.intel_discard = []
                draws.shuffle(s.rng, s.intel_deck)
            if not s.intel_deck:
                break
            got.append(s.intel_deck.pop())
        s.intel[seat].extend(got)
        alone = _ALONE.get(seat) or frozenset([seat])
        return [private_words(alone, "intel_draw", _words_intel_draw, (tuple(got),),
                              cards=got),
                _public("intel_count", _words_intel_count, (seat, len(got)),
                        {"seat": seat, "count": len(got)})]

    def _wound(self, s: HotelState, seat: int, k: int) -> list[Event]:
        s.wounds[seat] += k
        if s.wounds[seat] >= s.cfg.hospital_at:
            # Rulebook: the 4th wound sends you to hospital: down to 2, skip next night.
            s.wounds[seat] = 2
            if seat not in s.hospital_next:
                s.hospital_next.append(seat)
            return [public_words("hospital", _words_hospital, (seat,), seat=seat)]
        return []

    def _heal(self, s: HotelState, seat: int, k: int) -> None:
        s.wounds[seat] = max(0, s.wounds[seat] - k)

    # ---- night flow ---------------------------------------------------------------------

    def _start_night(self, s: HotelState) -> list[Event]:
        if s.night > s.cfg.nights:
            s.phase = "over"
            ev = self._cash_last_intel(s) if s.cfg.last_intel == "cash" else []
            return ev + [public("over", "五夜结束，结账", "the nights are over: settlement")]
        n = len(s.gold)
        hospital = s.hospital_next
        s.resting = sorted(hospital) if hospital else []
        s.hospital_next = []
        s.bids, s.revealed, s.owners, s.queue = {}, {}, {}, []
        s.succeeded, s.completions, s.swapped, s.foresight = [], [], [], {}
        s.salvage_done = False
        if not s.event_deck:
            s.event_deck = s.event_discard
            s.event_discard = []
            draws.shuffle(s.rng, s.event_deck)
        event = s.event = s.event_deck.pop()
        night_ev = _NIGHT_EVENTS.get((s.night, event))
        if night_ev is None:
            night_ev = _night_event(s.night, event)
        ev = [night_ev]
        if event in _ACTING_EVENTS:
            ev += self._event_now(s)
        deck = s.com_deck
        k = min(n + 1, len(deck))
        # the top k cards, top first (``pop`` k times); shared deck cards, never changed
        top = deck[len(deck) - k:]
        del deck[len(deck) - k:]
        top.reverse()
        rush = event == "rush"
        # the wall's own copies (a tie marks them later) of the posted card at its reward
        posted = _POSTED_RUSH if rush else _POSTED
        ids = [c["id"] for c in top]
        s.wall = [posted[x].copy() for x in ids]
        if any(s.known_top):
            s.known_top = [x - k if x > k else 0 for x in s.known_top]  # max(0, x - k)
        ev.append(_public("post", _words_post, (tuple(top), 2 if rush else 0),
                           {"wall": ids}))
        s.phase = "bid"
        # nobody has sealed yet: all sealed only when every seat rests in hospital
        if len(s.resting) >= n and self._all_sealed(s):
            ev += self._resolve_bids(s)
        return ev

    def _cash_last_intel(self, s: HotelState) -> list[Event]:
        """Ruling H12: intel marked 「任何时刻」 can still be used after the last execution;
        a key (+2 gold) and medicine on a wound never hurt then, so settlement uses them."""
        ev: list[Event] = []
        for p in range(s.n):
            for c in sorted(s.intel[p]):
                if c == "key" or (c == "medical" and s.wounds[p] > 0):
                    ev += self._use_intel(s, p, {"type": "intel", "card": c})
        return ev

    # Words of frequent events, made only when read.
    def _words_reveal_all(self, revealed: dict[int, dict]) -> tuple[str, str]:
        return self._words_reveal(tuple(sorted(revealed.items())))

    def _words_reveal(self, choices: tuple[tuple[int, dict], ...]) -> tuple[str, str]:
        return ("亮出：" + "；".join(f"P{p + 1} {self._short(a, 'zh')}" for p, a in choices),
                "revealed: " + "; ".join(f"P{p + 1} {self._short(a)}" for p, a in choices))

    def _com_label(self, c: dict, lang: str = "en") -> str:
        """A contract in words: tag, difficulty, reward and risk mark, in ``lang``."""
        return _label(c, lang == "zh")

    def _event_now(self, s: HotelState) -> list[Event]:
        e, ev = s.event, []
        if e == "gunshots":
            top = _leaders(s.gold)
            loss = 4 if len(top) == 1 else 2
            for p in top:
                s.gold[p] -= loss
                s.vault += loss
            ev.append(public_words("gunshots", _words_gunshots, (tuple(top), loss),
                                   seats=top, loss=loss))
        elif e == "cleaner":
            hit = [p for p in range(s.n) if s.wounds[p] > 0]
            for p in hit:
                s.gold[p] -= 2
                s.vault += 2
            ev.append(public_words("cleaner", _words_cleaner, (tuple(hit),), seats=hit))
        elif e == "high_table":
            # Ruling H9: only a standing reputation (>= 1) is summoned; all tied leaders are.
            top = _leaders(s.rep) if max(s.rep) > 0 else []
            for p in top:
                if s.gold[p] >= 3:
                    s.gold[p] -= 3
                    s.vault += 3
                else:
                    s.rep[p] -= 1
            ev.append(public_words("high_table", _words_high_table, (tuple(top),), seats=top))
        elif e == "doctor":
            for p in range(s.n):
                self._heal(s, p, 1)
        elif e == "prepay":
            for p in range(s.n):
                s.gold[p] += 2
        elif e == "old_marker":
            top = _leaders(s.checkins) if max(s.checkins) > 0 else []
            if len(top) == 1:  # ruling H10: a tie gets nothing
                pay = min(3, s.vault)
                s.vault -= pay
                s.gold[top[0]] += pay
                ev.append(public_words("old_marker", _words_old_marker, (top[0], pay),
                                       seat=top[0], paid=pay))
        return ev

    def _resolve_bids(self, s: HotelState) -> list[Event]:
        # The sealed choices move to ``revealed`` as they are (action objects nobody
        # changes, or a determinized guess).
        revealed = s.revealed = s.bids
        s.bids = {}
        # ``revealed`` is never changed once revealed (the next night replaces it): its
        # words may read it later
        ev = [_public("reveal", self._words_reveal_all, (revealed,),
                      {"choices": {_SEAT_KEY[p]: a for p, a in revealed.items()}})]
        # Each contract's bidders in the order their choices were sealed (the order of
        # ``revealed``), grouped in one pass instead of one scan per contract; the seats
        # that check in, in seat order.
        bidders_of: dict[int, list[int]] = {}
        stays: list[int] = []
        for p, a in revealed.items():
            t = a["type"]
            if t == "bid":
                i = a["commission"]
                if i in bidders_of:
                    bidders_of[i].append(p)
                else:
                    bidders_of[i] = [p]
            elif t == "checkin":
                stays.append(p)
        if bidders_of:
            self._sell(s, revealed, bidders_of, ev)
        if stays:
            ev += self._check_in(s, sorted(stays))
        queue = s.queue = sorted(s.owners)
        s.phase = "execute"
        # _advance's first test, passed: a winner must execute
        return ev if queue else ev + self._advance(s)

    def _sell(self, s: HotelState, revealed: dict[int, dict],
              bidders_of: dict[int, list[int]], ev: list[Event]) -> None:
        """Each contract with bidders, in wall order, to its single highest bidder (ties:
        Charon once, else unsold); events appended to ``ev``. A wall entry's words read
        only its tag, difficulty, reward and risk, which never change once posted: events
        keep the entry itself (a tie's mark, added before, is not in its words)."""
        roles, wall, gold = s.roles, s.wall, s.gold
        cass = roles.index("cassian") if "cassian" in roles else None
        charon = roles.index("charon") if "charon" in roles else None
        compare = s.cfg.cassian_discount == "compare"
        paid = 0
        for i in sorted(bidders_of) if len(bidders_of) > 1 else bidders_of:
            if i >= len(wall):
                continue  # as the scan over the wall did: no such contract
            c = wall[i]
            bidders = bidders_of[i]
            if len(bidders) == 1:
                w = bidders[0]
            else:
                # ruling H7: with "compare" Cassian's risk discount also lowers the bid compared
                cass_less = compare and c["risk"]
                worth = [max(0, revealed[p]["bid"] - 1) if cass_less and p == cass
                         else revealed[p]["bid"] for p in bidders]
                best = max(worth)
                top = [p for p, x in zip(bidders, worth, strict=True) if x == best]
                if len(top) == 1:
                    w = top[0]
                elif charon in top and not s.charon_used:
                    w = charon
                    s.charon_used = True
                    ev.append(public_words("charon", _words_charon, (c,)))
                else:
                    c["tied"] = True  # 流拍 in the FAQ's sense (ruling H17, salvage_from)
                    ev.append(public_words("tie", _words_tie, (c,), seats=top))
                    continue
            pay = revealed[w]["bid"]
            if w == cass and c["risk"]:
                pay = max(0, pay - 1)
            gold[w] -= pay
            paid += pay
            s.owners[i] = w
            ev.append(_public("won", _words_won, (w, pay, c),
                              {"seat": w, "commission": i, "paid": pay}))
        s.vault += paid

    def _check_in(self, s: HotelState, stays: list[int]) -> list[Event]:
        ev: list[Event] = []
        winston = self._seat_of(s, "winston")
        for p in stays:
            s.checkins[p] += 1
            self._heal(s, p, 2 if s.event == "peace" else 1)
            draws = 1 + (p == winston) + (s.event == "hospitality")
            if p == winston:
                s.gold[p] += 2
            if s.checkins[p] in (2, 4):
                s.rep[p] += 1
            ev.append(_public("checkin", _words_checkin, (p, s.checkins[p]), {"seat": p}))
            ev += self._draw_intel(s, p, draws)
        return ev

    def _advance(self, s: HotelState) -> list[Event]:
        """Move past execution, salvage and the night's end while nobody must choose."""
        if s.phase == "execute" and s.queue:
            return []
        if s.salvage_done:
            return self._end_night(s)
        roles = s.roles
        if "beggar" not in roles:
            return self._end_night(s)
        b = roles.index("beggar")
        if (b not in s.succeeded
                and b not in s.resting and self._salvage_funds(s, b) >= 2
                and (s.hands[b] or s.cfg.empty_hand == "may_bid") and self._salvageable(s)):
            s.phase = "salvage"
            return []
        return self._end_night(s)

    def _salvage_funds(self, s: HotelState, seat: int) -> int:
        # Ruling H12: a key (「任何时刻」) may be cashed to pay for the salvage. Whether the
        # step is offered may depend only on public counts, never on which intel he holds:
        # any intel card might be a key (if it is not, he can only pass).
        return s.gold[seat] + 2 * len(s.intel[seat])

    def _unsold(self, s: HotelState) -> list[int]:
        return [i for i in range(len(s.wall)) if i not in s.owners]

    def _salvageable(self, s: HotelState) -> list[int]:
        """Ruling H17: 「接手一张流拍委托」 - any contract nobody won, or (salvage_from="tied")
        only one a tie at the top left unsold."""
        out = self._unsold(s)
        if s.cfg.salvage_from == "tied":
            out = [i for i in out if s.wall[i].get("tied")]
        return out

    def _end_night(self, s: HotelState) -> list[Event]:
        ev: list[Event] = []
        if s.event == "bounty" and s.completions:
            best = max(d for _, d in s.completions)
            seats = sorted({p for p, d in s.completions if d == best})
            if len(seats) == 1:
                s.rep[seats[0]] += 1
                ev.append(public_words("bounty", _words_bounty, (seats[0],), seat=seats[0]))
        s.unsold += len(s.wall) - len(s.owners)  # len(_unsold): owners are wall indices
        s.event_discard.append(s.event)  # type: ignore[arg-type]
        s.night += 1
        return ev + self._start_night(s)

    def _execute(self, s: HotelState, seat: int, i: int, action: Action) -> list[Event]:
        c = s.wall[i]
        t = action["type"]
        kill = False
        if t == "execute":
            card, boost = action["card"], action["boost"]
            s.hands[seat].remove(card)
            s.played[seat].append(card)
            fire: int | None = _CARD_VALUE[card] + (_CARD_TAG[card] == c["tag"]) + boost
            s.gold[seat] -= boost
            ok = fire >= c["d"]  # type: ignore[operator]
        elif t == "kill":
            kill = True
            s.sofia_used = True
            ok, fire = True, None
        else:  # forfeit
            ok, fire = False, 0
        if ok:
            gain = c["reward"] + (3 if kill else 0)
            role = s.roles[seat]
            if role == "wick" and c["tag"] == "gun":
                gain += 3
            if role == "cassian" and c["risk"]:
                gain += 3
            if c["risk"] == "cleanup":
                gain -= 3
            s.gold[seat] += gain
            s.rep[seat] += 1
            s.succeeded.append(seat)
            s.completions.append([seat, c["d"]])
            s.completed[seat] += 1
            return [_public("success", _words_success, (seat, c, kill, fire, gain),
                            {"seat": seat, "commission": c["id"], "gain": gain, "fire": fire})]
        s.failed[seat] += 1
        wounds, loss = 1, 0
        risk = c["risk"]
        if risk and risk in _PENALTY:
            pen = _PENALTY[risk]
            wounds, loss = pen if s.cfg.risk_failure == "replace" else (1 + pen[0], pen[1])
        s.gold[seat] -= loss
        ev = [_public("fail", _words_fail, (seat, c, fire, wounds, loss),
                      {"seat": seat, "commission": c["id"], "wounds": wounds, "loss": loss})]
        if s.wounds[seat] + wounds >= s.cfg.hospital_at:
            ev += self._wound(s, seat, wounds)
        else:  # _wound below the hospital
            s.wounds[seat] += wounds
        return ev

    # ---- protocol -----------------------------------------------------------------------

    def players(self, state: HotelState) -> int:
        return state.n

    def undoable(self, before: HotelState, seat: int, action: Action,
                 after: HotelState) -> bool:
        """``Game.undoable`` (ruling H30): the Beggar King's salvage - 2 gold (public,
        never a key: the choice is offered only with 2 gold) for a public unsold contract,
        which he then executes at once - drew nothing (no deck, no generator) and turned
        nothing face up. Everything else reveals or is sealed (H30)."""
        if (action.get("type") != "salvage" or before.phase != "salvage"
                or after.phase != "execute" or after.queue != [action.get("commission")]):
            return False
        return (len(after.com_deck) == len(before.com_deck)
                and len(after.intel_deck) == len(before.intel_deck)
                and len(after.event_deck) == len(before.event_deck)
                and after.intel == before.intel and after.hands == before.hands
                and after.rng.getstate() == before.rng.getstate())

    def is_over(self, state: HotelState) -> bool:
        return state.phase == "over"

    def to_move(self, state: HotelState) -> list[int]:
        s = state
        phase = s.phase
        if phase == "bid":
            resting, bids = s.resting, s.bids
            if not resting:
                if not bids:
                    return list(range(len(s.gold)))
                k = len(bids)
                # k distinct seats (never negative) below k: seats 0..k-1 have sealed, as
                # when the seats are asked in order
                if max(bids) < k:
                    return list(range(k, len(s.gold)))
                return [p for p in range(len(s.gold)) if p not in bids]
            return [p for p in range(len(s.gold)) if p not in resting and p not in bids]
        if phase == "execute":
            queue = s.queue
            return [s.owners[queue[0]]] if queue else []
        if phase == "salvage":
            return [self._seat_of(s, "beggar")]  # type: ignore[list-item]
        return []

    def legal_actions(self, state: HotelState, seat: int) -> list[Action]:
        """Every legal choice of ``seat``, a new list of shared read-only action objects
        (``actions.py``: nobody may change them; the rules copy what they keep)."""
        s = state
        phase = s.phase
        if phase == "bid":
            # to_move, unbuilt: a seat that is neither resting nor sealed yet
            if seat in s.bids or seat in s.resting or not 0 <= seat < len(s.gold):
                return []
            if s.foresight and seat in s.foresight:
                return list(acts.arrangements(s.foresight[seat]))
            out = list(self._bid_head(s, seat))
            held = s.intel[seat]
            if held:
                out += acts.intel_uses(tuple(sorted(set(held))), seat, len(s.gold),
                                       bool(s.com_deck), s.wounds[seat] != 0)
                if s.event == "broker" and seat not in s.swapped:
                    out += acts.swaps(tuple(sorted(held)))
            return out
        if phase == "execute":
            queue = s.queue
            if not queue or s.owners[queue[0]] != seat:
                return []
            c = s.wall[queue[0]]
            hand = s.hands[seat]
            if hand:
                top, gold = s.cfg.max_boost, s.gold[seat]  # _boost_top, inline
                if gold < top:
                    top = gold if gold > 0 else 0
                plays = _PLAYS.get((tuple(hand), top)) or _plays(s, seat)
            else:
                plays = (acts.FORFEIT,)
            if s.roles[seat] == "sofia" and not s.sofia_used and c["d"] <= 9:
                out = [acts.KILL, *plays]
            else:
                out = list(plays)
            if s.intel[seat]:
                out += self._instant_intel(s, seat)
            return out
        if phase == "salvage":
            if self._seat_of(s, "beggar") != seat:
                return []
            out = ([acts.salvage(i) for i in self._salvageable(s)]
                   if s.gold[seat] >= 2 else [])
            return out + [acts.PASS] + self._instant_intel(s, seat)
        return []

    def random_action(self, state: HotelState, seat: int,
                      randbelow: Callable[[int], int]) -> Action:
        """``legal[randbelow(len(legal))]`` of ``legal_actions``: without intel (the common
        case) drawn from the cached tuples ``legal_actions`` would copy - a bid night's
        sealed choices, or an execution's plays after Sofia's one-shot -; else from the
        list."""
        s = state
        if not 0 <= seat < len(s.gold) or s.intel[seat]:
            pass
        elif s.phase == "bid":
            if (seat not in s.foresight and seat not in s.resting and seat not in s.bids
                    and 0 <= seat < len(s.gold)):
                head = self._bid_head(s, seat)
                return head[randbelow(len(head))]
        elif s.phase == "execute" and s.queue and s.owners[s.queue[0]] == seat:
            hand = s.hands[seat]
            if hand:
                plays = _PLAYS.get((tuple(hand), _boost_top(s, seat))) or _plays(s, seat)
            else:
                plays = (acts.FORFEIT,)
            if (s.roles[seat] == "sofia" and not s.sofia_used
                    and s.wall[s.queue[0]]["d"] <= 9):
                i = randbelow(len(plays) + 1)
                return acts.KILL if i == 0 else plays[i - 1]
            return plays[randbelow(len(plays))]
        legal = self.legal_actions(s, seat)
        return legal[randbelow(len(legal))]

    def _instant_intel(self, s: HotelState, seat: int) -> list[Action]:
        """Ruling H12: key and medicine (「任何时刻」) may also be used by the seat that is
        deciding outside the bid phase: a key can fund a boost or a salvage."""
        held = s.intel[seat]
        if not held:
            return []
        out: list[Action] = []
        if "key" in held:
            out.append(acts.KEY)
        if "medical" in held and s.wounds[seat] > 0:
            out.append(acts.MEDICAL)
        return out

    def _all_sealed(self, s: HotelState) -> bool:
        """``not self.to_move(s)`` in the bid phase, without building the list."""
        resting, bids = s.resting, s.bids
        for p in range(len(s.gold)):  # noqa: SIM110 - a plain loop is faster than all()
            if p not in resting and p not in bids:
                return False
        return True

    def _bid_head(self, s: HotelState, seat: int) -> tuple[Action, ...]:
        """``acts.bid_head`` for this seat now: the cached sealed choices, found by the
        things they depend on (``_max_bid`` worked out inline: rule flags once per config)."""
        cfg = s.cfg
        flags = _BID_RULES.get(id(cfg))
        if flags is None or flags[0] is not cfg:
            flags = _bid_rules(cfg)
        _, checkin_only, forbid, max_bid = flags
        if checkin_only and not s.hands[seat] and not (
                s.roles[seat] == "sofia" and not s.sofia_used):
            top = -1  # ruling H13: nothing to execute with
        elif forbid:  # ruling H28: a bid is paid in coins one holds
            gold = s.gold[seat]
            top = max_bid if gold >= max_bid else (gold if gold > 0 else 0)
        else:
            top = max_bid
        heads = _HEADS_FULL if s.event == "full_house" else _HEADS
        key = (len(s.wall), top)
        head = heads.get(key)
        if head is None:
            head = heads[key] = acts.bid_head(len(s.wall), top, s.event == "full_house")
        return head

    def _max_bid(self, s: HotelState, seat: int) -> int:
        """The highest bid a seat may seal, or -1 when it may not bid at all."""
        if s.cfg.empty_hand == "checkin_only" and not s.hands[seat] and not (
                s.roles[seat] == "sofia" and not s.sofia_used):
            return -1  # ruling H13: nothing to execute with
        if s.cfg.bid_over_gold == "forbid":  # ruling H28: a bid is paid in coins one holds
            return min(s.cfg.max_bid, max(0, s.gold[seat]))
        return s.cfg.max_bid

    def _apply(self, state: HotelState, seat: int, action: Action) -> list[Event]:
        s, t = state, action["type"]
        if t in ("bid", "checkin") or (t == "pass" and s.phase == "bid"):
            bids = s.bids
            # The action itself: never changed (shared action objects are read-only, and
            # the rules change no sealed choice); the view hands out copies.
            bids[seat] = action
            # Both events are the same value every time this seat seals this choice: made
            # once and shared (see _sealed_events).
            sealed = _SEALED[seat].get(id(action)) if seat < len(_SEALED) else None
            if sealed is None or sealed[0] is not action:
                sealed = _sealed_events(seat, action)
            # All sealed needs every seat resting or sealed: fewer of both cannot be.
            if len(bids) + len(s.resting) >= len(s.gold) and self._all_sealed(s):
                return [sealed[1], sealed[2], *self._resolve_bids(s)]
            return [sealed[1], sealed[2]]
        if t == "execute" or t == "kill" or t == "forfeit":
            queue = s.queue
            ev = self._execute(s, seat, queue.pop(0), action)
            if queue:  # _advance's first test: the next winner executes
                return ev
            ev += self._advance(s)
            return ev
        if t == "intel":
            return self._use_intel(s, seat, action)
        if t == "arrange":
            k = s.foresight.pop(seat)
            top = [s.com_deck[-1 - j] for j in range(k)]  # top first
            new = [top[j] for j in action["order"]]
            s.com_deck[len(s.com_deck) - k:] = list(reversed(new))
            # Another seat's earlier peek no longer tells it the order.
            s.known_top = [0 if p != seat else max(s.known_top[p], k) for p in range(s.n)]
            return [public("arrange", f"P{seat + 1} 重排了委托堆顶 {k} 张",
                           f"P{seat + 1} rearranged the top {k} contracts", seat=seat)]
        if t == "swap":
            s.swapped.append(seat)
            for c in action["discard"]:
                s.intel[seat].remove(c)
            got = self._draw_intel(s, seat, len(action["discard"]))
            s.intel_discard.extend(action["discard"])
            return [public("swap", f"P{seat + 1} 弃 {len(action['discard'])} 张情报重抽",
                           f"P{seat + 1} swaps {len(action['discard'])} intel",
                           seat=seat, discard=list(action["discard"])), *got]
        if t == "salvage":
            s.salvage_done = True
            s.gold[seat] -= 2
            i = action["commission"]
            s.owners[i] = seat
            s.queue = [i]
            s.phase = "execute"
            return [public("salvage", f"丐帮王 P{seat + 1} 付 2 接手 {self._com_label(s.wall[i], 'zh')}",
                           f"Beggar P{seat + 1} pays 2 for {self._com_label(s.wall[i])}",
                           seat=seat, commission=i)]
        if t == "pass":
            s.salvage_done = True
            return self._end_night(s)
        raise AssertionError(t)  # pragma: no cover - check_action filters

    def _use_intel(self, s: HotelState, seat: int, action: Action) -> list[Event]:
        c = action["card"]
        s.intel[seat].remove(c)
        s.intel_discard.append(c)
        ev = [public_words("intel_use", _words_intel_use, (seat, c), seat=seat, card=c)]
        if c == "medical":
            self._heal(s, seat, 1)
        elif c == "key":
            s.gold[seat] += 2
        elif c == "eavesdrop":
            t = action["target"]
            if t not in s.peeked[seat]:
                s.peeked[seat].append(t)
            ev.append(private([seat], "peek", f"P{t + 1} 的手牌：{_hand_words(s.hands[t])}",
                              f"P{t + 1}'s hand: {_hand_words(s.hands[t])}", hand=sorted(s.hands[t])))
        elif c == "foresight":
            k = min(3, len(s.com_deck))
            s.foresight[seat] = k
            s.known_top[seat] = max(s.known_top[seat], k)
        return ev

    def _short(self, a: Action, lang: str = "en") -> str:
        return _short(a, lang == "zh")

    # ---- views and results --------------------------------------------------------------

    def view(self, state: HotelState, seat: int | None) -> dict[str, Any]:
        s = state
        known = s.com_deck[len(s.com_deck) - s.known_top[seat]:][::-1] if (
            seat is not None and s.known_top[seat]) else []
        # hands this seat may read: its own and those it eavesdropped on
        readable = () if seat is None else (seat, *s.peeked[seat])
        return {
            "game": "hotel", "seat": seat, "night": s.night, "nights": s.cfg.nights,
            "phase": s.phase, "event": s.event, "wall": [dict(c) for c in s.wall],
            "vault": s.vault, "gold": list(s.gold), "rep": list(s.rep),
            "wounds": list(s.wounds), "checkins": list(s.checkins), "roles": list(s.roles),
            "played": [list(p) for p in s.played],
            "hands": [sorted(h) if p in readable else None for p, h in enumerate(s.hands)],
            "hand_sizes": [len(h) for h in s.hands],
            "intel": [sorted(h) if p == seat else None for p, h in enumerate(s.intel)],
            "intel_sizes": [len(h) for h in s.intel],
            "intel_discard": sorted(s.intel_discard),
            "decks": {"commissions": len(s.com_deck), "events": len(s.event_deck),
                      "intel": len(s.intel_deck)},
            "known_top": [dict(c) for c in known],
            "foresight_pending": s.foresight.get(seat, 0) if seat is not None else 0,
            "submitted": sorted(s.bids),
            "my_choice": dict(s.bids[seat]) if seat is not None and seat in s.bids else None,
            "revealed": {str(p): dict(a) for p, a in sorted(s.revealed.items())},
            "owners": {str(i): p for i, p in sorted(s.owners.items())},
            "queue": list(s.queue), "resting": list(s.resting),
            "hospital_next": list(s.hospital_next),
            "charon_used": s.charon_used, "sofia_used": s.sofia_used,
            "swapped": list(s.swapped), "to_move": self.to_move(s),
            "options": {"max_bid": s.cfg.max_bid, "vault_cap": s.cfg.vault_cap,
                        "salvage_from": s.cfg.salvage_from},
            "visible_log": self.visible_log(s, seat),
        }

    def dividend(self, s: HotelState) -> list[int]:
        out = [0] * s.n
        top = _leaders(s.checkins) if max(s.checkins) > 0 else []
        share = min(s.vault, s.cfg.vault_cap)
        if len(top) == 1:
            out[top[0]] = share
        elif top and s.cfg.vault_tie == "split":
            for p in top:
                out[p] = share // len(top)
        return out

    def scores(self, s: HotelState) -> list[int]:
        return self._scores(s, self.dividend(s))

    def _scores(self, s: HotelState, div: list[int]) -> list[int]:
        c = s.cfg
        return [s.rep[p] * c.rep_points + s.gold[p] + div[p] - s.wounds[p] * c.wound_points
                for p in range(s.n)]

    def result(self, state: HotelState) -> Result:
        if not self.is_over(state):
            raise ValueError("the game is not over")
        s = state
        div = self.dividend(s)
        sc = self._scores(s, div)
        best = max(sc)
        winners = [p for p in range(s.n) if sc[p] == best]
        kinds = list(map(_KIND, s.log))
        return trusted_result(
            scores=[float(x) for x in sc], winners=winners,
            reason=text(f"{s.cfg.nights} 夜结束，最高分 {best}",
                        f"{s.cfg.nights} nights over; top score {best}"),
            summary={"unsold": s.unsold, "nights": s.cfg.nights, "gold": list(s.gold),
                     "rep": list(s.rep), "wounds": list(s.wounds),
                     "checkins": list(s.checkins), "vault": s.vault,
                     "dividend": div, "completed": list(s.completed),
                     "failed": list(s.failed), "roles": list(s.roles),
                     # 流拍 in the FAQ's sense (a tie at the top) and the Beggar's takes
                     "ties": kinds.count("tie"), "salvages": kinds.count("salvage")})

    def outcome(self, state: HotelState) -> tuple[list[float], list[int]]:
        """``result(state)``'s scores and winners, without the rest of the result."""
        if not self.is_over(state):
            raise ValueError("the game is not over")
        s = state
        sc = self._scores(s, self.dividend(s))
        best = max(sc)
        return [float(x) for x in sc], [p for p in range(s.n) if sc[p] == best]

    def facts(self, state: HotelState) -> dict[str, Any]:
        s = state
        return {
            "night": s.night, "phase": s.phase, "event": s.event, "vault": s.vault,
            "gold": list(s.gold), "rep": list(s.rep), "wounds": list(s.wounds),
            "checkins": list(s.checkins), "roles": list(s.roles),
            "hands": [sorted(h) for h in s.hands], "played": [list(p) for p in s.played],
            "intel": [sorted(h) for h in s.intel], "wall": [c["id"] for c in s.wall],
            "owners": {str(i): p for i, p in sorted(s.owners.items())},
            "resting": list(s.resting), "hospital_next": list(s.hospital_next),
            "charon_used": s.charon_used, "sofia_used": s.sofia_used,
            "unsold": s.unsold, "completed": list(s.completed), "failed": list(s.failed),
            "deck_top": [c["id"] for c in s.com_deck[::-1][:5]],
            "scores": self.scores(s), "dividend": self.dividend(s),
            "bank_gold": sum(s.gold) + s.vault,
        }

    def describe_action(self, state: HotelState, seat: int, action: Action,
                        lang: str = "en") -> str:
        t = action.get("type")
        zh = lang == "zh"
        if t == "bid":
            c = state.wall[action["commission"]]
            return (f"出价 {action['bid']} {self._com_label(c, 'zh')}" if zh
                    else f"bid {action['bid']} {self._com_label(c)}")
        if t == "execute":
            card = _hand_words([action["card"]])
            return (f"打 {card} 补 {action['boost']} 金币" if zh
                    else f"play {card} +{action['boost']} gold")
        labels = {"checkin": ("入住", "check in"), "kill": ("一击必杀", "one-shot"),
                  "forfeit": ("放弃（失败）", "give up (fail)"), "pass": ("不捡漏", "pass"),
                  "salvage": ("捡漏", "salvage"), "arrange": ("重排", "arrange"),
                  "swap": ("换情报", "swap intel"), "intel": ("情报", "intel")}
        if t == "pass" and state.phase == "bid":
            labels["pass"] = ("不行动", "stand aside")
        zh_l, en_l = labels.get(str(t), (str(t), str(t)))
        word = zh_l if zh else en_l
        if "card" in action and action["card"] in INTEL_ICON:
            c = action["card"]
            word += f"：{INTEL_ICON[c]} {data.INTEL_ZH[c]}" if zh else f": {INTEL_ICON[c]} {INTEL_EN[c]}"
        if "target" in action:
            word += f" → P{action['target'] + 1}"
        if "commission" in action:
            word += " " + self._com_label(state.wall[action["commission"]], lang)
        if "order" in action:
            word += " " + " ".join(str(x) for x in action["order"])
        if "discard" in action:
            shown = [f"{INTEL_ICON.get(c, '')}{data.INTEL_ZH[c] if zh else INTEL_EN[c]}"
                     for c in action["discard"]]
            word += ("：弃 " if zh else ": discard ") + (" ".join(shown) or ("无" if zh else "none"))
        return word

    def determinize(self, state: HotelState, seat: int, rng: random.Random) -> HotelState:
        # A fresh generator: the real one's future draws are hidden information too.
        s = state.copy(rng=random.Random(rng.getrandbits(64)))
        n = len(s.gold)
        peeked = s.peeked[seat]
        for p in range(n):
            if p == seat or p in peeked:
                continue
            played = s.played[p]
            pool = [c for c in _TECH if c not in played]
            s.hands[p] = sorted(draws.sample(rng, pool, len(s.hands[p])))  # kept sorted
        pool = list(s.intel_deck)
        for p in range(s.n):
            if p != seat:
                pool += s.intel[p]
        draws.shuffle(rng, pool)
        for p in range(s.n):
            if p != seat:
                k = len(s.intel[p])
                s.intel[p], pool = pool[:k], pool[k:]
        s.intel_deck = pool
        k = s.known_top[seat]
        hidden = s.com_deck[:len(s.com_deck) - k]
        draws.shuffle(rng, hidden)
        s.com_deck[:len(s.com_deck) - k] = hidden
        draws.shuffle(rng, s.event_deck)
        # Others' sealed choices are unknown: replace them with plausible ones.
        if s.bids:
            opts = acts.sealed_guesses(len(s.wall), s.cfg.max_bid, s.event == "full_house")
            for p in list(s.bids):
                if p != seat:
                    s.bids[p] = dict(rng.choice(opts))
        return s
