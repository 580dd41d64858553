"""A round of eight club boards played whole through its faults (issue 79, "Done
means"): a power cut, a quit, a lost store, a board of another game refused, a wrong
bind asked, made all the same and put right; the round exported from the room alone
has every table's game and result as the boards' own stores recorded them
(``make room-round`` runs it longer and prints the table)."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware_host.broker.local import MOSQUITTO
from firmware_host.tools.bench.room_round import report_text, run


@pytest.mark.slow
@pytest.mark.xdist_group("broker")
def test_a_round_of_eight_boards_comes_out_whole_through_kills_restarts_and_a_wrong_bind(
    tmp_path: Path,
) -> None:
    if not MOSQUITTO.exists():
        pytest.fail(f"{MOSQUITTO} is missing (`make broker` installs it)")
    report = run(8, 75.0, tmp_path)
    said = report_text(report)
    print(said)
    assert report.faults == (), said
    by_table = {t.table: t for t in report.tables}
    assert all(t.moves > 5 and t.result for t in report.tables), said  # played and ended
    assert all(t.timed == t.moves for t in report.tables), said  # every move timed
    assert by_table[3].games == 2, said  # the lost store: taken up from the room's record
    assert by_table[2].games >= 2 and by_table[7].games >= 2, said  # the wrong bind, undone
    told = "\n".join(report.told)
    assert "its game resumed at move" in told  # the power cut and the quit
    assert "plays Robotory, table 6 Robot Duel (Dobutsu shogi): not bound" in told
    assert "to bind it all the same: bind" in told
