"""Red-team hands, round 5: our own hand scheduler over Kiban's simulated boards.

Usage (from the checkout's root):
    PYTHONHASHSEED=0 nice .venv/bin/python tools/redteam/hands5.py GAME PROFILE N SEED0

Every gesture is written here as bodies moving over the board's sensors: each stone's
way is a physics Path (hardware.mock.physics: Board.sense, Lift, surface, knocked) and
the sensors read what the fields make them read; the world's primitives (lift,
place_as, bring, sense) keep the stones' bookkeeping. None of the bench's habit
generators (orders.py, hands.py's Hands, gestures.py, the bench play loop) is used.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from dataclasses import dataclass, field, replace
from itertools import permutations
from pathlib import Path as FilePath
from typing import Any

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2]))

from drivers.buttons import ButtonRole  # noqa: E402
from engine.physical import EMPTY  # noqa: E402
from engine.recognition.answers import Timing  # noqa: E402
from engine.registry import find_game  # noqa: E402
from firmware_host.loops.simulator import Simulation  # noqa: E402
from firmware_host.notices.declared import (  # noqa: E402
    IllegalShown,
    MoveCommitted,
    MovesTakenBack,
    OutOfStepShown,
    PromptOpened,
)
from firmware_host.session.actions import Select  # noqa: E402
from firmware_host.session.state import Phase, TakebackChoice  # noqa: E402
from firmware_host.store.storage import GameStore  # noqa: E402
from hardware.magnetics.build import Body as BodyKind  # noqa: E402
from hardware.mock.bodies import board_of, north_of  # noqa: E402
from hardware.mock.hands import Noise  # noqa: E402  (Noise.none(): the sim's own hands idle)
from hardware.mock.physics import Body, Lift, Path, Turning, at_rest, knocked, surface  # noqa: E402
from hardware.mock.world import CENTRED, Rest  # noqa: E402
from hardware.profile import load_profile  # noqa: E402

OUT = FilePath(__import__("os").environ.get("REDTEAM_OUT", "/tmp/redteam5"))
AWAY_MM = 12.0
REST_AT_END = 5.0
WALL_LIMIT = 150.0


# ----------------------------------------------------------------------------- tracks


@dataclass
class Track:
    """One physical stone's way during a segment: one body, one path."""

    stone: Any  # the stone's face as it is now (logically)
    path: Path
    before: Any  # rotation at the start
    after: Any  # rotation after swap
    swap: float = math.inf
    rolls: bool = False
    rights: bool = False
    slip: float = 0.0
    appears: float = -math.inf
    vanishes: float = math.inf
    spot: Any = None  # where it rests now (None: in the air / gone)
    offset: tuple[float, float] = (0.0, 0.0)
    events: list = field(default_factory=list)  # (t, kind, ...) logical
    cleared: float = 0.0  # when it was last out of its cell's reach (lifted off)

    @property
    def end(self) -> float:
        return self.path.end

    @property
    def pos(self):
        return self.path.legs[-1].end

    def extend(self, new: Path) -> None:
        legs = list(self.path.wait(new.start).legs)
        legs += list(new.legs)
        self.path = Path(tuple(legs))

    def body(self, magnet) -> Body:
        return Body(
            magnet,
            self.path,
            Turning(
                self.before,
                self.after,
                swap=self.swap,
                rolls=self.rolls,
                slip=self.slip,
                rights=self.rights,
            ),
            appears=self.appears,
            vanishes=self.vanishes,
        )


