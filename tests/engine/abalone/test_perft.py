"""The three starting layouts, as the rules and the oracle set them up (the move counts
from them are data, ``tests/engine/abalone/perft.json``, to which ``tests/engine/
test_contract.py`` holds both the engine and the oracle)."""

from __future__ import annotations

import pytest

from tests.engine.abalone.helpers import key, position
from tests.engine.abalone.oracle import Oracle

# rules/abalone.md, "Starting layouts", as written there.
LAYOUTS = {
    "standard": ("A1-A5 B1-B6 C3-C5", "I5-I9 H4-H9 G5-G7"),
    "belgian": (
        "A1 A2 B1 B2 B3 C2 C3 G7 G8 H7 H8 H9 I8 I9",
        "A4 A5 B4 B5 B6 C5 C6 G4 G5 H4 H5 H6 I5 I6",
    ),
    "german": (
        "B1 B2 C1 C2 C3 D2 D3 F7 F8 G7 G8 G9 H8 H9",
        "B5 B6 C5 C6 C7 D6 D7 F3 F4 G3 G4 G5 H4 H5",
    ),
}


def holes(listed: str) -> set[str]:
    found: set[str] = set()
    for part in listed.split():
        first, _, last = part.partition("-")
        last = last or first
        found.update(f"{first[0]}{d}" for d in range(int(first[1]), int(last[1]) + 1))
    return found


@pytest.mark.parametrize("layout", LAYOUTS)
def test_each_layout_is_set_up_as_the_rules_list_it(layout: str) -> None:
    pos = position(None, layout=layout)
    black, white = LAYOUTS[layout]
    stones = pos.layout()
    assert {h for h, s in stones.items() if s[0].owner == 0} == holes(black)
    assert {h for h, s in stones.items() if s[0].owner == 1} == holes(white)
    assert len(holes(black)) == len(holes(white)) == 14
    assert pos.turn == 0 and pos.lost(0) == pos.lost(1) == 0
    assert key(pos) == Oracle.start(layout).key_by_space()  # the oracle's own layouts agree


def test_the_standard_start_text() -> None:
    assert position().text() == "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0"


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_oracle_lists_no_move_twice(layout: str) -> None:
    """Its counts are held to the reference numbers by tests/engine/test_contract.py."""
    oracle = Oracle.start(layout)
    oracle.successors()
    assert oracle.duplicates == 0
