"""Writes the small rule scenarios of scenarios/cat/ (run: python tests/cat/make_scenarios.py)."""

import pathlib

import yaml

OUT = str(pathlib.Path(__file__).resolve().parents[2] / "scenarios" / "cat") + "/"
def P(card, room, **kw):
    return {"type": "play", "card": card, "room": room, **kw}
def D(pile):
    return {"type": "draw", "pile": pile}
def room(lanes, fish=0):
    return {"lanes": lanes, "fish": fish, "total": sum(lanes) + fish}
def S(lanes, fish=0):
    return {"lanes": lanes, "fish": fish}
def play(seat, action, expect=None):
    st = {"seat": seat, "action": action}
    if expect:
        st["expect"] = expect
    return st
def err(seat, action, msg):
    return {"seat": seat, "action": action, "error": msg}
def write(name, title, source, config, setup, steps, expect=None, notes=None, seed=0):
    doc = {"game": "cat", "title": title, "source": source}
    if notes:
        doc["notes"] = notes
    doc.update({"config": config, "seed": seed, "setup": setup, "steps": steps})
    if expect:
        doc["expect"] = expect
    with open(OUT + name + ".yaml", "w") as f:
        yaml.safe_dump(doc, f, allow_unicode=True, sort_keys=False, default_flow_style=None, width=110)

Z3 = [0, 0, 0]
H3 = [["L5", "K3", "clean", "fish", "shift"], ["K3", "L1", "B2", "clean", "fish"], ["B1", "B2", "clean", "fish", "cat"]]

write("card_chaos", "Chaos cards: +N mess in your lane and +N fun, only in the card's room",
      "rulebook 🧰 卡牌道具表, §6.2 step 2", {"players": 3}, {"hands": H3}, [
    err(0, P("K3", "living"), "can only be played in the kitchen"),
    err(0, P("X9", "living"), "is not a card"),
    err(0, P("B5", "bath"), "has no B5 in hand"),
    err(0, {"type": "play"}, "is not a card"),
    err(0, P("clean", "attic"), "room must be one of"),
    err(0, {"type": "draw", "pile": "special"}, "not possible now"),
    play(0, P("L5", "living"), {"to_move": [1, 2], "pending": {"0": P("L5", "living")}}),
    err(0, P("K3", "kitchen"), "nothing to decide now"),
    play(1, P("K3", "kitchen")),
    play(2, P("B1", "bath"), {"fun": [5, 3, 1], "rooms": {"living": room([5, 0, 0]), "kitchen": room([0, 3, 0]),
                                                        "bath": room([0, 0, 1])},
                              "phase": "draw", "station": 2, "to_move": [0, 1, 2],
                              "hands": [["K3", "clean", "fish", "shift"], ["B2", "L1", "clean", "fish"],
                                        ["B2", "cat", "clean", "fish"]]}),
    err(0, P("K3", "kitchen"), "not possible now; possible: draw"),
    err(0, D("attic"), "not a legal 'draw'"),
    err(5, D("special"), "no seat 5"),
])

write("card_clean", "Clean: your own lane -2 (not below 0), +1 fun; an empty clean is legal (FAQ Q1-Q2)",
      "rulebook 🧰 工具卡, FAQ Q1, Q2", {"players": 3},
      {"hands": H3, "rooms": {"kitchen": S([3, 0, 1])}}, [
    play(0, P("clean", "kitchen")), play(1, P("clean", "kitchen")),
    play(2, P("clean", "kitchen"), {"fun": [1, 1, 1], "rooms.kitchen": room([1, 0, 0])}),
])

