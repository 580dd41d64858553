// The spectator page: every table of the room live, drawn as the board page draws its
// board (the server's board message, board.js's regions, pieces.js's pieces), its
// own words the served ones (words.js); what is said (a board's title and seats, a
// result) the server tells in the page's language (?language=). The index (tables.json) is asked for again as soon
// as it comes, the server holding each question until the index changes (a long poll,
// WAIT seconds at most); the running clock counts down between answers from the
// audience's time the index gives (its "now"), so a phone's own clock being wrong does
// not matter.

import { paintRegions, regionClasses } from "./board.js";
import { $, UNIT, clockText, html, seatClass, svg } from "./common.js";
import { drawPiece, loadPieceStyle } from "./pieces.js";
import { bindWords, word } from "./words.js";

const WAIT = 20; // s the server may hold a question (firmware_host/web/spectator/app.py says why)
const AGAIN = 50; // ms before the next question after an answer
const RETRY = 1000; // ms before asking again after a failure (the server away)
const TICK = 200; // ms between the running clocks' redraws (tenths show under 10 s)

// One table alone: its page (?table=N) with its moves and records, or the view another
// site frames (/embed/?table=N, nothing but the table).
const shownTable = Number(new URLSearchParams(location.search).get("table")) || null;
const embedded = location.pathname.includes("/embed/");

const live = {
  details: null, // the table page's move list and records, as last read (table/N.json)
  detailsKey: null, // the index entry's key the details were read for
  tag: null, // the index's ETag last read
  asking: null, // the question in flight: its AbortController (a new language asks afresh)
  offset: 0, // the audience's time now less this browser's, in seconds
  tables: [], // the index's tables as last read
  boards: new Map(), // game -> its board message (a promise until it came)
  cards: new Map(), // table number -> {element, game, board, svg, layers, spots, key}
};

// The language the page reads: the server tells what it sends in it.
function language() {
  return $("language").value;
}

function boardOf(game) {
  const key = `${language()} ${game}`;
  if (!live.boards.has(key)) {
    const url = `boards/${encodeURIComponent(game)}.json?language=${encodeURIComponent(language())}`;
    live.boards.set(key, fetch(url).then((r) => r.json()));
  }
  return live.boards.get(key);
}

// The cells and spots off the board of `board`, in `root`: the board page's outlines
// and regions; what the pieces stand on, by spot.
function drawBoard(root, board) {
  const k = UNIT / board.pitch;
  const spots = [...board.cells, ...board.off_board];
  const xs = spots.flatMap((spot) => spot.points.map(([x]) => x * k));
  const ys = spots.flatMap((spot) => spot.points.map(([, y]) => y * k));
  const pad = 0.1 * UNIT;
  const [x0, y0] = [Math.min(...xs) - pad, Math.min(...ys) - pad];
  root.setAttribute("viewBox", `${x0} ${y0} ${Math.max(...xs) + pad - x0} ${Math.max(...ys) + pad - y0}`);
  const cells = svg("g", { class: "layer-cells" }, root);
  const pieces = svg("g", { class: "layer-pieces" }, root);
  const regions = regionClasses(board);
  const places = new Map();
  const points = (list) => list.map(([x, y]) => `${x * k},${y * k}`).join(" ");
  for (const cell of board.cells) {
    const classes = regions.get(cell.spot) || [];
    const polygon = svg("polygon", { class: ["cell", ...classes].join(" "), points: points(cell.points), "data-spot": cell.spot }, cells);
    paintRegions(polygon, board, classes);
    places.set(cell.spot, { x: cell.x * k, y: cell.y * k, element: polygon });
  }
  for (const spot of board.off_board) {
    const polygon = svg("polygon", { class: "offboard", points: points(spot.points), "data-spot": spot.spot }, cells);
    places.set(spot.spot, { x: spot.x * k, y: spot.y * k, element: polygon });
  }
  return { pieces, places, radius: (board.shape === "square" ? 0.36 : 0.33) * UNIT };
}

function card(entry, board) {
  const element = html("article", { className: "live-table", "data-table": entry.table, "data-game": entry.game });
  const heading = html("h2", {}, null, element);
  const variant = html("p", { className: "live-variant" }, null, element);
  const root = svg("svg", { class: "live-board", role: "img" }, element);
  const drawn = drawBoard(root, board);
  const seats = html("ol", { className: "live-seats" }, null, element);
  const last = html("p", { className: "live-last" }, null, element);
  const result = html("p", { className: "live-result", role: "status" }, null, element);
  return { element, heading, variant, root, seats, last, result, board, game: entry.game, key: null, ...drawn };
}

