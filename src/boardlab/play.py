"""``boardlab play GAME``: one human seat in the terminal, bots in the others.

Works for every game through the protocol alone: the human sees their seat's view (the game
may offer ``render_terminal(view, lang) -> str`` for a nicer board; otherwise the view is
shown as a tree), the log lines they may see, and their legal choices as a numbered menu.
"""

from __future__ import annotations

import json
from typing import Any

import typer
from rich.console import Console
from rich.pretty import Pretty
from rich.prompt import IntPrompt
from rich.rule import Rule
from rich.text import Text

# The engine, the games and the bots are imported by the command itself, not here: the
# ``boardlab`` command imports this module to list its commands, and ``--help`` should not
# pay for them.


def parse_sets(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` pairs with JSON values where they parse (numbers, true, lists)."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"--set takes key=value, not {pair!r}")
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


def make_bot(game, name: str):
    from boardlab.bots.registry import make_bot as registry_make_bot

    try:
        return registry_make_bot(game, name)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


class ChoicePrompt(IntPrompt):
    """The menu's prompt, its complaints in the player's language (Rich's are English)."""

    @classmethod
    def in_lang(cls, lang: str) -> type[ChoicePrompt]:
        return type("ChoicePrompt", (cls,), {"validate_error_message": say("not_number", lang),
                                             "illegal_choice_message": say("not_in_menu", lang),
                                             "prompt_suffix": "：" if lang == "zh" else ": "})


WORDS = {
    "title": ("{game} — 种子 {seed}，你是 {you}", "{game} — seed {seed}, you are {you}"),
    "bot": ("  {seat}：机器人 {bot}", "  {seat}: bot {bot}"),
    "bot_level": ("  {seat}：机器人 {bot}（{level}）", "  {seat}: bot {bot} ({level})"),
    "choice": ("你的选择", "your choice"),
    "you": ("{seat}（你）", "{seat} (you)"),
    "nobody": ("  无人获胜", "  nobody wins"),
    "not_number": ("[prompt.invalid]请输入菜单里的一个数字", "[prompt.invalid]Please enter a number from the menu"),
    "not_in_menu": ("[prompt.invalid.choice]请输入菜单里的一个数字", "[prompt.invalid.choice]Please enter a number from the menu"),
}


def say(key: str, lang: str, **kw: Any) -> str:
    """A terminal phrase in ``lang`` (zh or en)."""
    return WORDS[key][0 if lang == "zh" else 1].format(**kw)


def seat_name(seat: int) -> str:
    """Seats as people count them, the same as in the games' texts and on the web: P1..Pn."""
    return f"P{seat + 1}"


def literal(value: Any) -> Any:
    """Game text printed as it is: Rich would read ``[gun D4 R7]`` as markup and drop it."""
    return Text(value) if isinstance(value, str) else value


def bot_label(game, name: str, lang: str) -> str:
    words = (game.labels().get("bots") or {}).get(name)
    if not words:  # the game-independent bots (random, strong, ...) in both languages
        from boardlab.bots.difficulty import BOT_WORDS

        if name in BOT_WORDS:
            return BOT_WORDS[name][0 if lang == "zh" else 1]
    return words.get(lang, words.get("en", name)) if words else name


def show_view(console: Console, game, view: dict[str, Any], lang: str) -> None:
    render = getattr(game, "render_terminal", None)
    if render is not None:
        console.print(literal(render(view, lang)))
    else:
        console.print(Pretty({k: v for k, v in view.items() if k != "log"}, expand_all=False))


def register(app: typer.Typer) -> None:
    @app.command()
    def play(
        game_id: str = typer.Argument(..., metavar="GAME", help="toys, cat, ..."),
        players: int = typer.Option(None, "--players", "-p", help="Number of seats."),
        seat: int = typer.Option(0, help="Your seat (0-based)."),
        bots: str = typer.Option("", help="Bots for the other seats, comma separated, cycled."),
        level: str = typer.Option("", "--level", help=(
            "Difficulty of the other seats instead of --bots: easy (random), normal (the "
            "rulebook's style) or hard (the strong search bot), comma separated, cycled.")),
        seed: int = typer.Option(None, help="Seed (random if not given)."),
        lang: str = typer.Option("zh", help="zh or en."),
        sets: list[str] = typer.Option([], "--set", help="Game option key=value."),  # noqa: B006
    ) -> None:
        """Play a game in the terminal against bots."""
        from boardlab.engine.match import decision_context
        from boardlab.engine.registry import get_game
        from boardlab.engine.rng import make_rng

        console = Console()
        game = get_game(game_id)
        raw = parse_sets(sets)
        if players is not None:
            raw["players"] = players
        config = game.make_config(raw)
        if seed is None:
            import secrets

            seed = secrets.randbelow(2**31)
        if not 0 <= seat < config.players:
            raise typer.BadParameter(f"seat must be 0..{config.players - 1}")
        chosen = [n for n in bots.split(",") if n]
        levels = [x.strip() for x in level.split(",") if x.strip()]
        if chosen and levels:
            raise typer.BadParameter("give --bots or --level, not both")
        from boardlab.bots.difficulty import LEVELS, bot_for_level, level_word

        for x in levels:
            if x not in LEVELS:
                raise typer.BadParameter(f"--level takes {', '.join(LEVELS)}, not {x!r}")
        seat_levels: dict[int, str] = {}
        # without --bots every other seat plays the rulebook's style for it
        styles = game.default_bots(config.players)
        seat_bots = {}
        others = [s for s in range(config.players) if s != seat]
        for i, s in enumerate(others):
            if levels:
                seat_levels[s] = levels[i % len(levels)]
                name = bot_for_level(game, seat_levels[s], config.players, s)
            else:
                name = chosen[i % len(chosen)] if chosen else styles[s]
            seat_bots[s] = make_bot(game, name)
        state = game.setup(config, seed)
        rngs = {s: make_rng(seed, "bot", s) for s in seat_bots}
        console.print(Rule(Text(say("title", lang, game=game.title[lang], seed=seed,
                                    you=seat_name(seat)))))
        for s, b in seat_bots.items():
            label = bot_label(game, b.name, lang)
            if s in seat_levels:
                console.print(Text(say("bot_level", lang, seat=seat_name(s), bot=label,
                                       level=level_word(seat_levels[s], lang))))
            else:
                console.print(Text(say("bot", lang, seat=seat_name(s), bot=label)))
        shown = 0
        while not game.is_over(state):
            log = [e for e in state.log if e.visible(seat)]
            for event in log[shown:]:
                console.print(Text(f"  · {event.text.get(lang, event.text['en'])}"))
            shown = len(log)
            movers = game.to_move(state)
            bot_seats = [s for s in movers if s != seat]
            if bot_seats:
                s = bot_seats[0]
                action = seat_bots[s].choose(decision_context(game, state, s, rngs[s]))
                game.apply_in_place(state, s, action)
                continue
            view = game.view(state, seat)
            show_view(console, game, view, lang)
            legal = game.legal_actions(state, seat)
            note = getattr(game, "terminal_note", None)  # what a choice leads to (hotel: 🔥)
            for i, action in enumerate(legal, 1):
                line = Text(f"  {i:>2} ", style="cyan")
                line.append(game.describe_action(state, seat, action, lang), style="default")
                if note is not None:
                    line.append(note(view, action, lang), style="default")
                console.print(line)
            choice = ChoicePrompt.in_lang(lang).ask(
                say("choice", lang), choices=[str(i) for i in range(1, len(legal) + 1)],
                show_choices=False, console=console)
            game.apply_in_place(state, seat, legal[choice - 1])
        for event in [e for e in state.log if e.visible(seat)][shown:]:
            console.print(Text(f"  · {event.text.get(lang, event.text['en'])}"))
        result = game.result(state)
        console.print(Rule(Text(result.reason.get(lang, result.reason["en"]))))
        for s, score in enumerate(result.scores):
            crown = " 🏆" if s in result.winners else ""
            who = (say("you", lang, seat=seat_name(s)) if s == seat
                   else f"{seat_name(s)} 🤖 {bot_label(game, seat_bots[s].name, lang)}")
            console.print(Text(f"  {who}: {score:g}{crown}"))
        if not result.winners:  # a cooperative loss: say so rather than show no crown at all
            console.print(Text(say("nobody", lang)))
