// grundy serve: the drawings of positions, and what a click on them means.
//
// A drawing is an entry of DRAWINGS: `draw(view)` returns an SVG whose clickable pieces carry
// `data-key` (and the hooks of CLI.md: data-cell, data-heap/data-index, data-vertex, data-edge,
// data-board, data-line), and `parts(move, view)` lists the sets of keys whose clicks make that
// move (one set for each way to make it; none when the move cannot be made on the drawing,
// which then stays in the list). The moves themselves, legal or not, always come from the API
// (/api/moves); a drawing only says which pieces a move touches (and, with `made`, where a move
// listed once for pieces alike is made). `view` is { spec, family, position, file } with the
// position as the API writes it (or, with `made`, as the page keeps it). Adding a family:
// write its entry and name it in DRAWINGS.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";

function shape(tag, attrs = {}, text) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function picture(w, h) {
  return shape("svg", { width: w, height: h, viewBox: `0 0 ${w} ${h}`, id: "board-svg" });
}

/** A position of numbers (the API's list, or a text of numbers). */
function numbers(p) {
  if (Array.isArray(p)) return p.map(Number);
  const text = String(p).trim();
  return text === "" || text === "none" ? [] : text.split(",").map(Number);
}

/** A position of names (vertices, edges): the API's text "0,2" or "none", or a list. */
function names(p) {
  if (Array.isArray(p)) return p.map(String);
  const text = String(p).trim();
  return text === "" || text === "none" ? [] : text.split(",").map((s) => s.trim());
}

/** The value of `key=` in a spec (up to the next `:key=` or the end). */
function specArg(spec, key) {
  const m = spec.match(new RegExp("[:]" + key + "=(.*)$", "i"));
  return m ? m[1].trim() : null;
}

