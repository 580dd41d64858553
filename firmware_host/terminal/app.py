"""The simulated board in a terminal: the pieces as they stand, every LED in its colour,
and short commands for the hands (``lift 2c``, ``place 2b``, ``move 2c 2b``,
``press ok``)."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO

from drivers.buttons import ButtonRole
from engine.errors import KibanError
from engine.options import parse_assignments
from engine.physical import EMPTY, Spot
from firmware_host.boards.simulator import Simulation
from firmware_host.session.events import (
    AgreeDraw,
    BoardReady,
    BoardTurned,
    Chosen,
    ClearGuide,
    FaultCleared,
    FaultShown,
    FirstPlayerDrawn,
    GameEnded,
    GameStarted,
    IllegalShown,
    ImpasseAgreed,
    MoveCommitted,
    NewGame,
    Notice,
    OffGuideShown,
    OutOfStepShown,
    PlayGuide,
    PromptOpened,
    Refused,
    Resign,
    RollDice,
    TakeBack,
    TookBack,
    WinDeclared,
)
from firmware_host.session.legend import Meaning

RESET = "\x1b[0m"
DIM = "\x1b[2m"
BOLD = "\x1b[1m"
CELL_WIDTH = 4

HELP = """\
commands:
  lift SPOT            pick up the piece on SPOT (a cell, or a stand slot like hand:b:C)
  place SPOT           put the piece in your hand on SPOT
  move FROM TO         lift and place; a piece on TO is taken to your stand first
  drop KIND SPOT       take a piece of KIND from the stand of the side to move, place it
  flip SPOT            turn the piece on SPOT over (promote it)
  play MOVE            your hands play a move in the game's notation (2c2b, C*2b)
  press ok|next|back   press a board button
  select MOVE          answer a prompt by name
  wait SECONDS         let time pass (the board guides you back after a while)
  moves                the legal moves          guide MOVE / unguide    a move to play
  roll                 roll the dice (when the session rolls on the button)
  impasse | declare    shogi: count the points (both kings entered) / declare a win
  takeback | resign | draw | new [K=V ...]      help | quit"""


def describe_notice(notice: Notice) -> str | None:
    match notice:
        case MoveCommitted(ply, move, _):
            return f"move {ply}: {move}"
        case PromptOpened(choices, _):
            return (
                f"which move? {' / '.join(choices)}: press next to cycle and ok to choose,"
                " or type select MOVE"
            )
        case TookBack(plies, _):
            return f"took back {plies} move{'s' if plies > 1 else ''}"
        case IllegalShown(move, reason, _):
            return f"illegal move {move}: {reason}"
        case OffGuideShown(moves, guide, _):
            return f"{' / '.join(moves)} is not the move to play ({guide})"
        case OutOfStepShown():
            return None
        case GameEnded(_, description, _):
            return f"game over: {description} — press ok for a new game"
        case GameStarted(game_id, game, resumed, _):
            return f"{'resumed' if resumed else 'new'} game {game_id} of {game}"
        case BoardReady():
            return "the board is set up: play"
        case FirstPlayerDrawn(description, _):
            return description
        case Refused(reason, _):
            return f"refused: {reason}"
        case FaultShown(message, _):
            return f"fault: {message}"
        case FaultCleared():
            return "the board answers again"
        case BoardTurned(turned, _):
            return (
                "the pieces stand the other way round: the board follows them"
                if turned
                else "the board is the right way round again"
            )


def _background(rgb: tuple[int, int, int] | None) -> str:
    if rgb is None:
        return "\x1b[48;2;40;40;40m"
    return f"\x1b[48;2;{rgb[0]};{rgb[1]};{rgb[2]}m"


def _foreground(rgb: tuple[int, int, int] | None) -> str:
    if rgb is None:
        return "\x1b[38;2;235;235;235m"
    luminance = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return "\x1b[38;2;0;0;0m" if luminance > 140 else "\x1b[38;2;255;255;255m"


@dataclass
class TerminalBoard:
    """Draws a simulation and carries out typed commands on it."""

    sim: Simulation
    out: IO[str]
    colour: bool = True
    _lifted_from: Spot | None = None

    def draw(self) -> None:
        sim = self.sim
        game = sim.game
        controller = sim.controller
        lines = [
            f"{BOLD}{game.title}{RESET} — game {controller.game_id}, "
            f"{controller.phase.value} — {controller.view(sim.now).message}"
        ]
        geometry = game.geometry
        rows: dict[int, dict[int, Spot]] = {}
        for place in geometry.cells:
            rows.setdefault(round(place.y * 2), {})[round(place.x * 2)] = place.spot
        for row in sorted(rows):
            text = "  "
            column = 0
            for x in sorted(rows[row]):
                target = x * CELL_WIDTH // 2 - CELL_WIDTH // 2
                if target > column:
                    text += " " * (target - column)
                    column = target
                text += self._cell(rows[row][x])
                column += CELL_WIDTH
            lines.append(text)
        stands = [self._stand(place.spot) for place in geometry.off_board]
        stands = [s for s in stands if s]
        if stands:
            lines.append("  in hand: " + "  ".join(stands))
        if sim.world.held:
            held = " ".join(game.label(stone) for stone in sim.world.held)
            lines.append(f"  held: {held}")
        lights = sim.lights
        if lights is not None and sim.board.painter.indicators:
            parts = []
            for name in sorted(sim.board.painter.indicators):
                colour = lights.indicators.get(name)
                rgb = None if colour is None else (colour.red, colour.green, colour.blue)
                dot = self._paint(rgb, " ● ") if rgb else f"{DIM} ○ {RESET}"
                parts.append(f"{name}{dot}")
            lines.append("  leds: " + " ".join(parts))
        self.out.write("\n".join(lines) + "\n")
        self.out.flush()

    def _paint(self, rgb: tuple[int, int, int] | None, text: str) -> str:
        if not self.colour:
            return text
        return f"{_background(rgb)}{_foreground(rgb)}{text}{RESET}"

    def _cell(self, spot: Spot) -> str:
        stack = self.sim.world.stacks.get(spot)
        reading = self.sim.world.reading(spot)
        if stack:
            text = self.sim.game.label(stack[-1])
        elif reading != EMPTY:
            text = "?"
        else:
            text = spot if self.colour else "."
        rgb = self.sim.spot_colour(spot)
        label = text.center(CELL_WIDTH - 1) + " "
        if not self.colour:
            marker = "*" if rgb else " "
            return f"[{text:^2}]{marker}"[: CELL_WIDTH + 1]
        if not stack and reading == EMPTY:
            return f"{_background(rgb)}{DIM}{_foreground(rgb)}{label}{RESET}"
        return self._paint(rgb, label)

    def _stand(self, spot: Spot) -> str:
        stack = self.sim.world.stacks.get(spot)
        if not stack:
            return ""
        label = self.sim.game.label(stack[-1])
        rgb = self.sim.spot_colour(spot)
        return self._paint(rgb, f"{label}×{len(stack)}") + f"{DIM}({spot}){RESET}"

    # --- commands --------------------------------------------------------------------

    def execute(self, line: str) -> bool:
        """Carry out one command; False when the user wants to quit."""
        try:
            words = shlex.split(line)
        except ValueError as error:
            self.say(f"cannot read that: {error}")
            return True
        if not words:
            return True
        verb, args = words[0].lower(), words[1:]
        if verb in ("quit", "exit", "q"):
            return False
        handler = self._commands().get(verb)
        if handler is None:
            self.say(f"unknown command {verb!r}; type help")
            return True
        try:
            handler(args)
        except KibanError as error:
            self.say(f"cannot: {error}")
        except (IndexError, ValueError) as error:
            self.say(f"cannot: {error} (type help)")
        return True

    def _commands(self) -> dict[str, Callable[[list[str]], None]]:
        return {
            "help": lambda _: self.say(HELP),
            "lift": self._lift,
            "place": self._place,
            "move": self._move,
            "drop": self._drop,
            "flip": lambda a: self._act(lambda: self.sim.world.flip(a[0])),
            "play": lambda a: self._report(self.sim.perform(a[0])),
            "press": self._press,
            "select": lambda a: self._send(Chosen(" ".join(a), self.sim.now)),
            "wait": lambda a: self._report(self.sim.advance(float(a[0]))),
            "moves": self._moves,
            "guide": lambda a: self._send(PlayGuide(a[0], self.sim.now)),
            "unguide": lambda _: self._send(ClearGuide(self.sim.now)),
            "takeback": lambda _: self._send(TakeBack(self.sim.now)),
            "roll": lambda _: self._send(RollDice(self.sim.now)),
            "impasse": lambda _: self._send(ImpasseAgreed(self.sim.now)),
            "declare": lambda _: self._send(WinDeclared(self.sim.now)),
            "resign": lambda _: self._send(Resign(self.sim.now)),
            "draw": lambda _: self._send(AgreeDraw(self.sim.now)),
            "new": lambda a: self._send(NewGame(self.sim.now, options=parse_assignments(a))),
        }

    def say(self, text: str) -> None:
        self.out.write(text + "\n")

    def _report(self, notices: list[Notice]) -> None:
        for notice in notices:
            text = describe_notice(notice)
            if text:
                self.say(text)
        if any(isinstance(notice, MoveCommitted) for notice in notices):
            self.sim.tidy()  # the hands turn a promoted piece over, unseen

    def _act(self, action: Callable[[], object]) -> None:
        action()
        self._report(self.sim.settle())

    def _send(self, event: object) -> None:
        self._report(self.sim.send(event))  # type: ignore[arg-type]
        if isinstance(event, NewGame):
            self.sim.world.arrange(self.sim.controller.position.layout())
        self._report(self.sim.settle())

    def _lift(self, args: list[str]) -> None:
        self._act(lambda: self.sim.world.lift(args[0]))
        self._lifted_from = args[0]

    def _place(self, args: list[str]) -> None:
        target = args[0].rstrip("+")
        if not self.sim.world.held:
            self.say(f"cannot: the hand holds nothing to place on {target}")
            return
        if self.sim.world.stacks.get(target) and target in self.sim.game.cells:
            self._take_away(target)
        self.sim.world.place(target)
        if args[0].endswith("+"):
            self.sim.world.flip(target)
        self._lifted_from = None
        self._report(self.sim.settle())

    def _take_away(self, target: Spot) -> None:
        """Clear a cell before a piece lands on it: the captured piece goes where the
        rules send it (a stand), else into the box, and the hand takes a moment."""
        world = self.sim.world
        captured = world.lift(target)
        position = self.sim.controller.position
        source = self._lifted_from
        for move in position.legal_moves():
            footprint = position.footprint(move, world.sensing)
            if source is None:
                break
            if dict(footprint.changes).get(source) != EMPTY or target not in footprint.hidden:
                continue
            before = position.layout()
            after = position.copy()
            after.push(move)
            for spot, stones in after.layout().items():
                if spot not in self.sim.game.cells and len(stones) > len(before.get(spot, ())):
                    world.place_as(spot, captured, stones[-1])
                    break
            break
        if captured in world.held and world.held[-1] is captured:
            world.held.pop()  # nowhere to keep it: into the box
        self._report(self.sim.advance(0.1))

    def _move(self, args: list[str]) -> None:
        # Check both spots first: a move that fails half-way would leave a piece in the air.
        if len(args) != 2:
            self.say("move needs two spots: move FROM TO (type help)")
            return
        for spot in (args[0], args[1].rstrip("+")):
            if spot not in self.sim.game.spots:
                self.say(f"cannot: {spot!r} is not a spot of {self.sim.game.name}")
                return
        self._lift(args[:1])
        self._place(args[1:2])

    def _drop(self, args: list[str]) -> None:
        kind, target = args[0], args[1]
        turn = self.sim.controller.position.turn
        for place in self.sim.game.geometry.off_board:
            stack = self.sim.world.stacks.get(place.spot)
            if stack and stack[-1].kind.upper() == kind.upper() and stack[-1].owner == turn:
                self.sim.world.lift(place.spot)
                self._act(lambda: self.sim.world.place(target))
                return
        self.say(f"no {kind} on the stand of the side to move")

    def _press(self, args: list[str]) -> None:
        try:
            role = ButtonRole(args[0].lower())
        except ValueError:
            names = ", ".join(role.value for role in ButtonRole)
            self.say(f"no button {args[0]!r} (buttons: {names})")
            return
        if not self.sim.hardware.has_button(role):
            self.say(f"this board has no {role.value} button")
            return
        self._report(self.sim.press(role))
        self._report(self.sim.settle())

    def _moves(self, _: list[str]) -> None:
        position = self.sim.controller.position
        self.say(" ".join(sorted(position.move_text(m) for m in position.legal_moves())) or "none")


def legend_text(sim: Simulation) -> str:
    """A line explaining the colours, in the colours themselves."""
    parts = []
    for meaning in (
        Meaning.DESTINATION,
        Meaning.CAPTURE,
        Meaning.LIFTED,
        Meaning.THREAT,
        Meaning.CHECK,
        Meaning.LAST_MOVE,
        Meaning.GUIDE,
        Meaning.PROMPT,
        Meaning.REMOVE,
        Meaning.FILL,
    ):
        colour = sim.legend.colour(meaning)
        rgb = (colour.red, colour.green, colour.blue)
        parts.append(f"{_background(rgb)}{_foreground(rgb)} {meaning.value} {RESET}")
    return " ".join(parts)


def run_terminal(sim: Simulation, stdin: IO[str] = sys.stdin, out: IO[str] = sys.stdout) -> int:
    """The interactive loop; also reads scripts from a pipe."""
    colour = out.isatty()
    board = TerminalBoard(sim, out, colour)
    interactive = stdin.isatty()
    board._report(sim.notices)
    board._report(sim.settle())
    if colour:
        board.say(legend_text(sim))
    board.say("type help for the commands")
    while True:
        board.draw()
        if interactive:
            out.write("> ")
            out.flush()
        line = stdin.readline()
        if not line:
            return 0
        if not interactive:
            board.say(f"> {line.rstrip()}")
        if not board.execute(line):
            return 0
