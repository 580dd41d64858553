"""The connection to the broker: paho-mqtt's own thread keeps it (and reconnects);
received messages wait in a queue for the decision loop, which alone reads them.

QoS 1 everywhere, everything a board says is retained, and the broker's last will
says the board went offline if the connection drops without a goodbye.

Each connection has a client id of its own, random: an MQTT broker drops a client when
another connects with the same id (session takeover), so an id that anyone could
read off the topic names would let anyone on the broker cut a board off at will.

A broker whose certificate this board refuses is said with what to do (its authority
given with ``?ca=``, the host name it was made for): the TLS handshake's own words
name neither the address nor the fix, and a refused handshake otherwise looks like a
broker that is off. The board keeps trying: the broker may be mended meanwhile.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import secrets
import ssl
import sys
import threading
from collections.abc import Callable
from typing import Any

from engine.errors import KibanError
from engine.said import N_, Said, said
from firmware_host.remote.address import BrokerAddress
from firmware_host.tls import asyncio_with_ssl

log = logging.getLogger(__name__)

QOS = 1
KEEPALIVE = 15  # seconds: the broker notices a board gone within about 1.5x this


UNTRUSTED = frozenset({2, 18, 19, 20, 21})
"""OpenSSL's verify codes (X509_V_ERR_*) for a chain that leads to no authority this
board trusts: an issuer not found or not trusted, a self-signed certificate."""
CA_OPTION = "?ca=FILE: the ca.crt kiban broker wrote"
"""Where a board finds the authority of a broker ``kiban broker`` set up."""
MISNAMED = frozenset({62, 64})
"""X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH."""


Will = Callable[[], tuple[str, bytes]]
"""Makes a connection's last will: its topic and signed payload."""


class LinkError(KibanError, OSError):
    """The MQTT client could not be set up (the library, the TLS settings)."""


def certificate_trouble(error: BaseException | None, address: BrokerAddress) -> Said | None:
    """Why this board refused the broker's certificate, with what to do; None for any
    other failure (a broker off or out of reach is said as it is)."""
    if not isinstance(error, ssl.SSLCertVerificationError):
        return None
    if error.verify_code in MISNAMED:
        return said(
            N_(
                "the broker's certificate does not name {host}: give the host name it was"
                " made for ({command}) in the broker address"
            ),
            host=address.host,
            command="kiban broker --host",
        )
    if error.verify_code in UNTRUSTED:
        if address.ca is None:
            return said(
                N_(
                    "the broker's certificate is not trusted: add its certificate authority"
                    " to the broker address ({command})"
                ),
                command=CA_OPTION,
            )
        return said(
            N_(
                "the broker's certificate is not signed by the authority in {path}: add the"
                " broker's own authority to the broker address ({command})"
            ),
            path=address.ca,
            command=CA_OPTION,
        )
    return said(
        N_("the broker's certificate is refused: {reason}"),
        reason=str(error.verify_message),
    )


def new_client_id() -> str:
    """A client id nobody can guess (64 random bits), for one connection."""
    return f"kiban-{secrets.token_hex(8)}"


