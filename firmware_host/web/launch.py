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
from typing import IO

from aiohttp import web

from firmware_host.boards.runtime import Runtime
from firmware_host.web.board_session import BoardSession
from firmware_host.web.pairing import Pairing, is_loopback_host
from firmware_host.web.server import create_app
from firmware_host.web.session import Session

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080
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


async def serve(app: web.Application, host: str, port: int) -> tuple[web.AppRunner, int]:
    """Start listening; the default port, when taken, gives way to a free one."""
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port)
        await site.start()
    except OSError as error:
        if port != DEFAULT_PORT or error.errno != errno.EADDRINUSE:
            await runner.cleanup()
            raise
        log.warning("port %d is taken; listening on a free port instead", port)
        site = web.TCPSite(runner, host, 0)
        await site.start()
    address = runner.addresses[0]
    return runner, int(address[1])


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
    port: int,
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
    port: int,
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
    port: int,
    *,
    resume: bool,
    options: Mapping[str, str] | None = None,
    settings: Mapping[str, str] | None = None,
    out: IO[str] = sys.stdout,
) -> None:
    """The runtime with its control panel; it stops as the runtime does (SIGTERM)."""
    session = BoardSession(runtime, pairing)
    runner, _ = await _serve_until(session, pairing, host, port, out, browser=False)
    try:
        await runtime.run(resume=resume, options=options, settings=settings)
    finally:
        await runner.cleanup()