/** The edges `u v` of a file's text (# starts a comment), as pairs of names. */
function edgeLines(text) {
  const edges = [];
  for (const line of (text || "").split("\n")) {
    const words = line.replace(/#.*/, "").trim().split(/\s+/).filter(Boolean);
    if (words.length >= 2) edges.push([words[0], words[1]]);
  }
  return edges;
}

/** A band `w` wide along the segment (x1, y1)-(x2, y2): where a click takes an edge (a
 * line's own box is empty when it is horizontal or vertical). */
function band(x1, y1, x2, y2, w, attrs) {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1, nx = (-(y2 - y1) / len) * (w / 2), ny = ((x2 - x1) / len) * (w / 2);
  const points = [[x1 + nx, y1 + ny], [x2 + nx, y2 + ny], [x2 - nx, y2 - ny], [x1 - nx, y1 - ny]];
  return shape("polygon", { points: points.map((p) => p.join(",")).join(" "), fill: "transparent", ...attrs });
}

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

// ---------------------------------------------------------------- heaps and rows of pins

/** Heaps of counters (or rows of pins), each counter `data-heap="H" data-index="I"` from 1. */
function drawCounters(heaps, pins, label) {
  const size = 18, perRow = 36, shown = heaps.map((n) => Math.min(n, 200));
  const lines = shown.map((n) => Math.max(1, Math.ceil(n / perRow)));
  const h = 20 + lines.reduce((a, b) => a + b * (size + 6) + 10, 0);
  const pic = picture(96 + perRow * (size + 3), h);
  let y = 12;
  heaps.forEach((n, i) => {
    pic.append(shape("text", { x: 6, y: y + size * 0.75, "font-size": 13 }, `${label} ${i + 1}: ${n}`));
    const group = shape("g", { class: pins ? "heap pins" : "heap" });
    for (let k = 0; k < shown[i]; k++) {
      const cx = 96 + (k % perRow) * (size + 3) + size / 2;
      const cy = y + Math.floor(k / perRow) * (size + 6) + size / 2;
      const hook = { class: "token piece", "data-heap": i + 1, "data-index": k + 1, "data-key": `${i + 1},${k + 1}` };
      group.append(pins
        ? shape("rect", { x: cx - size / 4, y: cy - size / 2, width: size / 2, height: size, rx: 4, ...hook })
        : shape("circle", { cx, cy, r: size / 2 - 1, ...hook }));
    }
    pic.append(group);
    if (n > 200) pic.append(shape("text", { x: 96, y: y + lines[i] * (size + 6) + 8, "font-size": 11 }, `(200 of ${n} drawn)`));
    y += lines[i] * (size + 6) + 10;
  });
  return pic;
}

/** The sorted counts of a multiset of heaps, zeros left out: take-and-break positions. */
const heapKey = (heaps) => heaps.filter((n) => n > 0).sort((a, b) => a - b).join(",");

/** Heap games that take from one heap (or several, Moore): clicking counter I of heap H leaves
 * I - 1 there. A move's parts are the first counter taken from each heap it shrinks. */
const HEAPS = {
  draw: (v) => drawCounters(numbers(v.position), false, "heap"),
  parts(move, v) {
    const from = numbers(v.position), to = numbers(move.to);
    if (to.length === from.length) {
      const keys = [];
      from.forEach((n, h) => { if (to[h] < n) keys.push(`${h + 1},${to[h] + 1}`); });
      return keys.length ? [keys] : [];
    }
    if (to.length === from.length - 1) {
      // A whole heap taken (the game drops empty heaps): its first counter.
      const h = from.findIndex((_, i) => sameList([...from.slice(0, i), ...from.slice(i + 1)], to));
      return h < 0 ? [] : [[`${h + 1},1`]];
    }
    return splits(from, to);
  },
  tell: (keys) => `taking from counter ${keys.map((k) => k.split(",").reverse().join(" of heap ")).join(" and ")} on`,
};

/** A heap H split in two (heaps a and b in its place): clicking counter a (or b) of heap H. */
function splits(from, to) {
  if (to.length !== from.length + 1) return [];
  for (let h = 0; h < from.length; h++) {
    const [a, b] = [to[h], to[h + 1]];
    const rest = [...from.slice(0, h), ...from.slice(h + 1)];
    if (a + b === from[h] && sameList(rest, [...to.slice(0, h), ...to.slice(h + 2)])) {
      return [[`${h + 1},${a}`], [`${h + 1},${b}`]];
    }
  }
  return [];
}

const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Take-and-break games (octal, hex, Kayles): a move knocks down a run of adjacent pins of one
 * row, leaving the pins on either side as rows; its parts are every run that leaves the same
 * rows (the order of rows does not matter). */
const ROWS = {
  draw: (v) => drawCounters(numbers(v.position), true, "row"),
  parts(move, v) {
    const rows = numbers(v.position), want = heapKey(numbers(move.to)), found = [];
    rows.forEach((n, h) => {
      if (n > 200) return;
      const rest = [...rows.slice(0, h), ...rows.slice(h + 1)];
      for (let a = 1; a <= n; a++) {
        for (let b = a; b <= n; b++) {
          if (heapKey([...rest, a - 1, n - b]) === want) {
            const run = [];
            for (let k = a; k <= b; k++) run.push(`${h + 1},${k}`);
            found.push(run);
          }
        }
      }
    });
    return found;
  },
  /** Pins clicked in one row stand for the run between them. */
  span(keys) {
    const rows = new Set(keys.map((k) => k.split(",")[0]));
    if (rows.size !== 1) return keys;
    const at = keys.map((k) => Number(k.split(",")[1]));
    const run = [];
    for (let k = Math.min(...at); k <= Math.max(...at); k++) run.push(`${[...rows][0]},${k}`);
    return run;
  },
  tell: (keys) => `knocking down pin${keys.length > 1 ? "s" : ""} ${keys.map((k) => k.split(",")[1]).join(", ")} of row ${keys[0].split(",")[0]}`,
};

// ---------------------------------------------------------------- boards

/** A grid of cells, `data-cell="R,C"` from 1 (row 1 at the top unless `fromBottom`). */
function drawCells(rows, cols, fill, opts = {}) {
  const cell = Math.max(16, Math.min(44, Math.floor(440 / Math.max(rows, cols, 1))));
  const pic = picture(cols * cell + 2, rows * cell + 2);
  for (let r = 1; r <= rows; r++) {
    for (let c = 1; c <= cols; c++) {
      const y = opts.fromBottom ? 1 + (rows - r) * cell : 1 + (r - 1) * cell;
      const look = fill(r, c);
      const attrs = { x: 1 + (c - 1) * cell, y, width: cell, height: cell, stroke: "#aaa",
        fill: look.fill, "data-cell": `${r},${c}`, "data-key": `${r},${c}`, class: look.class || "piece" };
      if (look.filled) attrs["data-filled"] = "1";
      pic.append(shape("rect", attrs));
      if (look.text) {
        pic.append(shape("text", { x: 1 + (c - 0.5) * cell, y: y + cell * 0.78, "text-anchor": "middle",
          "font-size": cell * 0.8, "pointer-events": "none", class: "token" }, look.text));
      }
    }
  }
  return pic;
}

/** Cram: a domino on two adjacent empty cells; the board as its rows of `.` and `#`. */
const CRAM = {
  draw(v) {
    const rows = String(v.position).split("/");
    const cols = Math.max(1, ...rows.map((r) => r.length));
    return drawCells(rows.length, cols, (r, c) => rows[r - 1][c - 1] === "#"
      ? { fill: "#26324a", filled: true } : { fill: "#fff" });
  },
  parts(move, v) {
    const before = String(v.position).split("/"), after = String(move.to).split("/"), keys = [];
    before.forEach((row, r) => [...row].forEach((ch, c) => {
      if (ch !== after[r][c]) keys.push(`${r + 1},${c + 1}`);
    }));
    return [keys];
  },
  refuse(keys, v) {
    const rows = String(v.position).split("/");
    const full = keys.find((k) => { const [r, c] = k.split(",").map(Number); return rows[r - 1][c - 1] === "#"; });
    if (full) return `cell ${full} is covered already`;
    if (keys.length === 1) return `no domino fits on cell ${keys[0]}: no empty cell beside it`;
    return `cells ${keys.join(" and ")} are not two adjacent empty cells`;
  },
  tell: (keys) => `a domino on ${keys.join(" and ")}`,
};

/** Chomp: click a square, it goes with every square above and to the right (rows from the
 * bottom, as the moves are described); the poisoned square is row 1, column 1. */
const CHOMP = {
  draw(v) {
    const heights = numbers(v.position), rows = Math.max(1, ...heights);
    return drawCells(rows, heights.length, (r, c) => r > heights[c - 1] ? { fill: "#fff", class: "gone" }
      : { fill: r === 1 && c === 1 ? "#c0392b" : "#8d6e63", class: "piece token" }, { fromBottom: true });
  },
  parts(move, v) {
    const from = numbers(v.position), to = numbers(move.to);
    const c = from.findIndex((h, i) => to[i] < h);
    return c < 0 ? [] : [[`${to[c] + 1},${c + 1}`]];
  },
  refuse: (keys) => (keys[0] === "1,1" ? "the poisoned square is never taken" : `square ${keys[0]} is gone already`),
  tell: (keys) => `a bite at row ${keys[0].split(",")[0]}, column ${keys[0].split(",")[1]}`,
};

/** Wythoff: the queen at (first pile, second pile) from the corner; click the square it goes to
 * (`data-cell="R,C"`: row R = second pile + 1 from the bottom, column C = first pile + 1). */
const QUEEN = {
  draw(v) {
    const [a, b] = numbers(v.position), n = Math.min(Math.max(a, b) + 2, 40);
    return drawCells(n, n, (r, c) => ({
      fill: r === 1 && c === 1 ? "#c8e6c9" : (r + c) % 2 ? "#eee" : "#fff",
      text: c === a + 1 && r === b + 1 ? "♛" : undefined,
    }), { fromBottom: true });
  },
  parts: (move) => { const [a, b] = numbers(move.to); return [[`${b + 1},${a + 1}`]]; },
  refuse: () => "the queen moves left, down, or diagonally down-left toward the corner",
  tell: (keys) => `the queen to row ${keys[0].split(",")[0]}, column ${keys[0].split(",")[1]}`,
};

// ---------------------------------------------------------------- coins

/** Coin rows: the heads as numbers (from 1, or from 0); a move turns its coins, the rightmost
 * from heads to tails: its parts are the coins that change. */
function coinRow(from) {
  return {
    draw(v) {
      const heads = numbers(v.position), last = Math.max(from + 7, ...heads);
      const count = last - from + 1, size = Math.max(16, Math.min(36, Math.floor(900 / count)));
      const pic = picture(count * (size + 4) + 10, size * 2 + 20);
      for (let k = from; k <= last; k++) {
        const x = 6 + (k - from) * (size + 4) + size / 2, head = heads.includes(k);
        pic.append(shape("circle", { cx: x, cy: size / 2 + 6, r: size / 2, stroke: "#7a5c00",
          fill: head ? "#f4b400" : "#e0e0e0", class: head ? "piece token" : "piece",
          "data-cell": `1,${k - from + 1}`, "data-coin": k, "data-key": String(k) }));
        pic.append(shape("text", { x, y: size + 20, "text-anchor": "middle", "font-size": 11 }, String(k)));
      }
      return pic;
    },
    parts(move, v) {
      const a = numbers(v.position), b = numbers(move.to);
      return [[...a.filter((k) => !b.includes(k)), ...b.filter((k) => !a.includes(k))].map(String)];
    },
    refuse: (keys) => `turning coin${keys.length > 1 ? "s" : ""} ${keys.join(", ")} is not a move (the rightmost turned goes from heads to tails)`,
    tell: (keys) => `turning coin${keys.length > 1 ? "s" : ""} ${keys.join(", ")}`,
  };
}

/** Coins on a grid (Turning Corners, Tartan): heads as column:row from 0, written by the API
 * as the flat list column, row, column, row, ... */
const pairs = (p) => {
  if (!Array.isArray(p)) return names(p).map((s) => s.replace(":", ","));
  const out = [];
  for (let i = 0; i + 1 < p.length; i += 2) out.push(`${p[i]},${p[i + 1]}`);
  return out;
};

const COIN_GRID = {
  draw(v) {
    const heads = pairs(v.position).map((s) => s.split(",").map(Number));
    const cols = Math.max(4, ...heads.map((h) => h[0] + 1)), rows = Math.max(4, ...heads.map((h) => h[1] + 1));
    const size = Math.max(16, Math.min(36, Math.floor(440 / Math.max(cols, rows))));
    const pic = picture(cols * (size + 4) + 30, rows * (size + 4) + 30);
    for (let r = 0; r < rows; r++) {
      pic.append(shape("text", { x: 4, y: 20 + r * (size + 4) + size / 2 + 4, "font-size": 10 }, String(r)));
      for (let c = 0; c < cols; c++) {
        if (r === 0) pic.append(shape("text", { x: 24 + c * (size + 4) + size / 2, y: 11, "text-anchor": "middle", "font-size": 10 }, String(c)));
        const head = heads.some((h) => h[0] === c && h[1] === r);
        pic.append(shape("circle", { cx: 24 + c * (size + 4) + size / 2, cy: 20 + r * (size + 4) + size / 2,
          r: size / 2, stroke: "#7a5c00", fill: head ? "#f4b400" : "#e0e0e0", class: head ? "piece token" : "piece",
          "data-cell": `${r + 1},${c + 1}`, "data-coin": `${c}:${r}`, "data-key": `${c},${r}` }));
      }
    }
    return pic;
  },
  parts(move, v) {
    const a = pairs(v.position), b = pairs(move.to);
    return [[...a.filter((k) => !b.includes(k)), ...b.filter((k) => !a.includes(k))]];
  },
  refuse: (keys) => `turning ${keys.map((k) => k.replace(",", ":")).join(", ")} is not a move`,
  tell: (keys) => `turning ${keys.map((k) => k.replace(",", ":")).join(", ")}`,
};

// ---------------------------------------------------------------- Staircase Nim

/** Steps from 1 (left) up; click coin I of step S: it and those above it go down one step. */
const STAIRCASE = {
  draw(v) {
    const steps = numbers(v.position), size = 16, tallest = Math.min(40, Math.max(3, ...steps));
    const w = 70 + steps.length * 60, h = 60 + (tallest + steps.length) * (size + 2);
    const pic = picture(w, h);
    const ground = h - 20;
    pic.append(shape("line", { x1: 0, y1: ground, x2: w, y2: ground, stroke: "#555" }));
    pic.append(shape("text", { x: 4, y: ground + 15, "font-size": 11 }, "ground"));
    steps.forEach((n, s) => {
      const x = 60 + s * 60, base = ground - (s + 1) * (size + 2);
      pic.append(shape("rect", { x, y: base, width: 58, height: ground - base, fill: "#e8e3d3", stroke: "#b5ad94" }));
      pic.append(shape("text", { x: x + 4, y: ground - 4, "font-size": 10 }, `step ${s + 1}`));
      for (let k = 0; k < Math.min(n, 40); k++) {
        pic.append(shape("circle", { cx: x + 29, cy: base - size / 2 - k * (size + 2), r: size / 2 - 1,
          class: "token piece", "data-heap": s + 1, "data-index": k + 1, "data-key": `${s + 1},${k + 1}` }));
      }
      if (n > 40) pic.append(shape("text", { x: x + 4, y: 12, "font-size": 10 }, `${n} coins`));
    });
    return pic;
  },
  parts(move, v) {
    const from = numbers(v.position), to = numbers(move.to);
    const s = from.findIndex((n, i) => to[i] < n);
    return s < 0 ? [] : [[`${s + 1},${to[s] + 1}`]];
  },
  refuse: (keys) => `step ${keys[0].split(",")[0]}: that is not a move here`,
  tell: (keys) => `moving coins ${keys[0].split(",")[1]} and up of step ${keys[0].split(",")[0]} down one step`,
};

// ---------------------------------------------------------------- graphs

/** The named graphs of Node- and Arc-Kayles, as the library numbers them (graph.rs). */
function namedGraph(graph, file) {
  const [kind, arg = ""] = graph.toLowerCase().split(/[:=]/);
  const ids = (n) => [...Array(n).keys()].map(String);
  const n = Number(arg), edges = [];
  if (kind === "path") {
    for (let i = 1; i < n; i++) edges.push([i - 1, i]);
    return { names: ids(n), edges, at: (i) => [30 + i * Math.min(56, 760 / Math.max(1, n)), 40] };
  }
  if (kind === "cycle") {
    for (let i = 0; i < n; i++) edges.push([i, (i + 1) % n]);
    return { names: ids(n), edges, at: circle(n) };
  }
  if (kind === "complete") {
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) edges.push([i, j]);
    return { names: ids(n), edges, at: circle(n) };
  }
  if (kind === "grid") {
    const [r, c] = arg.split("x").map(Number);
    for (let v = 0; v < r * c; v++) {
      if ((v % c) + 1 < c) edges.push([v, v + 1]);
      if (v + c < r * c) edges.push([v, v + c]);
    }
    return { names: ids(r * c), edges, at: (i) => [36 + (i % c) * 56, 36 + Math.floor(i / c) * 56] };
  }
  if (kind === "petersen") {
    // Outer pentagon 0..4, spokes v - v+5, inner pentagram 5..9.
    for (let v = 0; v < 5; v++) edges.push([v, (v + 1) % 5], [v, v + 5], [v + 5, ((v + 2) % 5) + 5]);
    const at = (i) => {
      const r = i < 5 ? 130 : 60, t = (2 * Math.PI * (i % 5)) / 5 - Math.PI / 2;
      return [170 + r * Math.cos(t), 160 + r * Math.sin(t)];
    };
    return { names: ids(10), edges, at };
  }
  if (kind === "file") {
    const list = [], index = (name) => (list.includes(name) ? list.indexOf(name) : list.push(name) - 1);
    for (const [u, v] of edgeLines(file)) edges.push([index(u), index(v)]);
    return { names: list, edges, at: circle(list.length) };
  }
  return null;
}