HS = [["shift", "clean", "fish", "L1", "K1"], ["shift", "clean", "fish", "L2", "K2"], ["fish", "clean", "L3", "K3", "B3"]]
write("card_shift", "Shift: up to 3 of your mess to another room, resolved before any exposure check",
      "rulebook 🧰 工具卡, §6.2 step 2 (甩锅与猫牌必须先于曝光结算), FAQ Q3, Q9", {"players": 3},
      {"hands": HS, "rooms": {"living": S([5, 0, 0], 8), "bath": S([0, 4, 0], 6)}}, [
    err(1, P("shift", "kitchen", to="bath", amount=1), "you have none there"),
    err(0, P("shift", "living", to="bath", amount=4), "moves 1..3"),
    err(0, P("shift", "living", to="living", amount=2), "another room"),
    play(0, P("shift", "living", to="bath", amount=3)), play(1, P("clean", "kitchen")),
    play(2, P("fish", "kitchen"), {
        "rooms": {"living": room([2, 0, 0], 8), "kitchen": room(Z3, 2), "bath": room(Z3)},
        "exposures": 1, "exposure_list.0.room": "bath", "exposure_list.0.total": 13,
        "exposure_list.0.lanes": [3, 4, 0], "exposure_list.0.dirtiest": [1], "exposure_list.0.second": [0],
        "fun": [4, -6, 1]}),
], notes="Living was 13 before the shift; after it 10, so it does not expose. The bath reaches 13 only "
         "through the shift and exposes: P1 pays ceil(13/2)=7, P0 (second) gets 4, P2 -1.")

write("card_cat", "Cat card: wipes your lane in one room; one per player per game; a dead hand discards",
      "rulebook 🧰 工具卡, FAQ Q9-Q11", {"players": 3},
      {"hands": [["cat", "L1", "K1", "B1", "clean"], ["cat", "L1", "K2", "B2", "clean"],
                 ["cat", "cat", "shift", "shift", "shift"]],
       "rooms": {"kitchen": S([6, 2, 0])}, "cats_played": [0, 1, 1]}, [
    err(1, P("cat", "kitchen"), "only one cat card"),
    err(2, P("cat", "living"), "only one cat card"),
    err(2, P("shift", "living", to="bath", amount=1), "none there"),
    err(2, {"type": "pass"}, "possible: discard"),
    play(0, P("cat", "kitchen")), play(1, P("L1", "living")),
    play(2, {"type": "discard", "card": "shift"}, {
        "rooms.kitchen": room([0, 2, 0]), "rooms.living": room([0, 1, 0]), "fun": [0, 1, 0],
        "cats_played": [1, 1, 1], "hands.2": ["cat", "cat", "shift", "shift"]}),
])

write("card_fish", "Fish: +2 ownerless mess in the fish pile, +2 fun; a room all in the fish pile still exposes",
      "rulebook 🧰 工具卡, 恒等式⑧; ruling R9 (fish-only room)", {"players": 3},
      {"hands": H3, "rooms": {"living": S(Z3, 10)}}, [
    play(0, P("fish", "bath")), play(1, P("fish", "bath")),
    play(2, P("fish", "living"), {
        "rooms": {"living": room(Z3), "kitchen": room(Z3), "bath": room(Z3, 4)},
        "exposures": 1, "exposure_list.0.dirtiest": [], "exposure_list.0.second": [],
        "exposure_list.0.total": 12, "fun": [1, 1, 1]}),
], notes="Nobody has mess in the living room, so nobody pays and there is no second; every seat is an "
         "'other' and loses 1.")

write("tie_fish_only_no_exposure", "Option fish_only_room=no_exposure: a room whose mess is all fish never exposes",
      "ruling R9 (both readings)", {"players": 3, "fish_only_room": "no_exposure"},
      {"hands": H3, "rooms": {"living": S(Z3, 10)}}, [
    play(0, P("fish", "bath")), play(1, P("fish", "bath")),
    play(2, P("fish", "living"), {"rooms.living": room(Z3, 12), "exposures": 0, "fun": [2, 2, 2]}),
])

