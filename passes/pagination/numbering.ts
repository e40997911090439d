// passes/pagination/numbering.ts — the one place the request's page numbering is obtained for page
// references (bookmarks, destinations, links, beads, print ranges): the page labels of `renumber`
// (ir/page-refs.ts), else plain 1-based numbering.

import { labelledNumbering, type PageNumbering, plainNumbering } from '../../ir/page-refs.js';
import type { DocSettings } from '../../ir/types.js';

export function requestNumbering(doc: DocSettings, count: number): PageNumbering {
  return doc.renumber ? labelledNumbering(count, doc.renumber) : plainNumbering(count);
}