function circle(n) {
  const r = 40 + 14 * n;
  return (i) => {
    const t = (2 * Math.PI * i) / Math.max(1, n) - Math.PI / 2;
    return [r + 36 + r * Math.cos(t), r + 36 + r * Math.sin(t)];
  };
}

/** Vertices and edges; a vertex `data-vertex="NAME"`, an edge `data-edge="I"` (from 0).
 * `alive(i)` says whether vertex i is left; `live(e)` whether edge e may be played. */
function drawGraphPicture(g, opts) {
  const points = g.names.map((_, i) => g.at(i));
  const w = Math.max(140, ...points.map((p) => p[0] + 40)), h = Math.max(100, ...points.map((p) => p[1] + 40));
  const pic = picture(w, h);
  g.edges.forEach(([a, b], e) => {
    const live = opts.live(e);
    const attrs = { x1: points[a][0], y1: points[a][1], x2: points[b][0], y2: points[b][1] };
    pic.append(shape("line", { ...attrs, stroke: live ? "#555" : "#e3e3e3", "stroke-width": 3 }));
    if (opts.edges && live) {
      // A wide transparent band on top: the edge is easy to click.
      pic.append(band(attrs.x1, attrs.y1, attrs.x2, attrs.y2, 14, { class: "piece edge", "data-edge": e, "data-key": `e${e}` }));
    }
  });
  g.names.forEach((name, i) => {
    const alive = opts.alive(i);
    const attrs = { cx: points[i][0], cy: points[i][1], r: 14, stroke: alive ? "#26324a" : "#ccc",
      fill: alive ? "#26324a" : "#fff", class: alive ? "token" : "gone" };
    if (opts.vertices) Object.assign(attrs, { "data-vertex": name, "data-key": `v${name}`, class: attrs.class + " piece" });
    pic.append(shape("circle", attrs));
    pic.append(shape("text", { x: points[i][0], y: points[i][1] + 4, "text-anchor": "middle", "font-size": 11,
      "pointer-events": "none", fill: alive ? "#fff" : "#aaa" }, name));
  });
  return pic;
}

