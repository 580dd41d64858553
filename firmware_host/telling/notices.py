"""Every notice told once: its line (the terminal's and the page's log) and its
spoken sentence (the board's speaker and the page's speech), from one wording.

Each notice has one ``Wording``: whole sentences with named placeholders, the msgids
a translation (gettext, ``N_`` marks them) will look up; nothing is built of
fragments. The line and the sentence are the same words unless the sentence must
say differently what the line shows (a move's notation on the screen, its words
aloud), and a notice that is not said aloud says so (``said`` is None). A move in a
placeholder is its notation on a line and its words aloud; a count is digits on a
line and a word aloud.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engine.game import Position
from engine.opening import DrawResult, draw_said
from engine.puzzles import kind_of
from engine.registry import find_game
from engine.said import (
    NP_,
    CountWord,
    Either,
    Plural,
    Said,
    SeatWord,
    plural_said,
    said,
)
from engine.said import Term as SaidTerm
from engine.said import Value as SaidValue
from firmware_host.notices.declared import (
    BlunderWarned,
    BoardReady,
    BoardTurned,
    ComputerMoved,
    FaultCleared,
    FaultShown,
    FaultSource,
    FirstPlayerDrawn,
    GameEnded,
    GameStarted,
    HintShown,
    IllegalShown,
    MoveCommitted,
    MovesTakenBack,
    Notice,
    OffGuideShown,
    OutOfStepShown,
    PairingShown,
    PromptOpened,
    Proposal,
    ProposalAnswered,
    ProposalMade,
    PuzzleAsked,
    PuzzleMissed,
    PuzzleSet,
    PuzzleSolved,
    Refused,
    RemoteMoved,
    ReviewShown,
    RoomTold,
    SeatsChosen,
    ServerRefusedMove,
    StoreReplaced,
)
from firmware_host.session.state import (
    AcceptChoice,
    DeclineChoice,
    HeldChoice,
    PlayOnChoice,
    PuzzleChoice,
    ResultChoice,
    SetDownChoice,
    TakebackChoice,
)
from firmware_host.telling.language import N_, Language, translated, translated_plural
from firmware_host.telling.rendering import told
from firmware_host.telling.spoken_moves import move_said, seat_name


@dataclass(frozen=True, slots=True)
class Move:
    """A move in a placeholder: its notation on a line, its words aloud (``by_seat``:
    the seat to move says it, "sente: pawn to 7 six")."""

    text: str
    by_seat: bool = False


@dataclass(frozen=True, slots=True)
class Moves:
    """A list of moves in a placeholder: "a / b" on a line, "a, or b" aloud."""

    texts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Term:
    """A word in a placeholder that the catalogue translates (a game's title)."""

    text: str


@dataclass(frozen=True, slots=True)
class Count:
    """A count in a placeholder: digits on a line, a word aloud."""

    value: int


@dataclass(frozen=True, slots=True)
class Question:
    """A puzzle's question in a placeholder ("A (sente) to move: win in 2 of your
    moves"), in the language's words for the seat and the puzzle's kind."""

    game: str
    kind: str
    plies: int
    seat: int


@dataclass(frozen=True, slots=True)
class Drawn:
    """The opening draw in a placeholder, told in the language (``draw_text``)."""

    draw: DrawResult


Value = str | int | Move | Moves | Count | Term | Said | Question | Drawn


@dataclass(frozen=True, slots=True)
class Wording:
    """One notice's words: ``shown`` on a line, ``said`` aloud (None: not said), each a
    whole sentence whose ``{names}`` the ``values`` fill; a sentence about a count
    (``Plural``) takes the form its ``count`` value needs in the language."""

    shown: str | Plural
    said: str | Plural | None
    values: Mapping[str, Value] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))


def both(msgid: str | Plural, **values: Value) -> Wording:
    """Words shown and said alike."""
    return Wording(msgid, msgid, MappingProxyType(values))


def shown_only(msgid: str, **values: Value) -> Wording:
    """Words shown, not said aloud."""
    return Wording(msgid, None, MappingProxyType(values))


def _template(msgid: str | Plural, values: Mapping[str, Value], language: Language) -> str:
    """``msgid`` in ``language``; a plural one in the form of its ``count`` value."""
    if isinstance(msgid, str):
        return translated(msgid, language)
    count = values["count"]
    assert isinstance(count, Count), f"{msgid} is told of a Count"
    return translated_plural(msgid, count.value, language)


