// Drawing the grid as SVG: cells, region borders (jigsaw too), extra units (diagonals,
// windows, other regions as dashed outlines), thermometers, lines, kropki dots, X and V,
// killer cages (a dashed outline, the total in the corner), arrows, little-killer and
// sandwich totals outside the grid, even squares, odd circles, renban lines, values, pencil
// marks and the marks of a hint or a check.
//
// Accessibility: the cells form an ARIA grid, <g role="grid"> of <g role="row"> of
// <g class="cell ..." data-cell="k" id="cell-k" role="gridcell" aria-label="row 1, column 1:
// 5, given, cage 15">: the classes say its state (given, placed, selected, same, match,
// conflict, wrong, hint-cell, hint-unit, colour-N), the label what a screen reader says
// (value, marks, colour, the cage total and the cell's other notes).  The cursor's cell has
// tabindex 0 (a roving tab stop), the others -1; the page moves the focus with the cursor.
// Everything else drawn is aria-hidden but the clues outside the grid, <g class="clue"
// role="img" aria-label="sandwich row 3: 12">.
//
// Each cell is three rects: the base (white, or the player's colour), a tint (selected,
// same value, conflict, wrong: see-through, so a colour shows under it) and the hint's
// layer (a hatch and a ring, never a flat fill, so no colour of the palette looks like it).

import {COLOUR_NAMES} from "./play.js";

export const S = 60;          // one cell, in SVG units
const PAD = 4;                // room for the outer border
const INSET = 0.08 * S;       // dashed outlines of cages and extra units sit this far inside a cell
const ROOM = 0.75 * S;        // the margin a side with clues outside the grid gets

