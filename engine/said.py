"""What Kiban says, as a value: a message id and its typed values.

The rules say why a move is illegal and how a game ended; the session says why it
refused an input. None of them writes a sentence for a person: each makes a ``Said``,
the msgid (an English sentence with ``{named}`` placeholders, the key a gettext
catalogue translates, marked ``N_``) and the values that fill it, each typed by what
it is: a seat by its index, a piece by the game's English word for it, a spot by
its id, a word the catalogue translates, a count, a nested message (a move in its
game's words is one, in its game's catalogue: ``MoveSaid``), or text kept as it
is (a cell, a move in notation, a path). Only the telling room
(firmware_host/telling/rendering.py) turns one into words in a language, asking the game
for its own words (``Game.spoken_seats``, ``Game.piece_words``, ``Game.move_phrases``,
a phrase about a count in each plural form its language has); nothing reads a
sentence back.

``str(said)`` is the English, for logs and exceptions: each value knows its English.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from engine.catalogue import MOVE


def N_(msgid: str) -> str:  # noqa: N802 - gettext's name for a msgid marked, not translated
    """A msgid, marked for the catalogues (firmware_host/telling/language.py collects
    every one marked in engine/ and firmware_host/)."""
    return msgid


@dataclass(frozen=True, slots=True)
class Plural:
    """Words about a count, as English says them of one and of many (``{count}`` in
    both): a catalogue holds them in each plural form its language has (gettext's
    ``msgid_plural``: Polish and Czech have three, Japanese one)."""

    one: str
    many: str

    @property
    def key(self) -> str:
        """The entry's key in a catalogue read by ``read_po``."""
        return f"{self.one}\0{self.many}"

    def english(self, count: int) -> str:
        """The English words for ``count``, filled: for the developer's tools, which
        speak English only (``kiban match``), so that "1 games" is never written."""
        return (self.one if count == 1 else self.many).format(count=count)


def NP_(one: str, many: str) -> Plural:  # noqa: N802 - the plural msgid's mark, as N_
    """A plural msgid, marked for the catalogues (collected as ``N_``'s are)."""
    return Plural(one, many)


@dataclass(frozen=True, slots=True)
class SeatWord:
    """A seat in a message: its index, and its name as the game titles it in English
    ("A (sente)"), told in a language by the game's ``spoken_seats``."""

    index: int
    english: str

    def __str__(self) -> str:
        return self.english


@dataclass(frozen=True, slots=True)
class Seats:
    """Several seats in a message: "A (sente) and B (gote)" in English."""

    seats: tuple[SeatWord, ...]
    joiner: str = N_(" and ")

    def __str__(self) -> str:
        return self.joiner.join(str(seat) for seat in self.seats)


@dataclass(frozen=True, slots=True)
class PieceWord:
    """A piece (a robot, a token, a marble) in a message by the game's English word for
    it, article and all ("the red robot", "chick"), told in a language by the game's
    ``piece_words``."""

    english: str
    article: str = ""
    """The English article said before it ("a horse"), which other languages drop."""

    def __str__(self) -> str:
        return f"{self.article} {self.english}" if self.article else self.english


@dataclass(frozen=True, slots=True)
class SpotWord:
    """A spot in a message by its id: a cell told by its printed name, a spot off the
    board or an indicator by whose it is and what it holds or shows, in the game's
    words ("A (sente)'s hand: chick"), by the telling room. Its English for a log is
    its id, which names it exactly."""

    spot: str

    def __str__(self) -> str:
        return self.spot


@dataclass(frozen=True, slots=True)
class Term:
    """A word of Kiban's own in a message that the catalogue translates (a game's
    title, how a game ended, a level's name): the word is its msgid."""

    msgid: str

    def __str__(self) -> str:
        return self.msgid


@dataclass(frozen=True, slots=True)
class Either:
    """A choice among words in a message ("a horse, or a boat" in English), or a list
    of them (its joiner says which)."""

    words: tuple[Value, ...]
    joiner: str = N_(", or ")

    def __str__(self) -> str:
        return self.joiner.join(str(word) for word in self.words)


@dataclass(frozen=True, slots=True)
class CountWord:
    """A count said aloud, in words up to nine ("two", "に"), digits beyond: told by the
    language's number words (``engine.spoken.number_words``). Its English for a log is
    its digits."""

    count: int

    def __str__(self) -> str:
        return str(self.count)


