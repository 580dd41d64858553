"""A table's game played to its last move, kept from one view to the next.

The spectator page's index draws every table's position, which only the moves give:
replayed from the start at every change, a hall of 200 boards at blitz pace checked
tens of thousands of moves a second (each ``push_text`` judges the move legal), and
the index's answer fell seconds behind the games (docs/club.md, "At scale"). A view
that goes on from the last one plays only its new moves; one cut shorter (a delayed
audience, a take-back) takes moves back; any other (a new game at the table) is
played again from its start. Every move is still checked as it is played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.game import Layout, Position
from engine.registry import find_game
from firmware_host.club.live import LiveGame


@dataclass(frozen=True, slots=True)
class Played:
    """The view's game after its moves, and the layout before its last move (the page
    marks what that move changed). Not to be changed: it is kept for the next view."""

    position: Position[Any]
    before_last: Layout | None


class Replay:
    """One table's game, played along as its views come."""

    def __init__(self) -> None:
        self._game: tuple[str, str, tuple[tuple[str, str], ...]] | None = None
        self._texts: list[str] = []
        self._position: Position[Any] | None = None
        self._before_last: Layout | None = None

    def play(self, view: LiveGame) -> Played:
        texts = [move.text for move in view.moves]
        game = (view.game, view.start, view.options)
        position = self._position
        kept = 0
        if position is not None and game == self._game:
            limit = min(len(texts), len(self._texts))
            while kept < limit and texts[kept] == self._texts[kept]:
                kept += 1
        if position is None or game != self._game:
            position = find_game(view.game).position(view.start or None, dict(view.options))
            self._texts = []
        # kept before the moves are played: a move refused leaves what was played so far
        self._game, self._position = game, position
        while len(self._texts) > kept:  # back to where the two views agree
            position.pop()
            self._texts.pop()
            self._before_last = None
        for text in texts[kept:]:
            self._before_last = position.layout()
            position.push_text(text)
            self._texts.append(text)
        if self._before_last is None and position.move_stack:
            last = position.pop()
            self._before_last = position.layout()
            position.push(last)
        return Played(position, self._before_last if position.move_stack else None)