class Link:
    """One board's connection to the broker, for one room."""

    def __init__(
        self,
        address: BrokerAddress,
        subscription: str,
        will: Will | None,
        wake: Callable[[], None] = lambda: None,
    ) -> None:
        """``wake`` is called (on the client's thread) when a message arrives or the
        connection changes, so a sleeping decision loop looks at once. ``will`` makes
        the last will anew for each connection (each one newer than the last)."""
        try:
            import paho.mqtt.client as mqtt
            from paho.mqtt.enums import CallbackAPIVersion
        except ImportError as error:  # pragma: no cover - a dependency of the package
            raise LinkError(f"paho-mqtt is not installed: {error}") from None
        self.address = address
        self.subscription = subscription
        self.inbox: queue.SimpleQueue[tuple[str, bytes]] = queue.SimpleQueue()
        self.wake = wake
        self.connects = 0  # connections made so far (each one republishes everything)
        self.error: str | None = None  # why the last connection failed or dropped
        self.trouble: Said | None = None  # the certificate refused, with what to do
        self._connected = threading.Event()
        self._closing = False
        self._refused = False  # the last connection was refused (a login, say)
        self.client_id = new_client_id()  # this connection's; the next one gets another
        client = mqtt.Client(
            CallbackAPIVersion.VERSION2, client_id=self.client_id, protocol=mqtt.MQTTv311
        )
        client.reconnect_delay_set(min_delay=1, max_delay=4)
        self._will = will
        if will is not None:  # a spectator leaves no trace
            client.will_set(*will(), qos=QOS, retain=True)
        if address.username is not None:
            client.username_pw_set(address.username, address.password)
        if address.tls:
            asyncio_with_ssl()  # paho's own sockets need no asyncio, but every TLS path asks
            try:
                client.tls_set(ca_certs=address.ca)
            except (OSError, ValueError) as error:
                raise LinkError(f"TLS for {address}: {error}") from None
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_connect_fail = self._on_connect_fail
        client.on_message = self._on_message
        self._client = client

    def start(self) -> None:
        """Connect in the background (and again whenever the connection drops)."""
        self._client.connect_async(self.address.host, self.address.port, KEEPALIVE)
        self._client.loop_start()

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    def wait_connected(self, timeout: float) -> bool:
        return self._connected.wait(timeout)

    def publish(self, topic: str, payload: bytes, *, retain: bool = True) -> None:
        """Send (a dropped connection loses nothing: everything is sent again on the
        next connection)."""
        self._client.publish(topic, payload, qos=QOS, retain=retain)

    def received(self) -> list[tuple[str, bytes]]:
        """The messages that arrived since last asked, in order."""
        got: list[tuple[str, bytes]] = []
        while True:
            try:
                got.append(self.inbox.get_nowait())
            except queue.Empty:
                return got

    def resubscribe(self) -> None:
        """Subscribe to the room again: the broker sends everything it retained there
        anew (MQTT 3.1.1 section 3.8.4: an identical filter's subscription is replaced
        and its retained messages re-sent), which is how a board still connected
        catches up on a message the broker dropped on its way to it."""
        if self.connected:
            self._client.subscribe(self.subscription, qos=QOS)

    def cut(self) -> None:
        """The connection lost as a power cut loses it: the socket closed under the
        client, no goodbye, no MQTT DISCONNECT, so the broker says the last will (for
        the benches and tests that cut a board off; a running board never calls it)."""
        self._closing = True
        self._stop_loop()
        sock = self._client.socket()
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.close()

    def close(self, goodbye: tuple[str, bytes] | None = None) -> None:
        """Say goodbye (the board going offline on purpose) and disconnect."""
        self._closing = True
        if goodbye is not None and self.connected:
            info = self._client.publish(goodbye[0], goodbye[1], qos=QOS, retain=True)
            with contextlib.suppress(RuntimeError, ValueError):
                info.wait_for_publish(1.0)
        self._client.disconnect()
        self._stop_loop()

    def _stop_loop(self) -> None:
        """paho's network thread stopped. A start cut short by a signal (SIGTERM raised as
        KeyboardInterrupt between the thread's making and its start, as a room stops
        while it opens) leaves a thread that never ran, which paho cannot join: there is
        nothing to stop then, and the stop must go on to close the rest."""
        with contextlib.suppress(RuntimeError):
            self._client.loop_stop()

    # --- the client's thread -----------------------------------------------------------

    def _on_connect(self, client: Any, _: Any, __: Any, reason: Any, ___: Any) -> None:
        if reason.is_failure:
            self.error = f"the broker {self.address} refused the connection: {reason}"
            self._refused = True
            log.warning("%s", self.error)
            return
        self._refused = False
        client.subscribe(self.subscription, qos=QOS)
        self.connects += 1
        self.error = None
        self.trouble = None
        self._connected.set()
        log.info("connected to %s", self.address)
        self.wake()

    def _on_disconnect(self, _: Any, __: Any, ___: Any, reason: Any, ____: Any) -> None:
        self._connected.clear()
        if not self._closing:
            # paho reconnects with the client's id as it stands: a new one each time, so
            # that no id this board once used can be taken over later either
            self.client_id = new_client_id()
            self._client._client_id = self.client_id.encode()
        if self._will is not None and not self._closing:
            # the next connection's will: a replay of this one's is then stale
            self._client.will_set(*self._will(), qos=QOS, retain=True)
        if self._closing or self._refused:
            return  # the refusal says more than the disconnection that follows it
        self.error = f"lost the broker {self.address} ({reason})"
        log.warning("%s; trying again", self.error)
        self.wake()

    def _on_connect_fail(self, _: Any, __: Any) -> None:
        """paho calls this while it handles the failure (its ``except OSError``), and
        passes no error: the one being handled is it."""
        error = sys.exc_info()[1]
        self.trouble = certificate_trouble(error, self.address)
        if self.trouble is not None:
            self.error = f"cannot reach the broker {self.address}: {self.trouble}"
        else:
            self.error = f"cannot reach the broker {self.address} ({error or 'no answer'})"
        log.warning("%s; trying again", self.error)
        self.wake()

    def _on_message(self, _: Any, __: Any, message: Any) -> None:
        self.inbox.put((str(message.topic), bytes(message.payload)))
        self.wake()
