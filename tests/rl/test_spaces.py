"""Every game's declared action space: complete (walked under random and style bots),
fixed (its digest pinned), the same across player counts and options."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="the rl extra: pip install 'boardlab[rl]'")

from boardlab.engine.protocol import canonical  # noqa: E402
from boardlab.engine.registry import all_game_ids, get_game  # noqa: E402
from boardlab.rl.encoding import action_key, codec_for  # noqa: E402
from boardlab.rl.walk import walk, walk_configs  # noqa: E402

# A change here is deliberate: the enumeration changed, and every trained policy's indices
# with it (say so in docs/rl.md). python -m boardlab.rl prints the current stamps.
PINNED = {
    "toys": ("7d561e7445af503a", 212),
    "cat": ("76e29d6bf486866f", 84),
    "geometry": ("fcc5a836a078f838", 547),
    "hotel": ("81c231e56d3e1eaf", 461),
    "burgle": ("a8a1c52f972dd592", 1258),
}

def test_every_registered_game_is_pinned():
    assert sorted(PINNED) == sorted(all_game_ids())


@pytest.mark.parametrize("gid", sorted(PINNED))
def test_the_space_is_declared_pinned_and_the_same_for_every_config(gid):
    game = get_game(gid)
    version, size = PINNED[gid]
    for cfg in walk_configs(game):
        codec = codec_for(game, cfg)
        assert codec.declared and codec.overflow == 0
        assert (codec.space_version, len(codec.table)) == (version, size), cfg
        assert codec.num_actions == size + 1 and codec.noop == size
    codec = codec_for(game)
    assert len({action_key(a) for a in codec.actions}) == size  # no action twice
    assert [canonical(a) for a in codec.actions] == list(codec.table)
    assert all(codec.index_of(a) == i for i, a in enumerate(codec.actions))
    assert codec.meaning(codec.noop) == "noop" and codec.meaning(0) == codec.table[0]


def test_a_legal_action_outside_the_space_is_refused():
    codec = codec_for(get_game("geometry"))
    with pytest.raises(ValueError, match="not in the game's declared action_space"):
        codec.index_of({"type": "open", "door": 10})


@pytest.mark.parametrize("gid", sorted(PINNED))
def test_walked_games_find_every_legal_action_in_the_table(gid):
    """A small walk (the big one: python -m boardlab.rl.walk --games 1000): every config,
    random bots and the game's style bots."""
    game = get_game(gid)
    styles = [b for b in dict.fromkeys(game.style_mix(game.max_players)) if b != "random"]
    decisions = 0
    configs = walk_configs(game)
    for k, cfg in enumerate(configs):
        figures = walk(game, cfg, 1, ["random"])
        # style bots on every config of the fast games, on every third of burgle's
        # (its team planner takes seconds a game)
        if styles and (gid != "burgle" or k % 3 == 0):
            figures = walk(game, cfg, 1, styles, figures)
        decisions += figures.decisions
    assert decisions > 10 * len(configs)
