"""Iterative-deepening negamax alpha-beta over the ``Position`` API, for two players.

One search works on a copy of the position: it pushes and pops moves, asks
``outcome`` at every node (a finished game is valued by its winners, a nearer
win higher), and at the horizon looks on through captures only (quiescence)
before trusting ``evaluate``. A transposition table keyed by ``search_key``
keeps each node's value bound and best move; killer moves and a history table
order the quiet moves. A position met again, in the game or in the line searched,
is valued by the game's repetition rule (``engine.search.repetition``), a drawn
cycle below a draw for a side that stands better at the root where the game asks
for it (``Game.repetition_contempt``). It stops
at the first limit reached and answers with the last depth it finished.

The table only answers a node searched to exactly the depth now asked for, so a
search gives the value a plain alpha-beta of that depth gives, whatever the
table held: the coach's colours do not depend on what was searched before.
``Limits.selective`` (a player's own move in the games that ask for it) gives that
promise up for depth: late quiet moves are first searched shallower and searched
again to the full depth only when they seem to beat the best so far; in the games
where passing never helps, a node whose mover would still reach what it needs after
a pass, looked at a few plies shallower, is not searched further (null move).
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from itertools import repeat
from typing import TYPE_CHECKING, Any

from engine.errors import GameOverError, KibanError
from engine.outcome import Outcome, Termination
from engine.search.captures import Weighing
from engine.search.repetition import cycle_outcome, history_keys
from engine.search.scores import MATE_STEP, is_proven, mate_in, outcome_value, scaled
from engine.search.types import WIN, Analysis, Limits

if TYPE_CHECKING:
    from engine.game import Position

EXACT, LOWER, UPPER = 0, 1, 2
"""What a table entry's value is: the node's value, at least it, or at most it."""

QUIESCENCE_PLIES = 6
"""How far past the horizon captures are followed (a shogi exchange can run long)."""

STANDS_KEPT = 32_768
"""The most static values a search keeps (then it starts afresh): about 2.9 MiB."""

CLOCK_EVERY = 256
"""Nodes between two looks at the clock."""

DEFAULT_DEPTH = 64
"""The deepest iteration when nothing else bounds the search."""

REDUCE_AFTER = 3
"""Moves tried in full before the later quiet ones are reduced: the table's move, the
best captures and the killers come first."""

REDUCE_MORE_AFTER = 12
"""Moves after which a late quiet move is searched two plies shallower, not one."""

PASS_FROM_DEPTH = 3
"""The fewest plies left at which a selective search tries a pass (null move) first."""

PASS_REDUCTION = 2
"""How many plies shallower than a move's the reply to a pass is looked at."""

NULL_WINDOW = 1e-9
"""The width of the window a move after the first is tried with: it only has to be
shown no better than the best so far (principal variation search)."""

Entry = tuple[int, float, int, Any]
"""(depth searched, value stored from the node, EXACT/LOWER/UPPER, best move or None)."""


class UnsuitableGameError(KibanError, ValueError):
    """A game alpha-beta cannot search: more than two seats, or dice."""


class _BudgetSpentError(KibanError, RuntimeError):
    """Raised inside a search when a limit is reached; it never leaves this module."""


