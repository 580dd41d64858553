"""What a game is called and the words it tells with: the part of the game contract
the telling reads (a ``Game`` is a ``GameWords``).

A game names itself, its seats, its pieces and its moves in English, and
translates them in its own catalogue beside its package (``engine/catalogue.py``
reads it), each msgid in its context: a seat's word, a piece's word, a move's
phrase. What it says is a value (``engine/said.py``: a seat by its index, a
phrase by its msgid), told in a language at the edge; nothing here formats a
sentence for a person, and nothing here knows the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from types import MappingProxyType
from typing import ClassVar, Generic, TypeVar

from engine.catalogue import MOVE, PIECE, seats_told, seats_told_in, words_in
from engine.geometry import Seat
from engine.outcome import Outcome
from engine.said import N_, MoveSaid, Plural, Said, Seats, SeatWord, Term, said

P = TypeVar("P")
"""The game's position (``engine.game.Position``), which its moves are said in."""

CATALOGUES = "locale"  # the folder of a game's own catalogues beside its package


class GameWords(Generic[P]):
    """A game's names and words: its name, title and seats, the words of its pieces
    and moves, its catalogue, and how it says who won. A game writes the class
    attributes; the rest has a default here that a game overrides where it has more
    to say (its moves in words)."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    seats: ClassVar[tuple[Seat, ...]]
    going_on: ClassVar[str] = "move"
    """What players call a move that may go on after the board showed it (a chain)."""
    score_words: ClassVar[str | None] = None
    """What the seats' scores count (``Position.scores``), as the page explains them
    beside the numbers; None for a game that does not score."""

    seat_is_colour: ClassVar[bool] = False
    """Whether a seat is named by its pieces' colour: a piece is then "a black marble",
    not "black's marble"."""

    piece_names: ClassVar[tuple[str, ...]] = ()
    """The game's English words for its pieces, as its reasons and moves name them
    ("chick", "the red robot"): its catalogue translates each (``msgctxt "piece"``)."""
    move_msgids: ClassVar[tuple[str, ...]] = ()
    """The msgids of the game's words for its moves (``move_said``), ``BY_SEAT`` among
    them: its catalogue translates each in the ``move`` context (``msgctxt "move"``)."""
    move_plurals: ClassVar[tuple[Plural, ...]] = ()
    """The plural msgids of its moves' words, about a count ("{count} white tokens",
    ``move_plural``): its catalogue gives each in every plural form of its language,
    in the ``move`` context."""

    @property
    def spoken_seats(self) -> Mapping[str, tuple[str, ...]]:
        """The seats' words by language code, where its catalogue has them all (every
        language's catalogue read: ``seats_in`` reads one)."""
        return seats_told(self, tuple(seat.name for seat in self.seats))

    def seats_in(self, language: str) -> tuple[str, ...] | None:
        """The seats' words in ``language`` where its catalogue has them all, else None
        (English: their English names)."""
        return seats_told_in(self, tuple(seat.name for seat in self.seats), language)

    def catalogue(self, language: str) -> str | None:
        """The game's own ``.po`` catalogue for ``language`` (its title, reasons,
        options' and claims' words translated); None: its msgids are told in English.
        By default ``locale/<code>.po`` beside its package, read as its puzzles are."""
        package = type(self).__module__.rpartition(".")[0]
        source = resources.files(package).joinpath(CATALOGUES, f"{language}.po")
        return source.read_bytes().decode("utf-8") if source.is_file() else None

    def seat_word(self, seat: int) -> SeatWord:
        """Seat ``seat`` in a message (told in a language by ``spoken_seats``)."""
        return SeatWord(seat, self.seats[seat].name)

    def piece_words(self, language: str) -> Mapping[str, str]:
        """Each of ``piece_names`` to ``language``'s word for it, as its catalogue
        translates it; a word missing here is told in English."""
        return MappingProxyType(words_in(self, PIECE, self.piece_names, language))

    def move_phrases(self, language: str) -> Mapping[str, str]:
        """Each of ``move_msgids`` to its translation in ``language``, as its catalogue
        translates it in the ``move`` context, and each of ``move_plurals`` by its key
        (``Plural.key``) to its forms joined by NUL, in the order the language's plural
        rule numbers them; one missing is said in English."""
        msgids = (*self.move_msgids, *(plural.key for plural in self.move_plurals))
        return MappingProxyType(words_in(self, MOVE, msgids, language))

    def move_said(self, position: P, text: str) -> MoveSaid | None:
        """``text``, a move of ``position``, in the game's own words, as a value told
        at the edge in any language (its msgids are its ``move_msgids``); None: the game
        has no such words (its notation is said)."""
        return None

    def describe_outcome(self, outcome: Outcome) -> Said:
        """The end of a game, naming the winners by their seats (its English is the
        record's result: "A (sente) wins (checkmate)")."""
        termination = Term(outcome.termination.value)
        if outcome.is_draw:
            return said(N_("draw ({termination})"), termination=termination)
        winners = Seats(tuple(self.seat_word(seat) for seat in sorted(outcome.winners)))
        if len(outcome.winners) == 1:
            return said(N_("{seats} wins ({termination})"), seats=winners, termination=termination)
        return said(
            N_("{seats} share the win ({termination})"), seats=winners, termination=termination
        )
