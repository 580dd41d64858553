"""One game session: the only writer of its state.

Frames, buttons, choices, ticks and commands arrive as typed events; the
controller's collaborators decide what they mean (the board's reading, a prompt's
choices, the buttons, the computer's turns, the other boards, a review: each returns
a value of ``decisions.py``) and the controller applies it: it commits moves (storing
each one before anything else changes), opens prompts, guides corrections, and says
what happened. What it is doing is one value (``state.py``), replaced as a
whole; what it is made of (its parts and collaborators) and what it answers without
changing (its phase, position, deadlines, record) is its ``Readout``
(``readout.py``). It does no I/O of its own beyond the game store,
and takes its time from the caller, so the same code runs on real time on the Pi
and on simulated time in the simulator and in replays.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from drivers.buttons import ButtonRole
from engine.outcome import Outcome
from engine.physical import Frame
from engine.recognition.answers import Ambiguous, Assessment, Commit, Reread
from engine.recognition.board_plies import board_plies, unforeseen
from engine.recognition.recognizer import Recognizer
from engine.recognition.standing import Carried
from engine.record import RecordInfo
from engine.said import N_, Said, said
from firmware_host.notices.declared import (
    BoardReady,
    BoardTurned,
    FaultCleared,
    FaultShown,
    GameEnded,
    MoveCommitted,
    MovesTakenBack,
    Notice,
    PromptOpened,
    Proposal,
    PuzzleAsked,
    Refused,
    SeatsChosen,
)
from firmware_host.session.actions import (
    AgreeDraw,
    Claim,
    Guide,
    Hint,
    MoveNow,
    NewGame,
    Press,
    Resign,
    Review,
    RollDice,
    Select,
    Speak,
    TakeBack,
    Unguide,
)
from firmware_host.session.consent import (
    ClockTold,
    PeerEnded,
    ProposalArrived,
    ProposalDecided,
    ProposalSettled,
    ProposalWithdrawn,
    ServerEnded,
    ServerFailed,
    ServerRefused,
    Word,
    WordKind,
)
from firmware_host.session.decisions import (
    Again,
    Ask,
    Confirm,
    Correct,
    Decision,
    End,
    Follow,
    Light,
    NewGameAsked,
    NothingPlayed,
    Play,
    PlayAgain,
    PlayOn,
    PlayShown,
    PlayTold,
    PuzzleWanted,
    Roll,
    Say,
    Step,
    TakeBackAgreed,
    TakeBackChosen,
)
from firmware_host.session.events import (
    BusFault,
    BusRecovered,
    Event,
    FrameSeen,
    LinesWatched,
    ThoughtArrived,
    TimePassed,
)
from firmware_host.session.match import Match
from firmware_host.session.new_seats import OPPONENT, seats_said, with_starting_seats
from firmware_host.session.presses import Showing
from firmware_host.session.readout import Readout
from firmware_host.session.state import (
    Correcting,
    Over,
    Playing,
    Prompting,
    SessionState,
    SettingUp,
    board_question,
    guide_of,
)
from hardware.orientation import SpotTurn

log = logging.getLogger(__name__)


class Controller(Readout):
    """A game session on one board: its collaborators decide, it applies (its parts,
    and what it answers without changing, are its ``Readout``)."""

    # --- the state -----------------------------------------------------------------

    def _enter(self, state: SessionState) -> None:
        """The one place the state changes; the recognizer accepts only a guide's move."""
        self.state = state
        if not isinstance(state, Over):
            self._reviewing.close()  # a review shows a finished game
        elif self.computer.judging:  # the coach reviews the game, in the background
            self._reviewing.judge(self.position, self.game_id)
        guide = guide_of(state)
        self.recognizer.guide = None if guide is None else guide.move
        self.recognizer.question = board_question(state)

    def _playing(self) -> Playing | SettingUp:
        """Play, keeping the move to play if one is set (back to the set-up, for a prompt
        opened while the board was being set up)."""
        state = self.state
        if isinstance(state, Prompting) and state.setting_up:
            return SettingUp(state.guide)
        return Playing(guide_of(state))

    def _apply(self, decision: Decision, at: float) -> list[Notice]:  # noqa: C901 - a dispatcher: a case per kind of decision
        """Do what a collaborator decided; what it says comes first."""
        match decision:
            case Say(notices):
                return list(notices)
            case PlayOn(said, judge):
                if isinstance(self.state, Prompting):
                    self._reading.played_on(self.assessment)  # a takeback said no to
                    self._enter(self._playing())
                return [*said, *(self._judge(at) if judge else ())]
            case Ask(choices, selected, said):
                if isinstance(self.state, Prompting) and self.state.answering(at):
                    return list(said)  # the open question is being answered
                setting_up = isinstance(self.state, SettingUp)
                guide = guide_of(self.state)
                self._enter(Prompting(choices, selected, guide, setting_up, opened_at=at))
                return [*said, PromptOpened(self.prompt_choices, at)]
            case End(outcome, said):
                return [*said, *self._end(outcome, at)]
            case TakeBackAgreed(plies, said):
                return [*said, *self._take_back(plies, at, board_follows=False, agreed=True)]
            case Light(guide, said):
                if not isinstance(self.state, Over):  # an answer comes only while in play
                    self._enter(replace(self.state, guide=guide))
                return [*said, *self._judge(at)]
            case PlayTold(move, said):
                return [*said, *self._commit(move, at, told=True)]
            case PlayShown(move, then):
                shown = self._commit(move, at)
                for reply in then:
                    if isinstance(self.state, Playing) and self._playable(reply):
                        shown += self._commit(reply, at)
                if isinstance(self.state, Playing) and self.frame != self.recognizer.expected:
                    shown += self._judge(at)  # the next player's move, already begun
                return shown
            case PlayAgain(back, moves, ask):
                return self._play_again(back, moves, ask, at)
            case Follow(said):
                if isinstance(self.state, Prompting) and self.state.answering(at):
                    return list(said)  # the open question is being answered
                self._enter(self._playing())
                return list(said)
            case Correct(correction, said):
                self._enter(Correcting(correction, guide_of(self.state)))
                return list(said)
            case Step(by):
                if isinstance(self.state, Prompting):
                    self._enter(self.state.step(by, at))
                return []
            case Play(move):
                # a move named at a prompt or from the controls: the player's word, so
                # the board does not read it again
                record, self.asked_over = self.asked_over, ()
                answered = self._commit(move, at, closed=True)
                if record[:1] == (move,):
                    # the record was right where it was asked about: the moves committed
                    # after it stand again, as they were (none is replaced unasked)
                    for step, later in enumerate(record[1:], start=1):
                        if not isinstance(self.state, Playing) or not self.position.is_legal(later):
                            break
                        # ... while the board shows them: a piece taken up from where one
                        # landed and set down where it could have gone is asked about, the
                        # moves after it standing again if it is chosen
                        elsewhere = self.recognizer.set_down_elsewhere(later)
                        if elsewhere:
                            self.asked_over = record[step:]
                            asked = self._reading.ask((later, *elsewhere), self.now(at), self.frame)
                            return answered + self._apply(asked, at)
                        answered += self._commit(later, at, closed=True)
                return answered
            case NothingPlayed(spot, held):
                if held:
                    self.recognizer.still_held()
                else:
                    self.recognizer.set_aside(spot)
                self._enter(self._playing())
                return self._judge(at)
            case TakeBackChosen(plies, board_follows):
                return self._take_back(plies, at, board_follows=board_follows)
            case Again():
                options = dict(self.position.options.non_default(self.game.option_specs))
                kept = {k: v for k, v in self.settings.stored().items() if k != OPPONENT}
                again = self._presses.new_game(self.now(at), None, options, None, kept)
                return self._apply(again, at)
            case NewGameAsked(game, options, position, settings):
                if not isinstance(self.state, Over):
                    self.match.abandon(at)
                if game is not self.game:
                    self.match = Match(game, self.match.journal)
                    self.sensed = self.sensed & frozenset(game.spots)
                    self.recognizer = Recognizer(self.sensing, self.sensed, self.timing)
                seated = with_starting_seats(game, settings, self.starting_seats or "")
                started = self._new(at, options, position, seated)
                players = seats_said(self.game, self.computer.seats)
                return [*started[:1], SeatsChosen(players, at), *started[1:]]  # then the draw
            case Confirm(then):
                confirmed = self._confirm(at)
                played = any(isinstance(notice, MoveCommitted) for notice in confirmed)
                more = None
                if then is not None:
                    now, showing = self.now(at), self.showing(at)
                    more = self._presses.after_confirm(then, played, now, showing)
                return confirmed if more is None else [*confirmed, *self._apply(more, at)]
            case Roll():
                # the roll is a move of the record, so the game replays exactly
                return self._commit(self.match.roll(), at)
            case PuzzleWanted():
                if isinstance(self.state, Prompting):
                    self._enter(self._playing())
                return [PuzzleAsked(at)]

    # --- sessions ------------------------------------------------------------------

    def seat_at_start(self, seats: str, *, carried: bool = False) -> None:
        """The seats a New game starts with: the first start's (``--opponent``), or, when
        ``carried``, a session's rebuilt for another game or board (the page's)."""
        if carried or self.starting_seats is None:
            self.starting_seats = seats

    def start(
        self,
        at: float,
        *,
        resume: bool = True,
        options: Mapping[str, str] | None = None,
        position: str | None = None,
        settings: Mapping[str, str] | None = None,
        moves: Sequence[str] = (),
        record: RecordInfo | None = None,
    ) -> list[Notice]:
        """Resume the game's unfinished session, or start a new one (from ``position``
        with ``moves`` already played, when given: a record read in, which said
        ``record`` beside its moves)."""
        self.seat_at_start((settings or {}).get(OPPONENT, ""))
        if resume and position is None and not moves:
            taken = self.match.take_up(at)
            if taken is not None:
                resumed, notices = taken
                if resumed:
                    self._begin(at)
                    return notices
                return notices + self._new(at, options, position, settings)
        return self._new(at, options, position, settings, moves, record=record)

    def _new(
        self,
        at: float,
        options: Mapping[str, str] | None,
        text: str | None,
        settings: Mapping[str, str] | None = None,
        moves: Sequence[str] = (),
        *,
        record: RecordInfo | None = None,
    ) -> list[Notice]:
        notices = self.match.new(at, options, text, settings, moves, record=record)
        self._begin(at)
        # The board may already show the new position: no frame change would say so.
        return notices + self._judge(at)

    def _begin(self, at: float) -> None:
        self._reviewing.close()
        self.history.restart(self.position)
        outcome = self.position.outcome()
        self._enter(SettingUp() if outcome is None else Over(outcome))
        self.last_move = frozenset()
        self._reset_recognizer(at)
        computer, online = self.computer, bool(self.settings.online)
        computer.start(self.game, self.settings)
        self._boards.start(
            computer.remote,
            frozenset(computer.seats),
            server_clock=online,
            confirm=self.settings.confirm,
        )

    def _reset_recognizer(
        self, at: float, carried: Carried[Any] | None = None, *, closed: bool = False
    ) -> None:
        """``carried``: what the board already showed of the next moves; ``closed``: the
        moves played so far are not read again."""
        recognizer = self.recognizer
        recognizer.rereading.rereads = not self._boards.needed and not self.game.touch_strict(
            self.position.options
        )
        recognizer.reset(
            self.position, self.history.earlier(), at, carried, closed=closed, dice=self.foresight
        )
        if self.frame:
            self.recognizer.observe(self.frame, at)
        self.assessment = None
        self._reading.forget()
        self.teaching = (self.position.threatened_spots(), self.position.check_spots())

    # --- events --------------------------------------------------------------------

    def handle(self, event: Event, at: float) -> list[Notice]:  # noqa: C901 - a dispatcher: a case per kind of event
        """Apply one event that happened at ``at``; returns what happened, for logs,
        screens and replays."""
        match event:
            case FrameSeen(frame, lost):
                return self._see(frame, at, lost=lost)
            case TimePassed():
                return self._judge(at)
            case Press(role):
                return self._press(role, at)
            case Select(text):
                unseen = self.recognizer.unseen
                return self._apply(self._prompts.choose(text, self.now(at), unseen), at)
            case Resign() | AgreeDraw() | Claim():
                return self._apply(self._boards.decide(event, self.now(at)), at)
            case TakeBack() | NewGame() | RollDice() | Guide() | Unguide():
                return self._apply(self._presses.ask(event, self.now(at), self.showing(at)), at)
            case Review(step, game_id):
                facts = self.match.facts(ended=self.outcome is not None)
                return self._apply(
                    self._reviewing.step(step, game_id, self.now(at), self.store, facts), at
                )
            case BusFault(message):
                self.trust.failed(message, at)
                if message is None:
                    return []  # readings on their way again: nothing decided meanwhile
                if self.clock is not None:
                    self.clock.stop(at)  # the game waits for the board, and so do the clocks
                return [FaultShown(message, at)]
            case BusRecovered():
                self.trust.recovered()
                self._run_clock(at)
                return [FaultCleared(at), *self._judge(at)]
            case LinesWatched(lost):
                return self.trust.lines_watched(lost, at)
            case ThoughtArrived(result) if isinstance(self.state, Over):
                self._reviewing.answered(result, self.store)  # a review's judgement
                return []
            case ThoughtArrived() | Hint() | MoveNow():
                return self._apply(self._turns.decide(event, self.now(at)), at)
            case ProposalArrived() | ProposalSettled() | ProposalDecided() | ProposalWithdrawn():
                return self._apply(self._boards.decide(event, self.now(at)), at)
            case PeerEnded() | ServerEnded() | ServerFailed() | ServerRefused():
                return self._apply(self._boards.decide(event, self.now(at)), at)
            case Speak(on):
                self.speaking = on  # for a board's speaker and the pages: nothing else
                return []
            case ClockTold(_, seat, remaining):
                if self._boards.clock_counts(event, self.now(at)):
                    self.match.tell_clock(seat, remaining, at)
                return []
        raise TypeError(f"not an event: {event!r}")  # pragma: no cover

    def warm(self) -> bool:
        """Do a little of the work the next frame may need, while nothing else is to
        be done (``Recognizer.warm``); False when there is none left."""
        return self.recognizer.warm()

    def _run_clock(self, at: float) -> None:
        """The clock of the seat to move runs while the game is in play."""
        in_play = not isinstance(self.state, SettingUp | Over) and self.fault is None
        self.match.run_clock(in_play, at)

    # --- judging the board -----------------------------------------------------------

    def _see(self, frame: Frame, at: float, *, lost: bool = False) -> list[Notice]:
        """A new debounced frame; after a long silence, or readings lost on their way, it
        must rest before it decides anything."""
        seen = {s: r for s, r in frame.items() if s in self.sensed}
        silent, long = self.trust.frame_read(at)
        self.frame = seen
        self.recognizer.observe(seen, at, fresh=long or lost, unseen=silent)
        return self._judge(at)

    def _judge(self, at: float) -> list[Notice]:
        if not self.trust.trusted:
            return []  # a partial or stale view of the board decides nothing
        state = self.state
        if isinstance(state, Over):
            return self._read_over(at)
        if isinstance(state, SettingUp):
            if self.frame and self.frame == dict(self.recognizer.expected):
                self._enter(Playing(state.guide))
                self._reset_recognizer(at)
                self._run_clock(at)
                return [BoardReady(at), *self._judge(at)]
            if self._turned_round():
                assert self.orientation is not None
                return [BoardTurned(self.orientation.turned, at), *self._judge(at)]
            return []
        flagged = self.match.flagged(at)
        if flagged is not None and self._boards.flags_here(flagged):
            # a seat played at another board loses on time by its own board's clock
            return self._apply(self._boards.lost(Word(WordKind.FLAG, flagged), self.now(at)), at)
        if self.roll_due:
            return self._roll(at, asked=False)
        return self._answer_board(self.recognizer.assess(at), at)

    def _read_over(self, at: float) -> list[Notice]:
        """A game ended by a move the board read may still be read again while its hand
        is on it (a lion set on the far rank and moved on, a king taken for a moment):
        only a change of the record is taken, which reopens the game."""
        if not self.recognizer.last_move_open:
            return []
        assessment = self.recognizer.assess(at)
        if isinstance(assessment, Reread) and assessment.back:
            return self._answer_board(assessment, at)
        return []

    def _answer_board(self, assessment: Assessment[Any], at: float) -> list[Notice]:
        """Do as the recognizer's reading of the board says (``BoardReading``)."""
        self.assessment = assessment
        forced = self.recognizer.forced
        return self._apply(self._reading.decide(assessment, self.now(at), self.frame, forced), at)

    def _turned_round(self) -> bool:
        """A start position set up the other way round turns the board's spots."""
        turn = self.orientation
        if turn is None or self.position.move_stack:
            return False
        if not turn.turn_to_match(self.frame, self.recognizer.expected):
            return False
        self.frame = turn.remap(self.frame)
        return True

    def _commit(
        self, move: Hashable, at: float, *, told: bool = False, closed: bool = False
    ) -> list[Notice]:
        """``told``: a remote seat's move as its board said it (a roll, never lit);
        ``closed``: the board does not read it again (``engine.recognition.rereading``)."""
        refusal = None if told else self._boards.untold(move, self.now(at))
        if refusal is not None:
            return [refusal]
        before = [] if told else self._board_plies_before(move, at)
        if before and not isinstance(self.state, Playing):
            return before
        footprint = self.position.footprint(move, self.sensing)
        carried = self.recognizer.carried(move)  # the next player's touches so far
        # a move another board told, or one the computer asked for, is not read again
        closed = closed or told or guide_of(self.state) is not None
        played = self.match.play(move, at)  # stored before anything else changes
        warned = self._turns.warned(played.mover, played.text, at)  # before it is forgotten
        self.computer.moved()
        self.history.played(self.position)
        self.last_move = footprint.spots()
        self.trust.committed(at)
        self._enter(Playing())  # a move played: any move wanted from outside is done
        self._reset_recognizer(at, carried, closed=closed)
        notices: list[Notice] = [*before, MoveCommitted(played.ply, played.text, at)]
        outcome = self.position.outcome()
        if outcome is not None:
            return notices + self._end(outcome, at)
        self.match.moved(played.mover, at)
        self._run_clock(at)
        return notices + self._apply(warned, at)

    def _board_plies_before(self, move: Hashable, at: float) -> list[Notice]:
        """The roll the board makes by itself before ``move``, played first: the hands
        made ``move`` before the board rolled, and it was read under the roll foreseen
        (``engine.recognition.board_plies``)."""
        dice = self.foresight
        if dice is unforeseen or self.position.is_legal(move):
            return []
        if not board_plies(self.position.copy(), dice):
            return []
        return self._commit(self.match.roll(), at)

    def _playable(self, move: Hashable) -> bool:
        """Whether ``move`` is legal now, or after the plies the board plays by itself."""
        if self.position.is_legal(move):
            return True
        position = self.position.copy()
        return bool(board_plies(position, self.foresight)) and position.is_legal(move)

    def _play_again(
        self, back: int, moves: tuple[Hashable, ...], ask: Ask | None, at: float
    ) -> list[Notice]:
        """The record follows the hand: its last ``back`` moves taken back (stored as a
        takeback, never deleted), ``moves`` played, the rest asked about."""
        notices: list[Notice] = []
        self.asked_over = ()
        if back:
            # what the board showed of the moves after them is kept: a prompt that keeps
            # the record must still read the next player's moves it saw made
            taken = tuple(self.position.move_stack[-back:])
            if ask is not None and taken[: len(moves)] == moves:
                self.asked_over = taken[len(moves) :]
            seen = self.recognizer.taken_back(taken)
            self.match.take_back(back, at, reopen=isinstance(self.state, Over))
            self.history.taken_back(self.position, back)
            self.computer.moved()
            self._enter(Playing())
            self.last_move = frozenset()
            self._reset_recognizer(at, seen)
            self._run_clock(at)
            notices.append(MovesTakenBack(back, at))
        for move in moves:
            if not isinstance(self.state, Playing) or not self._playable(move):
                break
            notices += self._commit(move, at)
        if ask is not None and isinstance(self.state, Playing):
            legal = tuple(move for move in ask.choices if self._playable(move))
            if len(legal) > 1:
                asked = self._reading.ask(legal, self.now(at), self.frame)
                return notices + self._apply(asked, at)
        if isinstance(self.state, Playing) and self.frame != self.recognizer.expected:
            notices += self._judge(at)
        return notices

    def _end(self, outcome: Outcome, at: float) -> list[Notice]:
        if isinstance(self.state, Over):
            return [Refused(said(N_("the game is already over")), at)]
        self.match.finish(outcome, at)
        self.computer.ended()
        self._enter(Over(outcome))
        self._run_clock(at)
        return [GameEnded(outcome, self.game.describe_outcome(outcome), at)]

    def _take_back(
        self, plies: int, at: float, *, board_follows: bool, agreed: bool = False
    ) -> list[Notice]:
        if plies > len(self.position.move_stack):
            return [Refused(said(N_("there is no move to take back")), at)]
        if self._boards.needed and not agreed:
            return self._apply(self._boards.propose(Proposal.TAKEBACK, plies, self.now(at)), at)
        self.match.take_back(plies, at, reopen=isinstance(self.state, Over))
        self.history.taken_back(self.position, plies)
        self.computer.moved()
        # A takeback from the controls leaves the pieces where they were: guide them back
        # (unless they already stand as the position now has them). A computer's move
        # chosen for the position left behind is forgotten.
        guide = guide_of(self.state)
        if guide is not None and guide.ply is not None:
            guide = None
        self._enter(Playing(guide) if board_follows else SettingUp(guide))
        self.last_move = frozenset()
        self._reset_recognizer(at)
        self._run_clock(at)
        return [MovesTakenBack(plies, at), *self._judge(at)]

    # --- people ----------------------------------------------------------------------

    def _press(self, role: ButtonRole, at: float) -> list[Notice]:
        """A button of the board (``Presses`` decides what it means)."""
        return self._apply(self._presses.press(role, self.now(at), self.showing(at)), at)

    def _confirm(self, at: float) -> list[Notice]:
        """The clock button: play the move the board shows now, without the settle time,
        or the move that stands while the next player has begun (never from a stale
        frame, nor a move other than the one wanted; where the board cannot tell, ask)."""
        if not self.trust.trusted:
            return []
        assessment = self.recognizer.assess(at, confirm=True)
        if isinstance(assessment, Commit | Ambiguous | Reread):
            notices = self._answer_board(assessment, at)
        else:
            notices = self._judge(at)
        self.recognizer.close(at)  # the player says the move is done: it is not read again
        return notices

    def _roll(self, at: float, *, asked: bool) -> list[Notice]:
        """Roll the dice if a roll is due (``Presses.roll``). Asked on every frame while
        a roll waits for its button, so only the dice are read, not the whole board."""
        dice = Showing(roll_due=self.roll_due, roll=self.settings.roll)
        return self._apply(self._presses.roll(at, dice, asked=asked), at)

    # --- told from outside: what happens around the session (nobody else writes it) --

    def board_opened(self, orientation: SpotTurn | None) -> None:
        """The board is open: its half turn, the controller's own to turn (the loop turns
        the board's scanner and painter when told ``BoardTurned``)."""
        self.orientation = None if orientation is None else orientation.copy()

    def network_waits(self, why: Said | None) -> None:
        """Why a remote game waits on the network (None: it no longer does)."""
        self.remote_wait = why

    def proposals_said(self, said_last: int) -> None:
        """A restarted remote game: the other side kept the number of the last proposal
        this board said, and the next ones are numbered on from it."""
        self._boards.continue_from(said_last)

    def restart(
        self, at: float, position: str, moves: Sequence[str], settings: Mapping[str, str]
    ) -> list[Notice]:
        """A new game from ``position`` with ``moves`` already played, the game in
        progress given up (a USI GUI's position that does not follow from this game):
        its set-up guide shows where the pieces go."""
        if not isinstance(self.state, Over):
            self.match.abandon(at)
        return self._new(at, None, position, settings, moves)
