"""A sentence as espeak-ng is handed it: nothing in it that the voice would spell out
as a symbol's or a letter's name.

The sentences are written for reading (the terminal, the page); a few of their
characters are heard wrongly. Every voice names "@" ("at", "małpa", "zavináč",
"arobase"), which Robotory's notation uses as a separator. The Japanese voice says
"Japanese letter" for "・" and reads any Latin letter in English, and a clause that
holds one is then read kana by kana, each voiced kana and "ー" as "Japanese letter"
again: so in Japanese, Latin letters are said by their Japanese names in kana
("A1" as えー 1), names Kiban says as words, and other symbols are left out.
tests/firmware_host/telling/test_espeak_text.py checks what espeak-ng says.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from firmware_host.telling.language import Language

LETTERS = MappingProxyType(
    dict(
        zip(
            "abcdefghijklmnopqrstuvwxyz",
            (
                "えー",
                "びー",
                "しー",
                "ディー",
                "いー",
                "えふ",
                "じー",
                "えいち",
                "あい",
                "ジェー",
                "けー",
                "える",
                "えむ",
                "えぬ",
                "おー",
                "ピー",
                "きゅー",
                "あーる",
                "えす",
                "ティー",
                "ゆー",
                "ぶい",
                "だぶりゅー",
                "えっくす",
                "わい",
                "ぜっと",
            ),
            strict=True,
        )
    )
)
"""The Latin letters as Japanese names them (an ABC said in Japan): in hiragana, but
the four whose kana the page's font lacks (kiban page-font subsets it to what the
sources hold), in katakana; the voice reads both alike."""

JAPANESE_WORDS = MappingProxyType({"lishogi": "りしょうぎ", "ok": "おーけー"})
"""Latin words in Japanese sentences said as words, not spelled."""

SILENT = re.compile(r"[@]")
"""What every voice would name: left out (a space keeps the words apart)."""
JAPANESE_SILENT = re.compile(r"[・@#$%&*+=/\\|~^_<>\[\]{}\"'.\-]")
"""What the Japanese voice would name: the middle dot, and ASCII's symbols."""
LATIN = re.compile(r"[A-Za-z]+")


def voiced(sentence: str, language: Language) -> str:
    """``sentence`` as the voice of ``language`` is to say it."""
    if language is not Language.JAPANESE:
        return _spaced(SILENT.sub(" ", sentence))
    return _spaced(LATIN.sub(_japanese_word, JAPANESE_SILENT.sub(" ", sentence)))


def _japanese_word(match: re.Match[str]) -> str:
    word = match.group().lower()
    named = JAPANESE_WORDS.get(word)
    return f" {named if named else ' '.join(LETTERS[letter] for letter in word)} "


def _spaced(text: str) -> str:
    return re.sub(r" {2,}", " ", text).strip()
