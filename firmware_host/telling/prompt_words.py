"""A prompt in words: what it asks (its heading) and each choice's label beside its
notation ("promote the chick (2b2a+)", "white token (w@C2)").

The notation stays what the wire and ``select`` use; these words are only shown. A move
is named in the game's own words for it as a choice (``spoken_moves.py``); a game without
words for its moves shows its notation alone.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from engine.game import Position
from firmware_host.session.state import (
    AcceptChoice,
    DeclineChoice,
    HeldChoice,
    PlayOnChoice,
    PuzzleChoice,
    SetDownChoice,
    TakebackChoice,
)
from firmware_host.telling.language import N_, Language, translated
from firmware_host.telling.spoken_moves import choice_said, told_in

CHOICE_NAMES = (
    N_("takeback"),
    N_("play on"),
    N_("accept"),
    N_("decline"),
    N_("only set down"),
    N_("still in the hand"),
    N_("confirm the result"),
    N_("not agreed"),
)
"""The named choices' names (``NamedChoice.NAME``), msgids for a prompt's labels."""


def choice_label(
    position: Position[Any], choice: Hashable, language: Language = Language.ENGLISH
) -> str:
    """A prompt's choice in words with its notation beside it, in ``language`` (a move
    in the game's own words for it as a choice, ``choice_said``); the takeback and
    play-on choices by their names."""
    return told_in(choice_said(position, choice), position, language.value)


def choice_labels(
    position: Position[Any], choices: Sequence[Hashable], language: Language = Language.ENGLISH
) -> tuple[str, ...]:
    return tuple(choice_label(position, choice, language) for choice in choices)


def prompt_heading(choices: Sequence[str], language: Language = Language.ENGLISH) -> str:
    """What a prompt asks, as its heading says it in ``language`` (``heading_msgid``)."""
    return translated(heading_msgid(choices), language)


def heading_msgid(choices: Sequence[str]) -> str:
    """What a prompt asks, a msgid: whether to promote, which piece is dropped, which
    token it is, whether to take a move back, ... (the choices, by name, below it)."""
    names = set(choices)
    takeback, play_on = TakebackChoice.NAME, PlayOnChoice.NAME
    if len(choices) == 2 and f"{min(choices, key=len)}+" == max(choices, key=len):
        msgid = N_("Promote?")
    elif names == {takeback, play_on}:
        msgid = N_("Take it back?")
    elif names == {PuzzleChoice.NAME, play_on}:
        msgid = N_("A puzzle?")
    elif names == {AcceptChoice.NAME, DeclineChoice.NAME}:
        msgid = N_("The other board asks")
    elif SetDownChoice.NAME in names:
        msgid = N_("Played, or only set down?")
    elif HeldChoice.NAME in names:
        msgid = N_("Played, or still in the hand?")
    elif all("*" in choice for choice in choices):
        msgid = N_("Which piece is dropped?")
    elif all("@" in choice for choice in choices):
        msgid = N_("Which token?")
    else:
        msgid = N_("Which move?")
    return msgid
