"""The engine's free-text reasons and results, told in the language told in.

The engine stays pure and English: an illegal move's reason ("the giraffe moves one
step orthogonally") and a result ("A (sente) wins (checkmate)") are the sentences its
rules make. Each is one of the templates below (a msgid, marked ``N_``), whose
``{placeholders}`` the reason fills; telling matches the reason against the
templates, looks the template up in the catalogue and fills it again with the values
in the language: seats and pieces by the game's own words (engine/<game>/spoken.py,
read by their shape: no game is named here), cells and counts as they are.
tests/firmware_host/telling/test_languages_reasons.py collects the reasons every
game gives over random positions and holds each to a template, so a reason the rules
gain shows up there rather than in English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from string import Formatter
from types import MappingProxyType
from typing import Any

from engine.outcome import Termination
from engine.registry import find_game, games
from firmware_host.telling.language import N_, Language, translated

_TURN = N_("it is {seat}'s turn")

REASONS: tuple[str, ...] = tuple(
    dict.fromkeys(
        (
            # dobutsu
            _TURN,
            N_("the lion moves one step in any direction"),
            N_("the elephant moves one step diagonally"),
            N_("the giraffe moves one step orthogonally"),
            N_("the chick moves one step forward"),
            N_("the hen moves one step in any direction but diagonally backward"),
            N_("a dropped chick enters unpromoted; it must move to the far rank to promote"),
            N_("the {piece} cannot promote; only a chick can"),
            N_("a chick on the far rank can never move"),
            N_("a hen never turns back into a chick"),
            N_("a chick promotes only on the far rank"),
            N_("the chick must promote on the far rank"),
            # shogi
            _TURN,
            N_("the pawn moves one square straight forward"),
            N_("the lance moves straight forward, any distance"),
            N_("the knight jumps two squares forward and one to the side"),
            N_("the silver moves one square diagonally or straight forward"),
            N_("the gold moves one square in any direction but diagonally backward"),
            N_("the bishop moves diagonally, any distance"),
            N_("the rook moves straight (forward, backward or sideways), any distance"),
            N_("the king moves one square in any direction"),
            N_("the horse moves diagonally any distance, or one square straight"),
            N_("the dragon moves straight any distance, or one square diagonally"),
            N_(
                "the {piece} moves like a gold: one square in any direction but diagonally backward"
            ),
            N_("the {piece} cannot pass the piece on {cell}"),
            N_("a {piece} never promotes"),
            N_("a promoted piece never turns back"),
            N_(
                "a piece promotes only on a move into, out of or inside the promotion zone "
                "(ranks a-c for {seat})"
            ),
            N_(
                "a piece promotes only on a move into, out of or inside the promotion zone "
                "(ranks g-i for {seat})"
            ),
            N_("a {piece} reaching the last rank must promote: it could never move again"),
            N_("a knight reaching the last two ranks must promote: it could never move again"),
            N_("the king would be in check on {cell}"),
            N_("{seat}'s king is in check, and this does not answer it"),
            N_("the {piece} on {cell} is pinned: moving it there leaves {seat}'s king in check"),
            N_("it leaves {seat}'s king in check"),
            N_("a piece is always dropped unpromoted, even in the promotion zone"),
            N_("a {piece} dropped on the last rank could never move"),
            N_("a knight dropped on the last two ranks could never move"),
            N_("nifu: {seat} already has a pawn on file {file}"),
            N_("uchifuzume: a pawn drop may not give checkmate"),
            N_("{seat}'s king is in check, and this drop does not block it"),
            # abalone
            _TURN,
            N_("at most three marbles move; this line has {count}"),
            N_("{seat} cannot push its own marble off the board"),
            N_("{mine} cannot push {theirs}"),
            N_("{mine} cannot push {theirs} (pac)"),
            N_(
                "the push is blocked by {seat}'s own marble on {cell}: a line with one of "
                "the mover's marbles behind it cannot be pushed"
            ),
            N_(
                "a broadside move never pushes: {cell} is not empty (only an in-line move can push)"
            ),
            N_("there is no marble to move on {cells}"),
            N_("only {seat}'s own marbles move together"),
            # chaturaji
            N_("the king moves one square in any direction"),
            N_("the elephant moves any number of free squares along a rank or a file"),
            N_("the horse moves like a chess knight"),
            N_("the boat moves exactly two squares diagonally, jumping over the middle one"),
            N_("a pawn moves one square forward, and captures one square diagonally forward"),
            N_("the die shows {face}: move {kinds}"),
            N_("the dice show {face} and {face2}: move {kinds}"),
            N_("{rule}; a turn is lost only when none can move"),
            N_("a turn is lost only when no piece can move"),
            N_("it is {seat}'s turn, and the die must be rolled first"),
            N_("the {piece} on {cell} is {seat}'s, frozen since its king was captured"),
            N_("the {piece} on {cell} is {seat}'s, commanded by {seat2} since the parade of boats"),
            N_("it is {seat}'s turn: the {piece} on {cell} is {seat2}'s"),
            N_("a pawn captures diagonally forward, never straight ahead"),
            N_("a pawn moves diagonally only to capture"),
            N_("partners never capture each other's pieces"),
            N_("a boat never captures a boat; boats fall only in a parade of boats"),
            N_(
                "with ranks, a {piece} may not capture a {prey}: weak pieces (pawns, boats) "
                "never take strong ones (horses, elephants, kings)"
            ),
            N_("a pawn is exchanged only on its last line ({line})"),
            N_("this pawn stood in front of the {piece}: it can become only a {piece2}"),
            N_(
                "{seat}'s {piece} is still on the board: the pawn becomes a {piece2} only "
                "once it is lost"
            ),
            # robotory
            N_("a token goes on a free cell; {cell} holds {what}"),
            N_("{seat} has no token in stock: refill first"),
            N_("{seat} has no white token in stock"),
            N_("{seat} has no black token in stock"),
            N_("a player who can act may not pass"),
            N_("{robot} stands on {cell}, not on {cell2}"),
            N_(
                "a robot steps onto a neighbouring cell; {cell} is two cells from {cell2} "
                "(a robot goes further only by eating a token on each cell on its way)"
            ),
            N_("a robot steps onto a neighbouring cell; {cell} is not next to {cell2}"),
            N_("a robot moves only onto a token it can eat; {cell} is empty"),
            N_("{cell} holds {what}"),
            N_("the red robot eats tokens of either colour; {cell} holds {what}"),
            N_("the white robot eats only white tokens; {cell} holds {what}"),
            N_("the black robot eats only black tokens; {cell} holds {what}"),
            N_("a refill is possible only with fewer than {count} tokens in stock"),
            N_("the lid holds only {count} white token(s)"),
            N_("the lid holds only {count} black token(s)"),
            N_("the lid holds only {count} token(s): a refill takes them all"),
            N_("a refill brings the stock back to {count}: take {take} token(s)"),
        )
    )
)
"""Every reason the games' rules give for an illegal move, as a template (each
game's in turn, from its engine/<game>/illegal.py)."""

