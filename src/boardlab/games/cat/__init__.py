"""戴帽子的猫：妈妈回来前 (The Cat in the Hat: Before Mom Gets Home), 3-5 players.

Facts of the game
-----------------
Three rooms (客厅 ``living`` -> 厨房 ``kitchen`` -> 浴室 ``bath``, always resolved in that
order), each with one mess lane per seat and an ownerless fish pile. 7 rounds = 7 stations of
mom's car; exposures only at stations 1-5 (sealed from 6). Hand limit 5.

Decision flow
-------------
1. ``phase == "draw"``: every seat with fewer than 5 cards is in ``to_move``; each sends
   ``{"type": "draw", "pile": "living"|"kitchen"|"bath"|"special"}`` one card at a time
   (any non-empty pile, rulebook §6.1 step 6; the same at every refill). The pile is public,
   the card private. The game starts this way (5 draws each) unless setup fixes the hands.
   With ``draw_mode="random"`` there is no draw phase: hands fill automatically.
2. ``phase == "play"``: a simultaneous secret choice. Every seat is in ``to_move`` until it
   sends exactly one card play; plays are kept hidden (the view only lists ``submitted``
   seats, and the player's own ``my_play``) and resolve when the last arrives:
   reveal, effects room by room, exposure checks (stations before the seal), the cat's
   machine (variant F), then the car advances and the next draw phase starts; after the
   last station the final settlement ends the game.

Action vocabulary
-----------------
* ``{"type": "play", "card": "L4", "room": "living"}`` - a chaos card (``L``/``K``/``B`` +
  value) goes to its own room only.
* ``{"type": "play", "card": "clean"|"fish"|"cat", "room": R}`` - any room (an empty clean
  and an empty cat are legal, FAQ Q1 and the example's round 4); at most one cat card per
  player per game (FAQ Q11).
* ``{"type": "play", "card": "shift", "room": FROM, "to": TO, "amount": 1..3}`` - needs at
  least ``amount`` of your own mess in FROM (FAQ Q9).
* add ``"role": true`` to use your role on that card (Cat/Sally/Things on a chaos card,
  Conrad on a clean card) while uses are left; ``"role": false`` is the same as leaving it out.
  The Fish role fires by itself at the first exposures (ruling R14).
* ``{"type": "discard", "card": C}`` - only when no card in hand is usable.
* ``{"type": "pass"}`` - only with an empty hand once every pile is empty.

Setup overrides (scenarios): ``hands`` (per seat card codes), ``piles`` (per pile, cards on
top, top first; the rest shuffled below), ``roles`` (per seat role id or null), ``rooms``
(``{room: {lanes: [...], fish: n}}``), ``fun``, ``station``, ``cats_played``, ``role_uses``.

Facts: ``phase station fun rooms.<room>.{lanes,fish,total} hands piles roles role_uses
cats_played pending exposures exposure_list mess_held house_bill final``.
Rulings: ``docs/rulings/cat.md``.
"""

from boardlab.games.cat.rules import CatGame


class _Game(CatGame):
    def render_terminal(self, view, lang="en"):
        from boardlab.games.cat.render import render_terminal

        return render_terminal(view, lang)

    def changeable(self, state, seat):
        """A card played face down may be changed until the last seat has played (the
        plays are revealed together; rulings: the window is one sealed choice each)."""
        return state.phase == "play" and seat in state.pending and len(state.pending) < state.n

    def bots(self):
        from boardlab.games.cat.bots import BOTS

        return dict(BOTS)

    def default_bots(self, players):
        """附录 B's five styles (the mixed battle 「混战」) in its table's order, one per seat
        (the protocol's contract; the claims name all five so the lab's balanced design
        seats every mix, at 3 players all 10 triples)."""
        from boardlab.games.cat.bots import BOOK_STYLES

        return list(BOOK_STYLES[:players])

    def style_mix(self, players):
        """All five of 附录 B's styles whatever the count: the lab's balanced design seats
        every combination of them (issue 11: at 3 players all 10 triples, at 4 all five
        foursomes), as the book's mixed battle did."""
        from boardlab.games.cat.bots import BOOK_STYLES

        return list(BOOK_STYLES)


GAME = _Game()

__all__ = ["GAME", "CatGame"]
