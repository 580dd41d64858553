"""A remote seat's moves come the way a computer seat's do: as answers to the
session's question "what does this seat play here?". The answer is the move the
seat's own board published for that ply; every other question goes to the computer."""

from __future__ import annotations

from firmware_host.opponents.seats import OpponentKind
from firmware_host.opponents.thinking import Thinker, ThinkRequest, ThinkResult
from firmware_host.remote.game import RemoteGame


class RemoteThinker:
    """Answers the remote seats' requests from the room; passes the rest on."""

    def __init__(self, remote: RemoteGame, inner: Thinker) -> None:
        self.remote = remote
        self.inner = inner
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
            move = self.remote.move_for(request.ply, request.moves, request.seat)
            if move is None:
                still.append(request)
                continue
            self._answered.add(request)
            answers.append(ThinkResult(request, move, note="played at the other board"))
        self._waiting = tuple(still)
        return answers

    def hurry(self) -> None:
        self.inner.hurry()  # another board's players take the time they take

    @property
    def busy(self) -> bool:
        """A remote move still to come counts only where nothing wakes the loop for it."""
        return self.inner.busy or (bool(self._waiting) and not self.remote.wakes)

    def close(self) -> None:
        self.inner.close()
        self.remote.close()
