"""The shell commands README.md and docs/*.md show, found by one convention
(README.md, "Commands in the docs"), and the shown output each is checked against.

The convention is kept small so that a reader and this module agree on what a
command is: every line of a ``sh``/``bash``/``shell`` block, and every ``$ `` line of
any block (a ``console`` block's, with the lines after it as the output the doc
shows). A block with no language whose lines start like a command is refused, so a
command cannot slip out of the runner by an untagged fence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN_LANGUAGES = frozenset({"sh", "bash", "shell"})
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
# What a line typed at a shell begins with, in these docs: an untagged block starting
# a line so is a command missing its tag (``sh``, ``console``) or a synopsis (``text``).
COMMAND_WORDS = re.compile(
    r"^\s*(\$ )?(kiban|make|sudo|nice|python3?|valgrind|callgrind_annotate|mosquitto|"
    r"journalctl|systemctl|git|pip|echo|cd|tools/\S+|\.venv/\S+)(\s|$)"
)
ELISION = "..."


@dataclass(frozen=True)
class DocCommand:
    """One command as a doc shows it: where, the command (continuations joined, its
    trailing comment dropped), and the output shown after it (None: none shown)."""

    source: str
    line: int
    command: str
    shown: tuple[str, ...] | None


@dataclass(frozen=True)
class UntaggedCommand:
    """A block without a language whose line reads as a command."""

    source: str
    line: int
    text: str


def documents() -> tuple[Path, ...]:
    return (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))


def _blocks(text: str) -> list[tuple[int, str, list[str]]]:
    """Each fenced block: the line number of its first body line, its language, its
    body (the fence's own indent removed)."""
    blocks: list[tuple[int, str, list[str]]] = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        opened = FENCE.match(lines[index])
        index += 1
        if opened is None:
            continue
        indent, language = len(opened.group(1)), opened.group(2)
        first = index + 1
        body: list[str] = []
        while index < len(lines) and not re.match(r"^\s*```\s*$", lines[index]):
            body.append(lines[index][indent:] if lines[index][:indent].isspace() else lines[index])
            index += 1
        index += 1
        blocks.append((first, language, body))
    return blocks


def _strip_comment(line: str) -> str:
    """The line without a trailing ``# ...`` comment outside quotes."""
    quote = ""
    for position, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (position == 0 or line[position - 1].isspace()):
            return line[:position].rstrip()
    return line.rstrip()


def _joined(body: list[str], first: int) -> list[tuple[int, str]]:
    """The block's logical lines: ``\\`` continuations joined, each with its line."""
    joined: list[tuple[int, str]] = []
    pending = ""
    start = first
    for offset, raw in enumerate(body):
        if not pending:
            start = first + offset
        line = raw.rstrip()
        if line.endswith("\\"):
            pending += line[:-1].strip() + " "
            continue
        joined.append((start, (pending + line.strip()).strip()))
        pending = ""
    if pending:
        joined.append((start, pending.strip()))
    return joined


def commands_in(path: Path, root: Path = ROOT) -> tuple[list[DocCommand], list[UntaggedCommand]]:
    source = str(path.relative_to(root))
    found: list[DocCommand] = []
    untagged: list[UntaggedCommand] = []
    for first, language, body in _blocks(path.read_text(encoding="utf-8")):
        logical = _joined(body, first)
        if any(line.startswith("$ ") for _, line in logical):
            found.extend(_prompted(source, logical))
        elif language in RUN_LANGUAGES:
            for line_number, line in logical:
                command = _strip_comment(line)
                if command and not command.startswith("#!"):
                    found.append(DocCommand(source, line_number, command, None))
        elif language == "":
            untagged.extend(
                UntaggedCommand(source, number, line)
                for number, line in logical
                if COMMAND_WORDS.match(line)
            )
    return found, untagged


def _prompted(source: str, logical: list[tuple[int, str]]) -> list[DocCommand]:
    """A block of ``$ command`` lines, each followed by the output it shows."""
    found: list[DocCommand] = []
    command: tuple[int, str] | None = None
    shown: list[str] = []
    for line_number, line in logical:
        if line.startswith("$ "):
            if command is not None:
                found.append(DocCommand(source, command[0], command[1], tuple(shown)))
            command, shown = (line_number, _strip_comment(line[2:])), []
        elif command is not None:
            shown.append(line)
    if command is not None:
        found.append(DocCommand(source, command[0], command[1], tuple(shown)))
    return found


def all_commands() -> tuple[list[DocCommand], list[UntaggedCommand]]:
    found: list[DocCommand] = []
    untagged: list[UntaggedCommand] = []
    for path in documents():
        commands, loose = commands_in(path)
        found.extend(commands)
        untagged.extend(loose)
    return found, untagged


def matches(shown: tuple[str, ...], printed: list[str]) -> bool:
    """Whether ``printed`` is what the doc shows: line for line, where a line ``...``
    stands for any number of lines and a line ending in ``...`` for any line that
    begins with what comes before it; trailing spaces are not compared."""
    want = [line.rstrip() for line in shown]
    have = [line.rstrip() for line in printed]
    return _match(want, have)


def _match(want: list[str], have: list[str]) -> bool:
    if not want:
        return not have
    head, rest = want[0], want[1:]
    if head == ELISION:
        return any(_match(rest, have[skip:]) for skip in range(len(have) + 1))
    if not have:
        return False
    if head.endswith(ELISION):
        fits = have[0].startswith(head[: -len(ELISION)].rstrip())
    else:
        fits = have[0] == head
    return fits and _match(rest, have[1:])
