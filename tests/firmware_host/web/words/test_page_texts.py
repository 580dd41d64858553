"""The page's remaining words in every language: the "Play online" dialog's
sentences are served words, each translated; the server's own sentences the page
shows as they come (who plays a computer seat, the computer's verdict, what a remote
or online game waits for, a review's place and notes, the colour key) are read back
against their templates; and for every game, in every language, the state and the
board message carry them, and the seats' and spots' names, with no English word
left (the status line's test's detection)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from importlib import resources
from types import SimpleNamespace
from typing import Any, cast

import pytest

from drivers.buttons import ButtonRole
from engine.game import Game
from engine.registry import find_game, games, names, own_games
from engine.said import Said, said, verbatim
from engine.search.levels import LEVELS
from engine.search.types import Quality
from firmware_host.online.starting import SEEK, OnlineRequest, Way
from firmware_host.opponents.seats import OpponentKind, OpponentSpec
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.game import RemoteGame
from firmware_host.session.actions import Resign, Select
from firmware_host.session.actions import Review as ReviewStep
from firmware_host.session.settings import Settings
from firmware_host.session.state import Phase
from firmware_host.store.review_notes import MoveNote, note_said
from firmware_host.telling.language import Language
from firmware_host.telling.legend import PALETTES, Meaning
from firmware_host.telling.rendering import told, value_told
from firmware_host.telling.view import prompt_labels, review_text
from firmware_host.web.online_dialog.start import _words
from firmware_host.web.page_state.claims import claim_json, claim_previews
from firmware_host.web.page_state.messages import (
    Mode,
    board_message,
    catalogue_message,
)
from firmware_host.web.words.colour_key import KEY_WORDS, key_text, key_text_in
from firmware_host.web.words.page_texts import LEVEL_NAMES, opponent_text
from firmware_host.web.words.page_words import PAGE_WORDS, page_words
from firmware_host.web.words.told_for_page import told_for_page
from firmware_host.wire.notice_records import said_record
from tests.firmware_host.simkit import close_all, make_sim
from tests.firmware_host.telling.test_languages import identical_on_purpose
from tests.firmware_host.telling.test_languages_status import TRANSLATED, english_words_left
from tests.firmware_host.web.helpers import labels_told, said_from_record, sim_state
from tests.registered import boarded_games

Json = dict[str, Any]
NAMES = frozenset({"lishogi", *names()})
"""Names kept in every language: the games' and the server's."""
SAME_SPELLED = {
    "fr": frozenset(
        {"code", "lance", "duel", "novice", "dragon", "robot"}
        | {"impasse", "promotion", "handicap", "points", "standard", "zone", "position"}
        | {"occurrence", "camp", "club", "expert"}
    ),
    "pl": frozenset({"robot"}),
    "cs": frozenset({"robot", "expert"}),
}
"""Words a language spells as English does: the French "code", "duel", "novice",
"dragon" and "lance" (shogi's, as French players call them), "impasse", "promotion",
"handicap", "points", "standard", "zone", "position", "occurrence", "camp", "club" and
"expert" (a level's name, also Czech), "robot" (and the stem of "robotów", "robotů")."""
STATIC = resources.files("firmware_host.web") / "static"


@pytest.fixture
def closing() -> Iterator[None]:
    yield
    close_all()


def online_words() -> list[str]:
    """The words online.js asks ``word()`` for or puts with ``wordIn()``, and the
    sentences it keeps in constants marked ``// word()``."""
    found = []
    for line in (STATIC / "online.js").read_text(encoding="utf-8").splitlines():
        if "word(" in line or "wordIn(" in line:
            found += re.findall(r'"([^"]+)"', re.sub(r'\$\("[^"]*"\)', "", line))
    return found


def test_the_online_dialogs_sentences_are_served_words_in_every_language() -> None:
    words = online_words()
    assert {"Resign the online game?", "lishogi game {game} against {opponent}"} <= set(words)
    assert set(words) <= set(PAGE_WORDS), sorted(set(words) - set(PAGE_WORDS))
    for language in TRANSLATED:
        served, same = page_words(language), identical_on_purpose(language)
        for word in words:
            assert served[word] != word or word in same, (language, word)
    # its English sentences are words the page asks for, none written for itself
    source = (STATIC / "online.js").read_text(encoding="utf-8")
    assert "textContent = online.token" not in source and "`lishogi game" not in source


def test_who_plays_a_computer_seat_is_told_in_every_language() -> None:
    specs = [OpponentSpec(OpponentKind.RANDOM), OpponentSpec(OpponentKind.REMOTE)]
    for level in LEVELS:
        specs += [
            OpponentSpec(OpponentKind.BUILTIN, level),
            OpponentSpec(OpponentKind.ENGINE, level),
        ]
        specs.append(OpponentSpec(OpponentKind.USI, level, "/opt/yaneuraou"))
    assert {level.name for level in LEVELS} == set(LEVEL_NAMES)
    third = LEVELS[2]
    builtin = OpponentSpec(OpponentKind.BUILTIN, third)
    engine = OpponentSpec(OpponentKind.ENGINE, third)
    assert opponent_text(builtin, Language.ENGLISH) == "the computer (level 3, novice)"
    assert opponent_text(engine, Language.ENGLISH) == "Fairy-Stockfish (level 3)"
    # a game with no outside engine: the built-in search stands in, and is named
    assert opponent_text(engine, Language.ENGLISH, engine_plays=False) == (
        opponent_text(builtin, Language.ENGLISH)
    )
    usi = OpponentSpec(OpponentKind.USI, third, "/opt/yaneuraou")
    assert opponent_text(usi, Language.ENGLISH) == "the engine /opt/yaneuraou (level 3)"
    for spec in specs:
        english = opponent_text(spec, Language.ENGLISH)
        for language in TRANSLATED:
            told = opponent_text(spec, language)
            assert "computer" not in told and "level" not in told, (language, told)
            assert told != english


def test_the_colour_keys_words_are_the_legends_in_every_palette() -> None:
    assert {meaning: meaning.value for meaning in Meaning} == dict(KEY_WORDS)
    for palette in PALETTES.values():
        for meaning in Meaning:
            assert key_text_in(meaning, palette, Language.ENGLISH) == key_text(meaning, palette)
            for language in TRANSLATED:
                told = key_text_in(meaning, palette, language)
                assert "blinks" not in told and told != key_text(meaning, palette), told


def _remote_waiting(connected: bool, away: tuple[int, ...], owned: bool, turn: int) -> Said | None:
    """What a remote game of Robot Duel waits for (``RemoteGame.waiting``), with the
    network's side stood in for."""
    game = games()[0]
    link = SimpleNamespace(connected=connected, error=None, trouble=None)
    room = SimpleNamespace(
        offline_boards=lambda seats: away, owner=lambda seat: 1 if owned else None
    )
    remote = SimpleNamespace(link=link, room=room, detached=False, seats=(), code="23456-78923")
    controller = SimpleNamespace(outcome=None, position=SimpleNamespace(turn=turn), game=game)
    waiting: Said | None = cast(Any, RemoteGame.waiting)(remote, controller)
    return waiting


def test_what_a_remote_game_waits_for_is_told_in_every_language() -> None:
    game = games()[0]
    said_here = [
        _remote_waiting(False, (), True, 0),
        _remote_waiting(True, (0,), False, 0),
        _remote_waiting(True, (0,), True, 0),
        _remote_waiting(True, (1,), False, 0),
        _remote_waiting(True, (1,), True, 0),
    ]
    down = "lishogi: the link is down ({detail}); trying again in {count} s"
    online = [
        said(down, detail=verbatim("104"), count=5),
        said(
            f"{down}; {{moves}} move(s) wait to be sent", detail=verbatim("104"), count=5, moves=2
        ),
    ]
    for value in [*filter(None, said_here), *online]:
        assert isinstance(value, Said), value
        text = str(value)
        for language in TRANSLATED:
            there = told(value, language, game)
            assert _english_left(game, text, there, language) == set(), (language, there)


def test_the_boards_records_differing_is_told_in_every_language() -> None:
    game = games()[0]
    theirs = SimpleNamespace(uid="u", line=0, moves=("2c2b", "3a3b"))
    room = SimpleNamespace(spec=SimpleNamespace(key_of=lambda board: "k"), states={7: theirs})
    remote = SimpleNamespace(
        room=room, setting=SimpleNamespace(uid="u"), detached=False, line=0, _moves=("2c2b", "1a1b")
    )
    value = cast(Any, RemoteGame.divergence)(remote)
    assert isinstance(value, Said), value
    text = str(value)
    assert text.startswith("the boards' records differ from move 2: 1a1b here, 3a3b on board 7")
    for language in TRANSLATED:
        there = told(value, language, game)
        assert _english_left(game, text, there, language) == set(), (language, there)


def test_the_online_search_and_why_help_is_off_are_told_in_every_language() -> None:
    requests = [
        OnlineRequest(Way.SEEK),
        OnlineRequest(Way.SEEK, seek=replace(SEEK, rated=True)),
        OnlineRequest(Way.CHALLENGE, who="someone"),
        OnlineRequest(Way.ACCEPT, who="abcd1234"),
    ]
    for request in requests:
        looking = _words(request)
        assert str(looking).split()[0] in ("seeking", "challenging", "accepting"), looking
        for language in TRANSLATED:
            there = told(looking, language)
            assert not {"seeking", "challenging", "accepting"} & set(there.split()), there
    help_off = Settings(online="lishogi:abc:person").help_off
    assert help_off is not None
    assert str(help_off) == "lishogi forbids engine help in games against people"
    for language in TRANSLATED:
        there = told(help_off, language)
        assert "forbids" not in there and there.startswith("lishogi")


def _judged(review: Any) -> Any:
    note = MoveNote(1, Quality.DOUBTFUL, 1.5, "2b2a")
    return replace(review, notes={1: note}, ply=1)


def _page(game: Game[Any]) -> tuple[Json, Json, Any]:
    """A game over after one move, under review with its move judged, the computer
    on a seat and its verdict proved: the board and the state the page is sent."""
    opponent = f"{game.seats[-1].letter}=level:3"
    # seeded dice: a roll that passes the people's seats would give the computer the
    # move, and Resign while it thinks asks instead of resigning (a flaky Chaturaji case)
    sim = make_sim(game=game, settings={"opponent": opponent, "seed": "1"})
    position = sim.controller.position
    move = position.move_text(next(iter(position.legal_moves())))
    sim.perform(move)
    if sim.controller.phase is Phase.PROMPT:  # a move the board cannot tell apart
        sim.send(Select(move))
    sim.send(Resign())
    sim.send(ReviewStep("1"))
    controller = sim.controller
    assert controller.review is not None
    # the engine's judgement, as the review gains it once the game is judged
    controller._reviewing.shown = _judged(controller.review)
    controller.computer.proved(cast(Any, SimpleNamespace(mate_in=3)), controller.position)
    board = board_message(game, sim.profile, Mode.SIMULATOR)
    state = sim_state(sim)
    return board, state, controller


def _english_left(game: Game[Any], english: str, told: str, language: Language) -> set[str]:
    """The English words left in ``told``, but names and words spelled alike."""
    left = english_words_left(game, english, told, language)
    same = SAME_SPELLED.get(language.value, frozenset())
    return {word for word in left if word.lower() not in NAMES | same}


def _told(entry: Json, field: str, game: Game[Any] | None = None) -> list[tuple[str, str, str]]:
    """(language, English, told) for ``entry``'s ``field`` (its English where the
    state sends no other words: the same in every language; what is sent as a said
    value, ``..._said``, told in each language as the page tells it)."""
    assert f"{field}_in" not in entry  # no text is sent already told in each language
    sent = entry.get(f"{field}_said")
    if sent is not None:
        value = said_from_record(sent)
        english = told(value, Language.ENGLISH, game)
        # the value sent is all of what is said: told in English, it is any English sent
        assert entry.get(field, english) == english
        return [(x.value, english, told(value, x, game)) for x in TRANSLATED]
    return [(x.value, entry[field], entry[field]) for x in TRANSLATED]


@pytest.mark.usefixtures("closing")
@pytest.mark.parametrize("game", boarded_games(), ids=lambda game: game.name)
def test_the_pages_free_texts_carry_no_english_word(game: Game[Any]) -> None:
    board, state, controller = _page(game)
    computer, review = state["computer"], state["review"]
    texts = [
        *(pair for seat in board["seats"] for pair in _told(seat, "name", game)),
        *(pair for spot in board["off_board"] for pair in _told(spot, "name", game)),
        *(pair for spot in board["off_board"] for pair in _told(spot, "label", game)),
        *(pair for indicator in board["indicators"] for pair in _told(indicator, "label", game)),
        *(pair for caption in board["captions"] for pair in _told(caption, "text", game)),
        *(pair for entry in state["legend"] for pair in _told(entry, "text", game)),
        *(
            pair
            for key, piece in board["pieces"].items()
            for pair in _told({**piece, "name_said": board["piece_names_said"][key]}, "name", game)
        ),
        *_told(board, "title", game),
        *_told(computer, "verdict", game),
        *_told(state, "message", game),
        *_told({"note_said": review["notes_said"]["1"]}, "note"),
    ]
    for who in computer["seats_said"].values():
        texts += _told({"who_said": who}, "who", game)
    # what the state says it says once, as values: the page's edge tells them
    assert not {"message", "fault", "faults"} & set(state)
    assert not {"seats", "verdict", "help_off"} & set(computer)
    shown = told_for_page(state, Language.ENGLISH, game)
    assert shown["computer"]["verdict"] and "wins in" in shown["computer"]["verdict"]
    assert "review of game" in shown["message"] and "doubtful" in shown["message"]
    assert len(texts) > 30
    # a move is named in its notation in every language ("roll 3", "2b2a")
    notation = {word.lower() for move in state["moves"] for word in re.findall(r"\w+", move)}
    left = [
        (code, english, told, words)
        for code, english, told in texts
        if (words := _english_left(game, english, told, Language(code)) - notation)
    ]
    assert left == [], left
    # the English page's status line is the session's own
    assert review_text(controller.review, Language.ENGLISH) in shown["message"]
    verdict = controller.computer.verdict
    assert verdict is not None and str(verdict) == shown["computer"]["verdict"]
    assert told(verdict, Language.ENGLISH, game) == shown["computer"]["verdict"]


def test_a_reviewed_moves_note_is_told_in_every_language() -> None:
    assert MoveNote(3, Quality.DOUBTFUL, 0.5, "7g7f").comment() == "doubtful; better 7g7f"
    assert MoveNote(3, Quality.BEST, 0.0, None).comment() == "best"
    for quality in Quality:
        for better in (None, "7g7f"):
            note = MoveNote(3, quality, 0.5, better)
            for language in TRANSLATED:
                told = value_told(note_said(note), language, None)
                assert "better" not in told and quality.value not in told, (language, told)


def test_the_catalogue_names_the_levels_and_the_seats_in_every_language() -> None:
    catalogue = catalogue_message(games(), {}, ("default",), Mode.SIMULATOR)
    for level in catalogue["levels"]:
        for code, english, name in _told(level, "name"):
            same = identical_on_purpose(Language(code))
            assert name != english or english in same, (code, name)
    dobutsu = catalogue["games"][0]
    game = find_game(dobutsu["name"])
    seats = [said_from_record(seat["name_said"]) for seat in dobutsu["seats"]]
    assert [seat["game"] for seat in dobutsu["seats"]] == [game.name, game.name]
    assert [told(seat, Language.POLISH, game) for seat in seats] == ["gracz A", "gracz B"]
    title = said_from_record(dobutsu["title_said"])
    assert told(title, Language.POLISH, game) == "Pojedynek robotów"


def test_the_boards_buttons_and_the_record_formats_are_served_words() -> None:
    titles = {entry.title for game in games() for entry in game.record_formats()}
    names = {role.value for role in ButtonRole}
    assert names | titles <= set(PAGE_WORDS), sorted((names | titles) - set(PAGE_WORDS))
    for language in TRANSLATED:
        served = page_words(language)
        assert (
            served["next"] != "next"
            and served["plain text (headers and moves)"] != "plain text (headers and moves)"
        )


@pytest.mark.usefixtures("closing")
def test_what_a_remote_game_waits_for_is_told_in_the_state_and_its_status_line() -> None:
    sim = make_sim()
    offline = "waiting for the opponent's board ({seat}): it is offline"
    sim.controller.network_waits(said(offline, seat=sim.game.seat_word(1)))
    state = sim_state(
        sim,
        remote=cast(
            Any,
            SimpleNamespace(
                watching=False,
                setting=None,
                room=None,
                request=SimpleNamespace(address=BrokerAddress.parse("mqtt://b")),
                seats=(0,),
                link=None,
                detached=False,
            ),
        ),
    )
    shown = told_for_page(state, Language.ENGLISH, sim.game)
    assert shown["message"].startswith("waiting for the opponent's board (B (gote)): it is offline")
    assert shown["remote"]["waiting"] == told(
        said(offline, seat=sim.game.seat_word(1)), Language.ENGLISH, sim.game
    )
    polish = "czekanie na planszę przeciwnika (gracz B): jest rozłączona"
    sent = state["remote"]["waiting_said"]
    assert sent == said_record(said(offline, seat=sim.game.seat_word(1)))
    assert told(said_from_record(sent), Language.POLISH, sim.game) == polish
    line = told(said_from_record(state["message_said"]), Language.POLISH, sim.game)
    assert line.startswith(f"{polish}; ")


KEPT_NAMES = frozenset({"csa", "kachi"})
"""The CSA protocol's name for shogi's declaration, the same in every language."""
PROMPTS = {
    "dobutsu": ("l2/1C1/3/1L1 b - 1", (), "2b2a"),  # promote the chick or not
    "shogi": (None, ("7g7f", "3c3d"), "8h2b"),  # the bishop takes the bishop: promote?
    "robotory": (None, (), "w@A1"),  # a token of either colour: which one
}
"""For a game with a prompt of its moves: where it starts, the moves before and the
move whose strokes the board cannot tell apart."""


def _left_in(game: Game[Any], told: list[tuple[str, str, str]]) -> list[Any]:
    """The English words left in each (language, English, told), but names."""
    return [
        (code, english, text, words)
        for code, english, text in told
        if (
            words := {
                word
                for word in _english_left(game, english, text, Language(code))
                if word.lower() not in KEPT_NAMES
            }
        )
    ]


@pytest.mark.usefixtures("closing")
@pytest.mark.parametrize("name", sorted(PROMPTS))
def test_a_prompts_choice_labels_carry_no_english_word(name: str) -> None:
    game = next(game for game in games() if game.name == name)
    start, before, move = PROMPTS[name]
    sim = make_sim(game=game, position=start, settings={"seed": "7"})
    for played in before:
        sim.perform(played)
    sim.perform(move)
    assert sim.controller.phase is Phase.PROMPT
    state = sim_state(sim)
    prompt = state["prompt"]
    english_labels = labels_told(prompt, Language.ENGLISH, game)
    assert len(prompt["choices"]) >= 2 and len(english_labels) == len(prompt["choices"])
    assert english_labels == list(prompt_labels(sim.controller))  # the session's own
    told = [
        (x.value, english, labels_told(prompt, x, game)[index])
        for x in TRANSLATED
        for index, english in enumerate(english_labels)
    ]
    for code, english, text in told:
        assert text != english, (code, text)
        # each label keeps the move's notation, which is what the page sends
        assert english.rsplit(" (", 1)[-1] in text, (code, text)
    assert _left_in(game, told) == []
    if name == "dobutsu":
        promoted = "mały żółty robot na 2 a, przemiana (2b2a+)"
        polish = labels_told(prompt, Language.POLISH, game)
        assert promoted in polish, polish


def test_every_claims_title_and_help_carry_no_english_word() -> None:
    shown = 0
    for game in games():
        for claim in {rule for options in _option_sets(game) for rule in game.claims(options)}:
            entry = claim_json(claim)
            told = _told(entry, "title") + _told(entry, "help")
            assert _left_in(game, told) == [], told
            for code, english, text in _told(entry, "help"):
                assert text != english, (code, text)
            shown += 1
    assert shown >= 2


def _option_sets(game: Game[Any]) -> list[Any]:
    """``game``'s options under each choice of each of its options."""
    found = [game.options()]
    for spec in game.option_specs:
        found += [game.options({spec.name: choice}) for choice in spec.choices]
    return found


def test_the_new_game_dialogs_texts_carry_no_english_word() -> None:
    """Kiban's own games' and its own words (the words spelled alike in a language are
    Kiban's lists: an outside game's catalogue marks its own, which the kit reads)."""
    catalogue = catalogue_message(own_games(), {}, tuple(PALETTES), Mode.SIMULATOR)
    told_games = {game.name: game for game in own_games()}
    count = 0
    for entry in catalogue["games"]:
        game = told_games[entry["name"]]
        seats = (p for s in entry["seats"] for p in _told(s, "name", game))
        texts = [*_told(entry, "title", game), *seats]
        for option in entry["options"]:
            texts += _told(option, "name", game) + _told(option, "help", game)
            for choice in option["choices"]:
                sent = {"choice": choice, "choice_said": option["choice_names_said"][choice]}
                texts += _told(sent, "choice", game)
            for code, english, text in _told(option, "help", game):
                assert text != english, (code, text)
        assert _left_in(game, texts) == [], texts
        count += len(texts)
    robot_duel = told_games["dobutsu"]
    names = [p for level in catalogue["levels"] for p in _told(level, "name")]
    palettes = [
        pair
        for name in catalogue["palettes"]
        for pair in _told(
            {"name": name, "name_said": catalogue["palette_names_said"][name]}, "name"
        )
    ]
    assert _left_in(robot_duel, names + palettes) == []
    assert count > 100
    shogi = next(entry for entry in catalogue["games"] if entry["name"] == "shogi")
    handicap = next(option for option in shogi["options"] if option["name"] == "handicap")
    lance = said_from_record(handicap["choice_names_said"]["lance"])
    assert told(lance, Language.CZECH, told_games["shogi"]) == "kopiník"
    chaturaji = next(entry for entry in catalogue["games"] if entry["name"] == "chaturaji")
    first = next(option for option in chaturaji["options"] if option["name"] == "first")
    green = said_from_record(first["choice_names_said"]["green"])
    assert told(green, Language.ENGLISH, told_games["chaturaji"]) == "green"
    # the seat, in the game's words
    assert told(green, Language.POLISH, told_games["chaturaji"]) == "zielony"


def test_a_claims_count_why_it_would_fail_and_its_warning_carry_no_english_word() -> None:
    shogi = next(game for game in games() if game.name == "shogi")
    preview = claim_previews(shogi.position(None, {"impasse": "27"}))["declare"]
    assert len(preview["problems_said"]) >= 3
    assert "problems" not in preview and "warning" not in preview  # only their values
    told = _told(preview, "warning", shogi) + [
        pair
        for sent in preview["problems_said"]
        for pair in _told({"problem_said": sent}, "problem", shogi)
    ]
    for code, english, text in told:
        assert text != english, (code, text)
    assert _left_in(shogi, told) == []
    polish = {code: text for code, _, text in _told(preview, "warning", shogi)}["pl"]
    assert polish == "nieudana deklaracja przegrywa partię"
