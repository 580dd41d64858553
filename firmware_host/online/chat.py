"""The players' chat of an online game, kept whole through broken links.

lishogi's game stream tells each chat line once, as it is said, and only while the
stream is open: a line said while it was down is never sent on it again (the new
stream begins with ``gameFull``, which holds no chat). lishogi keeps the players' room
and gives it whole on ``GET /api/board/game/{id}/chat`` (``PlayApi.getChat``,
``chat/JsonView.boardApi``: the players' room, oldest first, the same lines the stream
sends: a user's, neither a troll's nor deleted). So after each opening of the stream
the link asks for it, and ``ChatLog`` tells the lines it has not told, in their
places, once.

Two sources of one room, and no id on a line: the history's lines already told are
found as the longest run of them in order (``difflib``, without its junk heuristic);
the others are new, each put after the told line the history has before it. The new
stream may still bring the newest of them (said after it opened, before the history
was read): the stream's lines that repeat them, in their order, are not told again.
A line said twice in a row by the same player at just that moment reads as a repeat:
lishogi gives nothing to tell the two apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher

from firmware_host.online.messages import ChatLine, ChatRoom


class ChatLog:
    """The chat lines told, in order: the stream's as they come, the history's where
    they belong."""

    def __init__(self) -> None:
        self._lines: list[ChatLine] = []
        self._echo: list[ChatLine] = []  # the history's newest: the stream may repeat them

    @property
    def lines(self) -> tuple[ChatLine, ...]:
        return tuple(self._lines)

    def heard(self, line: ChatLine) -> bool:
        """A line from the game stream, told unless it repeats one the history told;
        whether it was told."""
        if line.room is ChatRoom.PLAYER and line in self._echo:
            del self._echo[: self._echo.index(line) + 1]
            return False
        if line.room is ChatRoom.PLAYER:
            self._echo.clear()  # the stream is past the history's lines
        self._lines.append(line)
        return True

    def fetched(self, history: Sequence[ChatLine]) -> tuple[ChatLine, ...]:
        """lishogi's players' room, oldest first: its lines not told yet are told, each
        after the told line the history has before it (before the first it shares with
        the lines told, or last when it shares none); those lines, in order."""
        players = [i for i, line in enumerate(self._lines) if line.room is ChatRoom.PLAYER]
        told = [self._lines[i] for i in players]
        matcher = SequenceMatcher(None, told, list(history), autojunk=False)
        shared = [block for block in matcher.get_matching_blocks() if block.size]
        slot = players[shared[0].a] if shared else len(self._lines)
        slots: dict[int, list[ChatLine]] = {}  # an index of the lines: new ones before it
        seen = 0  # the history's lines looked at
        for told_at, heard_at, size in shared:
            slots.setdefault(slot, []).extend(history[seen:heard_at])
            slot = players[told_at + size - 1] + 1
            seen = heard_at + size
        newest = list(history[seen:])
        slots.setdefault(slot, []).extend(newest)
        new = tuple(line for _, lines in sorted(slots.items()) for line in lines)
        # the stream may yet repeat the newest, unless it told a line after them already
        self._echo = newest if not players or players[-1] < slot else []
        if not new:
            return ()
        merged: list[ChatLine] = []
        for i, line in enumerate(self._lines):
            merged += slots.get(i, [])
            merged.append(line)
        merged += slots.get(len(self._lines), [])
        self._lines = merged
        return new
