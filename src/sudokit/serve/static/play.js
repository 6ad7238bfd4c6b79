// The game: a puzzle (givens and layout from the server), the player's values and marks,
// undo/redo, selection and the conflicts of the values.  No drawing and no network here.
//
// Cells are 0..N*N-1 row-major, values 1..N (0 = empty), as in sudokit.  Marks per cell:
// corner and centre are sorted arrays of values, colour a small integer (0 = none).
// Colours go on any cell, givens too; values and marks only on cells that are not givens.
// While the player types a puzzle's givens (entering = true) nothing is a given yet.

export const MODES = ["digit", "corner", "centre", "colour"];
export const COLOURS = 9;
export const COLOUR_NAMES = ["grey", "red", "orange", "yellow", "green", "blue", "purple", "pink", "teal"];

export class Game {
  constructor(puzzle, layout) {
    this.puzzle = puzzle;           // {size, givens, geometry}: what the API takes back
    this.layout = layout;           // {size, regions, units, extra, pairs, alphabet, ...}
    this.size = puzzle.size;
    this.ncells = this.size * this.size;
    this.givens = puzzle.givens.slice();
    this.values = puzzle.givens.slice();
    this.corner = Array.from({length: this.ncells}, () => []);
    this.centre = Array.from({length: this.ncells}, () => []);
    this.colour = new Array(this.ncells).fill(0);
    this.history = [];
    this.future = [];
    this.selected = new Set();
    this.cursor = null;
    this.mode = "digit";
    this.marks = null;              // server-side results drawn on the grid (hint, check)
    this.solvedAt = null;
    this.autoClean = true;          // placing a value removes it from its peers' marks
    this.entering = false;          // the player is typing the givens of a new puzzle
  }

  // --- state snapshots (undo/redo) --------------------------------------------------------

  snapshot() {
    return {values: this.values.slice(), corner: this.corner.map(a => a.slice()),
            centre: this.centre.map(a => a.slice()), colour: this.colour.slice()};
  }

  restore(s) {
    this.values = s.values.slice();
    this.corner = s.corner.map(a => a.slice());
    this.centre = s.centre.map(a => a.slice());
    this.colour = s.colour.slice();
  }

  // Run change() as one undoable action; returns true when something changed.
  act(change) {
    const before = this.snapshot();
    change();
    if (JSON.stringify(before) === JSON.stringify(this.snapshot())) return false;
    this.history.push(before);
    if (this.history.length > 1000) this.history.shift();
    this.future = [];
    this.marks = null;
    return true;
  }

  undo() {
    if (!this.history.length) return false;
    this.future.push(this.snapshot());
    this.restore(this.history.pop());
    this.marks = null;
    return true;
  }

  redo() {
    if (!this.future.length) return false;
    this.history.push(this.snapshot());
    this.restore(this.future.pop());
    this.marks = null;
    return true;
  }

  // --- entry ----------------------------------------------------------------------------

  isGiven(cell) { return this.givens[cell] !== 0; }

  // The selected cells an entry in mode changes (colours go on givens too).
  targets(mode = "digit") {
    return [...this.selected].filter(c => mode === "colour" || !this.isGiven(c)).sort((a, b) => a - b);
  }

  // Remove value from the corner and centre marks of the peers of cells (auto-clean).
  clean(cells, value) {
    for (const c of cells)
      for (const p of this.peersOf(c)) {
        if (this.corner[p].includes(value)) this.corner[p] = this.corner[p].filter(v => v !== value);
        if (this.centre[p].includes(value)) this.centre[p] = this.centre[p].filter(v => v !== value);
      }
  }

