// ir/placeholders.ts — pagination placeholders in text (spec: text item, "Pagination
// placeholders are accepted in text and are resolved once the last page exists"; syntax not shown).
// Decision (docs/reference.md): `{current_page}` and `{total_pages}`, spelled as in coordinate
// expressions; `{{` writes `{` and `}}` writes `}`. Reading checks the syntax (an unknown name in
// braces is refused, so a typo never prints); layout resolves them per page, after pagination.

export const PLACEHOLDERS = ['current_page', 'total_pages'] as const;
export type PlaceholderName = (typeof PLACEHOLDERS)[number];

export type PlaceholderScan = { ok: true; has: boolean } | { ok: false; name: string };

const NAME = /^\{([A-Za-z_][A-Za-z0-9_]*)\}/;
/** `{page_of:ID}` (issue 23): the page number of the item, story block or heading with that id. */
const PAGE_OF = /^\{page_of:([^{}\s]+)\}/;
const ALL = /\{\{|\}\}|\{(current_page|total_pages)\}|\{page_of:([^{}\s]+)\}/g;

/** The page a `{page_of:ID}` names, or undefined when the id is not known (yet). */
export type PageOf = (id: string) => number | undefined;

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
      const ref = PAGE_OF.exec(text.slice(i, i + 1100));
      if (ref) {
        has = true;
        i += ref[0].length - 1;
        continue;
      }
      // `{page_of:` opens a reference: one without an id, or with white space or a brace in it, is a typo.
      if (text.startsWith('{page_of:', i)) return { ok: false, name: 'page_of' };
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

/**
 * The text with placeholders replaced by the page number and total, escapes undone; a `{page_of:ID}`
 * by the page `pageOf` gives (an id it does not know prints as written: pagination refuses unknown ids first).
 */
export function resolvePlaceholders(text: string, page: number, total: number, pageOf?: PageOf): string {
  return text.replace(ALL, (m, name: string | undefined, ref: string | undefined) => {
    if (m === '{{') return '{';
    if (m === '}}') return '}';
    if (ref !== undefined) {
      const n = pageOf?.(ref);
      return n === undefined ? m : String(n);
    }
    return String(name === 'current_page' ? page : total);
  });
}

/** The ids a text's `{page_of:ID}` placeholders name, in order (escaped braces are not one). */
export function pageOfRefsIn(text: string): string[] {
  const out: string[] = [];
  if (text.indexOf('{page_of:') < 0) return out;
  const m = new RegExp(ALL.source, 'g');
  for (let r = m.exec(text); r; r = m.exec(text)) if (r[2] !== undefined) out.push(r[2]);
  return out;
}

/** The first page placeholder a text holds (escaped braces are not one), or undefined. */
export function pagePlaceholderIn(text: string): PlaceholderName | undefined {
  const m = /\{\{|\}\}|\{(current_page|total_pages)\}/g;
  for (let r = m.exec(text); r; r = m.exec(text)) if (r[1]) return r[1] as PlaceholderName;
  return undefined;
}
