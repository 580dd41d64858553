// A remote opponent: the dialog (a broker, then host a new game of this game, join
// one by its code or watch one read-only, and the seat played here), the game's code
// while hosting with the command the other player types, a status line (the broker
// reached or not, what the game waits for), and read-only controls while watching.

import { $, html, log, page, seat, send } from "./common.js";
import { word, wordIn } from "./words.js";

const ROLES = { host: "hosting game {code}", join: "joined game {code}", watch: "watching game {code}", play: "playing game {code}" }; // word()
const BROKER_KEY = "kiban.broker"; // the broker last used, offered again
const START = { host: "Host the game", join: "Join the game", watch: "Watch the game" };
const FIELDS = { broker: "remote-broker", join: "remote-code-input", watch: "remote-code-input", seat: "remote-seat" };
// What a spectator may not touch; the panel enables them again as the game allows.
const CONTROLS = [
  "#buttons button", "#claims button", "#choices button", "#unseen-choices button",
  "#guide-form input", "#guide-form button", "#takeback", "#resign", "#draw", "#hint",
  "#move-now", "#roll", "#turn-over",
].join(", ");
const OWN_CONTROLS = "#buttons button, #guide-form input, #guide-form button, #move-now, #roll, #turn-over";

function chosenMode() {
  return document.querySelector('input[name="remote-mode"]:checked').value;
}

function renderMode() {
  const mode = chosenMode();
  $("remote-code-label").hidden = mode === "host";
  $("remote-code-input").required = mode !== "host";
  $("remote-seat-label").hidden = mode === "watch";
  wordIn($("remote-start"), START[mode]);
}

// The seats of the board's game to choose from; the dialog is the simulator's (a real
// board plays across boards from the start of its service).
export function renderRemoteSeats(board) {
  const select = $("remote-seat");
  select.replaceChildren();
  wordIn(html(`option`, { value: `` }, null, select), "the first (hosting) or a free one (joining)");
  for (const info of board.seats) html("option", { value: info.letter }, info.name, select);
  $("remote-game").hidden = !board.world;
}

function ask(event) {
  event.preventDefault();
  const mode = chosenMode();
  const broker = $("remote-broker").value.trim();
  const code = $("remote-code-input").value.trim();
  const join = mode === "join" ? code : null;
  const watch = mode === "watch" ? code : null;
  const seat = mode !== "watch" && $("remote-seat").value ? $("remote-seat").value : null;
  try {
    localStorage.setItem(BROKER_KEY, broker);
  } catch {
    // a browser that keeps nothing: the broker is typed again next time
  }
  const id = send({ type: "remote", broker, join, watch, seat });
  if (id === null) return;
  page.remoteAsk = id;
  $("remote-start").disabled = true;
  const hosting = mode === `host`;
  note(hosting ? word("connecting to the broker…") : word("looking for the game (up to 20 seconds)…"), false);
}

function note(text, isError) {
  const element = $("remote-note");
  element.textContent = text;
  element.classList.toggle("error", isError);
}

// The answer to the dialog's request: a remote game started closes the dialog; a
// refusal is said in it, at the field it names. Whether the message was that answer.
export function remoteAnswered(message) {
  if (page.remoteAsk === null || message.id !== page.remoteAsk) return false;
  page.remoteAsk = null;
  $("remote-start").disabled = false;
  if (message.type === "error") {
    note(message.message, true);
    const field = FIELDS[message.field];
    if (field) $(field).focus();
    return true;
  }
  note("", false);
  $("remote-game").open = false;
  const doing = ROLES[message.role] || ROLES.play;
  log(word(doing, { code: message.code }));
  return true;
}

// The remote game's box: its code (large while hosting, with the command that joins
// it), the broker reached or not, the seats played here and what the game waits for.
export function renderRemote(state) {
  const remote = state.remote;
  const watching = Boolean(remote && remote.watching);
  readOnly(watching);
  const box = $("remote");
  box.hidden = !remote;
  if (!remote) return;
  box.dataset.role = remote.role || "";
  box.dataset.connected = remote.connected ? "yes" : "no";
  const hosting = remote.role === `host`;
  const role = watching ? word("Watching game") : hosting ? word("Hosting game") : word("Playing game");
  $("remote-role").textContent = remote.left ? word("Left game") : role;
  $("remote-code").textContent = remote.code || "";
  $("remote-invite").hidden = remote.role !== "host" || remote.left || Boolean(state.outcome);
  $("remote-command").textContent = `kiban sim ${state.game} --remote ${remote.broker_shared} --join ${remote.code}`;
  $("remote-watch-code").textContent = remote.watch_code || "";
  $("remote-status").textContent = remoteStatus(state, remote);
}

function remoteStatus(state, remote) {
  if (remote.left) return word("a new game started here: this board left the remote game");
  const broker = { broker: remote.broker };
  const parts = [remote.connected ? word("connected to {broker}", broker) : word("not connected to {broker}", broker)];
  if (remote.watching) {
    parts.push(word("read-only: the boards in the game play its moves (a new game here stops watching)"));
  } else if (remote.seats.length) {
    const names = remote.seats.map((index) => (seat(index) ? seat(index).name : String(index)));
    parts.push(word("this board plays {seats}", { seats: names.join(`, `) }));
  }
  if (remote.waiting) parts.push(remote.waiting);
  else if (!state.outcome && remote.connected) parts.push(word("every board is here"));
  return parts.join(" · ");
}

// While watching, nothing that would change the game can be pressed.
function readOnly(watching) {
  document.body.dataset.watching = watching ? "true" : "false";
  if (watching) {
    for (const control of document.querySelectorAll(CONTROLS)) control.disabled = true;
  } else if (page.readOnly) {
    for (const control of document.querySelectorAll(OWN_CONTROLS)) control.disabled = false;
  }
  page.readOnly = watching;
}

export function bindRemote() {
  for (const radio of document.querySelectorAll('input[name="remote-mode"]')) {
    radio.addEventListener("change", renderMode);
  }
  try {
    $("remote-broker").value = localStorage.getItem(BROKER_KEY) || "";
  } catch {
    // no storage: the field starts empty
  }
  $("remote-form").addEventListener("submit", ask);
  renderMode();
}
