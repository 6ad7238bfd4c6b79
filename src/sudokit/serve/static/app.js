// The page: loading puzzles, keyboard and mouse, the buttons and their API calls, the timer,
// the settings and the progress kept in this browser (localStorage).
import {Game, MODES, COLOURS, COLOUR_NAMES} from "./play.js";
import {draw, cellAt} from "./board.js";
import {shareUrl, readShare} from "./share.js";

const $ = id => document.getElementById(id);
const svg = $("grid");
let game = null;
let timer = {start: 0, offset: 0, stopped: true};
let lastHint = null;
let busy = 0;
let paused = false;          // the player paused: the board is hidden, the timer stopped
let waiting = false;         // a saved game was restored: resume or restart?
let label = "";              // the difficulty label, kept until a new puzzle
let madeLabel = null;        // the label of the puzzle generate just made (see api())
let previous = null;         // the game before "Empty grid" (Cancel goes back to it)
const FIRST = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

// --- what this browser keeps --------------------------------------------------------------
//
// sudokit.settings: {autoClean, conflicts, matches, timer, theme}.
// sudokit.progress: {v: 1, puzzle, values, corner, centre, colour, seconds, label, solved,
// entering}: the puzzle as the API takes it; the layout is not kept but asked of the server
// again (parse), so a stale or damaged entry cannot break the drawing, only be refused.

const SETTINGS_KEY = "sudokit.settings", PROGRESS_KEY = "sudokit.progress";
const DEFAULTS = {autoClean: true, conflicts: true, matches: true, timer: true, theme: "system"};

function readJSON(key) {
  try { return JSON.parse(localStorage.getItem(key)); } catch { return null; }
}

function writeJSON(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* full or disabled */ }
}

function readSettings() {
  const saved = readJSON(SETTINGS_KEY), out = {...DEFAULTS};
  if (saved && typeof saved === "object")
    for (const k of Object.keys(DEFAULTS)) if (typeof saved[k] === typeof DEFAULTS[k]) out[k] = saved[k];
  if (!["system", "light", "dark"].includes(out.theme)) out.theme = "system";
  return out;
}

let settings = readSettings();

function applySettings() {
  document.documentElement.dataset.theme = settings.theme;   // "system": the media query decides
  document.body.classList.toggle("timer-hidden", !settings.timer);
  $("set-autoclean").checked = settings.autoClean;
  $("set-conflicts").checked = settings.conflicts;
  $("set-matches").checked = settings.matches;
  $("set-timer").checked = settings.timer;
  $("set-theme").value = settings.theme;
  if (game) game.autoClean = settings.autoClean;
  render();
}

function changeSetting(name, value) {
  settings[name] = value;
  writeJSON(SETTINGS_KEY, settings);
  applySettings();
}

function saveProgress() {
  if (!game) return;
  writeJSON(PROGRESS_KEY, {v: 1, puzzle: game.puzzle, values: game.values, corner: game.corner,
                           centre: game.centre, colour: game.colour, seconds: Math.floor(seconds()),
                           label, solved: Boolean(game.solvedAt), entering: game.entering});
}

// A list of n small integers in 0..max from stored data, or null.
function ints(list, n, max) {
  return Array.isArray(list) && list.length === n &&
    list.every(v => Number.isInteger(v) && v >= 0 && v <= max) ? list.slice() : null;
}

function markLists(list, n, max) {
  return Array.isArray(list) && list.length === n && list.every(a => ints(a, a && a.length, max))
    ? list.map(a => a.filter(v => v >= 1)) : null;
}

// --- talking to the server ------------------------------------------------------------------

async function api(route, body, signal = undefined) {
  busy++;
  document.body.classList.add("busy");
  try {
    const response = await fetch(`/api/${route}`, {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
      signal});
    const type = response.headers.get("Content-Type") || "";
    const data = type.startsWith("application/json") ? await response.json() : await response.blob();
    // the label of a made puzzle, for setGame (generate() calls it next with this puzzle)
    if (route === "generate" && response.ok) madeLabel = {givens: data.puzzle.givens.join(), text: difficultyLabel(data)};
    return {ok: response.ok, status: response.status, data};
  } catch (error) {
    return {ok: false, status: 0, data: {error: `the server did not answer (${error.message})`}};
  } finally {
    if (--busy === 0) document.body.classList.remove("busy");
  }
}

