"""The package's names are there when asked for, and the search is imported only then."""

from __future__ import annotations

import subprocess
import sys

import pytest

import engine.search


def test_every_name_of_the_package_comes_from_its_module() -> None:
    for name in engine.search.__all__:
        value = getattr(engine.search, name)
        home = sys.modules[value.__module__] if hasattr(value, "__module__") else None
        assert home is None or getattr(home, name) is value
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        engine.search.nothing  # noqa: B018 - the attribute asked for is the test


def test_the_small_modules_do_not_import_the_search() -> None:
    """The session reads the levels and a move's quality on every board; the search
    itself (alpha-beta, the players) is imported by the first name that needs it."""
    probe = (
        "import sys\n"
        "import engine.search.levels, engine.search.types, engine.search.judge\n"
        "before = 'engine.search.play' in sys.modules\n"
        "from engine.search import analyse\n"
        "print(before, 'engine.search.play' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True"]
