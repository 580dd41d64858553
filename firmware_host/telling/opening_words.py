"""The opening draw told in a language: who moves first, and what fell.

The draw is data (``engine.opening.DrawResult``) until it is told here, so a count
of pawns is told in the plural form its number takes in the language ("1 pawn",
"2 pawns"; Polish "1 pionek", "2 pionki", "5 pionków").
"""

from __future__ import annotations

from engine.opening import DrawResult, FirstPlayerDraw
from engine.said import NP_, Said, plural_said, said
from firmware_host.telling.language import N_, Language
from firmware_host.telling.said import told

TOKIN = NP_("{count} tokin", "{count} tokin")
"""The pawns that fell tokin up (the word is the same for one and many in English)."""
PAWNS = NP_("{count} pawn", "{count} pawns")
"""The pawns that fell pawn up."""


def draw_said(drawn: DrawResult) -> Said:
    """The opening draw as what is said: what fell and who moves first."""
    if drawn.kind is FirstPlayerDraw.FURIGOMA:
        msgid = (
            N_("furigoma: {tokin}, {pawns}: the tosser (bottom) plays first")
            if drawn.seat0_side_starts
            else N_("furigoma: {tokin}, {pawns}: the tosser's opponent (top) plays first")
        )
        tokin = sum(drawn.tosses)
        pawns = len(drawn.tosses) - tokin
        return said(msgid, tokin=plural_said(TOKIN, tokin), pawns=plural_said(PAWNS, pawns))
    if drawn.seat0_side_starts:
        return said(N_("drawn by lot: the player at the bottom moves first"))
    return said(N_("drawn by lot: the player at the top moves first"))


def draw_text(drawn: DrawResult, language: Language = Language.ENGLISH) -> str:
    """The opening draw in ``language``: what fell and who moves first."""
    return told(draw_said(drawn), language)
