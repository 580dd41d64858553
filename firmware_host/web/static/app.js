// Kiban web companion: draws the board the server describes and sends what the
// player does. No build step, no library: plain ES modules, DOM and SVG.
//   common.js   the page's state, send, log, helpers
//   board.js    the board, its LEDs, indicators and pieces
//   hands.js    dragging and clicking pieces (the simulator's hands)
//   panel.js    turn, message, prompt, seats, clocks, dice, draw, unseen moves
//   controls.js the board's buttons, claims, record, guide, new game
//   devices.js  paired devices: unpair this one, forget the others
//   remote.js   a remote opponent: the dialog, the game's code, its status, watching
//   online.js   the "Play online" dialog (lishogi): the token, resign, abort, draw, chat
//   words.js    the page's own words in its language, served by the server
//   speech.js   says the server's sentences: moves, prompts, refusals, clock warnings (the session's switch)

import { renameBoard, renderBoard, renderLeds, renderPieces, retellBoard } from "./board.js";
import { $, clearLog, html, log, page, send } from "./common.js";
import { bindControls, followGame, renderCatalogue, renderCoach, renderControls } from "./controls.js";
import { checkStillPaired, renderDevices } from "./devices.js";
import { bindHands, renderHeld } from "./hands.js";
import { renderPanel, tickClocks } from "./panel.js";
import { bindOnline } from "./online.js";
import { bindRemote, remoteAnswered, renderRemote, renderRemoteSeats } from "./remote.js";
import { bindSpeech, forgetAskedSpeech, renderSpeech, speakNotice, speech } from "./speech.js";
import { bindWords, word, wordIn } from "./words.js";

const CLOCK_TICK = 100; // milliseconds between redraws of a running clock

function connect() {
  const protocol = location.protocol === "https:" ? "wss:" : "ws:";
  // a paired device's token travels in its cookie; the code never stays in the address
  // the server tells what it sends in the page's language, named here and on a change
  const ws = new WebSocket(`${protocol}//${location.host}/ws?language=${encodeURIComponent(speech.language)}`);
  page.ws = ws;
  ws.addEventListener("open", () => {
    document.body.dataset.told = speech.language; // the language what comes is told in
    page.retry = 500;
    setConnection("connected", false);
    renderDevices();
  });
  ws.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  ws.addEventListener("close", () => {
    forgetAskedSpeech();
    setConnection("disconnected: trying again…", true);
    checkStillPaired();
    setTimeout(connect, page.retry);
    page.retry = Math.min(page.retry * 2, 8000);
  });
}

function setConnection(text, down) {
  const element = $("connection");
  wordIn(element, text);
  element.classList.toggle("down", down);
}

function receive(message) {
  switch (message.type) {
    case "catalogue":
      page.catalogue = message;
      renderCatalogue();
      break;
    case "board":
      if (message.retold && page.board && page.board.game === message.game && page.board.profile === message.profile) {
        retellBoard(message); // told in another language: its elements stay (a drag goes on)
        renderControls(message);
        renderRemoteSeats(message);
      } else showBoard(message);
      break;
    case "state":
      renderState(message);
      break;
    case "notice":
      // the server's words: the page keeps none of its own
      log(message.line, message.event === "error" || message.event === "illegal");
      speakNotice(message);
      break;
    case "ok":
      // the catalogue, the board and the state came again, told in the language named
      if (message.command === "language") document.body.dataset.told = message.language;
      remoteAnswered(message);
      break;
    case "error":
      remoteAnswered(message);
      log(word("refused: {reason}", { reason: message.message }), true); // told in the page's language
      break;
    case "record":
      saveRecord(message);
      break;
    case "pairing":
      $("pairing").hidden = false;
      $("pairing").textContent = word("Other devices on the network pair with the code {code}.", { code: message.code });
      break;
    default:
      break;
  }
}

function saveRecord(message) {
  const blob = new Blob([message.text], { type: message.media_type });
  const link = html("a", { href: URL.createObjectURL(blob), download: message.filename });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function showBoard(board) {
  renderBoard(board);
  renderControls(board);
  renderRemoteSeats(board);
  if (page.state && page.state.game === board.game) renderState(page.state);
}

function renderState(state) {
  if (page.state && page.state.game_id !== state.game_id) {
    // the new game's opening draw came just before its first state: said again
    clearLog();
    if (state.draw) log(state.draw.description);
  }
  page.state = state;
  document.body.dataset.seq = state.seq;
  document.body.dataset.phase = state.phase;
  document.body.dataset.moves = state.moves.length;
  renderSpeech(state);
  if (!page.board || page.board.game !== state.game) return;
  renderLeds(state);
  renderPieces(state);
  renderHeld(state);
  renderPanel(state);
  renderCoach(state);
  renderRemote(state);
  followGame(state);
}

// For tests and tinkering: draw a board and a state, or take any message the server
// sends, without a server.
window.kiban = {
  render(board, state) {
    showBoard(board);
    if (state) renderState(state);
  },
  receive,
  page,
};

bindHands();
bindControls();
bindSpeech();
bindWords(speech.language);
document.addEventListener("kiban-words", () => {
  // the board's words (spots, indicators, seats) and the state's sentences in the
  // language now chosen
  renameBoard();
  if (page.state) renderState(page.state);
});
// another language: the server sends the catalogue, the board and the state again, told in it
$("language").addEventListener("change", () => send({ type: "language", language: $("language").value }));
bindRemote();
bindOnline();
setInterval(tickClocks, CLOCK_TICK);
if (!window.KIBAN_OFFLINE) connect();
