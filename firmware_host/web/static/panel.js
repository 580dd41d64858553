// The panel beside the board: whose turn, the status sentence, a prompt's
// choices, the seats with their scores and clocks, the dice, the opening draw,
// the moves the board cannot show, and the moves played.

import { $, button, clockText as sharedClockText, html, page, seat, seatClass, send, spotName } from "./common.js";
import { speakClock } from "./speech.js";
import { word } from "./words.js";

// The state's phases in words (by the wire's names).
const PHASES = { setup: "setting up", play: "playing", prompt: "a question", guide: "guided", correction: "correcting", "game over": "game over" }; // word()

// Which cells of a 3x3 die face hold a pip, for each number of pips.
const PIPS = {
  1: [5], 2: [3, 7], 3: [3, 5, 7], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9],
};

export function renderPanel(state) {
  const mover = seat(state.turn);
  const result = state.outcome ? state.outcome.description : null;
  const who = mover ? mover.name : `?`;
  // the seat and the phase; the status sentence below says what is wanted (whose
  // move, the result), so the line never says it twice
  $("turn").textContent = result ? word("game over") : `${who} · ${word(PHASES[state.phase] || state.phase)}`;
  $("message").textContent = state.message;
  renderPrompt(state);
  renderSeats(state);
  renderDice(state);
  renderOpening(state);
  renderUnseen(state);
  renderComputer(state);
  renderRecord(state);
  renderMoves(state);
  renderKey(state);
  $("takeback").disabled = state.moves.length === 0;
  $("resign").disabled = Boolean(state.outcome);
  $("draw").disabled = Boolean(state.outcome);
  for (const claim of $("claims").querySelectorAll("button")) claim.disabled = Boolean(state.outcome);
}

// Who the computer plays, whether it is thinking, its hint and what it proved.
function renderComputer(state) {
  const computer = state.computer || { seats: {}, thinking: false };
  const parts = Object.entries(computer.seats).map(([index, who]) => {
    const info = seat(Number(index));
    return `${info ? info.name : index}: ${who}`;
  });
  if (computer.thinking) parts.push(word("the computer is thinking…"));
  if (computer.hint) parts.push(word("hint: {move}", { move: computer.hint }));
  if (computer.verdict) parts.push(computer.verdict);
  $("computer-note").textContent = parts.join(" · ");
  $("move-now").hidden = !computer.thinking;
  $("hint").disabled = Boolean(state.outcome) || computer.thinking || String(state.turn) in computer.seats;
}

function renderPrompt(state) {
  const choices = $("choices");
  choices.replaceChildren();
  $("prompt").hidden = !state.prompt;
  if (!state.prompt) return;
  $("prompt-heading").textContent = state.prompt.heading; // what it asks
  // each choice by name in the page's language ("promote the chick (2b2a+)"); the
  // notation is what is sent
  const labels = state.prompt.labels || [];
  state.prompt.choices.forEach((choice, index) => {
    const attributes = { "data-choice": choice, className: index === state.prompt.selected ? "selected" : null };
    button(labels[index] || choice, () => send({ type: "select", choice }), attributes, choices);
  });
}

// One line per seat: its colour, its name, its score and its clock, the seat to
// move marked; the team scores below in the team game. Shown when there are
// scores or clocks to show.
function renderSeats(state) {
  const box = $("seats");
  box.replaceChildren();
  const scores = state.scores;
  const clocks = state.clocks;
  box.hidden = !scores && !clocks;
  page.clockBase = clocks
    ? { at: performance.now(), clocks, running: state.clock_running, warnings: state.clock_warnings, byoyomi: state.clock_byoyomi }
    : null;
  if (box.hidden) return;
  page.board.seats.forEach((info, index) => {
    const toMove = !state.outcome && index === state.turn;
    const row = html("div", { className: `seat-row${toMove ? " to-move" : ""}`, "data-seat": index }, null, box);
    html("span", { className: `seat-dot ${seatClass(index)}`, "aria-hidden": "true" }, null, row);
    html("span", { className: "seat-name" }, info.name, row);
    const team = state.teams ? word("team {number}", { number: state.teams[index] + 1 }) : null;
    if (team) html("span", { className: "seat-team" }, team, row);
    if (scores) html("span", { className: "score", "data-score": index }, String(scores[index]), row);
    if (clocks) {
      const running = state.clock_running === index;
      const text = clockText(clocks[index]);
      html("span", { className: `clock${running ? " running" : ""}`, "data-clock": index }, text, row);
    }
  });
  if (scores && state.score_words) html("p", { className: "score-words" }, state.score_words, box);
  if (state.team_scores) {
    const names = (team) => page.board.seats.filter((_, i) => state.teams[i] === team).map((s) => s.name);
    const line = html("div", { className: "team-scores" }, null, box);
    state.team_scores.forEach((score, team) => {
      html("span", { "data-team-score": team }, `${names(team).join(" & ")}: ${score}`, line);
    });
  }
}

