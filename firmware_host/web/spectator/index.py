"""The spectator page's index (``/tables.json``): every table of the room with its
game as the live JSON has it (``club/live_files.py``), and what a page needs to draw it
besides: the pieces on each spot, the spots the last move changed, the byoyomi, the
result as a value the page tells in its language, and the audience's time now (the
page counts the running clock down from it between polls).

Built again only when a table's view changed: a page polls the index, and an answer
nothing changed in is the same bytes with the same ETag (a 304 to the page)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.game import Layout, Position
from engine.registry import find_game
from engine.said import N_, Said, Value, alone, said
from firmware_host.club.live import LiveGame, Viewed
from firmware_host.club.live_delay import Audience, Delay, delayed
from firmware_host.club.live_files import live_data
from firmware_host.club.live_replay import Replay
from firmware_host.club.live_server import SUFFIXES
from firmware_host.club.words import result_by_name
from firmware_host.telling.language import Language
from firmware_host.telling.spoken_moves import move_said
from firmware_host.web.page_state.messages import Json, pieces_json
from firmware_host.web.words.told_for_page import told_for_page
from firmware_host.wire.notice_records import said_record


@dataclass(frozen=True, slots=True)
class Index:
    """The index's tables as bytes (without the time now, which every answer adds), and
    its ETag."""

    tables: bytes
    tag: str


def changed_spots(before: Layout, after: Layout) -> list[str]:
    """The spots whose pieces a move changed (from and to, a shogi hand, every marble
    an Abalone push moved): the page marks them as the last move."""
    spots = set(before) | set(after)
    return sorted(s for s in spots if list(before.get(s, ())) != list(after.get(s, ())))


def table_entry(view: LiveGame, moves_held: bool, replay: Replay | None = None) -> Json:
    """One table as the page draws it; ``moves_held``: the audience is held back by a
    count of moves, so the clock of the position it sees is not running (the game is
    further on) and is shown as it stood after the last move shown; ``replay``: the
    table's game as the last view left it (only the new moves are played)."""
    game = find_game(view.game)
    played = (replay or Replay()).play(view)
    data = live_data(view, played.position)
    layout = played.position.layout()
    control = view.control
    ending = view.ending
    data["pieces"] = pieces_json(game, layout)
    data["last"] = [] if played.before_last is None else changed_spots(played.before_last, layout)
    data["last_move"] = view.moves[-1].text if view.moves else None
    data["byoyomi"] = (
        None if control is None or not control.byoyomi else [control.byoyomi, control.periods]
    )
    # how it ended in words: English, and its value (told in a page's language at the
    # edge; ``result`` is the outcome as data)
    said = None if ending is None else game.describe_outcome(ending.outcome)
    data["result_text"] = None if said is None else str(said)
    data["result_text_said"] = None if said is None else said_record(said)
    # for the page: the result by the players' names, a game the organiser abandoned
    named = None if said is None else result_by_name(said, view.table.players)
    if named is None and view.abandoned:
        named = abandoned_said()
    data["result_named_said"] = None if named is None else said_record(named)
    data["abandoned"] = view.abandoned
    data["variant"] = ";".join(f"{key}={value}" for key, value in view.options)
    data["records"] = record_suffixes(view.game)
    last = last_move_said(played.position, view)
    data["last_words_said"] = None if last is None else said_record(last)
    if moves_held:
        data["running_since"] = None
    return data


def abandoned_said() -> Said:
    return said(N_("abandoned by the organiser"))


def record_suffixes(game: str) -> list[str]:
    """The files a table's game is served as (``live_server.SUFFIXES``): KIF and CSA
    where the game has them, JSON for every game."""
    formats = {f.name for f in find_game(game).record_formats()}
    return [suffix for suffix, (name, *_rest) in SUFFIXES.items() if name in formats | {"json"}]


def last_move_said(position: Position[Any], view: LiveGame) -> Said | None:
    """The last move in the game's words, by its seat (told in the page's language: the
    Japanese page said ``最終手：3a3b``, the notation of no language)."""
    if not view.moves:
        return None
    before = position.copy()
    before.pop()
    return _said(move_said(before, view.moves[-1].text, by_seat=True))


def _said(value: Value) -> Said:
    return value if isinstance(value, Said) else alone(value)


def moves_said(view: LiveGame) -> list[Said]:
    """Every move of the view in its game's words, by its seat (the table's page)."""
    position = find_game(view.game).position(view.start or None, dict(view.options))
    words = []
    for move in view.moves:
        words.append(_said(move_said(position, move.text, by_seat=True)))
        position.push_text(move.text)
    return words


