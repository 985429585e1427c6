"""The engine's fast paths give exactly what the slow, obvious paths give."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.bots.base import DecisionContext, RandomBot
from boardlab.engine.errors import IllegalAction
from boardlab.engine.match import decision_context, play_match
from boardlab.engine.protocol import SeatLog, canonical, log_feed, same_json
from boardlab.engine.registry import all_game_ids, get_game
from support.sealed import GAME as SEALED

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 3),
                      st.floats(allow_nan=False, width=16), st.sampled_from(["a", "b", "1"]))
json_value = st.recursive(
    json_leaf,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.tuples(inner, inner),
                            st.dictionaries(st.sampled_from(["type", "card", "x"]), inner,
                                            max_size=3)),
    max_leaves=8,
)


@settings(max_examples=400, deadline=None)
@given(a=json_value, b=json_value)
def test_same_json_is_canonical_equality(a, b):
    assert same_json(a, b) == (canonical(a) == canonical(b))
    assert same_json(a, a)


@pytest.mark.parametrize(("a", "b", "same"), [
    ({"card": 1}, {"card": True}, False),
    ({"card": 1}, {"card": 1.0}, False),
    ({"path": ["a"]}, {"path": ("a",)}, True),
    ({"x": 0.0}, {"x": -0.0}, False),
    ({"type": "a", "k": None}, {"type": "a"}, False),
])
def test_same_json_edge_cases(a, b, same):
    assert same_json(a, b) is same


class ViewChecker:
    """A bot that reads its view and compares it with the full view built the slow way."""

    name = "checker"

    def __init__(self, game, state_of) -> None:
        self.game, self.state_of, self.checked = game, state_of, 0

    def choose(self, ctx: DecisionContext):
        state = self.state_of()
        assert ctx.view == self.game.view(state, ctx.seat)
        assert canonical(ctx.view) == canonical(self.game.view(state, ctx.seat))
        self.checked += 1
        return ctx.rng.choice(ctx.legal)


GAMES = [*all_game_ids(), "sealed"]


def _game(gid):
    return SEALED if gid == "sealed" else get_game(gid)


@pytest.mark.parametrize("gid", GAMES)
def test_incremental_log_equals_the_full_views_log(gid, monkeypatch):
    """Every view a bot reads in ``play_match`` (log kept per seat, one event converted
    once) equals the view ``game.view`` builds from the whole log."""
    game = _game(gid)
    players = game.min_players + 1
    holder: dict = {}
    real_setup = game.setup

    def setup(*a, **k):  # the one state object play_match then mutates
        holder["state"] = real_setup(*a, **k)
        return holder["state"]

    monkeypatch.setattr(game, "setup", setup)
    bots = [ViewChecker(game, lambda: holder["state"]) for _ in range(players)]
    play_match(game, {"players": players}, 3, bots)
    assert sum(b.checked for b in bots) >= 9


@pytest.mark.parametrize("gid", GAMES)
def test_seat_log_feed_follows_a_game_and_restarts_on_another_log(gid):
    game = _game(gid)
    players = game.min_players
    state = game.new_game({"players": players}, 9)
    logs = {s: SeatLog(s) for s in [None, *range(players)]}
    rng = random.Random(9)
    fed: dict = {s: [] for s in logs}
    for _ in range(400):
        movers = game.to_move(state)
        if not movers:
            break
        for s, log in logs.items():
            fed[s] += log.new_entries(state)
            assert log.sync(state) == game.visible_log(state, s) == fed[s]
            with log_feed(state, log):
                assert game.visible_log(state, s) == game.visible_log(state.copy(), s)
        seat = movers[0]
        game.apply_in_place(state, seat, rng.choice(game.legal_actions(state, seat)))
    other = game.new_game({"players": players}, 10)
    assert logs[0].sync(other) == game.visible_log(other, 0)


def test_view_is_built_only_when_read_and_choices_by_index_match_choices():
    state = SEALED.new_game({"players": 3}, 1)
    ctx = decision_context(SEALED, state, 0, random.Random(1))
    assert not ctx.view_built
    i = RandomBot().choose_index(decision_context(SEALED, state, 0, random.Random(5)))
    assert RandomBot().choose(decision_context(SEALED, state, 0, random.Random(5))) == \
        ctx.legal[i]
    assert ctx.view == SEALED.view(state, 0) and ctx.view_built


class Fresh:
    """Returns an equal but new dict (not the listed object): it must go through
    ``check_action`` and still be accepted, and a wrong one refused."""

    name = "fresh"

    def __init__(self, wrong: bool = False) -> None:
        self.wrong = wrong

    def choose(self, ctx):
        a = dict(ctx.rng.choice(ctx.legal))
        if self.wrong:
            a["card"] = 99
        return a


def test_choices_not_from_the_list_are_still_checked():
    a = play_match(SEALED, {"players": 3}, 4, [Fresh()] * 3)
    b = play_match(SEALED, {"players": 3}, 4, [RandomBot()] * 3)
    assert a.record.actions == b.record.actions
    with pytest.raises(IllegalAction, match="not a legal"):
        play_match(SEALED, {"players": 3}, 4, [Fresh(wrong=True)] * 3)


def test_quiet_apply_keeps_no_log_but_the_same_state():
    loud = SEALED.new_game({"players": 3}, 2)
    quiet = loud.copy()
    for seat in SEALED.to_move(loud):
        action = SEALED.legal_actions(loud, seat)[0]
        events = SEALED.apply_in_place(quiet, seat, action, log=False)
        assert events == SEALED.apply_in_place(loud, seat, action)
    assert SEALED.facts(quiet) == SEALED.facts(loud)
    assert len(quiet.log) < len(loud.log)


def test_geometry_led_doors_kept_incrementally_equal_a_fresh_scan():
    """geometry's view keeps ``led_doors`` per state, extended as the log grows: at every
    step it equals the doors worked out from the whole log on a copy with no cache."""
    game = get_game("geometry")
    checked = 0

    def check(state, seat, action):
        nonlocal checked
        assert game.led_doors(state) == game.led_doors(state.copy())
        checked += 1

    for seed in range(3):
        play_match(game, {"players": 4}, seed, [RandomBot() for _ in range(4)], on_step=check)
    assert checked > 50


def test_state_context_is_the_keyword_built_context():
    """The engine's positional ``StateContext`` holds exactly what ``DecisionContext``
    built with keywords holds (every slot), and behaves the same."""
    from boardlab.bots.base import StateContext

    state = SEALED.new_game({"players": 3}, 1)
    legal, rng, log = SEALED.legal_actions(state, 0), random.Random(2), SeatLog(0)
    fast = StateContext(SEALED, 0, legal, rng, state, log)
    slow = DecisionContext(SEALED, 0, None, legal, rng, None, state=state, seat_log=log)
    assert isinstance(fast, DecisionContext)
    for slot in DecisionContext.__slots__:
        assert getattr(fast, slot) is getattr(slow, slot), slot
    assert fast.view == slow.view == SEALED.view(state, 0)
    assert decision_context(SEALED, state, 0, rng).legal == legal


def test_config_dict_equals_a_fresh_dump_and_shares_nothing():
    from boardlab.engine.match import config_dict

    for gid in all_game_ids():
        game = get_game(gid)
        cfg = game.make_config({})
        first = config_dict(cfg)
        assert first == cfg.model_dump()
        first["players"] = -1  # a caller that changes its record's config
        for value in first.values():
            if isinstance(value, list | dict):
                value.clear()
        again = config_dict(cfg)
        assert again == cfg.model_dump() and again is not first
        other = game.make_config({"players": game.max_players})
        assert config_dict(other) == other.model_dump()


@pytest.mark.parametrize("gid", GAMES)
def test_random_action_is_the_legal_lists_draw(gid):
    """``random_action`` (a game's own or the protocol's) asks ``randbelow`` once, with the
    number of legal actions, and returns the action at that index of the legal list: a
    rollout drawing through it plays exactly the game a rollout over the lists plays."""
    game = _game(gid)
    checked = 0
    for players in sorted({game.min_players, game.max_players}):
        for seed in range(6):
            state = game.new_game({"players": players}, seed)
            rng = random.Random(seed)
            for _ in range(3000):
                movers = game.to_move(state)
                if not movers:
                    break
                for seat in movers:
                    legal = game.legal_actions(state, seat)
                    asked: list[tuple[int, int]] = []

                    def randbelow(n, asked=asked, rng=rng):
                        asked.append((n, rng.randrange(n)))
                        return asked[-1][1]

                    action = game.random_action(state, seat, randbelow)
                    assert len(asked) == 1 and asked[0][0] == len(legal)
                    assert canonical(action) == canonical(legal[asked[0][1]])
                    checked += 1
                seat = movers[0]
                game.apply_in_place(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert checked > 50


def test_seat_generators_are_the_plain_ones():
    """``make_rngs`` (a shared hash prefix) and ``seeded`` (seeding in C) give the
    generators ``random.Random(derive_seed(seed, key, i))`` gives, state for state."""
    import hashlib

    from boardlab.engine.rng import derive_seed, make_rng, make_rngs, seeded

    def plain_derive(seed, *keys):
        h = hashlib.blake2b(digest_size=8)
        h.update(str(int(seed)).encode())
        for key in keys:
            h.update(b"\x1f")
            h.update(repr(key).encode())
        return int.from_bytes(h.digest(), "big") >> 1

    for seed in (0, 1, -7, 2**62 + 3, 987654321987654321):
        fast = make_rngs(seed, "bot", 6)
        for i, rng in enumerate(fast):
            plain = random.Random(plain_derive(seed, "bot", i))
            assert derive_seed(seed, "bot", i) == plain_derive(seed, "bot", i)
            assert rng.getstate() == plain.getstate() == make_rng(seed, "bot", i).getstate()
            assert type(rng) is random.Random and rng.gauss_next is None
            assert [rng.random() for _ in range(3)] == [plain.random() for _ in range(3)]
        assert seeded(seed).getstate() == random.Random(seed).getstate()


class Meddler(RandomBot):
    """A random bot that changes what it was given after choosing (the view, the generator,
    the legal list): a reused context must not carry any of it into the next decision."""

    name = "meddler"

    def __init__(self, game) -> None:
        self.game, self.seen = game, []

    def choose_index(self, ctx) -> int:
        assert not ctx.view_built
        assert ctx.view == self.game.view(ctx._state, ctx.seat)
        i = ctx.rng._randbelow(len(ctx.legal))
        self.seen.append(id(ctx))
        ctx.view = {"stale": True}
        ctx.rng = random.Random(99)
        ctx.legal = []
        return i


class Keeper(RandomBot):
    """A random bot that keeps every context it is given: each must stay what it was."""

    name = "keeper"

    def __init__(self) -> None:
        self.kept = []

    def choose_index(self, ctx) -> int:
        self.kept.append((ctx, list(ctx.legal), ctx.seat))
        return super().choose_index(ctx)


@pytest.mark.parametrize("gid", GAMES)
def test_reused_contexts_play_like_fresh_ones(gid):
    """play_match reuses a seat's context when no bot kept it: the game is the one fresh
    contexts play, nothing a bot changed survives, and a kept context is never reused."""
    game = _game(gid)
    players = game.min_players if gid != "burgle" else 2
    plain = play_match(game, {"players": players}, 5, [RandomBot() for _ in range(players)])
    meddlers = [Meddler(game) for _ in range(players)]
    reused = play_match(game, {"players": players}, 5, meddlers)
    keepers = [Keeper() for _ in range(players)]
    kept = play_match(game, {"players": players}, 5, keepers)
    assert reused.record == kept.record == plain.record
    seen = [i for bot in meddlers for i in bot.seen]
    assert len(set(seen)) <= players < len(seen)  # one context per seat, reused
    contexts = [k for bot in keepers for k in bot.kept]
    assert len({id(ctx) for ctx, _, _ in contexts}) == len(contexts)
    for ctx, legal, seat in contexts:
        assert ctx.legal == legal and ctx.seat == seat