class Segment:
    """Bodies moving together (overlapping hands), computed by the board's physics at once."""

    def __init__(self, h: "Hands5"):
        self.h = h
        world = h.sim.world
        self.frame = {s: world.reading(s) for s in h.board.sensors}
        self.tracks: list[Track] = []
        self.at: dict[Any, Track] = {}  # cell -> track resting there now
        self.moved_from: set = set()  # cells whose start stone has a track
        self.occupant: dict[Any, Any] = {}  # cell -> stone, planned (None = empty)
        for spot, stones in world.layout().items():
            self.occupant[spot] = stones[-1]
        self.offboard: dict[Any, list] = {
            s: list(v) for s, v in world.layout().items() if s not in h.board.sensors
        }
        self.extra: list[tuple[float, tuple]] = []  # presses etc.
        self.cell_free: dict[Any, float] = {}  # when a cell was last vacated
        self.cell_busy: dict[Any, float] = {}  # when the last stone landed there
        self.put_log: list = []  # (when, cell, a hesitation's put-back)
        self._hovering = False

    def snapshot(self):
        return (
            list(self.tracks),
            dict(self.at),
            set(self.moved_from),
            dict(self.occupant),
            {k: list(v) for k, v in self.offboard.items()},
            list(self.extra),
            dict(self.cell_free),
            dict(self.cell_busy),
            list(self.put_log),
            [(t, dict(t.__dict__), list(t.events)) for t in self.tracks],
        )

    def restore(self, snap) -> None:
        (
            self.tracks,
            self.at,
            self.moved_from,
            self.occupant,
            self.offboard,
            self.extra,
            self.cell_free,
            self.cell_busy,
            self.put_log,
            states,
        ) = snap
        for t, state, events in states:
            t.__dict__.update(state)
            t.events = events

    @property
    def end(self) -> float:
        ends = [t.end for t in self.tracks] + [t for t, _ in self.extra]
        return max(ends) if ends else -math.inf

    def empty(self) -> bool:
        return not self.tracks and not self.extra

    def stone_at(self, spot):
        return self.occupant.get(spot)

    def track_at(self, spot, t: float) -> Track:
        """The track of the stone standing on cell ``spot`` now (created from rest)."""
        tr = self.at.get(spot)
        if tr is not None:
            return tr
        h = self.h
        stone = self.occupant.get(spot)
        assert stone is not None, f"nothing on {spot}"
        rest = h.sim.world.rests.get(spot, CENTRED)
        rot = rest.rotation if rest.rotation is not None else h.board.rotation(h.north(stone))
        tr = Track(
            stone,
            at_rest(h.board.rest(spot, rest.offset_mm), t),
            rot,
            rot,
            spot=spot,
            offset=rest.offset_mm,
        )
        if h.ball:
            tr.rolls, tr.rights = True, h.weighted
            tr.slip = h.rng.uniform(0.0, 0.2)
        self.tracks.append(tr)
        self.at[spot] = tr
        self.moved_from.add(spot)
        return tr

    def new_track(self, stone, src, t: float, dst) -> Track:
        """A stone coming from off the board (a hand, a stock, the box) above ``dst``."""
        h = self.h
        z = h.board.release_mm + AWAY_MM
        pos = h.board.above(dst, z)
        rot = h.board.rotation(h.north(stone))
        tr = Track(stone, at_rest(pos, t), rot, rot, appears=t, spot=None)
        if h.ball:
            tr.rolls, tr.rights = True, h.weighted
        self.tracks.append(tr)
        tr.events.append((t, "take", src, stone))
        if src is not None and src in self.offboard and self.offboard[src]:
            self.offboard[src].pop()
        return tr

    # --- motions ---------------------------------------------------------------------

    def leave(self, tr: Track, t: float) -> None:
        if tr.spot is not None:
            tr.events.append((t, "lift", tr.spot))
            self.at.pop(tr.spot, None)
            self.occupant[tr.spot] = None
            self.cell_free[tr.spot] = t
            tr.spot = None

    def arrive(self, tr: Track, spot, t: float, face, offset) -> None:
        assert self.occupant.get(spot) is None, f"landing on occupied {spot}"
        h = self.h
        if h.ball:
            rest = Rest(offset, None)
        else:
            rot = tr.after if t >= tr.swap else tr.before
            rest = Rest(offset, rot)
        tr.events.append((t, "put", spot, tr.stone, face, rest))
        tr.stone = face
        tr.spot, tr.offset = spot, offset
        self.at[spot] = tr
        self.occupant[spot] = face
        self.cell_busy[spot] = t
        self.put_log.append((t, spot, self._hovering))

    def flip_face(self, tr: Track, face, at: float) -> None:
        """The magnet turns over at ``at`` (once per segment)."""
        h = self.h
        if h.ball or h.north(face) == h.north(tr.stone) or math.isfinite(tr.swap):
            return
        if at <= tr.path.start:
            at = tr.path.start + 1e-4
        tr.swap = at
        tr.after = h.board.rotation(h.north(face), h.rng.choice((0.0, 180.0)))

    def carry(
        self,
        tr: Track,
        dst,
        t0: float,
        lift: Lift,
        offset,
        face,
        flip=True,
        land_at: float | None = None,
    ) -> float:
        """Lift ``tr`` off its cell at ``t0`` and set it down on cell ``dst``."""
        h = self.h
        t0 = max(t0, tr.end)
        src = tr.spot
        start_off = tr.offset
        if src is None:  # from the air above dst (a new track)
            path = lift.carried(h.board, None, dst, t0, t0, end=offset)
            # our new track sits above dst at clear height: go straight down from there
            x, y, z = tr.pos
            p = at_rest((x, y, z), t0).then(h.board.rest(dst, offset), lift.vertical_mm_s)
            path = p
        else:
            path = lift.carried(
                h.board, src, dst, t0, land_at if land_at else t0, start=start_off, end=offset
            )
        self.leave(tr, t0)
        if flip and face is not None and face != tr.stone:
            top = path.legs[1].t1 if len(path.legs) > 1 else path.start
            tr_before = tr.stone
            tr.extend(path)
            if h.north(face) != h.north(tr_before):
                self.flip_face(tr, face, top)
        else:
            tr.extend(path)
        self.arrive(tr, dst, tr.end, face if face is not None else tr.stone, offset)
        return tr.end

    def off(self, tr: Track, t0: float, lift: Lift, to_spot, face) -> float:
        """Lift ``tr`` off the board: to a hand/gutter/stock spot or the box (None)."""
        h = self.h
        t0 = max(t0, tr.end)
        src = tr.spot
        up = h.board.above(src, h.board.release_mm + AWAY_MM, tr.offset)
        p = at_rest(tr.pos, t0).then(up, lift.vertical_mm_s)
        x, y, z = up
        ang = h.rng.uniform(0, 2 * math.pi)
        tr.cleared = p.end
        p = p.then((x + 30 * math.cos(ang), y + 30 * math.sin(ang), z), lift.carry_mm_s)
        self.leave(tr, t0)
        tr.extend(p)
        tr.vanishes = tr.end
        tr.events.append((tr.end, "stow", to_spot, tr.stone, face))
        if to_spot is not None:
            self.offboard.setdefault(to_spot, []).append(face)
        return tr.end

    def slide(
        self, tr: Track, cells: list, t0: float, speed: float, offset, face=None, stop_on=None
    ) -> float:
        """Slide (or roll) ``tr`` over the surface through ``cells`` (their centres) to the
        last one, lying at ``offset`` there."""
        h = self.h
        t0 = max(t0, tr.end)
        pts = [tr.pos]
        for c in cells[:-1]:
            pts.append(h.board.rest(c))
        pts.append(h.board.rest(cells[-1], offset))
        p = surface(h.board, pts, t0, speed)
        self.leave(tr, t0)
        tr.extend(p)
        f = face if face is not None else tr.stone
        if h.north(f) != h.north(tr.stone):
            self.flip_face(tr, f, tr.end)
        self.arrive(tr, cells[-1], tr.end, f, offset)
        return tr.end

    def roll_off(self, tr: Track, toward, t0: float, speed: float, to_spot, face) -> float:
        """A marble rolled over the edge (pushed off) into a gutter."""
        h = self.h
        t0 = max(t0, tr.end)
        x, y, z = tr.pos
        p = at_rest(tr.pos, t0).then((x + toward[0], y + toward[1], z), speed)
        x2, y2, _ = p.legs[-1].end
        tr.cleared = p.end
        p = p.then((x2, y2, z + h.board.release_mm + AWAY_MM), 200.0)
        self.leave(tr, t0)
        tr.extend(p)
        tr.vanishes = tr.end
        tr.events.append((tr.end, "stow", to_spot, tr.stone, face))
        if to_spot is not None:
            self.offboard.setdefault(to_spot, []).append(face)
        return tr.end

    def nudge(
        self, tr: Track, t0: float, mm_up: float, shift: tuple[float, float], slide: bool
    ) -> float:
        """Re-centre a piece just set down: lifted ``mm_up`` and set again, or slid a few mm."""
        h = self.h
        t0 = max(t0, tr.end)
        spot = tr.spot
        new = (tr.offset[0] + shift[0], tr.offset[1] + shift[1])
        r = math.hypot(*new)
        lim = h.board.build.tolerance_mm * 0.9
        if r > lim:
            new = (new[0] * lim / r, new[1] * lim / r)
        end = h.board.rest(spot, new)
        if slide:
            p = at_rest(tr.pos, t0).then(end, h.rng.uniform(20, 80))
        else:
            x, y, z = tr.pos
            p = at_rest(tr.pos, t0).then((x, y, z + mm_up), 60.0)
            p = p.wait(p.end + h.rng.uniform(0.05, 0.4))
            p = p.then((end[0], end[1], z + mm_up), 40.0).then(end, 60.0)
        tr.extend(p)
        tr.offset = new
        # logical rest updated on the final put
        tr.events.append(
            (
                tr.end,
                "rest",
                spot,
                Rest(new, None if h.ball else (tr.after if tr.end >= tr.swap else tr.before)),
            )
        )
        return tr.end

    def knock(self, tr: Track, t0: float) -> float:
        h = self.h
        t0 = max(t0, tr.end)
        pitch = h.board.build.pitch_mm
        p = knocked(
            h.board,
            tr.pos,
            h.rng.uniform(0, 2 * math.pi),
            min(h.rng.uniform(3, 0.6 * pitch), 0.8 * pitch),
            t0,
            speed_mm_s=h.rng.uniform(50, 300),
            rest_s=h.rng.uniform(0.02, 0.6),
            lifted_mm=h.rng.uniform(0, 8) if h.rng.random() < 0.3 else 0.0,
        )
        tr.extend(p)
        return tr.end

    def hover(self, tr: Track, t0: float, hold: float, lift: Lift, offset) -> float:
        """Touch-move hesitation: lift the piece, hold it, put it back on its cell."""
        h = self.h
        t0 = max(t0, tr.end)
        spot = tr.spot
        up = h.board.above(spot, lift.clear_mm(h.board), tr.offset)
        p = at_rest(tr.pos, t0).then(up, lift.vertical_mm_s)
        p = p.wait(p.end + hold)
        p = p.then(h.board.above(spot, lift.clear_mm(h.board), offset), 100.0)
        p = p.then(h.board.rest(spot, offset), lift.vertical_mm_s)
        face = tr.stone
        self.leave(tr, t0)
        tr.extend(p)
        self._hovering = True
        self.arrive(tr, spot, tr.end, face, offset)
        self._hovering = False
        return tr.end

    # --- running -----------------------------------------------------------------------

    def steps(self) -> list[tuple[float, int, tuple]]:
        """World actions in time order, from the bodies' physics."""
        h = self.h
        board = h.board
        magnet = board.build.piece.magnet
        still = []
        world = h.sim.world
        for spot, stones in world.layout().items():
            if spot not in board.sensors or spot in self.moved_from:
                continue
            rest = world.rests.get(spot, CENTRED)
            rot = (
                rest.rotation if rest.rotation is not None else board.rotation(h.north(stones[-1]))
            )
            from hardware.magnetics.magnets import Pose

            still.append((magnet, Pose(board.rest(spot, rest.offset_mm), rot)))
        bodies = [tr.body(magnet) for tr in self.tracks]
        changes, _ = board.sense(self.frame, still, bodies) if bodies else ([], {})
        out: list[tuple[float, int, tuple]] = []
        seq = 0
        timeline = sorted(changes, key=lambda c: c[0])
        logical = []
        for tr in self.tracks:
            for ev in tr.events:
                logical.append(ev)
        logical.sort(key=lambda e: e[0])
        for at, spot, reading in timeline:
            out.append((at, 1, ("sense", spot, reading)))
        for ev in logical:
            t, kind = ev[0], ev[1]
            out.append((t, 0, ev[1:]))
            spot = ev[2]
            if kind in ("lift", "put") and spot in board.sensors:
                now = self.frame.get(spot, EMPTY)
                for at, where, reading in timeline:
                    if at > t:
                        break
                    if where == spot:
                        now = reading
                out.append((t, 2, ("sense", spot, now)))
        end = max([tr.end for tr in self.tracks] + [e[0] for e in logical] + [-1.0]) + 1e-6
        final = dict(self.frame)
        for _, spot, reading in timeline:
            final[spot] = reading
        touched = {s for _, s, _ in timeline} | {e[2] for e in logical if e[2] in board.sensors}
        for spot in sorted(touched & set(board.sensors)):
            out.append((end, 3, ("settle", spot, final.get(spot, EMPTY))))
        for t, act in self.extra:
            out.append((t, 4, act))
        out.sort(key=lambda x: (x[0], x[1]))
        return out


