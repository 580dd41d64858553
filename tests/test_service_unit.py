"""systemd/kiban.service under the conditions it makes: the user, a read-only system, and
a working directory where lgpio, gpiozero's pin factory on a Pi, can load.

lgpio 0.2.2 makes a FIFO when it is imported, in $LG_WD or else the working directory,
and its import fails (FileNotFoundError: '.lgd-nfy-3') where it cannot
(firmware_host/tools/desk/service_unit.py gives the sources). The unit's directories are
rebuilt under a temporary root: everything read-only as ProtectSystem=strict leaves it,
but the directories systemd makes for the service, owned by the user that stands in for
``kiban``. Then lgpio's import is run there as that user: lgpio itself where the
interpreter has it (a Pi with the pi extra), else a script that makes the same system
calls in the same order (chdir, mkfifo, open, then Python's open of the name), so the
kernel, not a model, decides what the user may write.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import pytest

from firmware_host.tools.desk.service_unit import MADE_DIRECTORIES, ServiceUnit

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "systemd" / "kiban.service"
SYSTEMD_ANALYZE = Path("/usr/bin/systemd-analyze")
LINES_OF_ISSUE_61 = ("WorkingDirectory=/run/kiban\n", "Environment=LG_WD=/run/kiban\n")

LGPIO_STEPS = """
import contextlib, os
# lguGetWorkDir (lgUtil.c): $LG_WD, relative to the working directory, or the working
# directory; the process moves there (a failed chdir is only logged)
chosen = os.environ.get("LG_WD")
directory = os.path.join(os.getcwd(), chosen) if chosen else os.getcwd()
with contextlib.suppress(OSError):
    os.chdir(directory)
# lgNotifyOpenWithSize (lgNotify.c): unlink, mkfifo 0664, open O_RDWR|O_NONBLOCK; a
# failed open makes the handle LG_BAD_PATHNAME (-3)
fifo = os.path.join(directory, ".lgd-nfy0")
with contextlib.suppress(OSError):
    os.unlink(fifo)
with contextlib.suppress(OSError):
    os.mkfifo(fifo, 0o664)
try:
    held = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)
    handle = 0
except OSError:
    handle = -3
# _callback_thread (lgpio_extra.py): open('.lgd-nfy{}'.format(handle), 'rb')
open(".lgd-nfy{}".format(handle), "rb")
"""
"""lgpio's import, step by step, for an interpreter without lgpio (this machine)."""


@dataclass(frozen=True)
class Runner:
    """How to run a command as an unprivileged user, and which interpreter it can run."""

    prefix: tuple[str, ...]
    uid: int
    gid: int
    python: str
    real_lgpio: bool


def _unprivileged_prefix() -> tuple[tuple[str, ...], int, int] | None:
    """As ``nobody`` when root (where permission bits stop nothing), else as oneself."""
    if os.geteuid() != 0:
        return (), os.getuid(), os.getgid()
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        return None
    ids = (nobody.pw_uid, nobody.pw_gid)
    if shutil.which("setpriv"):
        drop = ("setpriv", f"--reuid={ids[0]}", f"--regid={ids[1]}", "--clear-groups", "--")
        return drop, *ids
    if shutil.which("runuser"):
        return ("runuser", "-u", "nobody", "--"), *ids
    return None


def _runner() -> Runner | None:
    found = _unprivileged_prefix()
    if found is None:
        return None
    prefix, uid, gid = found
    for python in dict.fromkeys((sys.executable, "/usr/bin/python3", shutil.which("python3"))):
        if python is None:
            continue
        probe = (
            "import importlib.util, sys; sys.exit(7 if importlib.util.find_spec('lgpio') else 0)"
        )
        done = subprocess.run(
            [*prefix, python, "-I", "-c", probe], capture_output=True, cwd="/", check=False
        )
        if done.returncode in (0, 7):
            return Runner(prefix, uid, gid, python, real_lgpio=done.returncode == 7)
    return None


@pytest.fixture(scope="module")
def runner() -> Runner:
    found = _runner()
    if found is None:
        pytest.skip(
            "no unprivileged user to run lgpio's import as (root without setpriv or runuser, "
            "or no interpreter it may run): only the unit's rule is checked, by "
            "test_the_unit_runs_as_kiban_with_lgpio_in_a_directory_it_may_write"
        )
    return found


@contextmanager
def temporary_root() -> Iterator[Path]:
    """A directory standing for /, which everyone may enter."""
    path = Path(tempfile.mkdtemp(prefix="kiban-root-"))
    path.chmod(0o755)
    try:
        yield path
    finally:
        for directory, _, _ in os.walk(path):
            Path(directory).chmod(0o755)  # a read-only tree is removed once writable
        shutil.rmtree(path)


