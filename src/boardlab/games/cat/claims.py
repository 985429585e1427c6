"""cat's claim register: the rulebook's Appendix B tables, one claim per published figure.

A mechanical conversion of the former ``cat/lab.py`` (its experiments and checks) into the
register format of :mod:`boardlab.engine.claims` (docs/claims.md); the cat owner extends it
with the rest of the rulebook.

Stand-in bots: the rulebook's simulator (``gen_hat_data.js``, one-step lookahead with a risk
discount for becoming the dirtiest) is not available. Our ``LookaheadBot`` implements that
description; its styles (wild, tidy, shifter, sniper, steady) stand in for the rulebook's
five styles and ``lookahead`` (our "模拟器 AI") for its unnamed simulator AI in the role and
exposure tables. A "contradicted" verdict can therefore mean different bots, not wrong rules.
"""

from __future__ import annotations

from boardlab.engine.claims import (
    Claim,
    Metric,
    NotCheckable,
    Register,
    Row,
    Simulate,
    role_of,
    seat_score_if,
    seat_win_if,
    summary_value,
)
from boardlab.games.cat import published as pub

PLAYERS = (3, 4, 5)
STYLES = tuple(pub.STYLE_WIN_RATE)
ROLES = tuple(pub.ROLE_WIN_RATE)
ROOMS = ("living", "kitchen", "bath")
SIM_AI = "lookahead"
APPX_B = "附录 B"


def _mean_of(key: str):
    def fn(row: Row) -> float | None:
        vals = row["summary"].get(key) or []
        return sum(vals) / len(vals) if vals else None

    return fn


def _pooled(key: str):
    """Every exposure of the game (pooled over games, clustered by game)."""
    return lambda row: [float(v) for v in row["summary"].get(key) or []]


def _room(room: str):
    return lambda row: float(row["summary"]["final_mess"].get(room, 0))


METRICS = [
    Metric("exposures", summary_value("exposures"), "exposures per game"),
    Metric("any_exposure", lambda r: float(r["summary"]["exposures"] > 0),
           "games with an exposure", proportion=True),
    Metric("mean_exposure_round", _mean_of("exposure_rounds"), "mean exposure round"),
    Metric("mess_at_exposure", _mean_of("exposure_totals"), "room total at exposure"),
    Metric("half_bill", _mean_of("exposure_bills"), "bill per exposure"),
    *[Metric(f"leftover_{room}", _room(room), f"leftover mess, {room}") for room in ROOMS],
    Metric("final_bills_total", summary_value("final_bills_total"), "final bills, total"),
    Metric("score_spread", lambda r: max(r["scores"]) - min(r["scores"]), "best - worst score"),
]


def _is_bot(style: str):
    return lambda row, seat: row["bots"][seat] == style


def _is_role(role: str):
    return lambda row, seat: role_of(row, seat) == role


def style_claims() -> list[Claim]:
    out = []
    for p in PLAYERS:
        for style in STYLES:
            # The book's style rates add up to ~100% at every player count: each style's
            # share of all games won. With every style in p/5 of the seats, the per-seat rate
            # is share x 5/p (ruling: docs/rulings/cat.md, audit).
            share = pub.STYLE_WIN_RATE[style][p]
            out.append(Claim(
                f"B.style.{p}p.{style}", f"{APPX_B} 打法流派平衡",
                f"{pub.STYLE_NAMES[style]} {p}人 {share:.1%}",
                f"At {p} players the {style} style wins {share:.1%} of all games "
                f"(per seat: x 5/{p}).", "published_table", share * len(STYLES) / p,
                Simulate({"players": p}, per_seat=seat_win_if(_is_bot(style)), bots=STYLES,
                         bounds=(0.0, 1.0), games=pub.STYLE_GAMES)))
    for style in STYLES:
        out.append(Claim(
            f"B.style.4p.{style}.score", f"{APPX_B} 打法流派平衡",
            f"{pub.STYLE_NAMES[style]} 场均分（4 人）{pub.STYLE_MEAN_SCORE_4P[style]}",
            f"At 4 players the {style} style scores {pub.STYLE_MEAN_SCORE_4P[style]} a game "
            "on average.", "published_table", pub.STYLE_MEAN_SCORE_4P[style],
            Simulate({"players": 4}, per_seat=seat_score_if(_is_bot(style)), bots=STYLES,
                     games=pub.STYLE_GAMES)))
    return out


