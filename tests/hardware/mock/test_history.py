"""A simulated device's history stays a list and stays bounded."""

from __future__ import annotations

import pytest

from hardware.mock.history import History


def test_it_keeps_the_latest_items_in_order() -> None:
    history: History[int] = History(keep=3)
    for item in range(5):
        history.append(item)
    assert history == [0, 1, 2, 3, 4]
    history.append(5)  # six held: the oldest three go
    assert history == [3, 4, 5]
    for item in range(6, 100):
        history.append(item)
        assert 3 <= len(history) < 6
        assert history[-1] == item
        assert history == list(range(item - len(history) + 1, item + 1))
        assert history.appended == item + 1  # a reader's place survives the let go
        assert history[0] == history.dropped


def test_it_keeps_at_least_one() -> None:
    with pytest.raises(ValueError, match="at least one"):
        History(keep=0)
