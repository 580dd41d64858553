"""Trials of the independent hands (``tools/redteam``) that once ended in a wrong record,
played again on the code as it is: each must record nothing wrong and replace nothing
unasked. The hands run as their own process, as written (never imported here, so their
habits stay theirs), with the hash seed they were run with: a trial then depends on its
seed alone. A trial takes seconds; the longest (Abalone's) run in ``make test-slow``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
HANDS = ROOT / "tools" / "redteam" / "hands5.py"

# game, profile, seed: the trials docs/recognition.md traces, each fixed since.
ONCE_WRONG = [
    ("robotory", "sim-robotory", 950809),  # a chain's first token cell read through another
    ("robotory", "sim-robotory", 950831),  # a shared robot walked on while a question was open
    ("robotory", "sim-robotory", 950838),  # a chain stepped on over an open question
    ("robotory", "sim-robotory-polarity", 950217),  # touches of a move taken back
    ("robotory", "sim-robotory-polarity", 950229),  # as 950831, on the Hall board
    pytest.param("abalone", "sim-abalone", 950324, marks=pytest.mark.slow),  # three moves open
    pytest.param("abalone", "sim-abalone", 950327, marks=pytest.mark.slow),
    ("dobutsu", "sim-dobutsu", 950035),  # many moves read as one capture
    ("dobutsu", "sim-dobutsu", 950077),  # one player's two moves read as one
]


@pytest.mark.parametrize(("game", "profile", "seed"), ONCE_WRONG)
def test_a_trial_once_recorded_wrong_records_nothing_wrong(
    game: str, profile: str, seed: int, tmp_path: Path
) -> None:
    env = {**os.environ, "PYTHONHASHSEED": "0", "REDTEAM_OUT": str(tmp_path)}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    subprocess.run(
        [sys.executable, str(HANDS), game, profile, "1", str(seed)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        timeout=900,
    )
    (out,) = tmp_path.glob("out-*.jsonl")
    trial = json.loads(out.read_text(encoding="utf-8"))
    assert "harness error" not in trial["verdict"], trial.get("error")
    assert trial["wrong"] == [], trial["wrong"]
    assert trial["replaced_unasked"] == [], trial["replaced_unasked"]
