"""A game's phrase about a count carries every plural form of its language: the same
``Said`` value as its other move phrases (``move_plural``, in the ``move`` context of
its own catalogue), told by the count's form in each language and by one or many in
English; the page is served its forms, and a translator is asked for each."""

from __future__ import annotations

from engine.catalogue import read_po
from engine.registry import find_game
from engine.robotory.game import RobotoryGame
from engine.robotory.spoken import MOVE_PLURALS, WHITE
from engine.said import CountWord, Said, move_plural
from firmware_host.telling.language import Language
from firmware_host.telling.msgids import missing_entries
from firmware_host.telling.rendering import told

POLISH = """msgctxt "move"
msgid "{count} white token"
msgid_plural "{count} white tokens"
msgstr[0] "{number} biały żeton"
msgstr[1] "{number} białe żetony"
msgstr[2] "{number} białych żetonów"
"""
"""Its forms in the order Polish numbers them (telling/language.py ``plural_rule``)."""


class CountingRobotory(RobotoryGame):
    """Robotory with a Polish catalogue that counts its white tokens in three forms
    (and no other catalogue)."""

    name = "counting-robotory"

    def catalogue(self, language: str) -> str | None:
        return POLISH if language == "pl" else None


COUNTING = CountingRobotory()


def whites(count: int) -> Said:
    return move_plural(WHITE, CountWord(count), number=count)


def test_a_move_phrase_about_a_count_takes_the_form_its_language_gives_the_count() -> None:
    polish = {n: told(whites(n), Language.POLISH, COUNTING) for n in (1, 3, 5, 22)}
    assert polish == {
        1: "1 biały żeton",
        3: "3 białe żetony",
        5: "5 białych żetonów",
        22: "22 białe żetony",
    }
    english = {n: told(whites(n), Language.ENGLISH, COUNTING) for n in (1, 2)}
    assert english == {1: "one white token", 2: "two white tokens"}
    assert [str(whites(n)) for n in (1, 2)] == ["1 white token", "2 white tokens"]
    # a catalogue without the phrase says it in English, one or many (its count told)
    assert told(whites(3), Language.CZECH, COUNTING) == "tři white tokens"
    assert told(whites(1), Language.CZECH, COUNTING) == "jedna white token"


def test_the_value_is_a_move_phrase_with_its_plural() -> None:
    value = whites(2)
    assert (value.msgid, value.plural, value.context) == (WHITE.one, WHITE.many, "move")
    assert value.count == 2


def test_the_page_is_served_each_form_under_both_msgids() -> None:
    phrases = COUNTING.move_phrases("pl")
    assert phrases[WHITE.key].split("\0") == [
        "{number} biały żeton",
        "{number} białe żetony",
        "{number} białych żetonów",
    ]
    assert set(find_game("robotory").move_phrases("pl")) >= {p.key for p in MOVE_PLURALS}


def test_a_translator_is_asked_for_each_form_in_its_context() -> None:
    filled = missing_entries(Language.POLISH, COUNTING).replace('""\n', '"x"\n')
    asked = read_po(filled)
    assert asked[f"move\x04{WHITE.key}"] == "x\0x\0x"
    assert asked["move\x04{white} and {black}"] == "x"  # a phrase of one form, as before
