// grundy serve: the page. A thin client of the JSON API (/api/...), which answers as the
// `grundy` commands do with --json; nothing is computed here but the drawing and the choice of
// the computer's move among those the API marks winning.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

// ---------------------------------------------------------------- the API

/** True when the spec reads a file, which then comes from the text box (file=@). */
function needsFile(spec) {
  return /(file|table)\s*=\s*@/i.test(spec || "");
}

/** Asks /api/ENDPOINT with `params` (empty ones left out); rejects with the server's one-line error. */
async function api(endpoint, params = {}) {
  const given = {};
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== "") given[k] = String(v);
  }
  let response;
  if (needsFile(given.game)) {
    given.file = $("file").value;
    response = await fetch("/api/" + endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(given),
    });
  } else {
    response = await fetch("/api/" + endpoint + "?" + new URLSearchParams(given));
  }
  let data;
  try {
    data = await response.json();
  } catch (e) {
    throw new Error("error: the server answered HTTP " + response.status + " without JSON");
  }
  if (!response.ok) throw new Error(data.error || "error: HTTP " + response.status);
  return data;
}

/** The game, position and convention typed in the bar. */
function current() {
  return {
    game: $("game").value.trim(),
    position: $("position").value.trim(),
    misere: $("misere").checked ? "1" : "",
  };
}

/** A position of a JSON answer (numbers, names or text) as it is typed. */
function positionText(p) {
  if (Array.isArray(p)) return p.join(",");
  return p === undefined || p === null ? "" : String(p);
}

function family(spec) {
  return (spec || "").split(":")[0].trim().toLowerCase().replace(/^misere-/, "");
}

function showError(message) {
  $("error").textContent = message || "";
}

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
}

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const MEANING = {
  P: "P: the player to move loses",
  N: "N: the player to move wins",
  D: "D: a draw, play goes on for ever",
};

function valueText(answer) {
  if (answer.value === null || answer.value === undefined) return answer.infinite ? "∞" : "?";
  return String(answer.value);
}

// ---------------------------------------------------------------- explore

let asked = 0;

async function explore() {
  showError("");
  const params = current();
  const mine = ++asked;
  try {
    const [value, moves] = await Promise.all([api("value", params), api("moves", params)]);
    if (mine !== asked) return; // a later question was asked meanwhile
    $("value").textContent = valueText(value) + (value.play === "misere" ? " (misère)" : "");
    $("value").dataset.value = valueText(value);
    $("outcome").textContent = MEANING[value.outcome] || value.outcome;
    $("outcome").dataset.outcome = value.outcome;
    $("method").textContent = value.method || "";
    showMoves(moves);
  } catch (e) {
    if (mine !== asked) return;
    showError(e.message);
    $("value").textContent = "";
    $("value").dataset.value = "";
    $("outcome").textContent = "";
    $("outcome").dataset.outcome = "";
    $("method").textContent = "";
    clear($("moves"));
  }
}

function showMoves(answer) {
  const list = clear($("moves"));
  if (!answer.moves.length) list.append(el("li", { class: "none" }, "no move: the game is over here"));
  answer.moves.forEach((m, i) => {
    const to = positionText(m.to);
    const button = el("button", { class: "move", id: "move-" + i, "data-to": to,
      "data-winning": String(!!m.winning), "data-value": String(m.value) },
      `${m.description} → ${to}, value ${m.value === null ? "∞" : m.value}`);
    if (m.winning) button.append(el("span", { class: "tag win" }, "wins"));
    button.addEventListener("click", () => {
      $("position").value = to;
      explore();
    });
    list.append(el("li", { class: m.winning ? "winning" : "" }, button));
  });
  if (answer.complete === false) list.append(el("li", {}, "(only the winning moves are listed: there are too many)"));
}

