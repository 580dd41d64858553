"""The vocabulary on the wire: actions read from a web message or a replay line
(``from_wire``) and from a typed command (``from_words``), written back
(``to_wire``), and the terminal's usage lines; every refusal a ``Problem`` code.

The actions themselves are declared once in ``session/actions.py``; this is only how
they are read and written outside the session.
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from enum import Enum, StrEnum
from types import MappingProxyType
from typing import Any

from drivers.buttons import ButtonRole
from engine.errors import KibanError
from engine.said import N_, Said, Term, said, verbatim
from firmware_host.session.actions import ACTIONS, Action, Claim, Kind, Param, params

MAX_TEXT = 1000  # characters in any one string value


class Problem(StrEnum):
    """Why a message or an action is refused: the ``code`` of the web page's errors, one
    list for every front end."""

    NOT_JSON = "not_json"
    NOT_OBJECT = "not_object"
    UNKNOWN_TYPE = "unknown_type"
    MISSING_FIELD = "missing_field"
    EXTRA_FIELD = "extra_field"
    WRONG_TYPE = "wrong_type"
    TOO_LONG = "too_long"
    UNKNOWN_BUTTON = "unknown_button"
    UNKNOWN_SPOT = "unknown_spot"
    UNKNOWN_GAME = "unknown_game"
    UNKNOWN_VARIANT = "unknown_variant"
    INVALID_POSITION = "invalid_position"
    UNKNOWN_PROFILE = "unknown_profile"
    INVALID_SETTING = "invalid_setting"
    UNKNOWN_PALETTE = "unknown_palette"
    UNKNOWN_LANGUAGE = "unknown_language"
    UNKNOWN_FORMAT = "unknown_format"
    INVALID_BROKER = "invalid_broker"
    INVALID_CODE = "invalid_code"
    UNKNOWN_SEAT = "unknown_seat"
    NOT_ALLOWED = "not_allowed"
    INVALID = "invalid"  # well formed, but not possible now (nothing to lift there)
    REFUSED = "refused"  # the controller said no; nothing changed
    INTERNAL = "internal"
    UNAUTHORIZED = "unauthorized"


class ActionError(KibanError, ValueError):
    """An action that cannot be read; ``code`` names the rule it broke, ``field`` the
    parameter (the web page shows both)."""

    def __init__(self, code: Problem, message: str | Said, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.said = message if isinstance(message, Said) else verbatim(message)
        self.message = str(message)
        self.field = field


BY_WIRE: Mapping[str, type[Action]] = MappingProxyType({a.wire: a for a in ACTIONS})
"""Every action by its wire name."""


def typed_verb(action: type[Action]) -> str:
    """The word that names the action in a typed command."""
    return action.verb or action.wire


BY_VERB: Mapping[str, type[Action]] = MappingProxyType({typed_verb(a): a for a in ACTIONS})
"""Every action by its typed verb (the wire name, unless a shorter word says it)."""


_LITERAL = re.compile(r"``([^`]+)``")


def summary(action: type[Action]) -> str:
    """The first paragraph of the action's docstring, whole and without its markup:
    what it does, for help texts. A parameter named in it is written as the typed
    command writes it (``held`` is HELD, as in ``place SPOT [HELD]``)."""
    paragraph = inspect.cleandoc(action.__doc__ or "").split("\n\n")[0]
    names = {spec.name for spec in params(action)}

    def plain(match: re.Match[str]) -> str:
        word = match.group(1)
        return word.upper() if word in names else word

    return _LITERAL.sub(plain, " ".join(paragraph.split()))


def find_action(
    name: str, claims: Iterable[str] = (), *, table: Mapping[str, type[Action]] = BY_WIRE
) -> tuple[type[Action], dict[str, Any]]:
    """The action called ``name`` in ``table``, and the values its name implies: a
    claim's own name (``impasse``) is the claim action with that claim."""
    action = table.get(name)
    if action is not None:
        return action, {}
    if name in claims:
        return Claim, {"claim": name}
    known = ", ".join([*table, *sorted(set(claims))])
    raise ActionError(Problem.UNKNOWN_TYPE, f"unknown action {name!r} (known: {known})", "type")


