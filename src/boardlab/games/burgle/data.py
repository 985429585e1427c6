"""Game data of burgle (神偷拍档 / Burgle Bros): tiles, tools, loot, events, characters,
patrol decks and default walls. Card texts are written in our own words."""

from __future__ import annotations

# ---- room tiles: kind -> (numbers of its copies, zh name, en name, zh rule, en rule) ----------
TILES: dict[str, tuple[tuple[int, ...], str, str, str, str]] = {
    "safe": ((0, 0, 0), "金库", "Safe", "每层一个：加骰、掷骰，开锁得工具和战利品",
             "one per floor: add dice, roll them, open it for a tool and loot"),
    "stairs": ((4, 5, 6), "楼梯", "Stairs", "1 行动上楼；可窥视楼上；顶层通往楼顶",
               "1 action up a floor; may peek upstairs; the top floor's lead to the roof"),
    "walkway": ((1, 2, 3), "走道", "Walkway", "走上去翻开时掉到下一层；翻开后可 1 行动下楼",
                "reveal it by moving on: fall a floor; once revealed, 1 action down"),
    "lab": ((3, 4), "实验室", "Laboratory", "第一个进入的人抽一张工具",
            "the first player to enter draws a tool"),
    "lavatory": ((5,), "洗手间", "Lavatory", "翻开时放 3 个躲藏指示物，在此先用它们",
                 "gets 3 stealth tokens when revealed; players here spend those first"),
    "duct": ((5, 6), "通风管道", "Service Duct", "两个都翻开后 1 行动在两者间移动",
             "once both are revealed, 1 action moves between them"),
    "secret_door": ((1, 2), "暗门", "Secret Door", "可穿过相邻的墙进入（单向）",
                    "may be entered through an adjacent wall (one way)"),
    "computer_fingerprint": ((4,), "指纹电脑室", "Computer Room (Fingerprint)",
                             "1 行动加破解指示物（最多 6），抵消指纹警报",
                             "1 action: add a hack token (max 6) against Fingerprint alarms"),
    "computer_laser": ((5,), "激光电脑室", "Computer Room (Laser)",
                       "1 行动加破解指示物（最多 6），抵消激光警报",
                       "1 action: add a hack token (max 6) against Laser alarms"),
    "computer_motion": ((6,), "动作电脑室", "Computer Room (Motion)",
                        "1 行动加破解指示物（最多 6），抵消动作警报",
                        "1 action: add a hack token (max 6) against Motion alarms"),
    "camera": ((1, 2, 3, 6), "摄像头", "Camera",
               "守卫站在翻开的摄像头上时，看见其他翻开摄像头上的玩家：那里响警报",
               "a guard on a revealed camera sees players on other revealed cameras: alarm there"),
    "laser": ((1, 2, 3), "激光", "Laser", "进入要 2 行动，只付 1 行动则响警报",
              "entering costs 2 actions; paying 1 triggers the alarm"),
    "motion": ((1, 2, 3), "动作感应", "Motion", "同一回合进入又离开则响警报",
               "entering and leaving in the same turn triggers the alarm"),
    "detector": ((4, 5, 6), "探测门", "Detector", "带着工具或战利品进入则响警报",
                 "entering with any tool or loot triggers the alarm"),
    "fingerprint": ((4, 5, 6), "指纹锁", "Fingerprint", "进入即响警报（可用破解抵消）",
                    "entering triggers the alarm (a hack token cancels it)"),
    "thermo": ((1, 2, 3), "热感应", "Thermo", "行动结束时停在这里则响警报",
               "ending your actions here triggers the alarm"),
    "keypad": ((4, 5, 6), "密码锁", "Keypad",
               "进入要掷骰：出 6 永久打开；同回合每多试一次多掷一个骰",
               "to enter roll: a 6 opens it for good; each retry this turn rolls one more die"),
    "deadbolt": ((1, 2, 3), "门闩", "Deadbolt", "没有人或守卫在上面时进入要 3 行动",
                 "entering costs 3 actions unless a player or guard is on it"),
    "foyer": ((1, 2), "门厅", "Foyer", "相邻（无墙）守卫会看见你：失去 1 躲藏",
              "a guard next to it (no wall between) sees you: lose 1 stealth"),
    "atrium": ((3, 4), "中庭", "Atrium", "可向上下窥视；上下同位置的守卫看见你",
               "may peek up and down; a guard right above or below sees you"),
}

ALARM_TILES = ("camera", "laser", "motion", "detector", "fingerprint", "thermo")
STOP_TILES = ("keypad", "deadbolt")
COMPUTERS = {"fingerprint": "computer_fingerprint", "laser": "computer_laser",
             "motion": "computer_motion"}
