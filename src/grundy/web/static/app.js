// The grundy page: every answer comes from the JSON API (the command line's own objects).
// Text from the server is always inserted as text (textContent), never as markup.
"use strict";

const $ = (id) => document.getElementById(id);
let games = [];
let matchId = null;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c instanceof Node ? c : String(c));
  return node;
}

function showError(message) {
  const box = $("error");
  box.textContent = message || "";
  box.hidden = !message;
}

async function api(url, body) {
  const options = body === undefined ? {} :
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(url, options);
  let data;
  try { data = await response.json(); } catch (e) { data = { error: `HTTP ${response.status}` }; }
  if (!response.ok && data.error === undefined) data.error = `HTTP ${response.status}`;
  return data;
}

function query(params) {
  return new URLSearchParams(params).toString();
}

// ---- game picker -------------------------------------------------------------------------
async function loadGames() {
  games = await api("/api/games");
  const select = $("game-select");
  for (const g of games) select.append(el("option", { value: g.name }, g.name));
  select.value = "nim";
  $("spec").addEventListener("input", () => {
    const name = spec().split("(")[0].trim().toLowerCase();
    const g = games.find((x) => x.name === name || x.aliases.includes(name));
    if (g) { select.value = g.name; describeGame(); }
  });
  select.addEventListener("change", () => {
    const g = games.find((x) => x.name === select.value);
    $("spec").value = g.examples.length ? g.examples[0] : g.name;
    describeGame();
  });
  describeGame();
}

function describeGame() {
  const g = games.find((x) => x.name === $("game-select").value);
  if (!g) return;
  const params = g.params ? `  Parameters: ${g.params}` : "";
  $("game-info").textContent = `${g.summary}.${params}`;
}

function spec() { return $("spec").value.trim(); }
function position() { return $("position").value.trim(); }

// ---- views -----------------------------------------------------------------------------
function switchView(name) {
  for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.view === name);
  for (const view of ["solve", "table", "play"]) $(`view-${view}`).hidden = view !== name;
  showError("");
}

const VERDICT = { N: "N-position: the first player (to move) wins", P: "P-position: the second player wins",
                  D: "a draw: neither player can force a win" };

async function solve() {
  showError("");
  const data = await api("/api/solve?" + query({ game: spec(), position: position(),
                                                  misere: $("misere").checked ? 1 : 0, explain: 1 }));
  const out = $("solve-result");
  out.replaceChildren();
  if (data.error) { showError(data.error); return; }
  const shown = data.position.includes("+") ? data.position : `${data.game}  ${data.position}`;
  out.append(el("div", { class: `verdict ${data.outcome}`, id: "verdict" },
                `${shown}${data.misere ? " (misère)" : ""}: ${VERDICT[data.outcome]}`));
  const facts = el("dl", { class: "facts" });
  const add = (k, v) => facts.append(el("dt", {}, k), el("dd", {}, v));
  add("Grundy value", data.grundy === null ? "—" : data.grundy);
  if (data.remoteness !== undefined) add("moves to the end", `${data.remoteness} (the winner hurries, the loser delays)`);
  add("why", data.reason);
  if (data.note) add("note", data.note);
  out.append(facts);
  const moves = el("ul", { id: "winning-moves" });
  for (const m of data.winning_moves) moves.append(el("li", {}, m.to ? `${m.move}   ⇒  ${m.to}` : m.move));
  out.append(el("h3", {}, `Winning moves (${data.winning_moves.length}${data.winning_moves_complete ? "" : ", not all listed"})`));
  out.append(data.winning_moves.length ? moves : el("p", { id: "winning-moves" }, "none: every move loses"));
  if (data.explanation) {
    const details = el("details", { id: "explain" }, el("summary", {}, "step by step (--explain)"),
                       el("pre", { class: "steps" }, data.explanation.join("\n")));
    out.append(details);
  }
}

function colour(value, max) {
  if (value === 0) return ["#1d2330", "#fff"];
  const hue = 210 - Math.round(190 * (value / Math.max(max, 1)));
  return [`hsl(${hue}, 70%, ${72 - Math.round(20 * value / Math.max(max, 1))}%)`, "#111"];
}

function cell(value, max) {
  const [bg, fg] = colour(value, max);
  const td = el("td", { title: `G = ${value}` }, value);
  td.style.background = bg; td.style.color = fg;
  return td;
}

