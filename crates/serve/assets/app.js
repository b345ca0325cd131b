// ply in the browser: one page over the JSON API (see the README). The
// other scripts, loaded before this one: values.js, board.js, history.js.
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

// The computers from random to the strongest: the strength slider's
// stops, each one of the list's entries.
const STRENGTHS = PLAYERS.map(p => p[0]).filter(p => p !== "human" && p !== "other");

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
  const strength = select.parentElement.querySelector(".strength");
  const range = strength.querySelector("input");
  const typed = () => {
    spec.hidden = select.value !== "other";
    const listed = PLAYERS.find(p => p[0] === select.value);
    about.textContent = listed ? listed[2] : ENGINE_ABOUT;
    // The slider shows where a computer of the list stands.
    const at = STRENGTHS.indexOf(select.value);
    strength.hidden = at < 0;
    if (at >= 0) range.value = at;
  };
  range.addEventListener("input", () => {
    select.value = STRENGTHS[Number(range.value)];
    typed();
  });
  select.addEventListener("change", typed);
  typed();
}

// The engines the server's owner offers for this game, by name, before
// "Custom" in both lists.
const ENGINE_ABOUT = "an engine program this server's owner offers, playing in a process of its own";
function offerEngines(info) {
  const engines = (info && info.engines) || [];
  for (const select of [ui.player1, ui.player2]) {
    const chosen = select.value;
    for (const option of [...select.options]) if (option.dataset.engine) option.remove();
    const custom = [...select.options].find(o => o.value === "other");
    for (const name of engines) {
      const option = new Option(`Engine: ${name}`, name);
      option.dataset.engine = "yes";
      option.title = ENGINE_ABOUT;
      select.insertBefore(option, custom);
    }
    select.value = [...select.options].some(o => o.value === chosen) ? chosen : "computer";
    select.dispatchEvent(new Event("change"));
  }
}

function choosePlayer(select, spec, player) {
  const listed = [...select.options].some(o => o.value === player) && player !== "other";
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
  offerEngines(info);
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
  const moves = game.moves.map(m => m.move).join(" ");
  if (moves) params.set("moves", moves);
  // The whole move tree, when it holds more than the line played.
  const tree = app.tree && app.tree.id === game.id ? treeText(app.tree) : "";
  if (tree && tree !== moves) params.set("variations", tree);
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
  app.linkTree = params.get("variations") ? treeFromText(params.get("variations")) : null;
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
  // The principal variation: the line both sides play if each plays
  // what the search found best.
  const line = analysis.pv && analysis.pv.length ? `; line ${analysis.pv.join(" ")}` : "";
  return `Thought ${times} times as long: ${depth}` + (best ? `, best ${best.move} (${valueWords(best)})` : "") +
    line + (unsolved(analysis) ? "." : "; solved.");
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
ui.history.addEventListener("keydown", historyKeys);
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
