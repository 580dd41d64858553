"""An independent reader (cshogi) reads the live KIF and CSA while the game goes on:
after move 1, after move 10 and after the result, it finds the same moves."""

from __future__ import annotations

import cshogi
import cshogi.CSA
import cshogi.KIF
import pytest

from firmware_host.club.live_files import live_text
from firmware_host.remote.messages import BoardState
from firmware_host.session.consent import Word, WordKind
from tests.firmware_host.club.livekit import OPENING, fed


def _read(plies: int, *, resigned: bool = False) -> tuple[list[str], list[str], object, object]:
    record = fed(plies)
    if resigned:
        word = Word(WordKind.RESIGN, 0)
        record.feed("host", 99, BoardState("g1", (0,), 0, OPENING[:plies], word), 2000.0)
    view = record.view()
    assert view is not None
    kif = cshogi.KIF.Parser.parse_str(live_text(view, "kif") or "")
    csa = cshogi.CSA.Parser.parse_str(live_text(view, "csa") or "")[0]
    return (
        [cshogi.move_to_usi(m) for m in kif.moves],
        [cshogi.move_to_usi(m) for m in csa.moves],
        kif,
        csa,
    )


@pytest.mark.parametrize("plies", [1, 10])
def test_cshogi_reads_the_live_files_as_the_game_goes_on(plies: int) -> None:
    kif_moves, csa_moves, kif, csa = _read(plies)
    assert kif_moves == csa_moves == list(OPENING[:plies])
    assert kif.names == csa.names == ["Sato", "Suzuki"]  # type: ignore[attr-defined]
    assert csa.times[:2] == [5, 5][: min(plies, 2)]  # type: ignore[attr-defined]


def test_cshogi_reads_the_result() -> None:
    kif_moves, csa_moves, kif, csa = _read(16, resigned=True)
    assert kif_moves == csa_moves == list(OPENING)
    assert kif.win == csa.win == cshogi.WHITE_WIN  # type: ignore[attr-defined]
    assert csa.endgame == "%TORYO"  # type: ignore[attr-defined]
