// engines/text/hyphenation.ts — text engine, hyphenation: marks where a word may be divided, with TeX's
// patterns (Liang's algorithm, as the `hyphen` package ports them from CTAN), by inserting soft
// hyphens. The line breaker then treats them as it treats soft hyphens the client wrote: a break
// opportunity that shows a hyphen only where the line breaks (spec: text, `break_after`).
import { createRequire } from 'node:module';
import { hasPatterns } from '../../ir/hyphenation-languages.js';

const require = createRequire(import.meta.url);

/** Tags that stand for a pattern file of another name. */
const ALIASES: Record<string, string> = { en: 'en-us', de: 'de-1996' };

/** Words shorter than this are never divided (TeX's \lefthyphenmin + \righthyphenmin = 2 + 3). */
export const MIN_WORD_LENGTH = 5;

type HyphenateSync = (text: string, options?: { minWordLength?: number }) => string;
const loaded = new Map<string, HyphenateSync>();

/** The text with U+00AD soft hyphens at every place the language's patterns allow a division. */
export function hyphenate(text: string, lang: string): string {
  const tag = lang.toLowerCase();
  if (!hasPatterns(tag)) throw new Error(`no hyphenation patterns for ${lang}`);
  const file = ALIASES[tag] ?? tag;
  let fn = loaded.get(file);
  if (!fn) {
    fn = (require(`hyphen/${file}`) as { hyphenateSync: HyphenateSync }).hyphenateSync;
    loaded.set(file, fn);
  }
  return fn(text, { minWordLength: MIN_WORD_LENGTH });
}
