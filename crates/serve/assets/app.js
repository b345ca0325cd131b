// ply in the browser: one page over the JSON API (see the README).
"use strict";

const SVG = "http://www.w3.org/2000/svg";
// Every player the terminal offers that the server plays (learners use
// files, C entries run as programs: not here), each level and depth the
// server allows; "other" takes any spec typed as on the command line.
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const PLAYERS = ["human", "computer", "perfect", "heuristic", "random",
  ...range(1, 20).map(n => "computer:" + n), ...range(1, 10).map(n => "alphabeta:" + n),
  "mcts:100", "mcts:1000", "mcts:10000", "mcts:100000", "other"];
const COLOURS = { win: "#1a9850", draw: "#e6b800", lose: "#8b0000", unknown: "#8c8c8c" };

const ui = {};
for (const id of ["game", "game-summary", "options", "player1", "player2", "player1-spec",
  "player2-spec", "setup-form",
  "position-form", "position", "position-help", "copy", "status", "thinking", "message",
  "board", "text-board", "undo", "redo", "new", "flip", "computer-move", "pass", "values",
  "move-form", "move-input", "moves", "history"]) {
  ui[id.replace(/-(\w)/g, (_, c) => c.toUpperCase())] = document.getElementById(id);
}

const app = {
  games: [],
  game: null,     // the last GameState from the API
  token: null,
  redo: [],       // moves taken back, last undone last
  flipped: false,
  busy: false,
  setup: null,    // the request that started the game, for "New game"
};
// For scripts and tests: the game being played and its token.
window.ply = app;

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function say(text) { ui.message.textContent = text || ""; }

async function api(method, path, body) {
  const headers = {};
  if (app.token) headers.Authorization = "Bearer " + app.token;
  const init = { method, headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ error: "the server answered " + response.status }));
  if (!response.ok) throw new Error(data.error || ("error " + response.status));
  return data;
}

async function busy(work) {
  if (app.busy) return;
  app.busy = true;
  ui.thinking.hidden = false;
  document.body.setAttribute("aria-busy", "true");
  try { await work(); } catch (error) { say(error.message); } finally {
    app.busy = false;
    ui.thinking.hidden = true;
    document.body.removeAttribute("aria-busy");
    updateControls();
  }
}

// ---- setup ---------------------------------------------------------------

function fillPlayers(select, spec, chosen) {
  select.replaceChildren(...PLAYERS.map(p =>
    new Option(p === "other" ? "other (type it)" : p, p, false, p === chosen)));
  const typed = () => { spec.hidden = select.value !== "other"; };
  select.addEventListener("change", typed);
  typed();
}

// A seat's player: the chosen one, or the spec typed for "other".
function playerOf(select, spec) {
  return select.value === "other" ? spec.value.trim() : select.value;
}

function showOptions() {
  const info = app.games.find(g => g.name === ui.game.value);
  ui.gameSummary.textContent = info ? info.summary : "";
  ui.options.replaceChildren();
  if (!info) return;
  for (const option of info.options) {
    // Each option declares the commands it acts on; the page is `serve`.
    if (!option.commands.includes("serve")) continue;
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.name = option.name;
    input.dataset.option = option.name;
    if (option.flag) {
      input.type = "checkbox";
      label.append(input, " " + option.name);
    } else {
      input.type = "text";
      input.placeholder = option.value_name;
      input.size = 8;
      label.append(option.name + " ", input);
    }
    label.title = option.help;
    input.setAttribute("aria-description", option.help);
    ui.options.appendChild(label);
  }
  ui.positionHelp.textContent = info.position.description + ", e.g. " + info.position.example;
}

function readSetup(position) {
  const options = {};
  for (const input of ui.options.querySelectorAll("input")) {
    if (input.type === "checkbox") { if (input.checked) options[input.dataset.option] = true; }
    else if (input.value.trim() !== "") {
      const text = input.value.trim();
      options[input.dataset.option] = /^\d+$/.test(text) ? Number(text) : text;
    }
  }
  const request = { game: ui.game.value, options, players: [playerOf(ui.player1, ui.player1Spec), playerOf(ui.player2, ui.player2Spec)] };
  if (position !== undefined) request.position = position;
  return request;
}

