// Spoken moves and the page's language: the page shows and says what the server puts
// in each notice ("line" and "say", told by the server in the language the page named
// over its socket), and the clock warnings the server lists in its state as
// the running clock, counted down here, passes them. The page keeps no words and no
// thresholds of its own. "speak moves" is the session's switch (the state's `speak.on`,
// changed by a `speak` message): every page shows it, and the board's speaker obeys it.
// The page says aloud only what a board without a voice of its own (`speak.board`)
// cannot. The language is English until the player picks another, kept in this browser.

import { $, send } from "./common.js";

const LANGUAGE_KEY = "kiban.language"; // localStorage: "en", "ja", "pl", "cs" or "fr"

export const speech = { mode: "off", language: "en" };

// The switch this page last sent, until a state shows it: a state the server sent before
// it read the message (a language change's, another move's) must not tick the box back.
const asked = { on: null };

function synth() {
  return "speechSynthesis" in window ? window.speechSynthesis : null;
}

function keep(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // a browser that keeps nothing: the choice lasts as long as the page
  }
}

function kept(key, fallback) {
  try {
    return localStorage.getItem(key) || fallback;
  } catch {
    return fallback;
  }
}

export function say(sentence) {
  if (speech.mode === "off" || !sentence) return;
  document.body.dataset.said = sentence; // the last sentence, for the tests to read
  const voice = synth();
  if (!voice) return;
  const utterance = new SpeechSynthesisUtterance(sentence);
  utterance.lang = speech.language; // the browser's voice for the language
  voice.speak(utterance);
}

export function speakNotice(notice) {
  say(notice.say);
}

// A clock went from `before` to `after` seconds left: say the last of the server's
// `warnings` ({left, say}, the ones still ahead) that the clock passed.
export function speakClock(warnings, before, after) {
  const passed = (warnings || []).filter((warning) => after <= warning.left && warning.left < before);
  if (passed.length) speakNotice(passed[passed.length - 1]);
}

// The session's switch as the state has it: the box shows it, and the page speaks
// while it is on and the board says nothing itself.
// The socket closed: what it carried may be lost, so the server's word stands again.
export function forgetAskedSpeech() {
  asked.on = null;
}

export function renderSpeech(state) {
  const spoken = state.speak || { on: false, board: false };
  if (asked.on === spoken.on) asked.on = null;
  const on = asked.on === null ? spoken.on : asked.on;
  $("speak").checked = on;
  speech.mode = on && !spoken.board ? "on" : "off";
  if (speech.mode === "off" && synth()) synth().cancel();
}

function setLanguage(language) {
  speech.language = language;
  $("language").value = language;
  document.documentElement.lang = language;
  keep(LANGUAGE_KEY, language);
}

export function bindSpeech() {
  $("speak").addEventListener("change", () => {
    asked.on = $("speak").checked;
    send({ type: "speak", mode: asked.on ? "on" : "off" });
  });
  $("language").addEventListener("change", () => setLanguage($("language").value));
  const languages = Array.from($("language").options, (option) => option.value);
  const language = kept(LANGUAGE_KEY, "en");
  setLanguage(languages.includes(language) ? language : "en");
}
