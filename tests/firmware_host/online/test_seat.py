"""A game of shogi on lishogi played from the simulated board: the opponent's moves
lit and played by the (noisy) hands, ours sent, a broken link losing nothing, a
refused move taken back, the server's end ending the game here, no engine help."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from drivers.buttons import ButtonRole
from engine.outcome import Termination
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    Proposal,
    ProposalAnswered,
    ProposalMade,
    Refused,
    ServerRefusedMove,
)
from firmware_host.online.credentials import ApiToken
from firmware_host.online.link import OnlineLink, client_factory
from firmware_host.online.notation import VariantError, from_server, game_of, to_server
from firmware_host.online.seat import OnlineSeat
from firmware_host.session.actions import AgreeDraw, Hint, Press, Resign, Select, TakeBack
from firmware_host.session.state import GLANCE, Prompting, SettingUp
from firmware_host.store.storage import GameStore
from firmware_host.telling.notices import notice_line
from firmware_host.telling.view import build_view, status_line
from firmware_host.web.page_state.messages import _computer
from firmware_host.wire.notice_records import said_from_record
from hardware.mock.hands import Noise
from hardware.profile import load_profile
from tests.firmware_host.online.fake_lishogi import FakeGame, FakeLishogi
from tests.firmware_host.online.serving import FAST
from tests.firmware_host.online.threaded import ServedFake, served_on_a_thread

SHOGI = find_game("shogi")

MOVES = (
    "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8c8d",
    "4e3d", "2b3c", "3d4e", "7a7b", "2g2f", "8d8e",
)  # fmt: skip
"""Legal shogi from the start: a promotion, a capture, a drop."""


def wait_for(sim: Simulation, condition: Callable[[], bool], timeout: float = 15.0) -> None:
    """Let the board run (simulated time) while the link works (real time)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("waited in vain")
        sim.advance(0.05)
        time.sleep(0.005)


@contextmanager
def online_board(
    *,
    sente: str = "alice",
    gote: str = "bob",
    noise: Noise | None = None,
    clock: dict[str, int] | None = None,
    variant: str = "standard",
) -> Iterator[tuple[Simulation, OnlineSeat, FakeGame, ServedFake]]:
    """Alice's simulated board in a new lishogi game against bob (``clock``: the
    game's, as lishogi's gameFull has it; ``variant``: lishogi's key)."""
    fake = FakeLishogi()
    terms: dict[str, object] = {"variant": variant}
    if clock is not None:
        terms["clock"] = clock
    kiban = game_of(variant)
    with served_on_a_thread(fake) as server:
        game = server.call(lambda: fake.start_game(sente, gote, **terms))
        link = OnlineLink(
            client_factory(ApiToken("alice_token"), server.url), game.id, backoff=FAST, recheck=FAST
        )
        seat = OnlineSeat(link, "alice", join_wait=10.0)
        sim = Simulation(
            kiban,
            load_profile("sim", kiban),
            GameStore(":memory:"),
            remote=seat,
            noise=noise,
            seed=7,
            resume=False,
        )
        try:
            sim.settle()
            yield sim, seat, game, server
        finally:
            sim.close()


def play_here(sim: Simulation, usi: str) -> None:
    """The hands play the move (choosing at a promotion's prompt)."""
    sim.perform(usi)
    if isinstance(sim.controller.state, Prompting) and usi in sim.controller.prompt_choices:
        sim.send(Select(usi))
    sim.tidy()


def test_a_whole_game_through_lishogi_on_the_noisy_board_ends_with_equal_records() -> None:
    with online_board(noise=Noise.realistic()) as (sim, _, game, server):
        fake = server.fake
        controller = sim.controller
        assert controller.settings.stored()["online"] == f"lishogi:{game.id}:person"
        for ply, usi in enumerate(MOVES):
            if ply % 2:  # bob plays on lishogi: lit here, played by the hands
                server.call(lambda usi=usi: fake.play(game.id, usi))  # type: ignore[misc]
                wait_for(sim, lambda: controller.guide is not None)
                guide = controller.guide
                assert guide is not None
                assert controller.position.move_text(guide.move) == usi
                if ply == 5:  # bob offers a draw, declined at the board
                    server.call(lambda: fake.offer_draw(game.id, "bob"))
                    wait_for(sim, lambda: isinstance(controller.state, Prompting))
                    sim.send(Select("decline"))
                    wait_for(sim, lambda: not game.draw_offers[1])
                play_here(sim, usi)
                wait_for(sim, lambda ply=ply: len(controller.position.move_stack) == ply + 1)  # type: ignore[misc]
                continue
            if usi == "B*4e":  # the link goes down; the board's move waits, then goes
                server.call(lambda: setattr(fake, "offline", True))
                assert server.call(lambda: fake.drop_game_streams(game.id)) == 1
                wait_for(sim, lambda: controller.remote_wait is not None)
                assert "the link is down" in str(controller.remote_wait or "")
                play_here(sim, usi)
                sim.advance(0.3)
                assert len(game.moves) == ply
                server.call(lambda: setattr(fake, "offline", False))
            else:
                play_here(sim, usi)
            wait_for(sim, lambda ply=ply: len(game.moves) == ply + 1)  # type: ignore[misc]
        server.call(lambda: fake.resign(game.id, "bob"))
        wait_for(sim, lambda: controller.outcome is not None)
        outcome = controller.outcome
        assert outcome is not None and outcome.termination is Termination.RESIGNATION
        assert outcome.winners == frozenset({0})
        assert list(controller.record().moves) == game.moves == list(MOVES)
        assert controller.remote_wait is None


