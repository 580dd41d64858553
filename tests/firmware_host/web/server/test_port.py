"""``--port``: a port the user chose that cannot be had is one line naming it; with no
port chosen, a taken default gives way to the next free port."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from aiohttp import web

from firmware_host.cli import main
from firmware_host.web.server import launch
from firmware_host.web.server.launch import PortError, serve


@pytest.fixture
def taken() -> Iterator[int]:
    """A port another program listens on (one the system chose free)."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        yield int(listener.getsockname()[1])


def _sim_web(capsys: pytest.CaptureFixture[str], tmp_path: Path, *port: str) -> tuple[int, str]:
    code = main(
        ["sim", "dobutsu", "--web", "--no-browser", *port, "--state-dir", str(tmp_path), "--new"]
    )
    captured = capsys.readouterr()
    assert captured.out == ""  # no address was printed: nothing listens
    return code, captured.err


def test_a_chosen_port_in_use_is_one_line_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, taken: int
) -> None:
    code, err = _sim_web(capsys, tmp_path, "--port", str(taken))
    assert code == 2
    assert err == (
        f"kiban: cannot listen on 127.0.0.1 port {taken}: another program listens there;"
        " choose another --port (or leave --port out)\n"
    )


@pytest.mark.parametrize("port", ["70000", "65536", "-1"])
def test_a_port_out_of_range_is_one_line_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, port: str
) -> None:
    code, err = _sim_web(capsys, tmp_path, "--port", port)
    assert code == 2
    assert err == f"kiban: --port {port} is not a port: choose one from 1 to 65535\n"


def test_an_address_not_of_this_computer_is_one_line_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, err = _sim_web(capsys, tmp_path, "--host", "192.0.2.1", "--port", "8080")
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("kiban: cannot listen on 192.0.2.1 port 8080: ")
    assert "may not be an address of this computer" in err


def test_with_no_port_chosen_a_taken_default_gives_way_to_the_next_free_one(
    monkeypatch: pytest.MonkeyPatch, taken: int, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(launch, "DEFAULT_PORT", taken)

    async def listen() -> int:
        runner, port = await serve(web.Application(), "127.0.0.1", None)
        await runner.cleanup()
        return port

    port = asyncio.run(listen())
    assert taken < port < taken + launch.PORT_TRIES
    assert f"port {taken} is taken; listening on port {port} instead" in caplog.text
    with pytest.raises(PortError, match=f"port {taken}: another program listens there"):
        asyncio.run(serve(web.Application(), "127.0.0.1", taken))
