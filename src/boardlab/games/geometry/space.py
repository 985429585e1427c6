"""Every action geometry's rules can ever allow, in a fixed order (``Game.action_space``).

One enumeration serves every config: doors run to the config's largest (9) and a reopen
to the largest ``max_open_for_reopen`` (8), so an action keeps its index across player
counts and options (a smaller config never offers the higher doors). Order:

* ``ok`` (agree with the leader);
* ``open`` / ``add`` / ``accuse`` / ``reveal_x`` of door 1..9, type by type;
* ``reopen`` of every set of doors (ascending door numbers, as the rules list them),
  smaller sets first, then in lexicographic order.
"""

from __future__ import annotations

from array import array
from itertools import combinations
from typing import Any

from boardlab.engine.protocol import Action

MAX_DOORS = 9
"""``GeometryConfig.doors``' upper bound."""
MAX_REOPEN = 8
"""The largest door set a reopen can name (``max_open_for_reopen``' upper bound)."""

MEANINGS = {
    "ok": "the responder agrees with the leader's open doors",
    "open": "the leader opens door `door` (1-based)",
    "add": "the responder opens one more closed door `door`",
    "reopen": "the responder closes the open doors and opens the doors `doors` instead",
    "accuse": "the responder accuses the leader's hidden door `door`",
    "reveal_x": "the accuser reveals one of its own X cards, door `door`",
}


def action_space(config: Any = None) -> list[Action]:
    out: list[Action] = [{"type": "ok"}]
    for kind in ("open", "add", "accuse", "reveal_x"):
        out += [{"type": kind, "door": d} for d in range(1, MAX_DOORS + 1)]
    for size in range(1, MAX_REOPEN + 1):
        out += [{"type": "reopen", "doors": list(c)}
                for c in combinations(range(1, MAX_DOORS + 1), size)]
    return out


MAX_SEATS = 5
_DOORS = tuple(range(1, MAX_DOORS + 1))


def observation_spec(config: Any = None) -> dict[str, Any]:
    """The seat's view, field by field (``boardlab.rl.observation``). Scales: doors and
    counts by their largest value; the round by 50 (longer games are rare)."""
    return {
        "game": ("skip", "the game's id, a constant"),
        "seat": ("skip", "the observer itself: seat +0 in the relative seats below"),
        "phase": ("enum", ("lead", "respond", "reveal_x", "over")),
        "leader": ("seat",),
        "turn": ("seatset",),
        "oks": ("num", MAX_SEATS),
        "accuser": ("seat",),
        "open": ("bag", _DOORS, 1),
        "doors": ("num", MAX_DOORS),
        "seats": ("seats", {
            "cards": ("list", MAX_DOORS, ("enum", ("shape", "x", "X"))),
            "score": ("num", 8),
            "penalty": ("num", 5),
            "out": ("flag",),
        }),
        "round": ("num", 50),
        "winners": ("opt", ("seatset",)),
        "led_doors": ("seats", ("bag", _DOORS, 1)),
        "log": ("skip", "the log retells in words what the rest of the view holds"),
        "visible_log": ("skip", "the log retells in words what the rest of the view holds"),
    }


