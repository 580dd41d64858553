"""The glyphs an installed game's words need beyond the page's own Japanese fonts.

The page ships subsets of Noto CJK JP holding every CJK character Kiban's own files can
show (``kiban page-font``, page_font.py; the characters listed in ``KIBAN_CHARACTERS``). A game
installed from outside brings words Kiban never had (a kanji in its Japanese
catalogue): its package carries subsets of the same faces holding just those, made by
``kiban page-font --package <its package folder>`` into ``page-font/``
beside its code, with the characters listed in ``characters.txt``. The pages load them
through one stylesheet (``game-fonts.css``) as more faces of the same families, each
limited to its game's characters (``unicode-range``), so the browser draws every word
with the page's own fonts whatever game is installed, and no file of Kiban changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from engine.game import Game

FOLDER = "page-font"
"""The folder beside a game's code that holds its own subsets."""
CHARACTERS = "characters.txt"
"""In that folder: the characters its subsets hold, on one line (the ideographic space
among them: only line ends are not characters of the list)."""
KIBAN_CHARACTERS = "kiban-jp-characters.txt"
"""In the page's static files: the CJK characters Kiban's own subsets hold."""
FACES = {
    # the subset's file: the family and weight the page's stylesheet gives it
    "kiban-sans-jp.woff2": ("Kiban Sans JP", 400),
    "kiban-serif-jp.woff2": ("Kiban Serif JP", 700),
}
STYLESHEET = "game-fonts.css"
"""Served beside the page's static files: the installed games' faces."""
TEXT_SUFFIXES = frozenset({".py", ".po", ".js", ".html", ".css", ".toml", ".jsonl"})
"""The files whose text may reach the page (words, looks, puzzles, profiles)."""
CJK = ((0x2E80, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF))
"""CJK radicals to ideographs (kana, punctuation and symbols among them), the
compatibility ideographs and forms, and the full- and half-width forms: what Latin
fonts lack (the page's stylesheet gives its Japanese faces the same ranges)."""


def is_cjk(character: str) -> bool:
    code = ord(character)
    return any(low <= code <= high for low, high in CJK)


def characters_in(folder: Traversable) -> frozenset[str]:
    """Every CJK character in the text files under ``folder``: all the page can show
    of what they hold."""
    found: set[str] = set()
    for entry in folder.iterdir():
        if entry.is_dir():
            found |= characters_in(entry)
        elif entry.is_file() and any(entry.name.endswith(suffix) for suffix in TEXT_SUFFIXES):
            found.update(c for c in entry.read_text(encoding="utf-8") if is_cjk(c))
    return frozenset(found)


def listed(source: Traversable) -> frozenset[str]:
    """The characters a list written beside subsets names (none when it is missing)."""
    if not source.is_file():
        return frozenset()
    return frozenset(source.read_text(encoding="utf-8").replace("\n", ""))


def kiban_characters() -> frozenset[str]:
    """The CJK characters the page's own subsets hold."""
    return listed(resources.files("firmware_host.web") / "static" / KIBAN_CHARACTERS)


def package_folder(game: Game[Any]) -> Traversable:
    """The folder of ``game``'s package (its code, catalogues, puzzles)."""
    return resources.files(type(game).__module__.rpartition(".")[0])


@dataclass(frozen=True, slots=True)
class GameFont:
    """A game's own subsets: the characters they hold beyond the page's fonts."""

    game: str
    characters: str


def font_folder(game: Game[Any]) -> Traversable:
    """Where ``game``'s package keeps its subsets (beside its code, as its catalogues)."""
    return package_folder(game) / FOLDER


def game_fonts(installed: Iterable[Game[Any]]) -> tuple[GameFont, ...]:
    """The installed games that carry subsets of their own, in the order given."""
    found = []
    for game in installed:
        characters = "".join(sorted(listed(font_folder(game) / CHARACTERS)))
        if characters:
            found.append(GameFont(game.name, characters))
    return tuple(found)


def unicode_range(characters: str) -> str:
    """The CSS ``unicode-range`` of ``characters``: runs of neighbouring code points
    joined, so a face is asked only for what it holds."""
    codes = sorted({ord(character) for character in characters})
    runs: list[tuple[int, int]] = []
    for code in codes:
        if runs and code == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], code)
        else:
            runs.append((code, code))
    return ", ".join(f"U+{low:X}" if low == high else f"U+{low:X}-{high:X}" for low, high in runs)


def stylesheet(fonts: Iterable[GameFont]) -> str:
    """Each game's subsets as more faces of the page's families, limited to its own
    characters (an empty sheet when no game brings any)."""
    rules = []
    for font in fonts:
        for name, (family, weight) in FACES.items():
            rules.append(
                f'@font-face {{\n  font-family: "{family}"; font-weight: {weight};'
                f' font-display: swap;\n  src: url("game-fonts/{font.game}/{name}")'
                f' format("woff2");\n  unicode-range: {unicode_range(font.characters)};\n}}\n'
            )
    return "".join(rules)


def font_file(installed: Iterable[Game[Any]], game: str, name: str) -> bytes | None:
    """The subset ``name`` of the installed game ``game``; None for any other request
    (an unknown game or file: nothing outside the subsets is ever served)."""
    if name not in FACES:
        return None
    for each in installed:
        if each.name == game:
            source = font_folder(each) / name
            return source.read_bytes() if source.is_file() else None
    return None