class AlphaBeta:
    """One search of one position. ``use_table`` False turns the transposition table
    off (to check that it changes nothing but the work)."""

    def __init__(
        self,
        position: Position[Any],
        limits: Limits,
        *,
        judge_all: bool = False,
        use_table: bool = True,
    ) -> None:
        self.position = position.copy()
        self.max_depth = limits.max_depth if limits.max_depth is not None else DEFAULT_DEPTH
        self.max_nodes = limits.max_nodes
        self.deadline = limits.deadline
        self.limits = limits
        self.judge_all = judge_all
        self.use_table = use_table
        self.selective = limits.selective and not judge_all
        game = position.game
        self.reduce_from = game.reduce_from_depth
        self.tries_pass = self.selective and game.passing_never_helps
        self.passed = False
        """Whether the line being searched holds a pass: two in one line prove nothing."""
        self.nodes = 0
        self.weighing = Weighing.of(self.position)
        self.stands: dict[Hashable, float] = {}
        """Static values already worked out, by key (a position met again in the tree
        is not evaluated again)."""
        self.table: dict[Hashable, Entry] = {}
        self.killers: dict[int, list[Any]] = {}
        self.history: dict[Any, int] = {}
        self.partial: dict[Any, float] = {}
        """The root moves valued so far at the depth being searched."""
        self.seen: dict[Hashable, int] = history_keys(self.position)
        """The positions of the game and of the line being searched, by key: one met
        again is valued by the game's repetition rule (``engine.search.repetition``)."""
        self.root_turn = self.position.turn
        self.contempt = 0.0
        """What a drawn cycle costs the player to move at the root, where its game asks
        (``Game.repetition_contempt``): as much as its static value stands above a draw.
        Valued at 0, a repetition tempted a side that stood better whenever its look
        found every other move a little below a draw (shogi's level 10 shuffled its
        bishop into sennichite from +138 by Fairy-Stockfish, issue 48); the side behind
        still values it at a draw or better."""

    # --- the budget ------------------------------------------------------------------

    def _count(self) -> None:
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise _BudgetSpentError("node budget spent")
        self.nodes += 1
        if self.nodes % CLOCK_EVERY == 0:
            stopped = self.limits.stopped_by(time.monotonic())
            if stopped is not None:
                raise _BudgetSpentError(stopped)

    # --- the root ----------------------------------------------------------------------

    def run(self) -> Analysis[Any]:
        position = self.position
        game = position.game
        if len(game.seats) != 2 or game.rolls_dice(position.options):
            raise UnsuitableGameError(
                f"alpha-beta searches two-seat games without dice, not {game.title}"
            )
        if position.chance_moves() is not None:
            raise GameOverError("a roll is due: the dice move, not a player")
        moves = list(position.legal_moves())
        if not moves:
            raise GameOverError(f"the game is over; there is no move to find in {position.text()}")
        if game.repetition_contempt:
            self.contempt = max(0.0, scaled(position.evaluate()[self.root_turn]))
        root_len = len(position.move_stack)
        scores: dict[Any, float] = {}
        ordered = moves
        best, value, values, depth = moves[0], 0.0, dict[Any, float](), 0
        note = ""
        for iteration in range(1, max(1, self.max_depth) + 1):
            ordered = sorted(moves, key=lambda m: scores.get(m, -2.0 * WIN), reverse=True)
            try:
                found = self._root(ordered, iteration)
            except _BudgetSpentError as stop:
                while len(position.move_stack) > root_len:
                    position.pop()
                note = f"stopped at depth {iteration}: {stop}"
                break
            scores = found
            best = max(ordered, key=lambda m: found[m])  # the first of equals, in order
            value, depth = found[best], iteration
            values = dict(found) if self.judge_all else {best: value}
            if is_proven(value) and abs(mate_in(value) or 0) <= iteration:
                break  # a forced end within the horizon: deeper looks find no other
        partial = self.partial
        if note and partial and not self.judge_all and (depth == 0 or ordered[0] in partial):
            # The last best move was searched first at the unfinished depth; a move
            # that beat it there is the better guess (with no depth finished, the
            # best of those valued at all).
            leader = max(partial, key=lambda m: partial[m])
            if leader != best and (depth == 0 or partial[leader] > partial[ordered[0]]):
                best, value = leader, partial[leader]
                values = {best: value}
                note += f"; {position.move_text(best)} led the unfinished depth"
        return Analysis(
            best=best,
            value=value,
            depth=depth,
            nodes=self.nodes,
            values=values,
            mate_in=mate_in(value) if depth else None,
            note=note,
        )

    def _root(self, moves: list[Any], depth: int) -> dict[Any, float]:
        """Every root move's value at ``depth``: exact for all when judging all, else
        exact for the best and an upper bound for the others."""
        position = self.position
        found: dict[Any, float] = {}
        self.partial = found
        alpha = -WIN - 1.0
        me = position.turn
        for move in moves:
            position.push(move)
            floor = -WIN - 1.0 if self.judge_all else alpha
            if position.turn == me:
                score = self._negamax(depth - 1, floor, WIN + 1.0, 1)
            else:
                score = -self._negamax(depth - 1, -WIN - 1.0, -floor, 1)
            position.pop()
            found[move] = score
            alpha = max(alpha, score)
        return found

    # --- the tree ------------------------------------------------------------------

    def _negamax(self, depth: int, alpha: float, beta: float, ply: int) -> float:
        self._count()
        position = self.position
        outcome = position.outcome()
        if outcome is not None:
            return self._ended(outcome, ply)
        key = position.search_key()
        seen = self.seen
        if seen.get(key):
            return self._ended(cycle_outcome(position), ply)
        if depth <= 0:
            return self._quiesce(alpha, beta, ply, QUIESCENCE_PLIES, counted=True)
        table_move: Any = None
        if self.use_table:
            known, table_move = self._probe(key, depth, alpha, beta, ply)
            if known is not None:
                return known
        after_pass = self._after_pass(depth, beta, ply) if self.tries_pass else None
        if after_pass is not None:
            return after_pass
        moves = self._ordered(list(position.legal_moves()), table_move, ply)
        start_alpha = alpha
        best_value = -WIN - 1.0
        best_move: Any = None
        push, pop = position.push, position.pop
        me = position.turn
        seen[key] = 1
        negamax = self._negamax
        reduce_from = self.reduce_from
        reducing = self.selective and depth >= reduce_from and not position.check_spots()
        capture_value = position.capture_value
        for index, move in enumerate(moves):
            cut = _cut(index, depth, reduce_from) if reducing and not capture_value(move) else 0
            push(move)
            if position.turn == me:  # the same player moves again
                score = negamax(depth - 1, alpha, beta, ply + 1)
            elif best_move is None:
                score = -negamax(depth - 1, -beta, -alpha, ply + 1)
            else:  # shown no better than the best so far, unless it is
                score = self._tried_late(depth, alpha, ply, cut)
                if alpha < score < beta:
                    score = -negamax(depth - 1, -beta, -score, ply + 1)
            pop()
            if score > best_value:
                best_value, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self._remember_cutoff(move, depth, ply)
                        break
        del seen[key]
        if self.use_table:
            bound = UPPER if best_value <= start_alpha else LOWER if best_value >= beta else EXACT
            self.table[key] = (depth, _to_table(best_value, ply), bound, best_move)
        return best_value

    def _ended(self, outcome: Outcome, ply: int) -> float:
        """A finished game's value for the player to move, a repetition's drawn with
        the root's contempt: below a draw for the root's player when it stands better,
        above it for the other."""
        if outcome.is_draw and outcome.termination is Termination.REPETITION:
            return -self.contempt if self.position.turn == self.root_turn else self.contempt
        return outcome_value(outcome, self.position.turn, ply)

    def _after_pass(self, depth: int, beta: float, ply: int) -> float | None:
        """The node's value, at least, when its mover reaches ``beta`` even if it
        passed, by a shallower look: a real move does no worse where passing never
        helps, and the node is cut. None when the pass falls short or is not tried:
        at the root, a second time in one line, in check, or when the mover's static
        value is below ``beta`` to begin with."""
        position = self.position
        if depth < PASS_FROM_DEPTH or not ply or self.passed or is_proven(beta):
            return None
        if position.check_spots() or scaled(position.evaluate()[position.turn]) < beta:
            return None
        position.swap_turn()
        self.passed = True
        try:
            score = -self._negamax(depth - 1 - PASS_REDUCTION, -beta, -beta + NULL_WINDOW, ply + 1)
        finally:  # the turn comes back even when the budget ends the search here
            self.passed = False
            position.swap_turn()
        return score if score >= beta else None

    def _tried_late(self, depth: int, alpha: float, ply: int, cut: int) -> float:
        """A move after the first (pushed), with a null window: only shown no better
        than ``alpha``; with ``cut``, first by a look that many plies shallower, which
        a check or a move that seems to beat ``alpha`` does not get."""
        if cut and not self.position.check_spots():
            score = -self._negamax(depth - 1 - cut, -alpha - NULL_WINDOW, -alpha, ply + 1)
            if score <= alpha:
                return score
        return -self._negamax(depth - 1, -alpha - NULL_WINDOW, -alpha, ply + 1)

    def _probe(
        self, key: Hashable, depth: int, alpha: float, beta: float, ply: int
    ) -> tuple[float | None, Any]:
        """The table's value for this node if it settles it at this depth and window
        (else None), and its best move to try first."""
        entry = self.table.get(key)
        if entry is None:
            return None, None
        stored_depth, stored, bound, table_move = entry
        if stored_depth == depth:
            value = _from_table(stored, ply)
            if (
                bound == EXACT
                or (bound == LOWER and value >= beta)
                or (bound == UPPER and value <= alpha)
            ):
                return value, table_move
        return None, table_move

    def _quiesce(
        self, alpha: float, beta: float, ply: int, left: int, *, counted: bool = False
    ) -> float:
        """Captures only, the mover free to stand on the static value instead."""
        if not counted:
            self._count()
            outcome = self.position.outcome()
            if outcome is not None:
                return self._ended(outcome, ply)
        position = self.position
        key = position.search_key()
        stand = self.stands.get(key)
        if stand is None:
            stand = scaled(position.evaluate()[position.turn])
            if len(self.stands) >= STANDS_KEPT:
                self.stands.clear()
            self.stands[key] = stand
        if stand >= beta or left <= 0:
            return stand
        alpha = max(alpha, stand)
        weigh = self.weighing.weigh
        captures = []
        for move in self.weighing.taking():
            _, net = weigh(move)
            if net >= 0:  # a capture that loses more than it takes is left out
                captures.append((net, move))
        if not captures:
            return stand
        captures.sort(key=_gain, reverse=True)
        best = stand
        me = position.turn
        for _, move in captures:
            position.push(move)
            if position.turn == me:
                score = self._quiesce(alpha, beta, ply + 1, left - 1)
            else:
                score = -self._quiesce(-beta, -alpha, ply + 1, left - 1)
            position.pop()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    # --- move order ------------------------------------------------------------------

    def _ordered(self, moves: list[Any], table_move: Any, ply: int) -> list[Any]:
        """The table's move, then the captures that gain (the most first), then this
        ply's killers, then the captures that lose, then the quiet moves by how often
        they refuted others; equals in the order given.

        Each move's rank is worked out in bulk (the history by ``map``, the captures
        and the few special moves by their places) rather than by a call per move."""
        history = self.history
        keys = list(map(history.get, moves, repeat(0))) if history else [0] * len(moves)
        taking = self.weighing.places(moves)
        weigh = self.weighing.weigh
        for index in taking:
            gain, net = weigh(moves[index])
            keys[index] = (1 << 32) + (net << 8) + (gain >> 4) if net >= 0 else (1 << 28) + net
        for killer in self.killers.get(ply, ()):
            if killer in moves:
                index = moves.index(killer)
                if index not in taking:
                    keys[index] = 1 << 30
        if table_move is not None and table_move in moves:
            keys[moves.index(table_move)] = 1 << 40
        if not any(keys):
            return moves
        order = sorted(range(len(moves)), key=keys.__getitem__, reverse=True)
        return list(map(moves.__getitem__, order))

    def _remember_cutoff(self, move: Any, depth: int, ply: int) -> None:
        if self.position.capture_value(move):
            return  # captures come first anyway
        killers = self.killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]
        self.history[move] = self.history.get(move, 0) + depth * depth


