// engines/text/paragraph.ts — text engine: one paragraph into lines. The paragraph's styled spans are cut
// at break opportunities (line-break.ts) into atoms — words, runs of spaces, tabs — each shaped once
// through `shapeText` (the face caches words), then filled greedily into lines no wider than the
// measure. Trailing spaces hang past the measure and are not drawn; a soft hyphen shows a hyphen only
// where the line breaks at it; an over-wide word runs past the edge (`overlong: overflow`) or is cut
// between two characters (`break`). Lines are drawn by line-draw.ts.

import {
  type Atom,
  hyphenWidth,
  type Measured,
  measure,
  measureIn,
  type RunStyle,
  SPACE,
  type Span,
  shapeIn,
  TAB,
  TEXT,
  wordsOf,
} from './atoms.js';
import { type Paragraph as BidiParagraph, isAllLeftToRight, resolveParagraph } from './bidi.js';
import { hyphenate } from './hyphenation.js';
import { optimalBreaks } from './justify.js';
import {
  type BreakAt,
  breakOpportunities,
  breaksOnlyAfterSpaces,
  NO_SPACE_SCRIPTS,
  SOFT_HYPHEN,
  spaceOpportunities,
} from './line-break.js';
import { type TabRules, tabAlign, tabStop } from './tabs.js';
import { chargeText, LAYING_CHAR_BYTES, releaseText } from './text-memory.js';
import { wordEnd, wordHash, wordIndex } from './word-index.js';

export interface ParagraphRules {
  overlong: 'overflow' | 'break';
  breakAfter?: string;
  hyphenate?: string;
  /** Absent: a tab is set as a space (text items). */
  tabs?: TabRules;
  /** Break for justification by total fit (justify.ts) rather than first fit. */
  optimal?: boolean;
}

export interface Indents {
  left: number;
  right: number;
  firstLine: number;
}

export interface Line {
  /** Atoms [from, to) belong to the line; [from, visibleTo) are drawn (trailing spaces hang). */
  from: number;
  to: number;
  visibleTo: number;
  /** Left edge of the line's measure from the block's left edge, and its width. */
  indent: number;
  measure: number;
  /** Width of what is drawn, the hyphen included. */
  width: number;
  hyphen: boolean;
  /** Ends the paragraph or at a required break: never stretched by `justify`. */
  last: boolean;
  hasTab: boolean;
  /** The largest leading, ascender, cap height and (negative) descender of the styles on the line, points. */
  leading: number;
  ascender: number;
  capHeight: number;
  descender: number;
}

export interface LaidParagraph {
  text: string;
  atoms: Atom[];
  lines: Line[];
  /** Resolved levels when the paragraph holds right-to-left text (bidi.ts); absent for left-to-right. */
  bidi?: BidiParagraph;
  /** The paragraph's base direction is right to left. */
  rtl: boolean;
  /** Whether it holds a letter of a script set without spaces: false for plain ASCII, else found when a justified line first asks (line-draw.ts). */
  noSpaceScript?: boolean;
}

/** Slack for floating-point widths: a line that fits to a millionth of a point fits. */
const EPS = 1e-6;

/** Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, …) and their presentation forms: the bidi algorithm runs only when one is present. */
const RTL_CHARS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|\ud802[\udc00-\udfff]|\ud83a[\udc00-\udfff]/;

function withoutSoftHyphens(s: string): string {
  return s.indexOf(SOFT_HYPHEN) < 0 ? s : s.split(SOFT_HYPHEN).join('');
}

const NOTHING: Measured = { segs: [], perPoint: 0, glyphs: 0, spaces: 0, placed: 0 };

/**
 * The atoms of a paragraph in one span whose text breaks only after runs of spaces (most flow
 * paragraphs: `breaksOnlyAfterSpaces`): what buildAtoms makes of it, in one scan, without the list of
 * opportunities, with the font's word cache looked up once and a single space measured once. A run of
 * spaces is an opportunity unless the text ends there or `.` `,` `;` `:` follows it (LB13).
 */
