// engines/text/justify.ts — text engine: where justified paragraphs break: the Knuth–Plass total-fit
// algorithm (Knuth & Plass, "Breaking paragraphs into lines", 1981, as TeX does it) over the atoms
// the paragraph was cut into. Every break opportunity is a feasible break when the line it ends can
// be stretched (spaces up to TOLERANCE times half their width wider) or shrunk (a third of their
// width narrower) to the measure; among all feasible sequences the one with the least demerits
// (badness 100·|r|³, squared, plus penalties for hyphens and consecutive hyphens) wins, so no line
// is left much looser than its neighbours as first-fit does. With no sequence within the tolerance,
// a second pass accepts looser lines; a paragraph that still has none (an over-wide word, tabs)
// falls back to first-fit (paragraph.ts).

import { type Atom, hyphenWidth, SPACE, TAB } from './atoms.js';

/** How far a line may stretch: the spaces' stretch times this (TeX's tolerance 200 is about 1.26). */
export const TOLERANCE = 2.5;
/** Space stretch and shrink as fractions of its width (TeX's defaults for a text font: 1/2, 1/3). */
const STRETCH = 1 / 2;
const SHRINK = 1 / 3;
/** Demerits added for a break at a soft hyphen, and for two hyphenated lines in a row. */
const HYPHEN_PENALTY = 50;
const DOUBLE_HYPHEN_DEMERITS = 3000;
const LINE_PENALTY = 10;

/**
 * The exclusive ends of the lines of a justified paragraph, or undefined when no sequence of
 * feasible breaks exists. `first` and `rest` are the measures of the first and following lines.
 */
export function optimalBreaks(atoms: Atom[], first: number, rest: number): number[] | undefined {
  // As TeX's emergency pass: when no line sequence stays within the tolerance (a narrow column
  // without hyphenation), accept any looseness and still spread it as evenly as total fit can.
  return breaksWithin(atoms, first, rest, TOLERANCE) ?? breaksWithin(atoms, first, rest, EMERGENCY_TOLERANCE);
}

/** Relative slack between x·x·x and x ** 3 carried through the demerits: far above their few units in the last place (~1e-15). */
const ROUGH_MARGIN = 1e-9;

/** Past the tolerance, a second pass accepts lines this loose (a space ten times its width wider). */
const EMERGENCY_TOLERANCE = 20;

/** Atoms of the longest paragraph the scratch arrays below serve (2.4 MiB for all of them at most). */
const MAX_SCRATCH = 65_536;
/** Scratch for every paragraph: prefix sums of widths and of space widths, the nodes (break at, total demerits, previous node, hyphenated) and the active list. */
let prefixW = new Float64Array(1024);
let prefixS = new Float64Array(1024);
let nodeAt = new Int32Array(1024);
let nodeDemerits = new Float64Array(1024);
let nodePrev = new Int32Array(1024);
let nodeHyphen = new Uint8Array(1024);
let activeList = new Int32Array(1024);