/** An example spec and position from a family's summary line. */
function example(f) {
  let spec = f.summary.split(": ")[0].split(" ")[0];
  spec = spec.replace(/file=[^:]*/i, "file=@");
  if (/CODE/.test(spec)) spec = (f.summary.match(/e\.g\. ([^\s,)]+)/) || [, spec])[1];
  const positions = (f.summary.match(/\(positions: ([^)]*)\)/) || [, ""])[1];
  let position = "";
  if (!/by default/.test(positions)) {
    const numbers = positions.match(/\d[\d,]*\d|\d/);
    position = numbers ? numbers[0] : ({ digraph: "a", takeaway: "10,10", "graph-nim": "3,1,2" }[f.name] || "10");
  }
  return { spec, position };
}

async function loadFamilies() {
  try {
    const answer = await api("games");
    const list = clear($("families"));
    const names = clear($("game-list"));
    for (const f of answer.games) {
      const { spec, position } = example(f);
      names.append(el("option", { value: spec }));
      const link = el("a", { "data-spec": spec, "data-position": position, id: "family-" + f.name }, spec);
      link.addEventListener("click", () => {
        $("game").value = spec;
        $("position").value = position;
        onGameChanged();
        explore();
      });
      list.append(el("li", {}, link, " ", f.summary.slice(f.summary.indexOf(": ") + 2)));
    }
  } catch (e) {
    showError(e.message);
  }
}

function onGameChanged() {
  $("file-box").hidden = !needsFile($("game").value);
}

// ---------------------------------------------------------------- sequence

async function drawSequence() {
  showError("");
  const base = current();
  const params = { game: base.game, position: $("seq-position").value.trim(),
    from: $("seq-from").value.trim(), to: $("seq-to").value.trim(), analyze: "1", misere: base.misere };
  try {
    const seq = await api("seq", params);
    const a = seq.analysis || {};
    let period = a.period, preperiod = a.preperiod, proof = a.proven ? "proven" : "observed in this range";
    // Heap games: the period proven by the periodicity theorem, when one is found quickly.
    if (!params.position && !base.misere) {
      try {
        const p = await api("period", { game: base.game, to: "100000" });
        if (p.proven) {
          period = p.period;
          preperiod = p.preperiod;
          proof = "proven (grundy period): " + (p.proof || "");
        }
      } catch (e) { /* not a heap game, or no period found quickly */ }
    }
    const info = $("seq-info");
    info.dataset.period = period === null || period === undefined ? "" : String(period);
    info.dataset.preperiod = preperiod === null || preperiod === undefined ? "" : String(preperiod);
    info.textContent = period
      ? `period ${period}, preperiod ${preperiod}: ${proof}. Shaded: the preperiod; dashed lines: every period after it.`
      : "no period in this range.";
    plotSequence(seq, period, preperiod);
  } catch (e) {
    showError(e.message);
  }
}

function plotSequence(seq, period, preperiod) {
  const values = seq.values.map((v) => (v === null ? 0 : v));
  const n = values.length, from = seq.from;
  const max = Math.max(1, ...values);
  const step = Math.max(2, Math.min(12, Math.floor(1100 / Math.max(1, n))));
  const w = 50 + n * step, h = 260, top = 10, bottom = 230;
  const y = (v) => bottom - (v / max) * (bottom - top);
  const x = (i) => 40 + i * step;
  const plot = svg("svg", { width: w, height: h, viewBox: `0 0 ${w} ${h}`, id: "seq-svg" });
  if (period && preperiod > from) {
    plot.append(svg("rect", { x: x(0), y: top, width: Math.min(n, preperiod - from) * step,
      height: bottom - top, fill: "#fff3c4", class: "preperiod" }));
  }
  if (period) {
    for (let k = Math.max(preperiod, from); k <= from + n - 1; k += period) {
      plot.append(svg("line", { x1: x(k - from), x2: x(k - from), y1: top, y2: bottom,
        stroke: "#c0392b", "stroke-dasharray": "4 3", class: "period-mark" }));
    }
  }
  plot.append(svg("line", { x1: 38, x2: w, y1: bottom, y2: bottom, stroke: "#888" }));
  for (const v of [0, max]) plot.append(svg("text", { x: 30, y: y(v) + 4, "text-anchor": "end", "font-size": 11 }, v));
  const labelEvery = Math.ceil(40 / step);
  values.forEach((v, i) => {
    const dot = svg("circle", { cx: x(i), cy: y(v), r: Math.max(1.5, Math.min(3, step / 3)),
      fill: v === 0 ? "#c0392b" : "#26324a" });
    dot.append(svg("title", {}, `G(${from + i}) = ${v}`));
    plot.append(dot);
    if (i % labelEvery === 0) {
      plot.append(svg("text", { x: x(i), y: bottom + 14, "text-anchor": "middle", "font-size": 10 }, from + i));
    }
  });
  clear($("seq-plot")).append(plot);
}