# ----------------------------------------------------------------------------- journeys


def pair_journeys(before: dict, after: dict, cells: set):
    """Departures and arrivals between two physical layouts, paired into journeys
    (stone, src, dst, new face) at least cost; unpaired: to/from the box."""
    deps, arrs = [], []
    for spot in set(before) | set(after):
        b, a = list(before.get(spot, ())), list(after.get(spot, ()))
        if b == a:
            continue
        # common prefix stays
        k = 0
        while k < min(len(a), len(b)) and a[k] == b[k]:
            k += 1
        for s in b[k:]:
            deps.append((spot, s))
        for s in a[k:]:
            arrs.append((spot, s))

    def cost(d, a):
        (ds, dst), (as_, ast) = d, a
        if ds == as_:
            return None
        if dst.kind != ast.kind:
            return None
        c = 0.0 if dst == ast else (1.0 if dst.owner == ast.owner else 2.0)
        if ds in cells and as_ in cells:
            c -= 0.5
        return c

    best, best_cost = None, math.inf
    n, m = len(deps), len(arrs)
    slots = list(range(m)) + [None] * n
    seen = set()
    raw = 0
    for perm in permutations(slots, n):
        raw += 1
        if raw > 1_500_000:  # harness guard: many departures (a put-right of a scrambled board)
            break
        if perm in seen:
            continue
        seen.add(perm)
        total, ok = 0.0, True
        for i, j in enumerate(perm):
            if j is None:
                total += 5.0
                continue
            c = cost(deps[i], arrs[j])
            if c is None:
                ok = False
                break
            total += c
        if not ok:
            continue
        total += 5.0 * (m - sum(1 for j in perm if j is not None))
        if total < best_cost:
            best, best_cost = perm, total
        if len(seen) > 5000:
            break
    journeys = []
    used = set()
    for i, j in enumerate(best or [None] * n):
        ds, dst = deps[i]
        if j is None:
            journeys.append((dst, ds, None, None))
        else:
            used.add(j)
            as_, ast = arrs[j]
            journeys.append((dst, ds, as_, ast))
    for j, (as_, ast) in enumerate(arrs):
        if j not in used:
            journeys.append((ast, None, as_, ast))
    return journeys


# ----------------------------------------------------------------------------- the hands


class Desync(Exception):
    """The stones do not stand as the truth has them (the hands cannot plan the move)."""


