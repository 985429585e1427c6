"""The words of burgle's events, made only when an event is read.

Each function takes the plain values an event captured when it happened (numbers, names,
ids; never the live state) and returns its ``(zh, en)`` words; the rules build events with
``public_words(kind, words_fn, args, **data)``, so a rollout that never reads its log never
formats a word. The texts are exactly those the rules used to write eagerly.
"""

from __future__ import annotations

from boardlab.engine.protocol import seat_ref
from boardlab.games.burgle import data, texts


def item_name(item: str, lang: str) -> str:
    table = data.TOOLS if item in data.TOOLS else data.LOOT
    zh, en = table[item][0], table[item][1]
    return zh if lang == "zh" else en


def tile_name(kind: str, lang: str) -> str:
    info = data.TILES[kind]
    return info[1] if lang == "zh" else info[2]


def dice(roll: list[int]) -> str:
    """Dice as players write them (``3 5 6``), never a Python list on screen."""
    return " ".join(map(str, roll))


def reshuffle(floor: int, die: int) -> tuple[str, str]:
    return (f"{floor} 楼巡逻牌重洗，守卫速度升到 {die}",
            f"floor {floor} patrol deck reshuffled; guard speed now {die}")


def patrol(floor: int, dest: str) -> tuple[str, str]:
    return f"{floor} 楼守卫的新目的地：{dest}", f"floor {floor} guard heads for {dest}"


def tie_asked(floor: int) -> tuple[str, str]:
    return (f"{floor} 楼守卫离几个警报一样近：由你们选先去哪个",
            f"the floor {floor} guard is equally near several alarms: "
            "the team chooses which he goes to first")


def tie_chosen(floor: int, at: str) -> tuple[str, str]:
    return (f"{floor} 楼守卫先去 {at} 的警报",
            f"the floor {floor} guard heads for the alarm on {at} first")


def squeak_asked(floor: int) -> tuple[str, str]:
    return (f"吱！{floor} 楼守卫离几名玩家一样近：由你们选他朝谁走一步",
            f"Squeak!: the floor {floor} guard is equally near several players: "
            "the team chooses whom he steps toward")


def guard_appears(floor: int, at: str) -> tuple[str, str]:
    return f"{floor} 楼守卫出现在 {at}", f"the floor {floor} guard appears on {at}"


def clear(at: str) -> tuple[str, str]:
    return f"守卫关掉了 {at} 的警报", f"the guard turns off the alarm on {at}"


def guard_moves(floor: int, moves: int) -> tuple[str, str]:
    return f"{floor} 楼守卫走 {moves} 步", f"the floor {floor} guard moves {moves}"


def guard_walks_on(floor: int, moves: int) -> tuple[str, str]:
    return f"{floor} 楼守卫继续走 {moves} 步", f"the floor {floor} guard walks on {moves}"


def hacker_there(at: str) -> tuple[str, str]:
    return f"黑客在场：{at} 没有响警报", f"the Hacker is there: no alarm on {at}"


def hack_spent(at: str) -> tuple[str, str]:
    return f"用掉一个破解指示物：{at} 没有响警报", f"a hack token is spent: no alarm on {at}"


def alarm(at: str) -> tuple[str, str]:
    return f"{at} 响起警报！", f"an alarm goes off on {at}!"


def spotted(by: str, seat: int, left: int) -> tuple[str, str]:
    """A stealth lost: what saw whom, how many are left (``texts.spotted``)."""
    t = texts.spotted(by, seat, left)
    return t["zh"], t["en"]


def spotted_in_cover(by: str, seat: int, cover: str) -> tuple[str, str]:
    t = texts.spotted_in_cover(by, seat, cover)
    return t["zh"], t["en"]


def spotted_not_caught(by: str, seat: int) -> tuple[str, str]:
    t = texts.spotted_not_caught(by, seat)
    return t["zh"], t["en"]


def reveal(at: str, kind: str, num: int) -> tuple[str, str]:
    extra = f" {num}" if num else ""
    return (f"{at} 翻开：{tile_name(kind, 'zh')}" + extra,
            f"{at} is revealed: {tile_name(kind, 'en')}" + extra)


def fall(seat: int, at: str) -> tuple[str, str]:
    return (f"{seat_ref(seat)} 从 {at} 的走道掉了下去！",
            f"{seat_ref(seat)} falls through the walkway on {at}!")


def keypad(roll: list[int], opened: bool) -> tuple[str, str]:
    if opened:
        return f"密码锁掷出 {dice(roll)}：打开了", f"keypad roll {dice(roll)}: open"
    return f"密码锁掷出 {dice(roll)}：没打开", f"keypad roll {dice(roll)}: still locked"


def rigger(first: str, second: str) -> tuple[str, str]:
    return (f"爆破手：抽 2 张工具（{item_name(first, 'zh')}、{item_name(second, 'zh')}），留 1 张",
            f"Rigger: draw 2 tools ({item_name(first, 'en')}, {item_name(second, 'en')}), keep 1")


def item_left(item: str, at: str) -> tuple[str, str]:
    return f"{item_name(item, 'zh')}留在 {at}", f"{item_name(item, 'en')} is left on {at}"


