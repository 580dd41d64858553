"""Reading Chaturaji position text strictly: every field, every piece and every team
state token is checked, and a position no game can reach is refused with the reason.

The format is described in docs/chaturaji.md and in ``engine.chaturaji.notation``.
"""

from __future__ import annotations

from engine.chaturaji.board import (
    CELL_NAMES,
    DIE_FACES,
    FIRST_LINE,
    KIND_OF_LETTER,
    NAMES,
    PAWN,
    RANKS,
    SEAT_LETTERS,
    SEAT_NAMES,
    SEAT_OF_LETTER,
    SIZE,
    SQUARES,
    kind_of,
    make_piece,
    origin_of,
    owner_of,
    square,
    team_of_seat,
)
from engine.chaturaji.judge import judge
from engine.chaturaji.notation import EXAMPLE, PAWN_ORIGIN, TEAM_LETTERS, piece_text
from engine.chaturaji.state import Fall, KingExchange, Rules, Stage, State
from engine.errors import NotationError


def read_position(text: str, rules: Rules) -> State:
    """Parse the five fields; NotationError says what is wrong."""
    fields = text.split()
    if len(fields) != 5:
        raise NotationError(
            f"the position text has {len(fields)} field(s); expected 5 (board, seat to move, "
            f"dice, scores, team state), e.g. {EXAMPLE!r}"
        )
    board = _read_board(fields[0], rules)
    roller = _read_seat(fields[1], rules, "the seat to move")
    roll_due, dice = _read_dice(fields[2], rules)
    scores = _read_scores(fields[3], rules)
    state = State(board, roller, roll_due, dice, scores)
    state = _read_extras(fields[4], rules, state)
    _check(state, rules)
    return state


def _read_board(text: str, rules: Rules) -> tuple[int, ...]:
    ranks = text.split("/")
    if len(ranks) != SIZE:
        raise NotationError(
            f"the board {text!r} has {len(ranks)} rank(s); it needs 8, separated by '/'"
        )
    board = [0] * SQUARES
    seen: dict[tuple[int, str], str] = {}
    for row, rank_text in enumerate(ranks):
        rank = SIZE - 1 - row
        name = f"rank {RANKS[rank]}"
        file = 0
        index = 0
        previous_digit = False
        while index < len(rank_text):
            char = rank_text[index]
            if char.isdigit():
                if previous_digit:
                    raise NotationError(
                        f"{name} {rank_text!r}: two counts of empty squares in a row"
                    )
                if not 1 <= int(char) <= SIZE:
                    raise NotationError(
                        f"{name} {rank_text!r}: {char!r} is not a count of empty squares (1-8)"
                    )
                file += int(char)
                index += 1
                previous_digit = True
            else:
                if file >= SIZE:
                    raise NotationError(f"{name} {rank_text!r} has more than 8 squares")
                piece = _read_piece(name, rank_text, index, rules)
                sq = square(file, rank)
                _check_piece(piece, sq, seen, rules)
                board[sq] = piece
                file += 1
                index += 2
                previous_digit = False
            if file > SIZE:
                raise NotationError(f"{name} {rank_text!r} has more than 8 squares")
        if file < SIZE:
            raise NotationError(f"{name} {rank_text!r} has {file} square(s); each rank has 8")
    return tuple(board)


def _read_piece(name: str, text: str, index: int, rules: Rules) -> int:
    pair = text[index : index + 2]
    seat = SEAT_OF_LETTER.get(pair[0])
    if seat is None:
        raise NotationError(
            f"{name} {text!r}: {pair[0]!r} is not a seat letter (k black, g green, r red, y yellow)"
        )
    if len(pair) < 2:
        raise NotationError(f"{name} {text!r} ends with a seat letter and no piece")
    letter = pair[1]
    if letter in PAWN_ORIGIN:
        piece = make_piece(seat, PAWN, PAWN_ORIGIN[letter])
    elif letter in KIND_OF_LETTER and letter != "P":
        piece = make_piece(seat, KIND_OF_LETTER[letter])
    else:
        raise NotationError(
            f"{name} {text!r}: {pair!r} is not a piece; after the seat letter comes K, E, H, B, "
            "or for a pawn the letter of the piece it stood in front of: k, e, h, b"
        )
    if seat not in rules.seats:
        raise NotationError(f"{name} {text!r}: {SEAT_NAMES[seat]} is not in play (seats option)")
    return piece


