"""A Mosquitto broker locked as its users would lock it, with Mosquitto's own mechanisms:
the files ``kiban broker`` writes for a club's games and its rooms (``docs/remote.md``,
"A broker of your own"; ``docs/club.md``, "On the broker").

- ``mosquitto.conf``: no anonymous client (``allow_anonymous false``), the password
  file and the ACL below, every client id replaced by its login's user name
  (``use_username_as_clientid``: nobody can take a board's session over without its
  password), retained messages kept across restarts, limits (a packet's size, the
  broker's heap, a client's queue) so that no login can fill it, and one TLS listener.
- ``passwords``: one user per board, in the format ``mosquitto_passwd`` writes
  (``$7$``: PBKDF2-SHA512 with a random 12-byte salt, 101 rounds as its default), each
  password 128 random bits, so no guess can find one.
- ``acl`` and ``roles``: every user reads the games and the rooms (``kiban/#``); a
  board writes only the topics named after it, an organiser its room's, a spectator
  nothing, a bridge what it carries (``acl.py``): a board's board id is its
  login's name (``remote/game.py``, ``club/board_side.py``), so no board can write
  another board's state, presence, question, game or birth.
- ``ca.crt`` and ``ca.key``, ``server.crt`` and ``server.key``: a certificate authority
  of the broker's own and the broker's certificate for its host name, made with the
  ``cryptography`` package (ECDSA P-256, the extensions a strict TLS client checks);
  the boards connect with ``mqtts://USER:PASSWORD@HOST:8883?ca=ca.crt``.
- ``logins``: each board's broker address with its password, readable by the owner
  only, to give each board its own line.

Keys, passwords and logins are written 0600; every file is replaced whole.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import ipaddress
import os
import pwd
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from engine.errors import KibanError
from firmware_host.broker.acl import Role, acl_text, check_role, read_roles, roles_text
from firmware_host.remote.messages import MAX_BYTES, is_board_id
from firmware_host.store.replacing import replace_text

PORT = 8883  # MQTT over TLS (IANA)
ROUNDS = 101  # PBKDF2 rounds, mosquitto_passwd's own default; the passwords are random
SALT_BYTES = 12  # as mosquitto_passwd makes them
CERTIFICATE_DAYS = 3650  # a broker of one's own: ten years
MAX_PACKET = MAX_BYTES + 8 * 1024  # a message, its topic and MQTT's own bytes
MEMORY_LIMIT = 128 * 1024 * 1024
"""The broker's heap, all logins together: room for hundreds of games' retained states
(a state is a few KiB, at most ``MAX_BYTES``), far below a Raspberry Pi's memory. A
login that keeps writing meets it: then a message that does not fit is dropped and
its client disconnected, whoever it is, but the machine is never filled."""
MAX_QUEUED_MESSAGES = 500
"""Messages Mosquitto keeps for one client that does not read (a board that stalls):
a room holds a few boards' four topics each, so a board's own traffic is tens."""
MAX_QUEUED_BYTES = 8 * 1024 * 1024
"""The same queue in bytes: 32 messages of the largest size, thousands of states."""
PRIVATE = 0o600
PUBLIC = 0o644


class BrokerSetupError(KibanError, ValueError):
    """A broker that cannot be set up as asked (a user name, a host name, the folder)."""


def password_line(user: str, password: str, *, salt: bytes | None = None) -> str:
    """One line of Mosquitto's password file: ``user:$7$ROUNDS$SALT$HASH``."""
    salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
    digest = hashlib.pbkdf2_hmac("sha512", password.encode(), salt, ROUNDS)
    encoded = (base64.b64encode(part).decode() for part in (salt, digest))
    return f"{user}:$7${ROUNDS}${'$'.join(encoded)}"


def config_text(folder: Path, port: int = PORT, *, bind: str | None = None) -> str:
    """mosquitto.conf: locked (no anonymous client, passwords, ACL), one TLS listener
    (on every address, or on ``bind``). Started as root, mosquitto runs as the user who
    owns the files (``user``), who alone can read the keys and passwords."""
    where = folder.resolve()
    listener = f"listener {port}" + ("" if bind is None else f" {bind}")
    return "\n".join(
        [
            f"# Written by kiban broker: start it with  mosquitto -c {where}/mosquitto.conf",
            "# (mosquitto.conf(5); the files beside it: passwords, acl, ca.crt, server.crt/.key)",
            f"user {pwd.getpwuid(os.geteuid()).pw_name}",
            "per_listener_settings false",
            "allow_anonymous false",
            f"password_file {where / 'passwords'}",
            f"acl_file {where / 'acl'}",
            "# limits, so that no login can fill the broker (docs/remote.md, 'Limits'):",
            f"# no message over {MAX_PACKET} bytes: a board refuses more than 256 KiB anyway",
            f"max_packet_size {MAX_PACKET}",
            "# the whole broker's heap: a login that keeps writing is cut off, not the Pi",
            f"memory_limit {MEMORY_LIMIT}",
            "# what waits for one client that does not read (a board that stalls)",
            f"max_queued_messages {MAX_QUEUED_MESSAGES}",
            f"max_queued_bytes {MAX_QUEUED_BYTES}",
            "persistence true",
            f"persistence_location {where}/",
            "# the one listener: TLS; a client id is its user name, so nobody can take a",
            "# board's session over (a listener's option: after its listener line)",
            listener,
            "use_username_as_clientid true",
            f"certfile {where / 'server.crt'}",
            f"keyfile {where / 'server.key'}",
            "tls_version tlsv1.2",
            "",
        ]
    )


