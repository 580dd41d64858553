"""Seats played elsewhere (another board, a server) answer the session's question
"what does this seat play here?" with the move played there; every other question
goes to the computer. The other board's room and lishogi's seat are both such
sources."""

from __future__ import annotations

from typing import Protocol

from engine.said import Said
from firmware_host.opponents.seats import OpponentKind
from firmware_host.opponents.thinking import Thinker, ThinkRequest, ThinkResult


class MovesElsewhere(Protocol):
    """Where the moves of the seats played elsewhere come from."""

    @property
    def wakes(self) -> bool:
        """Whether news from there wakes the decision loop (else it must poll)."""
        ...

    def move_for(self, ply: int, moves: tuple[str, ...], seat: int) -> str | None:
        """The move played there at ``ply`` after ``moves``, or None while it is awaited."""
        ...

    def close(self) -> None: ...


class ElsewhereThinker:
    """Answers the remote seats' requests from ``source``; passes the rest on."""

    def __init__(self, source: MovesElsewhere, inner: Thinker, note: Said) -> None:
        self.source = source
        self.inner = inner
        self.note = note
        self._waiting: tuple[ThinkRequest, ...] = ()
        self._answered: set[ThinkRequest] = set()

    def want(self, requests: tuple[ThinkRequest, ...]) -> None:
        remote = tuple(r for r in requests if r.spec.kind is OpponentKind.REMOTE)
        self._answered &= set(remote)  # asked again after a takeback: answered again
        self._waiting = tuple(r for r in remote if r not in self._answered)
        self.inner.want(tuple(r for r in requests if r.spec.kind is not OpponentKind.REMOTE))

    def results(self) -> list[ThinkResult]:
        answers = self.inner.results()
        still: list[ThinkRequest] = []
        for request in self._waiting:
            move = self.source.move_for(request.ply, request.moves, request.seat)
            if move is None:
                still.append(request)
                continue
            self._answered.add(request)
            answers.append(ThinkResult(request, move, note=self.note))
        self._waiting = tuple(still)
        return answers

    def hurry(self) -> None:
        self.inner.hurry()  # players elsewhere take the time they take

    @property
    def busy(self) -> bool:
        """A move still to come from elsewhere counts only where nothing wakes the loop
        for it."""
        return self.inner.busy or (bool(self._waiting) and not self.source.wakes)

    def close(self) -> None:
        self.inner.close()
        self.source.close()
