"""The session's free-text messages in every language (telling/messages.py): every
refusal, fault and warning the source writes fits a template; each template, filled
as a game fills it, comes back in every language without an English word but names;
and the real ones (a silent chip, a full disk, a damaged store, the blunder warning,
the opening draw, a claim's count, the engine's errors) are told in the language."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from string import Formatter
from typing import Any

import pytest

from drivers.errors import BusError
from engine.game import Game, Position
from engine.opening import DrawResult, FirstPlayerDraw
from engine.registry import find_game, games
from engine.search.types import Quality
from firmware_host.boards.scanning import fault_line
from firmware_host.notices.declared import (
    BlunderWarned,
    ComputerMoved,
    FaultShown,
    FaultSource,
    FirstPlayerDrawn,
    Refused,
)
from firmware_host.session.review import Review
from firmware_host.store.review_notes import MoveNote
from firmware_host.store.storage import Replaced
from firmware_host.telling.language import Language, claim_rules, source_msgids, translated
from firmware_host.telling.messages import (
    MESSAGES,
    claim_help,
    claim_title,
    message_of,
    message_told,
)
from firmware_host.telling.notices import notice_line, notice_sentence
from firmware_host.telling.opening_words import draw_text
from firmware_host.telling.reasons import REASONS, SEAT_FIELDS, seat_words
from firmware_host.telling.view import Surface, message_text, review_text
from tests.firmware_host.simkit import close_all, make_sim

ROOT = Path(__file__).resolve().parents[3] / "firmware_host"
TRANSLATED = tuple(language for language in Language if language is not Language.ENGLISH)
WORD = re.compile(r"[A-Za-z]{3,}")
KEPT = frozenset({"furigoma", "tokin", "sente", "gote", "gui"})
"""Shogi's Japanese terms and the GUI's name, kept in every language."""
MADE_BY = frozenset({"Refused", "FaultShown", "BusFault", "BlunderWarned", "ServerRefusedMove"})
"""The notices and events whose first words are a message for the player."""
TOOLS = ROOT / "tools"
"""The developer's tools (replay, benches) speak English to whoever runs them."""
NAMES = frozenset(
    {"move", "choice", "choices", "position", "path", "chip", "kept", "name", "cell", "server"}
    | {"game"}  # a game's title: its own test holds it to the catalogue
    | {"command", "field", "word", "usage"}  # typed as they are
)
TYPED = frozenset({"name", "value"})
"""A typed form's words (NAME=VALUE), kept in every language."""
COGNATES = {
    Language.POLISH: {"robot", "offline", "online", "token"},
    Language.CZECH: {"robot", "disk", "broker", "offline", "online", "token"},
    Language.FRENCH: {"robot", "points", "camp", "lance", "position", "broker", "code"},
}
"""Words the language writes as English does."""
"""Fields whose values are names, notation or ids: kept as they are in every language."""


def _sample(node: ast.expr) -> str | None:
    """A message as the source writes it, every value in it a ``1``; None when it is
    not written there (a variable, ``str(error)``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            str(part.value) if isinstance(part, ast.Constant) else "1" for part in node.values
        )
    return None


def written_messages() -> list[tuple[str, str]]:
    """Every message written in words where a refusal, fault or warning is made."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if TOOLS in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None)
            if name not in MADE_BY:
                continue
            index = 2 if name == "ServerRefusedMove" else 1 if name == "BlunderWarned" else 0
            text = _sample(node.args[index]) if len(node.args) > index else None
            if text is not None:
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", text))
    return found


def test_every_message_the_source_writes_fits_a_template() -> None:
    written = written_messages()
    assert len(written) > 20  # the scan finds the session's refusals
    unfit = [(where, text) for where, text in written if message_of(text) is None]
    assert unfit == []


def test_every_template_is_a_msgid() -> None:
    assert set(MESSAGES) <= set(source_msgids())


def _names(msgid: str) -> list[str]:
    return [name for _, name, _, _ in Formatter().parse(msgid) if name]


def _start(game: Game[Any]) -> Position[Any]:
    position = game.position()
    if not list(position.legal_moves()):
        position.push_text("roll 3")  # Chaturaji: the die first
    return position


def _filled(game: Game[Any], position: Position[Any]) -> dict[str, str]:
    """A value for each field as ``game`` fills it."""
    move = position.move_text(next(iter(position.legal_moves())))
    seat = game.seats[0].name
    illegal = next(iter(position.illegal_moves()), None)
    reason = illegal[1] if illegal is not None else f"it is {game.seats[1].name}'s turn"
    return {
        "seat": seat,
        "seat2": game.seats[1].name,
        "move": move,
        "choice": repr(move),
        "choices": f"{move}, takeback",
        "position": "p0",
        "game": game.title,
        "name": "impasse",
        "error": "the game is over",
        "why": "the computer stopped thinking",
        "detail": "database or disk is full",
        "warning": "a declaration that fails loses the game",
        "problems": f"{seat}'s king is in check; {seat} counts 3 points in hand and in the"
        " camp, not 28",
        "zone": "ranks a-c",
        "reason": reason,
        "server": "lishogi",
        "chip": "MCP23017 0x20",
        "path": "g.db",
        "kept": "g.db.1",
        "cell": "2b",
        "command": "review",
        "field": "game_id",
        "word": "'x'",
        "usage": "review STEP [GAME_ID]",
        "help": "the seat that resigns",
    }