HACKABLE = ("fingerprint", "laser", "motion")


def tile_copies() -> list[str]:
    """All 48 tiles as ``kind:number`` ids (safes ``safe:0``)."""
    return [f"{k}:{n}" for k, (nums, *_rest) in TILES.items() for n in nums]


# Kind and number of every tile id, split once (the rules ask for them at every step).
KIND: dict[str, str] = {t: t.split(":")[0] for t in tile_copies()}
NUMBER: dict[str, int] = {t: int(t.split(":")[1]) for t in tile_copies()}


def kind_of(tile: str) -> str:
    kind = KIND.get(tile)
    return tile.split(":")[0] if kind is None else kind


def number_of(tile: str) -> int:
    number = NUMBER.get(tile)
    return int(tile.split(":")[1]) if number is None else number


# ---- tools (13) ----------------------------------------------------------------------------
TOOLS: dict[str, tuple[str, str, str, str]] = {
    "blueprints": ("蓝图", "Blueprints", "弃掉：翻看任意一层任意一格",
                   "discard: reveal any one tile on any floor"),
    "crowbar": ("撬棍", "Crowbar", "弃掉：让相邻一格永久失效（不再阻挡、不再报警）",
                "discard: an adjacent tile stops blocking and alarming for good"),
    "crystal_ball": ("水晶球", "Crystal Ball", "看事件牌堆顶 3 张并按任意顺序放回",
                     "look at the top 3 events and put them back in any order"),
    "donuts": ("甜甜圈", "Donuts", "放在本层守卫脚下：他下次要移动时一步不动",
               "under your floor's guard: the next time he would move he stays put"),
    "dynamite": ("炸药", "Dynamite", "炸掉一堵相邻的墙；你所在格响警报",
                 "destroy an adjacent wall; an alarm triggers on your tile"),
    "emp": ("电磁脉冲", "EMP", "清除所有楼层的警报；到你下回合前不会响警报",
            "remove every alarm; no alarm triggers until your next turn"),
    "invisible_suit": ("隐身衣", "Invisible Suit", "本回合 +1 行动，你行动时守卫和摄像头看不见你",
                       "+1 action this turn; guards and cameras do not see you as you move"),
    "makeup_kit": ("化妆包", "Makeup Kit", "你所在格的每个玩家 +1 躲藏",
                   "every player on your tile gains 1 stealth"),
    "rollerskates": ("旱冰鞋", "Rollerskates", "本回合 +2 行动", "+2 actions this turn"),
    "smoke_bomb": ("烟雾弹", "Smoke Bomb", "在你所在格放 3 个躲藏指示物，只在此格有效",
                   "3 stealth tokens on your tile, used only there"),
    "stethoscope": ("听诊器", "Stethoscope", "掷金库骰后，把一个骰改成任意点数",
                    "after a safe roll, set one die to any face"),
    "thermal_bomb": ("热能炸弹", "Thermal Bomb", "在你所在格开一个上或下的楼梯；此格响警报",
                     "make stairs up or down from your tile; an alarm triggers there"),
    "virus": ("病毒", "Virus", "在一个翻开的电脑室放 3 个破解指示物",
              "3 hack tokens on a revealed computer room"),
}

# ---- loot (13 cards, 12 kinds) ---------------------------------------------------------------
LOOT: dict[str, tuple[str, str, str, str]] = {
    "bust": ("半身像", "Bust", "持有者不能使用工具", "its holder cannot use tools"),
    "chihuahua": ("吉娃娃", "Chihuahua", "持有者回合开始掷骰：6 则所在格响警报",
                  "at the start of its holder's turn roll: a 6 triggers an alarm there"),
    "cursed_goblet": ("诅咒圣杯", "Cursed Goblet", "抽到它的人失去 1 躲藏",
                      "whoever draws it loses 1 stealth"),
    "gemstone": ("宝石", "Gemstone", "进入有其他玩家的格多花 1 行动",
                 "entering a tile with another player costs 1 more action"),
    "gold_bar": ("金条", "Gold Bar", "另一根金条放到金库上；每人最多拿一根",
                 "the other bar is left on the safe; one bar per player"),
    "isotope": ("同位素", "Isotope", "持有者进入热感应格即响警报",
                "its holder triggers a Thermo on entering it"),
    "keycard": ("门禁卡", "Keycard", "任何金库掷骰都需要持有者在场",
                "every safe roll needs its holder on the safe"),
    "mirror": ("镜子", "Mirror", "持有者少 1 行动；不触发激光",
               "its holder has 1 action less and does not trigger Lasers"),
    "painting": ("名画", "Painting", "持有者不能用暗门和通风管道",
                 "its holder cannot use Secret Doors or Service Ducts"),
    "persian_kitty": ("波斯猫", "Persian Kitty",
                      "持有者回合开始掷骰：1-2 猫跑向最近的警报一格，要重新捡起",
                      "at its holder's turn start roll: 1-2 it runs a tile toward the nearest alarm"),
    "stamp": ("邮票", "Stamp", "持有者用 3 个行动或更少时抽事件",
              "its holder draws an event after using 3 actions or fewer"),
    "tiara": ("王冠", "Tiara", "守卫移动时能看见相邻格的持有者",
              "a moving guard sees its holder from an adjacent tile"),
}
LOOT_CARDS = [k for k in LOOT] + ["gold_bar"]  # 13 cards: two gold bars

