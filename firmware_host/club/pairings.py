"""A round's pairings, read from the simple CSV an organiser writes in any spreadsheet
(docs/club.md, "Running a tournament room"; a sample beside this file).

Each row is one table: its number, the players' names in seat order (two, or four for
Chaturaji), the game, and optionally a shogi handicap's name or the game's rule options
(``K=V;K=V``). The game and its options are checked here, against the game's own
option specs, so that a round that cannot be played is refused before any board is
told of it; every refusal names the file and the line, since the organiser mends the
file, not the program.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from engine.errors import KibanError, UnknownGameError, VariantError
from engine.options import parse_assignments
from engine.registry import find_game
from engine.said import N_, Said, said

MAX_TABLES = 500  # more than any club hall: a file past it is not a round's pairings
MAX_NAME = 64  # the longest name a board's page shows whole (messages.MAX_TEXT)
HEADER = "table"  # a first row whose first cell is this is the columns' names


class PairingsError(KibanError, ValueError):
    """A pairings file that cannot be played: the message names the file and the line."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table of a round: who plays which seat of which game there."""

    table: int
    players: tuple[str, ...]  # in the game's seat order (black/sente first)
    game: str  # the game's registered name (an alias in the file is resolved)
    options: tuple[tuple[str, str], ...] = ()  # the rule options that differ, sorted

    @property
    def variant(self) -> str:
        """The options as the file spells them (``K=V;K=V``), empty when none."""
        return ";".join(f"{key}={value}" for key, value in self.options)


@dataclass(frozen=True, slots=True)
class Round:
    """A round: its number and its tables, in table order."""

    number: int
    pairings: tuple[Pairing, ...]

    def at(self, table: int) -> Pairing | None:
        """The pairing at ``table``, None when the round has none there."""
        for pairing in self.pairings:
            if pairing.table == table:
                return pairing
        return None


MAX_FAULTS = 50  # faults told at once: a file past it is not the round's pairings
SEPARATORS = ",;"  # a spreadsheet's CSV: commas, or semicolons where a comma is a decimal


def read_pairings(path: Path, number: int = 1) -> Round:
    """The round ``number`` whose pairings the CSV file ``path`` holds."""
    return read_round(path, number)[0]


