// The page's own words in its language. index.html is written in English; the server
// serves each of its words in the chosen language (GET words?language=pl, from
// firmware_host/web/words/page_words.py), and this puts them in place of the English texts,
// titles, placeholders and aria-labels the page was written with. word() gives the
// scripts' own words ("connected") in the language. What Kiban says (a move, the status
// line, a prompt, an outcome) is no word of the page's: the server tells it in the
// language the page named (web/words/told_for_page.py) and the page shows the text.

const ATTRIBUTES = ["title", "placeholder", "aria-label"];
const texts = new Map(); // a text node of index.html -> its English, trimmed
const attributes = []; // [element, attribute, English]
const table = { language: "en", words: {} };

// `text` in the page's language (the English itself when it has no translation), its
// {placeholders} filled from `values` ("{seat} resigns?" with { seat: "A" }): a name
// goes into the translated sentence, never English glued around it.
export function word(text, values = {}) {
  const told = table.words[text] || text;
  return told.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
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

// The words served at `path` in `language` (none in English, or with no server).
async function served(path, language, none) {
  if (language === "en") return none;
  try {
    const response = await fetch(`${path}?language=${encodeURIComponent(language)}`);
    return response.ok ? await response.json() : none;
  } catch {
    return none; // no server (a test page): the English stays
  }
}

// The page's own words in `language`, asked of the server, then put in place.
export async function setWords(language) {
  table.words = await served("words", language, {});
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
