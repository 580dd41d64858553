"""A broker that asks for a login, and one that speaks TLS with a certificate of its
own: the right settings connect, wrong ones are refused and said in words (Debian's
mosquitto, started on a free loopback port)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.link import Link

MOSQUITTO = "/usr/sbin/mosquitto"


def start_broker(tmp_path: Path, settings: str) -> tuple[subprocess.Popen[bytes], int]:
    """mosquitto on a free loopback port with ``settings`` for its listener."""
    if not Path(MOSQUITTO).exists() or shutil.which("mosquitto_passwd") is None:
        pytest.fail("mosquitto is missing: make broker installs it (make test does)")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = tmp_path / "mosquitto.conf"
    config.write_text(
        f"listener {port} 127.0.0.1\n{settings}persistence false\n"
        # as root, mosquitto runs as its own user unless told: it must read the files here
        + ("user root\n" if os.geteuid() == 0 else "")
    )
    broker = subprocess.Popen(
        [MOSQUITTO, "-c", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        with socket.socket() as client:
            if client.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.05)
    return broker, port


@pytest.fixture
def login_broker(tmp_path: Path) -> Iterator[int]:
    """A broker that lets in only kiban:s3cret."""
    passwords = tmp_path / "passwords"
    subprocess.run(["mosquitto_passwd", "-c", "-b", str(passwords), "kiban", "s3cret"], check=True)
    broker, port = start_broker(tmp_path, f"allow_anonymous false\npassword_file {passwords}\n")
    try:
        yield port
    finally:
        broker.terminate()
        broker.wait(5)


def openssl(*words: str) -> None:
    subprocess.run(["openssl", *words], check=True, capture_output=True)


@pytest.fixture
def tls_broker(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """A TLS broker whose certificate a certificate authority of our own signed."""
    ca_key, ca, key, request, cert = (
        tmp_path / name for name in ("ca.key", "ca.crt", "server.key", "server.csr", "server.crt")
    )
    subject = ["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"]
    openssl(
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=kiban test CA",
        "-keyout",
        str(ca_key),
        "-out",
        str(ca),
    )
    openssl(
        "req", "-newkey", "rsa:2048", "-nodes", *subject, "-keyout", str(key), "-out", str(request)
    )
    openssl(
        "x509",
        "-req",
        "-in",
        str(request),
        "-CA",
        str(ca),
        "-CAkey",
        str(ca_key),
        "-CAcreateserial",
        "-days",
        "2",
        "-copy_extensions",
        "copy",
        "-out",
        str(cert),
    )
    broker, port = start_broker(
        tmp_path, f"allow_anonymous true\ncafile {ca}\ncertfile {cert}\nkeyfile {key}\n"
    )
    try:
        yield port, ca
    finally:
        broker.terminate()
        broker.wait(5)


def link(url: str) -> Link:
    return Link(BrokerAddress.parse(url), "kiban/v1/test/#", None)


def test_the_right_login_connects_and_a_wrong_one_is_said(login_broker: int) -> None:
    good = link(f"mqtt://kiban:s3cret@127.0.0.1:{login_broker}")
    good.start()
    try:
        assert good.wait_connected(5.0)
        good.publish("kiban/v1/test/x", b"hello")
        deadline = time.monotonic() + 5
        got: list[tuple[str, bytes]] = []
        while not got and time.monotonic() < deadline:
            got = good.received()
            time.sleep(0.02)
        assert got == [("kiban/v1/test/x", b"hello")]
    finally:
        good.close()
    bad = link(f"mqtt://kiban:wrong@127.0.0.1:{login_broker}")
    bad.start()
    try:
        assert not bad.wait_connected(1.5)
        deadline = time.monotonic() + 5
        while bad.error is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert bad.error is not None and "refused" in bad.error
        assert "wrong" not in bad.error  # the password is never said
    finally:
        bad.close()


def test_tls_with_the_brokers_own_authority_connects_and_without_it_is_refused(
    tls_broker: tuple[int, Path],
) -> None:
    port, ca = tls_broker
    good = link(f"mqtts://localhost:{port}?ca={ca}")
    good.start()
    try:
        assert good.wait_connected(5.0)
    finally:
        good.close()
    stranger = link(f"mqtts://localhost:{port}")  # the system's authorities do not know it
    stranger.start()
    try:
        assert not stranger.wait_connected(2.0)
    finally:
        stranger.close()