function graphOf(v) {
  return namedGraph(specArg(v.spec, "graph") || "", v.file);
}

/** Node-Kayles: click a vertex; it goes with its neighbours. */
const NODE_KAYLES = {
  draw(v) {
    const g = graphOf(v);
    if (!g) return null;
    const left = names(v.position);
    return drawGraphPicture(g, { vertices: true, alive: (i) => left.includes(g.names[i]),
      live: (e) => left.includes(g.names[g.edges[e][0]]) && left.includes(g.names[g.edges[e][1]]) });
  },
  parts(move) {
    const m = move.description.match(/^take vertex (.+?)(?: and its neighbours .*)?$/);
    return m ? [[`v${m[1]}`]] : [];
  },
  refuse: (keys) => `vertex ${keys[0].slice(1)} is gone already`,
  tell: (keys) => `vertex ${keys[0].slice(1)} and its neighbours`,
};

/** Arc-Kayles: click an edge whose two ends are left; both ends go. */
const ARC_KAYLES = {
  draw(v) {
    const g = graphOf(v);
    if (!g) return null;
    const left = names(v.position);
    return drawGraphPicture(g, { edges: true, alive: (i) => left.includes(g.names[i]),
      live: (e) => left.includes(g.names[g.edges[e][0]]) && left.includes(g.names[g.edges[e][1]]) });
  },
  parts(move, v) {
    const g = graphOf(v), m = move.description.match(/^take edge (.+)$/);
    if (!g || !m) return [];
    return g.edges.flatMap(([a, b], e) =>
      [`${g.names[a]}-${g.names[b]}`, `${g.names[b]}-${g.names[a]}`].includes(m[1]) ? [[`e${e}`]] : []);
  },
  tell: (keys) => `edge ${keys[0].slice(1)}`,
};

