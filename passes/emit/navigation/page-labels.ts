// passes/emit/navigation/page-labels.ts — emit sub-step: the catalog's /PageLabels number tree (ISO 32000-1
// §12.4.2) from `renumber`. One flat /Nums array (a leaf holding every range: documents have few);
// a range for page index 0 is always present (§12.4.2: the tree shall include a value for page
// index 0), decimal from 1 when the request's first range starts later.
import { type PDFContext, PDFHexString, type PDFRef } from 'pdf-lib';
import type { LabelStyle, RenumberEntry } from '../../../ir/types.js';

/** Table 159's /S values; `none` writes no /S (labels are the prefix alone). */
const STYLE: Record<LabelStyle, string | undefined> = {
  decimal: 'D',
  upper_roman: 'R',
  lower_roman: 'r',
  upper_letters: 'A',
  lower_letters: 'a',
  none: undefined,
};

/** The /PageLabels entry, or undefined when the request does not renumber. Entries past the last page are left out. */
export function pageLabelsTree(
  context: PDFContext,
  entries: readonly RenumberEntry[] | undefined,
  pages: number,
): PDFRef | undefined {
  if (!entries?.length) return undefined;
  const nums: unknown[] = [];
  const inRange = entries.filter((e) => e.page <= pages);
  if (!inRange.length || inRange[0].page > 1) nums.push(0, context.obj({ S: 'D' }));
  for (const e of inRange) {
    const d: Record<string, unknown> = {};
    const s = STYLE[e.style];
    if (s) d.S = s;
    if (e.prefix) d.P = PDFHexString.fromText(e.prefix);
    if (e.start !== 1) d.St = e.start;
    nums.push(e.page - 1, context.obj(d as never));
  }
  return context.register(context.obj({ Nums: nums as never }));
}
