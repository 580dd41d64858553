"""What the room tells its organiser, as values (``engine.said``): the roster's lines,
the alerts, and what changed since the organiser last looked. The telling room turns
them into words in the organiser's language; nothing here writes a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.registry import find_game
from engine.said import N_, Either, Said, Seats, Term, Value, said
from firmware_host.club.pairings import Pairing
from firmware_host.club.roster import Alert, AlertKind, Entry

_ALERTS = {
    AlertKind.OFFLINE: N_("{where}: board {board} is offline"),
    AlertKind.OUT_OF_STEP: N_("{where}: board {board} is out of step with its game"),
    AlertKind.UNANSWERED_PROMPT: N_("{where}: board {board} asks its players a question"),
    AlertKind.FLAG_FALLEN: N_("{where}: a flag has fallen on board {board}"),
    AlertKind.LOW_BATTERY: N_("{where}: board {board}'s battery is low ({percent}%)"),
    AlertKind.FAULT: N_("{where}: board {board} reports a fault"),
    AlertKind.WRONG_GAME: N_("{where}: board {board} plays another game than the table's"),
    AlertKind.OTHER_TABLE: N_(
        "{where}: board {board} plays another table's game: its moves are not recorded here"
    ),
    AlertKind.SETUP_WRONG: N_(
        "{where}: board {board} waits for its pieces to be set as its game has them"
    ),
    AlertKind.STALLED: N_("{where}: no move for {minutes} minutes"),
    AlertKind.UNRECORDED: N_(
        "{where}: board {board}'s moves are not recorded: the table's game was taken up too often"
    ),
}
COMMANDS = (
    "light BOARD TABLE | bind BOARD TABLE [anyway] | unbind TABLE | new TABLE | abandon TABLE"
    " | quit"
)
"""What the organiser types (as typed in every language)."""


def where(table: int | None) -> Said:
    """A table, or that the board is at none yet."""
    if table is None:
        return said(N_("no table"))
    return said(N_("table {table}"), table=table)


def game_word(name: str) -> Term:
    """A game's title, a word the catalogues hold."""
    return Term(find_game(name).title)


def alert_said(alert: Alert) -> Said:
    values: dict[str, Value] = {"where": where(alert.table), "board": alert.board}
    if alert.kind is AlertKind.LOW_BATTERY:
        values["percent"] = alert.battery if alert.battery is not None else 0
    if alert.kind is AlertKind.STALLED:
        values = {"where": where(alert.table), "minutes": alert.minutes}
    return said(_ALERTS[alert.kind], **values)


def entry_said(entry: Entry) -> Said:
    """One board's line of the roster."""
    if not entry.online or entry.birth is None:
        return said(
            N_("{where}: board {board} offline"), where=where(entry.table), board=entry.board
        )
    battery = entry.birth.battery
    power = (
        said(N_("on mains")) if battery is None else said(N_("battery {percent}%"), percent=battery)
    )
    if entry.birth.resumed is not None:
        return said(
            N_("{where}: board {board} online, {game}, {power}; its game resumed at move {number}"),
            where=where(entry.table),
            board=entry.board,
            game=game_word(entry.birth.game),
            power=power,
            number=entry.birth.resumed + 1,
        )
    return said(
        N_("{where}: board {board} online, {game}, {power}"),
        where=where(entry.table),
        board=entry.board,
        game=game_word(entry.birth.game),
        power=power,
    )


def pairing_said(pairing: Pairing) -> Said:
    """A table of the round: its players and its game."""
    players = " – ".join(pairing.players)
    if pairing.options:
        return said(
            N_("table {table}: {players}, {game} ({variant})"),
            table=pairing.table,
            players=players,
            game=game_word(pairing.game),
            variant=pairing.variant,
        )
    return said(
        N_("table {table}: {players}, {game}"),
        table=pairing.table,
        players=players,
        game=game_word(pairing.game),
    )


@dataclass(frozen=True, slots=True)
class Look:
    """What the organiser was last told: the roster and the alerts."""

    entries: tuple[Entry, ...] = ()
    alerts: tuple[Alert, ...] = ()


def changes(before: Look, now: Look) -> tuple[Said, ...]:
    """What to tell the organiser of the room since ``before``: each board whose line
    changed, each alert raised, each alert cleared (in that order). A line is told
    again only when its words change (a board's health is told by its alerts)."""
    told: list[Said] = []
    earlier = {entry_said(entry) for entry in before.entries}
    told.extend(line for line in map(entry_said, now.entries) if line not in earlier)
    raised = [alert for alert in now.alerts if alert not in before.alerts]
    cleared = [alert for alert in before.alerts if alert not in now.alerts]
    told.extend(said(N_("alert: {alert}"), alert=alert_said(alert)) for alert in raised)
    told.extend(said(N_("cleared: {alert}"), alert=alert_said(alert)) for alert in cleared)
    return tuple(told)


def result_by_name(result: Said, players: tuple[str, ...]) -> Said:
    """A game's result (``Game.describe_outcome``: "{seats} wins ({termination})") with
    the players' names where it names seats ("Aiko Tanaka wins (resignation)"): the
    spectators know the players, the seats' colours less. A seat with no name paired
    keeps its seat's word."""

    def named(value: Value) -> Value:
        if not isinstance(value, Seats):
            return value
        names = tuple(
            players[seat.index] if seat.index < len(players) and players[seat.index] else seat
            for seat in value.seats
        )
        return Either(names, value.joiner)

    return Said(
        result.msgid,
        tuple((name, named(value)) for name, value in result.values),
        result.plural,
        result.context,
    )
