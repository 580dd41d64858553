"""A trial of the board against hands that move in any order and at any pace: the
moves drawn, the hands' steps drawn (``hardware.mock.orders``), and what the board
recorded checked against what was played, at every step.

What is checked (issues 44 and 60):

- **never wrong**: each move the board records is the move played at that ply, or a
  move the board showed whole and unchanged for the settle time on the way (the hand
  rested there: no sensor tells it from a finished move), which it must then ask about
  once the hand goes on;
- **the truth once the hands are off**: the record is what was played, or a prompt is
  open whose choices include the next move played (answered, the rest is read);
- **no question with one answer**: every prompt offers at least two readings;
- **never out of step on a move**: the board does not say "out of step" while its
  sensors read what one legal move, or the line of moves played, makes of the last
  committed position;
- **a committed move stays**: a move committed (played or not) is replaced by another, or
  dropped, only through a prompt that offered it, at any delay: there is no amend window
  (issue 78), not even for the hand that made it going on;
- **every prompt offers the move played** (or a move the hand rested on whole, or the
  takeback of one).

With a ``Board`` (``Trial.board``: the game's cells under a drawn build,
``drawn_builds.json``) the hands move the stones as bodies (``hardware.mock.moving``):
each sensor reads the fields of every magnet near it, added, along its own axis, so a
rolled marble may read on two holes at once or on none, a reed may read a slid piece
three times, a low carry reads on the cells it passes, as the build and speed make it.
"""

from __future__ import annotations

import json
import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import groupby
from pathlib import Path
from typing import Any

from drivers.buttons import ButtonRole
from engine.errors import KibanError
from engine.game import Game, Layout, Position
from engine.physical import Reading, Sensing, Spot
from engine.recognition.answers import Timing
from engine.recognition.sensors import SensorKind, SensorModel
from engine.registry import find_game, games
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    MoveCommitted,
    MovesTakenBack,
    OutOfStepShown,
    PromptOpened,
)
from firmware_host.session.actions import Select
from firmware_host.session.state import HeldChoice, Phase, TakebackChoice
from hardware.magnetics.build import Body as MagnetBody
from hardware.magnetics.build import Build, Mount, PieceBuild
from hardware.magnetics.magnets import Magnet, Shape
from hardware.magnetics.parts import PARTS
from hardware.mock.bodies import north_of, widest_build
from hardware.mock.hand_record import action_of
from hardware.mock.hands import (
    HandStep,
    LiftStone,
    Quiet,
    apply,
)
from hardware.mock.moving import BodyPacer
from hardware.mock.orders import (
    Act,
    Chooser,
    Habits,
    Pacer,
    acts_of,
    journeys,
    ordered,
    with_waypoints,
)
from hardware.mock.physics import Board
from hardware.mock.ways import hold_point, plan_bodies
from hardware.mock.world import Rest
from hardware.profile import load_profile, simulated_board
from tests.firmware_host.simkit import make_sim

REST = Timing().settle
OFF = 12.0
"""Seconds the board is given once the hands are off (past every wait and the grace)."""


