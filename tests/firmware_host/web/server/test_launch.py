"""``kiban sim GAME --web`` and ``kiban run --web`` on the command line."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.request
import webbrowser
from pathlib import Path

import pytest

from firmware_host.cli import build_parser
from firmware_host.web.gate.pairing import Pairing
from firmware_host.web.server.launch import addresses, open_browser

ROOT = Path(__file__).resolve().parents[4]


def test_kiban_sim_web_prints_its_addresses_serves_the_board_and_stops_on_sigint(
    tmp_path: Path,
) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "firmware_host.cli",
            "sim",
            "dobutsu",
            "--web",
            "--host",
            "0.0.0.0",
            "--port",
            "0",
            "--state-dir",
            str(tmp_path),
            "--new",
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        local = child.stdout.readline()
        network = child.stdout.readline()
        code = child.stdout.readline()
        match = re.fullmatch(r"Kiban web companion: (http://127\.0\.0\.1:(\d+)/)\n", local)
        assert match, local
        digits = re.fullmatch(r"pairing code: ([1-9]{6})\n", code)
        assert digits, code
        assert network.startswith("on the network: http://")
        assert network.endswith(f":{match.group(2)}/?token={digits.group(1)}\n")
        with urllib.request.urlopen(match.group(1) + "state", timeout=30) as response:
            state = json.loads(response.read())
        assert state["type"] == "state" and state["game"] == "dobutsu"
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=30)
    finally:
        child.kill()
    assert child.returncode == 0, err
    assert "pairing code" in err  # the service log has it too


def test_the_web_options_of_sim_and_run() -> None:
    parser = build_parser()
    sim = parser.parse_args(["sim", "dobutsu"])
    assert (sim.web, sim.port, sim.host, sim.no_browser) == (False, None, "127.0.0.1", False)
    run = parser.parse_args(
        ["run", "--profile", "board.toml", "--web", "--port", "9000", "--host", "0.0.0.0"]
    )
    assert (run.web, run.port, run.host) == (True, 9000, "0.0.0.0")
    assert not hasattr(run, "no_browser")


def test_addresses_for_this_computer_and_for_the_network() -> None:
    assert addresses("127.0.0.1", 8080, Pairing(None)) == [
        "Kiban web companion: http://127.0.0.1:8080/"
    ]
    lines = addresses("192.168.1.20", 8080, Pairing("123456"))
    assert lines == [
        "on the network: http://192.168.1.20:8080/?token=123456",
        "pairing code: 123456",
    ]


def test_no_browser_is_opened_without_a_display(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []

    def open_page(url: str) -> bool:
        opened.append(url)
        return True

    monkeypatch.setattr(webbrowser, "open", open_page)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert open_browser("http://127.0.0.1:8080/") is False and opened == []
    monkeypatch.setenv("DISPLAY", ":0")
    assert open_browser("http://127.0.0.1:8080/") is True
    assert opened == ["http://127.0.0.1:8080/"]
