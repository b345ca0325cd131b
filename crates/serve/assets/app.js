// ply in the browser: one page over the JSON API (see the README).
"use strict";

const SVG = "http://www.w3.org/2000/svg";
// Who can play a side, strongest computer last: a short list a newcomer
// can read; "other" takes any player typed as on the command line
// (computer:LEVEL, alphabeta:DEPTH, mcts:PLAYOUTS, perfect, ...).
const PLAYERS = [
  ["human", "Person", "you (or a friend) play this side by clicking"],
  ["random", "Computer: random", "plays any legal move"],
  ["heuristic", "Computer: beginner", "plays by rules of thumb, no look-ahead"],
  ["alphabeta:2", "Computer: easy", "looks two plies (one move each) ahead"],
  ["alphabeta:4", "Computer: medium", "looks four plies ahead"],
  ["computer", "Computer: strongest", "the game's best engine: perfect where the game is solved, else its strongest search within the server's time"],
  ["other", "Custom (type a player)", "any player of ply play, e.g. alphabeta:6, mcts:10000, computer:5, perfect"],
];
const PLAYER_SPECS = PLAYERS.map(p => p[0]);

// Value colours, the best of a kind first (a win sooner, a loss later):
// each meets WCAG AA with its text colour (4.5:1) and stands 3:1 from a
// light board; on dark boards a white ring does (see style.css).
const SHADES = {
  win: ["#1a7f37", "#146c2e", "#0f5323"],
  draw: ["#b38600"],
  lose: ["#b2182b", "#8b0000", "#5c0000"],
};
const TEXT_ON = { win: "#ffffff", draw: "#1d2433", lose: "#ffffff", unknown: "#ffffff" };
// Unknown values on a gradient by the engine's estimate: worst grey, best blue.
const ESTIMATE_LOW = [0x5f, 0x6b, 0x7a];
const ESTIMATE_HIGH = [0x2b, 0x4c, 0x9a];
// Nim: objects per line, and the most drawn of one row.
const NIM_LINE = 20;
const NIM_MAX = 200;

const ui = {};
for (const id of ["game", "game-summary", "game-picture", "options", "player1", "player2", "player1-spec",
  "player2-spec", "setup-form", "start", "load",
  "position-form", "position", "position-help", "copy", "status", "thinking", "message",
  "announce", "board", "text-board", "undo", "redo", "new", "flip", "computer-move", "pass",
  "stop", "values", "think", "think-note", "move-form", "move-input", "play-move", "legend", "history",
  "game-text", "record-format", "export", "import", "link"]) {
  ui[id.replace(/-(\w)/g, (_, c) => c.toUpperCase())] = document.getElementById(id);
}