def english_left(english: str, told: str, kept: set[str], language: Language) -> set[str]:
    """The words of ``english`` still in ``told``, but the names ``kept`` and the words
    ``language`` writes alike."""
    words = {word.lower() for word in WORD.findall(english)} - kept - KEPT
    words -= COGNATES.get(language, set())
    words -= TYPED if "NAME=VALUE" in english else set()
    return {word for word in WORD.findall(told) if word.lower() in words}


def _kept(game: Game[Any], language: Language, values: dict[str, str]) -> set[str]:
    """The words a language keeps: the seats' names it keeps, the names in ``values``."""
    seats = seat_words(game.name, language.value).values()
    kept = {word.lower() for name in seats for word in WORD.findall(name)}
    for name, value in values.items():
        if name in NAMES:
            kept |= {word.lower() for word in WORD.findall(value)}
    return kept


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
def test_every_message_is_told_in_every_language(game: Game[Any], language: Language) -> None:
    position = _start(game)
    values = _filled(game, position)
    kept = _kept(game, language, values)
    for msgid in dict.fromkeys(MESSAGES):
        names = _names(msgid)
        english = msgid.format(**{name: values.get(name, "3") for name in names})
        found = message_of(english)
        assert found is not None and found[0].msgid == msgid, english
        told = message_told(english, language, game.name)
        assert told != english and "{" not in told, (language, english)
        assert english_left(english, told, kept, language) == set(), (language.value, english, told)
        if SEAT_FIELDS & set(names) and language is Language.JAPANESE:
            assert game.seats[0].name not in told or game.name == "shogi"


def test_a_silent_chip_is_a_line_for_the_player_and_the_detail_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    error = BusError("MCP23017", "i2c-1", 0x20, OSError(5, "Input/output error"))
    line = fault_line(error)
    assert line == "MCP23017 at 0x20 on i2c-1 does not answer"
    assert "errno" not in line and "errno 5" in str(error)
    told = notice_line(FaultShown(line, 0.0), Language.CZECH)
    assert told == "porucha: MCP23017 at 0x20 on i2c-1 neodpovídá"


def test_a_full_disk_and_a_damaged_store_are_told_in_the_language() -> None:
    full = "cannot write to the game store g.db: database or disk is full"
    shown = f"{full}: the game goes on and is saved when the store can take it"
    told = notice_line(FaultShown(shown, 0.0, FaultSource.STORE), Language.POLISH)
    assert "baza danych lub dysk są pełne" in told and "partia toczy się dalej" in told
    assert "the game goes on" not in told
    for saved, cut in ((0, 0), (1, 0), (4, 0), (1, 1), (4, 2)):
        described = Replaced(Path("g.db"), Path("g.db.1"), "malformed", saved, cut).describe()
        for language in TRANSLATED:
            assert message_of(described) is not None, described
            told = message_told(described, language)
            assert "game store" not in told and "damaged" not in told, (language, told)


def test_the_blunder_warning_and_a_refusal_are_told_in_the_language() -> None:
    warned = BlunderWarned("2c2b", "gives away material", 0.0)
    assert notice_line(warned, Language.POLISH).startswith("uwaga: 2c2b oddaje materiał;")
    position = find_game("dobutsu").position()
    said = notice_sentence(BlunderWarned("2c2b", "loses the game", 0.0), position, Language.FRENCH)
    assert said == "attention : ce coup perd la partie"
    refused = Refused("no hints for A (sente): its help stops below hints", 0.0)
    assert notice_line(refused, Language.POLISH) == (
        "odmowa: gracz A: brak podpowiedzi, pomoc dla tej strony ich nie obejmuje"
    )
    nested = Refused("no hints: lishogi forbids engine help in games against people", 0.0)
    told = notice_line(nested, Language.JAPANESE)
    assert "no hints" not in told  # the outer message told too, not only the server's
    assert "きんじています" in told


def test_the_engines_errors_a_refusal_passes_on_are_told() -> None:
    position = find_game("dobutsu").position()
    with pytest.raises(Exception) as caught:
        position.parse_move("1d2c")  # the giraffe onto its own chick
    told = message_told(str(caught.value), Language.CZECH, "dobutsu")
    assert told.startswith("1d2c ") and "illegal" not in told and "is not" not in told


def test_the_opening_draw_is_told_in_every_language() -> None:
    rng = random.Random(3)
    draws = [
        DrawResult(FirstPlayerDraw.FURIGOMA, tuple(rng.random() < 0.5 for _ in range(5)), side)
        for side in (True, False)
    ] + [DrawResult(FirstPlayerDraw.LOT, (True,), side) for side in (True, False)]
    for drawn in draws:
        described = draw_text(drawn)
        assert described == drawn.describe()  # the record's words are the English ones
        for language in TRANSLATED:
            told = draw_text(drawn, language)
            assert english_left(described, told, set(), language) == set(), (language, told)
            assert told == notice_line(FirstPlayerDrawn(drawn, 0.0), language)