// One table's pieces, last move, seats with their clocks, and result.
function renderTable(view, entry) {
  const { board } = view;
  const key = `${entry.changed}|${entry.moves.length}|${entry.result ? 1 : 0}`;
  if (view.key !== key) {
    view.pieces.replaceChildren();
    for (const [spot, stones] of Object.entries(entry.pieces)) {
      const place = view.places.get(spot);
      if (!place || !stones.length) continue;
      const top = stones[stones.length - 1];
      const group = drawPiece(view.pieces, top, place.x, place.y, {
        board, radius: view.radius, count: stones.length, seatClass: seatClass(top.owner, board),
      });
      group.dataset.spot = spot;
    }
    const marked = new Set(entry.last);
    for (const [spot, place] of view.places) place.element.classList.toggle("last-move", marked.has(spot));
    view.key = key;
  }
  view.element.dataset.moves = String(entry.moves.length);
  view.element.dataset.last = entry.last_move || "";
  view.element.dataset.result = entry.result ? entry.result.termination : "";
  const title = board.title;
  const name = word("Table {number}", { number: entry.table });
  view.heading.replaceChildren();
  if (shownTable === null && !embedded) {
    html("a", { href: `?table=${entry.table}`, className: "live-open" }, name, view.heading);
  } else {
    view.heading.append(name);
  }
  view.heading.append(` · ${title}`);
  if (entry.event) html("span", { className: "live-event" }, ` · ${entry.event}`, view.heading);
  view.variant.textContent = entry.variant ? word("handicap or variant: {variant}", { variant: entry.variant }) : "";
  view.variant.hidden = !entry.variant;
  view.root.setAttribute(`aria-label`, `${name} · ${title}`);
  renderSeats(view, entry);
  const parts = [word("moves: {count}", { count: entry.moves.length })];
  if (entry.last_words) parts.unshift(word("last move: {move}", { move: entry.last_words })); // the game's words
  view.last.textContent = parts.join(" · ");
  view.result.textContent = entry.result_named || entry.result_text || ""; // told by the server, by name
}

function renderSeats(view, entry) {
  const { board } = view;
  view.seats.replaceChildren();
  entry.seats.forEach((_, index) => {
    const moving = entry.to_move === index;
    const row = html("li", { className: `${seatClass(index, board)}${moving ? " to-move" : ""}`, "data-seat": index }, null, view.seats);
    const player = entry.players[index];
    html(`span`, { className: `live-player` }, player || word("no player named"), row);
    html("span", { className: "live-seat" }, board.seats[index].name, row);
    if (moving) html(`span`, { className: `live-turn` }, word("to move"), row);
    if (entry.clocks.length) html("span", { className: "live-clock", "data-clock": index }, "", row);
  });
  tickTable(view, entry);
}

// The clocks of a table now: the seat to move's counted down since its last move came.
function tickTable(view, entry) {
  const now = Date.now() / 1000 + live.offset;
  entry.clocks.forEach((clock, index) => {
    const element = view.seats.querySelector(`[data-clock="${index}"]`);
    if (!element) return;
    const running = entry.running_since !== null && entry.to_move === index;
    const left = running ? clock.left - Math.max(0, now - entry.running_since) : clock.left;
    element.textContent = clockText(left, entry.byoyomi);
    element.classList.toggle("running", running);
  });
}

function renderPick() {
  const pick = $("pick");
  const wanted = ["", ...live.tables.map((entry) => String(entry.table))];
  const players = (entry) => entry.players.join(` – `);
  const labels = [word("every table"), ...live.tables.map((entry) =>
    `${word("Table {number}", { number: entry.table })} · ${players(entry)}`)];
  if ([...pick.options].map((option) => option.value).join() !== wanted.join()) {
    pick.replaceChildren();
    wanted.forEach((value, index) => html("option", { value }, labels[index], pick));
  } else {
    [...pick.options].forEach((option, index) => { option.textContent = labels[index]; });
  }
  pick.value = shownTable === null ? "" : String(shownTable);
}