function esc(text) {
  return String(text).replace(/[&<>"]/g, ch => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})[ch]);
}

const name = (game, cell) => `r${Math.floor(cell / game.size) + 1}c${cell % game.size + 1}`;

// Where a little killer's clue sits outside the grid ([row, col], -1 or n on one axis at
// least) and its direction [dr, dc] into the grid (its cells run from the clue).
function clueCell(game, cells) {
  const n = game.size, r0 = Math.floor(cells[0] / n), c0 = cells[0] % n;
  let dr, dc;
  if (cells.length > 1) { dr = Math.floor(cells[1] / n) - r0; dc = cells[1] % n - c0; }
  else { dr = r0 === 0 ? 1 : -1; dc = c0 === 0 ? 1 : -1; }
  return [[r0 - dr, c0 - dc], [dr, dc]];
}

// The margins [top, right, bottom, left] the clues outside the grid need (as render does).
export function margins(game) {
  const n = game.size, out = [0, 0, 0, 0];
  for (const {kind, cells} of game.layout.constraints || []) {
    if (kind === "sandwich") {
      if (Math.floor(cells[0] / n) === Math.floor(cells[cells.length - 1] / n)) out[3] = ROOM; else out[0] = ROOM;
    } else if (kind === "littlekiller") {
      const [[r, c]] = clueCell(game, cells);
      if (r < 0) out[0] = ROOM;
      if (r >= n) out[2] = ROOM;
      if (c < 0) out[3] = ROOM;
      if (c >= n) out[1] = ROOM;
    }
  }
  return out;
}

// The grid's top-left corner in the SVG.
function origin(game) {
  const m = game._margins || margins(game);
  return [PAD + m[3], PAD + m[0]];
}

function xy(game, cell) {
  const n = game.size, [x0, y0] = origin(game);
  return [x0 + (cell % n) * S, y0 + Math.floor(cell / n) * S];
}

function centreXY(game, cell) {
  const [x, y] = xy(game, cell);
  return [x + S / 2, y + S / 2];
}

// Where value v sits inside a cell when candidates are drawn in a k x k layout.
function candidateXY(game, cell, v) {
  const k = Math.ceil(Math.sqrt(game.size));
  const [x, y] = xy(game, cell);
  const step = S / k;
  return [x + ((v - 1) % k + 0.5) * step, y + (Math.floor((v - 1) / k) + 0.5) * step];
}

// The class list of a cell for this state.
function cellClasses(game, cell, conflicts, sameValue, marks) {
  const out = ["cell"];
  out.push(game.isGiven(cell) || (game.entering && game.values[cell]) ? "given" : game.values[cell] ? "placed" : "empty");
  if (game.selected.has(cell)) out.push("selected");
  if (sameValue && game.values[cell] === sameValue) out.push("same");
  else if (sameValue && !game.values[cell] &&
           (game.corner[cell].includes(sameValue) || game.centre[cell].includes(sameValue))) out.push("match");
  if (conflicts.has(cell)) out.push("conflict");
  if (game.colour[cell]) out.push(`colour-${game.colour[cell]}`);
  if (marks) {
    if (marks.cells && marks.cells.has(cell)) out.push("hint-cell");
    if (marks.units && marks.units.has(cell)) out.push("hint-unit");
    if (marks.wrong && marks.wrong.has(cell)) out.push("wrong");
  }
  return out.join(" ");
}

// What the constraints say of each cell, for its aria-label: "cage 15", "even", "arrow
// circle", "on an arrow", "renban line" ...
function cellNotes(game) {
  const notes = Array.from({length: game.ncells}, () => []);
  const words = {even: "even", odd: "odd", renban: "renban line", thermo: "thermometer",
                 whisper: "whisper line", palindrome: "palindrome line"};
  for (const {kind, cells, value} of game.layout.constraints || []) {
    if (kind === "killer") for (const c of cells) notes[c].push(value ? `cage ${value}` : "cage");
    else if (kind === "arrow") cells.forEach((c, i) => notes[c].push(i < value ? "arrow circle" : "on an arrow"));
    else if (words[kind]) for (const c of cells) notes[c].push(words[kind]);
  }
  return notes.map(list => [...new Set(list)]);
}

// "row 2, column 5: empty, corner marks 1 4, centre marks 3 7, colour red, cage 15".
function cellLabel(game, cell, notes, conflicts) {
  const v = game.values[cell];
  const bits = [v ? `${game.symbol(v)}${game.isGiven(cell) ? ", given" : ""}` : "empty"];
  const spell = list => list.map(x => game.symbol(x)).join(" ");
  if (!v && game.corner[cell].length) bits.push(`corner marks ${spell(game.corner[cell])}`);
  if (!v && game.centre[cell].length) bits.push(`centre marks ${spell(game.centre[cell])}`);
  if (game.colour[cell]) bits.push(`colour ${COLOUR_NAMES[game.colour[cell] - 1]}`);
  bits.push(...notes[cell]);
  if (conflicts.has(cell)) bits.push("conflict");
  return `row ${Math.floor(cell / game.size) + 1}, column ${cell % game.size + 1}: ${bits.join(", ")}`;
}

// Corner mark positions: the four corners, then the edge middles, then the centre.
const CORNERS = [[0, 0], [2, 0], [0, 2], [2, 2], [1, 0], [1, 2], [0, 1], [2, 1], [1, 1]];

// A mark equal to the selected value (match) is drawn bold in its own colour.
function spelled(game, marks, match) {
  return marks.map(v => v === match ? `<tspan class="match">${esc(game.symbol(v))}</tspan>` : esc(game.symbol(v))).join("");
}

function cornerMarks(game, cell, match) {
  const marks = game.corner[cell];
  if (!marks.length) return "";
  const [x, y] = xy(game, cell);
  if (marks.length > CORNERS.length) {
    return `<text class="corner" x="${x + 3}" y="${y + 12}">${spelled(game, marks, match)}</text>`;
  }
  return marks.map((v, i) => {
    const [cx, cy] = CORNERS[i];
    return `<text class="corner" x="${x + 9 + cx * (S - 18) / 2}" y="${y + 13 + cy * (S - 20) / 2}" text-anchor="middle">${spelled(game, [v], match)}</text>`;
  }).join("");
}

function centreMarks(game, cell, match) {
  const marks = game.centre[cell];
  if (!marks.length) return "";
  const [x, y] = xy(game, cell);
  const length = marks.map(v => game.symbol(v)).join("").length;
  const size = Math.max(8, Math.min(16, Math.floor((S - 8) / (length * 0.62))));
  return `<text class="centre" x="${x + S / 2}" y="${y + S / 2}" font-size="${size}" text-anchor="middle" dominant-baseline="central">${spelled(game, marks, match)}</text>`;
}

// Thick lines on every cell edge between two regions, thin ones elsewhere.
function gridLines(game) {
  const n = game.size, reg = game.layout.regions, [x0, y0] = origin(game);
  let thin = "", thick = "";
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = r * n + c, x = x0 + c * S, y = y0 + r * S;
      if (c + 1 < n) {
        const line = `M${x + S} ${y}v${S}`;
        if (reg[cell] !== reg[cell + 1]) thick += line; else thin += line;
      }
      if (r + 1 < n) {
        const line = `M${x} ${y + S}h${S}`;
        if (reg[cell] !== reg[cell + n]) thick += line; else thin += line;
      }
    }
  }
  const side = n * S;
  return `<path class="thin" d="${thin}"/><path class="thick" d="${thick}"/>` +
    `<rect class="border" x="${x0}" y="${y0}" width="${side}" height="${side}"/>`;
}

