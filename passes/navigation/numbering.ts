// passes/navigation/numbering.ts — the one place the request's page numbering is obtained for page
// references (bookmarks, destinations, links, beads, print ranges). Plain 1-based numbering until
// the page labels of `renumber` arrive in passes/page-refs.ts; swapping is this one line.
import type { DocSettings } from '../../ir/types.js';
import { plainNumbering, type PageNumbering } from '../page-refs.js';

export function requestNumbering(_doc: DocSettings, count: number): PageNumbering {
  return plainNumbering(count);
}
