// Pieces drawn as the players know them, one function for the live board, the
// review, the set-up guide, the tray and a dragged piece: drawPiece.
//
// The drawings are made here in SVG, from nothing but the piece's kind, its owner,
// its face and the edge its owner sits at (no pictures copied in), as the game's look
// says (board.look, from Game.look: each face's kind of drawing, colour, size,
// character or figure; the styles a player may choose; the regions' and the seats'
// colours). No game is named here: a new game declares its look and is drawn. A
// drawing is made upright for its owner, forward up, in a box of about ±40 units (a
// cell is 100), and turned to face its owner's edge. What a piece moves like (the
// dots on a tile, the marks of the international style) comes from the server's
// piece book (board.pieces, from the game's rules), never from here.

import { svg } from "./common.js";

const STYLE_KEY = "kiban.pieces"; // localStorage: "kanji" or "international"
const SIZE = 36; // the radius the drawings are made for; scaled to the page's stone radius
const FACING = { south: 0, west: 90, north: 180, east: 270 };

export const pieceStyle = { chosen: "" }; // the style chosen, among a game's (board.look.styles)

// The drawing of one stone ({kind, owner, flipped, label}) in `parent`, centred on
// (x, y): a group whose transform is only its translation (a drag moves it), with
// the figure inside turned to face its owner.
export function drawPiece(parent, stone, x, y, { board, radius, count = 1, seatClass = "" }) {
  const facing = facingOf(board, stone.owner);
  const group = svg("g", {
    class: `stone piece ${seatClass} kind-${stone.kind}${stone.flipped ? " flipped" : ""}`,
    transform: `translate(${x} ${y})`,
    "data-kind": stone.kind,
    "data-owner": stone.owner === null || stone.owner === undefined ? "" : stone.owner,
    "data-facing": facing,
  }, parent);
  const entry = (board && board.pieces && board.pieces[key(stone)]) || { name: stone.label, steps: [], lines: [] };
  const told = board && board.piece_names ? board.piece_names[key(stone)] : null;
  svg("title", {}, group).textContent = told || entry.name; // in the page's language, told by the server
  const scale = (radius || SIZE) / SIZE;
  const figure = svg("g", {
    class: "figure",
    transform: `rotate(${facing}) scale(${round(scale)})`,
  }, group);
  const look = lookOf(board, stone);
  group.classList.add(`drawing-${look.drawing}`);
  (DRAWERS[look.drawing] || drawLetter)(figure, stone, entry, board, look);
  if (count > 1) {
    svg("text", { class: "count", x: 0.24 * 100, y: 0.26 * 100 }, group).textContent = `×${count}`;
  }
  return group;
}

// The look of one stone's face, as the game declares it (none: its label on a disc).
function lookOf(board, stone) {
  const pieces = (board && board.look && board.look.pieces) || {};
  return pieces[key(stone)] || { drawing: "letter", colour: "", size: 1, glyph: "", glyphs: [], figure: "" };
}

// The styles a game offers its pieces in (none, or more than one: the page shows its
// choice then), the first its default.
export function stylesOf(board) {
  return (board && board.look && board.look.styles) || [];
}

// The style the player chose before, kept in this browser (any game's style names).
export function loadPieceStyle() {
  try {
    pieceStyle.chosen = localStorage.getItem(STYLE_KEY) || "";
  } catch {
    pieceStyle.chosen = "";
  }
  return pieceStyle.chosen;
}

export function setPieceStyle(style) {
  pieceStyle.chosen = style;
  try {
    localStorage.setItem(STYLE_KEY, style);
  } catch {
    // a browser that keeps nothing: the choice lasts as long as the page
  }
}

// The style `board`'s pieces are drawn in: the one chosen, where the game has it,
// else its first.
export function styleFor(board) {
  const styles = stylesOf(board);
  return styles.includes(pieceStyle.chosen) ? pieceStyle.chosen : styles[0] || "";
}

function key(stone) {
  return `${stone.flipped ? "+" : ""}${stone.kind}`;
}

function round(value) {
  return Math.round(value * 1000) / 1000;
}

// A piece faces its owner's edge; a shared piece (no owner) stands as the board is drawn.
function facingOf(board, owner) {
  if (!board || owner === null || owner === undefined) return 0;
  const info = board.seats && board.seats[owner];
  return info ? FACING[info.side] || 0 : 0;
}

function path(parent, d, attributes = {}) {
  return svg("path", { d, ...attributes }, parent);
}

function points(list) {
  return list.map(([px, py]) => `${round(px)},${round(py)}`).join(" ");
}

// --- the move marks: a dot per step, an arrow per line ---------------------------------