function difficultyLabel(d) {
  const scale = d.scale === "sudokit" ? " (sudokit scale)" : d.scale === "hodoku" ? " (HoDoKu)" : "";
  if (!d.difficulty) return "Difficulty: not rated";
  if (d.difficulty === "limit") return "Difficulty: not rated in time";
  if (d.difficulty === "stuck") return `Difficulty: beyond extreme${scale}`;
  return `Difficulty: ${d.difficulty}${scale}`;
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

function clock(total) {
  const s = Math.floor(total);
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

function showTime() {
  $("timer").textContent = clock(seconds());
}
setInterval(showTime, 250);
setInterval(() => { if (game && !timer.stopped) saveProgress(); }, 2000);

// Pause: the timer stops and the board is hidden until Resume.
function pause() {
  if (!game || paused || game.solvedAt || game.entering) return;
  stopTimer();
  paused = true;
  $("board").classList.add("paused");
  $("pause").textContent = "Resume";
  $("pause").setAttribute("aria-pressed", "true");
  saveProgress();
  showTime();
  $("unpause").focus();
}

function unpause() {
  if (!paused) return;
  paused = false;
  $("board").classList.remove("paused");
  $("pause").textContent = "Pause";
  $("pause").setAttribute("aria-pressed", "false");
  if (!waiting) startTimer(timer.offset);
  render();
  focusGrid();
}

// --- showing the game -------------------------------------------------------------------------

function focusGrid() {
  const target = game && svg.querySelector(`#cell-${game.cursor ?? 0}`);
  if (target) target.focus({preventScroll: true});
}

function render() {
  if (!game) return;
  const inGrid = svg.contains(document.activeElement);
  if (lastHint && !(game.marks && game.marks.step === lastHint)) {  // the board changed
    lastHint = null;
    if ($("message").className === "hint") say("");
  }
  $("apply-hint").disabled = !lastHint;
  draw(svg, game, {conflicts: settings.conflicts, matches: settings.matches});
  if (inGrid) focusGrid();
  $("undo").disabled = !game.history.length;
  $("redo").disabled = !game.future.length;
  for (const b of document.querySelectorAll("#modes button")) {
    b.classList.toggle("active", b.dataset.mode === game.mode);
    b.setAttribute("aria-pressed", String(b.dataset.mode === game.mode));
  }
  $("board").dataset.mode = game.mode;
  $("status").textContent = `${game.filled()}/${game.ncells}`;
  $("difficulty").textContent = label;
  for (const id of ["restart", "check", "hint", "solve", "count", "print", "share", "pause"])
    $(id).disabled = game.entering;
  $("entering").hidden = !game.entering;
  if (!game.entering && game.isComplete() && !game.solvedAt) {
    game.solvedAt = Date.now();
    stopTimer();
    check(true);
  }
  saveProgress();
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
    if (game.mode === "colour") {
      b.className = `swatch colour-${v}`;
      b.setAttribute("aria-label", `colour ${COLOUR_NAMES[v - 1]}`);
      b.title = COLOUR_NAMES[v - 1];
    }
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
  $("rules-summary").textContent = `Rules: ${bits.join(", ")}`;
  $("rules-list").replaceChildren(...(layout.rules_text || []).map(sentence => {
    const li = document.createElement("li");
    li.textContent = sentence;
    return li;
  }));
}

// A new game on the board.  restore: {values, centre, corner, colour} (checked here);
// options: {seconds, label, entering, waiting: a restored game waits for resume or restart}.
function setGame(puzzle, layout, restore = null, options = {}) {
  game = new Game(puzzle, layout);
  game.autoClean = settings.autoClean;
  game.entering = Boolean(options.entering);
  if (!game.entering) previous = null;
  const n = game.ncells, max = game.size;
  if (restore) {
    const values = ints(restore.values, n, max);
    if (values) game.values = values.map((v, c) => game.givens[c] || v);
    game.centre = markLists(restore.centre, n, max) || game.centre;
    game.corner = markLists(restore.corner, n, max) || game.corner;
    game.colour = ints(restore.colour, n, COLOURS) || game.colour;
  }
  if (madeLabel && madeLabel.givens === puzzle.givens.join()) label = madeLabel.text;
  else label = options.label || "";
  madeLabel = null;
  lastHint = null;
  paused = false;
  $("board").classList.remove("paused");
  $("pause").textContent = "Pause";
  $("pause").setAttribute("aria-pressed", "false");
  waiting = Boolean(options.waiting);
  $("choice").hidden = !waiting;
  $("done").hidden = true;
  $("apply-hint").disabled = true;
  $("share-url").hidden = true;
  $("play").style.setProperty("--n", game.size);
  game.select(null);
  game.cursor = null;
  keypad();
  describe(layout);
  timer = {start: Date.now(), offset: options.seconds || 0, stopped: true};
  if (!waiting && !game.entering) startTimer(options.seconds || 0);
  showTime();
  render();
  if (waiting) $("resume").focus(); else focusGrid();
}

// The choice after a reload: go on where the player was, or restart the puzzle.
function resumeGame() {
  if (!waiting) return;
  waiting = false;
  $("choice").hidden = true;
  if (!paused) startTimer(timer.offset);
  say("Resumed: your entries, marks, colours and time are back.");
  render();
  focusGrid();
}

function restartGame() {
  if (!game || game.entering) return;
  waiting = false;
  $("choice").hidden = true;
  game.restart();
  game.marks = null;
  game.solvedAt = null;
  $("done").hidden = true;
  if (paused) unpause();
  startTimer(0);
  showTime();
  render();
  focusGrid();
  say("Restarted: the givens stay, your entries are cleared (Undo brings them back).");
}

function showDone(text) {
  $("done").textContent = text;
  $("done").hidden = false;
}

// --- typing the givens of a puzzle (from a newspaper) -------------------------------------------

async function emptyGrid() {
  const box = $("givens-box").value, [r, c] = box.split("x").map(Number), n = r * c;
  const geometry = {size: n, box};
  if ($("givens-rules").value) geometry.rules = [$("givens-rules").value];
  const result = await api("parse", {puzzle: {size: n, givens: new Array(n * n).fill(0), geometry}});
  if (!result.ok) return failed("Cannot make the grid", result);
  if (game && !game.entering) { stopTimer(); previous = {game, timer: {...timer}, label}; }
  setGame(result.data.puzzle, result.data.layout, null, {entering: true});
  say(`Type the givens into the empty ${n}x${n} grid, then press "Start this puzzle".`);
}

async function startGivens() {
  if (!game || !game.entering) return;
  const puzzle = {...game.puzzle, givens: game.values.slice()};
  if (!puzzle.givens.some(v => v)) return say("Type some givens first.", "error");
  const result = await api("count", {puzzle, limit: 2});
  if (!result.ok) return failed("Cannot check the givens", result);
  const d = result.data;
  if (d.status === "illegal")
    return say(`These givens clash: ${d.conflicts.map(c => c.text).join("; ")}. Fix them first.`, "error");
  if (d.count === 0 && !d.stopped)
    return say("These givens have no solution: compare them with the paper.", "error");
  const parsed = await api("parse", {puzzle});
  if (!parsed.ok) return failed("Cannot start the puzzle", parsed);
  previous = null;
  setGame(parsed.data.puzzle, parsed.data.layout);
  if (d.count === 1) say("A proper puzzle: it has exactly one solution. The clock is running.", "success");
  else if (d.count > 1) say("This puzzle has more than one solution: Check and Hint can say little. The clock is running.", "error");
  else say("The search stopped before it found a solution: the puzzle may have none.", "error");
}

function cancelGivens() {
  if (!game || !game.entering) return;
  if (previous) {
    game = previous.game;
    timer = previous.timer;
    label = previous.label;
    previous = null;
    $("play").style.setProperty("--n", game.size);
    keypad();
    describe(game.layout);
    if (!game.solvedAt) startTimer(timer.offset);
    render();
    focusGrid();
    say("Back to the puzzle you were playing.");
  } else {
    load(FIRST);
  }
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
  if (quiet && !d.solved && game.solvedAt) {  // full, yet not the solution: play on
    game.solvedAt = null;
    startTimer(timer.offset);
  }
  render();
  if (d.solved) {
    const time = clock(seconds());
    say(`Solved! ${time}`, "success");
    if (quiet) showDone(`Well done: you solved it in ${time}.`);
  }
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
  const asked = game.snapshot();
  const result = await api("hint", game.stateBody());
  if (!result.ok) return failed("Hint", result);
  if (JSON.stringify(asked) !== JSON.stringify(game.snapshot()))   // the board changed meanwhile
    return say("The board changed while the hint was worked out: ask again.");
  const d = result.data;
  lastHint = null;
  $("apply-hint").disabled = true;
  if (d.status === "step") {
    const h = d.highlight;
    lastHint = d.step;
    game.marks = {step: d.step, cells: new Set(h.cells), units: new Set(h.units), chain: h.chain};
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
    const wait = waitOf(offer, level);
    if (wait > SLOW_SECONDS) option.textContent += ` (about ${wait} s)`;
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

// the slowest making of a level when the menu was measured, rounded up (0: not slow)
const SLOW_SECONDS = 3;   // a level slower than this says so in the menu and while it is made
function waitOf(offer, level) {
  const s = offer && offer.seconds ? offer.seconds[level] : 0;
  return s ? Math.ceil(s) : 0;
}

// one generation at a time: its ticket (the server's /api/cancel stops its worker), the
// fetch's AbortController and the timer that counts the seconds on the message line
let making = null;

function cancelGenerate() {
  if (!making) return;
  const {ticket, controller} = making;
  stopMaking();
  controller.abort();
  fetch("/api/cancel", {method: "POST", headers: {"Content-Type": "application/json"},
                        body: JSON.stringify({ticket})}).catch(() => {});
  say("Cancelled: no new puzzle.");
  $("generate").focus();
}

function stopMaking() {
  if (!making) return;
  clearInterval(making.timer);
  making = null;
  $("gen-cancel").hidden = true;
  $("generate").disabled = false;
}

async function generate() {
  if (making) return;
  const offer = offerOf();
  if (!offer) return say("Choose a puzzle the server offers.", "error");
  const body = {box: offer.box, difficulty: $("gen-difficulty").value};
  if (offer.rules.length) body.rules = offer.rules.slice();
  if (offer.symmetry) body.symmetry = $("gen-symmetry").value;  // (a killer's cages are its clues)
  if (!offer.levels.includes(body.difficulty)) body.difficulty = "any";  // (never sent: the menu has none)
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  body.ticket = Array.from(bytes, b => b.toString(16).padStart(2, "0")).join("");
  const what = `${body.difficulty === "any" ? "a" : `${/^[aeiou]/.test(body.difficulty) ? "an" : "a"} ${body.difficulty}`} ${offer.label} puzzle`;
  const wait = waitOf(offer, body.difficulty), began = Date.now();
  const tell = () => {
    const s = Math.floor((Date.now() - began) / 1000);
    say(`Making ${what}…${s >= 1 ? ` ${s} s` : ""}${wait > SLOW_SECONDS ? ` (it can take about ${wait} s; Cancel stops it)` : ""}`);
  };
  making = {ticket: body.ticket, controller: new AbortController(), timer: setInterval(tell, 1000)};
  const mine = making;
  $("generate").disabled = true;
  $("gen-cancel").hidden = false;
  tell();
  const result = await api("generate", body, mine.controller.signal);
  if (making !== mine) return;  // (cancelled: the message says so already)
  stopMaking();
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
//
// Mode keys never type a value: Space cycles the modes on every grid, Alt+Z/X/C/V picks one;
// Z/X/C/V alone only on grids up to 9x9, whose symbols are digits (on 12x12 C is a value).

const KEY_MODES = {KeyZ: "digit", KeyX: "corner", KeyC: "centre", KeyV: "colour"};

function setMode(mode) {
  game.mode = game.entering ? "digit" : mode;
  keypad();
  render();
}

function onKey(event) {
  if (!game) return;
  const target = event.target;
  if (target.closest && target.closest("textarea, input, select")) return;
  const key = event.key, ctrl = event.ctrlKey || event.metaKey;
  // a focused control keeps its own keys; game keys act from the grid, the page and the pads
  const control = target.closest && target.closest("button, summary, a, details");
  if (control && (key === " " || key === "Enter")) return;
  if (control && !control.closest("#modes, #keypad, #actions")) return;
  if (paused || key === "Tab") return;
  if (ctrl && (key === "z" || key === "Z")) { event.preventDefault(); event.shiftKey ? game.redo() : game.undo(); return render(); }
  if (ctrl && (key === "y" || key === "Y")) { event.preventDefault(); game.redo(); return render(); }
  const arrows = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (arrows[key]) { event.preventDefault(); resumeGame(); game.move(...arrows[key], event.shiftKey); return render(); }
  if (key === "Backspace" || key === "Delete") { event.preventDefault(); resumeGame(); game.erase(); return render(); }
  if (key === "Escape") { game.marks = null; game.select(null); return render(); }
  if (key === " ") {
    event.preventDefault();
    const step = event.shiftKey ? MODES.length - 1 : 1;
    return setMode(MODES[(MODES.indexOf(game.mode) + step) % MODES.length]);
  }
  if (event.altKey && KEY_MODES[event.code]) { event.preventDefault(); return setMode(KEY_MODES[event.code]); }
  if (event.altKey) return;
  // a digit: event.code keeps it under Shift (Shift+1 is '!'); a letter: its key, any case
  const digit = /^(Digit|Numpad)([0-9])$/.exec(event.code || "");
  const letter = /^Key([A-Z])$/.exec(event.code || "");
  let value = digit && !(game.size <= 9 && digit[2] === "0") ? game.valueOfKey(digit[2])
    : game.valueOfKey(letter ? letter[1] : key);
  if (!value && game.size <= 9 && KEY_MODES[event.code] && !ctrl) return setMode(KEY_MODES[event.code]);
  if (!value) return;
  event.preventDefault();
  resumeGame();
  const mode = game.entering ? "digit" : ctrl ? "centre" : event.shiftKey && (digit || letter) ? "corner" : game.mode;
  game.enter(value, mode);
  render();
}

let dragging = false;

function onPointerDown(event) {
  if (!game || paused) return;
  const cell = cellAt(svg, game, event);
  if (cell === null) return;
  event.preventDefault();  // (no focus change by the browser: the page moves it)
  dragging = true;
  game.select(cell, event.ctrlKey || event.metaKey || event.shiftKey);
  render();
  focusGrid();
}

function onPointerMove(event) {
  if (!dragging || !game) return;
  const cell = cellAt(svg, game, event);
  if (cell !== null && !game.selected.has(cell)) { game.select(cell, true); render(); }
}

// Tabbing into the grid selects the cell that takes the focus.
function onFocusIn(event) {
  const hit = event.target.closest && event.target.closest("g.cell");
  if (!game || !hit || game.cursor !== null) return;
  game.select(Number(hit.dataset.cell));
  render();
}

function bind() {
  document.addEventListener("keydown", onKey);
  svg.addEventListener("pointerdown", onPointerDown);
  svg.addEventListener("pointermove", onPointerMove);
  svg.addEventListener("focusin", onFocusIn);
  document.addEventListener("pointerup", () => { dragging = false; });
  $("load-form").addEventListener("submit", e => { e.preventDefault(); load($("puzzle-text").value); });
  $("generate-form").addEventListener("submit", e => { e.preventDefault(); generate(); });
  $("gen-cancel").addEventListener("click", cancelGenerate);
  $("givens-form").addEventListener("submit", e => { e.preventDefault(); emptyGrid(); });
  $("start-givens").addEventListener("click", startGivens);
  $("cancel-givens").addEventListener("click", cancelGivens);
  $("gen-box").addEventListener("change", variantMenu);
  $("gen-rules").addEventListener("change", difficultyMenu);
  $("undo").addEventListener("click", () => { game && game.undo(); render(); });
  $("redo").addEventListener("click", () => { game && game.redo(); render(); });
  $("erase").addEventListener("click", () => { game && game.erase(); render(); });
  $("restart").addEventListener("click", restartGame);
  $("restart-choice").addEventListener("click", restartGame);
  $("resume").addEventListener("click", resumeGame);
  $("pause").addEventListener("click", () => paused ? unpause() : pause());
  $("unpause").addEventListener("click", unpause);
  $("check").addEventListener("click", () => check());
  $("hint").addEventListener("click", hint);
  $("apply-hint").addEventListener("click", applyHint);
  $("solve").addEventListener("click", solve);
  $("count").addEventListener("click", count);
  $("print").addEventListener("click", print);
  $("print-form").addEventListener("submit", e => { e.preventDefault(); makePrint(); });
  $("print-cancel").addEventListener("click", () => { const d = $("print-dialog"); d.close ? d.close() : d.removeAttribute("open"); });
  $("share").addEventListener("click", share);
  // a button of the game played while a restored game waits: that is a resume
  for (const id of ["modes", "keypad", "actions"])
    $(id).addEventListener("click", e => {
      const b = e.target.closest("button");
      if (waiting && b && b.id !== "restart") resumeGame();
    }, true);
  for (const b of document.querySelectorAll("#modes button"))
    b.addEventListener("click", () => game && setMode(b.dataset.mode));
  $("keypad").addEventListener("click", e => {
    const b = e.target.closest("button");
    if (b && game && !paused) { resumeGame(); game.enter(Number(b.dataset.value)); render(); }
  });
  $("set-autoclean").addEventListener("change", e => changeSetting("autoClean", e.target.checked));
  $("set-conflicts").addEventListener("change", e => changeSetting("conflicts", e.target.checked));
  $("set-matches").addEventListener("change", e => changeSetting("matches", e.target.checked));
  $("set-timer").addEventListener("change", e => changeSetting("timer", e.target.checked));
  $("set-theme").addEventListener("change", e => changeSetting("theme", e.target.value));
  document.addEventListener("visibilitychange", () => { if (document.hidden) { if (!timer.stopped) pause(); saveProgress(); } });
  window.addEventListener("pagehide", saveProgress);
}

async function restoreShared() {
  let shared = null;
  try { shared = readShare(location.hash); }
  catch (error) { say(`The share link is damaged: ${error.message}`, "error"); }
  if (!shared) return false;
  const result = await api("parse", {puzzle: shared.puzzle});
  if (!result.ok) { failed("Cannot restore the shared puzzle", result); return true; }
  setGame(result.data.puzzle, result.data.layout, shared, {seconds: shared.seconds});
  say("Restored from the share link.");
  return true;
}

// The game this browser kept: back as it was, waiting for Resume or Restart (or solved).
async function restoreProgress() {
  const saved = readJSON(PROGRESS_KEY);
  if (!saved || saved.v !== 1 || !saved.puzzle || typeof saved.puzzle !== "object") return false;
  const result = await api("parse", {puzzle: saved.puzzle});
  if (!result.ok) {
    try { localStorage.removeItem(PROGRESS_KEY); } catch { /* disabled */ }
    failed("Your saved game could not be read, so it was dropped", result);
    return false;
  }
  const time = Number.isFinite(saved.seconds) && saved.seconds >= 0 ? saved.seconds : 0;
  const entering = saved.entering === true;
  const solved = saved.solved === true && !entering;
  setGame(result.data.puzzle, result.data.layout, saved,
          {seconds: time, label: typeof saved.label === "string" ? saved.label : "",
           entering, waiting: !solved && !entering});
  if (entering) say("Your givens are back: type the rest, then press \"Start this puzzle\".");
  else if (!solved) {
    $("choice-text").textContent = `Welcome back: your puzzle is as you left it ` +
      `(${game.filled()}/${game.ncells} filled, ${clock(time)} on the clock).`;
    say("Resume where you were, or restart this puzzle.");
  }
  return true;
}

bind();
applySettings();
window.addEventListener("hashchange", restoreShared);
window.sudokit = {get game() { return game; }, get settings() { return {...settings}; },
                  get seconds() { return seconds(); }, load, render};
(async () => {
  await loadOffers();
  if (!(await restoreShared()) && !(await restoreProgress())) {
    await load(FIRST);
    say("Paste a puzzle, or play this one: click a cell and type.");
  }
  document.body.dataset.ready = "1";
})();
