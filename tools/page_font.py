"""The page's own Japanese fonts: subsets of Noto Sans CJK JP and Noto Serif CJK JP
(SIL Open Font License 1.1) with only the glyphs the page can show, so a device
without a CJK font (a minimal Debian, a Pi's desktop) draws the shogi pieces and the
Japanese page as every other device does.

A developer's tool, run by ``make page-font`` after Debian's ``fonts-noto-cjk`` is
installed for it (the package is needed only here; the page ships the subsets in
firmware_host/web/static/, the licence beside them). ``shown_characters`` is what
the page can show that a Latin font lacks: every character of the CJK blocks in the
files Kiban ships (the Japanese catalogue, the page's words and pieces, the games'
spoken words); tests/firmware_host/web/static/test_font.py holds the subsets to it.

    python tools/page_font.py [--fonts /usr/share/fonts/opentype/noto]
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "firmware_host" / "web" / "static"
SHIPPED = ("engine", "firmware_host")
"""The packages whose files the page's texts come from."""
TEXT_SUFFIXES = frozenset({".py", ".po", ".js", ".html", ".css", ".toml", ".jsonl"})
CJK = ((0x2E80, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF))
"""CJK radicals to ideographs (kana, punctuation and symbols among them), the
compatibility ideographs and forms, and the full- and half-width forms: what Latin
fonts lack."""
FACES = {
    # (the collection, the face's family in it, weight): the subset's file
    ("NotoSansCJK-Regular.ttc", "Noto Sans CJK JP"): "kiban-sans-jp.woff2",
    ("NotoSerifCJK-Bold.ttc", "Noto Serif CJK JP"): "kiban-serif-jp.woff2",
}
LICENCE = "kiban-jp-fonts-OFL.txt"


def is_cjk(character: str) -> bool:
    code = ord(character)
    return any(low <= code <= high for low, high in CJK)


def shown_characters(root: Path = ROOT) -> frozenset[str]:
    """Every CJK character in the files Kiban ships: all the page can show in them."""
    found: set[str] = set()
    for package in SHIPPED:
        for path in (root / package).rglob("*"):
            if path.suffix in TEXT_SUFFIXES and path.is_file():
                found.update(c for c in path.read_text(encoding="utf-8") if is_cjk(c))
    return frozenset(found)


def _face(collection: Path, family: str) -> object:
    from fontTools.ttLib import TTCollection

    for font in TTCollection(str(collection)).fonts:
        if font["name"].getDebugName(1) == family:
            return font
    raise SystemExit(f"{collection} has no face {family!r}")


def subset(fonts: Path, copyright_file: Path) -> None:
    """Write each face's subset (WOFF2) and the licence into the page's static files."""
    from fontTools.subset import Options, Subsetter

    characters = sorted(shown_characters())
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
        font.save(str(STATIC / name))  # type: ignore[attr-defined]
        print(f"{name}: {len(characters)} characters, {(STATIC / name).stat().st_size} bytes")
    (STATIC / LICENCE).write_text(licence(copyright_file, copyrights), encoding="utf-8")


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
        "(https://github.com/googlefonts/noto-cjk), made by tools/page_font.py."
    )
    return (
        textwrap.fill(origin, 78, break_on_hyphens=False)
        + "\n\n"
        + "\n".join(dict.fromkeys(copyrights))
        + "\n\nThey are licensed under the SIL Open Font License, Version 1.1:\n\n"
        + ofl.strip()
        + "\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fonts", type=Path, default=Path("/usr/share/fonts/opentype/noto"))
    parser.add_argument(
        "--copyright", type=Path, default=Path("/usr/share/doc/fonts-noto-cjk/copyright")
    )
    args = parser.parse_args(argv)
    subset(args.fonts, args.copyright)
    return 0


if __name__ == "__main__":
    sys.exit(main())