@dataclass
class Trial:
    """One board, the moves played on it and what it recorded."""

    sim: Simulation
    start: Position[Any]
    played: list[str] = field(default_factory=list)  # the truth since the trial began
    positions: list[Position[Any]] = field(default_factory=list)  # before each played move
    record: list[str] = field(default_factory=list)
    offset: int = 0
    read: int = 0
    faults: list[str] = field(default_factory=list)
    # the sensed readings after each step, from when: for moves shown at rest
    seen: list[tuple[float, dict[Spot, Reading]]] = field(default_factory=list)
    hand_of: dict[int, int] = field(default_factory=dict)  # a step (by id): its hand
    hands_at: list[tuple[float, int, Spot]] = field(default_factory=list)  # hands' actions
    ply_hand: list[int] = field(default_factory=list)  # the hand that played each ply
    board: Board | None = None  # the sensors the stones move over as bodies (None: lists)
    bodies: bool = False  # the steps move bodies (a board, or a stream recorded from one)
    # what the board's sensors read after each step (knocks and bounces too)
    frames: list[tuple[float, dict[Spot, Reading]]] = field(default_factory=list)
    # the move committed at each ply (played or not), until another replaces it
    kept: dict[int, str] = field(default_factory=dict)
    offered: set[tuple[int, str]] = field(default_factory=set)  # what prompts offered
    takeback_offered: bool = False  # the last prompt offered a takeback
    # what each spot would read but for a knocked neighbour (``Quiet``): the knock's noise
    quiet: dict[Spot, Reading] = field(default_factory=dict)
    # how the stones lie and what the board reads after steps planned and not yet run
    planned: tuple[dict[Spot, Rest], dict[Spot, Reading]] | None = None
    # prompts offering "still in the hand" but not the move played: (ply, choices, when)
    asked_held: list[tuple[int, tuple[str, ...], float]] = field(default_factory=list)

    @classmethod
    def at(
        cls,
        game: Game[Any],
        profile: str,
        position: str,
        drawn: DrawnBuild | None = None,
        *,
        model: SensorModel | None = None,
        build: Build | None = None,
        timing: Timing | None = None,
    ) -> Trial:
        """A board of ``game`` on ``profile``; with ``drawn``, its stones are moved as
        bodies over that build, and the board declares its sensors (as its profile would:
        the order margin it trusts is theirs, not the named profile's). ``model``: the
        sensors a recorded stream was read with (its steps carry what they read);
        ``build`` and ``timing``: the build a stream's pieces rest on and the board's
        timing, where they are not the profile's (the heavy soak's widest sensors)."""
        # the dice seeded: the same draws always make the same trial
        declared = drawn.model if drawn is not None else model
        sim = make_sim(
            profile,
            position=position,
            game=game,
            settings={"seed": "1"},
            sensor_model=declared,
            build=build if drawn is None else drawn.build,
            timing=timing,
        )
        start = sim.controller.position.copy()
        board = (
            None
            if drawn is None
            else Board.of(game.geometry, drawn.build, drawn.model, seed=drawn.seed)
        )
        trial = cls(
            sim,
            start,
            offset=len(start.move_stack),
            read=len(sim.notices),
            board=board,
            bodies=drawn is not None or model is not None,
        )
        trial._saw()
        return trial

    # --- the truth -------------------------------------------------------------------

    @property
    def position(self) -> Position[Any]:
        """The position the players' hands are in (every move played so far)."""
        position = self.start.copy()
        for text in self.played:
            position.push_text(text)
        return position

    def plan(self, move: Any, chooser: Chooser, habits: Habits, hand: int = 0) -> list[list[Act]]:
        """The journeys of ``move`` (from the position the hands are in) for one hand."""
        position = self.position
        after = position.copy()
        after.push(move)
        footprint = position.footprint(move, self.sim.profile.sensing)
        return self.plan_between(
            position.layout(), after.layout(), footprint.hidden, chooser, habits, hand=hand
        )

    def plan_between(
        self,
        before_layout: Layout,
        after_layout: Layout,
        hidden: frozenset[Spot],
        chooser: Chooser,
        habits: Habits,
        *,
        hand: int = 0,
    ) -> list[list[Act]]:
        """The journeys that take the stones from one layout to another, for one hand."""
        if self.board is not None:
            return plan_bodies(
                before_layout,
                after_layout,
                hidden,
                self.sim.game.geometry,
                chooser=chooser,
                habits=habits.of(self.sim.game),
                hand=hand,
            )
        cells = frozenset(self.sim.game.cells)
        trips = journeys(
            before_layout,
            after_layout,
            hidden,
            chooser=chooser,
            habits=habits,
            cells=cells,
        )
        trips = with_waypoints(
            trips, before_layout, after_layout, chooser=chooser, habits=habits, cells=cells
        )
        return acts_of(trips, hand)

    def played_move(self, move: Any, hand: int = 0) -> None:
        position = self.position
        self.positions.append(position)
        self.played.append(position.move_text(move))
        self.ply_hand.append(hand)

    # --- running ---------------------------------------------------------------------

    def run(self, steps: Sequence[HandStep]) -> None:
        """Play ``steps`` on the world. Steps at one instant are one instant to the board:
        a stone lifted while its magnet still holds the reed (a lift and the sensor's
        reading at once) changes nothing a sensor shows, so neither a frame nor a hand
        at work is taken from their order."""
        self.planned = None
        world = self.sim.world
        ordered = sorted(steps, key=lambda step: step.at)
        for at, instant in groupby(ordered, key=lambda step: step.at):
            group = list(instant)
            self.sim.advance_to(max(at, self.sim.now))
            was = {
                step.action.spot: (
                    world.reading(step.action.spot),
                    world.unforced(step.action.spot),
                )
                for step in group
            }
            news = False
            for step in group:
                action = step.action
                apply(world, action)
                if isinstance(action, Quiet):  # what it would read but for a knock
                    if action.reading is None:
                        self.quiet.pop(action.spot, None)
                    else:
                        self.quiet[action.spot] = action.reading
                    news = True
            for step in group:
                spot = step.action.spot
                if isinstance(step.action, Quiet):
                    continue
                now = world.reading(spot), world.unforced(spot)
                hand = self.hand_of.get(id(step))
                # with bodies, a hand is seen where a sensor changes (a landing whose
                # cell already read the stone on its way down is no news to any sensor)
                if hand is not None and (not self.bodies or now[0] != was[spot][0]):
                    self.hands_at.append((self.sim.now, hand, spot))
                news = news or now != was[spot]
            if news:
                self._saw()
            self.take_in()

    def _saw(self) -> None:
        """What the stones themselves read now (a knocked or bouncing contact aside: the
        board may take a move for done while one is knocked, not while a stone of the
        move is still in the air; a stone on its way reads where its magnet reaches), and
        what the sensors read."""
        world, now = self.sim.world, self.sim.now
        sensed = self.sim.profile.sensed_spots
        frame = {spot: world.reading(spot) for spot in sensed}
        seen = dict(frame)
        for spot in world.forced_spots() & sensed:
            seen[spot] = world.unforced(spot)
        for spot, reading in self.quiet.items():
            # the knocked neighbour aside, where its field alone changed the reading
            if spot in sensed and spot not in world.forced_spots():
                seen[spot] = reading
        # only changes are kept: a reading's time is when it began
        if not self.seen or self.seen[-1][1] != seen:
            self.seen.append((now, seen))
        if not self.frames or self.frames[-1][1] != frame:
            self.frames.append((now, frame))

    def hands_off(self) -> None:
        """The hands are off: the board is given time, then answered if it asks."""
        self.sim.advance(OFF)
        self.take_in()

    def take_in(self) -> None:
        """Read the board's news since last read, checking each commit."""
        sim = self.sim
        while self.read < len(sim.notices):
            notice = sim.notices[self.read]
            self.read += 1
            if isinstance(notice, MoveCommitted):
                index = notice.ply - 1 - self.offset
                self._judge_replacement(index, notice.move)
                del self.record[index:]
                self.record.append(notice.move)
                if not self._adopted(index, notice.move):
                    self._judge_commit(index, notice.move, notice.at)
                self.kept[index] = notice.move
            elif isinstance(notice, MovesTakenBack):
                first = len(self.record) - notice.plies
                if self.takeback_offered:  # the takeback a prompt offered, chosen
                    self.offered |= set(enumerate(self.record[first:], start=first))
                del self.record[first:]
                self.takeback_offered = False
            elif isinstance(notice, PromptOpened):
                if len(notice.choices) < 2:
                    self.faults.append(f"a prompt with one choice: {notice.choices}")
                self.takeback_offered = TakebackChoice.NAME in notice.choices
                self._judge_prompt(notice.choices, notice.at)
            elif isinstance(notice, OutOfStepShown):
                self._judge_out_of_step(notice.at)

    # --- the invariants of issue 60 ----------------------------------------------------

    def _judge_replacement(self, index: int, text: str) -> None:
        """A committed move is replaced only through a prompt that offered it, however
        soon, whoever's hand goes on (no amend window: the record was told). Replaced so,
        the moves committed after it followed from it: the answer decides them too."""
        kept = self.kept.get(index)
        if kept is None or kept == text:
            return
        if (index, kept) not in self.offered:
            self.faults.append(
                f"replaced the committed {kept} at ply {index + 1} by {text} unasked"
            )
        self.kept = {ply: move for ply, move in self.kept.items() if ply < index}

    def _judge_dropped(self) -> None:
        """Once the hands are off and the board is answered: a committed move the record
        no longer holds was dropped, which only a prompt offering it may do."""
        for index, kept in sorted(self.kept.items()):
            if index >= len(self.record) and (index, kept) not in self.offered:
                self.faults.append(f"dropped the committed {kept} at ply {index + 1} unasked")

    def _judge_prompt(self, choices: tuple[str, ...], at: float) -> None:
        """A prompt offers the move played at the ply it asks about (or a move the hand
        rested on whole, or the takeback of a move recorded that was not played)."""
        index = len(self.record)
        for choice in choices:
            self.offered.add((index, choice))
        if self._recorded().chance_moves() is not None:
            return  # a pick of the dice
        if index < len(self.played) and self.played[index] in choices:
            return
        if TakebackChoice.NAME in choices and self.record != self.played[:index]:
            return  # the takeback of a move recorded that was not played
        if HeldChoice.NAME in choices and index < len(self.ply_hand):
            # judged once the hands are off: fine if the move was not done, its hand
            # acting on the board after the question
            self.asked_held.append((index, choices, at))
            return
        if index <= len(self.positions):
            position = self.positions[index] if index < len(self.positions) else self.position
            hand = self.ply_hand[index] if index < len(self.ply_hand) else None
            if any(self._shown_at_rest(position, choice, at, hand) for choice in choices):
                return
        wanted = self.played[index] if index < len(self.played) else "nothing"
        self.faults.append(f"a prompt {choices} at ply {index + 1} without {wanted}")

    def _at_work(self, index: int, at: float) -> bool:
        """Whether the hand that played ply ``index`` changed a sensor after ``at``."""
        hand = self.ply_hand[index]
        return any(who == hand and when > at for when, who, _ in self.hands_at)

    def _judge_out_of_step(self, at: float) -> None:
        """The board says "out of step" while its sensors read what one legal move, or
        the line played, makes of the last committed position: a move missed."""
        frame = next((f for when, f in reversed(self.frames) if when <= at + 1e-9), None)
        if frame is None:
            return
        committed = self._recorded()
        if committed.chance_moves() is not None:
            return
        explained = [sensed_frame(committed, self.sim)]
        line = committed.copy()
        if self.record == self.played[: len(self.record)]:
            for text in self.played[len(self.record) :]:
                line.push_text(text)
                explained.append(sensed_frame(line, self.sim))
        for move in committed.legal_moves():
            one = committed.copy()
            one.push(move)
            explained.append(sensed_frame(one, self.sim))
        if frame in explained:
            self.faults.append(
                f"out of step at {at:.2f} s on a board one legal move or the line played"
                f" explains (record {self.record}, played {self.played})"
            )

    def _recorded(self) -> Position[Any]:
        recorded = self.start.copy()
        for text in self.record:
            recorded.push_text(text)
        return recorded

    def _adopted(self, index: int, text: str) -> bool:
        """A move the board makes by itself (a roll, a lost turn) where the players are
        joins what was played."""
        if index != len(self.played) or self.record[:index] != self.played:
            return False
        position = self.position
        automatic = position.chance_moves() is not None or len(list(position.legal_moves())) == 1
        if automatic:
            self.played_move(position.parse_move(text))
        return automatic

    def _judge_commit(self, index: int, text: str, at: float) -> None:
        if index < len(self.played) and self.played[index] == text:
            return
        recorded = self.start.copy()
        for move in self.record[:index]:
            recorded.push_text(move)
        if recorded.chance_moves() is not None or len(list(recorded.legal_moves())) == 1:
            return  # the board's own roll or lost turn after what it recorded
        if index >= len(self.positions):
            # a move nobody played, shown whole at rest on the way (a victim set down a
            # moment where the capturer came from is a drop there; a knock that rested as
            # a move after one the hand set down on the way), from the position the
            # board recorded: amended, or wrong
            # (a knock is judged as the sensors read it: one that stood the settle time
            # as a legal move is one to every sensor)
            if index > len(self.positions) or not self._shown_at_rest(
                recorded, text, at, None, self.frames
            ):
                self.faults.append(f"recorded {text} at ply {index + 1}, nothing played there")
            return
        # after a ply recorded as the hand rested on it (a marble of a line moved first),
        # the stones are judged from the position the board recorded: the move shown
        # there at rest is one to every sensor
        judged = self.positions[index] if self.record[:index] == self.played[:index] else recorded
        if not self._shown_at_rest(judged, text, at, self.ply_hand[index]):
            wanted = self.played[index]
            self.faults.append(f"recorded {text} at ply {index + 1}, played {wanted}")

    def _shown_at_rest(
        self,
        position: Position[Any],
        text: str,
        at: float,
        hand: int | None,
        readings: list[tuple[float, dict[Spot, Reading]]] | None = None,
    ) -> bool:
        """Whether the stones stood as ``text`` leaves them, and the hand that plays at
        that ply made no action, for the settle time before ``at``: the hand rested there
        (a neighbour knocked meanwhile aside, and the spots the other player's hand had
        begun on: the board reads that as the next move). ``hand`` None: a ply nobody
        played, which every hand must have left alone. ``readings``: what the stones
        are judged by (``seen``, knocks aside, when None).

        The board's debouncer counts a reading once its scans read it ``debounce_scans``
        times in a row: a reading held a little less than that many scan periods is
        counted or not by where the scans fell (a reed closing 25 ms as the piece comes
        down is read by three scans at 100 Hz, or by two), and the board learns of it a
        scan sooner or later: the move was shown if it was under any count the scans
        could have made. Judged by four scan periods alone, the kit called a commit made
        at rest a wrong one (dobutsu-correction: the lion's reed closed 38 ms, then
        opened 16 ms, as it came down)."""
        scans = self.sim.profile.debounce_scans
        return any(
            self._shown_if_counted_after(
                position,
                text,
                at,
                hand,
                readings=readings,
                debounce=count / self.sim.profile.scan_hz,
            )
            for count in (scans - 0.5, scans, scans + 1)
        )

    def _shown_if_counted_after(
        self,
        position: Position[Any],
        text: str,
        at: float,
        hand: int | None,
        *,
        readings: list[tuple[float, dict[Spot, Reading]]] | None,
        debounce: float,
    ) -> bool:
        """``_shown_at_rest`` for a debouncer that counts a reading held ``debounce``
        seconds."""
        after = position.copy()
        try:
            after.push_text(text)
        except KibanError:
            return False  # not even a move there
        sensed = self.sim.profile.sensed_spots
        others = {
            spot
            for when, who, spot in self.hands_at
            if hand is not None and who != hand and when <= at
        }
        expected = {
            spot: reading
            for spot, reading in after.expected_frame(self.sim.profile.sensing).items()
            if spot in sensed and spot not in others
        }
        # the board learns of a change a debounce later: what the hand did in that last
        # moment no board could have waited for
        seen_by = at - debounce
        if any(
            hand in (who, None)
            and seen_by - REST + 0.05 < when
            and self._steady_from(spot, when, debounce) <= seen_by
            and spot in sensed
            and self._seen(spot, when, debounce)
            for when, who, spot in self.hands_at
        ):
            return False  # the hand was at work meanwhile, where a sensor could see it
        since: float | None = None
        before: dict[Spot, Reading] = {}
        judged = debounced(self.seen if readings is None else readings, debounce)
        for when, readings_then in judged:
            changed = [
                spot for spot, reading in readings_then.items() if before.get(spot) != reading
            ]
            before = readings_then
            if when > seen_by + 1e-9 or any(
                self._steady_from(spot, when, debounce) > seen_by + 1e-9 for spot in changed
            ):
                break  # the board had yet to see it (a contact still bouncing)
            same = all(readings_then.get(spot) == reading for spot, reading in expected.items())
            since = (when if since is None else since) if same else None
        return since is not None and seen_by - since >= REST - 0.05

    def _seen(self, spot: Spot, when: float, debounce: float) -> bool:
        """Whether the change of ``spot``'s sensor at ``when`` reaches a debouncer: once
        it reads steadily again it reads otherwise than just before (a reed that opens
        for a few milliseconds as a hand takes its marble, then holds it on until it
        rises, shows the board nothing). What it reads otherwise than is what the
        debouncer held before ``when``: a blip shorter than its count, which ``when``
        ends, never reached it (robotory-correction: a token's reed opened 20 ms as it
        came down, and its closing again was taken for the hand at work)."""
        before: Reading | None = None  # what the debouncer held
        reading: Reading | None = None
        since = -math.inf
        for at, frame in self.frames:
            if at >= when - 1e-9:
                break
            if frame.get(spot) != reading:
                if at - since >= debounce - 1e-9:
                    before = reading
                reading, since = frame.get(spot), at
        if when - since >= debounce - 1e-9:
            before = reading
        steady = self._steady_from(spot, when, debounce)
        after = before
        for at, frame in self.frames:
            if at > steady + 1e-9:
                break
            after = frame.get(spot)
        return after != before

    def _steady_from(self, spot: Spot, when: float, debounce: float) -> float:
        """When the sensor of ``spot``, changed at ``when``, stopped changing: a contact
        that bounces (a reed let go as the magnet rises through its release point) is
        seen by the board's debouncer only once it reads the same for its scans."""
        steady, last = when, None
        for at, frame in self.frames:
            if at < when - 1e-9:
                last = frame.get(spot)
                continue
            reading = frame.get(spot)
            if reading != last:
                if at - steady >= debounce:
                    break
                steady = at
            last = reading
        return steady

    # --- the end -------------------------------------------------------------------------

    def check_truth(self) -> None:
        """Once the hands are off: the record is what was played, or a prompt offers the
        next move played; answered, the board must then read the rest."""
        for index, choices, at in self.asked_held:
            if not self._at_work(index, at):
                wanted = self.played[index]
                self.faults.append(f"a prompt {choices} at ply {index + 1} without {wanted}")
        for _ in range(len(self.played) + 1):
            if self.record == self.played:
                self._judge_dropped()
                return
            sim = self.sim
            done = len(self.record)
            choices = sim.controller.prompt_choices
            extra = done > len(self.played) and self.record[: len(self.played)] == self.played
            if extra and sim.controller.phase is Phase.PROMPT and TakebackChoice.NAME in choices:
                # a move shown at rest on the way, its piece taken up again: the board
                # shows the position before it and offers the takeback (docs, "Fast hands")
                sim.send(Select(TakebackChoice.NAME))
                self.hands_off()
                continue
            if self.record != self.played[:done]:
                self.faults.append(f"record {self.record}, played {self.played}")
                return
            if sim.controller.phase is not Phase.PROMPT:
                self.faults.append(
                    f"record {self.record}, played {self.played}, board {sim.controller.phase}"
                )
                return
            wanted = self.played[done]
            choices = sim.controller.prompt_choices
            if wanted not in choices:
                self.faults.append(f"asked {choices}, played {wanted} (record {self.record})")
                return
            sim.send(Select(wanted))
            self.hands_off()
        self.faults.append(f"record {self.record}, played {self.played}")


