"""The board's moves on their way to lishogi: in order, once, and never lost.

A move played on the board is put here with its place in the game (its ply, 0 for
the first move). The outbox compares each waiting move with lishogi's move list
before sending it: a move lishogi already has at that place (its answer was lost
with the link) is not sent again; a different move there, or lishogi's refusal, is
reported once and dropped, so the board can ask for it to be taken back. While the
link is down the moves wait; after a lost answer the outbox sends nothing until it
has seen lishogi's list afresh (the game stream's next gameFull, or one it fetches
itself after a pause), and says so: the link is down and how many moves wait.

A move lishogi cannot take now is never dropped for it: when lishogi refuses the
token (401/403: revoked, expired) the outbox says "lishogi refused the token: log in
again" and tries again, with the token kept then, until one works; when lishogi asks
for a pause (429) it says so and sends the move again after the pause lishogi asks
(its ``Retry-After``, else its minute).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from engine.said import Said
from firmware_host.online.client import LishogiClient
from firmware_host.online.errors import (
    LinkDownError,
    MalformedMessageError,
    MoveRefused,
    NotAuthorizedError,
    OnlineError,
    RateLimitedError,
    TokenError,
)
from firmware_host.online.streams import Backoff, passing
from firmware_host.online.trouble import link_down, slowed, token_refused

RECHECK = Backoff(first_s=2.0, cap_s=30.0)
"""How long to wait for the game stream's fresh list before fetching one."""


class Held(Enum):
    """Why the outbox stopped sending (the moves wait, none is lost)."""

    LINK = "link"  # an answer was lost: wait for lishogi's move list afresh
    TOKEN = "token"  # lishogi refused the token: try again with the token kept then
    SLOWED = "slowed"  # lishogi asked for a pause (the client keeps it)


class RecordMismatchError(OnlineError, ValueError):
    """The local record and lishogi's disagree on a move both have: the first such,
    at ``ply`` (0 for the first move)."""

    def __init__(self, ply: int, board: str, server: str) -> None:
        super().__init__(f"move {ply + 1}: the board has {board}, lishogi has {server}")
        self.ply = ply
        self.board = board
        self.server = server


@dataclass(frozen=True)
class WaitingMove:
    usi: str
    ply: int


@dataclass(frozen=True)
class Refusal:
    """A move of ours lishogi did not play, in its words (told once)."""

    usi: str
    ply: int
    reason: str

    def __str__(self) -> str:
        return f"lishogi refused {self.usi}: {self.reason}"


def moves_to_play(local: Sequence[str], server: Sequence[str]) -> tuple[str, ...]:
    """lishogi's moves the local record lacks (the opponent's, to light on the board).

    The local record may be ahead (our moves still in the outbox); where both have a
    move they must agree, else ``RecordMismatchError``."""
    shared = min(len(local), len(server))
    for ply in range(shared):
        if local[ply] != server[ply]:
            raise RecordMismatchError(ply, local[ply], server[ply])
    return tuple(server[len(local) :])


class Outbox:
    """Sends one game's moves; ``run`` in a task, ``observe`` every move list seen."""

    def __init__(
        self,
        client: LishogiClient,
        game_id: str,
        server_moves: Sequence[str],
        *,
        on_refused: Callable[[Refusal], None],
        on_held: Callable[[Said | None], None] = lambda _: None,
        recheck: Backoff = RECHECK,
    ) -> None:
        """``on_held`` hears why moves cannot be sent now (the token, lishogi's pause),
        in words, and None once they go again."""
        self._client = client
        self._game_id = game_id
        self._server = list(server_moves)
        self._on_refused = on_refused
        self._on_held = on_held
        self._held: Said | None = None
        self._recheck = recheck
        self._waiting: deque[WaitingMove] = deque()
        self._stale = False
        self._why: OnlineError | None = None  # why lishogi's list is awaited (stale)
        self._wake = asyncio.Event()

    @property
    def waiting(self) -> tuple[WaitingMove, ...]:
        return tuple(self._waiting)

    @property
    def link_down(self) -> bool:
        """A move's answer was lost and lishogi's list has not been seen since."""
        return self._stale

    def put(self, usi: str, ply: int) -> None:
        """A move played on the board, to be sent after those before it."""
        self._waiting.append(WaitingMove(usi, ply))
        self._wake.set()

    def observe(self, moves: Sequence[str], *, fresh: bool = False) -> None:
        """lishogi's move list from the game stream; ``fresh`` for a gameFull (a new
        connection), which also ends the wait after a lost answer."""
        self._server = list(moves)
        if fresh:
            self._stale = False
        self._wake.set()

    async def send_waiting(self) -> Held | None:
        """Send what waits, in order; why it stopped (the moves kept), None when all
        were sent."""
        while self._waiting:
            head = self._waiting[0]
            if head.ply < len(self._server):
                self._waiting.popleft()
                there = self._server[head.ply]
                if there != head.usi:
                    self._refuse(head, f"lishogi has {there} as move {head.ply + 1}")
                continue  # already there: its answer was lost, not the move
            if self._stale:
                return Held.LINK
            try:
                await self._client.move(self._game_id, head.usi)
            except MoveRefused as refused:
                self._waiting.popleft()
                self._refuse(head, refused.reason)
                continue
            except (LinkDownError, MalformedMessageError) as error:
                self._stale = True  # played or not, lishogi's list will tell
                self._why = error
                return Held.LINK
            except (NotAuthorizedError, TokenError):
                self._say(token_refused())
                return Held.TOKEN
            except RateLimitedError as error:
                self._say(slowed(error.wait_s))
                return Held.SLOWED
            self._say(None)
            self._waiting.popleft()
            if head.ply == len(self._server):
                self._server.append(head.usi)
        self._say(None)  # all sent (or found on lishogi): nothing waits
        return None

    async def run(self) -> None:
        """Send moves as they come, until cancelled. After a lost answer wait for a
        fresh list, and fetch one after a pause that grows while the link stays down;
        with the token refused try again after such a pause; after a 429 at once (the
        client waits lishogi's minute first)."""
        failures = 0
        while True:
            held = await self.send_waiting()
            if held is None:
                failures = 0
                await self._wake.wait()
                self._wake.clear()
                continue
            failures += 1
            self._wake.clear()
            if held is Held.SLOWED:
                continue
            if held is Held.TOKEN:
                await asyncio.sleep(self._recheck.delay(failures))
                continue
            delay = self._recheck.delay(failures)
            self._say(self._stale_words(delay))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), delay)
                continue
            try:
                full = await self._client.game_full(self._game_id)
            except OnlineError as error:  # said at the next wait
                self._why = error
                continue
            self.observe(full.state.moves, fresh=True)

    def _stale_words(self, delay: float) -> Said:
        """Why the moves wait for lishogi's list: the token it refuses, or the link."""
        error = self._why
        if isinstance(error, NotAuthorizedError | TokenError):
            return token_refused()
        reason = "no answer" if error is None else passing(error) or str(error)
        return link_down(reason, delay, len(self._waiting))

    def _say(self, held: Said | None) -> None:
        if held != self._held:
            self._held = held
            self._on_held(held)

    def _refuse(self, move: WaitingMove, reason: str) -> None:
        self._on_refused(Refusal(move.usi, move.ply, reason))
