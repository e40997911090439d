// passes/pagination/file-pages.ts — pagination sub-step, once the page count is known: keys of the
// standards area (page_files, page_metadata) and page_spaces name pages the finished document has.

import { plainNumbering, resolvePageRef } from '../../ir/page-refs.js';
import type { DocSettings } from '../../ir/types.js';

/**
 * Pages that page_files, page_metadata and page_spaces name must exist (spec Conventions, "Page references":
 * refused wherever a key names a page the document lacks, in the request's numbering). Called by
 * pagination once the count is known.
 */
export function checkFilePages(doc: DocSettings, count: number): void {
  const numbering = plainNumbering(count);
  for (const pf of doc.files?.pageFiles ?? []) resolvePageRef(numbering, pf.page, `${pf.at}/page`);
  for (const pm of doc.files?.pageMetadata ?? []) resolvePageRef(numbering, pm.page, `${pm.at}/page`);
  // page_spaces too: the spec states no exception for it (issue 17), so an entry for a page the
  // document lacks is refused rather than accepted and silently unused.
  for (const ps of doc.graphics?.pageSpaces.values() ?? []) resolvePageRef(numbering, ps.page, `${ps.at}/page`);
}
