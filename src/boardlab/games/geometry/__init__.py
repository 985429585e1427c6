"""几何密室 (Geometry Rooms), a shape version of Oink Games' Dokojong, 2-5 players.

Facts of the game
-----------------
5 doors (1-5); each player has 5 cards behind a number board: 1 shape + 4 X, one per door.
2 score markers and 3 penalty markers each. Flip 2 score markers: the game ends (most flipped
scores, tie: fewest flipped penalties). 3 flipped penalties: out. Last one left wins.

Decision flow
-------------
1. ``phase == "lead"``: the leader sends ``{"type": "open", "door": d}``.
2. ``phase == "respond"``: clockwise from the leader's left, one seat at a time:
   ``{"type": "ok"}``; ``{"type": "add", "door": d}`` (open one more closed door, take the
   lead); ``{"type": "reopen", "doors": [..]}`` (close all, open one more door than were open,
   none of the previously open ones; refused with 3+ doors open; take the lead);
   ``{"type": "accuse", "door": d}`` (one of the leader's face-down cards).
   All non-leaders OK in a row: every seat from the leader clockwise reveals its open doors
   until a shape is found (that seat: +1 penalty, reshuffle).
3. ``phase == "reveal_x"``: after an accusation finds the leader's shape, the accuser sends
   ``{"type": "reveal_x", "door": d}`` for one of its own face-down X cards.
Then: 3+ revealed cards and shape not found -> +1 score and reshuffle; 3 penalties -> out;
doors close; the leader (new one if out: next on the left) opens again.

Setup overrides: ``shapes`` (1-based door per seat), ``leader``, ``score``, ``penalty``,
``revealed`` (per seat, 1-based doors face up).
Facts: ``phase leader turn oks open shapes revealed revealed_count score penalty out rounds
winners``. Rulings: ``docs/rulings/geometry.md``.
"""

from boardlab.games.geometry.rules import GeometryGame


class _Game(GeometryGame):
    def render_terminal(self, view, lang="en"):
        from boardlab.games.geometry.render import render_terminal

        return render_terminal(view, lang)

    def bots(self):
        from boardlab.games.geometry.bots import BOTS

        return dict(BOTS)

    def default_bots(self, players):
        """The book names no styles; it asks each player to hide its shape and hunt the
        others'. The bots play that with two nerves, alternating round the table."""
        return [("bold", "cautious")[i % 2] for i in range(players)]


GAME = _Game()

__all__ = ["GAME", "GeometryGame"]
