"""The three starting layouts, and move counts from them against the oracle (the counts
are data, run by ``tests/engine/test_contract.py``: ``data/perft/abalone.json``)."""

from __future__ import annotations

import pytest

from tests.engine.abalone.helpers import key, position
from tests.engine.abalone.oracle import Oracle
from tests.engine.perft_data import perft_case

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
    found = set()
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
def test_perft_two_of_every_layout_agrees_with_the_oracle(layout: str) -> None:
    oracle = Oracle.start(layout)
    first = oracle.successors()
    expected = [len(first), sum(len(o.successors()) for o in first.values())]
    assert [position(None, layout=layout).perft(d) for d in (1, 2)] == expected
    assert oracle.duplicates == 0


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["belgian", "german"])
def test_perft_three_of_the_daisies_agrees_with_the_oracle(layout: str) -> None:
    total = 0
    for child in Oracle.start(layout).successors().values():
        total += sum(len(grandchild.successors()) for grandchild in child.successors().values())
    assert total == perft_case("abalone", layout).count(3)
