"""Every document the project's files point to exists, and none is promised as coming:
the README, the docs, the profiles' comments and the service's notes name
``docs/...`` files and link to others by relative paths, and each one is there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted(
    [
        ROOT / "README.md",
        ROOT / "CHANGELOG.md",
        *(ROOT / "docs").glob("*.md"),
        *(ROOT / "hardware" / "profiles").glob("*.toml"),
        *(ROOT / "systemd").glob("*"),
    ]
)
NAMED = re.compile(r"(?<![\w/.])((?:docs|systemd|hardware/profiles)/[\w./-]+\.(?:md|toml|service))")
LINKED = re.compile(r"\]\(([^)#:\s]+)(?:#[^)]*)?\)")  # a relative Markdown link


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_document_named_or_linked_exists(source: Path) -> None:
    text = source.read_text(encoding="utf-8")
    for named in NAMED.findall(text):
        assert (ROOT / named).exists(), f"{source.name} names {named}, which is missing"
    if source.suffix == ".md":
        for linked in LINKED.findall(text):
            assert (source.parent / linked).exists(), f"{source.name} links to {linked}"
    assert "(coming)" not in text, f"{source.name} promises a document as coming"
