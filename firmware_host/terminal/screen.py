"""The simulated board drawn in a terminal: the pieces as they stand, every LED in
its colour where it sits, and a line for each thing that happened (the telling's
words: telling/notices.py).

A cell's own LED paints the cell; LEDs a board shares between cells, on their
corners (``terminal/corners.py``), are drawn on the corners between the cells, so
that a lit corner never looks like a lit neighbour. Spots off the board and the
indicators go by their names (``telling/rendering.py``), never by their ids, and
every line fits the terminal's width.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from types import MappingProxyType
from typing import IO

from engine.geometry import CellShape
from engine.physical import EMPTY, Spot, Stone
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import Notice
from firmware_host.session.state import Phase
from firmware_host.telling.language import N_, Language, translated
from firmware_host.telling.legend import COACH_SCALE, Meaning, shown_by
from firmware_host.telling.notices import notice_line
from firmware_host.telling.rendering import (
    indicator_name,
    piece_word,
    spot_label,
    spot_name,
    spot_place,
)
from firmware_host.telling.setup_guide import setup_steps
from firmware_host.telling.view import Surface, build_view, status_line
from firmware_host.terminal.corners import Corner, corner_places
from firmware_host.terminal.text import WIDTH, wrap, wrap_parts

RESET = "\x1b[0m"
DIM = "\x1b[2m"
BOLD = "\x1b[1m"
CELL_WIDTH = 4
LIT = "*"
"""How a lit LED shows without colour (a corner, a spot off the board)."""

RGB = tuple[int, int, int]

PHASES = MappingProxyType(
    {
        Phase.SETUP: N_("setup"),
        Phase.PLAY: N_("play"),
        Phase.PROMPT: N_("prompt"),
        Phase.GUIDE: N_("guide"),
        Phase.CORRECTION: N_("correction"),
        Phase.GAME_OVER: N_("game over"),
    }
)
"""The status line's word for each phase."""


def describe_notice(notice: Notice) -> str:
    """A notice's line, in the telling's words (the page shows the same)."""
    return notice_line(notice)


def _background(rgb: RGB | None) -> str:
    if rgb is None:
        return "\x1b[48;2;40;40;40m"
    return f"\x1b[48;2;{rgb[0]};{rgb[1]};{rgb[2]}m"


def _foreground(rgb: RGB | None) -> str:
    if rgb is None:
        return "\x1b[38;2;235;235;235m"
    luminance = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return "\x1b[38;2;0;0;0m" if luminance > 140 else "\x1b[38;2;255;255;255m"


def _ink(rgb: RGB) -> str:
    return f"\x1b[38;2;{rgb[0]};{rgb[1]};{rgb[2]}m"


def square_grid(sim: Simulation) -> dict[Spot, Corner]:
    """Each cell of a board of square cells at its (column, row); {} for other
    shapes."""
    geometry = sim.game.geometry
    if geometry.shape is not CellShape.SQUARE or not geometry.cells:
        return {}
    xs = sorted({place.x for place in geometry.cells})
    ys = sorted({place.y for place in geometry.cells})
    steps = [b - a for a, b in (*pairwise(xs), *pairwise(ys))]
    pitch = min((step for step in steps if step > 1e-9), default=1.0)
    return {
        place.spot: (round((place.x - xs[0]) / pitch), round((place.y - ys[0]) / pitch))
        for place in geometry.cells
    }


