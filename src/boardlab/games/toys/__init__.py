"""玩具不许动：安迪的房间 (Toys Freeze: Andy's Room) - 3-6 players, semi-cooperative.

Facts (rulebook + supplement): 3x3 room, every toy starts each night on the toy box; 4 nights
(9.2: 5) of 3 moments. Per count T/M/cap: 3→5/13/15, 4→6/16/19, 5→7/19/23, 6→8/22/23; with
3 players each seat also has a 🔊(3) noise card. Each night a task card puts 2 companion
markers, a roll-over card names 2 sight cells, each seat draws 1 item.

Decision flow of one moment (every window is a simultaneous secret choice unless noted;
``view["phase"]`` names the open window, ``view["waiting"]`` its seats, ``view["submitted"]``
who has already chosen):

1. ``move`` - every 🧸 seat: ``{"type":"move","path":[cells...]}`` (``[]`` = stay; 1 cell, or
   more with ``"boosts": [...]`` from ``cowboy`` 🤠 / ``springdog`` 🐩 (once a night) /
   ``magnet`` 🧲 item, one extra cell each) or ``{"type":"freeze"}`` (public and immediate).
   With ``move_order="in_turn"`` seats move one at a time in seat order, publicly.
2. ``noise`` - every 🧸 seat: ``{"type":"noise","card":0|1|2|3}`` optionally with
   ``"item": "socks"|"flashlight"|"oil"|"box"`` (declared with the card, shown at the
   reveal) and ``"rocket": true`` (🚀, card 2 only, once a night); or ``{"type":"freeze"}``.
   9.4's stand-in Andy instead sends ``{"type":"guess","cross":true|false}``.
3. ``peek`` - every seat holding an unused item card (public; even 🧊): a 🪞 holder
   ``{"type":"peek","target":s}`` or ``{"type":"pass"}``, any other holder ``pass``; the card
   is shown to the peeker only (private event, ``view.peeked``). Then ``after_peek`` - each 🧸
   seat that peeked: ``{"type":"freeze"}`` before the reveal, or ``pass``.
4. reveal (automatic, public event ``reveal``), then ``react`` - every 🧸 seat and every
   holder of an unused item card (also 🧊): ``{"type":"pass"}``, ``{"type":"freeze"}``
   (the card no longer counts), ``{"type":"earmuffs"}`` (S−1; with ``"freeze": true`` also
   freeze), 🥔 ``{"type":"replay","card":c}`` (once a night).
   If a 🥔 replayed, ``react2`` gives every seat one more pass/freeze/earmuffs choice.
   With ``potato_timing="after_freezes"`` the replay is not in ``react``; a ``potato``
   window (🥔 only: replay or pass) follows once every freeze is final. With
   ``react_order="cascade"`` ``react`` asks one seat at a time, publicly, and any freeze,
   🎧 or 🥔 gives the seats that passed another turn (no ``react2``).
5. the five reveal steps resolve (S, progress+screws, companions, crossing, next moment).

``{"type":"clock"}`` (⏰) may be sent in any window the seat is asked in; it takes effect at
once and the seat still makes its window's choice. Windows nobody takes part in are skipped.

Setup overrides (scenarios): ``roles`` [role|null per seat], ``items`` [[item|null per seat]
per night], ``nights`` [{task|task_cells, sight|sight_cells, companions, sight_moments}],
``exposure`` and ``screws`` starting values. Cells: ``window bed shelf / blocks rug toybox /
door lane kennel`` (rows 1-3, see ``data.CELLS``); cards, roles, items in ``data``.

Facts (scenarios): exposure, cap, progress, need, threshold, screws (running screws incl.
task, freeze, −6 and dawn bonuses; companions not included), score (screws + companion
values), companions (names per seat), companion_nights, companion_list, positions, frozen,
andy, night, moment, phase, markers, sight, items, items_used, ability_used, cards, pending,
night_exposure and night_screws (after each night's end steps, before dawn), tasks_done,
freezes (best-freeze bonuses per seat), last (S, crossed, exposure_added of the last moment),
dawn, ending (dawn|andy_woke), dawn_bonus, woke_penalty, andy_right.
``result().summary`` holds the same end figures (companions there = count per seat;
companion_list = details; nights_played; roles; 9.6 adds perfect_night).
Published figures (quick reference, examples) are plain data in ``published``.

Speed (issue 9): ``legal_actions`` returns a fresh list of **shared, read-only** action
objects, prebuilt once per situation (window, cell, unused item and ability, cards in
play); the engine takes the very object back, so nothing may change an action it was
given (views and facts hand out copies of stored choices). Event words are made only
when read. ``tests/toys/test_fastpaths.py`` checks the caches against the obvious
computations.
"""

from __future__ import annotations

from .rules import ToysGame


class _Game(ToysGame):
    def render_terminal(self, view, lang="en"):
        from .render import render_terminal

        return render_terminal(view, lang)

    def bots(self):
        from .bots import BOTS

        return dict(BOTS)

    def default_bots(self, players):
        """The style the book's figures come from: §8's agreed rota (轮值收工), staggered
        noise and the late crossing - the "完美打法" of the quick reference and example 3 -
        at every seat (the greedy bot is 阿May's deviation, for mixed tables)."""
        return ["coordinated"] * players


GAME = _Game()

__all__ = ["GAME", "ToysGame"]