// The table page's details: the move list in the game's words, the record's files and
// the frame another site may show; read again when the table's entry changed.
async function renderDetails(entry) {
  const key = `${language()}|${entry.changed}|${entry.moves.length}|${entry.result ? 1 : 0}`;
  if (live.detailsKey !== key) {
    const response = await fetch(`table/${entry.table}.json?language=${encodeURIComponent(language())}`, { cache: "no-store" });
    if (!response.ok) return;
    live.details = await response.json();
    live.detailsKey = key;
  }
  const details = live.details;
  $("table-page").hidden = false;
  $("variant").hidden = true;
  const list = $("move-list");
  list.replaceChildren();
  details.moves.forEach((move, index) => {
    const item = html("li", { "data-ply": move.ply }, null, list);
    html("span", { className: "live-notation" }, move.move, item);
    html("span", { className: "live-words" }, details.moves_words[index], item);
    if (move.spent !== null) html("span", { className: "live-spent" }, clockText(move.spent, null), item);
  });
  const records = $("records");
  records.replaceChildren();
  for (const suffix of details.records) {
    html("a", { href: `tables/${entry.table}.${suffix}`, "data-suffix": suffix }, `.${suffix}`, records);
    records.append(" ");
  }
  const here = new URL(`embed/?table=${entry.table}`, location.href.split("?")[0]);
  const title = word("Table {number}", { number: entry.table });
  $("embed-code").value = `<iframe src="${here.href}" width="420" height="560" title="${title}"></iframe>`;
  document.body.dataset.details = String(details.moves.length);
}

async function render() {
  const main = $("tables");
  renderPick();
  const wanted = live.tables.filter((entry) => shownTable === null || entry.table === shownTable);
  $("no-tables").hidden = wanted.length > 0;
  const shown = new Set();
  for (const entry of wanted) {
    const board = await boardOf(entry.game);
    let view = live.cards.get(entry.table);
    if (!view || view.game !== entry.game) {
      if (view) view.element.remove();
      view = card(entry, board);
      live.cards.set(entry.table, view);
    }
    view.board = board; // in the language now read
    main.appendChild(view.element); // in the index's order, by table
    renderTable(view, entry);
    shown.add(entry.table);
  }
  for (const [number, view] of live.cards) {
    if (!shown.has(number)) {
      view.element.remove();
      live.cards.delete(number);
    }
  }
  document.body.dataset.tables = String(live.tables.length);
  const alone = wanted.length === 1 && shownTable !== null ? wanted[0] : null;
  if (alone && !embedded) await renderDetails(alone);
  else $("table-page").hidden = true;
}

async function poll() {
  let next = AGAIN;
  live.asking = new AbortController();
  const asked = live.asking;
  try {
    const told = `language=${encodeURIComponent(language())}`;
    const url = live.tag ? `tables.json?wait=${WAIT}&${told}` : `tables.json?${told}`;
    const headers = live.tag ? { "If-None-Match": live.tag } : {};
    const response = await fetch(url, { cache: "no-store", headers, signal: asked.signal });
    if (response.status === 200) {
      const index = await response.json();
      live.tag = response.headers.get("ETag");
      live.offset = index.now - Date.now() / 1000;
      live.tables = index.tables;
      $(`audience-${index.audience}`).hidden = false;
      await render();
    } else if (response.status !== 304) {
      throw new Error(String(response.status));
    }
    $("connection").hidden = true;
    $("offline").hidden = true;
  } catch {
    if (asked.signal.aborted) next = 0; // another language: asked again at once
    else {
      $("offline").hidden = false;
      next = RETRY;
    }
  }
  document.body.dataset.polls = String(Number(document.body.dataset.polls || 0) + 1);
  setTimeout(poll, next);
}

function tick() {
  for (const entry of live.tables) {
    const view = live.cards.get(entry.table);
    if (view) tickTable(view, entry);
  }
}

function start() {
  loadPieceStyle();
  document.body.classList.toggle("embedded", embedded);
  document.body.classList.toggle("one-table", shownTable !== null);
  $("pick").addEventListener("change", () => {
    const value = $("pick").value;
    location.search = value ? `?table=${value}` : ""; // the table's own page, or every table
  });
  const select = $("language");
  const offered = Array.from(select.options, (option) => option.value);
  const wanted = (navigator.language || "en").slice(0, 2);
  select.value = offered.includes(wanted) ? wanted : "en";
  document.documentElement.lang = select.value;
  select.addEventListener("change", () => {
    document.documentElement.lang = select.value;
  });
  bindWords(select.value);
  document.addEventListener("kiban-words", () => {
    for (const view of live.cards.values()) view.key = null; // the pieces' names too
    render();
  });
  select.addEventListener("change", () => {
    live.tag = null; // the index told in the language now read, at once
    if (live.asking) live.asking.abort();
  });
  poll();
  setInterval(tick, TICK);
}

start();
