"""A link stopped however its start ended: SIGTERM raised as KeyboardInterrupt while a
room opens can cut paho's ``loop_start`` short between making its network thread and
starting it, and the room's stop then closed the link into paho's "cannot join thread
before it is started", leaving by a traceback with status 1 (``kiban room sim`` under
load; the room's own test caught it)."""

from __future__ import annotations

import threading

import pytest
from paho.mqtt.enums import MQTTErrorCode

from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.link import Link


def cut_short_link() -> Link:
    link = Link(BrokerAddress.parse("mqtt://127.0.0.1:1"), "kiban/v1/test/#", None)
    client = link._client  # paho's client, as the signal finds it: a thread never started

    def loop_start() -> MQTTErrorCode:
        client._thread = threading.Thread(target=lambda: None)
        raise KeyboardInterrupt

    client.loop_start = loop_start  # type: ignore[method-assign]
    with pytest.raises(KeyboardInterrupt):
        link.start()
    return link


def test_a_link_whose_start_a_signal_cut_short_still_closes() -> None:
    cut_short_link().close()


def test_a_link_whose_start_a_signal_cut_short_can_be_cut() -> None:
    cut_short_link().cut()
