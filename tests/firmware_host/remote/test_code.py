"""Game codes: read as people type them, refused in plain words; a play code gives
its watch code (never the other way), and the keys that vouch for a board's key depend
on every letter (a stranger's code vouches for nothing in this room)."""

from __future__ import annotations

from functools import cache

import pytest

from firmware_host.remote.code import ALPHABET, WATCH_MARK, GameCode, GameCodeError, RoomKeys

KEY = "A" * 43 + "="  # the text of some public key


@cache
def keys(letters: str = "K7QM2XRDP9") -> RoomKeys:
    return GameCode(letters).keys()


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


def test_new_codes_differ_and_are_never_watch_codes() -> None:
    codes = {GameCode.new() for _ in range(400)}
    assert len(codes) == 400
    assert not any(code.watching for code in codes)
    assert len({code.letters[0] for code in codes}) > 20  # every other first letter


def test_a_play_code_gives_its_watch_code_and_the_same_room() -> None:
    play = keys()
    watch = play.watch_code
    assert watch.watching and watch.letters.startswith(WATCH_MARK)
    assert GameCode.parse(str(watch)) == watch
    seen = keys(watch.letters)
    assert seen.room == play.room and seen.watch_code == watch
    assert play.playing and not seen.playing  # the watch code joins nothing
    assert keys().watch_code == watch and keys("K7QM2XRDP8").watch_code != watch
    assert "K7QM2" not in play.room and watch.letters[1:6] not in play.room


def test_the_play_codes_word_vouches_for_one_board_and_one_key_only() -> None:
    play = keys()
    intro = play.introduce("3f9c1a2e", KEY, host=False)
    assert play.vouched("3f9c1a2e", KEY, intro)
    assert not play.vouched("3f9c1a2f", KEY, intro)  # another board
    assert not play.vouched("3f9c1a2e", "B" + KEY[1:], intro)  # another key
    assert not keys("K7QM2XRDP8").vouched("3f9c1a2e", KEY, intro)  # another code
    # a spectator cannot check a player's word, and a player's word is not the host's
    assert not keys(play.watch_code.letters).vouched("3f9c1a2e", KEY, intro)


def test_the_hosts_key_is_vouched_for_to_spectators_too() -> None:
    play = keys()
    intro = play.introduce("h0571", KEY, host=True)
    spectator = keys(play.watch_code.letters)
    assert spectator.vouched("h0571", KEY, intro)
    assert play.vouched("h0571", KEY, intro)
    assert not spectator.vouched("h0571", "B" + KEY[1:], intro)
    with pytest.raises(AssertionError):
        spectator.introduce("h0571", KEY, host=True)  # a spectator introduces nobody
