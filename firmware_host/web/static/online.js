// The "Play online" dialog (lishogi): the personal API token given once (a password
// field, cleared as soon as it is sent: the server keeps it and never sends it back,
// only whether one is kept), forgetting it, finding a game (seek, challenge, accept;
// looked for in the background, and stoppable), and while an online game runs its opponent,
// draw offer, abort, resign and chat. Why the computer's help is off is said here too.
// It follows the state as the page draws it (the body's data-seq changes with each).

import { $, html, page, send } from "./common.js";
import { word, wordIn } from "./words.js";

function sendToken(event) {
  event.preventDefault();
  const field = $("online-token");
  const token = field.value.trim();
  field.value = ""; // never left in the page
  if (token) send({ type: "online_token", token });
}

function say(event) {
  event.preventDefault();
  const field = $("online-chat-line");
  const text = field.value.trim();
  if (text && send({ type: "online_say", text }) !== null) field.value = "";
}

// Seek, challenge or accept: lishogi is asked in the background; the dialog shows
// what is being looked for (and can stop it) until the game comes or fails.
function find(event) {
  event.preventDefault();
  const way = $("online-way").value;
  const message = {
    type: "online_start",
    way,
    clock: $("online-clock").value.trim() || "10m byo 10s",
    rated: $("online-rated").checked ? "rated" : "casual",
  };
  const who = $("online-who").value.trim();
  if (way !== "seek") message.who = who;
  send(message);
}

// Asks `question` (English, put in the page's language when asked) before sending.
function confirmed(question, type) {
  return () => {
    if (window.confirm(word(question))) send({ type });
  };
}

// The opponent of the online game: lishogi's computer by its level, else its name.
function opponent(online) {
  if (online.opponent_level !== null && online.opponent_level !== undefined) {
    return word("lishogi AI level {level}", { level: online.opponent_level });
  }
  return online.opponent || "…";
}

const KEPT = "A lishogi token is kept on this board (readable by its user only)."; // word()
const NONE_KEPT = "No lishogi token is kept: give one to play online."; // word()

export function renderOnline(state) {
  const online = state && state.online;
  if (!online) return;
  const kept = online.token;
  wordIn($("online-token-state"), kept ? KEPT : NONE_KEPT);
  wordIn($("online-token-save"), online.token ? "Replace the token" : "Keep the token");
  $("online-forget").hidden = !online.token;
  $("online-help-off").hidden = !online.help_off;
  $("online-help-off").textContent = online.help_off || "";
  const playing = Boolean(online.game);
  $("online-play").hidden = !playing;
  $("online-looking").hidden = !online.looking;
  $("online-looking").textContent = online.looking ? `${online.looking}…` : "";
  const trouble = Boolean(online.looking && online.trouble); // the link fails while looking
  $("online-trouble").hidden = !trouble;
  $("online-trouble").textContent = trouble ? online.trouble : "";
  $("online-cancel").hidden = !online.looking;
  $("online-failed").hidden = !online.failed;
  $("online-failed").textContent = online.failed || "";
  $("online-find").hidden = !online.token || Boolean(online.looking) || (playing && !state.outcome);
  if (!playing) return;
  const over = Boolean(state.outcome);
  for (const id of ["online-draw", "online-abort", "online-resign"]) $(id).disabled = over;
  $("online-opponent").textContent = word("lishogi game {game} against {opponent}", { game: online.game, opponent: opponent(online) });
  const list = $("online-chat");
  list.replaceChildren();
  for (const line of online.chat) html("li", {}, `${line.user}: ${line.text}`, list);
  list.scrollTop = list.scrollHeight;
}

export function bindOnline() {
  $("online-token-form").addEventListener("submit", sendToken);
  const forget = "Forget the lishogi token on this board? (Revoke it on lishogi too.)"; // word()
  $("online-forget").addEventListener("click", confirmed(forget, "online_forget"));
  $("online-draw").addEventListener("click", () => send({ type: "online_draw" }));
  const abort = "Abort the online game?"; // word()
  const resign = "Resign the online game?"; // word()
  $("online-abort").addEventListener("click", confirmed(abort, "online_abort"));
  $("online-resign").addEventListener("click", confirmed(resign, "online_resign"));
  $("online-chat-form").addEventListener("submit", say);
  $("online-find").addEventListener("submit", find);
  $("online-cancel").addEventListener("click", () => send({ type: "online_cancel" }));
  new MutationObserver(() => renderOnline(page.state)).observe(document.body, {
    attributes: true,
    attributeFilter: ["data-seq"],
  });
}
