// The board as the server describes it: cells, off-board spots, the LEDs under
// them, the indicator LEDs round the board with their captions, and the pieces.

import { $, OFF, UNIT, page, seatClass, svg } from "./common.js";
import { drawPiece, loadPieceStyle, setPieceStyle, styleFor, stylesOf } from "./pieces.js";
import { word } from "./words.js";

// The board's words as `page.board` has them, its elements kept (a drag goes on): the
// title, the spots' names and labels, the indicators' names and the captions.
export function renameBoard() {
  const board = page.board;
  if (!board) return;
  titleBoard(board);
  nameSpots(board);
  for (const [element, kind, index, field, fallback] of page.boardWords) {
    const entry = (board[kind] || [])[index];
    element.textContent = (entry && entry[field]) || fallback;
  }
  fitNames();
}

// The same board sent again told in another language: its words put in place.
export function retellBoard(board) {
  page.board = board;
  renameBoard();
}

function titleBoard(board) {
  const title = board.title;
  const simulated = board.mode === `simulator`;
  document.title = `Kiban: ${title}`;
  $("title").textContent = `${title} · ${simulated ? word("simulated board") : board.profile}`;
}

// Each spot's name in the page's language, by its id.
function nameSpots(board) {
  page.names = new Map([...board.cells, ...board.off_board].map((spot) => [spot.spot, spot.name || spot.spot]));
}

const WORDED = ["cells", "off_board", "indicators", "captions"];

// `element` shows `entry`'s `field` (told by the server), and that of the entry in its
// place when the board comes again in another language.
function told(element, entry, field, fallback = ``) {
  element.textContent = entry[field] || fallback;
  const kind = WORDED.find((name) => (page.board[name] || []).includes(entry));
  page.boardWords.push([element, kind, page.board[kind].indexOf(entry), field, fallback]);
}

export function renderBoard(board) {
  page.board = board;
  page.scale = UNIT / board.pitch;
  const k = page.scale;
  const root = $("board");
  root.replaceChildren();
  const [x0, y0, x1, y1] = board.extent;
  const pad = 0.15 * UNIT;
  root.setAttribute(
    "viewBox",
    `${x0 * k - pad} ${y0 * k - pad} ${(x1 - x0) * k + 2 * pad} ${(y1 - y0) * k + 2 * pad}`,
  );
  page.boardWords = []; // [element, kind, index, field, fallback]: told again in another language
  titleBoard(board);
  document.body.dataset.mode = board.mode;
  document.body.dataset.game = board.game;
  $("tray").hidden = !board.world;
  $("piece-style-box").hidden = stylesOf(board).length < 2;
  $("piece-style").checked = stylesOf(board).length > 1 && styleFor(board) === stylesOf(board)[1];
  document.body.dataset.pieceStyle = styleFor(board);

  const layers = {};
  for (const name of ["cells", "glows", "dots", "pieces", "indicators", "overlay"]) {
    layers[name] = svg("g", { class: `layer-${name}` }, root);
  }
  page.layers = layers;
  drawSpots(board, layers.cells);
  drawLeds(board, layers);
  drawIndicators(board, layers.indicators);
}

function drawSpots(board, layer) {
  const k = page.scale;
  const regions = regionClasses(board);
  page.spots = new Map();
  const points = (list) => list.map(([x, y]) => `${x * k},${y * k}`).join(" ");
  // spot names: a square's bottom left corner, a hexagon's bottom middle
  const square = board.shape === "square";
  nameSpots(board);
  const name = (spot, x, y, inset, extra) => {
    const text = svg("text", {
      class: `spot-name${extra}`,
      x: square ? x - inset * UNIT : x,
      y: y + (square ? inset + 0.02 : 0.45) * UNIT,
      "text-anchor": square ? "start" : "middle",
    }, layer);
    told(text, spot, `label`, spot.spot);
    return text;
  };
  for (const cell of board.cells) {
    const polygon = svg("polygon", {
      class: ["cell", ...(regions.get(cell.spot) || [])].join(" "),
      points: points(cell.points),
      "data-spot": cell.spot,
    }, layer);
    name(cell, cell.x * k, cell.y * k, 0.42, "");
    paintRegions(polygon, board, regions.get(cell.spot) || []);
    page.spots.set(cell.spot, { x: cell.x * k, y: cell.y * k, element: polygon });
  }
  for (const spot of board.off_board) {
    const polygon = svg("polygon", {
      class: "offboard",
      points: points(spot.points),
      "data-spot": spot.spot,
    }, layer);
    told(svg("title", {}, polygon), spot, `name`, spot.spot);
    const label = name(spot, spot.x * k, spot.y * k, 0.38, " offboard-name");
    const xs = spot.points.map(([x]) => x * k);
    label.dataset.room = String(Math.max(...xs) - Math.min(...xs) - 0.16 * UNIT);
    page.spots.set(spot.spot, { x: spot.x * k, y: spot.y * k, element: polygon });
  }
  page.stoneRadius = (square ? 0.36 : 0.33) * UNIT;
  fitNames();
}

