"""``asyncio`` without ``ssl`` until something opens TLS.

The idle service never opens TLS, yet ``asyncio`` imports ``ssl`` as it is imported, and
``ssl`` maps OpenSSL (libssl, libcrypto and ``_ssl``): 4.1 MiB of the idle service's RSS,
more than the shogi boards stood over the goal by (docs/speed.md, "Seventeenth round",
measured with ``kiban bench --service``). The service does open TLS later, though: aiohttp
to lishogi (``kiban online``, a game the page finds) and paho's MQTT link to a broker.

CPython 3.11's ``asyncio`` takes ``ssl`` the same way in each module that uses it
(``base_events``, ``selector_events``, ``sslproto``: ``try: import ssl`` / ``except
ImportError: ssl = None``), reads that global only when a connection asks for TLS, and
derives one more global from it at import (``sslproto.SSLAgainErrors``). So an
``asyncio`` imported while ``ssl`` cannot be imported can be given it back later: import
``ssl``, set those globals to what a normal import would have set. The tests compare an
``asyncio`` given ``ssl`` back with one imported normally, global by global, so a Python
whose ``asyncio`` holds ``ssl`` elsewhere fails them rather than a TLS connection.

Every path that opens TLS calls ``asyncio_with_ssl`` first; one that does not finds
``asyncio`` saying so (``RuntimeError: stdlib ssl module not available``), not a
connection quietly made without TLS.
"""

from __future__ import annotations

import sys
from types import ModuleType


def import_asyncio_lean() -> bool:
    """Import ``asyncio`` with ``ssl`` held back, when neither is imported yet (a process's
    first lines: ``kiban``'s ``main``, the service bench's child); True when it was held
    back. Only ``asyncio``'s own import sees ``ssl`` missing: anything imported afterwards
    imports it as usual (and ``asyncio_with_ssl`` then hands it to ``asyncio``)."""
    if "asyncio" in sys.modules or "ssl" in sys.modules:
        return False
    sys.modules["ssl"] = None  # type: ignore[assignment]  # import ssl raises ImportError
    try:
        import asyncio  # noqa: F401 - imported for its side: the modules it holds
    finally:
        del sys.modules["ssl"]
    return True


def asyncio_with_ssl() -> ModuleType:
    """``ssl``, imported now if not yet, and given to every ``asyncio`` module imported
    without it, with what ``sslproto`` derives from it at import (CPython 3.11's
    ``SSLAgainErrors``): ``asyncio`` as a normal import leaves it. Called before each
    TLS connection is made; cheap after the first."""
    import ssl

    for name, module in tuple(sys.modules.items()):
        held = name == "asyncio" or name.startswith("asyncio.")
        if held and module is not None and "ssl" in vars(module) and vars(module)["ssl"] is None:
            vars(module)["ssl"] = ssl
    sslproto = sys.modules.get("asyncio.sslproto")
    if sslproto is not None and not hasattr(sslproto, "SSLAgainErrors"):
        vars(sslproto)["SSLAgainErrors"] = (ssl.SSLWantReadError, ssl.SSLSyscallError)
    return ssl