// Diagonals as lines, windows shaded, other extra units as dashed inset outlines.
function extraUnits(game) {
  const n = game.size;
  let out = "";
  for (const {name, cells} of game.layout.extra) {
    if (name === "diagonal" || name === "antidiagonal") {
      const a = xy(game, cells[0]), b = xy(game, cells[cells.length - 1]);
      const anti = name === "antidiagonal";
      out += `<line class="diagonal" x1="${a[0] + (anti ? S : 0)}" y1="${a[1]}" x2="${b[0] + (anti ? 0 : S)}" y2="${b[1] + S}"/>`;
    } else if (name.startsWith("window")) {
      out += cells.map(c => { const [x, y] = xy(game, c); return `<rect class="window" x="${x}" y="${y}" width="${S}" height="${S}"/>`; }).join("");
    } else if (!name.startsWith("disjoint") && !name.startsWith("killer cage") && !name.startsWith("renban line")) {
      out += `<path class="extra-unit" d="${outlinePath(game, cells)}"><title>${esc(name)}</title></path>`;
    }
  }
  return out;
}

// The inset outline of a set of cells as closed loops of [x, y] points (in cells),
// clockwise: each cell is cut into 3 x 3 parts at 0, f, 1-f, 1; a part is in the shape when
// its cell and every neighbour it touches are in the set; the shape's boundary is walked.
// (The same as sudokit.render._sums.outline.)
export function outline(cells, n, f = INSET / S) {
  const set = new Set(cells);
  const has = (r, k) => r >= 0 && r < n && k >= 0 && k < n && set.has(r * n + k);
  const inside = (i, j) => {
    if (i < 0 || j < 0 || i >= 3 * n || j >= 3 * n) return false;
    const r = Math.floor(i / 3), a = i % 3, k = Math.floor(j / 3), b = j % 3;
    if (!has(r, k)) return false;
    const dr = a === 0 ? -1 : a === 2 ? 1 : 0, dk = b === 0 ? -1 : b === 2 ? 1 : 0;
    return (!dr || has(r + dr, k)) && (!dk || has(r, k + dk)) && (!(dr && dk) || has(r + dr, k + dk));
  };
  const edges = new Map();   // "X,Y" -> [[X, Y], ...]: boundary edges, interior on the right
  const add = (a, b) => { const key = a.join(); if (!edges.has(key)) edges.set(key, []); edges.get(key).push(b); };
  for (const cell of set) {
    const r = Math.floor(cell / n), k = cell % n;
    for (let i = 3 * r; i < 3 * r + 3; i++) for (let j = 3 * k; j < 3 * k + 3; j++) {
      if (!inside(i, j)) continue;
      if (!inside(i - 1, j)) add([j, i], [j + 1, i]);
      if (!inside(i, j + 1)) add([j + 1, i], [j + 1, i + 1]);
      if (!inside(i + 1, j)) add([j + 1, i + 1], [j, i + 1]);
      if (!inside(i, j - 1)) add([j, i + 1], [j, i]);
    }
  }
  const at = line => Math.floor(line / 3) + [0, f, 1 - f][line % 3];
  const loops = [];
  while (edges.size) {
    const first = [...edges.keys()].map(k => k.split(",").map(Number))
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
    const loop = [first];
    let point = first, heading = null;
    for (;;) {
      const ends = edges.get(point.join());
      let pick = 0;
      if (ends.length > 1 && heading) {   // two loops touch here: turn right
        const rank = e => -(heading[0] * (e[1] - point[1]) - heading[1] * (e[0] - point[0]));
        ends.forEach((e, i) => { if (rank(e) < rank(ends[pick])) pick = i; });
      }
      const end = ends.splice(pick, 1)[0];
      if (!ends.length) edges.delete(point.join());
      heading = [end[0] - point[0], end[1] - point[1]];
      point = end;
      if (point[0] === first[0] && point[1] === first[1]) break;
      loop.push(point);
    }
    const corners = loop.filter((p, i) => {
      const a = loop[(i + loop.length - 1) % loop.length], b = loop[(i + 1) % loop.length];
      return (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0]) !== 0;
    });
    loops.push(corners.map(([x, y]) => [at(x), at(y)]));
  }
  return loops;
}

