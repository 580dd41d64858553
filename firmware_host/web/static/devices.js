// Paired devices: the ones the board knows, unpairing this one, forgetting the others.
// Shown only when the board pairs devices (it listens on the network).

import { $, button, html, log } from "./common.js";

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
    const mine = device.id === answer.this ? " (this device)" : "";
    html("li", {}, `${device.peer ?? "unknown address"}, paired ${since}${mine}`, list);
  }
  if (answer.devices.length === 0) html("li", {}, "none", list);
  const actions = $("devices-actions");
  actions.replaceChildren();
  if (answer.this !== null) button("Unpair this device", unpairThis, {}, actions);
  const others = answer.devices.filter((device) => device.id !== answer.this).length;
  if (others > 0) {
    const label = answer.this === null ? "Forget every paired device" : "Forget the other devices";
    button(label, forgetOthers, {}, actions);
  }
  $("devices-pairing").textContent =
    answer.pairing === "closed" ? "Pairing is closed after too many wrong codes until Kiban restarts." : "";
}

async function unpairThis() {
  if (!confirm("Unpair this device? It will need the pairing code again.")) return;
  const response = await fetch("/unpair", { method: "POST" });
  if (response.ok) location.reload(); // the pairing page from now on
  else log("could not unpair this device", true);
}

async function forgetOthers() {
  const response = await fetch("/unpair/others", { method: "POST" });
  if (response.ok) {
    const answer = await response.json();
    log(`forgot ${answer.forgotten} device${answer.forgotten === 1 ? "" : "s"}`);
  } else {
    log("could not forget the other devices", true);
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
