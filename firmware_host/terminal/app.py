"""The simulated board in a terminal: short typed commands for the hands (``lift 2c``,
``place 2b``, ``move 2c 2b``) and for the session (``press ok``, ``takeback``).

The session's commands are the one vocabulary (``session/actions.py``): a verb is
an action's name and its words are the action's parameters in order, so every
action the page can send can be typed, and ``help`` lists them from there. The
terminal adds what only a terminal needs: ``drop``, ``play``, ``wait``,
``moves``, ``help`` and ``quit``. The hands that carry out ``lift``, ``place``,
``move``, ``flip``, ``drop`` and ``play`` are the page's too
(``hardware/mock/gestures.py``); after each command the board settles.
"""

from __future__ import annotations

import math
import shlex
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO

from drivers.buttons import ButtonRole
from engine.errors import KibanError
from engine.physical import Spot
from engine.record import BranchCount
from engine.said import NP_, Said, plural_said, said_of
from firmware_host.loops.simulator import Simulation
from firmware_host.loops.speaker import Announcer, Speaker, espeak_command
from firmware_host.notices.declared import (
    MoveCommitted,
    Notice,
    PromptOpened,
)
from firmware_host.session.actions import (
    ACTIONS,
    Action,
    Claim,
    Download,
    FlipPiece,
    LiftPiece,
    MovePiece,
    NewGame,
    PlacePiece,
    PlayRemote,
    Press,
    Scope,
    Select,
    StartPuzzle,
    is_game_action,
)
from firmware_host.session.clock import TimeControl
from firmware_host.session.controller import Controller
from firmware_host.session.puzzle import new_run
from firmware_host.store.records import find_format, variations_note
from firmware_host.telling.language import N_, Language, translated
from firmware_host.telling.narrator import Narrator
from firmware_host.telling.notices import notice_line
from firmware_host.telling.rendering import told
from firmware_host.telling.speech_settings import SPEECH, SpeechMode, SpeechSpec
from firmware_host.telling.view import prompt_labels
from firmware_host.terminal.live import LineSource, NoLines, SelectLines, run_live
from firmware_host.terminal.screen import Screen, legend_text
from firmware_host.terminal.text import WIDTH, wrap
from firmware_host.wire.actions import (
    ActionError,
    Problem,
    from_words,
    summary,
    usage,
)
from hardware.mock.gestures import Gestures
from hardware.mock.hands import HandStep

TERMINAL_COMMANDS = (
    ("drop KIND SPOT", N_("take a piece of KIND from the stand of the side to move, place it")),
    ("play MOVE", N_("your hands play a move in the game's notation (2c2b, C*2b)")),
    ("wait SECONDS", N_("let time pass, up to an hour (the board guides you back after a while)")),
    ("moves", N_("the legal moves")),
    ("help | quit", N_("this list | leave (the game is kept)")),
)
"""What only the terminal does; every other command is an action of the vocabulary."""

HELP_COLUMN = 24
"""The widest command the help lists beside its words; a longer one has them below."""
MAX_WAIT = 3600.0
"""The longest ``wait``: an hour of simulated time at once."""
REMOTE_AT_START = N_(
    "the terminal plays across boards from its start: "
    "kiban sim GAME --remote URL --host-game|--join CODE"
)
"""Why ``play_remote`` cannot be typed: a game across boards starts with the terminal."""


