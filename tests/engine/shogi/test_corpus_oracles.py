"""Every corpus record read by Kiban and by two independent readers, compared field by field:
tsshogi (npm, run once under node for all files: tsshogi_read.mjs) and cshogi (Python).
Neither is imported by the product; they are oracles. Each reader is given the text
Kiban's own bytes-to-text step made (engine.record_text), so the encodings are
Kiban's to find and the readers compare what they make of the same text.

Where a reader differs from Kiban on a file, the tables in corpus_oracles.py name the
file, the fields and why; the test checks those fields still differ (a table cannot
go stale) and every other field agrees."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import cshogi
import cshogi.CSA
import cshogi.KI2
import cshogi.KIF
import pytest

from engine.shogi.record import ShogiRecord
from tests.engine.shogi.corpus_files import (
    CORPUS,
    REFUSED,
    corpus_files,
    format_of,
    read,
    text_of,
)
from tests.engine.shogi.corpus_oracles import (
    CSHOGI_CRASHES,
    CSHOGI_DIFFERS,
    TSSHOGI_DIFFERS,
    cshogi_fields,
    tsshogi_fields,
)
from tests.engine.shogi.records import final_outcome
from tests.engine.shogi.tsshogi_runner import tsshogi_read

NAMES = [path.name for path in corpus_files()]
CSHOGI_ALONE = "import sys, cshogi.CSA; cshogi.CSA.Parser.parse_str(sys.stdin.read())"
"""cshogi reading a CSA text in a process of its own (for CSHOGI_CRASHES)."""


@pytest.fixture(scope="module")
def tsshogi() -> dict[str, dict[str, Any]]:
    """What tsshogi reads from every corpus file, by name (one node process for all)."""
    return tsshogi_read({path.name: (format_of(path), text_of(path)) for path in corpus_files()})


def ours(name: str) -> ShogiRecord | None:
    """Kiban's record of a corpus file (None for a file it refuses, REFUSED says why)."""
    if name in REFUSED:
        return None
    return read(name)[1]


def check(
    name: str, agree: dict[str, bool], differs: dict[str, tuple[frozenset[str], str]]
) -> None:
    """Every field agrees, but those the table says differ, which must still differ."""
    expected, _why = differs.get(name, (frozenset(), ""))
    unknown = expected - set(agree)
    assert not unknown, f"{name}: the table names fields never compared: {unknown}"
    disagree = {field for field, same in agree.items() if not same}
    assert disagree == expected, (
        f"{name}: differs in {sorted(disagree)}, the table says {sorted(expected)}"
    )


@pytest.mark.xdist_group(name="tsshogi")  # one worker, so one node process reads every file
@pytest.mark.parametrize("name", NAMES)
def test_tsshogi_reads_each_file_as_kiban_does(
    name: str, tsshogi: dict[str, dict[str, Any]]
) -> None:
    record = ours(name)
    other = tsshogi[name]
    outcome = final_outcome(list(record.moves), record.start) if record is not None else None
    check(name, tsshogi_fields(record, other, format_of(Path(name)), outcome), TSSHOGI_DIFFERS)


@pytest.mark.parametrize("name", NAMES)
def test_cshogi_reads_each_file_as_kiban_does(name: str) -> None:
    text = text_of(CORPUS / name)
    if name in CSHOGI_CRASHES:  # read apart: it would take the test process down with it
        died = subprocess.run(
            [sys.executable, "-c", CSHOGI_ALONE],
            input=text,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert died.returncode < 0, f"{name}: cshogi no longer crashes: {CSHOGI_CRASHES[name]}"
        return
    record = ours(name)
    fmt = format_of(Path(name))
    try:
        if fmt == "csa":
            parsed = cshogi.CSA.Parser.parse_str(text)[0]
        elif fmt == "ki2":
            parsed = cshogi.KI2.Parser.parse_str(text)
        else:
            parsed = cshogi.KIF.Parser.parse_str(text)
    except Exception as error:  # any refusal is cshogi's answer, compared below
        parsed = error
    check(name, cshogi_fields(record, parsed, fmt), CSHOGI_DIFFERS)
