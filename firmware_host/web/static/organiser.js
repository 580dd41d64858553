// The organiser's page: the alerts most urgent first, the roster with its buttons, the
// round's tables live. room.json is polled every POLL ms with the ETag held (why half a
// second: firmware_host/web/organiser/app.py); a button POSTs the command to the room's
// loop, which the roster then shows done. Every sentence is the server's: its own words
// (words.js), and what is said told in the page's language (?language=).

import { $, button, html } from "./common.js";
import { bindWords, word } from "./words.js";

const POLL = 250; // ms between polls (firmware_host/web/organiser/app.py says why)
const NEW = 10; // seconds an alert stays marked as new
const URGENT = new Set(["offline", "fault", "flag-fallen", "wrong-game", "other-table", "unrecorded"]);
// the words of each health a board says it has (organiser_words.py holds them)
const HEALTH = {
  ok: "ok", "out-of-step": "out of step", "prompt-open": "a question is open", fault: "a fault",
  "setup-wrong": "the pieces are not set as the game has them",
};

const room = {
  tag: null, // the ETag of room.json last read
  shown: null, // room.json as last read
  chosen: new Map(), // board -> the table chosen in its row (kept across redraws)
  left: null, // the question the organiser chose to leave (board and table)
};

// The language the page reads: the server tells what it sends in it.
function told() {
  return `language=${encodeURIComponent($("language").value)}`;
}