async function start(request) {
  say("");
  await busy(async () => {
    const token = app.token;
    app.token = null;
    try {
      const state = await api("POST", "/api/games", request);
      app.token = state.token;
      app.setup = request;
      app.redo = [];
      show(state);
    } catch (error) { app.token = token; throw error; }
  });
  await proceed();
}

// ---- the game loop -------------------------------------------------------

// After every change: let bots move, then fetch the values when shown.
async function proceed() {
  while (app.game && app.game.turn === "computer" && !app.busy) {
    let moved = false;
    await busy(async () => {
      show(await api("POST", `/api/games/${app.game.id}/computer`));
      moved = true;
    });
    if (!moved) return;
  }
  if (app.game && ui.values.checked && app.game.turn !== "over" && !app.game.analysis) {
    await busy(async () => show(await api("GET", `/api/games/${app.game.id}?values=true`)));
  }
}

async function play(move) {
  if (!app.game) return;
  if (app.busy) { say("Wait: the computer is thinking."); return; }
  if (app.game.turn === "computer") { say("It is the computer's turn."); return; }
  say("");
  let played = false;
  await busy(async () => {
    show(await api("POST", `/api/games/${app.game.id}/moves`, { move }));
    played = true;
  });
  if (played) {
    const next = app.redo[app.redo.length - 1];
    if (next === move) app.redo.pop(); else app.redo = [];
    await proceed();
  }
}

// Back to the previous position where a person is to move.
async function undo() {
  if (!app.game || app.busy) return;
  say("");
  await busy(async () => {
    let state = app.game;
    do {
      if (state.moves.length === 0) break;
      app.redo.push(state.moves[state.moves.length - 1].move);
      state = await api("POST", `/api/games/${state.id}/undo`);
      show(state);
    } while (state.turn === "computer" && state.moves.length > 0);
    if (state.turn === "computer" && state.moves.length === 0) app.redo = [];
  });
  updateControls();
  if (ui.values.checked) await proceed();
}

async function redo() {
  if (!app.game || app.busy || app.redo.length === 0) return;
  const move = app.redo.pop();
  const keep = app.redo.slice();
  await busy(async () => show(await api("POST", `/api/games/${app.game.id}/moves`, { move })));
  app.redo = keep;
  // The computer's replies were undone with the move: the server replays
  // them (a person cannot move for the computer).
  while (app.game && app.game.turn === "computer" && app.redo.length > 0 && !app.busy) {
    const rest = app.redo.slice(0, -1);
    await busy(async () => show(await api("POST", `/api/games/${app.game.id}/redo`)));
    app.redo = rest;
  }
  await proceed();
}

// ---- drawing -------------------------------------------------------------

function valueOf(move) {
  const analysis = app.game && app.game.analysis;
  if (!analysis) return null;
  return analysis.moves.find(m => m.move === move) || null;
}

function valueLabel(v) {
  if (!v) return "";
  if (v.margin !== undefined && v.value !== "unknown") return (v.margin > 0 ? "+" : "") + v.margin;
  if (v.remoteness !== null && v.remoteness !== undefined) return String(v.remoteness);
  if (v.score !== undefined) return (v.score > 0 ? "+" : "") + v.score;
  return v.value === "draw" ? "=" : "?";
}

function valueWords(v) {
  if (!v) return "";
  let text = v.value;
  if (v.remoteness !== null && v.remoteness !== undefined && v.value !== "unknown") text += " in " + v.remoteness;
  if (v.margin !== undefined) text += ` (margin ${v.margin > 0 ? "+" : ""}${v.margin})`;
  if (v.score !== undefined && v.value === "unknown") text += ` (score ${v.score > 0 ? "+" : ""}${v.score})`;
  return text;
}

function squareName(row, col) { return String.fromCharCode(97 + col) + (row + 1); }

// The last move's square name: the session marks it on the board.
function lastMove() {
  const board = app.game.board;
  if (board.last === undefined) return null;
  return squareName(Math.floor(board.last / board.cols), board.last % board.cols);
}

// The legal moves the state lists; past the server's limit on listed
// moves it lists only the first, and any move may be legal.
function legalMoves() {
  const listed = new Set(app.game.legal_moves);
  const all = listed.size >= (app.game.total_legal_moves ?? listed.size);
  return { has: move => all ? listed.has(move) : true };
}