HR = [["L3", "L2", "L1", "clean", "fish"], ["L1", "K1", "clean", "clean", "fish"], ["B1", "K2", "clean", "clean", "fish"]]
write("role_cat", "Role 🎩 the Cat: twice a game +2 fun on a chaos card (mess unchanged)",
      "rulebook 五、角色卡; example rounds 2-3", {"players": 3, "roles": True},
      {"hands": HR, "roles": ["cat", None, None], "piles": {"special": ["fish", "fish", "fish", "clean", "clean", "clean"]}}, [
    err(0, P("fish", "living", role=True), "not a legal 'play'"),
    err(1, P("L1", "living", role=True), "no role ability left"),
    play(0, P("L3", "living", role=True)), play(1, P("K1", "kitchen")),
    play(2, P("B1", "bath"), {"fun": [5, 1, 1], "rooms.living": room([3, 0, 0]), "role_uses": [1, 0, 0]}),
    play(0, D("special")), play(1, D("special")), play(2, D("special")),
    play(0, P("L2", "living", role=True)), play(1, P("clean", "kitchen")),
    play(2, P("clean", "bath"), {"fun": [9, 2, 2], "rooms.living": room([5, 0, 0]), "role_uses": [0, 0, 0]}),
    play(0, D("special")), play(1, D("special")), play(2, D("special")),
    err(0, P("L1", "living", role=True), "no role ability left"),
    play(0, P("L1", "living", role=False), {"pending.0": P("L1", "living")}),
])

write("role_fish", "Role 🐟 Fish: twice a game +2 fun when any room exposes (automatic)",
      "rulebook 五、角色卡; example round 3 (P2 4 -> 5)", {"players": 3, "roles": True},
      {"hands": H3, "roles": ["fish", None, None],
       "rooms": {"living": S([0, 6, 0], 4), "kitchen": S([0, 0, 6], 4), "bath": S([6, 0, 0], 4)}}, [
    play(0, P("fish", "living")), play(1, P("fish", "kitchen")),
    play(2, P("fish", "bath"), {
        "exposures": 3, "fun": [-2, -6, -6], "role_uses": [0, 0, 0],
        "exposure_list.0.fish_role": [0], "exposure_list.1.fish_role": [0], "exposure_list.2.fish_role": [],
        "rooms": {"living": room(Z3), "kitchen": room(Z3), "bath": room(Z3)}}),
], notes="Three rooms expose at once, in room order; the Fish role pays out on the first two only.")

write("role_konrad", "Role 🧒 Conrad: three times a game a clean card removes 4 and gives 3 fun",
      "rulebook 五、角色卡", {"players": 3, "roles": True},
      {"hands": H3, "roles": ["konrad", None, None], "rooms": {"kitchen": S([5, 0, 0])}}, [
    err(1, P("clean", "kitchen", role=True), "no role ability left"),
    play(0, P("clean", "kitchen", role=True)), play(1, P("clean", "kitchen")),
    play(2, P("fish", "kitchen"), {"fun": [3, 1, 2], "rooms.kitchen": room([1, 0, 0], 2),
                                   "role_uses": [2, 0, 0]}),
])

HSA = [["L5", "L1", "clean", "clean", "fish"], ["K1", "K2", "clean", "clean", "fish"], ["B1", "B2", "clean", "clean", "fish"]]
write("role_sally", "Role 👧 Sally: twice a game a chaos card leaves 2 less mess (at least 1), fun unchanged",
      "rulebook 五、角色卡; example round 1", {"players": 3, "roles": True},
      {"hands": HSA, "roles": ["sally", None, None], "piles": {"special": ["fish", "fish", "fish"]}}, [
    play(0, P("L5", "living", role=True)), play(1, P("K1", "kitchen")),
    play(2, P("B1", "bath"), {"fun": [5, 1, 1], "rooms.living": room([3, 0, 0]), "role_uses": [1, 0, 0]}),
    play(0, D("special")), play(1, D("special")), play(2, D("special")),
    play(0, P("L1", "living", role=True)), play(1, P("K2", "kitchen")),
    play(2, P("B2", "bath"), {"fun": [6, 3, 3], "rooms.living": room([4, 0, 0]), "role_uses": [0, 0, 0]}),
])

HSB = [["L2", "L5", "clean", "clean", "fish"], ["K1", "K2", "clean", "clean", "fish"], ["B1", "B2", "clean", "clean", "fish"]]
write("role_sally_min3", "Option sally_min_value=3: Sally may not use her ability on a 1 or 2",
      "ruling R15 (example round 2: '2 点不触发能力')", {"players": 3, "roles": True, "sally_min_value": 3},
      {"hands": HSB, "roles": ["sally", None, None]}, [
    err(0, P("L2", "living", role=True), "not a legal 'play'"),
    play(0, P("L5", "living", role=True)), play(1, P("K1", "kitchen")),
    play(2, P("B1", "bath"), {"rooms.living": room([3, 0, 0]), "role_uses": [1, 0, 0]}),
])