@dataclass(frozen=True, slots=True)
class Certificates:
    """PEM texts: the authority's certificate and key, the broker's certificate and key."""

    ca: str
    ca_key: str
    server: str
    server_key: str


def _key_pem(key: ec.EllipticCurvePrivateKey) -> str:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


def _host_name(host: str) -> x509.GeneralName:
    try:
        return x509.IPAddress(ipaddress.ip_address(host))
    except ValueError:
        pass
    labels = host.split(".")
    if (
        not host
        or len(host) > 253
        or not all(
            label and len(label) <= 63 and label.replace("-", "").isalnum() and label.isascii()
            for label in labels
        )
    ):
        raise BrokerSetupError(f"{host!r} is not a host name or an IP address")
    return x509.DNSName(host)


def _key_usage(*, signs_certificates: bool) -> x509.KeyUsage:
    """An authority's key signs certificates (and lists of revoked ones); a broker's
    signs its TLS handshakes (ECDSA: no key encipherment)."""
    return x509.KeyUsage(
        digital_signature=not signs_certificates,
        content_commitment=False,
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=False,
        key_cert_sign=signs_certificates,
        crl_sign=signs_certificates,
        encipher_only=False,
        decipher_only=False,
    )


def make_certificates(host: str, *, now: datetime.datetime | None = None) -> Certificates:
    """A certificate authority of the broker's own and the broker's certificate for
    ``host`` (its name or IP address, as the boards' addresses write it)."""
    name = _host_name(host)
    now = now or datetime.datetime.now(datetime.UTC)
    until = now + datetime.timedelta(days=CERTIFICATE_DAYS)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    # the authority's subject differs from the broker's (mosquitto-tls(7))
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Kiban broker CA for {host}")])
    ca_id = x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key())
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(until)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(_key_usage(signs_certificates=True), critical=True)
        .add_extension(ca_id, critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    server = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host)]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(until)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(_key_usage(signs_certificates=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectAlternativeName([name]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ca_id), critical=False
        )
        .sign(ca_key, hashes.SHA256())
    )
    pem = serialization.Encoding.PEM
    return Certificates(
        ca.public_bytes(pem).decode(),
        _key_pem(ca_key),
        server.public_bytes(pem).decode(),
        _key_pem(key),
    )


@dataclass(frozen=True, slots=True)
class Login:
    """A login: its user name (a board's id, an organiser's room), password and role."""

    user: str
    password: str
    role: Role = Role.BOARD

    def address(self, host: str, port: int, ca: Path) -> str:
        """The board's ``--remote`` address."""
        where = f"[{host}]" if ":" in host else host
        login = f"{quote(self.user, safe='')}:{quote(self.password, safe='')}"
        return f"mqtts://{login}@{where}:{port}?ca={ca.resolve()}"


def check_users(users: Sequence[str], roles: Mapping[str, Role] | None = None) -> None:
    """Each user a name the topics can hold, once; each role's name one it takes."""
    for user in users:
        if not is_board_id(user):
            raise BrokerSetupError(
                f"{user!r} cannot be a board's user: letters, digits and - only, at most 32"
                " (it is the board's id in the topics)"
            )
    for user, role in (roles or {}).items():
        try:
            check_role(user, role)
        except ValueError as error:
            raise BrokerSetupError(str(error)) from None
    if len(set(users)) != len(users):
        raise BrokerSetupError("each login needs a user name of its own")