OFFERED = MappingProxyType(
    {
        Proposal.DRAW: N_("a draw offered: waiting for the other board's answer"),
        Proposal.TAKEBACK: N_("a takeback offered: waiting for the other board's answer"),
        Proposal.SEAT: N_("a seat asked for: waiting for the host board's answer"),
    }
)
ANSWERED = MappingProxyType(
    {  # (what, accepted, ours)
        (Proposal.DRAW, True, True): N_("the other board accepted your draw"),
        (Proposal.DRAW, False, True): N_("the other board declined your draw"),
        (Proposal.TAKEBACK, True, True): N_("the other board accepted your takeback"),
        (Proposal.TAKEBACK, False, True): N_("the other board declined your takeback"),
        (Proposal.DRAW, True, False): N_("a draw accepted"),
        (Proposal.DRAW, False, False): N_("a draw declined"),
        (Proposal.TAKEBACK, True, False): N_("a takeback accepted"),
        (Proposal.TAKEBACK, False, False): N_("a takeback declined"),
        (Proposal.SEAT, True, True): N_("the host board gave this board the seat"),
        (Proposal.SEAT, False, True): N_("the host board kept the seat for its own board"),
        (Proposal.SEAT, True, False): N_("the seat is given to the board that asked"),
        (Proposal.SEAT, False, False): N_("the seat stays with its own board"),
    }
)
PRESS_NEXT = N_("which move? {choices}: press next to cycle and ok to choose")


