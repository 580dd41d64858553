"""A worker process that thinks for the computer seats, so that recognition and the
LEDs never wait for a search.

One request at a time goes to the worker; the rest wait here, and those the
session stops wanting (the game moved on) are dropped before they are sent. A
search no longer wanted, or hurried by the player, is stopped through a shared
event and answers with what it has. A worker that dies is started again, and
what it was asked is asked once more.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Event as StopEvent
from typing import Any

from engine.said import N_, said
from firmware_host.opponents.thinking import PlayerFactory, ThinkRequest, ThinkResult, think

log = logging.getLogger(__name__)

RETRIES = 1  # times a request is asked again after its worker died
STOP_POLL = 0.05  # seconds between looks at the stop event while an engine thinks


def _serve(conn: Connection, stop: StopEvent, make_players: Callable[[], Any]) -> None:
    """The worker's loop: answer requests until told to stop (None) or cut off."""
    players = make_players()
    try:
        while True:
            try:
                request = conn.recv()
            except (EOFError, OSError):
                return
            if request is None:
                return
            answered = threading.Event()
            watcher = threading.Thread(
                target=_hurry_when_stopped, args=(stop, answered, players), daemon=True
            )
            watcher.start()
            try:
                result = think(request, players, stop=stop.is_set)
            finally:
                answered.set()
                watcher.join()
            conn.send(result)
    finally:
        players.close()


def _hurry_when_stopped(stop: StopEvent, answered: threading.Event, players: Any) -> None:
    """An outside engine waits for its answer in a blocking read: tell it to answer
    now when the session stops the search (the built-in ones ask ``stop`` themselves)."""
    while not answered.wait(STOP_POLL):
        if stop.is_set():
            hurry = getattr(players, "hurry", None)
            if hurry is not None:
                hurry()
            return


class ProcessThinker:
    """Thinks in a worker process; ``fileno`` becomes readable when an answer waits."""

    def __init__(self, make_players: Callable[[], PlayerFactory]) -> None:
        self._make_players = make_players
        self._context = multiprocessing.get_context("spawn")  # no threads forked
        self._process: Any = None
        self._conn: Connection | None = None
        self._stop: StopEvent = self._context.Event()
        self._queue: list[ThinkRequest] = []
        self._busy: ThinkRequest | None = None
        self._asked: set[ThinkRequest] = set()
        self._tries: dict[ThinkRequest, int] = {}
        self._answers: list[ThinkResult] = []

    def _start(self) -> Connection:
        if self._conn is not None and self._process is not None and self._process.is_alive():
            return self._conn
        self._drop_process()
        ours, theirs = self._context.Pipe()
        self._process = self._context.Process(
            target=_serve,
            args=(theirs, self._stop, self._make_players),
            name="kiban-thinker",
            daemon=True,
        )
        self._process.start()
        theirs.close()
        self._conn = ours
        return ours

    def fileno(self) -> int:
        """Readable when an answer is waiting (for an event loop's reader)."""
        return self._start().fileno()

    def want(self, requests: tuple[ThinkRequest, ...]) -> None:
        wanted = set(requests)
        self._queue = [r for r in self._queue if r in wanted]
        self._asked &= wanted | ({self._busy} if self._busy else set())
        if self._busy is not None and self._busy not in wanted:
            self._stop.set()  # its answer comes soon, and is dropped by the session
        for request in requests:
            if request not in self._asked:
                self._asked.add(request)
                self._queue.append(request)
        self._send_next()

    def _send_next(self) -> None:
        if self._busy is not None or not self._queue:
            return
        request = self._queue.pop(0)
        try:
            conn = self._start()
            self._stop.clear()  # only this side sets it while the request is out
            conn.send(request)
        except OSError as error:
            log.error("the thinking worker cannot be reached: %s", error)
            self._died(request)
            return
        self._busy = request

    def _died(self, request: ThinkRequest) -> None:
        self._drop_process()
        tries = self._tries.get(request, 0)
        if tries < RETRIES:
            self._tries[request] = tries + 1
            self._queue.insert(0, request)
        else:
            self._answers.append(
                ThinkResult(request, None, failed=said(N_("the computer stopped thinking")))
            )

    def results(self) -> list[ThinkResult]:
        conn = self._conn
        if conn is not None and self._busy is not None:
            try:
                while conn.poll():
                    result: ThinkResult = conn.recv()
                    self._answers.append(result)
                    self._busy = None
                    self._send_next()
                    conn = self._conn
                    if conn is None or self._busy is None:
                        break
            except (EOFError, OSError):
                pass
            if self._busy is not None and not self._process.is_alive():
                busy, self._busy = self._busy, None
                log.error("the thinking worker died; starting it again")
                self._died(busy)
                self._send_next()
        answers, self._answers = self._answers, []
        return answers

    @property
    def busy(self) -> bool:
        return self._busy is not None or bool(self._queue)

    def hurry(self) -> None:
        if self._busy is not None:
            self._stop.set()

    def _drop_process(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(OSError):
                self._conn.send(None)
            self._conn.close()
            self._conn = None
        if self._process is not None:
            self._process.join(timeout=1.0)
            if self._process.is_alive():
                self._process.kill()
                self._process.join(timeout=1.0)
            self._process = None

    def close(self) -> None:
        self._stop.set()
        self._drop_process()
        self._queue.clear()
        self._busy = None