const r2 = v => Math.round(v * 100) / 100;

function outlinePath(game, cells) {
  const [x0, y0] = origin(game);
  return outline(cells, game.size).map(loop =>
    "M" + loop.map(([x, y]) => `${r2(x0 + x * S)} ${r2(y0 + y * S)}`).join("L") + "Z").join("");
}

// Killer cages: the dashed outline, the total on a patch in the top-left corner.
function cages(game) {
  let out = "";
  for (const {kind, cells, value} of game.layout.constraints || []) {
    if (kind !== "killer") continue;
    const top = Math.min(...cells), [x, y] = xy(game, top);
    const word = value ? String(value) : "";
    out += `<g class="cage" data-kind="killer" data-total="${value}"><path d="${outlinePath(game, cells)}"/>` +
      (word ? `<rect class="cage-patch" x="${x + 2}" y="${y + 2}" width="${word.length * 9 + 3}" height="15"/>` +
              `<text class="cage-total" x="${x + 3.5}" y="${y + 14}">${word}</text>` : "") + "</g>";
  }
  return out;
}

// Arrows: the circle (a pill round 2 or 3 circle cells in a line), the shaft and its head.
function arrows(game) {
  let out = "";
  const r = 0.4 * S;
  for (const {kind, cells, value} of game.layout.constraints || []) {
    if (kind !== "arrow") continue;
    const circle = cells.slice(0, value).map(c => centreXY(game, c));
    const shaft = cells.slice(value).map(c => centreXY(game, c));
    let ring;
    const xs = new Set(circle.map(p => p[0])), ys = new Set(circle.map(p => p[1]));
    if (circle.length > 1 && (xs.size === 1 || ys.size === 1)) {
      const xa = Math.min(...xs), xb = Math.max(...xs), ya = Math.min(...ys), yb = Math.max(...ys);
      ring = `<rect class="arrow-circle" x="${xa - r}" y="${ya - r}" width="${xb - xa + 2 * r}" height="${yb - ya + 2 * r}" rx="${r}" ry="${r}"/>`;
    } else {
      ring = circle.map(([cx, cy]) => `<circle class="arrow-circle" cx="${cx}" cy="${cy}" r="${r}"/>`).join("");
    }
    const near = circle.reduce((a, b) => Math.hypot(b[0] - shaft[0][0], b[1] - shaft[0][1]) <
                                         Math.hypot(a[0] - shaft[0][0], a[1] - shaft[0][1]) ? b : a);
    const d = Math.hypot(shaft[0][0] - near[0], shaft[0][1] - near[1]);
    const start = [near[0] + (shaft[0][0] - near[0]) / d * r, near[1] + (shaft[0][1] - near[1]) / d * r];
    const pts = [start, ...shaft];
    const [a, b] = pts.slice(-2), len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const ux = (b[0] - a[0]) / len, uy = (b[1] - a[1]) / len, h = 0.2 * S;
    const head = [[b[0] - ux * h - uy * h * 0.8, b[1] - uy * h + ux * h * 0.8], b,
                  [b[0] - ux * h + uy * h * 0.8, b[1] - uy * h - ux * h * 0.8]];
    const line = p => p.map(q => q.map(r2).join(",")).join(" ");
    out += `<g class="arrow" data-kind="arrow" data-cell="${cells[0]}">${ring}` +
      `<polyline class="shaft" points="${line(pts)}"/><polyline class="head" points="${line(head)}"/></g>`;
  }
  return out;
}

