"""What the web page may ask, checked against an explicit schema before anything runs.

A message is one JSON object: ``{"type": "lift", "spot": "2c"}``, with an
optional ``"id"`` (a string or an integer) that the answer repeats. Checking
happens in two stages, both before the session is touched: the shape (a known
type, every required field, no unknown field, each of the right JSON type),
then the meaning against the session (the spot is one of the game's, the
button one of the board's, the game, its variants and session settings exist,
pieces are moved only on the simulator). Commands whose meaning depends on the
game as it stands (``roll`` when no roll is due, a claim the game does not
have) are well formed for any game: the controller answers them, and what it
refuses comes back as an error. Anything wrong raises ``CommandError`` naming the
problem, and nothing changes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from engine.errors import KibanError
from engine.game import Game
from engine.physical import Spot
from engine.registry import find_game
from firmware_host.session.records import formats
from firmware_host.session.settings import FirstPlayerDraw, RollMode, Settings

MAX_TEXT = 1000  # characters in any one string field
MAX_ID = 100


class CommandError(KibanError, ValueError):
    """A message the session will not carry out; ``code`` says which rule it broke."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.request_id: str | int | None = None


class Kind(Enum):
    """The JSON type a field must have."""

    STRING = "a string"
    OPTIONAL_STRING = "a string or null"
    INTEGER = "an integer"
    STRINGS = "an object of strings"
    OBJECT = "an object"


@dataclass(frozen=True, slots=True)
class FieldSpec:
    name: str
    kind: Kind
    required: bool = True


# --- the commands ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lift:
    """Pick up the top piece of a spot (simulator only)."""

    spot: Spot


@dataclass(frozen=True, slots=True)
class Place:
    """Put a held piece on a spot: the one lifted last, or ``held`` (its index in the
    hand). A piece on a board cell is first taken where the rules send it."""

    spot: Spot
    held: int | None = None


@dataclass(frozen=True, slots=True)
class Move:
    """Lift and place in one go (simulator only)."""

    source: Spot
    target: Spot


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn a piece over: lifted, turned, put back (simulator only)."""

    spot: Spot


@dataclass(frozen=True, slots=True)
class Press:
    button: str


@dataclass(frozen=True, slots=True)
class Select:
    """A prompt's choice, by name."""

    choice: str


@dataclass(frozen=True, slots=True)
class NewGameCommand:
    game: str
    variants: Mapping[str, str] = field(default_factory=dict)
    position: str | None = None
    profile: str | None = None
    palette: str | None = None
    session: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Takeback:
    pass


@dataclass(frozen=True, slots=True)
class ResignCommand:
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """Both players agree to a draw."""


@dataclass(frozen=True, slots=True)
class Guide:
    move: str


@dataclass(frozen=True, slots=True)
class Unguide:
    pass


