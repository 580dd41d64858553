"""The conformance kit: every check Kiban's own suite makes of every game, for a game's
package to run in its own tests, so that what passes here plays everywhere in Kiban.

Each check is a function of the game that raises ``AssertionError`` naming the
position, move or language at fault; ``sims`` (1 by default) is how many seeded random
games it plays for each setting of the game's options. With pytest, one line runs them
all, one test per check::

    from kiban.testing import kit
    from my_game import MY_GAME

    test_my_game = kit(MY_GAME)

and ``pytest --kiban-sims 20`` (or ``kiban_sims = 20`` in the ini file) runs them on
more random games; the plugin that reads it is installed with Kiban (``pytest11``).
Without pytest, ``for name, check in conformance_checks(MY_GAME): check(MY_GAME)``.
docs/games.md ("The kit") says what each check asks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.game import Game
from firmware_host.testing import SIMS, Check, conformance_checks

if TYPE_CHECKING:
    import pytest

__all__ = ["SIMS", "Check", "check_names", "conformance_checks", "kit"]


def check_names() -> tuple[str, ...]:
    """The name of every check of the kit, in the order it runs them."""
    return tuple(name for name, _ in conformance_checks())


def kit(game: Game[Any]) -> Callable[[Check, pytest.FixtureRequest], None]:
    """A pytest test of ``game`` for each check of the kit that applies to it (every
    one, but the recognition on a simulated board only for a game that ships one), each
    named by its check (``test_my_game[push-and-pop]``), playing as many random games as
    the run's ``--kiban-sims`` asks."""
    import pytest

    @pytest.mark.parametrize(
        "kiban_check",
        [pytest.param(check, id=name) for name, check in conformance_checks(game)],
    )
    def test_the_kit(kiban_check: Check, request: pytest.FixtureRequest) -> None:
        kiban_check(game, sims=sims_asked(request.config))

    return test_the_kit


def sims_asked(config: pytest.Config) -> int:
    """The random games per setting a run asks for: ``--kiban-sims``, else the ini
    file's ``kiban_sims``, else ``SIMS`` (also when the plugin is not loaded)."""
    given = config.getoption("kiban_sims", default=None)
    if given is None:
        try:
            written = config.getini("kiban_sims")
        except ValueError:  # the plugin is not loaded: no such ini key
            return SIMS
        given = int(written) if written else SIMS
    return int(given)
