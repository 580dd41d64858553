"""The page's own Japanese fonts: subsets of Noto Sans CJK JP and Noto Serif CJK JP
(SIL Open Font License 1.1) with only the glyphs the page can show, so a device
without a CJK font (a minimal Debian, a Pi's desktop) draws the shogi pieces and the
Japanese page as every other device does.

``kiban page-font``, run by ``make page-font`` after Debian's ``fonts-noto-cjk`` is
installed for it (the package is needed only here; the page ships the subsets in
firmware_host/web/static/, the licence beside them). It needs fontTools and brotli
(``pip install 'kiban[fonts]'``; Kiban's developer tools have them). ``shown_characters`` is what
the page can show that a Latin font lacks: every character of the CJK blocks in the
files Kiban ships (the Japanese catalogue, the page's words and pieces, the games'
spoken words); tests/firmware_host/web/static/test_font.py holds the subsets to it.
Beside them it writes the characters they hold (``kiban-jp-characters.txt``), which a
game's conformance checks read.

A game installed from outside whose words need characters Kiban's subsets lack carries
subsets of its own, of just those: ``--package`` names its package's folder, and the
tool writes them there, in ``page-font/`` with the characters they hold
(``firmware_host/web/words/game_fonts.py`` serves them to the pages; docs/games.md).

    kiban page-font [--fonts /usr/share/fonts/opentype/noto] [--package DIR]
"""

from __future__ import annotations

import argparse
import textwrap
from importlib.util import find_spec
from pathlib import Path

from firmware_host.web.words.game_fonts import CHARACTERS as GAME_HELD
from firmware_host.web.words.game_fonts import FOLDER as GAME_FOLDER
from firmware_host.web.words.game_fonts import KIBAN_CHARACTERS as HELD
from firmware_host.web.words.game_fonts import characters_in, listed

ROOT = Path(__file__).resolve().parents[3]
"""Where Kiban's packages are: the checkout, or the site-packages it is installed in."""
STATIC = ROOT / "firmware_host" / "web" / "static"
SHIPPED = ("engine", "firmware_host")
"""The packages whose files the page's texts come from."""
FACES = {
    # (the collection, the face's family in it, weight): the subset's file
    ("NotoSansCJK-Regular.ttc", "Noto Sans CJK JP"): "kiban-sans-jp.woff2",
    ("NotoSerifCJK-Bold.ttc", "Noto Serif CJK JP"): "kiban-serif-jp.woff2",
}
LICENCE = "kiban-jp-fonts-OFL.txt"


def shown_characters(root: Path = ROOT) -> frozenset[str]:
    """Every CJK character in the files Kiban ships: all the page can show in them."""
    return frozenset().union(*(characters_in(root / package) for package in SHIPPED))


def held_characters(held: Path) -> frozenset[str]:
    """The characters a list written beside subsets names."""
    return listed(held)


def _face(collection: Path, family: str) -> object:
    from fontTools.ttLib import TTCollection

    for font in TTCollection(str(collection)).fonts:
        if font["name"].getDebugName(1) == family:
            return font
    raise SystemExit(f"{collection} has no face {family!r}")


def subset(
    fonts: Path,
    copyright_file: Path,
    characters: list[str] | None = None,
    into: Path = STATIC,
    held: str = HELD,
) -> None:
    """Write each face's subset of ``characters`` (WOFF2; Kiban's by default), the
    characters they hold and the licence into ``into`` (the page's static files)."""
    from fontTools.subset import Options, Subsetter

    characters = sorted(shown_characters()) if characters is None else characters
    into.mkdir(parents=True, exist_ok=True)
    copyrights = []
    for (collection, family), name in FACES.items():
        font = _face(fonts / collection, family)
        copyrights.append(str(font["name"].getDebugName(0)))  # type: ignore[index]
        options = Options()
        options.flavor = "woff2"
        options.hinting = False  # a screen of today needs none, and it halves the file
        options.name_IDs = ["*"]  # the copyright and licence names travel with the glyphs
        options.notdef_outline = True
        subsetter = Subsetter(options)
        subsetter.populate(text="".join(characters))
        subsetter.subset(font)
        font.flavor = "woff2"  # type: ignore[attr-defined]
        font.save(str(into / name))  # type: ignore[attr-defined]
        print(f"{name}: {len(characters)} characters, {(into / name).stat().st_size} bytes")
    (into / held).write_text("".join(characters) + "\n", encoding="utf-8")
    (into / LICENCE).write_text(licence(copyright_file, copyrights), encoding="utf-8")


