// ir/hyphenation-languages.ts — the languages `hyphenate` accepts (the `hyphen` package's TeX pattern
// files). Reading checks a text's language (ir/read/text.ts, table.ts); the text engine divides words
// (engines/text/hyphenation.ts).

/** Languages with patterns, as BCP 47 tags in lower case (the `hyphen` package's pattern files). */
export const HYPHENATION_LANGUAGES = [
  'af', 'as', 'be', 'bg', 'bn', 'ca', 'cop', 'cs', 'cu', 'cy', 'da', 'de', 'de-1901', 'de-1996', 'de-ch-1901',
  'el-monoton', 'el-polyton', 'en', 'en-gb', 'en-us', 'es', 'et', 'eu', 'fi', 'fi-x-school', 'fr', 'fur', 'ga', 'gl',
  'grc', 'gu', 'hi', 'hr', 'hsb', 'hu', 'hy', 'ia', 'id', 'is', 'it', 'ka', 'kmr', 'kn', 'la', 'la-x-classic',
  'la-x-liturgic', 'lt', 'lv', 'mk', 'ml', 'mn-cyrl', 'mn-cyrl-x-lmc', 'mr', 'mul-ethi', 'nb', 'nl', 'nn', 'no', 'oc',
  'or', 'pa', 'pi', 'pl', 'pms', 'pt', 'rm', 'ro', 'ru', 'sa', 'sh-cyrl', 'sh-latn', 'sk', 'sl', 'sq', 'sr-cyrl', 'sv',
  'ta', 'te', 'th', 'tk', 'tr', 'uk', 'zh-latn-pinyin',
] as const;

/** Whether a language tag has patterns (case-insensitive). */
export function hasPatterns(lang: string): boolean {
  return (HYPHENATION_LANGUAGES as readonly string[]).includes(lang.toLowerCase());
}