// Even cells: a grey square; odd cells: a grey circle.
function parity(game) {
  let out = "";
  for (const {kind, cells} of game.layout.constraints || []) {
    if (kind !== "even" && kind !== "odd") continue;
    for (const c of cells) {
      const [x, y] = xy(game, c);
      out += kind === "even"
        ? `<rect class="even" data-cell="${c}" x="${x + 0.2 * S}" y="${y + 0.2 * S}" width="${0.6 * S}" height="${0.6 * S}"/>`
        : `<circle class="odd" data-cell="${c}" cx="${x + S / 2}" cy="${y + S / 2}" r="${0.32 * S}"/>`;
    }
  }
  return out;
}

// Little-killer totals (with a small arrow along the diagonal) and sandwich totals, outside.
function outsideClues(game) {
  const n = game.size, [x0, y0] = origin(game);
  let out = "";
  for (const {kind, cells, value} of game.layout.constraints || []) {
    if (kind === "sandwich") {
      const row = Math.floor(cells[0] / n) === Math.floor(cells[cells.length - 1] / n);
      const x = row ? x0 - 0.375 * S : x0 + (cells[0] % n + 0.5) * S;
      const y = row ? y0 + (Math.floor(cells[0] / n) + 0.5) * S : y0 - 0.375 * S;
      const where = row ? `row ${Math.floor(cells[0] / n) + 1}` : `column ${cells[0] % n + 1}`;
      out += `<g class="clue" data-kind="sandwich" role="img" aria-label="sandwich ${where}: ${value}">` +
        `<text x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central">${value}</text></g>`;
    } else if (kind === "littlekiller") {
      const [[r, k], [dr, dc]] = clueCell(game, cells);
      const cx = x0 + (dc > 0 ? k + 1 : k) * S, cy = y0 + (dr > 0 ? r + 1 : r) * S;
      const ux = dc * 0.5 * S, uy = dr * 0.5 * S;
      const tx = cx - ux * 0.75, ty = cy - uy * 0.75, ex = cx - ux * 0.12, ey = cy - uy * 0.12;
      const hx = ex - dc * 5, hy = ey - dr * 5;
      const label = `little killer ${value}: the diagonal ${name(game, cells[0])} to ${name(game, cells[cells.length - 1])}`;
      out += `<g class="clue" data-kind="littlekiller" role="img" aria-label="${label}">` +
        `<text x="${r2(tx - ux * 0.35)}" y="${r2(ty - uy * 0.35)}" text-anchor="middle" dominant-baseline="central">${value}</text>` +
        `<line x1="${r2(tx)}" y1="${r2(ty)}" x2="${r2(ex)}" y2="${r2(ey)}"/>` +
        `<polyline points="${r2(hx)},${r2(ey)} ${r2(ex)},${r2(ey)} ${r2(ex)},${r2(hy)}"/></g>`;
    }
  }
  return out;
}

