"""The game being played and everything stored with it: the position, the session's
settings, the clocks, the dice and the opening draw.

The controller referees the board; the match keeps the record. Every change the
match makes is written to the game store before it is made, so a power cut
loses nothing that was committed, and a resumed game has its clocks and its
dice as they were. It writes through the store's ``Journal``: when the store
cannot take a record (a full disk) the record waits in memory, in order, and the
game goes on.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import KibanError
from engine.game import Game, Position
from engine.opening import DrawResult, draw_first_player
from engine.outcome import Outcome
from engine.record import RecordInfo
from engine.said import N_, said, said_of
from firmware_host.notices.declared import (
    FirstPlayerDrawn,
    GameStarted,
    Notice,
    Refused,
)
from firmware_host.session.clock import GameClock
from firmware_host.session.computer import seats_of
from firmware_host.session.settings import Settings, SettingsError
from firmware_host.store.imported import KEY as IMPORTED
from firmware_host.store.imported import (
    ImportedGame,
    RecordFacts,
    read_imported,
    read_in_plies,
    record_facts,
    stored_game,
    stored_move,
)
from firmware_host.store.journal import Journal, journal_of
from firmware_host.store.storage import GameStore, StoredGame

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Played:
    """A move as the record has it: its number, its text and who made it."""

    ply: int
    text: str
    mover: int


def clocks_of(game: Game[Any], settings: Settings) -> None:
    """Refuse clocks' times left (``clocks=``) that are not one a seat of ``game``."""
    if settings.clocks and len(settings.clocks) != len(game.seats):
        raise SettingsError(
            f"clocks gives {len(settings.clocks)} times, {game.name} has {len(game.seats)} seats"
        )