// Dots near the edge of a piece, one per step of the piece book; a jump (a knight's
// two forward) sits further out than a step.
function moveDots(parent, steps, reach, radius, className = "move-dot") {
  for (const [dx, dy] of steps) {
    const far = Math.max(Math.abs(dx), Math.abs(dy)) > 1;
    const length = Math.hypot(dx, dy);
    const at = far ? reach * 1.05 : reach;
    const px = (dx / (far ? length : 1)) * at;
    const py = (dy / (far ? length : 1)) * at;
    svg("circle", { class: className, cx: round(px), cy: round(py), r: radius }, parent);
  }
}

function moveLines(parent, lines, reach) {
  for (const [dx, dy] of lines) {
    const length = Math.hypot(dx, dy);
    const ux = dx / length;
    const uy = dy / length;
    const tipX = ux * reach;
    const tipY = uy * reach;
    const baseX = ux * (reach - 9);
    const baseY = uy * (reach - 9);
    svg("line", {
      class: "move-line",
      x1: round(ux * 10), y1: round(uy * 10), x2: round(baseX), y2: round(baseY),
    }, parent);
    svg("polygon", {
      class: "move-line-head",
      points: points([
        [tipX, tipY],
        [baseX - uy * 5, baseY + ux * 5],
        [baseX + uy * 5, baseY - ux * 5],
      ]),
    }, parent);
  }
}

// --- a tile: a robot sticker on a wooden tile, a dot per way it moves ------------------

function drawTile(figure, stone, entry, board, look) {
  svg("rect", { class: "outline tile", x: -40, y: -40, width: 80, height: 80, rx: 9 }, figure);
  // the owner's edge of the tile, darker: the piece is seen from there
  svg("rect", { class: "tile-back", x: -36, y: 31, width: 72, height: 5, rx: 2 }, figure);
  robot(figure, look.colour || "#8d6e63", look.size || 1);
  moveDots(figure, entry.steps, 31, 4.6);
}

// A robot standing upright, its head toward forward: antenna, head with two eyes,
// body with a panel, arms and feet; `size` 1 fills a tile.
function robot(parent, colour, size = 1) {
  const group = svg("g", { class: "robot", transform: `scale(${size})`, fill: colour }, parent);
  svg("line", { class: "robot-line", x1: 0, y1: -25, x2: 0, y2: -19 }, group);
  svg("circle", { class: "robot-part", cx: 0, cy: -26, r: 3 }, group);
  svg("rect", { class: "robot-part", x: -12, y: -19, width: 24, height: 15, rx: 4 }, group);
  svg("circle", { class: "robot-eye", cx: -5, cy: -12, r: 2.6 }, group);
  svg("circle", { class: "robot-eye", cx: 5, cy: -12, r: 2.6 }, group);
  svg("rect", { class: "robot-part", x: -14, y: -2, width: 28, height: 19, rx: 3 }, group);
  svg("rect", { class: "robot-panel", x: -6, y: 3, width: 12, height: 7, rx: 1.5 }, group);
  svg("rect", { class: "robot-part", x: -21, y: 0, width: 6, height: 13, rx: 3 }, group);
  svg("rect", { class: "robot-part", x: 15, y: 0, width: 6, height: 13, rx: 3 }, group);
  svg("rect", { class: "robot-part", x: -12, y: 17, width: 8, height: 7, rx: 2 }, group);
  svg("rect", { class: "robot-part", x: 4, y: 17, width: 8, height: 7, rx: 2 }, group);
  return group;
}

// --- a pentagon: its character, or the marks of its moves ------------------------------

function drawPentagon(figure, stone, entry, board, look) {
  const piece = svg("g", { transform: `scale(${look.size || 0.9})` }, figure);
  svg("polygon", {
    class: "outline pentagon",
    points: points([[0, -44], [29, -32], [37, 41], [-37, 41], [-29, -32]]),
  }, piece);
  const turned = stone.flipped ? " promoted" : "";
  if (styleFor(board) === "international") {
    const marks = svg("g", { class: `marks${turned}` }, piece);
    moveLines(marks, entry.lines, 34);
    moveDots(marks, entry.steps, 27, 4.4);
    svg("text", { class: "symbol", y: 6 }, piece).textContent = stone.kind.toUpperCase();
    return;
  }
  const glyph = (look.glyphs && look.glyphs[stone.owner]) || look.glyph || stone.label;
  svg("text", { class: `kanji${turned}`, y: 2 }, piece).textContent = glyph;
}

// --- an army: its figure on a disc of its seat's colours -------------------------------

function drawArmy(figure, stone, entry, board, look) {
  const colours = (board && board.look && board.look.seat_colours) || [];
  const [colour, pale] = colours[stone.owner] || ["#8d6e63", "#eeeeee"];
  // through the CSSOM: the page's policy forbids style attributes
  figure.style.setProperty("--army", colour);
  figure.style.setProperty("--pale", pale);
  svg("circle", { class: "outline token", r: 38 }, figure);
  const shape = svg("g", { class: "army-figure" }, figure);
  (FIGURES[look.figure] || FIGURES.pawn)(shape);
  // the base of each figure stands toward its owner's edge
  svg("rect", { class: "figure-base", x: -20, y: 22, width: 40, height: 7, rx: 2 }, figure);
}