// Thermometers (a grey bulb and stem), whisper and palindrome lines, under the grid lines.
function constraintLines(game) {
  let out = "";
  for (const {kind, cells} of game.layout.constraints || []) {
    if (!["thermo", "whisper", "palindrome", "renban"].includes(kind)) continue;
    const pts = cells.map(c => centreXY(game, c));
    out += `<polyline class="${kind}" data-kind="${kind}" points="${pts.map(p => p.join(",")).join(" ")}"/>`;
    if (kind === "thermo") out += `<circle class="bulb" cx="${pts[0][0]}" cy="${pts[0][1]}" r="${0.38 * S}"/>`;
  }
  return out;
}

// Kropki dots, X and V (and other differences, ratios and sums as numbers) on the edges.
function constraintDots(game) {
  let out = "";
  for (const {kind, cells, value} of game.layout.constraints || []) {
    if (!["diff", "ratio", "sum"].includes(kind)) continue;
    const [a, b] = cells.map(c => centreXY(game, c)), x = (a[0] + b[0]) / 2, y = (a[1] + b[1]) / 2;
    if (kind === "sum") {
      const word = value === 10 ? "X" : value === 5 ? "V" : String(value);
      out += `<g class="xv" data-kind="sum"><circle cx="${x}" cy="${y}" r="${0.17 * S}"/>` +
        `<text x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central">${word}</text></g>`;
      continue;
    }
    const shown = value === (kind === "ratio" ? 2 : 1) ? "" : String(value);
    out += `<g class="dot ${kind === "ratio" ? "black" : "white"}" data-kind="${kind}">` +
      `<circle cx="${x}" cy="${y}" r="${shown ? 0.16 * S : 0.12 * S}"/>` +
      (shown ? `<text x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central">${shown}</text>` : "") + "</g>";
  }
  return out;
}

// The marks of a hint: eliminated candidates struck in red, placements in green, the
// chain's links as lines (dashed: weak).
function hintMarks(game, marks) {
  if (!marks || !marks.step) return "";
  const step = marks.step;
  let out = "";
  const chain = marks.chain || [];
  const links = (step.evidence && step.evidence.links) || [];
  for (let i = 0; i + 1 < chain.length; i++) {
    const first = n => Array.isArray(n[0]) ? n[0][0] : n[0];
    const [x1, y1] = candidateXY(game, first(chain[i]), chain[i][1]);
    const [x2, y2] = candidateXY(game, first(chain[i + 1]), chain[i + 1][1]);
    out += `<line class="chain ${links[i] === "weak" ? "weak" : "strong"}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
  }
  for (const [cell, v] of step.eliminations) {
    const [x, y] = candidateXY(game, cell, v);
    out += `<g class="elimination" data-cell="${cell}" data-value="${v}"><circle cx="${x}" cy="${y}" r="${S / 7}"/>` +
      `<text x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central">${esc(game.symbol(v))}</text>` +
      `<line x1="${x - S / 8}" y1="${y + S / 8}" x2="${x + S / 8}" y2="${y - S / 8}"/></g>`;
  }
  for (const [cell, v] of step.placements) {
    const [x, y] = candidateXY(game, cell, v);
    out += `<g class="placement" data-cell="${cell}" data-value="${v}"><circle cx="${x}" cy="${y}" r="${S / 7}"/>` +
      `<text x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central">${esc(game.symbol(v))}</text></g>`;
  }
  return out;
}

// The hatches of a hint's cells and units (patterns, not flat colours).
const DEFS = `<defs><pattern id="hint-hatch" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
  `<rect class="hatch-line" width="3" height="10"/></pattern>` +
  `<pattern id="hint-hatch-dense" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
  `<rect class="hatch-line" width="3" height="6"/></pattern></defs>`;