function drawGrid(board) {
  const { rows, cols } = board;
  const size = 60;
  const svg = el("svg", { viewBox: `0 0 ${cols * size + 30} ${rows * size + 30}`, role: "grid",
    "aria-label": `${app.game.game} board, ${rows} by ${cols}` });
  const showValues = ui.values.checked;
  const legal = legalMoves();
  const last = lastMove();
  const discs = board.style === "discs";
  for (let c = 0; c < cols; c++) {
    const x = 30 + (app.flipped ? cols - 1 - c : c) * size + size / 2;
    el("text", { x, y: 18, class: "coord", "text-anchor": "middle" }, svg).textContent = String.fromCharCode(97 + c);
  }
  for (let r = 0; r < rows; r++) {
    const y = 30 + (app.flipped ? rows - 1 - r : r) * size + size / 2 + 5;
    el("text", { x: 14, y, class: "coord", "text-anchor": "middle" }, svg).textContent = String(r + 1);
    const row = el("g", { role: "row" }, svg);
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const name = squareName(r, c);
      const x = 30 + (app.flipped ? cols - 1 - c : c) * size;
      const yy = 30 + (app.flipped ? rows - 1 - r : r) * size;
      const mark = board.cells[i];
      const v = showValues && legal.has(name) ? valueOf(name) : null;
      const g = el("g", { class: "cell", role: "gridcell", tabindex: "0", "data-move": name,
        "data-row": r, "data-col": c }, row);
      const fill = v ? COLOURS[v.value] : (discs ? "#2e7d32" : "#fdfdf8");
      const rect = el("rect", { x: x + 1, y: yy + 1, width: size - 2, height: size - 2, rx: discs ? 0 : 6,
        fill, class: "square" + (v ? " valued" : "") }, g);
      if (v) rect.setAttribute("data-value", v.value);
      if (mark) {
        const fading = board.fading.includes(i);
        if (discs) {
          el("circle", { cx: x + size / 2, cy: yy + size / 2, r: size * 0.38,
            fill: mark === "X" ? "#111" : "#f5f5f5", stroke: "#333", class: "disc" }, g);
        } else if (mark === "X") {
          const m = el("g", { class: "mark x" + (fading ? " fading" : "") }, g);
          el("path", { d: `M${x + 16} ${yy + 16}L${x + size - 16} ${yy + size - 16}M${x + size - 16} ${yy + 16}L${x + 16} ${yy + size - 16}` }, m);
        } else {
          const m = el("g", { class: "mark o" + (fading ? " fading" : "") }, g);
          el("circle", { cx: x + size / 2, cy: yy + size / 2, r: size / 2 - 16 }, m);
        }
      } else if (legal.has(name) && !v) {
        el("circle", { cx: x + size / 2, cy: yy + size / 2, r: 4, class: "legal-dot" }, g);
      }
      if (v) {
        el("text", { x: x + size / 2, y: yy + size / 2 + 6, "text-anchor": "middle", class: "value-label" }, g)
          .textContent = valueLabel(v);
      }
      if (name === last) {
        el("rect", { x: x + 4, y: yy + 4, width: size - 8, height: size - 8, rx: 4, class: "last-move" }, g);
      }
      const what = mark ? (mark === "X" ? app.game.side_names[0] : app.game.side_names[1]) : "empty";
      const extra = [board.fading.includes(i) ? "vanishes next" : "", legal.has(name) ? "legal" : "",
        v ? valueWords(v) : "", name === last ? "last move" : ""].filter(Boolean).join(", ");
      g.setAttribute("aria-label", `${name}, ${what}${extra ? ", " + extra : ""}`);
      g.addEventListener("click", () => play(name));
    }
  }
  return svg;
}