def read_users(passwords: Path) -> list[str]:
    """The users a password file holds (a line it cannot read names the file and line)."""
    users = []
    for number, line in enumerate(passwords.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        user, colon, _ = line.partition(":")
        if not colon or not user:
            raise BrokerSetupError(f"{passwords}, line {number}: not user:hash")
        users.append(user)
    return users


@dataclass(frozen=True, slots=True)
class BrokerFiles:
    """What ``write_broker`` made: the folder, the logins it made now, the broker's
    address parts."""

    folder: Path
    logins: tuple[Login, ...]
    host: str
    port: int

    @property
    def config(self) -> Path:
        return self.folder / "mosquitto.conf"

    @property
    def ca(self) -> Path:
        return self.folder / "ca.crt"

    def addresses(self) -> list[str]:
        return [
            f"{login.user}{_role_said(login.role)}: {login.address(self.host, self.port, self.ca)}"
            for login in self.logins
        ]


def _role_said(role: Role) -> str:
    return "" if role is Role.BOARD else f" ({role.value})"


def write_broker(
    folder: Path,
    host: str,
    users: Sequence[str],
    port: int = PORT,
    *,
    bind: str | None = None,
    roles: Mapping[str, Role] | None = None,
) -> BrokerFiles:
    """Set up a new broker in ``folder`` for the boards ``users`` and the other logins
    ``roles`` (one that already holds one is refused: add logins to it with
    ``add_boards``); ``bind``: the one address it listens on."""
    others = dict(roles or {})
    everyone = [*users, *others]
    check_users(everyone, others)
    if not everyone:
        raise BrokerSetupError("name the boards: --board NAME for each")
    if (folder / "passwords").exists():
        raise BrokerSetupError(
            f"{folder} holds a broker already: add a board with --add NAME, or choose a new folder"
        )
    folder.mkdir(parents=True, exist_ok=True)
    certificates = make_certificates(host)
    logins = _new_logins(users, others)
    replace_text(folder / "ca.key", certificates.ca_key, mode=PRIVATE)
    replace_text(folder / "server.key", certificates.server_key, mode=PRIVATE)
    replace_text(folder / "ca.crt", certificates.ca, mode=PUBLIC)
    replace_text(folder / "server.crt", certificates.server, mode=PUBLIC)
    _write_roles(folder, others)
    replace_text(folder / "mosquitto.conf", config_text(folder, port, bind=bind), mode=PUBLIC)
    made = BrokerFiles(folder, logins, host, port)
    _write_logins(made, [])
    return made


def add_boards(
    folder: Path, users: Sequence[str], roles: Mapping[str, Role] | None = None
) -> BrokerFiles:
    """Add boards (``users``) and other logins (``roles``) to the broker in ``folder``
    (a board that lost its store joins again under a login of its own); mosquitto
    reads the password file and the ACL again on SIGHUP."""
    passwords = folder / "passwords"
    if not passwords.is_file():
        raise BrokerSetupError(f"{folder} holds no broker yet: set one up first")
    host, port = _served(folder)
    known = read_users(passwords)
    others = dict(roles or {})
    check_users([*known, *users, *others], others)
    try:
        kept = read_roles(folder / "roles")
    except ValueError as error:
        raise BrokerSetupError(str(error)) from None
    logins = _new_logins(users, others)
    made = BrokerFiles(folder, logins, host, port)
    _write_roles(folder, {**kept, **others})
    _write_logins(made, passwords.read_text(encoding="utf-8").splitlines())
    return made


def _new_logins(users: Sequence[str], roles: Mapping[str, Role]) -> tuple[Login, ...]:
    boards = (Login(user, secrets.token_urlsafe(16)) for user in users)
    others = (Login(user, secrets.token_urlsafe(16), role) for user, role in roles.items())
    return (*boards, *others)


def _write_roles(folder: Path, roles: Mapping[str, Role]) -> None:
    """The roles, then the ACL made from them (a broker reloaded between the two writes
    reads the ACL it had)."""
    replace_text(folder / "roles", roles_text(roles), mode=PUBLIC)
    replace_text(folder / "acl", acl_text(roles), mode=PUBLIC)


def _served(folder: Path) -> tuple[str, int]:
    """The host name the broker's certificate is for, and the port it listens on."""
    try:
        certificate = x509.load_pem_x509_certificate((folder / "server.crt").read_bytes())
        names = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName)
        config = (folder / "mosquitto.conf").read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError, x509.ExtensionNotFound) as error:
        raise BrokerSetupError(f"the broker in {folder} cannot be read: {error}") from None
    host = str(next(iter(names.value)).value)
    ports = [line.split()[1] for line in config if line.startswith("listener ")]
    if len(ports) != 1 or not ports[0].isdigit():
        raise BrokerSetupError(f"{folder / 'mosquitto.conf'}: not one listener with a port")
    return host, int(ports[0])


def _write_logins(made: BrokerFiles, kept: list[str]) -> None:
    lines = [*(line for line in kept if line.strip())]
    lines += [password_line(login.user, login.password) for login in made.logins]
    replace_text(made.folder / "passwords", "\n".join(lines) + "\n", mode=PRIVATE)
    said = made.folder / "logins"
    earlier = said.read_text(encoding="utf-8").splitlines() if said.is_file() else []
    replace_text(said, "\n".join([*earlier, *made.addresses()]) + "\n", mode=PRIVATE)
