// The page's own words in its language. index.html is written in English; the server
// serves each of its words in the chosen language (GET words?language=pl, from
// firmware_host/web/words/page_words.py), and this puts them in place of the English texts,
// titles, placeholders and aria-labels the page was written with. word() gives the
// scripts' own words ("connected") in the language; told() tells what Kiban says, sent
// as a value, with the catalogue's words and the game's (GET said?language=pl).

const ATTRIBUTES = ["title", "placeholder", "aria-label"];
const texts = new Map(); // a text node of index.html -> its English, trimmed
const attributes = []; // [element, attribute, English]
const NO_SAID = { words: {}, plurals: [], plural_rule: "n != 1", numbers: [], games: {} };
const table = { language: "en", words: {}, said: NO_SAID, plurals: new Map(), plural: (n) => (n !== 1 ? 1 : 0) };
const VERBATIM = "{text}"; // text said as it is (engine/said.py), in no catalogue

// `text` in the page's language (the English itself when it has no translation), its
// {placeholders} filled from `values` ("{seat} resigns?" with { seat: "A" }): a name
// goes into the translated sentence, never English glued around it.
export function word(text, values = {}) {
  const told = table.words[text] || text;
  return told.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// `template` (a msgid or its translation) filled as Python's str.format fills named
// placeholders: {name} by its value, {{ and }} as braces.
function filled(template, values) {
  return template.replace(/\{\{|\}\}|\{(\w+)\}/g, (whole, name) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    return name in values ? values[name] : whole;
  });
}

// A msgid of what Kiban says in the page's language (the msgid itself in English, or
// when the catalogue has no translation), as telling/language.py's translated().
function translated(msgid) {
  return (table.language !== "en" && table.said.words[msgid]) || msgid;
}

// How each operator of gettext's plural rules joins its operands, as C does.
const OPERATORS = {
  "||": (a, b) => Number(Boolean(a || b)),
  "&&": (a, b) => Number(Boolean(a && b)),
  "==": (a, b) => Number(a === b),
  "!=": (a, b) => Number(a !== b),
  "<": (a, b) => Number(a < b),
  "<=": (a, b) => Number(a <= b),
  ">": (a, b) => Number(a > b),
  ">=": (a, b) => Number(a >= b),
  "+": (a, b) => a + b,
  "-": (a, b) => a - b,
  "*": (a, b) => a * b,
  "/": (a, b) => Math.trunc(a / b),
  "%": (a, b) => a % b,
};
const LEVELS = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]];

// A catalogue's rule for which plural form a count takes (the C expression of n of its
// Plural-Forms header, served with the words: telling/language.py's plural_rule) as a
// function of the count, read as gettext reads it in Python; no eval (the page's
// policy forbids it, and a rule is data, not code).
export function pluralRule(expression) {
  const tokens = expression.match(/\d+|n|&&|\|\||[=!<>]=|[-+*/%<>!?:()]/g) || [];
  let at = 0;
  const primary = () => {
    const token = tokens[at++];
    if (token === "(") {
      const inner = ternary();
      at++; // ")"
      return inner;
    }
    if (token === "!") {
      const operand = primary();
      return (n) => Number(!operand(n));
    }
    if (token === "n") return (n) => n;
    const number = Number(token);
    return () => number;
  };
  const binary = (level) => {
    if (level === LEVELS.length) return primary();
    let left = binary(level + 1);
    while (LEVELS[level].includes(tokens[at])) {
      const join = OPERATORS[tokens[at++]];
      const [first, second] = [left, binary(level + 1)];
      left = (n) => join(first(n), second(n));
    }
    return left;
  };
  const ternary = () => {
    const test = binary(0);
    if (tokens[at] !== "?") return test;
    at++;
    const yes = ternary();
    at++; // ":"
    const no = ternary();
    return (n) => (test(n) ? yes(n) : no(n));
  };
  const rule = ternary();
  return (n) => Number(rule(n));
}

// The template of what is said in the page's language: its msgid translated, or for
// words about a count the form the count takes in the language (the English one or
// many where the catalogue has none), as telling/language.py's translated_plural().
function template(said, game) {
  if (said.msgid === VERBATIM) return VERBATIM;
  const counting = said.plural !== undefined && said.plural !== null;
  const counted = (said.values || {}).count;
  const number = counted && Number.isInteger(counted.number) ? counted.number : counted;
  const count = Number.isInteger(number) ? number : 0;
  const english = counting && count !== 1 ? said.plural : said.msgid;
  if (said.context === "move") {
    // a game's own phrase for its moves, from its catalogue (telling/said.py's
    // own_phrase): one about a count under both msgids, its forms joined by NUL
    if (table.language === "en") return english;
    const moves = (table.said.games[game] || {}).moves || {};
    if (!counting) return moves[said.msgid] || said.msgid;
    const own = moves[`${said.msgid}\u0000${said.plural}`];
    return (own && own.split("\u0000")[table.plural(count)]) || english;
  }
  if (!counting) return translated(said.msgid);
  if (table.language === "en") return english;
  const forms = table.plurals.get(`${said.msgid}\u0000${said.plural}`);
  return (forms && forms[table.plural(count)]) || english;
}

