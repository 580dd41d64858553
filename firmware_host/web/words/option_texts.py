"""The new-game dialog's words as values the page tells: each rule option's name,
help and choices, the palettes' and the levels' names.

The engine names its options in English (``OptionSpec``, pure, as the rules' words
are); telling/msgids.py collects them as msgids (``option_msgids``), so the
catalogue tells them as it tells a claim's title. A choice that is a number stays
as it is, and one that names a seat (Chaturaji's first mover) is the seat, told in
the game's own words. Each is written as its value (``..._said``), told in the page's
language at its edge (``told_for_page``) by telling/rendering.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.game import Game
from engine.options import OptionSpec
from engine.said import SeatWord, Term, Value
from engine.search.levels import Level
from firmware_host.telling.language import N_
from firmware_host.telling.msgids import choice_is_word
from firmware_host.web.words.board_words import alone_record
from firmware_host.web.words.page_texts import LEVEL_NAMES

Json = dict[str, Any]

PALETTE_NAMES: Mapping[str, str] = MappingProxyType(
    {"default": N_("default"), "colour-blind": N_("colour-blind")}
)
"""The legend's palettes (telling/legend.py ``PALETTES``), as msgids."""


def choice_value(game: Game[Any], choice: str) -> Value:
    """An option's choice as a value: a word of the catalogue's, a seat (by its name,
    whole or without its brackets: its English kept as the choice says it), or a
    number as it is."""
    if choice_is_word(game, choice):
        return Term(choice)
    for index, seat in enumerate(game.seats):
        if choice in (seat.name, seat.name.split(" (")[0]):
            return SeatWord(index, choice)
    return choice


def option_json(game: Game[Any], spec: OptionSpec) -> Json:
    """A rule option of ``game`` as the dialog offers it: its name (the key it is set
    by, and as a value the page tells), its help and its choices' names as values
    (``..._said``) the page tells in its language."""
    return {
        "name": spec.name,
        "name_said": alone_record(Term(spec.name)),
        "default": spec.default,
        "help_said": alone_record(Term(spec.help)),
        "choices": list(spec.choices),
        "choice_names_said": {
            choice: alone_record(choice_value(game, choice)) for choice in spec.choices
        },
        "minimum": spec.minimum,
        "maximum": spec.maximum,
    }


def palettes_said(palettes: Sequence[str]) -> dict[str, Json]:
    """Each palette's name as the value the page tells, by its name."""
    return {name: alone_record(Term(PALETTE_NAMES.get(name, name))) for name in palettes}


def level_json(level: Level) -> Json:
    """A level of the computer as the dialog offers it: its number, and its name in
    English and as the value the page tells."""
    return {
        "number": level.number,
        "name": level.name,
        "name_said": alone_record(Term(LEVEL_NAMES.get(level.name, level.name))),
    }