def wording(notice: Notice) -> Wording:  # noqa: C901 - a dispatcher: a case per kind of notice
    """The words of ``notice``: every notice has some (a test holds each to it)."""
    values: dict[str, Value]
    match notice:
        case MoveCommitted(ply, move, _):
            return Wording(
                N_("move {ply}: {move}"),
                N_("{said}"),
                {"ply": ply, "move": move, "said": Move(move, by_seat=True)},
            )
        case PromptOpened(choices, _):
            return _prompt(choices)
        case MovesTakenBack(plies, _):
            return both(
                NP_("took back {count} move", "took back {count} moves"), count=Count(plies)
            )
        case IllegalShown(move, reason, _):
            return Wording(
                N_("illegal move {move}: {reason}"),
                N_("illegal: {reason}"),
                {"move": move, "reason": reason},
            )
        case OffGuideShown(moves, guide, _):
            values = {"moves": Moves(moves), "guide": Move(guide)}
            return Wording(
                N_("{moves} is not the move to play ({guide})"),
                N_("not that move: play {guide}"),
                values,
            )
        case OutOfStepShown():
            return shown_only(N_("the board is out of step: follow the lights"))
        case GameEnded(_, description, _):
            return both(
                N_("game over: {result} — press ok for a new game"),
                result=description,
            )
        case GameStarted(game_id, game, resumed, _):
            text = (
                N_("resumed game {game_id} of {game}")
                if resumed
                else N_("new game {game_id} of {game}")
            )
            return shown_only(text, game_id=game_id, game=Term(find_game(game).title))
        case BoardReady():
            return both(N_("the board is set up: play"))
        case FirstPlayerDrawn(draw, _):
            return both(N_("{description}"), description=Drawn(draw))
        case SeatsChosen(players, _):
            return both(N_("{description}"), description=players)
        case Refused(reason, _):
            return both(N_("refused: {reason}"), reason=reason)
        case FaultShown(message, _, FaultSource.STORE):
            return both(N_("not saved: {message}"), message=message)
        case FaultShown(message, _, _):
            return both(N_("fault: {message}"), message=message)
        case FaultCleared(_, FaultSource.STORE):
            return both(N_("the game store takes the game again: everything is saved"))
        case FaultCleared(_, FaultSource.LINES):
            return both(N_("the board's GPIO lines are watched again"))
        case FaultCleared():
            return both(N_("the board answers again"))
        case StoreReplaced(message, _):
            return shown_only(N_("{message}"), message=message)
        case ComputerMoved(_, move, note, _) if note is not None:
            values = {"move": Move(move), "note": note}
            return Wording(
                N_("the computer plays {move}: play it on the board ({note})"),
                N_("the computer plays {move}: play it on the board"),
                values,
            )
        case ComputerMoved(_, move, _, _):
            return both(N_("the computer plays {move}: play it on the board"), move=Move(move))
        case RemoteMoved(_, move, _):
            return both(N_("the other board plays {move}: play it on the board"), move=Move(move))
        case ProposalMade(kind, _):
            return both(OFFERED[kind])
        case ProposalAnswered(kind, accepted, ours, _):
            return both(ANSWERED[kind, accepted, ours])
        case HintShown(move, _):
            return both(N_("hint: {move}"), move=Move(move))
        case BlunderWarned(move, reason, _):
            values = {"move": move, "reason": reason}
            return Wording(
                N_("careful: {move} {reason}; press ok to take it back, or choose play on"),
                N_("careful: that move {reason}"),
                values,
            )
        case PuzzleMissed(move, _):
            return Wording(
                N_("{move} is not the puzzle's answer: put it back and try again"),
                N_("not the move: try again"),
                {"move": Move(move)},
            )
        case PuzzleSolved():
            return both(N_("puzzle solved: well played"))
        case PuzzleAsked():
            return shown_only(N_("a puzzle asked from the board's buttons"))
        case PuzzleSet(puzzle, game, kind, plies, seat, difficulty, _):
            return Wording(
                N_("puzzle {puzzle}, difficulty {difficulty}: {question}"),
                N_("a puzzle: {question}"),
                {
                    "puzzle": puzzle,
                    "difficulty": difficulty,
                    "question": Question(game, kind, plies, seat),
                },
            )
        case ReviewShown(game_id, _, _, None, _):
            return both(N_("review of game {game_id}: the start"), game_id=game_id)
        case ReviewShown(game_id, ply, plies, move, _):
            return both(
                N_("review of game {game_id}: move {ply} of {plies}: {move}"),
                game_id=game_id,
                ply=ply,
                plies=plies,
                move=move or "",
            )
        case ServerRefusedMove(server, move, reason, _):
            return both(
                N_("{server} refused {move}: {reason} — take it back on the board"),
                server=server,
                move=Move(move),
                reason=reason,
            )
        case PairingShown(pairing, _):
            return both(
                N_("the pairing: {pairing}; play starts once the pieces are set up for it"),
                pairing=pairing,
            )
        case RoomTold(what, _):
            return both(N_("the club room: {what}"), what=what)
        case BoardTurned(True, _):
            return shown_only(N_("the pieces stand the other way round: the board follows them"))
        case BoardTurned():
            return shown_only(N_("the board is the right way round again"))


def _prompt(choices: tuple[str, ...]) -> Wording:
    if len(choices) == 2 and f"{min(choices, key=len)}+" == max(choices, key=len):
        return both(N_("which move? promote or not"))
    if set(choices) == {TakebackChoice.NAME, PlayOnChoice.NAME}:
        return both(N_("take it back, or play on?"))
    if set(choices) == {PuzzleChoice.NAME, PlayOnChoice.NAME}:
        return both(N_("a puzzle, giving up this game, or play on?"))
    if set(choices) == {AcceptChoice.NAME, DeclineChoice.NAME}:
        return both(N_("the other board asks: accept, or decline?"))
    if ResultChoice.NAME in choices:
        return both(N_("the result: the other player confirms it, or not agreed?"))
    if SetDownChoice.NAME in choices:
        return both(N_("played, or only set down? {choices}"), choices=Moves(choices))
    if HeldChoice.NAME in choices:
        return both(N_("played, or still in the hand? {choices}"), choices=Moves(choices))
    return both(N_("which move? {choices}"), choices=Moves(choices))


def line_said(notice: Notice) -> Said:
    """``notice``'s line as what is said: its msgid and values (moves in notation, a
    count as its number), which whoever shows it tells in its language (the log here,
    the page with the served words: static/words.js tells it as ``told`` does)."""
    words = wording(notice)
    values = tuple((name, _shown(value)) for name, value in words.values.items())
    if isinstance(words.shown, Plural):
        return Said(words.shown.one, values, words.shown.many)
    return Said(words.shown, values)


