"""The checks' settings keep their promise: nothing is exempt by file or by package.

`make lint` and `make typecheck` pass whatever `pyproject.toml` lets through, so an
exemption added back there would go unseen; these read the settings themselves
(docs/architecture.md, "Checks").
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def settings() -> dict[str, Any]:
    """`pyproject.toml`'s tool tables (TOML's values: any)."""
    tools: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]
    return tools


def test_the_tests_are_typed_as_strictly_as_the_code() -> None:
    mypy = settings()["mypy"]
    assert mypy["strict"] is True and mypy["warn_unreachable"] is True
    assert "tests" in mypy["packages"]
    relaxed = [
        module
        for override in mypy.get("overrides", [])
        for module in override["module"]
        if module == "tests" or module.startswith("tests.")
    ]
    assert relaxed == []


def test_no_file_is_exempt_from_a_lint_rule() -> None:
    ruff = settings()["ruff"]
    assert "per-file-ignores" not in ruff
    assert "per-file-ignores" not in ruff.get("lint", {})
