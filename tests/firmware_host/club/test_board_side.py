"""A simulated board in a club room, end to end on the loopback broker: its birth (with
its game's watch code, its health as its session says it), its game followed by the
live files through that watch code, the organiser's light, and a pairing that sets
the board's game up and holds it until the pieces stand as the pairing has them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from engine.recognition.answers import Correction, OutOfStep
from engine.registry import find_game
from engine.said import Said, said
from firmware_host.club.board_side import LIGHT_SECONDS, UNANSWERED_SECONDS, ClubSide, health_of
from firmware_host.club.live import Table
from firmware_host.club.live_watch import LiveWatch
from firmware_host.club.messages import Birth, Health
from firmware_host.club.organiser import Organiser
from firmware_host.club.pairings import Pairing, Round
from firmware_host.club.roster import AlertKind
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import FirstPlayerDrawn, PairingShown
from firmware_host.remote.code import GameCode
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.loopback import LoopbackBroker
from firmware_host.session.actions import Select
from firmware_host.session.controller import Controller
from firmware_host.session.events import BusFault
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from firmware_host.telling.language import Language
from firmware_host.telling.legend import DEFAULT_PALETTE, Meaning
from firmware_host.telling.rendering import told
from hardware.profile import load_profile
from tests.firmware_host.remote.loopkit import ADDRESS
from tests.firmware_host.simkit import track

SHOGI = find_game("shogi")
MOVES = ("7g7f", "3c3d", "2g2f", "8c8d")
ROUND = Round(1, (Pairing(2, ("Aiko", "Jan"), "shogi", (("handicap", "bishop"),)),))


def club_board(broker: LoopbackBroker, room: str, path: Path) -> Simulation:
    side = ClubSide(room, ADDRESS, link_factory=broker.link_factory, sequence=0)
    return track(Simulation(SHOGI, load_profile("sim", SHOGI), GameStore(path), remote=side))


def phase(sim: Simulation) -> Phase:
    return sim.controller.phase


def side_of(sim: Simulation) -> ClubSide:
    assert isinstance(sim.remote, ClubSide)
    return sim.remote


def run(
    organiser: Organiser, broker: LoopbackBroker, sim: Simulation, seconds: float = 0.3
) -> None:
    """Let the board run, and the organiser hear the room (as ``follow`` does)."""
    sim.advance(seconds)
    for link in broker.links:
        if link.subscription.startswith("kiban/club/") and link is not side_of(sim).link:
            for topic, payload in link.received():
                organiser.receive(topic, payload)


def organiser_link(broker: LoopbackBroker, organiser: Organiser) -> None:
    from firmware_host.club.messages import room_filter

    broker.link_factory(ADDRESS, room_filter(organiser.room), None, lambda: None).start()


def birth_of(organiser: Organiser, board: str) -> Birth:
    entry = next(e for e in organiser.roster.entries() if e.board == board)
    assert entry.birth is not None and entry.online
    return entry.birth


def test_a_club_boards_game_is_followed_through_the_watch_code_of_its_birth(
    tmp_path: Path,
) -> None:
    broker = LoopbackBroker()
    organiser = Organiser(BoardKey.new(), ROUND)
    organiser_link(broker, organiser)
    sim = club_board(broker, organiser.room, tmp_path / "board.sqlite3")
    run(organiser, broker, sim)
    board = side_of(sim).club.board
    birth = birth_of(organiser, board)
    assert (birth.game, birth.table, birth.battery, birth.health) == (
        "shogi",
        None,
        None,
        Health.OK,
    )
    assert birth.watch is not None
    now = [1000.0]
    watch = LiveWatch(
        Table(2, ("Aiko", "Jan")),
        GameCode.parse(birth.watch),
        ADDRESS,
        link_factory=broker.link_factory,
        clock=lambda: now[0],
    )
    for move in MOVES:
        sim.perform(move)
        run(organiser, broker, sim)
        now[0] += 5.0
        watch.poll()
    view = watch.record.view()
    assert view is not None
    assert [m.text for m in view.moves] == list(MOVES)
    watch.close()


def test_the_board_lights_up_when_the_organiser_asks_and_goes_dark_after(tmp_path: Path) -> None:
    broker = LoopbackBroker()
    organiser = Organiser(BoardKey.new(), ROUND)
    organiser_link(broker, organiser)
    sim = club_board(broker, organiser.room, tmp_path / "board.sqlite3")
    run(organiser, broker, sim)
    board = side_of(sim).club.board
    moves_before = len(sim.controller.position.move_stack)
    topic, payload, retain = organiser.light(board, 2)
    broker.publish(topic, payload, retain=retain)
    run(organiser, broker, sim)
    called = DEFAULT_PALETTE.colours[Meaning.CALLED]
    assert sim.lights is not None
    assert {spot for spot, colour in sim.lights.spots.items() if colour == called} == set(
        SHOGI.cells
    )
    assert len(sim.controller.position.move_stack) == moves_before  # the game untouched
    sim.advance(LIGHT_SECONDS + 1.0)
    assert called not in sim.lights.spots.values()


def test_a_pairing_is_told_and_its_handicap_must_be_set_up_before_play(tmp_path: Path) -> None:
    broker = LoopbackBroker()
    organiser = Organiser(BoardKey.new(), ROUND)
    organiser_link(broker, organiser)
    sim = club_board(broker, organiser.room, tmp_path / "board.sqlite3")
    run(organiser, broker, sim)
    board = side_of(sim).club.board
    first_watch = birth_of(organiser, board).watch
    for topic, payload, retain in organiser.bind(board, 2):
        broker.publish(topic, payload, retain=retain)
    sim.notices.clear()
    run(organiser, broker, sim)
    run(organiser, broker, sim)
    shown = [n for n in sim.notices if isinstance(n, PairingShown)]
    assert [told(n.pairing, Language.ENGLISH) for n in shown] == [
        "table 2: Aiko – Jan, Shogi (handicap=bishop)"
    ]
    assert dict(sim.controller.position.options.pairs)["handicap"] == "bishop"
    # the pairing names who plays which seat: nobody is drawn (issue 79: a handicap
    # table announced a furigoma, the even game's draw kept)
    assert not [n for n in sim.notices if isinstance(n, FirstPlayerDrawn)]
    # the pieces still stand for an even game: the set-up step holds the game and
    # lights the bishop to take off
    assert phase(sim) is Phase.SETUP
    sim.advance(5.0)
    assert phase(sim) is Phase.SETUP
    assert sim.lights is not None
    extra = DEFAULT_PALETTE.colours[Meaning.REMOVE]
    assert [s for s, c in sim.lights.spots.items() if c == extra] == ["2b"]
    sim.lift("2b")
    sim.advance(1.0)
    assert phase(sim) is Phase.PLAY
    run(organiser, broker, sim)
    birth = birth_of(organiser, board)
    assert birth.table == 2 and birth.watch not in (None, first_watch)  # the new game's
    assert side_of(sim).game.game_id == sim.controller.game_id


def test_the_birth_says_a_fault_and_the_organiser_is_alerted(tmp_path: Path) -> None:
    broker = LoopbackBroker()
    organiser = Organiser(BoardKey.new(), ROUND)
    organiser_link(broker, organiser)
    sim = club_board(broker, organiser.room, tmp_path / "board.sqlite3")
    run(organiser, broker, sim)
    board = side_of(sim).club.board
    assert birth_of(organiser, board).health is Health.OK
    sim.send(BusFault(said("chip 0x20 does not answer")))
    run(organiser, broker, sim)
    assert birth_of(organiser, board).health is Health.FAULT
    assert [a.kind for a in organiser.roster.alerts()] == [AlertKind.FAULT]


@dataclass
class Session:
    """What ``health_of`` reads of a controller."""

    fault: Said | None = None
    phase: Phase = Phase.PLAY
    assessment: object = None


def test_health_is_read_off_the_session() -> None:
    def health(asked_for: float = UNANSWERED_SECONDS, **state: Any) -> Health:
        return health_of(cast(Controller, Session(**state)), asked_for)

    assert health() is Health.OK
    assert health(phase=Phase.SETUP) is Health.OK
    assert health(phase=Phase.PROMPT) is Health.PROMPT_OPEN
    assert health(UNANSWERED_SECONDS - 0.1, phase=Phase.PROMPT) is Health.OK  # being answered
    assert health(phase=Phase.CORRECTION) is Health.OUT_OF_STEP
    assert health(assessment=OutOfStep(Correction(None, None, 1, 1))) is Health.OUT_OF_STEP
    assert health(phase=Phase.PROMPT, fault=said("bus")) is Health.FAULT


def test_a_question_is_the_organisers_only_once_nobody_answered_it(tmp_path: Path) -> None:
    """A promotion's question is part of play: the birth says nothing of it while the
    players may still answer, and asks for the organiser once it has stood open
    ``UNANSWERED_SECONDS``; answered, the alert clears."""
    broker = LoopbackBroker()
    organiser = Organiser(BoardKey.new(), ROUND)
    organiser_link(broker, organiser)
    sim = club_board(broker, organiser.room, tmp_path / "board.sqlite3")
    run(organiser, broker, sim)
    board = side_of(sim).club.board
    for move in ("7g7f", "3c3d"):
        sim.perform(move)
        run(organiser, broker, sim, 1.0)
    sim.perform("8h2b")  # the bishop takes into the promotion zone, unturned: asked
    run(organiser, broker, sim, 1.0)
    assert phase(sim) is Phase.PROMPT
    run(organiser, broker, sim, UNANSWERED_SECONDS - 3.0)
    assert birth_of(organiser, board).health is Health.OK
    assert organiser.roster.alerts() == ()
    run(organiser, broker, sim, 3.0)
    assert birth_of(organiser, board).health is Health.PROMPT_OPEN
    assert [a.kind for a in organiser.roster.alerts()] == [AlertKind.UNANSWERED_PROMPT]
    sim.send(Select("8h2b"))
    run(organiser, broker, sim, 1.0)
    assert phase(sim) is Phase.PLAY
    assert birth_of(organiser, board).health is Health.OK
    assert organiser.roster.alerts() == ()