const app = {
  games: [],
  game: null,     // the last GameState from the API
  token: null,
  flipped: false,
  busy: false,
  stopped: false, // the computer waits (Stop, or a position chosen in the history)
  setup: null,    // the request that started the game, for "New game"
  focusMove: null, // the board's one tab stop, kept across redraws
};
// For scripts and tests: the game being played and its token.
window.ply = app;

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function html(name, attrs = {}, text = "") {
  const node = document.createElement(name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

function say(text) { ui.message.textContent = text || ""; }

// Tells screen readers what happened on the board (the computer's move, a pass).
function announce(text) { ui.announce.textContent = text; }

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

const WAIT = "Wait: the computer is thinking.";

async function busy(work) {
  if (app.busy) return;
  app.busy = true;
  ui.thinking.hidden = false;
  document.body.setAttribute("aria-busy", "true");
  updateControls();
  try { await work(); } catch (error) { say(error.message); } finally {
    app.busy = false;
    ui.thinking.hidden = true;
    document.body.removeAttribute("aria-busy");
    if (ui.message.textContent === WAIT) say("");
    updateControls();
  }
}

const isHuman = player => player === "human";
const sideName = side => app.game.side_names[side === "X" ? 0 : 1];

// ---- setup ---------------------------------------------------------------

function fillPlayers(select, spec, chosen) {
  select.replaceChildren(...PLAYERS.map(([value, name, about]) => {
    const option = new Option(name, value, false, value === chosen);
    option.title = about;
    return option;
  }));
  const about = select.parentElement.querySelector(".about");
  const typed = () => {
    spec.hidden = select.value !== "other";
    about.textContent = PLAYERS.find(p => p[0] === select.value)[2];
  };
  select.addEventListener("change", typed);
  typed();
}

function choosePlayer(select, spec, player) {
  const listed = PLAYER_SPECS.includes(player) && player !== "other";
  select.value = listed ? player : "other";
  select.dispatchEvent(new Event("change"));
  spec.value = listed ? "" : player;
}

// A seat's player: the chosen one, or the spec typed for "other".
function playerOf(select, spec) {
  return select.value === "other" ? spec.value.trim() : select.value;
}

function gameInfo(name) { return app.games.find(g => g.name === name); }

// The form's game entry: a game, or one of its presets ("name/index").
function chosenEntry() {
  const [name, preset] = ui.game.value.split("/");
  const info = gameInfo(name);
  return { info, preset: info && preset !== undefined ? info.presets[Number(preset)] : null };
}

function optionControl(option) {
  const values = option.values || { kind: "text" };
  if (option.flag) return html("input", { type: "checkbox" });
  if (values.kind === "choice") {
    const select = html("select");
    select.append(...values.choices.map(c => new Option(c, c)));
    return select;
  }
  if (values.kind === "number") {
    return html("input", { type: "number", min: values.min, max: values.max, step: values.step,
      placeholder: "default", inputmode: "numeric" });
  }
  return html("input", { type: "text", placeholder: option.value_name, size: 10 });
}

function showOptions() {
  const { info, preset } = chosenEntry();
  ui.gameSummary.textContent = info ? (preset ? preset.rules : info.rules) : "";
  ui.options.replaceChildren();
  ui.gamePicture.replaceChildren();
  if (!info) return;
  const picture = preset ? preset.picture : info.picture;
  if (picture) ui.gamePicture.append(drawPicture(picture));
  for (const option of info.options) {
    // Each option declares the commands it acts on; the page is `serve`.
    if (!option.commands.includes("serve")) continue;
    const label = html("label", { class: option.flag ? "flag" : "" });
    const control = optionControl(option);
    control.dataset.option = option.name;
    control.name = option.name;
    const help = html("span", { class: "hint option-help", id: "help-" + option.name }, option.help);
    control.setAttribute("aria-describedby", help.id);
    const words = option.label || option.name;
    if (option.flag) label.append(control, " " + words);
    else label.append(words + " ", control);
    label.append(help);
    ui.options.appendChild(label);
    const given = preset ? preset.options[option.name] : undefined;
    if (given !== undefined) control.value = String(given);
  }
  ui.positionHelp.textContent = info.position.description + ", e.g. " + info.position.example;
  showRecordFormats();
}

// A small drawing of a game's start board, for the setup.
function drawPicture(board) {
  if (board.kind === "heaps") {
    const svg = el("svg", { viewBox: `0 0 ${Math.max(...board.heaps, 1) * 12 + 4} ${board.heaps.length * 12 + 4}`,
      class: "picture", "aria-hidden": "true" });
    board.heaps.forEach((count, r) => {
      for (let i = 0; i < count; i++) el("circle", { cx: 8 + i * 12, cy: 8 + r * 12, r: 4.5, class: "square object" }, svg);
    });
    return svg;
  }
  const cell = 60 / Math.max(board.rows, board.cols);
  const svg = el("svg", { viewBox: `0 0 ${board.cols * cell} ${board.rows * cell}`, class: "picture", "aria-hidden": "true" });
  const discs = board.style === "discs";
  board.cells.forEach((mark, i) => {
    const x = (i % board.cols) * cell, y = Math.floor(i / board.cols) * cell;
    el("rect", { x, y, width: cell, height: cell, class: "square" + (discs ? " felt" : "") }, svg);
    if (mark && discs) el("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.38, class: "disc " + (mark === "X" ? "first" : "second") }, svg);
  });
  return svg;
}

// Puts a setup back on the form (a game restored from a link).
function showSetup(request) {
  ui.game.value = request.game;
  showOptions();
  for (const input of ui.options.querySelectorAll("[data-option]")) {
    const value = request.options[input.dataset.option];
    if (input.type === "checkbox") input.checked = value === true;
    else if (value !== undefined) input.value = String(value);
  }
  choosePlayer(ui.player1, ui.player1Spec, request.players[0]);
  choosePlayer(ui.player2, ui.player2Spec, request.players[1]);
}

function readSetup(position) {
  const options = {};
  for (const input of ui.options.querySelectorAll("[data-option]")) {
    if (input.type === "checkbox") { if (input.checked) options[input.dataset.option] = true; }
    else if (input.value.trim() !== "") {
      const text = input.value.trim();
      options[input.dataset.option] = /^\d+$/.test(text) ? Number(text) : text;
    }
  }
  const request = { game: chosenEntry().info.name, options, players: [playerOf(ui.player1, ui.player1Spec), playerOf(ui.player2, ui.player2Spec)] };
  if (position !== undefined) request.position = position;
  return request;
}

async function start(request, moves = []) {
  if (app.busy) return;
  say("");
  let started = false;
  await busy(async () => {
    const token = app.token;
    app.token = null;
    try {
      const state = await api("POST", "/api/games", { ...request, moves });
      app.token = state.token;
      // New game starts from the start position, not from the record.
      const { record: _record, ...setup } = request;
      app.setup = { ...setup, position: state.start_position };
      app.stopped = false;
      app.focusMove = null;
      show(state);
      started = true;
    } catch (error) { app.token = token; throw error; }
  });
  if (started) await proceed();
}

// "New game" and the n key: the same game again from its start.
function newGame() { if (app.setup) start(app.setup); }

// ---- links ---------------------------------------------------------------

// The URL's fragment holds the game, its options, players, start position
// and moves, so a reload or a shared link opens the same game.
function writeLink() {
  const game = app.game;
  const params = new URLSearchParams();
  params.set("game", game.game);
  if (Object.keys(game.options).length) params.set("options", JSON.stringify(game.options));
  params.set("players", game.players.join(","));
  params.set("start", game.start_position);
  if (game.moves.length) params.set("moves", game.moves.map(m => m.move).join(" "));
  history.replaceState(null, "", "#" + params.toString());
}

function readLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const game = params.get("game");
  if (!game || !gameInfo(game)) return null;
  let options = {};
  try { options = JSON.parse(params.get("options") || "{}"); } catch (_) { options = {}; }
  const players = (params.get("players") || "human,computer").split(",");
  const request = { game, options, players: [players[0] || "human", players[1] || "computer"] };
  if (params.get("start")) request.position = params.get("start");
  const moves = (params.get("moves") || "").split(" ").filter(Boolean);
  return { request, moves };
}

// ---- the game loop -------------------------------------------------------

const computerToMove = () => app.game && app.game.turn === "computer";

// The values of a position someone looks at: a person's turn, a position
// chosen while the computer waits, or every position of a game between
// computers (so each of their moves gets its value).
function wantsValues() {
  const game = app.game;
  if (!game || !ui.values.checked || game.turn === "over" || game.analysis) return false;
  return game.turn === "human" || app.stopped || game.players.every(p => !isHuman(p));
}

// After every change: fetch the values wanted, let bots move (unless
// stopped), and again.
async function proceed() {
  for (;;) {
    if (wantsValues() && !app.busy) {
      let valued = false;
      await busy(async () => {
        show(await api("GET", `/api/games/${app.game.id}?values=true`));
        valued = true;
      });
      if (!valued) return;
    }
    if (!computerToMove() || app.busy || app.stopped) return;
    let moved = false;
    await busy(async () => {
      show(await api("POST", `/api/games/${app.game.id}/computer`));
      moved = true;
    });
    if (!moved) return;
  }
}

// The state lists every legal move unless there are more than it lists.
function legalMoves() {
  const listed = new Set(app.game.legal_moves);
  const all = listed.size >= (app.game.total_legal_moves ?? listed.size);
  return { has: move => all ? listed.has(move) : true, all };
}

// `clicked`: from the board, whose squares name moves canonically, so an
// illegal one is refused here without asking the server.
async function play(move, clicked = false) {
  if (!app.game) return;
  if (app.busy) { say(WAIT); return; }
  if (app.game.turn === "over") { say("The game is over: " + app.game.result.text + "."); return; }
  if (app.game.turn === "computer") {
    say("It is the computer's turn: press Computer move, or Continue to let it play on.");
    return;
  }
  if (clicked && !legalMoves().has(move)) {
    say(`${move} is not a legal move here.`);
    return;
  }
  say("");
  let played = false;
  await busy(async () => {
    show(await api("POST", `/api/games/${app.game.id}/moves`, { move }));
    played = true;
  });
  if (played) await proceed();
}

async function takeBack() {
  show(await api("POST", `/api/games/${app.game.id}/undo`));
}

async function replayOne() {
  show(await api("POST", `/api/games/${app.game.id}/redo`));
}

// Back to the previous position where a person is to move.
async function undo() {
  if (!app.game || app.busy || app.game.moves.length === 0) return;
  say("");
  await busy(async () => {
    do await takeBack();
    while (app.game.turn === "computer" && app.game.moves.length > 0);
  });
  // Back at a start where the computer moves first: it may move again.
  await proceed();
}

// Replays the moves taken back (the server keeps their values) up to the
// next position where a person is to move.
async function redo() {
  if (!app.game || app.busy || app.game.redo_moves.length === 0) return;
  say("");
  await busy(async () => {
    do await replayOne();
    while (app.game.turn === "computer" && app.game.redo_moves.length > 0);
  });
  await proceed();
}

// The position after `ply` moves: back by undo, forward by redo; the
// computer then waits, so the line after it is kept.
async function goTo(ply) {
  if (!app.game || app.busy) { if (app.busy) say(WAIT); return; }
  say("");
  await busy(async () => {
    while (app.game.moves.length > ply) await takeBack();
    while (app.game.moves.length < ply && app.game.redo_moves.length > 0) await replayOne();
  });
  app.stopped = app.game.turn === "computer";
  updateControls();
  await proceed();
}

async function computerMove() {
  if (!app.game || app.busy || app.game.turn === "over") return;
  say("");
  await busy(async () => show(await api("POST", `/api/games/${app.game.id}/computer`)));
  await proceed();
}

// Think longer: analyses of the position three and then ten times as
// long as the first (the server's bound), each shown as it arrives with
// the depth it reached and the best move it found.
const THINK_STEPS = [3, 10];

function unsolved(analysis) {
  return analysis && (analysis.value === "unknown" || analysis.moves.some(m => m.value === "unknown"));
}

function bestOf(analysis) {
  const best = Math.max(...analysis.moves.map(merit));
  return analysis.moves.find(m => merit(m) === best);
}

function thinkNote(analysis, times) {
  const depth = hasNumber(analysis.depth) ? `depth ${analysis.depth}` : "searched";
  const best = analysis.moves.length ? bestOf(analysis) : null;
  return `Thought ${times} times as long: ${depth}` + (best ? `, best ${best.move} (${valueWords(best)})` : "") +
    (unsolved(analysis) ? "." : "; solved.");
}

async function thinkLonger() {
  if (!app.game || app.busy || app.game.turn === "over") return;
  const where = { id: app.game.id, ply: app.game.moves.length };
  delete ui.thinkNote.dataset.found;
  for (const times of THINK_STEPS) {
    if (!app.game || app.game.id !== where.id || app.game.moves.length !== where.ply) return;
    // What the last step found stays in view while the next one runs.
    const found = ui.thinkNote.dataset.found || "";
    ui.thinkNote.textContent = `${found} Thinking ${times} times as long…`.trim();
    let done = false;
    await busy(async () => {
      show(await api("GET", `/api/games/${app.game.id}?values=true&think=${times}`));
      done = true;
    });
    if (!done) return;
    ui.thinkNote.textContent = ui.thinkNote.dataset.found = thinkNote(app.game.analysis, times);
    if (!unsolved(app.game.analysis)) break;
  }
  delete ui.thinkNote.dataset.found;
}

// Stop holds the computer after its current move; Continue lets it play on.
async function stopOrContinue() {
  app.stopped = !app.stopped;
  updateControls();
  if (!app.stopped) await proceed();
}

// ---- values --------------------------------------------------------------

const hasNumber = n => n !== null && n !== undefined;

function signed(n) { return (n > 0 ? "+" : "") + n; }

function valueLabel(v) {
  if (!v) return "";
  if (v.value === "unknown") return hasNumber(v.score) ? "≈" + signed(v.score) : "?";
  if (hasNumber(v.margin)) return signed(v.margin);
  if (hasNumber(v.remoteness)) return String(v.remoteness);
  return v.value === "draw" ? "=" : v.value[0].toUpperCase();
}

function valueWords(v) {
  if (!v || !v.value) return "";
  if (v.value === "unknown") return hasNumber(v.score) ? `estimate ${signed(v.score)} (not proved)` : "unknown";
  let text = v.value;
  if (hasNumber(v.remoteness)) text += (v.value === "draw" ? ", ends in " : " in ") + v.remoteness;
  if (hasNumber(v.margin)) text += ` (margin ${signed(v.margin)})`;
  return text;
}

// Higher is better for the mover: a sooner win or a bigger margin, a later
// loss, a higher estimate.
function merit(v) {
  const r = v.remoteness ?? 0;
  const m = v.margin ?? 0;
  switch (v.value) {
    case "win": return 3e6 + m * 1000 - r;
    case "draw": return 2e6;
    case "lose": return 1e6 + m * 1000 + r;
    default: return 2e6 + (v.score ?? 0);
  }
}

function mix(low, high, t) {
  return "#" + low.map((c, i) => Math.round(c + (high[i] - c) * t).toString(16).padStart(2, "0")).join("");
}

// Every listed move's look: its fill by value and rank among the moves of
// the same value, its text colour, and whether it is a best move.
function shading(analysis) {
  const looks = new Map();
  if (!analysis) return looks;
  const groups = {};
  for (const m of analysis.moves) (groups[m.value] ||= []).push(m);
  const best = Math.max(...analysis.moves.map(merit));
  for (const [value, moves] of Object.entries(groups)) {
    const merits = [...new Set(moves.map(merit))].sort((a, b) => b - a);
    const low = merits[merits.length - 1], high = merits[0];
    for (const m of moves) {
      const rank = merits.indexOf(merit(m));
      let fill;
      if (value === "unknown") fill = mix(ESTIMATE_LOW, ESTIMATE_HIGH, high === low ? 1 : (merit(m) - low) / (high - low));
      else fill = SHADES[value][Math.min(rank, SHADES[value].length - 1)];
      looks.set(m.move, { value: m, fill, text: TEXT_ON[value], rank, best: merit(m) === best });
    }
  }
  return looks;
}

// The legend says what the numbers on the board mean, for the values shown.
function showLegend() {
  const analysis = ui.values.checked && app.game && app.game.analysis;
  ui.legend.replaceChildren();
  if (!analysis) return;
  const kinds = new Set(analysis.moves.map(m => m.value));
  const line = (swatch, text) => {
    const item = html("li");
    if (swatch) {
      const box = html("span", { class: "swatch" });
      box.style.background = swatch;
      item.append(box);
    }
    item.append(text);
    ui.legend.append(item);
  };
  if (kinds.has("win")) line(SHADES.win[0], "win for the player who moves there; brightest is the fastest");
  if (kinds.has("draw")) line(SHADES.draw[0], "draw with best play");
  if (kinds.has("lose")) line(SHADES.lose[0], "loss; brightest holds out longest");
  if (kinds.has("unknown")) line(mix(ESTIMATE_LOW, ESTIMATE_HIGH, 1), "not proved: the engine's estimate, bluer is better");
  const has = field => analysis.moves.some(m => hasNumber(m[field]));
  if (has("remoteness")) line(null, "Numbers: remoteness, the plies (moves of either side) to the end with best play.");
  if (has("margin")) line(null, "+N / −N: the final disc margin with best play, for the mover.");
  const unit = gameInfo(app.game.game).score_unit;
  if (has("score")) line(null, `≈N: not proved, the search's estimate for the mover in ${unit}; higher is better, 0 is even.`);
  line(null, "★ marks the best move.");
}

// ---- drawing -------------------------------------------------------------

function squareName(row, col) { return String.fromCharCode(97 + col) + (row + 1); }

// The last move's square name: the session marks it on the board.
function lastSquare() {
  const board = app.game.board;
  if (board.last === undefined) return null;
  return squareName(Math.floor(board.last / board.cols), board.last % board.cols);
}

// The line that won, as the game marks it on its board.
function winningLine(board) { return new Set(board.line || []); }

function cellGroup(parent, move, label, attrs = {}) {
  const g = el("g", { class: "cell", role: "gridcell", tabindex: "-1", "data-move": move,
    "aria-label": label, ...attrs }, parent);
  g.addEventListener("click", () => { app.focusMove = move; play(move, true); });
  return g;
}

// A value badge's look on a square, and its words for screen readers.
// The best move also gets a star in the square's corner, in a colour that
// stands out from what is under it.
function valueMark(g, look, shape, label, star) {
  shape.setAttribute("fill", look.fill);
  shape.setAttribute("data-value", look.value.value);
  shape.classList.add("valued");
  label.setAttribute("fill", look.text);
  label.textContent = valueLabel(look.value);
  g.dataset.rank = look.rank;
  if (!look.best) return;
  shape.classList.add("best");
  g.dataset.best = "true";
  el("text", { x: star.x, y: star.y, "text-anchor": "middle", class: "best-star", fill: star.fill || look.text }, g)
    .textContent = "★";
}

function drawGrid(board) {
  const { rows, cols } = board;
  const size = 60;
  const svg = el("svg", { viewBox: `0 0 ${cols * size + 30} ${rows * size + 30}`, role: "grid",
    "aria-label": `board, ${rows} by ${cols}` });
  // A board of many columns keeps squares large enough to read their
  // numbers (it scrolls on a phone) and writes them larger, without "≈"
  // (the estimate's colour and the legend say it).
  const dense = cols > 9;
  if (dense) svg.style.minWidth = `${cols * 36 + 18}px`;
  const looks = ui.values.checked ? shading(app.game.analysis) : new Map();
  const legal = legalMoves();
  const last = lastSquare();
  const discs = board.style === "discs";
  const over = app.game.turn === "over";
  const line = winningLine(board);
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
      const look = legal.has(name) ? looks.get(name) : undefined;
      const fading = !over && board.fading.includes(i);
      const what = mark ? sideName(mark) : "empty";
      const extra = [fading ? "vanishes next" : "", line.has(i) ? "winning line" : "",
        legal.has(name) && !over ? "legal" : "", look ? valueWords(look.value) : "",
        look && look.best ? "best" : "", name === last ? "last move" : ""].filter(Boolean).join(", ");
      const g = cellGroup(row, name, `${name}, ${what}${extra ? ", " + extra : ""}`,
        { "data-row": r, "data-col": c });
      const square = el("rect", { x: x + 1, y: yy + 1, width: size - 2, height: size - 2, rx: discs ? 0 : 6,
        class: "square" + (discs ? " felt" : "") + (line.has(i) ? " winning" : "") }, g);
      if (mark) {
        if (discs) {
          el("circle", { cx: x + size / 2, cy: yy + size / 2, r: size * 0.38,
            class: "disc " + (mark === "X" ? "first" : "second") }, g);
        } else if (mark === "X") {
          const m = el("g", { class: "mark x" + (fading ? " fading" : "") }, g);
          el("path", { d: `M${x + 16} ${yy + 16}L${x + size - 16} ${yy + size - 16}M${x + size - 16} ${yy + 16}L${x + 16} ${yy + size - 16}` }, m);
        } else {
          const m = el("g", { class: "mark o" + (fading ? " fading" : "") }, g);
          el("circle", { cx: x + size / 2, cy: yy + size / 2, r: size / 2 - 16 }, m);
        }
      } else if (look) {
        // On a light board the square takes the value's colour; on a dark
        // one a ringed badge does, so it stands out from the board.
        const shape = discs
          ? el("circle", { cx: x + size / 2, cy: yy + size / 2, r: size * 0.34, class: "badge" }, g)
          : square;
        const small = !dense && (discs || valueLabel(look.value).length > 3);
        const label = el("text", { x: x + size / 2, y: yy + size / 2 + (small ? 5 : dense ? 8 : 6), "text-anchor": "middle",
          class: "value-label" + (small ? " small" : dense ? " dense" : "") }, g);
        valueMark(g, look, shape, label, { x: x + size - 10, y: yy + 15, fill: discs ? "#ffffff" : null });
        if (dense) label.textContent = label.textContent.replace("≈", "");
      } else if (legal.has(name) && !over) {
        el("circle", { cx: x + size / 2, cy: yy + size / 2, r: 4, class: "legal-spot" }, g);
      }
      if (name === last) {
        el("rect", { x: x + 4, y: yy + 4, width: size - 8, height: size - 8, rx: 4, class: "last-move" }, g);
      }
    }
  }
  return svg;
}