const FIGURES = {
  king: (g) => {
    path(g, "M-16 20 L-19 -12 L-9 -2 L0 -20 L9 -2 L19 -12 L16 20 Z");
    svg("circle", { cx: 0, cy: -24, r: 4 }, g);
    svg("circle", { cx: -19, cy: -15, r: 3 }, g);
    svg("circle", { cx: 19, cy: -15, r: 3 }, g);
  },
  elephant: (g) => {
    // an elephant seen from the side, its trunk forward and down
    path(g, "M-22 -4 C-22 -16 -6 -18 6 -16 C16 -20 24 -12 24 -2 C24 6 22 14 20 20 L15 20 "
      + "C15 12 17 6 16 2 L12 2 L12 20 L6 20 L6 6 L-8 6 L-8 20 L-14 20 L-14 6 C-20 4 -22 2 -22 -4 Z");
    path(g, "M-9 -15 C-2 -22 8 -18 6 -8 C0 -4 -8 -8 -9 -15 Z", { class: "figure-detail" });
  },
  horse: (g) => {
    // a horse's head and neck, as a chess knight
    path(g, "M-14 20 C-14 4 -8 -6 -2 -12 C-8 -10 -16 -8 -20 -12 C-20 -18 -6 -24 4 -26 "
      + "L8 -32 L11 -24 C20 -18 22 -4 20 20 Z");
    svg("circle", { class: "figure-detail", cx: -1, cy: -18, r: 2.4 }, g);
  },
  boat: (g) => {
    // a boat: hull, mast and sail
    path(g, "M-24 6 L24 6 L16 20 L-16 20 Z");
    svg("rect", { x: -1.5, y: -26, width: 3, height: 32 }, g);
    path(g, "M3 -24 L20 2 L3 2 Z");
    path(g, "M-3 -20 L-16 2 L-3 2 Z");
  },
  pawn: (g) => {
    svg("circle", { cx: 0, cy: -13, r: 8 }, g);
    path(g, "M-6 -5 L6 -5 L11 20 L-11 20 Z");
  },
};

// --- a marble, shaded ------------------------------------------------------------------

function drawMarble(figure, stone, entry, board, look) {
  marbleShades();
  const white = look.colour === "white";
  svg("circle", { class: `outline marble ${white ? "marble-white" : "marble-black"}`, r: 37 }, figure);
  svg("ellipse", { class: "marble-shine", cx: -12, cy: -14, rx: 11, ry: 7, transform: "rotate(-35 -12 -14)" }, figure);
}

// The marbles' shading, defined once in the document (the board and the tray share it).
function marbleShades() {
  if (document.getElementById("marble-black")) return;
  const holder = svg("svg", { width: 0, height: 0, "aria-hidden": "true", class: "shades" });
  const defs = svg("defs", {}, holder);
  for (const [id, light, dark] of [["marble-black", "#6b6b6b", "#050505"], ["marble-white", "#ffffff", "#b9b4aa"]]) {
    const gradient = svg("radialGradient", { id, cx: "0.35", cy: "0.3", r: "0.75" }, defs);
    svg("stop", { offset: "0", "stop-color": light }, gradient);
    svg("stop", { offset: "1", "stop-color": dark }, gradient);
  }
  document.body.appendChild(holder);
}

// --- a robot on its base; an energy token with its bolt -------------------------------

function drawRobot(figure, stone, entry, board, look) {
  svg("circle", { class: "outline robot-base", r: 38 }, figure);
  const drawn = robot(figure, look.colour || "#8d6e63", look.size || 1);
  if (dark(look.colour)) drawn.classList.add("robot-dark"); // its eyes and panel light
}

function drawToken(figure, stone, entry, board, look) {
  const white = look.colour === "white";
  svg("circle", { class: `outline energy ${white ? "energy-white" : "energy-black"}`, r: 30 }, figure);
  path(figure, "M4 -20 L-10 3 L-1 3 L-5 20 L11 -4 L2 -4 Z", { class: "energy-bolt" });
}

// Whether a colour ("#2a2a2a") is dark enough that black lines on it would not show.
function dark(colour) {
  const found = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour || "");
  if (!found) return false;
  const [r, g, b] = found.slice(1).map((part) => parseInt(part, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b < 80;
}

// --- any other game: its letter on a disc, as before -----------------------------------

function drawLetter(figure, stone) {
  svg("circle", { class: "outline letter", r: SIZE }, figure);
  svg("text", { class: "letter", y: 0 }, figure).textContent = stone.label;
}

const DRAWERS = {
  letter: drawLetter,
  tile: drawTile,
  pentagon: drawPentagon,
  army: drawArmy,
  marble: drawMarble,
  robot: drawRobot,
  token: drawToken,
};

