// engines/fonts/composites.ts — fonts engine: reads a TrueType font's composite glyphs (OpenType
// glyf, "Composite Glyph Description") once when the face is loaded and finds a glyph that is built
// from itself, nests deeper than a reader follows, or expands to more outlines than a glyph holds
// (issue 20). Readers resolve composites by recursion — FreeType answers "invalid composite glyph"
// and draws nothing, others recurse until their stack runs out — and `keep: all` embeds every glyph,
// so every glyph is checked, not only those drawn. Costs one pass over the glyf table's headers.

/**
 * Deepest nesting of composite glyphs taken (decision, docs/reference.md "fonts"): a composite of
 * composites rarely passes 3 in shipped fonts; maxp.maxComponentDepth states the font's own.
 */
export const MAX_COMPOSITE_DEPTH = 16;
/** Most simple outlines one glyph may expand to through its components (decision): past it a glyph is a bomb. */
export const MAX_COMPOSITE_LEAVES = 4096;

const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/** The table directory entry `tag` of an sfnt: [offset, length], or undefined. */
function tableOf(v: DataView, tag: string): [number, number] | undefined {
  const n = v.getUint16(4);
  for (let i = 0; i < n && 12 + i * 16 + 16 <= v.byteLength; i++) {
    const r = 12 + i * 16;
    const t = String.fromCharCode(v.getUint8(r), v.getUint8(r + 1), v.getUint8(r + 2), v.getUint8(r + 3));
    if (t === tag) return [v.getUint32(r + 8), v.getUint32(r + 12)];
  }
  return undefined;
}

/**
 * Why the composite glyphs of `sfnt` cannot be embedded (a sentence fragment for `fontUnreadable`),
 * or undefined when they can or the font has none. Tables that do not read leave it to fontkit's
 * own checks (undefined).
 */
export function compositeFault(sfnt: Uint8Array): string | undefined {
  if (sfnt.length < 12) return undefined;
  const v = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const head = tableOf(v, 'head');
  const maxp = tableOf(v, 'maxp');
  const loca = tableOf(v, 'loca');
  const glyf = tableOf(v, 'glyf');
  if (!head || !maxp || !loca || !glyf) return undefined;
  if (head[0] + 52 > sfnt.length || maxp[0] + 6 > sfnt.length) return undefined;
  const longLoca = v.getInt16(head[0] + 50) === 1;
  const numGlyphs = v.getUint16(maxp[0] + 4);
  if (loca[0] + (numGlyphs + 1) * (longLoca ? 4 : 2) > sfnt.length) return undefined;
  const glyfEnd = Math.min(sfnt.length, glyf[0] + glyf[1]);
  const offset = (g: number) => glyf[0] + (longLoca ? v.getUint32(loca[0] + g * 4) : v.getUint16(loca[0] + g * 2) * 2);

  /** Components of glyph g (empty for a simple or empty glyph, or one whose list runs out). */
  const components = (g: number): number[] => {
    const start = offset(g);
    const end = Math.min(offset(g + 1), glyfEnd);
    if (end - start < 10 || v.getInt16(start) >= 0) return [];
    const out: number[] = [];
    let p = start + 10;
    while (p + 4 <= end) {
      const flags = v.getUint16(p);
      out.push(v.getUint16(p + 2));
      p += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
      if (flags & WE_HAVE_A_SCALE) p += 2;
      else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) p += 4;
      else if (flags & WE_HAVE_A_TWO_BY_TWO) p += 8;
      if (!(flags & MORE_COMPONENTS)) break;
    }
    return out;
  };

  // Depth and expanded leaf count per glyph, memoised; `ON_PATH` marks a glyph being expanded.
  const ON_PATH = -1;
  const leaves = new Float64Array(numGlyphs); // 0: not yet known
  const depth = new Uint8Array(numGlyphs);
  let fault: string | undefined;
  // Recursion is bounded by MAX_COMPOSITE_DEPTH: a walk deeper than that stops with a fault.
  const walk = (g: number, level: number): void => {
    if (fault || g >= numGlyphs || leaves[g] > 0) return;
    if (leaves[g] === ON_PATH) {
      fault = `its composite glyph ${g} is built from itself`;
      return;
    }
    if (level > MAX_COMPOSITE_DEPTH) {
      fault = `its composite glyphs nest deeper than ${MAX_COMPOSITE_DEPTH} levels (at glyph ${g})`;
      return;
    }
    const parts = components(g);
    if (!parts.length) {
      leaves[g] = 1;
      return;
    }
    leaves[g] = ON_PATH;
    let sum = 0;
    let deepest = 0;
    for (const c of parts) {
      walk(c, level + 1);
      if (fault) return;
      if (c >= numGlyphs) continue;
      sum += leaves[c];
      deepest = Math.max(deepest, depth[c] + 1);
    }
    if (sum > MAX_COMPOSITE_LEAVES) {
      fault = `its composite glyph ${g} expands to ${sum} outlines, more than the ${MAX_COMPOSITE_LEAVES} a glyph may hold`;
      return;
    }
    leaves[g] = Math.max(1, sum);
    depth[g] = deepest;
    if (level + deepest > MAX_COMPOSITE_DEPTH)
      fault = `its composite glyphs nest deeper than ${MAX_COMPOSITE_DEPTH} levels (at glyph ${g})`;
  };
  // Simple and empty glyphs (most of a font) are settled here without a call each: a fresh process
  // runs this loop once per glyph before it is optimised (bench/README.md, "Start-up, sixth wave").
  const locaAt = loca[0];
  const glyfAt = glyf[0];
  let next = longLoca ? v.getUint32(locaAt) : v.getUint16(locaAt) * 2;
  for (let g = 0; g < numGlyphs && !fault; g++) {
    const start = glyfAt + next;
    next = longLoca ? v.getUint32(locaAt + (g + 1) * 4) : v.getUint16(locaAt + (g + 1) * 2) * 2;
    if (leaves[g] === 0 && (Math.min(glyfAt + next, glyfEnd) - start < 10 || v.getInt16(start) >= 0)) leaves[g] = 1;
    else walk(g, 0);
  }
  return fault;
}