@dataclass(frozen=True, slots=True)
class Said:
    """One thing said: ``msgid`` filled with ``values`` (name and value pairs, in the
    order given: a plain tuple, so that a ``Said`` crosses to the computer's process).
    Words about a count have a ``plural`` too (gettext's ``msgid_plural``, English for
    many): the ``count`` value picks the form each language takes for it."""

    msgid: str
    values: tuple[tuple[str, Value], ...] = ()
    plural: str | None = None
    context: str | None = None
    """Where the msgid is translated: None, Kiban's catalogue (and the games' own
    msgids merged in); ``"move"`` (``engine.catalogue.MOVE``), the game's own catalogue
    in that context, which holds the words of its moves (two games may say one English
    phrase differently)."""

    @property
    def fields(self) -> dict[str, Value]:
        """The values by their placeholders' names."""
        return dict(self.values)

    @property
    def count(self) -> int | None:
        """The count a plural message is about (None: it is about none)."""
        count = self.fields.get("count") if self.plural is not None else None
        if isinstance(count, CountWord):
            return count.count
        return count if isinstance(count, int) else None

    def __str__(self) -> str:
        many = self.plural is not None and self.count != 1
        template = self.plural if many and self.plural is not None else self.msgid
        return template.format(**{name: str(value) for name, value in self.values})


@dataclass(frozen=True, slots=True)
class MoveSaid:
    """A move in its game's words (``Game.move_said``), each a ``Said``, mostly
    phrases of the game's catalogue (``context`` ``"move"``): ``by_seat`` the move said
    by the seat that makes it ("A: chick to 2 b", "black rolls 3 and 4"), ``alone``
    without who makes it (a spoken prompt's choices: "chick to 2 b, takes chick"), and
    ``label`` as a prompt's choice names it, its notation beside ("promote the chick
    (2b2a+)")."""

    by_seat: Said
    alone: Said
    label: Said


def move_phrase(msgid: str, **values: Value) -> Said:
    """One of a game's phrases for its moves, filled (told from its catalogue)."""
    return Said(msgid, tuple(values.items()), context=MOVE)


def move_plural(plural: Plural, count: int | CountWord, **values: Value) -> Said:
    """One of a game's phrases about a count (a plural msgid, ``NP_``), filled: its
    catalogue gives each form its language has, in the ``move`` context, and
    ``count`` picks one (English: the one or the many)."""
    return Said(plural.one, (("count", count), *values.items()), plural.many, MOVE)


def by_seat(seat: SeatWord, move: Said, msgid: str = "") -> Said:
    """``move`` said by ``seat``: the game's ``msgid`` (``BY_SEAT`` unless given), in
    its catalogue's ``move`` context."""
    return Said(msgid or BY_SEAT, (("seat", seat), ("move", move)), context=MOVE)


def labelled(words: Value, notation: str) -> Said:
    """A prompt's choice: ``words`` naming the move, its notation beside (``LABELLED``)."""
    return Said(LABELLED, (("words", words), ("notation", notation)))


BY_SEAT = "{seat}: {move}"
"""A move said by its seat: a msgid of every game that words its moves, in its
catalogue's ``move`` context (Japanese says "{seat}、{move}", French "{seat} : {move}")."""
LABELLED = "{words} ({notation})"
"""A prompt's choice: the move in words, its notation beside (glue of no language: in
no catalogue, told as it is)."""


Value: TypeAlias = (
    "str | int | SeatWord | Seats | PieceWord | SpotWord | Term | Either | CountWord | Said"
)
"""What fills a placeholder: text kept as it is (a cell, a move, a path), a count,
or one of the typed words above."""


def said(msgid: str, /, **values: Value) -> Said:
    """``msgid`` filled with ``values``: the way every source makes what it says."""
    return Said(msgid, tuple(values.items()))


def plural_said(plural: Plural, /, count: int, **values: Value) -> Said:
    """Words about ``count`` (a plural msgid, ``NP_``) filled with ``values``."""
    return Said(plural.one, (("count", count), *values.items()), plural.many)


def verbatim(text: str) -> Said:
    """Text said as it is in every language: words that came from outside Kiban (a
    server's reason, the operating system's error), which no catalogue holds."""
    return Said(VERBATIM, (("text", text),))


VERBATIM = "{text}"
"""The msgid of text said as it is (never in a catalogue: it is told as it is)."""


def said_of(error: BaseException) -> Said:
    """What an error says: the ``Said`` it was raised with, else its text as it is."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Said) else verbatim(str(error))


def alone(value: Value) -> Said:
    """One value said alone (a spot's name, a seat's, a game's title), for a text that
    is nothing but a word: told in a language as the value is."""
    return Said(ALONE, (("value", value),))


ALONE = "{value}"
"""The msgid of a value said alone (never in a catalogue: it has no words of its own)."""
