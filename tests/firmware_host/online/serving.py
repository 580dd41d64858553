"""The fake lishogi served inside a test's event loop, and a client pointed at it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
from aiohttp.test_utils import TestServer

from firmware_host.online.client import LishogiClient
from firmware_host.online.credentials import ApiToken
from firmware_host.online.streams import Backoff
from tests.firmware_host.online.fake_lishogi import FakeLishogi

FAST = Backoff(first_s=0.01, factor=2.0, cap_s=0.05)
"""Reconnection pauses short enough for a test."""


@asynccontextmanager
async def served(fake: FakeLishogi) -> AsyncIterator[str]:
    """The fake's base URL while it runs."""
    async with TestServer(fake.app) as server:
        yield str(server.make_url(""))


@asynccontextmanager
async def client_of(
    base_url: str, token: str = "alice_token", **options: Any
) -> AsyncIterator[LishogiClient]:
    async with aiohttp.ClientSession() as session:
        yield LishogiClient(session, ApiToken(token), base_url=base_url, **options)


async def until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait for something another task brings about."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("waited in vain")
        await asyncio.sleep(0.005)
