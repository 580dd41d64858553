"""A systemd unit read as systemd reads it, for where lgpio would make its FIFO under it
and whether the unit makes that directory the service's (systemd.exec(5))."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from firmware_host.tools.desk.service_unit import ServiceUnit, assignments

HEAD = "[Unit]\nDescription=x\n\n[Service]\nUser=kiban\nProtectSystem=strict\n"


def unit(*texts: str) -> ServiceUnit:
    return ServiceUnit.from_text(Path("/etc/systemd/system/kiban.service"), *texts)


def test_comments_continuations_and_sections_are_read_as_systemd_reads_them() -> None:
    text = (
        "# a comment\n[Unit]\nDescription=x\n[Service]\n; another\n"
        "Environment=A=1\\\n# inside a continuation\n  B=2\nExecStart=/bin/true\n"
    )
    assert assignments(text) == [
        ("Unit", "Description", "x"),
        ("Service", "Environment", "A=1 B=2"),
        ("Service", "ExecStart", "/bin/true"),
    ]


def test_without_a_working_directory_lgpio_writes_to_the_read_only_root() -> None:
    """systemd.exec(5): a system service without WorkingDirectory= runs in /, which
    ProtectSystem=strict mounts read-only: nothing makes it the service's."""
    bare = unit(HEAD + "StateDirectory=kiban\n")
    assert bare.working_directory() == PurePosixPath("/")
    assert bare.lgpio_directory() == PurePosixPath("/")
    assert bare.lgpio_writable_by() is None


def test_lg_wd_wins_over_the_working_directory_and_may_be_relative() -> None:
    """lguGetWorkDir: $LG_WD as it is when absolute, else under the working directory."""
    absolute = unit(HEAD + "StateDirectory=kiban\nEnvironment=LG_WD=/var/lib/kiban\n")
    assert absolute.lgpio_writable_by() == "StateDirectory=kiban"
    relative = unit(
        HEAD + "StateDirectory=kiban\nWorkingDirectory=/var/lib\nEnvironment=LG_WD=kiban/gpio\n"
    )
    assert relative.lgpio_directory() == PurePosixPath("/var/lib/kiban/gpio")
    assert relative.lgpio_writable_by() == "StateDirectory=kiban"
    outside = unit(HEAD + "RuntimeDirectory=kiban\nEnvironment=LG_WD=/run\n")
    assert outside.lgpio_writable_by() is None  # /run itself is not the service's


def test_specifiers_prefixes_links_and_quoted_environments() -> None:
    text = (
        HEAD + "RuntimeDirectory=other kiban:kiban-link\nWorkingDirectory=-%t/kiban\n"
        'Environment="PYTHONUNBUFFERED=1" "LG_WD=%t/kiban"\n'
    )
    parsed = unit(text)
    assert parsed.working_directory() == PurePosixPath("/run/kiban")
    assert parsed.environment() == {"PYTHONUNBUFFERED": "1", "LG_WD": "/run/kiban"}
    assert parsed.made_directories() == {
        PurePosixPath("/run/other"): "RuntimeDirectory=other",
        PurePosixPath("/run/kiban"): "RuntimeDirectory=kiban",
    }
    assert parsed.lgpio_writable_by() == "RuntimeDirectory=kiban"


def test_a_home_working_directory_is_not_the_services() -> None:
    assert unit(HEAD + "WorkingDirectory=~\nStateDirectory=kiban\n").lgpio_writable_by() is None


def test_a_drop_in_is_merged_after_the_unit_and_an_empty_assignment_resets() -> None:
    """``systemctl edit kiban`` writes a drop-in; ``Environment=`` empties the list."""
    fixed = (
        HEAD + "RuntimeDirectory=kiban\nWorkingDirectory=/run/kiban\nEnvironment=LG_WD=/run/kiban\n"
    )
    broken = unit(fixed, "[Service]\nEnvironment=\nEnvironment=A=1\nWorkingDirectory=/\n")
    assert broken.environment() == {"A": "1"}
    assert broken.lgpio_directory() == PurePosixPath("/")
    assert broken.lgpio_writable_by() is None


def test_a_unit_is_read_with_its_drop_ins(tmp_path: Path) -> None:
    path = tmp_path / "kiban.service"
    path.write_text(HEAD + "StateDirectory=kiban\n")
    (tmp_path / "kiban.service.d").mkdir()
    (tmp_path / "kiban.service.d" / "50-gpio.conf").write_text(
        "[Service]\nWorkingDirectory=/var/lib/kiban\n"
    )
    read = ServiceUnit.read(path)
    assert read.user == "kiban" and read.protect_system == "strict"
    assert read.lgpio_writable_by() == "StateDirectory=kiban"
