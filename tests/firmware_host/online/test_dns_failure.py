"""lishogi's name that does not resolve (the board off the internet) is said as a
person understands it, in each language, never as aiohttp's class name (issue 63:
the page showed a raw ``ClientConnectorDNSError``)."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import aiohttp
import pytest
from aiohttp.abc import AbstractResolver, ResolveResult

from engine.said import said_of
from firmware_host.online.client import LishogiClient
from firmware_host.online.credentials import ApiToken
from firmware_host.online.errors import LinkDownError
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told


class Offline(AbstractResolver):
    """A resolver with no network: every name fails, as getaddrinfo does offline."""

    async def resolve(self, host: str, port: int = 0, family: Any = 0) -> list[ResolveResult]:
        raise OSError(socket.EAI_NONAME, "Name or service not known")

    async def close(self) -> None:
        return None


def _refusal() -> LinkDownError:
    async def account() -> LinkDownError:
        connector = aiohttp.TCPConnector(resolver=Offline())
        async with aiohttp.ClientSession(connector=connector) as session:
            client = LishogiClient(session, ApiToken("t"), base_url="https://lishogi.org")
            with pytest.raises(LinkDownError) as raised:
                await client.account()
            return raised.value

    return asyncio.run(account())


def test_a_name_that_does_not_resolve_is_said_in_words() -> None:
    said = said_of(_refusal())
    assert str(said) == "cannot find lishogi.org: is the board on the internet?"
    assert "DNSError" not in str(said) and "Client" not in str(said)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (Language.JAPANESE, "lishogi.orgがみつかりません"),
        (Language.POLISH, "nie można znaleźć lishogi.org"),
        (Language.CZECH, "nelze najít lishogi.org"),
        (Language.FRENCH, "impossible de trouver lishogi.org"),
    ],
)
def test_it_is_told_in_the_language(language: Language, words: str) -> None:
    assert told(said_of(_refusal()), language).startswith(words)
