"""Starting the web companion: ``kiban sim GAME --web`` and ``kiban run --web``."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import signal
import socket
import sys
import webbrowser
from collections.abc import Mapping
from pathlib import Path
from typing import IO

from aiohttp import web

from engine.errors import KibanError
from firmware_host.loops.runtime import Runtime
from firmware_host.web.gate.pairing import Pairing, is_loopback_host
from firmware_host.web.server.app import create_app
from firmware_host.web.sessions.board import BoardSession
from firmware_host.web.sessions.session import Session

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080
PORT_TRIES = 20
"""Ports tried from the default on when no port is chosen, before any free one."""
MAX_PORT = 65535
WILDCARDS = frozenset({"0.0.0.0", "::", ""})


def open_browser(url: str) -> bool:
    """Open the page in the desktop's browser; on a machine without a display do
    nothing (``webbrowser`` would start a text browser in this terminal)."""
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return False
    try:
        return webbrowser.open(url)
    except Exception:  # a missing or broken browser is not our failure
        return False


class PortError(KibanError, OSError):
    """The web companion cannot listen where it was asked to; the message names the
    port (and the address)."""


async def serve(app: web.Application, host: str, port: int | None) -> tuple[web.AppRunner, int]:
    """Start listening on ``port``; with none chosen, on the default port or, when that
    is taken, the next free one after it. A port chosen that cannot be had is a
    PortError, never a traceback."""
    if port is not None and not 0 <= port <= MAX_PORT:
        raise PortError(f"--port {port} is not a port: choose one from 1 to {MAX_PORT}")
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    tries = [port] if port is not None else [*range(DEFAULT_PORT, DEFAULT_PORT + PORT_TRIES), 0]
    for candidate in tries:
        site = web.TCPSite(runner, host, candidate)
        try:
            await site.start()
        except OSError as error:
            await site.stop()
            if port is None and error.errno == errno.EADDRINUSE:
                continue
            await runner.cleanup()
            chosen = port is not None
            raise PortError(_cannot_listen(host, candidate, error, chosen=chosen)) from None
        break
    address = runner.addresses[0]
    if port is None and tries[0] != int(address[1]):
        log.warning("port %d is taken; listening on port %d instead", DEFAULT_PORT, address[1])
    return runner, int(address[1])


def _cannot_listen(host: str, port: int, error: OSError, *, chosen: bool) -> str:
    """Why the page cannot be served on ``host``:``port``, in one line."""
    where = f"cannot listen on {host} port {port}"
    other = "; choose another --port" if chosen else ""
    if error.errno == errno.EADDRINUSE:
        return f"{where}: another program listens there{other} (or leave --port out)"
    if error.errno == errno.EACCES:
        return f"{where}: not allowed (ports below 1024 are root's){other}"
    reason = os.strerror(error.errno) if error.errno else str(error)
    return f"{where}: {reason} (--host {host} may not be an address of this computer)"


def addresses(host: str, port: int, pairing: Pairing) -> list[str]:
    """Where to point a browser: this computer, and the network with the code."""
    lines = []
    if host in WILDCARDS or is_loopback_host(host):
        lines.append(f"Kiban web companion: http://127.0.0.1:{port}/")
    if not is_loopback_host(host):
        name = socket.gethostname() if host in WILDCARDS else host
        if ":" in name:
            name = f"[{name}]"
        lines.append(f"on the network: http://{name}:{port}/?token={pairing.code}")
        lines.append(f"pairing code: {pairing.code}")
    return lines


async def _serve_until(
    session: Session,
    pairing: Pairing,
    host: str,
    port: int | None,
    out: IO[str],
    *,
    browser: bool,
) -> tuple[web.AppRunner, str]:
    runner, actual = await serve(create_app(session, pairing), host, port)
    lines = addresses(host, actual, pairing)
    for line in lines:
        print(line, file=out, flush=True)
    if pairing.code is not None:
        log.warning("web companion pairing code: %s", pairing.code)
    local = f"http://127.0.0.1:{actual}/"
    if browser:
        open_browser(local)
    return runner, local


async def run_simulator(
    session: Session,
    pairing: Pairing,
    host: str,
    port: int | None,
    *,
    browser: bool,
    out: IO[str] = sys.stdout,
) -> None:
    """Serve a simulated board until SIGINT or SIGTERM."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        runner, _ = await _serve_until(session, pairing, host, port, out, browser=browser)
        try:
            await stop.wait()
        finally:
            await runner.cleanup()
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(ValueError, RuntimeError):
                loop.remove_signal_handler(signum)


async def run_board(
    runtime: Runtime,
    pairing: Pairing,
    host: str,
    port: int | None,
    *,
    resume: bool,
    options: Mapping[str, str] | None = None,
    settings: Mapping[str, str] | None = None,
    out: IO[str] = sys.stdout,
    state_dir: Path | None = None,
) -> None:
    """The runtime with its control panel; it stops as the runtime does (SIGTERM).
    ``state_dir``: where the page's "Play online" dialog keeps the lishogi token."""
    session = BoardSession(runtime, pairing, state_dir=state_dir)
    runner, _ = await _serve_until(session, pairing, host, port, out, browser=False)
    try:
        await runtime.run(resume=resume, options=options, settings=settings)
    finally:
        await runner.cleanup()