function drawHeaps(board) {
  const heaps = board.heaps;
  const size = 40;
  const lines = heaps.map(count => Math.max(1, Math.ceil(Math.min(count, NIM_MAX) / NIM_LINE)));
  const widest = Math.min(Math.max(...heaps, 8), NIM_LINE);
  const svg = el("svg", { viewBox: `0 0 ${90 + widest * size} ${lines.reduce((a, b) => a + b, 0) * size + heaps.length * 14 + 10}`,
    role: "grid", "aria-label": `${heaps.length} rows of objects` });
  const looks = ui.values.checked ? shading(app.game.analysis) : new Map();
  const legal = legalMoves();
  const order = heaps.map((_, i) => i);
  if (app.flipped) order.reverse();
  let y = 10;
  for (const r of order) {
    const count = heaps[r];
    const row = el("g", { role: "row" }, svg);
    el("text", { x: 6, y: y + 25, class: "coord" }, row).textContent = `${r + 1}: ${count}`;
    // Click an object to take it and every one after it; a row of more
    // than NIM_MAX shows its last NIM_MAX (type larger takes as a move).
    const first = Math.max(0, count - NIM_MAX);
    if (first > 0) el("text", { x: 6, y: y + 40, class: "coord small" }, row).textContent = `+${first} more`;
    for (let i = first; i < count; i++) {
      const take = count - i;
      const move = `${r + 1}:${take}`;
      const look = legal.has(move) ? looks.get(move) : undefined;
      const slot = i - first;
      const x = 90 + (slot % NIM_LINE) * size;
      const yy = y + Math.floor(slot / NIM_LINE) * size;
      const label = `row ${r + 1}, take ${take}` + (look ? ", " + valueWords(look.value) + (look.best ? ", best" : "") : "");
      const g = cellGroup(row, move, label, { "data-row": r, "data-col": slot });
      const circle = el("circle", { cx: x + size / 2, cy: yy + size / 2, r: size / 2 - 3, class: "square object" }, g);
      if (look) {
        const text = el("text", { x: x + size / 2, y: yy + size / 2 + 5, "text-anchor": "middle",
          class: "value-label small" }, g);
        valueMark(g, look, circle, text, { x: x + size - 6, y: yy + 10, fill: "#1d2433" });
      }
    }
    y += lines[r] * size + 14;
  }
  return svg;
}

