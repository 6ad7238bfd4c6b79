// Share links: the puzzle and the player's progress in the URL fragment (#s=...), so the
// server never sees them and the page restores the state when the link is opened.
//
// The fragment is base64url of JSON {v: 1, n: size, g: givens, p: values, c: centre marks,
// k: corner marks, o: colours, t: seconds, m: geometry (when not classic)}; givens and
// values are strings of the alphabet ('.' = empty) when the grid has one, else arrays;
// marks are [[cell, "values"], ...] for the marked cells only.

function spell(values, alphabet) {
  return alphabet ? values.map(v => v ? alphabet[v - 1] : ".").join("") : values;
}

function unspell(text, alphabet, ncells) {
  if (Array.isArray(text)) return text.slice(0, ncells).map(v => Number(v) || 0);
  const out = [];
  for (const ch of String(text).slice(0, ncells)) out.push(ch === "." ? 0 : alphabet.indexOf(ch) + 1);
  return out;
}

function packMarks(lists, game) {
  const out = [];
  lists.forEach((vs, cell) => { if (vs.length) out.push([cell, vs.map(v => game.symbol(v)).join("")]); });
  return out;
}

function unpackMarks(packed, alphabet, ncells) {
  const out = Array.from({length: ncells}, () => []);
  for (const [cell, text] of packed || []) {
    if (cell >= 0 && cell < ncells)
      out[cell] = [...String(text)].map(ch => alphabet.indexOf(ch) + 1).filter(v => v > 0);
  }
  return out;
}

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, ch => ch.charCodeAt(0)));
}

// The share URL of a game (seconds: the timer).
export function shareUrl(game, seconds) {
  const alphabet = game.layout.alphabet;
  const state = {v: 1, n: game.size, g: spell(game.givens, alphabet), p: spell(game.values, alphabet),
                 c: packMarks(game.centre, game), k: packMarks(game.corner, game),
                 o: game.colour.some(x => x) ? game.colour.join("") : undefined, t: Math.floor(seconds)};
  const geometry = game.puzzle.geometry;
  if (geometry && !(geometry.box && Object.keys(geometry).length === 2)) state.m = geometry;
  const base = location.href.split("#")[0];
  return `${base}#s=${toBase64Url(JSON.stringify(state))}`;
}

// {puzzle, values, centre, corner, colour, seconds} of a #s= fragment, or null.
export function readShare(hash) {
  if (!hash.startsWith("#s=")) return null;
  const state = JSON.parse(fromBase64Url(hash.slice(3)));
  const n = state.n, ncells = n * n;
  const alphabet = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".slice(0, n);
  const puzzle = {size: n, givens: unspell(state.g, alphabet, ncells)};
  if (state.m) puzzle.geometry = state.m;
  return {puzzle, values: unspell(state.p, alphabet, ncells),
          centre: unpackMarks(state.c, alphabet, ncells), corner: unpackMarks(state.k, alphabet, ncells),
          colour: state.o ? [...state.o].map(Number) : null, seconds: Number(state.t) || 0};
}
