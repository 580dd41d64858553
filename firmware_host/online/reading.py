"""Reading lishogi's JSON into messages.py's values, refusing what is malformed.

Each NDJSON line goes through the project's depth-limited JSON reader. A line of an
unknown ``type`` reads as None (lishogi adds types over time), an empty keep-alive
line too; a line of a known type with a missing or wrongly typed field is a
``MalformedMessageError`` that names the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from firmware_host.online.errors import MalformedMessageError
from firmware_host.online.messages import (
    Account,
    Challenge,
    ChallengeClock,
    ChallengeEvent,
    ChallengeNews,
    ChallengeStatus,
    ChatLine,
    ChatRoom,
    Clocks,
    Event,
    GameClock,
    GameFinished,
    GameFull,
    GameMessage,
    GameStarted,
    GameState,
    GameStatus,
    OngoingGame,
    Player,
    Side,
)
from firmware_host.wire.json_reader import MalformedJsonError, read_json

Json = Mapping[str, Any]
T = TypeVar("T")

NO_CLOCK_MS = 2_147_483_647
"""What lishogi sends as the time left of a game without a clock (Int.MaxValue)."""


def read_value(text: str | bytes, what: str) -> Any:
    """An answer's JSON, refused as ``what`` when it is none."""
    try:
        return read_json(text)
    except MalformedJsonError as error:
        raise MalformedMessageError(f"{what}: not JSON ({error})") from None


def read_object(text: str | bytes, what: str) -> Json | None:
    """One line's JSON object; None for an empty keep-alive line."""
    if not text.strip():
        return None
    value = read_value(text, what)
    if not isinstance(value, dict):
        raise MalformedMessageError(f"{what}: a {type(value).__name__}, not an object")
    return value


def read_event_line(text: str | bytes) -> Event | None:
    """One line of /api/stream/event; None for keep-alive and unknown types."""
    data = read_object(text, "event")
    return None if data is None else read_event(data)


def read_game_line(text: str | bytes) -> GameMessage | None:
    """One line of /api/board/game/stream/{id}; None for keep-alive and unknown types."""
    data = read_object(text, "game stream line")
    return None if data is None else read_game_message(data)


def read_event(data: Json) -> Event | None:
    kind = data.get("type")
    if kind in ("gameStart", "gameFinish"):
        game = _field(data, "game", dict, kind)
        game_id = game.get("id") or game.get("gameId")  # the source sends id, the spec gameId
        if not isinstance(game_id, str) or not game_id:
            raise MalformedMessageError(f"{kind}: the game has no id")
        if kind == "gameFinish":
            return GameFinished(game_id)
        return GameStarted(game_id, _board_compat(game, data))
    if kind in {news.value for news in ChallengeNews}:
        challenge = read_challenge(_field(data, "challenge", dict, str(kind)))
        return ChallengeEvent(ChallengeNews(kind), challenge)
    return None


def _board_compat(game: Json, event: Json) -> bool | None:
    """lishogi's ``compat.board``: whether its Board API takes the game (on the game, or
    beside it on the event); None when it does not say."""
    for holder in (game, event):
        compat = holder.get("compat")
        if isinstance(compat, dict) and isinstance(compat.get("board"), bool):
            return bool(compat["board"])
    return None


def read_game_message(data: Json) -> GameMessage | None:
    kind = data.get("type")
    if kind == "gameFull":
        return read_game_full(data)
    if kind == "gameState":
        return read_game_state(data)
    if kind == "chatLine":
        room = _field(data, "room", str, "chatLine")
        try:
            chat_room = ChatRoom(room)
        except ValueError:
            raise MalformedMessageError(f"chatLine: unknown room {room!r}") from None
        username = _field(data, "username", str, "chatLine")
        return ChatLine(username, _field(data, "text", str, "chatLine"), chat_room)
    return None


def read_chat_history(text: str | bytes) -> tuple[ChatLine, ...]:
    """The answer to ``GET /api/board/game/{id}/chat``: the players' room, oldest first,
    a list of ``{"text": ..., "user": ...}`` (``chat/JsonView.boardApi``)."""
    what = "chat history"
    value = read_value(text, what)
    if not isinstance(value, list):
        raise MalformedMessageError(f"{what}: a {type(value).__name__}, not a list")
    lines = []
    for line in value:
        if not isinstance(line, dict):
            raise MalformedMessageError(f"{what}: a line is a {type(line).__name__}")
        user, said = _field(line, "user", str, what), _field(line, "text", str, what)
        lines.append(ChatLine(user, said, ChatRoom.PLAYER))
    return tuple(lines)


def read_game_full(data: Json) -> GameFull:
    what = "gameFull"
    variant = _field(data, "variant", dict, what)
    sente = data.get("sente", data.get("white"))  # white/black: "backwards support"
    gote = data.get("gote", data.get("black"))
    sfen = data.get("initialSfen", data.get("initialFen", "startpos"))
    if not isinstance(sfen, str):
        raise MalformedMessageError(f"{what}: initialSfen is not text")
    clock = data.get("clock")
    return GameFull(
        id=_field(data, "id", str, what),
        variant=_field(variant, "key", str, f"{what} variant"),
        rated=bool(data.get("rated", False)),
        speed=str(data.get("speed", "")),
        sente=_player(sente, f"{what} sente"),
        gote=_player(gote, f"{what} gote"),
        initial_sfen=sfen,
        clock=None if clock is None else _game_clock(clock),
        state=read_game_state(_field(data, "state", dict, what)),
    )