  // Enter value in every selected cell the way mode says; returns true on a change.
  // A placed value cleans the peers' marks when autoClean is on (one action: undo brings
  // the marks back).
  enter(value, mode = this.mode) {
    const cells = this.targets(mode);
    if (!cells.length || value < 1 || value > (mode === "colour" ? COLOURS : this.size)) return false;
    return this.act(() => {
      if (mode === "digit") {
        const all = cells.every(c => this.values[c] === value);
        for (const c of cells) this.values[c] = all ? 0 : value;
        if (!all && this.autoClean && !this.entering) this.clean(cells, value);
      } else if (mode === "colour") {
        const all = cells.every(c => this.colour[c] === value);
        for (const c of cells) this.colour[c] = all ? 0 : value;
      } else {
        const marks = mode === "corner" ? this.corner : this.centre;
        const empty = cells.filter(c => !this.values[c]);
        const all = empty.every(c => marks[c].includes(value));
        for (const c of empty) {
          const set = new Set(marks[c]);
          if (all) set.delete(value); else set.add(value);
          marks[c] = [...set].sort((a, b) => a - b);
        }
      }
    });
  }

  // Erase: the values of the selected cells, else their marks, else their colours (a
  // given keeps its value and loses its colour).
  erase() {
    const cells = this.targets(), all = this.targets("colour");
    return this.act(() => {
      if (cells.some(c => this.values[c])) {
        for (const c of cells) this.values[c] = 0;
      } else if (cells.some(c => this.corner[c].length || this.centre[c].length)) {
        for (const c of cells) { this.corner[c] = []; this.centre[c] = []; }
      } else {
        for (const c of all) this.colour[c] = 0;
      }
    });
  }

  // Restart: the givens only, no marks, no colours (one action: undo brings it all back).
  restart() {
    return this.act(() => {
      this.values = this.givens.slice();
      this.corner = this.corner.map(() => []);
      this.centre = this.centre.map(() => []);
      this.colour = this.colour.map(() => 0);
    });
  }

  // Set the values of every cell at once (a solution, a hint's placements) as one action.
  fill(values) {
    return this.act(() => {
      values.forEach((v, c) => { if (!this.isGiven(c) && v) this.values[c] = v; });
    });
  }

  // Apply a logical step: its placements, and its eliminations from the centre marks
  // (a cell without centre marks gets every candidate its peers leave, minus those).
  applyStep(step) {
    return this.act(() => {
      for (const [cell, value] of step.eliminations) {
        if (this.values[cell]) continue;
        const marks = this.centre[cell].length ? this.centre[cell] : this.candidates(cell);
        this.centre[cell] = marks.filter(v => v !== value);
      }
      for (const [cell, value] of step.placements) {
        this.values[cell] = value;
        if (this.autoClean) this.clean([cell], value);
      }
    });
  }

  // --- selection ------------------------------------------------------------------------

  select(cell, extend = false) {
    if (!extend) this.selected.clear();
    if (cell !== null) { this.selected.add(cell); this.cursor = cell; }
  }

  move(dr, dc, extend = false) {
    const n = this.size;
    const at = this.cursor ?? 0;
    const r = (Math.floor(at / n) + dr + n) % n, c = (at % n + dc + n) % n;
    this.select(r * n + c, extend);
  }

  // --- reading --------------------------------------------------------------------------

  peersOf(cell) {
    if (!this._peers) {
      this._peers = Array.from({length: this.ncells}, () => new Set());
      for (const unit of this.layout.units)
        for (const a of unit) for (const b of unit) if (a !== b) this._peers[a].add(b);
      for (const [a, b] of this.layout.pairs) { this._peers[a].add(b); this._peers[b].add(a); }
    }
    return this._peers[cell];
  }

  // The weak links of each cell: [other cell, masks] (masks[a-1]: the values of the other
  // cell that this one holding a excludes).
  linksOf(cell) {
    if (!this._links) {
      this._links = Array.from({length: this.ncells}, () => []);
      for (const [a, b, masks] of this.layout.links || []) this._links[a].push([b, masks]);
    }
    return this._links[cell];
  }

