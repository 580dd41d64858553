"""The languages the board tells in, and their gettext catalogues.

The catalogues are the ``.po`` files under firmware_host/locale/<code>/LC_MESSAGES/
(the source translators edit, committed and shipped in the wheel). They are compiled
to gettext's binary form in memory when first asked for and read by the standard
library's ``gettext``: no build step, so a fresh clone, ``make run`` and an installed
wheel all tell in every language. What the catalogues must hold is gathered from the
sources in ``msgids.py`` (``python -m firmware_host.telling.msgids`` adds the msgids
marked with ``N_`` to every catalogue, empty, to translate).
"""

from __future__ import annotations

import io
import logging
import re
import struct
from collections.abc import Callable, Mapping
from enum import Enum
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.catalogue import CONTEXT, CatalogueError, read_po
from engine.registry import games
from engine.said import Plural

if TYPE_CHECKING:  # gettext reads the catalogues of the languages other than English
    import gettext

log = logging.getLogger(__name__)

LOCALE = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "kiban"


class Language(Enum):
    """A language the project tells in, by its ISO 639-1 code (also espeak-ng's voice
    and the browser's ``lang``)."""

    ENGLISH = "en"
    JAPANESE = "ja"
    POLISH = "pl"
    CZECH = "cs"
    FRENCH = "fr"

    @property
    def voice(self) -> str:
        """espeak-ng's voice for this language (each is in espeak-ng's own data)."""
        return self.value

    @classmethod
    def named(cls, code: str) -> Language:
        """The language of ``code`` ("pl"); a code not told in is an error naming them."""
        try:
            return cls(code)
        except ValueError:
            codes = ", ".join(language.value for language in cls)
            raise CatalogueError(f"no language {code!r}: one of {codes}") from None


def N_(msgid: str) -> str:  # noqa: N802 - gettext's name for a msgid marked, not translated
    """A msgid, marked for a translation's catalogue."""
    return msgid


def translated_plural(plural: Plural, count: int, language: Language) -> str:
    """``plural``'s words for ``count`` in ``language``, its placeholders unfilled."""
    if language is Language.ENGLISH:
        return plural.one if count == 1 else plural.many
    return catalogue(language).ngettext(plural.one, plural.many, count)


def translated(msgid: str, language: Language) -> str:
    """``msgid`` in ``language`` (English: the msgid itself). A msgid a catalogue lacks
    is told in English; tests/firmware_host/telling/test_languages.py keeps every
    catalogue whole, so that happens only to a notice added since."""
    if language is Language.ENGLISH:
        return msgid
    return catalogue(language).gettext(msgid)


def catalogue_path(language: Language) -> Path:
    return LOCALE / language.value / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalogue_entries(language: Language) -> Mapping[str, str]:
    """``language``'s catalogue as read (the games' own catalogues beside it); empty
    for English. A catalogue missing or torn (a line it cannot read)
    is empty, with a warning naming the file and line: the board goes on in English,
    in words its players may know less well."""
    if language is Language.ENGLISH:
        return MappingProxyType({})
    path = catalogue_path(language)
    try:
        entries = {**game_entries(language), **read_po(path.read_text(encoding="utf-8"), str(path))}
    except (OSError, UnicodeDecodeError) as error:
        name = language.name.lower()
        log.warning(
            "the %s catalogue %s cannot be read (%s): telling in English", name, path, error
        )
        return MappingProxyType({})
    except CatalogueError as error:
        log.warning(
            "the %s catalogue is torn (%s): telling in English", language.name.lower(), error
        )
        return MappingProxyType({})
    return MappingProxyType(entries)


@cache
def catalogue(language: Language) -> gettext.NullTranslations:
    """``language``'s catalogue for gettext, read once per process (English, or one
    that cannot be read: the msgids themselves)."""
    import gettext

    entries = catalogue_entries(language)
    if not entries:
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(mo_bytes(entries)))


def catalogue_words(language: Language) -> dict[str, str]:
    """Each msgid ``language``'s catalogue translates, to its translation (the plural
    entries left out): the words a page tells what Kiban says with."""
    return {
        msgid: msgstr
        for msgid, msgstr in catalogue_entries(language).items()
        if msgstr and "\0" not in msgid
    }


def plural_forms(language: Language) -> int:
    """How many plural forms ``language``'s catalogue gives (its ``Plural-Forms``)."""
    if language is Language.ENGLISH:
        return 2
    header = read_po(catalogue_path(language).read_text(encoding="utf-8")).get("", "")
    found = re.search(r"^Plural-Forms: *nplurals *= *(\d+)", header, re.MULTILINE)
    if found is None:
        raise CatalogueError(f"{catalogue_path(language)} has no Plural-Forms header")
    return int(found.group(1))


def plural_rule(language: Language) -> str:
    """``language``'s rule for which plural form a count takes: the C expression of
    ``n`` its catalogue's ``Plural-Forms`` header gives, which gettext reads here and
    the page reads with the served words (static/words.js ``pluralRule``)."""
    header = catalogue_entries(language).get("", "")
    found = re.search(r"^Plural-Forms:.*?plural *= *([^;\n]*)", header, re.MULTILINE)
    return "n != 1" if found is None else found.group(1).strip()


@cache
def plural_form(language: Language) -> Callable[[int], int]:
    """Which of ``language``'s plural forms a count takes, by its ``plural_rule`` (the
    forms of a game's own phrase about a count are numbered by it too)."""
    import gettext

    return gettext.c2py(plural_rule(language))


def catalogue_plurals(language: Language) -> list[dict[str, Any]]:
    """The plural entries ``language``'s catalogue translates: each English pair and its
    forms in the language, in the order ``plural_rule`` numbers them."""
    return [
        {"one": one, "many": many, "forms": msgstr.split("\0")}
        for msgid, msgstr in catalogue_entries(language).items()
        if "\0" in msgid
        for one, many in [msgid.split("\0", 1)]
    ]


def mo_bytes(entries: Mapping[str, str]) -> bytes:
    """``entries`` in gettext's binary ``.mo`` form (what msgfmt writes)."""
    keys = sorted(entries)
    ids = [key.encode() for key in keys]
    strs = [entries[key].encode() for key in keys]
    start = 7 * 4 + 16 * len(keys)
    offsets: list[int] = []
    pool = b""
    for data in (*ids, *strs):
        offsets += [len(data), start + len(pool)]
        pool += data + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, len(keys), 28, 28 + 8 * len(keys), 0, 0)
    return header + struct.pack(f"<{len(offsets)}I", *offsets) + pool


def game_entries(language: Language) -> dict[str, str]:
    """The registered games' own catalogues for ``language`` (``Game.catalogue``: the
    ``.po`` file beside each game's package), read and merged (the first game's where
    two translate one msgid). A game's catalogue that is torn is left out, with a
    warning naming the game, the file's line and what is wrong: that game's words are
    told in English, every other's as before."""
    found: dict[str, str] = {}
    for game in games():
        text = game.catalogue(language.value)
        if text is None:
            continue
        source = f"{game.name}'s {language.value} catalogue"
        try:
            entries = read_po(text, source)
        except CatalogueError as error:
            log.warning("%s is torn (%s): its words are told in English", source, error)
            continue
        for msgid, msgstr in entries.items():
            if CONTEXT not in msgid:  # a seat's or piece's word is the game's alone
                found.setdefault(msgid, msgstr)
    return found