async function table() {
  showError("");
  const out = $("table-result");
  out.replaceChildren();
  const data = await api("/api/table?" + query({ game: spec(), upto: $("upto").value.trim() }));
  if (data.error) { showError(data.error); return; }
  const values = data.values;
  const pairs = Array.isArray(values[0]);
  out.append(el("h3", {}, pairs ? `${data.game}: G(a, b) for 0 ≤ a, b ≤ ${data.upto} (rows a, columns b; dark: P-positions)`
                                : `${data.game}: G(0..${data.upto})`));
  if (!pairs) {
    const period = data.period ? `period ${data.period} from heap ${data.preperiod}` +
      (data.saltus ? `, saltus ${data.saltus}` : "") +
      (data.proved ? ` (proved: ${data.reason})` : ` (observed in G(0..${data.upto}), not proved)`)
      : `no period found in G(0..${data.upto})`;
    out.append(el("p", { id: "period" }, period));
  }
  const flat = pairs ? values.flat() : values;
  const max = Math.max(...flat);
  const grid = el("table", { class: "values", id: "heatmap" });
  if (pairs) {
    const head = el("tr", {}, el("th", {}, "a\\b"));
    values[0].forEach((_, b) => head.append(el("th", {}, b)));
    grid.append(head);
    values.forEach((row, a) => {
      const tr = el("tr", {}, el("th", {}, a));
      for (const v of row) tr.append(cell(v, max));
      grid.append(tr);
    });
  } else {
    const per = 20;
    const head = el("tr", {}, el("th", {}, "n"));
    for (let i = 0; i < per; i++) head.append(el("th", {}, `+${i}`));
    grid.append(head);
    for (let start = 0; start < Math.min(values.length, 2000); start += per) {
      const tr = el("tr", {}, el("th", {}, start));
      for (const v of values.slice(start, start + per)) tr.append(cell(v, max));
      grid.append(tr);
    }
  }
  out.append(grid);
  out.append(el("h3", {}, "Patterns"));
  const list = el("ul", { id: "patterns" });
  for (const p of data.patterns) {
    list.append(el("li", {}, el("span", { class: `badge ${p.status}` }, p.status), p.text));
  }
  if (!data.patterns.length) list.append(el("li", {}, "none found"));
  out.append(list);
}

// ---- play --------------------------------------------------------------------------------
function drawBoard(text) {
  const board = $("play-board");
  board.replaceChildren();
  const tokens = text.split(/\s+/);
  if (tokens.every((t) => /^\d+$/.test(t)) && tokens.every((t) => Number(t) <= 60)) {
    tokens.forEach((t, i) => {
      const row = el("div", { class: "heap" }, el("span", { class: "name" }, `heap ${i + 1}`));
      for (let k = 0; k < Number(t); k++) row.append(el("span", { class: "counter" }));
      row.append(` ${t}`);
      board.append(row);
    });
  } else {
    board.append(el("div", {}, text));
  }
}

const YOURS = { N: " (an N-position: you can win)", P: " (a P-position: you lose against perfect play)",
                D: " (a draw with best play)" };
const WHO = { you: "You win!", computer: "The computer wins.", draw: "A draw: the position repeated." };

let answers = 0;  // answers received: the page's tests wait on it (#play-status data-answers)

function showTurn(data) {
  $("play-status").dataset.answers = String(++answers);
  if (data.error) { showError(data.error); return; }
  showError("");
  if (data.explanation) {
    $("play-why-text").hidden = false;
    $("play-why-text").textContent = data.explanation.join("\n");
    return;
  }
  $("play-why-text").hidden = true;
  if (data.computer_move) {
    $("play-log").append(el("li", {}, `computer: ${data.computer_move.move}  ⇒  ${data.computer_move.to}  `,
                            el("span", { class: "why" }, `(${data.computer_move.why})`)));
  }
  drawBoard(data.position);
  const status = $("play-status");
  if (data.winner) {
    status.textContent = WHO[data.winner];
    status.className = `status ${data.winner}`;
  } else {
    status.textContent = `${data.position}: your move` + (YOURS[data.outcome] || "");
    status.className = "status";
  }
  const moves = $("play-moves");
  moves.replaceChildren();
  moves.classList.toggle("colour", $("show-values").checked);
  if (!data.moves_complete) moves.append(el("p", {}, data.note || "too many moves to list: type the position after yours"));
  if (!data.winner) {
    for (const m of data.moves) {
      const kind = m.outcome === "P" ? "win" : m.outcome === "D" ? "draw" : "lose";
      const facts = [m.value === null ? null : `value ${m.value}`,
                     m.remoteness === null ? null : `remoteness ${m.remoteness}`].filter(Boolean).join(", ");
      const button = el("button", { class: `move ${kind}`, "data-move": m.move },
                        `${m.move}`, el("small", {}, `⇒ ${m.to}${facts ? " · " + facts : ""}`));
      button.addEventListener("click", () => send(m.move));
      moves.append(button);
    }
  }
  $("play-controls").hidden = false;
}

async function newMatch() {
  showError("");
  $("play-log").replaceChildren();
  const data = await api("/api/play", { game: spec(), position: position(), misere: $("misere").checked,
                                        first: $("first").value });
  if (data.error) { showError(data.error); return; }
  matchId = data.id;
  showTurn(data);
}

async function send(command) {
  if (!matchId) return;
  if (command !== "why" && command !== "undo") $("play-log").append(el("li", {}, `you: ${command}`));
  showTurn(await api(`/api/play/${matchId}`, { command }));
}

window.addEventListener("DOMContentLoaded", () => {
  for (const tab of document.querySelectorAll(".tab")) tab.addEventListener("click", () => switchView(tab.dataset.view));
  $("solve-btn").addEventListener("click", solve);
  $("table-btn").addEventListener("click", table);
  $("play-btn").addEventListener("click", newMatch);
  $("play-send").addEventListener("click", () => { send($("play-input").value); $("play-input").value = ""; });
  $("play-input").addEventListener("keydown", (e) => { if (e.key === "Enter") $("play-send").click(); });
  $("play-undo").addEventListener("click", () => send("undo"));
  $("play-why").addEventListener("click", () => send("why"));
  $("show-values").addEventListener("change", () => $("play-moves").classList.toggle("colour", $("show-values").checked));
  loadGames().catch((e) => showError(`cannot load the games: ${e}`));
});
