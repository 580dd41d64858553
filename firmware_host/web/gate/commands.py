"""What the web page may ask, checked before anything runs.

A message is one JSON object: ``{"type": "lift", "spot": "2c"}``, with an
optional ``"id"`` (a string or an integer) that the answer repeats. The types
and their fields are the session's one vocabulary (``session/actions.py``);
checking happens in two stages, both before the session is touched: the shape
(JSON read by ``wire/json_reader.py``, which refuses text nested too deep;
``wire/actions.from_wire``: a known type, every required field, no unknown field,
each of the right JSON type), then the meaning against the session here (the
spot is one of the game's, the button one of the board's, the game, its
variants and session settings exist, pieces are moved only on the simulator, a
remote game's broker address and code can be read).
Actions whose meaning depends on the game as it stands (``roll`` when no roll
is due, a claim the game does not have) are well formed for any game: the
controller answers them, and what it refuses comes back as an error. Anything
wrong raises ``CommandError`` naming the problem, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.catalogue import CatalogueError
from engine.errors import KibanError
from engine.game import Game
from engine.physical import Spot
from engine.registry import find_game
from firmware_host.opponents.seats import seat_index
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import GameCode
from firmware_host.session.actions import (
    Action,
    Download,
    FlipPiece,
    LiftPiece,
    MovePiece,
    NewGame,
    PlacePiece,
    PlayRemote,
    Press,
    Resign,
    Scope,
)
from firmware_host.session.help import SeatSettingError, check_seats
from firmware_host.session.settings import Settings
from firmware_host.store.records import formats
from firmware_host.telling.language import Language
from firmware_host.wire.actions import (
    ActionError,
    Problem,
    from_wire,
)
from firmware_host.wire.json_reader import MalformedJsonError, read_json

MAX_ID = 100


class CommandError(ActionError):
    """A message the session will not carry out, with the id of the message it answers."""

    def __init__(self, code: Problem, message: str, field: str | None = None) -> None:
        super().__init__(code, message, field)
        self.request_id: str | int | None = None


@dataclass(frozen=True, slots=True)
class Request:
    """A checked action and the id its answer repeats."""

    id: str | int | None
    action: Action


@dataclass(frozen=True, slots=True)
class Context:
    """What a message is checked against: the session as it is now.

    ``world``: pieces may be moved from the page (the simulator). ``served``: the
    games the board can play (None: every registered game that ``profiles`` has a
    simulated board for). ``profiles``: the simulated profiles of each game.
    ``claims``: the names of the claims games have (each also a message type).
    """

    world: bool
    game: Game[Any]
    spots: frozenset[Spot]
    buttons: frozenset[str]
    served: frozenset[str] | None
    profiles: Mapping[str, tuple[str, ...]]
    palettes: frozenset[str]
    claims: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class PageLanguage:
    """A page's choice of the language it is told in (``{"type": "language",
    "language": "pl"}``): its connection's own, not the session's, so two pages in two
    languages each read theirs (``web/words/told_for_page.py``)."""

    id: str | int | None
    language: Language


LANGUAGE = "language"
"""The type of the message a page names its language with (no action of the session)."""


def parse(text: str | bytes, context: Context) -> Request:
    """Read and check one action of the session's; raises CommandError (carrying the
    message's id when it had a usable one) and changes nothing."""
    read = parse_page(text, context)
    if isinstance(read, PageLanguage):
        message = "a language is chosen by a page over its socket, for that page"
        raise CommandError(Problem.UNKNOWN_TYPE, message, "type")
    return read


def parse_page(text: str | bytes, context: Context) -> Request | PageLanguage:
    """Read and check one message of a page's: an action of the session's, or the
    language the page is told in; raises CommandError (carrying the message's id when
    it had a usable one) and changes nothing."""
    try:
        raw = read_json(text)
    except MalformedJsonError as error:
        raise CommandError(Problem.NOT_JSON, f"the message is not JSON: {error}") from None
    if not isinstance(raw, dict):
        raise CommandError(Problem.NOT_OBJECT, 'a message is a JSON object with a "type"')
    request_id = raw.get("id")
    if request_id is not None and (
        isinstance(request_id, bool)
        or not isinstance(request_id, str | int)
        or len(str(request_id)) > MAX_ID
    ):
        raise CommandError(Problem.WRONG_TYPE, "id must be a short string or an integer", "id")
    try:
        if raw.get("type") == LANGUAGE:
            return PageLanguage(request_id, _language(raw))
        return Request(request_id, _action(raw, context))
    except ActionError as error:
        refused = CommandError(error.code, error.message, error.field)
        refused.request_id = request_id
        raise refused from None


def _action(raw: Mapping[str, Any], context: Context) -> Action:
    kind = raw.get("type")
    if kind is None:
        raise CommandError(Problem.MISSING_FIELD, 'the message has no "type"', "type")
    if not isinstance(kind, str):
        raise CommandError(Problem.WRONG_TYPE, "type must be a string", "type")
    body = {key: value for key, value in raw.items() if key not in ("type", "id")}
    action = from_wire(kind, body, buttons=sorted(context.buttons), claims=context.claims)
    check(action, context)
    return action