def draw_position(
    game: Game[Any], chooser: Chooser, plies: int, options: Mapping[str, str] | None = None
) -> Position[Any]:
    """A position reached by random legal moves from the start (chance moves drawn too)."""
    position: Position[Any] = game.position(None, options)
    for _ in range(plies):
        if position.outcome() is not None:
            break
        moves = sorted(position.legal_moves(), key=position.move_text)
        if not moves:
            break
        position.push(moves[chooser.index(len(moves))])
    return position


def shown_moves(position: Position[Any], sim: Simulation) -> list[Any]:
    """The legal moves the board can show (some sensed spot changes)."""
    sensing, sensed = sim.profile.sensing, sim.profile.sensed_spots
    return [
        move
        for move in sorted(position.legal_moves(), key=position.move_text)
        if position.footprint(move, sensing).restricted(sensed).changes
    ]


def timed_steps(
    trial: Trial,
    before: Layout,
    hands: Sequence[Sequence[list[Act]]],
    *,
    chooser: Chooser,
    habits: Habits,
    start: float,
    hold: bool = False,
) -> list[HandStep]:
    """The actions of one move (or two, interleaved) in an order the hands allow, timed."""
    cells = frozenset(trial.sim.game.cells)
    acts = ordered(hands, before, cells, chooser, trial.sim.profile.sensed_spots)
    # a swap on a cell lasts at least the sensors' debounce time (and a scan more)
    profile = trial.sim.profile
    debounce = (profile.debounce_scans + 1) / profile.scan_hz
    habits = replace(habits, swap_gap=max(habits.swap_gap, debounce))
    if trial.board is not None:
        geometry = trial.sim.game.geometry
        world = trial.sim.world
        # steps planned but not yet run leave the stones as they planned them
        rests, frame = trial.planned or (dict(world.rests), world.readings())
        bodies = BodyPacer(
            geometry,
            chooser,
            habits.of(trial.sim.game),
            board=trial.board,
            rests=rests,
            frame=frame,
            north=north_of(trial.sim.game),
        )
        bodies.timed(acts, before, start, hold_at=hold_point(acts, chooser) if hold else None)
        trial.planned = (bodies.lying, {**frame, **bodies.final_frame})
        trial.hand_of.update(bodies.hands)
        return bodies.steps
    pacer = Pacer(trial.sim.game.geometry, chooser, habits)
    hold_at = None
    if hold:
        # before an action that follows a lift: a stone is in the air
        lifts = [i + 1 for i, act in enumerate(acts[:-1]) if isinstance(act.action, LiftStone)]
        hold_at = lifts[chooser.index(len(lifts))] if lifts else None
    pacer.timed(acts, before, start, hold_at=hold_at)
    trial.hand_of.update(pacer.hands)
    return pacer.steps


