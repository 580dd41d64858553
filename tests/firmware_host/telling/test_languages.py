"""Every notice and prompt of every game is told in every language: each catalogue
holds every marked msgid, translated, with the msgid's placeholders; nothing falls
back to English unless the catalogue says it is the same word on purpose; and
espeak-ng says a sentence in each language aloud."""

from __future__ import annotations

import ast
import io
from pathlib import Path
from string import Formatter

import pytest

from engine.catalogue import CatalogueError, read_po
from engine.registry import find_game, games, own_games
from engine.said import NP_
from firmware_host.cli.parser import build_parser
from firmware_host.cli.play import _language
from firmware_host.loops.profiles import load_profile
from firmware_host.loops.speaker import Speaker, espeak_command
from firmware_host.notices.declared import HintShown, MoveCommitted, PromptOpened
from firmware_host.telling.language import (
    Language,
    catalogue_path,
    game_entries,
    plural_forms,
    translated,
    translated_plural,
)
from firmware_host.telling.msgids import (
    game_msgids,
    missing_entries,
    source_files,
    source_msgids,
    source_plurals,
)
from firmware_host.telling.narrator import Narrator
from firmware_host.telling.notices import notice_line, notice_sentence, wording
from firmware_host.telling.speech_settings import SpeechMode, SpeechSpec
from firmware_host.terminal.app import run_terminal
from firmware_host.testing.words import identical_on_purpose as marked_identical
from tests.firmware_host.loops.test_speaker import rms
from tests.firmware_host.simkit import make_sim
from tests.firmware_host.telling.test_languages_messages import rolled
from tests.firmware_host.telling.test_notices import EXAMPLES
from tests.firmware_host.telling.test_speech_settings import parse
from tests.hardware.test_profile import HEAD, LEDS

TRANSLATED = tuple(language for language in Language if language is not Language.ENGLISH)