// ---------------------------------------------------------------- table

async function drawTable() {
  showError("");
  const base = current();
  const template = $("table-position").value.trim();
  try {
    const t = await api("table", { game: base.game, position: template, max: $("table-max").value.trim(), misere: base.misere });
    const free = template.split(",").map((c, i) => (c.trim() === "_" ? i : -1)).filter((i) => i >= 0);
    const [r, c] = free;
    // A game whose positions are text (the edges or vertices left) writes each cell's position
    // as that text: its cells come row by row, all shown, the coordinates from 0 to max.
    const side = Math.round(Math.sqrt(t.cells.length));
    const placed = t.cells.map((cell, k) =>
      typeof cell.position === "string"
        ? { row: t.max - side + 1 + Math.floor(k / side), col: t.max - side + 1 + (k % side), value: cell.value }
        : { row: cell.position[r], col: cell.position[c], value: cell.value });
    const rows = new Map();
    let maxValue = 1;
    for (const cell of placed) {
      const { row, col } = cell;
      if (!rows.has(row)) rows.set(row, new Map());
      rows.get(row).set(col, cell.value);
      if (cell.value !== null) maxValue = Math.max(maxValue, cell.value);
    }
    const cols = [...new Set(placed.map((cell) => cell.col))].sort((a, b) => a - b);
    const table = el("table", { class: "heat", id: "table-heat" });
    table.append(el("tr", {}, el("th", {}, "↓ \\ →"), ...cols.map((k) => el("th", {}, String(k)))));
    for (const [row, cells] of [...rows.entries()].sort((a, b) => a[0] - b[0])) {
      const tr = el("tr", {}, el("th", {}, String(row)));
      for (const col of cols) {
        const v = cells.get(col);
        const td = el("td", { title: `(${row}, ${col}): ${v}` }, v === undefined || v === null ? "" : String(v));
        if (v === 0) {
          td.style.background = "#1d2330";
          td.style.color = "#fff";
        } else if (v !== undefined && v !== null) {
          td.style.background = `hsl(${210 - (200 * v) / maxValue}, 75%, ${88 - (35 * v) / maxValue}%)`;
        }
        tr.append(td);
      }
      table.append(tr);
    }
    clear($("table-plot")).append(table, el("p", { class: "hint" }, "Dark cells: value 0 (P-positions). Rows: the first _, columns: the second."));
  } catch (e) {
    showError(e.message);
  }
}

// ---------------------------------------------------------------- misère quotient

async function quotient() {
  showError("");
  const out = clear($("quotient-out"));
  try {
    const q = await api("quotient", { game: current().game, heaps: $("quotient-heaps").value.trim() });
    out.append(
      el("p", { id: "quotient-order", "data-order": String(q.order) }, `Order ${q.order}; ${q.status}`),
      el("p", {}, "Generators: " + q.generators.map((g) => `${g.name} = heap ${g.heap}`).join(", ")),
      el("p", {}, "Relations: " + (q.relations.join(", ") || "none")),
      el("p", {}, "P-portion (the misère P-positions): " + q.p_portion.join(", ")),
      el("p", {}, "Heaps: " + q.heaps.map((e, n) => `${n} → ${q.elements[e]}`).join(", ")));
    if (q.order <= 24) {
      const table = el("table", {}, el("tr", {}, el("th", {}, "×"), ...q.elements.map((e) => el("th", {}, e))));
      q.table.forEach((row, i) => table.append(el("tr", {}, el("th", {}, q.elements[i]), ...row.map((k) => el("td", {}, q.elements[k])))));
      out.append(table);
    }
  } catch (e) {
    showError(e.message);
  }
}