// A seat in the page's language: its English name whole, else the game's word for it,
// else the English name without what its brackets add (telling/said.py's seat_told).
function seatTold(seat, game) {
  if (table.language === "en") return seat.english;
  const names = (table.said.games[game] || {}).seats || [];
  return seat.seat >= 0 && seat.seat < names.length ? names[seat.seat] : seat.english.split(" (")[0];
}

// A piece in the page's language: the game's word for it, else its English.
function pieceTold(piece, game) {
  const english = piece.article ? `${piece.article} ${piece.piece}` : piece.piece;
  if (table.language === "en") return english;
  const words = (table.said.games[game] || {}).pieces || {};
  return words[piece.piece] || english;
}

// A spot in the page's language: a spot off the board by the game's name for it (in
// English too: telling/spot_names.py's spot_name), a cell by its own name.
function spotTold(spot, game) {
  const names = (table.said.games[game] || {}).spots || {};
  return names[spot] || spot;
}

function valueTold(value, game) {
  if (typeof value === "string" || typeof value === "number") return String(value);
  if ("msgid" in value) return told(value, game);
  if ("seats" in value) return value.seats.map((seat) => seatTold(seat, game)).join(translated(value.joiner));
  if ("seat" in value) return seatTold(value, game);
  if ("piece" in value) return pieceTold(value, game);
  if ("spot" in value) return spotTold(value.spot, game);
  if ("term" in value) return translated(value.term);
  if ("number" in value) return (table.said.numbers || [])[value.number] || String(value.number);
  if ("either" in value) return value.either.map((word) => valueTold(word, game)).join(translated(value.joiner));
  return String(value);
}

// What Kiban says, told in the page's language: a value the server sent (its msgid and
// typed values, wire/notice_records.py's said_record) in `game`'s words for its seats
// and pieces, with the served words (GET said?language=pl), as telling/said.py's
// told() tells it on the server. Null stays null.
export function told(said, game) {
  if (!said) return null;
  const values = {};
  for (const [name, value] of Object.entries(said.values || {})) values[name] = valueTold(value, game);
  return filled(template(said, game), values);
}

// The language the served words are in now (what told() tells in: the page's
// language once its words have come).
export function saidLanguage() {
  return table.language;
}

// Puts `english` (its {placeholders} filled from `values`) in `element` in the page's
// language, and again whenever the language changes (the scripts' own words for an
// element they made or one of index.html).
export function wordIn(element, english, values = {}) {
  element.dataset.word = english;
  element.dataset.wordValues = JSON.stringify(values);
  element.textContent = word(english, values);
}

// Every text and attribute of the page as written, before any script changed it.
function remember() {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim();
    if (text && !node.parentElement.closest("[data-word]")) texts.set(node, text);
  }
  for (const element of document.body.querySelectorAll("*")) {
    for (const attribute of ATTRIBUTES) {
      const value = element.getAttribute(attribute);
      if (value) attributes.push([element, attribute, value]);
    }
  }
}

function apply() {
  for (const [node, english] of texts) {
    const [, before, after] = node.nodeValue.match(/^(\s*)[\s\S]*?(\s*)$/);
    node.nodeValue = `${before}${word(english)}${after}`;
  }
  for (const [element, attribute, english] of attributes) {
    element.setAttribute(attribute, word(english));
  }
  for (const element of document.querySelectorAll("[data-word]")) {
    element.textContent = word(element.dataset.word, JSON.parse(element.dataset.wordValues || `{}`));
  }
}

// The words served at `path` in `language` (none in English unless `english`, or with
// no server).
async function served(path, language, none, english = false) {
  if (language === "en" && !english) return none;
  try {
    const response = await fetch(`${path}?language=${encodeURIComponent(language)}`);
    return response.ok ? await response.json() : none;
  } catch {
    return none; // no server (a test page): the English stays
  }
}

// The page in `language`: its words and the words it tells what Kiban says with asked
// of the server, then put in place.
export async function setWords(language) {
  const [words, said] = await Promise.all([
    served("words", language, {}),
    served("said", language, NO_SAID, true), // English has names of spots
  ]);
  table.words = words;
  table.said = said;
  table.plurals = new Map(said.plurals.map((entry) => [`${entry.one}\u0000${entry.many}`, entry.forms]));
  table.plural = pluralRule(said.plural_rule);
  table.language = language;
  apply();
  // the scripts draw their sentences again (the status line, the seats, the dice...)
  document.dispatchEvent(new Event("kiban-words"));
}

export function bindWords(language) {
  remember();
  const select = document.getElementById("language");
  select.addEventListener("change", () => setWords(select.value));
  setWords(language);
}
