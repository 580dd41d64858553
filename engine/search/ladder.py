"""The calibration table: what each level of each game and engine is, as measured.

``kiban ladder GAME`` plays matches at fixed node counts and writes the game's rows
in ``ladder.toml`` beside the game's own package (``ladder_file``: a game carries its
levels as it carries its words): for each engine and level the engine's parameters
(the built-in search's node budget, depth and mistake rate; Fairy-Stockfish's skill,
nodes and depth) and the rating they measured, with its margin and the games behind
it. A level maps to the table's parameters where the table has an entry, and to the
level's own (``engine.search.levels``) where it has none. The whole table is every
installed game's rows together.
"""

from __future__ import annotations

import sys
import tomllib
from dataclasses import dataclass, replace
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from engine.errors import KibanError
from engine.game import Game
from engine.registry import find_game, games
from engine.search.levels import Level

LADDER_NAME = "ladder.toml"
"""The file of a game's rows of the table, beside its package."""


def ladder_file(game: Game[Any]) -> Path:
    """Where ``game``'s rows of the table are: ``ladder.toml`` beside the module its
    ``Game`` is defined in (engine/<game>/ladder.toml), where ``kiban ladder`` writes
    them; a game that ships none plays its levels uncalibrated."""
    return Path(sys.modules[type(game).__module__].__file__ or ".").with_name(LADDER_NAME)


SEARCH_VERSION = 1
"""How the built-in searches play every game (alpha-beta, sampling, feel, the
rails), numbered: a change that makes levels play differently raises it, as a
change to one game's evaluation raises that game's ``Game.play_version``. The
table's results played before then stop counting (``PlayVersion``)."""


class LadderError(KibanError, ValueError):
    """A calibration table that cannot be read."""


class LadderEngine(Enum):
    """The engines the table calibrates."""

    BUILTIN = "builtin"
    FAIRY = "fairy"


@dataclass(frozen=True, slots=True)
class Rung:
    """One level of one game and engine: the parameters it plays with (None: the
    level's own) and what they measured (``rating`` on a scale where the random
    mover is 0, ``margin`` the 95% interval's half-width, over ``games``).

    How a level plays by feel (``temperature``, ``misjudge``, ``natural``,
    ``feel_depth``: ``engine.search.levels.Level``) and whether its search is
    ``selective`` are the table's too, so that a row moved to another level plays
    there as it was measured."""

    game: str
    engine: LadderEngine
    level: int
    nodes: int | None = None
    depth: int | None = None
    skill: int | None = None
    blunder: float | None = None
    overlook: float | None = None
    temperature: float | None = None
    misjudge: float | None = None
    natural: float | None = None
    feel_depth: int | None = None
    selective: bool | None = None
    rating: float | None = None
    margin: float | None = None
    games: int = 0


@dataclass(frozen=True, slots=True)
class Anchor:
    """A fixed player the levels are measured against (the random mover; the top
    engine at a fixed node count), with its measured rating."""

    game: str
    engine: LadderEngine
    name: str
    rating: float
    margin: float
    games: int


@dataclass(frozen=True, slots=True, order=True)
class PlayVersion:
    """Which built-in computer played a result: the searches' version and the game's.
    A result is only as good as the computer that played it: the same parameters on
    a deeper search or a new evaluation are another player."""

    search: int
    game: int

    def text(self) -> str:
        return f"{self.search}.{self.game}"

    @classmethod
    def read(cls, text: str) -> PlayVersion:
        """``text`` as written by ``text()``: two whole numbers and a dot."""
        search, dot, game = text.partition(".")
        if not (dot and search.isdecimal() and game.isdecimal()):
            raise ValueError(f"a version is two whole numbers and a dot, not {text!r}")
        return cls(int(search), int(game))


def play_version(game: Game[Any]) -> PlayVersion:
    """The built-in computer that plays ``game`` now."""
    return PlayVersion(SEARCH_VERSION, game.play_version)


