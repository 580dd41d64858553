"""The session's free-text messages told in the language: a refusal's reason, a
fault's line, the blunder warning, the opening draw, the game store's news, the
computer's verdict and the engine's errors a refusal passes on.

The rooms below the telling (the session, the store, the boards, the engine) write
these in English, as the engine writes its illegal moves' reasons. Each is one of the
templates below (a msgid marked ``N_``), whose ``{placeholders}`` the message fills;
telling matches the message against the templates, as telling/reasons.py matches a
reason, and fills the translated template again: seats by the game's own words, a
field that holds a message of its own (``{error}``, ``{why}``) told the same way, an
illegal move's reason by reasons.py, names, cells, moves and counts as they are.
tests/firmware_host/telling/test_languages_messages.py holds every message the source
writes (every ``Refused``, ``FaultShown``, ``BusFault`` and ``BlunderWarned`` made of
words) to a template.
"""

from __future__ import annotations

import re
from functools import cache

from engine.claims import ClaimRule
from engine.registry import games
from firmware_host.telling.language import N_, Language, translated
from firmware_host.telling.reasons import (
    SEAT_FIELDS,
    Template,
    any_reason_text,
    fitting,
    particular_first,
    reason_text,
    seat_words,
    template_of,
)

REFUSALS = (
    # the computer (session/computer_turns.py)
    N_("the computer could not answer: {error}"),
    N_("the computer stopped thinking"),
    N_("the computer's move cannot be played: {error}"),
    N_("no move to suggest now"),
    N_("the computer is to move"),
    N_("no hints: {why}"),
    N_("no hints for {seat}: its help stops below hints"),
    N_("{seat} has used all {count} hints of this game"),
    N_("{server} forbids engine help in games against people"),
    N_("the computer is not thinking"),
    # the game (session/controller.py, reviewing.py, prompts.py, across_boards.py)
    N_("game {game_id} could not be resumed: {error}"),
    N_("the game is already over"),
    N_("there is no move to take back"),
    N_("no roll is due"),
    N_("the game is over"),
    N_("moves are reviewed once the game is over"),
    N_("no prompt is open for {choice}"),
    N_("{choice} is not one of the choices ({choices})"),
    N_("{game} ships no puzzles"),
    # a spot the hands, the page or a replay names (hardware/mock/world.py, gestures.py)
    N_("{spot} is not a spot of {game}"),
    N_("{seat} plays at another board: its move is lit here when it comes"),
    N_("there is no seat {number}"),
    N_("{seat} is played at another board: they resign there"),
    N_("the other board's claim fails here: {error}"),
    # the engine's errors a refusal passes on (engine/game.py)
    N_("the game is over; {move} cannot be played"),
    N_("{move} is illegal: {reason}"),
    N_("{move} is not a legal move in {position}"),
    N_("{game} has no claim {name}"),
    N_("the game is over; no move to play in {position}"),
    # a claim (engine/claims.py ClaimPreview.describe, engine/shogi/impasse.py)
    N_("{seat} counts {points} points of {needed} needed; it would win ({warning})"),
    N_("{seat} counts {points} points of {needed} needed; it would fail: {problems} ({warning})"),
    N_("a declaration that fails loses the game"),
    N_("{seat}'s king is not in the enemy camp ({zone})"),
    N_("{seat} has {count} pieces besides the king in the enemy camp, not {needed}"),
    N_("{seat}'s king is in check"),
    N_("{seat} counts {count} points in hand and in the camp, not {needed}"),
    N_("ranks a-c"),
    N_("ranks g-i"),
    N_("the game is already over; there is no impasse to count"),
    N_("the game is already over; there is nothing to declare"),
    N_("an impasse needs both kings, and {seat} has none"),
    N_("an impasse needs both kings in the enemy camp: {seat}'s king is on {cell}, outside {zone}"),
    # a typed command's words (wire/actions.py from_words)
    N_("{command} needs {field} ({help})"),
    N_("{command} takes no more than: {usage}"),
    N_("{command}: {field} is a number, not {word}"),
    N_("{command}: {word} is not of the form NAME=VALUE"),
)
"""Why an input was refused (``Refused``), as the session writes it."""

FAULTS = (
    # the board (boards/scanning.py)
    N_("{chip} does not answer"),
    # the game store (store/journal.py, store/storage.py)
    N_("{error}: the game goes on and is saved when the store can take it"),
    N_("1 record not saved yet ({error})"),
    N_("{count} records not saved yet ({error})"),
    N_("cannot write to the game store {path}: {detail}"),
    N_("cannot open the game store {path}: {detail}"),
    N_("database or disk is full"),
    N_(
        "the game store {path} was damaged ({detail}): it is kept as {kept} and a new,"
        " empty store was started; no game in it could be read"
    ),
    N_(
        "the game store {path} was damaged ({detail}): it is kept as {kept};"
        " 1 game read from it are in the new store"
    ),
    N_(
        "the game store {path} was damaged ({detail}): it is kept as {kept};"
        " {count} games read from it are in the new store"
    ),
    N_(
        "the game store {path} was damaged ({detail}): it is kept as {kept};"
        " 1 game read from it are in the new store ({cut} up to the first damaged move only)"
    ),
    N_(
        "the game store {path} was damaged ({detail}): it is kept as {kept};"
        " {count} games read from it are in the new store"
        " ({cut} up to the first damaged move only)"
    ),
)
"""A fault's line for the player (the technical detail goes to the log)."""