def _language(raw: Mapping[str, Any]) -> Language:
    extra = sorted(set(raw) - {"type", "id", LANGUAGE})
    if extra:
        raise CommandError(Problem.EXTRA_FIELD, f"language takes no field {extra[0]!r}", extra[0])
    code = raw.get(LANGUAGE)
    if code is None:
        raise CommandError(Problem.MISSING_FIELD, 'language needs "language"', LANGUAGE)
    if not isinstance(code, str):
        raise CommandError(Problem.WRONG_TYPE, "language must be a string", LANGUAGE)
    try:
        return Language.named(code)
    except CatalogueError as error:
        raise CommandError(Problem.UNKNOWN_LANGUAGE, str(error), LANGUAGE) from None


# --- meaning -------------------------------------------------------------------------


def check(action: Action, context: Context) -> None:
    """Check a well-formed action against the session; raises CommandError."""
    if action.scope is Scope.HANDS and not context.world:
        raise CommandError(
            Problem.NOT_ALLOWED,
            "pieces are moved by hand on a real board; only the simulator moves them from the page",
        )
    match action:
        case LiftPiece(spot) | FlipPiece(spot):
            _spot(spot, context, "spot")
        case PlacePiece(spot, held):
            _spot(spot, context, "spot")
            if held is not None and held < 0:
                raise CommandError(
                    Problem.INVALID, "held is an index into the hand, 0 or more", "held"
                )
        case MovePiece(source, target):
            _spot(source, context, "from")
            _spot(target, context, "to")
        case Press(button):
            if button.value not in context.buttons:
                names = ", ".join(sorted(context.buttons)) or "none"
                raise CommandError(
                    Problem.UNKNOWN_BUTTON,
                    f"this board has no {button.value!r} button (buttons: {names})",
                )
        case Resign(seat):
            seats = len(context.game.seats)
            if seat is not None and not 0 <= seat < seats:
                raise CommandError(
                    Problem.INVALID, f"seat must be 0..{seats - 1}, not {seat}", "seat"
                )
        case Download(name):
            known = [f.name for f in formats(context.game.name)]
            if name not in known:
                raise CommandError(
                    Problem.UNKNOWN_FORMAT,
                    f"{context.game.name} records come as {', '.join(known)}, not {name!r}",
                    "format",
                )
        case NewGame():
            _new_game(action, context)
        case PlayRemote():
            _remote(action, context)


def _spot(spot: Spot, context: Context, name: str) -> None:
    if spot not in context.spots:
        raise CommandError(
            Problem.UNKNOWN_SPOT, f"{spot!r} is not a spot of {context.game.title}", name
        )


def _new_game(action: NewGame, context: Context) -> None:
    assert action.game is not None  # the wire requires it
    try:
        game = find_game(action.game)
    except KibanError as error:
        raise CommandError(Problem.UNKNOWN_GAME, str(error), "game") from None
    if context.served is not None and game.name not in context.served:
        served = ", ".join(sorted(context.served))
        raise CommandError(
            Problem.NOT_ALLOWED, f"this board plays {served}, not {game.name}", "game"
        )
    profiles = context.profiles.get(game.name, ())
    if context.world and not profiles:
        raise CommandError(
            Problem.NOT_ALLOWED, f"there is no simulated board for {game.name}", "game"
        )
    try:
        game.options(action.variants)
    except KibanError as error:
        raise CommandError(Problem.UNKNOWN_VARIANT, str(error), "variants") from None
    if action.position is not None:
        try:
            game.position(action.position, action.variants)
        except KibanError as error:
            raise CommandError(Problem.INVALID_POSITION, str(error), "position") from None
    if action.profile is not None:
        if not context.world:
            raise CommandError(
                Problem.NOT_ALLOWED,
                "a real board's profile is chosen when the service starts",
                "profile",
            )
        if action.profile not in profiles:
            names = ", ".join(profiles)
            raise CommandError(
                Problem.UNKNOWN_PROFILE,
                f"{action.profile!r} is not a simulated board for {game.name} (boards: {names})",
                "profile",
            )
    for key, value in action.session.items():  # one at a time, to name the field
        try:
            Settings.parse({key: value})
        except KibanError as error:
            choices = Settings.CHOICES.get(key)
            message = f"{key}: {error}"
            if choices is not None:
                message = f"{key} is {' or '.join(choices)}, not {value!r}"
            raise CommandError(Problem.INVALID_SETTING, message, key) from None
    try:  # each seat's help and hint budget name the new game's seats
        check_seats(game, action.session)
    except SeatSettingError as error:
        raise CommandError(Problem.INVALID_SETTING, str(error), error.key) from None
    if action.palette is not None and action.palette not in context.palettes:
        names = ", ".join(sorted(context.palettes))
        raise CommandError(
            Problem.UNKNOWN_PALETTE, f"no palette {action.palette!r} (palettes: {names})", "palette"
        )


def _remote(action: PlayRemote, context: Context) -> None:
    """A broker that can be reached by its address, a code that reads as one, a seat
    of the game being played (a remote game is of this game)."""
    try:
        BrokerAddress.parse(action.broker)
    except KibanError as error:
        raise CommandError(Problem.INVALID_BROKER, str(error), "broker") from None
    if action.join is not None and action.watch is not None:
        raise CommandError(Problem.INVALID, "join a game or watch one, not both", "watch")
    for name, code in (("join", action.join), ("watch", action.watch)):
        if code is not None:
            try:
                GameCode.parse(code)
            except KibanError as error:
                raise CommandError(Problem.INVALID_CODE, str(error), name) from None
    if action.seat is not None:
        if action.watch is not None:
            raise CommandError(Problem.INVALID, "a spectator plays no seat", "seat")
        try:
            seat_index(context.game, action.seat)
        except KibanError as error:
            raise CommandError(Problem.UNKNOWN_SEAT, str(error), "seat") from None
