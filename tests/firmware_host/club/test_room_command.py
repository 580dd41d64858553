"""``kiban room open`` as an organiser runs it, against a real Mosquitto: it prints the
round in the organiser's language and the pages' addresses (the organiser's page
served there), then a board as it announces itself, binds it when told to, and stops
on ``quit``."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from firmware_host.club.board import ClubBoard
from firmware_host.club.keeping import organiser_key
from firmware_host.club.messages import Birth, room_filter, room_of
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.link import Link
from tests.firmware_host.remote.conftest import Broker, broker  # noqa: F401 - the fixture

ROOT = Path(__file__).parents[3]
SAMPLE = ROOT / "docs" / "club-round1.csv"
WAIT = 20.0  # real seconds: the command's start imports paho, cryptography and the games


def lines_of(process: subprocess.Popen[str]) -> queue.SimpleQueue[str]:
    got: queue.SimpleQueue[str] = queue.SimpleQueue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            got.put(line.rstrip("\n"))

    threading.Thread(target=read, daemon=True).start()
    return got


def wait_line(got: queue.SimpleQueue[str], wanted: str, seen: list[str]) -> None:
    deadline = time.monotonic() + WAIT
    while wanted not in seen:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"never printed {wanted!r}:\n" + "\n".join(seen)
        try:
            seen.append(got.get(timeout=remaining))
        except queue.Empty:
            continue


def page_url(got: queue.SimpleQueue[str], seen: list[str], head: str) -> str:
    """The address printed after ``head``."""
    deadline = time.monotonic() + WAIT
    while not any(line.startswith(head) for line in seen):
        assert time.monotonic() < deadline, f"never printed {head!r}:\n" + "\n".join(seen)
        try:
            seen.append(got.get(timeout=1.0))
        except queue.Empty:
            continue
    return next(line for line in seen if line.startswith(head))[len(head) :]


def test_kiban_room_open_prints_the_round_and_the_roster_and_binds(
    broker: Broker,  # noqa: F811
    tmp_path: Path,
) -> None:
    state = tmp_path / "state"
    key, _ = organiser_key(state)  # the key the command will find
    room = room_of(key.public)
    command = [sys.executable, "-m", "firmware_host.cli", "room", "open"]
    command += ["--broker", f"127.0.0.1:{broker.port}", "--pairings", str(SAMPLE)]
    command += ["--round", "2", "--state-dir", str(state), "--language", "ja"]
    command += ["--page-port", "0", "--page-host", "127.0.0.1", "--outside-moves", "2"]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=environment
    )
    seen: list[str] = []
    link: Link | None = None
    try:
        got = lines_of(process)
        address = f"mqtt://127.0.0.1:{broker.port}"
        wait_line(got, f"ルーム {room} を {address} にひらきました：だい2かいせん", seen)
        wait_line(got, "テーブル2：Marie Dupont – Kenji Sato、しょうぎ（handicap=bishop）", seen)
        secret = page_url(got, seen, "うんえいページ（アドレスはひみつに）：")
        assert "/organiser/" in secret
        with urllib.request.urlopen(secret, timeout=WAIT) as page:
            assert b"organiser.js" in page.read()
        spectators = secret.split("/organiser/")[0] + "/"
        assert any(line == f"かんせんページ：{spectators}" for line in seen)
        board = ClubBoard(room, "b1", BoardKey.new())
        link = Link(BrokerAddress.parse(address), room_filter(room), board.will)
        link.start()
        assert link.wait_connected(WAIT)
        link.publish(*board.birth(Birth("shogi", None, 15)))
        wait_line(got, "テーブルなし：ばん b1 せつぞくちゅう、しょうぎ、でんち15%", seen)
        wait_line(
            got, "けいこく：テーブルなし：ばん b1 のでんちがすくなくなっています（15%）", seen
        )
        assert process.stdin is not None
        process.stdin.write("bind b1 2\nquit\n")
        process.stdin.flush()
        wait_line(got, "ばん b1 をテーブル2にわりあてました", seen)
        assert process.wait(WAIT) == 0
    finally:
        if link is not None:
            link.close()
        if process.poll() is None:
            process.kill()
            process.wait()
