"""The two shapes every game takes: a ``Game`` (the rules, static) and its ``Position``.

Modelled on python-chess: a position is mutable, moves are pushed and popped,
legal moves are generated lazily, and a registry finds a game by name. On top of
that, each game says how it looks to sensors (spots, stones, readings), which is
all the recognizer needs to see its moves on a physical board.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from engine.claims import ClaimPreview, ClaimRule
from engine.errors import GameOverError, IllegalMoveError, NoPassError, UnknownClaimError
from engine.game_words import GameWords
from engine.geometry import Geometry
from engine.look import PLAIN, Look
from engine.opening import FirstPlayerDraw
from engine.options import Options, OptionSpec, parse_options
from engine.outcome import Outcome, Termination
from engine.physical import EMPTY, Footprint, Reading, Sensing, Spot, Stone, stone_reading
from engine.piece_moves import PieceMoves
from engine.policy import IllegalMovePolicy
from engine.puzzle_kinds import PuzzleKind
from engine.record import PLAIN_TEXT, Played, RecordFormat, RecordReader
from engine.said import N_, Said, Term, said
from engine.search.style import SearchStyle
from engine.usi import ServerVariant, UsiVariant

if TYPE_CHECKING:  # what the bench and the sampling search ask, imported when asked
    from engine.bench import BenchPlan
    from engine.search.sampling_sources import MoveSource

M = TypeVar("M", bound=Hashable)
P = TypeVar("P", bound="Position[Any]")

Layout = Mapping[Spot, tuple[Stone, ...]]
"""The stones on every occupied spot, bottom of a stack first."""


class Game(GameWords[P], ABC):
    """The rules of one game: its name, seats, options, spots and how pieces read.

    A game writes only what is its own: the class attributes (its name, title, seats
    and words among them: ``GameWords``, engine/game_words.py), ``position_class``,
    ``build_geometry`` and ``start_text``; every other part of the contract has a
    default here that a game overrides when its rules say otherwise.
    """

    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    position_class: Callable[[Game[Any], Options, str], P]
    """The game's ``Position``: made from the game, its options and a position text."""
    usi: ClassVar[UsiVariant | None] = None
    """How an outside USI engine knows the game; None: no USI engine plays it."""
    hint_seconds: ClassVar[float] = 1.0
    """How long a hint may think: a hint wants a good move soon, not the top level's
    whole budget (games whose searches need longer for a sound answer say so)."""
    selective_search: ClassVar[bool] = False
    """Whether a player's own alpha-beta move searches late quiet moves shallower first
    (``Limits.selective``): deeper in the same nodes where moves are many."""
    reduce_from_depth: ClassVar[int] = 3
    """The fewest plies left at which a selective search reduces a late quiet move: two
    where a quiet move's worth shows at once (Abalone's marbles), three where a
    quiet move may set up a capture the next ply (shogi's drops)."""
    passing_never_helps: ClassVar[bool] = False
    """Whether a side is never worse off for moving than it would be for passing (no
    zugzwang): a selective search may then skip a node whose side to move stays at
    or above what it needs even after passing (null-move pruning, with
    ``Position.swap_turn``)."""
    repetition_contempt: ClassVar[bool] = False
    """Whether a search values a drawn repetition below a draw for a side that stands
    better at its root, by as much as it stands better (``engine.search.alphabeta``):
    such a side plays on rather than shuffle into a draw its look finds a little
    better than its other moves. Changing it changes how the levels play (their
    ladder is measured again); shogi's is on (issue 48), the others' not yet."""
    lishogi: ClassVar[ServerVariant | None] = None
    """How lishogi knows the game; None: it cannot be played there."""
    puzzle_kinds: ClassVar[tuple[PuzzleKind, ...]] = ()
    """The puzzles the game ships (``engine.puzzles``); none by default."""
    play_version: ClassVar[int] = 1
    """How the built-in computer plays this game (its evaluation, how the searches
    treat it), numbered: a change that makes its levels play differently raises it,
    so that the calibration table's results played before stop counting
    (``engine.search.ladder.PlayVersion``)."""
    judged_unfinished: ClassVar[bool] = False
    """Whether a game stopped unfinished (a match's ply cap) is judged by what the
    players have won so far (``Position.judged``) rather than drawn: weak players of
    the games that count (points, marbles) often play on past any cap."""
    rolls: ClassVar[bool] = False
    """Its pieces are rolled from cell to cell (marbles along their grooves), as the mock
    world's hands then mostly move them: a rolled piece reads on two cells for a while."""
    menu_rank: ClassVar[int] = 100
    """Where the menus show it among the installed games: lower first, a tie by name
    (``engine.registry.games``). Kiban's own take 10 to 50; a game installed beside
    them comes after them unless it says otherwise."""

    def __init__(self) -> None:
        self._geometry = self.build_geometry()
        self._cells = tuple(place.spot for place in self._geometry.cells)
        self._off_board = tuple(place.spot for place in self._geometry.off_board)
        """The spots, listed once: every expected frame walks them."""

    @abstractmethod
    def build_geometry(self) -> Geometry:
        """Where the cells and off-board spots are drawn; called once, by ``__init__``."""

    @property
    def geometry(self) -> Geometry:
        return self._geometry

    def position(self, text: str | None = None, options: Mapping[str, str] | None = None) -> P:
        """A position from the game's notation, or the start position when ``text`` is None."""
        chosen = self.options(options)
        return self.position_class(self, chosen, self.start_text(chosen) if text is None else text)

    def options(self, given: Mapping[str, str] | None = None) -> Options:
        if isinstance(given, Options):
            return given
        return parse_options(self.name, self.option_specs, given)

    def touch_strict(self, options: Mapping[str, str]) -> bool:
        """Whether the first legal move set down counts (``touch=strict``): the board
        does not follow a hand that goes on with it (``engine.recognition.rereading``)."""
        return options.get("touch") == "strict"

    @abstractmethod
    def start_text(self, options: Options) -> str:
        """The start position in the game's notation."""

    def label(self, stone: Stone) -> str:
        """The short text a board drawing shows for a stone: its letter, a capital for
        the first seat and small for the others, "+" before a turned-over face (the
        shogi custom); a shared stone (owner None) keeps its letter as it is."""
        if stone.owner is None:
            return stone.kind
        letter = stone.kind.upper() if stone.owner == 0 else stone.kind.lower()
        return "+" + letter if stone.flipped else letter

    # --- what the table does beyond the moves --------------------------------------

    def first_player_draw(self, options: Options) -> FirstPlayerDraw:
        """How the person who moves first is chosen when the session does not say."""
        return FirstPlayerDraw.NONE

    def illegal_policy(self, options: Options) -> IllegalMovePolicy:
        """What an illegal move the board shows does: refused unless the rules say it loses."""
        return IllegalMovePolicy.REFUSE

    def claims(self, options: Options) -> tuple[ClaimRule, ...]:
        """The claims that end a game from the controls (``Position.claim`` judges them)."""
        return ()

    def rolls_dice(self, options: Options) -> bool:
        """Whether positions under ``options`` wait for dice (``Position.chance_moves``)."""
        return False

    def record_formats(self) -> tuple[RecordFormat, ...]:
        """The formats a record of this game can be written in, plain text first."""
        return (PLAIN_TEXT,)

    def record_readers(self) -> tuple[RecordReader, ...]:
        """The formats a record of this game is read from besides plain text (which every
        game reads: ``engine.record_read``), most particular first; none by default."""
        return ()

    def bench(self) -> BenchPlan:
        """What ``kiban bench`` measures for this game beyond the common measures."""
        from engine.bench import BenchPlan

        return BenchPlan()

    def search_style(self, options: Options) -> SearchStyle:
        """Which built-in search plays this game for the computer (``engine.search``): by
        default alpha-beta for two seats without dice, sampling otherwise."""
        if len(self.seats) != 2 or self.rolls_dice(options):
            return SearchStyle.SAMPLING
        return SearchStyle.ALPHA_BETA

    def move_source(self, options: Options) -> MoveSource:
        """What the sampling search asks of the game (which moves a node tries, a playout's
        move): by default every legal move, random playouts."""
        from engine.search.sampling_sources import ListedMoves

        return ListedMoves()

    # --- spots and stones ---------------------------------------------------------

    @property
    def cells(self) -> tuple[Spot, ...]:
        return self._cells

    @property
    def off_board_spots(self) -> tuple[Spot, ...]:
        return self._off_board

    @property
    def spots(self) -> tuple[Spot, ...]:
        """Every spot a profile may sense: the cells, then the off-board places."""
        return self.cells + self.off_board_spots

    def reading(self, stone: Stone, sensing: Sensing) -> Reading:
        """How one stone reads; games whose pieces read otherwise override this."""
        return stone_reading(stone, sensing)

    def piece_name(self, stone: Stone) -> str:
        """A piece as players call it ("chick", "hen", "silver", "white token"): words
        for prompts and set-up help; its label when the game has none."""
        return self.label(stone)

    def turns_over(self, stone: Stone) -> bool:
        """Whether a player may turn this stone's other face up (a promotable piece)."""
        return False

    def piece_moves(self, stone: Stone) -> PieceMoves:
        """The steps and lines a drawing of this stone shows (the dots of Robot Duel's
        stickers), as its owner sees them; none by default."""
        return PieceMoves()

    look: ClassVar[Look] = PLAIN
    """How its pieces look on the page (engine/look.py); by default, labels on discs."""

    def stack_reading(self, stones: Sequence[Stone], sensing: Sensing) -> Reading:
        """A spot reads as the stone on top of it (a stand slot holds several)."""
        return self.reading(stones[-1], sensing) if stones else EMPTY

    def layout_footprint(self, before: Layout, after: Layout, sensing: Sensing) -> Footprint:
        """The footprint of going from one layout to another: the spots whose reading
        changes, and those whose stones change unseen (``hidden``: on a cell, where the
        hand must touch them; ``must_touch``); ``turnable`` only on the board, since a
        piece in hand is never promoted."""
        cells = frozenset(self.cells)
        changes: list[tuple[Spot, Reading]] = []
        hidden: set[Spot] = set()
        for spot in before.keys() | after.keys():
            old, new = before.get(spot, ()), after.get(spot, ())
            if old == new:
                continue
            new_reading = self.stack_reading(new, sensing)
            if self.stack_reading(old, sensing) != new_reading:
                changes.append((spot, new_reading))
            else:
                hidden.add(spot)
        turnable = frozenset(
            spot
            for spot, reading in changes
            if reading != EMPTY and spot in cells and self.turns_over(after[spot][-1])
        )
        return Footprint(
            tuple(sorted(changes)), frozenset(hidden), frozenset(hidden & cells), turnable
        )