def open_the_game(sim: Simulation, game: FakeGame, server: ServedFake) -> None:
    """7g7f here, 3c3d on lishogi, each where the other side has it."""
    play_here(sim, "7g7f")
    wait_for(sim, lambda: len(game.moves) == 1)
    server.call(lambda: server.fake.play(game.id, "3c3d"))
    wait_for(sim, lambda: sim.controller.guide is not None)
    play_here(sim, "3c3d")
    wait_for(sim, lambda: len(sim.controller.position.move_stack) == 2)


def test_a_refused_move_is_taken_back_with_lishogis_reason() -> None:
    with online_board() as (sim, seat, game, server):
        controller = sim.controller
        # alice's first move was made on lishogi from another device: the board's own
        # first move is refused, taken back here, and the board asked to follow
        server.call(lambda: server.fake.play(game.id, "2g2f"))
        wait_for(sim, lambda: seat.server_moves(seat.link.heard) == ("2g2f",))
        play_here(sim, "7g7f")
        wait_for(sim, lambda: any(isinstance(n, ServerRefusedMove) for n in sim.notices))
        refused = next(n for n in sim.notices if isinstance(n, ServerRefusedMove))
        assert (refused.server, refused.move) == ("lishogi", "7g7f")
        assert notice_line(refused) == (
            "lishogi refused 7g7f: lishogi has 2g2f as move 1 — take it back on the board"
        )
        assert controller.position.move_stack == []
        assert isinstance(controller.state, SettingUp)  # the board must be put back


def test_lishogis_record_that_differs_at_an_earlier_move_is_said_and_followed() -> None:
    """bob's move differs on lishogi from the one the board played for him (his account
    played again on lishogi's site, say): the board says which move differs and goes
    back to before it, to light lishogi's move there."""
    with online_board() as (sim, seat, game, server):
        controller = sim.controller
        open_the_game(sim, game, server)

        def bob_played_another() -> None:
            game.moves[:] = ["7g7f"]
            game.position = game.kiban.position(None)
            game.position.push(game.parse("7g7f"))
            server.fake.play(game.id, "8c8d")

        server.call(bob_played_another)
        wait_for(sim, lambda: any(isinstance(n, ServerRefusedMove) for n in sim.notices))
        differs = [n for n in sim.notices if isinstance(n, ServerRefusedMove)]
        assert len(differs) == 1 and differs[0].move == "3c3d"
        assert notice_line(differs[0]) == (
            "lishogi refused 3c3d: lishogi's record differs from the board's at move 2: it"
            " has 8c8d there; its moves are lit from there — take it back on the board"
        )
        assert [str(m) for m in controller.position.move_stack] == ["7g7f"]
        assert isinstance(controller.state, SettingUp)  # the board must be put back
        assert seat.move_for(1, ("7g7f",), 1) == "8c8d"  # lit once it is


def test_lishogis_record_rewritten_at_a_move_of_ours_it_had_taken_is_said() -> None:
    """Issue 81: lishogi's record rewritten at one of our own moves it had already
    taken (alice played again on lishogi's site, say) was followed without a word, the
    board waiting for a refusal that never comes. It is said as bob's is, and the board
    goes back to before it."""
    with online_board() as (sim, _, game, server):
        controller = sim.controller
        open_the_game(sim, game, server)

        def alice_played_another() -> None:
            game.moves[:] = []
            game.position = game.kiban.position(None)
            server.fake.play(game.id, "2g2f")

        server.call(alice_played_another)
        wait_for(sim, lambda: any(isinstance(n, ServerRefusedMove) for n in sim.notices))
        differs = [n for n in sim.notices if isinstance(n, ServerRefusedMove)]
        assert len(differs) == 1 and differs[0].move == "7g7f"
        assert notice_line(differs[0]) == (
            "lishogi refused 7g7f: lishogi's record differs from the board's at move 1: it"
            " has 2g2f there; its moves are lit from there — take it back on the board"
        )
        assert controller.position.move_stack == []
        assert isinstance(controller.state, SettingUp)  # the board must be put back