DEFAULT_PLIES = 30
"""The most random moves played to reach a trial's position, for a game whose tests do
not say (``trials.toml``)."""


def _trial_boards() -> dict[str, tuple[tuple[str, ...], int]]:
    """Each registered game's boards and plies: from ``trials.toml`` beside the game's
    own tests (Kiban's games), else its simulated board (a game installed from outside)
    when builds are drawn for it; a game with no board to play on has no trials."""
    boards = {}
    for game in games():
        own = TESTS / game.name / "trials.toml"
        if own.is_file():
            table = tomllib.loads(own.read_text(encoding="utf-8"))
            boards[game.name] = (tuple(table["profiles"]), int(table["plies"]))
        elif (board := simulated_board(game)) is not None and _drawn_for(game):
            boards[game.name] = ((board,), DEFAULT_PLIES)
    return boards


def _drawn_for(game: Game[Any]) -> bool:
    """Whether ``drawn_builds.json`` has builds drawn for ``game`` (tools/drawn_builds.py
    draws them for Kiban's games: an outside game installed has none to be played on)."""
    drawn = json.loads((Path(__file__).parent / "drawn_builds.json").read_text())
    return any(key.startswith(f"{game.name}/") for key in drawn)


TESTS = Path(__file__).resolve().parents[1]
TRIAL_BOARDS = _trial_boards()
PROFILES = {name: profiles for name, (profiles, _plies) in TRIAL_BOARDS.items()}
"""The simulated boards of each game a trial is drawn on."""