for mode, lane, fish in (("floor", 3, 2), ("ceil", 2, 3)):
    write(f"role_things_{mode}", f"Role 🧦 Things: half a chaos card's mess goes to the fish pile (fish gets the {mode} half)",
          "rulebook 五、角色卡; ruling R16", {"players": 3, "roles": True, "things_fish": mode},
          {"hands": HSA, "roles": ["things", None, None]}, [
        play(0, P("L5", "living", role=True)), play(1, P("K1", "kitchen")),
        play(2, P("B1", "bath"), {"fun": [5, 1, 1], "rooms.living": room([lane, 0, 0], fish),
                                  "role_uses": [1, 0, 0]}),
    ])

write("variant_a", "Variant A (3 players): roles are dealt without Conrad",
      "rulebook 变体 A, 附录 B role table note", {"players": 3, "roles": True, "variant_a": True},
      {"hands": H3}, [{"expect": {"roles": ["sally", "fish", "cat"]}}], seed=3,
      notes="Seeds 0-199 never deal Conrad (tests/cat); this file pins seed 3's deal.")

H5 = [["fish", "fish", "clean", "clean", "clean"], ["fish", "clean", "clean", "clean", "L1"]] + \
     [["clean", "clean", "clean", "L1", "K1"] for _ in range(3)]
cleanb = [P("clean", "bath")] * 5
write("variant_b", "Variant B (5 players): one station fewer (6), sealed from station 5",
      "rulebook 变体 B; ruling R19", {"players": 5, "variant_b": True},
      {"hands": H5, "station": 4, "rooms": {"kitchen": S([6, 0, 0, 0, 0], 4), "living": S([6, 0, 0, 0, 0], 4)}},
      [{"expect": {"stations": 6, "seal_station": 5}},
       play(0, P("clean", "bath")), play(1, P("fish", "kitchen")), *[play(s, P("clean", "bath")) for s in (2, 3, 4)],
       {"expect": {"exposures": 1, "fun": [-5, 1, 0, 0, 0], "station": 5}},
       *[play(s, D("special")) for s in range(5)],
       play(0, P("fish", "living")), *[play(s, P("clean", "bath")) for s in (1, 2, 3, 4)],
       {"expect": {"exposures": 1, "rooms.living": room([6, 0, 0, 0, 0], 6), "fun": [-3, 2, 1, 1, 1], "station": 6}},
       *[play(s, D("special")) for s in range(5)],
       *[play(s, P("clean", "bath")) for s in range(5)]],
      expect={"over": True, "scores": [-14, 3, 2, 2, 2], "winners": [1], "final.bills": [12, 0, 0, 0, 0]})

write("variant_c", "Variant C (hard): the exposure line drops to 10 and the seal comes a station earlier",
      "rulebook 变体 C; ruling R20", {"players": 3, "variant_c": True},
      {"hands": H3 and [["L2", "clean", "fish", "K1", "B1"], ["clean", "fish", "K2", "B2", "L1"], ["clean", "fish", "K3", "B3", "L3"]],
       "rooms": {"living": S([5, 3, 0])}}, [
    {"expect": {"exposure_line": 10, "seal_station": 5}},
    play(0, P("L2", "living")), play(1, P("clean", "kitchen")),
    play(2, P("clean", "kitchen"), {"exposures": 1, "fun": [-3, 4, 0], "rooms.living": room(Z3)}),
])

HD = [["fish", "clean", "L1", "K1", "B1"], ["clean", "fish", "L2", "K2", "B2"], ["L1", "clean", "fish", "K3", "B3"]]
write("variant_d_success", "Variant D (cooperative): the house pays every bill together; all win if every room is below the line",
      "rulebook 变体 D; ruling R21", {"players": 3, "variant_d": True},
      {"hands": HD, "station": 7, "rooms": {"living": S([3, 2, 0], 2)}}, [
    play(0, P("fish", "bath")), play(1, P("clean", "living")), play(2, P("L1", "living"))],
    expect={"over": True, "scores": [-4, -4, -4], "winners": [0, 1, 2], "house_bill": 8,
            "final.coop_success": True, "rooms.living": room([3, 0, 1], 2)})
