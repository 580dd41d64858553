"""The server's free texts the page shows as they come, in every language.

The session words some of what the page shows in English sentences of its own: who
plays a computer seat ("the computer (level 3, novice)"), what the computer proved
("sente wins in 5"), what a remote game waits for, a review's place and the engine's
judgement of the move shown. The page's state carries each beside its English in
every other language (``..._in``, as ``message_in``), and the page shows its
language's (speech.js ``inLanguage``). A sentence made elsewhere is read back against
its template here (as telling/reasons.py reads the engine's reasons) and told again
with the seats in the game's own words; one that fits no template stays as it is
(tests/firmware_host/web/test_web_page_texts.py holds every one the page shows to
one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from types import MappingProxyType
from typing import Any

from engine.game import Game
from engine.search.types import Quality
from firmware_host.opponents.seats import OpponentKind, OpponentSpec
from firmware_host.session.review import Review
from firmware_host.store.review_notes import MoveNote
from firmware_host.telling.language import N_, Language, translated
from firmware_host.telling.messages import SLOWED_MSGID, TOKEN_REFUSED_MSGID
from firmware_host.telling.reasons import template_pattern

OTHER_LANGUAGES = tuple(language for language in Language if language is not Language.ENGLISH)
"""The languages the state carries a text in besides its English."""


def in_languages(tell: Callable[[Language], str]) -> dict[str, str]:
    """A text in every language but English, by code (the page's ``..._in``)."""
    return {language.value: tell(language) for language in OTHER_LANGUAGES}


def seat_said(game: Game[Any], name: str, language: Language) -> str:
    """A seat's name (``A (sente)``, or ``A``) in the game's own word for ``language``
    (its ``spoken_seats``, as telling/reasons.py ``seat_words`` reads them; a seat
    without one, its name without the brackets)."""
    if language is Language.ENGLISH:
        return name
    said = getattr(game, "spoken_seats", {}).get(language.value)  # a made-up game has none
    for index, seat in enumerate(game.seats):
        bare = seat.name.split(" (")[0]
        if name in (seat.name, bare):
            return said[index] if said is not None else bare
    return name


_AND = N_(" and ")


def _seats(game: Game[Any], text: str, language: Language) -> str:
    """Seats named in a list ("black, green" or "A and B"), each in the language."""
    names = [part for chunk in text.split(", ") for part in chunk.split(" and ")]
    return translated(_AND, language).join(seat_said(game, name, language) for name in names)


# --- who plays a computer seat ----------------------------------------------------

LEVEL_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "first steps": N_("first steps"),
        "beginner": N_("beginner"),
        "novice": N_("novice"),
        "casual": N_("casual"),
        "club": N_("club"),
        "keen": N_("keen"),
        "strong": N_("strong"),
        "expert": N_("expert"),
        "master": N_("master"),
        "strongest": N_("strongest"),
    }
)
"""The levels' names (engine/search/levels.py), as msgids."""

OPPONENTS: Mapping[OpponentKind, str] = MappingProxyType(
    {
        OpponentKind.RANDOM: N_("the computer (random moves)"),
        OpponentKind.USI: N_("the engine {path} (level {number})"),
        OpponentKind.REMOTE: N_("the other board"),
        OpponentKind.BUILTIN: N_("the computer (level {number}, {name})"),
        OpponentKind.ENGINE: N_("Fairy-Stockfish (level {number})"),
    }
)
"""``OpponentSpec.describe``'s sentences, by kind (an engine at a level as the built-in)."""


def opponent_text(spec: OpponentSpec, language: Language, engine_plays: bool = True) -> str:
    """Who plays a computer seat, as ``OpponentSpec.describe`` says it, in ``language``
    (``engine_plays``: as there)."""
    kind = spec.kind
    if kind is OpponentKind.ENGINE and not engine_plays:
        kind = OpponentKind.BUILTIN
    msgid = OPPONENTS.get(kind, OPPONENTS[OpponentKind.BUILTIN])
    name = LEVEL_NAMES.get(spec.level.name, spec.level.name)
    return translated(msgid, language).format(
        path=spec.path, number=spec.level.number, name=translated(name, language)
    )


# --- sentences made elsewhere, read back against their templates --------------------