def read_round(path: Path, number: int = 1) -> tuple[Round, Said | None]:
    """The round ``number`` whose pairings the CSV file ``path`` holds, and what to tell
    the organiser of how it was read (a file not in UTF-8, read as Windows Latin-1: the
    encoding a European spreadsheet saves "CSV" in), None when nothing."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise PairingsError(f"{path}: cannot be read ({error.strerror or error})") from None
    try:
        text = data.decode("utf-8-sig")  # a spreadsheet's BOM is no cell
        note = None
    except UnicodeDecodeError as error:
        text = data.decode("cp1252", errors="replace")
        line = data[: error.start].count(b"\n") + 1
        note = said(
            N_(
                "{file} is not {expected} (line {row}): read as {encoding}; if a name reads"
                " wrong, save the file as {wanted}"
            ),
            file=str(path),
            expected="UTF-8",
            row=line,
            encoding="Windows Latin-1 (cp1252)",
            wanted='"CSV UTF-8"',
        )
    return parse_pairings(text, str(path), number), note


def parse_pairings(text: str, source: str, number: int = 1) -> Round:
    """The round ``number`` of the CSV ``text`` (``source`` names it in errors): every
    fault of the file told at once, each with its line, so the organiser mends the file
    once."""
    text = text.removeprefix("\ufeff")
    pairings: list[Pairing] = []
    faults: list[str] = []
    tables: dict[int, int] = {}  # each table's line, to name a repeated one
    players: dict[str, tuple[int, int]] = {}  # each player's line and table
    for line, row in _rows(text, source):
        cells = [cell.strip() for cell in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if not pairings and not tables and not faults and cells[0].lower() == HEADER:
            continue
        where = f"{source}:{line}"
        try:
            pairing = _pairing(cells, where)
        except PairingsError as fault:
            faults.append(str(fault))
            continue
        if pairing.table in tables:
            faults.append(
                f"{where}: table {pairing.table} is paired already (line {tables[pairing.table]})"
            )
            continue
        tables[pairing.table] = line
        faults += _players_faults(pairing, where, line, players)
        pairings.append(pairing)
        if len(pairings) > MAX_TABLES:
            raise PairingsError(f"{where}: more than {MAX_TABLES} tables")
        if len(faults) >= MAX_FAULTS:
            break
    if faults:
        raise PairingsError("\n".join(faults[:MAX_FAULTS]))
    if not pairings:
        raise PairingsError(f"{source}: no table is paired")
    return Round(number, tuple(sorted(pairings, key=lambda p: p.table)))


def _players_faults(
    pairing: Pairing, where: str, line: int, players: dict[str, tuple[int, int]]
) -> list[str]:
    """A player paired against themselves, or at two tables of the round (a name is a
    player: the same name, whatever its case, is the same player)."""
    faults = []
    seen: set[str] = set()
    for name in pairing.players:
        folded = " ".join(name.split()).casefold()
        if folded in seen:
            faults.append(f"{where}: {name} is paired against themselves")
            continue
        seen.add(folded)
        earlier = players.get(folded)
        if earlier is not None:
            faults.append(
                f"{where}: {name} plays at table {earlier[1]} already (line {earlier[0]})"
            )
            continue
        players[folded] = (line, pairing.table)
    return faults


def _rows(text: str, source: str) -> list[tuple[int, list[str]]]:
    lines = text.split("\n")
    delimiter = ","
    first = next(
        (n for n, row in enumerate(lines) if row.strip() and not row.startswith("#")), None
    )
    if first is not None and lines[first].strip().lower().startswith("sep="):
        delimiter = lines[first].strip()[4:5] or ","  # Excel's own line naming it
        lines[first] = ""
    elif first is not None:
        delimiter = _separator(lines[first])
    reader = csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter, strict=True)
    rows: list[tuple[int, list[str]]] = []
    try:
        for row in reader:
            rows.append((reader.line_num, row))
    except csv.Error as error:
        raise PairingsError(f"{source}:{reader.line_num}: not CSV ({error})") from None
    return rows


def _separator(line: str) -> str:
    """The separator of a CSV file, by its first row: the one of ``SEPARATORS`` it has
    most of outside quotes (a spreadsheet quotes a cell holding the separator)."""
    counts = dict.fromkeys(SEPARATORS, 0)
    quoted = False
    for char in line:
        if char == '"':
            quoted = not quoted
        elif not quoted and char in counts:
            counts[char] += 1
    return max(SEPARATORS, key=lambda sep: (counts[sep], sep == ","))


def _pairing(cells: list[str], where: str) -> Pairing:
    """One row: table, two names, game[, variant]; or table, four names, game[, variant].
    The game's column is found by its name, so that a row of three names is said as
    such rather than as a game called by the third, and a row with a name missing as
    such rather than as a game called by the empty cell after it."""
    game_at = next((i for i in range(3, len(cells)) if _is_game(cells[i])), None)
    early = next((i for i in (1, 2) if i < len(cells) and _is_game(cells[i])), None)
    if game_at is None and early is not None:
        raise PairingsError(
            f"{where}: {early - 1} name before the game {cells[early]!r}; a table is: table,"
            " the names (two, or four for Chaturaji), game, and a handicap or variant if any"
        )
    if game_at is None and len(cells) in (4, 5, 6, 7):
        game_at = 3 if len(cells) < 6 else 5  # no game named: find_game says so below
    if game_at is None or len(cells) > game_at + 2:
        raise PairingsError(
            f"{where}: {len(cells)} columns; a table is: table, the names (two, or four"
            " for Chaturaji), game, and a handicap or variant if any"
        )
    names, rest = cells[1:game_at], cells[game_at:]
    if not cells[0].isdigit() or not 0 < int(cells[0][:6]) <= MAX_TABLES:
        raise PairingsError(f"{where}: {cells[0][:20]!r} is not a table number (1 to {MAX_TABLES})")
    for name in names:
        if not name or len(name) > MAX_NAME or not name.isprintable():
            raise PairingsError(f"{where}: {name[:20]!r} is not a player's name")
    if not rest[0]:
        raise PairingsError(f"{where}: no game named (its column is empty)")
    try:
        game = find_game(rest[0])
    except UnknownGameError as error:
        raise PairingsError(f"{where}: {error}") from None
    if len(game.seats) != len(names):
        raise PairingsError(
            f"{where}: {game.name} is played by {len(game.seats)}, not {len(names)} players"
        )
    variant = rest[1] if len(rest) > 1 else ""
    try:
        given = _options(game.name, {spec.name for spec in game.option_specs}, variant)
        chosen = game.options(given)
    except VariantError as error:
        raise PairingsError(f"{where}: {error}") from None
    differ = chosen.non_default(game.option_specs)
    return Pairing(int(cells[0]), tuple(names), game.name, tuple(sorted(differ.items())))


def _is_game(name: str) -> bool:
    try:
        find_game(name)
    except UnknownGameError:
        return False
    return True


def _options(game: str, known: set[str], variant: str) -> dict[str, str]:
    """A variant cell: empty, a handicap's name alone (``rook``, ``2``), or ``K=V;K=V``."""
    if not variant:
        return {}
    if "=" not in variant and "handicap" in known:
        return {"handicap": variant}
    return parse_assignments([part for part in variant.split(";") if part.strip()])
