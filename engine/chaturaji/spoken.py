"""Chaturaji moves said aloud: the dice, a lost turn, a king returned or removed, a
pawn exchanged, a piece's step and what it takes ("black: horse c3 to b5, takes
green's pawn").

The Polish terms are the Polish rules' (seeds/002, "Szaturadżi – zasady gry"): pion,
okręt, koń, słoń, radża (the rules also say król); rzut kością, traci ruch, bije,
przemiana; the seats by the colours of their pieces (czarny, zielony, czerwony,
żółty). There is no Czech, French or Japanese rule book: their names are the usual
ones (the Czech and French of chess, the Japanese in kana). A taken piece follows a
colon ("bije: zielony, pion") so that no name needs a case of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.chaturaji.board import BOAT, CELL_NAMES, ELEPHANT, HORSE, KING, LETTERS, PAWN
from engine.chaturaji.moves import (
    Decision,
    Exchange,
    LostTurn,
    RemoveKing,
    ReturnKing,
    Roll,
    Step,
)
from engine.errors import NotationError
from engine.game import Position
from engine.physical import Stone
from engine.spoken import seat_name, top


@dataclass(frozen=True, slots=True)
class Words:
    """One language's sentences, with ``{names}`` to fill (its pieces' words are the
    game's catalogue's)."""

    rolls: str
    dice_joiner: str
    lost: str
    decision: str
    returns: str
    removes: str
    exchange: str
    step: str
    takes: str
    becomes: str
    piece: str


WORDS = MappingProxyType(
    {
        "en": Words(
            "{seat} rolls {dice}",
            " and ",
            "{seat} cannot move: the die is lost",
            "{seat}: {decision}",
            "{owner}'s king returns to {cell}",
            "{seat} takes the king off {cell}",
            "{seat}: the pawn on {cell} becomes a {piece}",
            "{seat}: {piece} {origin} to {target}",
            ", takes {victim}'s {piece}",
            ", becomes a {piece}",
            "piece",
        ),
        "pl": Words(  # seeds/002
            "{seat} rzuca kością: {dice}",
            " i ",
            "{seat} traci ruch",
            "{seat}: {decision}",
            "radża gracza {owner} wraca na {cell}",
            "{seat} zdejmuje radżę z pola {cell}",
            "{seat}: przemiana piona na {cell}: {piece}",
            "{seat}: {piece} z {origin} na {target}",
            ", bije: {victim}, {piece}",
            ", przemiana: {piece}",
            "bierka",
        ),
        "cs": Words(  # no Czech rule book: the Czech of chess
            "{seat} hází kostkou: {dice}",
            " a ",
            "{seat} nemůže táhnout: hod propadá",
            "{seat}: {decision}",
            "král hráče {owner} se vrací na {cell}",
            "{seat} bere krále z pole {cell}",
            "{seat}: pěšec na {cell} se mění: {piece}",
            "{seat}: {piece} z {origin} na {target}",
            ", bere: {victim}, {piece}",
            ", mění se: {piece}",
            "kámen",
        ),
        "fr": Words(  # no French rule book: the French of chess
            "{seat} lance le dé : {dice}",
            " et ",
            "{seat} ne peut pas jouer : le dé est perdu",
            "{seat} : {decision}",
            "le roi de {owner} revient en {cell}",
            "{seat} retire le roi de {cell}",
            "{seat} : le pion en {cell} devient : {piece}",
            "{seat} : {piece} de {origin} à {target}",
            ", prend : {victim}, {piece}",
            ", devient : {piece}",
            "pièce",
        ),
        "ja": Words(  # no Japanese rule book: kana
            "{seat}、さいころ、{dice}",
            "と",
            "{seat}、うごけません",
            "{seat}、{decision}",
            "{owner}のおう、{cell}にもどる",
            "{seat}、{cell}のおうをとる",
            "{seat}、{cell}のポーンが{piece}になる",
            "{seat}、{piece}、{origin}から{target}",
            "、{victim}の{piece}をとる",
            "、{piece}になる",
            "こま",
        ),
    }
)
KINDS = (PAWN, BOAT, HORSE, ELEPHANT, KING)
PIECE_NAMES = ("pawn", "boat", "horse", "elephant", "king")
"""The pieces' English words by kind (as ``KINDS``), which the catalogue translates."""


def _name(pieces: Mapping[str, str], kind: int) -> str:
    english = PIECE_NAMES[KINDS.index(kind)]
    return pieces.get(english, english)


def _piece(pieces: Mapping[str, str], stone: Stone) -> str:
    kinds = {LETTERS[kind]: kind for kind in KINDS}
    return _name(pieces, kinds[stone.kind]) if stone.kind in kinds else stone.kind


def move_sentence(position: Position[Any], text: str, language: str) -> str:
    move = position.read_move(text)
    words = WORDS.get(language, WORDS["en"])
    pieces = position.game.piece_words(language)
    seat = seat_name(position, position.turn, language)
    match move:
        case Roll(dice):
            said = words.dice_joiner.join(str(face) for face in dice)
            return words.rolls.format(seat=seat, dice=said)
        case LostTurn():
            return words.lost.format(seat=seat)
        case Decision():
            return words.decision.format(seat=seat, decision=move.value)
        case ReturnKing(owner, cell):
            owner_name = seat_name(position, owner, language)
            return words.returns.format(owner=owner_name, cell=CELL_NAMES[cell])
        case RemoveKing(cell):
            return words.removes.format(seat=seat, cell=CELL_NAMES[cell])
        case Exchange(cell, kind):
            return words.exchange.format(
                seat=seat, cell=CELL_NAMES[cell], piece=_name(pieces, kind)
            )
        case Step(origin, target, promote):
            origin_name, target_name = CELL_NAMES[origin], CELL_NAMES[target]
            piece = top(position, origin_name)
            taken = top(position, target_name)
            name = words.piece if piece is None else _piece(pieces, piece)
            said = words.step.format(seat=seat, piece=name, origin=origin_name, target=target_name)
            if taken is not None and taken.owner is not None:
                victim = seat_name(position, taken.owner, language)
                said += words.takes.format(victim=victim, piece=_piece(pieces, taken))
            if promote:
                said += words.becomes.format(piece=_name(pieces, promote))
            return said
    raise NotationError(f"not a Chaturaji move: {text!r}")