class Position(ABC, Generic[M]):
    """A mutable position of one game, with the moves that led to it."""

    def __init__(self, game: Game[Any], options: Options) -> None:
        self.game = game
        self.options = options
        self.move_stack: list[M] = []

    # --- rules -------------------------------------------------------------

    @property
    @abstractmethod
    def turn(self) -> int:
        """The seat to move (an index into ``game.seats``)."""

    @abstractmethod
    def legal_moves(self) -> Iterator[M]:
        """The legal moves, generated lazily; none once the game is over."""

    def moves_changing(self, spots: frozenset[Spot], *, exactly: bool = False) -> Iterator[M]:
        """The legal moves that may change every one of ``spots``; with ``exactly``, only
        those that change nothing else but a cell where a piece lands (it may read as
        before). More may be given, never fewer: the recognizer checks each footprint.
        It is asked when the hands change the board, so a game with many moves answers
        from the pieces on those spots; by default, every legal move."""
        return self.legal_moves()

    def moves_showing(self, changes: tuple[tuple[Spot, Reading], ...]) -> Iterator[M]:
        """The legal moves that may change exactly what ``changes`` shows (each spot and
        what it now reads; more may be given, never fewer). The readings may name the
        move where the spots alone cannot (where a robot ended a long chain); by
        default, ``moves_changing`` of the spots, exactly."""
        return self.moves_changing(frozenset(spot for spot, _ in changes), exactly=True)

    def moves_continuing(self, move: M) -> Iterator[M] | None:
        """The legal moves a hand makes by going on with ``move`` from where it ended
        (a robot that ate a token steps on to the next), when the game can say so
        without the moves changing the same spots; None (the default): the recognizer
        looks among those."""
        return None

    def illegal_moves_changing(self, spots: frozenset[Spot]) -> Iterator[tuple[M, Said]]:
        """The forbidden moves a hand can make that may change every one of ``spots``
        (more may be given); by default, all of ``illegal_moves``."""
        return self.illegal_moves()

    def destinations(self, spot: Spot) -> tuple[frozenset[Spot], frozenset[Spot]] | None:
        """Where the piece on ``spot`` may end its move (empty cells, and cells whose
        contents it takes or changes), when the game can say so without listing the
        moves (a robot with thousands of chains); None: the recognizer lists them."""
        return None

    def moves_off_board(self) -> Iterator[M]:
        """The legal moves that may change no cell of the board (a refill, a lost turn, a
        promotion by exchange; more may be given); by default, every legal move."""
        return self.legal_moves()

    def favoured(self, choices: Sequence[M]) -> int | None:
        """Which of a prompt's ``choices`` to select first when the sensors cannot
        tell (Robotory: the colour the mover holds more of); None: the first."""
        return None

    def illegal_moves(self) -> Iterator[tuple[M, Said]]:
        """Moves a hand could make that the rules forbid here, each with the reason.

        The recognizer names such a move when the board shows it. Games with
        nothing of the kind (every physical move is legal) keep the default.
        """
        return iter(())

    def is_legal(self, move: M) -> bool:
        """A legal move, or an outcome of the random event due now (a roll in a record)."""
        chance = self.chance_moves()
        if chance is not None:
            return move in chance
        return any(candidate == move for candidate in self.legal_moves())

    @abstractmethod
    def push(self, move: M) -> None:
        """Play a move without checking it (use ``push_text`` for checked input)."""

    @abstractmethod
    def pop(self) -> M:
        """Take back the last move and return it."""

    @abstractmethod
    def copy(self) -> Self:
        """An independent position with the same history."""

    def played(self) -> Played:
        """The start and the moves that led here, as texts (a record, a request to the
        computer and the other boards all say a game this way)."""
        earlier = self.copy()
        moves: list[str] = []
        movers: list[int] = []
        while earlier.move_stack:
            move = earlier.pop()
            moves.append(earlier.move_text(move))
            movers.append(earlier.turn)
        return Played(earlier.text(), tuple(reversed(moves)), tuple(reversed(movers)))

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    def counters(self) -> Mapping[str, int]:
        """Counts a board shows as bars of indicator LEDs (Robotory's reserve of
        tokens): ``name`` lights the indicators ``name:1`` .. ``name:count``."""
        return {}

    def end_by_agreement(self) -> Outcome:
        """The result when the players end the game from the controls: a draw, unless
        the game scores (Chaturaji counts the points)."""
        return Outcome.draw(Termination.AGREEMENT)

    def judged(self) -> Outcome:
        """The result of a game stopped unfinished, where the game judges one
        (``Game.judged_unfinished``): as the players ending it would (Chaturaji counts
        the points); a draw for the others."""
        if not self.game.judged_unfinished:
            return Outcome.draw(Termination.AGREEMENT)
        return self.end_by_agreement()

    def scores(self) -> tuple[int, ...]:
        """Each seat's points, in seat order; empty when the game does not score."""
        return ()

    def teams(self) -> tuple[int, ...] | None:
        """Each seat's team, in seat order; None when the game is not played in teams."""
        return None

    def team_scores(self) -> tuple[int, ...]:
        """Each team's points: its seats' scores added up; empty without teams."""
        teams = self.teams()
        if teams is None:
            return ()
        totals = [0] * (max(teams) + 1)
        for team, score in zip(teams, self.scores(), strict=True):
            totals[team] += score
        return tuple(totals)

    def dice(self) -> tuple[int, ...]:
        """The faces of the dice still to be used by the player to move; empty while a
        roll is due, and always in a game without dice."""
        return ()

    def claim(self, name: str) -> Outcome:
        """Judge a claim the game declares (``Game.claims``): the outcome that ends the
        game, or a ``ClaimError`` saying why it does not hold (``UnknownClaimError``
        for a claim the game does not have). The position is not changed."""
        raise UnknownClaimError(
            said(N_("{game} has no claim {name}"), game=Term(self.game.title), name=repr(name))
        )

    def claim_preview(self, name: str) -> ClaimPreview | None:
        """What claim ``name`` would count now, when a failed claim loses (shogi's
        declaration); None for a claim that only ends the game when it holds."""
        return None

    def chance_moves(self) -> tuple[M, ...] | None:
        """The outcomes of a random event due now (a die roll), or None.

        When not None, the next move is not chosen by a player: the session
        draws one of these from its seeded random source.
        """
        return None

    # --- notation ----------------------------------------------------------

    @abstractmethod
    def text(self) -> str:
        """The position in the game's notation (it round-trips through ``game.position``)."""

    @abstractmethod
    def move_text(self, move: M) -> str:
        """A move of this position in the game's notation."""

    @abstractmethod
    def read_move(self, text: str) -> M:
        """Parse move notation without judging legality; NotationError if unreadable."""

    def parse_move(self, text: str) -> M:
        """Parse a move and check that it is legal here."""
        move = self.read_move(text)
        if self.outcome() is not None:
            raise GameOverError(
                said(N_("the game is over; {move} cannot be played"), move=repr(text))
            )
        if not self.is_legal(move):
            for illegal, reason in self.illegal_moves():
                if illegal == move:
                    raise IllegalMoveError(
                        said(N_("{move} is illegal: {reason}"), move=text, reason=reason)
                    )
            raise IllegalMoveError(
                said(
                    N_("{move} is not a legal move in {position}"), move=text, position=self.text()
                )
            )
        return move

    def push_text(self, text: str) -> M:
        move = self.parse_move(text)
        self.push(move)
        return move

    # --- the physical board --------------------------------------------------

    @abstractmethod
    def layout(self) -> Layout:
        """The stones on every occupied spot, including off-board places."""

    def expected_frame(self, sensing: Sensing) -> dict[Spot, Reading]:
        """What every spot of the game must read in this position."""
        layout = self.layout()
        return {
            spot: self.game.stack_reading(layout.get(spot, ()), sensing) for spot in self.game.spots
        }

    def footprint(self, move: M, sensing: Sensing) -> Footprint:
        """The change ``move`` makes to the sensed world.

        This default plays the move and compares layouts; it is exact for every
        game, and games on large boards override it with a direct computation.
        A hidden change is one the hand must touch when it is on a board cell
        (a capture); on an off-board stack it may not be (a third pawn in hand).
        """
        before = self.layout()
        self.push(move)
        try:
            after = self.layout()
        finally:
            self.pop()
        return self.game.layout_footprint(before, after, sensing)

    # --- what the LEDs teach -------------------------------------------------

    def attacked_spots(self, seat: int) -> frozenset[Spot]:
        """The cells ``seat`` attacks; games without attacks return none."""
        return frozenset()

    def threatened_spots(self) -> frozenset[Spot]:
        """The mover's pieces the opponents could take (or push off) next move."""
        return frozenset()

    def check_spots(self) -> frozenset[Spot]:
        """The mover's king (lion) when it is in check."""
        return frozenset()

    def swap_turn(self) -> None:
        """Hand the move to the other seat without a move, for a search's null-move
        test (``Game.passing_never_helps``); a second call undoes it, before or after
        the moves pushed since are popped. Only the games that declare passing
        harmless provide it; the others refuse (``NoPassError``)."""
        raise NoPassError(f"{self.game.title} is not searched with passes: a pass may help there")

    # --- what the computer thinks ---------------------------------------------

    def evaluate(self) -> tuple[float, ...]:
        """How good the position is for each seat, in seat order, each strictly
        between -WIN and WIN (``engine.search.types``): a static guess the searches
        use at their horizon. A finished game is not asked (its outcome decides).
        By default every seat stands even; each game's package says better."""
        return (0.0,) * len(self.game.seats)

    def search_key(self) -> Hashable:
        """What a search's transposition table files this position under: equal for the
        same pieces, hands and mover however they were reached (never the move number).
        By default the position text; games override it with something cheaper."""
        return self.text()

    def capture_value(self, move: M) -> int:
        """Roughly what ``move`` takes (0: nothing), for a search to try captures first
        and to look on past them at its horizon; by default nothing is taken."""
        return 0

    # --- counting ------------------------------------------------------------

    def perft(self, depth: int) -> int:
        """Leaf nodes of the legal-move tree ``depth`` plies deep."""
        if depth == 0:
            return 1
        moves = list(self.legal_moves())
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            self.push(move)
            total += self.perft(depth - 1)
            self.pop()
        return total
