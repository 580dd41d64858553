"""``asyncio`` imported without ``ssl``, and given it back when TLS is opened (tls.py).

Each check runs in a fresh interpreter: pytest's own has imported ``asyncio`` (with
``ssl``) long before a test runs, where ``import_asyncio_lean`` rightly does nothing.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.firmware_host.remote.test_broker_security import openssl, tls_broker

__all__ = ["tls_broker"]  # the fixture, a TLS broker of the broker tests' own

ROOT = Path(__file__).resolve().parents[2]

GLOBALS = """
import json, sys, types

def described(value):
    if isinstance(value, types.ModuleType):
        return "module " + value.__name__
    if value is None or isinstance(value, bool | int | str):
        return repr(value)
    if isinstance(value, tuple) and value and all(isinstance(v, type) for v in value):
        return repr(value)
    return type(value).__name__

def globals_of(names):
    return {
        name: {k: described(v) for k, v in vars(sys.modules[name]).items()
               if not k.startswith("__")}
        for name in sorted(names) if sys.modules.get(name) is not None
    }
"""


def run_python(code: str, **environment: str) -> str:
    """``code``'s standard output, run by this interpreter in the project's root (its
    hashes seeded alike: the globals made of sets, tokenize's, are compared)."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": str(ROOT),
            "PYTHONHASHSEED": "0",
            **environment,
        },
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_asyncio_given_ssl_back_is_asyncio_as_imported_normally() -> None:
    """Every module ``import asyncio`` loads, with every global it holds, as a normal
    import leaves them: a Python whose ``asyncio`` keeps ``ssl`` (or something made of
    it) in a module or name tls.py does not give back fails here."""
    normal = run_python(
        GLOBALS
        + """
before = set(sys.modules)
import asyncio
print(json.dumps(globals_of(set(sys.modules) - before - {"ssl", "_ssl"})))
"""
    )
    lean = run_python(
        GLOBALS
        + """
from firmware_host.tls import asyncio_with_ssl, import_asyncio_lean
before = set(sys.modules)
assert import_asyncio_lean()
assert "ssl" not in sys.modules and "_ssl" not in sys.modules, "ssl was imported"
loaded = set(sys.modules) - before
asyncio_with_ssl()
print(json.dumps(globals_of(loaded)))
"""
    )
    expected, given_back = json.loads(normal), json.loads(lean)
    assert given_back["asyncio.base_events"]["ssl"] == "module ssl"
    # what only ssl imports (base64, struct) is missing from the lean import, nothing else
    assert set(given_back) <= set(expected)
    assert {name for name in expected if name.startswith("asyncio")} <= set(given_back)
    assert {name: expected[name] for name in given_back} == given_back


def test_kibans_main_imports_asyncio_without_ssl() -> None:
    """``kiban``'s entry point holds ``ssl`` back before any command imports asyncio."""
    out = run_python(
        """
import contextlib, io, sys
from firmware_host.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["games"])
import asyncio.base_events
print("ssl" in sys.modules, asyncio.base_events.ssl is None)
"""
    )
    assert out.split() == ["False", "True"]


HTTPS_ROUND_TRIP = """
import sys
from firmware_host.tls import asyncio_with_ssl, import_asyncio_lean
assert import_asyncio_lean()
import asyncio

async def main() -> None:
    if sys.argv[1] == "given":
        asyncio_with_ssl()
    import ssl
    import aiohttp
    from aiohttp import web

    async def hello(request):
        return web.Response(text="hello over TLS")

    app = web.Application()
    app.router.add_get("/", hello)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(sys.argv[2], sys.argv[3])
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "localhost", 0, ssl_context=context)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    try:
        async with aiohttp.ClientSession() as session:  # verifies: SSL_CERT_FILE
            async with session.get(f"https://localhost:{port}/") as response:
                print(response.status, await response.text())
    except RuntimeError as error:
        print("refused:", error)
    finally:
        await runner.cleanup()

asyncio.run(main())
"""


def test_aiohttp_speaks_https_once_asyncio_has_ssl_back(tmp_path: Path) -> None:
    """A lean asyncio given ``ssl`` back makes an https round trip with aiohttp (a
    server of its own, a self-signed certificate the client is told to trust); without
    it asyncio refuses, rather than connecting some other way."""
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    openssl(
        *("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"),
        *("-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"),
        *("-keyout", str(key), "-out", str(cert)),
    )
    trusted = {"SSL_CERT_FILE": str(cert)}

    def round_trip(how: str) -> str:
        done = subprocess.run(
            [sys.executable, "-c", HTTPS_ROUND_TRIP, how, str(cert), str(key)],
            check=False,
            capture_output=True,
            text=True,
            timeout=120,
            cwd=ROOT,
            env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), **trusted},
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert round_trip("given") == "200 hello over TLS"
    assert round_trip("held") == "refused: stdlib ssl module not available"


TLS_OPENERS = frozenset({"ClientSession", "tls_set", "create_default_context", "wrap_socket"})


def _calls(node: ast.AST) -> list[ast.Call]:
    """The calls in ``node``'s own body (not in the functions defined inside it)."""
    found: list[ast.Call] = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(child, ast.Call):
            found.append(child)
        found += _calls(child)
    return found


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def test_every_path_that_opens_tls_gives_asyncio_ssl_first() -> None:
    """Each function of the firmware that makes an aiohttp session, sets paho's TLS or
    makes an SSL context calls ``asyncio_with_ssl`` before it (a path that did not would
    fail on the Pi's first https, not in a test)."""
    openers = []
    for path in sorted((ROOT / "firmware_host").rglob("*.py")):
        if path.name == "tls.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            calls = _calls(function)
            for opening in (c for c in calls if _name(c) in TLS_OPENERS):
                where = f"{path.relative_to(ROOT)}:{opening.lineno}"
                openers.append(where)
                given = [c.lineno for c in calls if _name(c) == "asyncio_with_ssl"]
                assert any(line < opening.lineno for line in given), where
    # lishogi from kiban online, the online link and the page's dialog; paho's TLS
    assert len(openers) >= 4, openers


def test_paho_connects_over_tls_in_a_process_with_a_lean_asyncio(
    tls_broker: tuple[int, Path],
) -> None:
    """The MQTT link over TLS (paho's own socket, its certificate checked against the
    broker's authority) in a process whose asyncio was imported without ``ssl``."""
    port, ca = tls_broker
    out = run_python(
        f"""
import sys
from firmware_host.tls import import_asyncio_lean
assert import_asyncio_lean()
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.link import Link
link = Link(BrokerAddress.parse("mqtts://localhost:{port}?ca={ca}"), "kiban/v1/t/#", None)
link.start()
try:
    print(link.wait_connected(10.0))
finally:
    link.close()
"""
    )
    assert out.split()[-1] == "True"