FOUR_TOKIN = DrawResult(FirstPlayerDraw.FURIGOMA, (True, True, True, True, False), False)
NO_TOKIN = DrawResult(FirstPlayerDraw.FURIGOMA, (False,) * 5, True)


@pytest.mark.parametrize(
    ("language", "one_pawn", "five_pawns"),
    [
        (Language.ENGLISH, "4 tokin, 1 pawn:", "0 tokin, 5 pawns:"),
        (Language.POLISH, "4 tokin, 1 pionek:", "0 tokin, 5 pionków:"),
        (Language.CZECH, "4 tokin, 1 pěšec:", "0 tokin, 5 pěšců:"),
        (Language.FRENCH, "4 tokin, 1 pion :", "0 tokin, 5 pions :"),
        (Language.JAPANESE, "と 4まい、ふ 1まい:", "と 0まい、ふ 5まい:"),
    ],
    ids=lambda value: value.value if isinstance(value, Language) else None,
)
def test_the_pawns_of_a_draw_take_the_plural_their_count_needs(
    language: Language, one_pawn: str, five_pawns: str
) -> None:
    assert one_pawn in draw_text(FOUR_TOKIN, language)
    assert five_pawns in draw_text(NO_TOKIN, language)
    assert "1 pawns" not in FOUR_TOKIN.describe()


def test_a_claims_count_is_told_with_its_problems() -> None:
    shogi = find_game("shogi")
    position = shogi.position(None, shogi.options({"impasse": "27"}))
    preview = position.claim_preview("declare")
    assert preview is not None and preview.problems
    described = preview.describe("sente")
    for language in TRANSLATED:
        told = message_told(described, language, "shogi")
        assert english_left(described, told, {"sente"}, language) == set(), (language, told)


def test_every_claim_has_its_title_and_help_in_every_language() -> None:
    rules = claim_rules()
    assert {rule.name for rule in rules} == {"impasse", "declare"}
    for rule in rules:
        for language in TRANSLATED:
            assert claim_help(rule, language) != rule.help
            title = claim_title(rule, language)
            assert title == translated(rule.title, language)
    assert claim_title(rules[1], Language.POLISH) == "Ogłoś wygraną"


def test_reasons_and_messages_do_not_overlap() -> None:
    """A message is read by its own templates, an illegal move's reason by reasons.py."""
    assert not set(MESSAGES) & set(REASONS)


def test_a_reviews_step_is_told_in_the_language() -> None:
    notes = {3: MoveNote(3, Quality.DOUBTFUL, 0.4, "7g7f"), 2: MoveNote(2, Quality.GOOD, 0.1, None)}
    for ply in (0, 2, 3, 4):
        review = Review(4, ("2g2f", "8c8d", "2f2e", "8d8e"), (frozenset(),) * 4, ply, notes)
        assert review_text(review, Language.ENGLISH) == review.describe()
        for language in TRANSLATED:
            told = review_text(review, language)
            left = english_left(review.describe(), told, set(), language)
            assert left == set(), (language.value, told)
    judged = Review(4, ("2g2f", "8c8d", "2f2e"), (frozenset(),) * 3, 3, notes)
    assert review_text(judged, Language.POLISH) == (
        "przegląd gry 4: ruch 3 z 3 (2f2e): wątpliwy; lepszy 7g7f"
    )


def test_a_game_across_boards_waits_in_the_language() -> None:
    """The remote game's and the online game's waiting lines (remote/game.py,
    online/seat.py) lead the status line, told; a move another board played says so."""
    sim = make_sim()
    try:
        sim.controller.network_waits("waiting for the opponent's board (B (gote)): it is offline")
        told = message_text(sim.controller, (), Surface.PAGE, Language.POLISH)
        assert told.startswith("czekanie na planszę przeciwnika (gracz B): jest rozłączona; ")
        sim.controller.network_waits(
            "lishogi: the link is down (timed out); trying again in 5 s; 2 move(s) wait to be sent"
        )
        told = message_text(sim.controller, (), Surface.PAGE, Language.CZECH)
        assert told.startswith("lishogi: spojení je přerušeno (timed out); nový pokus za 5 s;")
    finally:
        close_all()
    moved = ComputerMoved(1, "2b2c", "played at the other board", 0.0)
    assert notice_line(moved, Language.FRENCH).endswith("(joué sur l'autre plateau)")


def test_a_notice_of_a_known_game_names_its_seats_by_its_words() -> None:
    """Black is "czarne" (marbles) in Abalone and "czarny" (an army) in Chaturaji."""
    refused = Refused("no hints for black: its help stops below hints", 0.0)
    assert notice_line(refused, Language.POLISH, "chaturaji").startswith("odmowa: czarny:")
    assert notice_line(refused, Language.POLISH, "abalone").startswith("odmowa: czarne:")