def role_claims() -> list[Claim]:
    out = []
    for p in PLAYERS:
        for role in ROLES:
            rate = pub.ROLE_WIN_RATE[role][p]
            out.append(Claim(
                f"B.role.{p}p.{role}", f"{APPX_B} 角色平衡", f"{role} {p}人 {rate:.1%}",
                f"At {p} players a seat with role {role} wins {rate:.1%} of its games.",
                "published_table", rate,
                Simulate({"players": p, "roles": True}, per_seat=seat_win_if(_is_role(role)),
                         bots=(SIM_AI,), bounds=(0.0, 1.0), games=pub.ROLE_GAMES)))
    for role in ROLES:
        mean = pub.ROLE_MEAN_SCORE_4P[role]
        out.append(Claim(
            f"B.role.4p.{role}.score", f"{APPX_B} 角色平衡", f"{role} 场均分（4 人）{mean}",
            f"At 4 players a seat with role {role} scores {mean} on average.",
            "published_table", mean,
            Simulate({"players": 4, "roles": True}, per_seat=seat_score_if(_is_role(role)),
                     bots=(SIM_AI,), games=pub.ROLE_GAMES)))
    return out


def exposure_claims() -> list[Claim]:
    out = []
    sec = f"{APPX_B} 曝光频率与账单"
    n = pub.EXPOSURE_GAMES
    for p in PLAYERS:
        t = pub.EXPOSURE_TABLE[p]
        opts = {"players": p}

        def add(key: str, zh: str, en: str, value, fn, bounds=None, p=p, opts=opts):
            out.append(Claim(f"B.exposure.{p}p.{key}", sec, f"{p}人 {zh} {value}",
                             f"At {p} players, {en} is {value}.", "published_table", value,
                             Simulate(opts, per_game=fn, bots=(SIM_AI,), bounds=bounds,
                                      games=n)))

        add("per_game", "场均曝光", "the mean number of exposures per game",
            t["exposures_per_game"], summary_value("exposures"), (0.0, float("inf")))
        add("round", "平均曝光轮", "the mean round of an exposure",
            t["mean_exposure_round"], _pooled("exposure_rounds"))
        add("mess", "曝光时房间总乱度", "the room's total mess at an exposure",
            t["mess_at_exposure"], _pooled("exposure_totals"))
        add("half_bill", "半账单", "the bill paid per exposure", t["half_bill"],
            _pooled("exposure_bills"))
        for room, value in zip(ROOMS, t["leftover"], strict=True):
            add(f"leftover.{room}", f"终局剩余 {room}", f"the {room}'s leftover mess at the end",
                value, _room(room), (0.0, float("inf")))
        add("final_bills", "终局账单合计", "the total of the final bills",
            t["final_bills_total"], summary_value("final_bills_total"))
    out.append(Claim(
        "map.mess_per_game_4p", "🗺️ 地图特点", "每局乱局产出（实测）≈ 80 点",
        "A 4-player game produces about 80 points of mess (28 cards x 2.85).",
        "published_table", pub.MESS_PER_GAME_4P,
        NotCheckable("the summary records mess left and mess at exposures, not mess "
                     "cleaned by cards, so the mess produced is not observed")))
    return out


def spread_claims() -> list[Claim]:
    out = []
    for p in PLAYERS:
        s = pub.SCORE_SPREAD[p]
        out.append(Claim(
            f"B.spread.{p}p.mean", f"{APPX_B} 分数分布", f"{p}人 平均 {s['mean']}",
            f"At {p} players the mean score is {s['mean']}.", "published_table", s["mean"],
            Simulate({"players": p}, per_seat=lambda row, seat: float(row["scores"][seat]),
                     bots=STYLES, games=pub.STYLE_GAMES)))
        for key, word in (("min", "lowest"), ("max", "highest")):
            out.append(Claim(
                f"B.spread.{p}p.{key}", f"{APPX_B} 分数分布", f"{p}人 {key} {s[key]}",
                f"At {p} players the {word} score seen was {s[key]}.", "published_table",
                s[key], NotCheckable("an extreme over the book's games grows with their "
                                     "number, which the book does not give per cell")))
    return out


REGISTER = Register(
    game="cat",
    source=pub.SOURCE,
    claims=[*style_claims(), *role_claims(), *exposure_claims(), *spread_claims()],
    metrics=METRICS,
    stand_in="our LookaheadBot styles wild/tidy/shifter/sniper/steady for the rulebook's five "
             "styles, and 'lookahead' (模拟器 AI) for its unnamed simulator AI (role and "
             "exposure tables); the rulebook's gen_hat_data.js is not available",
)
