// Spoken moves: the page says the sentence the server puts in each notice ("say", or
// "say_ja" with Japanese piece names), and the clock warnings the server lists in its
// state as the running clock, counted down here, passes them. The page keeps no
// words and no thresholds of its own. Off until the player ticks "speak moves"; the
// choice is kept in this browser.

import { $ } from "./common.js";

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
  utterance.lang = speech.mode === "ja" ? "ja-JP" : "en";
  voice.speak(utterance);
}

export function speakNotice(notice) {
  say(speech.mode === "ja" && notice.say_ja ? notice.say_ja : notice.say);
}

// A clock went from `before` to `after` seconds left: say the last of the server's
// `warnings` ({left, say, say_ja}, the ones still ahead) that the clock passed.
export function speakClock(warnings, before, after) {
  const passed = (warnings || []).filter((warning) => after <= warning.left && warning.left < before);
  if (passed.length) speakNotice(passed[passed.length - 1]);
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
  let kept;
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