/** Green Hackenbush and Nimstring: the picture from edges= (strings=), stalks= or the file;
 * vertex 0 is the ground, edges (strings) numbered from 0 in the spec's order; click one to cut
 * it. */
function hackenbushEdges(v) {
  const edges = specArg(v.spec, "edges") || specArg(v.spec, "strings"), stalks = specArg(v.spec, "stalks");
  if (edges) return edges.split(",").map((e) => e.split("-").map((s) => s.trim()));
  if (stalks) {
    const out = [];
    stalks.split(",").map(Number).forEach((n, i) => {
      const node = (k) => (k === 0 ? "0" : `s${i + 1}.${k}`);
      for (let k = 0; k < n; k++) out.push([node(k), node(k + 1)]);
    });
    return out;
  }
  if (specArg(v.spec, "file")) return edgeLines(v.file);
  return [];
}

/** The drawing of a picture whose moves cut an edge (Hackenbush) or a string (Nimstring). */
const cutting = (word) => ({
  draw(v) {
    const edges = hackenbushEdges(v);
    if (!edges.length) return null;
    const left = new Set(names(v.position).map(Number));
    // Layers by distance from the ground (vertex 0) over every edge; the ground at the bottom.
    const depth = { 0: 0 }, queue = ["0"];
    while (queue.length) {
      const u = queue.shift();
      for (const [a, b] of edges) {
        for (const [x, y] of [[a, b], [b, a]]) {
          if (x === u && depth[y] === undefined) { depth[y] = depth[u] + 1; queue.push(y); }
        }
      }
    }
    const vertices = [...new Set(edges.flat())];
    for (const x of vertices) if (depth[x] === undefined) depth[x] = 1;
    const layers = {};
    for (const x of vertices) (layers[depth[x]] = layers[depth[x]] || []).push(x);
    const top = Math.max(...Object.keys(layers).map(Number)), width = Math.max(...Object.values(layers).map((l) => l.length));
    const w = Math.max(240, width * 70 + 60), h = 60 + top * 70 + 30;
    const at = {};
    for (const [d, list] of Object.entries(layers)) {
      list.forEach((x, i) => { at[x] = [d === "0" ? w / 2 : ((i + 1) * w) / (list.length + 1), h - 30 - Number(d) * 70]; });
    }
    const pic = picture(w, h);
    pic.append(shape("line", { x1: 10, y1: h - 30, x2: w - 10, y2: h - 30, stroke: "#6d4c41", "stroke-width": 4 }));
    pic.append(shape("text", { x: 12, y: h - 12, "font-size": 11 }, "ground (vertex 0)"));
    const seen = {};
    edges.forEach(([a, b], e) => {
      const pair = [a, b].sort().join(" "), k = (seen[pair] = (seen[pair] || 0) + 1) - 1;
      const [x1, y1] = at[a], [x2, y2] = at[b];
      const bend = (k % 2 ? 1 : -1) * Math.ceil(k / 2) * 26;
      const mx = (x1 + x2) / 2 + bend, my = (y1 + y2) / 2;
      const d = a === b ? `M${x1},${y1} C${x1 - 40},${y1 - 60} ${x1 + 40},${y1 - 60} ${x1},${y1}` : `M${x1},${y1} Q${mx},${my} ${x2},${y2}`;
      const on = left.has(e);
      pic.append(shape("path", { d, fill: "none", stroke: on ? "#2e7d32" : "#eee", "stroke-width": 4 }));
      const hook = { class: "piece edge", "data-edge": e, "data-key": `e${e}` };
      if (on) {
        pic.append(a !== b && bend === 0 ? band(x1, y1, x2, y2, 16, hook)
          : shape("path", { d, fill: "none", stroke: "transparent", "stroke-width": 16, ...hook }));
      }
    });
    for (const x of vertices) {
      pic.append(shape("circle", { cx: at[x][0], cy: at[x][1], r: 4, fill: "#333" }));
    }
    return pic;
  },
  parts(move) {
    const m = move.description.match(new RegExp(`^cut ${word} (\\d+)`));
    return m ? [[`e${m[1]}`]] : [];
  },
  tell: (keys) => `cutting ${word} ${keys[0].slice(1)}`,
});

const HACKENBUSH = cutting("edge");
/** Nimstring given by its strings (a coin cut free is captured, and its capturer moves again). */
const NIMSTRING = cutting("string");

/** A digraph: click the vertex the token moves to (several tokens: the one that moves is the
 * one whose vertex loses a token; the click names where it goes). */
const DIGRAPH = {
  draw(v) {
    const list = [], index = (name) => (list.includes(name) ? list.indexOf(name) : list.push(name) - 1);
    const edges = edgeLines(v.file).map(([a, b]) => [index(a), index(b)]);
    const tokens = names(v.position);
    const g = { names: list, edges, at: circle(list.length) };
    const pic = drawGraphPicture(g, { vertices: true, alive: (i) => tokens.includes(list[i]), live: () => true });
    return pic;
  },
  parts(move, v) {
    const a = names(v.position), b = names(move.to), gained = b.filter((x) => b.filter((y) => y === x).length > a.filter((y) => y === x).length);
    return gained.length ? [[`v${gained[0]}`]] : [];
  },
  refuse: (keys) => `no token can move to ${keys[0].slice(1)} along an edge`,
  tell: (keys) => `a token to ${keys[0].slice(1)}`,
};

