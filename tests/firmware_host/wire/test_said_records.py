"""A said record read back is the ``Said`` it was written from, and nothing else reads."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import KibanError
from engine.said import (
    CountWord,
    Either,
    PieceWord,
    Said,
    Seats,
    SeatWord,
    SpotWord,
    Term,
    Value,
)
from firmware_host.wire.notice_records import SaidRecordError, said_from_record, said_record

texts = st.text(max_size=12)
seats = st.builds(SeatWord, st.integers(0, 5), texts)
words: st.SearchStrategy[Value] = st.one_of(
    texts,
    st.integers(-(10**6), 10**6),
    seats,
    st.builds(Seats, st.tuples(seats, seats), texts),
    st.builds(PieceWord, texts, texts),
    st.builds(SpotWord, texts),
    st.builds(Term, texts),
    st.builds(CountWord, st.integers(0, 10**6)),
)
"""Every kind of value but the ones that hold others."""


def _said(inner: st.SearchStrategy[Value]) -> st.SearchStrategy[Said]:
    values = st.dictionaries(st.text(min_size=1, max_size=6), inner, max_size=4)
    return st.builds(
        lambda msgid, named, plural, context: Said(msgid, tuple(named.items()), plural, context),
        texts,
        values,
        st.none() | texts,
        st.none() | st.just("move"),
    )


values: st.SearchStrategy[Value] = st.recursive(
    words,
    lambda inner: st.one_of(
        st.builds(Either, st.lists(inner, max_size=3).map(tuple), texts), _said(inner)
    ),
    max_leaves=12,
)


@given(_said(values))
def test_a_said_record_reads_back_as_the_said_it_was_written_from(said: Said) -> None:
    assert said_from_record(said_record(said)) == said


KINDS: dict[str, st.SearchStrategy[Value]] = {
    "text": texts,
    "count": st.integers(-(10**6), 10**6),
    "seat": seats,
    "seats": st.builds(Seats, st.tuples(seats, seats), texts),
    "piece": st.builds(PieceWord, texts, texts),
    "spot": st.builds(SpotWord, texts),
    "term": st.builds(Term, texts),
    "number": st.builds(CountWord, st.integers(0, 10**6)),
    "either": st.builds(Either, st.lists(values, max_size=3).map(tuple), texts),
    "said": _said(values),
}


@pytest.mark.parametrize("kind", KINDS)
@given(data=st.data())
def test_each_kind_of_value_reads_back(kind: str, data: st.DataObject) -> None:
    """Every kind the wire writes, drawn for certain (the recursive strategy above may
    draw some rarely)."""
    said = data.draw(_said(KINDS[kind]).filter(lambda drawn: bool(drawn.values)))
    assert said_from_record(said_record(said)) == said


REFUSED: list[Any] = [
    None,
    "text",
    [],
    {"values": {}},  # no msgid
    {"msgid": "x"},  # no values
    {"msgid": 3, "values": {}},
    {"msgid": "x", "values": []},
    {"msgid": "x", "values": {}, "colour": "red"},  # a key too many
    {"msgid": "x", "values": {}, "plural": 2},
    {"msgid": "x", "values": {}, "context": None},
    {"msgid": "x", "values": {"v": None}},
    {"msgid": "x", "values": {"v": True}},  # a boolean is no count
    {"msgid": "x", "values": {"v": 1.5}},
    {"msgid": "x", "values": {"v": []}},
    {"msgid": "x", "values": {"v": {}}},
    {"msgid": "x", "values": {"v": {"colour": "red"}}},
    {"msgid": "x", "values": {"v": {"seat": "0", "english": "A"}}},
    {"msgid": "x", "values": {"v": {"seat": 0}}},
    {"msgid": "x", "values": {"v": {"seat": 0, "english": "A", "extra": 1}}},
    {"msgid": "x", "values": {"v": {"seats": {"seat": 0, "english": "A"}, "joiner": " and "}}},
    {"msgid": "x", "values": {"v": {"seats": [{"spot": "a1"}], "joiner": " and "}}},
    {"msgid": "x", "values": {"v": {"piece": "chick"}}},
    {"msgid": "x", "values": {"v": {"spot": 3}}},
    {"msgid": "x", "values": {"v": {"term": None}}},
    {"msgid": "x", "values": {"v": {"either": ["a"], "joiner": 1}}},
    {"msgid": "x", "values": {"v": {"either": [None], "joiner": ", "}}},
    {"msgid": "x", "values": {"v": {"number": "2"}}},
    {"msgid": "x", "values": {"v": {"msgid": "y"}}},  # a nested record missing its values
]


@pytest.mark.parametrize("record", REFUSED)
def test_a_malformed_record_is_refused_with_a_clear_error(record: Any) -> None:
    with pytest.raises(SaidRecordError) as refused:
        said_from_record(record)
    assert isinstance(refused.value, KibanError)
    assert isinstance(refused.value, ValueError)
    assert str(refused.value)
