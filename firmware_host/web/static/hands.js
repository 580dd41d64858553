// The simulated hands: drag a piece (pointer down lifts it, pointer up puts it
// down), or click a piece and then a spot, or hold pieces in the tray.

import { drawStone } from "./board.js";
import { $, UNIT, page, send, svg } from "./common.js";

export function renderHeld(state) {
  const held = $("held");
  held.replaceChildren();
  if (typeof page.selected === "number" && page.selected >= state.held.length) page.selected = null;
  const chosen = page.selected === "last" ? state.held.length - 1 : page.selected;
  state.held.forEach((stone, index) => {
    const box = svg("svg", { viewBox: `${-0.42 * UNIT} ${-0.42 * UNIT} ${0.84 * UNIT} ${0.84 * UNIT}` }, held);
    box.dataset.held = index;
    const group = drawStone(box, stone, 0, 0);
    if (index === chosen) group.classList.add("selected");
    box.addEventListener("pointerdown", (event) => startDrag(event, null, index));
  });
}

function boardPoint(event) {
  const root = $("board");
  const point = root.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  return point.matrixTransform(root.getScreenCTM().inverse());
}

function spotAt(point) {
  let best = null;
  let distance = 0.55 * UNIT;
  for (const [spot, place] of page.spots) {
    const d = Math.hypot(place.x - point.x, place.y - point.y);
    if (d < distance) {
      distance = d;
      best = spot;
    }
  }
  return best;
}

function overTray(event) {
  const element = document.elementFromPoint(event.clientX, event.clientY);
  return Boolean(element && $("tray").contains(element));
}

// The page's hands move simulated pieces; not while it follows a game played elsewhere.
function world() {
  return page.board && page.board.world && page.state && !(page.state.remote && page.state.remote.watching);
}

function startDrag(event, spot, heldIndex) {
  if (!world() || event.button > 0) return;
  event.preventDefault();
  const state = page.state;
  let stone;
  if (spot !== null) {
    const stones = state.pieces[spot];
    stone = stones[stones.length - 1];
  } else {
    stone = state.held[heldIndex];
  }
  const point = boardPoint(event);
  const ghost = drawStone(page.layers.overlay, stone, point.x, point.y);
  ghost.classList.add("ghost");
  page.drag = {
    from: spot,
    heldIndex,
    ghost,
    startX: event.clientX,
    startY: event.clientY,
    moved: false,
    pointer: event.pointerId,
  };
  if (spot !== null) {
    send({ type: "lift", spot });
    page.selected = null;
  }
}

function moveDrag(event) {
  const drag = page.drag;
  if (!drag || event.pointerId !== drag.pointer) return;
  if (Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) > 6) drag.moved = true;
  const point = boardPoint(event);
  drag.ghost.setAttribute("transform", `translate(${point.x} ${point.y})`);
  $("tray").classList.toggle("over", overTray(event));
}

function endDrag(event) {
  const drag = page.drag;
  if (!drag || event.pointerId !== drag.pointer) return;
  page.drag = null;
  drag.ghost.remove();
  $("tray").classList.remove("over");
  if (overTray(event)) return; // the piece stays in the hand
  const target = spotAt(boardPoint(event));
  const held = drag.heldIndex;
  if (!drag.moved) {
    // a click: the piece is picked up (or picked in the hand) and waits for its spot
    page.selected = drag.from !== null ? "last" : held;
    if (page.state) renderHeld(page.state);
    return;
  }
  if (target === null) {
    if (drag.from !== null) send({ type: "place", spot: drag.from });
    return;
  }
  const message = { type: "place", spot: target };
  if (held !== null) message.held = held;
  send(message);
}

function pointerDown(event) {
  if (!world()) return;
  const spot = spotAt(boardPoint(event));
  if (spot === null) return;
  if (page.turnOver) {
    if (page.state.pieces[spot]) send({ type: "flip", spot });
    setTurnOver(false);
    return;
  }
  if (page.selected !== null && page.state.held.length) {
    // the second click of a click-click move: put the picked piece here
    event.preventDefault();
    const message = { type: "place", spot };
    if (typeof page.selected === "number") message.held = page.selected;
    page.selected = null;
    send(message);
    return;
  }
  const stones = page.state.pieces[spot];
  if (stones && stones.length) startDrag(event, spot, null);
}

function setTurnOver(on) {
  page.turnOver = on;
  $("turn-over").setAttribute("aria-pressed", String(on));
}

export function bindHands() {
  $("board").addEventListener("pointerdown", pointerDown);
  window.addEventListener("pointermove", moveDrag);
  window.addEventListener("pointerup", endDrag);
  window.addEventListener("pointercancel", endDrag);
  $("turn-over").addEventListener("click", () => setTurnOver(!page.turnOver));
}
