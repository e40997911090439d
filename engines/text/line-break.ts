// engines/text/line-break.ts — text engine: where a line may break inside a paragraph (spec: text,
// `break_after`; docs/reference.md, "Line breaking"). With `break_after` the client's own characters
// and nowhere else. Absent, by script:
// - space-separated scripts (Latin, Greek, Cyrillic, Arabic, Hebrew, Indic, Korean…): after spaces
//   (and tabs, the zero-width space) and at soft hyphens only — a hard hyphen or a slash is not an
//   opportunity unless `break_after` names it. The Unicode line-breaking algorithm (UAX #14, as the
//   `linebreak` package implements it) still decides where around those spaces a break is allowed
//   (none before `.`, `,`, `!`, a closing quote…);
// - Chinese and Japanese (Han, kana, CJK punctuation, fullwidth forms): between characters, with
//   UAX #14's prohibitions (no line starts with `、。」ー` or a small kana, none ends with `「（`);
// - Thai, Lao, Khmer and Myanmar: between words, as `Intl.Segmenter` (ICU's dictionaries) finds them.
// Mandatory breaks (U+2028 and the like) end a line without ending the paragraph.
import { createRequire } from 'node:module';
import type LineBreakerType from 'linebreak';
import { asciiBreaks } from './ascii-breaks.js';

// Loaded on first use: plain text never needs it, and a fresh worker or CLI starts faster without it.
const require = createRequire(import.meta.url);
let LineBreaker: typeof LineBreakerType | undefined;

export const SOFT_HYPHEN = '\u00ad';

/** A break opportunity after the character before `position`; `required`: the line must end there. */
export interface BreakAt {
  position: number;
  required: boolean;
}

/**
 * Characters whose only UAX #14 opportunity is after a run of spaces (letters, digits, full stop,
 * comma, colon, semicolon, quotes): a paragraph made of them alone skips the algorithm, which costs
 * 30–60 ns a character (../shared/notes/fast-layout.md §4.2). Checked against the full path by a test.
 */
const SIMPLE = /^[A-Za-z0-9 .,;:'"]*$/;
/** The same with hyphens between digits (dates, ranges: `2024-01-01`): never an opportunity either. */
const SIMPLE_DIGIT_HYPHENS = /^(?:[A-Za-z .,;:'"]|[0-9](?:-(?=[0-9]))?)*$/;

/** Whether `text` has opportunities only after runs of spaces (the fast path below). */
export function breaksOnlyAfterSpaces(text: string): boolean {
  return SIMPLE.test(text) || SIMPLE_DIGIT_HYPHENS.test(text);
}

/**
 * Chinese and Japanese: Han (with its radicals, compatibility ideographs and the supplementary
 * planes' ideographs), kana, bopomofo, CJK symbols and punctuation, enclosed and compatibility
 * forms, vertical and small forms, fullwidth and halfwidth forms. Hangul is not here: Korean is
 * set with spaces between words, and breaks there (as CSS `word-break: keep-all`).
 */
const CJK =
  /[\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u31a0-\u31ff\u3200-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe10-\ufe1f\ufe30-\ufe4f\uff00-\uff9f\uffe0-\uffef]|[\ud840-\ud8bf][\udc00-\udfff]/;
/** Thai, Lao, Myanmar (with extensions A and B) and Khmer (with its symbols): words without spaces. */
const DICTIONARY = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u19e0-\u19ff\ua9e0-\ua9ff\uaa60-\uaa7f]/;
/** The scripts that break inside a run of letters (CJK between characters, the rest between words). */
export const NO_SPACE_SCRIPTS = new RegExp(`${CJK.source}|${DICTIONARY.source}`);

/** After these a line may break by default: spaces (UAX #14 classes SP, BA spaces, ZW), tabs and soft hyphens. */
function isSpaceLike(c: number): boolean {
  return (
    c === 32 ||
    c === 9 ||
    c === 0xad ||
    c === 0x200b ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a && c !== 0x2007) ||
    c === 0x205f ||
    c === 0x3000
  );
}

function isCjkAt(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const c = text.charCodeAt(i);
  if (c < 0x2e80) return false;
  if (c >= 0xdc00 && c <= 0xdfff && i > 0) return CJK.test(text.slice(i - 1, i + 1));
  return CJK.test(text.slice(i, c >= 0xd800 && c <= 0xdbff ? i + 2 : i + 1));
}

/**
 * The positions of breakOpportunities(text) when its fast path applies (no `break_after`, text
 * breaking only after spaces), as plain numbers (none required); undefined otherwise. For a caller
 * that cuts a long paragraph and would otherwise make an object per word.
 */
export function spaceOpportunities(text: string): number[] | undefined {
  if (!SIMPLE.test(text) && !SIMPLE_DIGIT_HYPHENS.test(text)) return undefined;
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== 32 || i + 1 >= text.length) continue;
    const next = text.charCodeAt(i + 1);
    if (next === 32 || next === 46 || next === 44 || next === 59 || next === 58) continue;
    out.push(i + 1);
  }
  out.push(text.length);
  return out;
}

