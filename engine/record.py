"""Game records: what was played, as data, and the formats that write it.

A record is plain data (no game, no position), so that writing one is a pure
function of it. Every game's records can be written as plain text; a game with
formats of its own lists them in ``Game.record_formats`` (shogi: KIF, CSA, a USI
``position`` line), and the formats it reads back beside them in
``Game.record_readers`` (plain text is read for every game, ``engine.record_read``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from engine.options import Options
from engine.outcome import Outcome


@dataclass(frozen=True, slots=True)
class Played:
    """How a position was reached, as a record has it: the start position's text, each
    move's text and the seat that made it."""

    start: str
    moves: tuple[str, ...]
    movers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Branch:
    """A variation a record gives: moves played instead of one of its line's, from the
    position before it (KIF's and KI2's ``変化：N手``).

    ``ply`` is the number of its first move, counted from the game's start: the move it
    replaces has the same number (one more than its line's moves: it is played instead
    of that line's ending). ``comments`` and ``times`` are its moves', as a record's
    are (``RecordInfo``); ``outcome``, ``suspended``, ``ending_time``, ``closing`` and
    ``foul`` say how it ends, as a record's ending does; ``branches`` are the variations
    of its own moves (their ``ply`` counted from the game's start too). Alternatives to
    one move keep the record's order, the line's own move first."""

    ply: int
    moves: tuple[str, ...]
    comments: tuple[str, ...] = ()
    times: tuple[float | None, ...] = ()
    outcome: Outcome | None = None
    suspended: bool = False
    ending_time: float | None = None
    closing: str = ""
    foul: str = ""
    branches: tuple[Branch, ...] = ()

    @property
    def last(self) -> int:
        """The number of its last move (one less than ``ply`` for a branch that is only
        an ending)."""
        return self.ply + len(self.moves) - 1


def all_branches(branches: Sequence[Branch]) -> Iterator[Branch]:
    """Every branch of ``branches``, those inside each included, each before its own."""
    for branch in branches:
        yield branch
        yield from all_branches(branch.branches)


@dataclass(frozen=True, slots=True)
class BranchCount:
    """How many variations a record holds, and their moves, all told (the player is told
    them where a format or a screen leaves them out)."""

    branches: int
    moves: int

    @classmethod
    def of(cls, branches: Sequence[Branch]) -> BranchCount:
        every = list(all_branches(branches))
        return cls(len(every), sum(len(branch.moves) for branch in every))


