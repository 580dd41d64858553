// What every part of the page shares: the page's state, the connection's send,
// the log, and small helpers for SVG and HTML elements.

import { word } from "./words.js";

export const SVG = "http://www.w3.org/2000/svg";
export const UNIT = 100; // SVG units per cell pitch: the server's geometry is scaled to this
export const OFF = "#000000";

export const page = {
  catalogue: null,
  board: null,
  state: null,
  ws: null,
  nextId: 1,
  scale: UNIT,
  spots: new Map(), // spot -> {x, y, element}
  leds: [], // {index, glow, dot}
  indicators: [], // {leds, glow, dot}
  drag: null, // {from, heldIndex, ghost, startX, startY, moved}
  selected: null, // a piece picked by a click: its index in the hand, or "last" lifted
  turnOver: false,
  retry: 500,
  clockBase: null, // {at, clocks, running}: the clocks as the last state had them
  dialogFor: null, // the game (its id) the new-game dialog was last filled for
  names: new Map(), // spot id -> its name for people ("B (gote)'s hand: chick")
  remoteAsk: null, // the id of the remote-game dialog's request, until it is answered
  readOnly: false, // the page follows a remote game: its controls are off
};

export const $ = (id) => document.getElementById(id);

export function svg(name, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (parent) parent.appendChild(element);
  return element;
}

// An HTML element with attributes (dataset entries as "data-*") and text.
export function html(name, attributes = {}, text = null, parent = null) {
  const element = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "className") element.className = value;
    else element.setAttribute(key, value === true ? "" : value);
  }
  if (text !== null) element.textContent = text;
  if (parent) parent.appendChild(element);
  return element;
}

export function button(text, onClick, attributes = {}, parent = null) {
  const element = html("button", { type: "button", ...attributes }, text, parent);
  element.addEventListener("click", onClick);
  return element;
}

export function send(message) {
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
    log(word("not connected: the page will reconnect"), true);
    return null;
  }
  message.id = page.nextId++;
  page.ws.send(JSON.stringify(message));
  return message.id;
}

// A line in the log, newest first (told from its value: its spots are named already); a
// refusal said again at once (the answer to the page and the notice to every page)
// shows once.
export function log(text, isError = false) {
  const line = String(text);
  const list = $("log");
  const last = list.firstElementChild;
  // the line the log shows last already (a refusal repeated, the review's step shown
  // again by a click on it) is not logged twice
  if (last && last.classList.contains("error") === isError && last.textContent === line) return;
  const item = html("li", { className: isError ? "error" : null }, line);
  list.prepend(item);
  while (list.children.length > 60) list.lastChild.remove();
}

// A new game clears the log of the old one.
export function clearLog() {
  $("log").replaceChildren();
}

// A spot by its name for people (a cell keeps its own name).
export function spotName(spot) {
  return page.names.get(spot) || spot;
}


export function seat(index, board = page.board) {
  if (index === null || index === undefined || !board) return null;
  return board.seats[index] || null;
}

export function seatClass(owner, board = page.board) {
  const info = seat(owner, board);
  return info ? `seat-${info.colour}` : "seat-none";
}

// Clock text as the board's status line writes it: m:ss, h:mm:ss beyond an hour,
// tenths under ten seconds.
export function formatTime(seconds) {
  const left = Math.max(0, seconds);
  if (left < 10) return `0:${left.toFixed(1).padStart(4, "0")}`;
  const whole = Math.floor(left);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}

// A clock as shown: its main time, or once that is gone "byo 0:25 x2" in the page's
// language (Japanese 秒読み; the time left in the byoyomi period and the periods
// left); `left` is the time until the flag, `byoyomi` the period's seconds and their
// number (none: no byoyomi). The board page's seats and the spectator page's tables
// show their clocks by it.
export function clockText(left, byoyomi) {
  if (!byoyomi) return formatTime(left);
  const [period, periods] = byoyomi;
  const overtime = period * periods;
  if (left > overtime) return formatTime(left - overtime);
  const inUse = Math.max(1, Math.ceil(Math.max(0, left) / period - 1e-9));
  const time = formatTime(Math.max(0, left) - (inUse - 1) * period);
  // in the page's language, as the status line says it (session/clock.py BYOYOMI)
  return inUse > 1 ? word("byo {time} x{periods}", { time, periods: inUse }) : word("byo {time}", { time });
}