VARIANTS = ("plain", "both", "hold", "correction", "push")
"""A move in any order and pace; the next player's hand on the board before the mover's
has left; a stone held in the air for ``Habits.hold``; a piece set down where another
legal move of it ends, left there 1-2 s, then moved on to where it was meant to go; a
capture whose victim the capturer pushes aside onto an empty neighbour of its cell, where
it lies 0.1-1.5 s before the hand takes it where the capture puts it (issue 78's hands:
half a second)."""


def trial(
    game: Game[Any],
    chooser: Chooser,
    variant: str,
    habits: Habits,
    bodies: bool = True,
) -> Trial | None:
    """One drawn position and move (and reply) of ``game``, played by the hands as
    ``variant`` has it, then the board given its time: None when the draw has no such
    move (a finished game, a roll due, no second move that fits). ``bodies``: the stones
    move as bodies over one of the game's drawn builds (``draw_build``; False: the hands
    of lists)."""
    profiles = PROFILES[game.name]
    profile = profiles[chooser.index(len(profiles))]
    start = draw_position(game, chooser, chooser.index(TRIAL_BOARDS[game.name][1] + 1))
    if start.outcome() is not None:
        return None
    drawn = None
    if bodies:
        drawn = draw_build(chooser, game, load_profile(profile, game).sensing)
    played = Trial.at(game, profile, start.text(), drawn)
    try:
        if not _play(played, chooser, variant, habits):
            return None
        played.hands_off()
        played.check_truth()
        return played
    finally:
        played.sim.close()