def _names(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


SAYING = frozenset({"said", "Said", "plural_said"})
"""The calls that make what Kiban says from a msgid (engine/said.py)."""


def unmarked_msgids(paths: list[Path]) -> list[str]:
    """Where a msgid is said without its mark (``said("...")``, not ``said(N_("..."))``):
    the catalogues never collect it, so no language but English would tell it."""
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else None
            if isinstance(node.func, ast.Attribute):
                name = node.func.attr
            first = node.args[0]
            if name in SAYING and isinstance(first, ast.Constant | ast.JoinedStr):
                found.append(f"{path}:{node.lineno}")
    return found


def test_every_msgid_said_is_marked_for_the_catalogues() -> None:
    assert unmarked_msgids(source_files()) == []
    # the simulated hand's refusals are among the marked, so every catalogue has them
    assert {
        "there is nothing on {spot} to lift",
        "the hand holds nothing to place on {spot}",
        "no {kind} on the stand of the side to move",
    } <= set(source_msgids())
    assert NP_(
        "the hand holds {count} piece (0); there is no piece {held}",
        "the hand holds {count} pieces (0 to {last}); there is no piece {held}",
    ) in set(source_plurals())


def test_an_unmarked_msgid_is_found(tmp_path: Path) -> None:
    source = tmp_path / "unmarked.py"
    source.write_text(
        'said("plain {x}", x=1)\nsaid(N_("marked {x}"), x=1)\nSaid(f"{a}")\n', encoding="utf-8"
    )
    assert unmarked_msgids([source]) == [f"{source}:1", f"{source}:3"]


def identical_on_purpose(language: Language) -> set[str]:
    """The msgids the catalogues (Kiban's and each game's own) mark as the same in
    ``language`` on purpose (as the kit's words check reads a game's)."""
    texts = [catalogue_path(language).read_text(encoding="utf-8")]
    texts += [text for game in games() if (text := game.catalogue(language.value)) is not None]
    return {msgid for text in texts for msgid in marked_identical(text)}


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_every_marked_msgid_is_translated_with_its_placeholders(language: Language) -> None:
    """Kiban's msgids and its own games' (an outside game's words are in the languages it
    ships: the kit's words check holds each of its catalogues to the same)."""
    own = read_po(catalogue_path(language).read_text(encoding="utf-8"))
    entries = {**game_entries(language), **own}  # a game may bring its own words
    same = identical_on_purpose(language)
    assert missing_entries(language) == ""
    kibans = {msgid for game in own_games() for msgid in game_msgids(game)}
    outside = {msgid for game in games() for msgid in game_msgids(game)} - kibans
    for msgid in source_msgids():
        if msgid in outside:
            continue
        assert msgid in entries, (language, msgid)
        assert _names(entries[msgid]) == _names(msgid), (language, msgid)
        assert entries[msgid] != msgid or msgid in same, (language, msgid)
        assert translated(msgid, language) == entries[msgid]


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_every_plural_has_each_form_of_its_language_with_its_placeholders(
    language: Language,
) -> None:
    entries = read_po(catalogue_path(language).read_text(encoding="utf-8"))
    forms = plural_forms(language)
    assert source_plurals(), "the plural msgids are found in the source"
    for plural in source_plurals():
        told = entries[plural.key].split("\0")
        assert len(told) == forms, (language, plural)
        assert all(_names(form) == _names(plural.many) for form in told), (language, plural)
        # gettext picks each form by the catalogue's own rule, for every count
        assert {translated_plural(plural, n, language) for n in range(30)} == set(told)


def test_polish_and_czech_count_in_three_forms() -> None:
    took = NP_("took back {count} move", "took back {count} moves")
    said = {n: translated_plural(took, n, Language.POLISH).format(count=n) for n in (1, 3, 5, 22)}
    assert said == {
        1: "cofnięto 1 ruch",
        3: "cofnięto 3 ruchy",
        5: "cofnięto 5 ruchów",
        22: "cofnięto 22 ruchy",
    }
    said = {n: translated_plural(took, n, Language.CZECH).format(count=n) for n in (1, 3, 5)}
    assert said == {1: "vrácen 1 tah", 3: "vráceny 3 tahy", 5: "vráceno 5 tahů"}
    assert translated_plural(took, 1, Language.ENGLISH) == "took back {count} move"


def test_every_game_title_is_in_the_catalogues() -> None:
    assert {game.title for game in games()} <= set(source_msgids())


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_every_notice_is_told_in_every_language(language: Language) -> None:
    same = identical_on_purpose(language)
    for notice in EXAMPLES:
        words = wording(notice)
        line = notice_line(notice, language)
        assert line and "{" not in line, (language, notice)
        assert line != notice_line(notice) or words.shown in same, (language, notice)
        sentence = notice_sentence(notice, None, language)
        assert (sentence is None) == (words.said is None)
        assert sentence is None or "{" not in sentence


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
@pytest.mark.parametrize("game", [game.name for game in games()])
def test_every_games_prompt_and_move_are_said_in_every_language(
    language: Language, game: str
) -> None:
    position = find_game(game).position()
    if not list(position.legal_moves()):
        position.push(rolled(position))  # Chaturaji, the toy race: the die first
    moves = [position.move_text(move) for move in position.legal_moves()][:2]
    narrator, english = Narrator(language), Narrator()
    for notice in (PromptOpened(tuple(moves), 0.0), HintShown(moves[0], 0.0)):
        sentence = narrator.sentence(notice, position)
        assert sentence and "{" not in sentence, (language, notice)
        assert sentence != english.sentence(notice, position), (language, notice)
        assert notice_line(notice, language) != notice_line(notice)
    committed = MoveCommitted(1, moves[0], 0.0)
    said = narrator.sentence(committed, position)
    assert said and "{" not in said


def test_a_language_not_told_in_is_named_as_such() -> None:
    assert Language.named("pl") is Language.POLISH
    with pytest.raises(CatalogueError, match="one of en, ja, pl, cs, fr"):
        Language.named("de")


@pytest.mark.parametrize("language", list(Language), ids=lambda language: language.value)
def test_espeak_ng_says_each_language_aloud(language: Language, tmp_path: Path) -> None:
    out = tmp_path / f"{language.value}.wav"
    position = find_game("shogi").position()
    sentence = Narrator(language).sentence(HintShown("7g7f", 0.0), position)
    assert sentence
    spec = SpeechSpec(SpeechMode.ON, language.voice, language=language)
    speaker = Speaker((*espeak_command(spec), "-w", str(out)))
    assert speaker.say(sentence)
    speaker.close(timeout=30.0)
    assert (speaker.spoken, speaker.failed) == (1, 0)
    assert rms(out) > 500  # far above silence (0) on a 16-bit scale of 32767


def test_the_terminal_tells_in_its_language() -> None:
    sim = make_sim()
    out = io.StringIO()
    assert run_terminal(sim, io.StringIO("move 2c 2b\n"), out, language=Language.POLISH) == 0
    assert "ruch 1: 2c2b" in out.getvalue()
    assert "move 1: 2c2b" not in out.getvalue()


def test_kiban_sim_takes_the_language_else_the_profiles() -> None:
    simulated = load_profile("sim", find_game("dobutsu"))
    args = build_parser().parse_args(["sim", "dobutsu", "--language", "cs"])
    assert _language(args, simulated) is Language.CZECH
    args = build_parser().parse_args(["sim", "dobutsu"])
    assert _language(args, simulated) is Language.ENGLISH
    spoken = parse(HEAD + LEDS + '[speech]\nmode = "on"\nlanguage = "fr"\n')
    assert _language(args, spoken) is Language.FRENCH
