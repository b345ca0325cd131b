// ply in the browser: values: their colours, labels, words, ranks and legend (see app.js and the README).
"use strict";

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