// ---- the value history ---------------------------------------------------

// A move's value seen from the first player: which side it favours and by
// how much, for the two-sided chart.
function firstPlayerView(m) {
  if (!m.value) return null;
  const mine = m.side === "X" ? 1 : -1;
  const sign = { win: 1, lose: -1, draw: 0, unknown: 0 }[m.value] * mine;
  if (m.value === "unknown") return hasNumber(m.score) ? { estimate: true, amount: m.score * mine } : null;
  return { sign, remoteness: m.remoteness, margin: hasNumber(m.margin) ? m.margin * mine : null };
}

// x on the chart (0..200, 100 is even): the first player's wins left, the
// second's right; remoteness toward the centre as the end nears, or the
// disc margin, or an estimate scaled to the largest one of the game.
function chartX(view, scale) {
  if (!view) return null;
  if (view.estimate) return 100 - Math.sign(view.amount) * 90 * Math.min(1, Math.abs(view.amount) / scale.estimate);
  if (scale.margins && hasNumber(view.margin)) return 100 - 90 * view.margin / scale.margin;
  if (view.sign === 0) return 100;
  return 100 - view.sign * (8 + 82 * (view.remoteness ?? scale.remoteness) / scale.remoteness);
}

function historyScale(moves) {
  const views = moves.map(firstPlayerView).filter(Boolean);
  const top = values => Math.max(1, ...values.filter(hasNumber).map(Math.abs));
  return {
    margins: views.some(v => hasNumber(v.margin)),
    margin: top(views.map(v => v.margin)),
    remoteness: top(views.map(v => v.remoteness)),
    estimate: top(views.filter(v => v.estimate).map(v => v.amount)),
  };
}