def _check_piece(piece: int, sq: int, seen: dict[tuple[int, str], str], rules: Rules) -> None:
    """Each seat has one piece of each kind and one pawn in front of each; no pawn goes back."""
    seat, kind = owner_of(piece), kind_of(piece)
    key = (seat, piece_text(piece)[1])
    where = CELL_NAMES[sq]
    if key in seen:
        noun = (
            f"pawns that stood in front of the {NAMES[origin_of(piece)]}"
            if kind == PAWN
            else f"{NAMES[kind]}s"
        )
        raise NotationError(f"{SEAT_NAMES[seat]} has two {noun} ({seen[key]} and {where})")
    seen[key] = where
    if kind == PAWN and sq in FIRST_LINE[seat]:
        raise NotationError(
            f"{SEAT_NAMES[seat]}'s pawn on {where} stands behind its starting line, "
            "where a pawn can never go"
        )


def _read_seat(text: str, rules: Rules, what: str) -> int:
    seat = SEAT_OF_LETTER.get(text)
    if seat is None or len(text) != 1:
        raise NotationError(
            f"{what} must be k, g, r or y (black, green, red, yellow), not {text!r}"
        )
    if seat not in rules.seats:
        raise NotationError(f"{what}: {SEAT_NAMES[seat]} is not in play (seats option)")
    return seat


def _read_dice(text: str, rules: Rules) -> tuple[bool, tuple[int, ...]]:
    if rules.dice == 0:
        if text != "-":
            raise NotationError(
                f"the game is played without dice: the dice field is '-', not {text!r}"
            )
        return False, ()
    if text == "?":
        return True, ()
    if text == "-":
        return False, ()
    faces = tuple(int(char) for char in text if char.isdigit())
    if len(faces) != len(text) or any(face not in DIE_FACES for face in faces):
        raise NotationError(
            f"the dice field {text!r} is '?' (a roll is due), '-' or the faces still to use (2-5)"
        )
    if len(faces) > rules.dice:
        raise NotationError(
            f"the dice field {text!r} shows {len(faces)} faces; the game uses {rules.dice}"
        )
    if list(faces) != sorted(faces):
        raise NotationError(f"the dice field {text!r} lists its faces from low to high")
    return False, faces


def _read_scores(text: str, rules: Rules) -> tuple[int, int, int, int]:
    parts = text.split(",")
    if len(parts) != 4 or not all(part.isdigit() for part in parts):
        raise NotationError(
            f"the scores {text!r} must be four whole numbers (black, green, red, yellow), "
            "e.g. 0,0,0,0"
        )
    scores = tuple(int(part) for part in parts)
    for seat, score in enumerate(scores):
        if score and seat not in rules.seats:
            raise NotationError(
                f"the scores give {SEAT_NAMES[seat]} {score}, but it is not in play"
            )
    return scores[0], scores[1], scores[2], scores[3]


TEAM_TOKENS = (
    "command",
    "boats",
    "throne",
    "empire",
    "fall",
    "offer",
    "answer",
    "return",
    "removed",
)
STAGES = (Stage.OFFER, Stage.ANSWER, Stage.RETURN)


def _read_extras(text: str, rules: Rules, state: State) -> State:  # noqa: C901 - a reader of a notation: a branch per kind of field
    """The bookkeeping tokens, comma-separated, or '-'."""
    if text == "-":
        return state
    united, boats, empire = [-1, -1], [-1, -1], [-1, -1]
    fall: list[Fall | None] = [None, None]
    thrones: set[tuple[int, int]] = set()
    frozen: set[int] = set()
    pending: KingExchange | None = None
    removed = -1
    for token in text.split(","):
        name, sep, value = token.partition(":")
        if not sep or not value:
            raise NotationError(
                f"{token!r} is not a team state token (name:value, e.g. command:k), "
                "and no team state is written '-'"
            )
        if name in TEAM_TOKENS and not rules.teams:
            raise NotationError(f"{token!r} belongs to the team game (mode=teams)")
        if name in ("command", "boats", "empire"):
            seat = _token_seats(token, value, rules, 1)[0]
            table = {"command": united, "boats": boats, "empire": empire}[name]
            team = team_of_seat(seat)
            if table[team] >= 0:
                raise NotationError(
                    f"{token!r}: the team of {SEAT_NAMES[seat]} has two {name} tokens"
                )
            table[team] = seat
        elif name == "throne":
            seat, owner = _token_seats(token, value, rules, 2)
            if rules.friends(seat, owner):
                raise NotationError(f"{token!r}: only an enemy throne scores when a king enters it")
            thrones.add((seat, owner))
        elif name == "fall":
            team, recorded = _read_fall(token, value, rules)
            if fall[team] is not None:
                raise NotationError(f"{token!r}: that team has two fall tokens")
            fall[team] = recorded
        elif name == "frozen":
            if not rules.frozen:
                raise NotationError(f"{token!r}: pieces are frozen only with frozen=on")
            frozen.add(_token_seats(token, value, rules, 1)[0])
        elif name in STAGES:
            if pending is not None:
                raise NotationError(f"{token!r}: only one king exchange can be under way")
            size = None if name == Stage.RETURN else 3
            seats = _token_seats(token, value, rules, size)
            pending = KingExchange(name, seats[0], seats[1:])
        elif name == "removed":
            removed = _token_seats(token, value, rules, 1)[0]
        else:
            raise NotationError(
                f"{token!r}: unknown team state token {name!r} (command, boats, throne, "
                "empire, fall, frozen, offer, answer, return, removed)"
            )
    return State(
        state.board,
        state.roller,
        state.roll_due,
        state.dice,
        state.scores,
        (united[0], united[1]),
        (boats[0], boats[1]),
        frozenset(thrones),
        (empire[0], empire[1]),
        (fall[0], fall[1]),
        frozenset(frozen),
        pending,
        removed,
    )


