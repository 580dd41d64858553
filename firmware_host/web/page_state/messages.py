"""The JSON the page receives: the catalogue of games, the board drawing and the state.

Three message types, all plain JSON objects with a ``type``:

- ``catalogue``: every game the session can start, with its options and
  simulated boards, and the palettes. Sent once per connection.
- ``board``: how to draw the board of the current game on this profile
  (cells, off-board spots, LEDs, indicators, buttons, sensed spots). Sent on
  connection and whenever the game or profile changes.
- ``state``: everything that changes: the LED frame, the pieces, the phase,
  whose turn, the message, the prompt, the moves, the outcome, and what the
  controller's ``BoardView`` says besides: clocks, dice, scores, the opening
  draw, the pieces a roll allows to move; and the moves the board cannot show.
  Sent on every change.

What the state says to people it writes once, as a value (``X_said``, a said record),
never also in English beside it: the page's edge tells each in the page's language into
``X`` (``web/words/told_for_page.py``), so an English ``X`` written here would only be
thrown away there.

The schema is documented in docs/architecture.md ("The web companion").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from drivers.led_strip import Colour
from engine.game import Game, Layout, Position
from engine.geometry import seat_side
from engine.opening import DrawResult, FirstPlayerDraw, draw_said
from engine.options import Options
from engine.physical import Stone
from engine.said import Said, Term, said
from engine.search.levels import LEVELS
from firmware_host.remote.game import RemoteGame
from firmware_host.session.clock import TimeControl
from firmware_host.session.controller import Controller
from firmware_host.session.settings import Settings
from firmware_host.session.state import Phase, Prompting
from firmware_host.telling.language import N_
from firmware_host.telling.legend import DEFAULT_PALETTE, PALETTES, BoardView, Legend
from firmware_host.telling.narrator import ClockWarning, warnings_ahead
from firmware_host.telling.prompt_words import heading_msgid
from firmware_host.telling.spoken_moves import choice_said
from firmware_host.telling.spot_words import indicator_said
from firmware_host.telling.status import Surface, status_said
from firmware_host.telling.view import build_view
from firmware_host.web.drawing.pieces import look_json, piece_book
from firmware_host.web.drawing.spots import Drawing, SpotDrawing
from firmware_host.web.page_state.claims import claim_json, claim_previews, claims_of
from firmware_host.web.page_state.record_facts import record_json
from firmware_host.web.words.board_words import (
    alone_record,
    caption_value,
    drawn,
    piece_names_said,
    spot_words,
)
from firmware_host.web.words.colour_key import colour_key
from firmware_host.web.words.option_texts import level_json, option_json, palettes_said
from firmware_host.web.words.page_texts import notes_said, opponent_said
from firmware_host.wire.notice_records import said_record
from hardware.profile import Profile

Json = dict[str, Any]


class Mode(StrEnum):
    """What the page talks to: the simulator (pieces move from the page) or a real board
    (the page is its control panel)."""

    SIMULATOR = "simulator"
    BOARD = "board"


def _number(value: float) -> float:
    return round(value, 4)


def seats_json(game: Game[Any]) -> list[Json]:
    """Each seat's name (as a value the page tells in the game's own words, the game
    named beside it), letter, colour and the edge it sits at."""
    return [
        {
            "name_said": alone_record(game.seat_word(index)),
            "game": game.name,
            "letter": seat.letter,
            "colour": seat.colour,
            "side": seat_side(game.seats, index).value,
        }
        for index, seat in enumerate(game.seats)
    ]


def catalogue_message(
    games: Sequence[Game[Any]],
    profiles: Mapping[str, tuple[str, ...]],
    palettes: Sequence[str],
    mode: Mode,
) -> Json:
    from firmware_host.opponents.fairy import find_fairy_stockfish

    engine_installed = find_fairy_stockfish() is not None
    return {
        "type": "catalogue",
        "mode": mode,
        "games": [
            {
                "name": game.name,
                "game": game.name,  # its options' and seats' words are told in its own
                "title_said": alone_record(Term(game.title)),
                "aliases": list(game.aliases),
                "seats": seats_json(game),
                "options": [option_json(game, spec) for spec in game.option_specs],
                "profiles": list(profiles.get(game.name, ())),
                "claims": [claim_json(claim) for claim in claims_of(game)],
                "draw": game.first_player_draw(game.options()).value,
                "dice": game.rolls_dice(game.options()),
                # the outside engine is offered where it plays the game and is installed
                "engine": game.usi is not None and engine_installed,
            }
            for game in games
        ],
        "palettes": list(palettes),
        "palette_names_said": palettes_said(palettes),
        "settings": {key: list(choices) for key, choices in Settings.CHOICES.items()},
        "levels": [level_json(level) for level in LEVELS],
    }


def _spot_json(game: Game[Any], drawing: SpotDrawing) -> Json:
    """A spot's place and outline, its name and label (as values the page tells)."""
    spot = drawing.spot
    return {
        "spot": spot,
        **spot_words(game, spot),
        "x": _number(drawing.x),
        "y": _number(drawing.y),
        "points": [[_number(x), _number(y)] for x, y in drawing.points],
    }


