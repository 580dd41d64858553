"""One table's game as the room records it: the boards' games recorded for it, in order,
each going on from where the one before it stood, read as one game.

A table's game outlives its board. A board restarted takes its own game up again (the
same game, the same watch code); a board that lost its store, or a spare board bound
in its place, takes the game up from the room's record: a new game of its own, begun
from the position recorded. The room records each under the table's game (the watch
codes of ``messages.TableState.records``), and this joins them: the first game's moves
up to the position the second began from, then the second's, and so on, so that
nothing a table has recorded is ever dropped from its live files, the round's table or
the export, and each move keeps the time its own board gave it.

Pure: the games' views are handed in (``live.LiveGame``); nothing is read here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.errors import KibanError
from engine.registry import find_game
from firmware_host.club.live import LiveGame, Table, Viewed

Key = tuple[Any, ...]


def continued_at(before: LiveGame, start: str) -> int | None:
    """The number of ``before``'s moves after which its position is ``start`` (the
    position a game taking it up began from), the latest such; None when it never
    stands there (another game: not this table's game going on)."""
    game = find_game(before.game)
    try:
        position = game.position(before.start or None, dict(before.options))
    except KibanError:
        return None
    found = 0 if position.text() == start else None
    for ply, move in enumerate(before.moves, start=1):
        try:
            position.push_text(move.text)
        except KibanError:
            break
        if position.text() == start:
            found = ply
    return found


def joined(views: Sequence[LiveGame]) -> LiveGame | None:
    """The games of ``views``, each taking the one before up, as one game: the first's
    start, each one's moves up to where the next began, the last one's ending and
    clocks. A view that does not go on from the game so far (it began elsewhere) ends
    the join there: it is not this table's game."""
    if not views:
        return None
    whole = views[0]
    for view in views[1:]:
        if view.game != whole.game:
            break
        at = continued_at(whole, view.start)
        if at is None:
            break
        whole = replace(
            whole,
            moves=whole.moves[:at] + view.moves,
            ending=view.ending,
            control=view.control or whole.control,
            changed=max(whole.changed, view.changed),
        )
    return whole


class TableLog:
    """The room's record of one table's game (``key``): the boards' games recorded for
    it, by their watch codes, and whether the organiser abandoned it."""

    def __init__(self, key: str, table: Table) -> None:
        self.key = key
        self.table = table
        self.abandoned = False
        self._games: list[tuple[str, Viewed]] = []
        self._last: tuple[Key, LiveGame | None] = ((), None)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(code for code, _ in self._games)

    def add(self, code: str, game: Viewed) -> None:
        """A game recorded for the table, after those already recorded."""
        if code not in self.codes:
            self._games.append((code, game))

    def games(self) -> tuple[tuple[str, Viewed], ...]:
        return tuple(self._games)

    def view(self) -> LiveGame | None:
        """The table's game as recorded so far (None before any game is recorded): its
        boards' games joined, under the pairing's names, abandoned where the organiser
        said so. Joined again only when one of them changed."""
        views = [game.view() for _, game in self._games]
        shown = [view for view in views if view is not None]
        key: Key = (self.abandoned, self.table, *(_key(view) for view in shown))
        if key == self._last[0]:
            return self._last[1]
        whole = joined(shown)
        if whole is not None:
            whole = replace(whole, table=self.table, key=self.key, abandoned=self.abandoned)
        self._last = (key, whole)
        return whole


def _key(view: LiveGame) -> Key:
    ending = None if view.ending is None else view.ending.at
    return (view.game, view.start, view.started, len(view.moves), view.changed, ending)