def direct_encoder(config: Any, at: Any) -> Any:
    """``encode(state, seat, out)``: the observation of ``seat`` written straight from the
    state into ``out`` (zeroed, indexed like the spec's features: ``at(name)`` is a
    feature's index), without building the view: the same fields ``GeometryGame.view``
    reads for that seat, to the same values (``tests/rl/test_direct_encoders.py`` checks
    it against the encoding of the view, and that re-dealing the other seats' shapes never
    changes it)."""
    from .rules import GeometryGame

    led_doors = GeometryGame.led_doors
    phase_at = {p: at(f".phase={p}") for p in ("lead", "respond", "reveal_x", "over")}
    leader, turn, accuser = at(".leader=+0"), at(".turn=+0"), at(".accuser=+0")
    oks, doors, rounds = at(".oks/5"), at(".doors/9"), at(".round/50")
    opened = at(".open#1/1") - 1  # door d (1-based) at opened + d
    winners_on, winners = at(".winners?"), at(".winners=+0")
    slot = [at(f".seats[+{k}]?") for k in range(MAX_SEATS)]
    card = at(".seats[+0].cards[0]?") - slot[0]  # per card: present, shape, x, X
    score, penalty = at(".seats[+0].score/8") - slot[0], at(".seats[+0].penalty/5") - slot[0]
    out_at = at(".seats[+0].out") - slot[0]
    led = [at(f".led_doors[+{k}]?") for k in range(MAX_SEATS)]
    blocks: dict[tuple, array] = {}

    def encode(state: Any, me: int, out: Any) -> None:
        n = state.n
        out[phase_at[state.phase]] = 1.0
        if state.leader != -1:
            out[leader + (state.leader - me) % n] = 1.0
        phase = state.phase  # to_move, as the view's "turn"
        asked = (() if phase == "over" else (state.leader,) if phase == "lead"
                 else (state.accuser,) if phase == "reveal_x" else (state.turn,))
        for s in asked:
            if s != -1:
                out[turn + (s - me) % n] = 1.0
        out[oks] = state.oks / 5.0
        if state.accuser != -1:
            out[accuser + (state.accuser - me) % n] = 1.0
        for d in state.open:
            out[opened + d + 1] += 1.0
        out[doors] = state.cfg.doors / 9.0
        revealed, shape, sc, pen, gone = (state.revealed, state.shape, state.score,
                                          state.penalty, state.out)
        for s in range(n):
            o = slot[(s - me) % n]
            out[o] = 1.0
            # its own board shows where its shape is and its face-down X cards: the
            # cards' block (present, shape, x, X per door) is one of few patterns
            key = (tuple(revealed[s]), shape[s] if s == me else -1, out.typecode)
            block = blocks.get(key)
            if block is None:
                block = blocks[key] = _cards_block(*key)
            c = o + card
            out[c:c + len(block)] = block
            out[o + score] = sc[s] / 8.0
            out[o + penalty] = pen[s] / 5.0
            if gone[s]:
                out[o + out_at] = 1.0
        out[rounds] = state.rounds / 50.0
        if state.winners is not None:
            out[winners_on] = 1.0
            for s in state.winners:
                if s != -1:
                    out[winners + (s - me) % n] = 1.0
        for s, doors_led in enumerate(led_doors(state)):
            o = led[(s - me) % n]
            out[o] = 1.0
            for d in doors_led:
                out[o + d] += 1.0
    return encode


def _cards_block(revealed: tuple[bool, ...], mine: int, typecode: str) -> array:
    """The encoded cards of one seat's board (4 features a door): each card present, and
    ``shape`` (the observer's own shape, ``mine``; -1 for another seat's board), ``X``
    (revealed) or, on its own board, ``x`` (face down); another seat's face-down card is
    ``None`` in the view (present, nothing else). An array of ``typecode``, the buffer's."""
    block = array(typecode, [0.0] * (4 * len(revealed)))
    for d, r in enumerate(revealed):
        block[4 * d] = 1.0
        if d == mine:
            block[4 * d + 1] = 1.0
        elif r:
            block[4 * d + 3] = 1.0
        elif mine != -1:
            block[4 * d + 2] = 1.0
    return block


def action_key(action: Action) -> tuple:
    """A key of an action, distinct for distinct declared actions (``boardlab.rl`` finds a
    legal action's index by it: geometry makes its actions afresh at every decision, so
    they cannot be remembered by identity). The action's size is part of it, so an action
    with a key beyond ``type`` / ``door`` / ``doors`` finds no declared one."""
    doors = action.get("doors")
    return (action["type"], action.get("door"), None if doors is None else tuple(doors),
            len(action))


_NONE = ("none",)


def legal_key(state: Any, seat: int) -> tuple:
    """A key of ``(state, seat)`` that fixes ``GeometryGame.legal_actions(state, seat)``:
    what that method reads (the phase, whether ``seat`` is the one asked, the doors open,
    the config's doors and reopen bound, the leader's revealed cards; a reveal's own board
    and shape). ``boardlab.rl`` finds a seat's legal indices remembered by it instead of
    building the actions afresh and looking each up (``tests/rl/test_direct_encoders.py``
    checks it against ``legal_actions`` on walked games). Internal: never shown."""
    phase = state.phase
    if phase == "respond":
        if seat != state.turn:
            return _NONE
        cfg = state.cfg
        return ("respond", tuple(state.open), cfg.doors, cfg.max_open_for_reopen,
                tuple(state.revealed[state.leader]))
    if phase == "lead":
        return ("lead", state.cfg.doors) if seat == state.leader else _NONE
    if phase == "reveal_x":
        if seat != state.accuser:
            return _NONE
        return ("reveal_x", tuple(state.revealed[seat]), state.shape[seat])
    return _NONE