function historyRow(number, node, scale, future) {
  const m = node.value || (node.move ? { move: node.move, side: node.side } : null);
  const item = html("li", { class: "ply" + (future ? " future" : ""), "data-ply": number,
    "data-move": node.move || "" });
  const view = m ? firstPlayerView(m) : null;
  const who = node.side ? sideName(node.side) + " " : "";
  const name = node.move ? `${number}. ${who}${node.move}` : "Start";
  // The row's button (one tab stop a row, for the keyboard); a click
  // anywhere on the row goes there too.
  const button = html("button", { type: "button", class: "ply-name" }, name);
  item.append(button);
  const words = node.move ? (valueWords(m) || "no value") : "";
  item.append(html("span", { class: "tag " + (view ? (view.estimate ? "estimate" : m.value) : "none") }, words));
  const strip = el("svg", { viewBox: "0 0 200 16", class: "strip", "aria-hidden": "true" });
  el("line", { x1: 100, y1: 0, x2: 100, y2: 16, class: "centre" }, strip);
  const x = chartX(view, scale);
  if (x !== null) {
    const colour = view.estimate ? mix(ESTIMATE_LOW, ESTIMATE_HIGH, 1) : SHADES[m.value][0];
    el("circle", { cx: x, cy: 8, r: 6, fill: view.estimate ? "none" : colour, stroke: colour,
      "stroke-width": 2.5, "stroke-dasharray": view.estimate ? "3 2" : "none",
      class: "history-dot" + (view.estimate ? " estimate" : "") }, strip);
    item.dataset.x = x.toFixed(1);
  }
  item.append(strip);
  button.setAttribute("aria-label", `${name}${words ? ", " + words : ""}${future ? ", later in this line" : ""}: go to this position`);
  item.addEventListener("click", () => goToNode(node));
  const others = node.parent ? node.parent.children.filter(c => c !== node) : [];
  if (others.length) item.append(variations(others, number));
  return item;
}

