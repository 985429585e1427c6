"""Writes scenarios/cat/golden_seed42.yaml: the rulebook example game, round by round."""

import pathlib

import yaml

OUT = pathlib.Path(__file__).resolve().parents[2] / "scenarios" / "cat"
hands = [["clean", "clean", "K4", "B5", "fish"],
         ["L4", "L2", "B3", "fish", "B2"],
         ["clean", "clean", "fish", "fish", "K3"],
         ["fish", "L1", "L2", "L5", "L4"]]
# draws[d][seat] after round d+1
draws = [["cat", "B3", "cat", "clean"],
         ["K4", "fish", "clean", "shift"],
         ["shift", "shift", "B5", "K1"],
         ["K1", "K2", "shift", "K1"],
         ["shift", "K2", "shift", "K2"],
         ["K1", "shift", "K2", "shift"]]
def pile(c):
    return {"L": "living", "K": "kitchen", "B": "bath"}.get(c[0], "special") if len(c) == 2 else "special"
piles = {"living": [], "kitchen": [], "bath": [], "special": []}
for row in draws:
    for c in row:
        piles[pile(c)].append(c)
def P(card, room, **kw):
    return {"type": "play", "card": card, "room": room, **kw}
plays = [
    [P("clean", "living"), P("L4", "living", role=True), P("clean", "kitchen"), P("fish", "living")],
    [P("clean", "living"), P("L2", "living"), P("fish", "living"), P("L1", "living", role=True)],
    [P("fish", "living"), P("fish", "bath"), P("clean", "bath"), P("L2", "living", role=True)],
    [P("K4", "kitchen"), P("B3", "bath"), P("cat", "living"), P("clean", "bath")],
    [P("cat", "kitchen"), P("B3", "bath"), P("K3", "kitchen"), P("L5", "living")],
    [P("B5", "bath"), P("B2", "bath"), P("clean", "kitchen"), P("shift", "living", to="bath", amount=3)],
    [P("K4", "kitchen"), P("fish", "living"), P("B5", "bath"), P("L4", "living")],
]
def room(lanes, fish=0):
    return {"lanes": lanes, "fish": fish, "total": sum(lanes) + fish}
Z = [0, 0, 0, 0]
book = [  # the rulebook's numbers after each round
    dict(fun=[1, 4, 1, 2], rooms=dict(living=room([0, 2, 0, 0], 2), kitchen=room(Z), bath=room(Z))),
    dict(fun=[2, 6, 3, 5], rooms=dict(living=room([0, 4, 0, 1], 4), kitchen=room(Z), bath=room(Z))),
    dict(fun=[3, 1, 5, 13], rooms=dict(living=room(Z), kitchen=room(Z), bath=room(Z, 2)),
         exposures=1, **{"exposure_list.0.total": 13, "exposure_list.0.lanes": [0, 4, 0, 3],
                          "exposure_list.0.fish": 6, "exposure_list.0.dirtiest": [1],
                          "exposure_list.0.second": [3], "exposure_list.0.station": 3,
                          "exposure_list.0.deltas": [-1, -7, 1, 4], "exposure_list.0.fish_role": [2]}),
    dict(fun=[7, 4, 5, 14], rooms=dict(living=room(Z), kitchen=room([4, 0, 0, 0]), bath=room([0, 3, 0, 0], 2))),
    dict(fun=[7, 7, 8, 19], rooms=dict(living=room([0, 0, 0, 5]), kitchen=room([0, 0, 3, 0]), bath=room([0, 6, 0, 0], 2))),
    dict(fun=[12, 9, 9, 19], rooms=dict(living=room([0, 0, 0, 2]), kitchen=room([0, 0, 1, 0]), bath=room([5, 8, 0, 3], 2))),
    dict(fun=[16, 11, 14, 23], rooms=dict(living=room([0, 0, 0, 6], 2), kitchen=room([4, 0, 1, 0]), bath=room([5, 8, 5, 3], 2)),
         exposures=1, role_uses=[3, 1, 1, 0], cats_played=[1, 0, 1, 0]),
]
notes = ["R1 公司: Sally halves P1's 4 to 2", "R2 超市: 客厅 9", "R3 面包店: 客厅 13 exposes (P1 pays 7, P3 +4, P0 -1, P2 -1+2 fish role)",
         "R4 红绿灯: P2's cat card on an empty lane is wasted", "R5 树: P0's cat card tears up the kitchen", "R6 拐弯: sealed; P3 shifts 3 into the bath (18)", "R7 家门口: mom is home"]
steps = [{"expect": {"phase": "play", "station": 1, "hands": [sorted(h) for h in hands], "roles": ["konrad", "sally", "fish", "cat"]}}]
for r in range(7):
    steps.append({"note": notes[r]})
    for s in range(4):
        st = {"seat": s, "action": plays[r][s]}
        if s == 3:
            st["expect"] = book[r]
        steps.append(st)
    if r < 6:
        for s in range(4):
            steps.append({"seat": s, "action": {"type": "draw", "pile": pile(draws[r][s])}})
        steps.append({"expect": {"station": r + 2, "phase": "play"}})
doc = {
    "game": "cat",
    "title": "完整游戏流程示例 (seed 42): the rulebook's 4-player example game",
    "source": "rulebook 🎲 完整游戏流程示例, rounds 1-7 and 🏁 终局结算",
    "notes": "Hands are the rulebook's opening hands; the refills are fixed through setup.piles so each seat has the card the rulebook says it plays. Every fun and room figure is the rulebook's own.",
    "config": {"players": 4, "roles": True},
    "seed": 42,
    "setup": {"hands": hands, "piles": piles, "roles": ["konrad", "sally", "fish", "cat"]},
    "steps": steps,
    "expect": {"over": True, "scores": [18, -12, 22, 15], "winners": [2],
               "final.bills": [5, 23, 0, 8], "final.bonuses": [7, 0, 8, 0],
               "final.rooms.living.dirtiest": [3], "final.rooms.living.second": [],
               "final.rooms.kitchen.dirtiest": [0], "final.rooms.kitchen.second": [2],
               "final.rooms.bath.dirtiest": [1], "final.rooms.bath.second": [0, 2],
               "result.summary.exposures": 1, "result.summary.exposure_rounds": [3],
               "result.summary.final_mess": {"living": 8, "kitchen": 5, "bath": 23},
               "result.summary.final_bills_total": 36},
}
class D(yaml.SafeDumper):
    pass
out = yaml.dump(doc, Dumper=D, allow_unicode=True, sort_keys=False, default_flow_style=None, width=110)
(OUT / "golden_seed42.yaml").write_text(out, encoding="utf-8")