// The running clock counts down between states (the server sends a state when
// anything else changes, with the time then).
export function tickClocks() {
  const base = page.clockBase;
  if (!base || base.running === null || base.running === undefined) return;
  const element = document.querySelector(`#seats [data-clock="${base.running}"]`);
  if (!element) return;
  const elapsed = (performance.now() - base.at) / 1000;
  const left = base.clocks[base.running] - elapsed;
  element.textContent = clockText(left);
  if (base.left !== undefined) speakClock(base.warnings, base.left, left);
  base.left = left;
}

// A clock as shown (common.js clockText), with the byoyomi the state last said.
function clockText(left) {
  return sharedClockText(left, page.clockBase && page.clockBase.byoyomi);
}

function die(pips, owner) {
  const face = html("span", { className: `die ${seatClass(owner)}`, "data-pips": pips, role: "img", "aria-label": `${pips}` });
  const on = new Set(PIPS[pips] || []);
  for (let cell = 1; cell <= 9; cell++) html("span", { className: on.has(cell) ? "pip" : "pip none" }, null, face);
  return face;
}

// The dice: the faces still to be used, a roll that is due (with a button to roll
// it), or a lost turn.
function renderDice(state) {
  const box = $("dice");
  const faces = $("dice-faces");
  faces.replaceChildren();
  const note = $("dice-note");
  const due = state.roll_due && !state.outcome;
  const dice = state.dice || [];
  box.hidden = !due && !dice.length && !state.forced;
  $("roll").hidden = !due;
  if (box.hidden) return;
  const mover = seat(state.turn);
  const name = mover ? mover.name : "?";
  if (state.forced) {
    box.dataset.state = "lost-turn";
    note.textContent = word("{seat}'s only move: {move} (played for you)", { seat: name, move: state.forced });
  } else if (due) {
    box.dataset.state = "roll-due";
    note.textContent = word("{seat}: roll due", { seat: name });
  } else {
    box.dataset.state = "rolled";
    const movable = state.movable || [];
    const pieces = movable.map(spotName).join(", ");
    note.textContent = movable.length
      ? word("{seat} to move: {pieces}", { seat: name, pieces })
      : word("{seat} to move", { seat: name });
  }
  for (const pips of dice) faces.appendChild(die(pips, state.turn));
}

// The opening draw: the five pawns of furigoma (tokin or pawn up) or the lot, and
// who moves first.
function renderOpening(state) {
  const box = $("opening");
  box.replaceChildren();
  box.hidden = !state.draw;
  if (!state.draw) return;
  box.dataset.kind = state.draw.kind;
  if (state.draw.kind === "furigoma") {
    const tosses = html("span", { className: "tosses" }, null, box);
    for (const tokin of state.draw.tosses) {
      // as the board labels them: +P a tokin (a promoted pawn), P a pawn
      const title = tokin ? word("tokin up") : word("pawn up");
      html("span", { className: tokin ? "toss tokin" : "toss pawn", title }, tokin ? "+P" : "P", tosses);
    }
  }
  html("span", { className: "draw-text" }, state.draw.description, box);
  if (state.draw.first_mover) html("span", { className: "first-mover" }, state.draw.first_mover, box);
  // the first seat's pieces stay put: the player who won the start changes places
  if (state.draw.hint) html("span", { className: "swap-hint", role: "note" }, state.draw.hint, box);
}

// What each LED colour means, in the palette in use, for this game; redrawn only
// when the key changes (another palette, another game, the coach on).
function renderKey(state) {
  const legend = state.legend || [];
  const signature = JSON.stringify(legend); // told in another language, it is drawn again
  const list = $("colour-key-list");
  $("colour-key").hidden = !legend.length;
  if (list.dataset.signature === signature) return;
  list.dataset.signature = signature;
  list.replaceChildren();
  for (const entry of legend) {
    const item = html("li", { "data-meaning": entry.meaning, "data-colour": entry.colour }, null, list);
    const swatch = html("span", { className: "swatch", "aria-hidden": "true" }, null, item);
    swatch.style.background = entry.colour;
    swatch.style.boxShadow = `0 0 6px ${entry.colour}`;
    html("span", { className: "key-text" }, entry.text, item);
  }
}