// ---------------------------------------------------------------- drawing a position

/** The position drawn as the game looks. */
function drawPosition(spec, position) {
  const f = family(spec);
  if (f === "wythoff" && Array.isArray(position)) return drawQueen(position);
  if (f === "chomp" && Array.isArray(position)) return drawChomp(position);
  if (f === "cram") return drawBoard(String(position));
  if (f === "digraph") return drawDigraph(position);
  if (f === "node-kayles" || f === "arc-kayles") return drawGraph(spec, String(position));
  if (Array.isArray(position) && position.every((v) => typeof v === "number")) return drawHeaps(position, f);
  return el("pre", {}, positionText(position));
}

function drawHeaps(heaps, f) {
  const size = 16, perRow = 40;
  const pins = /kayles/.test(f);
  const rowsOf = heaps.map((n) => Math.max(1, Math.ceil(Math.min(n, 200) / perRow)));
  const h = 20 + rowsOf.reduce((a, b) => a + b * (size + 4) + 10, 0);
  const w = 90 + perRow * (size + 2);
  const pic = svg("svg", { width: w, height: h, id: "board-svg" });
  let y = 14;
  heaps.forEach((n, i) => {
    pic.append(svg("text", { x: 6, y: y + size * 0.75, "font-size": 13 }, `${pins ? "row" : "heap"} ${i + 1}: ${n}`));
    for (let k = 0; k < Math.min(n, 200); k++) {
      const cx = 90 + (k % perRow) * (size + 2) + size / 2;
      const cy = y + Math.floor(k / perRow) * (size + 4) + size / 2;
      pic.append(pins
        ? svg("rect", { x: cx - size / 4, y: cy - size / 2, width: size / 2, height: size, rx: 3, fill: "#8d6e63", class: "token" })
        : svg("circle", { cx, cy, r: size / 2 - 1, fill: "#26324a", class: "token" }));
    }
    if (n > 200) pic.append(svg("text", { x: 90, y: y + rowsOf[i] * (size + 4) + 8, "font-size": 11 }, `(200 of ${n} drawn)`));
    y += rowsOf[i] * (size + 4) + 10;
  });
  return pic;
}

function drawQueen([a, b]) {
  const n = Math.min(Math.max(a, b) + 2, 30), cell = Math.max(14, Math.floor(400 / n));
  const pic = svg("svg", { width: n * cell + 2, height: n * cell + 2, id: "board-svg" });
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      // Column i is the first pile, row j (from the bottom) the second.
      pic.append(svg("rect", { x: 1 + i * cell, y: 1 + (n - 1 - j) * cell, width: cell, height: cell,
        fill: i === 0 && j === 0 ? "#c8e6c9" : (i + j) % 2 ? "#eee" : "#fff", stroke: "#ccc" }));
    }
  }
  if (a < n && b < n) {
    pic.append(svg("text", { x: 1 + a * cell + cell / 2, y: 1 + (n - 1 - b) * cell + cell * 0.8,
      "text-anchor": "middle", "font-size": cell * 0.85, class: "token" }, "♛"));
  } else {
    pic.append(svg("text", { x: 10, y: 20 }, `queen at (${a}, ${b})`));
  }
  return pic;
}

function drawChomp(heights) {
  const rows = Math.max(1, ...heights), cols = heights.length, cell = Math.max(14, Math.min(40, Math.floor(400 / Math.max(rows, cols))));
  const pic = svg("svg", { width: cols * cell + 2, height: rows * cell + 2, id: "board-svg" });
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      const present = r < heights[c];
      pic.append(svg("rect", { x: 1 + c * cell, y: 1 + (rows - 1 - r) * cell, width: cell, height: cell, stroke: "#ccc",
        fill: !present ? "#fff" : c === 0 && r === 0 ? "#c0392b" : "#8d6e63", class: present ? "token" : "" }));
    }
  }
  return pic;
}

