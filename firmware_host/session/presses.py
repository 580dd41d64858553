"""The controller's collaborator for the board's own buttons outside a prompt's choices:
what ok, next, back, roll, refill, clock, hint and puzzle mean in each state of the
session; and for the controls that ask the same by name (a takeback, a roll, a new
game, a move to light): whether a roll asked (or due) is rolled, whether a new game
can start as asked, which move a guide lights.

A press reads the session as a ``Now`` and the board as a ``Showing`` (what the board
shows and may not show, read by the controller when the press comes); it returns a
decision (``decisions.py``) for the controller to apply. A press that first needs what
the board shows confirmed (ok, refill) is answered in two steps: ``Confirm``, which
the controller carries out, then ``after_confirm`` with the board as it is then.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass

from drivers.buttons import ButtonRole
from engine.errors import KibanError
from engine.physical import Sensing
from engine.registry import find_game
from engine.said import N_, said, said_of
from firmware_host.notices.declared import Refused
from firmware_host.session.across_boards import AcrossBoards
from firmware_host.session.actions import Guide, Hint, MoveNow, NewGame, RollDice, TakeBack, Unguide
from firmware_host.session.computer_turns import ComputerTurns
from firmware_host.session.decisions import (
    Again,
    Ask,
    Confirm,
    Decision,
    Light,
    NewGameAsked,
    Now,
    Play,
    PuzzleWanted,
    Roll,
    Say,
    TakeBackChosen,
)
from firmware_host.session.match import Match
from firmware_host.session.prompts import Prompts
from firmware_host.session.settings import RollMode, SettingsError
from firmware_host.session.state import (
    GuideMove,
    Over,
    PlayOnChoice,
    Prompting,
    PuzzleChoice,
    SettingUp,
    guide_of,
)

ENDS_A_MOVE = (ButtonRole.OK, ButtonRole.REFILL)
"""Ok, and the next player's refill: each ends a move the board shows that may still go
on (a chain), and plays a lit move the board cannot show."""


@dataclass(frozen=True, slots=True)
class Showing:
    """What the board shows as a press reads it: the legal moves it cannot show, whether
    it stands as the position has it, whether a move was played a moment ago, whether
    the computer is still thinking of its move, and the dice."""

    unseen: tuple[Hashable, ...] = ()
    forced: Hashable | None = None  # the only legal move, which the board plays by itself
    at_rest: bool = False
    just_committed: bool = False
    thinking: bool = False
    roll_due: bool = False
    roll: RollMode = RollMode.AUTO


class Presses:
    """What a press of the board's buttons means (a prompt's buttons are the prompt's)."""

    def __init__(
        self, prompts: Prompts, turns: ComputerTurns, boards: AcrossBoards, sensing: Sensing
    ) -> None:
        self._prompts = prompts
        self._turns = turns
        self._boards = boards
        self._sensing = sensing

    def press(self, role: ButtonRole, now: Now, showing: Showing) -> Decision:
        """The first (often the only) step of a press."""
        if role is ButtonRole.OK and self._ends_a_move_shown(now, showing):
            return Confirm(role)
        prompted = self._prompts.press(role, now)
        if prompted is not None:
            return prompted
        if role is ButtonRole.PUZZLE:
            return self.puzzle(now)
        state = now.state
        if isinstance(state, Over) and role is ButtonRole.OK:
            return Again()
        if isinstance(state, Over | SettingUp):
            return Say()
        if role in (ButtonRole.HINT, ButtonRole.NEXT):
            # next, outside a prompt, asks for a hint, or hurries the computer
            return self._turns.decide(MoveNow() if showing.thinking else Hint(), now)
        guide = guide_of(state)
        if role in ENDS_A_MOVE and guide and guide.move in showing.unseen:
            return Play(guide.move)  # the lit move the board cannot show
        if role is ButtonRole.BACK:
            return TakeBackChosen(1, board_follows=False)
        if role is ButtonRole.ROLL:
            return self.roll(now.at, showing, asked=True)
        if role is ButtonRole.CLOCK:
            return Confirm()
        if role in ENDS_A_MOVE:
            return Confirm(role)
        return Say()

    @staticmethod
    def _ends_a_move_shown(now: Now, showing: Showing) -> bool:
        """Whether ok, pressed while a prompt asks only moves the board cannot show (a
        refill, asked for by an ok or refill press on a board at rest), ends the move the
        board shows instead (a token placed since), not the prompt's answer: a player who
        places and presses ok has made their move, and the board reads it at rest, which
        closes the question (issue 78's independent hands, Robotory seed 710031: the
        refill lit was played, a move nobody made, and the token read as the next
        player's). It ends it as any ok does (``Confirm``): a chain shown is done, and
        the shared robot walked on at once after it is not read as the chain going on
        unasked (seed 800004's class). A player stepping through the choices answers
        them as ever."""
        state = now.state
        return (
            isinstance(state, Prompting)
            and not showing.at_rest
            and not state.answering(now.at)
            and all(choice in showing.unseen for choice in state.choices)
        )

    def puzzle(self, now: Now) -> Decision:
        """The puzzle button (or hint held): a puzzle, but a game under way (moves played,
        not over) is not given up unasked: a prompt asks first, puzzle or play on (the
        button again, or ok on the puzzle, chooses it). Another prompt is answered first."""
        state = now.state
        if isinstance(state, Prompting):
            asking = any(isinstance(choice, PuzzleChoice) for choice in state.choices)
            return PuzzleWanted() if asking else Say()
        if isinstance(state, Over) or not now.position.move_stack:
            return PuzzleWanted()
        return Ask((PuzzleChoice(), PlayOnChoice()))

    def after_confirm(
        self, role: ButtonRole, played: bool, now: Now, showing: Showing
    ) -> Decision | None:
        """Ok or refill, once what the board showed was confirmed (``played``: a move
        was): None when the press is done, else what it goes on to do."""
        if isinstance(now.state, Prompting) or (played and role is ButtonRole.OK):
            return None
        if role is ButtonRole.OK and showing.just_committed:
            return None  # a late ok for the move just played: not the next one
        return self.unseen(role, now, showing)

    def unseen(self, role: ButtonRole, now: Now, showing: Showing) -> Decision | None:
        """Moves the board cannot show (a refill, an exchange) are chosen at a prompt,
        once the board shows the position (not while a hand is still moving)."""
        if role not in ENDS_A_MOVE or not showing.at_rest or not showing.unseen:
            return None
        refusal = self._boards.untold(showing.unseen[0], now)
        if refusal is not None:
            return Say((refusal,))
        if showing.unseen == (showing.forced,):
            # the only legal move (a lost turn's pass): the board plays it by itself, and
            # a question with one choice asks nothing (issue 78's independent hands: ok
            # pressed as the next hand began, the pass asked, then played unanswered)
            return Play(showing.forced)
        if role is ButtonRole.REFILL and len(showing.unseen) == 1:
            # the refill asked for, made the only way it can be: nothing to choose
            return Play(showing.unseen[0])
        return Ask(tuple(sorted(showing.unseen, key=now.position.move_text)))

    def roll(self, at: float, showing: Showing, *, asked: bool) -> Decision:
        """Roll the dice (asked by the button or the controls, or due by itself): only
        when a roll is due, and by itself only when the settings roll automatically."""
        if not showing.roll_due:
            return Say((Refused(said(N_("no roll is due")), at),) if asked else ())
        if showing.roll is RollMode.BUTTON and not asked:
            return Say()
        return Roll()

    def ask(self, asked: Asked, now: Now, showing: Showing) -> Decision:
        """One of the controls that ask by name what a button asks, or more."""
        match asked:
            case TakeBack():
                return TakeBackChosen(1, board_follows=False)
            case RollDice():
                return self.roll(now.at, showing, asked=True)
            case NewGame(game, variants, position):
                return self.new_game(now, game, variants, position, asked.session)
            case Guide(text):
                return self.guide(text, now)
            case Unguide():
                return Light(None)

    def new_game(
        self,
        now: Now,
        game: str | None,
        options: Mapping[str, str] | None,
        position: str | None,
        settings: Mapping[str, str] | None,
    ) -> Decision:
        """A new game of this game (no ``game``) or another, refused before the game in
        progress is given up when it cannot start as asked."""
        try:
            chosen = find_game(game) if game else now.position.game
            Match.check_new(chosen, options, position, settings)
        except (KibanError, SettingsError) as error:
            return Say((Refused(said_of(error), now.at),))
        return NewGameAsked(chosen, options, position, settings)

    def guide(self, text: str, now: Now) -> Decision:
        """Light ``text`` as the move to play (only it is then accepted)."""
        if isinstance(now.state, Over):
            return Say((Refused(said(N_("the game is over")), now.at),))
        try:
            move = now.position.parse_move(text)
        except KibanError as error:
            return Say((Refused(said_of(error), now.at),))
        return Light(GuideMove(move, now.position.footprint(move, self._sensing).spots()))


Asked = TakeBack | RollDice | NewGame | Guide | Unguide
"""The controls that ``Presses.ask`` answers."""
