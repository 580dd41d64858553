// The controls: the board's buttons, the game's claims, takeback, resign, draw,
// the record's formats, a move to play, the new-game dialog with the rules and the
// session's settings (clock, dice, opening draw, seed, each seat's help and hint
// budget), and beside the coach's controls each seat's help and the puzzle being solved.

import { $, button, html, page, seat, send } from "./common.js";
import { word, wordIn } from "./words.js";

const DRAW_KINDS = { none: "none", furigoma: "furigoma (five pawns tossed)", lot: "a lot (a coin tossed)" }; // word()
const ROLL_TITLES = { auto: "rolled at once", button: "on the roll button" }; // each told with word()
// Each seat's help (session/help.py's levels, the help setting's words), each with more
// than the one before it; a seat not named is left to the coach's boxes above.
const HELP_LEVELS = { none: "none", legal: "legal moves", threats: "threats", coach: "coach", hints: "hints" }; // word()

// What depends on the board: its buttons, the claims its game offers, the
// formats its records come in.
export function renderControls(board) {
  const buttons = $("buttons");
  buttons.replaceChildren();
  for (const name of board.buttons) {
    const pressed = button(name, () => send({ type: "press", button: name }), { "data-button": name }, buttons);
    wordIn(pressed, name); // its name in the page's language
  }
  const claims = $("claims");
  claims.replaceChildren();
  claims.hidden = !board.claims.length;
  for (const claim of board.claims) {
    const ask = () => {
      if (window.confirm(claimQuestion(claim))) send({ type: "claim", claim: claim.name });
    };
    const shown = button(claim.title, ask, { "data-claim": claim.name }, claims);
    toldIn(shown, () => claim.title);
    toldIn(shown, () => claim.help, `title`);
  }
  const format = $("format");
  format.replaceChildren();
  for (const entry of board.formats) wordIn(html(`option`, { value: entry.name }, null, format), entry.title);
  updateDownload();
  if (page.catalogue && $("new-game-name").value !== board.game) {
    $("new-game-name").value = board.game;
    renderOptions();
  }
}

// What a claim asks before it is sent: for one that counts (shogi's declaration), the
// count now, the reasons it would fail, and that a failed claim loses.
export function claimQuestion(claim) {
  const preview = page.state && page.state.claims ? page.state.claims[claim.name] : null;
  const lines = [`${claim.title}: ${claim.help}.`];
  if (preview) {
    const who = seat(preview.seat);
    const counts = { points: preview.points, needed: preview.needed };
    lines.push(who
      ? word("{seat} counts {points} of the {needed} points needed.", { seat: who.name, ...counts })
      : word("The player to move counts {points} of the {needed} points needed.", counts));
    const problems = (preview.problems || []).join(`; `);
    if (problems) lines.push(word("It would fail: {problems}.", { problems }));
    else lines.push(word("Every condition holds: it wins."));
    lines.push(word("Careful: {warning}.", { warning: preview.warning }));
  }
  lines.push(word("Claim it?"));
  return lines.join("\n");
}

// `element` shows what `tell()` says (its text, or its `attribute`) in the page's
// language, and again when the page's own words change (the server's words come told
// in the new language with the catalogue and the board it sends again).
function toldIn(element, tell, attribute = null) {
  const show = () => {
    if (attribute) element.setAttribute(attribute, tell());
    else element.textContent = tell();
  };
  show();
  page.toldAgain = [...(page.toldAgain || []), [element, show]];
}

// The elements still on the page told again in the language now chosen.
function tellAgain() {
  page.toldAgain = (page.toldAgain || []).filter(([element]) => element.isConnected);
  for (const [, show] of page.toldAgain) show();
}

// A name of the catalogue's (`field`, told by the server in the page's language), in a
// span of `parent`.
function nameIn(parent, entry, field = `name`) {
  toldIn(html(`span`, {}, null, parent), () => `${entry[field]} `);
}

// An option of a select, its text in the page's language (and again when it changes).
function option(value, english, select, values = {}) {
  const element = html(`option`, { value }, null, select);
  wordIn(element, english, values);
  return element;
}

// The download link for the format chosen, and what that format cannot hold of a game
// read in from a record file (its variations), said before the file is saved.
function updateDownload() {
  const format = $("format").value || "txt";
  $("download").href = `record?format=${encodeURIComponent(format)}`;
  const record = page.state ? page.state.record : null;
  const note = record && record.notes ? record.notes[format] : null;
  $("download-note").hidden = !note;
  $("download-note").textContent = note || "";
}