def _is(kind: Kind, value: Any) -> bool:
    match kind:
        case Kind.STRING | Kind.BUTTON:
            return isinstance(value, str)
        case Kind.OPTIONAL_STRING:
            return value is None or isinstance(value, str)
        case Kind.INTEGER:
            return isinstance(value, int) and not isinstance(value, bool)
        case Kind.SWITCH:
            return value in ("on", "off")
        case Kind.STRINGS:
            return isinstance(value, dict) and all(
                isinstance(k, str) and isinstance(v, str) and len(v) <= MAX_TEXT
                for k, v in value.items()
            )


def from_wire(
    name: str, body: Mapping[str, Any], *, buttons: Sequence[str] = (), claims: Iterable[str] = ()
) -> Action:
    """Build the action ``name`` from JSON values, checking their shape: a known action,
    every required parameter, no unknown one, each of its kind. ``buttons`` (the board's)
    are named when a button is unknown."""
    action, implied = find_action(name, claims)
    specs = params(action)
    names = {spec.name for spec in specs}
    secret = any(spec.secret for spec in specs)
    for key in body:
        if key not in names or key in implied:
            allowed = ", ".join(sorted(names - implied.keys())) or "no fields"
            if secret:  # the secret itself may have been sent as the field's name
                raise ActionError(
                    Problem.EXTRA_FIELD, f"{name} takes only {allowed}: another field was sent"
                )
            raise ActionError(
                Problem.EXTRA_FIELD, f"{name} has no field {key!r} (it takes {allowed})", key
            )
    values: dict[str, Any] = dict(implied)
    for spec in specs:
        if spec.attribute in implied:
            continue
        if spec.name not in body:
            if spec.required:
                raise ActionError(
                    Problem.MISSING_FIELD,
                    f"{name} needs {spec.name!r} ({spec.kind.value})",
                    spec.name,
                )
            continue
        values[spec.attribute] = _value(name, spec, body[spec.name], buttons)
    return action(**values)


def _value(owner: str, spec: Param, value: Any, buttons: Sequence[str]) -> Any:
    if spec.keys and isinstance(value, dict):
        # an object of named strings: each name checked, and each value, by its name
        items = {key: Param(key, key, Kind.STRING, False, "") for key in spec.keys}
        for key, item in value.items():
            if key not in items:
                allowed = ", ".join(spec.keys)
                raise ActionError(
                    Problem.EXTRA_FIELD,
                    f"{owner} {spec.name} has no field {key!r} (it takes {allowed})",
                    key,
                )
            _value(f"{owner} {spec.name}", items[key], item, buttons)
        return dict(value)
    if not _is(spec.kind, value):
        shown = _json_kind(value) if spec.secret else json.dumps(value)[:60]
        raise ActionError(
            Problem.WRONG_TYPE,
            f"{owner}: {spec.name} must be {spec.kind.value}, not {shown}",
            spec.name,
        )
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise ActionError(Problem.TOO_LONG, f"{owner}: {spec.name} is too long", spec.name)
    if spec.kind is Kind.STRINGS:
        return dict(value)
    if spec.kind is Kind.SWITCH:
        return value == "on"
    if spec.kind is Kind.BUTTON:
        try:
            return ButtonRole(value)
        except ValueError:
            names = ", ".join(sorted(buttons or (role.value for role in ButtonRole)))
            raise ActionError(
                Problem.UNKNOWN_BUTTON, f"this board has no {value!r} button (buttons: {names})"
            ) from None
    return value


def _json_kind(value: Any) -> str:
    """What kind of JSON value ``value`` is, without a word of it (for a secret)."""
    match value:
        case bool() | None:
            return "true, false or null"
        case int() | float():
            return "a number"
        case list():
            return "an array"
        case dict():
            return "an object"
    return "a string"