WARNINGS = (
    # the blunder warning (session/computer.py)
    N_("loses the game"),
    N_("gives away material"),
    # the computer's verdict (session/computer.py)
    N_("{seat} wins in {count}"),
)
"""The blunder warning's reason and the verdict."""

TOKEN_REFUSED_MSGID = N_(
    "lishogi refused the token: log in again ({command}, or the Play online dialog);"
    " the game is kept"
)
TOKEN_REFUSED = TOKEN_REFUSED_MSGID.format(command="kiban online login")
"""An online game's token revoked or expired (online/streams.py, online/outbox.py)."""

SLOWED_MSGID = N_("lishogi asks to wait (429): the move is sent again in {count} s")
"""lishogi answered a move with 429 (online/outbox.py): the move goes after its pause."""

ACROSS = (
    # the online game's token, lishogi's pause (online/seat.py trouble)
    TOKEN_REFUSED_MSGID,
    SLOWED_MSGID,
    # the remote game (remote/game.py waiting, divergence)
    N_("waiting for the broker ({detail}): the game is kept"),
    N_("connecting"),
    N_("waiting for a board to join as {seat} (game code {code})"),
    N_("waiting for the opponent's board ({seat}): it is offline"),
    N_("no board has joined as {seats} yet (game code {code})"),
    N_("the opponent's board is offline ({seats}): moves reach it when it is back"),
    N_(
        "the boards' records differ from move {number}: {move} here, {move2} on board"
        " {board}; nothing more is taken from it (take both back to before that move, or"
        " start a new game)"
    ),
    # the online game (online/seat.py trouble)
    N_("lishogi: {why}"),
    N_("lishogi: the link is down ({detail}); trying again in {count} s"),
    N_(
        "lishogi: the link is down ({detail}); trying again in {count} s;"
        " {moves} move(s) wait to be sent"
    ),
    # where a seat's move was played (a computer move's note)
    N_("played at the other board"),
    N_("played on lishogi"),
    N_("played at the GUI"),
)
"""Why a game across boards or online waits, and where a move came from."""

MESSAGES = (*REFUSALS, *FAULTS, *WARNINGS, *ACROSS)

AND_ALSO = N_("; ")
"""What parts a list of problems: a claim's reasons to fail, one after the other."""

TOLD_FIELDS = frozenset({"error", "why", "detail", "warning", "zone"})
"""Fields that hold a message of their own, told in the language too."""


NUMBERS = frozenset(
    {"count", "needed", "points", "number", "game_id", "tokin", "pawns", "cut", "moves"}
)
WORDS = frozenset(
    {"move", "move2", "cell", "command", "button", "field", "code", "board", "server"}
)


def _field(name: str) -> str:
    """What a field's value may be: a count digits, a move one word, a seat a name
    without a sentence's punctuation, a warning in brackets none, anything else
    anything (the shortest)."""
    if name in NUMBERS:
        return r"\d+"
    if name in WORDS:
        return r"\S+"
    if name in SEAT_FIELDS:
        return r"[^;:]+?"
    if name == "warning":  # in brackets, after problems that may hold some
        return r"[^()]+"
    return r".+?"


@cache
def templates() -> tuple[Template, ...]:
    """The templates, the most particular first (the longest words outside the
    placeholders)."""
    return particular_first(MESSAGES, _field, re.DOTALL)


def message_of(text: str) -> tuple[Template, dict[str, str]] | None:
    """The template ``text`` is of, with its values; None when none fits."""
    return fitting(templates(), text)


def _seat(text: str, language: Language, game: str | None) -> str:
    """A seat's name (or several: "A (sente), B (gote)") in the game's words."""
    names = [game] if game is not None else [found.name for found in games()]
    parts = text.split(", ")
    for name in names:
        table = seat_words(name, language.value)
        if all(part in table for part in parts):
            return ", ".join(table[part] for part in parts)
    return text


def _value(name: str, text: str, language: Language, game: str | None) -> str:
    if name == "problems":  # a claim's problems, one message each
        parts = text.split("; ")
        joined = translated(AND_ALSO, language)
        return joined.join(message_told(part, language, game) for part in parts)
    if name in SEAT_FIELDS:
        return _seat(text, language, game)
    if name in ("game", "help"):  # a game's title, what a command's parameter is
        return translated(text, language)
    if name == "reason" or (name in TOLD_FIELDS and message_of(text) is None):
        if game is not None and template_of(text) is not None:
            return reason_text(game, text, language)
        return any_reason_text(text, language)
    if name in TOLD_FIELDS:
        return message_told(text, language, game)
    return text


def message_told(text: str, language: Language, game: str | None = None) -> str:
    """``text``, a message the session wrote in English, in ``language`` (``game``:
    whose seats it names, else the first game that has them); as it is when no
    template fits it (a test holds every message the source writes to one)."""
    if language is Language.ENGLISH:
        return text
    found = message_of(text)
    if found is None:
        return any_reason_text(text, language) if template_of(text) is not None else text
    template, values = found
    told = {name: _value(name, value, language, game) for name, value in values.items()}
    return translated(template.msgid, language).format(**told)


def claim_title(rule: ClaimRule, language: Language) -> str:
    """A claim's button text in ``language`` (each game's claims are msgids)."""
    return translated(rule.title, language)


def claim_help(rule: ClaimRule, language: Language) -> str:
    """When to make a claim, one sentence in ``language``."""
    return translated(rule.help, language)
