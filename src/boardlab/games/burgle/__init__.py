"""神偷拍档 (Burgle Bros, Fowers Games 2015): the Bank job, 1-4 players, cooperative.

Facts of the game
-----------------
Three 4x4 floors of face-down room tiles (a safe and stairs on each), 8 walls a floor.
Each seat plays one character (basic or advanced side) with 3 stealth. A turn: up to 4
actions (move, peek, hack, add a safe die for 2, roll the safe dice), free tool, character
and trading actions; an event when 2 actions or fewer were used; then the guard of the
player's floor walks die + alarms steps along :func:`guard_path`. Open all three safes, then
everyone escapes through the top floor's stairs to the roof: the team wins. Caught with no
stealth left: the team loses.

Decision flow
-------------
``phase``: ``character`` (each seat in turn: ``{"type": "character", "name", "side"}``),
``entrance`` (seat 0 for the team: ``{"type": "entrance", "at": "1B4"}``), ``actions``
(the current seat: ``move {to}``, ``peek {at}``, ``hack``, ``add_die {at}``, ``roll {at}``,
``tool {tool, ...}``, ``ability {name, ...}``, ``drop/pickup/give/take {item}``, ``end``),
``choice`` (a pending decision: ``{"type": "choose", ...one of the options}``).
Positions are floor digit + cell: ``"2C3"``; ``"roof"``. The dicts ``legal_actions`` lists
are shared, read-only objects (the same dict for the same choice in every game): read
them, answer with one of them (or an equal copy), never change one.

Setup overrides: ``tiles`` (3 x 16 "kind:number", A1 B1 C1 D1 A2 ...), ``walls``,
``characters`` ([[name, side]] per seat: skips the choice), ``entrance``, ``positions``
(per seat; ``roof`` allowed), ``patrol`` (per floor, top first), ``patrol_discard``,
``patrol_size``, ``guards`` (per floor ``{at, dest}``), ``events`` / ``tools`` / ``loot``
(top first), ``stealth``, ``guard_die``, ``offers``, ``revealed``, ``safe_open``,
``safe_dice``, ``cracked``, ``hands``, ``hacks``, ``hack_tokens``, ``held_alarms``,
``alarms``, ``items``, ``keypads_open``, ``labs_taken``, ``disabled``, ``links``,
``lavatory``, ``smoke``, ``crow``, ``effects``, ``donuts``, ``event_discard``, ``turn``
(every one in ``docs/scenarios.md``).
Facts: ``phase turn seat used max_actions positions stealth tools loot characters guards
dests guard_die alarms revealed tiles safe_dice safe_open cracked hacks keypads_open
keypad_tries disabled labs_taken links items lavatory smoke effects walls pending crow
held_alarm hack_token patrol (per floor: left removed discard deck) event_top events_left
event_discard last_roll won summary``.
Rulings: ``docs/rulings/burgle.md``.
"""

from boardlab.games.burgle.path import guard_path
from boardlab.games.burgle.rules import BurgleGame


class _Game(BurgleGame):
    def render_terminal(self, view, lang="en"):
        from boardlab.games.burgle.render import render_terminal

        return render_terminal(view, lang)

    def bots(self):
        from boardlab.games.burgle.bots import BOTS

        return dict(BOTS)

    def default_bots(self, players):
        return ["team"] * players


GAME = _Game()

__all__ = ["GAME", "BurgleGame", "guard_path"]