// The other moves played from the same position: each a button to go
// there, to promote it (first in the list, the line shown after its
// parent) and to delete it with everything after it.
function variations(nodes, number) {
  const list = html("span", { class: "variations" }, "or ");
  for (const node of nodes) {
    const chip = html("span", { class: "variation", "data-move": node.move, "data-ply": number });
    const button = (cls, text, label, act) => {
      const b = html("button", { type: "button", class: cls, "aria-label": label }, text);
      b.addEventListener("click", event => { event.stopPropagation(); act(node); });
      chip.append(b);
    };
    button("go", node.move, `Go to the variation ${number}. ${node.move}`, goToNode);
    button("promote", "↑", `Promote the variation ${number}. ${node.move}`, promote);
    button("delete", "✕", `Delete the variation ${number}. ${node.move}`, prune);
    list.append(chip);
  }
  return list;
}

// The line shown: from the start to the current position, then on along
// the moves redo would replay, then along each position's first move.
function shownLine() {
  const line = [];
  for (let node = app.node; node; node = node.parent) line.unshift(node);
  let next = app.node;
  for (const move of app.game.redo_moves) {
    next = next && next.children.find(c => c.move === move);
    if (next) line.push(next);
  }
  for (next = line[line.length - 1]; next.children.length; ) {
    next = next.children[0];
    line.push(next);
  }
  return line;
}

function drawHistory() {
  const game = app.game;
  const line = shownLine();
  const current = line.indexOf(app.node);
  const scale = historyScale(line.map(n => n.value).filter(Boolean));
  const rows = line.map((node, depth) => historyRow(depth, node, scale, depth > current));
  rows[current].classList.add("current");
  rows[current].setAttribute("aria-current", "step");
  ui.history.replaceChildren(...rows);
  ui.historyAxis.hidden = line.length <= 1;
  ui.historyFirst.textContent = `← ${game.side_names[0]} wins`;
  ui.historySecond.textContent = `${game.side_names[1]} wins →`;
  if (rows[current].scrollIntoView && ui.history.scrollHeight > ui.history.clientHeight) rows[current].scrollIntoView({ block: "nearest" });
}

// ---- the move tree -------------------------------------------------------

// The page keeps every line played from the game's start; the server's
// game is the line being looked at. A move played after going back starts
// a variation beside the moves played there before.
function treeNode(parent, move, side) { return { parent, move, side, value: null, children: [] }; }

function child(node, move, side) {
  let next = node.children.find(c => c.move === move);
  if (!next) {
    next = treeNode(node, move, side);
    node.children.push(next);
  }
  if (side && !next.side) next.side = side;
  return next;
}