class Hands5:
    def __init__(self, game_name: str, profile_name: str, seed: int, verbose: bool = False):
        self.game = find_game(game_name)
        self.profile = load_profile(profile_name, self.game)
        model = self.profile.sensor_model
        timing = replace(Timing(), order=model.order_margin, departs=model.departure_s)
        self.sim = Simulation(
            self.game,
            self.profile,
            GameStore(":memory:"),
            resume=False,
            noise=Noise.none(),
            seed=seed,
            timing=timing,
            settings={"seed": str(seed)},
        )
        self.sim.settle()
        self.rng = random.Random(seed * 7919 + 17)
        self.seed = seed
        self.wall0 = time.time()
        self.verbose = verbose
        self.board = board_of(self.game, self.profile)
        self.north = north_of(self.game)
        piece = self.board.build.piece
        self.ball = piece.body is not BodyKind.FLAT
        self.weighted = piece.body is BodyKind.WEIGHTED_BALL
        self.cells = set(self.board.sensors)
        self.gname = self.game.name
        # truth and record
        self.reference = self.sim.controller.position.copy()
        self.offset0 = len(self.reference.move_stack)
        self.played: list[str] = []  # by ply index from offset0
        self.record: list[str] = []
        self.read = len(self.sim.notices)
        self.prompts: list[dict] = []
        self.takebacks: list[dict] = []
        self.replaced: list[dict] = []
        self.wrong: list[dict] = []
        self.lacking: list[dict] = []
        self.fixes: list[dict] = []
        self.missed_mid: list[dict] = []
        self.dropped: dict[int, tuple[str, float]] = {}
        self.takeback_asked = False
        self.seg: Segment | None = None
        self.answer_at: float | None = None
        self.answer_hold = 0  # moves still to be made before answering
        self.landing = 0.0
        self.last_cells: set = set()
        self.timeline: list[str] = []
        self.gestures: list[str] = []
        self.events_log: list[dict] = []
        self.prompt_open_since: float | None = None
        self.wrong_plies: set[int] = set()
        self.main_landing = 0.0
        self.offered: set[str] = set()
        self.oos = False

    # --- logging ---------------------------------------------------------------------
    def log(self, t: float, text: str) -> None:
        self.timeline.append(f"{t:9.3f}  {text}")
        if self.verbose:
            print(f"{t:9.3f}  {text}", flush=True)

    # --- the board's news ----------------------------------------------------------------
    def read_notices(self) -> None:
        sim = self.sim
        while self.read < len(sim.notices):
            n = sim.notices[self.read]
            self.read += 1
            if isinstance(n, MoveCommitted):
                ply = n.ply - 1 - self.offset0
                if ply < 0:
                    continue
                dropped = self.dropped.pop(ply, None)
                if dropped is not None and dropped[0] != n.move:
                    self.note_replaced(ply, dropped[0], n.move, n.at)
                if (
                    ply < len(self.record)
                    and self.record[ply] != n.move
                    and self.record[ply] not in self.offered
                ):
                    self.note_replaced(ply, self.record[ply], n.move, n.at)
                del self.record[ply:]
                self.record.append(n.move)
                self.log(n.at, f"BOARD commit ply {ply + 1}: {n.move}")
                self.adopt()
                self.check_wrong_now(n.at)
            elif isinstance(n, MovesTakenBack):
                first = len(self.record) - n.plies
                gone = self.record[first:]
                self.log(
                    n.at,
                    f"BOARD takes back {n.plies}: {gone}"
                    + (" (takeback asked)" if self.takeback_asked else ""),
                )
                self.takebacks.append(
                    {
                        "at": round(n.at, 3),
                        "plies": n.plies,
                        "moves": gone,
                        "asked": self.takeback_asked,
                    }
                )
                if not self.takeback_asked:
                    for ply, text in enumerate(gone, start=first):
                        self.dropped.setdefault(ply, (text, n.at))
                self.takeback_asked = False
                del self.record[first:]
            elif isinstance(n, PromptOpened):
                self.on_prompt(n)
            elif isinstance(n, (OutOfStepShown, IllegalShown)):
                if isinstance(n, OutOfStepShown):
                    self.oos = True
                self.log(getattr(n, "at", sim.now), f"BOARD shows {type(n).__name__}")
                self.events_log.append({"at": round(sim.now, 3), "kind": type(n).__name__})

    def note_replaced(self, ply: int, dropped: str, by, at: float) -> None:
        truly = self.played[ply] if ply < len(self.played) else None
        self.replaced.append(
            {
                "at": round(at, 3),
                "ply": ply + 1,
                "dropped": dropped,
                "by": by,
                "played": truly,
                "dropped_was_right": truly == dropped,
            }
        )
        self.log(at, f"!! replaced unasked at ply {ply + 1}: {dropped} -> {by} (played {truly})")

    def adopt(self) -> None:
        """Board-made moves (rolls, lost turns) join the truth."""
        while (
            len(self.record) > len(self.played) and self.record[: len(self.played)] == self.played
        ):
            text = self.record[len(self.played)]
            ref = self.reference
            automatic = ref.chance_moves() is not None or len(list(ref.legal_moves())) == 1
            if not automatic:
                return
            self.played.append(text)
            ref.push(ref.parse_move(text))

    def check_wrong_now(self, at: float) -> None:
        """A committed move differing from the move truly played at that ply (or
        beyond what was played)."""
        for i, text in enumerate(self.record):
            if i < len(self.played) and self.played[i] != text and i not in self.wrong_plies:
                # may still be asked/replaced: judged at the end; note the moment
                self.events_log.append(
                    {
                        "at": round(at, 3),
                        "kind": "commit-differs",
                        "ply": i + 1,
                        "recorded": text,
                        "played": self.played[i],
                    }
                )
                self.wrong_plies.add(i)

    def on_prompt(self, n: PromptOpened) -> None:
        sim = self.sim
        ply = len(sim.controller.position.move_stack) - self.offset0
        wanted = self.played[ply] if 0 <= ply < len(self.played) else None
        self.takeback_asked = TakebackChoice.NAME in n.choices
        self.offered |= set(n.choices)
        self.dropped = {p: v for p, v in self.dropped.items() if v[0] not in n.choices}
        busy = sim.now < getattr(self, "busy_until", -1.0)
        entry = {
            "at": round(n.at, 3),
            "choices": list(n.choices),
            "ply": ply + 1,
            "played": wanted,
            "answer": None,
            "answered_at": None,
            "hands_busy": busy,
        }
        self.prompts.append(entry)
        self.log(n.at, f"BOARD prompt (ply {ply + 1}) {list(n.choices)}; played {wanted}")
        if len(n.choices) == 1:
            entry["one_choice"] = True
        if getattr(self, "fixing", False):
            entry["during_put_right"] = True  # judged against the record once put right
        elif wanted is not None and wanted not in n.choices and ply < len(self.played):
            self.lacking.append(
                {
                    "at": round(n.at, 3),
                    "ply": ply + 1,
                    "choices": list(n.choices),
                    "played": wanted,
                    "hands_busy": busy,
                }
            )
        delay = self.rng.uniform(0.6, 5.0)
        self.answer_at = n.at + delay
        self.prompt_open_since = n.at
        if self.rng.random() < 0.25:
            self.answer_hold = self.rng.randint(1, 3)  # moves made before answering
        else:
            self.answer_hold = 0

    def try_answer(self) -> None:
        sim = self.sim
        if sim.controller.phase is not Phase.PROMPT:
            self.answer_at = None
            return
        choices = tuple(sim.controller.prompt_choices)
        ply = len(sim.controller.position.move_stack) - self.offset0
        entry = self.prompts[-1] if self.prompts else None
        if ply < 0:
            return
        if ply >= len(self.played):
            if TakebackChoice.NAME in choices and self.record[: len(self.played)] == self.played:
                self.select(TakebackChoice.NAME, entry)
            return
        wanted = self.played[ply]
        if wanted in choices:
            self.select(wanted, entry)
        # else: not offered; the players wait (counted as lacking)

    def select(self, choice: str, entry) -> None:
        sim = self.sim
        self.log(sim.now, f"HANDS answer: {choice}")
        if entry is not None and entry["answer"] is None:
            entry["answer"] = choice
            entry["answered_at"] = round(sim.now, 3)
        self.answer_at = None
        sim.send(Select(choice))
        self.read_notices()

    # --- running time ---------------------------------------------------------------------
    def run_to(self, t: float) -> None:
        """Let time pass to ``t``, answering prompts when due."""
        sim = self.sim
        if time.time() - self.wall0 > WALL_LIMIT:
            raise TimeoutError(f"trial over {WALL_LIMIT} s of wall time (harness guard)")
        while True:
            self.read_notices()
            if (
                self.answer_at is not None
                and self.answer_hold <= 0
                and self.answer_at <= t
                and sim.controller.phase is Phase.PROMPT
            ):
                sim.advance_to(max(self.answer_at, sim.now))
                self.read_notices()
                self.try_answer()
                if self.answer_at is not None:  # not answerable
                    self.answer_at = None
                continue
            if sim.now >= t or getattr(self, "_reached", None) == t:
                break
            step = min(t, sim.now + 0.05)
            sim.advance_to(max(step, sim.now))
            if step >= t:
                self._reached = t
        self._reached = None
        self.read_notices()

    def apply(self, act: tuple) -> None:
        w = self.sim.world
        kind = act[0]
        if kind == "sense":
            w.sense(act[1], act[2])
        elif kind == "settle":
            spot, reading = act[1], act[2]
            if w.stones_reading(spot) == reading:
                w.sense(spot, None)
            else:
                w.sense(spot, reading)
        elif kind == "lift":
            w.lift(act[1])
        elif kind == "put":
            spot, held, face, rest = act[1], act[2], act[3], act[4]
            w.place_as(spot, held, face, rest)
        elif kind == "rest":
            if act[1] in w.stacks:
                w.rests[act[1]] = act[2]
        elif kind == "take":
            src, stone = act[1], act[2]
            if src is not None and w.stacks.get(src):
                w.lift(src)
            else:
                w.held.append(stone)
        elif kind == "stow":
            to, stone, face = act[1], act[2], act[3]
            if stone in w.held:
                w.held.remove(stone)
            if to is not None and face is not None:
                w.bring(to, face)
        elif kind == "reface":
            spot, face, rest = act[1], act[2], act[3]
            if w.stacks.get(spot):
                w.stacks[spot][-1] = face
                w.rests[spot] = rest
        elif kind == "press":
            # a person presses ok only while the board still waits on the chain (the
            # chain not yet in the record, nothing asked)
            ply = act[2] if len(act) > 2 else None
            if ply is not None and (
                len(self.record) > ply or self.sim.controller.phase is not Phase.PLAY
            ):
                self.log(self.sim.now, f"HANDS would press {act[1].value}: not needed, board done")
                return
            self.log(self.sim.now, f"HANDS press {act[1].value}")
            self.sim.press(act[1])
        else:
            raise ValueError(act)

    def flush(self) -> None:
        seg = self.seg
        self.seg = None
        if seg is None or seg.empty():
            return
        self.busy_until = seg.end
        for t, _, act in seg.steps():
            self.run_to(t)
            self.apply(act)
        self.read_notices()
        w = self.sim.world
        odd = {s: w.reading(s) for s in w.sensed_spots()}
        if odd:
            self.log(
                self.sim.now, f"NOTE sensors left reading by the fields (off-centre/phantom): {odd}"
            )
            self.events_log.append(
                {"at": round(self.sim.now, 3), "kind": "lasting", "spots": str(odd)}
            )

    def segment_for(self, start: float) -> Segment:
        if self.seg is not None and start > self.seg.end + 0.02:
            self.flush()
        if self.seg is None:
            self.run_to(start - 1e-3 if start - 1e-3 > self.sim.now else self.sim.now)
            self.seg = Segment(self)
        return self.seg

    # --- pace ----------------------------------------------------------------------------
    def lift_params(self) -> Lift:
        pitch = self.board.build.pitch_mm
        per_cell = math.exp(self.rng.uniform(math.log(0.1), math.log(1.0)))
        return Lift(
            vertical_mm_s=self.rng.uniform(60, 300),
            height_mm=self.rng.choice([self.rng.uniform(4, 12), self.rng.uniform(15, 45)]),
            carry_mm_s=pitch / per_cell,
        )

    def surface_speed(self) -> float:
        per_cell = math.exp(self.rng.uniform(math.log(0.1), math.log(1.0)))
        return self.board.build.pitch_mm / per_cell

    def offset(self, wide: bool = False):
        tol = self.board.build.tolerance_mm
        r = tol * (0.9 if wide else 0.35) * math.sqrt(self.rng.random())
        a = self.rng.uniform(0, 2 * math.pi)
        return (r * math.cos(a), r * math.sin(a))

    def neighbours(self, spot) -> list:
        px, py = self.board.places[spot]
        pitch = self.board.build.pitch_mm
        return [
            s
            for s in self.cells
            if s != spot and math.dist(self.board.places[s], (px, py)) < 1.2 * pitch
        ]

    def line(self, a, b) -> list:
        """Cells on the straight line from a to b (exclusive), unit steps."""
        ax, ay = self.board.places[a]
        bx, by = self.board.places[b]
        pitch = self.board.build.pitch_mm
        d = math.dist((ax, ay), (bx, by))
        n = round(d / pitch)
        if n < 2 or abs(d - n * pitch) > 0.05 * pitch:
            return []
        out = []
        for k in range(1, n):
            p = (ax + (bx - ax) * k / n, ay + (by - ay) * k / n)
            hit = [s for s in self.cells if math.dist(self.board.places[s], p) < 0.1 * pitch]
            if not hit:
                return []
            out.append(hit[0])
        return out

    # --- one move ------------------------------------------------------------------------
    def gesture(self, text: str) -> None:
        self.gestures.append(text)
        self.log(self.sim.now if self.seg is None else self.sim.now, "    " + text)

    def play_move(self, move: Any, start: float, not_before: float | None = None) -> float:
        """Plan ``move`` so that its first landing comes after ``not_before`` (the last
        move's piece lands first: the truth's order is the order the board can see)."""
        seg = self.segment_for(start)
        for attempt in range(6):
            snap = seg.snapshot()
            k = len(seg.put_log)
            mark = (len(self.timeline), len(self.gestures))
            try:
                end = self._play_move(move, start)
            except AssertionError as exc:
                seg.restore(snap)
                raise Desync(str(exc)) from exc
            puts = [t for t, _, hov in seg.put_log[k:] if not hov]
            first = min(puts) if puts else None
            if not_before is None or first is None or first >= not_before or attempt == 5:
                self.main_landing = max(puts) if puts else end
                break
            seg.restore(snap)
            del self.timeline[mark[0] :]
            del self.gestures[mark[1] :]
            start += (not_before - first) + 0.03
        self.played.append(self.reference.move_text(move))
        self.reference.push(move)
        return end

    def _play_move(self, move: Any, start: float) -> float:
        """Plan the hands' gestures for ``move`` from ``start``; returns the last landing."""
        ref = self.reference
        text = ref.move_text(move)
        target = ref.copy()
        target.push(move)
        seg = self.segment_for(start)
        before = {
            s: (seg.occupant[s],)
            for s in seg.occupant
            if seg.occupant[s] is not None and s in self.cells
        }
        for s, v in seg.offboard.items():
            if v:
                before[s] = tuple(v)
        after = self.sim.physical(target.layout())
        before_cmp = {s: v for s, v in before.items()}
        journeys = pair_journeys(before_cmp, after, self.cells)
        self.log(start, f"HANDS begin {text} (seat {ref.turn if hasattr(ref, 'turn') else '?'})")
        rng = self.rng
        t = start
        lift = self.lift_params()
        # touch-move hesitation
        mine = [j for j in journeys if j[1] in self.cells and j[2] in self.cells]
        if rng.random() < 0.15:
            own = [
                s
                for s, st in seg.occupant.items()
                if st is not None
                and s in self.cells
                and s not in seg.at
                and (st.owner == getattr(mine[0][0], "owner", -1) if mine else True)
            ]
            if own:
                s = rng.choice(sorted(own))
                tr = seg.track_at(s, t)
                hold = rng.uniform(0.1, 1.5)
                self.gesture(f"{t:.3f} hesitate: lift {s}, hold {hold:.2f}s, put back")
                t = seg.hover(tr, t, hold, lift, self.offset()) + rng.uniform(0.1, 1.0)
        if self.gname == "robotory" and ":" in text:
            end = self.robot_chain(seg, text, journeys, t, lift)
        elif self.gname == "abalone":
            end = self.marbles(seg, journeys, t, lift)
        else:
            end = self.pieces(seg, journeys, t, lift, text)
        # a neighbour knocked
        if rng.random() < 0.12:
            ends = {j[1] for j in journeys} | {j[2] for j in journeys}
            near = sorted(
                {
                    n
                    for e in ends
                    if e in self.cells
                    for n in self.neighbours(e)
                    if seg.occupant.get(n) is not None and n not in seg.at and n not in ends
                }
            )
            if near:
                s = rng.choice(near)
                kt = rng.uniform(start, end)
                tr = seg.track_at(s, kt)
                self.gesture(f"{kt:.3f} knock neighbour {s}")
                seg.knock(tr, kt)
                end = max(end, tr.end)
        self.last_cells = {j[1] for j in journeys} | {j[2] for j in journeys}
        self.last_text = text
        return end

    def pieces(self, seg: Segment, journeys, t: float, lift: Lift, text: str) -> float:
        """Board games with pieces: moves, captures, drops, promotions, boats."""
        rng = self.rng
        movers = [j for j in journeys if j[2] in self.cells]
        victims = [j for j in journeys if j[1] in self.cells and j[2] not in self.cells]
        end = t
        victim_cells = {j[1] for j in victims}
        mode = (
            rng.choice(["victim_first", "capturer_first", "pushed_aside", "knocked"])
            if victims
            else None
        )
        if victims:
            self.gesture(f"capture habit: {mode}")
        # victims not on a mover's target (chaturaji boats): lifted first any time
        t_v = t
        if mode in ("victim_first", "knocked", None) or not movers:
            for j in victims:
                tr = seg.track_at(j[1], t_v)
                if mode == "knocked":
                    self.gesture(f"{t_v:.3f} knock victim {j[1]} and set back")
                    t_v = seg.knock(tr, t_v) + rng.uniform(0.05, 0.5)
                self.gesture(f"{t_v:.3f} victim {j[1]} lifted off to {j[2]}")
                seg.off(tr, t_v, lift, j[2], j[3])
                t_v = tr.cleared + rng.uniform(0.02, 0.4)
            t = max(t, t_v - 0.02)
            victims_left = []
        else:
            victims_left = victims
        for j in movers:
            stone, src, dst, face = j
            tr = None
            off = self.offset(wide=rng.random() < 0.3)
            if src is None or src not in self.cells:
                tr = seg.new_track(stone, src, t, dst)
                # a drop: sometimes set down on a wrong empty cell first
                if rng.random() < 0.3:
                    empties = sorted(
                        s for s in self.cells if seg.occupant.get(s) is None and s != dst
                    )
                    if empties:
                        wrong = rng.choice(empties)
                        self.gesture(
                            f"{t:.3f} drop {stone.kind} from {src}: set on wrong {wrong} first"
                        )
                        # bring it above the wrong cell
                        x, y, z = self.board.above(wrong, self.board.release_mm + AWAY_MM)
                        tr.path = at_rest((x, y, z), t)
                        tw = seg.carry(tr, wrong, t, lift, self.offset(), stone, flip=False)
                        stay = rng.uniform(0.05, 1.2)
                        self.gesture(f"{tw:.3f} lies on {wrong} {stay:.2f}s, then to {dst}")
                        e = seg.carry(tr, dst, tw + stay, lift, off, face)
                        end = max(end, e)
                        self.gesture(f"{e:.3f} landed {dst}")
                        t = e
                        continue
                self.gesture(f"{t:.3f} drop {stone.kind} from {src} to {dst}")
                e = seg.carry(tr, dst, t, lift, off, face)
            else:
                tr = seg.track_at(src, t)
                vict = [v for v in victims_left if v[1] == dst]
                promote_after = (
                    face != stone and self.north(face) != self.north(stone) and rng.random() < 0.4
                )
                land_face = stone if promote_after else face
                if vict:
                    v = vict[0]
                    vtr = seg.track_at(dst, t)
                    if mode == "pushed_aside":
                        free = sorted(
                            n for n in self.neighbours(dst) if seg.occupant.get(n) is None
                        )
                        if free:
                            aside = rng.choice(free)
                            self.gesture(f"{t:.3f} victim {dst} pushed aside onto {aside}")
                            ta = seg.slide(vtr, [aside], t, rng.uniform(40, 200), self.offset(True))
                            e = seg.carry(
                                tr, dst, max(ta - rng.uniform(0, 0.2), t), lift, off, land_face
                            )
                            lie = rng.uniform(0.2, 2.0)
                            self.gesture(
                                f"{e:.3f} capturer {src}->{dst} landed; victim lies on {aside} till ~{max(e, ta) + lie:.2f}"
                            )
                            seg.off(vtr, max(e, ta) + lie, lift, v[2], v[3])
                        else:
                            self.gesture(f"{t:.3f} (no room aside) victim {dst} lifted first")
                            seg.off(vtr, t, lift, v[2], v[3])
                            e = seg.carry(tr, dst, vtr.cleared + 0.05, lift, off, land_face)
                    else:  # capturer first: the victim slid out from under as it lands
                        ang = rng.uniform(0, 2 * math.pi)
                        dd = self.board.build.tolerance_mm + rng.uniform(2, 8)
                        x, y, z = vtr.pos
                        p = at_rest(vtr.pos, t).then(
                            (x + dd * math.cos(ang), y + dd * math.sin(ang), z), 100.0
                        )
                        seg.leave(vtr, t)
                        vtr.extend(p)
                        e = seg.carry(tr, dst, t, lift, off, land_face)
                        self.gesture(
                            f"{t:.3f} capturer {src}->{dst} lands {e:.3f} as victim slid out; victim off {e + 0.02:.3f}+"
                        )
                        vtr.spot = None
                        # victim lifted away shortly after
                        up = self.board.above(dst, self.board.release_mm + AWAY_MM)
                        tv = max(e, vtr.end) + rng.uniform(0.02, 0.5)
                        pp = at_rest(vtr.pos, tv).then(
                            (vtr.pos[0], vtr.pos[1], up[2]), lift.vertical_mm_s
                        )
                        vtr.extend(pp)
                        vtr.vanishes = vtr.end
                        vtr.events.append((vtr.end, "stow", v[2], vtr.stone, v[3]))
                        if v[2] is not None:
                            seg.offboard.setdefault(v[2], []).append(v[3])
                    victims_left.remove(v)
                else:
                    way = "slide" if rng.random() < 0.3 else "lift"
                    if way == "slide":
                        cells = self.line(src, dst) + [dst]
                        if len(cells) == 1 or rng.random() < 0.5:
                            cells = [dst]
                        sp = self.surface_speed()
                        self.gesture(
                            f"{t:.3f} slide {src}->{dst} at {sp:.0f} mm/s over {cells[:-1]}"
                        )
                        e = seg.slide(tr, cells, t, sp, off, land_face)
                    else:
                        self.gesture(
                            f"{t:.3f} lift {src}->{dst} (carry {lift.carry_mm_s:.0f} mm/s, height {lift.height_mm:.0f})"
                        )
                        e = seg.carry(tr, dst, t, lift, off, land_face)
                if promote_after:
                    tf = e + rng.uniform(0.1, 1.0)
                    self.gesture(f"{tf:.3f} flips {dst} after setting it down")
                    h_ = rng.uniform(3, 15)
                    x, y, z = tr.pos
                    p = at_rest(tr.pos, tf).then((x, y, z + h_), 80.0)
                    p = p.wait(p.end + 0.15).then((x, y, z), 80.0)
                    tr.extend(p)
                    seg.flip_face(tr, face, p.legs[1].t1 + 0.05)
                    tr.events.append((tr.end, "reface", dst, face, Rest(tr.offset, tr.after)))
                    seg.occupant[dst] = face
                    e = tr.end
            end = max(end, e)
            # nudge / re-centre
            if rng.random() < 0.2 and tr is not None and tr.spot is not None:
                tn = tr.end + rng.uniform(0.05, 0.6)
                sl = rng.random() < 0.5
                self.gesture(
                    f"{tn:.3f} re-centre {tr.spot} ({'slid' if sl else 'lifted'} a few mm)"
                )
                e = seg.nudge(
                    tr, tn, rng.uniform(1, 3), (rng.uniform(-4, 4), rng.uniform(-4, 4)), sl
                )
                end = max(end, e)
            t = end + rng.uniform(0.0, 0.3)
        for v in victims_left:  # victims whose cell no mover lands on
            tr = seg.track_at(v[1], t)
            seg.off(tr, t, lift, v[2], v[3])
            end = max(end, tr.end)
        return end

    def marbles(self, seg: Segment, journeys, t: float, lift: Lift) -> float:
        """Abalone: unit steps, marble by marble in any order (front first for lines),
        pushed as one, or the tail leapfrogged; marbles rolled; push-offs into gutters."""
        rng = self.rng
        cells = self.cells
        steps = []  # (src, dst) unit steps
        offs = []  # (src, gutter, face)
        pitch = self.board.build.pitch_mm
        for stone, src, dst, face in journeys:
            if src in cells and dst in cells:
                mid = self.line(src, dst)
                if mid and all(seg.occupant.get(c) is not None for c in mid):
                    chain = [src] + mid + [dst]
                    for a, b in zip(chain, chain[1:]):
                        steps.append((a, b))
                else:
                    steps.append((src, dst))
            elif src in cells:
                offs.append((src, dst, face))
        # a push-off: the line ahead shifts; the last marble rolls off
        direction = None
        if steps:
            a, b = steps[0]
            ax, ay = self.board.places[a]
            bx, by = self.board.places[b]
            direction = ((bx - ax), (by - ay))
        off_moves = []
        for src, gutter, face in offs:
            if direction is None:
                off_moves.append((src, None, gutter, face))
                continue
            chain = [src]
            while True:
                x, y = self.board.places[chain[-1]]
                nxt = [
                    s
                    for s in cells
                    if math.dist(self.board.places[s], (x + direction[0], y + direction[1]))
                    < 0.1 * pitch
                ]
                if nxt and seg.occupant.get(nxt[0]) is not None and nxt[0] not in chain:
                    chain.append(nxt[0])
                else:
                    break
            for a, b in zip(chain, chain[1:]):
                steps.append((a, b))
            off_moves.append((chain[-1], direction, gutter, face))
        steps = list(dict.fromkeys(steps))
        # order: a cell must be free before a marble enters it
        targets = {b for _, b in steps}
        sources = {a for a, _ in steps}
        sp = self.surface_speed()
        mode = (
            rng.choice(["one_by_one", "together", "leapfrog"]) if len(steps) > 1 else "one_by_one"
        )
        inline = any(b in sources for _, b in steps)
        owners = {getattr(seg.occupant.get(a), "owner", None) for a, _ in steps}
        if mode == "leapfrog" and (not inline or off_moves or len(owners) > 1):
            mode = "one_by_one"
        end = t
        self.gesture(
            f"{t:.3f} marbles {mode}: steps {steps}, offs {[(o[0], o[2]) for o in off_moves]}, {sp:.0f} mm/s"
        )
        # push-offs first (front of the line goes first)
        for src, d, gutter, face in off_moves:
            tr = seg.track_at(src, t)
            if d is None:
                e = seg.off(tr, t, lift, gutter, face)
            else:
                e = seg.roll_off(tr, (d[0] * 0.7, d[1] * 0.7), t, sp, gutter, face)
            self.gesture(f"{t:.3f} marble {src} off to {gutter}")
            if mode != "together":
                t = tr.cleared + rng.uniform(0.0, 0.3)
            end = max(end, e)
        if mode == "leapfrog":
            # the tail marble lifted to the head; the rest stay
            heads = [b for _, b in steps if b not in sources]
            tails = [a for a, _ in steps if a not in targets]
            for a, b in zip(tails, heads):
                tr = seg.track_at(a, t)
                self.gesture(f"{t:.3f} leapfrog {a}->{b}")
                e = seg.carry(tr, b, t, lift, self.offset(), None)
                end = max(end, e)
                t = e + rng.uniform(0.0, 0.4)
            return end
        # front first: order so that each target is empty when entered
        remaining = list(steps)
        if mode == "one_by_one":
            rng.shuffle(remaining)
        order = []
        occupied = {a for a, _ in remaining}
        while remaining:
            ready = [st for st in remaining if not any(o[0] == st[1] for o in remaining)]
            if not ready:
                ready = remaining[:1]
            st = ready[0]
            order.append(st)
            remaining.remove(st)
        t0 = t
        for a, b in order:
            tr = seg.track_at(a, t)
            if mode == "together":
                tt = t0
            else:
                tt = t
            e = seg.slide(tr, [b], tt, sp, self.offset())
            self.gesture(f"{tt:.3f} roll {a}->{b} lands {e:.3f}")
            end = max(end, e)
            if mode != "together":
                pause = rng.choice([rng.uniform(0.0, 0.2), rng.uniform(0.2, 0.9)])
                t = e + pause if rng.random() < 0.5 else tt + (e - tt) * rng.uniform(0.3, 1.0)
        return end

    def robot_chain(self, seg: Segment, text: str, journeys, t: float, lift: Lift) -> float:
        rng = self.rng
        path = text[2:].split("-")
        tokens = {j[1]: j for j in journeys if j[1] in self.cells and j[1] != path[0]}
        robot_j = [j for j in journeys if j[1] == path[0]][0]
        first = rng.random() < 0.35
        end = t
        tl = lift
        if first:  # tokens boxed first
            for c in path[1:]:
                if c in tokens and seg.occupant.get(c) is not None:
                    tr = seg.track_at(c, t)
                    seg.off(tr, t, tl, tokens[c][2], tokens[c][3])
                    self.gesture(f"{t:.3f} token {c} boxed first")
                    t = tr.cleared + rng.uniform(0.05, 0.5)
        rtr = seg.track_at(path[0], t)
        slide = rng.random() < 0.4
        for i, c in enumerate(path[1:]):
            if c in tokens and seg.occupant.get(c) is not None:
                tr = seg.track_at(c, t)
                seg.off(tr, t, tl, tokens[c][2], tokens[c][3])
                self.gesture(f"{t:.3f} token {c} eaten (boxed)")
                t = tr.cleared + rng.uniform(0.02, 0.3)
            if slide:
                e = seg.slide(rtr, [c], t, self.surface_speed(), self.offset())
            else:
                e = seg.carry(rtr, c, t, tl, self.offset(), None)
            pause = (
                rng.choice([rng.uniform(0.05, 0.4), rng.uniform(0.4, 2.0)])
                if i < len(path) - 2
                else 0
            )
            self.gesture(
                f"{t:.3f} robot {'slid' if slide else 'lifted'} to {c}, lands {e:.3f}"
                + (f", pause {pause:.2f}" if pause else "")
            )
            t = e + pause
            end = max(end, e)
        self.chain_ok = False
        if rng.random() < 0.5:
            tp = end + rng.uniform(0.05, 3.0)
            seg.extra.append((tp, ("press", ButtonRole.OK, len(self.played))))
            self.gesture(f"{tp:.3f} ok pressed (if the board still waits)")
            self.chain_ok = tp
        return end

    # --- putting right ---------------------------------------------------------------------
    def put_right(self, why: str) -> None:
        """Do what the board asks: put the pieces as its record has them (by hand)."""
        self.fixing = True
        self.flush()
        sim = self.sim
        self.run_to(sim.now + self.rng.uniform(0.5, 2.0))
        want = sim.physical(sim.controller.position.layout())
        seg = self.segment_for(sim.now)
        before = {
            s: (seg.occupant[s],)
            for s in seg.occupant
            if seg.occupant[s] is not None and s in self.cells
        }
        for s, v in seg.offboard.items():
            if v:
                before[s] = tuple(v)
        js = pair_journeys(before, want, self.cells)
        self.fixes.append({"at": round(sim.now, 3), "why": why, "journeys": len(js)})
        self.log(sim.now, f"HANDS put right ({why}): {[(j[1], j[2]) for j in js]}")
        t = sim.now + 0.05
        lift = Lift(150.0, 25.0, 300.0)
        try:
            for stone, src, dst, face in sorted(js, key=lambda j: (j[2] in self.cells, str(j[1]))):
                if src in self.cells and dst in self.cells:
                    if seg.occupant.get(dst) is not None:
                        raise RuntimeError("occupied")
                    tr = seg.track_at(src, t)
                    t = seg.carry(tr, dst, t, lift, (0.0, 0.0), face) + 0.3
                elif src in self.cells:
                    tr = seg.track_at(src, t)
                    t = seg.off(tr, t, lift, dst, face) + 0.1
                elif dst in self.cells:
                    tr = seg.new_track(stone, src, t, dst)
                    t = seg.carry(tr, dst, t, lift, (0.0, 0.0), face) + 0.3
                else:
                    pass
            self.flush()
        except Exception as exc:  # fall back to arranging
            self.seg = None
            self.log(sim.now, f"HANDS put right by arranging ({exc})")
            sim.world.arrange(want)
        # off-board spots as the record has them
        for spot in set(want) | set(sim.world.layout()):
            if spot not in self.cells and sim.world.layout().get(spot, ()) != tuple(
                want.get(spot, ())
            ):
                sim.world.restack(spot, tuple(want.get(spot, ())))
        self.run_to(sim.now + 1.5)

    def resync_truth(self) -> None:
        """Play on from the board's record (after counting the divergence)."""
        self.run_to(self.sim.now + 1.0)
        sim = self.sim
        end = sim.now + 4.0
        while sim.now < end and not (
            sim.controller.phase is Phase.PLAY and sim.controller.next_deadline(sim.now) is None
        ):
            self.run_to(sim.now + 0.1)
        self.main_landing = self.sim.now
        self.fixing = False
        self.reference = self.sim.controller.position.copy()
        n = len(self.reference.move_stack) - self.offset0
        self.played = list(self.record[:n])
        self.record = list(self.record[:n])
        self.dropped = {}

    def look(self, limit: float) -> bool:
        """Wait until the record has the moves played (True) or ``limit`` s."""
        end = self.sim.now + limit
        while self.sim.now < end:
            self.run_to(self.sim.now + 0.1)
            if self.record == self.played and self.sim.controller.phase is Phase.PLAY:
                return True
        return self.record == self.played

    # --- a game --------------------------------------------------------------------------
    def play(self, moves: int) -> None:
        rng = self.rng
        made = 0
        guard = 0
        while made < moves and guard < moves * 6:
            guard += 1
            ref = self.reference
            sim = self.sim
            # a prompt open: answer it now (or after 1-3 more moves)
            if sim.controller.phase is Phase.PROMPT or self.answer_at is not None:
                if self.answer_hold > 0 and sim.controller.phase is Phase.PROMPT:
                    self.log(
                        sim.now,
                        f"HANDS play on while the prompt is open ({self.answer_hold} to make)",
                    )
                else:
                    self.answer_hold = 0
                    self.flush()
                    self.answer_hold = 0  # a prompt opened meanwhile: answered too
                    self.run_to(max(sim.now, (self.answer_at or sim.now)) + 0.05)
                    if sim.controller.phase is Phase.PROMPT:
                        # not answerable (lacking the move) or asked ahead: wait, then put right
                        self.run_to(sim.now + 3.0)
                        if sim.controller.phase is Phase.PROMPT:
                            self.put_right("prompt left open")
                            if sim.controller.phase is Phase.PROMPT:
                                self.check_final()
                                self.resync_truth()
                                break
                            self.resync_truth()
                            continue
            if len(self.record) > len(self.played) and self.sim.controller.phase is Phase.PLAY:
                self.flush()
                self.run_to(sim.now + 0.5)
                if len(self.record) > len(self.played):
                    self.log(sim.now, "HANDS see the board record a move nobody played")
                    self.check_final()
                    self.put_right("record ahead of the hands")
                    self.resync_truth()
                    continue
            if self.oos:
                self.oos = False
                self.flush()
                self.run_to(sim.now + self.rng.uniform(0.5, 2.0))
                if self.record != self.played and sim.controller.phase is Phase.PLAY:
                    self.log(sim.now, "HANDS see the board out of step")
                    self.missed_mid.append(
                        {
                            "at": round(sim.now, 3),
                            "missing": self.played[len(self.record) :]
                            if self.record == self.played[: len(self.record)]
                            else None,
                        }
                    )
                    self.check_final()
                    self.put_right("board out of step")
                    self.resync_truth()
                    continue
            if ref.outcome() is not None:
                break
            if sim.controller.phase is Phase.GAME_OVER:
                break
            # the board's own moves (rolls, lost turns)
            legal_now = list(ref.legal_moves())
            sens = self.profile.sensing
            if ref.chance_moves() is not None or (
                len(legal_now) == 1
                and not ref.footprint(legal_now[0], sens)
                .restricted(self.profile.sensed_spots)
                .changes
            ):
                before = len(self.played)
                self.flush()
                end = sim.now + 6.0
                while sim.now < end and len(self.played) == before:
                    self.run_to(sim.now + 0.1)
                if len(self.played) == before:
                    self.log(sim.now, "board did not roll/pass: out of step")
                    self.missed_mid.append(
                        {"at": round(sim.now, 3), "missing": self.played[len(self.record) :]}
                    )
                    self.check_final()
                    self.put_right("not recorded")
                    self.resync_truth()
                continue
            legal = sorted(ref.legal_moves(), key=ref.move_text)
            sensing, sensed = self.profile.sensing, self.profile.sensed_spots
            shown = [m for m in legal if ref.footprint(m, sensing).restricted(sensed).changes]
            if not shown:
                self.flush()
                self.look(4.0)
                if sim.controller.phase is not Phase.PLAY:
                    continue
                m = rng.choice(legal)
                text = ref.move_text(m)
                self.log(sim.now, f"HANDS choose unseen move {text} on the page")
                self.played.append(text)
                ref.push(m)
                sim.send(Select(text))
                self.read_notices()
                want = sim.physical(ref.layout())
                for spot in set(want) | set(sim.world.layout()):
                    if spot not in self.cells and sim.world.layout().get(spot, ()) != tuple(
                        want.get(spot, ())
                    ):
                        sim.world.restack(spot, tuple(want.get(spot, ())))
                made += 1
                continue
            move = rng.choice(shown)
            # when the next hand starts
            seg_end = self.seg.end if self.seg is not None else self.landing
            mine = set()
            try:
                fp = ref.footprint(move, sensing)
                mine = set(fp.spots())
            except Exception:
                pass
            r = rng.random()
            after_roll = self.gname == "chaturaji"
            if made == 0:
                start = sim.now + rng.uniform(0.2, 1.0)
            elif self.answer_hold > 0 and sim.controller.phase is Phase.PROMPT:
                start = max(seg_end, sim.now) + rng.uniform(0.3, 2.0)  # plays on, prompt open
            elif after_roll or r < 0.35:
                # waits until the board has it
                self.flush()
                ok = self.look(4.0)
                if not ok and sim.controller.phase is Phase.PLAY:
                    self.log(
                        sim.now,
                        f"HANDS see the move not recorded: record {self.record[-3:]} played {self.played[-3:]}",
                    )
                    self.missed_mid.append(
                        {
                            "at": round(sim.now, 3),
                            "missing": self.played[len(self.record) :]
                            if self.record == self.played[: len(self.record)]
                            else None,
                        }
                    )
                    self.check_final()
                    self.put_right("not recorded")
                    self.resync_truth()
                    continue
                if sim.controller.phase is Phase.PROMPT:
                    continue
                start = sim.now + rng.uniform(0.05, 2.0)
            elif r < 0.55 and not (mine & self.last_cells):
                start = self.main_landing - rng.uniform(0.0, 0.35)  # both hands at once
            else:
                start = seg_end + rng.choice([rng.uniform(0.05, 0.3), rng.uniform(0.3, 2.0)])
            # a Robotory chain the board may wait on: the next hand on the robot presses ok
            # first (most of the time), or starts after a pause
            if (
                self.gname == "robotory"
                and ":" in getattr(self, "last_text", "")
                and mine & self.last_cells
                and not getattr(self, "chain_ok", False)
            ):
                if rng.random() < 0.6:
                    tp = max(self.main_landing, sim.now) + rng.uniform(0.1, 1.0)
                    seg = self.segment_for(tp)
                    seg.extra.append((tp, ("press", ButtonRole.OK, len(self.played) - 1)))
                    self.log(tp, "HANDS next player presses ok before touching the robot")
                    start = max(start, tp + rng.uniform(0.05, 0.5))
                else:
                    start = max(start, self.main_landing + rng.uniform(0.3, 3.0))
                    self.events_log.append(
                        {"at": round(start, 3), "kind": "robot touched after chain, no ok"}
                    )
            start = max(start, sim.now)
            not_before = self.main_landing + 0.05 if made > 0 else None
            try:
                self.landing = self.play_move(move, start, not_before)
            except Desync as exc:
                self.log(
                    sim.now, f"HANDS find the stones not as the truth has them ({exc}): put right"
                )
                self.events_log.append(
                    {"at": round(sim.now, 3), "kind": "harness desync", "why": str(exc)}
                )
                self.check_final()
                self.put_right("harness desync")
                self.resync_truth()
                continue
            if self.answer_hold > 0 and sim.controller.phase is Phase.PROMPT:
                self.answer_hold -= 1
            made += 1
        self.flush()

    def check_final(self) -> None:
        """Judge the record against the truth at this moment (wrong plies)."""
        for i, text in enumerate(self.record):
            if i < len(self.played) and self.played[i] != text:
                self.wrong.append(
                    {
                        "at": round(self.sim.now, 3),
                        "ply": i + 1,
                        "recorded": text,
                        "played": self.played[i],
                    }
                )
            elif i >= len(self.played):
                self.wrong.append(
                    {"at": round(self.sim.now, 3), "ply": i + 1, "recorded": text, "played": None}
                )
        for ply, (text, at) in sorted(self.dropped.items()):
            if ply >= len(self.record) or self.record[ply] != text:
                self.note_replaced(
                    ply, text, self.record[ply] if ply < len(self.record) else None, at
                )
        self.dropped = {}

    def finish(self) -> dict:
        self.flush()
        sim = self.sim
        # answer a last prompt, then let the board rest 5 s
        for _ in range(3):
            if sim.controller.phase is Phase.PROMPT:
                self.answer_hold = 0
                self.run_to(max(sim.now, self.answer_at or sim.now) + 0.05)
        self.run_to(sim.now + REST_AT_END)
        if sim.controller.phase is Phase.PROMPT:
            self.answer_hold = 0
            self.answer_at = sim.now
            self.run_to(sim.now + 0.1)
            self.run_to(sim.now + REST_AT_END)
        self.check_final()
        final_record = list(self.record)
        missing = 0
        out_of_step = False
        if final_record != self.played:
            if self.played[: len(final_record)] == final_record:
                missing = len(self.played) - len(final_record)
                out_of_step = True
        verdicts = []
        wrong_final = [w for w in self.wrong]
        if wrong_final:
            verdicts.append("wrong record")
        repl_bad = [r for r in self.replaced]
        if repl_bad:
            verdicts.append("replaced unasked")
        if self.lacking:
            verdicts.append("prompt lacking the move")
        ones = [p for p in self.prompts if len(p["choices"]) == 1]
        if ones:
            verdicts.append("one-choice prompt")
        if out_of_step or self.missed_mid:
            verdicts.append("missed")
        if not verdicts:
            verdicts.append("ok")
        return {
            "seed": self.seed,
            "game": self.gname,
            "profile": self.profile_name,
            "played": self.played,
            "record": final_record,
            "prompts": self.prompts,
            "takebacks": self.takebacks,
            "wrong": self.wrong,
            "replaced_unasked": self.replaced,
            "prompts_lacking": self.lacking,
            "one_choice": ones,
            "missed_at_end": missing,
            "missed_mid": self.missed_mid,
            "fixes": self.fixes,
            "board_events": self.events_log,
            "gestures": len(self.gestures),
            "sim_time": round(sim.now, 2),
            "verdict": verdicts,
        }