function plainAtoms(text: string, span: Span): Atom[] {
  const atoms: Atom[] = [];
  const style = span.style,
    font = style.font,
    size = style.size,
    at = span.at;
  const words = wordsOf(font);
  const index = wordIndex(words);
  let space: Measured | undefined;
  const n = text.length;
  let i = 0;
  while (i < n) {
    let j = i + 1;
    let m: Measured;
    let kind: typeof SPACE | typeof TEXT;
    if (text.charCodeAt(i) === 32) {
      kind = SPACE;
      while (j < n && text.charCodeAt(j) === 32) j++;
      m = j === i + 1 ? (space ??= measureIn(words, font, ' ', at)) : measureIn(words, font, text.slice(i, j), at);
    } else {
      kind = TEXT;
      // The word's hash is taken as it is scanned: a word met before is found without cutting it out.
      j = wordEnd(text, i, n);
      const h = wordHash;
      const hit = index.find(text, i, j, h);
      if (hit) m = hit;
      else {
        const word = text.slice(i, j);
        m = measureIn(words, font, word, at);
        index.add(word, h, m);
      }
    }
    let brk: 0 | 1 = 0;
    if (j === n) brk = 1;
    else if (kind === SPACE) {
      const next = text.charCodeAt(j);
      if (next !== 46 && next !== 44 && next !== 59 && next !== 58) brk = 1;
    }
    atoms.push({
      start: i,
      end: j,
      kind,
      style,
      span,
      segs: m.segs,
      width: m.perPoint * size,
      glyphs: m.glyphs,
      spaces: m.spaces,
      brk,
      shy: false,
    });
    i = j;
  }
  return atoms;
}

/** Builds the atoms of a paragraph: cut at opportunities, at span boundaries and between words, spaces and tabs. */
function buildAtoms(text: string, spans: Span[], starts: number[], rules: ParagraphRules): Atom[] {
  const atoms: Atom[] = [];
  // Plain text (most paragraphs) takes its opportunities as positions, without an object per word.
  const plain = rules.breakAfter === undefined ? spaceOpportunities(text) : undefined;
  const opps = plain ?? breakOpportunities(text, rules.breakAfter, rules.hyphenate !== undefined);
  let s = 0; // current span
  let a = 0;
  for (let o = 0; o < opps.length; o++) {
    const opp = plain ? undefined : (opps as BreakAt[])[o];
    const b = plain ? plain[o] : opp!.position;
    let i = a;
    while (i < b) {
      while (s + 1 < spans.length && starts[s + 1] <= i) s++;
      const spanEnd = s + 1 < spans.length ? Math.min(starts[s + 1], b) : b;
      const c = text.charCodeAt(i);
      const kind = c === 32 ? SPACE : c === 9 && rules.tabs ? TAB : TEXT;
      let j = i + 1;
      if (kind === SPACE) while (j < spanEnd && text.charCodeAt(j) === 32) j++;
      else if (kind === TEXT)
        while (j < spanEnd && text.charCodeAt(j) !== 32 && !(text.charCodeAt(j) === 9 && rules.tabs)) j++;
      const span = spans[s];
      const m =
        kind === TAB
          ? NOTHING
          : kind === SPACE && j === i + 1
            ? measure(span.style.font, ' ', span.at)
            : measure(span.style.font, withoutSoftHyphens(text.slice(i, j)), span.at);
      atoms.push({
        start: i,
        end: j,
        kind,
        style: span.style,
        span,
        segs: m.segs,
        width: m.perPoint * span.style.size,
        glyphs: m.glyphs,
        spaces: m.spaces,
        brk: 0,
        shy: false,
      });
      i = j;
    }
    if (atoms.length && b > a) {
      const last = atoms[atoms.length - 1];
      last.brk = opp?.required ? 2 : 1;
      last.shy = last.kind === TEXT && text.charCodeAt(b - 1) === 0xad;
    }
    a = b;
  }
  return atoms;
}

/**
 * Lays one paragraph (no newline inside) into lines `width` points wide less the indents. `empty`
 * is the style of an empty paragraph (its line still takes a leading).
 */
export function layParagraph(
  spans: Span[],
  rules: ParagraphRules,
  width: number,
  indents: Indents,
  empty: RunStyle,
): LaidParagraph {
  // Charged before anything is shaped, given back once laid (issue 20): see LAYING_CHAR_BYTES.
  let chars = 0;
  for (const sp of spans) chars += sp.text.length;
  const bytes = chars * LAYING_CHAR_BYTES;
  chargeText(bytes, spans[0]?.at ?? '');
  try {
    return layCharged(spans, rules, width, indents, empty);
  } finally {
    releaseText(bytes);
  }
}