def _play(played: Trial, chooser: Chooser, variant: str, habits: Habits) -> bool:
    start = played.position
    moves = shown_moves(start, played.sim)
    if not moves or start.chance_moves() is not None:
        return False
    move = moves[chooser.index(len(moves))]
    before = start.layout()
    begin = played.sim.now + 0.2
    if variant == "correction":
        return _corrected(played, chooser, habits, move, moves)
    if variant == "push":
        return _pushed_aside(played, chooser, habits, moves)
    hands = [played.plan(move, chooser, habits)]
    played.played_move(move)
    if variant == "both":
        habits = replace(habits, hesitate_share=0.0)  # both hands at once: a fast exchange
        reply = _reply(played, chooser, start, move)
        if reply is None:
            return False
        hands.append(played.plan(reply, chooser, habits, hand=1))
        played.played_move(reply, hand=1)
    steps = timed_steps(
        played,
        before,
        hands,
        chooser=chooser,
        habits=habits,
        start=begin,
        hold=variant == "hold",
    )
    played.run(steps)
    return True


def _reply(played: Trial, chooser: Chooser, start: Position[Any], move: Any) -> Any | None:
    """A reply the board can show, unless one move from the start makes the same board
    (a chain the next player goes on with at once reads as one chain: the documented
    limit of a shared robot), or none does (a capture and a drop on the cell its piece
    left, never shown apart, read the same as two knocks put back): docs/architecture.md,
    "Fast hands"."""
    after = played.position
    if after.outcome() is not None or after.chance_moves() is not None:
        return None
    replies = shown_moves(after, played.sim)
    if not replies:
        return None
    reply = replies[chooser.index(len(replies))]
    both = after.copy()
    both.push(reply)
    want = sensed_frame(both, played.sim)
    if want == sensed_frame(start, played.sim):
        return None  # two moves that leave every reading as before: two knocks put back
    for single in start.legal_moves():
        one = start.copy()
        one.push(single)
        if sensed_frame(one, played.sim) == want:
            return None
    return reply