// Moves the board cannot show (a lost turn, an exchange on the same cell), to be
// named by a click.
function renderUnseen(state) {
  const box = $("unseen");
  const choices = $("unseen-choices");
  choices.replaceChildren();
  const unseen = state.unseen || [];
  box.hidden = !unseen.length;
  for (const move of unseen) {
    button(move, () => send({ type: "select", choice: move }), { "data-unseen": move }, choices);
  }
}

// What the record a game was read from says of it (the game reviewed, when the review
// shows another): its players, event, date, time control, its ending while the game
// is still the record's, and how many variations it has.
function renderRecord(state) {
  const review = state.review;
  const record = review && review.game_id !== state.game_id ? review.record : state.record;
  $("record-facts").hidden = !record;
  if (!record) return;
  $("record-players").textContent = record.players.filter(Boolean).join(" – ");
  const info = [];
  if (record.event) info.push(record.event);
  if (record.started) info.push(word("began {date}", { date: record.started }));
  if (record.time_control) info.push(word("time control {control}", { control: record.time_control }));
  $("record-info").textContent = info.join(" · ");
  const ending = record.ending ? word("the record's ending: {ending}", { ending: record.ending }) : "";
  const count = record.variations ? word("variations: {count}", { count: record.variations }) : "";
  $("record-ending").textContent = [ending, count].filter(Boolean).join(" · ");
}

// A review's variations (of a game read in from a record file), by the move each is
// played instead of: its own first, then those inside it, indented.
function variationsByPly(review) {
  const byPly = new Map();
  let anchor = 0;
  for (const branch of (review && review.record && review.record.branches) || []) {
    if (branch.depth === 0) anchor = branch.ply;
    if (!byPly.has(anchor)) byPly.set(anchor, []);
    byPly.get(anchor).push(branch);
  }
  return byPly;
}

function variationItems(branches, moves) {
  for (const branch of branches || []) {
    const played = branch.moves.join(" ");
    const text = word("instead of move {ply}: {moves}", { ply: branch.ply, moves: played });
    const item = html("li", { className: "variation" }, branch.ending ? `${text} (${branch.ending})` : text, moves);
    item.style.marginLeft = `${branch.depth + 1}em`;
    const said = branch.comments.filter(Boolean);
    if (said.length) item.title = said.join("\n");
  }
}

// The moves played; once the game is over, a review bar steps through them (or a
// stored game's) and the board's LEDs light the move shown. A move clicked is shown;
// a game read in from a record file has its variations listed under their moves.
function renderMoves(state) {
  const moves = $("moves");
  moves.replaceChildren();
  const review = state.review;
  const list = review ? review.moves : state.moves;
  const variations = variationsByPly(review);
  list.forEach((move, index) => {
    const shown = review && review.ply === index + 1;
    const item = html("li", { className: shown ? "reviewed" : null }, move, moves);
    if (state.outcome) item.addEventListener("click", () => sendReview(String(index + 1)));
    variationItems(variations.get(index + 1), moves);
    variations.delete(index + 1);
  });
  for (const branches of variations.values()) variationItems(branches, moves); // instead of the ending
  const bar = $("review");
  bar.hidden = !state.outcome;
  $("review-note").textContent = !review
    ? ""
    : review.ply === 0
      ? word("game {id}: the start", { id: review.game_id })
      : word("game {id}: move {ply} of {count}", { id: review.game_id, ply: review.ply, count: review.moves.length });
  // the engine's judgement of the move shown, once worked out
  const note = review && review.notes ? review.notes[review.ply] : null;
  $("review-judged").textContent = note ? `— ${note}` : "";
  const shown = moves.querySelector(".reviewed");
  if (shown) shown.scrollIntoView({ block: "nearest" });
  else moves.scrollTop = moves.scrollHeight;
}

function sendReview(step) {
  send({ type: "review", step });
}

for (const control of document.querySelectorAll("[data-review]")) {
  control.addEventListener("click", () => sendReview(control.dataset.review));
}