function layCharged(
  spans: Span[],
  rules: ParagraphRules,
  width: number,
  indents: Indents,
  empty: RunStyle,
): LaidParagraph {
  const parts = rules.hyphenate ? spans.map((sp) => ({ ...sp, text: hyphenate(sp.text, rules.hyphenate!) })) : spans;
  const starts: number[] = [];
  let text = '';
  for (const sp of parts) {
    starts.push(text.length);
    text += sp.text;
  }
  // Plain ASCII text that breaks only after spaces (most flow paragraphs) holds no right-to-left
  // letter and none of a script set without spaces: the scans for them are spared.
  const plain = parts.length === 1 && rules.breakAfter === undefined && breaksOnlyAfterSpaces(text);
  const atoms = plain ? plainAtoms(text, parts[0]) : buildAtoms(text, parts, starts, rules);
  const noSpaceScript = plain ? false : undefined;
  let bidi: BidiParagraph | undefined;
  let rtl = false;
  if (!plain && RTL_CHARS.test(text)) {
    const p = resolveParagraph(text, 'auto');
    rtl = p.rtl;
    if (!isAllLeftToRight(p)) bidi = p;
  }
  const lines: Line[] = [];
  if (atoms.length === 0) {
    lines.push(
      lineMetrics(
        {
          from: 0,
          to: 0,
          visibleTo: 0,
          indent: indents.left + indents.firstLine,
          measure: width - indents.left - indents.right - indents.firstLine,
          width: 0,
          hyphen: false,
          last: true,
          hasTab: false,
        },
        atoms,
        empty,
      ),
    );
    return { text, atoms, lines, bidi, rtl, noSpaceScript };
  }
  const rest = width - indents.left - indents.right;
  // Total fit weighs the stretch of spaces; text set without them (CJK, Thai…) stretches between
  // characters instead (line-draw.ts), and every line of first fit can be filled that way.
  const planned =
    rules.optimal && !bidi && (plain || !NO_SPACE_SCRIPTS.test(text))
      ? optimalBreaks(atoms, rest - indents.firstLine, rest)
      : undefined;
  let i = 0;
  let li = 0;
  while (i < atoms.length) {
    const first = i === 0;
    const indent = indents.left + (first ? indents.firstLine : 0);
    const measure = width - indents.left - indents.right - (first ? indents.firstLine : 0);
    const end = planned ? plannedLine(atoms, i, planned[li++]) : fillLine(atoms, i, indent, measure, rules, text);
    const a = atoms[end.to - 1];
    let visibleTo = end.to;
    while (visibleTo > i && atoms[visibleTo - 1].kind === SPACE) visibleTo--;
    let hasTab = false;
    for (let k = i; k < end.to; k++)
      if (atoms[k].kind === TAB) {
        hasTab = true;
        break;
      }
    lines.push(
      lineMetrics(
        {
          from: i,
          to: end.to,
          visibleTo,
          indent,
          measure,
          width: end.width,
          hyphen: end.hyphen,
          last: end.to === atoms.length || a.brk === 2,
          hasTab,
        },
        atoms,
        atoms[i].style,
      ),
    );
    i = end.to;
  }
  return { text, atoms, lines, bidi, rtl, noSpaceScript };
}

function lineMetrics(
  l: Omit<Line, 'leading' | 'ascender' | 'capHeight' | 'descender'>,
  atoms: Atom[],
  fallback: RunStyle,
): Line {
  const out = l as Line;
  out.leading = 0;
  out.ascender = 0;
  out.capHeight = 0;
  out.descender = 0;
  let last: RunStyle | undefined;
  // Styles repeat along a line: visit each change only.
  for (let k = l.from; k < l.visibleTo; k++)
    if (atoms[k].style !== last) {
      last = atoms[k].style;
      visitStyle(out, last);
    }
  if (last === undefined) visitStyle(out, fallback);
  return out;
}

/** A style's leading and metrics, points, taken into the line's largest (a function, not a closure made per line). */
function visitStyle(out: Line, st: RunStyle): void {
  const m = st.font.face.metrics;
  const k = st.size / st.font.face.unitsPerEm;
  out.leading = Math.max(out.leading, st.leading);
  out.ascender = Math.max(out.ascender, m.ascender * k);
  out.capHeight = Math.max(out.capHeight, m.capHeight * k);
  out.descender = Math.min(out.descender, m.descender * k);
}

/** A line whose end the total-fit breaker chose: its width with the hyphen a soft hyphen shows. */
function plannedLine(atoms: Atom[], i: number, to: number): { to: number; width: number; hyphen: boolean } {
  let x = 0,
    visible = 0;
  for (let k = i; k < to; k++) {
    x += atoms[k].width;
    if (atoms[k].kind !== SPACE) visible = x;
  }
  const a = atoms[to - 1];
  const hyphen = a.shy && to < atoms.length;
  return { to, width: visible + (hyphen ? hyphenWidth(a.style, a.span.at) : 0), hyphen };
}

/**
 * Finds where the line starting at atom `i` ends: at the last opportunity that fits, or — when the
 * first unbreakable chunk is already too wide — after it (overflow) or inside it (break).
 */
