"""Every word the screens show for 几何密室 beyond the events: action types, phases, result
figures, options, bots and the rules panel, in zh and en (read by ``Game.labels``)."""

from __future__ import annotations

from boardlab.engine.protocol import text

ACTIONS = {
    "open": text("领袖开门", "Leader opens a door"), "ok": text("同意", "Agree"),
    "add": text("再开一扇门", "Open one more door"), "reopen": text("改开房门", "Reopen doors"),
    "accuse": text("指认领袖的图形", "Accuse the leader"), "reveal_x": text("翻开一张空门牌", "Turn up an empty card"),
}
PHASES = {"lead": text("领袖开门", "the leader opens a door"), "respond": text("依次回应", "answering in turn"),
          "reveal_x": text("指认成功：翻开一张空门牌", "accusation hit: turn up an empty card"),
          "over": text("已结束", "over")}
SUMMARY = {"rounds": text("轮数", "Rounds"), "penalties": text("罚分标记", "Penalty markers"),
           "out": text("出局人数", "Players out"), "end": text("结局", "Ending")}
VALUES = {"points": text("翻开得分标记", "score markers flipped"), "last": text("只剩一人", "one player left"),
          "seat0": text("第一位玩家", "the first player"), "random": text("随机", "at random")}
OPTIONS = {
    "players": text("人数", "Players"), "doors": text("房门数（每人牌数）", "Doors (cards per player)"),
    "score_reveals": text("翻开几张牌得 1 分", "Revealed cards that score a point"),
    "win_points": text("获胜所需得分标记", "Score markers to win"),
    "penalties_out": text("几个罚分出局", "Penalty markers to be out"),
    "max_open_for_reopen": text("开门数达到此值不能改开", "Doors open that forbid a reopen"),
    "first_leader": text("首位领袖", "First leader"),
}
BOTS = {"bold": text("大胆型", "Bold"), "cautious": text("谨慎型", "Cautious")}
# {name}: the table's option of that name (the web's rules panel fills in the table's figures)
RULES = {
    "turn": text(
        "每人在 {doors} 扇门后各藏一张牌：1 张图形 🔷，其余是空门 ✖。领袖 🔑 先开一扇门，然后从左手起每人依次："
        "同意、再开一扇门、改开房门，或指认领袖的图形就在某扇门后。所有人同意后翻开这些门后的牌："
        "谁的图形被找到得一个罚分 ❌，连续证明 {score_reveals} 处不是藏身处的人得一分 ⭐。"
        "先得 {win_points} 分者胜，{penalties_out} 个罚分出局。",
        "Everyone hides one card behind each of {doors} doors: one shape 🔷, the others empty ✖. The "
        "leader 🔑 opens a door; from the left each player in turn agrees, opens one more door, "
        "reopens doors, or accuses the leader's shape of being behind a door. When all agree the "
        "cards behind the open doors are turned: a shape found takes a penalty ❌, whoever shows "
        "{score_reveals} empty places scores ⭐. {win_points} points win, {penalties_out} penalties "
        "and you are out."),
    "phases": {"lead": text("领袖选一扇门打开", "The leader picks a door to open"),
               "respond": text("轮到的人：同意、加门、改门或指认", "In turn: agree, add, reopen or accuse"),
               "reveal_x": text("指认成功的人翻开自己的一张空门牌", "The successful accuser turns up an empty card")},
    "glossary": [
        ["🔷", text("图形牌：要藏好的那张", "Shape card: the one to hide")],
        ["✖", text("空门牌：门后什么也没有（红底 = 已公开）", "Empty card: nothing behind this door (red = shown to all)")],
        ["🚪", text("房门：黄色 = 本轮已打开", "Door: yellow = open this round")],
        ["🔑", text("领袖：本轮开门的人", "Leader: opens this round's door")],
        ["⭐", text("得分标记（{win_points} 个获胜）", "Score marker ({win_points} win)")],
        ["☆", text("还差的得分标记", "Score marker still to win")],
        ["❌", text("罚分标记（{penalties_out} 个出局）", "Penalty marker ({penalties_out} and out)")],
        ["▫", text("还没有的罚分标记", "Penalty marker not taken yet")],
    ],
}
PER_SEAT = ["penalties"]
LABELS = {"per_seat": PER_SEAT, "actions": ACTIONS, "phases": PHASES, "summary": SUMMARY, "values": VALUES,
          "options": OPTIONS, "bots": BOTS, "rules": RULES}