// ---------------------------------------------------------------- Sprouts

/** Sprouts in Glop's notation: lands, regions, boundaries, spots. A real drawing of the curves
 * is out of reach (the notation keeps what play can still do, not the picture, and the moves
 * are listed once for each class of symmetric ones), so each region is drawn as a box holding
 * its boundaries (dashed) and their spots, inside its land: click a region, then choose among
 * its moves, described as the API describes them (`data-region="L.R"`, from 1). */
function sproutsLands(text) {
  const lands = [];
  for (const land of String(text).replace(/!$/, "").split("]").filter(Boolean)) {
    lands.push(land.split("}").filter(Boolean).map((region) => region.split(".").filter(Boolean)));
  }
  return lands;
}

const SPROUTS = {
  draw(v) {
    const lands = sproutsLands(v.position), spot = 30;
    const regions = lands.flatMap((land, l) => land.map((boundaries, r) => ({ l, r, boundaries })));
    const widest = Math.max(1, ...regions.map((x) => x.boundaries.reduce((a, b) => a + b.length + 1, 0)));
    const w = Math.max(260, widest * spot + 60), h = 30 + regions.length * 90 + lands.length * 20;
    const pic = picture(w, h);
    let y = 10;
    lands.forEach((land, l) => {
      const top = y;
      pic.append(shape("text", { x: 8, y: y + 12, "font-size": 11 }, `land ${l + 1}`));
      y += 18;
      land.forEach((boundaries, r) => {
        const key = `${l + 1}.${r + 1}`;
        pic.append(shape("rect", { x: 14, y, width: w - 28, height: 76, rx: 24, fill: "#f1f6ee", stroke: "#7c9a6d",
          class: "piece region", "data-region": key, "data-key": key }));
        pic.append(shape("text", { x: 26, y: y + 16, "font-size": 11, "pointer-events": "none" }, `region ${r + 1}`));
        let x = 40;
        boundaries.forEach((boundary, b) => {
          const bw = boundary.length * spot;
          pic.append(shape("rect", { x: x - 6, y: y + 24, width: bw + 12, height: 42, rx: 18, fill: "none", stroke: "#bbb",
            "stroke-dasharray": "4 3", "pointer-events": "none" }));
          [...boundary].forEach((ch, s) => {
            pic.append(shape("circle", { cx: x + s * spot + spot / 2 - 3, cy: y + 45, r: 11, class: "token spot",
              "pointer-events": "none" }));
            pic.append(shape("text", { x: x + s * spot + spot / 2 - 3, y: y + 49, "text-anchor": "middle", "font-size": 11,
              fill: "#fff", "pointer-events": "none" }, ch));
          });
          x += bw + 20;
        });
        y += 84;
      });
      pic.append(shape("rect", { x: 4, y: top, width: w - 8, height: y - top, fill: "none", stroke: "#555", rx: 8 }));
      y += 8;
    });
    return pic;
  },
  parts(move, v) {
    // A move is listed once for lands written alike: it is made in any of them.
    const lands = String(v.position).replace(/!$/, "").split("]").filter(Boolean);
    const where = move.description.match(/ in region (\d+)(?: of land (\d+))?/);
    const land = where && (where[2] || (lands.length === 1 ? "1" : null));
    if (!land) return [];
    return lands.flatMap((text, l) => (text === lands[land - 1] ? [[`${l + 1}.${where[1]}`]] : []));
  },
  refuse: () => "no move is listed in this region (moves alike by symmetry are listed once, under another region: see the list)",
  tell: (keys) => `a curve in region ${keys[0].split(".")[1]} of land ${keys[0].split(".")[0]}`,
};

// ---------------------------------------------------------------- X-only tic-tac-toe, Notakto

/** The boards of a position ("x../.x./...", boards joined by ","; a number: that many empty
 * boards), each as { n, x }, its X's a bit set (bit (R - 1) n + C - 1). The page's positions
 * keep the dead boards, which the API's drop (they are out of play, and it reads them so). */
function xBoards(p, spec) {
  const text = String(p).trim();
  if (/^\d+$/.test(text)) {
    const n = Number(specArg(spec, "n") || 3);
    return Array.from({ length: Number(text) }, () => ({ n, x: 0 }));
  }
  return text.split(",").map((board) => {
    const rows = board.trim().split("/");
    let x = 0;
    rows.forEach((row, r) => [...row.trim()].forEach((ch, c) => { if (ch === "x" || ch === "X") x |= 1 << (r * rows.length + c); }));
    return { n: rows.length, x };
  });
}

const xShow = (b) => [...Array(b.n).keys()].map((r) =>
  [...Array(b.n).keys()].map((c) => (b.x >> (r * b.n + c) & 1 ? "x" : ".")).join("")).join("/");

/** The rows, columns and two diagonals of an n x n board, as bit sets. */
function xLines(n) {
  const lines = [], bit = (r, c) => 1 << (r * n + c);
  let d1 = 0, d2 = 0;
  for (let i = 0; i < n; i++) {
    let row = 0, col = 0;
    for (let j = 0; j < n; j++) { row |= bit(i, j); col |= bit(j, i); }
    lines.push(row, col);
    d1 |= bit(i, i);
    d2 |= bit(i, n - 1 - i);
  }
  return [...lines, d1, d2];
}

const xFull = (b) => xLines(b.n).filter((line) => (b.x & line) === line);

/** The least image of a board under the 8 symmetries of the square (the engine lists a move
 * once for the cells whose X leaves boards alike up to them), or -1 for a dead board. */
