"""A record file's bytes as text, its encoding found rather than assumed.

Japanese records come in three encodings, and the suffix does not say which: Kakinoki's
KIF page gives ``.kif`` as Shift_JIS and ``.kifu`` as UTF-8, yet 81Dojo and lishogi write
``.kif`` in UTF-8 (shogihome issue 403), the CSA standard before V3.0 leaves the encoding
to the system (V3.0: Shift_JIS unless the first line says otherwise), and records kept on
Unix machines and old web pages are in EUC-JP. Read as Shift_JIS, EUC-JP text mostly
decodes without an error but as half-width katakana noise: the names come out garbled
and the KIF words go unrecognised. So a byte order mark decides first, then the encoding
the record declares (KIF's ``#KIF version=2.0 encoding=UTF-8``, CSA V3.0's ``'CSA
encoding=UTF-8``, Kifu for Windows' CSA ``'encoding=Shift_JIS``), unless the text does
not decode as declared or is noise where another encoding is not; then whichever of
UTF-8, Shift_JIS (as Windows' cp932, which the Japanese GUIs write) and EUC-JP decodes
strictly with the least noise.
"""

from __future__ import annotations

import codecs
import re

CANDIDATES = ("utf-8", "cp932", "euc_jp")
"""The encodings tried, in the order that breaks a tie: a text that decodes strictly as
UTF-8 is almost surely UTF-8, and Shift_JIS is the format's default before EUC-JP."""

_ENCODING_NAMES = {
    "utf8": "utf-8",
    "utf-8": "utf-8",
    "shift_jis": "cp932",
    "shift-jis": "cp932",
    "sjis": "cp932",
    "cp932": "cp932",
    "windows-31j": "cp932",
    "ms932": "cp932",
    "euc-jp": "euc_jp",
    "euc_jp": "euc_jp",
    "eucjp": "euc_jp",
}
"""How records name their encoding, each as Python's codec that reads it."""

_DECLARED = re.compile(rb"^(?:#KIF\b[^\r\n]*?\s|'(?:CSA\s+)?)encoding=([A-Za-z0-9_-]+)", re.M)
"""A declared encoding, at the start of one of the first lines (ASCII in all three)."""
DECLARATION_LINES = 5
"""How far down a declaration is looked for: the first lines, before any Japanese."""

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def decode_record(data: bytes) -> str:
    """The text of a record file: see the module's docstring for how the encoding is
    chosen. Bytes no candidate decodes are read as the one with the fewest characters
    it cannot (each a replacement character), so the reader names the line."""
    for mark, codec in _BOMS:
        if data.startswith(mark):
            return data.decode(codec, errors="replace")
    choices: list[tuple[int, int, str]] = []
    declared = declared_encoding(data)
    for rank, codec in enumerate((declared, *CANDIDATES) if declared else CANDIDATES):
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        choices.append((noise(text), rank, text))
    if choices:
        return min(choices)[2]
    fallback = [data.decode(codec, errors="replace") for codec in CANDIDATES]
    return min(fallback, key=lambda text: text.count("\ufffd"))


def declared_encoding(data: bytes) -> str | None:
    """The codec for the encoding the record names in its first lines, if it names one
    Python knows by that name."""
    head = b"\n".join(data.splitlines()[:DECLARATION_LINES])
    found = _DECLARED.search(head)
    if found is None:
        return None
    return _ENCODING_NAMES.get(found.group(1).decode("ascii").lower())


def noise(text: str) -> int:
    """How many characters of ``text`` a record would not hold but a wrong decoding
    makes: half-width katakana (EUC-JP's kanji read as Shift_JIS), replacement
    characters and C1 controls."""
    return sum(
        1 for char in text if "\uff61" <= char <= "\uff9f" or "\x80" <= char <= "\x9f"
    ) + text.count("\ufffd")