function drawBoard(text) {
  const rows = text.split("/"), cols = Math.max(1, ...rows.map((r) => r.length));
  const cell = Math.max(14, Math.min(40, Math.floor(400 / Math.max(rows.length, cols))));
  const pic = svg("svg", { width: cols * cell + 2, height: rows.length * cell + 2, id: "board-svg" });
  rows.forEach((row, r) => [...row].forEach((ch, c) => {
    pic.append(svg("rect", { x: 1 + c * cell, y: 1 + r * cell, width: cell, height: cell, stroke: "#aaa",
      fill: ch === "#" ? "#26324a" : "#fff" }));
  }));
  return pic;
}

/** Vertices on a circle, or on the graph's own grid or line. */
function layout(n, shape) {
  const points = [];
  for (let i = 0; i < n; i++) {
    if (shape && shape.grid) {
      points.push([40 + (i % shape.grid[1]) * 50, 40 + Math.floor(i / shape.grid[1]) * 50]);
    } else if (shape && shape.path) {
      points.push([30 + i * Math.min(50, 700 / Math.max(1, n)), 60]);
    } else {
      const r = 30 + 12 * n;
      const t = (2 * Math.PI * i) / Math.max(1, n) - Math.PI / 2;
      points.push([r + 30 + r * Math.cos(t), r + 30 + r * Math.sin(t)]);
    }
  }
  return points;
}

function drawDigraph(position) {
  const names = [], edges = [];
  const index = (name) => (names.includes(name) ? names.indexOf(name) : names.push(name) - 1);
  for (const line of $("file").value.split("\n")) {
    const words = line.replace(/#.*/, "").trim().split(/\s+/).filter(Boolean);
    if (words.length >= 2) edges.push([index(words[0]), index(words[1])]);
  }
  const tokens = (Array.isArray(position) ? position : String(position).split(",")).map(String);
  return drawNodes(names, edges, layout(names.length), (i) => tokens.filter((t) => t === names[i]).length, true);
}

function drawGraph(spec, position) {
  const graph = (spec.match(/graph=([^]*)$/i) || [, ""])[1].trim().toLowerCase();
  const [kind, arg] = graph.split(/[:=]/);
  let n = 0, edges = [], shape = null;
  if (kind === "path") { n = +arg; for (let i = 1; i < n; i++) edges.push([i - 1, i]); shape = { path: true }; }
  else if (kind === "cycle") { n = +arg; for (let i = 0; i < n; i++) edges.push([i, (i + 1) % n]); }
  else if (kind === "complete") { n = +arg; for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) edges.push([i, j]); }
  else if (kind === "grid") {
    const [r, c] = arg.split("x").map(Number); n = r * c; shape = { grid: [r, c] };
    for (let i = 0; i < n; i++) { if ((i + 1) % c) edges.push([i, i + 1]); if (i + c < n) edges.push([i, i + c]); }
  } else if (kind === "petersen") {
    n = 10; for (let v = 0; v < 5; v++) edges.push([v, (v + 1) % 5], [v, v + 5], [v + 5, ((v + 2) % 5) + 5]);
  } else {
    return el("pre", {}, "vertices left: " + position);
  }
  const left = new Set(position === "none" ? [] : position.split(",").map((s) => s.trim()));
  const names = [...Array(n).keys()].map(String);
  return drawNodes(names, edges, layout(n, shape), (i) => (left.has(names[i]) ? 1 : 0), false);
}