write("variant_d_failure", "Variant D (cooperative): a room at the line when mom arrives - everyone loses",
      "rulebook 变体 D; ruling R21", {"players": 3, "variant_d": True},
      {"hands": HD, "station": 7, "rooms": {"bath": S([6, 6, 0])}}, [
    play(0, P("fish", "bath")), play(1, P("clean", "living")), play(2, P("L1", "living"))],
    expect={"over": True, "scores": [-11, -11, -11], "winners": [], "house_bill": 15,
            "final.coop_success": False})
write("variant_d_exposure", "Variant D (cooperative): an exposure costs the house ceil(L/2), nobody alone",
      "rulebook 变体 D; ruling R21", {"players": 3, "variant_d": True},
      {"hands": HD, "station": 5, "rooms": {"kitchen": S([6, 0, 0], 4)}}, [
    play(0, P("clean", "bath")), play(1, P("fish", "kitchen")),
    play(2, P("clean", "bath"), {"exposures": 1, "house_bill": 6, "fun": [1, 2, 1], "rooms.kitchen": room(Z3)})])

write("variant_e", "Variant E (silent): rules unchanged, table talk off (chat: false in views)",
      "rulebook 变体 E", {"players": 3, "variant_e": True}, {"hands": H3}, [
    {"expect": {"chat": False}},
    play(0, P("L5", "living")), play(1, P("K3", "kitchen")),
    play(2, P("B1", "bath"), {"fun": [5, 3, 1]})])

HF = [["L1", "clean", "fish", "K1", "B1"], ["K2", "clean", "fish", "L2", "B2"], ["B3", "clean", "fish", "K3", "L3"]]
write("variant_f", "Variant F (the cat's machine): after round 4 every room is cleared, fun kept",
      "rulebook 变体 F", {"players": 3, "variant_f": True},
      {"hands": HF, "station": 4, "rooms": {"living": S([3, 0, 0], 2), "bath": S([0, 5, 0], 4)}}, [
    play(0, P("L1", "living")), play(1, P("K2", "kitchen")),
    play(2, P("B3", "bath"), {"fun": [0, -4, 7], "exposures": 1, "station": 5,
                              "rooms": {"living": room(Z3), "kitchen": room(Z3), "bath": room(Z3)}})],
    notes="The bath reaches 12 and exposes first (P1 pays 6, P2 second +4, P0 -1); then the machine clears the living room and kitchen too.")

write("variant_f_off", "Without variant F the same round keeps its mess",
      "rulebook §6.2", {"players": 3}, {"hands": HF, "station": 4, "rooms": {"living": S([3, 0, 0], 2)}}, [
    play(0, P("L1", "living")), play(1, P("K2", "kitchen")),
    play(2, P("B3", "bath"), {"fun": [1, 2, 3], "rooms.living": room([4, 0, 0], 2), "rooms.kitchen": room([0, 2, 0])})])

HT = [["clean", "fish", "L1", "K1", "B1"], ["clean", "fish", "L2", "K2", "B2"], ["fish", "clean", "L3", "K3", "B3"]]
for tie, fun in (("all_pay", [-5, -5, 6]), ("split", [-2, -2, 6])):
    write(f"tie_exposure_{tie}", f"Tied dirtiest at an exposure, exposure_tie={tie}",
          "FAQ Q4; ruling R8 (both readings)", {"players": 3, "exposure_tie": tie},
          {"hands": HT, "station": 2, "rooms": {"living": S([4, 4, 2])}}, [
        play(0, P("clean", "kitchen")), play(1, P("clean", "kitchen")),
        play(2, P("fish", "living"), {"fun": fun, "exposure_list.0.dirtiest": [0, 1],
                                      "exposure_list.0.second": [2], "exposure_list.0.total": 12})])