def run_trial(game: str, profile: str, seed: int, verbose: bool = False) -> tuple[dict, Hands5]:
    h = Hands5(game, profile, seed, verbose)
    h.profile_name = profile
    moves = h.rng.randint(10, 40)
    try:
        h.play(moves)
        result = h.finish()
    except Exception as exc:  # a harness error: recorded, never a verdict on the board
        import traceback

        h.check_final()
        result = {
            "seed": seed,
            "game": game,
            "profile": profile,
            "played": h.played,
            "record": h.record,
            "verdict": ["harness error"],
            "error": repr(exc),
            "trace": traceback.format_exc()[-2000:],
            "prompts": h.prompts,
            "wrong": h.wrong,
            "replaced_unasked": h.replaced,
            "prompts_lacking": h.lacking,
        }
    finally:
        h.sim.close()
    return result, h


def main(argv: list[str]) -> int:
    game, profile, n, seed0 = argv[0], argv[1], int(argv[2]), int(argv[3])
    out = OUT / f"out-{game}-{profile}-{seed0}.jsonl"
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w") as fh:
        for seed in range(seed0, seed0 + n):
            t0 = time.time()
            result, _ = run_trial(game, profile, seed)
            result["wall_s"] = round(time.time() - t0, 1)
            fh.write(json.dumps(result, default=str) + "\n")
            fh.flush()
            print(
                seed,
                result["verdict"],
                len(result.get("played", [])),
                "moves",
                result.get("wall_s"),
                "s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
