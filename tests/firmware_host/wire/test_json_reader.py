"""JSON from outside is read whole or refused as malformed, never with a RecursionError."""

from __future__ import annotations

import json
import random

import pytest

from engine.errors import KibanError
from firmware_host.wire.json_reader import MAX_DEPTH, MalformedJsonError, read_json


def test_ordinary_json_reads_as_json_does() -> None:
    texts = [
        '{"type": "lift", "spot": "2c", "id": 3}',
        '{"a": "brackets [[[ {{{ in a string", "b": "\\\\", "c": "\\"["}',
        "[" * MAX_DEPTH + "]" * MAX_DEPTH,
        '"just a string"',
        "3.5",
    ]
    for text in texts:
        assert read_json(text) == json.loads(text)
        assert read_json(text.encode("utf-8")) == json.loads(text)
        assert read_json(text.encode("utf-16")) == json.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
        "[" * 100_000,  # json's own recursion would end in RecursionError
        '{"a":' * 5000 + "1" + "}" * 5000,
        "{not json",
        "",
        '"never ends',
        "NaN",
        '{"t": Infinity}',
        "[-Infinity]",
        "1" * 5000,  # more digits than Python converts
        b"\xff\xfe\x00",
        b"\x80 not utf-8",
    ],
)
def test_malformed_or_too_deep_is_one_project_error(text: str | bytes) -> None:
    with pytest.raises(MalformedJsonError) as refused:
        read_json(text)
    assert isinstance(refused.value, KibanError) and isinstance(refused.value, ValueError)
    assert str(refused.value)


def test_the_depth_is_counted_outside_strings_only() -> None:
    deep_in_text = json.dumps({"note": "[" * 1000})
    assert read_json(deep_in_text) == {"note": "[" * 1000}
    assert read_json("[[1]]", max_depth=2) == [[1]]
    with pytest.raises(MalformedJsonError, match="deeper than 1"):
        read_json("[[1]]", max_depth=1)


def test_random_junk_never_escapes_as_another_error() -> None:
    rng = random.Random(12)
    alphabet = '[]{}",:\\ 0123456789.eE+-truefalsnNaIfiy\u00e9\x00'
    read = refused = 0
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))
        try:
            read_json(text)
        except MalformedJsonError:
            refused += 1
        else:
            read += 1
    assert read and refused