def board_message(
    game: Game[Any], profile: Profile, mode: Mode, options: Options | None = None
) -> Json:
    """How to draw ``game`` on ``profile`` for the page of ``mode``, its words as the
    values the page tells in its language."""
    drawing: Drawing = drawn(game, profile)
    regions = {name: sorted(spots) for name, spots in game.geometry.regions}
    return {
        "type": "board",
        "mode": mode,
        "game": game.name,
        "title_said": alone_record(Term(game.title)),
        "profile": profile.name,
        "sensing": profile.sensing.value,
        "shape": drawing.shape.value,
        "pitch": _number(drawing.pitch),
        "extent": [_number(v) for v in drawing.extent],
        "cells": [_spot_json(game, cell) for cell in drawing.cells],
        "off_board": [_spot_json(game, spot) for spot in drawing.off_board],
        "regions": regions,
        "leds": [
            {"index": led.index, "x": led.x, "y": led.y, "spots": list(led.spots)}
            for led in drawing.leds
        ],
        "led_count": profile.leds.count,
        "indicators": [
            {
                "name": i.name,
                "leds": list(i.leds),
                "x": i.x,
                "y": i.y,
                "label_said": alone_record(indicator_said(game, i.name)),
                "seat": i.seat,
            }
            for i in drawing.indicators
        ],
        "captions": [
            {
                "text_said": alone_record(caption_value(game, c)),
                "x": c.x,
                "y": c.y,
                "anchor": c.anchor,
                "seat": c.seat,
            }
            for c in drawing.captions
        ],
        "buttons": [role.value for role, _ in profile.buttons],
        "sensed": sorted(profile.sensed_spots),
        "seats": seats_json(game),
        "pieces": piece_book(game),
        "look": look_json(game),
        "piece_names_said": piece_names_said(piece_book(game)),
        "claims": [claim_json(claim) for claim in claims_of(game, options)],
        "formats": [{"name": f.name, "title": f.title} for f in game.record_formats()],
        "world": mode is Mode.SIMULATOR,
    }


def warning_json(warning: ClockWarning) -> Json:
    """A clock warning ahead as the page counts down to it: when it is said, and its
    sentence as the value the page tells in its language."""
    json: Json = {"left": warning.left, "say_said": said_record(warning.sentence)}
    return json | {"byoyomi": True} if warning.byoyomi else json


def stone_json(game: Game[Any], stone: Stone) -> Json:
    return {
        "label": game.label(stone),
        "kind": stone.kind,
        "owner": stone.owner,
        "flipped": stone.flipped,
    }


def pieces_json(game: Game[Any], layout: Layout) -> Json:
    return {
        spot: [stone_json(game, stone) for stone in stones]
        for spot, stones in layout.items()
        if stones
    }


def colour_hex(colour: Colour) -> str:
    return colour.hex()


class MoveList:
    """The moves of the current game in notation, replayed only when they change."""

    def __init__(self) -> None:
        self._key: tuple[int, tuple[Any, ...]] | None = None
        self._texts: list[str] = []
        self._start = ""

    def read(self, controller: Controller) -> tuple[str, list[str]]:
        position = controller.position
        key = (controller.game_id, tuple(position.move_stack))
        if key != self._key:
            probe = position.copy()
            played = []
            while probe.move_stack:
                played.append(probe.pop())
            self._start = probe.text()
            texts = []
            for move in reversed(played):
                texts.append(probe.move_text(move))
                probe.push(move)
            self._texts = texts
            self._key = key
        return self._start, list(self._texts)


def _control(controller: Controller) -> TimeControl | None:
    return None if controller.clock is None else controller.clock.control


def _byoyomi(controller: Controller) -> list[float] | None:
    """The byoyomi's seconds and periods, for the page to show the clocks in it."""
    control = _control(controller)
    if control is None or not control.byoyomi:
        return None
    return [control.byoyomi, control.periods]


def _teams(position: Position[Any]) -> tuple[list[int] | None, list[int] | None]:
    """Each seat's team and each team's score, when the game is played in teams."""
    teams = position.teams()
    if teams is None:
        return None, None
    return list(teams), list(position.team_scores())