// Draw the whole grid into svg (a full redraw: at most 625 cells, a few elements each).
// view: {conflicts, matches} (the settings: show conflicts; highlight the selected value's
// matches, values and marks), both on when absent.
export function draw(svg, game, view = {}) {
  const n = game.size;
  game._margins = margins(game);
  const [top, right, bottom, left] = game._margins;
  svg.setAttribute("viewBox", `0 0 ${n * S + 2 * PAD + left + right} ${n * S + 2 * PAD + top + bottom}`);
  svg.dataset.size = n;
  const conflicts = view.conflicts === false ? new Set() : game.conflicts();
  const sameValue = view.matches !== false && game.cursor !== null ? game.values[game.cursor] : 0;
  const marks = game.marks;
  const notes = cellNotes(game);
  const focus = game.cursor ?? 0;
  let cells = "", texts = "", rings = "";
  const fontSize = n > 16 ? 26 : n > 9 ? 30 : 36;
  for (let cell = 0; cell < game.ncells; cell++) {
    const [x, y] = xy(game, cell);
    if (cell % n === 0) cells += `${cell ? "</g>" : ""}<g role="row">`;
    const rect = k => `<rect class="${k}" x="${x}" y="${y}" width="${S}" height="${S}"/>`;
    cells += `<g class="${cellClasses(game, cell, conflicts, sameValue, marks)}" data-cell="${cell}" id="cell-${cell}" ` +
      `role="gridcell" tabindex="${cell === focus ? 0 : -1}" aria-selected="${game.selected.has(cell)}" ` +
      `aria-label="${esc(cellLabel(game, cell, notes, conflicts))}">${rect("base")}${rect("tint")}${rect("hint")}</g>`;
    const v = game.values[cell];
    if (v) {
      const given = game.isGiven(cell) || game.entering;
      texts += `<text class="value ${given ? "given" : "placed"}" data-cell="${cell}" x="${x + S / 2}" y="${y + S / 2}" font-size="${fontSize}" text-anchor="middle" dominant-baseline="central">${esc(game.symbol(v))}</text>`;
    } else {
      texts += cornerMarks(game, cell, sameValue) + centreMarks(game, cell, sameValue);
    }
    if (marks && marks.cells && marks.cells.has(cell))
      rings += `<rect class="hint-ring" x="${x + 3}" y="${y + 3}" width="${S - 6}" height="${S - 6}"/>`;
  }
  const [fx, fy] = xy(game, focus);
  svg.innerHTML = DEFS +
    `<g class="cells" role="grid" aria-multiselectable="true" aria-label="${n}x${n} grid" aria-describedby="rules">${cells}</g></g>` +
    `<g class="extras" aria-hidden="true">${parity(game)}${extraUnits(game)}` +
    `${constraintLines(game)}</g><g class="lines" aria-hidden="true">${gridLines(game)}</g>` +
    `<g class="dots" aria-hidden="true">${arrows(game)}${constraintDots(game)}${cages(game)}</g>` +
    `<g class="outside">${outsideClues(game)}</g><g class="texts" aria-hidden="true">${texts}</g>` +
    `<g class="hint-marks" aria-hidden="true">${rings}${hintMarks(game, marks)}` +
    `<rect class="focus-ring" x="${fx + 2}" y="${fy + 2}" width="${S - 4}" height="${S - 4}"/></g>`;
}

// The cell under a pointer event (its target's data-cell, else from the coordinates).
export function cellAt(svg, game, event) {
  const hit = event.target.closest && event.target.closest("[data-cell]");
  if (hit && hit.closest(".cells")) return Number(hit.dataset.cell);
  const pt = svg.createSVGPoint();
  pt.x = event.clientX; pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const [x0, y0] = origin(game);
  const c = Math.floor((p.x - x0) / S), r = Math.floor((p.y - y0) / S);
  if (r < 0 || c < 0 || r >= game.size || c >= game.size) return null;
  return r * game.size + c;
}