function drawHeaps(board) {
  const heaps = board.heaps;
  const shown = Math.min(Math.max(...heaps, 1), 30);
  const size = 28;
  // At least 8 objects wide, so a nearly empty board keeps its scale.
  const width = 60 + Math.max(shown, 8) * size;
  const svg = el("svg", { viewBox: `0 0 ${width} ${heaps.length * 44 + 10}`, role: "grid",
    "aria-label": `Nim, ${heaps.length} rows` });
  const showValues = ui.values.checked;
  const legal = legalMoves();
  const order = heaps.map((_, i) => i);
  if (app.flipped) order.reverse();
  order.forEach((r, slot) => {
    const count = heaps[r];
    const y = 10 + slot * 44;
    const row = el("g", { role: "row" }, svg);
    el("text", { x: 6, y: y + 22, class: "coord" }, row).textContent = `${r + 1}: ${count}`;
    // Click the k-th object from the right to take k of them; a long row
    // shows its last 30 objects.
    const first = Math.max(0, count - shown);
    for (let i = first; i < count; i++) {
      const take = count - i;
      const move = `${r + 1}:${take}`;
      const v = showValues && legal.has(move) ? valueOf(move) : null;
      const x = 60 + (i - first) * size;
      const g = el("g", { class: "cell", role: "gridcell", tabindex: "0", "data-move": move }, row);
      const circle = el("circle", { cx: x + size / 2, cy: y + 16, r: size / 2 - 3,
        fill: v ? COLOURS[v.value] : "#c0863a", class: "square" + (v ? " valued" : "") }, g);
      if (v) {
        circle.setAttribute("data-value", v.value);
        el("text", { x: x + size / 2, y: y + 21, "text-anchor": "middle", class: "value-label small" }, g)
          .textContent = valueLabel(v);
      }
      g.setAttribute("aria-label", `row ${r + 1}, take ${take}${v ? ", " + valueWords(v) : ""}`);
      g.addEventListener("click", () => play(move));
    }
  });
  return svg;
}

function drawHistory() {
  const moves = app.game.moves;
  const width = Math.max(240, moves.length * 22 + 40);
  const numbers = moves.map(m => (m.margin !== undefined ? m.margin : m.remoteness));
  const known = numbers.filter(n => n !== null && n !== undefined);
  const top = Math.max(1, ...known.map(Math.abs));
  const svg = el("svg", { viewBox: `0 0 ${width} 130`, role: "img",
    "aria-label": "Value after each move, coloured by value for the player who made it" });
  el("line", { x1: 30, y1: 110, x2: width - 5, y2: 110, class: "axis" }, svg);
  el("line", { x1: 30, y1: 10, x2: 30, y2: 110, class: "axis" }, svg);
  el("text", { x: 2, y: 16, class: "coord small" }, svg).textContent = String(top);
  el("text", { x: 2, y: 112, class: "coord small" }, svg).textContent = "0";
  let path = "";
  moves.forEach((m, i) => {
    const n = numbers[i];
    if (n === null || n === undefined || !m.value) return;
    const x = 40 + i * 22;
    const y = 110 - (Math.abs(n) / top) * 95;
    path += (path ? "L" : "M") + x + " " + y;
    const dot = el("circle", { cx: x, cy: y, r: 5, fill: COLOURS[m.value], class: "history-dot" }, svg);
    el("title", {}, dot).textContent = `${i + 1}. ${m.move}: ${valueWords(m)}`;
  });
  if (path) svg.insertBefore(el("path", { d: path, class: "history-line" }), svg.children[2]);
  return svg;
}

function show(state) {
  app.game = state;
  const board = state.board;
  ui.board.replaceChildren();
  ui.textBoard.hidden = board.kind !== "text";
  ui.textBoard.textContent = state.text;
  if (board.kind === "grid") ui.board.appendChild(drawGrid(board));
  else if (board.kind === "heaps") ui.board.appendChild(drawHeaps(board));
  ui.board.dataset.game = state.game;
  ui.position.value = state.position;
  let status;
  if (state.result) status = state.result.text + ".";
  else status = `${state.to_move_name} to move` + (state.turn === "computer" ? " (computer)" : "");
  if (board.counts) status += ` — ${state.side_names[0]} ${board.counts[0]}, ${state.side_names[1]} ${board.counts[1]}`;
  if (state.analysis && !state.result) status += ` — position: ${valueWords(state.analysis)}`;
  ui.status.textContent = status;
  ui.status.dataset.result = state.result ? (state.result.winner || "draw") : "";
  const last = state.moves[state.moves.length - 1];
  if (last && last.move === "pass") say(`${last.side === "X" ? state.side_names[0] : state.side_names[1]} passes.`);
  ui.moves.replaceChildren(...state.moves.map((m, i) => {
    const item = document.createElement("li");
    item.textContent = `${m.side} ${m.move}`;
    if (m.value) {
      const tag = document.createElement("span");
      tag.className = "tag " + m.value;
      tag.textContent = valueWords(m);
      item.append(" ", tag);
    }
    item.dataset.ply = i + 1;
    return item;
  }));
  ui.history.replaceChildren(drawHistory());
  updateControls();
}

