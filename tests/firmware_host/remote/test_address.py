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
