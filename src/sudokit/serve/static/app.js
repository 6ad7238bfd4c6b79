// The page: loading puzzles, keyboard and mouse, the buttons and their API calls, the timer.
import {Game, MODES, COLOURS} from "./play.js";
import {draw, cellAt} from "./board.js";
import {shareUrl, readShare} from "./share.js";

const $ = id => document.getElementById(id);
const svg = $("grid");
let game = null;
let timer = {start: 0, offset: 0, stopped: true};
let lastHint = null;
let busy = 0;

// --- talking to the server ------------------------------------------------------------------

async function api(route, body) {
  busy++;
  document.body.classList.add("busy");
  try {
    const response = await fetch(`/api/${route}`, {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const type = response.headers.get("Content-Type") || "";
    const data = type.startsWith("application/json") ? await response.json() : await response.blob();
    return {ok: response.ok, status: response.status, data};
  } catch (error) {
    return {ok: false, status: 0, data: {error: `the server did not answer (${error.message})`}};
  } finally {
    if (--busy === 0) document.body.classList.remove("busy");
  }
}

function say(text, kind = "info") {
  const p = $("message");
  p.textContent = text;
  p.className = kind;
}

function failed(what, result) {
  const error = result.data && result.data.error ? result.data.error : `HTTP ${result.status}`;
  say(`${what}: ${error}`, "error");
}

// --- the timer ------------------------------------------------------------------------------

function seconds() {
  return timer.offset + (timer.stopped ? 0 : (Date.now() - timer.start) / 1000);
}

function startTimer(offset = 0) {
  timer = {start: Date.now(), offset, stopped: false};
}

function stopTimer() {
  if (!timer.stopped) { timer.offset = seconds(); timer.stopped = true; }
}

function showTime() {
  const s = Math.floor(seconds());
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = String(s % 60).padStart(2, "0");
  $("timer").textContent = h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}
setInterval(showTime, 500);

// --- showing the game -------------------------------------------------------------------------

function render() {
  if (!game) return;
  draw(svg, game);
  $("undo").disabled = !game.history.length;
  $("redo").disabled = !game.future.length;
  for (const b of document.querySelectorAll("#modes button"))
    b.classList.toggle("active", b.dataset.mode === game.mode);
  $("board").dataset.mode = game.mode;
  $("status").textContent = `${game.filled()}/${game.ncells}`;
  if (game.isComplete() && !game.solvedAt) {
    game.solvedAt = Date.now();
    stopTimer();
    check(true);
  }
}

function keypad() {
  const pad = $("keypad");
  pad.innerHTML = "";
  const count = game.mode === "colour" ? COLOURS : game.size;
  for (let v = 1; v <= count; v++) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = game.mode === "colour" ? "" : game.symbol(v);
    b.dataset.value = v;
    if (game.mode === "colour") b.className = `swatch colour-${v}`;
    pad.appendChild(b);
  }
}

function describe(layout) {
  const bits = [`${layout.size}x${layout.size}`];
  if (!layout.box) bits.push("jigsaw regions");
  for (const rule of layout.rules) bits.push(rule);
  const extra = layout.extra.filter(u => u.name.startsWith("unit")).length;
  if (extra) bits.push(`${extra} extra region${extra > 1 ? "s" : ""}`);
  const words = {thermo: "thermometer", whisper: "whisper line", palindrome: "palindrome",
                 diff: "white dot", ratio: "black dot", sum: "X/V", killer: "killer cage",
                 arrow: "arrow", littlekiller: "little killer", sandwich: "sandwich",
                 even: "even cell", odd: "odd cell", renban: "renban line"};
  const counts = new Map();
  for (const {kind, cells} of layout.constraints || [])  // even and odd: counted by cells
    counts.set(kind, (counts.get(kind) || 0) + (kind === "even" || kind === "odd" ? cells.length : 1));
  for (const [kind, k] of counts) bits.push(`${k} ${words[kind]}${k > 1 && kind !== "sum" ? (kind === "sandwich" ? "es" : "s") : ""}`);
  $("rules").textContent = `Rules: ${bits.join(", ")}`;
}

function setGame(puzzle, layout, restore = null) {
  game = new Game(puzzle, layout);
  if (restore) {
    if (restore.values) game.values = restore.values.map((v, c) => game.givens[c] || v);
    if (restore.centre) game.centre = restore.centre;
    if (restore.corner) game.corner = restore.corner;
    if (restore.colour && restore.colour.length === game.ncells) game.colour = restore.colour;
  }
  lastHint = null;
  $("apply-hint").disabled = true;
  $("share-url").hidden = true;
  game.select(null);
  game.cursor = null;
  keypad();
  describe(layout);
  startTimer(restore ? restore.seconds || 0 : 0);
  render();
  $("board").focus();
}

// --- buttons ----------------------------------------------------------------------------------

async function load(text) {
  const result = await api("parse", {text});
  if (!result.ok) return failed("Cannot read the puzzle", result);
  const d = result.data;
  const restore = d.candidates ? {centre: d.candidates} : null;
  setGame(d.puzzle, d.layout, restore);
  say(`Loaded a ${d.layout.size}x${d.layout.size} puzzle (${d.format || "object"}).`);
}

async function check(quiet = false) {
  if (!game) return;
  const result = await api("check", game.stateBody());
  if (!result.ok) return failed("Check", result);
  const d = result.data;
  game.marks = {wrong: new Set([...d.wrong, ...d.removed.map(([c]) => c)])};
  render();
  if (d.solved) say(`Solved! ${$("timer").textContent}`, "success");
  else if (d.verdict !== "unique") say(`The puzzle itself is ${d.verdict}: ${{
    ambiguous: "it has more than one solution", impossible: "it has no solution",
    illegal: "its givens clash", limit: "the search stopped at its node limit"}[d.verdict] || d.verdict}.`, "error");
  else if (d.conflicts.length) say(`${d.conflicts.length} conflict(s): ${d.conflicts.map(c => c.text).join("; ")}.`, "error");
  else if (d.wrong.length || d.removed.length) {
    const bits = [];
    if (d.wrong.length) bits.push(`${d.wrong.length} value(s) differ from the solution`);
    if (d.removed.length) bits.push(`${d.removed.length} cell(s) lack a needed candidate in their marks`);
    say(`${bits.join("; ")}: marked in red.`, "error");
  } else if (!quiet) say(`No mistakes so far (${d.filled}/${d.cells} filled).`, "success");
}

async function hint() {
  if (!game) return;
  const result = await api("hint", game.stateBody());
  if (!result.ok) return failed("Hint", result);
  const d = result.data;
  lastHint = null;
  $("apply-hint").disabled = true;
  if (d.status === "step") {
    const h = d.highlight;
    lastHint = d.step;
    game.marks = {step: d.step, cells: new Set(h.cells), units: new Set(h.units), chain: h.chain};
    $("apply-hint").disabled = false;
    say(`${d.step.name}: ${d.step.text}`, "hint");
  } else if (d.status === "solved") {
    say("Already solved.", "success");
  } else if (d.status === "stuck") {
    say("No technique of the ladder applies here.", "error");
  } else if (d.status === "time-limit") {
    say(`No hint yet: ${d.message}.`, "error");
  } else {
    const cells = d.problems.map(p => p.cell).filter(c => c !== null);
    game.marks = {wrong: new Set(cells)};
    say(`${d.status === "inconsistent" ? "Something is wrong" : `The puzzle is ${d.status}`}: ${d.problems.map(p => p.message).join("; ")}`, "error");
  }
  render();
}

function applyHint() {
  if (!game || !lastHint) return;
  game.applyStep(lastHint);
  lastHint = null;
  $("apply-hint").disabled = true;
  render();
}

async function solve() {
  if (!game) return;
  const result = await api("solve", {puzzle: game.puzzle, values: game.values});
  if (!result.ok) return failed("Solve", result);
  const d = result.data;
  if (d.status !== "solved") return say(`No solution: the puzzle is ${d.status}.`, "error");
  const wrong = d.wrong.length;
  game.act(() => { d.solution.forEach((v, c) => { game.values[c] = v; }); });
  game.marks = null;
  stopTimer();
  game.solvedAt = Date.now();
  render();
  say(`Solved by the ${d.engine} engine in ${d.nodes} nodes${wrong ? ` (${wrong} of your values were wrong)` : ""}. Undo to go back.`, "success");
}

async function count() {
  if (!game) return;
  const result = await api("count", {puzzle: game.puzzle, limit: 1000});
  if (!result.ok) return failed("Count", result);
  const d = result.data;
  if (d.status === "illegal") return say("The givens clash: no solution.", "error");
  if (d.stopped) return say(`Counting stopped at the node limit after ${d.count} solution(s).`, "error");
  const n = d.count >= d.limit ? `${d.limit} or more solutions` : `${d.count} solution${d.count === 1 ? "" : "s"}`;
  say(`${n}${d.count === 1 ? ": a proper puzzle." : "."}`, d.count === 1 ? "success" : "error");
}

// the Generate menu, built from what the server offers (/api/info "generate": each
// variant it makes, with the difficulties it reaches in time): a box shape, then the
// variants offered on it, then their levels ('any' always; no level the server cannot make)
let offers = [];

function offerOf() {
  const box = $("gen-box").value, rule = $("gen-rules").value;
  return offers.find(o => o.box === box && (o.rules[0] || "") === rule) || null;
}

function scaleOfMenu() {
  const offer = offerOf();
  return offer && offer.levels.length ? offer.scale : null;
}

function variantMenu() {
  const box = $("gen-box"), rules = $("gen-rules");
  const boxes = [...new Set(offers.map(o => o.box))];
  const wasBox = box.value;
  box.replaceChildren(...boxes.map(b => {
    const option = document.createElement("option");
    const o = offers.find(x => x.box === b && !x.rules.length) || offers.find(x => x.box === b);
    option.value = b;
    option.textContent = `${o.size}x${o.size} (${b})`;
    return option;
  }));
  box.value = boxes.includes(wasBox) ? wasBox : boxes.includes("3x3") ? "3x3" : boxes[0];
  const here = offers.filter(o => o.box === box.value), wasRule = rules.value;
  rules.replaceChildren(...here.map(o => {
    const option = document.createElement("option");
    option.value = o.rules[0] || "";
    option.textContent = o.label;
    return option;
  }));
  rules.value = here.some(o => (o.rules[0] || "") === wasRule) ? wasRule : (here[0].rules[0] || "");
  difficultyMenu();
}

function difficultyMenu() {
  const select = $("gen-difficulty"), offer = offerOf(), was = select.value;
  const levels = offer ? offer.levels : [];
  select.replaceChildren(...["any", ...levels].map(level => {
    const option = document.createElement("option");
    option.value = option.textContent = level;
    return option;
  }));
  select.value = ["any", ...levels].includes(was) ? was : "any";
  const scale = scaleOfMenu();
  select.title = scale === "sudokit" ? "the sudokit scale (sudokit's own, from its logic ladder)"
    : scale === "hodoku" ? "HoDoKu's level of the hardest step"
    : offer && offer.note ? offer.note : "no level is made in time for this grid";
  $("gen-note").textContent = offer && offer.note ? offer.note : "";
}

async function loadOffers() {
  try {
    const response = await fetch("/api/info");
    const info = await response.json();
    if (response.ok && info.generate) offers = info.generate.offers;
  } catch { offers = []; }
  if (!offers.length) { $("generate").disabled = true; say("This server offers no puzzle generation.", "error"); return; }
  variantMenu();
}

async function generate() {
  const offer = offerOf();
  if (!offer) return say("Choose a puzzle the server offers.", "error");
  const body = {box: offer.box, difficulty: $("gen-difficulty").value};
  if (offer.rules.length) body.rules = offer.rules.slice();
  if (offer.symmetry) body.symmetry = $("gen-symmetry").value;  // (a killer's cages are its clues)
  if (!offer.levels.includes(body.difficulty)) body.difficulty = "any";  // (never sent: the menu has none)
  say("Generating…");
  const result = await api("generate", body);
  if (!result.ok) return failed("Generate", result);
  const d = result.data;
  setGame(d.puzzle, d.layout);
  const scale = d.scale === "sudokit" ? " on the sudokit scale" : "";
  let rated = "";
  if (d.difficulty) {  // (the sudokit scale's fallback may be stuck or not rated in time)
    rated = d.difficulty === "limit" ? " not rated in time"
      : d.difficulty === "stuck" ? ` rated beyond extreme${scale} (logic alone stops)`
      : ` rated ${d.difficulty}${scale}`;
    if (d.asked !== "any" && !d.matched)
      rated += d.scale === "sudokit" ? ` (asked ${d.asked}: none made in time)`
        : ` (asked ${d.asked}: the closest found)`;
  }
  const cages = (d.layout.constraints || []).filter(k => k.kind === "killer").length;
  say(`New puzzle: ${d.clues || !cages ? `${d.clues} clues` : `${cages} killer cages, no given`}${rated}.`);
}

// Print: a dialog (clean puzzle or with the player's marks, A4 or Letter), then a PDF of
// one page made by the server's booklet code (/api/print), offered as a link
function print() {
  if (!game) return;
  const dialog = $("print-dialog"), paper = $("print-paper");
  // Letter where it is the usual paper (the US, Canada, Mexico...), else A4; the choice stays
  if (!paper.dataset.chosen) {
    paper.value = /^[a-z]+-(US|CA|MX|PH|CL|CO|VE)$/i.test(navigator.language || "") ? "letter" : "a4";
    paper.addEventListener("change", () => { paper.dataset.chosen = "1"; }, {once: true});
  }
  if (typeof dialog.showModal === "function") dialog.showModal(); else dialog.setAttribute("open", "");
}

async function makePrint() {
  if (!game) return;
  const dialog = $("print-dialog");
  const marks = dialog.querySelector("input[name=print-what]:checked").value === "marks";
  const paper = $("print-paper").value;
  dialog.close ? dialog.close() : dialog.removeAttribute("open");
  const body = {puzzle: game.puzzle, paper, marks};
  if (marks) Object.assign(body, {values: game.values.slice(), candidates: game.candidateLists(),
                                  corner: game.values.map((v, c) => v ? [] : game.corner[c].slice())});
  const result = await api("print", body);
  if (!result.ok) return failed("Print", result);
  // a link rather than window.open: a window opened after an await is a blocked pop-up
  const link = document.createElement("a");
  link.href = URL.createObjectURL(result.data);
  link.target = "_blank";
  link.download = "sudokit.pdf";
  link.id = "pdf-link";
  link.textContent = "sudokit.pdf";
  say(`The PDF is ready (${paper === "letter" ? "Letter" : "A4"}, ${marks ? "with your marks" : "clean"}): `, "success");
  $("message").appendChild(link);
}

async function share() {
  if (!game) return;
  const url = shareUrl(game, seconds());
  const box = $("share-url");
  box.value = url;
  box.hidden = false;
  box.select();
  try { await navigator.clipboard.writeText(url); say("Share link copied."); }
  catch { say("Share link below: copy it."); }
}

// --- keyboard and mouse -----------------------------------------------------------------------

const KEY_MODES = {z: "digit", x: "corner", c: "centre", v: "colour"};

function setMode(mode) {
  game.mode = mode;
  keypad();
  render();
}

function onKey(event) {
  if (!game || event.target.closest("textarea, input, select")) return;
  const key = event.key, ctrl = event.ctrlKey || event.metaKey;
  if (ctrl && (key === "z" || key === "Z")) { event.preventDefault(); event.shiftKey ? game.redo() : game.undo(); return render(); }
  if (ctrl && (key === "y" || key === "Y")) { event.preventDefault(); game.redo(); return render(); }
  const arrows = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (arrows[key]) { event.preventDefault(); game.move(...arrows[key], event.shiftKey); return render(); }
  if (key === "Backspace" || key === "Delete") { event.preventDefault(); game.erase(); return render(); }
  if (key === "Escape") { game.marks = null; game.select(null); return render(); }
  if (key === " ") { event.preventDefault(); return setMode(MODES[(MODES.indexOf(game.mode) + 1) % MODES.length]); }
  // a digit: event.code keeps it under Shift (Shift+1 is '!')
  const digit = /^(Digit|Numpad)([0-9])$/.exec(event.code || "");
  let value = digit && !(game.size <= 9 && digit[2] === "0") ? game.valueOfKey(digit[2]) : game.valueOfKey(key);
  const lower = key.length === 1 ? key.toLowerCase() : "";
  if (!value && KEY_MODES[lower] && !ctrl) return setMode(KEY_MODES[lower]);
  if (!value) return;
  event.preventDefault();
  const mode = ctrl ? "centre" : event.shiftKey && digit ? "corner" : game.mode;
  game.enter(value, mode);
  render();
}

let dragging = false;

function onPointerDown(event) {
  if (!game) return;
  const cell = cellAt(svg, game, event);
  if (cell === null) return;
  dragging = true;
  game.select(cell, event.ctrlKey || event.metaKey || event.shiftKey);
  $("board").focus();
  render();
}

function onPointerMove(event) {
  if (!dragging || !game) return;
  const cell = cellAt(svg, game, event);
  if (cell !== null && !game.selected.has(cell)) { game.select(cell, true); render(); }
}

function bind() {
  document.addEventListener("keydown", onKey);
  svg.addEventListener("pointerdown", onPointerDown);
  svg.addEventListener("pointermove", onPointerMove);
  document.addEventListener("pointerup", () => { dragging = false; });
  $("load-form").addEventListener("submit", e => { e.preventDefault(); load($("puzzle-text").value); });
  $("generate-form").addEventListener("submit", e => { e.preventDefault(); generate(); });
  $("gen-box").addEventListener("change", variantMenu);
  $("gen-rules").addEventListener("change", difficultyMenu);
  $("undo").addEventListener("click", () => { game && game.undo(); render(); });
  $("redo").addEventListener("click", () => { game && game.redo(); render(); });
  $("erase").addEventListener("click", () => { game && game.erase(); render(); });
  $("check").addEventListener("click", () => check());
  $("hint").addEventListener("click", hint);
  $("apply-hint").addEventListener("click", applyHint);
  $("solve").addEventListener("click", solve);
  $("count").addEventListener("click", count);
  $("print").addEventListener("click", print);
  $("print-form").addEventListener("submit", e => { e.preventDefault(); makePrint(); });
  $("print-cancel").addEventListener("click", () => { const d = $("print-dialog"); d.close ? d.close() : d.removeAttribute("open"); });
  $("share").addEventListener("click", share);
  for (const b of document.querySelectorAll("#modes button"))
    b.addEventListener("click", () => game && setMode(b.dataset.mode));
  $("keypad").addEventListener("click", e => {
    const b = e.target.closest("button");
    if (b && game) { game.enter(Number(b.dataset.value)); render(); }
  });
}

async function restoreShared() {
  let shared = null;
  try { shared = readShare(location.hash); }
  catch (error) { say(`The share link is damaged: ${error.message}`, "error"); }
  if (!shared) return false;
  const result = await api("parse", {puzzle: shared.puzzle});
  if (!result.ok) { failed("Cannot restore the shared puzzle", result); return true; }
  setGame(result.data.puzzle, result.data.layout, shared);
  say("Restored from the share link.");
  return true;
}

bind();
window.addEventListener("hashchange", restoreShared);
window.sudokit = {get game() { return game; }, load, render};
(async () => {
  await loadOffers();
  if (!(await restoreShared())) {
    await load("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    say("Paste a puzzle, or play this one: click a cell and type.");
  }
  document.body.dataset.ready = "1";
})();
