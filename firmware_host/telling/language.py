"""The languages the board tells in, and their gettext catalogues.

The catalogues are the ``.po`` files under firmware_host/locale/<code>/LC_MESSAGES/
(the source translators edit, committed and shipped in the wheel). They are compiled
to gettext's binary form in memory when first asked for and read by the standard
library's ``gettext``: no build step, so a fresh clone, ``make run`` and an installed
wheel all tell in every language. ``python -m firmware_host.telling.language`` adds
the msgids marked with ``N_`` in the source to every catalogue (empty, to translate).
"""

from __future__ import annotations

import ast
import gettext
import inspect
import io
import logging
import re
import struct
import sys
from collections.abc import Iterable, Mapping
from dataclasses import fields
from enum import Enum
from functools import cache, partial
from itertools import product
from pathlib import Path
from typing import Any

from engine.claims import ClaimRule
from engine.errors import KibanError
from engine.game import Game
from engine.outcome import Termination
from engine.registry import games

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


class CatalogueError(KibanError, ValueError):
    """A catalogue cannot be read, or a language is not one told in."""


def N_(msgid: str) -> str:  # noqa: N802 - gettext's name for a msgid marked, not translated
    """A msgid, marked for a translation's catalogue."""
    return msgid


def translated(msgid: str, language: Language) -> str:
    """``msgid`` in ``language`` (English: the msgid itself). A msgid a catalogue lacks
    is told in English; tests/firmware_host/telling/test_languages.py keeps every
    catalogue whole, so that happens only to a notice added since."""
    if language is Language.ENGLISH:
        return msgid
    return catalogue(language).gettext(msgid)


def catalogue_path(language: Language) -> Path:
    return LOCALE / language.value / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalogue(language: Language) -> gettext.NullTranslations:
    """``language``'s catalogue, read once per process. A catalogue missing or torn
    (a line it cannot read) tells in English, with a warning naming the file and line:
    the board goes on, in words its players may know less well."""
    path = catalogue_path(language)
    try:
        entries = read_po(path.read_text(encoding="utf-8"), str(path))
    except (OSError, UnicodeDecodeError) as error:
        name = language.name.lower()
        log.warning(
            "the %s catalogue %s cannot be read (%s): telling in English", name, path, error
        )
        return gettext.NullTranslations()
    except CatalogueError as error:
        log.warning(
            "the %s catalogue is torn (%s): telling in English", language.name.lower(), error
        )
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(mo_bytes(entries)))


_STRING = re.compile(r'^"(.*)"$')
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(line: str) -> str:
    match = _STRING.match(line.strip())
    if match is None:
        raise CatalogueError(f"not a quoted string: {line[:80]!r}")
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), match.group(1))


def read_po(text: str, source: str = "the catalogue") -> dict[str, str]:
    """The translated entries of a ``.po`` file (msgid to msgstr; the header under "").
    Untranslated and fuzzy entries are left out, as msgfmt leaves them out. A line it
    cannot read is a ``CatalogueError`` naming ``source`` and the line."""
    entries: dict[str, str] = {}
    msgid: list[str] | None = None
    msgstr: list[str] | None = None
    fuzzy = False
    current: list[str] | None = None

    def close() -> None:
        if msgid is not None and msgstr is not None and "".join(msgstr) and not fuzzy:
            entries["".join(msgid)] = "".join(msgstr)

    for number, line in enumerate([*text.splitlines(), ""], start=1):
        stripped = line.strip()
        try:
            if not stripped:
                close()
                msgid = msgstr = current = None
                fuzzy = False
            elif stripped.startswith("#"):
                fuzzy = fuzzy or (stripped.startswith("#,") and "fuzzy" in stripped)
            elif stripped.startswith("msgid "):
                close()
                msgid, msgstr = [_unquote(stripped[6:])], None
                current = msgid
            elif stripped.startswith("msgstr "):
                msgstr = [_unquote(stripped[7:])]
                current = msgstr
            elif stripped.startswith('"') and current is not None:
                current.append(_unquote(stripped))
            else:
                raise CatalogueError(f"cannot read the catalogue line {line[:80]!r}")
        except CatalogueError as error:
            raise CatalogueError(f"{source}, line {number}: {error}") from None
    return entries


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


