"""Broker addresses: mqtt:// and mqtts:// with optional credentials, refused otherwise."""

from __future__ import annotations

import pytest

from firmware_host.remote.address import BrokerAddress, BrokerAddressError


def test_plain_tls_and_credentials() -> None:
    assert BrokerAddress.parse("mqtt://broker.example") == BrokerAddress("broker.example", 1883)
    tls = BrokerAddress.parse("mqtts://ann:s%40cret@broker.example:9000")
    assert (tls.host, tls.port, tls.tls, tls.username, tls.password) == (
        "broker.example",
        9000,
        True,
        "ann",
        "s@cret",
    )
    assert "s@cret" not in repr(tls) and "s@cret" not in str(tls)


@pytest.mark.parametrize(
    "url",
    [
        "broker.example",
        "http://broker.example",
        "mqtt://",
        "mqtt://b:99999",
        "mqtt://b/x",
        "mqtt://b?ca=/x.crt",
        "mqtts://b?cert=/x",
        "mqtts://b?ca=",
    ],
)
def test_other_addresses_are_refused(url: str) -> None:
    with pytest.raises(BrokerAddressError, match="broker"):
        BrokerAddress.parse(url)


def test_a_tls_broker_may_name_its_own_certificate_authority() -> None:
    address = BrokerAddress.parse("mqtts://b.example?ca=/etc/kiban/ca.crt")
    assert address.tls and address.ca == "/etc/kiban/ca.crt"


SECRET = "Pa55-w0rd"


@pytest.mark.parametrize(
    "url",
    [
        f"mqtt://ann:{SECRET}",  # the host left out: the password read as a port
        f"mqtt://ann:{SECRET}@b:99999",
        f"mqtt://ann:{SECRET}@b:12x",
        f"mqtt://ann:{SECRET}@[::1",
        f"http://ann:{SECRET}@b",
        f"ann:{SECRET}@b",
        f"mqtt:ann:{SECRET}@b",
        f"mqtt://ann:{SECRET}@",
        f"mqtt://ann:{SECRET}@b/x",
        f"mqtt://ann:{SECRET}@b?ca=/x.crt",
        f"mqtts://ann:{SECRET}@b?cert=/x",
        f"mqtts://ann:{SECRET}@b?ca=",
        "mqtt://ann:Pa/55@b",  # a password with a / not %-escaped
        f"mqtt://ann:{SECRET}@b@c/x",
        f"  mqtt://ann:{SECRET}/x  ",
    ],
)
def test_a_refused_address_never_says_its_password(url: str) -> None:
    with pytest.raises(BrokerAddressError) as refused:
        BrokerAddress.parse(url)
    said = str(refused.value)
    assert SECRET not in said and "Pa/55" not in said and "55@" not in said
    assert "***" in said  # the password masked, not left out unsaid


def test_a_refused_address_without_a_password_is_shown_as_typed() -> None:
    with pytest.raises(BrokerAddressError, match=r"'mqtt://b:99999'.*port"):
        BrokerAddress.parse("mqtt://b:99999")
    with pytest.raises(BrokerAddressError, match=r"'mqtt://\[::1\]:1883/x' takes no path"):
        BrokerAddress.parse("mqtt://[::1]:1883/x")