# ---- events (26) -------------------------------------------------------------------------------
EVENTS: dict[str, tuple[str, str, str, str]] = {
    "brown_out": ("停电", "Brown Out", "本层警报全部清除；每清除一个，守卫翻一张巡逻牌",
                  "this floor's alarms go off; the guard draws a patrol card per alarm removed"),
    "buddy_system": ("结伴", "Buddy System", "把一名玩家移到你的格（不算进入）",
                     "move a player onto your tile (not entering)"),
    "change_of_plans": ("改变计划", "Change of Plans", "守卫的下一张巡逻牌成为目的地",
                        "the guard's next patrol card becomes his destination"),
    "crash": ("巨响", "Crash!", "守卫的目的地改为你的格", "the guard's destination becomes your tile"),
    "daydreaming": ("走神", "Daydreaming", "本回合守卫少走 1 步", "the guard moves 1 less this turn"),
    "espresso": ("浓缩咖啡", "Espresso", "本回合守卫多走 1 步", "the guard moves 1 more this turn"),
    "dead_drop": ("秘密交接", "Dead Drop", "把你的工具和战利品全交给上一位玩家",
                  "pass all your tools and loot to the previous player"),
    "freight_elevator": ("货梯", "Freight Elevator", "上一层（不算进入）",
                         "go up one floor (not entering)"),
    "go_with_your_gut": ("凭直觉", "Go With Your Gut", "立即进入一个相邻的未翻开格",
                         "enter an adjacent face-down tile now"),
    "gymnastics": ("体操", "Gymnastics", "到你下回合前，走道可当楼梯用",
                   "walkways work as stairs until your next turn"),
    "heads_up": ("提个醒", "Heads Up!", "下一位玩家 +1 行动", "the next player gets +1 action"),
    "jump_the_gun": ("抢跑", "Jump the Gun", "跳过下一位玩家的回合（含守卫移动）",
                     "skip the next player's turn, guard move included"),
    "jury_rig": ("临时拼凑", "Jury-Rig", "抽一张工具", "draw a tool"),
    "keycode_change": ("换密码", "Keycode Change", "打开的密码锁重新锁上",
                       "open keypads lock again"),
    "lampshade": ("灯罩伪装", "Lampshade", "+1 躲藏", "gain 1 stealth"),
    "lost_grip": ("失手", "Lost Grip", "掉到下一层（不算进入）", "fall one floor (not entering)"),
    "peekhole": ("窥孔", "Peekhole", "窥视一个相邻格，可穿墙或上下层",
                 "peek at one adjacent tile, even through a wall or floor"),
    "reboot": ("重启", "Reboot", "每个电脑室的破解指示物变为 1",
               "every computer room's hack tokens become 1"),
    "shift_change": ("换班", "Shift Change", "本层守卫不动，其他已出现的守卫移动",
                     "your floor's guard stays; every other guard on the board moves"),
    "shoplifting": ("顺手牵羊", "Shoplifting", "工具被拿走的实验室都响警报",
                    "an alarm on every laboratory whose tool was taken"),
    "squeak": ("吱吱声", "Squeak!", "守卫向最近的玩家走一格",
               "the guard steps one tile toward the nearest player"),
    "switch_signs": ("调换标志", "Switch Signs", "守卫和他的目的地对调",
                     "the guard and his destination swap places"),
    "throw_voice": ("口技", "Throw Voice", "把守卫的目的地移到相邻一格",
                    "move the guard's destination to an adjacent tile"),
    "time_lock": ("定时锁", "Time Lock", "到你下回合前不能用楼梯",
                  "no stairs until your next turn"),
    "video_loop": ("录像循环", "Video Loop", "到你下回合前摄像头失效",
                   "cameras are off until your next turn"),
    "where_is_he": ("他在哪？", "Where Is He?", "守卫直接跳到目的地",
                    "the guard jumps to his destination"),
}
ALARM_ONLY_WHEN_QUIET = ("change_of_plans", "crash", "throw_voice")  # later printings

