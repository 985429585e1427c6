"""The fixed action and observation encoding behind the PettingZoo and OpenSpiel games."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra: pip install 'boardlab[rl]'")

from pettingzoo.test import api_test, parallel_api_test  # noqa: E402

from boardlab.engine.protocol import Game, canonical  # noqa: E402
from boardlab.engine.registry import all_game_ids  # noqa: E402
from boardlab.rl.encoding import codec_for, flatten_view  # noqa: E402
from boardlab.rl.pettingzoo_env import env, parallel_env  # noqa: E402
from support.sealed import SealedGame  # noqa: E402

from .helpers import loaded_game  # noqa: E402


class DeclaredSealed(SealedGame):
    """The sealed-bid test game, declaring its whole action space."""

    id = "sealed_declared"

    def action_space(self, config):
        return [{"type": "bid", "card": c} for c in range(1, 10)]


class HalfDeclaredSealed(SealedGame):
    id = "sealed_half"

    def action_space(self, config):
        return [{"type": "bid", "card": c} for c in range(1, 5)]


def test_declared_action_space_gives_fixed_indices_and_passes_pettingzoo():
    game = DeclaredSealed()
    codec = codec_for(game, {"players": 3})
    assert codec.declared and codec.overflow == 0 and codec.num_actions == 10
    assert codec.noop == 9 and codec.simultaneous
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(game, players=3), num_cycles=30)
        parallel_api_test(parallel_env(game, players=3), num_cycles=30)
    e = env(game, players=3)
    e.reset(seed=4)
    hand = game.view(e.state, 0)["hand"]
    mask = e.observe("seat_0")["action_mask"]
    assert np.flatnonzero(mask).tolist() == sorted({c - 1 for c in hand})


def test_a_legal_action_missing_from_the_declared_space_is_an_error():
    game = HalfDeclaredSealed()
    codec = codec_for(game, {"players": 2})
    assert codec.legal_indices([{"type": "bid", "card": 4}]) == {3: {"type": "bid", "card": 4}}
    with pytest.raises(ValueError, match="not in the game's declared action_space"):
        codec.legal_indices([{"type": "bid", "card": 9}])


def test_a_game_without_a_declared_space_gets_a_probed_table_with_overflow_slots():
    """The fallback for a game that declares nothing (no registered game): the legal
    actions outside the probed table fill the overflow slots in canonical order."""
    codec = codec_for(SealedGame(), {"players": 3})
    assert not codec.declared and codec.overflow > 0
    assert codec.space_version.startswith("probed-")
    b1, b2, b3 = ({"type": "bid", "card": c} for c in (1, 2, 3))
    short = dataclasses.replace(codec, table=tuple(k for k in codec.table
                                                   if k not in (canonical(b1), canonical(b2))),
                                _index={}, _feature_index={})
    first = len(short.table)
    got = short.legal_indices([b2, b1, b3])
    assert got[first] == b1 and got[first + 1] == b2
    assert short.legal_indices([b3]) == {short._index[canonical(b3)]: b3}


def test_flatten_view_names_numbers_flags_and_strings_and_drops_log_and_texts():
    view = {"phase": "bid", "n": 3, "ok": True, "none": None, "seats": [{"gold": 2}],
            "log": [{"kind": "x"}], "visible_log": [1], "prompt": {"zh": "甲", "en": "a"}}
    assert sorted(flatten_view(view)) == [(".n", 3.0), (".ok", 1.0), (".phase=bid", 1.0),
                                          (".seats[0].gold", 2.0)]


def test_the_probe_is_the_same_in_another_process():
    codec = codec_for(loaded_game("geometry"), {"players": 2})
    script = ("import json; from boardlab.engine.registry import get_game; "
              "from boardlab.rl.encoding import codec_for; "
              "c = codec_for(get_game('geometry'), {'players': 2}); "
              "print(json.dumps([c.table, c.features, c.overflow, c.max_steps]))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env={"PYTHONHASHSEED": "123", "PATH": ""}, timeout=120, check=True)
    assert json.loads(out.stdout) == [list(codec.table), list(codec.features), codec.overflow,
                                      codec.max_steps]


@pytest.mark.parametrize("gid", all_game_ids())
def test_observation_and_mask_do_not_change_when_hidden_things_are_redealt(gid):
    game = loaded_game(gid)
    if type(game).determinize is Game.determinize:
        pytest.skip(f"{gid} hides nothing (it does not re-deal)")
    e = env(gid)
    e.reset(seed=21)
    rng = random.Random(21)
    checked = 0
    for step in range(60):
        seats = game.to_move(e.state)
        if not seats:
            break
        if step % 6 == 0:
            for seat in range(game.players(e.state)):
                obs = e.observe(f"seat_{seat}")
                world = game.determinize(e.state, seat, random.Random(step))
                assert np.array_equal(e.codec.observe(game.view(world, seat), seat,
                                                      game.players(world)),
                                      obs["observation"])
                assert np.array_equal(e.codec.mask(game.legal_actions(world, seat)),
                                      obs["action_mask"])
                checked += 1
        legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))  # through the env: its caches follow
    assert checked > 0