RESULTS = (
    N_("draw ({termination})"),
    N_("{seats} wins ({termination})"),
    N_("{seats} share the win ({termination})"),
)
"""The sentences ``Game.describe_outcome`` makes; the terminations are msgids too."""

TERMINATIONS = tuple(termination.value for termination in Termination)

_AND = N_(" and ")
_OR = N_(", or ")
_LINES = (N_("rank {n}"), N_("file {n}"))

SEAT_FIELDS = frozenset({"seat", "seat2", "seats"})
PIECE_FIELDS = frozenset({"piece", "piece2", "prey"})


@dataclass(frozen=True, slots=True)
class Template:
    """A msgid and the pattern that reads its values back out of an English reason."""

    msgid: str
    pattern: re.Pattern[str]


def template_pattern(
    msgid: str, field: Callable[[str], str] | None = None, flags: int = 0
) -> re.Pattern[str]:
    """What reads a msgid's values back out of the English it was filled to: each
    placeholder ``field(name)`` (by default anything, the shortest)."""
    parts = []
    for literal, name, _, _ in Formatter().parse(msgid):
        parts.append(re.escape(literal))
        if name:
            parts.append(f"(?P<{name}>{field(name) if field else '.+?'})")
    return re.compile("".join(parts), flags)


@cache
def templates() -> tuple[Template, ...]:
    """The templates, the most particular first, so that "{cell} holds {what}" is
    tried last."""
    return particular_first(REASONS)


def particular_first(
    msgids: Iterable[str], field: Callable[[str], str] | None = None, flags: int = 0
) -> tuple[Template, ...]:
    """Templates of ``msgids`` (each once), the most particular first: the longest
    words outside the placeholders."""
    made = [
        Template(msgid, template_pattern(msgid, field, flags)) for msgid in dict.fromkeys(msgids)
    ]
    return tuple(sorted(made, key=lambda t: -len(re.sub(r"\{\w+\}", "", t.msgid))))


def fitting(templates: Iterable[Template], text: str) -> tuple[Template, dict[str, str]] | None:
    """The first of ``templates`` ``text`` fills, with its values; None when none fits."""
    for template in templates:
        match = template.pattern.fullmatch(text)
        if match is not None:
            return template, match.groupdict()
    return None


def template_of(reason: str) -> tuple[Template, dict[str, str]] | None:
    """The template ``reason`` is of, with its values; None when no template fits."""
    return fitting(templates(), reason)


def _spoken(game: str) -> Any:
    """The game's words said aloud (engine/<game>/spoken.py), read by their shape."""
    return import_module(f"engine.{game}.spoken")


