"""The simulated board drawn in a terminal: the pieces as they stand, every LED in
its colour, and a line for each thing that happened (the telling's words:
telling/notices.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO

from engine.physical import EMPTY, Spot
from firmware_host.boards.simulator import Simulation
from firmware_host.notices.declared import Notice
from firmware_host.session.state import Phase
from firmware_host.telling.legend import Meaning
from firmware_host.telling.notices import notice_line
from firmware_host.telling.view import build_view
from firmware_host.telling.wording import setup_steps

RESET = "\x1b[0m"
DIM = "\x1b[2m"
BOLD = "\x1b[1m"
CELL_WIDTH = 4


def describe_notice(notice: Notice) -> str:
    """A notice's line, in the telling's words (the page shows the same)."""
    return notice_line(notice)


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
class Screen:
    """Draws a simulation, in colour on a terminal, in plain text elsewhere."""

    sim: Simulation
    out: IO[str]
    colour: bool = True

    def draw(self) -> None:
        sim = self.sim
        game = sim.game
        controller = sim.controller
        view = build_view(controller, sim.now)
        lines = [
            f"{BOLD}{game.title}{RESET} — game {controller.game_id}, "
            f"{controller.phase.value} — {view.message}"
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
        if view.phase is Phase.SETUP:
            steps = setup_steps(controller.position, view.missing, view.extra, controller.frame)
            lines += [f"  - {step}" for step in steps]
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