def from_words(words: Sequence[str], *, claims: Iterable[str] = ()) -> Action:
    """Build an action from a typed command: the verb (its wire name), then its
    parameters in order. ``NAME=VALUE`` words fill the object of strings that names
    NAME among its keys (a new game's settings), else its first (the variants); the
    last string parameter takes the remaining words. A parameter the class can do
    without may be left out, even where the wire needs it."""
    verb = words[0]
    action, implied = find_action(verb, claims, table=BY_VERB)
    rest = [word for word in words[1:] if "=" not in word]
    assigned = [word for word in words[1:] if "=" in word]
    specs = [spec for spec in params(action) if spec.attribute not in implied]
    values: dict[str, Any] = dict(implied)
    mappings = [spec for spec in specs if spec.kind is Kind.STRINGS]
    if mappings:
        # NAME=VALUE fills the object that names NAME among its keys (``new
        # opponent=w=level:3`` sets the session), else the first: a game's options
        for spec in mappings:
            values[spec.attribute] = {}
        for key, value in _assignments(verb, assigned).items():
            named = [spec for spec in mappings if key in spec.keys]
            values[(named or mappings)[0].attribute][key] = value
    elif assigned:
        rest = list(words[1:])  # no object to fill: the words are values after all
    positional = [spec for spec in specs if spec.kind is not Kind.STRINGS]
    for index, spec in enumerate(positional):
        if not rest:
            if not spec.has_default:
                needs = N_("{command} needs {field} ({help})")
                told = said(needs, command=verb, field=spec.name, help=Term(spec.help))
                raise ActionError(Problem.MISSING_FIELD, told)
            continue
        last = index == len(positional) - 1 and spec.kind is Kind.STRING
        values[spec.attribute] = _word(verb, spec, " ".join(rest) if last else rest[0])
        rest = [] if last else rest[1:]
    if rest:
        more = said(N_("{command} takes no more than: {usage}"), command=verb, usage=usage(action))
        raise ActionError(Problem.EXTRA_FIELD, more)
    return action(**values)


def _word(verb: str, spec: Param, word: str) -> Any:
    if spec.kind is Kind.INTEGER:
        try:
            return int(word)
        except ValueError:
            number = N_("{command}: {field} is a number, not {word}")
            told = said(number, command=verb, field=spec.name, word=repr(word))
            raise ActionError(Problem.WRONG_TYPE, told) from None
    if spec.kind in (Kind.BUTTON, Kind.SWITCH):
        return _value(verb, spec, word.lower(), ())
    return word


def _assignments(verb: str, words: Sequence[str]) -> dict[str, str]:
    result: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key.strip():
            form = N_("{command}: {word} is not of the form NAME=VALUE")
            raise ActionError(Problem.WRONG_TYPE, said(form, command=verb, word=repr(word)))
        result[key.strip()] = value.strip()
    return result


def usage(action: type[Action]) -> str:
    """The action as a typed command: ``move FROM TO``, ``resign [SEAT]``."""
    parts = [typed_verb(action)]
    for spec in params(action):
        word = spec.name.upper() if spec.kind is not Kind.STRINGS else f"[{spec.name.upper()}=...]"
        word = "on|off" if spec.kind is Kind.SWITCH else word
        parts.append(word if spec.required or spec.kind is Kind.STRINGS else f"[{word}]")
    return " ".join(parts)


def to_wire(action: Action) -> dict[str, Any]:
    """The action as a web message (without an id)."""
    message: dict[str, Any] = {"type": action.wire}
    for spec in params(type(action)):
        value = getattr(action, spec.attribute)
        if spec.kind is Kind.SWITCH:
            value = "on" if value else "off"
        elif isinstance(value, Enum):
            value = value.value
        elif isinstance(value, Mapping):
            value = dict(value)
        if value is None and not spec.required:
            continue
        message[spec.name] = value
    return message