def test_no_engine_help_in_an_online_game_against_a_person() -> None:
    with online_board() as (sim, _, game, server):
        controller = sim.controller
        assert controller.settings.help_off is not None
        notices = sim.send(Hint())
        assert any(
            isinstance(n, Refused) and "forbids engine help" in str(n.reason) for n in notices
        )
        assert not controller.computer.coach and not controller.computer.warn
        open_the_game(sim, game, server)
        assert controller.teaching[0]  # the bishops face each other: threats to light
        assert build_view(controller, sim.now).threatened == frozenset()
        computer = _computer(controller, thinking=False)
        assert "help_off" not in computer  # said once: the page tells the value (issue 82)
        said = said_from_record(computer["help_off_said"])  # the page says why
        assert str(said) == "lishogi forbids engine help in games against people"


def test_our_resignation_goes_to_lishogi() -> None:
    with online_board() as (sim, _, game, server):
        open_the_game(sim, game, server)  # before, lishogi would abort it instead
        sim.send(Resign())
        assert sim.controller.outcome is not None
        deadline = time.monotonic() + 10
        while game.status != "resign" and time.monotonic() < deadline:
            sim.advance(0.05)
            time.sleep(0.01)
        assert game.status == "resign" and game.winner == "gote"


@pytest.mark.parametrize(
    ("server", "here"), [("P*2b", "C*2b"), ("R*1a", "G*1a"), ("B*3c", "E*3c"), ("2b2a+", "2b2a+")]
)
def test_robot_duel_moves_change_letters_on_the_way(server: str, here: str) -> None:
    robot_duel = find_game("dobutsu")
    assert from_server(robot_duel, server) == here
    assert to_server(robot_duel, here) == server
    assert from_server(SHOGI, "P*5e") == to_server(SHOGI, "P*5e") == "P*5e"
    assert game_of("dobutsu") is robot_duel and game_of("standard") is SHOGI
    with pytest.raises(VariantError, match="lishogi's chushogi is not played here"):
        game_of("chushogi")


def test_a_robot_duel_game_on_lishogis_dobutsu_sends_and_reads_drops_by_lishogis_letters() -> None:
    robot_duel = find_game("dobutsu")
    with online_board(variant="dobutsu") as (sim, _, game, server):
        controller = sim.controller
        assert controller.game is robot_duel
        play_here(sim, "2c2b")  # our chick takes theirs
        wait_for(sim, lambda: game.moves == ["2c2b"])
        server.call(lambda: server.fake.play(game.id, "2a2b"))  # their lion takes ours
        wait_for(sim, lambda: controller.guide is not None)
        play_here(sim, "2a2b")
        wait_for(sim, lambda: len(controller.position.move_stack) == 2)
        play_here(sim, "C*2c")  # our chick dropped: lishogi writes it with shogi's pawn
        wait_for(sim, lambda: len(game.moves) == 3)
        assert game.moves[2] == "P*2c"
        server.call(lambda: server.fake.play(game.id, "P*2a"))
        wait_for(sim, lambda: controller.guide is not None)
        guide = controller.guide
        assert guide is not None and controller.position.move_text(guide.move) == "C*2a"
        play_here(sim, "C*2a")
        wait_for(sim, lambda: len(controller.position.move_stack) == 4)
        assert list(controller.record().moves) == [from_server(robot_duel, m) for m in game.moves]


def test_the_opponents_draw_offer_accepted_at_the_board_draws_the_game() -> None:
    with online_board() as (sim, _, game, server):
        open_the_game(sim, game, server)
        server.call(lambda: server.fake.offer_draw(game.id, "bob"))
        wait_for(sim, lambda: isinstance(sim.controller.state, Prompting))
        sim.send(Select("accept"))
        wait_for(sim, lambda: sim.controller.outcome is not None)
        outcome = sim.controller.outcome
        assert outcome is not None and outcome.is_draw
        assert outcome.termination is Termination.AGREEMENT and game.status == "draw"
        assert list(sim.controller.record().moves) == game.moves


def test_the_opponents_draw_offer_declined_with_the_boards_buttons_goes_on() -> None:
    with online_board() as (sim, _, game, server):
        open_the_game(sim, game, server)
        server.call(lambda: server.fake.offer_draw(game.id, "bob"))
        wait_for(sim, lambda: isinstance(sim.controller.state, Prompting))
        state = sim.controller.state
        assert isinstance(state, Prompting) and state.selected == 1  # decline, first
        sim.advance(GLANCE)  # the prompt read
        sim.send(Press(ButtonRole.OK))
        wait_for(sim, lambda: not game.draw_offers[1])
        wait_for(sim, lambda: not isinstance(sim.controller.state, Prompting))
        assert sim.controller.outcome is None and not game.over
        play_here(sim, "8h2b+")  # the game goes on
        wait_for(sim, lambda: len(game.moves) == 3)


