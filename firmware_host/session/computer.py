"""What the computer does in a session: it plays its seats, suggests a move when asked,
judges every move of a person's turn (the coach's colours) and warns of a move that
throws the game away.

The controller stays the only writer of the game; this keeps what the computer has
said about the position on the board, and says what it still wants to think about.
Its answers come back as events and are checked against the game as it is then.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.errors import KibanError
from engine.game import Game, Position
from engine.physical import Sensing, Spot
from engine.said import N_, Said, said
from engine.search.judge import is_blunder, quality
from engine.search.levels import level
from engine.search.scores import is_proven
from engine.search.types import Analysis, Quality
from firmware_host.opponents.seats import OpponentKind, OpponentSpec, parse_opponents
from firmware_host.opponents.thinking import Purpose, ThinkRequest, ThinkResult, request_for
from firmware_host.session.help import SeatHelp, seat_help
from firmware_host.session.settings import Settings, SettingsError

HINT_SPEC = OpponentSpec(OpponentKind.ENGINE)
"""Who suggests a move: the strongest player the game has."""

JUDGE_SPEC = OpponentSpec(OpponentKind.BUILTIN, level(6))
"""Who judges a person's moves for the coach: strong enough, and quick."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """The values of every move of one position (by its text, as the search judged
    them), with the spots each move changes."""

    analysis: Analysis[str]
    moves: tuple[tuple[frozenset[Spot], str], ...]
    seat: int = 0  # the seat to move in the position judged


def seats_of(game: Game[Any], settings: Settings) -> Mapping[int, OpponentSpec]:
    """The computer's seats the settings name, read against the game."""
    try:
        return parse_opponents(game, settings.opponent)
    except KibanError as error:
        raise SettingsError(str(error)) from None