def marked_msgids(paths: Iterable[Path]) -> tuple[str, ...]:
    """Every msgid marked ``N_("...")`` in the Python files ``paths``, in order."""
    found: dict[str, None] = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "N_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found[node.args[0].value] = None
    return tuple(found)


def source_msgids() -> tuple[str, ...]:
    """The msgids marked in firmware_host's source, the games' titles (a notice names
    a game by its title, ``Term``), how games end (a result names it), what each
    action of the vocabulary does (the terminal's help: its docstring's summary) and
    what its parameters are, each game's claims (their titles and help), what each
    game's puzzles are and ask (the page shows the question) and each game's rule
    options (the new-game dialog's)."""
    titles = tuple(game.title for game in games())
    ends = tuple(termination.value for termination in Termination)
    helps = action_summaries()
    claims = tuple(text for rule in claim_rules() for text in (rule.title, rule.help))
    kinds = tuple(t for g in games() for k in g.puzzle_kinds for t in (k.shown, k.words))
    marked = marked_msgids(sorted(LOCALE.parent.rglob("*.py")))
    found = (*marked, *titles, *ends, *helps, *param_helps(), *claims, *kinds, *option_msgids())
    return tuple(dict.fromkeys(found))


def choice_is_word(game: Game[Any], choice: str) -> bool:
    """Whether an option's choice is a word to translate: not a number, nor a seat's
    name (told in the game's own words for its seats)."""
    return not choice.isdigit() and choice not in {seat.name for seat in game.seats}


def option_msgids() -> tuple[str, ...]:
    """Each game's rule options' names, help and choices that are words."""
    return tuple(
        text
        for game in games()
        for spec in game.option_specs
        for text in (
            spec.name,
            spec.help,
            *(choice for choice in spec.choices if choice_is_word(game, choice)),
        )
    )


def param_helps() -> tuple[str, ...]:
    """What each action's parameter is, as a typed command missing it is told."""
    # imported here: the session's actions import the telling
    from firmware_host.session.actions import ACTIONS, params

    return tuple(dict.fromkeys(spec.help for action in ACTIONS for spec in params(action)))


def claim_rules() -> tuple[ClaimRule, ...]:
    """Every claim a game offers under any choice of its options (shogi's impasse
    count or declaration), each once."""
    found: dict[ClaimRule, None] = {}
    for game in games():
        specs = [spec for spec in game.option_specs if spec.choices]
        for combo in product(*(spec.choices for spec in specs)):
            given = {spec.name: value for spec, value in zip(specs, combo, strict=True)}
            found.update(dict.fromkeys(game.claims(game.options(given))))
    return tuple(found)


_LITERAL = re.compile(r"``([^`]+)``")


def _plain(names: frozenset[str], match: re.Match[str]) -> str:
    """A literal of a docstring as the help writes it: a parameter in capitals."""
    word = match.group(1)
    return word.upper() if word in names else word


def action_summaries() -> tuple[str, ...]:
    """What each action of the vocabulary does, as the terminal's help says it: its
    docstring's first paragraph without markup, a parameter in capitals (the words of
    wire/actions.py ``summary``, which the telling may not import)."""
    # imported here: the session's actions import the telling
    from firmware_host.session.actions import ACTIONS

    found = []
    for action in ACTIONS:
        paragraph = inspect.cleandoc(action.__doc__ or "").split("\n\n")[0]
        names = frozenset(field.name for field in fields(action))
        found.append(_LITERAL.sub(partial(_plain, names), " ".join(paragraph.split())))
    return tuple(found)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def missing_entries(language: Language) -> str:
    """The ``.po`` entries (empty msgstr) for the marked msgids ``language`` lacks."""
    text = catalogue_path(language).read_text(encoding="utf-8")
    known = set(re.findall(r'^msgid (".*")$', text, re.MULTILINE))
    return "".join(
        f'\nmsgid {_quote(msgid)}\nmsgstr ""\n'
        for msgid in source_msgids()
        if _quote(msgid) not in known
    )


def main() -> int:
    """Append the msgids each catalogue lacks, for a translator to fill in."""
    for language in Language:
        if language is not Language.ENGLISH:
            added = missing_entries(language)
            if added:
                with catalogue_path(language).open("a", encoding="utf-8") as po:
                    po.write(added)
                print(f"{language.value}: {added.count('msgid ')} msgids to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