@dataclass(frozen=True, slots=True)
class Download:
    format: str = "txt"


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the dice now (what the board's roll button does)."""


@dataclass(frozen=True, slots=True)
class Impasse:
    """Both players agree to count the points (shogi's impasse): see ``claims.py``."""


@dataclass(frozen=True, slots=True)
class Declare:
    """The player to move declares a win (shogi's declaration): see ``claims.py``."""


Command = (
    Lift
    | Place
    | Move
    | Flip
    | Press
    | Select
    | NewGameCommand
    | Takeback
    | ResignCommand
    | Draw
    | Guide
    | Unguide
    | Download
    | Roll
    | Impasse
    | Declare
)
WORLD_COMMANDS = (Lift, Place, Move, Flip)

SCHEMA: Mapping[str, tuple[FieldSpec, ...]] = {
    "lift": (FieldSpec("spot", Kind.STRING),),
    "place": (FieldSpec("spot", Kind.STRING), FieldSpec("held", Kind.INTEGER, required=False)),
    "move": (FieldSpec("from", Kind.STRING), FieldSpec("to", Kind.STRING)),
    "flip": (FieldSpec("spot", Kind.STRING),),
    "press": (FieldSpec("button", Kind.STRING),),
    "select": (FieldSpec("choice", Kind.STRING),),
    "new_game": (
        FieldSpec("game", Kind.STRING),
        FieldSpec("variants", Kind.STRINGS, required=False),
        FieldSpec("position", Kind.OPTIONAL_STRING, required=False),
        FieldSpec("settings", Kind.OBJECT, required=False),
    ),
    "takeback": (),
    "resign": (FieldSpec("seat", Kind.INTEGER, required=False),),
    "draw": (),
    "guide": (FieldSpec("move", Kind.STRING),),
    "unguide": (),
    "download": (FieldSpec("format", Kind.STRING, required=False),),
    "roll": (),
    "impasse": (),
    "declare": (),
}
"""Every command type and its fields; ``type`` and ``id`` are allowed in every one."""

SESSION_KEYS = ("clock", "roll", "draw", "seed")

SETTING_CHOICES: Mapping[str, tuple[str, ...]] = {
    "roll": tuple(mode.value for mode in RollMode),
    "draw": tuple(kind.value for kind in FirstPlayerDraw),
}
"""The session settings that take one of a few words (the page offers them)."""

SETTINGS: tuple[FieldSpec, ...] = (
    FieldSpec("profile", Kind.STRING, required=False),
    FieldSpec("palette", Kind.STRING, required=False),
    *(FieldSpec(key, Kind.STRING, required=False) for key in SESSION_KEYS),
)
"""The fields of ``new_game``'s ``settings``: the simulated board, the palette, and the
session settings (clock, dice rolling, opening draw, seed)."""


@dataclass(frozen=True, slots=True)
class Request:
    """A checked command and the id its answer repeats."""

    id: str | int | None
    command: Command


@dataclass(frozen=True, slots=True)
class Context:
    """What a command is checked against: the session as it is now.

    ``world``: pieces may be moved from the page (the simulator). ``served``: the
    games the board can play (None: every registered game that ``profiles`` has a
    simulated board for). ``profiles``: the simulated profiles of each game.
    """

    world: bool
    game: Game[Any]
    spots: frozenset[Spot]
    buttons: frozenset[str]
    served: frozenset[str] | None
    profiles: Mapping[str, tuple[str, ...]]
    palettes: frozenset[str]


def parse(text: str | bytes, context: Context) -> Request:
    """Read and check one message; raises CommandError (carrying the message's id
    when it had a usable one) and changes nothing."""
    try:
        raw = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise CommandError("not_json", f"the message is not JSON: {error}") from None
    if not isinstance(raw, dict):
        raise CommandError("not_object", 'a message is a JSON object with a "type"')
    request_id = raw.get("id")
    if request_id is not None and (
        isinstance(request_id, bool)
        or not isinstance(request_id, str | int)
        or len(str(request_id)) > MAX_ID
    ):
        raise CommandError("wrong_type", "id must be a short string or an integer", "id")
    try:
        return Request(request_id, _command(raw, context))
    except CommandError as error:
        error.request_id = request_id
        raise


def _command(raw: Mapping[str, Any], context: Context) -> Command:
    kind = raw.get("type")
    if kind is None:
        raise CommandError("missing_field", 'the message has no "type"', "type")
    if not isinstance(kind, str):
        raise CommandError("wrong_type", "type must be a string", "type")
    specs = SCHEMA.get(kind)
    if specs is None:
        known = ", ".join(SCHEMA)
        raise CommandError(
            "unknown_type", f"unknown message type {kind!r} (known: {known})", "type"
        )
    body = {key: value for key, value in raw.items() if key not in ("type", "id")}
    command = _build(kind, _fields(kind, specs, body))
    check(command, context)
    return command


def _fields(owner: str, specs: tuple[FieldSpec, ...], body: Mapping[str, Any]) -> dict[str, Any]:
    names = {spec.name for spec in specs}
    for key in body:
        if key not in names:
            allowed = ", ".join(sorted(names)) or "no fields"
            raise CommandError(
                "extra_field", f"{owner} has no field {key!r} (it takes {allowed})", key
            )
    values: dict[str, Any] = {}
    for spec in specs:
        if spec.name not in body:
            if spec.required:
                raise CommandError(
                    "missing_field", f"{owner} needs {spec.name!r} ({spec.kind.value})", spec.name
                )
            continue
        value = body[spec.name]
        if not _is(spec.kind, value):
            raise CommandError(
                "wrong_type",
                f"{owner}: {spec.name} must be {spec.kind.value}, not {json.dumps(value)[:60]}",
                spec.name,
            )
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise CommandError("too_long", f"{owner}: {spec.name} is too long", spec.name)
        values[spec.name] = value
    return values


def _is(kind: Kind, value: Any) -> bool:
    match kind:
        case Kind.STRING:
            return isinstance(value, str)
        case Kind.OPTIONAL_STRING:
            return value is None or isinstance(value, str)
        case Kind.INTEGER:
            return isinstance(value, int) and not isinstance(value, bool)
        case Kind.STRINGS:
            return isinstance(value, dict) and all(
                isinstance(v, str) and len(v) <= MAX_TEXT for v in value.values()
            )
        case Kind.OBJECT:
            return isinstance(value, dict)


def _build(kind: str, values: dict[str, Any]) -> Command:
    match kind:
        case "lift":
            return Lift(values["spot"])
        case "place":
            return Place(values["spot"], values.get("held"))
        case "move":
            return Move(values["from"], values["to"])
        case "flip":
            return Flip(values["spot"])
        case "press":
            return Press(values["button"])
        case "select":
            return Select(values["choice"])
        case "new_game":
            settings = _fields("new_game settings", SETTINGS, values.get("settings", {}))
            return NewGameCommand(
                values["game"],
                dict(values.get("variants", {})),
                values.get("position"),
                settings.get("profile"),
                settings.get("palette"),
                {key: settings[key] for key in SESSION_KEYS if key in settings},
            )
        case "takeback":
            return Takeback()
        case "resign":
            return ResignCommand(values.get("seat"))
        case "draw":
            return Draw()
        case "guide":
            return Guide(values["move"])
        case "unguide":
            return Unguide()
        case "download":
            return Download(values.get("format", "txt"))
        case "roll":
            return Roll()
        case "impasse":
            return Impasse()
        case "declare":
            return Declare()
    raise AssertionError(kind)  # pragma: no cover - SCHEMA and _build list the same types


# --- meaning -------------------------------------------------------------------------


def check(command: Command, context: Context) -> None:
    """Check a well-formed command against the session; raises CommandError."""
    if isinstance(command, WORLD_COMMANDS) and not context.world:
        raise CommandError(
            "not_allowed",
            "pieces are moved by hand on a real board; only the simulator moves them from the page",
        )
    match command:
        case Lift(spot) | Flip(spot):
            _spot(spot, context, "spot")
        case Place(spot, held):
            _spot(spot, context, "spot")
            if held is not None and held < 0:
                raise CommandError("invalid", "held is an index into the hand, 0 or more", "held")
        case Move(source, target):
            _spot(source, context, "from")
            _spot(target, context, "to")
        case Press(button):
            if button not in context.buttons:
                names = ", ".join(sorted(context.buttons)) or "none"
                raise CommandError(
                    "unknown_button", f"this board has no {button!r} button (buttons: {names})"
                )
        case ResignCommand(seat):
            seats = len(context.game.seats)
            if seat is not None and not 0 <= seat < seats:
                raise CommandError("invalid", f"seat must be 0..{seats - 1}, not {seat}", "seat")
        case Download(name):
            known = [f.name for f in formats(context.game.name)]
            if name not in known:
                raise CommandError(
                    "unknown_format",
                    f"{context.game.name} records come as {', '.join(known)}, not {name!r}",
                    "format",
                )
        case NewGameCommand():
            _new_game(command, context)


def _spot(spot: Spot, context: Context, name: str) -> None:
    if spot not in context.spots:
        raise CommandError("unknown_spot", f"{spot!r} is not a spot of {context.game.name}", name)


def _new_game(command: NewGameCommand, context: Context) -> None:
    try:
        game = find_game(command.game)
    except KibanError as error:
        raise CommandError("unknown_game", str(error), "game") from None
    if context.served is not None and game.name not in context.served:
        served = ", ".join(sorted(context.served))
        raise CommandError("not_allowed", f"this board plays {served}, not {game.name}", "game")
    profiles = context.profiles.get(game.name, ())
    if context.world and not profiles:
        raise CommandError("not_allowed", f"there is no simulated board for {game.name}", "game")
    try:
        game.options(command.variants)
    except KibanError as error:
        raise CommandError("unknown_variant", str(error), "variants") from None
    if command.position is not None:
        try:
            game.position(command.position, command.variants)
        except KibanError as error:
            raise CommandError("invalid_position", str(error), "position") from None
    if command.profile is not None:
        if not context.world:
            raise CommandError(
                "not_allowed", "a real board's profile is chosen when the service starts", "profile"
            )
        if command.profile not in profiles:
            names = ", ".join(profiles)
            raise CommandError(
                "unknown_profile",
                f"{command.profile!r} is not a simulated board for {game.name} (boards: {names})",
                "profile",
            )
    for key, value in command.session.items():  # one at a time, to name the field
        try:
            Settings.parse({key: value})
        except KibanError as error:
            choices = SETTING_CHOICES.get(key)
            message = f"{key}: {error}"
            if choices is not None:
                message = f"{key} is {' or '.join(choices)}, not {value!r}"
            raise CommandError("invalid_setting", message, key) from None
    if command.palette is not None and command.palette not in context.palettes:
        names = ", ".join(sorted(context.palettes))
        raise CommandError(
            "unknown_palette", f"no palette {command.palette!r} (palettes: {names})", "palette"
        )


NAMES: Mapping[type, str] = {
    Lift: "lift",
    Place: "place",
    Move: "move",
    Flip: "flip",
    Press: "press",
    Select: "select",
    NewGameCommand: "new_game",
    Takeback: "takeback",
    ResignCommand: "resign",
    Draw: "draw",
    Guide: "guide",
    Unguide: "unguide",
    Download: "download",
    Roll: "roll",
    Impasse: "impasse",
    Declare: "declare",
}


def command_name(command: Command) -> str:
    """The message type of a command, as the page wrote it."""
    return NAMES[type(command)]
