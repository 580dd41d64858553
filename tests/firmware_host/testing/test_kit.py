"""The conformance kit's checks can fail: each finds the fault it is about in a game that
has it (a toy race or a Robot Duel with one thing wrong), and names it; and the list of
"A new game" in docs/architecture.md names every check the kit runs."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, Self

import pytest

from engine.catalogue import MOVE, in_context
from engine.claims import ClaimRule
from engine.dobutsu.game import DobutsuGame
from engine.dobutsu.position import DobutsuPosition
from engine.options import Options, OptionSpec
from engine.physical import Footprint, Reading, Sensing, Spot
from engine.registry import find_game, games
from engine.said import BY_SEAT, N_, MoveSaid, PieceWord, Said, by_seat, move_phrase, said
from firmware_host.telling.language import Language
from firmware_host.testing import CHECKS, conformance_checks
from firmware_host.testing.contract import (
    claims,
    copies,
    defaults,
    footprints,
    lookups,
    outcomes,
    push_and_pop,
    scores_teams_and_dice,
    texts,
)
from firmware_host.testing.hands import OneStone, check_gesture, check_played, one_stone
from firmware_host.testing.options import differing_setting, options
from firmware_host.testing.recognition import recognition
from firmware_host.testing.records import check_record_round_trip
from firmware_host.testing.search import search
from firmware_host.testing.words import (
    check_entries,
    check_reasons_told,
    check_told,
    identical_on_purpose,
    words,
)
from hardware.profile import simulated_board
from tests.firmware_host.toy_race import CELLS, RaceGame, RaceMove, RacePosition
from tests.registered import boarded_games

ARCHITECTURE = Path(__file__).resolve().parents[3] / "docs" / "architecture.md"


class FaultyRace(RaceGame):
    """The toy race with its position's class swapped for one with a fault."""

    faulty: type[RacePosition] = RacePosition

    def position(self, text: str | None = None, options: Any = None) -> RacePosition:
        played = super().position(text, options)
        position = self.faulty(self, played.options, (played.tokens[0], played.tokens[1]))
        position.roll, position._turn = played.roll, played.turn
        return position


def faulty(position_class: type[RacePosition]) -> FaultyRace:
    class Faulty(FaultyRace):
        faulty = position_class

    return Faulty()


RACE_AS_IT_IS = FaultyRace()
"""The toy race through the same swap, with nothing wrong: every check passes on it."""


class ForgetsTheRoll(RacePosition):
    def pop(self) -> RaceMove:
        move = super().pop()
        self.roll = None
        return move


class LosesItsHistory(RacePosition):
    def copy(self) -> Self:
        twin = super().copy()
        twin.move_stack = []
        return twin


class ShowsNothing(RacePosition):
    def footprint(self, move: RaceMove, sensing: Sensing) -> Footprint:
        return replace(super().footprint(move, sensing), changes=())


class LooksUpNothing(RacePosition):
    def moves_showing(self, changes: tuple[tuple[Spot, Reading], ...]) -> Iterator[RaceMove]:
        return iter(())


class WritesNoRoll(RacePosition):
    def text(self) -> str:
        return f"{self.tokens[0]} {self.tokens[1]} {self.turn} 0"


class RollsAfterTheEnd(RacePosition):
    def chance_moves(self) -> tuple[RaceMove, ...] | None:
        return None if self.roll is not None else (RaceMove("roll", 1), RaceMove("roll", 2))


class SharesItsTokens(RacePosition):
    def copy(self) -> Self:
        twin = super().copy()
        twin.tokens = self.tokens
        return twin


@pytest.mark.parametrize(
    ("check", "fault", "said"),
    [
        (push_and_pop, ForgetsTheRoll, "pushed and popped"),
        (copies, LosesItsHistory, "a copy differs"),
        (footprints, ShowsNothing, "is not the change of the expected frame"),
        (lookups, LooksUpNothing, "moves_showing"),
        (texts, WritesNoRoll, "reads back with other rolls due"),
        (outcomes, RollsAfterTheEnd, "a finished game still has moves"),
        (search, SharesItsTokens, "the search changed the position"),
    ],
    ids=lambda value: getattr(value, "__name__", str(value)),
)
def test_each_check_of_a_position_finds_its_fault(
    check: Any, fault: type[RacePosition], said: str
) -> None:
    check(RACE_AS_IT_IS)
    with pytest.raises(AssertionError, match=re.escape(said)):
        check(faulty(fault))


class DiceDenied(RaceGame):
    def rolls_dice(self, options: Options) -> bool:
        return False


class ClaimUnjudged(RaceGame):
    def claims(self, options: Options) -> tuple[ClaimRule, ...]:
        return (ClaimRule("finish", "Finish", "claim the race is won"),)


