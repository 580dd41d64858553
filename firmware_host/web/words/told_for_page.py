"""What the page is sent, told in its language at the page's edge: the one place the
page's sentences are made.

The builders (page_state/, online_dialog/, the organiser's and the spectator's views)
write what Kiban says once, as a value: a field ``X_said``, its record
(``wire/notice_records.said_record``). The page's own payload carries no English ``X``
beside it (it would only be thrown away here); records that leave for other programs
(the journal, the club's messages, the outside spectator API, a notice's log line) keep
both: they are data for whoever tells them in its own language. Only what goes to a
page passes here, on its way out: each ``X_said`` is read back (``said_from_record``)
and told by ``telling/rendering.py`` in the page's language into ``X``, and dropped (an
``X`` the builder wrote beside one is replaced). So the page draws text and keeps no
renderer of its own; English is told too, by the same rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.game import Game
from engine.registry import games
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told
from firmware_host.wire.notice_records import SaidRecordError, said_from_record

SAID = "_said"
"""The suffix of a field that holds what is said as its value."""


def told_for_page(payload: Any, language: Language, game: Game[Any] | None) -> Any:
    """``payload`` (JSON-able) with every ``X_said`` told in ``language`` into ``X``, and
    no ``_said`` key left: a record as its text, a list of them as a list of texts, an
    object of them (by ply, by seat, by key) as an object of texts. A seat, a piece or
    a spot is told in the words of the game the innermost enclosing object names
    (``"game"``, a registered game's name: a table of the organiser's, a game of the
    games list), else of ``game`` (the session's). ``payload`` is not changed: a built
    state is shared by every page, each in its own language."""
    registered = {known.name: known for known in games()}
    return _walk(payload, language, game, registered)


def _walk(
    node: Any, language: Language, game: Game[Any] | None, registered: Mapping[str, Game[Any]]
) -> Any:
    if isinstance(node, list):
        return [_walk(item, language, game, registered) for item in node]
    if not isinstance(node, dict):
        return node
    named = node.get("game")
    if isinstance(named, str) and named in registered:
        game = registered[named]
    walked: dict[str, Any] = {}
    for key, value in node.items():
        if key.endswith(SAID) and len(key) > len(SAID):
            field = key[: -len(SAID)]
            if value is None:  # nothing said: the field stays as the builder wrote it
                walked[field] = _walk(node.get(field), language, game, registered)
            else:
                walked[field] = _told(value, language, game)
        elif f"{key}{SAID}" not in node:
            walked[key] = _walk(value, language, game, registered)
    return walked


def _told(value: Any, language: Language, game: Game[Any] | None) -> Any:
    """One ``X_said``'s value told: a record, or a list or an object of them."""
    if value is None:
        return None
    if isinstance(value, list):
        return [_told(item, language, game) for item in value]
    if isinstance(value, dict) and "msgid" in value:
        return told(said_from_record(value), language, game)
    if isinstance(value, dict):
        return {key: _told(item, language, game) for key, item in value.items()}
    raise SaidRecordError(
        f"a _said field holds a said record, or a list or object of them: {value!r}"
    )
