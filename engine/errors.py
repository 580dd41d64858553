"""The one root of every error Kiban raises on purpose.

Each subclass also inherits the builtin a caller would naturally catch, so code
written against plain Python (``except ValueError``) keeps working.
"""

from __future__ import annotations


class KibanError(Exception):
    """Root of all Kiban errors."""


class NotationError(KibanError, ValueError):
    """A position or move text that cannot be read; the message says what is wrong."""


class IllegalMoveError(KibanError, ValueError):
    """A well-formed move that the rules forbid in this position."""


class UnknownGameError(KibanError, LookupError):
    """No game is registered under that name or alias."""


class VariantError(KibanError, ValueError):
    """An unknown rule option, or a value the option does not take."""


class GameOverError(KibanError, RuntimeError):
    """A move was offered after the game had ended."""


class ClaimError(KibanError, ValueError):
    """A claim to end the game (shogi's impasse count) that does not hold here."""


class UnknownClaimError(ClaimError, LookupError):
    """A claim the game does not have: nothing in its rules ends a game that way."""


class NoPassError(KibanError, TypeError):
    """A pass asked of a game whose search may not pass: only the games that declare
    passing never helps (``Game.passing_never_helps``) hand the move over without one."""