def _unseen(controller: Controller, view: BoardView) -> list[str]:
    """The moves the board cannot show (a lost turn, an exchange), by name, while the
    page may name one: in play, with no prompt open."""
    if view.phase not in (Phase.PLAY, Phase.GUIDE) or view.prompt is not None:
        return []
    position = controller.position
    return sorted(position.move_text(move) for move in controller.recognizer.unseen)


def _review(controller: Controller) -> Json | None:
    """The finished game's move a review shows, and the moves it steps through."""
    review = controller.review
    if review is None:
        return None
    return {
        "game_id": review.game_id,
        "ply": review.ply,
        "moves": list(review.moves),
        "move": review.move,
        # the engine's judgement of each move, once worked out (``worst`` steps by it)
        "notes_said": notes_said(review),
        # what the record the reviewed game was read from said: its variations among it
        "record": record_json(controller.game, review.facts),
    }


def state_message(
    controller: Controller,
    pixels: Sequence[Colour],
    *,
    mode: Mode,
    moves: MoveList,
    pieces: Layout,
    held: Sequence[Stone] = (),
    now: float,
    palette: str = "default",
    remote: RemoteGame | None = None,
) -> Json:
    """Everything the page shows that changes, at time ``now`` (the controller's time:
    it runs the clocks). ``pixels`` are the strip's colours at full brightness (what
    the painter composed), ``pieces`` the stones as they stand (the simulated world)
    or as the game expects them (a real board, whose pieces only the sensors know);
    ``palette`` is the legend's; ``remote`` the game with other boards, if it is one."""
    game = controller.game
    position = controller.position
    view = build_view(controller, now)
    status = status_said(controller, surface=Surface.PAGE)
    start, move_texts = moves.read(controller)
    outcome = controller.outcome
    prompt = None
    if view.prompt is not None:
        prompt = {
            "choices": list(view.prompt.choices),
            "selected": view.prompt.selected,
            # each choice as a value: a move in the game's own words for each language
            "labels_said": _labels_said(controller),
            # what it asks: whether to promote, which token, which piece is dropped...
            "heading_said": alone_record(Term(heading_msgid(view.prompt.choices))),
        }
    guide = controller.guide
    teams, team_scores = _teams(position)
    drawn = controller.draw
    return {
        "type": "state",
        "mode": mode,
        "game": game.name,
        "game_id": controller.game_id,
        "options": dict(position.options.items()),
        "settings": controller.settings.stored(),
        # the seats the session started with: the new-game dialog offers them
        "starting_opponent": controller.starting_seats or "",
        "palette": palette,
        "phase": view.phase.value,
        "turn": view.turn,
        # the seat Resign resigns: the person's, not the computer's to move (issue 81)
        "resigns": controller.resigner(),
        # the clocks are shown apart, counting down: the sentence goes without them;
        # the page tells it in its language from the value (spots, seats, choices)
        "message_said": said_record(status),
        "fault_said": _said(view.fault),
        "faults_said": {
            "board": _said(controller.fault),
            "store": _said(controller.match.journal.fault),
            "lines": _said(controller.lines_lost),
        },
        "prompt": prompt,
        "guide": None if guide is None else position.move_text(guide.move),
        "review": _review(controller),
        # a game read in from a record file: its players, date, ending... (None: begun here)
        "record": record_json(game, controller.match.facts(ended=outcome is not None)),
        "start": start,
        "moves": move_texts,
        "position": position.text(),
        "outcome": None
        if outcome is None
        else {
            "termination": outcome.termination.value,
            "winners": sorted(outcome.winners),
            "description_said": said_record(game.describe_outcome(outcome)),
        },
        "leds": [colour_hex(colour) for colour in pixels],
        # the colour each spot is lit in: where LEDs are shared (a corner between four
        # squares), the page marks the squares the lights mean, not only their corners
        "lit": {
            spot: colour_hex(colour)
            for spot, colour in Legend(PALETTES.get(palette, DEFAULT_PALETTE))
            .lights(view, now)
            .spots.items()
        },
        "pieces": pieces_json(game, pieces),
        "pieces_from": "world" if mode is Mode.SIMULATOR else "position",
        "held": [stone_json(game, stone) for stone in held],
        "frame": dict(sorted(controller.recognizer.frame.items())),
        "clocks": [round(t, 3) for t in view.clocks] if view.clocks else None,
        "clock_running": view.clock_running,
        "clock_byoyomi": _byoyomi(controller),
        "clock_warnings": [
            warning_json(warning)
            for warning in warnings_ahead(
                position,
                view.clocks,
                view.clock_running,
                None if controller.clock is None else controller.clock.control,
            )
        ],
        "dice": list(view.dice),
        "roll_due": controller.roll_due,
        "forced": controller.forced,
        "movable": sorted(view.movable),
        "scores": list(view.scores) if view.scores else None,
        # what the scores count, said beside them
        "score_words_said": None
        if game.score_words is None
        else alone_record(Term(game.score_words)),
        "teams": teams,
        "team_scores": team_scores,
        "draw": None if drawn is None else _draw_json(game, drawn, view.draw),
        "legend": colour_key(controller, palette),
        "claims": claim_previews(position),
        "unseen": _unseen(controller, view),
        "computer": _computer(controller, view.thinking),
        "remote": None if remote is None else _remote(remote, controller),
    }


