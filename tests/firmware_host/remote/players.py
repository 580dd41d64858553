"""Simulated boards that play one game with each other through a real broker.

Each board is a whole ``Simulation`` with a ``RemoteGame``, noisy hands and a game
store of its own. The board whose seat is to move plays a random legal move (seeded
by the game's seed and the ply, so a board restarted in another process plays the
same); the others wait for the move to arrive as a guide and play it with their
hands. Rolls need no hands: the rolling board rolls by itself, the others take the
roll as it arrives. Simulated time runs far faster than real time, so a waiting
board advances a little and sleeps a little until the broker has delivered.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from engine.game import Game, Position
from engine.outcome import Outcome
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    MoveCommitted,
    Refused,
)
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import GameCode
from firmware_host.remote.game import RemoteGame
from firmware_host.remote.room import Room
from firmware_host.remote.terms import Request
from firmware_host.session.actions import Resign, Select
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from hardware.mock.hands import Noise
from hardware.profile import load_profile
from tests.firmware_host.simkit import close, of, track

WAIT_STEP = 0.05  # simulated seconds a waiting board advances per look
WAIT_SLEEP = 0.005  # real seconds it then sleeps, for the broker to deliver
STALL = 30.0  # real seconds without progress anywhere before a game is called stuck
JOIN_WAIT = 20.0  # real seconds a board may take to join
SETTLE_TRIES = 40  # looks, a quarter of a simulated second each, for a move to commit


def move_texts(position: Position[Any]) -> tuple[str, ...]:
    """The game's moves, as the record writes them."""
    earlier = position.copy()
    texts: list[str] = []
    while earlier.move_stack:
        move = earlier.pop()
        texts.append(earlier.move_text(move))
    return tuple(reversed(texts))


def on_cells(position: Position[Any]) -> int:
    cells = position.game.cells
    return sum(len(stones) for spot, stones in position.layout().items() if spot in cells)


def choose(position: Position[Any], seed: int, *, captures: bool = False) -> str:
    """A random legal move, the same for the same game, ply and seed; ``captures``: a
    capture when there is one (a random four-player game takes thousands of plies)."""
    ply = len(position.move_stack)
    moves = sorted(position.legal_moves(), key=position.move_text)
    if captures:
        before = on_cells(position)
        taking = []
        for move in moves:
            after = position.copy()
            after.push(move)
            if on_cells(after) < before:
                taking.append(move)
        moves = taking or moves
    return position.move_text(random.Random(seed * 100_003 + ply).choice(moves))


@dataclass
class Player:
    """One simulated board in a remote game, and what it did."""

    name: str
    sim: Simulation
    remote: RemoteGame
    seed: int
    captures: bool = False  # the random mover takes a piece when it can
    resigned: bool = False
    resumed_at: int = 0  # the plies its store already had when it was started
    played: list[str] = field(default_factory=list)  # moves played by this board's seats

    @property
    def room(self) -> Room:
        assert self.remote.room is not None
        return self.remote.room

    @property
    def moves(self) -> tuple[str, ...]:
        return move_texts(self.sim.controller.position)

    @property
    def ply(self) -> int:
        return len(self.sim.controller.position.move_stack)

    @property
    def outcome(self) -> Outcome | None:
        return self.sim.controller.outcome

    def wait(self) -> None:
        """Let a little simulated time pass, and a little real time for the broker."""
        self.sim.advance(WAIT_STEP)
        time.sleep(WAIT_SLEEP)

    def act(self, max_plies: int | None = None) -> bool:
        """Do what the people at this board would do now; True if a move was played."""
        controller = self.sim.controller
        if controller.outcome is not None:
            return False
        position = controller.position
        if position.chance_moves() is not None:
            self.wait()  # a roll: rolled here by itself, or arriving from its board
            return False
        if position.turn in self.remote.seats:
            if max_plies is not None and self.ply >= max_plies:
                self.sim.send(Resign())
                self.resigned = True
                ended: Outcome | None = controller.outcome  # read afresh after resigning
                assert ended is not None, self.sim.notices[-3:]
                return True
            text = choose(position, self.seed, captures=self.captures)
            self.play(text)
            self.played.append(text)
            return True
        guide = controller.guide
        if guide is None:
            self.wait()
            return False
        self.play(position.move_text(guide.move))
        return True

    def play(self, text: str) -> None:
        """Play ``text`` with the hands (or the buttons, for a move the board cannot
        show), answering a prompt by naming it; checks that exactly it was committed."""
        sim = self.sim
        controller = sim.controller
        ply = self.ply
        unseen = {controller.position.move_text(move) for move in controller.recognizer.unseen}
        if text not in unseen:
            sim.perform(text)
        elif controller.forced != text:
            sim.send(Select(text))  # the forced move plays by itself
        for _ in range(SETTLE_TRIES):
            if self.ply > ply:
                break
            if controller.phase is Phase.PROMPT and text in controller.prompt_choices:
                assert not of(Refused, sim.send(Select(text)))
            else:
                sim.advance(0.25)
        # (a roll of this board's seat may follow at once, by itself)
        assert self.ply > ply, f"{self.name}: {text} at ply {ply + 1}: {sim.notices[-6:]}"
        assert self.moves[ply] == text, f"{self.name}: {self.moves[ply]} played for {text}"

    def describe(self) -> str:
        controller = self.sim.controller
        link = self.remote.link
        return (
            f"{self.name}: ply {self.ply}, turn {controller.position.turn}, seats "
            f"{self.remote.seats}, phase {controller.phase.value}, guide {controller.guide}, "
            f"waits {controller.remote_wait!r}, connected {link is not None and link.connected}, "
            f"refused {self.room.refused}, last {self.sim.notices[-3:]}"
        )