// Adds the server's line to the tree; a value once known is kept.
function mergeLine(state) {
  if (!app.tree || app.tree.id !== state.id) app.tree = { ...treeNode(null, null, null), id: state.id };
  let node = app.tree;
  for (const m of state.moves) {
    node = child(node, m.move, m.side);
    if (m.value) node.value = m;
  }
  app.node = node;
  for (const move of state.redo_moves) node = child(node, move, "");
}

function lineTo(node) {
  const moves = [];
  for (; node && node.move; node = node.parent) moves.unshift(node.move);
  return moves;
}

// Any position of the tree: by undo and redo when it is on the server's
// line, else the server plays the line from the start.
async function goToNode(node) {
  if (!app.game || app.busy) { if (app.busy) say(WAIT); return; }
  const target = lineTo(node);
  const known = app.game.moves.map(m => m.move).concat(app.game.redo_moves);
  if (target.every((move, i) => known[i] === move)) return goTo(target.length);
  say("");
  await busy(async () => show(await api("POST", `/api/games/${app.game.id}/line`, { moves: target })));
  app.stopped = app.game.turn === "computer";
  updateControls();
  await proceed();
}

function promote(node) {
  const siblings = node.parent.children;
  siblings.splice(siblings.indexOf(node), 1);
  siblings.unshift(node);
  drawHistory();
}

// Deletes a variation; from inside it, goes back to where it branched.
// The server forgets it too when redo would replay it.
async function prune(node) {
  if (!app.game || app.busy) return;
  const doomed = lineTo(node);
  const known = app.game.moves.map(m => m.move).concat(app.game.redo_moves);
  if (doomed.every((move, i) => known[i] === move)) {
    const keep = lineTo(app.node).slice(0, doomed.length - 1);
    const moves = app.game.moves.length >= doomed.length ? keep : app.game.moves.map(m => m.move);
    await busy(async () => show(await api("POST", `/api/games/${app.game.id}/line`, { moves })));
    app.stopped = app.game.turn === "computer";
  }
  const siblings = node.parent.children;
  siblings.splice(siblings.indexOf(node), 1);
  drawHistory();
  updateControls();
}

// ---- the page ------------------------------------------------------------

function statusText(state) {
  let status;
  if (state.result) status = state.result.text + ".";
  else status = `${state.to_move_name} to move` + (state.turn === "computer" ? " (computer)" : "");
  if (state.board.counts) status += ` — ${state.side_names[0]} ${state.board.counts[0]}, ${state.side_names[1]} ${state.board.counts[1]}`;
  if (state.analysis && !state.result) status += ` — position: ${valueWords(state.analysis)}`;
  return status;
}

// What screen readers hear when the position changed: a move that the
// person did not make (the computer's, a pass), a forced pass, the end.
function announceChange(before, state) {
  const last = state.moves[state.moves.length - 1];
  const grew = !before || before.id !== state.id || state.moves.length > before.moves.length;
  const parts = [];
  if (last && grew) {
    const seat = state.players[last.side === "X" ? 0 : 1];
    if (!isHuman(seat) || last.move === "pass") {
      parts.push(last.move === "pass" ? `${sideName(last.side)} passes.` : `${sideName(last.side)} played ${last.move}.`);
    }
  }
  if (state.result) parts.push(state.result.text + ".");
  else if (state.must_pass && state.turn === "human") parts.push(`${state.to_move_name} has no legal move and must pass: press Pass.`);
  if (parts.length) announce(parts.join(" "));
  if (state.must_pass && state.turn === "human") say(`${state.to_move_name} has no legal move and must pass: press Pass.`);
  else if (last && last.move === "pass" && grew) say(`${sideName(last.side)} passes.`);
}

// The board's one tab stop: the square focused last, else the last move,
// else the first legal move, else the first square.
function rovingCell() {
  const cells = [...ui.board.querySelectorAll(".cell")];
  const named = move => cells.find(c => c.dataset.move === move);
  const last = app.game.board.kind === "grid" ? named(lastSquare()) : null;
  return named(app.focusMove) || last || cells.find(c => legalMoves().has(c.dataset.move)) || cells[0] || null;
}

function drawBoard(state) {
  const board = state.board;
  const focused = ui.board.contains(document.activeElement);
  ui.textBoard.hidden = board.kind !== "text";
  ui.textBoard.textContent = state.text;
  if (board.kind === "grid") ui.board.replaceChildren(drawGrid(board));
  else if (board.kind === "heaps") ui.board.replaceChildren(drawHeaps(board));
  else ui.board.replaceChildren();
  ui.board.dataset.game = state.game;
  const stop = rovingCell();
  if (stop) {
    stop.setAttribute("tabindex", "0");
    if (focused) stop.focus();
  }
}

function show(state) {
  const before = app.game;
  if (before && (before.id !== state.id || before.position !== state.position)) ui.thinkNote.textContent = "";
  app.game = state;
  drawBoard(state);
  ui.position.value = state.position;
  ui.status.textContent = statusText(state);
  ui.status.dataset.result = state.result ? (state.result.winner || "draw") : "";
  announceChange(before, state);
  mergeLine(state);
  drawHistory();
  showLegend();
  writeLink();
  updateControls();
}

function updateControls() {
  const game = app.game;
  const idle = !app.busy;
  const human = game && game.turn === "human";
  ui.undo.disabled = !game || !idle || game.moves.length === 0;
  ui.redo.disabled = !game || !idle || game.redo_moves.length === 0;
  ui.new.disabled = !app.setup || !idle;
  ui.start.disabled = !idle;
  ui.load.disabled = !idle;
  ui.import.disabled = !idle;
  ui.playMove.disabled = !idle || !human;
  ui.computerMove.disabled = !game || !idle || game.turn === "over";
  ui.pass.hidden = !(human && game.must_pass);
  ui.pass.disabled = !idle;
  const bots = game && game.players.every(p => !isHuman(p));
  ui.stop.hidden = !game || game.turn === "over" || !(bots || app.stopped);
  ui.stop.textContent = app.stopped ? "Continue" : "Stop";
  ui.think.hidden = !(game && ui.values.checked && game.turn !== "over" && unsolved(game.analysis));
  ui.think.disabled = !idle;
  ui.stop.setAttribute("aria-pressed", String(app.stopped));
}