/** Vertices `names` at `points`, `edges` between them; `mark(i)` counts the tokens on (or the presence of) vertex i. */
function drawNodes(names, edges, points, mark, directed) {
  const w = Math.max(120, ...points.map((p) => p[0] + 40)), h = Math.max(120, ...points.map((p) => p[1] + 40));
  const pic = svg("svg", { width: w, height: h, id: "board-svg" });
  const defs = svg("defs");
  const marker = svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 34, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto" });
  marker.append(svg("path", { d: "M0,0 L10,5 L0,10 z", fill: "#555" }));
  defs.append(marker);
  pic.append(defs);
  for (const [a, b] of edges) {
    const live = directed || (mark(a) && mark(b));
    const line = svg("line", { x1: points[a][0], y1: points[a][1], x2: points[b][0], y2: points[b][1],
      stroke: live ? "#555" : "#ddd" });
    if (directed) line.setAttribute("marker-end", "url(#arrow)");
    pic.append(line);
  }
  names.forEach((name, i) => {
    const k = mark(i);
    pic.append(svg("circle", { cx: points[i][0], cy: points[i][1], r: 14, stroke: "#26324a",
      fill: k ? (directed ? "#f4b400" : "#26324a") : "#fff", class: k ? "token" : "" }));
    pic.append(svg("text", { x: points[i][0], y: points[i][1] + 4, "text-anchor": "middle", "font-size": 11,
      fill: k && !directed ? "#fff" : "#000" }, name + (directed && k > 1 ? ` ×${k}` : "")));
  });
  return pic;
}

// ---------------------------------------------------------------- play

let game = null;

function setStatus(turn, text) {
  $("play-status").dataset.turn = turn;
  $("play-status").textContent = text;
}

function render() {
  clear($("play-board")).append(drawPosition(game.params.game, game.position));
  const log = clear($("play-log"));
  for (const entry of game.log) {
    log.append(el("li", { class: entry.who }, `${entry.who === "human" ? "You" : "Computer"}: ${entry.move.description} → ${positionText(entry.move.to)} (value ${entry.move.value})`));
  }
}

async function startPlay() {
  showError("");
  setStatus("starting", "Starting…");
  game = null;
  const params = current();
  try {
    const value = await api("value", params);
    game = {
      params,
      position: value.position,
      outcome: value.outcome,
      value: value.value,
      start: value,
      humanFirst: $("play-first").value === "human",
      misere: value.play === "misere",
      log: [],
      undo: [],
      over: false,
    };
    $("play-result").textContent = "";
    $("play-result").dataset.winner = "";
    $("play-hint-text").textContent = "";
    render();
    if (game.humanFirst) await humanTurn();
    else await computerTurn();
  } catch (e) {
    showError(e.message);
    setStatus("none", "Could not start: " + e.message);
  }
}

async function movesHere() {
  const answer = await api("moves", { ...game.params, position: positionText(game.position) });
  return answer.moves;
}

async function humanTurn() {
  const g = game;
  setStatus("thinking", "…");
  let moves;
  try {
    moves = await movesHere();
  } catch (e) {
    showError(e.message);
    return;
  }
  if (g !== game) return;
  g.moves = moves;
  const list = clear($("play-moves"));
  if (!moves.length) return finish("computer");
  moves.forEach((m, i) => {
    const button = el("button", { class: "play-move", id: "play-move-" + i, "data-to": positionText(m.to),
      "data-winning": String(!!m.winning), "data-value": String(m.value) }, m.description + " → " + positionText(m.to));
    button.addEventListener("click", () => humanMove(m));
    list.append(el("li", {}, button));
  });
  setStatus("human", `Your move (the position has value ${valueText(g)}, ${g.outcome}).`);
}

async function humanMove(move) {
  if (!game || game.over || $("play-status").dataset.turn !== "human") return;
  game.undo.push({ position: game.position, value: game.value, outcome: game.outcome, log: game.log.length });
  game.log.push({ who: "human", move, from: game.outcome, mistake: game.outcome === "N" && !move.winning });
  advance(move);
  clear($("play-moves"));
  $("play-hint-text").textContent = "";
  render();
  await computerTurn();
}

function advance(move) {
  game.position = move.to;
  game.value = move.value;
  game.outcome = move.outcome;
}

async function computerTurn() {
  const g = game;
  setStatus("computer", "The computer is thinking…");
  try {
    const moves = await movesHere();
    if (g !== game) return;
    if (!moves.length) return finish("human");
    const winning = moves.filter((m) => m.winning);
    const pool = winning.length ? winning : moves;
    const move = pool[Math.floor(Math.random() * pool.length)];
    g.log.push({ who: "computer", move, from: g.outcome });
    advance(move);
    render();
    await humanTurn();
  } catch (e) {
    showError(e.message);
  }
}