def test_what_a_game_declares_is_held_to_what_it_plays() -> None:
    with pytest.raises(AssertionError, match="rolls_dice"):
        defaults(DiceDenied())
    with pytest.raises(AssertionError, match="dice in a game that does not roll"):
        scores_teams_and_dice(DiceDenied())
    with pytest.raises(AssertionError, match="declares 'finish' but cannot judge it"):
        claims(ClaimUnjudged())


def test_an_option_that_changes_nothing_is_found() -> None:
    """The option contract can fail: an option the game declares but never reads."""
    dobutsu = next(game for game in games() if game.option_specs)
    unread = OptionSpec("unread", "a", "an option nothing reads", choices=("a", "b"))

    class Unread(type(dobutsu)):  # type: ignore[misc]
        option_specs = (*type(dobutsu).option_specs, unread)

    assert differing_setting(Unread(), unread) is None
    with pytest.raises(AssertionError, match="of unread change nothing observed"):
        options(Unread())


STEPS = "steps on"


class Worded(RaceGame):
    """A race that words its moves, in English only unless its catalogue says more."""

    move_msgids = (BY_SEAT, STEPS)
    entries = ""

    def move_said(self, position: RacePosition, text: str) -> MoveSaid:
        phrase = move_phrase(STEPS)
        return MoveSaid(by_seat(self.seat_word(position.turn), phrase), phrase, phrase)

    def catalogue(self, language: str) -> str | None:
        own = super().catalogue(language)
        return None if own is None else own + self.entries


class Translated(Worded):
    entries = "".join(
        f'\nmsgctxt "move"\nmsgid "{msgid}"\nmsgstr "{msgid} (translated)"\n'
        for msgid in Worded.move_msgids
    )


def test_a_phrase_of_its_moves_missing_from_its_catalogue_is_found() -> None:
    with pytest.raises(AssertionError, match=r"lacks .*the phrase 'steps on' in ja"):
        words(Worded())
    words(Translated())


def test_a_catalogue_entry_left_in_english_is_found_unless_marked() -> None:
    """The suite's test of Kiban's catalogues took an outside game's "Sprint" for a word
    left untranslated while the kit let it through; the kit asks the same now."""
    msgids = ("Sprint", "{count} runs left")
    entries = {"Sprint": "Sprint", "{count} runs left": "zostało {count}"}
    with pytest.raises(AssertionError, match="'Sprint' is left in English"):
        check_entries(RACE_AS_IT_IS, msgids, entries, frozenset())
    check_entries(RACE_AS_IT_IS, msgids, entries, frozenset({"Sprint"}))
    marked = '#. identical on purpose: the Polish word\nmsgid "Sprint"\nmsgstr "Sprint"\n'
    assert identical_on_purpose(marked) == {"Sprint"}


def test_a_translation_with_other_placeholders_or_a_word_not_said_is_found() -> None:
    msgids = ("{count} runs left", in_context(MOVE, "{piece} to {cell}"))
    entries = {msgids[0]: "zostało {n}", msgids[1]: "{cell}"}
    with pytest.raises(
        AssertionError, match=re.escape("translated 'zostało {n}': not its placeholders")
    ):
        check_entries(RACE_AS_IT_IS, msgids, entries, frozenset())
    # a phrase of its moves may take other values (Japanese notation): telling checks it
    check_entries(RACE_AS_IT_IS, msgids, {**entries, msgids[0]: "{count}"}, frozenset())
    with pytest.raises(AssertionError, match=r"words race does not say: \['old'\]"):
        check_entries(RACE_AS_IT_IS, msgids, {msgids[0]: "{count}", "old": "stare"}, frozenset())


class GivesReasons(RacePosition):
    """The race with a reason for a step onto the other token: unmarked, or unfilled."""

    reason: Said = said("a token cannot land on another")

    def illegal_moves(self) -> Iterator[tuple[RaceMove, Said]]:
        if self.roll is not None:
            yield RaceMove("step", 3), self.reason


class FillsNothing(GivesReasons):
    reason = said(N_("{piece} cannot land there"))


def test_a_reason_not_marked_or_not_filled_is_found() -> None:
    position = faulty(GivesReasons).position()
    position.push(RaceMove("roll", 1))
    marked = frozenset({N_("{piece} cannot land there")})
    with pytest.raises(AssertionError, match="is no msgid marked N_"):
        check_reasons_told(position, marked)
    position = faulty(FillsNothing).position()
    position.push(RaceMove("roll", 1))
    with pytest.raises(AssertionError, match=r"filled with \[\]"):
        check_reasons_told(position, marked)