// ---- export and import ---------------------------------------------------

// The formats the game on the form declares besides its moves (GGF for
// Othello, the Gomocup position for k in a row).
function showRecordFormats() {
  const { info } = chosenEntry();
  const kept = ui.recordFormat.value;
  ui.recordFormat.replaceChildren(new Option("moves", ""),
    ...(info ? info.records : []).map(f => { const o = new Option(f.name, f.name); o.title = f.about; return o; }));
  if ([...ui.recordFormat.options].some(o => o.value === kept)) ui.recordFormat.value = kept;
}

async function exportGame() {
  if (!app.game || app.busy) return;
  const format = ui.recordFormat.value;
  if (format) {
    await busy(async () => {
      const record = await api("GET", `/api/games/${app.game.id}/record?format=${encodeURIComponent(format)}`);
      ui.gameText.value = record.text;
    });
  } else ui.gameText.value = app.game.moves.map(m => m.move).join(" ");
  ui.link.href = location.href;
  ui.link.hidden = false;
  say(`The game is in the box${format ? " as " + format : ""}; the link opens it.`);
}

// The game in the box for the game on the form: a record in the chosen
// format, or moves played from the start.
function importGame() {
  const request = readSetup();
  const format = ui.recordFormat.value;
  if (format) {
    start({ ...request, record: { format, text: ui.gameText.value } });
    return;
  }
  const moves = ui.gameText.value.split(/[\s,;]+/).map(m => m.replace(/^\d+\.+/, "")).filter(Boolean);
  if (app.setup && app.setup.game === request.game) request.position = app.game.start_position;
  start(request, moves);
}

// ---- keyboard ------------------------------------------------------------

function moveFocus(cell, step) {
  const cells = [...ui.board.querySelectorAll(".cell")];
  const sign = app.flipped ? -1 : 1;
  const r = Number(cell.dataset.row) + sign * step[0];
  const c = Number(cell.dataset.col) + sign * step[1];
  let next = cells.find(x => Number(x.dataset.row) === r && Number(x.dataset.col) === c);
  // Nim's rows have different lengths: up and down land on a row's end.
  if (!next && step[0] !== 0) next = cells.filter(x => Number(x.dataset.row) === r).pop();
  if (!next) return;
  cell.setAttribute("tabindex", "-1");
  next.setAttribute("tabindex", "0");
  next.focus();
}

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
  moveFocus(cell, step);
});

ui.board.addEventListener("focusin", event => {
  const cell = event.target.closest && event.target.closest(".cell");
  if (cell) app.focusMove = cell.dataset.move;
});

document.addEventListener("keydown", event => {
  if (event.target.matches("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  const actions = { u: undo, r: redo, n: newGame, f: flip,
    v: () => { ui.values.checked = !ui.values.checked; toggleValues(); },
    c: computerMove, t: thinkLonger };
  const action = actions[event.key];
  if (action) { event.preventDefault(); action(); }
});

function flip() { app.flipped = !app.flipped; if (app.game) show(app.game); }

async function toggleValues() {
  if (!app.game) return;
  show(app.game);
  if (ui.values.checked) await proceed();
}

// ---- wiring --------------------------------------------------------------

ui.game.addEventListener("change", showOptions);
ui.setupForm.addEventListener("submit", event => { event.preventDefault(); start(readSetup()); });
// The position is read in the game chosen on the form.
ui.positionForm.addEventListener("submit", event => {
  event.preventDefault();
  start(readSetup(ui.position.value));
});
ui.copy.addEventListener("click", async () => {
  ui.position.select();
  try { await navigator.clipboard.writeText(ui.position.value); say("Position copied."); }
  catch (_) { say("Position selected: copy it with Ctrl-C."); }
});
ui.undo.addEventListener("click", undo);
ui.redo.addEventListener("click", redo);
ui.new.addEventListener("click", newGame);
ui.flip.addEventListener("click", flip);
ui.computerMove.addEventListener("click", computerMove);
ui.stop.addEventListener("click", stopOrContinue);
ui.think.addEventListener("click", thinkLonger);
ui.pass.addEventListener("click", () => play("pass"));
ui.values.addEventListener("change", toggleValues);
ui.export.addEventListener("click", exportGame);
ui.import.addEventListener("click", importGame);
ui.moveForm.addEventListener("submit", event => {
  event.preventDefault();
  const move = ui.moveInput.value.trim();
  if (move) { ui.moveInput.value = ""; play(move); }
});

(async function init() {
  ui.historyAxis = document.getElementById("history-axis");
  ui.historyFirst = document.getElementById("history-first");
  ui.historySecond = document.getElementById("history-second");
  try {
    app.games = await api("GET", "/api/games-list");
  } catch (error) { say(error.message); return; }
  ui.game.replaceChildren(...app.games.flatMap(g => [new Option(g.title, g.name),
    ...g.presets.map((p, i) => new Option(p.title, `${g.name}/${i}`))]));
  fillPlayers(ui.player1, ui.player1Spec, "human");
  fillPlayers(ui.player2, ui.player2Spec, "computer");
  showOptions();
  updateControls();
  const link = readLink();
  if (link) {
    showSetup(link.request);
    await start(link.request, link.moves);
  }
})();