def help_text(
    claims: tuple[str, ...] = (), width: int = WIDTH, language: Language = Language.ENGLISH
) -> str:
    """Every command: the vocabulary's actions, then the terminal's own, each with
    what it does wrapped to ``width`` (a command too long for the column has its
    words on the lines below it), in ``language`` (the commands as they are typed)."""

    def _(msgid: str) -> str:
        return translated(msgid, language)

    rows = [(usage(action), _(summary(action))) for action in ACTIONS]
    claim = _(N_("claim the end of the game: {name}"))
    rows += [(name, claim.format(name=name)) for name in claims]
    rows += [(name, _(text)) for name, text in TERMINAL_COMMANDS]
    rows.append(("(place SPOT+, move FROM TO+)", _(N_("turn the piece over as it lands"))))
    column = min(max(len(name) for name, _ in rows), HELP_COLUMN) + 2
    hanging = " " * (2 + column)
    lines = [_(N_("commands:"))]
    for name, text in rows:
        if len(name) + 2 > column:
            lines.append(f"  {name}")
            lines += wrap(text, width, hanging, hanging)
        else:
            lines += wrap(text, width, f"  {name:<{column}}", hanging)
    return "\n".join(lines)


VARIATIONS_KEPT = NP_(
    "the record's {count} variation is kept with the game, in its KIF and KI2 downloads "
    "and on the page's review; the terminal shows the main line",
    "the record's {count} variations are kept with the game, in its KIF and KI2 downloads "
    "and on the page's review; the terminal shows the main line",
)