class TakesTwoWays(RacePosition):
    """The race where a token may land on the other: a step sends the other back to its
    start, a jump to the cell past the mover. Two legal moves, one gesture from the
    same cell to the same cell: ``move FROM TO`` cannot tell which is meant."""

    def legal_moves(self) -> Iterator[RaceMove]:
        if self.roll is not None and self.outcome() is None:
            mover, other = self.tokens[self.turn], self.tokens[1 - self.turn]
            if mover + self.roll == other and 1 < other < len(CELLS) - 2:
                yield from (RaceMove("step", self.roll), RaceMove("jump", self.roll))
                return
        yield from super().legal_moves()

    def push(self, move: RaceMove) -> None:
        taken = 1 - self.turn
        landing = self.tokens[self.turn] + move.value
        takes = move.kind in ("step", "jump") and landing == self.tokens[taken]
        super().push(RaceMove("step", move.value) if move.kind == "jump" else move)
        self.move_stack[-1] = move
        if takes:
            self.tokens[taken] = taken if move.kind == "step" else landing + 1


def test_a_stones_move_the_gesture_sends_elsewhere_is_found() -> None:
    """The hands check: ``move c3 c4`` takes the other token where the first legal move
    landing there sends it (back to its start), so the jump made as that gesture ends
    elsewhere than its rules say."""
    position = faulty(TakesTwoWays).position("2 3 0 1")
    step, jump = list(position.legal_moves())
    for move in (step, jump):
        check_played(position, move)  # played as a whole, each ends as its rules say
    gesture = one_stone(position, jump)
    assert gesture == OneStone("c3", "c4", turned=False, takes=True)
    check_gesture(position, step, gesture)
    with pytest.raises(AssertionError, match="the gesture's stones ended elsewhere"):
        check_gesture(position, jump, gesture)


def test_a_record_read_back_as_other_moves_is_found() -> None:
    position = RACE_AS_IT_IS.position()
    for move in ("roll 2", "step 2", "roll 1"):
        position.push_text(move)
    check_record_round_trip(position, ("roll 2", "step 2", "roll 1"))
    with pytest.raises(AssertionError, match="wrote \\('roll 2', 'step 1', 'roll 1'\\)"):
        check_record_round_trip(position, ("roll 2", "step 1", "roll 1"))


class Blind(DobutsuPosition):
    """A Robot Duel position whose lazy lookups find no move: the board sees none."""

    def moves_showing(self, changes: tuple[tuple[Spot, Reading], ...]) -> Iterator[Any]:
        return iter(())

    def moves_changing(self, spots: frozenset[Spot], *, exactly: bool = False) -> Iterator[Any]:
        return iter(())


class BlindDobutsu(DobutsuGame):
    position_class = Blind


def test_moves_the_board_cannot_see_are_found_missing() -> None:
    with pytest.raises(AssertionError, match="moves made and not recorded"):
        recognition(BlindDobutsu())


def test_the_kit_gives_each_check_once_and_the_board_only_to_games_that_ship_one() -> None:
    names = [name for name, _ in conformance_checks()]
    assert len(set(names)) == len(names) == len(CHECKS)
    assert set(boarded_games()) <= {game for game in games() if simulated_board(game)}
    for game in games():  # a bundled board, or one its package ships (an outside game's)
        kept = {name for name, _ in conformance_checks(game)}
        assert ("recognition" in kept) is (simulated_board(game) is not None), game.name


def _new_game_list() -> str:
    """The "A new game" item of docs/architecture.md's "What a change touches"."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    section = text.split("\n## What a change touches\n", 1)[1].split("\n## ", 1)[0]
    return section.split("- **A new game**", 1)[1].split("\n- **", 1)[0]


def test_the_docs_list_of_a_new_game_names_every_check_of_the_kit() -> None:
    """The docs' list is what the kit checks: each check named there in its order (in
    backquotes, in the sentence that begins "The kit checks"), and nothing else."""
    sentence = re.split(r"\.\s", _new_game_list().split("The kit checks", 1)[1], maxsplit=1)[0]
    named = re.findall(r"`([a-z-]+)`", sentence)
    assert named == [name for name, _ in CHECKS]


def test_the_words_check_refuses_an_article_said_twice() -> None:
    """Hexapawn said "a a pawn takes diagonally forward": its sentences wrote the article
    and so did its piece's word, and no catalogue check saw it; a word said twice running
    in English is refused now."""
    doubled = said(N_("a {piece} moves diagonally only to take"), piece=PieceWord("pawn", "a"))
    with pytest.raises(AssertionError, match="'a a'"):
        check_told(find_game("dobutsu"), doubled, Language.ENGLISH, "a reason")
    once = said(N_("a {piece} moves diagonally only to take"), piece=PieceWord("chick"))
    check_told(find_game("dobutsu"), once, Language.ENGLISH, "a reason")
