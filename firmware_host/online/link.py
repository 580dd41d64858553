"""One online game's connection, on a thread of its own: the game stream followed
through broken links (the chat said meanwhile fetched at each opening), the outbox
sending the board's moves, and the commands the players give (resign, abort, draw,
chat), one at a time; what lishogi does not do of them is said.

The board's decision loop never waits on the network: it reads what was heard
(``Heard``, a snapshot taken under a lock) and hands over moves and commands, which
the link's own asyncio loop carries out. This is how the MQTT link of a game across
boards works too (paho's thread); ``wake`` tells the decision loop news came.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace

import aiohttp

from engine.said import Said
from firmware_host.online.chat import ChatLog
from firmware_host.online.client import LishogiClient
from firmware_host.online.credentials import ApiToken, TokenSource
from firmware_host.online.errors import LinkDownError, OnlineError
from firmware_host.online.messages import ChatLine, GameFull, GameState
from firmware_host.online.outbox import RECHECK, Outbox, Refusal
from firmware_host.online.pausing import LISHOGI_PAUSE_S, Paused
from firmware_host.online.streams import Backoff, LinkLost, follow_game, passing
from firmware_host.online.trouble import Asked, not_done
from firmware_host.tls import asyncio_with_ssl

log = logging.getLogger(__name__)

BACKOFF = Backoff()
"""The pauses between reconnections: 1 s, doubling, at most a minute."""

Command = Callable[[LishogiClient, str], Awaitable[None]]
"""A call for the game (``client.resign(game_id)``...), made on the link's loop."""


@dataclass(frozen=True)
class Heard:
    """What the link has heard of the game so far (a snapshot)."""

    full: GameFull | None = None  # the first gameFull
    state: GameState | None = None  # the latest state (gameFull's or a gameState)
    chat: tuple[ChatLine, ...] = ()
    refusals: tuple[Refusal, ...] = ()
    lost: LinkLost | None = None  # the link is down (until a line arrives again)
    held: Said | None = None  # why our moves cannot be sent now (the token, a 429)
    paused: Paused | None = None  # lishogi answered 429: nothing is asked until it is over
    failed: str | None = None  # the link gave up (no such game, not ours, a fault)
    over: bool = False  # the game stream ended with the game
    said: tuple[Said, ...] = field(default=())  # what lishogi did not do of what was asked


ClientFactory = Callable[[aiohttp.ClientSession], LishogiClient]


def client_factory(
    token: ApiToken | TokenSource, base_url: str, *, rate_limit_pause_s: float = LISHOGI_PAUSE_S
) -> ClientFactory:
    """The client for ``base_url`` with ``token`` (never kept anywhere else): a token
    source reads the kept token again for each call, so a new login takes effect."""

    def make(session: aiohttp.ClientSession) -> LishogiClient:
        return LishogiClient(
            session, token, base_url=base_url, rate_limit_pause_s=rate_limit_pause_s
        )

    return make


