// ir/private-use.ts — Unicode Private Use Area code points in drawn text. Their meaning is the font's
// alone (an icon, a powerline arrow, a symbol font's glyph), so a reader extracting them gets nothing
// it can use, and PDF/A-2/3 level A (ISO 19005-2 §6.2.11.7.3) asks for an /ActualText over every
// character the ToUnicode map sends there. The emit pass wraps such clusters in a span whose
// /ActualText replaces each of those code points by U+FFFD REPLACEMENT CHARACTER — the character
// Unicode gives for one it cannot represent — and keeps the rest of the cluster's text; PDF/A-4
// (§6.2.10.8) forbids the Private Use Area in /ActualText itself, which U+FFFD is outside of.

/** The Private Use Area of the BMP and the supplementary planes 15 and 16 (as UTF-16). */
const PUA = /[\ue000-\uf8ff]|[\udb80-\udbff][\udc00-\udfff]/;
const PUA_ALL = /[\ue000-\uf8ff]|[\udb80-\udbff][\udc00-\udfff]/g;

/**
 * Whether the text holds a Private Use Area code point (what `PUA` matches). A loop over the code
 * units: the dedupe pass asks this of every glyph's text, and a regular expression there cost about
 * half of that pass on a long document (bench/README.md, "Dedupe and emit, seventh wave").
 */
export function hasPrivateUse(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdb80) continue;
    if (c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) return true;
    } else if (c >= 0xe000 && c <= 0xf8ff) return true;
  }
  return false;
}

/** The text an /ActualText gives for drawn text: each Private Use Area code point as U+FFFD. */
export function readableText(text: string): string {
  return PUA.test(text) ? text.replace(PUA_ALL, '\ufffd') : text;
}