def _token_seats(token: str, value: str, rules: Rules, count: int | None) -> tuple[int, ...]:
    seats = []
    for letter in value:
        seat = SEAT_OF_LETTER.get(letter)
        if seat is None:
            raise NotationError(f"{token!r}: {letter!r} is not a seat letter (k, g, r, y)")
        if seat not in rules.seats:
            raise NotationError(f"{token!r}: {SEAT_NAMES[seat]} is not in play")
        seats.append(seat)
    if count is not None and len(seats) != count:
        raise NotationError(f"{token!r} needs {count} seat letter(s)")
    if count is None and not 2 <= len(seats) <= 3:
        raise NotationError(f"{token!r} needs the capturer and one or two kings to return")
    return tuple(seats)


def _read_fall(token: str, value: str, rules: Rules) -> tuple[int, Fall]:
    team_text, _, how = value.partition(":")
    if (
        team_text not in TEAM_LETTERS
        or how[:1] not in ("-", *SEAT_LETTERS)
        or how[1:] not in ("", "t")
    ):
        raise NotationError(
            f"{token!r} is fall:TEAM:HOW with TEAM kr or gy and HOW the seat whose king took "
            "the last enemy king, or '-', followed by 't' if it fell on its throne"
        )
    king_owner = -1 if how[0] == "-" else SEAT_OF_LETTER[how[0]]
    team = TEAM_LETTERS.index(team_text)
    if king_owner >= 0 and team_of_seat(king_owner) != team:
        raise NotationError(f"{token!r}: {SEAT_NAMES[king_owner]} is not of team {team_text}")
    return team, Fall(king_owner, how.endswith("t"))


def _check(state: State, rules: Rules) -> None:
    """What a game can never reach: a kingless commander, a roll due in the middle of an
    exchange, a turn for a seat that no longer plays, a king to return that stands."""
    for seat in state.united:
        if seat >= 0 and not state.has_king(seat) and state.removed < 0:
            raise NotationError(f"{SEAT_NAMES[seat]} commands the united pieces but has no king")
    pending = state.pending
    if pending is not None:
        if state.roll_due:
            raise NotationError("a king exchange follows a move: the dice field cannot be '?'")
        for seat in pending.kings:
            if state.has_king(seat):
                raise NotationError(
                    f"{pending.stage}: {SEAT_NAMES[seat]}'s king is on the board, not lost"
                )
        if pending.stage != Stage.RETURN:
            own, enemy = pending.kings
            if not rules.friends(pending.capturer, own) or rules.friends(pending.capturer, enemy):
                raise NotationError(
                    f"{pending.stage}: the kings exchanged are first the capturer's team's, "
                    "then the enemy's"
                )
    elif rules.dice and not state.roll_due and not state.dice and judge(state, rules) is None:
        raise NotationError("the dice field is '-' only without dice or during a king exchange")
    idle = state.removed < 0 and pending is None and not state.in_rotation(state.roller, rules)
    if idle and judge(state, rules) is None:
        raise NotationError(
            f"it is {SEAT_NAMES[state.roller]}'s turn, but {SEAT_NAMES[state.roller]} "
            "has no piece that may move"
        )
