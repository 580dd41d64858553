"""The opening draw told in a language: who moves first, and what fell.

The draw is data (``engine.opening.DrawResult``) until it is told here, so a count
of pawns is told in the plural form its number takes in the language ("1 pawn",
"2 pawns"; Polish "1 pionek", "2 pionki", "5 pionków").
"""

from __future__ import annotations

from engine.opening import DrawResult, FirstPlayerDraw
from firmware_host.telling.language import N_, NP_, Language, translated, translated_plural

TOKIN = NP_("{count} tokin", "{count} tokin")
"""The pawns that fell tokin up (the word is the same for one and many in English)."""
PAWNS = NP_("{count} pawn", "{count} pawns")
"""The pawns that fell pawn up."""


def draw_text(drawn: DrawResult, language: Language = Language.ENGLISH) -> str:
    """The opening draw in ``language``: what fell and who moves first."""
    if drawn.kind is FirstPlayerDraw.FURIGOMA:
        msgid = (
            N_("furigoma: {tokin}, {pawns}: the tosser (bottom) plays first")
            if drawn.seat0_side_starts
            else N_("furigoma: {tokin}, {pawns}: the tosser's opponent (top) plays first")
        )
        tokin = sum(drawn.tosses)
        pawns = len(drawn.tosses) - tokin
        return translated(msgid, language).format(
            tokin=translated_plural(TOKIN, tokin, language).format(count=tokin),
            pawns=translated_plural(PAWNS, pawns, language).format(count=pawns),
        )
    if drawn.seat0_side_starts:
        return translated(N_("drawn by lot: the player at the bottom moves first"), language)
    return translated(N_("drawn by lot: the player at the top moves first"), language)
