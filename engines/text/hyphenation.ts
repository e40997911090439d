// engines/text/hyphenation.ts — layout, hyphenation: marks where a word may be divided, with TeX's
// patterns (Liang's algorithm, as the `hyphen` package ports them from CTAN), by inserting soft
// hyphens. The line breaker then treats them as it treats soft hyphens the client wrote: a break
// opportunity that shows a hyphen only where the line breaks (spec: text, `break_after`).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Languages with patterns, as BCP 47 tags in lower case (the `hyphen` package's pattern files). */
export const HYPHENATION_LANGUAGES = [
  'af', 'as', 'be', 'bg', 'bn', 'ca', 'cop', 'cs', 'cu', 'cy', 'da', 'de', 'de-1901', 'de-1996', 'de-ch-1901',
  'el-monoton', 'el-polyton', 'en', 'en-gb', 'en-us', 'es', 'et', 'eu', 'fi', 'fi-x-school', 'fr', 'fur', 'ga', 'gl',
  'grc', 'gu', 'hi', 'hr', 'hsb', 'hu', 'hy', 'ia', 'id', 'is', 'it', 'ka', 'kmr', 'kn', 'la', 'la-x-classic',
  'la-x-liturgic', 'lt', 'lv', 'mk', 'ml', 'mn-cyrl', 'mn-cyrl-x-lmc', 'mr', 'mul-ethi', 'nb', 'nl', 'nn', 'no', 'oc',
  'or', 'pa', 'pi', 'pl', 'pms', 'pt', 'rm', 'ro', 'ru', 'sa', 'sh-cyrl', 'sh-latn', 'sk', 'sl', 'sq', 'sr-cyrl', 'sv',
  'ta', 'te', 'th', 'tk', 'tr', 'uk', 'zh-latn-pinyin',
] as const;

/** Tags that stand for a pattern file of another name. */
const ALIASES: Record<string, string> = { en: 'en-us', de: 'de-1996' };

/** Words shorter than this are never divided (TeX's \lefthyphenmin + \righthyphenmin = 2 + 3). */
export const MIN_WORD_LENGTH = 5;

type HyphenateSync = (text: string, options?: { minWordLength?: number }) => string;
const loaded = new Map<string, HyphenateSync>();

/** Whether a language tag has patterns (case-insensitive). */
export function hasPatterns(lang: string): boolean {
  return (HYPHENATION_LANGUAGES as readonly string[]).includes(lang.toLowerCase());
}

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