def test_our_draw_offer_goes_to_lishogi_and_a_takeback_is_declined_at_once() -> None:
    with online_board() as (sim, _, game, server):
        open_the_game(sim, game, server)
        notices = sim.send(TakeBack())
        wait_for(sim, lambda: any(isinstance(n, ProposalAnswered) for n in sim.notices))
        answered = next(n for n in sim.notices if isinstance(n, ProposalAnswered))
        assert (answered.kind, answered.accepted, answered.ours) == (Proposal.TAKEBACK, False, True)
        assert any(isinstance(n, ProposalMade) for n in notices)
        assert len(sim.controller.position.move_stack) == 2
        sim.send(AgreeDraw())
        wait_for(sim, lambda: game.draw_offers[0])
        assert sim.controller.outcome is None


def test_lishogis_end_ends_the_game_here_a_flag_and_an_abort() -> None:
    with online_board() as (sim, _, game, server):
        open_the_game(sim, game, server)
        server.call(lambda: server.fake.flag(game.id, "alice"))
        wait_for(sim, lambda: sim.controller.outcome is not None)
        outcome = sim.controller.outcome
        assert outcome is not None and outcome.termination is Termination.TIME_FORFEIT
        assert outcome.winners == frozenset({1})
    with online_board() as (sim, seat, game, server):
        seat.abort()
        wait_for(sim, lambda: sim.controller.outcome is not None)
        outcome = sim.controller.outcome
        assert outcome is not None and outcome.is_draw and game.status == "aborted"
        assert outcome.termination is Termination.ENDED_BY_PLAYERS


def test_a_chat_line_is_sent_and_lishogis_clocks_are_read() -> None:
    with online_board() as (sim, seat, game, server):
        open_the_game(sim, game, server)
        seat.say("good game")
        wait_for(sim, lambda: any(line.get("text") == "good game" for line in game.chat))
        clocks = seat.clocks()
        assert clocks is not None and clocks.byoyomi_ms == 10000
        assert 0 < clocks.sente_ms <= 600000


def test_the_clocks_here_take_lishogis_time_and_never_flag_by_themselves() -> None:
    with online_board() as (sim, _, game, server):
        controller = sim.controller
        assert controller.settings.clock is not None
        assert controller.settings.clock.initial == 600
        open_the_game(sim, game, server)  # bob's time after 3c3d is told by lishogi
        clock = controller.clock
        assert clock is not None
        bob = clock.readings(sim.now)[1]
        assert bob.main == pytest.approx(game.times[1] / 1000, abs=1.0)
        assert clock.remaining(sim.now)[1] == pytest.approx(bob.main + 10.0)  # and byoyomi
        sim.advance(700)  # past alice's main time: lishogi's byoyomi, not a flag here
        assert controller.outcome is None


def test_lishogis_byoyomi_and_periods_run_the_clocks_here() -> None:
    terms = {"initial": 10000, "increment": 0, "byoyomi": 30000, "periods": 3}
    with online_board(clock=terms) as (sim, _, game, server):
        controller = sim.controller
        assert controller.settings.clock is not None
        assert controller.settings.clock.text() == "10s byo 30s x3"
        play_here(sim, "7g7f")
        wait_for(sim, lambda: len(game.moves) == 1)
        clock = controller.clock
        assert clock is not None and clock.running == 1
        # bob thinks past his main time; lishogi then sends his period's time
        sim.advance(15.0)
        assert clock.readings(sim.now)[1].in_byoyomi
        game.times[1] = 31000  # the fake takes a second off for the move
        server.call(lambda: server.fake.play(game.id, "3c3d"))
        wait_for(sim, lambda: sim.controller.guide is not None)
        bob = clock.readings(sim.now)[1]
        assert (bob.main, bob.period, bob.periods) == (0.0, 30.0, 3)
        assert status_line(controller, sim.now).endswith("/ byo 0:30 x3")


def test_the_simulators_page_plays_an_online_game_and_says_why_help_is_off() -> None:
    from firmware_host.web.sessions.simulated import SimSession

    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        game = server.call(lambda: fake.start_game("alice", "bob"))
        link = OnlineLink(
            client_factory(ApiToken("alice_token"), server.url), game.id, backoff=FAST
        )
        session = SimSession(SHOGI, GameStore(":memory:"), remote=OnlineSeat(link, "alice"))
        try:
            state = session._build_state()
            assert state["computer"]["help_off_said"] is not None
            assert state["remote"] is None  # not a game across boards
            assert session.controller.settings.online == f"lishogi:{game.id}:person"
        finally:
            session.sim.close()