function xClass(b) {
  if (xFull(b).length) return -1;
  const m = b.n - 1;
  const maps = [(r, c) => [r, c], (r, c) => [c, m - r], (r, c) => [m - r, m - c], (r, c) => [m - c, r],
    (r, c) => [r, m - c], (r, c) => [m - r, c], (r, c) => [c, r], (r, c) => [m - c, m - r]];
  return Math.min(...maps.map((f) => {
    let y = 0;
    for (let i = 0; i < b.n * b.n; i++) {
      if (b.x >> i & 1) { const [r, c] = f(Math.floor(i / b.n), i % b.n); y |= 1 << (r * b.n + c); }
    }
    return y;
  }));
}

/** An X on a live board's empty cell (`data-board="B" data-cell="R,C"`, from 1; an X
 * `data-filled="1"`; a dead board greyed, its cells `data-dead="1"`, its line of N struck).
 * The API lists a move once for the cells alike by symmetry (and boards alike): each of them
 * makes it, and `made` keeps the X where it was clicked. */
const XONLY = {
  draw(v) {
    const boards = xBoards(v.position, v.spec);
    if (!boards.length || boards.length > 64) return null;
    const n = boards[0].n, cell = n > 3 ? 34 : 44, side = n * cell, gap = 28;
    const perRow = Math.max(1, Math.min(boards.length, Math.floor(900 / (side + gap))));
    const pic = picture(perRow * (side + gap) + 10, Math.ceil(boards.length / perRow) * (side + 34) + 10);
    boards.forEach((b, i) => {
      const x0 = 14 + (i % perRow) * (side + gap), y0 = 26 + Math.floor(i / perRow) * (side + 34);
      const full = xFull(b), dead = full.length > 0;
      pic.append(shape("text", { x: x0, y: y0 - 8, "font-size": 12, fill: dead ? "#999" : "#1d2330" },
        `board ${i + 1}${dead ? ": dead" : ""}`));
      const centre = (k) => [x0 + (k % n + 0.5) * cell, y0 + (Math.floor(k / n) + 0.5) * cell];
      for (let k = 0; k < n * n; k++) {
        const [r, c] = [Math.floor(k / n) + 1, k % n + 1], filled = b.x >> k & 1;
        const attrs = { x: x0 + (c - 1) * cell, y: y0 + (r - 1) * cell, width: cell, height: cell, stroke: dead ? "#ccc" : "#888",
          fill: dead ? "#ececec" : "#fff", class: dead ? "piece gone" : "piece", "data-board": i + 1, "data-cell": `${r},${c}`,
          "data-key": `${i + 1},${r},${c}` };
        if (filled) attrs["data-filled"] = "1";
        if (dead) attrs["data-dead"] = "1";
        pic.append(shape("rect", attrs));
        if (filled) {
          const [cx, cy] = centre(k);
          pic.append(shape("text", { x: cx, y: cy + cell * 0.28, "text-anchor": "middle", "font-size": cell * 0.8,
            "pointer-events": "none", fill: dead ? "#999" : "#26324a" }, "X"));
        }
      }
      for (const line of full) {
        const cells = [...Array(n * n).keys()].filter((k) => line >> k & 1);
        const [a, z] = [centre(cells[0]), centre(cells[cells.length - 1])];
        pic.append(shape("line", { x1: a[0], y1: a[1], x2: z[0], y2: z[1], stroke: "#c0392b", "stroke-width": 4,
          "stroke-linecap": "round", class: "three", "pointer-events": "none" }));
      }
    });
    return pic;
  },
  parts(move, v) {
    const drawn = xBoards(v.position, v.spec), to = xBoards(move.to, v.spec);
    const live = drawn.map((_, i) => i).filter((i) => xClass(drawn[i]) >= 0);
    // The board the move changes (the first that differs: a board that dies is dropped), and
    // the class of what it becomes.
    const k = live.findIndex((j, k) => !to[k] || to[k].x !== drawn[j].x);
    if (k < 0 || (to.length !== live.length && to.length !== live.length - 1)) return [];
    const from = xClass(drawn[live[k]]), after = to.length === live.length ? xClass(to[k]) : -1;
    const named = move.description.match(/X at row (\d+), column (\d+)/);
    const own = named && `${live[k] + 1},${named[1]},${named[2]}`;
    const ways = [];
    for (const j of live) {
      const b = drawn[j];
      if (xClass(b) !== from) continue;
      for (let c = 0; c < b.n * b.n; c++) {
        if (!(b.x >> c & 1) && xClass({ n: b.n, x: b.x | 1 << c }) === after) {
          ways.push([`${j + 1},${Math.floor(c / b.n) + 1},${c % b.n + 1}`]);
        }
      }
    }
    // The cell the API names first: the computer's move is drawn where it says.
    return ways.sort((a, b) => (b[0] === own) - (a[0] === own));
  },
  made(move, keys, v) {
    const drawn = xBoards(v.position, v.spec), [i, r, c] = keys[0].split(",").map(Number), b = drawn[i - 1];
    b.x |= 1 << ((r - 1) * b.n + c - 1);
    const centre = b.n % 2 && r === c && r === (b.n + 1) / 2 ? " (the centre)" : "";
    const dies = xFull(b).length ? ` (${b.n} in a row: the board dies)` : "";
    return { ...move, to: drawn.map(xShow).join(","),
      description: `${drawn.length > 1 ? `board ${i}: ` : ""}X at row ${r}, column ${c}${centre}${dies}` };
  },
  refuse(keys, v) {
    const [i, r, c] = keys[0].split(",").map(Number), b = xBoards(v.position, v.spec)[i - 1];
    if (xFull(b).length) return `board ${i} is dead (${b.n} in a row): it takes no more X's`;
    if (b.x >> ((r - 1) * b.n + c - 1) & 1) return `cell ${r},${c} of board ${i} has an X already`;
    return "no move here does that";
  },
  tell: (keys) => { const [i, r, c] = keys[0].split(","); return `an X on board ${i}, row ${r}, column ${c}`; },
};

