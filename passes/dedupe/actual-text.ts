// passes/dedupe/actual-text.ts — dedupe pass, extraction: how a glyph drawn for other text than its
// font's ToUnicode entry says is made right. TrueType CIDFonts give it a second code (dedupe.ts,
// aliasCodes, with each glyph's share of its cluster from dealtTexts); for CFF and simple fonts this
// says which stretches of a run a reader must read from /ActualText (ISO 32000-1 §14.9.4).
// A font has one ToUnicode entry per code, and the first text a glyph is drawn for becomes it; a glyph
// shared by clusters of different text (an Arabic positional form, a Devanagari matra or conjunct, a
// ligature of different source text, a chain's fallback glyph) then reads wrong at every later use,
// and a glyph that only continues a cluster (drawn with others for one stretch of text) has no entry.
// Such a cluster is wrapped in a span carrying its own text, so the font's ToUnicode stays right for
// the common case and the cost falls only where a glyph disagrees (docs/reference.md, "Extraction").
// A span holds one cluster's text in logical order; clusters stay in the run's visual order, so a
// reader reorders right-to-left lines as it does for unspanned glyphs.

import { type ActualSpan, type GlyphRunOp, type GlyphTexts, runText } from '../../ir/draw-ops.js';
import { hasPrivateUse, readableText } from '../../ir/private-use.js';

/**
 * The text each glyph's ToUnicode entry gives, by glyph id: `at[g]` is 1 + its index in `texts`, 0
 * for a glyph not drawn yet (typed arrays: a Map lookup per glyph, or a 65 536-slot array of
 * strings per font, costs more than the rest of the pass on a long document).
 */
export class FirstText {
  readonly at = new Uint16Array(65536);
  readonly texts: string[] = [];
  /** `privateUse[g]` is 1 when glyph g's entry holds a Private Use Area code point: asked once per glyph, not per use. */
  readonly privateUse = new Uint8Array(65536);
  /**
   * `unit[g]` is 1 + the UTF-16 unit of glyph g's entry when that entry is one unit, else 0: a run
   * whose text is a string (one unit a glyph) tells a glyph drawn for its entry again by one compare.
   */
  readonly unit = new Int32Array(65536);
  /** The glyphs given an entry, in order, so the tables can be cleared for the next render. */
  private readonly touched: number[] = [];
  get(g: number): string | undefined {
    const k = this.at[g];
    return k === 0 ? undefined : this.texts[k - 1];
  }
  set(g: number, t: string): void {
    this.at[g] = this.texts.push(t);
    this.touched.push(g);
    if (t.length === 1) this.unit[g] = t.charCodeAt(0) + 1;
    if (hasPrivateUse(t)) this.privateUse[g] = 1;
  }

  /**
   * A cleared table from the pool, else a new one: two 64-K-slot tables a font a render were the
   * largest fresh external memory of a warm server render (with the line writer's, they started a
   * worker's mark-compact every ~20 invoices: bench/README.md, seventh wave, server).
   */
  static take(): FirstText {
    return pool.pop() ?? new FirstText();
  }

  /** Clears what this render set (only the glyphs it touched) and keeps the table for the next one. */
  release(): void {
    for (const g of this.touched) {
      this.at[g] = 0;
      this.privateUse[g] = 0;
      this.unit[g] = 0;
    }
    this.touched.length = 0;
    this.texts.length = 0;
    if (pool.length < FIRST_TEXT_POOL) pool.push(this);
  }
}

/** Tables kept between renders: a document rarely draws with more fonts than this. */
const FIRST_TEXT_POOL = 8;
const pool: FirstText[] = [];

/**
 * Records the run's glyphs in `first` (the first text drawn wins, as ToUnicode is written) and says
 * whether the run needs spans: a glyph whose text here differs from its entry, or one with no text
 * of its own (it continues a cluster, and has no entry).
 */
export function recordRun(op: GlyphRunOp, first: FirstText, onNew: (g: number, t: string) => void): boolean {
  let needs = false;
  const { glyphs, text } = op;
  const units = typeof text === 'string' ? text : undefined;
  const unit = first.unit;
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i];
    // a string's glyph drawn for its entry's one unit again, told by code (FirstText.unit): indexing a
    // string makes a string of each unit
    if (units !== undefined && unit[g] === units.charCodeAt(i) + 1) {
      if (first.privateUse[g] === 1) needs = true;
      continue;
    }
    const had = first.get(g);
    const t = text[i];
    if (had === undefined) {
      first.set(g, t);
      onNew(g, t);
    } else if (had !== t) {
      needs = true;
      continue;
    }
    // A glyph that only continues a cluster has no ToUnicode entry: readers would make up its text.
    // A glyph whose text is in the Private Use Area reads as nothing usable (ir/private-use.ts); its
    // text is its entry's here, whose answer FirstText keeps.
    if (t === '' || first.privateUse[g] === 1) needs = true;
  }
  return needs;
}

