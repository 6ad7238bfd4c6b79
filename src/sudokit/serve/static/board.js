// Drawing the grid as SVG: cells, region borders (jigsaw too), extra units (diagonals,
// windows, other regions as dashed outlines), thermometers, lines, kropki dots, X and V, values, pencil marks and the marks of a hint
// or a check.  Every cell is <g class="cell ..." data-cell="k">: the classes say its state
// (given, placed, selected, same, conflict, wrong, hint-cell, hint-unit, colour-N).

export const S = 60;          // one cell, in SVG units
const PAD = 4;                // room for the outer border
const INSET = 0.08 * S;       // dashed outlines of extra units sit this far inside a cell

function esc(text) {
  return String(text).replace(/[&<>"]/g, ch => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})[ch]);
}

function xy(game, cell) {
  const n = game.size;
  return [PAD + (cell % n) * S, PAD + Math.floor(cell / n) * S];
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
  out.push(game.isGiven(cell) ? "given" : game.values[cell] ? "placed" : "empty");
  if (game.selected.has(cell)) out.push("selected");
  if (sameValue && game.values[cell] === sameValue) out.push("same");
  if (conflicts.has(cell)) out.push("conflict");
  if (game.colour[cell]) out.push(`colour-${game.colour[cell]}`);
  if (marks) {
    if (marks.cells && marks.cells.has(cell)) out.push("hint-cell");
    if (marks.units && marks.units.has(cell)) out.push("hint-unit");
    if (marks.wrong && marks.wrong.has(cell)) out.push("wrong");
  }
  return out.join(" ");
}

// Corner mark positions: the four corners, then the edge middles, then the centre.
const CORNERS = [[0, 0], [2, 0], [0, 2], [2, 2], [1, 0], [1, 2], [0, 1], [2, 1], [1, 1]];

function cornerMarks(game, cell) {
  const marks = game.corner[cell];
  if (!marks.length) return "";
  const [x, y] = xy(game, cell);
  if (marks.length > CORNERS.length) {
    return `<text class="corner" x="${x + 3}" y="${y + 12}">${esc(marks.map(v => game.symbol(v)).join(""))}</text>`;
  }
  return marks.map((v, i) => {
    const [cx, cy] = CORNERS[i];
    return `<text class="corner" x="${x + 9 + cx * (S - 18) / 2}" y="${y + 13 + cy * (S - 20) / 2}" text-anchor="middle">${esc(game.symbol(v))}</text>`;
  }).join("");
}

function centreMarks(game, cell) {
  const marks = game.centre[cell];
  if (!marks.length) return "";
  const [x, y] = xy(game, cell);
  const text = marks.map(v => game.symbol(v)).join("");
  const size = Math.max(8, Math.min(16, Math.floor((S - 8) / (text.length * 0.62))));
  return `<text class="centre" x="${x + S / 2}" y="${y + S / 2}" font-size="${size}" text-anchor="middle" dominant-baseline="central">${esc(text)}</text>`;
}

// Thick lines on every cell edge between two regions, thin ones elsewhere.
function gridLines(game) {
  const n = game.size, reg = game.layout.regions;
  let thin = "", thick = "";
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = r * n + c, x = PAD + c * S, y = PAD + r * S;
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
    `<rect class="border" x="${PAD}" y="${PAD}" width="${side}" height="${side}"/>`;
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
    } else if (!name.startsWith("disjoint")) {
      const inside = new Set(cells);
      let d = "";
      for (const c of cells) {
        const [x, y] = xy(game, c), r = Math.floor(c / n), col = c % n;
        const up = r > 0 && inside.has(c - n), down = r < n - 1 && inside.has(c + n);
        const left = col > 0 && inside.has(c - 1), right = col < n - 1 && inside.has(c + 1);
        const x0 = x + (left ? 0 : INSET), x1 = x + S - (right ? 0 : INSET);
        const y0 = y + (up ? 0 : INSET), y1 = y + S - (down ? 0 : INSET);
        if (!up) d += `M${x0} ${y + INSET}H${x1}`;
        if (!down) d += `M${x0} ${y + S - INSET}H${x1}`;
        if (!left) d += `M${x + INSET} ${y0}V${y1}`;
        if (!right) d += `M${x + S - INSET} ${y0}V${y1}`;
      }
      out += `<path class="extra-unit" d="${d}"><title>${esc(name)}</title></path>`;
    }
  }
  return out;
}

// Thermometers (a grey bulb and stem), whisper and palindrome lines, under the grid lines.
function constraintLines(game) {
  let out = "";
  for (const {kind, cells} of game.layout.constraints || []) {
    if (!["thermo", "whisper", "palindrome"].includes(kind)) continue;
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

// Draw the whole grid into svg (a full redraw: at most 625 cells, a few elements each).
export function draw(svg, game) {
  const n = game.size, side = n * S + 2 * PAD;
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.dataset.size = n;
  const conflicts = game.conflicts();
  const sameValue = game.cursor !== null ? game.values[game.cursor] : 0;
  const marks = game.marks;
  let cells = "", texts = "";
  const fontSize = n > 16 ? 26 : n > 9 ? 30 : 36;
  for (let cell = 0; cell < game.ncells; cell++) {
    const [x, y] = xy(game, cell);
    cells += `<g class="${cellClasses(game, cell, conflicts, sameValue, marks)}" data-cell="${cell}">` +
      `<rect x="${x}" y="${y}" width="${S}" height="${S}"/></g>`;
    const v = game.values[cell];
    if (v) {
      texts += `<text class="value ${game.isGiven(cell) ? "given" : "placed"}" data-cell="${cell}" x="${x + S / 2}" y="${y + S / 2}" font-size="${fontSize}" text-anchor="middle" dominant-baseline="central">${esc(game.symbol(v))}</text>`;
    } else {
      texts += cornerMarks(game, cell) + centreMarks(game, cell);
    }
  }
  svg.innerHTML = `<g class="cells">${cells}</g><g class="extras">${extraUnits(game)}` +
    `${constraintLines(game)}</g><g class="lines">${gridLines(game)}</g>` +
    `<g class="dots">${constraintDots(game)}</g><g class="texts">${texts}</g>` +
    `<g class="hint-marks">${hintMarks(game, marks)}</g>`;
}

// The cell under a pointer event (its target's data-cell, else from the coordinates).
export function cellAt(svg, game, event) {
  const hit = event.target.closest && event.target.closest("[data-cell]");
  if (hit && hit.closest(".cells")) return Number(hit.dataset.cell);
  const pt = svg.createSVGPoint();
  pt.x = event.clientX; pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const c = Math.floor((p.x - PAD) / S), r = Math.floor((p.y - PAD) / S);
  if (r < 0 || c < 0 || r >= game.size || c >= game.size) return null;
  return r * game.size + c;
}
