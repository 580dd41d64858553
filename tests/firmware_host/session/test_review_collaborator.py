"""Reviewing on its own: stepping through a finished game's moves keeps the review
shown and says each step, and nothing is reviewed while the game goes on."""

from __future__ import annotations

from pathlib import Path

from engine.outcome import Outcome, Termination
from engine.physical import Sensing
from engine.registry import find_game
from engine.said import said, verbatim
from firmware_host.notices.declared import Refused, ReviewShown
from firmware_host.opponents.thinking import InlineThinker
from firmware_host.session.decisions import Now, Say
from firmware_host.session.review import Reviewing
from firmware_host.session.state import Over, Playing
from firmware_host.store.storage import GameStore
from tests.firmware_host.opponents.fakes import Always, ListedPlayer

GAME = find_game("dobutsu")
OVER = Over(Outcome.loss(Termination.RESIGNATION, 1, 2))
AT = 6.0


def test_a_finished_games_moves_are_stepped_through(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    position = GAME.position()
    for text in ("2c2b", "1a2b"):
        position.push(position.parse_move(text))
    reviewing = Reviewing(Sensing.OCCUPANCY)
    now = Now(OVER, position, 3, AT)
    assert reviewing.step("back", None, now, store) == Say((ReviewShown(3, 1, 2, "2c2b", AT),))
    assert reviewing.step("first", None, now, store) == Say((ReviewShown(3, 0, 2, None, AT),))
    assert reviewing.shown is not None
    assert reviewing.shown.ply == 0
    refused = reviewing.step("9", None, now, store)
    assert refused == Say((Refused(verbatim("game 3 has 2 moves, not 9"), AT),))
    reviewing.close()
    assert reviewing.shown is None


def test_nothing_is_reviewed_while_the_game_goes_on(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite")
    reviewing = Reviewing(Sensing.OCCUPANCY)
    refused = reviewing.step("first", None, Now(Playing(), GAME.position(), 1, AT), store)
    assert refused == Say((Refused(said("moves are reviewed once the game is over"), AT),))
    assert reviewing.shown is None


def test_a_review_the_store_cannot_keep_is_still_shown(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite")  # game 3 is not in it: nothing is kept
    position = GAME.position()
    for text in ("2c2b", "1a2b"):
        position.push(position.parse_move(text))
    reviewing = Reviewing(Sensing.OCCUPANCY)
    reviewing.judge(position, 3)
    thinker = InlineThinker(Always(ListedPlayer({"2d1c": 0.5})))
    thinker.want(reviewing.wanted())
    assert all(reviewing.answered(result, store) for result in thinker.results())
    assert reviewing.wanted() == ()
    assert [note.ply for note in reviewing.notes(3)] == [1, 2]