/** Whether a run draws text in the Private Use Area (its clusters then get spans). */
export function drawsPrivateUse(op: GlyphRunOp): boolean {
  for (const t of op.text) if (hasPrivateUse(t)) return true;
  return false;
}

/** Cluster starts: a glyph with text, and the '' glyphs after it that continue it. */
function units(op: GlyphRunOp): number[] {
  const starts: number[] = [];
  const n = op.glyphs.length;
  for (let i = 0; i < n; i++) if (i === 0 || op.text[i] !== '') starts.push(i);
  starts.push(n);
  return starts;
}

/**
 * The spans of a run `recordRun` flagged: every cluster whose glyphs disagree with their ToUnicode
 * entries (or have none), or whose text is in the Private Use Area (its span's text then holds
 * U+FFFD there: ir/private-use.ts), adjacent ones merged into one span. Undefined when none is needed.
 */
export function spansOf(
  op: GlyphRunOp,
  first: FirstText,
  wrong: (i: number) => boolean = (i) => op.text[i] === '' || first.get(op.glyphs[i]) !== op.text[i],
): ActualSpan[] | undefined {
  const starts = units(op);
  const m = starts.length - 1;
  const bad: boolean[] = [];
  for (let u = 0; u < m; u++) {
    let b = false;
    for (let i = starts[u]; i < starts[u + 1] && !b; i++) b = wrong(i) || hasPrivateUse(op.text[i]);
    bad.push(b);
  }
  const spans: ActualSpan[] = [];
  let u = 0;
  while (u < m) {
    if (!bad[u]) {
      u++;
      continue;
    }
    let v = u + 1;
    while (v < m && bad[v]) v++;
    spans.push({ from: starts[u], to: starts[v], text: readableText(runText(op, starts[u], starts[v])) });
    u = v;
  }
  return spans.length ? spans : undefined;
}

/** Strong right-to-left letters: their clusters' continuation glyphs stand before the head, in visual order. */
const RTL =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|\ud802[\udc00-\udfff]|\ud803[\udc00-\udfff]|\ud83a[\udc00-\udfff]/;

/**
 * Each glyph's own share of its cluster's text, for fonts that give a glyph a second code (its own
 * ToUnicode entry) rather than a span: a cluster's code points (canonically decomposed when it has
 * more glyphs than characters) are dealt to its glyphs in reading order — left to right, or right to
 * left for a right-to-left cluster —, the last glyph taking what is left, so that every reader,
 * reading the codes in the order it reads glyphs, puts the cluster's text back together. A glyph
 * left with nothing (more glyphs than decomposed characters) keeps ''.
 */
export function dealtTexts(op: GlyphRunOp): GlyphTexts {
  const n = op.glyphs.length;
  const text = op.text;
  // a string holds one unit a glyph, never '' (ir/draw-ops.ts GlyphTexts): nothing to deal out
  if (typeof text === 'string') return text;
  let plain = true;
  for (let i = 0; i < n && plain; i++) plain = text[i] !== '';
  if (plain) return text;
  const out = text.slice();
  const claimed = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (text[i] === '') continue;
    let a = i,
      b = i + 1;
    const rtl = RTL.test(text[i]);
    if (rtl) while (a > 0 && text[a - 1] === '' && !claimed[a - 1]) a--;
    // A text_path letter puts a right-to-left cluster's text on its leftmost glyph (passes/layout/text-path.ts).
    if (!rtl || a === i) while (b < n && text[b] === '') b++;
    if (b - a === 1) continue;
    for (let j = a; j < b; j++) claimed[j] = 1;
    let cps = Array.from(text[i]);
    if (cps.length < b - a) cps = Array.from(text[i].normalize('NFD'));
    const k = b - a;
    for (let j = 0; j < k; j++) {
      const t = j < k - 1 ? (cps[j] ?? '') : cps.slice(j).join('');
      out[rtl ? b - 1 - j : a + j] = t;
    }
  }
  return out;
}