// A name off the board ("srebrny generał") longer than its spot is narrowed to fit it,
// in every language: it never runs onto the board.
function fitNames() {
  for (const label of document.querySelectorAll("#board text.offboard-name")) {
    label.removeAttribute("textLength");
    label.removeAttribute("lengthAdjust");
    const room = Number(label.dataset.room);
    if (label.getComputedTextLength() > room) {
      label.setAttribute("textLength", String(room));
      label.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}

function drawLeds(board, layers) {
  const k = page.scale;
  page.leds = [];
  for (const led of board.leds) {
    const shared = led.spots.length > 1 || !isCentre(led);
    const glow = svg("circle", {
      class: "glow",
      cx: led.x * k,
      cy: led.y * k,
      r: (shared ? 0.3 : 0.48) * UNIT,
      fill: "none",
      opacity: 0.5,
    }, layers.glows);
    const dot = svg("circle", {
      class: "led off",
      cx: led.x * k,
      cy: led.y * k,
      r: 0.09 * UNIT,
      "data-index": led.index,
      "data-spots": led.spots.join(" "),
    }, layers.dots);
    page.leds.push({ index: led.index, glow, dot, shared: led.spots.length > 1 });
  }
}

// Indicators sit where the server placed them (a seat's on its edge, the others
// beside the board); each seat's row and each other indicator has a caption.
function drawIndicators(board, layer) {
  const k = page.scale;
  page.indicators = [];
  for (const indicator of board.indicators) {
    const glow = svg("circle", {
      class: "glow", cx: indicator.x * k, cy: indicator.y * k, r: 0.22 * UNIT, fill: "none", opacity: 0.5,
    }, layer);
    const dot = svg("circle", {
      class: "led indicator off",
      cx: indicator.x * k,
      cy: indicator.y * k,
      r: 0.11 * UNIT,
      "data-indicator": indicator.name,
      "data-index": indicator.leds[0],
    }, layer);
    told(svg("title", {}, dot), indicator, `label`);
    page.indicators.push({ leds: indicator.leds, glow, dot });
  }
  for (const caption of board.captions || []) {
    const whose = caption.seat === null || caption.seat === undefined ? "" : ` caption ${seatClass(caption.seat)}`;
    told(svg("text", {
      class: `indicator-label${whose}`,
      x: caption.x * k,
      y: caption.y * k,
      "text-anchor": caption.anchor,
    }, layer), caption, `text`);
  }
}

function isCentre(led) {
  const spot = page.spots.get(led.spots[0]);
  if (!spot) return false;
  return Math.abs(spot.x - led.x * page.scale) < 1 && Math.abs(spot.y - led.y * page.scale) < 1;
}

function lit(colour) {
  return colour && colour.toLowerCase() !== OFF;
}

function paintLed(glow, dot, colour) {
  if (lit(colour)) {
    dot.setAttribute("fill", colour);
    dot.classList.remove("off");
    glow.setAttribute("fill", colour);
  } else {
    dot.setAttribute("fill", "#3b3226");
    dot.classList.add("off");
    glow.setAttribute("fill", "none");
  }
}

export function renderLeds(state) {
  for (const led of page.leds) paintLed(led.glow, led.dot, state.leds[led.index]);
  for (const indicator of page.indicators) {
    paintLed(indicator.glow, indicator.dot, state.leds[indicator.leds[0]]);
  }
  markMeant(state);
}

// Where LEDs are shared (a corner LED between four squares), six lit corners could be
// read as more squares than the two they mean: the page outlines each square the
// lights mean in its colour.
function markMeant(state) {
  const shared = page.leds.some((led) => led.shared);
  const meant = state.lit || {};
  for (const [spot, place] of page.spots) {
    const colour = shared ? meant[spot] : undefined;
    place.element.classList.toggle("meant", Boolean(colour));
    if (colour) place.element.style.setProperty("--meant", colour);
    else place.element.style.removeProperty("--meant");
  }
}

// Every piece the page shows (the board, the review, the set-up guide, the tray, a
// dragged piece) is drawn by pieces.js's one drawing.
export function drawStone(parent, stone, x, y, count = 1) {
  return drawPiece(parent, stone, x, y, {
    board: page.board,
    radius: page.stoneRadius || 0.36 * UNIT,
    count,
    seatClass: seatClass(stone.owner),
  });
}

export function renderPieces(state) {
  const layer = page.layers.pieces;
  layer.replaceChildren();
  const movable = new Set(state.movable || []);
  for (const [spot, stones] of Object.entries(state.pieces)) {
    const place = page.spots.get(spot);
    if (!place || !stones.length) continue;
    const group = drawStone(layer, stones[stones.length - 1], place.x, place.y, stones.length);
    group.dataset.spot = spot;
    if (state.pieces_from !== "world") group.classList.add("expected");
    if (movable.has(spot)) group.classList.add("movable");
  }
}

// Every region a cell lies in becomes a class: "zone:0" -> region-zone region-zone-0
// (by spot; the spectator page's boards are drawn with it too).
export function regionClasses(board) {
  const regions = new Map();
  for (const [name, spots] of Object.entries(board.regions)) {
    const [kind, ...rest] = name.split(":");
    const classes = [`region-${kind}`, ...(rest.length ? [`region-${kind}-${rest.join("-")}`] : [])];
    for (const spot of spots) regions.set(spot, [...(regions.get(spot) || []), ...classes]);
  }
  return regions;
}

// A cell in the colour its game's look gives one of its regions ("region-camp-0" with
// board.look.regions["camp-0"]), through the CSSOM: the page's policy forbids style
// attributes.
export function paintRegions(polygon, board, classes) {
  const colours = (board.look && board.look.regions) || {};
  for (const name of classes) {
    const colour = colours[name.replace(/^region-/, "")];
    if (colour) polygon.style.setProperty("fill", colour);
  }
}

// The pieces' style, for a game that offers two (its look's styles: shogi's kanji or
// the international marks beginners learn with), kept in this browser; a change draws
// every piece again.
function bindPieceStyle() {
  const box = $("piece-style");
  if (!box) return;
  loadPieceStyle();
  box.addEventListener("change", () => {
    const styles = stylesOf(page.board);
    if (styles.length < 2) return;
    setPieceStyle(box.checked ? styles[1] : styles[0]);
    document.body.dataset.pieceStyle = styleFor(page.board);
    if (window.kiban && page.board) window.kiban.render(page.board, page.state);
  });
}

bindPieceStyle();