async function ask(verb, body) {
  const response = await fetch(`${verb}?${told()}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const what = [verb, body.board, body.table].filter((x) => x !== undefined && x !== "").join(" ");
  if (response.ok) {
    $(`asked`).textContent = word("asked: {what}", { what });
    $("asked").dataset.asked = what;
  } else {
    const answer = await response.json().catch(() => null);
    $("asked").textContent = answer && answer.text ? answer.text : what;
  }
}

function renderAlerts(shown) {
  const list = $("alerts");
  list.replaceChildren();
  for (const alert of shown.alerts) {
    const fresh = shown.now - alert.since < NEW;
    const classes = [URGENT.has(alert.kind) ? "urgent" : "", fresh ? "new" : ""].filter(Boolean).join(" ");
    const item = html("li", { className: classes, "data-kind": alert.kind, "data-board": alert.board, "data-table": alert.table ?? "" }, null, list);
    html("span", { className: "org-alert" }, alert.text, item);
    const since = new Date(alert.since * 1000).toLocaleTimeString();
    html(`span`, { className: `org-since` }, word("since {time}", { time: since }), item);
  }
  $("no-alerts").hidden = shown.alerts.length > 0;
  document.body.dataset.alerts = String(shown.alerts.length);
}

function tableChoice(board, shown) {
  const select = html(`select`, { [`aria-label`]: word("table"), [`data-board`]: board.board });
  for (const table of shown.tables) html("option", { value: table.table }, String(table.table), select);
  const chosen = room.chosen.get(board.board) ?? board.bound ?? board.table ?? (shown.tables[0] || {}).table;
  if (chosen !== undefined && chosen !== null) select.value = String(chosen);
  select.addEventListener("change", () => room.chosen.set(board.board, Number(select.value)));
  return select;
}

function renderBoards(shown) {
  const body = $("boards").querySelector("tbody");
  body.replaceChildren();
  for (const board of shown.boards) {
    const row = html("tr", { className: board.online ? "" : "down", "data-board": board.board }, null, body);
    html("td", {}, board.board, row);
    html(`td`, { className: `org-bound` }, board.table === null ? word("not bound") : String(board.table), row);
    html(`td`, {}, board.title ? word(board.title) : ``, row);
    const power = board.game === null ? `` : board.battery === null ? word("on mains") : `${board.battery}%`;
    html("td", {}, power, row);
    const health = board.health && board.online ? word(HEALTH[board.health] || board.health) : ``; // an offline board's last word is stale
    html(`td`, {}, board.flag ? `${health} · ${word("flag fallen")}` : health, row);
    html(`td`, { className: `org-online` }, word(board.online ? "online" : "offline"), row);
    const actions = html("td", { className: "org-actions" }, null, row);
    const select = tableChoice(board, shown);
    actions.append(select);
    const chosen = () => Number(select.value);
    button(word("light"), () => ask(`light`, { board: board.board, table: chosen() }), { [`data-action`]: `light` }, actions);
    button(word("bind"), () => ask(`bind`, { board: board.board, table: chosen() }), { [`data-action`]: `bind` }, actions);
    if (board.bound !== null) {
      button(word("unbind"), () => ask(`unbind`, { table: board.bound }), { [`data-action`]: `unbind` }, actions);
    }
  }
  $("no-boards").hidden = shown.boards.length > 0;
  $("boards").hidden = shown.boards.length === 0;
}

function tableState(table) {
  if (table.result) return table.result;
  if (table.to_move !== null) {
    const player = table.players[table.to_move] || table.seats[table.to_move];
    return word("{player} to move", { player });
  }
  return word("not started");
}

function renderTables(shown) {
  const body = $("tables").querySelector("tbody");
  body.replaceChildren();
  for (const table of shown.tables) {
    const row = html("tr", { "data-table": table.table, "data-moves": table.moves }, null, body);
    html("td", { className: "org-number" }, String(table.table), row);
    html("td", {}, table.players.join(" – "), row);
    html(`td`, {}, table.variant ? `${word(table.title)} (${table.variant})` : word(table.title), row);
    html(`td`, {}, table.board || word("no board bound"), row);
    html("td", {}, String(table.moves), row);
    html("td", { className: "org-state" }, tableState(table), row);
    const actions = html("td", { className: "org-actions" }, null, row);
    const again = () => {
      if (window.confirm(word("start a new game at table {table}? its game so far is abandoned", { table: table.table }))) ask(`new`, { table: table.table });
    };
    const abandon = () => {
      if (window.confirm(word("abandon the game at table {table}? nobody scores", { table: table.table }))) ask(`abandon`, { table: table.table });
    };
    button(word("new game"), again, { [`data-action`]: `new` }, actions);
    if (!table.result) button(word("abandon"), abandon, { [`data-action`]: `abandon` }, actions);
  }
}

// A binding the room asks about (it would undo another): made only when asked again.
function renderQuestion(shown) {
  const question = shown.question;
  const left = room.left && question && room.left === `${question.board} ${question.table}`;
  $("question").hidden = !question || left;
  if (!question) return;
  $("question-text").textContent = question.text; // told by the server
}

function renderNotes(shown) {
  const list = $("notes");
  list.replaceChildren();
  for (const note of shown.notes) {
    const item = html("li", {}, null, list);
    html("span", { className: "org-since" }, new Date(note.at * 1000).toLocaleTimeString(), item);
    html("span", {}, note.text, item);
  }
}

function render() {
  const shown = room.shown;
  if (!shown) return;
  $(`round`).textContent = word("round {round}", { round: shown.round });
  $("connection").hidden = !shown.connected;
  $("broker-down").hidden = shown.connected;
  $("export").hidden = !shown.export;
  if (shown.export) $("export").setAttribute("href", shown.export);
  renderAlerts(shown);
  renderBoards(shown);
  renderQuestion(shown);
  renderTables(shown);
  renderNotes(shown);
  document.body.dataset.version = String(shown.version);
}

async function poll() {
  try {
    const headers = room.tag ? { "If-None-Match": room.tag } : {};
    const response = await fetch(`room.json?${told()}`, { cache: "no-store", headers });
    $("offline").hidden = true;
    if (response.status === 200) {
      room.tag = response.headers.get("ETag");
      room.shown = await response.json();
      render();
    }
  } catch {
    $("offline").hidden = false;
  }
  setTimeout(poll, POLL);
}

function start() {
  const select = $("language");
  const wanted = (navigator.language || "en").slice(0, 2);
  if ([...select.options].some((option) => option.value === wanted)) select.value = wanted;
  document.addEventListener("kiban-words", render);
  select.addEventListener("change", () => {
    room.tag = null; // the room told in the language now read, at the next poll
  });
  bindWords(select.value);
  $("bind-anyway").addEventListener("click", () => {
    const question = room.shown && room.shown.question;
    if (question) ask(`bind`, { board: question.board, table: question.table, anyway: true });
    $("question").hidden = true;
  });
  $("cancel-question").addEventListener("click", () => {
    const question = room.shown && room.shown.question;
    if (question) room.left = `${question.board} ${question.table}`;
    $("question").hidden = true;
  });
  poll();
}

start();
