// grundy serve: the page. A thin client of the JSON API (/api/...), which answers as the
// `grundy` commands do with --json; nothing is computed here but the drawing (drawings.js), which
// listed move a click makes, and the choice of the computer's move among those the API gives.
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

/** A position of a JSON answer (numbers, names or text) as it is typed ("none": no heads, no
 * tokens left). */
function positionText(p) {
  if (Array.isArray(p)) return p.length ? p.join(",") : "none";
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
/** The game (spec and convention) whose panels are shown, and a count of the changes: an
 * answer for the panels of a game no longer shown is dropped. */
let shown = null;
let panels = 0;

/** Clears the Sequence, Table and Quotient panels and the game in play when the game changed:
 * the page never shows a panel of a previous game. */
function followGame(params) {
  const key = params.game + "\u0000" + params.misere;
  if (key === shown) return;
  shown = key;
  ++panels;
  clear($("seq-plot"));
  clear($("table-plot"));
  clear($("quotient-out"));
  $("seq-info").textContent = "";
  $("seq-info").dataset.period = "";
  $("seq-info").dataset.preperiod = "";
  if (!game || game.params.game !== params.game || game.params.misere !== params.misere) resetPlay();
}

/** The address of what is shown: /?game=SPEC&position=POS (explore) or /?play=... (play). */
function setUrl(view, params) {
  const query = new URLSearchParams({ [view]: params.game });
  if (params.position) query.set("position", params.position);
  if (params.misere) query.set("misere", "1");
  history.replaceState(null, "", "?" + query);
}

async function explore() {
  showError("");
  const params = current();
  followGame(params);
  setUrl("game", params);
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
  const mine = panels;
  try {
    const seq = await api("seq", params);
    if (mine !== panels) return;
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
      if (mine !== panels) return;
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
  const mine = panels;
  try {
    const t = await api("table", { game: base.game, position: template, max: $("table-max").value.trim(), misere: base.misere });
    if (mine !== panels) return;
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
  const mine = panels;
  try {
    const q = await api("quotient", { game: current().game, heaps: $("quotient-heaps").value.trim() });
    if (mine !== panels) return;
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

// ---------------------------------------------------------------- play

// The drawings and what a click means are in drawings.js (DRAWINGS, drawingOf); the moves,
// their values and which ones win always come from the API.

let game = null;
/** Counts the games and the takebacks: an answer that arrives for an older state is dropped. */
let epoch = 0;
/** The pieces clicked so far toward a move (their data-key). */
let picked = [];

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
/** The computer's pause before it moves (ms); a test may set window.GRUNDY_DELAY. */
const delay = () => (window.GRUNDY_DELAY === undefined ? 600 : window.GRUNDY_DELAY);

function setStatus(turn, text) {
  $("play-status").dataset.turn = turn;
  $("play-status").textContent = text;
}

/** Says what the last click did (`refused`: it was not a move, and why). */
function say(text, refused = false) {
  $("play-why").textContent = text;
  $("play-why").dataset.refused = refused ? "1" : "";
}

function view() {
  return { spec: game.params.game, family: family(game.params.game), position: game.position, file: $("file").value };
}

function render() {
  const drawing = drawingOf(family(game.params.game));
  const pic = drawing && drawing.draw(view());
  const board = clear($("play-board"));
  board.dataset.drawn = pic ? "1" : "";
  board.dataset.position = positionText(game.position);
  board.append(pic || el("pre", {}, positionText(game.position) || "(the empty position)"));
  if (!pic) board.append(el("p", { class: "hint" }, "This game has no drawing to click: play from the list of moves below."));
  markPicked();
  const log = clear($("play-log"));
  for (const entry of game.log) {
    log.append(el("li", { class: entry.who }, `${entry.who === "human" ? "You" : "Computer"}: ${entry.move.description} → ${positionText(entry.move.to)} (${moveValue(entry.move)})` +
      (entry.why ? ` — ${entry.why}` : "")));
  }
}

function markPicked() {
  for (const node of document.querySelectorAll("#play-board [data-key]")) {
    node.classList.toggle("picked", picked.includes(node.dataset.key));
  }
}

/** "value 3" (or "misère value 3"; "∞" in a game with cycles). */
function moveValue(m) {
  return `${game && game.misere ? "misère " : ""}value ${m.value === null || m.value === undefined ? "∞" : m.value}`;
}

async function startPlay() {
  showError("");
  say("");
  setStatus("starting", "Starting…");
  followGame(current());
  const mine = ++epoch;
  game = null;
  picked = [];
  clear($("play-choices"));
  const params = current();
  setUrl("play", params);
  try {
    const value = await api("value", params);
    if (mine !== epoch) return;
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
    if (mine !== epoch) return;
    showError(e.message);
    setStatus("none", "Could not start: " + e.message);
  }
}

async function movesHere() {
  const answer = await api("moves", { ...game.params, position: positionText(game.position) });
  return answer.moves;
}

/** The moves that can be made on the drawing: each with the set of pieces that makes it. */
function legalOnDrawing(moves) {
  const drawing = drawingOf(family(game.params.game));
  if (!drawing || !$("play-board").dataset.drawn) return [];
  const v = view();
  return moves.flatMap((move) => drawing.parts(move, v).map((keys) => ({ keys, move })));
}

async function humanTurn() {
  const g = game, mine = epoch;
  setStatus("thinking", "…");
  let moves;
  try {
    moves = await movesHere();
  } catch (e) {
    showError(e.message);
    return;
  }
  if (g !== game || mine !== epoch) return;
  g.moves = moves;
  g.legal = legalOnDrawing(moves);
  picked = [];
  markPicked();
  const list = clear($("play-moves"));
  if (!moves.length) return finish("human");
  moves.forEach((m, i) => {
    const button = el("button", { class: "play-move", id: "play-move-" + i, "data-to": positionText(m.to),
      "data-winning": String(!!m.winning), "data-value": String(m.value) }, m.description + " → " + positionText(m.to));
    button.addEventListener("click", () => humanMove(m));
    list.append(el("li", {}, button));
  });
  const last = g.log[g.log.length - 1], again = last && last.who === "human" && last.move.again ? "You move again. " : "";
  setStatus("human", `${again}Your move (the position has ${game.misere ? "misère " : ""}value ${valueText(g)}, ${g.outcome}): click the drawing, or open the list of moves.`);
}

const sameKeys = (a, b) => a.length === b.length && a.every((k) => b.includes(k));

/** A click on a piece of the drawing: the pieces picked so far and this one make a move, wait
 * for more, or make none (then the page says why and forgets the picks). */
function clickPiece(key) {
  if (!game || game.over) return;
  if ($("play-status").dataset.turn !== "human") {
    say("Wait for your turn: the computer is moving.", true);
    return;
  }
  const drawing = drawingOf(family(game.params.game));
  clear($("play-choices"));
  if (picked.includes(key)) {
    // The same piece again: play what is picked, or put it back.
    const exact = game.legal.filter((x) => sameKeys(x.keys, picked));
    if (exact.length) return playOneOf(exact);
    picked = picked.filter((k) => k !== key);
    markPicked();
    say(picked.length ? `Picked: ${drawing.tell(picked)}.` : "");
    return;
  }
  const keys = drawing.span ? drawing.span([...picked, key]) : [...picked, key];
  const cover = game.legal.filter((x) => keys.every((k) => x.keys.includes(k)));
  if (!cover.length) {
    picked = [];
    markPicked();
    const why = drawing.refuse ? drawing.refuse(keys, view()) : "no move here does that";
    say(`Not a move: ${drawing.tell(keys)}: ${why}.`, true);
    return;
  }
  const exact = cover.filter((x) => sameKeys(x.keys, keys));
  if (exact.length === cover.length) return playOneOf(exact);
  picked = keys;
  markPicked();
  say(exact.length
    ? `Picked: ${drawing.tell(keys)}. Click it again to play that, or click another piece to add to the move.`
    : `Picked: ${drawing.tell(keys)}. Click the rest of the move.`);
}

/** Plays the move, or asks which when a click makes several (a loop around this or that):
 * `ways` are the moves with the pieces clicked ({ keys, move }). */
function playOneOf(ways) {
  const distinct = ways.filter((x, i) => ways.findIndex((y) => y.move.description === x.move.description) === i);
  picked = [];
  markPicked();
  if (distinct.length === 1) return humanMove(distinct[0].move, distinct[0].keys);
  say("That click makes several moves: choose one.");
  const box = clear($("play-choices"));
  distinct.forEach((x, i) => {
    const button = el("button", { class: "play-choice", id: "play-choice-" + i }, x.move.description);
    button.addEventListener("click", () => { clear(box); humanMove(x.move, x.keys); });
    box.append(button);
  });
}

/** The move as made on the drawing, with the pieces `keys` (none: the first way to make it).
 * A drawing whose listed moves stand for several pieces alike (`made`: Notakto's cells alike
 * by symmetry) gives the position those pieces leave, the same game as the move's. */
function onDrawing(move, keys) {
  const drawing = drawingOf(family(game.params.game));
  if (!drawing || !drawing.made || !$("play-board").dataset.drawn) return move;
  const ways = keys ? [keys] : drawing.parts(move, view());
  return ways.length ? drawing.made(move, ways[0], view()) : move;
}

async function humanMove(listed, keys) {
  if (!game || game.over || $("play-status").dataset.turn !== "human") return;
  const move = onDrawing(listed, keys);
  game.undo.push({ position: game.position, value: game.value, outcome: game.outcome, log: game.log.length });
  game.log.push({ who: "human", move, from: game.outcome, mistake: game.outcome === "N" && !move.winning });
  advance(move);
  clear($("play-moves"));
  clear($("play-choices"));
  $("play-hint-text").textContent = "";
  say(`You played ${move.description}: it leaves ${moveValue(move)}${move.again ? ", and you move again" : ""}.`);
  render();
  // A move after which the same player moves again (a box completed in Dots-and-Boxes).
  if (move.again) await humanTurn();
  else await computerTurn();
}

function advance(move) {
  game.position = move.to;
  game.value = move.value;
  game.outcome = move.outcome;
}

const randomOf = (list) => list[Math.floor(Math.random() * list.length)];

/** The computer's move and why: a winning move when there is one; otherwise the move that
 * keeps the game longest (Smith's remoteness, /api/remoteness) or a random one. */
async function chooseMove(moves) {
  const winning = moves.filter((m) => m.winning);
  if (winning.length) {
    const m = randomOf(winning);
    return { move: m, why: whyWinning(m, false) };
  }
  const here = `no winning move from ${game.misere ? "misère " : ""}value ${valueText(game)}`;
  if ($("play-style").value === "longest") {
    try {
      const r = await api("remoteness", { ...game.params, position: positionText(game.position) });
      const far = Math.max(...r.moves.map((x) => x.remoteness));
      const best = r.moves.filter((x) => x.remoteness === far).map((x) => x.description);
      const m = randomOf(moves.filter((x) => best.includes(x.description)));
      if (m) return { move: m, why: `${here}: the move that keeps the game longest (remoteness ${far})` };
    } catch (e) { /* too large to measure: a random move */ }
  }
  return { move: randomOf(moves), why: `${here}: a random move` };
}

/** Why a winning move wins: it leaves a P-position, or an N-position from which its player
 * (you when `mine`, else the computer) moves again. */
function whyWinning(m, mine) {
  return m.again
    ? `it leaves ${moveValue(m)}, an N-position, and ${mine ? "you move again: you win" : "the computer moves again: it wins"} against perfect play`
    : `it leaves ${moveValue(m)}, a P-position: the player to move (${mine ? "the computer" : "you"}) loses against perfect play`;
}

async function computerTurn() {
  const g = game, mine = epoch;
  setStatus("computer", "The computer is thinking…");
  try {
    const moves = await movesHere();
    if (g !== game || mine !== epoch) return;
    if (!moves.length) return finish("computer");
    const [{ move: listed, why }] = await Promise.all([chooseMove(moves), sleep(delay())]);
    if (g !== game || mine !== epoch) return;
    const move = onDrawing(listed);
    g.log.push({ who: "computer", move, from: g.outcome, why });
    advance(move);
    $("play-computer").textContent = `The computer played ${move.description}: ${why}${move.again ? "; it moves again" : ""}.`;
    render();
    if (move.again) await computerTurn();
    else await humanTurn();
  } catch (e) {
    showError(e.message);
  }
}

/** The game is over: `stuck` ("human" or "computer") is to move and has no move. */
function finish(stuck) {
  const other = stuck === "human" ? "computer" : "human";
  // Normal play: who cannot move loses; misère play turns it around.
  const winner = game.misere ? stuck : other;
  game.over = true;
  clear($("play-moves"));
  const rule = game.misere
    ? "misère play: the player who makes the last move loses"
    : "normal play: the player who cannot move loses";
  const name = { human: "you", computer: "the computer" }, lastMove = game.log[game.log.length - 1];
  const last = !lastMove
    ? `there is no move from the starting position, so ${name[stuck]}, to move, cannot move`
    : lastMove.move.again
      ? `${name[stuck]} made the last move, which gives ${stuck === "human" ? "you" : "it"} another move, and there is none`
      : `${name[other]} made the last move`;
  const why = [];
  const start = game.start;
  const firstMover = game.humanFirst ? "you" : "the computer";
  why.push(`The starting position had value ${valueText(start)} (${MEANING[start.outcome] || start.outcome}), with ${firstMover} to move.`);
  const mistake = game.log.find((e) => e.who === "human" && e.mistake);
  if (winner === "computer") {
    if (mistake) {
      const left = mistake.move.again ? `value ${mistake.move.value} with you to move again` : `value ${mistake.move.value}, not 0`;
      why.push(`Your move "${mistake.move.description}" left ${left}: from there the computer always had a winning move.`);
    } else {
      why.push("You never had a winning move: every move you made left a position from which the computer could move back to a P-position.");
    }
  } else if (game.log.some((e) => e.who === "human" && e.move.again)) {
    why.push("You always made a winning move (to a P-position, or to an N-position from which you moved again), so the computer never had one.");
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
  const keys = new Set(game.legal.filter((x) => x.move.winning).flatMap((x) => x.keys));
  for (const node of document.querySelectorAll("#play-board [data-key]")) node.classList.toggle("winning", keys.has(node.dataset.key));
  const p = game.misere ? "misère value 0" : "value 0";
  $("play-hint-text").textContent = winning.length
    ? (winning[0].again
      ? `Play "${winning[0].description}": ${whyWinning(winning[0], true)}. `
      : `Play "${winning[0].description}": it leaves ${p}, a P-position, where the player to move (the computer) loses against perfect play. `) +
      `${winning.length} winning move(s), marked in green.`
    : `No winning move: this position has value ${valueText(game)} (${game.outcome}), so every move leaves a position of nonzero value, from which the computer can move back to value 0` +
      (game.moves.some((m) => m.again) ? ", or leaves value 0 with you to move again." : ".");
}

/** Takes back your last move and the computer's answer to it. */
async function undo() {
  if (!game || !game.undo.length) return;
  if (!["human", "over"].includes($("play-status").dataset.turn)) {
    say("Wait until the computer has moved, then undo.", true);
    return;
  }
  ++epoch;
  const back = game.undo.pop();
  game.position = back.position;
  game.value = back.value;
  game.outcome = back.outcome;
  game.log.length = back.log;
  game.over = false;
  $("play-result").textContent = "";
  $("play-result").dataset.winner = "";
  $("play-hint-text").textContent = "";
  $("play-computer").textContent = "";
  say("Your last move and the computer's answer are taken back.");
  render();
  await humanTurn();
}

/** Forgets the game in play (another game was chosen). */
function resetPlay() {
  ++epoch;
  game = null;
  picked = [];
  for (const id of ["play-board", "play-moves", "play-log", "play-choices"]) clear($(id));
  for (const id of ["play-result", "play-hint-text", "play-computer"]) $(id).textContent = "";
  $("play-result").dataset.winner = "";
  say("");
  setStatus("none", "Choose a game and a position above, then start.");
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
  $("misere").addEventListener("change", () => ($("play").hidden ? explore() : startPlay()));
  $("seq-draw").addEventListener("click", drawSequence);
  $("table-draw").addEventListener("click", drawTable);
  $("quotient-ask").addEventListener("click", quotient);
  $("play-start").addEventListener("click", startPlay);
  $("play-hint").addEventListener("click", hint);
  $("play-undo").addEventListener("click", undo);
  $("play-board").addEventListener("click", (e) => {
    const piece = e.target.closest("[data-key]");
    if (piece) clickPiece(piece.dataset.key);
  });
  onGameChanged();
  loadFamilies();
  // /?game=SPEC&position=POS opens the explore view, /?play=SPEC&position=POS the play view.
  const query = new URLSearchParams(location.search);
  const spec = query.get("play") || query.get("game");
  if (spec) {
    $("game").value = spec;
    $("position").value = query.get("position") || "";
    $("misere").checked = ["1", "true"].includes(query.get("misere"));
    onGameChanged();
  }
  if (query.get("play")) {
    showTab("play");
    followGame(current());
    startPlay();
  } else {
    explore();
  }
  document.body.dataset.ready = "1";
});