@dataclass
class Screen:
    """Draws a simulation, in colour on a terminal, in plain text elsewhere."""

    sim: Simulation
    out: IO[str]
    colour: bool = True
    width: int = WIDTH
    language: Language = Language.ENGLISH

    def _(self, msgid: str) -> str:
        """``msgid`` in the screen's language."""
        return translated(msgid, self.language)

    def draw(self) -> None:
        self.out.write("\n".join(self.lines()) + "\n")
        self.out.flush()

    def lines(self) -> list[str]:
        """The drawing, line by line."""
        sim = self.sim
        game = sim.game
        controller = sim.controller
        view = build_view(controller, sim.now, self.language)
        message = status_line(controller, sim.now, Surface.TERMINAL, self.language)
        name = self._(game.title)
        title = f"{BOLD}{name}{RESET}" if self.colour else name
        # one line, whatever its length: the terminal wraps it, a test finds it whole
        head = self._(N_("game {game_id}, {phase}")).format(
            game_id=controller.game_id, phase=self._(PHASES[controller.phase])
        )
        lines = [f"{title} — {head} — {message}"]
        lines += self._board()
        lines += self._off_board()
        if sim.world.held:
            held = [self._piece(stone) for stone in sim.world.held]
            lead = f"  {self._(N_('held:'))} "
            lines += wrap_parts(held, self.width, lead, " " * len(lead), ", ")
        lines += self._indicators()
        if view.phase is Phase.SETUP:
            frame = controller.frame
            steps = setup_steps(controller.position, view.missing, view.extra, frame, self.language)
            for step in steps:
                lines += wrap(step, self.width, "  - ", "    ")
        return lines

    def _piece(self, stone: Stone) -> str:
        """A piece by its name in the screen's language (the game's spoken words)."""
        return piece_word(self.sim.game, stone, self.language)

    # --- the board -------------------------------------------------------------------

    def _board(self) -> list[str]:
        grid = square_grid(self.sim)
        painter = self.sim.board.painter
        places = corner_places(grid, painter.leds_of) if grid else None
        if places is not None:
            return self._cornered(grid, places)
        return self._cells()

    def _cells(self) -> list[str]:
        """A board whose cells have their own LEDs: each cell in its LED's colour."""
        rows: dict[int, dict[int, Spot]] = {}
        for place in self.sim.game.geometry.cells:
            rows.setdefault(round(place.y * 2), {})[round(place.x * 2)] = place.spot
        lines = []
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
        return lines

    def _cornered(self, grid: Mapping[Spot, Corner], places: Mapping[int, Corner]) -> list[str]:
        """A board lit through shared corners: the LEDs on the corners between the cells
        (``+`` dark, ``*`` or a coloured dot lit), the cells unpainted."""
        at = {corner: index for index, corner in places.items()}
        spots = {place: spot for spot, place in grid.items()}
        columns = max(column for column, _ in grid.values()) + 1
        rows = max(row for _, row in grid.values()) + 1
        edge, bar = ("───", "│") if self.colour else ("---", "|")
        if self.colour:
            edge, bar = f"{DIM}{edge}{RESET}", f"{DIM}{bar}{RESET}"
        lines = []
        for row in range(rows + 1):
            corners = [self._corner(at.get((column, row))) for column in range(columns + 1)]
            lines.append("  " + edge.join(corners))
            if row < rows:
                cells = [self._bare_cell(spots.get((column, row))) for column in range(columns)]
                lines.append("  " + bar + bar.join(cells) + bar)
        return lines

    def _pixel(self, index: int) -> RGB | None:
        colour = self.sim.board.painter.pixels[index]
        if colour.red == colour.green == colour.blue == 0:
            return None
        return (colour.red, colour.green, colour.blue)

    def _corner(self, index: int | None) -> str:
        rgb = None if index is None else self._pixel(index)
        if not self.colour:
            return LIT if rgb else "+"
        return f"{_ink(rgb)}●{RESET}" if rgb else f"{DIM}+{RESET}"

    def _bare_cell(self, spot: Spot | None) -> str:
        """A cell of a board lit through its corners: its piece, unpainted."""
        if spot is None:
            return " " * (CELL_WIDTH - 1)
        stack = self.sim.world.stacks.get(spot)
        if stack:
            return self.sim.game.label(stack[-1]).center(CELL_WIDTH - 1)
        if self.sim.world.reading(spot) != EMPTY:
            return "?".center(CELL_WIDTH - 1)
        if not self.colour:
            return ".".center(CELL_WIDTH - 1)
        return f"{DIM}{spot.center(CELL_WIDTH - 1)}{RESET}"

    def _paint(self, rgb: RGB | None, text: str) -> str:
        if not self.colour:
            return text
        return f"{_background(rgb)}{_foreground(rgb)}{text}{RESET}"

    def _lit(self, rgb: RGB | None, text: str) -> str:
        """``text`` in its LED's colour, or marked lit without colour."""
        if rgb is None:
            return text
        return self._paint(rgb, text) if self.colour else f"{text}{LIT}"

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
            marker = LIT if rgb else " "
            return f"[{text:^2}]{marker}"[: CELL_WIDTH + 1]
        if not stack and reading == EMPTY:
            return f"{_background(rgb)}{DIM}{_foreground(rgb)}{label}{RESET}"
        return self._paint(rgb, label)

    # --- off the board -----------------------------------------------------------------

    def _off_board(self) -> list[str]:
        """Each seat's hand, gutter or stock by its name, the pieces in it by theirs
        ("A (sente)'s hand: chick ×2, giraffe"); a lit empty slot too."""
        sim, game = self.sim, self.sim.game
        places: dict[str, dict[tuple[str, RGB | None], int]] = {}
        for place in game.geometry.off_board:
            spot = place.spot
            stack = sim.world.stacks.get(spot)
            rgb = sim.spot_colour(spot)
            if not stack and rgb is None:
                continue
            owner = spot_place(game, spot, self.language) or spot_name(game, spot, self.language)
            label = spot_label(game, spot, self.language)
            if stack:
                name = self._piece(stack[-1])
            elif spot.startswith("hand:"):
                name = self._(N_("{piece} (none)")).format(piece=label)
            else:
                name = self._(N_("slot {slot} (empty)")).format(slot=label)
            counts = places.setdefault(owner, {})
            counts[name, rgb] = counts.get((name, rgb), 0) + max(1, len(stack or ()))
        lines = []
        for owner, counts in places.items():
            parts = [
                self._lit(rgb, name if count == 1 else f"{name} ×{count}")
                for (name, rgb), count in counts.items()
            ]
            lines += wrap_parts(parts, self.width, f"  {owner}: ", "    ", ", ")
        return lines

    def _indicators(self) -> list[str]:
        """The indicator LEDs by what they show: "turn: A (sente) ●", "the lid: black
        token 5 ○"."""
        lights = self.sim.lights
        painter = self.sim.board.painter
        if lights is None or not painter.indicators:
            return []
        parts = []
        for name in sorted(painter.indicators):
            colour = lights.indicators.get(name)
            rgb = None if colour is None else (colour.red, colour.green, colour.blue)
            if rgb == (0, 0, 0):
                rgb = None
            caption = indicator_name(self.sim.game, name, self.language)
            if not self.colour:
                parts.append(f"{caption} {'●' if rgb else '○'}")
            else:
                parts.append(
                    f"{caption} {_ink(rgb)}●{RESET}" if rgb else f"{caption} {DIM}○{RESET}"
                )
        return wrap_parts(parts, self.width, f"  {self._(N_('lights:'))} ", "    ", " · ")


TERMINAL_KEY = (
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
    Meaning.MOVABLE,
    Meaning.COUNT,
    Meaning.TOKIN,
    Meaning.PAWN,
    *COACH_SCALE,
)
"""The colours the terminal's key may name, in its order; a game's key names those its
LEDs can show (``shown_by``: no king in check where the game has no check)."""


def legend_text(sim: Simulation, width: int = WIDTH, language: Language = Language.ENGLISH) -> str:
    """The colours' meanings in ``language``, in the colours themselves, in lines that
    fit ``width``: only those the game can show, as the game declares them (the coach's
    scale when a seat is coached, the dice's colour where dice are rolled)."""
    shown = shown_by(sim.controller)
    parts = []
    for meaning in TERMINAL_KEY:
        if meaning not in shown:
            continue
        colour = sim.legend.colour(meaning)
        rgb = (colour.red, colour.green, colour.blue)
        words = sim.legend.palette.key_text(meaning, language)  # a blinking one says so
        parts.append(f"{_background(rgb)}{_foreground(rgb)} {words} {RESET}")
    return "\n".join(wrap_parts(parts, width, "", "", " "))
