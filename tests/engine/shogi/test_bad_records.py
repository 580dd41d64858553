"""Whatever text the shogi readers are given, the answer is a record or a NotationError
naming the line and what it says: never a bare ValueError, IndexError or KeyError.

The fuzz cases are seeded mutations of records the writers made (characters
deleted, inserted or replaced from the records' own alphabet, lines repeated,
dropped or invented, the text cut short) and plain junk.
"""

from __future__ import annotations

import contextlib
import random
import re

import pytest

from engine.errors import KibanError, NotationError
from engine.outcome import Outcome, Termination
from engine.shogi.csa import write_csa
from engine.shogi.csa_read import read_csa
from engine.shogi.kif import write_kif
from engine.shogi.kif_read import read_kif
from engine.shogi.record import ShogiRecord
from tests.engine.shogi.helpers import RICHEST, START, position
from tests.engine.shogi.records import ENDINGS, random_game

ALPHABET = (
    "0123456789１２３４５６７８９一二三四五六七八九十成打同不+-%PNVT$/,'*|v：・()"
    "歩と杏圭全馬龍竜王玉金銀桂香角飛ALFUKIOUHIKAKYKEGITOUMRYNYNK"
    "\n 　²٣\ufeff"
)
"""What records are made of, and a few characters that look like digits but are not."""

CASES = 3000


def _sources() -> list[tuple[str, str]]:
    texts: list[tuple[str, str]] = []
    for seed, ending in enumerate(ENDINGS):
        moves = random_game(seed, 24)
        for name, write in (("kif", write_kif), ("csa", write_csa)):
            texts.append((name, write(position(), moves, outcome=ending, players=("A", "B"))))
    for start in (RICHEST, "4k4/9/9/9/9/9/9/9/4K4 w 2P 1"):
        moves = random_game(3, 8, start)
        texts += [("kif", write_kif(position(start), moves))]
        texts += [("csa", write_csa(position(start), moves))]
    for handicap in ("lance", "rook", "2"):
        moves = random_game(4, 8, handicap=handicap)
        texts += [("kif", write_kif(position(handicap=handicap), moves))]
        texts += [("csa", write_csa(position(handicap=handicap), moves))]
    return texts


def _junk(rng: random.Random, most: int) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, most)))


def _mutate(rng: random.Random, text: str) -> str:
    for _ in range(rng.randint(1, 4)):
        lines = text.split("\n")
        at = rng.randrange(len(text) + 1)
        match rng.randrange(7):
            case 0:
                text = text[:at] + text[at + rng.randint(1, 5) :]
            case 1:
                text = text[:at] + _junk(rng, 4) + text[at:]
            case 2:
                text = text[:at] + rng.choice(ALPHABET) + text[at + 1 :]
            case 3:
                text = text[:at]
            case 4:
                lines.insert(rng.randrange(len(lines) + 1), rng.choice(lines))
                text = "\n".join(lines)
            case 5:
                del lines[rng.randrange(len(lines))]
                text = "\n".join(lines)
            case _:
                lines.insert(rng.randrange(len(lines) + 1), _junk(rng, 12))
                text = "\n".join(lines)
    return text


def test_mutated_records_and_junk_read_or_name_the_line() -> None:
    rng = random.Random(2024)
    sources = _sources()
    read = refused = 0
    for _ in range(CASES):
        name, text = rng.choice(sources)
        text = _junk(rng, 60) if rng.random() < 0.05 else _mutate(rng, text)
        reader = read_kif if name == "kif" else read_csa
        try:
            record = reader(text)
        except NotationError as error:
            refused += 1
            assert re.match(r"lines? \d+", str(error)), (text, str(error))
        except Exception as error:  # pragma: no cover - the failure this test looks for
            raise AssertionError(f"{name} reader raised {error!r} for {text!r}") from error
        else:
            read += 1
            assert isinstance(record, ShogiRecord)
    assert read > CASES // 20 and refused > CASES // 2  # both kinds of answer came up