@dataclass
class TerminalBoard:
    """Draws a simulation and carries out typed commands on it."""

    sim: Simulation
    out: IO[str]
    colour: bool = True
    width: int = WIDTH
    """The terminal's width: the drawing and the help fit it."""
    hands: Gestures = field(init=False)
    """The simulated hands, the page's too (``hardware/mock/gestures.py``)."""
    _previewed: str | None = None  # a claim whose count was shown: typed again, it is made
    language: Language = Language.ENGLISH
    """The language the notices are told in (``--language``, the profile's [speech])."""
    speaker: Speaker | None = None
    """What says the game aloud once the session's switch is on (``speak on``): by
    default espeak-ng, made then, in the profile's [speech] voice and rate when it asks
    for speech, else in the terminal's language (issue 81: ``speak on`` printed and said
    nothing)."""
    _announcer: Announcer | None = None

    def __post_init__(self) -> None:
        sim = self.sim
        self.hands = Gestures(sim.world, sim.hands, orientation=sim.board.orientation)

    def draw(self) -> None:
        Screen(self.sim, self.out, self.colour, self.width, self.language).draw()

    def say(self, text: str) -> None:
        """A line for the player."""
        self.out.write(text + "\n")

    def tell(self, msgid: str, **values: object) -> None:
        """A line for the player: ``msgid`` in the terminal's language, filled."""
        self.say(translated(msgid, self.language).format(**values))

    def told(self, message: Said) -> str:
        """What the session or the engine says, in the terminal's language."""
        return told(message, self.language, self.sim.game)

    def tell_variations(self) -> None:
        """A game read in from a record with variations: the terminal shows its main
        line only, so the player is told how many the game keeps beside it and where
        they can be seen (issue 81: where a surface cannot hold them, it says so)."""
        facts = self.sim.controller.match.facts(ended=self.sim.controller.outcome is not None)
        count = 0 if facts is None else BranchCount.of(facts.branches).branches
        if count:
            self.say(self.told(plural_said(VARIATIONS_KEPT, count)))

    @property
    def claims(self) -> tuple[str, ...]:
        return tuple(claim.name for claim in self.sim.controller.claims)

    # --- commands --------------------------------------------------------------------

    def execute(self, line: str) -> bool:
        """Carry out one command; False when the user wants to quit."""
        try:
            words = shlex.split(line)
        except ValueError as error:
            self.tell(N_("cannot read that: {error}"), error=error)
            return True
        if not words:
            return True
        words[0] = words[0].lower()
        if words[0] in ("quit", "exit", "q"):
            return False
        own = self._own_commands().get(words[0])
        previewed, self._previewed = self._previewed, None
        try:
            if previewed is not None and words[0] == previewed:
                self.report(self.sim.send(Claim(previewed)))
                return True
            if own is not None:
                own(words[1:])
            else:
                self._act(from_words(words, claims=self.claims))
        except ActionError as error:
            if error.code is Problem.UNKNOWN_TYPE:
                self.tell(N_("unknown command {command}; type help"), command=repr(words[0]))
            elif error.code is Problem.UNKNOWN_BUTTON:
                names = ", ".join(role.value for role in ButtonRole)
                msgid = N_("no button {button} (buttons: {buttons})")
                self.tell(msgid, button=repr(words[1]), buttons=names)
            else:
                self.tell(N_("cannot: {error} (type help)"), error=self.told(error.said))
        except KibanError as error:
            self.tell(N_("cannot: {error}"), error=self.told(said_of(error)))
        except IndexError:
            msgid = N_("cannot: {command} needs more words: {usage}")
            self.tell(msgid, command=words[0], usage=_usage(words[0], self.language))
        except ValueError as error:
            self.tell(N_("cannot: {error} (type help)"), error=self.told(said_of(error)))
        return True

    def _confirmed(self, name: str) -> bool:
        """A claim that loses when it fails is first shown with its count; typing it
        again makes it."""
        preview = self.sim.controller.position.claim_preview(name)
        if preview is None:
            return True
        described = self.told(preview.describe(self.sim.game.seat_word(preview.seat)))
        msgid = N_("{name}: {preview}. Type {name} again to declare.")
        self.tell(msgid, name=name, preview=described)
        self._previewed = name
        return False

    def _own_commands(self) -> dict[str, Callable[[list[str]], None]]:
        return {
            "help": lambda _: self.say(help_text(self.claims, self.width, self.language)),
            "drop": self._drop,
            "play": self._play,
            "wait": self._wait,
            "moves": self._moves,
        }

    def _act(self, action: Action) -> None:
        """An action of the vocabulary, carried out where its scope says."""
        match action:
            case LiftPiece(spot):
                self._gesture(self.hands.lift(spot, self.sim.now))
            case PlacePiece(spot, held):
                self._place(spot, held)
            case MovePiece(source, target):
                self._move(source, target)
            case FlipPiece(spot):
                self._gesture(self.hands.flip(spot, self.sim.now))
            case Press(button):
                if not self.sim.hardware.has_button(button):
                    self.tell(N_("this board has no {button} button"), button=button.value)
                    return
                self.report(self.sim.press(button))
                self.report(self.sim.settle())
            case Download(name):
                record_format = find_format(self.sim.game.name, name)
                record = self.sim.controller.record()
                self.out.write(record_format.write(record).rstrip() + "\n")
                note = variations_note(record, record_format)
                if note is not None:  # what the format could not hold as it was
                    self.say(self.told(note))
            case StartPuzzle(difficulty):
                run = new_run(self.sim.game, difficulty)
                self.report(self.sim.start_puzzle(run))
                self.say(run.question)
            case Claim(name) if not self._confirmed(name):
                return
            case PlayRemote():
                self.tell(N_("cannot: {error}"), error=translated(REMOTE_AT_START, self.language))
            case _ if action.scope is Scope.ONLINE:
                online = N_("cannot: online play is the web page's dialog (or kiban online login)")
                self.tell(online)
            case _ if is_game_action(action):
                self.report(self.sim.send(action))
                if isinstance(action, NewGame):
                    self.sim.world.arrange(self.sim.controller.position.layout())
                self.report(self.sim.settle())
            case _:  # pragma: no cover - every scope is handled above
                raise AssertionError(f"{action.scope} action {action!r} has no handler")

    def report(self, notices: list[Notice]) -> None:
        """Say what happened (aloud too, while the session speaks); a prompt still open
        is said with its choices in words."""
        self._aloud(notices)
        for notice in notices:
            text = notice_line(notice, self.language, self.sim.game.name)
            if (
                isinstance(notice, PromptOpened)
                and self.sim.controller.prompt_choices == notice.choices
            ):
                text = prompt_line(self.sim.controller, self.language)
            if text:
                self.say(text)
        if any(isinstance(notice, MoveCommitted) for notice in notices):
            self.sim.tidy()  # the hands turn a promoted piece over, unseen

    def _aloud(self, notices: list[Notice]) -> None:
        """What the notices bring said aloud, while the session's switch is on; the
        speaker is made the first time, and a speaker that cannot speak is told of."""
        controller = self.sim.controller
        if not controller.speaking:
            return
        if self._announcer is None:
            spec = self.sim.profile.feature(SPEECH)
            if not spec.enabled:  # the board has no [speech]: the terminal's language
                spec = SpeechSpec(SpeechMode.ON, self.language.voice, language=self.language)
            narrator = Narrator.of_spec(spec)
            assert narrator is not None  # speech is on
            self.speaker = self.speaker or Speaker(espeak_command(spec))
            if self.speaker.silent:
                msgid = N_(
                    "nothing is said aloud: {program} is not installed (sudo apt install espeak-ng)"
                )
                self.tell(msgid, program=self.speaker.command[0])

            def times() -> tuple[float, ...] | None:
                clock = controller.clock
                return None if clock is None else clock.remaining(self.sim.now)

            def control() -> TimeControl | None:
                clock = controller.clock
                return None if clock is None else clock.control

            self._announcer = Announcer(
                self.speaker,
                narrator,
                lambda: controller.position,
                times,
                control,
                speaking=lambda: controller.speaking,
            )
        self._announcer(notices)

    def hush(self) -> None:
        """Stop the speaker, once what it was given is said (the terminal closes)."""
        if self.speaker is not None:
            self.speaker.close()

    def _gesture(self, steps: list[HandStep]) -> None:
        """The hands' steps, run now; then the board settles before the next command."""
        self.report(self.sim.run(steps))
        self.report(self.sim.settle())

    def _place(self, spot: str, held: int | None = None) -> None:
        """Put down the piece lifted last, or the hand's piece ``held`` (0 first); a
        spot written with + turns it over as it lands."""
        position = self.sim.controller.position
        target, turned = spot.rstrip("+"), spot.endswith("+")
        self._gesture(self.hands.place(position, target, self.sim.now, held=held, turned=turned))

    def _move(self, source: Spot, target: str) -> None:
        position = self.sim.controller.position
        to, turned = target.rstrip("+"), target.endswith("+")
        self._gesture(self.hands.move(position, source, to, self.sim.now, turned=turned))

    def _drop(self, args: list[str]) -> None:
        kind, target = args[0], args[1]
        self._gesture(self.hands.drop(self.sim.controller.position, kind, target, self.sim.now))

    def _play(self, args: list[str]) -> None:
        """The hands play a move given in notation; a prompt the board opens about it
        (which token, promote or not: what the sensors cannot see) is answered by the
        notation itself, never asked."""
        position = self.sim.controller.position
        move = position.parse_move(args[0])
        text = position.move_text(move)
        sim = self.sim
        notices = sim.run(self.hands.play(position, move, sim.now)) + sim.settle()
        if text in sim.controller.prompt_choices:
            notices = [n for n in notices if not isinstance(n, PromptOpened)]
            notices += sim.send(Select(text)) + sim.settle()
        self.report(notices)

    def _wait(self, args: list[str]) -> None:
        problem = _wait_problem(args, self.language)
        if problem is not None:
            self.tell(N_("cannot: wait takes {problem}"), problem=problem)
            return
        self.report(self.sim.advance(float(args[0])))

    def _moves(self, _: list[str]) -> None:
        position = self.sim.controller.position
        moves = " ".join(sorted(position.move_text(m) for m in position.legal_moves()))
        self.say(moves or translated(N_("none"), self.language))


