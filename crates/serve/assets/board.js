// ply in the browser: drawing the boards (see app.js and the README).
"use strict";

// Nim: objects per line, and the most drawn of one row.
const NIM_LINE = 20;
const NIM_MAX = 200;

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
  const forbidden = new Set(board.forbidden || []);
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
      const barred = !over && forbidden.has(i);
      const extra = [fading ? "vanishes next" : "", line.has(i) ? "winning line" : "",
        barred ? "forbidden by the rule" : "",
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
      } else if (barred) {
        // A point the rule forbids the side to move (renju's for black).
        const q = size / 3;
        el("path", { d: `M${x + q} ${yy + q}L${x + size - q} ${yy + size - q}M${x + size - q} ${yy + q}L${x + q} ${yy + size - q}`,
          class: "forbidden-mark" }, g);
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