def game_subset(fonts: Path, copyright_file: Path, package: Path) -> int:
    """A game package's own subsets: the characters its files show that Kiban's subsets
    lack, written into its ``page-font`` folder (none needed: nothing written)."""
    extra = sorted(characters_in(package) - held_characters(STATIC / HELD))
    if not extra:
        print(f"{package}: Kiban's page fonts hold every character it shows")
        return 0
    subset(fonts, copyright_file, extra, package / GAME_FOLDER, GAME_HELD)
    return 0


def licence(debian_copyright: Path, copyrights: list[str]) -> str:
    """The subsets' licence: their origin, the fonts' copyright notices and the SIL Open
    Font License's text, as Debian's package gives it (its copyright file)."""
    text = debian_copyright.read_text(encoding="utf-8")
    block = text[text.rindex("License: SIL-1.1") :].split("\n\n")[0]
    body = [line[1:] if line.startswith(" ") else line for line in block.splitlines()[1:]]
    ofl = "\n".join("" if line == "." else line for line in body)
    names = " and ".join(f"{name} ({family})" for (_, family), name in FACES.items())
    origin = (
        f"The page's Japanese fonts, {names}, are subsets (only the glyphs Kiban's page "
        "can show) of the Noto CJK fonts as Debian's fonts-noto-cjk package ships them "
        "(https://github.com/googlefonts/noto-cjk), made by kiban page-font."
    )
    return (
        textwrap.fill(origin, 78, break_on_hyphens=False)
        + "\n\n"
        + "\n".join(dict.fromkeys(copyrights))
        + "\n\nThey are licensed under the SIL Open Font License, Version 1.1:\n\n"
        + ofl.strip()
        + "\n"
    )


FONTS = Path("/usr/share/fonts/opentype/noto")
"""Where Debian's fonts-noto-cjk puts the collections subset here."""
COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
"""Debian's copyright file of the fonts: their licence's text."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``kiban page-font``'s options."""
    parser.add_argument(
        "--fonts", type=Path, default=FONTS, help=f"Noto CJK's collections (default: {FONTS})"
    )
    parser.add_argument(
        "--copyright", type=Path, default=COPYRIGHT, help="the fonts' licence, as Debian ships it"
    )
    parser.add_argument(
        "--package", type=Path, help="a game package's folder: its own subsets, into it"
    )


def run(args: argparse.Namespace) -> int:
    """Kiban's subsets, or (``--package``) a game package's own."""
    missing = [name for name in ("fontTools", "brotli") if find_spec(name) is None]
    if missing:  # brotli: WOFF2's compression, which fontTools imports when it writes one
        raise SystemExit(
            f"kiban: page-font needs fontTools and brotli ({' and '.join(missing)} missing):"
            " pip install 'kiban[fonts]'"
        )
    for needed in (args.fonts, args.copyright):
        if not needed.exists():
            raise SystemExit(
                f"kiban: {needed} is not there: Debian's fonts-noto-cjk has it"
                " (sudo apt install fonts-noto-cjk), or name another with --fonts, --copyright"
            )
    if args.package is not None:
        if not args.package.is_dir():
            raise SystemExit(f"kiban: {args.package} is not a folder (a game's package)")
        return game_subset(args.fonts, args.copyright, args.package)
    subset(args.fonts, args.copyright)
    return 0
