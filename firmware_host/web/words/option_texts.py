"""The new-game dialog's words in every language: each rule option's name, help and
choices, and the palettes' names.

The engine names its options in English (``OptionSpec``, pure, as the rules' words
are); telling/language.py collects them as msgids (``option_msgids``), so the
catalogue tells them as it tells a claim's title. A choice that is a number stays
as it is, and one that names a seat (Chaturaji's first mover) is the seat in the
game's own words for the language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from types import MappingProxyType
from typing import Any

from engine.game import Game
from engine.options import OptionSpec
from firmware_host.telling.language import N_, Language, choice_is_word, translated
from firmware_host.web.words.page_texts import in_languages, seat_said

Json = dict[str, Any]

PALETTE_NAMES: Mapping[str, str] = MappingProxyType(
    {"default": N_("default"), "colour-blind": N_("colour-blind")}
)
"""The legend's palettes (telling/legend.py ``PALETTES``), as msgids."""


def choice_said(game: Game[Any], choice: str, language: Language) -> str:
    """An option's choice in ``language``: a word told, a seat in the game's words, a
    number as it is."""
    if choice_is_word(game, choice):
        return translated(choice, language)
    return seat_said(game, choice, language)


def option_json(game: Game[Any], spec: OptionSpec) -> Json:
    """A rule option of ``game`` as the dialog offers it, its name, help and choices
    in every language but English too (``..._in``)."""
    return {
        "name": spec.name,
        "name_in": in_languages(partial(translated, spec.name)),
        "default": spec.default,
        "help": spec.help,
        "help_in": in_languages(partial(translated, spec.help)),
        "choices": list(spec.choices),
        "choices_in": {
            choice: in_languages(partial(choice_said, game, choice)) for choice in spec.choices
        },
        "minimum": spec.minimum,
        "maximum": spec.maximum,
    }


def palettes_in(palettes: Sequence[str]) -> dict[str, dict[str, str]]:
    """Each palette's name in every language but English, by its name."""
    return {
        name: in_languages(partial(translated, PALETTE_NAMES.get(name, name))) for name in palettes
    }
