"""Fast and clumsy hands over every game: wrong commits, missed moves and prompts per
1,000 moves (``make soak-hands``, the heavy soak: every stone a body over the widest
bundled sensors, ``--drawn 1 --sensors widest``; ``make bench-hands`` uses it per pace).

Heavily noisy simulated hands (``Noise.heavy``: bouncing contacts, stones resting on
the cells they slide over, dropped and placed stones slid in over a neighbour,
knocked neighbours put back, captures lifted victim first) play random legal moves on
each game's simulated board; with ``--drawn`` (half of them by default) the moves are
made in an order and at a pace drawn from every one a hand may use
(``hardware.mock.orders``: a line of marbles front first or leapfrogged, a capture's
victim first or last, a robot walked over its tokens, hesitations up to 3 s, a stone
held in the air 15 s), each stone moved as a body over the board's sensors
(``hardware.mock.moving``: lifted, slid, a marble rolled along its groove, a line pushed
as one; each sensor reads from the magnet's distance with the board's sensor model, so
a rolled marble reads on two holes at once). The next player is often eager
(``Tempo``): they start 0.09-0.3 s after the last stone landed, before the board could
rest; where the board waits for a move to go on (a Robotory chain), they press ok, or
start after a pause longer than a step of the move.

What is counted: a **wrong** commit is a move in the board's record that was not played,
still there when the players look; a committed move (played or not) that the record drops
with no prompt offering it is **replaced unasked**, however soon it comes (issue 78: a
remote board, lishogi and the speaker have already had the move; there is no amend
window); a **missed** move is one the board has not recorded when the players look (they
put the pieces back as the record has them and play on; a move the board could not read
is counted with every move the players made on top of it); a **prompt** is each time the
board asks (the players name the move they made; a question that does not offer it is
told in the notes), split into **real choices**, where the choices look alike to every
sensor (a promotion, a token's colour, a dropped piece's kind, a dice pick), and the
questions that are not (``HandsTally``: a move asked again, "only set down", "still in the
hand", and the other questions of timing); a prompt with one choice is counted apart
(there should be none).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from drivers.buttons import ButtonRole
from engine.game import Game, Position
from engine.recognition.answers import Timing
from engine.recognition.change_order import carries_on, goes_on, lines_from
from engine.recognition.move_index import MoveIndex
from engine.recognition.overlap import walks_on
from engine.registry import find_game, games
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    MoveCommitted,
    MovesTakenBack,
    PromptOpened,
)
from firmware_host.session.actions import Select
from firmware_host.session.state import HeldChoice, Phase, SetDownChoice, TakebackChoice
from firmware_host.store.storage import GameStore
from firmware_host.tools.bench.hands_tally import MISSED_LIMIT, HandsTally
from firmware_host.tools.bench.stream_capture import StreamCapture, model_record
from hardware.mock.bodies import board_of, north_of, widest_build
from hardware.mock.hands import Force, HandStep, Noise, apply
from hardware.mock.moving import physical_steps
from hardware.mock.orders import Habits, RandomChooser
from hardware.profile import load_profile

LOOK_LIMIT = 8.0
"""Seconds the players give the board before they look (past every wait and grace)."""


@dataclass(frozen=True, slots=True)
class Tempo:
    """When the next player starts.

    ``eager``: the share of moves after which the next player starts ``eager_after``
    seconds after the last stone landed (the rest wait until the board has recorded
    the move). After a move the board waits on (it may go on), a next player who
    touches its cells first presses ok (``ok_first`` of them), else starts
    ``paused_after`` seconds after the landing: longer than a step of the move.
    """

    eager: float = 0.5
    eager_after: tuple[float, float] = (0.09, 0.3)
    ok_first: float = 0.5
    paused_after: tuple[float, float] = (0.9, 2.0)
    drawn: float = 0.0  # moves made in an order and pace drawn from every one (orders.py)
    held: float = 0.02  # of those, a stone held in the air ``Habits.hold`` on its way
    habits: Habits | None = None  # the drawn hands' habits (None: every habit at its share)


def _landing(steps: Sequence[HandStep]) -> float | None:
    """When the last stone of a move came to rest (noise that follows it aside)."""
    times = [step.at for step in steps if not isinstance(step.action, Force)]
    return max(times) if times else None


def _may_go_on(position: Position[Any], move: Any, sim: Simulation) -> bool:
    """Whether a longer legal move continues ``move`` from where it ended (a chain that
    may eat on): the board waits on it, which the next player knows from the rules."""
    sensing, sensed = sim.profile.sensing, sim.profile.sensed_spots
    mine = position.footprint(move, sensing).restricted(sensed)
    named = position.moves_continuing(move)
    if named is not None:  # as the board reads it (Overlap.goes_on)
        if next(iter(named), None) is not None:
            return True
        expected = {s: r for s, r in position.expected_frame(sensing).items() if s in sensed}
        return walks_on(MoveIndex(position.copy(), sensing, sensed), expected, mine)
    if mine.hidden | mine.turnable:
        others = position.moves_changing(mine.changed_spots())
        if any(
            goes_on(mine, position.footprint(other, sensing).restricted(sensed))
            for other in others
            if other != move
        ):
            return True
    if not lines_from(mine):
        return False
    fills = frozenset(spot for spot, reading in mine.changes if reading)
    return any(
        carries_on(mine, position.footprint(other, sensing).restricted(sensed))
        for other in position.moves_changing(fills)
    )


class Players:
    """The people at a simulated board: they play, answer prompts, and put right."""

    def __init__(
        self,
        sim: Simulation,
        rng: random.Random,
        tempo: Tempo,
        tally: HandsTally,
        capture: StreamCapture | None = None,
    ):
        self.sim = sim
        self.capture = capture  # each wrong or missed move written as a recorded stream
        self.board = board_of(sim.game, sim.profile)
        self.north = north_of(sim.game)
        self.rng = rng
        self.tempo = tempo
        self.tally = tally
        self.reference: Position[Any] = sim.controller.position.copy()
        self.offset = len(self.reference.move_stack)  # plies made before the players came
        self.played: list[str] = []  # the moves made since, as the hands made them
        self.record: list[str] = []  # the moves made since, as the board recorded them
        self.read = len(sim.notices)
        self.trailing: list[HandStep] = []  # noise after the last landing, still to come
        self.underway = 0.0  # until when the hand makes the last move played
        self.landed: float | None = None  # when the last move's last stone landed
        self.last: tuple[Position[Any], Any] | None = None  # the last move and its position
        self.diverged = False
        # a committed move the record took back, until a prompt offers it or it stands again
        self.dropped: dict[int, str] = {}
        self.committed: set[int] = set()  # the plies the board committed a move at
        self.takeback_asked = False  # a takeback offered: the plies it takes are asked
        self.unoffered: set[tuple[int, tuple[str, ...]]] = set()  # counted once each
        self._begin()

    # --- playing -------------------------------------------------------------------

    def play(self, moves: int) -> None:
        while self.tally.moves < moves:
            self.turn()
        self.look()

    def turn(self) -> None:
        """The next player makes a random legal move, eagerly or once the board has
        recorded the last one."""
        eager = self.last is not None and self.rng.random() < self.tempo.eager
        if not eager or self.diverged:
            self.look()
            eager = False
        reference = self.reference
        if reference.outcome() is not None:
            self.look()
            if self.reference.outcome() is not None:
                self.new_game()
            return
        legal = sorted(reference.legal_moves(), key=reference.move_text)
        sensing, sensed = self.sim.profile.sensing, self.sim.profile.sensed_spots
        shown = [m for m in legal if reference.footprint(m, sensing).restricted(sensed).changes]
        if reference.chance_moves() is not None or not shown:
            # the board rolls, plays a lost turn, or the players choose an unseen move
            before = len(self.played)
            self.look()
            if self.reference is not reference or len(self.played) > before:
                return  # put right, or the board's own move was taken in
            if reference.chance_moves() is None and len(legal) > 1:
                self._choose_unseen(self.rng.choice(legal))
            else:
                self._count_missed(1, "the board neither rolled nor played the only move")
                self.resync()
            return
        move = self.rng.choice(shown)
        start = self._start(move) if eager else self.sim.now + self.rng.uniform(0.2, 0.8)
        target = reference.copy()
        target.push(move)
        start = max(start, self.sim.now)
        if self.tempo.drawn and self.rng.random() < self.tempo.drawn:
            steps = self._drawn(reference, move, target, start)
        else:
            steps = self.sim.hands.perform(
                self.sim.world, self.sim.physical(target.layout()), start
            )
        self.played.append(reference.move_text(move))
        self.last = (reference.copy(), move)
        reference.push(move)
        self.tally.moves += 1
        landing = _landing(steps)
        self.underway = landing if landing is not None else self.sim.now
        self._run([*self.trailing, *(s for s in steps if landing is None or s.at <= landing)])
        self.trailing = [s for s in steps if landing is not None and s.at > landing]
        self.landed = landing if landing is not None else self.sim.now

    def _drawn(
        self, reference: Position[Any], move: Any, target: Position[Any], start: float
    ) -> list[HandStep]:
        """The steps of ``move`` in an order, at a pace and in ways drawn from every one a
        hand may use, the stones moved as bodies over the board's sensors; a swap on a
        cell lasts at least the sensors' debounce time."""
        sim = self.sim
        profile = sim.profile
        debounce = (profile.debounce_scans + 1) / profile.scan_hz
        habits = (self.tempo.habits or Habits()).of(sim.game)
        habits = replace(habits, swap_gap=max(habits.swap_gap, debounce))
        return physical_steps(
            sim.world.layout(),  # as the hands find it (the last move's noise may go on)
            sim.physical(target.layout()),
            reference.footprint(move, profile.sensing).hidden,
            self.board,
            sim.game.geometry,
            chooser=RandomChooser(self.rng),
            habits=habits,
            start=start,
            sensed=profile.sensed_spots,
            hold=self.rng.random() < self.tempo.held,
            rests=sim.world.rests,
            frame=sim.world.readings(),
            north=self.north,
        )

    def _start(self, move: Any) -> float:
        """When an eager next player begins ``move``: just after the last landing, unless
        the board waits for the last move to go on and ``move`` touches its spots: then
        they press ok first, or begin after a pause longer than a step of a move."""
        sim, tempo = self.sim, self.tempo
        assert self.last is not None and self.landed is not None
        position, last = self.last
        sensing = sim.profile.sensing
        mine = self.reference.footprint(move, sensing).spots()
        theirs = position.footprint(last, sensing).spots()
        if mine & theirs and _may_go_on(position, last, sim):
            if self.rng.random() >= tempo.ok_first:
                return self.landed + self.rng.uniform(*tempo.paused_after)
            # once the mover's hand has left the board (its last knock put right)
            gone = max([self.landed, *(step.at for step in self.trailing)])
            self._wait_until(max(self.landed + self.rng.uniform(*tempo.eager_after), gone))
            self._press(ButtonRole.OK)
            self.look()  # the move is recorded (the board may have asked first)
            return sim.now + self.rng.uniform(0.05, 0.2)
        return self.landed + self.rng.uniform(*tempo.eager_after)

    def _wait_until(self, until: float) -> None:
        """Let time run to ``until``, with the noise of the last move due by then."""
        due = [step for step in self.trailing if step.at <= until]
        self.trailing = [step for step in self.trailing if step.at > until]
        self._run(due)
        self.sim.advance_to(max(self.sim.now, until))
        self._read()

    def _run(self, steps: Sequence[HandStep]) -> None:
        for step in sorted(steps, key=lambda step: step.at):
            self.sim.advance_to(max(step.at, self.sim.now))
            if self.capture is not None:
                self.capture.step(step)
            apply(self.sim.world, step.action)
            self._read()

    def _choose_unseen(self, move: Any) -> None:
        """A move the board cannot show (a refill), chosen on the page."""
        text = self.reference.move_text(move)
        self.played.append(text)
        self.last = None
        self.reference.push(move)
        self.tally.moves += 1
        self._select(text)
        self._read()
        sim = self.sim  # the hands bring what it changes off the sensors (a refill)
        self._run(sim.hands.perform(sim.world, sim.physical(self.reference.layout()), sim.now))
        self.look()

    # --- what the board says ---------------------------------------------------------

    def _read(self) -> None:
        """Take in the board's news since last read: its record, and its prompts
        (answered at once with the move played)."""
        sim = self.sim
        while self.read < len(sim.notices):
            notice = sim.notices[self.read]
            self.read += 1
            if isinstance(notice, MoveCommitted):
                ply = notice.ply - 1 - self.offset
                dropped = self.dropped.pop(ply, None)
                if dropped is not None and dropped != notice.move:
                    self._replaced(dropped, notice.move, notice.ply)
                del self.record[ply:]
                self.record.append(notice.move)
                self.committed.add(ply)
                self._adopt()
            elif isinstance(notice, MovesTakenBack):
                first = len(self.record) - notice.plies
                if not self.takeback_asked:
                    # a committed move, played or not: asked about, or replaced unasked
                    for ply, text in enumerate(self.record[first:], start=first):
                        self.dropped.setdefault(ply, text)
                self.takeback_asked = False
                del self.record[first:]
            elif isinstance(notice, PromptOpened):
                self._count_prompt(notice.choices)
                self.takeback_asked = TakebackChoice.NAME in notice.choices
                self.dropped = {
                    ply: text for ply, text in self.dropped.items() if text not in notice.choices
                }
        self._check()
        if sim.controller.phase is Phase.PROMPT and not self.diverged:
            self._answer()

    def _answer(self) -> None:
        """The players answer the board's question with the move played, when offered."""
        sim = self.sim
        choices = sim.controller.prompt_choices
        ply = len(sim.controller.position.move_stack) - self.offset
        if ply < 0:
            # the board reads again a move from before the hands were set as its record
            # had it (after a move missed or wrong, counted then): nobody here played it
            note = f"asked about a move before the resync (ply {ply})"
            if note not in self.tally.notes:  # once: the players look again and again
                self.tally.notes.append(note)
            return
        if ply >= len(self.played):
            if TakebackChoice.NAME in choices and self.record[: len(self.played)] == self.played:
                # a move shown at rest that nobody played, its piece taken up: the board
                # offers its takeback, and the players take it (docs, "Fast hands")
                self._select(TakebackChoice.NAME)
                self._read()
            return  # else the board asks ahead of the hands: they go on
        wanted = self.played[ply]
        if TakebackChoice.NAME in choices:
            if wanted in choices:
                self._select(wanted)
                self._read()
            return  # an earlier position shown for a moment: the hands go on
        if wanted not in choices and ply == len(self.played) - 1 and sim.now < self.underway:
            # asked while the hand still makes the move, of what the sensors showed
            # unchanged for the settle time (a slow slide resting on each cell): the
            # hand goes on, the board changes and the question closes
            if (ply, choices) not in self.unoffered:
                self.unoffered.add((ply, choices))
                self.tally.midway += 1
            return
        if wanted not in choices:
            # not offered what they did: the players put the pieces right (the board
            # changes and the question closes) or the move is missed
            if (ply, choices) not in self.unoffered:
                self.unoffered.add((ply, choices))
                self.tally.unoffered += 1
                self.tally.notes.append(f"asked {choices}, played {wanted}")
                self._written(f"asked {choices}, played {wanted}")
            return
        self._select(wanted)
        self._read()

    def _select(self, choice: str) -> None:
        if self.capture is not None:
            self.capture.answer(self.sim.now, choice)
        self.sim.send(Select(choice))

    def _press(self, role: ButtonRole) -> None:
        if self.capture is not None:
            self.capture.press(self.sim.now, role)
        self.sim.press(role)

    def _begin(self) -> None:
        """The pieces stand as the record has them: a captured stream starts here."""
        if self.capture is not None:
            self.capture.begin(self.sim.controller.position.text())

    def _written(self, why: str) -> None:
        if self.capture is not None:
            self.capture.write(self.played, why, self.tally.moves)

    def _replaced(self, dropped: str, by: str, ply: int) -> None:
        """A committed move the record dropped with no prompt offering it (invariant 3)."""
        self.tally.replaced += 1
        self.tally.notes.append(
            f"replaced unasked: {dropped} by {by} at ply {ply} (seed move {self.tally.moves})"
        )
        self._written(f"replaced unasked: {dropped} by {by} at ply {ply}")

    def _count_prompt(self, choices: tuple[str, ...]) -> None:
        """A prompt, by what it asks (``HandsTally``): about the ply after the record as
        the notices have it so far."""
        tally = self.tally
        tally.prompts += 1
        tally.one_choice += len(choices) == 1
        if self._alike(choices):
            tally.choices += 1
        elif SetDownChoice.NAME in choices:
            tally.set_down += 1
        elif HeldChoice.NAME in choices:
            tally.held += 1
        elif len(self.record) in self.committed:
            tally.again += 1

    def _alike(self, choices: tuple[str, ...]) -> bool:
        """Whether the choices are moves no sensor tells apart (the same readings), or
        picks of a chance (a dice roll chosen): the board must ask whatever it reads."""
        position = self.sim.controller.position
        if position.chance_moves() is not None:
            return True
        sensing, sensed = self.sim.profile.sensing, self.sim.profile.sensed_spots
        looks = set()
        for text in choices:
            try:
                move = position.parse_move(text)
            except ValueError:
                return False  # a takeback, play on: not a move of this position
            looks.add(position.footprint(move, sensing).restricted(sensed).changes)
        return len(looks) == 1

    def _adopt(self) -> None:
        """A move the board made by itself (a roll, a lost turn) joins what was played."""
        while len(self.record) > len(self.played) and self.record[: len(self.played)] == (
            self.played
        ):
            text = self.record[len(self.played)]
            reference = self.reference
            automatic = reference.chance_moves() is not None or (
                len(list(reference.legal_moves())) == 1
            )
            if not automatic:
                return
            self.played.append(text)
            reference.push(reference.parse_move(text))

    def _check(self, *, final: bool = False) -> None:
        """A recorded move nobody played is wrong when the players look (``final``), or
        at once when the record runs ahead of the hands; before, the board may still ask
        about it (a hand that rested on a move shown at rest, then went on: the board
        offers both), and replacing it unasked is counted as such (``_replaced``). A
        committed move the record dropped and never asked about is replaced unasked."""
        if self.diverged:
            return
        if final:
            for ply, text in sorted(self.dropped.items()):
                if ply >= len(self.record):
                    self._replaced(text, "nothing", ply + 1 + self.offset)
            self.dropped = {}
        for index, text in enumerate(self.record):
            if index >= len(self.played) or self.played[index] != text:
                wanted = self.played[index] if index < len(self.played) else "nothing"
                if final or index >= len(self.played):
                    self._wrong(f"recorded {text} at ply {index + 1}, played {wanted}")
                return

    def _wrong(self, note: str) -> None:
        self.tally.wrong += 1
        self.tally.notes.append(f"wrong: {note} (seed move {self.tally.moves})")
        self.diverged = True
        self._written(f"wrong: {note}")

    def _count_missed(self, count: int, note: str) -> None:
        self.tally.missed += count
        self.tally.notes.append(f"missed {count}: {note} (move {self.tally.moves})")
        self._written(f"missed {count}: {note}")

    def look(self) -> None:
        """The players wait until the board has recorded what they played (or has
        plainly not): a missing move is put right by setting the pieces as the
        record has them; a wrong one is counted and the game goes on from it."""
        sim = self.sim
        self._run(self.trailing)
        self.trailing = []
        end = sim.now + LOOK_LIMIT
        while sim.now < end and not self.diverged:
            sim.advance(0.1)
            self._read()
            done = self.record == self.played and sim.controller.phase is Phase.PLAY
            if done and sim.controller.next_deadline(sim.now) is None:
                break
        self._read()
        self._check(final=True)
        if not self.diverged and self.record != self.played:
            count = len(self.played) - len(self.record)
            self._count_missed(count, f"{self.played[len(self.record) :]} not recorded")
        if self.diverged or self.record != self.played:
            self.resync()
        self.landed = None
        self.last = None

    def resync(self) -> None:
        """Set the pieces as the board's record has them, and play on from there."""
        sim = self.sim
        controller = sim.controller
        sim.world.arrange(sim.physical(controller.position.layout()))
        sim.settle()
        self._read()
        self.reference = controller.position.copy()
        self.offset = len(self.reference.move_stack)
        self.played, self.record = [], []
        self.dropped, self.unoffered, self.committed = {}, set(), set()
        self.diverged, self.takeback_asked = False, False
        self._begin()

    def _setting_up(self) -> bool:
        return self.sim.controller.phase is Phase.SETUP

    def new_game(self) -> None:
        """The game is over: a new one, its pieces set up (what the board does by itself
        at the start, a roll, belongs to the new game as it stands)."""
        sim = self.sim
        if sim.controller.phase is not Phase.GAME_OVER:
            self.resync()
            return
        sim.press(ButtonRole.OK)  # a new game, with the same settings
        sim.world.arrange(sim.physical(sim.controller.position.layout()))
        for _ in range(20):
            sim.settle()
            if not self._setting_up():
                break
            sim.advance(0.5)
        self.read = len(sim.notices)
        self.record, self.played = [], []
        self.dropped, self.committed, self.takeback_asked = {}, set(), False
        self.reference = sim.controller.position.copy()
        self.offset = len(self.reference.move_stack)
        self.landed, self.last = None, None
        self.tally.games += 1
        self._begin()


