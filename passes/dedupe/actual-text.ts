// passes/dedupe/actual-text.ts — dedupe pass, extraction: which stretches of a glyph run a reader
// must read from /ActualText (ISO 32000-1 §14.9.4) because the font's ToUnicode cannot say it.
// A font has one ToUnicode entry per code, and the first text a glyph is drawn for becomes it; a glyph
// shared by clusters of different text (an Arabic positional form, a Devanagari matra or conjunct, a
// ligature of different source text, a chain's fallback glyph) then reads wrong at every later use,
// and a glyph that only continues a cluster (drawn with others for one stretch of text) has no entry.
// Such a cluster is wrapped in a span carrying its own text, so the font's ToUnicode stays right for
// the common case and the cost falls only where a glyph disagrees (docs/reference.md, "Extraction").
// A span holds one cluster's text in logical order; clusters stay in the run's visual order, so a
// reader reorders right-to-left lines as it does for unspanned glyphs.

import type { ActualSpan, GlyphRunOp } from '../../ir/draw-ops.js';

/** The text each glyph's ToUnicode entry gives, by glyph id (a sparse array: faster than a Map per glyph). */
export type FirstText = string[];

/**
 * Records the run's glyphs in `first` (the first text drawn wins, as ToUnicode is written) and says
 * whether the run needs spans: a glyph whose text here differs from its entry, or one with no text
 * of its own (it continues a cluster, and has no entry).
 */
export function recordRun(op: GlyphRunOp, first: FirstText, onNew: (g: number, t: string) => void): boolean {
  let needs = false;
  const { glyphs, text } = op;
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i];
    const t = text[i];
    const had = first[g];
    if (had === undefined) {
      first[g] = t;
      onNew(g, t);
    } else if (had !== t) needs = true;
    // A glyph that only continues a cluster has no ToUnicode entry: readers would make up its text.
    if (t === '') needs = true;
  }
  return needs;
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
 * entries (or have none), adjacent ones merged into one span. Undefined when none is needed.
 */
export function spansOf(op: GlyphRunOp, first: FirstText): ActualSpan[] | undefined {
  const starts = units(op);
  const m = starts.length - 1;
  const bad: boolean[] = [];
  for (let u = 0; u < m; u++) {
    let b = false;
    for (let i = starts[u]; i < starts[u + 1] && !b; i++) b = op.text[i] === '' || first[op.glyphs[i]] !== op.text[i];
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
    spans.push({ from: starts[u], to: starts[v], text: op.text.slice(starts[u], starts[v]).join('') });
    u = v;
  }
  return spans.length ? spans : undefined;
}