VERDICT = N_("{seat} wins in {moves}")
"""What the computer proved of the game's end (session/computer.py ``proved``)."""

WAITING = (
    TOKEN_REFUSED_MSGID,
    SLOWED_MSGID,
    N_("waiting for the broker ({error}): the game is kept"),
    N_("waiting for a board to join as {seat} (game code {code})"),
    N_("waiting for the opponent's board ({seat}): it is offline"),
    N_("no board has joined as {seats} yet (game code {code})"),
    N_("the opponent's board is offline ({seats}): moves reach it when it is back"),
    N_(
        "the boards' records differ from move {ply}: {mine} here, {theirs} on board "
        "{board}; nothing more is taken from it (take both back to before that move, "
        "or start a new game)"
    ),
    N_(
        "lishogi: the link is down ({error}); trying again in {seconds} s; {count} move(s) "
        "wait to be sent"
    ),
    N_("lishogi: the link is down ({error}); trying again in {seconds} s"),
    N_("lishogi: {error}"),
)
"""What a remote or online game waits for on the network (remote/game.py ``waiting``,
``divergence``; online/seat.py ``trouble``), the most particular first."""

ERRORS: Mapping[str, str] = MappingProxyType({"connecting": N_("connecting")})
"""The few words an error placeholder holds that are the session's own."""

SEAT_FIELDS = frozenset({"seat", "seats"})


def told_again(
    text: str, templates: tuple[str, ...], language: Language, game: Game[Any] | None = None
) -> str:
    """``text``, one of ``templates`` filled in English, filled again in ``language``:
    seats in ``game``'s words, the rest as it is; as it is when no template fits."""
    if language is Language.ENGLISH:
        return text
    for msgid in templates:
        match = template_pattern(msgid).fullmatch(text)
        if match is None:
            continue
        values = {
            name: _seats(game, value, language)
            if name in SEAT_FIELDS and game is not None
            else translated(ERRORS[value], language)
            if value in ERRORS
            else value
            for name, value in match.groupdict().items()
        }
        return translated(msgid, language).format(**values)
    return text


def fits(text: str, templates: tuple[str, ...]) -> bool:
    """Whether ``text`` is one of ``templates`` filled in (the tests ask)."""
    return any(template_pattern(msgid).fullmatch(text) for msgid in templates)


def verdict_text(game: Game[Any], verdict: str, language: Language) -> str:
    return told_again(verdict, (VERDICT,), language, game)


def waiting_text(game: Game[Any], waiting: str, language: Language) -> str:
    return told_again(waiting, WAITING, language, game)


# --- a review ----------------------------------------------------------------------

QUALITIES: Mapping[Quality, str] = MappingProxyType(
    {
        Quality.BEST: N_("best"),
        Quality.GOOD: N_("good"),
        Quality.DOUBTFUL: N_("doubtful"),
        Quality.LOSING: N_("losing"),
    }
)
BETTER = N_("{quality}; better {move}")
REVIEW_START = N_("review of game {id}: the start")
REVIEW_MOVE = N_("review of game {id}: move {ply} of {count} ({move})")
JUDGED = N_("{review}: {note}")


def note_text(note: MoveNote, language: Language) -> str:
    """The engine's judgement of a move (``MoveNote.comment``) in ``language``."""
    quality = translated(QUALITIES[note.quality], language)
    if note.better is None:
        return quality
    return translated(BETTER, language).format(quality=quality, move=note.better)


def review_text(review: Review, language: Language) -> str:
    """A review's place and the judgement of the move shown (``Review.describe``)."""
    if review.ply == 0:
        text = translated(REVIEW_START, language).format(id=review.game_id)
    else:
        text = translated(REVIEW_MOVE, language).format(
            id=review.game_id, ply=review.ply, count=len(review.moves), move=review.move
        )
    note = review.note
    if note is None:
        return text
    return translated(JUDGED, language).format(review=text, note=note_text(note, language))


def notes_in(review: Review) -> dict[str, Mapping[str, str]]:
    """Each judged move's note in every language, by ply (the review bar's)."""
    return {
        str(ply): in_languages(partial(note_text, note))
        for ply, note in sorted(review.notes.items())
    }
