"""Checking a declared action space against play: ``python -m boardlab.rl.walk``.

``walk(game, config, games, bots)`` plays ``games`` seeded games of ``config`` with the
named bots (``"random"`` or the game's style bots, rotated over the seats) and looks every
legal action of every decision up in the game's declared table. A legal action outside the
table raises at once, so a completed walk is the figure: decisions and legal actions met,
all of them in the table. ``walk_configs(game)`` lists the configs walked: every player
count with the defaults, then every non-default value of each yes/no and named option, and
the largest value of each small numeric option (<= 10), at a player count that rotates.

The test suite walks a few games per config (``tests/rl/test_spaces.py``); the command
walks as many as asked, e.g. ``python -m boardlab.rl.walk --games 1000`` (the figure in
``docs/rl.md``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import typing
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from boardlab.bots.registry import make_bot
from boardlab.engine.errors import ConfigError
from boardlab.engine.match import decision_context
from boardlab.engine.protocol import Game
from boardlab.engine.registry import all_game_ids, get_game
from boardlab.engine.rng import derive_seed
from boardlab.rl.encoding import codec_for, observation_encoder

WALK_SEED = 20261203
MAX_STEPS = 50_000


@dataclass
class WalkFigures:
    games: int = 0
    decisions: int = 0
    legal_seen: int = 0
    distinct: set[int] = field(default_factory=set)


def walk_configs(game: Game) -> list[dict[str, Any]]:
    """The configs a walk covers (see the module docstring), each valid."""
    out: list[dict[str, Any]] = [{"players": n}
                                 for n in range(game.min_players, game.max_players + 1)]
    counts = [c["players"] for c in out]
    k = 0
    for name, info in game.Config.model_fields.items():
        if name == "players":
            continue
        values: list[Any] = []
        kind = info.annotation
        args = [a for a in typing.get_args(kind) if a is not type(None)]
        if kind is bool or (args and all(a is bool for a in args)):
            values = [v for v in (True, False) if v != info.default]
        elif typing.get_origin(kind) is typing.Literal:
            values = [v for v in typing.get_args(kind) if v != info.default]
        elif kind is int or (args and all(a is int for a in args)):
            top = next((m.le for m in info.metadata if getattr(m, "le", None) is not None),
                       None)
            if top is not None and top <= 10 and top != info.default:
                values = [top]
        for v in values:
            cfg = {"players": counts[k % len(counts)], name: v}
            k += 1
            try:
                game.make_config(cfg)
            except ConfigError:
                cfg["players"] = game.max_players
                try:
                    game.make_config(cfg)
                except ConfigError:
                    continue
            out.append(cfg)
    return out


def walk(game: Game, config: dict[str, Any], games: int, bots: list[str],
         figures: WalkFigures | None = None, seed: int = WALK_SEED) -> WalkFigures:
    """Play ``games`` games and look every legal action up (see the module docstring)."""
    figures = WalkFigures() if figures is None else figures
    cfg = game.make_config(config)
    codec = codec_for(game, cfg)
    if not codec.declared:
        raise ValueError(f"{game.id} declares no action space")
    index_of = codec.index_of
    for g in range(games):
        s = derive_seed(seed, game.id, repr(sorted(config.items())), g)
        state = game.setup(cfg, s)
        n = game.players(state)
        names = [bots[(g + i) % len(bots)] for i in range(n)]
        seated = [make_bot(game, name) for name in names]
        rngs = [random.Random(derive_seed(s, "bot", i)) for i in range(n)]
        steps = 0
        while True:
            seats = game.to_move(state)
            if not seats:
                break
            seat = seats[0]
            legal = game.legal_actions(state, seat)
            for action in legal:
                figures.distinct.add(index_of(action))
            figures.legal_seen += len(legal)
            figures.decisions += 1
            action = seated[seat].choose(decision_context(game, state, seat, rngs[seat], legal))
            game.apply_in_place(state, seat, action)
            steps += 1
            if steps > MAX_STEPS:
                raise RuntimeError(f"{game.id}: a game of {config} did not end")
        figures.games += 1
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000,
                        help="games per config and bot kind (random, styles)")
    parser.add_argument("--style-games", type=int, default=None,
                        help="games per config with the style bots (default: --games)")
    parser.add_argument("--game", action="append", help="only these games")
    args = parser.parse_args(argv)
    for gid in args.game or all_game_ids():
        game = get_game(gid)
        styles = [b for b in dict.fromkeys(game.style_mix(game.max_players)) if b != "random"]
        total = WalkFigures()
        configs = walk_configs(game)
        start = time.perf_counter()
        for cfg in configs:
            style_games = args.games if args.style_games is None else args.style_games
            for kinds, count in ((["random"], args.games), (styles, style_games)):
                if not kinds or not count:
                    continue
                try:
                    walk(game, cfg, count, kinds, total)
                except ValueError:
                    raise  # a legal action outside the table: the space is wrong
                except Exception as exc:  # the game itself failed: say so, walk on
                    print(f"{gid}: {cfg} with {', '.join(kinds)}: the game failed "
                          f"({type(exc).__name__}: {exc})", flush=True)
        codec = codec_for(game)
        print(f"{gid}: {len(configs)} configs, {total.games} games (random and "
              f"{', '.join(styles) or 'no style bots'}), {total.decisions} decisions, "
              f"{total.legal_seen} legal actions, all in the table of {len(codec.table)}; "
              f"{len(total.distinct)} distinct indices met; "
              f"{time.perf_counter() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())


def walk_views(game: Game, config: dict[str, Any], games: int, every: int = 1,
               seed: int = WALK_SEED) -> tuple[int, np.ndarray]:
    """Play ``games`` random games of ``config`` and encode every ``every``-th step's view
    of every seat and of a spectator with the game's declared observation spec (a view
    outside the spec raises). Returns the views encoded and, per feature, whether any
    view set it."""
    cfg = game.make_config(config)
    encoder = observation_encoder(game, cfg)
    touched = np.zeros(encoder.size, bool)
    views = 0
    for g in range(games):
        s = derive_seed(seed, game.id, "views", repr(sorted(config.items())), g)
        state = game.setup(cfg, s)
        rng = random.Random(s)
        n = game.players(state)
        step = 0
        while True:
            seats = game.to_move(state)
            if step % every == 0 or not seats:
                for seat in (*range(n), None):
                    touched |= encoder.encode(game.view(state, seat), seat, n) != 0
                    views += 1
            if not seats:
                break
            game.apply_in_place(state, seats[0], rng.choice(game.legal_actions(state, seats[0])))
            step += 1
    return views, touched
