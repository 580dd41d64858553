"""The USI text protocol, read and written without any process: lines in, values out.

Kept apart from the process handling so every odd line an engine may print
(garbage, bounds, ``mate +``, ``bestmove resign``) is tested without starting one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from engine.search.types import WIN

CP_SCALE = 600.0
"""Centipawns at which a position counts as three quarters won (tanh(1) ~ 0.76)."""

MOST_CP_VALUE = 0.999 * WIN
"""The largest value a centipawn score maps to: only a proved mate is worth WIN."""


class BestKind(Enum):
    """What a ``bestmove`` line says: a move, or that the engine gives up or claims."""

    MOVE = "move"
    RESIGN = "resign"
    WIN = "win"


@dataclass(frozen=True, slots=True)
class BestMove:
    """A ``bestmove`` line: ``move`` is the move text when ``kind`` is MOVE."""

    kind: BestKind
    move: str = ""
    ponder: str = ""


@dataclass(frozen=True, slots=True)
class Score:
    """``score cp N`` or ``score mate N`` (plies in USI, 0 or less: the mover loses;
    ``mate +``/``mate -`` give no count: ``mate`` is then 1/-1, ``exact_mate`` False)."""

    cp: int | None = None
    mate: int | None = None
    exact_mate: bool = True
    bound: str = ""

    def value(self) -> float:
        """The score as a value in [-WIN, WIN] for the side to move."""
        if self.mate is not None:
            return WIN if self.mate > 0 else -WIN
        assert self.cp is not None
        scaled = WIN * math.tanh(self.cp / CP_SCALE)
        return max(-MOST_CP_VALUE, min(MOST_CP_VALUE, scaled))

    def mate_in(self) -> int | None:
        """Plies to a forced end, signed for the mover (``mate 0``: already lost)."""
        if self.mate is None or not self.exact_mate:
            return None
        return self.mate


@dataclass(frozen=True, slots=True)
class Info:
    """The parts of an ``info`` line a seat uses; absent fields are None/empty."""

    depth: int | None = None
    nodes: int | None = None
    multipv: int = 1
    score: Score | None = None
    pv: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EngineOption:
    """An ``option`` line: its name (may hold spaces), type, default and bounds."""

    name: str
    type: str
    default: str = ""
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()


_INFO_WORDS_WITH_ONE_VALUE = frozenset(
    {"depth", "seldepth", "time", "nodes", "nps", "hashfull", "tbhits", "cpuload", "multipv"}
)
_INFO_WORDS_TO_END = frozenset({"string", "pv", "refutation", "currline"})


def parse_info(line: str) -> Info | None:
    """An ``info`` line, or None when the line is not one or cannot be read."""
    words = line.split()
    if not words or words[0] != "info":
        return None
    depth = nodes = score_cp = score_mate = None
    multipv = 1
    exact_mate = True
    bound = ""
    pv: tuple[str, ...] = ()
    index = 1
    try:
        while index < len(words):
            word = words[index]
            if word in _INFO_WORDS_TO_END:
                if word == "pv":
                    pv = tuple(words[index + 1 :])
                break
            if word in _INFO_WORDS_WITH_ONE_VALUE:
                number = int(words[index + 1])
                if word == "depth":
                    depth = number
                elif word == "nodes":
                    nodes = number
                elif word == "multipv":
                    multipv = number
                index += 2
            elif word == "score":
                kind, text = words[index + 1], words[index + 2]
                if kind == "cp":
                    score_cp = int(text)
                elif kind == "mate":
                    score_mate, exact_mate = _read_mate(text)
                else:
                    return None
                index += 3
                if index < len(words) and words[index] in ("lowerbound", "upperbound"):
                    bound = words[index]
                    index += 1
            else:
                index += 1
    except (IndexError, ValueError):
        return None
    score = None
    if score_cp is not None or score_mate is not None:
        score = Score(score_cp, score_mate, exact_mate, bound)
    return Info(depth, nodes, multipv, score, pv)


def _read_mate(text: str) -> tuple[int, bool]:
    """``mate N`` in plies; ``mate 0`` (or ``-0``): the side to move is already lost."""
    if text == "+":
        return 1, False
    if text == "-":
        return -1, False
    return int(text), True


def parse_bestmove(line: str) -> BestMove | None:
    """A ``bestmove`` line, or None when the line is not one or names nothing."""
    words = line.split()
    if len(words) < 2 or words[0] != "bestmove":
        return None
    answer = words[1]
    if answer == "resign":
        return BestMove(BestKind.RESIGN)
    if answer == "win":
        return BestMove(BestKind.WIN)
    ponder = words[3] if len(words) >= 4 and words[2] == "ponder" else ""
    return BestMove(BestKind.MOVE, answer, ponder)


def parse_option(line: str) -> EngineOption | None:
    """An ``option name ... type ...`` line; names may hold spaces (``Skill Level``)."""
    words = line.split()
    if len(words) < 5 or words[0] != "option" or words[1] != "name" or "type" not in words:
        return None
    type_at = words.index("type")
    name = " ".join(words[2:type_at])
    if not name or type_at + 1 >= len(words):
        return None
    kind = words[type_at + 1]
    default = ""
    low = high = None
    choices: list[str] = []
    index = type_at + 2
    try:
        while index < len(words):
            word = words[index]
            if word == "default":
                following = words[index + 1] if index + 1 < len(words) else ""
                default = "" if following in ("min", "max", "var") else following
                index += 1 if following in ("", "min", "max", "var") else 2
            elif word == "min":
                low = int(words[index + 1])
                index += 2
            elif word == "max":
                high = int(words[index + 1])
                index += 2
            elif word == "var":
                choices.append(words[index + 1])
                index += 2
            else:
                index += 1
    except (IndexError, ValueError):
        return None
    return EngineOption(name, kind, default, low, high, tuple(choices))


def engine_name(line: str) -> str | None:
    """The name from an ``id name ...`` line."""
    words = line.split(maxsplit=2)
    if len(words) == 3 and words[0] == "id" and words[1] == "name":
        return words[2].strip()
    return None


def format_setoption(name: str, value: str) -> str:
    return f"setoption name {name} value {value}"


def format_position(sfen: str, moves: Sequence[str]) -> str:
    """``position sfen ... [moves ...]``; ``startpos`` is never used, the text says all."""
    line = f"position sfen {sfen}"
    return f"{line} moves {' '.join(moves)}" if moves else line


def format_go(movetime_ms: int, *, depth: int | None = None, nodes: int | None = None) -> str:
    """``go`` with a time bound always (no search may run unbounded) and the other
    limits the caller gave; the engine stops at the first one reached. The time is
    USI's byoyomi with empty clocks (``movetime`` is UCI's word, which not every
    shogi engine reads): the engine spends up to that much on this move."""
    parts = ["go"]
    if depth is not None:
        parts += ["depth", str(depth)]
    if nodes is not None:
        parts += ["nodes", str(nodes)]
    parts += ["btime", "0", "wtime", "0", "byoyomi", str(max(1, movetime_ms))]
    return " ".join(parts)


def skill_for_level(number: int, levels: int, low: int, high: int) -> int:
    """A level 1..levels mapped linearly onto an engine's skill range, the top level
    onto its full strength."""
    if levels <= 1:
        return high
    return round(low + (high - low) * (number - 1) / (levels - 1))