@cache
def piece_words(game: str, code: str) -> Mapping[str, str]:
    """English piece (or robot, token) words to ``code``'s, from the game's spoken
    words: pieces by name (``PIECES``), by letter in each language (``BY_LANGUAGE``),
    by kind (``WORDS``' ``pieces``), or robots and tokens by letter (``WORDS``'
    ``robots``, ``tokens``)."""
    spoken = _spoken(game)
    named = getattr(spoken, "PIECES", {}).get(code)
    if named is not None:  # the pieces' names alone (Abalone's marble)
        return MappingProxyType(dict(named))
    by_language = getattr(spoken, "BY_LANGUAGE", None)
    words = getattr(spoken, "WORDS", {})
    if by_language is not None and code in by_language:
        english, there = by_language["en"], by_language[code]
        pairs = {
            name: said
            for letter, names in english.items()
            for name, said in zip(names, there[letter], strict=True)
        }
        return MappingProxyType(pairs)
    if code in words and hasattr(words[code], "pieces") and "en" in words:
        return MappingProxyType(dict(zip(words["en"].pieces, words[code].pieces, strict=True)))
    if code in words and hasattr(words[code], "robots"):
        said = words[code]
        robots = {f"the {spoken.ROBOTS[k]} robot": v for k, v in said.robots.items()}
        tokens = {f"a {spoken.TOKENS[k]} token": v for k, v in said.tokens.items()}
        return MappingProxyType({**robots, **tokens})
    return MappingProxyType({})


def seat_words(game: str, code: str) -> Mapping[str, str]:
    """A seat's English names (whole, and without its brackets) to ``code``'s."""
    found = find_game(game)
    said = found.spoken_seats.get(code)
    names: dict[str, str] = {}
    for index, seat in enumerate(found.seats):
        word = said[index] if said is not None else seat.name.split(" (")[0]
        names[seat.name] = names[seat.name.split(" (")[0]] = word
    return MappingProxyType(names)


def _bare(text: str) -> str:
    return re.sub(r"^(?:a|an|the) ", "", text)


def _piece(game: str, code: str, text: str) -> str:
    words = piece_words(game, code)
    return words.get(text, words.get(_bare(text), text))


def _value(game: str, name: str, text: str, language: Language) -> str:
    code = language.value
    if name in SEAT_FIELDS:
        parts = text.split(" and ")
        said = [seat_words(game, code).get(part, part) for part in parts]
        return translated(_AND, language).join(said)
    if name in PIECE_FIELDS or name in ("what", "robot"):
        return _piece(game, code, text)
    if name == "kinds":
        kinds = re.split(r", or | or ", text)
        return translated(_OR, language).join(_piece(game, code, kind) for kind in kinds)
    if name == "rule":
        return reason_text(game, text, language)
    if name == "line":
        kind, _, n = text.partition(" ")
        return translated(_LINES[kind == "file"], language).format(n=n)
    return text


def reason_text(game: str, reason: str, language: Language) -> str:
    """``reason``, one of ``game``'s, in ``language``: as it is when no template fits
    (a test holds every reason the rules give to one)."""
    if language is Language.ENGLISH:
        return reason
    found = template_of(reason)
    if found is None:
        return reason
    template, values = found
    said = {name: _value(game, name, text, language) for name, text in values.items()}
    return translated(template.msgid, language).format(**said)


def _knows(game: str, values: Mapping[str, str], code: str) -> bool:
    """Whether ``game`` has words for every seat and piece among ``values``."""
    seats, pieces = seat_words(game, code), piece_words(game, code)
    for name, text in values.items():
        if name in SEAT_FIELDS and not all(part in seats for part in text.split(" and ")):
            return False
        piece = name in PIECE_FIELDS | {"what", "robot"}
        if piece and _bare(text) not in pieces and text not in pieces:
            return False
    return True


def any_reason_text(reason: str, language: Language) -> str:
    """``reason`` of a game not named: told with the words of the first game whose
    seats it names (the first game when it names none)."""
    found = template_of(reason)
    if found is None or language is Language.ENGLISH:
        return reason
    _, values = found
    named = [game.name for game in games() if _knows(game.name, values, language.value)]
    return reason_text((named or [games()[0].name])[0], reason, language)


def result_text(description: str, language: Language) -> str:
    """A result as ``Game.describe_outcome`` says it, in ``language``."""
    if language is Language.ENGLISH:
        return description
    for msgid in RESULTS:
        match = template_pattern(msgid).fullmatch(description)
        if match is None or match["termination"] not in TERMINATIONS:
            continue
        values = {"termination": translated(match["termination"], language)}
        if "seats" in msgid:
            values["seats"] = _seats(match["seats"], language)
        return translated(msgid, language).format(**values)
    return description


def _seats(text: str, language: Language) -> str:
    names = text.split(" and ")
    for game in games():
        table = seat_words(game.name, language.value)
        if all(name in table for name in names):
            return _value(game.name, "seats", text, language)
    return text