def _corrected(
    played: Trial, chooser: Chooser, habits: Habits, move: Any, moves: list[Any]
) -> bool:
    """The hand sets the piece down where another legal move of the same pieces ends,
    leaves it 1-2 s, then moves it on to where it meant (``move``)."""
    start = played.position
    sensing = played.sim.profile.sensing
    taken = _taken(start, move, sensing)
    looks = start.footprint(move, sensing)

    def sets_down(interim: Any) -> bool:
        """Whether ``interim`` moves the same pieces to another end, taking nothing (a
        capture undone by hand reads as what it looks like: docs, "Fast hands")."""
        footprint = start.footprint(interim, sensing)
        same = (footprint.changes, footprint.hidden) == (looks.changes, looks.hidden)
        return not same and not footprint.must_touch and _taken(start, interim, sensing) == taken

    interim = [m for m in moves if m != move and taken and sets_down(m)]
    if not interim:
        return False
    first = interim[chooser.index(len(interim))]
    middle, end = start.copy(), start.copy()
    middle.push(first)
    end.push(move)
    hands = [played.plan(first, chooser, habits)]
    played.played_move(move)
    steps = timed_steps(
        played, start.layout(), hands, chooser=chooser, habits=habits, start=played.sim.now + 0.2
    )
    landed = max(step.at for step in steps)
    hidden = start.footprint(move, sensing).hidden | start.footprint(first, sensing).hidden
    brisk = replace(habits, hesitate_share=0.0)  # the correction's own pause is the wait
    second = [played.plan_between(middle.layout(), end.layout(), hidden, chooser, brisk)]
    steps += timed_steps(
        played,
        middle.layout(),
        second,
        chooser=chooser,
        habits=brisk,
        start=landed + chooser.seconds(1.0, 2.0),
    )
    played.run(steps)
    return True


def _pushed_aside(played: Trial, chooser: Chooser, habits: Habits, moves: list[Any]) -> bool:
    """A capture made by pushing its victim aside onto an empty neighbour of its cell: the
    capturer on the victim's cell, the victim lying on the neighbour 0.1-1.5 s, then taken
    where the capture puts it (a stand, the box)."""
    start = played.position
    sensing = played.sim.profile.sensing
    # a capture whose capturer lands on its victim's cell (a Robotory chain names its
    # robot's cell, ``origins``: its tokens are boxed by the hand, never pushed)
    captures = [
        m
        for m in moves
        if len(start.footprint(m, sensing).must_touch) == 1
        and not start.footprint(m, sensing).origins
    ]
    if not captures:
        return False
    move = captures[chooser.index(len(captures))]
    footprint = start.footprint(move, sensing)
    before, end = start.layout(), start.copy()
    end.push(move)
    after = end.layout()
    cell = sorted(footprint.must_touch)[0]
    geometry = played.sim.game.geometry
    here = geometry.place(cell)
    aside = [
        spot
        for spot in sorted(played.sim.game.cells)
        if not before.get(spot)
        and not after.get(spot)
        and math.hypot(geometry.place(spot).x - here.x, geometry.place(spot).y - here.y) < 1.5
    ]
    if not aside or not before.get(cell):
        return False
    victim = before[cell][-1]
    middle = {spot: tuple(stones) for spot, stones in after.items()}
    for spot, stones in after.items():  # the victim not yet where the capture puts it
        if spot not in played.sim.game.cells and len(stones) > len(before.get(spot, ())):
            middle[spot] = tuple(stones[:-1])
    middle[aside[chooser.index(len(aside))]] = (victim,)
    played.played_move(move)
    push = [played.plan_between(before, middle, footprint.hidden, chooser, habits)]
    steps = timed_steps(
        played, before, push, chooser=chooser, habits=habits, start=played.sim.now + 0.2
    )
    lies = max(step.at for step in steps) + chooser.seconds(0.1, 1.5)
    brisk = replace(habits, hesitate_share=0.0)
    taken = [played.plan_between(middle, after, frozenset(), chooser, brisk)]
    steps += timed_steps(played, middle, taken, chooser=chooser, habits=brisk, start=lies)
    played.run(steps)
    return True


def _taken(position: Position[Any], move: Any, sensing: Any) -> frozenset[Spot]:
    return frozenset(s for s, r in position.footprint(move, sensing).changes if r == 0)


def debounced(
    frames: Sequence[tuple[float, dict[Spot, Reading]]], debounce: float
) -> list[tuple[float, dict[Spot, Reading]]]:
    """``frames`` as a debouncer passes them on: a sensor's reading held for less than
    ``debounce`` before it changes again never reaches the board (a reed opening for a
    few milliseconds as a hand takes its marble, then held on by the magnet)."""
    changes: list[tuple[float, Spot, Reading]] = []
    last: dict[Spot, tuple[float, Reading]] = {}
    for when, frame in frames:
        for spot, reading in frame.items():
            held = last.get(spot)
            if held is not None and held[1] == reading:
                continue
            last[spot] = (when, reading)
            changes.append((when, spot, reading))
    kept: list[tuple[float, Spot, Reading]] = []
    for index, (when, spot, reading) in enumerate(changes):
        following = next((c[0] for c in changes[index + 1 :] if c[1] == spot), None)
        if following is None or following - when >= debounce - 1e-9:
            kept.append((when, spot, reading))
    result: list[tuple[float, dict[Spot, Reading]]] = []
    current: dict[Spot, Reading] = {}
    for when, spot, reading in kept:
        current[spot] = reading
        if result and abs(result[-1][0] - when) < 1e-12:
            result[-1] = (when, dict(current))
        else:
            result.append((when, dict(current)))
    return result