class Indexer:
    """The index of one audience, kept between polls: a table's entry is made again
    only when its view changed."""

    def __init__(self, audience: Audience, delay: Delay) -> None:
        self.audience = audience
        self.delay = delay
        self._entries: dict[int, tuple[tuple[Any, ...], bytes]] = {}
        self._replays: dict[int, Replay] = {}  # each table's game, played along
        self._index: tuple[tuple[Any, ...], Index] | None = None
        self._told: dict[Language, tuple[str, bytes]] = {}  # the tables told, by language
        # each table's entry told, by language: kept while its view is unchanged
        self._told_entries: dict[Language, dict[int, tuple[tuple[Any, ...], bytes]]] = {}

    def index(self, tables: Mapping[int, Viewed], now: float) -> Index:
        """Every table's game as this audience sees it at ``now``."""
        views: list[LiveGame] = []
        for number in sorted(tables):
            view = tables[number].view()
            if view is not None:
                views.append(delayed(view, self.delay, now))
        keys = tuple(view_key(view) for view in views)
        if self._index is not None and self._index[0] == keys:
            return self._index[1]
        entries = [self._entry(view, key) for view, key in zip(views, keys, strict=True)]
        self._entries = {
            view.table.number: (key, entry)
            for view, key, entry in zip(views, keys, entries, strict=True)
        }
        for gone in set(self._replays) - set(self._entries):  # a table no longer played
            del self._replays[gone]
        body = b"[" + b",".join(entries) + b"]"
        index = Index(body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"')
        self._index = (keys, index)
        return index

    def _entry(self, view: LiveGame, key: tuple[Any, ...]) -> bytes:
        """A table's entry as bytes, kept: a move at one table of 200 re-encodes that
        table alone (measured: 340 ms to encode all 200 again, on this machine)."""
        known = self._entries.get(view.table.number)
        if known is not None and known[0] == key:
            return known[1]
        replay = self._replays.setdefault(view.table.number, Replay())
        entry = table_entry(view, self.delay.moves > 0, replay)
        return json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode()

    def answer(self, index: Index, now: float, language: Language | None = None) -> bytes:
        """The index sent: the audience, its time now (seconds since the epoch, less
        its delay in seconds: the clocks it sees run from there) and the tables; for
        the spectator page, told in its ``language`` (``told_for_page``: a result as
        text), else as data for other programs (a result in English and as its value,
        ``result_text_said``)."""
        head = {"audience": self.audience.value, "now": now - self.delay.seconds}
        text = json.dumps(head)[:-1] + ',"tables":'
        tables = index.tables if language is None else self._told_tables(index, language)
        return text.encode() + tables + b"}"

    def _told_tables(self, index: Index, language: Language) -> bytes:
        """The tables told in ``language``, once an index and language (however many
        pages read them)."""
        known = self._told.get(language)
        if known is None or known[0] != index.tag:
            latest = self._index is not None and self._index[1].tag == index.tag
            if latest:  # told table by table, a table whose view is unchanged not again
                encoded = b"[" + b",".join(self._told_entries_in(language)) + b"]"
            else:
                told = told_for_page(json.loads(index.tables), language, None)
                encoded = json.dumps(told, ensure_ascii=False, separators=(",", ":")).encode()
            known = self._told[language] = (index.tag, encoded)
        return known[1]

    def _told_entries_in(self, language: Language) -> list[bytes]:
        """Each table's entry of the latest index told in ``language``: a move at one
        table of 200 tells that table alone (all 200 told again doubled the hall
        server's time under ``make room-load``)."""
        before = self._told_entries.get(language, {})
        kept: dict[int, tuple[tuple[Any, ...], bytes]] = {}
        for number, (key, entry) in self._entries.items():
            known = before.get(number)
            if known is None or known[0] != key:
                told = told_for_page(json.loads(entry), language, None)
                known = (key, json.dumps(told, ensure_ascii=False, separators=(",", ":")).encode())
            kept[number] = known
        self._told_entries[language] = kept
        return [entry for _, entry in kept.values()]


def view_key(view: LiveGame) -> tuple[Any, ...]:
    """What tells a table's view changed: its game, table, moves, result and players."""
    ending = None if view.ending is None else view.ending.at
    return (view.table, view.game, view.started, len(view.moves), view.changed, ending)