export function renderCatalogue() {
  const catalogue = page.catalogue;
  const select = $("new-game-name");
  select.replaceChildren();
  for (const game of catalogue.games) {
    toldIn(html("option", { value: game.name }, null, select), () => game.title);
  }
  const palettes = $("new-game-palette");
  palettes.replaceChildren();
  const paletteNames = catalogue.palette_names || {};
  for (const name of catalogue.palettes) html("option", { value: name }, paletteNames[name] || name, palettes);
  const roll = $("new-game-roll");
  roll.replaceChildren();
  for (const mode of catalogue.settings.roll) option(mode, ROLL_TITLES[mode] || mode, roll);
  if (page.board) select.value = page.board.game;
  renderOptions();
}

// The dialog offers the rules and the session of the game being played when it is
// the one chosen (a new game "like this one"), else the chosen game's defaults; the
// seed is always left to chance. Its players are the seats the session started with
// (--opponent, or people), not those a game in between had: the computer of the last
// game is not carried over unless the player chooses it again.
function renderOptions() {
  const catalogue = page.catalogue;
  const game = catalogue.games.find((g) => g.name === $("new-game-name").value);
  const current = page.state && page.state.game === $("new-game-name").value ? page.state : null;
  const fieldset = $("new-game-options");
  fieldset.replaceChildren();
  tellAgain(); // forgets the elements the dialog drew before
  const rules = html("legend", {}, "", fieldset);
  wordIn(rules, "Rules");
  fieldset.hidden = !game || !game.options.length; // a game with one set of rules: no empty box
  if (!game) return;
  for (const spec of game.options) {
    const label = html("label", {}, null, fieldset);
    toldIn(label, () => spec.help, `title`);
    nameIn(label, spec);
    let input;
    if (spec.choices.length) {
      input = html("select", {}, null, label);
      const told = spec.choice_names || {};
      for (const choice of spec.choices) html("option", { value: choice }, told[choice] || choice, input);
    } else if (spec.minimum !== null || spec.maximum !== null) {
      input = html("input", { type: "number", min: spec.minimum, max: spec.maximum }, null, label);
    } else {
      input = html("input", { type: "text", autocomplete: "off" }, null, label); // a list of seats...
    }
    input.value = current && current.options[spec.name] !== undefined ? current.options[spec.name] : spec.default;
    input.dataset.option = spec.name;
  }
  const profiles = $("new-game-profile");
  profiles.replaceChildren();
  for (const name of game.profiles) html("option", { value: name }, name, profiles);
  $("new-game-profile-label").hidden = catalogue.mode !== "simulator" || !game.profiles.length;
  $("new-game-roll-label").hidden = !game.dice;
  const draw = $("new-game-draw");
  draw.replaceChildren();
  const own = html(`option`, { value: `` }, null, draw);
  toldIn(own, () => word("the game's own ({draw})", { draw: word(DRAW_KINDS[game.draw] || game.draw) }));
  for (const kind of catalogue.settings.draw) option(kind, DRAW_KINDS[kind] || kind, draw);
  const settings = current && current.settings ? current.settings : {};
  $("new-game-clock").value = settings.clock || "";
  $("new-game-roll").value = settings.roll || catalogue.settings.roll[0];
  $("new-game-seed").value = "";
  const seats = current ? { ...settings, opponent: current.starting_opponent || "" } : settings;
  renderPlayers(game, seats, current ? current.help : null);
}

// One choice per seat: a person, or the computer at a level (the same 1-10 scale
// for every game), a random mover, or the outside engine (Fairy-Stockfish) for the
// games it plays, where it is installed.
function renderPlayers(game, settings, seatsHelp) {
  const box = $("new-game-players");
  box.replaceChildren();
  const players = html("legend", {}, "", box);
  wordIn(players, "Players");
  const chosen = {};
  for (const part of (settings.opponent || "").split(",")) {
    const [seatName, player] = part.split("=");
    if (player) chosen[seatName.trim()] = player.trim();
  }
  for (const info of game.seats) {
    const label = html("label", {}, null, box);
    nameIn(label, info);
    const select = html("select", { "data-seat": info.letter }, null, label);
    option(``, "a person", select); // wordIn()
    for (const level of page.catalogue.levels) {
      const element = html(`option`, { value: `level:${level.number}` }, null, select);
      const values = () => ({ number: level.number, name: level.name });
      toldIn(element, () => word("computer: level {number} ({name})", values()));
    }
    option(`random`, "computer: random moves", select); // wordIn()
    if (game.engine) option(`engine`, "computer: Fairy-Stockfish", select); // wordIn()
    select.value = chosen[info.letter] || "";
  }
  $("new-game-coach-on").checked = settings.coach === "on";
  $("new-game-warn-on").checked = settings.warn === "on";
  renderSeatHelp(game, settings, seatsHelp);
}

