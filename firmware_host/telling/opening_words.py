"""The opening draw told in a language: who moves first, and what fell (said once,
``engine.opening.draw_said``)."""

from __future__ import annotations

from engine.opening import DrawResult, draw_said
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told


def draw_text(drawn: DrawResult, language: Language = Language.ENGLISH) -> str:
    """The opening draw in ``language``: what fell and who moves first."""
    return told(draw_said(drawn), language)