def notice_line(
    notice: Notice, language: Language = Language.ENGLISH, game: str | None = None
) -> str:
    """``notice`` as a line of the log, its moves in notation; ``game`` (its name), when
    known, names the seats and pieces in reasons and messages by its own words (a
    notice that names its game, a puzzle set, is told in that game's)."""
    named = game or _named_game(notice)
    return told(line_said(notice), language, None if named is None else find_game(named))


def _named_game(notice: Notice) -> str | None:
    """The game ``notice`` names, if it names one."""
    if isinstance(notice, PuzzleSet | GameStarted):
        return notice.game
    return None


def notice_sentence(
    notice: Notice, position: Position[Any] | None, language: Language = Language.ENGLISH
) -> str | None:
    """``notice`` said aloud (None: it is not said); ``position`` is the game when it
    happened (before the move of a ``MoveCommitted``), None when it is not known: its
    moves are then said as they are written."""
    spoken = sentence_said(notice, position)
    game = None if position is None else position.game
    return None if spoken is None else told(spoken, language, game)


def sentence_said(notice: Notice, position: Position[Any] | None) -> Said | None:
    """``notice`` said aloud as a value (None: it is not said): its moves in the game's
    words (``spoken_moves.move_said``), its counts in words (``CountWord``), which
    whoever says it tells in its language."""
    words = wording(notice)
    if words.said is None:
        return None
    values = tuple((name, _spoken(value, position)) for name, value in words.values.items())
    if isinstance(words.said, Plural):
        return Said(words.said.one, values, words.said.many)
    return Said(words.said, values)


def clock_said(position: Position[Any], seat: int, mark: float) -> Said:
    """What is said as ``seat``'s clock passes ``mark`` seconds left, as a value: the
    seat as said aloud (without what its title adds in brackets)."""
    name = SeatWord(seat, seat_name(position, seat))
    if mark == 60:
        return said(N_("{seat}: one minute left"), seat=name)
    return plural_said(SECONDS_LEFT, count=round(mark), seat=name)


def clock_sentence(position: Position[Any], seat: int, mark: float, language: Language) -> str:
    """``clock_said`` told in ``language``, in the game's words for its seats."""
    return told(clock_said(position, seat, mark), language, position.game)


TOOK_BACK = NP_("took back {count} move", "took back {count} moves")
"""Moves taken back."""
SECONDS_LEFT = NP_("{seat}: {count} second left", "{seat}: {count} seconds left")
"""A clock's warning of its last seconds."""


def question_said(value: Question) -> Said:
    """A puzzle's question as what is said: the seat to move and what its kind asks."""
    game = find_game(value.game)
    kind = kind_of(game, value.kind)
    moves = (value.plies + 1) // 2
    asked = said(kind.words, plies=value.plies, moves=moves)
    return said(N_("{seat} to move: {question}"), seat=game.seat_word(value.seat), question=asked)


def question_text(value: Question, language: Language) -> str:
    """A puzzle's question in ``language``, as a notice and the page ask it."""
    return told(question_said(value), language, find_game(value.game))


def _shown(value: Value) -> str | int | Said | SaidTerm:
    """A placeholder's value as a line shows it: moves in notation, counts in digits."""
    match value:
        case Term(text):
            return SaidTerm(text)
        case Said() | str() | int():
            return value
        case Move(text, _):
            return text
        case Moves(texts):
            return " / ".join(texts)
        case Count(count):
            return count
        case Question():
            return question_said(value)
        case Drawn(draw):
            return draw_said(draw)
    raise AssertionError(f"no words for {value!r}")  # pragma: no cover - every value is above


def _spoken(value: Value, position: Position[Any] | None) -> SaidValue:
    """A placeholder's value as speech says it: a move in the game's words for it in
    every language (as it is written when the position is not known), a count in
    words."""
    match value:
        case Term(text):
            return SaidTerm(text)
        case Said() | str() | int():
            return value
        case Move(text, _) if position is None:
            return text
        case Move(text, whole):
            assert position is not None
            return move_said(position, text, by_seat=whole)
        case Moves(texts):
            return Either(tuple(_spoken(Move(text), position) for text in texts), N_(", or "))
        case Count(count):
            return CountWord(count)
        case Question():
            return question_said(value)
        case Drawn(draw):
            return draw_said(draw)
