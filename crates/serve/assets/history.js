// ply in the browser: the value history and the move tree (see app.js and the README).
"use strict";

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
  // The row's button, for the keyboard (the list is one tab stop: the
  // arrows move between rows); a click anywhere on the row goes there too.
  const button = html("button", { type: "button", class: "ply-name", tabindex: "-1" }, name);
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
  const focused = ui.history.contains(document.activeElement);
  const line = shownLine();
  const current = line.indexOf(app.node);
  const scale = historyScale(line.map(n => n.value).filter(Boolean));
  const rows = line.map((node, depth) => historyRow(depth, node, scale, depth > current));
  rows[current].classList.add("current");
  rows[current].setAttribute("aria-current", "step");
  ui.history.replaceChildren(...rows);
  const stop = rows[current].querySelector(".ply-name");
  stop.setAttribute("tabindex", "0");
  if (focused) stop.focus();
  ui.historyAxis.hidden = line.length <= 1;
  ui.historyFirst.textContent = `← ${game.side_names[0]} wins`;
  ui.historySecond.textContent = `${game.side_names[1]} wins →`;
  if (rows[current].scrollIntoView && ui.history.scrollHeight > ui.history.clientHeight) rows[current].scrollIntoView({ block: "nearest" });
}

// Up and down (Home, End) move between the rows' buttons.
function historyKeys(event) {
  const buttons = [...ui.history.querySelectorAll(".ply-name")];
  const at = buttons.indexOf(event.target);
  if (at < 0) return;
  const to = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: buttons.length - 1 }[event.key];
  if (to === undefined || !buttons[to]) return;
  event.preventDefault();
  buttons[at].setAttribute("tabindex", "-1");
  buttons[to].setAttribute("tabindex", "0");
  buttons[to].focus();
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

// Adds the server's line to the tree; a value once known is kept. A game
// opened from a link starts from the link's tree.
function mergeLine(state) {
  if (!app.tree || app.tree.id !== state.id) {
    app.tree = { ...(app.linkTree || treeNode(null, null, null)), id: state.id };
    for (const c of app.tree.children) c.parent = app.tree;
    app.linkTree = null;
  }
  let node = app.tree;
  for (const m of state.moves) {
    node = child(node, m.move, m.side);
    if (m.value) node.value = m;
  }
  app.node = node;
  for (const move of state.redo_moves) node = child(node, move, "");
}

// The tree as text, as PGN writes variations: each position's first move,
// then its other moves each in parentheses with what follows them, then
// what follows the first ("b2 a1 (c3 a3) c1"); moves never hold spaces or
// parentheses.
function treeText(node) {
  const [main, ...others] = node.children;
  if (!main) return "";
  const line = (n, rest) => [n.move, rest].filter(Boolean).join(" ");
  return [main.move, ...others.map(o => `(${line(o, treeText(o))})`), treeText(main)].filter(Boolean).join(" ");
}

// The tree of `treeText`'s text; moves the server refuses are dropped when
// they are visited, as any line is.
function treeFromText(text) {
  const root = treeNode(null, null, null);
  let before = root, at = root;
  const open = [];
  for (const token of text.replace(/[()]/g, " $& ").split(/\s+/).filter(Boolean)) {
    if (token === "(") { open.push([before, at]); at = before; }
    else if (token === ")") { if (open.length) [before, at] = open.pop(); }
    else { before = at; at = child(at, token, ""); }
  }
  return root;
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
  writeLink();
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
  writeLink();
  updateControls();
}

