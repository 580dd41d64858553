"""Game codes: read as people type them, refused in plain words, and keys that depend on
every letter (a stranger's code signs nothing of this room)."""

from __future__ import annotations

import pytest

from firmware_host.remote.code import ALPHABET, GameCode, GameCodeError


def test_a_new_code_reads_back_from_its_own_text() -> None:
    code = GameCode.new()
    assert len(code.letters) == 10
    assert set(code.letters) <= set(ALPHABET)
    assert GameCode.parse(str(code)) == code
    assert str(code)[5] == "-"


def test_codes_are_read_as_people_type_them() -> None:
    assert GameCode.parse("k7qm2-xrdp9") == GameCode("K7QM2XRDP9")
    assert GameCode.parse(" K7QM2 XRDP9 ") == GameCode("K7QM2XRDP9")
    # the letters Crockford's alphabet leaves out are read as what they look like
    assert GameCode.parse("O1LIU-00000") == GameCode("0111V00000")


@pytest.mark.parametrize("text", ["", "K7QM2", "K7QM2-XRDP9X", "K7QM2-XRDP!"])
def test_a_code_that_cannot_be_read_says_what_a_code_is(text: str) -> None:
    with pytest.raises(GameCodeError, match="ten letters and digits"):
        GameCode.parse(text)


def test_new_codes_differ() -> None:
    assert len({GameCode.new() for _ in range(50)}) == 50


def test_the_keys_come_from_the_code_and_sign_only_for_it() -> None:
    keys = GameCode("K7QM2XRDP9").keys()
    again = GameCode.parse("k7qm2-xrdp9").keys()
    other = GameCode("K7QM2XRDP8").keys()
    assert keys == again
    assert keys.room != other.room and "K7QM2" not in keys.room
    signature = keys.sign(b"move")
    assert keys.verify(b"move", signature)
    assert not keys.verify(b"move!", signature)
    assert not other.verify(b"move", signature)
