// Kiban web companion: draws the board the server describes and sends what the
// player does. No build step, no library: plain DOM and SVG.
"use strict";

(() => {
  const SVG = "http://www.w3.org/2000/svg";
  const UNIT = 100; // SVG units per cell pitch: the server's geometry is scaled to this
  const OFF = "#000000";

  const page = {
    catalogue: null,
    board: null,
    state: null,
    ws: null,
    nextId: 1,
    scale: UNIT,
    spots: new Map(), // spot -> {x, y, cell}
    leds: [], // {index, glow, dot}
    indicators: [], // {leds, glow, dot}
    drag: null, // {from, heldIndex, ghost, startX, startY, moved}
    selected: null, // a piece picked by a click: its index in the hand, or "last" lifted
    turnOver: false,
    retry: 500,
  };

  const $ = (id) => document.getElementById(id);

  function svg(name, attributes = {}, parent = null) {
    const element = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    if (parent) parent.appendChild(element);
    return element;
  }

  // --- the connection ----------------------------------------------------------------

  function connect() {
    const protocol = location.protocol === "https:" ? "wss:" : "ws:";
    const token = new URLSearchParams(location.search).get("token");
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    const ws = new WebSocket(`${protocol}//${location.host}/ws${query}`);
    page.ws = ws;
    ws.addEventListener("open", () => {
      page.retry = 500;
      setConnection("connected", false);
    });
    ws.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    ws.addEventListener("close", () => {
      setConnection("disconnected: trying again…", true);
      setTimeout(connect, page.retry);
      page.retry = Math.min(page.retry * 2, 8000);
    });
  }

  function setConnection(text, down) {
    const element = $("connection");
    element.textContent = text;
    element.classList.toggle("down", down);
  }

  function send(message) {
    if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
      log("not connected: the page will reconnect", true);
      return null;
    }
    message.id = page.nextId++;
    page.ws.send(JSON.stringify(message));
    return message.id;
  }

  function receive(message) {
    switch (message.type) {
      case "catalogue":
        page.catalogue = message;
        renderCatalogue();
        break;
      case "board":
        renderBoard(message);
        break;
      case "state":
        renderState(message);
        break;
      case "notice":
        log(describeNotice(message), message.event === "error" || message.event === "illegal");
        break;
      case "error":
        log(`refused: ${message.message}`, true);
        break;
      case "record":
        saveRecord(message);
        break;
      case "pairing":
        $("pairing").hidden = false;
        $("pairing").textContent =
          `Other devices on the network pair with the code ${message.code}.`;
        break;
      default:
        break;
    }
  }

  function describeNotice(notice) {
    switch (notice.event) {
      case "move": return `move ${notice.ply}: ${notice.move}`;
      case "prompt": return `which move? ${notice.choices.join(" / ")}`;
      case "takeback": return `took back ${notice.plies} move${notice.plies > 1 ? "s" : ""}`;
      case "illegal": return `illegal: ${notice.move} (${notice.reason})`;
      case "off_guide": return `${notice.moves.join(" / ")} is not ${notice.guide}`;
      case "out_of_step": return "the board is out of step: follow the lights";
      case "game_over": return `game over: ${notice.result}`;
      case "error": return `refused: ${notice.message}`;
      case "fault": return `fault: ${notice.message}`;
      case "fault_cleared": return "the board answers again";
      default: return notice.event;
    }
  }

  function log(text, isError = false) {
    const item = document.createElement("li");
    item.textContent = text;
    if (isError) item.className = "error";
    const list = $("log");
    list.prepend(item);
    while (list.children.length > 60) list.lastChild.remove();
  }

  function saveRecord(message) {
    const blob = new Blob([message.text], { type: message.media_type });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = message.filename;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  // --- the board ---------------------------------------------------------------------

  function renderBoard(board) {
    page.board = board;
    page.scale = UNIT / board.pitch;
    const k = page.scale;
    const root = $("board");
    root.replaceChildren();
    const [x0, y0, x1, y1] = board.extent;
    const pad = 0.15 * UNIT;
    root.setAttribute(
      "viewBox",
      `${x0 * k - pad} ${y0 * k - pad} ${(x1 - x0) * k + 2 * pad} ${(y1 - y0) * k + 2 * pad}`,
    );
    document.title = `Kiban: ${board.title}`;
    $("title").textContent = `${board.title} · ${board.mode === "simulator" ? "simulated board" : board.profile}`;
    document.body.dataset.mode = board.mode;
    document.body.dataset.game = board.game;
    $("tray").hidden = !board.world;

    const zones = new Map();
    for (const [name, spots] of Object.entries(board.regions)) {
      if (name.startsWith("zone")) for (const spot of spots) zones.set(spot, name);
    }
    const layers = {};
    for (const name of ["cells", "glows", "dots", "pieces", "indicators", "overlay"]) {
      layers[name] = svg("g", { class: `layer-${name}` }, root);
    }
    page.layers = layers;
    page.spots = new Map();
    const points = (list) => list.map(([x, y]) => `${x * k},${y * k}`).join(" ");
    // spot names: a square's bottom left corner, a hexagon's bottom middle
    const square = board.shape === "square";
    const name = (spot, x, y, inset, extra) => {
      svg("text", {
        class: `spot-name${extra}`,
        x: square ? x - inset * UNIT : x,
        y: y + (square ? inset + 0.02 : 0.45) * UNIT,
        "text-anchor": square ? "start" : "middle",
      }, layers.cells).textContent = spot;
    };
    for (const cell of board.cells) {
      const polygon = svg("polygon", {
        class: zones.has(cell.spot) ? "cell region-zone" : "cell",
        points: points(cell.points),
        "data-spot": cell.spot,
      }, layers.cells);
      name(cell.spot, cell.x * k, cell.y * k, 0.42, "");
      page.spots.set(cell.spot, { x: cell.x * k, y: cell.y * k, element: polygon });
    }
    for (const spot of board.off_board) {
      const polygon = svg("polygon", {
        class: "offboard",
        points: points(spot.points),
        "data-spot": spot.spot,
      }, layers.cells);
      name(spot.spot, spot.x * k, spot.y * k, 0.38, " offboard-name");
      page.spots.set(spot.spot, { x: spot.x * k, y: spot.y * k, element: polygon });
    }
    page.stoneRadius = (square ? 0.36 : 0.33) * UNIT;
    page.leds = [];
    for (const led of board.leds) {
      const shared = led.spots.length > 1 || !isCentre(led);
      const glow = svg("circle", {
        class: "glow",
        cx: led.x * k,
        cy: led.y * k,
        r: (shared ? 0.3 : 0.48) * UNIT,
        fill: "none",
        opacity: 0.5,
      }, layers.glows);
      const dot = svg("circle", {
        class: "led off",
        cx: led.x * k,
        cy: led.y * k,
        r: 0.09 * UNIT,
        "data-index": led.index,
        "data-spots": led.spots.join(" "),
      }, layers.dots);
      page.leds.push({ index: led.index, glow, dot });
    }
    page.indicators = [];
    for (const indicator of board.indicators) {
      const glow = svg("circle", {
        class: "glow", cx: indicator.x * k, cy: indicator.y * k, r: 0.22 * UNIT, fill: "none", opacity: 0.5,
      }, layers.indicators);
      const dot = svg("circle", {
        class: "led indicator off",
        cx: indicator.x * k,
        cy: indicator.y * k,
        r: 0.11 * UNIT,
        "data-indicator": indicator.name,
        "data-index": indicator.leds[0],
      }, layers.indicators);
      svg("text", {
        class: "indicator-label", x: indicator.x * k, y: indicator.y * k + 0.4 * UNIT,
      }, layers.indicators).textContent = indicator.label;
      page.indicators.push({ leds: indicator.leds, glow, dot });
    }
    const buttons = $("buttons");
    buttons.replaceChildren();
    for (const name of board.buttons) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = name;
      button.dataset.button = name;
      button.addEventListener("click", () => send({ type: "press", button: name }));
      buttons.appendChild(button);
    }
    const format = $("format");
    format.replaceChildren();
    for (const entry of board.formats) {
      const option = document.createElement("option");
      option.value = entry.name;
      option.textContent = entry.title;
      format.appendChild(option);
    }
    updateDownload();
    if (page.catalogue && $("new-game-name").value !== board.game) {
      $("new-game-name").value = board.game;
      renderOptions();
    }
    if (page.state && page.state.game === board.game) renderState(page.state);
  }

  function isCentre(led) {
    const spot = page.spots.get(led.spots[0]);
    if (!spot) return false;
    return Math.abs(spot.x - led.x * page.scale) < 1 && Math.abs(spot.y - led.y * page.scale) < 1;
  }

  function updateDownload() {
    $("download").href = `record?format=${encodeURIComponent($("format").value || "txt")}`;
  }

  function lit(colour) {
    return colour && colour.toLowerCase() !== OFF;
  }

  function paintLed(glow, dot, colour) {
    if (lit(colour)) {
      dot.setAttribute("fill", colour);
      dot.classList.remove("off");
      glow.setAttribute("fill", colour);
    } else {
      dot.setAttribute("fill", "#3b3226");
      dot.classList.add("off");
      glow.setAttribute("fill", "none");
    }
  }

  function seatClass(owner) {
    const board = page.board;
    if (owner === null || owner === undefined || !board || !board.seats[owner]) return "seat-none";
    return `seat-${board.seats[owner].colour}`;
  }

  function drawStone(parent, stone, x, y, count = 1) {
    const group = svg("g", {
      class: `stone ${seatClass(stone.owner)}${stone.flipped ? " flipped" : ""}`,
      transform: `translate(${x} ${y})`,
    }, parent);
    svg("circle", { r: page.stoneRadius || 0.36 * UNIT }, group);
    svg("text", { y: 0 }, group).textContent = stone.label;
    if (count > 1) {
      svg("text", { class: "count", x: 0.24 * UNIT, y: 0.26 * UNIT }, group).textContent = `×${count}`;
    }
    return group;
  }

  function renderState(state) {
    page.state = state;
    document.body.dataset.seq = state.seq;
    document.body.dataset.phase = state.phase;
    document.body.dataset.moves = state.moves.length;
    if (!page.board || page.board.game !== state.game) return;
    for (const led of page.leds) paintLed(led.glow, led.dot, state.leds[led.index]);
    for (const indicator of page.indicators) {
      paintLed(indicator.glow, indicator.dot, state.leds[indicator.leds[0]]);
    }
    renderPieces(state);
    renderHeld(state);
    renderPanel(state);
  }

  function renderPieces(state) {
    const layer = page.layers.pieces;
    layer.replaceChildren();
    for (const [spot, stones] of Object.entries(state.pieces)) {
      const place = page.spots.get(spot);
      if (!place || !stones.length) continue;
      const group = drawStone(layer, stones[stones.length - 1], place.x, place.y, stones.length);
      group.dataset.spot = spot;
      if (state.pieces_from !== "world") group.classList.add("expected");
    }
  }

  function renderHeld(state) {
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

  function renderPanel(state) {
    const board = page.board;
    const seat = board.seats[state.turn];
    $("turn").textContent = state.outcome
      ? `Game over: ${state.outcome.description}`
      : `${seat ? seat.name : "?"} to move · ${state.phase}`;
    $("message").textContent = state.message;
    const prompt = $("prompt");
    const choices = $("choices");
    choices.replaceChildren();
    prompt.hidden = !state.prompt;
    if (state.prompt) {
      state.prompt.choices.forEach((choice, index) => {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = choice;
        button.dataset.choice = choice;
        if (index === state.prompt.selected) button.classList.add("selected");
        button.addEventListener("click", () => send({ type: "select", choice }));
        choices.appendChild(button);
      });
    }
    const moves = $("moves");
    moves.replaceChildren();
    for (const move of state.moves) {
      const item = document.createElement("li");
      item.textContent = move;
      moves.appendChild(item);
    }
    moves.scrollTop = moves.scrollHeight;
    renderExtras(state);
    $("takeback").disabled = state.moves.length === 0;
    $("resign").disabled = Boolean(state.outcome);
    $("draw").disabled = Boolean(state.outcome);
  }

  function renderExtras(state) {
    const extras = $("extras");
    extras.replaceChildren();
    for (const name of ["clocks", "dice", "scores"]) {
      const value = state[name];
      if (value === null || value === undefined) continue;
      const line = document.createElement("div");
      line.dataset.extra = name;
      line.textContent = `${name}: ${typeof value === "object" ? JSON.stringify(value) : value}`;
      extras.appendChild(line);
    }
  }

  // --- hands: dragging and clicking ----------------------------------------------------

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

  function world() {
    return page.board && page.board.world && page.state;
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
    const target = overTray(event) ? null : spotAt(boardPoint(event));
    const held = drag.heldIndex;
    if (overTray(event)) {
      return; // the piece stays in the hand
    }
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
    const point = boardPoint(event);
    const spot = spotAt(point);
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

  // --- the controls -------------------------------------------------------------------

  function renderCatalogue() {
    const catalogue = page.catalogue;
    const select = $("new-game-name");
    select.replaceChildren();
    for (const game of catalogue.games) {
      const option = document.createElement("option");
      option.value = game.name;
      option.textContent = game.title;
      select.appendChild(option);
    }
    const palettes = $("new-game-palette");
    palettes.replaceChildren();
    for (const name of catalogue.palettes) {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = name;
      palettes.appendChild(option);
    }
    if (page.board) select.value = page.board.game;
    renderOptions();
  }

  function renderOptions() {
    const catalogue = page.catalogue;
    const game = catalogue.games.find((g) => g.name === $("new-game-name").value);
    const fieldset = $("new-game-options");
    fieldset.replaceChildren();
    const legend = document.createElement("legend");
    legend.textContent = "Rules";
    fieldset.appendChild(legend);
    if (!game) return;
    for (const spec of game.options) {
      const label = document.createElement("label");
      label.title = spec.help;
      label.append(`${spec.name} `);
      let input;
      if (spec.choices.length) {
        input = document.createElement("select");
        for (const choice of spec.choices) {
          const option = document.createElement("option");
          option.value = choice;
          option.textContent = choice;
          input.appendChild(option);
        }
      } else {
        input = document.createElement("input");
        input.type = "number";
        if (spec.minimum !== null) input.min = spec.minimum;
        if (spec.maximum !== null) input.max = spec.maximum;
      }
      input.value = spec.default;
      input.dataset.option = spec.name;
      label.appendChild(input);
      fieldset.appendChild(label);
    }
    const profiles = $("new-game-profile");
    profiles.replaceChildren();
    for (const name of game.profiles) {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = name;
      profiles.appendChild(option);
    }
    $("new-game-profile-label").hidden = catalogue.mode !== "simulator" || !game.profiles.length;
  }

  function startNewGame(event) {
    event.preventDefault();
    const variants = {};
    for (const input of $("new-game-options").querySelectorAll("[data-option]")) {
      variants[input.dataset.option] = String(input.value);
    }
    const position = $("new-game-position").value.trim();
    const settings = { palette: $("new-game-palette").value };
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

  function bind() {
    const root = $("board");
    root.addEventListener("pointerdown", pointerDown);
    window.addEventListener("pointermove", moveDrag);
    window.addEventListener("pointerup", endDrag);
    window.addEventListener("pointercancel", endDrag);
    $("turn-over").addEventListener("click", () => setTurnOver(!page.turnOver));
    $("takeback").addEventListener("click", () => send({ type: "takeback" }));
    $("resign").addEventListener("click", () => {
      const seat = page.board && page.state ? page.board.seats[page.state.turn] : null;
      if (window.confirm(`${seat ? seat.name : "The player to move"} resigns?`)) send({ type: "resign" });
    });
    $("draw").addEventListener("click", () => {
      if (window.confirm("Do both players agree to a draw?")) send({ type: "draw" });
    });
    $("format").addEventListener("change", updateDownload);
    $("guide-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const move = $("guide-move").value.trim();
      if (move) send({ type: "guide", move });
    });
    $("unguide").addEventListener("click", () => send({ type: "unguide" }));
    $("new-game-name").addEventListener("change", renderOptions);
    $("new-game-form").addEventListener("submit", startNewGame);
  }

  // For tests and tinkering: draw a board and a state without a server.
  window.kiban = {
    render(board, state) {
      renderBoard(board);
      if (state) renderState(state);
    },
    page,
  };

  bind();
  if (!window.KIBAN_OFFLINE) connect();
})();