// ---------------------------------------------------------------- Dots-and-Boxes

/** The line of a board's text at row `i`, character `j`: `h,R,C` from dot (R,C) to dot
 * (R,C+1), `v,R,C` from dot (R,C) to dot (R+1,C) (from 1, as the moves name dots). */
const dotsLine = (i, j) => (i % 2 === 0 ? `h,${i / 2 + 1},${(j + 1) / 2}` : `v,${(i + 1) / 2},${j / 2 + 1}`);

function lineWords(key) {
  const [kind, r, c] = key.split(","), [r2, c2] = kind === "h" ? [r, Number(c) + 1] : [Number(r) + 1, c];
  return `the line from dot (${r},${c}) to dot (${r2},${c2})`;
}

/** Dots-and-Boxes: click a line not drawn (`data-line="h,R,C"` or `"v,R,C"`; a drawn one
 * `data-filled="1"`); box R,C is `data-cell="R,C"`, `data-filled="1"` once its four sides are
 * drawn. Who completes a box moves again: the API's move says so (`again`). */
const DOTS = {
  draw(v) {
    const rows = String(v.position).split("/");
    if (rows.length < 3 || rows.length % 2 === 0) return null;
    const s = 56, m = 24, R = (rows.length - 1) / 2, C = (rows[0].length - 1) / 2;
    const pic = picture(C * s + 2 * m, R * s + 2 * m);
    const drawnAt = (i, j) => rows[i][j] === "-" || rows[i][j] === "|";
    for (let r = 0; r < R; r++) {
      for (let c = 0; c < C; c++) {
        const full = drawnAt(2 * r, 2 * c + 1) && drawnAt(2 * r + 2, 2 * c + 1) && drawnAt(2 * r + 1, 2 * c) && drawnAt(2 * r + 1, 2 * c + 2);
        const attrs = { x: m + c * s + 4, y: m + r * s + 4, width: s - 8, height: s - 8, fill: full ? "#9fb8d9" : "#fff",
          "data-cell": `${r + 1},${c + 1}`, "pointer-events": "none", class: full ? "box token" : "box" };
        if (full) attrs["data-filled"] = "1";
        pic.append(shape("rect", attrs));
      }
    }
    rows.forEach((row, i) => [...row].forEach((ch, j) => {
      if ((i + j) % 2 === 0) return; // a dot or a box
      const [x1, y1] = [m + Math.floor(j / 2) * s, m + Math.floor(i / 2) * s];
      const [x2, y2] = i % 2 === 0 ? [x1 + s, y1] : [x1, y1 + s];
      const [x, y] = i % 2 === 0 ? [x1 + s / 2, y1] : [x1, y1 + s / 2];
      const on = drawnAt(i, j), key = dotsLine(i, j);
      pic.append(shape("line", { x1, y1, x2, y2, stroke: on ? "#26324a" : "#ddd", "stroke-width": on ? 5 : 2,
        "stroke-dasharray": on ? "" : "3 4", "pointer-events": "none" }));
      const hook = { class: "piece edge", "data-line": key, "data-key": key };
      if (on) hook["data-filled"] = "1";
      pic.append(band(i % 2 === 0 ? x - s / 2 + 8 : x, i % 2 === 0 ? y : y - s / 2 + 8,
        i % 2 === 0 ? x + s / 2 - 8 : x, i % 2 === 0 ? y : y + s / 2 - 8, 16, hook));
    }));
    for (let r = 0; r <= R; r++) {
      for (let c = 0; c <= C; c++) pic.append(shape("circle", { cx: m + c * s, cy: m + r * s, r: 5, fill: "#1d2330", "pointer-events": "none" }));
    }
    return pic;
  },
  parts(move, v) {
    const a = String(v.position).split("/"), b = String(move.to).split("/"), keys = [];
    a.forEach((row, i) => [...row].forEach((ch, j) => { if (b[i] && ch !== b[i][j]) keys.push(dotsLine(i, j)); }));
    return keys.length === 1 ? [keys] : [];
  },
  refuse: (keys) => `${lineWords(keys[0])} is drawn already`,
  tell: (keys) => `drawing ${lineWords(keys[0])}`,
};

// ---------------------------------------------------------------- the families

const FAMILIES = {
  heaps: ["nim", "subtraction", "allbut", "imark", "sd", "mark", "upmark", "mark-t", "kupin", "moore",
    "sharing-nim", "graph-nim", "lasker", "grundy-game", "euclid"],
  rows: ["octal", "hex", "tbreak", "kayles", "dawson-kayles", "dawson-chess", "double-kayles"],
};

const DRAWINGS = {
  ...Object.fromEntries(FAMILIES.heaps.map((f) => [f, HEAPS])),
  ...Object.fromEntries(FAMILIES.rows.map((f) => [f, ROWS])),
  wythoff: QUEEN,
  cram: CRAM,
  chomp: CHOMP,
  staircase: STAIRCASE,
  "turning-turtles": coinRow(1),
  ruler: coinRow(1),
  "mock-turtles": coinRow(0),
  "turning-corners": COIN_GRID,
  tartan: COIN_GRID,
  "node-kayles": NODE_KAYLES,
  "arc-kayles": ARC_KAYLES,
  hackenbush: HACKENBUSH,
  digraph: DIGRAPH,
  sprouts: SPROUTS,
  xonly: XONLY,
  notakto: XONLY,
  dots: DOTS,
  nimstring: NIMSTRING,
};

/** The drawing of a family, or null (the position is then written as text). */
function drawingOf(family) {
  return DRAWINGS[family] || null;
}