def address(url: str) -> BrokerAddress:
    return BrokerAddress.parse(url)


def make_board(
    name: str,
    game: Game[Any],
    request: Request,
    directory: Path,
    seed: int,
    *,
    settings: dict[str, str] | None = None,
) -> Player:
    """A board with noisy hands and a game store in ``directory`` (blocks while joining)."""
    remote = RemoteGame(request)
    sim = Simulation(
        game,
        load_profile("sim", game),
        GameStore(directory / f"{name}.sqlite3"),
        resume=request.resume,
        noise=Noise.realistic(),
        seed=seed,
        settings=settings,
        remote=remote,
    )
    track(sim)
    # A game that starts with a roll has made it by now: only plies not committed here
    # were read from the store.
    made = len(of(MoveCommitted, sim.notices))
    return Player(
        name, sim, remote, seed, resumed_at=len(sim.controller.position.move_stack) - made
    )


def join_while(players: Sequence[Player], build: Callable[[], Player]) -> Player:
    """Build a joining board in a thread (joining waits for the host to seat it) while
    the boards already there go on."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["player"] = build()
        except BaseException as error:  # handed to the test's thread
            box["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    deadline = time.monotonic() + JOIN_WAIT + 5
    while thread.is_alive() and time.monotonic() < deadline:
        for board in players:
            board.wait()
    thread.join(1)
    if "error" in box:
        raise box["error"]
    assert "player" in box, "a board could not join: " + "; ".join(p.describe() for p in players)
    joined: Player = box["player"]
    return joined


def open_game(
    url: str,
    game: Game[Any],
    directory: Path,
    seats: Sequence[tuple[str, ...]],
    *,
    seed: int = 0,
    captures: bool = False,
) -> list[Player]:
    """The host (playing ``seats[0]``) and a joining board for each further entry."""
    broker = address(url)
    host = make_board("host", game, Request(broker, host=True, seats=seats[0]), directory, seed)
    code: GameCode = host.remote.code
    players = [host]
    for index, wanted in enumerate(seats[1:], start=1):
        request = Request(broker, host=False, code=code, seats=wanted)
        name = f"join{index}"
        players.append(
            join_while(players, partial(make_board, name, game, request, directory, seed))
        )
    for player in players:
        player.captures = captures
    return players


def play_game(
    players: Sequence[Player],
    *,
    max_plies: int | None = None,
    until: Callable[[], bool] = lambda: False,
    stall: float = STALL,
) -> None:
    """Play until every board has the game over (or ``until`` says stop); fails when
    nothing moves anywhere for ``stall`` real seconds."""
    last = time.monotonic()
    while not until() and any(p.outcome is None for p in players):
        progress = False
        for player in players:
            before = (player.ply, player.outcome)
            player.act(max_plies)
            progress |= (player.ply, player.outcome) != before
        if progress:
            last = time.monotonic()
        elif time.monotonic() - last > stall:
            raise AssertionError("the game is stuck:\n" + "\n".join(p.describe() for p in players))


def settle_all(players: Sequence[Player], done: Callable[[], bool], what: str) -> None:
    """Let the boards read the broker until ``done`` (real time, bounded)."""
    deadline = time.monotonic() + STALL
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}:\n" + "\n".join(p.describe() for p in players))
        for player in players:
            player.wait()


def heard_all(players: Sequence[Player]) -> None:
    """Wait until every board has heard every other board's latest moves."""

    def done() -> bool:
        return all(
            len(p.room.states) == len(players) - 1
            and all(state.moves == p.moves for state in p.room.states.values())
            for p in players
        )

    settle_all(players, done, "the boards did not hear each other")


def check_agreed(
    players: Sequence[Player], *, refused: bool = False, taken_back: bool = False
) -> tuple[str, ...]:
    """Every board has the same moves and outcome, committed each once and in order
    (the last commit at each ply, when moves were ``taken_back``), stored as played;
    nothing was refused (unless the test made it so)."""
    moves = players[0].moves
    outcome = players[0].outcome
    assert outcome is not None
    for player in players:
        assert player.moves == moves, f"{player.name} differs from {players[0].name}"
        assert player.outcome == outcome, player.name
        committed = [(n.ply, n.move) for n in of(MoveCommitted, player.sim.notices)]
        if taken_back:
            committed = sorted(dict(committed).items())
        start = player.resumed_at
        assert committed == list(enumerate(moves[start:], start=start + 1)), player.name
        store = player.sim.controller.store
        stored = store.load(player.sim.controller.game_id)
        assert tuple(stored.moves()) == moves, player.name
        assert stored.outcome == outcome, player.name
        if not refused:
            assert player.room.refused.count == 0, player.room.refused.reasons
    return moves


def close_players(players: Sequence[Player]) -> None:
    for player in players:
        close(player.sim)
