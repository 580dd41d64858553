"""What the catalogues must hold: the msgids Kiban's sources mark and declare, and the
entries a catalogue lacks of them (``python -m firmware_host.telling.msgids`` appends
those, empty, for a translator to fill in; the tests keep every catalogue whole with
them).

Apart from the languages themselves (``language.py``): a board only reads the
catalogues, and never needs to walk the sources.
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
from collections.abc import Iterable
from dataclasses import fields
from functools import cache, partial
from itertools import product
from pathlib import Path
from typing import Any

from engine.catalogue import CONTEXT, MOVE, PIECE, SEAT, in_context, seat_msgid
from engine.claims import ClaimRule
from engine.game import Game
from engine.game_words import CATALOGUES
from engine.outcome import Termination
from engine.registry import games
from engine.said import Plural
from firmware_host.telling.language import LOCALE, Language, catalogue_path, plural_forms


def marked_msgids(paths: Iterable[Path]) -> tuple[str, ...]:
    """Every msgid marked ``N_("...")`` in the Python files ``paths``, in order."""
    found: dict[str, None] = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "N_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found[node.args[0].value] = None
    return tuple(found)


def marked_plurals(paths: Iterable[Path]) -> tuple[Plural, ...]:
    """Every plural msgid marked ``NP_("...", "...")`` in the Python files ``paths``."""
    found: dict[Plural, None] = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "NP_"
                and len(node.args) == 2
                and all(isinstance(arg, ast.Constant) for arg in node.args)
            ):
                one, many = (arg.value for arg in node.args if isinstance(arg, ast.Constant))
                if isinstance(one, str) and isinstance(many, str):
                    found[Plural(one, many)] = None
    return tuple(found)


def source_files() -> list[Path]:
    """The Python files msgids are marked in: firmware_host's, the engine's (the
    rules' reasons and results, engine/said.py) and the hardware's (the simulated
    hands' refusals)."""
    root = LOCALE.parent.parent
    return [
        path
        for package in ("firmware_host", "engine", "hardware")
        for path in sorted((root / package).rglob("*.py"))
    ]


def source_plurals() -> tuple[Plural, ...]:
    """The plural msgids Kiban's own modules mark (outside every game's package): the
    host catalogue's. A game's are its own catalogue's (``game_plurals``)."""
    return _host_plurals()


@cache
def _host_plurals() -> tuple[Plural, ...]:
    return marked_plurals(_host_files())


def game_plurals(game: Game[Any]) -> tuple[Plural, ...]:
    """The plural msgids marked in ``game``'s package (a reason about a count), less the
    ones Kiban's own modules mark too: its own catalogue gives each in every plural form
    of its language, as Kiban's gives its own."""
    shared = set(source_plurals())
    return tuple(p for p in marked_plurals(_game_files(game)) if p not in shared)


def source_msgids() -> tuple[str, ...]:
    """The msgids marked in the source (source_files), the games' titles (a notice names
    a game by its title, ``Term``), how games end (a result names it), what each
    action of the vocabulary does (the terminal's help: its docstring's summary) and
    what its parameters are, each game's claims (their titles and help), what each
    game's puzzles are and ask (the page shows the question) and each game's rule
    options (the new-game dialog's)."""
    titles = tuple(game.title for game in games())
    titles += tuple(game.score_words for game in games() if game.score_words)
    ends = tuple(termination.value for termination in Termination)
    helps = action_summaries()
    claims = tuple(text for rule in claim_rules() for text in (rule.title, rule.help))
    kinds = tuple(t for g in games() for k in g.puzzle_kinds for t in (k.shown, k.words))
    marked = marked_msgids(source_files())
    found = (*marked, *titles, *ends, *helps, *param_helps(), *claims, *kinds, *option_msgids())
    return tuple(dict.fromkeys(found))


def choice_is_word(game: Game[Any], choice: str) -> bool:
    """Whether an option's choice is a word to translate: not a number, nor a seat's
    name (told in the game's own words for its seats)."""
    return not choice.isdigit() and choice not in {seat.name for seat in game.seats}


def option_msgids() -> tuple[str, ...]:
    """Each game's rule options' names, help and choices that are words."""
    return tuple(
        text
        for game in games()
        for spec in game.option_specs
        for text in (
            spec.name,
            spec.help,
            *(choice for choice in spec.choices if choice_is_word(game, choice)),
        )
    )


def param_helps() -> tuple[str, ...]:
    """What each action's parameter is, as a typed command missing it is told."""
    # imported here: the session's actions import the telling
    from firmware_host.session.actions import ACTIONS, params

    return tuple(dict.fromkeys(spec.help for action in ACTIONS for spec in params(action)))


def claim_rules() -> tuple[ClaimRule, ...]:
    """Every claim a game offers under any choice of its options (shogi's impasse
    count or declaration), each once."""
    return tuple(dict.fromkeys(rule for game in games() for rule in _game_claims(game)))


def _game_claims(game: Game[Any]) -> tuple[ClaimRule, ...]:
    """Every claim ``game`` offers under any choice of its options, each once."""
    found: dict[ClaimRule, None] = {}
    specs = [spec for spec in game.option_specs if spec.choices]
    for combo in product(*(spec.choices for spec in specs)):
        given = {spec.name: value for spec, value in zip(specs, combo, strict=True)}
        found.update(dict.fromkeys(game.claims(game.options(given))))
    return tuple(found)


_LITERAL = re.compile(r"``([^`]+)``")


def _plain(names: frozenset[str], match: re.Match[str]) -> str:
    """A literal of a docstring as the help writes it: a parameter in capitals."""
    word = match.group(1)
    return word.upper() if word in names else word


def action_summaries() -> tuple[str, ...]:
    """What each action of the vocabulary does, as the terminal's help says it: its
    docstring's first paragraph without markup, a parameter in capitals (the words of
    wire/actions.py ``summary``, which the telling may not import)."""
    # imported here: the session's actions import the telling
    from firmware_host.session.actions import ACTIONS

    found = []
    for action in ACTIONS:
        paragraph = inspect.cleandoc(action.__doc__ or "").split("\n\n")[0]
        names = frozenset(field.name for field in fields(action))
        found.append(_LITERAL.sub(partial(_plain, names), " ".join(paragraph.split())))
    return tuple(found)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def game_msgids(game: Game[Any]) -> tuple[str, ...]:
    """The msgids that are ``game``'s own, which its catalogue translates: those marked
    in its package and those it declares (its title, its score's words, its puzzles'
    kinds, its rule options' and claims' words), less the ones Kiban's own modules say
    too (those are the host catalogue's); its seats', pieces' and moves' words, each in
    its context (``engine/catalogue.py``: the context, EOT, the msgid); and its plural
    reasons (``game_plurals``), each under its two msgids joined by NUL."""
    marked = marked_msgids(_game_files(game))
    declared = [game.title, *((game.score_words,) if game.score_words else ())]
    declared += [text for kind in game.puzzle_kinds for text in (kind.shown, kind.words)]
    declared += [
        text
        for spec in game.option_specs
        for text in (
            spec.name,
            spec.help,
            *(choice for choice in spec.choices if choice_is_word(game, choice)),
        )
    ]
    declared += [text for rule in _game_claims(game) for text in (rule.title, rule.help)]
    shared = _host_msgids()
    own = tuple(msgid for msgid in dict.fromkeys([*marked, *declared]) if msgid not in shared)
    seats = (in_context(SEAT, seat_msgid(seat.name)) for seat in game.seats)
    pieces = (in_context(PIECE, name) for name in game.piece_names)
    moves = (in_context(MOVE, msgid) for msgid in game.move_msgids)
    counted = (in_context(MOVE, plural.key) for plural in game.move_plurals)
    reasons = (plural.key for plural in game_plurals(game))
    return (*own, *dict.fromkeys([*seats, *pieces, *moves, *counted, *reasons]))


def _game_package(game: Game[Any]) -> Path:
    """The folder of ``game``'s package (the one its ``Game`` class is defined in)."""
    return Path(sys.modules[type(game).__module__].__file__ or ".").parent


def _game_files(game: Game[Any]) -> list[Path]:
    """The Python files of ``game``'s package, where its own msgids are marked."""
    return sorted(_game_package(game).rglob("*.py"))


@cache
def _host_files() -> tuple[Path, ...]:
    """The source files outside every installed game's package: Kiban's own."""
    packages = [_game_package(game) for game in games()]
    return tuple(p for p in source_files() if not any(p.is_relative_to(g) for g in packages))


@cache
def _host_msgids() -> frozenset[str]:
    ends = (termination.value for termination in Termination)
    return frozenset((*marked_msgids(_host_files()), *ends, *action_summaries(), *param_helps()))


def host_msgids() -> frozenset[str]:
    """The msgids Kiban's own modules say (outside every game's package), how games
    end, the actions' summaries and parameters: the host catalogue's."""
    return _host_msgids()


def game_catalogue_path(game: Game[Any], language: Language) -> Path:
    """Where ``game``'s own catalogue for ``language`` is in the source tree."""
    module = sys.modules[type(game).__module__].__file__
    return Path(module or ".").parent / CATALOGUES / f"{language.value}.po"


def missing_entries(language: Language, game: Game[Any] | None = None) -> str:
    """The ``.po`` entries (empty msgstr) for the marked msgids ``language`` lacks, a
    plural one with each of the language's forms: Kiban's own, for the host catalogue
    (``game`` None), or ``game``'s own, for its catalogue beside its package."""
    if game is None:
        path = catalogue_path(language)
        owned = {msgid for each in games() for msgid in game_msgids(each)}
        wanted = [msgid for msgid in source_msgids() if msgid not in owned]
        plurals = source_plurals()
    else:
        path = game_catalogue_path(game, language)
        wanted, plurals = list(game_msgids(game)), game_plurals(game)
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    known = set(re.findall(r'^msgid (".*")$', text, re.MULTILINE))
    known_in = set(re.findall(r'^msgctxt (".*")\nmsgid (".*")$', text, re.MULTILINE))
    singles = "".join(
        f'\nmsgid {_quote(msgid)}\nmsgstr ""\n'
        for msgid in wanted
        if CONTEXT not in msgid and "\0" not in msgid and _quote(msgid) not in known
    )
    singles += "".join(
        f'\nmsgctxt {_quote(context)}\nmsgid {_quote(msgid)}\nmsgstr ""\n'
        for key in wanted
        if CONTEXT in key and "\0" not in key
        for context, msgid in [key.split(CONTEXT, 1)]
        if (_quote(context), _quote(msgid)) not in known_in
    )
    forms = "".join(f'msgstr[{n}] ""\n' for n in range(plural_forms(language)))
    many = "".join(
        f"\nmsgid {_quote(plural.one)}\nmsgid_plural {_quote(plural.many)}\n{forms}"
        for plural in plurals
        if _quote(plural.one) not in known
    )
    many += "".join(  # a game's phrases about a count, in their context
        f"\nmsgctxt {_quote(context)}\nmsgid {_quote(one)}\nmsgid_plural {_quote(other)}\n" + forms
        for key in wanted
        if CONTEXT in key and "\0" in key
        for context, msgid in [key.split(CONTEXT, 1)]
        for one, other in [msgid.split("\0", 1)]
        if (_quote(context), _quote(one)) not in known_in
    )
    return singles + many


def main() -> int:
    """Append the msgids each catalogue lacks, for a translator to fill in: Kiban's to
    the host's, each game's to its own beside its package."""
    for language in Language:
        if language is Language.ENGLISH:
            continue
        for game in (None, *games()):
            added = missing_entries(language, game)
            if not added:
                continue
            path = catalogue_path(language) if game is None else game_catalogue_path(game, language)
            if not path.is_file():
                path.parent.mkdir(parents=True, exist_ok=True)
                header = catalogue_path(language).read_text(encoding="utf-8").split("\n\n")[0]
                lines = header.splitlines()
                start = next(n for n, line in enumerate(lines) if line.startswith("msgid"))
                path.write_text("\n".join(lines[start:]) + "\n", encoding="utf-8")
            with path.open("a", encoding="utf-8") as po:
                po.write(added)
            whose = "kiban" if game is None else game.name
            print(f"{language.value} ({whose}): {added.count('msgid ')} msgids to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
