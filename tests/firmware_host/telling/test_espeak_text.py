"""What the board's voice says, heard through espeak-ng's phonemes (``-q -x``: no
sound): Japanese squares as an announcer says them (７六歩, なな ろく ふ), and no
sentence of any game in any language with a symbol or letter the voice names."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from engine.game import Game, Position
from engine.registry import find_game
from firmware_host.loops.speaker import Announcer, Speaker
from firmware_host.notices.declared import MoveCommitted, ReviewShown
from firmware_host.session.clock import TimeControl
from firmware_host.telling.espeak_text import voiced
from firmware_host.telling.language import Language
from firmware_host.telling.narrator import Narrator
from firmware_host.telling.notices import notice_sentence
from tests.firmware_host.loops.test_speaker import writer
from tests.firmware_host.telling.test_languages_every_notice import _start, game_notices
from tests.registered import boarded_games


def phonemes(text: str, language: Language) -> str:
    """What espeak-ng says of ``text`` (each line a paragraph), as its phonemes."""
    espeak = shutil.which("espeak-ng")
    assert espeak is not None, "espeak-ng is not installed: make speech-tools"
    return subprocess.run(
        [espeak, "-v", language.voice, "-q", "-x", "--stdin"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout


def named(sentences: Iterable[str], language: Language) -> dict[str, list[str]]:
    """The characters the voice says by name in ``sentences``, with the sentences that
    hold each: a character whose name (what the voice says of it alone) is heard more
    often than with it replaced by a space; in Japanese, any Latin letter (said in
    English: espeak-ng switches to it)."""
    text = "\n\n".join(sentences)
    heard = phonemes(text, language)
    found: dict[str, list[str]] = {}
    for character in sorted(set(text)):
        if character.isspace():
            continue
        if character.isascii() and character.isalpha():
            if language is Language.JAPANESE and "(en)" in phonemes(character, language):
                found[character] = [s for s in sentences if character in s]
            continue
        if character.isalnum():
            continue
        name = phonemes(character, language).strip()
        if name and heard.count(name) > phonemes(text.replace(character, " "), language).count(
            name
        ):
            found[character] = [s for s in sentences if character in s]
    if language is Language.JAPANESE and "(en)" in heard:
        found["(en)"] = [s for s in sentences if "(en)" in phonemes(s, language)]
    return found


def said(position: Position[Any], move: str, language: Language) -> str:
    sentence = notice_sentence(MoveCommitted(1, move, 0.0), position, language)
    assert sentence is not None
    return sentence


SHOGI_MOVES = (  # a position, a move, what is said in Japanese
    (None, "7g7f", "せんて、なな ろく ふ"),
    ("4k4/9/9/9/9/4p4/4P4/9/4K4 w - 1", "5f5g+", "ごて、ご なな ふ なり"),
    ("4k4/9/9/9/9/4p4/4P4/9/4K4 w - 1", "5f5g", "ごて、ご なな ふ ならず"),
    ("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5b", "せんて、ご に きん うつ"),
)
DOBUTSU_MOVES = (
    (None, "2c2b", "せんて、に に ひよこ"),
    ("l2/1C1/3/1L1 b - 1", "2b2a+", "せんて、に いち ひよこ なり"),
)


@pytest.mark.parametrize(
    ("game", "start", "move", "japanese"),
    [("shogi", *example) for example in SHOGI_MOVES]
    + [("dobutsu", *example) for example in DOBUTSU_MOVES],
)
def test_japanese_squares_are_said_as_an_announcer_says_them(
    game: str, start: str | None, move: str, japanese: str
) -> None:
    position = find_game(game).position(start)
    sentence = said(position, move, Language.JAPANESE)
    assert sentence == japanese
    heard = phonemes(sentence, Language.JAPANESE)
    assert "(" not in heard, heard  # no letter's name, in English or Japanese
    assert heard.split() == phonemes(sentence.replace("、", " "), Language.JAPANESE).split()


@pytest.mark.parametrize(
    ("language", "game", "move", "spoken"),
    [
        (Language.JAPANESE, "shogi", "7g7f", "せんて、なな ろく ふ"),
        (Language.JAPANESE, "robotory", "w@A1", "しろいエネルギーを えー 1におく"),
        (Language.ENGLISH, "robotory", "w@A1", "review of game 4: move 1 of 1: w A1"),
    ],
)
def test_the_board_hands_espeak_ng_what_it_can_say(
    language: Language, game: str, move: str, spoken: str, tmp_path: Path
) -> None:
    """Through the announcer, as the board's speaker is given its sentences."""
    out = tmp_path / "said.txt"
    speaker = Speaker(writer(out))
    position = find_game(game).position()
    position.push_text(move)
    notice = ReviewShown(4, 1, 1, move, 0.0) if "review" in spoken else MoveCommitted(1, move, 0)
    Announcer(speaker, Narrator(language), lambda: position)([notice])
    speaker.close(timeout=30.0)
    (sentence,) = out.read_text().splitlines()
    assert spoken in sentence
    assert named([sentence], language) == {}


def clock_sentences(position: Position[Any], language: Language) -> list[str]:
    """The main time's warnings and a byoyomi count."""
    narrator = Narrator(language)
    said = narrator.clock_sentences(position, (70.0, 70.0), (55.0, 70.0))
    byoyomi = TimeControl(0.0, byoyomi=30.0)
    said += narrator.clock_sentences(position, (21.0, 30.0), (19.0, 30.0), byoyomi)
    return list(said)


@pytest.mark.parametrize("language", list(Language), ids=lambda language: language.value)
@pytest.mark.parametrize("game", boarded_games(), ids=lambda game: game.name)
def test_no_sentence_has_a_symbol_the_voice_names(game: Game[Any], language: Language) -> None:
    """Every notice of the game (its moves, prompts, hints, reviews, faults, ...) and
    the clock's words, as the speaker hands them to espeak-ng."""
    position = _start(game)
    sentences = [notice_sentence(n, position, language) for n in game_notices(game, position)]
    sentences += clock_sentences(position, language)
    voice = [voiced(sentence, language) for sentence in sentences if sentence]
    assert named(voice, language) == {}