def _wait_problem(args: list[str], language: Language = Language.ENGLISH) -> str | None:
    """Why ``wait`` cannot take these words, in words in ``language``; None when it can."""
    if len(args) != 1:
        return translated(N_("one number of seconds, like wait 2.5"), language)
    try:
        seconds = float(args[0])
    except ValueError:
        msgid = N_("a number of seconds, like wait 2.5: {word} is not a number")
        return translated(msgid, language).format(word=repr(args[0]))
    if not math.isfinite(seconds) or not 0 <= seconds <= MAX_WAIT:
        msgid = N_("0 to {most} seconds (an hour), not {word}")
        return translated(msgid, language).format(most=f"{MAX_WAIT:g}", word=args[0])
    return None


def _usage(verb: str, language: Language = Language.ENGLISH) -> str:
    """How a command is written, from the help's own rows."""
    rows = [*TERMINAL_COMMANDS, *((usage(action), "") for action in ACTIONS)]
    for form, _ in rows:
        if form.split()[0] == verb:
            return form
    return translated(N_("type help"), language)


def prompt_line(controller: Controller, language: Language = Language.ENGLISH) -> str:
    """The open prompt's choices in words, and how to choose, in ``language`` (the
    command ``select MOVE`` as it is typed)."""
    msgid = N_("which move? {choices}: press next to cycle and ok to choose, or type select MOVE")
    labels = " / ".join(prompt_labels(controller, language))
    return translated(msgid, language).format(choices=labels)