def _labels_said(controller: Controller) -> list[Json]:
    """The open prompt's choices as values the page tells (``choice_said``)."""
    state = controller.state
    if not isinstance(state, Prompting):
        return []
    return [alone_record(choice_said(controller.position, c)) for c in state.choices]


def _said(said: Said | None) -> Json | None:
    """What is said as its value, told in the page's language at its edge
    (``words/told_for_page.py``); None stays None."""
    return None if said is None else said_record(said)


def _shown_code(remote: RemoteGame) -> object:
    return remote.watch_code if remote.watching else remote.code


def _remote(remote: RemoteGame, controller: Controller) -> Json:
    """The game with other boards: its code (to tell a friend), this board's seats,
    whether the broker is reached and what the game waits for."""
    link = remote.link
    return {
        # a spectator's page never shows a play code, even one it was given to watch with
        "code": None if remote.setting is None else str(_shown_code(remote)),
        "watch_code": None if remote.room is None else str(remote.watch_code),
        "broker": str(remote.request.address),
        # the joining command's: another board's login to fill in, never this board's
        "broker_shared": remote.request.address.shared(),
        "role": None if remote.setting is None else remote.setting.role.value,
        "seats": list(remote.seats),
        "connected": link is not None and link.connected,
        "waiting_said": _said(controller.remote_wait),
        "watching": remote.watching,
        "left": remote.detached,
    }


def _draw_json(game: Game[Any], drawn: DrawResult, tosses: Sequence[bool]) -> Json:
    """The opening draw, its first mover named by seat: the first seat's pieces stay
    where they are, so when the person at the other side won the right to start, the
    players change places (``swap``). Each text as its value."""
    first_mover = _first_mover(game, drawn)
    hint = None if drawn.seat0_side_starts else said(SWAP, seat=game.seat_word(0))
    return {
        "kind": drawn.kind.value,
        "tosses": list(tosses),
        "seat0_side_starts": drawn.seat0_side_starts,
        "first": 0,
        "swap": not drawn.seat0_side_starts,
        "description_said": said_record(draw_said(drawn)),
        "first_mover_said": said_record(first_mover),
        "hint_said": _said(hint),
    }


SWAP = N_("swap seats: the player at the top takes the bottom side, {seat}'s pieces")


def _first_mover(game: Game[Any], drawn: DrawResult) -> Said:
    """Who plays the first seat after the opening draw."""
    if drawn.kind is FirstPlayerDraw.FURIGOMA:
        msgid = (
            N_("{seat} moves first: played by the tosser (bottom)")
            if drawn.seat0_side_starts
            else N_("{seat} moves first: played by the tosser's opponent (top)")
        )
    else:
        msgid = (
            N_("{seat} moves first: played by the player at the bottom")
            if drawn.seat0_side_starts
            else N_("{seat} moves first: played by the player at the top")
        )
    return said(msgid, seat=game.seat_word(0))


def _computer(controller: Controller, thinking: bool) -> Json:
    """The computer's seats (by seat number), whether it is thinking, its suggestion and
    what it proved of the game's end."""
    computer = controller.computer
    hint = computer.hint
    verdict = computer.verdict
    plays = controller.game.usi is not None  # else the built-in search plays "engine"
    return {
        "seats_said": {
            str(seat): said_record(opponent_said(spec, plays))
            for seat, spec in computer.seats.items()
        },
        # a remote seat's move is awaited, not thought about (the page offers no "move now")
        "thinking": thinking and controller.position.turn not in computer.remote,
        "hint": None if hint is None else controller.position.move_text(hint[0]),
        "verdict_said": _said(verdict),
        "coach": computer.coach,
        "warn": computer.warn,
        # why hints, the coach, warnings and threat lights are off (an online game)
        "help_off_said": _said(computer.help_off),
    }
