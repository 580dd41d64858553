"""The service's systemd unit, read for one question: can lgpio make its notification
FIFO where the unit runs it?

Two rules meet here. lgpio's (lg 0.2.2, the version on PyPI: ``lguGetWorkDir`` in
lgUtil.c, ``lgNotifyOpenWithSize`` in lgNotify.c, ``_callback_thread`` in
lgpio_extra.py): when the Python module is imported it opens a notification handle,
which makes the FIFO ``.lgd-nfy<handle>`` in ``$LG_WD`` (an absolute path as it is, a
relative one under the working directory) or else in the working directory, and
chdir()s the process there; if the FIFO cannot be made the handle is an error
(-3) and the import dies opening ``.lgd-nfy-3``. systemd's (systemd.exec(5)): a
system service without ``WorkingDirectory=`` runs in ``/``; ``ProtectSystem=strict``
mounts everything read-only but the API file systems and the directories that
``RuntimeDirectory=``, ``StateDirectory=``, ``CacheDirectory=`` and ``LogsDirectory=``
make, which belong to ``User=``. So the FIFO's directory must lie inside one of those
four. (``ReadWritePaths=`` can make a path writable too, but not the user's: it is
not counted.)

The doctor reads the installed unit with its drop-ins; the tests read
systemd/kiban.service itself.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from types import MappingProxyType

INSTALLED = Path("/etc/systemd/system/kiban.service")
MADE_DIRECTORIES = MappingProxyType(
    {
        "RuntimeDirectory": PurePosixPath("/run"),
        "StateDirectory": PurePosixPath("/var/lib"),
        "CacheDirectory": PurePosixPath("/var/cache"),
        "LogsDirectory": PurePosixPath("/var/log"),
    }
)
"""The settings whose directories systemd makes, owned by ``User=``, writable under
``ProtectSystem=strict``, and where each makes them (a system service's)."""
SPECIFIERS = MappingProxyType(
    {"t": "/run", "S": "/var/lib", "C": "/var/cache", "L": "/var/log", "%": "%"}
)
"""The specifiers (``%t``) a system unit may write those directories' roots with."""
LGPIO_DIRECTORY = "LG_WD"


def _expand(value: str) -> str:
    return re.sub(r"%(.)", lambda found: SPECIFIERS.get(found[1], found[0]), value)


def assignments(text: str) -> list[tuple[str, str, str]]:
    """(section, key, value) of every assignment of a unit file in order, as systemd
    reads one: ``#`` and ``;`` start comments and a trailing backslash continues a
    line."""
    found: list[tuple[str, str, str]] = []
    section: str | None = None
    pending = ""
    for raw in text.splitlines():
        stripped = raw.strip()
        if stripped[:1] in ("#", ";"):
            continue  # a comment, even inside a continued line
        line = pending + stripped
        if line.endswith("\\"):
            pending = line[:-1] + " "
            continue
        pending = ""
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        key, has_value, value = line.partition("=")
        if section is not None and has_value:
            found.append((section, key.strip(), value.strip()))
    return found


@dataclass(frozen=True, slots=True)
class ServiceUnit:
    """The ``[Service]`` settings of a unit and its drop-ins, merged as systemd merges
    them: each assignment adds to the list of its key, an empty one empties it."""

    path: Path
    service: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def from_text(cls, path: Path, *texts: str) -> ServiceUnit:
        """The unit at ``path`` whose file and drop-ins, in order, read ``texts``."""
        merged: dict[str, list[str]] = {}
        for text in texts:
            for section, key, value in assignments(text):
                if section != "Service":
                    continue
                values = merged.setdefault(key, [])
                if value:
                    values.append(value)
                else:
                    values.clear()  # an empty assignment resets the list (Environment=)
        return cls(path, {key: tuple(values) for key, values in merged.items() if values})

    @classmethod
    def read(cls, path: Path) -> ServiceUnit:
        """The unit file and its drop-ins (``<unit>.d/*.conf``, in name order, as
        ``systemctl edit`` writes them). Raises OSError if the unit cannot be read."""
        texts = [path.read_text(encoding="utf-8")]
        drop_ins = path.with_name(path.name + ".d")
        texts += [conf.read_text(encoding="utf-8") for conf in sorted(drop_ins.glob("*.conf"))]
        return cls.from_text(path, *texts)

    def last(self, key: str) -> str | None:
        """A single-valued setting: the last assignment wins."""
        values = self.service.get(key, ())
        return values[-1] if values else None

    @property
    def user(self) -> str | None:
        return self.last("User")

    @property
    def protect_system(self) -> str:
        return (self.last("ProtectSystem") or "no").lower()

    def environment(self) -> dict[str, str]:
        """``Environment=`` lines (quoted as the shell quotes), the later winning."""
        variables: dict[str, str] = {}
        for line in self.service.get("Environment", ()):
            for assignment in shlex.split(line):
                name, has_value, value = assignment.partition("=")
                if has_value:
                    variables[name] = _expand(value)
        return variables

    def working_directory(self) -> PurePosixPath | None:
        """Where the service starts: ``/`` when unset; None for ``~`` (the user's home,
        which this unit's ``ProtectHome=`` hides anyway)."""
        value = self.last("WorkingDirectory")
        if value is None:
            return PurePosixPath("/")
        value = _expand(value.removeprefix("-"))
        return None if value.startswith("~") else PurePosixPath(posixpath.normpath(value))

    def lgpio_directory(self) -> PurePosixPath | None:
        """Where lgpio makes its notification FIFO under this unit (lguGetWorkDir)."""
        start = self.working_directory()
        chosen = self.environment().get(LGPIO_DIRECTORY)
        if chosen:
            if chosen.startswith("/"):
                return PurePosixPath(posixpath.normpath(chosen))
            return None if start is None else PurePosixPath(posixpath.normpath(start / chosen))
        return start

    def made_directories(self) -> dict[PurePosixPath, str]:
        """Each directory systemd makes for the service -> the setting that makes it
        (``RuntimeDirectory=kiban``). A ``name:link`` entry makes ``name``."""
        made: dict[PurePosixPath, str] = {}
        for key, root in MADE_DIRECTORIES.items():
            for line in self.service.get(key, ()):
                for entry in line.split():
                    name = entry.split(":", 1)[0]
                    made[root / _expand(name)] = f"{key}={name}"
        return made

    def lgpio_writable_by(self) -> str | None:
        """The setting that makes lgpio's directory the service's to write, None if
        nothing does (lgpio's import then fails under this unit)."""
        directory = self.lgpio_directory()
        if directory is None:
            return None
        for made, setting in self.made_directories().items():
            if directory == made or made in directory.parents:
                return setting
        return None