class Match:
    """One game of one session, kept in the store as it is played."""

    def __init__(self, game: Game[Any], store: GameStore | Journal) -> None:
        self.game = game
        self.journal = journal_of(store)  # shared by the matches of one session
        self.store = self.journal.store
        self.position: Position[Any] = game.position()
        self._game_id = 0  # provisional (negative) while the store cannot take the game
        self.settings = Settings()
        self.clock: GameClock | None = None
        self.draw: DrawResult | None = None
        self._rng = random.Random()
        self._kept_rolls: dict[int, Hashable] = {}  # rolls undone or foreseen, by ply
        self.imported: ImportedGame | None = None
        """What the record the game was read from said (None: a game begun here)."""
        self.read_in = 0
        """How many of the moves on the board, from the first, are the record's."""

    @property
    def game_id(self) -> int:
        """The game's number in the store."""
        return self.journal.resolve(self._game_id)

    # --- starting --------------------------------------------------------------------

    def unfinished(self) -> StoredGame | None:
        """The game's session that was not finished, to resume."""
        return self.journal.unfinished(self.game.name)

    def new(
        self,
        at: float,
        options: Mapping[str, str] | None,
        text: str | None,
        settings: Mapping[str, str] | None,
        moves: Sequence[str] = (),
        *,
        record: RecordInfo | None = None,
    ) -> list[Notice]:
        """Start a new game (stored at once) and make its opening draw; ``moves`` (a
        record read in) are played and stored at once, so takebacks can undo them, and
        no seat is drawn to move first. ``record``: what the record said beside its
        moves, stored with the game and its moves (``store/imported.py``)."""
        self.position = self.game.position(text, options)
        default_draw = self.game.first_player_draw(self.position.options)
        self.settings = Settings.parse(settings or {}, draw=default_draw)
        seats_of(self.game, self.settings)  # the computer's seats are the game's
        clocks_of(self.game, self.settings)
        stored_options = self.position.options.non_default(self.game.option_specs)
        stored: dict[str, Any] = dict(self.settings.stored())
        if record is not None:
            stored[IMPORTED] = stored_game(record, len(moves))
        self._game_id = self.journal.new_game(
            self.game.name, stored_options, text, at, settings=stored
        )
        self._rng = self.settings.random_source()
        self._start_clock_from(self.settings.clocks or None)
        self._kept_rolls.clear()
        notices: list[Notice] = [GameStarted(self.game_id, self.game.name, False, at)]
        for index, move in enumerate(moves):
            read_in = None if record is None else stored_move(record, index)
            self.play(self.position.parse_move(move), at, read_in)
        self.imported = None if record is None else ImportedGame(record, len(moves))
        self.read_in = len(moves)
        self.draw = None if moves else draw_first_player(self.settings.draw, self._rng)
        if self.draw is not None:
            notices.append(FirstPlayerDrawn(self.draw, at))
        return notices

    @staticmethod
    def check_new(
        game: Game[Any],
        options: Mapping[str, str] | None,
        text: str | None,
        settings: Mapping[str, str] | None,
    ) -> Game[Any]:
        """``game`` if a new game of it can start as asked; raises what is wrong before
        the game in progress is given up."""
        game.options(options)
        if text is not None:
            game.position(text, options)
        chosen = Settings.parse(settings or {})
        seats_of(game, chosen)
        clocks_of(game, chosen)
        return game

    def resume(self, stored: StoredGame, at: float) -> list[Notice]:
        """Take up a stored game where it stopped, its moves replayed through the rules."""
        settings = Settings.parse(stored.settings)
        position = self.game.position(stored.start, stored.options)
        for move in stored.moves():
            position.push_text(move)
        self.settings = settings
        self.position = position
        self._game_id = stored.id
        self._rng = self.settings.random_source()
        self._start_clock_from(stored.clock)
        self._kept_rolls.clear()
        self.draw = None
        self.imported = read_imported(stored.settings)
        self.read_in = read_in_plies(stored.move_records())
        return [GameStarted(self.game_id, self.game.name, True, at)]

    def facts(self, ended: bool) -> RecordFacts | None:
        """What the record the game was read from says of it, as it stands (``ended``:
        the game has an ending of its own); None for a game begun here."""
        if self.imported is None:
            return None
        plies = len(self.position.move_stack)
        return record_facts(self.imported, min(self.read_in, plies), plies, ended)

    def take_up(self, at: float) -> tuple[bool, list[Notice]] | None:
        """The game's unfinished session taken up (True, and what it said); or, when its
        record no longer replays (a rule changed since, a damaged store), abandoned with
        a notice saying why (False), so a new game starts and nothing else is lost; None
        when there is none."""
        stored = self.unfinished()
        if stored is None:
            return None
        try:
            return True, self.resume(stored, at)
        except KibanError as error:
            self.journal.abandon(stored.id, at)
            log.error("game %d cannot be resumed: %s", stored.id, error)
            why = said(
                N_("game {game_id} could not be resumed: {error}"),
                game_id=stored.id,
                error=said_of(error),
            )
            return False, [Refused(why, at)]

    def abandon(self, at: float) -> None:
        self.journal.abandon(self._game_id, at)

    def _start_clock_from(self, remaining: tuple[float, ...] | None) -> None:
        control = self.settings.clock
        self.clock = (
            None if control is None else GameClock(control, len(self.game.seats), remaining)
        )

    # --- playing ---------------------------------------------------------------------

    def play(self, move: Hashable, at: float, read_in: Mapping[str, Any] | None = None) -> Played:
        """Store a move with the clock times after it (and, for a move of a record read
        in, what the record said of it: ``read_in``), then play it."""
        position = self.position
        played = Played(len(position.move_stack) + 1, position.move_text(move), position.turn)
        data: dict[str, Any] | None = None if read_in is None else dict(read_in)
        if self.clock is not None:
            self.clock.stop(at)
            data = (data or {}) | {"clock": [round(t, 3) for t in self.clock.remaining(at)]}
        self.journal.add_move(self._game_id, played.ply, played.text, at, data)
        self._kept_rolls.pop(len(position.move_stack), None)  # the dice at this ply are used
        position.push(move)
        return played

    def finish(self, outcome: Outcome, at: float) -> None:
        self.journal.finish(self._game_id, outcome, at)

    def take_back(self, plies: int, at: float, *, reopen: bool) -> None:
        """Store a takeback of ``plies`` moves (reopening a finished game), then undo
        them; the dice stay as they fell: a roll taken back is rolled the same again."""
        self.journal.add_takeback(self._game_id, len(self.position.move_stack), plies, at)
        if reopen:
            self.journal.reopen(self._game_id)
        for _ in range(plies):
            move = self.position.pop()
            chance = self.position.chance_moves()
            if chance is not None and move in chance:
                self._kept_rolls[len(self.position.move_stack)] = move
        self.read_in = min(self.read_in, len(self.position.move_stack))

    def roll(self) -> Hashable:
        """The outcome of the roll due now: the one a takeback undid or the board
        foresaw (``foresee``), else a new one from the session's seeded source (so a
        record replays exactly)."""
        outcomes = self.position.chance_moves()
        assert outcomes is not None, "no roll is due"
        kept = self._kept_rolls.get(len(self.position.move_stack))
        return kept if kept is not None and kept in outcomes else self.fall(outcomes)

    def foresee(self, position: Position[Any]) -> Hashable | None:
        """The roll the session will make in ``position`` (a line of moves from the
        game's, a roll due there), known before it is shown so that the next player's
        move made before it can be read under it (``engine.recognition.board_plies``):
        the record's own roll at that ply, else the one kept there, else a new one, kept
        until it is rolled. Each is as random as ever, only drawn sooner: a roll foreseen
        for a line never played stays kept at its ply (one foreseen as a game ends is
        never rolled), so a seeded session's later rolls come in another order."""
        outcomes = position.chance_moves()
        if outcomes is None:
            return None
        ply = len(position.move_stack)
        stack = self.position.move_stack
        if ply < len(stack) and stack[ply] in outcomes:
            recorded: Hashable = stack[ply]
            return recorded
        kept = self._kept_rolls.get(ply)
        if kept is None or kept not in outcomes:
            kept = self._kept_rolls[ply] = self.fall(outcomes)
        return kept

    def fall(self, outcomes: Sequence[Hashable]) -> Hashable:
        """A new roll among ``outcomes``, from the session's seeded source."""
        return self._rng.choice(outcomes)

    # --- the clocks ------------------------------------------------------------------

    def run_clock(self, running: bool, at: float) -> None:
        """Run the clock of the seat to move (or stop every clock), and store the times."""
        if self.clock is None:
            return
        if running:
            self.clock.start(self.position.turn, at)
        else:
            self.clock.stop(at)
        self.journal.save_clock(self._game_id, self.clock.remaining(at))

    def moved(self, mover: int, at: float) -> None:
        """The clock's part of a move: the mover's increment."""
        if self.clock is not None:
            self.clock.moved(mover, None, at)

    def tell_clock(self, seat: int, remaining: float, at: float) -> None:
        """``seat``'s time as its own board measured it (the increment it added, taken
        off: it is added again when the move is played here; a byoyomi time is kept)."""
        if self.clock is None:
            return
        self.clock.told(seat, self.clock.control.before_move(remaining), at)
        self.journal.save_clock(self._game_id, self.clock.remaining(at))

    def flagged(self, at: float) -> int | None:
        """The seat whose time ran out, if any."""
        return None if self.clock is None else self.clock.flagged(at)
