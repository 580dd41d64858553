"""A round's pairings read from the organiser's CSV: the sample in docs reads, and every
bad row is refused with the file and the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware_host.club.pairings import Pairing, PairingsError, parse_pairings, read_pairings

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
        ("1,Ann,shogi\n", 1, "3 columns"),
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