/** The game is over: `lastMover` ("human" or "computer") made the last move. */
function finish(lastMover) {
  // Normal play: the last mover wins; misère play turns it around.
  const winner = game.misere ? (lastMover === "human" ? "computer" : "human") : lastMover;
  game.over = true;
  clear($("play-moves"));
  const rule = game.misere
    ? "misère play: the player who makes the last move loses"
    : "normal play: the player who cannot move loses";
  const last = !game.log.length
    ? `there is no move from the starting position, so ${lastMover === "human" ? "the computer" : "you"}, to move, cannot move`
    : lastMover === "human" ? "you made the last move" : "the computer made the last move";
  const why = [];
  const start = game.start;
  const firstMover = game.humanFirst ? "you" : "the computer";
  why.push(`The starting position had value ${valueText(start)} (${MEANING[start.outcome] || start.outcome}), with ${firstMover} to move.`);
  const mistake = game.log.find((e) => e.who === "human" && e.mistake);
  if (winner === "computer") {
    if (mistake) {
      why.push(`Your move "${mistake.move.description}" left value ${mistake.move.value}, not 0: from there the computer always had a winning move.`);
    } else {
      why.push("You never had a winning move: every move you made left a position from which the computer could move back to a P-position.");
    }
  } else {
    why.push("You always moved to a P-position (value 0), so the computer never had a winning move.");
  }
  const text = `${winner === "human" ? "You win" : "The computer wins"}: ${last} (${rule}). ${why.join(" ")}`;
  $("play-result").textContent = text;
  $("play-result").dataset.winner = winner;
  setStatus("over", "Game over.");
}

function hint() {
  if (!game || game.over || !game.moves) return;
  const winning = game.moves.filter((m) => m.winning);
  for (const b of document.querySelectorAll("#play-moves .play-move")) {
    b.parentElement.className = b.dataset.winning === "true" ? "winning" : "";
  }
  const p = game.misere ? "misère value 0" : "value 0";
  $("play-hint-text").textContent = winning.length
    ? `Play "${winning[0].description}": it leaves ${p}, a P-position, where the player to move (the computer) loses against perfect play. ` +
      `${winning.length} winning move(s), marked in green.`
    : `No winning move: this position has value ${valueText(game)} (${game.outcome}), so every move leaves a position of nonzero value, from which the computer can move back to value 0.`;
}

async function undo() {
  if (!game || !game.undo.length) return;
  const back = game.undo.pop();
  game.position = back.position;
  game.value = back.value;
  game.outcome = back.outcome;
  game.log.length = back.log;
  game.over = false;
  $("play-result").textContent = "";
  $("play-result").dataset.winner = "";
  $("play-hint-text").textContent = "";
  render();
  await humanTurn();
}

// ---------------------------------------------------------------- wiring

function showTab(name) {
  for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.tab === name);
  $("explore").hidden = name !== "explore";
  $("play").hidden = name !== "play";
}

document.addEventListener("DOMContentLoaded", () => {
  for (const tab of document.querySelectorAll(".tab")) tab.addEventListener("click", () => showTab(tab.dataset.tab));
  $("ask").addEventListener("click", explore);
  for (const id of ["game", "position"]) {
    $(id).addEventListener("keydown", (e) => { if (e.key === "Enter") explore(); });
  }
  $("game").addEventListener("input", onGameChanged);
  $("misere").addEventListener("change", explore);
  $("seq-draw").addEventListener("click", drawSequence);
  $("table-draw").addEventListener("click", drawTable);
  $("quotient-ask").addEventListener("click", quotient);
  $("play-start").addEventListener("click", startPlay);
  $("play-hint").addEventListener("click", hint);
  $("play-undo").addEventListener("click", undo);
  onGameChanged();
  loadFamilies();
  explore();
  document.body.dataset.ready = "1";
});
