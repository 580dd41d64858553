// Paired devices: the ones the board knows, unpairing this one, forgetting the others.
// Shown only when the board pairs devices (it listens on the network).

import { $, button, html, log } from "./common.js";
import { word, wordIn } from "./words.js";

export async function renderDevices() {
  let answer;
  try {
    const response = await fetch("/devices", { cache: "no-store" });
    if (!response.ok) return;
    answer = await response.json();
  } catch {
    return; // the connection's own handling says the board is away
  }
  const box = $("devices");
  box.hidden = answer.pairing === "none";
  const list = $("devices-list");
  list.replaceChildren();
  for (const device of answer.devices) {
    const since = new Date(device.since * 1000).toLocaleString();
    const peer = device.peer ?? word("unknown address");
    const mine = device.id === answer.this;
    const text = mine ? "{peer}, paired {since} (this device)" : "{peer}, paired {since}"; // wordIn()
    wordIn(html(`li`, {}, null, list), text, { peer, since });
  }
  if (answer.devices.length === 0) wordIn(html(`li`, {}, null, list), "none");
  const actions = $("devices-actions");
  actions.replaceChildren();
  if (answer.this !== null) wordIn(button(``, unpairThis, {}, actions), "Unpair this device");
  const others = answer.devices.filter((device) => device.id !== answer.this).length;
  if (others > 0) {
    const label = answer.this === null ? "Forget every paired device" : "Forget the other devices"; // wordIn()
    wordIn(button(``, forgetOthers, {}, actions), label);
  }
  const closed = answer.pairing === `closed`;
  $("devices-pairing").textContent = closed ? word("Pairing is closed after too many wrong codes until Kiban restarts.") : ``;
}

async function unpairThis() {
  if (!confirm(word("Unpair this device? It will need the pairing code again."))) return;
  const response = await fetch("/unpair", { method: "POST" });
  if (response.ok) location.reload(); // the pairing page from now on
  else log(word("could not unpair this device"), true);
}

async function forgetOthers() {
  const response = await fetch("/unpair/others", { method: "POST" });
  if (response.ok) {
    const answer = await response.json();
    log(word("devices forgotten: {count}", { count: answer.forgotten }));
  } else {
    log(word("could not forget the other devices"), true);
  }
  renderDevices();
}

// After the socket closed: a device unpaired elsewhere is shown the pairing page.
export async function checkStillPaired() {
  try {
    const response = await fetch("/state", { cache: "no-store" });
    if (response.status === 401 || response.status === 403) location.reload();
  } catch {
    // the board is away: the connection keeps trying
  }
}