// One help level per seat (a family game: the child on coach, the parent on none) and
// the hints each seat may ask for, as the help= and hints= settings say them: Hints per
// seat is every seat's budget, a seat's own box (empty: that one) its own. A game being
// played offers each seat's budget as the state has it (`help`, seats by number).
function renderSeatHelp(game, settings, seatsHelp) {
  const box = $("new-game-help");
  box.replaceChildren();
  const chosen = {};
  const named = (settings.help || "").split(",").filter((part) => part.includes(":"));
  for (const part of named) {
    const [seatName, level] = part.split(":");
    chosen[seatName.trim()] = level.trim();
  }
  const every = named.length ? "" : (settings.help || "").trim(); // one word: every seat
  const hints = String(settings.hints || "");
  const bySeat = hints.includes(":"); // hints=b:3,w:0 (else one number for every seat)
  game.seats.forEach((info, index) => {
    const line = html("div", {}, null, box);
    const label = html("label", {}, null, line);
    nameIn(label, info);
    const select = html("select", { "data-help-seat": info.letter }, null, label);
    option(``, "usual help", select); // wordIn()
    for (const [level, english] of Object.entries(HELP_LEVELS)) option(level, english, select);
    select.value = chosen[info.letter] || every;
    const budgetLabel = html("label", {}, null, line);
    toldIn(budgetLabel, () => word("the hints this seat may ask for in a game (empty: as Hints per seat says)"), `title`);
    wordIn(html(`span`, {}, null, budgetLabel), "hints");
    const own = html("input", { type: "number", min: "0", autocomplete: "off", "data-hints-seat": info.letter }, null, budgetLabel);
    toldIn(own, () => $("new-game-hints").value.trim() || word("no limit"), `placeholder`); // what it gets
    const budget = bySeat && seatsHelp && seatsHelp[index] ? seatsHelp[index].hints : null;
    own.value = budget === null || budget === undefined ? "" : String(budget);
  });
  $("new-game-hints").value = bySeat ? "" : hints;
  tellAgain(); // each seat's box shows the budget it gets
}

// When a game starts (and the dialog is closed), the dialog follows it: a new game
// is offered like the one being played, and the palette as it is.
export function followGame(state) {
  updateDownload();
  if (!page.catalogue || $("new-game").open) return;
  if (state.palette) $("new-game-palette").value = state.palette;
  if (page.dialogFor === state.game_id) return;
  page.dialogFor = state.game_id;
  $("new-game-name").value = state.game;
  renderOptions();
}

// The session settings the dialog sets; empty fields are left to the defaults.
function sessionSettings() {
  const settings = {};
  const clock = $("new-game-clock").value.trim();
  if (clock) settings.clock = clock;
  if (!$("new-game-roll-label").hidden) settings.roll = $("new-game-roll").value;
  if ($("new-game-draw").value) settings.draw = $("new-game-draw").value;
  const seed = $("new-game-seed").value.trim();
  if (seed) settings.seed = seed;
  const opponents = [];
  for (const select of $("new-game-players").querySelectorAll("[data-seat]")) {
    if (select.value) opponents.push(`${select.dataset.seat}=${select.value}`);
  }
  settings.opponent = opponents.join(","); // empty: people at every seat, as chosen
  if ($("new-game-coach-on").checked) settings.coach = "on";
  if ($("new-game-warn-on").checked) settings.warn = "on";
  const help = [];
  for (const select of $("new-game-help").querySelectorAll("[data-help-seat]")) {
    if (select.value) help.push(`${select.dataset.helpSeat}:${select.value}`);
  }
  if (help.length) settings.help = help.join(",");
  const hints = hintBudgets();
  if (hints) settings.hints = hints;
  return settings;
}

