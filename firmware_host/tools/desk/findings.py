"""The unit of the doctor's look at the Pi: one line of its report, a problem or not."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Finding:
    """One line of the doctor's report; a problem says how to fix it."""

    line: str
    problem: bool = False