@dataclass(frozen=True, slots=True)
class Result:
    """Games ``first`` played against ``second`` in one game and engine's ladder
    (counted from ``first``'s side), with what each played with: a result whose
    player's parameters have changed since no longer says anything about it. Kept
    in the table so that a run of a few pairings is fitted with all the others."""

    game: str
    engine: LadderEngine
    first: str
    second: str
    first_plays: str
    second_plays: str
    seed: int
    wins: int
    draws: int
    losses: int
    judged: bool = False
    """Whether games stopped at the ply cap were judged by the game's count
    (``Position.judged``); results from before that counted them as draws."""
    version: PlayVersion | None = None
    """The built-in computer that played it (None: recorded before versions were)."""


@dataclass(frozen=True, slots=True)
class Ladder:
    """Every rung, anchor and recorded result of the table."""

    rungs: tuple[Rung, ...] = ()
    anchors: tuple[Anchor, ...] = ()
    results: tuple[Result, ...] = ()

    def rung(self, game: str, engine: LadderEngine, number: int) -> Rung | None:
        """The table's entry for this level, or None (the level's own parameters)."""
        for rung in self.rungs:
            if rung.game == game and rung.engine is engine and rung.level == number:
                return rung
        return None

    def games(self) -> tuple[str, ...]:
        """The games the table has entries for, in the order first written."""
        return tuple(dict.fromkeys(rung.game for rung in self.rungs))


_WHOLE_FIELDS = ("nodes", "depth", "skill", "feel_depth")
FEEL_FIELDS = ("blunder", "overlook", "temperature", "misjudge", "natural", "feel_depth")
"""A level's parameters for playing by feel, which the table may set (``with_feel``)."""
_SHARE_FIELDS = ("blunder", "overlook", "temperature", "misjudge", "natural", "rating", "margin")


_RUNG_KEYS = frozenset(
    {"game", "engine", "level", "games", "selective", *_WHOLE_FIELDS, *_SHARE_FIELDS}
)


def _known(entry: dict[str, Any], keys: frozenset[str]) -> None:
    """An entry naming a field this version does not know is refused: written back
    without it, the table would lose what a newer version measured."""
    unknown = sorted(set(entry) - keys)
    if unknown:
        raise ValueError(f"unknown fields {', '.join(unknown)}")


def _rung(entry: dict[str, Any]) -> Rung:
    try:
        _known(entry, _RUNG_KEYS)
        given: dict[str, Any] = {
            **{name: int(entry[name]) for name in _WHOLE_FIELDS if name in entry},
            **{name: float(entry[name]) for name in _SHARE_FIELDS if name in entry},
        }
        if "selective" in entry:
            if not isinstance(entry["selective"], bool):
                raise ValueError("selective is true or false")
            given["selective"] = entry["selective"]
        rung = Rung(
            game=str(entry["game"]),
            engine=LadderEngine(entry["engine"]),
            level=int(entry["level"]),
            games=int(entry.get("games", 0)),
        )
        return replace(rung, **given)
    except (KeyError, ValueError, TypeError) as error:
        raise LadderError(f"a ladder entry cannot be read ({error}): {entry}") from None


def _anchor(entry: dict[str, Any]) -> Anchor:
    try:
        return Anchor(
            game=str(entry["game"]),
            engine=LadderEngine(entry["engine"]),
            name=str(entry["name"]),
            rating=float(entry["rating"]),
            margin=float(entry["margin"]),
            games=int(entry["games"]),
        )
    except (KeyError, ValueError, TypeError) as error:
        raise LadderError(f"a ladder anchor cannot be read ({error}): {entry}") from None


def _result(entry: dict[str, Any]) -> Result:
    try:
        return Result(
            game=str(entry["game"]),
            engine=LadderEngine(entry["engine"]),
            first=str(entry["first"]),
            second=str(entry["second"]),
            first_plays=str(entry["first_plays"]),
            second_plays=str(entry["second_plays"]),
            seed=int(entry["seed"]),
            wins=int(entry["wins"]),
            draws=int(entry["draws"]),
            losses=int(entry["losses"]),
            judged=bool(entry.get("judged", False)),
            version=PlayVersion.read(str(entry["version"])) if "version" in entry else None,
        )
    except (KeyError, ValueError, TypeError) as error:
        raise LadderError(f"a ladder result cannot be read ({error}): {entry}") from None