function updateControls() {
  const game = app.game;
  const human = game && game.turn === "human";
  ui.undo.disabled = !game || app.busy || game.moves.length === 0;
  ui.redo.disabled = !game || app.busy || app.redo.length === 0;
  ui.new.disabled = !app.setup || app.busy;
  ui.computerMove.disabled = !game || app.busy || game.turn === "over";
  ui.pass.hidden = !(human && game.must_pass);
}

// ---- keyboard ------------------------------------------------------------

ui.board.addEventListener("keydown", event => {
  const cell = event.target.closest && event.target.closest(".cell");
  if (!cell) return;
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    cell.dispatchEvent(new MouseEvent("click"));
    return;
  }
  const steps = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
  const step = steps[event.key];
  if (!step) return;
  event.preventDefault();
  const cells = [...ui.board.querySelectorAll(".cell")];
  if (cell.dataset.row === undefined) {
    const i = cells.indexOf(cell) + (step[0] + step[1] > 0 ? 1 : -1);
    if (cells[i]) cells[i].focus();
    return;
  }
  const sign = app.flipped ? -1 : 1;
  const r = Number(cell.dataset.row) + sign * step[0];
  const c = Number(cell.dataset.col) + sign * step[1];
  const next = cells.find(x => Number(x.dataset.row) === r && Number(x.dataset.col) === c);
  if (next) next.focus();
});

document.addEventListener("keydown", event => {
  if (event.target.matches("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  const actions = { u: undo, r: redo, n: () => app.setup && start(app.setup), f: flip,
    v: () => { ui.values.checked = !ui.values.checked; toggleValues(); },
    c: computerMove };
  const action = actions[event.key];
  if (action) { event.preventDefault(); action(); }
});

function flip() { app.flipped = !app.flipped; if (app.game) show(app.game); }

async function toggleValues() {
  if (!app.game) return;
  show(app.game);
  if (ui.values.checked) await proceed();
}

async function computerMove() {
  if (!app.game || app.busy || app.game.turn === "over") return;
  say("");
  await busy(async () => show(await api("POST", `/api/games/${app.game.id}/computer`)));
  app.redo = [];
  await proceed();
}

// ---- wiring --------------------------------------------------------------

ui.game.addEventListener("change", showOptions);
ui.setupForm.addEventListener("submit", event => { event.preventDefault(); start(readSetup()); });
ui.positionForm.addEventListener("submit", event => {
  event.preventDefault();
  const base = app.setup ? { ...app.setup } : readSetup();
  base.position = ui.position.value;
  start(base);
});
ui.copy.addEventListener("click", async () => {
  ui.position.select();
  try { await navigator.clipboard.writeText(ui.position.value); say("Position copied."); }
  catch (_) { say("Position selected: copy it with Ctrl-C."); }
});
ui.undo.addEventListener("click", undo);
ui.redo.addEventListener("click", redo);
ui.new.addEventListener("click", () => app.setup && start({ ...app.setup, position: undefined }));
ui.flip.addEventListener("click", flip);
ui.computerMove.addEventListener("click", computerMove);
ui.pass.addEventListener("click", () => play("pass"));
ui.values.addEventListener("change", toggleValues);
ui.moveForm.addEventListener("submit", event => {
  event.preventDefault();
  const move = ui.moveInput.value.trim();
  if (move) { ui.moveInput.value = ""; play(move); }
});

(async function init() {
  try {
    app.games = await api("GET", "/api/games-list");
  } catch (error) { say(error.message); return; }
  ui.game.replaceChildren(...app.games.map(g => new Option(g.name, g.name)));
  fillPlayers(ui.player1, ui.player1Spec, "human");
  fillPlayers(ui.player2, ui.player2Spec, "computer");
  showOptions();
  updateControls();
})();
