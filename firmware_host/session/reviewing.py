"""The controller's collaborator for stepping through a finished game's moves (this
game's, or a stored one's of the same game): it keeps the review the LEDs show, and
changes neither the game nor the store."""

from __future__ import annotations

from typing import Any

from engine.errors import KibanError
from engine.game import Game, Position
from engine.physical import Sensing
from firmware_host.notices.declared import Refused, ReviewShown
from firmware_host.session.decisions import Now, Say
from firmware_host.session.review import Review, ReviewError, review_of
from firmware_host.session.state import Over
from firmware_host.store.records import stored_position
from firmware_host.store.storage import GameStore


class Reviewing:
    """The review shown, if any (only a finished game is reviewed)."""

    def __init__(self, sensing: Sensing) -> None:
        self.sensing = sensing
        self.shown: Review | None = None

    def close(self) -> None:
        """The game goes on, or another begins: nothing is reviewed."""
        self.shown = None

    def step(self, step: str, game: int | None, now: Now, store: GameStore) -> Say:
        """A step through game ``game`` (None: the one reviewed, else this one)."""
        if not isinstance(now.state, Over):
            return Say((Refused("moves are reviewed once the game is over", now.at),))
        review = self.shown
        wanted = game if game is not None else now.game_id if review is None else review.game_id
        try:
            if review is None or review.game_id != wanted:
                position = now.position
                if wanted != now.game_id:
                    position = _stored(store, position.game, wanted)
                review = review_of(wanted, position, self.sensing)
            shown = self.shown = review.step(step)
        except KibanError as error:
            return Say((Refused(str(error), now.at),))
        return Say((ReviewShown(shown.game_id, shown.ply, len(shown.moves), shown.move, now.at),))


def _stored(store: GameStore, game: Game[Any], game_id: int) -> Position[Any]:
    stored = store.load(game_id)
    if stored.game != game.name:
        raise ReviewError(f"game {game_id} is {stored.game}, not {game.name}")
    return stored_position(game, stored)
