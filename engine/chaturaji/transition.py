"""How each move turns one state into the next: captures, parades, promotions, the team
rules (thrones, command, empire, king exchange) and the passing of the turn.

``apply`` never judges legality: it plays whatever it is given as a hand would,
so that the footprint of a forbidden move can be computed the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.chaturaji.board import (
    BOAT,
    KING,
    PAWN,
    THRONES,
    VALUES,
    kind_of,
    make_piece,
    owner_of,
    partner,
    team_of_seat,
    team_seats,
)
from engine.chaturaji.judge import judge
from engine.chaturaji.movegen import parade_victims
from engine.chaturaji.moves import (
    ChaturajiMove,
    Decision,
    Exchange,
    LostTurn,
    RemoveKing,
    ReturnKing,
    Roll,
    Step,
)
from engine.chaturaji.state import Fall, KingExchange, Rules, Stage, State

PARADE_POINTS = 2  # each boat taken in a parade scores as a boat
THRONE_ENTRY_POINTS = 1
THRONE_CAPTURE_POINTS = 2
EMPIRE_POINTS = (1, 2, 4)  # plain; second king taken by the creator's king; taken on its throne


def apply(state: State, move: ChaturajiMove, rules: Rules) -> State:
    """The state after ``move``, whether or not the rules allow it."""
    match move:
        case Roll(dice):
            return replace(state, roll_due=False, dice=tuple(sorted(dice)))
        case LostTurn():
            return _advance(replace(state, dice=()), rules)
        case Step():
            return _step(state, move, rules)
        case Exchange(cell, kind):
            board = list(state.board)
            board[cell] = make_piece(owner_of(board[cell]), kind)
            change = _Change(state, rules, board, state.acting(rules))
            change.arrived(cell)
            return change.finish(_use(state.dice, 5))
        case Decision.OFFER:
            assert state.pending is not None
            return replace(state, pending=replace(state.pending, stage=Stage.ANSWER))
        case Decision.NO_OFFER | Decision.DECLINE:
            return _continue(replace(state, pending=None), rules)
        case Decision.ACCEPT:
            return _accept(state, rules)
        case ReturnKing(seat, cell):
            board = list(state.board)
            board[cell] = make_piece(seat, KING)
            assert state.pending is not None
            rest = state.pending.kings[1:]
            pending = replace(state.pending, kings=rest) if rest else None
            after = replace(state, board=tuple(board), pending=pending)
            return after if rest else _continue(after, rules)
        case RemoveKing(cell):
            board = list(state.board)
            board[cell] = 0
            return replace(state, board=tuple(board), removed=state.roller, pending=None)
    raise TypeError(f"not a Chaturaji move: {move!r}")  # pragma: no cover


def _use(dice: tuple[int, ...], face: int) -> tuple[int, ...]:
    """The dice left once one showing ``face`` is used (all of them, if none does)."""
    if face in dice:
        index = dice.index(face)
        return dice[:index] + dice[index + 1 :]
    return ()


def _step(state: State, move: Step, rules: Rules) -> State:
    board = list(state.board)
    piece = board[move.origin]
    kind = kind_of(piece)
    mover = state.acting(rules)
    change = _Change(state, rules, board, mover)
    victim = board[move.target]
    board[move.origin] = 0
    board[move.target] = make_piece(owner_of(piece), move.promote) if move.promote else piece
    if victim:
        change.captured(move.target, victim, piece)
    if kind == BOAT and piece:
        victims = parade_victims(tuple(board), move.target, rules)
        for cell in victims:
            change.captured(cell, board[cell], piece, parade=True)
            board[cell] = 0
        if victims and rules.teams:
            change.boat_command[team_of_seat(mover)] = mover
    change.arrived(move.target)
    return change.finish(_use(state.dice, 5 if kind in (PAWN, KING) else kind))


@dataclass
class _Change:
    """The bookkeeping of one board move, gathered before the next state is built."""

    state: State
    rules: Rules
    board: list[int]
    mover: int

    def __post_init__(self) -> None:
        state = self.state
        self.scores = list(state.scores)
        self.united = list(state.united)
        self.boat_command = list(state.boat_command)
        self.thrones = set(state.thrones)
        self.fall = list(state.fall)
        self.frozen = set(state.frozen)
        self.kings_taken: list[int] = []

    def captured(self, cell: int, victim: int, by: int, *, parade: bool = False) -> None:
        self.scores[self.mover] += PARADE_POINTS if parade else VALUES[kind_of(victim)]
        if kind_of(victim) != KING:
            return
        enemy = owner_of(victim)
        self.kings_taken.append(enemy)
        if self.rules.frozen:
            self.frozen.add(enemy)
        if not self.rules.teams:
            return
        on_throne = cell == THRONES[enemy]
        if on_throne:
            self.scores[self.mover] += THRONE_CAPTURE_POINTS
        self._command_after_loss(team_of_seat(enemy))
        if not any(self._has_king(seat) for seat in self.rules.enemies(self.mover)):
            king_owner = owner_of(by) if kind_of(by) == KING else -1
            self.fall[team_of_seat(self.mover)] = Fall(king_owner, on_throne)

    def arrived(self, cell: int) -> None:
        """A king arriving on another seat's throne enters it: an enemy throne scores
        once per king and throne, the partner's gives command of the united pieces."""
        piece = self.board[cell]
        if not self.rules.teams or kind_of(piece) != KING:
            return
        seat = owner_of(piece)
        for throne_owner, throne in enumerate(THRONES):
            if throne != cell or throne_owner == seat or throne_owner not in self.rules.seats:
                continue
            if throne_owner == partner(seat):
                self.united[team_of_seat(seat)] = seat
            elif (seat, throne_owner) not in self.thrones:
                self.thrones.add((seat, throne_owner))
                self.scores[self.mover] += THRONE_ENTRY_POINTS

    def _has_king(self, seat: int) -> bool:
        return any(p and kind_of(p) == KING and owner_of(p) == seat for p in self.board)

    def _command_after_loss(self, team: int) -> None:
        """If one partner's king is taken, the other commands the united pieces."""
        alive = [s for s in team_seats(team) if s in self.rules.seats and self._has_king(s)]
        if len(alive) == 1:
            self.united[team] = alive[0]
        elif not alive:
            self.united[team] = -1

    def _empire(self, empire: list[int]) -> None:
        """A commander of united pieces with no enemy king left creates an empire, once."""
        for team in (0, 1):
            commander = self.united[team]
            if empire[team] >= 0 or commander < 0:
                continue
            enemies = self.rules.enemies(commander)
            if not enemies or any(self._has_king(seat) for seat in enemies):
                continue
            fall = self.fall[team]
            if fall is not None and fall.on_throne:
                points = EMPIRE_POINTS[2]
            elif fall is not None and fall.king_owner == commander:
                points = EMPIRE_POINTS[1]
            else:
                points = EMPIRE_POINTS[0]
            self.scores[commander] += points
            empire[team] = commander

    def finish(self, dice: tuple[int, ...]) -> State:
        empire = list(self.state.empire)
        if self.rules.teams:
            self._empire(empire)
        state = replace(
            self.state,
            board=tuple(self.board),
            dice=dice,
            scores=(self.scores[0], self.scores[1], self.scores[2], self.scores[3]),
            united=(self.united[0], self.united[1]),
            boat_command=(self.boat_command[0], self.boat_command[1]),
            thrones=frozenset(self.thrones),
            empire=(empire[0], empire[1]),
            fall=(self.fall[0], self.fall[1]),
            frozen=frozenset(self.frozen),
            pending=None,
        )
        offer = self._exchange_offer(state)
        if offer is not None:
            return replace(state, pending=offer)
        return _continue(state, self.rules)

    def _exchange_offer(self, state: State) -> KingExchange | None:
        """Right after taking an enemy king, a team that has lost a king may offer to
        exchange: the capturer's own king if it is lost, else the partner's."""
        if not self.rules.teams or not self.kings_taken or judge(state, self.rules) is not None:
            return None
        for own in (self.mover, partner(self.mover)):
            if own in self.rules.seats and not state.has_king(own):
                return KingExchange(Stage.OFFER, self.mover, (own, self.kings_taken[-1]))
        return None


def _accept(state: State, rules: Rules) -> State:
    """Both kings come back: onto their thrones, or, where a throne is occupied, onto a
    square their owners choose next (a king put back does not enter a throne)."""
    assert state.pending is not None
    board = list(state.board)
    waiting = []
    for seat in state.pending.kings:
        throne = THRONES[seat]
        if board[throne]:
            waiting.append(seat)
        else:
            board[throne] = make_piece(seat, KING)
    after = replace(state, board=tuple(board))
    if waiting:
        return replace(
            after, pending=KingExchange(Stage.RETURN, state.pending.capturer, tuple(waiting))
        )
    return _continue(replace(after, pending=None), rules)


def _continue(state: State, rules: Rules) -> State:
    """After a move: the same turn goes on while a die is left, else the next seat rolls."""
    if state.dice:
        return state
    return _advance(state, rules)


def _advance(state: State, rules: Rules) -> State:
    """The turn passes clockwise to the next seat still in the rotation."""
    for step in range(1, 5):
        seat = (state.roller + step) % 4
        if state.in_rotation(seat, rules):
            return replace(state, roller=seat, roll_due=rules.dice > 0, dice=())
    return replace(state, roll_due=rules.dice > 0, dice=())
