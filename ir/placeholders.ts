// ir/placeholders.ts — pagination placeholders in text (spec: text item, "Pagination
// placeholders are accepted in text and are resolved once the last page exists"; syntax not shown).
// Decision (docs/reference.md): `{current_page}` and `{total_pages}`, spelled as in coordinate
// expressions; `{{` writes `{` and `}}` writes `}`. Reading checks the syntax (an unknown name in
// braces is refused, so a typo never prints); layout resolves them per page, after pagination.

export const PLACEHOLDERS = ['current_page', 'total_pages'] as const;
export type PlaceholderName = (typeof PLACEHOLDERS)[number];

export type PlaceholderScan = { ok: true; has: boolean } | { ok: false; name: string };

const NAME = /^\{([A-Za-z_][A-Za-z0-9_]*)\}/;

/**
 * Checks a text for placeholders. A `{` followed by a name and `}` must be a known placeholder; any
 * other lone brace stays literal text. Says whether anything needs resolving (escapes included).
 */
export function scanPlaceholders(text: string): PlaceholderScan {
  if (text.indexOf('{') < 0 && text.indexOf('}}') < 0) return { ok: true, has: false };
  let has = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */) {
      if (text.charCodeAt(i + 1) === 0x7b) {
        has = true;
        i++;
        continue;
      }
      const m = NAME.exec(text.slice(i, i + 64));
      if (m) {
        if (!(PLACEHOLDERS as readonly string[]).includes(m[1])) return { ok: false, name: m[1] };
        has = true;
        i += m[0].length - 1;
      }
    } else if (c === 0x7d /* } */ && text.charCodeAt(i + 1) === 0x7d) {
      has = true;
      i++;
    }
  }
  return { ok: true, has };
}

/** The text with placeholders replaced by the page number and total, escapes undone. */
export function resolvePlaceholders(text: string, page: number, total: number): string {
  return text.replace(/\{\{|\}\}|\{(current_page|total_pages)\}/g, (m, name: string | undefined) => {
    if (m === '{{') return '{';
    if (m === '}}') return '}';
    return String(name === 'current_page' ? page : total);
  });
}

/** The first page placeholder a text holds (escaped braces are not one), or undefined. */
export function pagePlaceholderIn(text: string): PlaceholderName | undefined {
  const m = /\{\{|\}\}|\{(current_page|total_pages)\}/g;
  for (let r = m.exec(text); r; r = m.exec(text)) if (r[1]) return r[1] as PlaceholderName;
  return undefined;
}
