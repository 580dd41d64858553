"""A round's pairings read from the organiser's CSV: the sample in docs reads, and every
bad row is refused with the file and the line."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from firmware_host.club.pairings import (
    Pairing,
    PairingsError,
    parse_pairings,
    read_pairings,
    read_round,
)
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told

SAMPLE = Path(__file__).parents[3] / "docs" / "club-round1.csv"


def test_the_sample_file_in_docs_reads_as_six_tables() -> None:
    round_ = read_pairings(SAMPLE, 2)
    assert round_.number == 2
    assert [p.table for p in round_.pairings] == [1, 2, 3, 4, 5, 6]
    assert round_.at(2) == Pairing(
        2, ("Marie Dupont", "Kenji Sato"), "shogi", (("handicap", "bishop"),)
    )
    chaturaji = round_.at(6)
    assert chaturaji is not None and len(chaturaji.players) == 4
    assert chaturaji.options == (("mode", "teams"),)


def test_aliases_comments_and_blank_lines_and_a_default_option() -> None:
    text = "# round 3\n\n2,Ann,Bob,robot-duel\n1, Cid , Dee ,shogi,handicap=none\n"
    round_ = parse_pairings(text, "r.csv")
    assert round_.pairings == (
        Pairing(1, ("Cid", "Dee"), "shogi"),
        Pairing(2, ("Ann", "Bob"), "dobutsu"),
    )


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        ("1,Ann,Bob,shogi\n1,Cid,Dee,shogi\n", 2, "table 1 is paired already (line 1)"),
        ("table,a,b,game\nx,Ann,Bob,shogi\n", 2, "is not a table number"),
        ("1,Ann,Bob,go\n", 1, "no game called 'go'"),
        ("1,Ann,Bob,shogi,queen\n", 1, "handicap"),
        ("1,Ann,Bob,shogi,speed=9\n", 1, "has no option 'speed'"),
        ("1,Ann,Bob,Cid,Dee,shogi\n", 1, "shogi is played by 2, not 4 players"),
        ("1,Ann,Bob,Cid,chaturaji\n", 1, "chaturaji is played by 4, not 3 players"),
        ("1,Ann,shogi\n", 1, "1 name before the game 'shogi'"),
        ("1,Ann,Bob,Cid,Dee,Eve,Fay,shogi\n", 1, "shogi is played by 2, not 6 players"),
        ("1,Ann,Bob,,\n", 1, "no game named"),
        ("1,,Bob,shogi\n", 1, "is not a player's name"),
        ('1,"Ann,Bob,shogi\n', 1, "not CSV"),
    ],
)
def test_a_bad_row_is_refused_naming_the_file_and_line(text: str, line: int, says: str) -> None:
    with pytest.raises(PairingsError) as refused:
        parse_pairings(text, "round1.csv")
    assert str(refused.value).startswith(f"round1.csv:{line}: "), refused.value
    assert says in str(refused.value)
    assert isinstance(refused.value, ValueError)


def test_a_file_with_no_table_or_none_at_all_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PairingsError, match="no table is paired"):
        parse_pairings("table,a,b,game\n", "empty.csv")
    with pytest.raises(PairingsError, match=r"missing\.csv: cannot be read"):
        read_pairings(tmp_path / "missing.csv")


def test_every_fault_is_told_at_once_each_with_its_line() -> None:
    """Issue 79: only the first fault was reported; the same player at two tables and a
    player against themselves were accepted; a missing name column read "no game called
    ''"."""
    text = (
        "table,black,white,game\n"
        "1,Aiko Tanaka,Jan Novák,shogi\n"
        "2,Marie,marie,shogi\n"  # against herself (a name is a name, whatever its case)
        "3,Jan  Novák,Kenji,shogi\n"  # at table 1 already (spaces are not a new player)
        "4,Hana,shogi,\n"  # a name missing
        "1,Luc,Eva,shogi\n"  # table 1 again
    )
    with pytest.raises(PairingsError) as refused:
        parse_pairings(text, "round1.csv")
    assert str(refused.value).split("\n") == [
        "round1.csv:3: marie is paired against themselves",
        "round1.csv:4: Jan  Novák plays at table 1 already (line 2)",
        "round1.csv:5: 1 name before the game 'shogi'; a table is: table, the names (two, or"
        " four for Chaturaji), game, and a handicap or variant if any",
        "round1.csv:6: table 1 is paired already (line 2)",
    ]


SPREADSHEET = [
    Pairing(1, ("Aiko Tanaka", "Jan Novák"), "shogi"),
    Pairing(2, ("Marie Dupont", "Kenji Sato"), "shogi", (("handicap", "bishop"),)),
    Pairing(4, ("Hana Ito", "Luc Martin"), "abalone", (("layout", "belgian"),)),
]


@pytest.mark.parametrize(
    ("encoding", "separator"),
    [("utf-8", ","), ("utf-8-sig", ","), ("utf-8-sig", ";"), ("cp1252", ";"), ("cp1252", ",")],
)
def test_a_spreadsheets_csv_reads_whatever_its_separator_and_encoding(
    tmp_path: Path, encoding: str, separator: str
) -> None:
    """Issue 79: a ``;``-separated or Latin-1 file (what European spreadsheets save) was
    refused with no hint. A spreadsheet quotes a cell holding its separator."""
    rows = [
        ["table", "black", "white", "game", "handicap or variant"],
        ["1", "Aiko Tanaka", "Jan Novák", "shogi", ""],
        ["2", "Marie Dupont", "Kenji Sato", "shogi", "bishop"],
        ["4", "Hana Ito", "Luc Martin", "abalone", "layout=belgian"],
    ]
    out = io.StringIO()
    csv.writer(out, delimiter=separator, lineterminator="\r\n").writerows(rows)
    path = tmp_path / "round1.csv"
    path.write_bytes(out.getvalue().encode(encoding))
    round_, note = read_round(path)
    assert list(round_.pairings) == SPREADSHEET
    if encoding == "cp1252":
        assert note is not None
        assert told(note, Language.ENGLISH) == (
            f"{path} is not UTF-8 (line 2): read as Windows Latin-1 (cp1252); if a name reads"
            ' wrong, save the file as "CSV UTF-8"'
        )
    else:
        assert note is None


def test_a_semicolon_file_quotes_a_variant_of_several_options() -> None:
    text = 'sep=;\n1;Ann;Bob;Cid;Dee;chaturaji;"mode=teams;dice=2"\n'
    (pairing,) = parse_pairings(text, "r.csv").pairings
    assert pairing.players == ("Ann", "Bob", "Cid", "Dee")
    assert dict(pairing.options)["mode"] == "teams"