def read_ladder(text: str, source: str = "the ladder table") -> Ladder:
    """The table in ``text`` (TOML: ``[[rung]]``, ``[[anchor]]`` and ``[[result]]``
    entries); an error names ``source`` (the file it was read from)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LadderError(f"{source} is not TOML: {error}") from None
    try:
        return Ladder(
            tuple(_rung(entry) for entry in data.get("rung", ())),
            tuple(_anchor(entry) for entry in data.get("anchor", ())),
            tuple(_result(entry) for entry in data.get("result", ())),
        )
    except LadderError as error:
        raise LadderError(f"{source}: {error}") from None


def read_ladder_file(path: Path) -> Ladder:
    """The table in the file at ``path``; an error names the file. An empty file is
    refused, not read as a table of no levels: it is what a write cut short leaves, and
    taken as a table it would play every level uncalibrated (and ``kiban ladder`` would
    write it back with one game's levels only)."""
    if path.is_dir():
        raise LadderError(
            f"the ladder table {path} is a directory, not a file: remove it (the "
            "levels then play uncalibrated) or put the table there"
        )
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise LadderError(f"the ladder table {path} cannot be read: {error}") from None
    if not text.strip():
        raise LadderError(
            f"the ladder table {path} is empty (a write cut short?): put the table back "
            "(Kiban's own, or a copy), or remove the file to play the levels uncalibrated"
        )
    return read_ladder(text, str(path))


def ladder(path: Path | None = None) -> Ladder:
    """The table at ``path`` (read once); None: every installed game's rows together
    (``game_ladder``). A file missing is an empty table; a table that cannot be read is
    refused each time it is asked for (the game says why), never taken as empty."""
    if path is not None:
        return _ladder(path)
    parts = [game_ladder(game.name) for game in games()]
    return Ladder(
        tuple(rung for part in parts for rung in part.rungs),
        tuple(anchor for part in parts for anchor in part.anchors),
        tuple(result for part in parts for result in part.results),
    )


def game_ladder(name: str) -> Ladder:
    """The rows of the game called ``name``, as its package ships them (``ladder_file``,
    read once): only that game is imported."""
    return _ladder(ladder_file(find_game(name)))


@cache
def _ladder(path: Path) -> Ladder:
    if not path.exists() and not path.is_symlink():
        return Ladder()
    return read_ladder_file(path)


def with_feel(level: Level, rung: Rung | None) -> Level:
    """``level`` playing by feel as the table says (how often, what it overlooks, its
    temperature, noise, taste and look): for every engine, since an outside engine's
    weak levels play by feel too."""
    if rung is None:
        return level
    chosen = {name: getattr(rung, name) for name in FEEL_FIELDS}
    return replace(level, **{name: value for name, value in chosen.items() if value is not None})


def with_rung(level: Level, rung: Rung | None) -> Level:
    """``level`` with the built-in search's parameters the table gives it: ``nodes``
    is the alpha-beta searches' node budget and the sampling searches' playouts;
    ``selective`` whether the alpha-beta search reduces late quiet moves."""
    if rung is None:
        return level
    return replace(
        with_feel(level, rung),
        nodes=level.nodes if rung.nodes is None else rung.nodes,
        playouts=level.playouts if rung.nodes is None else rung.nodes,
        depth=level.depth if rung.depth is None else rung.depth,
        selective=level.selective if rung.selective is None else rung.selective,
    )


def builtin_level(game: str, level: Level, table: Ladder | None = None) -> Level:
    """The level the built-in search plays for ``game``: the table's parameters
    where it has an entry, the level's own elsewhere."""
    chosen = game_ladder(game) if table is None else table
    return with_rung(level, chosen.rung(game, LadderEngine.BUILTIN, level.number))