# ---- characters (9 x 2 sides) ------------------------------------------------------------------
CHARACTERS: dict[str, tuple[str, str, tuple[str, str], tuple[str, str]]] = {
    "acrobat": ("杂技演员", "Acrobat",
                ("免费进入守卫所在格且不失躲藏，但守卫移动前必须离开，否则失去 1",
                 "free move into a guard's tile without losing stealth; leave before he moves or lose 1"),
                ("在外圈格用 3 行动爬上或爬下一层（结束行动）",
                 "on an outer tile, 3 actions climb a floor up or down (ends your actions)")),
    "hacker": ("黑客", "Hacker",
               ("不触发指纹、激光、动作警报，同格的人也不触发",
                "triggers no Fingerprint, Laser or Motion alarm, nor do players on the same tile"),
               ("1 行动拿一个个人破解指示物（最多 1），谁都可用来抵消这三种警报",
                "1 action: hold one personal hack token anyone may use on those three alarms")),
    "hawk": ("鹰眼", "Hawk",
             ("每回合一次免费隔墙窥视相邻格", "once a turn, free: peek through a wall next to you"),
             ("每回合一次免费窥视 2 格内的一格（不越过墙或未翻开格）",
              "once a turn, free: peek up to 2 tiles away (not past walls or face-down tiles)")),
    "juicer": ("电工", "Juicer",
               ("免费在相邻格触发警报", "free: trigger an alarm on a tile next to you"),
               ("每回合一次免费拾起所在格的警报，或放下手里的警报",
                "once a turn, free: pick up the alarm on your tile or drop the one you hold")),
    "peterman": ("开锁匠", "Peterman",
                 ("金库和密码锁掷骰时多掷 1 个", "+1 die on safe and keypad rolls"),
                 ("可以为正上方或正下方的金库加骰、掷骰（不拿其工具和战利品）",
                  "may add and roll dice on the safe right above or below (not taking its prizes)")),
    "raven": ("渡鸦", "Raven",
              ("免费把乌鸦放到 2 格内（不穿墙）：守卫进入乌鸦格少走 1 步",
               "free: put the crow up to 2 tiles away (no walls): a guard entering it loses 1 move"),
              ("免费把乌鸦放在你的格：守卫在乌鸦格开始移动且本层无警报时一步不动",
               "free: crow on your tile: a guard starting there with no alarm on the floor stays put")),
    "rigger": ("爆破手", "Rigger",
               ("开局带炸药；任何人抽工具时抽 2 留 1", "starts with Dynamite; every tool draw is draw 2 keep 1"),
               ("每回合一次免费弃 1 躲藏抽工具（抽 2 留 1）",
                "once a turn, free: discard a stealth to draw a tool (draw 2 keep 1)")),
    "rook": ("车", "Rook",
             ("每回合一次，1 行动让另一名玩家移动一格（无额外花费）",
              "once a turn, 1 action: move another player one tile, ignoring extra costs"),
             ("回合第一个行动：与任意玩家交换位置（不算进入）",
              "first action of the turn: swap places with any player (not entering)")),
    "spotter": ("侦察员", "Spotter",
                ("每回合一次，1 行动看本层巡逻牌堆顶，放回顶或底",
                 "once a turn, 1 action: look at your floor's top patrol card, keep it on top or bottom"),
                ("每回合一次，1 行动看事件牌堆顶，放回顶或底",
                 "once a turn, 1 action: look at the top event, keep it on top or bottom")),
}

# ---- guards, patrols, walls --------------------------------------------------------------------
GUARD_START_DIE = (2, 3, 4)
MAX_GUARD_DIE = 6
PATROL_REMOVED = {1: 9, 2: 6, 3: 3, 4: 0}
STEALTH_START = 3
ACTIONS_PER_TURN = 4
MAX_SAFE_DICE = 6
MAX_HACKS = 6

# Default Bank job walls: "|" between horizontal neighbours, "/" between vertical ones.
DEFAULT_WALLS_TEXT = (
    "A1|B1, C1/C2, C2|D2, A2/A3, B2/B3, D3/D4, A4|B4, B4|C4",
    "A1|B1, B1|C1, C1|D1, B2/B3, C2/C3, A4|B4, B4|C4, C4|D4",
    "C1/C2, A2|B2, C2|D2, A2/A3, C2/C3, A3|B3, B3|C3, C4|D4",
)


def default_walls() -> list[list[tuple[str, str]]]:
    floors = []
    for line in DEFAULT_WALLS_TEXT:
        floors.append([tuple(w.replace("|", "/").split("/")) for w in line.split(", ")])
    return floors  # type: ignore[return-value]