def sensed_frame(position: Position[Any], sim: Simulation) -> dict[Spot, Reading]:
    sensed = sim.profile.sensed_spots
    frame = position.expected_frame(sim.profile.sensing)
    return {spot: reading for spot, reading in frame.items() if spot in sensed}


@dataclass(frozen=True, slots=True)
class DrawnBuild:
    """A board's build for a trial, the sensors it declares, and where its switches lie
    in their bands (``seed``)."""

    build: Build
    model: SensorModel
    seed: int


DRAWN_BUILDS: dict[str, list[dict[str, Any]]] = json.loads(
    (Path(__file__).parent / "drawn_builds.json").read_text()
)
"""Builds drawn over the ranges real boards have that pass the build check, per game and
sensing (``tools/drawn_builds.py`` draws and checks them; a build no one would make, with
a dead zone or a phantom, is not the recognizer's to read)."""


def build_of(data: Mapping[str, Any]) -> Build:
    """A build from its data (``drawn_builds.json``)."""
    magnet_data = data["magnet"]
    magnet = Magnet(
        Shape(magnet_data["shape"]),
        tuple(magnet_data["size_mm"]),
        magnet_data["grade"],
        name=f"drawn {magnet_data['shape']}",
    )
    axis = magnet_data["axis"]
    piece = PieceBuild(
        magnet,
        magnet_data["height_mm"],
        axis=(axis[0], axis[1], axis[2]),
        body=MagnetBody(magnet_data["body"]),
        radius_mm=magnet_data["radius_mm"],
        tilt_deg=magnet_data["tilt_deg"],
    )
    mounts = tuple(
        Mount((m["offset_mm"][0], m["offset_mm"][1]), (m["axis"][0], m["axis"][1], m["axis"][2]))
        for m in data["mounts"]
    )
    return Build(
        pitch_mm=data["pitch_mm"],
        depth_mm=data["depth_mm"],
        piece=piece,
        part=PARTS[data["part"]],
        mounts=mounts,
        polar=data["polar"],
        tolerance_mm=data["tolerance_mm"],
        name="drawn by the property tests",
    )


def draw_build(chooser: Chooser, game: Game[Any], sensing: Sensing) -> DrawnBuild:
    """One of ``game``'s drawn builds for a board of ``sensing``, its switches placed in
    their bands by a drawn seed."""
    key = f"{game.name}/{sensing.value}"
    found = DRAWN_BUILDS[key]
    data = found[chooser.index(len(found))]
    build = build_of(data)
    kind = SensorKind.REED if data["part"] == "R5" else SensorKind.HALL
    if data["part"] == "DRV5055A2":
        kind = SensorKind.ANALOG_HALL
    timing = data["timing"]
    model = SensorModel(
        kind,
        pitch_mm=build.pitch_mm,
        overlap_mm=timing["overlap_mm"],
        gap_mm=timing["gap_mm"],
        departs_mm=timing["departs_mm"],
        part="drawn by the property tests",
    )
    return DrawnBuild(build, model, chooser.index(1000))


def replay_stream(case: Mapping[str, Any]) -> Trial:
    """A shrunk failure recorded as what the board's sensors read (``shrunk_streams.json``:
    the steps the hands took, each sensor's reading as the fields made it, the knocks'
    noise noted), played again on its board and judged as the trial was. A stream the
    bench's players made (``firmware_host.tools.bench.hands``) also holds their answers
    to the board's questions and their presses, each when they made it."""
    game = find_game(case["game"])
    figures = dict(case["model"])
    kind = SensorKind(figures.pop("kind"))
    if "operate_mm" in figures:  # a stream read before issue 78, by one reach
        model = SensorModel.of_reach(
            kind,
            pitch_mm=figures["pitch_mm"],
            depth_mm=figures["depth_mm"],
            operate_mm=figures["operate_mm"],
            release_mm=figures["release_mm"],
        )
    else:  # the sensors a drawn build declared
        model = SensorModel(kind, **figures)
    build, timing = None, None
    if case.get("sensors") == "widest":  # the heavy soak's (``make soak-hands``)
        build, model = widest_build(game)
        timing = replace(
            Timing(), order=model.order_margin, departs=model.departure_s, passes=model.pass_s
        )
    played = Trial.at(
        game, case["profile"], case["position"], model=model, build=build, timing=timing
    )
    try:
        for call in case["calls"]:
            if call[0] == "move":
                position = played.position
                played.played_move(position.parse_move(call[1]), hand=call[2])
                continue
            if call[0] in ("answer", "press"):  # as the bench's players did (a stream of theirs)
                played.sim.advance_to(max(call[1], played.sim.now))
                played.take_in()
                if call[0] == "answer":
                    played.sim.send(Select(call[2]))
                else:
                    played.sim.press(ButtonRole[call[2]])
                played.take_in()
                continue
            steps = []
            for at, action, hand in call[1]:
                step = HandStep(at, action_of(action))
                steps.append(step)
                if hand is not None:
                    played.hand_of[id(step)] = hand
            played.run(steps)
        played.hands_off()
        played.check_truth()
        return played
    finally:
        played.sim.close()