def item_gained(seat: int, item: str) -> tuple[str, str]:
    return (f"{seat_ref(seat)} 得到{item_name(item, 'zh')}",
            f"{seat_ref(seat)} gets the {item_name(item, 'en')}")


def goblet(seat: int) -> tuple[str, str]:
    return f"诅咒圣杯：{seat_ref(seat)} 躲藏 -1", f"Cursed Goblet: {seat_ref(seat)} loses 1 stealth"


def crack(cells: list[str]) -> tuple[str, str]:
    return f"破解了：{', '.join(cells)}", f"cracked: {', '.join(cells)}"


def safe_open(floor: int) -> tuple[str, str]:
    return (f"{floor} 楼金库打开了！无声警报：本层及以下守卫 +1",
            f"the floor {floor} safe is open! Silent alarm: guards here and below +1")


def entrance(at: str) -> tuple[str, str]:
    return f"入口：{at}", f"entrance: {at}"


def turn(seat: int) -> tuple[str, str]:
    return f"轮到{seat_ref(seat)}", f"{seat_ref(seat)}'s turn"


def chihuahua(roll: int) -> tuple[str, str]:
    return f"吉娃娃掷出 {roll}", f"Chihuahua roll: {roll}"


def kitty_roll(roll: int) -> tuple[str, str]:
    return f"波斯猫掷出 {roll}", f"Persian Kitty roll: {roll}"


def kitty_runs(at: str) -> tuple[str, str]:
    return f"波斯猫跑到 {at}", f"the Persian Kitty runs to {at}"


def kitty_asked() -> tuple[str, str]:
    return ("波斯猫离几个警报一样近：由你们选它朝哪个跑一格",
            "the Persian Kitty is equally near several alarms: "
            "the team chooses which it runs a tile toward")


def skip(seat: int) -> tuple[str, str]:
    return f"抢跑：跳过{seat_ref(seat)} 的回合", f"Jump the Gun: {seat_ref(seat)}'s turn is skipped"


def event(ev_id: str) -> tuple[str, str]:
    zh, en, zh_rule, en_rule = data.EVENTS[ev_id]
    return f"事件：{zh}——{zh_rule}", f"event: {en} - {en_rule}"


def character(seat: int, name: str) -> tuple[str, str]:
    return (f"{seat_ref(seat)} 选了{data.CHARACTERS[name][0]}",
            f"{seat_ref(seat)} picks the {data.CHARACTERS[name][1]}")


HACK_ZH = {"fingerprint": "指纹", "laser": "激光", "motion": "动作"}


def hack(computer: str, now: int) -> tuple[str, str]:
    return f"{HACK_ZH[computer]}破解指示物 +1（现 {now}）", f"{computer} hack tokens +1 (now {now})"


def safe_die(floor: int, dice_now: int) -> tuple[str, str]:
    return (f"{floor} 楼金库加一个骰（共 {dice_now}）",
            f"floor {floor} safe gets a die ({dice_now} now)")


def safe_roll(floor: int, roll: list[int]) -> tuple[str, str]:
    return f"{floor} 楼金库掷出 {dice(roll)}", f"floor {floor} safe roll: {dice(roll)}"


def escape(seat: int) -> tuple[str, str]:
    return f"{seat_ref(seat)} 上了楼顶，逃出去了！", f"{seat_ref(seat)} reaches the roof and escapes!"


def spotter_puts(where: str) -> tuple[str, str]:
    return (f"侦察员把牌放回{'顶' if where == 'top' else '底'}",
            f"the Spotter puts the card on the {where}")


def tool(seat: int, name: str) -> tuple[str, str]:
    return (f"{seat_ref(seat)} 使用{item_name(name, 'zh')}",
            f"{seat_ref(seat)} uses the {item_name(name, 'en')}")


def crystal(cards: list[str]) -> tuple[str, str]:
    return ("水晶球：事件牌堆顶是 " + "、".join(data.EVENTS[c][0] for c in cards),
            "Crystal Ball: the top events are " + ", ".join(data.EVENTS[c][1] for c in cards))


def ability(seat: int) -> tuple[str, str]:
    return f"{seat_ref(seat)} 使用能力", f"{seat_ref(seat)} uses an ability"


def patrol_top(card: str) -> tuple[str, str]:
    return f"巡逻牌堆顶：{card}", f"top patrol card: {card}"


def event_top(card: str) -> tuple[str, str]:
    return f"事件牌堆顶：{data.EVENTS[card][0]}", f"top event: {data.EVENTS[card][1]}"


TRADE_VERBS = {"drop": ("放下", "drops"), "pickup": ("捡起", "picks up"),
               "give": ("交出", "gives away"), "take": ("拿到", "takes")}


def trade(seat: int, kind: str, item: str) -> tuple[str, str]:
    zh, en = TRADE_VERBS[kind]
    return (f"{seat_ref(seat)} {zh}{item_name(item, 'zh')}",
            f"{seat_ref(seat)} {en} the {item_name(item, 'en')}")
