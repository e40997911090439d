// engines/text/bidi.ts — text engine, direction: the Unicode Bidirectional Algorithm (UAX #9, as bidi-js
// implements it) for one paragraph, so Arabic and Hebrew come out in the right order. The paragraph's
// levels are resolved once; each line is then cut into runs in visual order, each run shaped in its
// own direction (right-to-left runs with mirrored brackets).
import { createRequire } from 'node:module';
import type { Bidi } from 'bidi-js';

// Loaded on first use (only paragraphs holding right-to-left text need it), so a fresh worker or CLI
// starts faster. bidi-js's CommonJS entry exports the factory itself.
const require = createRequire(import.meta.url);
let instance: Bidi | undefined;
function bidiApi(): Bidi {
  if (!instance) {
    const mod = require('bidi-js') as (() => Bidi) | { default: () => Bidi };
    instance = (typeof mod === 'function' ? mod : mod.default)();
  }
  return instance;
}

export type BaseDirection = 'ltr' | 'rtl' | 'auto';

export interface Paragraph {
  text: string;
  levels: Uint8Array;
  /** The paragraph's own direction once resolved ('auto' looks at the first strong character). */
  rtl: boolean;
}

/** A stretch of one line in one direction, in visual order; `start`/`end` index the paragraph text. */
export interface VisualRun {
  start: number;
  end: number;
  rtl: boolean;
  /** The run's text in logical order (shape it with the run's direction). */
  text: string;
}

export function resolveParagraph(text: string, base: BaseDirection): Paragraph {
  const r = bidiApi().getEmbeddingLevels(text, base === 'auto' ? undefined : base);
  return { text, levels: r.levels, rtl: r.paragraphs[0]?.level === 1 };
}

/** Whether a paragraph needs the algorithm at all (no right-to-left character: one run, as written). */
export function isAllLeftToRight(p: Paragraph): boolean {
  for (let i = 0; i < p.levels.length; i++) if (p.levels[i] !== 0) return false;
  return true;
}

/**
 * The runs of the line [start, end) of a resolved paragraph, in visual order (left to right on the
 * page). Rule L2 reverses runs at each level from the highest down; contiguous characters of one
 * level form one run.
 */
export function visualRuns(p: Paragraph, start: number, end: number): VisualRun[] {
  const order = bidiApi().getReorderedIndices(
    p.text,
    { levels: p.levels, paragraphs: [{ start: 0, end: p.text.length - 1, level: p.rtl ? 1 : 0 }] },
    start,
    end - 1,
  ) as number[];
  const runs: VisualRun[] = [];
  // bidi-js returns the whole string's order with only [start, end] reordered; keep this line's part.
  for (const idx of order) {
    if (idx < start || idx >= end) continue;
    const rtl = (p.levels[idx] & 1) === 1;
    const last = runs[runs.length - 1];
    // Extend the current run when the next visual index continues it in its own direction.
    if (last && last.rtl === rtl && (rtl ? idx === last.start - 1 : idx === last.end)) {
      if (rtl) last.start = idx;
      else last.end = idx + 1;
      continue;
    }
    runs.push({ start: idx, end: idx + 1, rtl, text: '' });
  }
  for (const r of runs) r.text = p.text.slice(r.start, r.end);
  return runs;
}

/** A right-to-left run's characters with brackets and the like replaced by their mirror images (rule L4). */
export function mirror(text: string): string {
  let out = '';
  const bidi = bidiApi();
  for (const ch of text) out += bidi.getMirroredCharacter(ch) ?? ch;
  return out;
}