def _cut(index: int, depth: int, reduce_from: int) -> int:
    """How many plies shallower the ``index``-th move (a quiet one) is first searched,
    ``reduce_from`` the fewest plies left at which the game's search reduces."""
    if index < REDUCE_AFTER:
        return 0
    return 2 if index >= REDUCE_MORE_AFTER and depth > reduce_from else 1


def _gain(pair: tuple[int, Any]) -> int:
    return pair[0]


def _to_table(value: float, ply: int) -> float:
    """A proven value counted from the node, not the root, so that it holds wherever
    the node is met again."""
    if is_proven(value):
        return value + ply * MATE_STEP if value > 0 else value - ply * MATE_STEP
    return value


def _from_table(value: float, ply: int) -> float:
    if is_proven(value):
        return value - ply * MATE_STEP if value > 0 else value + ply * MATE_STEP
    return value


def search(
    position: Position[Any],
    limits: Limits,
    *,
    judge_all: bool = False,
    use_table: bool = True,
) -> Analysis[Any]:
    """The best move for the player to move and its value, searched within ``limits``
    (``max_depth`` None: deepen until another limit stops it). The position is not
    changed. Raises ``GameOverError`` when there is no move to find."""
    if limits.max_depth is None and limits.max_nodes is None and limits.deadline is None:
        limits = Limits(max_depth=DEFAULT_DEPTH, max_nodes=None, deadline=None)
    return AlphaBeta(position, limits, judge_all=judge_all, use_table=use_table).run()
