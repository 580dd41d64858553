"""What the search tests share: positions reached by seeded random play, a reference
solver that knows nothing of the search, and a position seen from the other side."""

from __future__ import annotations

import random
import re
from typing import Any

from engine.game import Game, Position


def random_positions(game: Game[Any], count: int, seed: int, most: int = 40) -> list[Any]:
    """``count`` unfinished positions of ``game``, each a random number of random plies
    from the start (dice rolled at random too)."""
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        position = game.position()
        for _ in range(rng.randrange(most)):
            moves = position.chance_moves() or list(position.legal_moves())
            if not moves:
                break
            position.push(rng.choice(moves))
        if position.outcome() is None and position.chance_moves() is None:
            found.append(position)
    return found


def wins_within(position: Position[Any], plies: int, winner: int) -> bool:
    """Whether ``winner`` can force a won end within ``plies`` plies, by plain minimax
    over ``outcome`` alone (full width: for positions with few replies)."""
    outcome = position.outcome()
    if outcome is not None:
        return outcome.winners == frozenset({winner})
    if plies == 0:
        return False
    mine = position.turn == winner
    for move in list(position.legal_moves()):
        position.push(move)
        won = wins_within(position, plies - 1, winner)
        position.pop()
        if won == mine:
            return mine  # one winning move suffices; one escape refutes
    return not mine


def mirrored_sfen(text: str) -> str:
    """An SFEN-style position turned half a circle, the sides' colours and hands swapped."""
    board, side, hand, *rest = text.split()
    rows = []
    for row in reversed(board.split("/")):
        cells: list[str] = []
        for token in re.findall(r"\+?[A-Za-z]|\d+", row):
            cells += ["."] * int(token) if token.isdigit() else [token.swapcase()]
        rows.append(_squeeze(list(reversed(cells))))
    swapped_hand = "-" if hand == "-" else hand.swapcase()
    return " ".join(["/".join(rows), "w" if side == "b" else "b", swapped_hand, *rest])


def mirrored_abalone(text: str) -> str:
    """An Abalone position turned half a circle (hole (r, d) to (8-r, 8-d)), colours,
    losses and the side to move swapped."""
    board, side, black_lost, white_lost = text.split()
    rows = []
    for row in reversed(board.split("/")):
        cells: list[str] = []
        for token in re.findall(r"[bw]|\d", row):
            cells += ["."] * int(token) if token.isdigit() else [{"b": "w", "w": "b"}[token]]
        rows.append(_squeeze(list(reversed(cells))))
    return f"{'/'.join(rows)} {'w' if side == 'b' else 'b'} {white_lost} {black_lost}"


def _squeeze(cells: list[str]) -> str:
    out, gap = "", 0
    for cell in cells:
        if cell == ".":
            gap += 1
            continue
        out += (str(gap) if gap else "") + cell
        gap = 0
    return out + (str(gap) if gap else "")