def soak(
    game: Game[Any],
    moves: int,
    seed: int,
    *,
    profile: str = "sim",
    noise: Noise | None = None,
    tempo: Tempo | None = None,
    timing: Timing | None = None,
    widest: bool = False,
    capture: Path | None = None,
) -> HandsTally:
    """``moves`` random moves of ``game`` by fast, clumsy hands, counted (``timing``: the
    board's, by default the product's with the order margin of the sensors the hands
    move over; ``widest``: the game's bundled build that blurs most in place of the
    profile's, the board and the hands' bodies both under it, as a board made that way
    would be; ``capture``: a folder each failure is written to as a recorded stream,
    ``StreamCapture``)."""
    loaded = load_profile(profile, game)
    if widest:
        build, model = widest_build(game)
        loaded = replace(loaded, sensor_model=model, build=build)
    if timing is None:
        model = loaded.sensor_model
        timing = replace(
            Timing(), order=model.order_margin, departs=model.departure_s, passes=model.pass_s
        )
    sim = Simulation(
        game,
        loaded,
        GameStore(":memory:"),
        resume=False,
        noise=Noise.heavy() if noise is None else noise,
        seed=seed,
        timing=timing,
        settings={"seed": str(seed)},  # the dice too: every run plays the same games
    )
    tally = HandsTally(game.name, Path(loaded.source).stem)
    recorder = None
    if capture is not None:
        figures = model_record(loaded.sensor_model)
        sensors = "widest" if widest else None
        recorder = StreamCapture(capture, game.name, profile, tally.profile, figures, sensors)
    try:
        sim.settle()
        tally.games = 1
        Players(sim, random.Random(seed), tempo or Tempo(), tally, recorder).play(moves)
    finally:
        sim.close()
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games to play (default: all)")
    parser.add_argument("--moves", type=int, default=2000, help="moves per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--drawn",
        type=float,
        default=0.5,
        help="the share of moves made in an order, pace and ways drawn from every one a "
        "hand may use, the stones moved as bodies over the board's sensors "
        "(hardware.mock.orders, hardware.mock.moving); 0 for the project's habits alone",
    )
    parser.add_argument(
        "--sensors",
        choices=("board", "widest"),
        default="board",
        help="the sensors under every board: each simulated profile's own build (board), or "
        "the game's bundled build that blurs most (widest: where a slid or rolled piece "
        "reads on two cells longest, and its own cell keeps it longest)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="fail (exit 1) unless every game had no wrong move, no one-choice prompt, no "
        "prompt without the move played, no played move replaced unasked and at most "
        f"{MISSED_LIMIT:g} missed per 1,000, printing each wrong or missed move",
    )
    parser.add_argument(
        "--capture",
        type=Path,
        metavar="FOLDER",
        help="write each wrong or missed move, prompt without the move played and move "
        "replaced unasked to FOLDER as a recorded stream that replays it exactly "
        "(firmware_host.tools.bench.stream_capture)",
    )
    args = parser.parse_args(argv)
    chosen = [find_game(name) for name in args.games] if args.games else list(games())
    failed = False
    for game in chosen:
        tempo = Tempo(drawn=args.drawn)
        widest = args.sensors == "widest"
        tally = soak(game, args.moves, args.seed, tempo=tempo, widest=widest, capture=args.capture)
        print(tally.line(), flush=True)
        if args.check and not tally.within_limits():
            failed = True
            for note in tally.notes:
                print(f"  {note}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