function fillLine(
  atoms: Atom[],
  i: number,
  indent: number,
  measure: number,
  rules: ParagraphRules,
  text: string,
): { to: number; width: number; hyphen: boolean } {
  let x = 0,
    visible = 0,
    tabN = 0;
  let best = -1,
    bestW = 0,
    bestHy = false;
  for (let j = i; j < atoms.length; j++) {
    const a = atoms[j];
    if (a.kind === TAB) {
      a.width = tabWidth(atoms, j, indent + x, tabN++, rules.tabs!);
    }
    x += a.width;
    if (a.kind !== SPACE) visible = x;
    if (a.brk === 0 && j < atoms.length - 1) continue;
    const hy = a.shy && j < atoms.length - 1;
    const lineW = visible + (hy ? hyphenWidth(a.style, a.span.at) : 0);
    if (lineW <= measure + EPS) {
      best = j;
      bestW = lineW;
      bestHy = hy;
      if (a.brk === 2) break;
      continue;
    }
    if (best >= 0) break;
    if (rules.overlong === 'break') {
      const cut = cutChunk(atoms, i, j, measure, text);
      if (cut) return cut;
    }
    best = j;
    bestW = lineW;
    bestHy = hy;
    break;
  }
  return { to: best + 1, width: bestW, hyphen: bestHy };
}

let graphemes: Intl.Segmenter | undefined;

/**
 * `overlong: break`: the chunk of atoms [i, j] is wider than the measure on a line of its own; the
 * first text atom that crosses the edge is cut after the last character that fits (one character
 * at least, so every line makes progress). The two halves replace it in `atoms`.
 */
function cutChunk(
  atoms: Atom[],
  i: number,
  j: number,
  measure: number,
  text: string,
): { to: number; width: number; hyphen: boolean } | undefined {
  let x = 0;
  for (let k = i; k <= j; k++) {
    const a = atoms[k];
    if (a.kind !== TEXT || x + a.width <= measure + EPS) {
      x += a.width;
      continue;
    }
    const source = text.slice(a.start, a.end);
    graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
    const bounds = [...graphemes.segment(source)].map((g) => g.index + g.segment.length);
    // Binary search the longest prefix that fits in what is left of the measure.
    let lo = 0,
      hi = bounds.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      const w = shapeIn(a.style, withoutSoftHyphens(source.slice(0, bounds[mid - 1])), a.span.at).width;
      if (x + w <= measure + EPS) lo = mid;
      else hi = mid - 1;
    }
    if (lo === 0) {
      if (k > i) return { to: k, width: x, hyphen: false };
      lo = 1; // one character at least
    }
    if (lo >= bounds.length) {
      x += a.width;
      continue;
    }
    const cutAt = a.start + bounds[lo - 1];
    const head = shapeIn(a.style, withoutSoftHyphens(text.slice(a.start, cutAt)), a.span.at);
    const tail = shapeIn(a.style, withoutSoftHyphens(text.slice(cutAt, a.end)), a.span.at);
    const left: Atom = {
      ...a,
      end: cutAt,
      segs: head.segs,
      width: head.width,
      glyphs: head.glyphs,
      spaces: head.spaces,
      brk: 1,
      shy: false,
    };
    const right: Atom = {
      ...a,
      start: cutAt,
      segs: tail.segs,
      width: tail.width,
      glyphs: tail.glyphs,
      spaces: tail.spaces,
    };
    atoms.splice(k, 1, left, right);
    return { to: k + 1, width: x + head.width, hyphen: false };
  }
  return undefined;
}

/**
 * The gap a tab opens: to its stop, less what its alignment puts before the stop — all of the text
 * up to the next tab (right), half of it (center), or the part before the first `align_char`
 * (decimal; all of it when there is none). Never negative: text already past the stop stays put.
 */
function tabWidth(atoms: Atom[], j: number, pos: number, n: number, rules: TabRules): number {
  const stop = tabStop(rules, pos, n);
  const align = tabAlign(rules, n);
  let before = 0;
  if (align !== 'left') {
    let w = 0,
      visible = 0,
      decimal = -1;
    for (let k = j + 1; k < atoms.length && atoms[k].kind !== TAB; k++) {
      const a = atoms[k];
      if (align === 'decimal' && decimal < 0 && a.kind === TEXT) {
        const src = a.segs.map((s) => s.shaped.text.join('')).join('');
        const at = src.indexOf(rules.alignChar);
        if (at >= 0) decimal = w + shapeIn(a.style, src.slice(0, at), a.span.at).width;
      }
      w += a.width;
      if (a.kind !== SPACE) visible = w;
      if (a.brk === 2) break;
    }
    before = align === 'right' ? visible : align === 'center' ? visible / 2 : decimal >= 0 ? decimal : visible;
  }
  return Math.max(0, stop - before - pos);
}
