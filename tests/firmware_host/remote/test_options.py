"""The command line's remote options, and the profile's table read into a request."""

from __future__ import annotations

import argparse

import pytest

from firmware_host.cli import build_parser, main
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import GameCode
from firmware_host.remote.options import RemoteSpec, invitation, remote_request


def args(*words: str) -> argparse.Namespace:
    return build_parser().parse_args(["sim", "dobutsu", *words])


def test_hosting_joining_and_watching_are_read() -> None:
    host = remote_request(args("--remote", "mqtt://b.example", "--host-game", "--seat", "b"))
    assert host is not None and host.host and host.seats == ("b",) and host.code is None
    join = remote_request(args("--remote", "mqtt://b.example", "--join", "k7qm2-xrdp9"))
    assert join is not None and not join.host and join.code == GameCode("K7QM2XRDP9")
    watch = remote_request(args("--remote", "mqtt://b", "--watch", "K7QM2-XRDP9", "--web"))
    assert watch is not None and watch.watch and not watch.resume
    assert remote_request(args()) is None


@pytest.mark.parametrize(
    ("words", "reason"),
    [
        (("--host-game",), "need --remote URL"),
        (("--remote", "mqtt://b"), "give --host-game, --join CODE or --watch CODE"),
        (("--remote", "mqtt://b", "--host-game", "--join", "K7QM2-XRDP9"), "give --host-game"),
        (("--remote", "mqtt://b", "--watch", "K7QM2-XRDP9"), "with --web only"),
    ],
)
def test_options_that_do_not_fit_together_are_refused(words: tuple[str, ...], reason: str) -> None:
    with pytest.raises(SystemExit, match=reason):
        remote_request(args(*words))


def test_the_profile_table_is_the_default_and_options_override_it() -> None:
    spec = RemoteSpec("mqtts://u:p@b.example", False, "K7QM2-XRDP9", ("w",))
    request = remote_request(args(), spec)
    assert request is not None
    assert request.address == BrokerAddress("b.example", 8883, True, "u", "p")
    assert request.code == GameCode("K7QM2XRDP9") and request.seats == ("w",)
    over = remote_request(args("--remote", "mqtt://other", "--host-game"), spec)
    assert over is not None and over.host and over.address.host == "other"


def test_a_bad_code_or_broker_is_said_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "dobutsu", "--remote", "mqtt://b", "--join", "nope"]) == 2
    assert "'nope' is not a game code" in capsys.readouterr().err
    assert main(["sim", "dobutsu", "--remote", "http://b", "--host-game"]) == 2
    assert "must be mqtt://HOST" in capsys.readouterr().err


def test_the_printed_commands_never_name_the_hosts_own_login() -> None:
    """Each board logs in with a login of its own: the host's commands for the other
    boards and the spectators leave a placeholder for it."""
    url = "mqtts://board1:s3cret@b.example:8883?ca=/etc/kiban/ca.crt"
    host = remote_request(args("--remote", url, "--host-game"))
    assert host is not None
    code = GameCode.parse("K7QM2-XRDP9")
    told = invitation(code, code, host, "dobutsu")
    assert "board1" not in told and "s3cret" not in told and "/etc/kiban" not in told
    assert told.count("--remote mqtts://LOGIN:PASSWORD@b.example:8883?ca=CA.crt ") == 3
    assert "--watch" in told and "LOGIN:PASSWORD: a login of each board's own" in told
    plain = remote_request(args("--remote", "mqtt://b.example", "--host-game"))
    assert plain is not None
    told = invitation(code, code, plain, "dobutsu")
    assert told.count("--remote mqtt://b.example:1883 ") == 3 and "LOGIN" not in told