class Computer:
    """The computer's part of one game."""

    def __init__(self) -> None:
        self.seats: Mapping[int, OpponentSpec] = MappingProxyType({})
        self.remote: frozenset[int] = frozenset()
        self.help = SeatHelp()  # what each seat may be shown (``session/help.py``)
        self.seat_count = 0
        self.hints_used: dict[int, int] = {}  # hints asked this game, by seat
        self.warn = False
        self.help_off: Said | None = None  # why no help is given (an online game)
        self.seed = 0
        self.hint_asked = False
        self.hint: tuple[Hashable, frozenset[Spot]] | None = None
        self.judgement: Judgement | None = None
        self.hurried = False
        self.verdict: Said | None = None
        # why the computer could not answer for its seat's move in this position (it
        # is not asked again until the position changes): said instead of "thinking"
        self.failed: Said | None = None
        self._requests: dict[Purpose, ThinkRequest] = {}

    def start(self, game: Game[Any], settings: Settings) -> None:
        """A new or resumed game with these settings."""
        self.seats = seats_of(game, settings)
        # the seats another board plays (their moves arrive over the network); asked on
        # every frame, so kept
        self.remote = frozenset(s for s, p in self.seats.items() if p.kind is OpponentKind.REMOTE)
        self.help_off = settings.help_off
        self.help = seat_help(game, settings)
        self.seat_count = len(game.seats)
        self.hints_used = {}
        self.warn = settings.warn and self.help_off is None
        self.seed = settings.seed if settings.seed is not None else 0
        self.moved()

    def moved(self) -> None:
        """The position changed (a move, a takeback, a new game): all that was said of
        the last one is forgotten."""
        self.hint_asked = False
        self.hint = None
        self.judgement = None
        self.hurried = False
        self.verdict = None
        self.failed = None
        self._requests.clear()

    def ended(self) -> None:
        """The game ended by a word (a resignation, a flag, a claim, an agreement) with
        the position unchanged: the move still thought about, or chosen and not yet
        played, is wanted no more (the thinker is told so: nothing is asked), and
        nothing says the computer is thinking or offers Move now."""
        self._requests.clear()
        self.hurried = False
        self.hint_asked = False
        self.hint = None

    def tell_hint(self, move: Hashable, spots: frozenset[Spot]) -> None:
        """A hint known without thinking (a puzzle's answer): ``spots`` are lit as a hint
        the computer found would be, until the position changes."""
        self.hint_asked = True
        self.hint = (move, spots)

    def plays(self, seat: int) -> bool:
        return seat in self.seats

    @property
    def coach(self) -> bool:
        """Whether any seat is coached (the colour key shows the coach's scale)."""
        return self.help.any_coached(self.seat_count)

    @property
    def judging(self) -> bool:
        return self.coach or self.warn

    def judges(self, seat: int) -> bool:
        """Whether the moves of ``seat``'s turn are judged: it is coached, or warned."""
        return self.help.coached(seat) or self.warns(seat)

    def warns(self, seat: int) -> bool:
        """Whether a blunder of ``seat``'s is warned of (not for a seat given no help)."""
        return self.warn and self.help.legal(seat)

    def hints_left(self, seat: int) -> int | None:
        """How many more hints ``seat`` may ask for this game, against its own budget
        (None: no limit)."""
        budget = self.help.budget(seat)
        return None if budget is None else max(budget - self.hints_used.get(seat, 0), 0)

    def hint_taken(self, seat: int) -> None:
        """A hint asked for by ``seat`` counts against its budget."""
        self.hints_used[seat] = self.hints_used.get(seat, 0) + 1

    # --- what to think about ------------------------------------------------------

    def wanted(
        self, position: Position[Any], game_id: int, *, playing: bool, guided: bool
    ) -> tuple[ThinkRequest, ...]:
        """The questions open now: the computer's move when its seat is to move and no
        move is lit yet; for a person, a hint asked for and the judgement the coach needs."""
        if not (self.seats or self.hint_asked or self.judging) or not playing:
            return ()  # asked after every event: nothing to ask costs nothing
        if position.outcome() is not None:
            return ()
        seat = position.turn
        if position.chance_moves() is not None:
            # a roll is made by the board of the seat that rolls: another board's is awaited
            if seat not in self.remote or guided:
                return ()
            return (self._request(Purpose.MOVE, position, game_id, self.seats[seat]),)
        wanted: list[ThinkRequest] = []
        if seat in self.seats:
            if not guided:
                wanted.append(self._request(Purpose.MOVE, position, game_id, self.seats[seat]))
        else:
            if self.hint_asked and self.hint is None:
                wanted.append(self._request(Purpose.HINT, position, game_id, HINT_SPEC))
            if self.judges(seat) and self.judgement is None:
                wanted.append(self._request(Purpose.JUDGE, position, game_id, JUDGE_SPEC))
        return tuple(wanted)

    def _request(
        self, purpose: Purpose, position: Position[Any], game_id: int, spec: OpponentSpec
    ) -> ThinkRequest:
        request = self._requests.get(purpose)
        if request is None or request.game_id != game_id or request.spec != spec:
            request = request_for(purpose, position, game_id, spec, self.seed)
            self._requests[purpose] = request
        return request

    def current(self, result: ThinkResult, game_id: int) -> bool:
        """Whether an answer is about the position on the board now."""
        return self._requests.get(result.request.purpose) == result.request and (
            result.request.game_id == game_id
        )

    def thinking(self, position: Position[Any]) -> bool:
        """Whether a computer seat is to move and its move is still being thought about
        (not when the answer came back as a failure: that is said instead)."""
        return (
            Purpose.MOVE in self._requests and position.turn in self.seats and self.failed is None
        )

    # --- what came back -----------------------------------------------------------

    def judged(self, result: ThinkResult, position: Position[Any], sensing: Sensing) -> None:
        """Keep the values of every move, by the spots each changes (for the coach)."""
        moves: list[tuple[frozenset[Spot], str]] = []
        for text, _ in result.values:
            try:
                move = position.read_move(text)
            except KibanError:
                continue
            moves.append((position.footprint(move, sensing).spots(), text))
        best = result.best if result.best is not None else ""
        analysis = Analysis(best, result.value, 0, 0, dict(result.values), result.mate_in)
        self.judgement = Judgement(analysis, tuple(moves), position.turn)

    def destination_qualities(
        self, spot: Spot, destinations: frozenset[Spot]
    ) -> dict[Spot, Quality]:
        """For a lifted piece, each destination's best move judged against the best of all."""
        judgement = self.judgement
        if judgement is None or not self.help.coached(judgement.seat):
            return {}
        values = judgement.analysis.values
        found: dict[Spot, str] = {}
        for spots, text in judgement.moves:
            if spot not in spots:
                continue
            for target in spots & destinations:
                if target != spot and values[text] > values.get(found.get(target, ""), -2.0):
                    found[target] = text
        return {target: quality(judgement.analysis, text) for target, text in found.items()}

    def blunder(self, played: str) -> Said | None:
        """Why the move just played (in the judged position) throws the game away, or None."""
        judgement = self.judgement
        if judgement is None or not self.warns(judgement.seat):
            return None
        if played not in judgement.analysis.values:
            return None
        value = judgement.analysis.values[played]
        if not is_blunder(judgement.analysis, value):
            return None
        if value < 0 and is_proven(value):
            return said(N_("loses the game"))
        return said(N_("gives away material"))

    def proved(self, result: ThinkResult, position: Position[Any]) -> None:
        """Keep ""sente wins in 5"" when an answer proved how the game ends."""
        mate_in = result.mate_in
        if mate_in is None:
            return
        game = position.game
        winner = position.turn if mate_in > 0 else (position.turn + 1) % len(game.seats)
        self.verdict = said(
            N_("{seat} wins in {count}"),
            seat=game.seat_word(winner),
            count=(abs(mate_in) + 1) // 2,
        )
