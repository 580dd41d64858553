"""The corpus of real records (corpus/README.md says whose, under which licence), read as
Kiban reads a file: its bytes decoded by engine.record_text (the encoding found, not
assumed), then the reader its suffix names."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.record_text import decode_record
from engine.shogi.csa_read import read_csa
from engine.shogi.ki2_read import read_ki2
from engine.shogi.kif_read import read_kif
from engine.shogi.record import ShogiRecord

CORPUS = Path(__file__).parent / "corpus"
FORMATS = {".kif": "kif", ".kifu": "kif", ".ki2": "ki2", ".ki2u": "ki2", ".csa": "csa"}
"""The format each suffix names: ``.kifu`` and ``.ki2u`` are Kakinoki's UTF-8 forms."""
READERS: dict[str, Callable[[str], ShogiRecord]] = {
    "kif": read_kif,
    "ki2": read_ki2,
    "csa": read_csa,
}

NINE_PAWNS = (
    "the start has nine of gote's pawns on one file (nifu), a position no game of shogi "
    "reaches: Kiban refuses it, tsshogi takes it (a joke handicap made in Kifu for Windows: "
    "nine pawns on file 2 and the king behind them, against rooks and lances in hand)"
)
REFUSED = dict.fromkeys(
    (
        "kifu-for-js-9fu.csa",
        "kifu-for-js-9fu-komabetsu.csa",
        "kifu-for-js-9fu.kif",
        "kifu-for-js-9fu.ki2",
    ),
    NINE_PAWNS,
)
"""The corpus files Kiban refuses, each with why (test_real_records checks it still does)."""


def corpus_files() -> list[Path]:
    """Every record of the corpus, by name."""
    return sorted(path for path in CORPUS.iterdir() if path.suffix in FORMATS)


def format_of(path: Path) -> str:
    return FORMATS[path.suffix]


def text_of(path: Path) -> str:
    """The file's text as Kiban's bytes-to-text step gives it (the oracles read the same)."""
    return decode_record(path.read_bytes())


def read(name: str) -> tuple[str, ShogiRecord]:
    """A corpus file's text and the record Kiban reads from it."""
    path = CORPUS / name
    text = text_of(path)
    return text, READERS[format_of(path)](text)
