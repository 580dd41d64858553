"""Catalogues read: gettext's ``.po`` text as entries, and a game's own words in it.

A game's catalogue (``Game.catalogue``, engine/<game>/locale/<code>.po) translates the
msgids it marks and declares, and its seats' and pieces' words too, each in its
context (``msgctxt "seat"``, ``msgctxt "piece"``: "king" is one word in shogi and
another in Chaturaji, and a seat's name is no sentence). Reading one is pure: the
text in, the entries out; the telling room compiles Kiban's and the games' into
gettext's catalogues, and the game reads its own words here for its spoken moves.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Protocol

from engine.errors import KibanError

LANGUAGES = ("en", "ja", "pl", "cs", "fr")
"""The languages Kiban tells in, by ISO 639-1 code."""

CONTEXT = "\x04"
"""What joins an entry's context to its msgid in a catalogue's keys (gettext's EOT)."""
SEAT = "seat"
"""The context of a seat's word: its English name without what brackets add."""
PIECE = "piece"
"""The context of a piece's word: the game's English word for it (``Game.piece_names``)."""
MOVE = "move"
"""The context of the words of a game's moves: its ``move_msgids`` (``Said.context``)."""


class Catalogued(Hashable, Protocol):
    """What has a catalogue of its own: a game (``Game.catalogue``)."""

    @property
    def name(self) -> str: ...

    def catalogue(self, language: str) -> str | None: ...


class CatalogueError(KibanError, ValueError):
    """A catalogue cannot be read, or a language is not one told in."""


def in_context(context: str, msgid: str) -> str:
    """The key of ``msgid`` in ``context`` among a catalogue's entries."""
    return f"{context}{CONTEXT}{msgid}"


_STRING = re.compile(r'^"(.*)"$')
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(line: str) -> str:
    match = _STRING.match(line.strip())
    if match is None:
        raise CatalogueError(f"not a quoted string: {line[:80]!r}")
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), match.group(1))


_PLURAL_FORM = re.compile(r"^msgstr\[(\d+)\] ")


def read_po(text: str, source: str = "the catalogue") -> dict[str, str]:
    """The translated entries of a ``.po`` file (msgid to msgstr; the header under "";
    a plural entry under its two msgids joined by NUL, its forms joined by NUL, and an
    entry with a context under the context, EOT and the msgid, as gettext's binary
    form keeps them). Untranslated and fuzzy entries are left out, as msgfmt leaves
    them out, and so is a plural entry with a form missing. A line it cannot read is a
    ``CatalogueError`` naming ``source`` and the line."""
    entries: dict[str, str] = {}
    msgid: list[list[str]] = []  # the msgid, and the msgid_plural of a plural entry
    context: list[str] | None = None  # the msgctxt of an entry with one
    forms: dict[int, list[str]] = {}  # msgstr (as form 0), or msgstr[N]
    fuzzy = False
    current: list[str] | None = None

    def close() -> None:
        if not msgid or not forms or fuzzy:
            return
        texts = ["".join(forms[n]) for n in sorted(forms)]
        if all(texts) and sorted(forms) == list(range(len(forms))):
            key = "\0".join("".join(part) for part in msgid)
            key = key if context is None else "".join(context) + CONTEXT + key
            entries[key] = "\0".join(texts)

    for number, line in enumerate([*text.splitlines(), ""], start=1):
        stripped = line.strip()
        try:
            form = _PLURAL_FORM.match(stripped)
            if not stripped:
                close()
                msgid, forms, current, fuzzy, context = [], {}, None, False, None
            elif stripped.startswith("#"):
                fuzzy = fuzzy or (stripped.startswith("#,") and "fuzzy" in stripped)
            elif stripped.startswith("msgctxt "):
                close()
                msgid, forms, fuzzy = [], {}, fuzzy and not forms
                context = current = [_unquote(stripped[8:])]
            elif stripped.startswith("msgid "):
                if forms:
                    close()
                    context = None
                msgid, forms = [[_unquote(stripped[6:])]], {}
                current = msgid[0]
            elif stripped.startswith("msgid_plural ") and len(msgid) == 1 and not forms:
                msgid.append([_unquote(stripped[13:])])
                current = msgid[1]
            elif stripped.startswith("msgstr ") and len(msgid) == 1:
                forms = {0: [_unquote(stripped[7:])]}
                current = forms[0]
            elif form is not None and len(msgid) == 2:
                current = forms[int(form.group(1))] = [_unquote(stripped[form.end() :])]
            elif stripped.startswith('"') and current is not None:
                current.append(_unquote(stripped))
            else:
                raise CatalogueError(f"cannot read the catalogue line {line[:80]!r}")
        except CatalogueError as error:
            raise CatalogueError(f"{source}, line {number}: {error}") from None
    return entries


@cache
def own_words(game: Catalogued, language: str) -> Mapping[str, str]:
    """``game``'s own catalogue for ``language`` read once (none: no words, a torn one:
    none either; the telling warns of it when it merges the games' catalogues)."""
    text = None if language == "en" else game.catalogue(language)
    if text is None:
        return MappingProxyType({})
    try:
        return MappingProxyType(read_po(text, f"{game.name}'s {language} catalogue"))
    except CatalogueError:
        return MappingProxyType({})


def words_in(
    game: Catalogued, context: str, msgids: tuple[str, ...], language: str
) -> dict[str, str]:
    """Each of ``msgids`` its ``game``'s catalogue translates in ``context`` for
    ``language``, to its translation."""
    words = own_words(game, language)
    keys = ((msgid, in_context(context, msgid)) for msgid in msgids)
    return {msgid: words[key] for msgid, key in keys if key in words}


def seat_msgid(name: str) -> str:
    """A seat's msgid: its English name without what its brackets add ("A (sente)": "A")."""
    return name.split(" (", maxsplit=1)[0]


def seats_told(game: Catalogued, seats: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Each language but English ``game``'s catalogue names all its ``seats`` (their
    English names) in, to their words (``msgctxt "seat"``); another says the seats'
    English names (engine/spoken.py)."""
    told = ((code, seats_told_in(game, seats, code)) for code in LANGUAGES[1:])
    return {code: words for code, words in told if words is not None}


def seats_told_in(
    game: Catalogued, seats: tuple[str, ...], language: str
) -> tuple[str, ...] | None:
    """``seats``' words in one language, where ``game``'s catalogue names them all (None:
    they are said in English). Only that language's catalogue is read: a move said in
    English reads none, and the first move a board says in Polish reads Polish alone
    (each catalogue read is milliseconds on a Pi, once)."""
    if language == "en":
        return None
    names = tuple(seat_msgid(seat) for seat in seats)
    words = words_in(game, SEAT, names, language)
    return tuple(words[name] for name in names) if len(words) == len(names) else None
