"""The page's ``remote`` action, read for the remote game (``SimSession`` builds the
board that plays it): what it asks for, its refusal in words, and a board built for a
session that stopped meanwhile, let go."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import GameCode
from firmware_host.remote.terms import Request as RemoteRequest
from firmware_host.session.actions import PlayRemote
from firmware_host.store.storage import GameStore

if TYPE_CHECKING:
    from firmware_host.loops.simulator import Simulation


def remote_request(command: PlayRemote) -> RemoteRequest:
    """What the page asked for (checked already: ``commands.check``)."""
    address = BrokerAddress.parse(command.broker)
    if command.watch is not None:
        return RemoteRequest(address, False, GameCode.parse(command.watch), watch=True)
    code = None if command.join is None else GameCode.parse(command.join)
    seats = () if command.seat is None else (command.seat,)
    # joining a game this board played before takes it up where it was
    return RemoteRequest(address, code is None, code, seats, resume=code is not None)


def refusal(wanted: RemoteRequest, problem: Exception, *, reached: bool) -> str:
    """Why no remote game started, in a sentence: the remote game's own words (they
    name the game and the broker), and a broker never reached said plainly."""
    doing = "host a game" if wanted.host else "watch" if wanted.watch else "join"
    said = str(problem)
    where = "" if str(wanted.address) in said else f" on {wanted.address}"
    what = "" if wanted.code is None or str(wanted.code) in said else f" game {wanted.code}"
    text = f"could not {doing}{what}{where}: {said}"
    if not reached:
        text += " (the broker was never reached: is its address right?)"
    return text


def discard(done: asyncio.Future[Simulation], store: GameStore | None) -> None:
    """A board built for a session that stopped meanwhile: closed, with its store."""
    if not done.cancelled() and done.exception() is None:
        sim = done.result()
        sim.close()
        sim.journal.shutdown()
    if store is not None:
        store.close()