def branches_up_to(branches: Sequence[Branch], ply: int) -> tuple[Branch, ...]:
    """The branches that are still alternatives once a line keeps only its first ``ply``
    moves: those that replace one of them, or what came after the last."""
    return tuple(branch for branch in branches if branch.ply <= ply + 1)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game as played so far: everything a record writer needs.

    ``game`` is the game's registry name and ``title`` its name for people;
    ``seats`` the seats' names. ``start`` is the position the game started from,
    in the game's notation; ``standard_start`` says whether that is the game's
    usual start. ``movers`` holds the seat that made each move, ``result`` the
    outcome in words ("*" while the game goes on).
    """

    game: str
    title: str
    seats: tuple[str, ...]
    game_id: int
    options: Options
    start: str
    standard_start: bool
    moves: tuple[str, ...]
    movers: tuple[int, ...]
    outcome: Outcome | None
    result: str
    started: str | None = None  # "YYYY/MM/DD HH:MM:SS", local time, when known
    comments: tuple[str, ...] = ()  # a comment on each move ("" for none)
    times: tuple[float | None, ...] = ()  # each move's time in seconds (None: not known)
    players: tuple[str, ...] = ()  # each seat's player by name ("" or none: not known)
    event: str = ""
    time_control: str = ""  # as the record read in gave it ("" for none)
    note: str = ""  # the game's own comment, before the first move
    suspended: bool = False  # the game was broken off (KIF 中断, CSA %CHUDAN): no outcome
    sealed: bool = False  # broken off by a sealed move (KIF 封じ手): RecordInfo
    move_limit: bool = False  # the draw was the move limit's (CSA %MAX_MOVES): RecordInfo
    ending_time: float | None = None  # the side to move's time on the move it never made
    headers: tuple[tuple[str, str], ...] = ()  # the record read in's other headers (RecordInfo)
    closing: str = ""  # the comment after the record read in's ending (RecordInfo)
    foul: str = ""  # the illegal move that ended the record read in, not played (RecordInfo)
    branches: tuple[Branch, ...] = ()  # the record read in's variations (RecordInfo)


RecordWriter = Callable[[GameRecord, str], str]
"""Writes a record as text; the second argument is the encoding the text will be
stored in, which some formats name inside (KIF's first line) and most ignore."""


class Variations(Enum):
    """What a record format does with a record's variations (``GameRecord.branches``)."""

    KEPT = "kept"  # as variations, read back as such (KIF, KI2)
    IN_WORDS = "in words"  # as comments, for a person to read (CSA, which has no form)
    LEFT_OUT = "left out"  # not at all (plain text, a USI line)


@dataclass(frozen=True, slots=True)
class RecordFormat:
    """A way to write a record, as offered for download and by ``kiban export``; what
    it does with a record's variations (the player is told where they are not kept)."""

    name: str
    title: str
    extension: str
    media_type: str
    writer: RecordWriter
    variations: Variations = Variations.LEFT_OUT

    def write(self, record: GameRecord, encoding: str = "UTF-8") -> str:
        return self.writer(record, encoding)

    def filename(self, record: GameRecord) -> str:
        return f"kiban-{record.game}-{record.game_id}.{self.extension}"


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def facts(record: GameRecord) -> list[tuple[str, str]]:
    """The headers plain text gives what a record read in said of its game (each
    player, the event, the time control, on one line each): a game's comment and its
    moves' comments and times are not plain text's (KIF and CSA carry them)."""
    players = [(f"Player{index + 1}", name) for index, name in enumerate(record.players)]
    return [*players, ("Event", record.event), ("TimeControl", record.time_control)]


OTHER_HEADER = "Header"
"""The plain-text header that says one of a record's other headers (``GameRecord.headers``),
its name and value each quoted, ``[Header "場所" "東京"]``: a name may hold spaces or a
``$`` (``対局 ID``, ``$SITE``) that a header's own name cannot, and one line each keeps
their order and any name written twice."""


def write_plain_text(record: GameRecord, encoding: str = "UTF-8") -> str:
    """Headers in brackets, then the moves: a new numbered line each time the
    turn comes round again (a seat's roll and the move after it share a line).
    Plain text names no encoding."""
    headers = [
        ("Game", record.title),
        ("Kiban", record.game),
        ("Record", str(record.game_id)),
        *((f"Seat{index + 1}", name) for index, name in enumerate(record.seats)),
        ("Options", " ".join(f"{key}={value}" for key, value in record.options.items())),
        ("Start", record.start),
        ("Result", record.result),
    ]
    if record.started is not None:
        headers.insert(3, ("Date", record.started))
    headers += [(name, value) for name, value in facts(record) if value]
    if record.outcome is not None:
        headers.append(("Termination", record.outcome.termination.value))
    lines = [f"[{name} {_quote(value)}]" for name, value in headers]
    lines += [f"[{OTHER_HEADER} {_quote(name)} {_quote(value)}]" for name, value in record.headers]
    lines.append("")
    rows: list[list[str]] = []
    seats = len(record.seats)
    first = record.movers[0] if record.movers else 0
    previous: int | None = None
    for move, mover in zip(record.moves, record.movers, strict=True):
        # seats counted round the table from the first mover: the count falls when a
        # round ends, even if the first mover has left the game since
        place = (mover - first) % seats
        if previous is None or place < previous:
            rows.append([])
        rows[-1].append(move)
        previous = place
    lines += [f"{number}. {' '.join(row)}" for number, row in enumerate(rows, start=1)]
    lines.append(record.result)
    return "\n".join(lines) + "\n"


PLAIN_TEXT = RecordFormat(
    "txt",
    "plain text (headers and moves)",
    "txt",
    "text/plain; charset=utf-8",
    write_plain_text,
)


@dataclass(frozen=True, slots=True)
class RecordInfo:
    """What a record file says beside its start and moves, kept with a game read in so
    that its exports say it too (a game played on the board has none of it).

    ``players`` by seat ("" where the file names nobody); ``started`` and
    ``time_control`` as the file writes them (KIF's 開始日時 and CSA's $START_TIME share
    a form; a time control is kept as words, the formats' own being incompatible);
    ``note`` is the game's comment, before the first move. ``comments`` and ``times``
    are each move's, as long as the moves when any (None: a time the file does not give,
    never taken as zero). ``outcome`` is the ending the file gives, ``suspended`` that
    it says the game was broken off (KIF 中断 or 封じ手, CSA %CHUDAN) rather than ended,
    ``sealed`` that the break was a sealed move (封じ手: the next day's play opens it);
    ``move_limit`` that the drawn ending was the move limit reached (CSA ``%MAX_MOVES``),
    which a writer with a word for it writes so;
    ``ending_time``, the time the side to move spent before it ended (a game lost on
    time's last, unfinished move), when the file gives it. ``headers``: every other
    header the file has, ``(name, value)`` in its order, as its format's reader names
    them (a shogi record's 場所 or ``$SITE``): the writers of its game say them again.
    ``closing``: the comment the file has after its ending (floodgate's summary and
    final position after ``%KACHI``, a KIF comment on 投了), written after the ending
    again, not taken for the game's comment; once the ending no longer holds (the game
    goes on from an earlier move) it is the game's comment's last lines, not lost.
    ``branches``: the file's variations of its moves (``Branch``), written back by the
    formats that hold them.
    """

    players: tuple[str, ...] = ()
    event: str = ""
    started: str | None = None
    time_control: str = ""
    note: str = ""
    comments: tuple[str, ...] = ()
    times: tuple[float | None, ...] = ()
    outcome: Outcome | None = None
    suspended: bool = False
    sealed: bool = False
    move_limit: bool = False
    ending_time: float | None = None
    headers: tuple[tuple[str, str], ...] = ()
    closing: str = ""
    foul: str = ""
    """The illegal move that ended the game, in the game's notation, when the file keeps
    it (``ShogiRecord.foul``): not among the moves, written back after them by a
    format that can hold it."""
    branches: tuple[Branch, ...] = ()

    def up_to(self, ply: int, plies: int) -> RecordInfo:
        """The file's word on its first ``ply`` of ``plies`` moves: the ending is the
        whole game's, and holds only when every move is kept; a variation stays an
        alternative to a move kept, or to what comes after the last."""
        if ply >= plies:
            return self
        return replace(
            self,
            comments=self.comments[:ply],
            times=self.times[:ply],
            outcome=None,
            suspended=False,
            sealed=False,
            move_limit=False,
            ending_time=None,
            note=joined(self.note, self.closing),
            closing="",
            foul="",
            branches=branches_up_to(self.branches, ply),
        )


def joined(*comments: str) -> str:
    """Comments one after another, on lines of their own (an empty one adds nothing)."""
    return "\n".join(comment for comment in comments if comment)


@dataclass(frozen=True, slots=True)
class ReadRecord:
    """What a record file holds, read and replayed: the rule options it names (only those
    not at their default), its start (None: the game's usual start under those options),
    the moves from there in the game's notation, and what else it says (``info``)."""

    options: Mapping[str, str]
    start: str | None
    moves: tuple[str, ...]
    info: RecordInfo = RecordInfo()


@dataclass(frozen=True, slots=True)
class RecordReader:
    """A format a game reads records in, besides plain text: the file suffixes that name
    it (``.kif``), whether a file's first line that is not empty looks like it (``sniff``),
    and the ``reader`` (NotationError or VariantError for what cannot be read or played).
    A game lists its readers most particular first: the first whose suffix matches, else
    whose sniff does, reads the file."""

    name: str
    suffixes: tuple[str, ...]
    sniff: Callable[[str], bool]
    reader: Callable[[str], ReadRecord]

    def read(self, text: str) -> ReadRecord:
        return self.reader(text)