  // The values no peer holds and no placed neighbour's link excludes (what a cell without
  // centre marks may still take).
  candidates(cell) {
    const used = new Set([...this.peersOf(cell)].map(p => this.values[p]));
    const out = [];
    for (let v = 1; v <= this.size; v++) {
      if (used.has(v)) continue;
      if (this.linksOf(cell).some(([b, masks]) => this.values[b] && (masks[v - 1] >> (this.values[b] - 1)) & 1)) continue;
      out.push(v);
    }
    return out;
  }

  // Cells whose value repeats in a unit or in a "cannot be equal" pair, or breaks a
  // constraint (a weak link between two placed values, or a rule over many cells).
  conflicts() {
    const bad = new Set();
    for (const unit of this.layout.units) {
      const seen = new Map();
      for (const c of unit) {
        const v = this.values[c];
        if (!v) continue;
        if (seen.has(v)) { bad.add(c); bad.add(seen.get(v)); } else seen.set(v, c);
      }
    }
    for (const [a, b] of this.layout.pairs)
      if (this.values[a] && this.values[a] === this.values[b]) { bad.add(a); bad.add(b); }
    for (const [a, b, masks] of this.layout.links || []) {
      const va = this.values[a], vb = this.values[b];
      if (va && vb && (masks[va - 1] >> (vb - 1)) & 1) { bad.add(a); bad.add(b); }
    }
    for (const cells of this.brokenSums()) for (const c of cells) bad.add(c);
    return bad;
  }

  // The cells of each rule over many cells that the values break, as the library's checker
  // (sudokit.geometry._sums.violations) says: a cage or little killer whose values pass its
  // total (or, filled, miss it), an arrow whose shaft passes its circle, a sandwich whose
  // values between the 1 and the N pass its total, an even cell holding an odd value, a
  // renban line whose values spread further than its length.
  brokenSums() {
    const out = [], n = this.size;
    for (const {kind, cells, value} of this.layout.constraints || []) {
      const vals = cells.map(c => this.values[c]);
      const filled = vals.every(v => v), sum = a => a.reduce((x, y) => x + y, 0);
      if ((kind === "killer" && value) || kind === "littlekiller") {
        const total = sum(vals);
        if (total > value || (filled && total !== value)) out.push(cells);
      } else if (kind === "arrow") {
        const circle = vals.slice(0, value), shaft = sum(vals.slice(value));
        if (circle.every(v => v)) {
          const number = Number(circle.join(""));
          if (shaft > number || (filled && shaft !== number)) out.push(cells);
        }
      } else if (kind === "sandwich") {
        const ends = vals.flatMap((v, i) => v === 1 || v === n ? [i] : []);
        if (ends.length === 2) {
          const inner = vals.slice(ends[0] + 1, ends[1]), total = sum(inner);
          if (total > value || (inner.every(v => v) && total !== value)) out.push(cells);
        }
      } else if (kind === "even" || kind === "odd") {
        cells.forEach((c, i) => { if (vals[i] && (vals[i] % 2 === 0) !== (kind === "even")) out.push([c]); });
      } else if (kind === "renban") {
        const placed = vals.filter(v => v);
        if (placed.length && Math.max(...placed) - Math.min(...placed) >= cells.length) out.push(cells);
      }
    }
    return out;
  }

  filled() { return this.values.filter(v => v).length; }

  isComplete() { return this.filled() === this.ncells && this.conflicts().size === 0; }

  // The centre marks as the API takes them ([] = not marked).
  candidateLists() {
    return this.values.map((v, c) => v ? [] : this.centre[c].slice());
  }

  // The request body part that says where the player is.
  stateBody() {
    return {puzzle: this.puzzle, values: this.values.slice(), candidates: this.candidateLists()};
  }

  symbol(v) {
    const a = this.layout.alphabet;
    return v ? (a ? a[v - 1] : String(v)) : "";
  }

  // The value a key stands for (1-9, then letters of the alphabet), or 0.
  valueOfKey(key) {
    const a = this.layout.alphabet;
    if (!a || key.length !== 1) return 0;
    const i = a.indexOf(key.toUpperCase());
    return i >= 0 ? i + 1 : 0;
  }
}
