"""A round exported into a directory: every table's game record with the players' names,
each move's time and the result, the round's table, and the crosstable over every round
exported there so far.

``DIR/round-N/`` holds ``table-T.kif`` and ``table-T.csa`` for shogi (the writers
``kiban export`` uses; a ``.kif`` is Shift_JIS as Kakinoki's suffix says, and a name
Shift_JIS cannot hold makes it a UTF-8 ``.kifu``), ``table-T.txt`` for the games whose
own record is plain text, ``table.csv`` (``crosstable.round_csv``) and
``results.json``, which the crosstable of a later round reads back; ``DIR/crosstable.csv``
is written anew from every ``round-*/results.json`` found.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from engine.errors import KibanError
from firmware_host.club.crosstable import crosstable_csv, round_csv
from firmware_host.club.live import LiveGame, Table
from firmware_host.club.live_files import live_text, record_format
from firmware_host.club.pairings import Round
from firmware_host.club.results import RoundTable, SeatResult, TableResult, round_table
from firmware_host.store.replacing import replace_file, replace_text

RESULTS = "results.json"
CROSSTABLE = "crosstable.csv"
SHOGI_FORMATS = ("kif", "csa")  # the formats the Japanese readers and servers take


class ExportError(KibanError, ValueError):
    """A round that cannot be exported (the directory, an earlier round's file)."""


Earlier = Mapping[int, Sequence[LiveGame | None]]
"""Each table's earlier games: the organiser's ``new`` ended them (abandoned, unless
they had ended by themselves). Their records are kept; the round's table counts the
table's last game only."""


def export_round(
    directory: Path,
    round: Round,
    games: Mapping[int, LiveGame | None],
    event: str = "",
    earlier: Earlier | None = None,
) -> tuple[Path, ...]:
    """Write ``round``'s records, its table and the crosstable into ``directory``
    (made if need be); the files written."""
    folder = directory / f"round-{round.number}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ExportError(f"{folder}: cannot be made ({error})") from None
    written: list[Path] = []
    try:
        for name, body in round_files(round, games, event, earlier).items():
            replace_file(folder / name, body)
            written.append(folder / name)
        rounds = read_rounds(directory)
        replace_text(directory / CROSSTABLE, crosstable_csv(rounds))
    except OSError as error:
        raise ExportError(f"{folder}: cannot be written ({error})") from None
    written.append(directory / CROSSTABLE)
    return tuple(written)


def round_files(
    round: Round,
    games: Mapping[int, LiveGame | None],
    event: str = "",
    earlier: Earlier | None = None,
) -> dict[str, bytes]:
    """The round's files by name (each table's record, its earlier games' as
    ``table-N-earlier-K``, the round's table, its results for the crosstable), as
    bytes: written into a folder or an archive alike."""
    files: dict[str, bytes] = {}
    for pairing in round.pairings:
        named = Table(pairing.table, pairing.players, event)
        for number, old in enumerate((earlier or {}).get(pairing.table, ()), start=1):
            if old is not None and old.game == pairing.game:
                stem = f"table-{pairing.table}-earlier-{number}"
                files.update(_records(replace(old, table=named), stem))
        view = games.get(pairing.table)
        if view is None or view.game != pairing.game:
            continue
        files.update(_records(replace(view, table=named)))
    table = round_table(round, games)
    files["table.csv"] = round_csv(table).encode()
    files[RESULTS] = json.dumps(_table_json(table), ensure_ascii=False, indent=1).encode()
    return files


def round_archive(
    round: Round,
    games: Mapping[int, LiveGame | None],
    event: str = "",
    rounds_before: tuple[RoundTable, ...] = (),
    earlier: Earlier | None = None,
) -> bytes:
    """The round as one zip archive (the organiser's page's download): its files under
    ``round-N/``, and the crosstable of the rounds before with this one."""
    files = round_files(round, games, event, earlier)
    rounds = (
        *(r for r in rounds_before if r.number != round.number),
        round_table(round, games),
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, body in files.items():
            archive.writestr(f"round-{round.number}/{name}", body)
        ordered = tuple(sorted(rounds, key=lambda r: r.number))
        archive.writestr(CROSSTABLE, crosstable_csv(ordered).encode())
    return buffer.getvalue()


def _records(view: LiveGame, stem: str = "") -> dict[str, bytes]:
    stem = stem or f"table-{view.table.number}"
    names = [n for n in SHOGI_FORMATS if record_format(view.game, n) is not None] or ["txt"]
    files: dict[str, bytes] = {}
    for name in names:
        if name == "kif":
            suffix, text, encoding = _kif(view)
        else:
            suffix, text, encoding = name, live_text(view, name), "utf-8"
        if text is not None:
            files[f"{stem}.{suffix}"] = text.encode(encoding)
    return files


def _kif(view: LiveGame) -> tuple[str, str | None, str]:
    """A ``.kif`` in Shift_JIS (cp932, as ``kiban export`` writes one), or a UTF-8
    ``.kifu`` when a name or a comment is not in Shift_JIS."""
    text = live_text(view, "kif", "Shift_JIS")
    try:
        if text is not None:
            text.encode("cp932")
        return "kif", text, "cp932"
    except UnicodeEncodeError:
        return "kifu", live_text(view, "kif", "UTF-8"), "utf-8"


def read_rounds(directory: Path) -> tuple[RoundTable, ...]:
    """Every round exported into ``directory``, by number."""
    rounds = []
    for path in sorted(directory.glob(f"round-*/{RESULTS}")):
        try:
            rounds.append(_table_of(json.loads(path.read_text(encoding="utf-8"))))
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise ExportError(f"{path}: cannot be read ({error})") from None
    return tuple(sorted(rounds, key=lambda r: r.number))


def _score(value: object) -> Fraction | None:
    return None if value is None else Fraction(str(value))


def _table_json(table: RoundTable) -> dict[str, Any]:
    return {
        "round": table.number,
        "tables": [
            {
                "table": t.table,
                "game": t.game,
                "result": t.result,
                "termination": t.termination,
                "moves": t.moves,
                "seats": [
                    {
                        "player": s.player,
                        "seat": s.seat,
                        "score": None if s.score is None else str(s.score),
                        "place": s.place,
                        "points": s.points,
                        "time_used": s.time_used,
                    }
                    for s in t.seats
                ],
            }
            for t in table.tables
        ],
    }


def _table_of(data: dict[str, Any]) -> RoundTable:
    return RoundTable(
        int(data["round"]),
        tuple(
            TableResult(
                int(t["table"]),
                str(t["game"]),
                tuple(
                    SeatResult(
                        str(s["player"]),
                        str(s["seat"]),
                        _score(s["score"]),
                        s["place"],
                        s["points"],
                        s["time_used"],
                    )
                    for s in t["seats"]
                ),
                str(t["termination"]),
                int(t["moves"]),
            )
            for t in data["tables"]
        ),
    )