def test_sfen_and_usi_junk_is_a_notation_error() -> None:
    rng = random.Random(7)
    texts = (RICHEST, START, "4k4/9/9/9/9/9/9/9/4K4 w 2P 1", "7g7f", "P*5e", "8h2b+")
    pieces = [*"0123456789+-/ bw*PLNSGBRKplnsgbrk²٣\t", "sfen ", "10", "00"]
    for _ in range(CASES):
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(pieces) + text[at + rng.randint(0, 1) :]
        # only the project's errors may escape (pytest reports any other)
        with contextlib.suppress(KibanError):
            position(text)
        with contextlib.suppress(KibanError):
            position().parse_move(text)


@pytest.mark.parametrize(
    ("reader", "text", "message"),
    [
        (read_csa, "V2.2\nN+\nN-\nP", "line 4: cannot read 'P'"),
        (read_csa, "V2.2\nPI\n+\n+7777FU\n", "line 4: +7777FU does not move"),
        (read_csa, "V2.2\nPI\n+\n+0055OU\n", "line 4: +0055OU: a OU cannot be dropped"),
        (read_csa, "V2.2\nPI\n+\n+0055TO\n", "line 4: +0055TO: a TO cannot be dropped"),
        (read_csa, "V2.2\nP1OU\n+\n", "line 2: 'OU ' is not a CSA piece"),
        (read_csa, "V2.2\nPI\n+\n+7776FU\nP+00FU\n", "line 5: 'P+00FU' gives the position"),
        (read_csa, "V2.2\nP-51OU\nP-52OU\nP+59OU\n+\n", "lines 2-5: the start position"),
        (read_csa, "V2.2\nPI\n+\n+٧٧٧٦FU\n", "line 4: '+٧٧٧٦FU' is not a CSA move"),
        (read_kif, "手合割：平手\n   1 ７七歩(77)\n", "line 2: '７七歩(77)' does not move"),
        (read_kif, "手合割：平手\n   1 ５五玉打\n", "line 2: '５五玉打' drops a 玉"),
        (read_kif, "手合割：平手\n   1 ５五と打\n", "line 2: '５五と打' drops a と"),
        (read_kif, "手合割：平手\n   1 同　歩(77)\n", "(77)': 同 (same square) on the first"),
        (read_kif, "先手の持駒：歩百\n|v玉|\n", "line 2: a KIF board diagram has 9 ranks, not 1"),
        (read_kif, "後手の持駒：歩百\n" + "| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n" * 9, "line 1: '歩百'"),
        (read_kif, "|" + " ・" * 8 + " 猫|\n" + "| ・|\n" * 8, "line 1: ' 猫' in the board"),
        (read_kif, "| ・ ・|\n" * 9, "line 1: cannot read the board diagram rank '| ・ ・|'"),
        (read_kif, "|" + " 玉" * 9 + "|\n" + ("|" + " ・" * 9 + "|\n") * 8, "lines 1-9: the start"),
    ],
)
def test_each_kind_of_mistake_names_its_line(reader: object, text: str, message: str) -> None:
    assert callable(reader)
    with pytest.raises(NotationError, match=re.escape(message)):
        reader(text)


def test_a_kiban_result_comment_naming_no_seat_is_an_ordinary_comment() -> None:
    moves = random_game(1, 6)
    for comment in ("RESIGNATION x", "RESIGNATION 7", "RESIGNATION 0,-", "RESIGNATION ,"):
        kif = write_kif(position(), moves) + f"*Kiban result: {comment}\n"
        csa = write_csa(position(), moves) + f"'Kiban result: {comment}\n"
        assert read_kif(kif).moves == read_csa(csa).moves == tuple(moves)
        assert read_kif(kif).outcome is None and read_csa(csa).outcome is None
    kif = write_kif(position(), moves) + "*Kiban result: RESIGNATION 1\n"
    assert read_kif(kif).outcome == Outcome.win(Termination.RESIGNATION, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4k4/9/9/²9/9/9/9/9/4K4 b - 1", "'²' in rank d is not a piece"),
        ("4k4/9/9/٣9/9/9/9/9/4K4 b - 1", "'٣' in rank d is not a piece"),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1²", "the move number must be 1 or more"),
        ("4k4/9/9/9/9/9/9/9/4K4 b ٣P 1", "cannot read the hands"),
    ],
)
def test_digits_are_ascii_digits_in_sfen(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        position(text)
