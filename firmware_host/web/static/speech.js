// Spoken moves: the page says the sentence the server puts in each notice ("say", or
// "say_ja" with Japanese piece names), and a running clock as it passes a minute,
// thirty and ten seconds. Off until the player ticks "speak moves"; the choice is
// kept in this browser.

import { $ } from "./common.js";

const WARNINGS = [60, 30, 10]; // seconds left at which a running clock is announced
const KEY = "kiban.speech"; // localStorage: "off", "on" or "ja"

export const speech = { mode: "off" };

function synth() {
  return "speechSynthesis" in window ? window.speechSynthesis : null;
}

export function say(sentence) {
  if (speech.mode === "off" || !sentence) return;
  document.body.dataset.said = sentence; // the last sentence, for the tests to read
  const voice = synth();
  if (!voice) return;
  const utterance = new SpeechSynthesisUtterance(sentence);
  utterance.lang = "en";
  voice.speak(utterance);
}

export function speakNotice(notice) {
  say(speech.mode === "ja" && notice.say_ja ? notice.say_ja : notice.say);
}

// A clock went from `before` to `after` seconds left: say the warning it passed, if any.
export function speakClock(seatName, before, after) {
  const passed = WARNINGS.filter((mark) => after <= mark && mark < before);
  if (!passed.length) return;
  const mark = Math.min(...passed);
  say(`${seatName}: ${mark === 60 ? "one minute" : `${mark} seconds`} left`);
}

function setMode(mode) {
  speech.mode = mode;
  $("speak").checked = mode !== "off";
  $("speak-ja").checked = mode === "ja";
  $("speak-ja-label").hidden = mode === "off";
  try {
    localStorage.setItem(KEY, mode);
  } catch {
    // a browser that keeps nothing: the choice lasts as long as the page
  }
  if (mode === "off" && synth()) synth().cancel();
}

export function bindSpeech() {
  let kept = "off";
  try {
    kept = localStorage.getItem(KEY) || "off";
  } catch {
    kept = "off";
  }
  const modeNow = () => ($("speak").checked ? ($("speak-ja").checked ? "ja" : "on") : "off");
  $("speak").addEventListener("change", () => setMode(modeNow()));
  $("speak-ja").addEventListener("change", () => setMode(modeNow()));
  setMode(["on", "ja"].includes(kept) ? kept : "off");
}