def run_terminal(
    sim: Simulation,
    stdin: IO[str] | None = None,
    out: IO[str] | None = None,
    *,
    lines: LineSource | None = None,
    clock: Callable[[], float] = time.monotonic,
    language: Language = Language.ENGLISH,
) -> int:
    """The interactive loop on real time (a terminal, or ``lines`` typed by a test);
    a script from a pipe is read line by line, on simulated time alone, unless the
    game is played with another board: its moves come on real time, and the board
    takes them whether the input is a terminal, a pipe, or closed (``stdin`` None:
    standard input, which is None when closed; ``out``: standard output)."""
    stdin = _standard_input() if stdin is None else stdin
    out = sys.stdout if out is None else out
    colour = out.isatty()
    width = shutil.get_terminal_size((WIDTH, 24)).columns if colour else WIDTH
    board = TerminalBoard(sim, out, colour, width, language=language)
    try:
        return _run(board, stdin, clock, colour=colour, lines=lines)
    finally:
        board.hush()


def _run(
    board: TerminalBoard,
    stdin: IO[str] | None,
    clock: Callable[[], float],
    *,
    colour: bool,
    lines: LineSource | None = None,
) -> int:
    """``run_terminal``'s loop on ``board``."""
    sim, language, width = board.sim, board.language, board.width
    board.report(sim.notices)
    board.report(sim.settle())
    board.tell_variations()
    if colour:
        board.say(legend_text(sim, width, language))
    board.say(translated(N_("type help for the commands"), language))
    if lines is None:
        lines = _live_lines(stdin, remote=sim.remote is not None)
    if lines is not None:
        echo = isinstance(lines, SelectLines) and stdin is not None and not stdin.isatty()
        return run_live(board, lines, clock, echo=echo)
    if stdin is None:
        return 0  # no input and nothing that comes by itself
    while True:
        board.draw()
        line = stdin.readline()
        if not line:
            return 0
        board.out.write(f"> {line.rstrip()}\n")  # as typed
        if not board.execute(line):
            return 0


def _live_lines(stdin: IO[str] | None, *, remote: bool) -> LineSource | None:
    """Where a loop on real time reads its lines: a terminal; with another board, any
    input, or none when standard input is closed. None: a script is read on simulated
    time alone."""
    if stdin is None:
        return NoLines() if remote else None
    if stdin.isatty() or remote:
        return SelectLines(stdin)
    return None


def _standard_input() -> IO[str] | None:
    """Standard input; None when the program was started with it closed."""
    stream: IO[str] | None = sys.stdin
    return stream