def unit_before_issue_61() -> ServiceUnit:
    text = UNIT.read_text()
    for line in LINES_OF_ISSUE_61:
        text = text.replace(line, "")
    return ServiceUnit.from_text(UNIT, text)


def lgpio_import_under(
    unit: ServiceUnit, root: Path, runner: Runner
) -> subprocess.CompletedProcess[str]:
    """lgpio's import as the unit runs it, with ``root`` for /: the directories systemd
    makes are made and given to the runner's user (with their ``...Mode=``); every other
    directory stays read-only to that user."""
    given: set[Path] = set()
    for made in unit.made_directories():
        key = next(key for key, base in MADE_DIRECTORIES.items() if base in made.parents)
        directory = root / made.relative_to("/")
        directory.mkdir(parents=True, exist_ok=True)
        os.chown(directory, runner.uid, runner.gid)
        directory.chmod(int(unit.last(f"{key}Mode") or "0755", 8))
        given.add(directory)
    start = unit.working_directory()
    assert start is not None
    cwd = root / start.relative_to("/")
    cwd.mkdir(parents=True, exist_ok=True)
    for walked, _, _ in os.walk(root):
        if not given & {Path(walked), *Path(walked).parents}:
            Path(walked).chmod(0o555)  # read-only to all but root, as strict leaves it
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    chosen = unit.environment().get("LG_WD")
    if chosen:
        moved = PurePosixPath(chosen)
        environment["LG_WD"] = str(root / moved.relative_to("/")) if moved.is_absolute() else chosen
    code = "import lgpio" if runner.real_lgpio else LGPIO_STEPS
    return subprocess.run(
        [*runner.prefix, runner.python, "-I", "-c", code],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_unit_runs_as_kiban_with_lgpio_in_a_directory_it_may_write() -> None:
    """The unit's rule, read from the file: user ``kiban``, ``ProtectSystem=strict``, and
    lgpio's directory (``LG_WD``, the working directory) inside a directory systemd makes
    for the service, which the process also starts in, so lgpio's chdir moves nothing."""
    unit = ServiceUnit.read(UNIT)
    assert unit.user == "kiban"
    assert unit.protect_system == "strict"
    assert unit.environment()["LG_WD"] == "/run/kiban"
    assert unit.working_directory() == unit.lgpio_directory() == PurePosixPath("/run/kiban")
    assert unit.lgpio_writable_by() == "RuntimeDirectory=kiban"
    assert unit_before_issue_61().lgpio_writable_by() is None


def test_lgpio_loads_under_the_unit_and_did_not_before_issue_61(runner: Runner) -> None:
    """The same import, as an unprivileged user on the unit's read-only tree: it makes
    its FIFO in /run/kiban under the unit, and fails as on a Pi where nothing gives it a
    directory (FileNotFoundError: '.lgd-nfy-3', the failure issue 61 reproduced)."""
    what = "lgpio" if runner.real_lgpio else "lgpio's steps (no lgpio here)"
    with temporary_root() as root:
        now = lgpio_import_under(ServiceUnit.read(UNIT), root, runner)
        assert now.returncode == 0, f"{what} under the unit: {now.stderr}"
        fifo = root / "run" / "kiban" / ".lgd-nfy0"
        assert fifo.is_fifo() and fifo.stat().st_uid == runner.uid
    with temporary_root() as root:
        then = lgpio_import_under(unit_before_issue_61(), root, runner)
        assert then.returncode != 0, f"{what} in a read-only / did not fail"
        assert "FileNotFoundError" in then.stderr and "'.lgd-nfy-3'" in then.stderr, then.stderr


@pytest.mark.skipif(not SYSTEMD_ANALYZE.exists(), reason="no /usr/bin/systemd-analyze here")
def test_systemd_analyze_verifies_the_unit_without_a_word(tmp_path: Path) -> None:
    """``systemd-analyze verify`` on a copy whose ExecStart names a binary that exists
    here (the service's venv does not): any line about the unit fails the test."""
    text = UNIT.read_text()
    start = next(line for line in text.splitlines() if line.startswith("ExecStart="))
    command = start.removeprefix("ExecStart=").split(" ", 1)
    copy = tmp_path / "kiban.service"
    copy.write_text(text.replace(start, f"ExecStart={sys.executable} {command[1]}"))
    done = subprocess.run(
        [str(SYSTEMD_ANALYZE), "verify", str(copy)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    said = [line for line in (done.stdout + done.stderr).splitlines() if "kiban" in line]
    assert done.returncode == 0 and not said, done.stdout + done.stderr