H4 = [["clean", "fish", "L1", "K1", "B1"], ["clean", "fish", "L2", "K2", "B2"],
      ["clean", "fish", "L3", "K3", "B3"], ["clean", "fish", "L4", "K4", "B4"]]
write("tie_final", "Final settlement ties: tied dirtiest all pay in full, tied seconds all get the bonus, no second no bonus",
      "rulebook 四、宝藏, FAQ Q4, Q8", {"players": 4},
      {"hands": H4, "station": 7, "rooms": {"bath": S([5, 5, 2, 2]), "kitchen": S([4, 0, 0, 0], 3)}},
      [play(s, P("clean", "living")) for s in range(4)],
      expect={"over": True, "final.bills": [21, 14, 0, 0], "final.bonuses": [0, 0, 4, 4],
              "final.rooms.kitchen.second": [], "scores": [-20, -13, 5, 5], "winners": [2, 3],
              "final.mess_held": [9, 5, 2, 2]},
      notes="P2 and P3 tie on 5 points and hold the same mess: a shared win (§6.3).")

write("tie_score_breaker", "Tied score: the seat holding less mess at the end wins (§6.3)",
      "rulebook §6.3", {"players": 3},
      {"hands": HT, "station": 7, "fun": [10, 9, 0], "rooms": {"living": S([0, 0, 5]), "kitchen": S([1, 0, 0])}},
      [play(s, P("clean", "bath")) for s in range(3)],
      expect={"over": True, "scores": [10, 10, -4], "winners": [1], "final.mess_held": [1, 0, 5]})

write("opening_draws", "Opening: each seat draws 5 from any piles (§6.1 step 6), then the secret play starts",
      "rulebook §6.1", {"players": 3}, {}, [
    {"expect": {"phase": "draw", "to_move": [0, 1, 2], "piles": {"living": 20, "kitchen": 20, "bath": 20, "special": 41}}},
    err(0, P("clean", "living"), "possible: draw"),
    *[play(0, D("living")) for _ in range(5)],
    {"expect": {"to_move": [1, 2], "piles.living": 15}},
    err(0, D("living"), "nothing to decide now"),
    *[play(1, D(p)) for p in ("living", "kitchen", "bath", "special", "special")],
    *[play(2, D("special")) for _ in range(5)],
    {"expect": {"phase": "play", "to_move": [0, 1, 2], "piles": {"living": 14, "kitchen": 19, "bath": 19, "special": 34}}},
])

write("tie_exposure_seconds", "Tied seconds at an exposure all get floor(L/3); every other seat -1",
      "rulebook 三、陷阱, FAQ Q4 (并列第二则全部拿奖金); ruling R10", {"players": 4},
      {"hands": H4, "station": 3, "rooms": {"living": S([5, 3, 3, 0])}}, [
    play(0, P("clean", "kitchen")), play(1, P("clean", "kitchen")), play(2, P("clean", "kitchen")),
    play(3, P("fish", "living"), {"fun": [-6, 5, 5, 1], "exposure_list.0.second": [1, 2],
                                  "exposure_list.0.total": 13, "rooms.living": room([0, 0, 0, 0])})])

write("draw_random", "Option draw_mode=random: hands fill from random piles, no draw decisions",
      "rulebook §6.1 step 6 / example '实际按牌堆随机抽取'; ruling R1", {"players": 3, "draw_mode": "random"},
      {"hands": H3}, [
    {"expect": {"phase": "play", "hand_sizes": [5, 5, 5]}},
    play(0, P("L5", "living")), play(1, P("K3", "kitchen")),
    play(2, P("B1", "bath"), {"phase": "play", "station": 2, "hand_sizes": [5, 5, 5], "to_move": [0, 1, 2],
                              "fun": [5, 3, 1]})])
write("draw_random_opening", "Option draw_mode=random: the opening hand takes one card from each chaos pile first",
      "rulebook §6.1 step 6 (建议：先各叠抽 1 张，剩下 2 张随意); ruling R1", {"players": 4, "draw_mode": "random"},
      {}, [{"expect": {"phase": "play", "hand_sizes": [5, 5, 5, 5], "to_move": [0, 1, 2, 3]}}], seed=9)