def read_game_state(data: Json) -> GameState:
    what = "gameState"
    moves = _field(data, "moves", str, what)
    status_name = _field(data, "status", str, what)
    try:
        status = GameStatus(status_name)
    except ValueError:
        status = GameStatus.OTHER
    winner = data.get("winner")
    if winner is not None and winner not in ("sente", "gote"):
        raise MalformedMessageError(f"{what}: winner {winner!r} is neither sente nor gote")
    rematch = data.get("rematch")
    return GameState(
        moves=tuple(moves.split()),
        clocks=Clocks(
            sente_ms=_int(data, "btime", what),  # b = sente, w = gote, as in USI's go
            gote_ms=_int(data, "wtime", what),
            increment_ms=_int(data, "binc", what, default=0),
            byoyomi_ms=_int(data, "byo", what, default=0),
        ),
        status=status,
        winner=None if winner is None else Side(winner),
        sente_offers_draw=_bool(data, "sdraw", what),
        gote_offers_draw=_bool(data, "gdraw", what),
        rematch=rematch if isinstance(rematch, str) else None,
    )


def read_challenge(data: Json) -> Challenge:
    what = "challenge"
    control = data.get("timeControl")
    clock = None
    if isinstance(control, dict) and control.get("type") == "clock":
        clock = ChallengeClock(
            limit_s=_int(control, "limit", what),
            increment_s=_int(control, "increment", what, default=0),
            byoyomi_s=_int(control, "byoyomi", what, default=0),
            periods=_int(control, "periods", what, default=1),
        )
    variant = data.get("variant")
    return Challenge(
        id=_field(data, "id", str, what),
        challenger=_user_id(data.get("challenger")),
        dest_user=_user_id(data.get("destUser")),
        variant=_field(variant, "key", str, f"{what} variant")
        if isinstance(variant, dict)
        else "standard",
        rated=bool(data.get("rated", False)),
        color=str(data.get("color", "random")),
        clock=clock,
        status=_challenge_status(data.get("status", "created")),
    )


def _challenge_status(value: object) -> ChallengeStatus:
    known = {status.value for status in ChallengeStatus} - {ChallengeStatus.OTHER.value}
    return ChallengeStatus(value) if value in known else ChallengeStatus.OTHER


def read_account(data: Json) -> Account:
    title = data.get("title")
    return Account(
        _field(data, "id", str, "account"),
        _field(data, "username", str, "account"),
        title if isinstance(title, str) else None,
    )


def read_playing(data: Json) -> tuple[OngoingGame, ...]:
    games = _field(data, "nowPlaying", list, "playing")
    found = []
    for game in games:
        if not isinstance(game, dict):
            raise MalformedMessageError("playing: an entry is not an object")
        color = _field(game, "color", str, "playing")
        if color not in ("sente", "gote"):
            raise MalformedMessageError(f"playing: color {color!r} is neither sente nor gote")
        opponent = game.get("opponent")
        variant = game.get("variant")
        found.append(
            OngoingGame(
                game_id=_field(game, "gameId", str, "playing"),
                full_id=game.get("fullId") if isinstance(game.get("fullId"), str) else None,
                side=Side(color),
                is_my_turn=bool(game.get("isMyTurn", False)),
                opponent=_user_id(opponent),
                variant=str(variant.get("key", "standard"))
                if isinstance(variant, dict)
                else "standard",
            )
        )
    return tuple(found)


def _field(data: Json, name: str, kind: type[T], what: str) -> T:
    value = data.get(name)
    if not isinstance(value, kind) or isinstance(value, bool) is not (kind is bool):
        shown = "missing" if value is None else f"a {type(value).__name__}"
        raise MalformedMessageError(f"{what}: {name} is {shown}, not a {kind.__name__}")
    return value


def _int(data: Json, name: str, what: str, *, default: int | None = None) -> int:
    if default is not None and data.get(name) is None:
        return default
    return _field(data, name, int, what)


def _bool(data: Json, name: str, what: str) -> bool:
    if data.get(name) is None:
        return False
    return _field(data, name, bool, what)


def _player(data: object, what: str) -> Player:
    if not isinstance(data, dict):
        raise MalformedMessageError(f"{what}: missing or not an object")
    ident, name, rating, title, level = (
        data.get(key) for key in ("id", "name", "rating", "title", "aiLevel")
    )
    return Player(
        id=ident if isinstance(ident, str) else None,
        name=name if isinstance(name, str) else None,
        rating=rating if isinstance(rating, int) and not isinstance(rating, bool) else None,
        title=title if isinstance(title, str) else None,
        ai_level=level if isinstance(level, int) and not isinstance(level, bool) else None,
    )


def _game_clock(data: object) -> GameClock:
    if not isinstance(data, dict):
        raise MalformedMessageError("gameFull: clock is not an object")
    what = "gameFull clock"
    return GameClock(
        initial_ms=_int(data, "initial", what),
        increment_ms=_int(data, "increment", what, default=0),
        byoyomi_ms=_int(data, "byoyomi", what, default=0),
        periods=_int(data, "periods", what, default=1),
    )


def _user_id(data: object) -> str | None:
    if isinstance(data, dict):
        ident = data.get("id")
        return ident if isinstance(ident, str) else None
    return None