/** Every opportunity in `text`, in order, the end of the text included. */
export function breakOpportunities(text: string, breakAfter?: string, softHyphens = false): BreakAt[] {
  if (breakAfter !== undefined) return customBreaks(text, breakAfter, softHyphens);
  if (SIMPLE.test(text) || SIMPLE_DIGIT_HYPHENS.test(text)) {
    const out: BreakAt[] = [];
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) !== 32 || i + 1 >= text.length) continue;
      const next = text.charCodeAt(i + 1);
      // LB13: never before . , ; : (class IS), even after spaces.
      if (next === 32 || next === 46 || next === 44 || next === 59 || next === 58) continue;
      out.push({ position: i + 1, required: false });
    }
    out.push({ position: text.length, required: false });
    return out;
  }
  return defaultBreaks(text);
}

/** The general path: UAX #14's opportunities kept where the script's rule allows one, plus dictionary word ends. */
export function defaultBreaks(text: string): BreakAt[] {
  // printable ASCII: UAX #14's few rules there, without loading the package (ascii-breaks.ts)
  const ascii = asciiBreaks(text);
  if (ascii) return ascii;
  const out: BreakAt[] = [];
  const words = DICTIONARY.test(text) ? dictionaryBreaks(text) : undefined;
  let w = 0;
  LineBreaker ??= require('linebreak') as typeof LineBreakerType;
  const breaker = new LineBreaker(text);
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    const p = bk.position;
    if (words) while (w < words.length && words[w] < p) out.push({ position: words[w++], required: false });
    if (words && words[w] === p) w++;
    if (p >= text.length) continue;
    if (bk.required || isSpaceLike(text.charCodeAt(p - 1)) || isCjkAt(text, p - 1) || isCjkAt(text, p))
      out.push({ position: p, required: bk.required });
  }
  if (words) while (w < words.length && words[w] < text.length) out.push({ position: words[w++], required: false });
  out.push({ position: text.length, required: false });
  return out;
}

let wordSegmenter: Intl.Segmenter | undefined;

/**
 * Word boundaries between two letters of a dictionary script (Thai, Lao, Khmer, Myanmar), as
 * `Intl.Segmenter` reports them: ICU picks the dictionary by script, whatever the locale. Only
 * boundaries inside a run of such letters count: around it UAX #14 and spaces decide.
 */
function dictionaryBreaks(text: string): number[] {
  wordSegmenter ??= new Intl.Segmenter('th', { granularity: 'word' });
  const out: number[] = [];
  for (const s of wordSegmenter.segment(text)) {
    const p = s.index;
    if (p === 0) continue;
    if (DICTIONARY.test(text[p - 1]) && DICTIONARY.test(text[p])) out.push(p);
  }
  return out;
}

/**
 * `break_after` given: a line may break after any of its characters and nowhere else (after the
 * last of a run, so a run of spaces stays on the line it ends). Soft hyphens that `hyphenate`
 * inserted count whatever the set, since the client asked for them.
 */
function customBreaks(text: string, breakAfter: string, softHyphens: boolean): BreakAt[] {
  const set = new Set(Array.from(breakAfter));
  if (softHyphens) set.add(SOFT_HYPHEN);
  const out: BreakAt[] = [];
  const chars = Array.from(text);
  let pos = 0;
  for (let i = 0; i < chars.length; i++) {
    pos += chars[i].length;
    if (!set.has(chars[i])) continue;
    if (i + 1 < chars.length && chars[i + 1] === chars[i]) continue;
    if (pos < text.length) out.push({ position: pos, required: false });
  }
  out.push({ position: text.length, required: false });
  return out;
}
