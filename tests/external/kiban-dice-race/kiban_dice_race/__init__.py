"""Sprint, a dice race for Kiban in a package of its own: installed beside Kiban, it is
found by its entry point in ``kiban.games`` and played on the page and the terminal like
Kiban's own games (its rules: ``kiban_dice_race.rules``)."""

from kiban_dice_race.game import SprintGame

SPRINT = SprintGame()
"""The game, as the entry point names it."""

__all__ = ["SPRINT", "SprintGame"]