class OnlineLink:
    """A game's streams and outbox on a thread of their own; thread-safe to call."""

    def __init__(
        self,
        make_client: ClientFactory,
        game_id: str,
        *,
        backoff: Backoff = BACKOFF,
        recheck: Backoff = RECHECK,
        wake: Callable[[], None] = lambda: None,
    ) -> None:
        self.game_id = game_id
        self._make_client = make_client
        self._backoff = backoff
        self._recheck = recheck
        self.wake = wake
        self._lock = threading.Lock()
        self._heard = Heard()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: Outbox | None = None
        self._client: LishogiClient | None = None
        self._pending: list[tuple[str, int]] = []  # moves put before the outbox exists
        self._commands: asyncio.Queue[tuple[Asked, Command]] | None = None
        self._chat = ChatLog()  # the players' chat, kept whole through broken links
        self._catching_up: asyncio.Task[None] | None = None  # the chat's history fetched
        self._carrying = False  # the commands are carried out (the link reached the game)
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"lishogi-{game_id}", daemon=True)

    # --- the decision loop's side ----------------------------------------------------

    def start(self) -> None:
        self._thread.start()
        self._ready.wait(10.0)

    @property
    def heard(self) -> Heard:
        with self._lock:
            return self._heard

    def put_move(self, usi: str, ply: int) -> None:
        """A move played on the board for our side, sent in order, once."""
        loop = self._loop
        if loop is None:
            with self._lock:
                self._pending.append((usi, ply))
            return
        loop.call_soon_threadsafe(self._put, usi, ply)

    def command(self, asked: Asked, command: Command) -> None:
        """A call for the game (``asked``: what it is, for the words if lishogi does
        not do it), made after those before it; said at once not done when the link
        carries out none (it never reached the game, or it is closed)."""
        loop, queue = self._loop, self._commands
        if self._carrying and loop is not None and queue is not None:
            with contextlib.suppress(RuntimeError):  # closed meanwhile: said below
                loop.call_soon_threadsafe(queue.put_nowait, (asked, command))
                return
        self._tell(not_done(asked, self._closed()))

    def _closed(self) -> LinkDownError:
        return LinkDownError(f"the link to lishogi's game {self.game_id} is closed")

    @property
    def waiting(self) -> int:
        """How many of the board's moves wait to be sent."""
        outbox = self._outbox
        return 0 if outbox is None else len(outbox.waiting)

    def close(self) -> None:
        """Stop the link; closing it again does nothing."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stop.set)
        if self._thread.ident is not None:  # started
            self._thread.join(10.0)

    # --- the link's own thread -------------------------------------------------------

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._commands = asyncio.Queue()
        self._stop = asyncio.Event()
        self._carrying = True  # commands given while the game is awaited wait in the queue
        self._ready.set()
        try:
            await self._play()
        finally:
            self._carrying = False
            self._drop_commands()

    async def _play(self) -> None:
        """The game as lishogi has it, then its stream, outbox and commands until the
        link stops."""
        assert self._stop is not None
        asyncio_with_ssl()  # lishogi is https: asyncio may have been imported without ssl
        async with aiohttp.ClientSession() as session:
            client = self._client = self._make_client(session)
            client.on_pause = lambda pause: self._update(paused=pause)
            full = await self._first_full(client)
            if full is None:
                return
            outbox = Outbox(
                client,
                self.game_id,
                full.state.moves,
                on_refused=self._refused,
                on_held=lambda why: self._update(held=why),
                recheck=self._recheck,
            )
            self._outbox = outbox
            with self._lock:
                pending, self._pending = self._pending, []
            for usi, ply in pending:
                outbox.put(usi, ply)
            tasks = [
                asyncio.create_task(
                    self._watched(lambda: self._follow(client, outbox), "the game stream")
                ),
                asyncio.create_task(self._watched(outbox.run, "the outbox")),
                asyncio.create_task(self._watched(lambda: self._carry_out(client), "the commands")),
            ]
            await self._stop.wait()
            if self._catching_up is not None:
                tasks.append(self._catching_up)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _watched(self, work: Callable[[], Awaitable[None]], what: str) -> None:
        """Run one of the link's tasks until the link stops; one that fails for a reason
        nobody foresaw says so (the page, the terminal, the log: a broken link) and is
        started again after the link's backoff, so no move waits on a dead task."""
        failures = 0
        assert self._stop is not None
        while not self._stop.is_set():
            try:
                await work()
                return
            except asyncio.CancelledError:
                raise
            except Exception as error:  # told on every surface, never swallowed
                log.exception("lishogi game %s: %s stopped", self.game_id, what)
                failures += 1
                delay = self._backoff.delay(failures)
                why = f"{what} stopped ({type(error).__name__}: {error}); it starts again"
                self._update(lost=LinkLost(why, delay, failures))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stop.wait(), delay)
                self._update(lost=None)  # started again: a lasting fault says so anew

    async def _first_full(self, client: LishogiClient) -> GameFull | None:
        """The game as it is, tried again while the link is down, the token is
        refused, or lishogi's answer cannot be read (until stopped)."""
        failures = 0
        assert self._stop is not None
        while not self._stop.is_set():
            try:
                full = await client.game_full(self.game_id)
            except OnlineError as error:
                said = passing(error)
                if said is None:
                    self._update(failed=str(error))
                    return None
                failures += 1
                delay = self._backoff.delay(failures)
                self._update(lost=LinkLost(said, delay, failures))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stop.wait(), delay)
                continue
            self._update(full=full, state=full.state, lost=None)
            return full
        return None

    async def _follow(self, client: LishogiClient, outbox: Outbox) -> None:
        try:
            async for message in follow_game(client, self.game_id, backoff=self._backoff):
                if isinstance(message, LinkLost):
                    self._update(lost=message)
                elif isinstance(message, GameFull):
                    outbox.observe(message.state.moves, fresh=True)
                    self._update(state=message.state, lost=None)
                    self._catch_up(client)
                elif isinstance(message, GameState):
                    outbox.observe(message.moves)
                    self._update(state=message, lost=None)
                else:
                    self._chat_heard(message)
        except OnlineError as error:
            self._update(failed=str(error))
            return
        self._update(over=True)

    def _chat_heard(self, line: ChatLine) -> None:
        with self._lock:
            if not self._chat.heard(line):
                return  # the history told it already
            self._heard = replace(self._heard, chat=self._chat.lines)
        self.wake()

    def _catch_up(self, client: LishogiClient) -> None:
        """The stream (re)opened: what was said in the chat while it was closed is
        fetched (the stream never sends it), in a task of its own, so that the game's
        lines are not held up meanwhile; a fetch still under way is given up."""
        if self._catching_up is not None:
            self._catching_up.cancel()
        self._catching_up = asyncio.create_task(
            self._watched(lambda: self._chat_history(client), "the chat's catching up")
        )

    async def _chat_history(self, client: LishogiClient) -> None:
        """The chat as lishogi keeps it, its lines not yet told told; tried again after
        the link's backoff while that may work, its failure said once."""
        failures = 0
        while True:
            try:
                history = await client.chat_history(self.game_id)
            except OnlineError as error:
                log.warning("lishogi game %s: the chat: %s", self.game_id, error)
                if not failures:
                    self._tell(not_done(Asked.CHAT_HISTORY, error))
                failures += 1
                if passing(error) is None:
                    return  # a refusal that stays
                await asyncio.sleep(self._backoff.delay(failures))
                continue
            with self._lock:
                if not self._chat.fetched(history):
                    return
                self._heard = replace(self._heard, chat=self._chat.lines)
            self.wake()
            return

    async def _carry_out(self, client: LishogiClient) -> None:
        assert self._commands is not None
        while True:
            asked, command = await self._commands.get()
            try:
                await command(client, self.game_id)
            except OnlineError as error:  # said to the players; the game goes on
                log.warning("lishogi game %s: %s", self.game_id, error)
                self._tell(not_done(asked, error))

    def _drop_commands(self) -> None:
        """The commands left when the link ends (it never reached the game, or it was
        closed): each said not done."""
        assert self._commands is not None
        while not self._commands.empty():
            asked, _ = self._commands.get_nowait()
            self._tell(not_done(asked, self._closed()))

    def _tell(self, words: Said) -> None:
        with self._lock:
            self._heard = replace(self._heard, said=(*self._heard.said, words))
        self.wake()

    def _put(self, usi: str, ply: int) -> None:
        if self._outbox is None:
            with self._lock:
                self._pending.append((usi, ply))
        else:
            self._outbox.put(usi, ply)

    def _refused(self, refusal: Refusal) -> None:
        with self._lock:
            self._heard = replace(self._heard, refusals=(*self._heard.refusals, refusal))
        self.wake()

    def _update(self, **changes: object) -> None:
        with self._lock:
            self._heard = replace(self._heard, **changes)  # type: ignore[arg-type]
        self.wake()
