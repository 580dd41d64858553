"""The spectator page's own words (static/spectator.html and spectator.js), served in
the page's language with the board page's (``page_words.py``), as words.js asks for
them (``/words?language=ja``): the same catalogues, no sentence written twice."""

from __future__ import annotations

from firmware_host.telling.language import N_, Language, translated
from firmware_host.web.words.page_words import page_words

SPECTATOR_WORDS: tuple[str, ...] = (
    N_("Live games"),
    N_("the room's tables"),
    N_("in the hall: live"),
    N_("outside the hall: a little behind the boards"),
    N_("waiting for the room…"),
    N_("the room cannot be reached: trying again…"),
    N_("no game is being played yet"),
    N_("Table {number}"),
    N_("last move: {move}"),
    N_("moves: {count}"),
    N_("to move"),
    N_("no player named"),
    N_("the table shown"),
    N_("every table"),
    N_("moves"),
    N_("the table's record:"),
    N_("show this table on another page:"),
    N_("handicap or variant: {variant}"),
)
"""Every English word of the spectator page (its HTML's and its script's)."""


def spectator_words(language: Language) -> dict[str, str]:
    """The spectator page's words in ``language`` by their English, the board page's
    among them (the clocks' byoyomi, the language menu)."""
    if language is Language.ENGLISH:
        return {}
    own = {msgid: translated(msgid, language) for msgid in SPECTATOR_WORDS}
    return page_words(language) | own