// The hints= setting the dialog gives: Hints per seat alone is one number for every
// seat; with any seat's own budget every seat is named (its own, else Hints per seat's).
function hintBudgets() {
  const every = $("new-game-hints").value.trim();
  const own = [...$("new-game-help").querySelectorAll("[data-hints-seat]")];
  if (!own.some((input) => input.value.trim())) return every;
  const named = [];
  for (const input of own) {
    const budget = input.value.trim() || every;
    if (budget) named.push(`${input.dataset.hintsSeat}:${budget}`);
  }
  return named.join(",");
}

// Beside the coach's controls: each seat's help and the hints it has left, when the
// game sets them; and the puzzle being solved (its question in the page's language,
// the kind and difficulty, solved or not) with a way to the next one.
export function renderCoach(state) {
  const note = $("help-note");
  const seats = state.help || [];
  note.hidden = !seats.length;
  note.textContent = seats.map((help, index) => {
    const who = seat(index);
    const values = { seat: who ? who.name : String(index), help: word(HELP_LEVELS[help.level] || help.level) };
    if (help.level !== `hints` || help.hints_left === null) return word("{seat}: {help}", values);
    return word("{seat}: {help}, hints left: {count}", { ...values, count: help.hints_left });
  }).join(" · ");
  const puzzle = state.puzzle;
  const mover = seats[state.turn];
  if (!puzzle && mover && (mover.level !== `hints` || mover.hints_left === 0)) {
    $("hint").disabled = true; // this seat may not ask (a puzzle's hint is the puzzle's)
  }
  $("puzzle-box").hidden = !puzzle;
  if (!puzzle) return;
  $("puzzle-kind").textContent = puzzle.kind;
  $("puzzle-question").textContent = puzzle.question;
  $("puzzle-solved").hidden = !puzzle.solved;
  $("puzzle-next").dataset.difficulty = puzzle.difficulty;
}

function startNewGame(event) {
  event.preventDefault();
  const variants = {};
  for (const input of $("new-game-options").querySelectorAll("[data-option]")) {
    variants[input.dataset.option] = String(input.value);
  }
  const position = $("new-game-position").value.trim();
  const settings = { palette: $("new-game-palette").value, ...sessionSettings() };
  if (page.catalogue.mode === "simulator" && $("new-game-profile").value) {
    settings.profile = $("new-game-profile").value;
  }
  send({
    type: "new_game",
    game: $("new-game-name").value,
    variants,
    position: position || null,
    settings,
  });
  $("new-game").open = false;
}

export function bindControls() {
  $("takeback").addEventListener("click", () => send({ type: "takeback" }));
  $("resign").addEventListener("click", () => {
    // the seat the server resigns: the person's, even on the computer's turn
    const resigns = page.state && page.state.resigns !== null ? page.state.resigns : undefined;
    const mover = resigns !== undefined ? seat(resigns) : null;
    const question = mover ? word("{seat} resigns?", { seat: mover.name }) : word("The player to move resigns?");
    if (window.confirm(question)) send({ type: "resign" });
  });
  $("draw").addEventListener("click", () => {
    const agreed = window.confirm(word("Do both players agree to a draw?"));
    if (agreed) send({ type: "draw" });
  });
  $("roll").addEventListener("click", () => send({ type: "roll" }));
  $("hint").addEventListener("click", () => send({ type: "hint" }));
  // Puzzle: one of the game's puzzles, set up by the LEDs, its moves judged (docs/puzzles.md)
  $("puzzle").addEventListener("click", () => send({ type: "puzzle" }));
  $("puzzle-next").addEventListener("click", () => {
    const difficulty = Number($("puzzle-next").dataset.difficulty) || null; // as hard
    send(difficulty ? { type: "puzzle", difficulty } : { type: "puzzle" });
  });
  $("move-now").addEventListener("click", () => send({ type: "move_now" }));
  $("format").addEventListener("change", updateDownload);
  $("guide-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("guide-move").value.trim();
    if (move) send({ type: "guide", move });
  });
  $("unguide").addEventListener("click", () => send({ type: "unguide" }));
  $("new-game-name").addEventListener("change", renderOptions);
  $("new-game-hints").addEventListener("input", tellAgain); // each seat's box shows it
  document.addEventListener("kiban-words", tellAgain); // the server's words in the new language

  $("new-game-form").addEventListener("submit", startNewGame);
}