function breaksWithin(atoms: Atom[], first: number, rest: number, tolerance: number): number[] | undefined {
  const n = atoms.length;
  if (n === 0) return undefined;
  // One set of scratch arrays serves every paragraph (typed arrays and a node object of their own
  // each time cost more than this loop); a paragraph longer than they may grow to gets its own, not kept.
  const size = n + 1;
  if (prefixW.length < size && size <= MAX_SCRATCH) {
    const grown = Math.min(MAX_SCRATCH, Math.max(size, 2 * prefixW.length));
    prefixW = new Float64Array(grown);
    prefixS = new Float64Array(grown);
    nodeAt = new Int32Array(grown);
    nodeDemerits = new Float64Array(grown);
    nodePrev = new Int32Array(grown);
    nodeHyphen = new Uint8Array(grown);
    activeList = new Int32Array(grown);
  }
  const own = prefixW.length < size;
  // Prefix sums: all widths, and the widths of spaces (what stretches and shrinks).
  const W = own ? new Float64Array(size) : prefixW,
    S = own ? new Float64Array(size) : prefixS;
  // Nodes: at most one per atom end, plus the paragraph's start.
  const at = own ? new Int32Array(size) : nodeAt,
    demerits = own ? new Float64Array(size) : nodeDemerits,
    prev = own ? new Int32Array(size) : nodePrev,
    hy = own ? new Uint8Array(size) : nodeHyphen,
    active = own ? new Int32Array(size) : activeList;
  W[0] = 0;
  S[0] = 0;
  // With no atom narrower than nothing, a line from a later node is never wider and never has more
  // space than one from an earlier node, so once a node (past the first, which has its own measure)
  // is too loose to end a line here, every later one is too: they are kept without being looked at.
  let ordered = true;
  for (let k = 0; k < n; k++) {
    const a = atoms[k];
    if (a.kind === TAB) return undefined;
    if (!(a.width >= 0)) ordered = false;
    W[k + 1] = W[k] + a.width;
    S[k + 1] = S[k] + (a.kind === SPACE && k > 0 ? a.width : 0);
  }
  at[0] = 0;
  demerits[0] = 0;
  prev[0] = -1;
  hy[0] = 0;
  let nodes = 1;
  active[0] = 0;
  let activeCount = 1;
  for (let j = 0; j < n; j++) {
    const a = atoms[j];
    if (a.brk === 0 && j < n - 1) continue;
    const last = j === n - 1;
    const vis = a.kind === SPACE ? j : j + 1;
    const hyphen = a.shy && !last;
    const extra = hyphen ? hyphenWidth(a.style, a.span.at) : 0;
    // The best node ending here (made once, after the scan), and the active nodes kept, compacted in place.
    let bestPrev = -1;
    let bestTotal = 0;
    let kept = 0;
    for (let k = 0; k < activeCount; k++) {
      const node = active[k];
      const from = at[node];
      const m = from === 0 ? first : rest;
      const width = W[vis] - W[from] + extra;
      // Spaces at the start of a line other than the first do not stretch (there are none: they hang).
      const spaces = S[vis] - S[from];
      let r: number;
      if (width <= m) r = last ? 0 : spaces > 0 ? (m - width) / (spaces * STRETCH) : Infinity;
      else r = spaces > 0 ? (m - width) / (spaces * SHRINK) : -Infinity;
      // Too tight: this node cannot reach j or anything after it.
      if (r < -1) continue;
      active[kept++] = node;
      if (r > tolerance) {
        if (ordered && !last && from !== 0 && width <= m) {
          for (k++; k < activeCount; k++) active[kept++] = active[k];
          break;
        }
        continue;
      }
      const ar = Math.abs(r);
      // The exact power is a call to the maths library; x·x·x is within a few units in the last place
      // of it. A node that estimate puts clearly behind the best found at j (demerits are never
      // negative) cannot win it, so the exact demerits are worked out only for a node that may.
      if (bestPrev >= 0) {
        const rough = (LINE_PENALTY + 100 * (ar * ar * ar)) ** 2 + (hyphen ? HYPHEN_PENALTY ** 2 : 0);
        if (demerits[node] + rough > bestTotal * (1 + ROUGH_MARGIN) + ROUGH_MARGIN) continue;
      }
      const badness = 100 * ar ** 3;
      let d = (LINE_PENALTY + badness) ** 2 + (hyphen ? HYPHEN_PENALTY ** 2 : 0);
      if (hyphen && hy[node] === 1) d += DOUBLE_HYPHEN_DEMERITS;
      const total = demerits[node] + d;
      if (bestPrev < 0 || total < bestTotal) {
        bestPrev = node;
        bestTotal = total;
      }
    }
    activeCount = kept;
    let best = -1;
    if (bestPrev >= 0) {
      best = nodes++;
      at[best] = j + 1;
      demerits[best] = bestTotal;
      prev[best] = bestPrev;
      hy[best] = hyphen ? 1 : 0;
    }
    if (a.brk === 2 || last) {
      // A required break ends every line that reaches it: only its own node goes on.
      if (best < 0) return undefined;
      active[0] = best;
      activeCount = 1;
    } else if (best >= 0) active[activeCount++] = best;
    if (activeCount === 0) return undefined;
  }
  const ends: number[] = [];
  for (let node = active[0]; node >= 0 && at[node] > 0; node = prev[node]) ends.push(at[node]);
  return ends.reverse();
}
