"""大陆酒店 暗拍接单 (Continental Hotel: Sealed Contracts), 3-6 players.

Facts of the game
-----------------
5 nights. Each night: one event card, then ``players + 1`` contracts are posted face up
(tag gun/melee/stealth, difficulty D, reward R, optional risk mark at D7-D10). Every seat
not in hospital secretly picks one contract with a bid 0-3, or checks in (not on a
"full house" night). Highest single bid wins and pays its bid into the vault; any tie at the
top leaves the contract unsold (Charon wins a tie once per game). Check-ins heal, draw intel
and give +1 reputation at the 2nd and 4th stay. Winners then execute in wall order: one of
their 5 technique cards (never refilled; value 2-4, +1 if the tag matches) plus up to 5 gold
(+1 fire each); fire >= D succeeds (reward + 1 reputation), else 1 wound or the risk mark's
penalty. Four wounds -> hospital (wounds back to 2, skip next night). Score:
reputation x3 + gold + dividend (most check-ins takes min(vault, 15)) - wounds x2.

Decision flow
-------------
* ``phase == "bid"``: simultaneous secret choice; every non-resting seat that has not yet
  submitted is in ``to_move``. Before submitting a seat may use intel cards (public use).
  Choices are hidden until the last arrives; then bids, check-ins and execution follow.
* ``phase == "execute"``: the owner of the next contract in wall order chooses.
* ``phase == "salvage"``: the Beggar King (丐帮王), if he completed nothing tonight, may pay
  2 to take one unsold contract and execute it at once.

Action vocabulary
-----------------
* ``{"type": "bid", "commission": i, "bid": b}`` (i = wall index, b = 0..3)
* ``{"type": "checkin"}``
* ``{"type": "intel", "card": "medical"|"key"|"foresight"}``,
  ``{"type": "intel", "card": "eavesdrop", "target": seat}``
* ``{"type": "arrange", "order": [..]}`` - after foresight: the new order of the top cards
  (indices of the peeked cards, top first)
* ``{"type": "swap", "discard": [cards]}`` - broker night, once per seat
* ``{"type": "execute", "card": "gun4", "boost": k}``, ``{"type": "kill"}`` (Sofia, once,
  D <= 9), ``{"type": "forfeit"}`` (only with an empty hand)
* ``{"type": "salvage", "commission": i}``, ``{"type": "pass"}``

Setup overrides
---------------
``roles hands gold rep wounds checkins vault intel`` (per seat), ``commissions`` (contract
ids on top of the deck, first drawn first), ``events`` (top of the event deck, first first),
``intel_deck`` (top of the intel deck, first first), ``charon_used sofia_used``.

Facts: ``night phase event vault gold rep wounds checkins roles hands played intel wall
owners resting hospital_next charon_used sofia_used unsold completed failed deck_top
scores dividend bank_gold``. Rulings: ``docs/rulings/hotel.md``.
"""

from boardlab.games.hotel.rules import HotelGame


class _Game(HotelGame):
    def render_terminal(self, view, lang="en"):
        from boardlab.games.hotel.render import render_terminal

        return render_terminal(view, lang)

    def changeable(self, state, seat):
        """A sealed bid (or check-in, or standing aside) may be changed until the last seat
        has chosen: the bids are revealed together."""
        return state.phase == "bid" and seat in state.bids

    def terminal_note(self, view, action, lang="en"):
        """(``boardlab play``) what a menu choice leads to: an execution's 🔥 fire."""
        from boardlab.games.hotel.render import choice_note

        return choice_note(view, action, lang)

    def bots(self):
        from boardlab.games.hotel.bots import BOTS

        return dict(BOTS)

    def default_bots(self, players):
        """附录 B's five styles in its table's order, one per seat (the protocol's contract;
        the claims name all five so the lab's balanced design seats every mix); a sixth seat
        repeats 接单流, the book's 「标准答案」."""
        from boardlab.games.hotel.bots import STYLE_ORDER

        return [STYLE_ORDER[i % len(STYLE_ORDER)] for i in range(players)]

    def style_mix(self, players):
        """All five of 附录 B's styles whatever the count: the lab's balanced design seats
        every combination of them (issue 11: at 3 players all 10 triples, at 4 all five
        foursomes), as the book's mixed battle did."""
        from boardlab.games.hotel.bots import STYLE_ORDER

        return list(STYLE_ORDER)


GAME = _Game()

__all__ = ["GAME", "HotelGame"]
