// passes/licences/supplied.ts — the licence rule of imported pages (spec Errors, 402: "an imported page
// showing more than ten thousand words of its own; an imported page whose words cannot be counted"),
// decided in the licence pass before any drawing work.

import { PDFDict, PDFName, type PDFStream } from 'pdf-lib';
import { decodeBounded, UnpackLimitError } from '../../engines/supplied/guard.js';
import { refuseUnpack } from '../../engines/supplied/load.js';
import { pageParts } from '../../engines/supplied/page-parts.js';
import { flatWidgets } from '../../engines/supplied/widgets.js';
import { countPageWords, type WordCount } from '../../engines/supplied/words.js';
import { refuse } from '../../ir/messages.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { SuppliedPdf } from '../../ir/supplied-pdf.js';

/** Spec Limits: "Imported page words: More than 10 000 words needs a licence (402)". */
export const IMPORTED_PAGE_WORDS = 10_000;

/** Refuses (402) page `page` (1-based) of `src` when it shows more than 10 000 words or its words cannot be counted. */
export function checkImportedWords(src: SuppliedPdf, page: number, at: JsonPointer, partAt: JsonPointer): void {
  let parts;
  try {
    parts = pageParts(src, page - 1);
  } catch (e) {
    if (e instanceof UnpackLimitError) refuseUnpack(src, partAt);
    refuse('needsLicenceImportedUncountable', at, { page, part: src.part, at, reason: 'its content cannot be read' });
  }
  let count: WordCount;
  try {
    count = countPageWords(src.doc.context, parts.contents, parts.resources, src.unpackLimit, IMPORTED_PAGE_WORDS);
    // Form fields drawn flat show their words too (engines/supplied/widgets.ts).
    for (const w of flatWidgets(src, page - 1)) {
      if (!count.ok || count.words > IMPORTED_PAGE_WORDS) break;
      const s = src.doc.context.lookup(w.ref) as PDFStream;
      const res = s.dict.lookup(PDFName.of('Resources'));
      const more = countPageWords(
        src.doc.context,
        decodeBounded(s, src.unpackLimit),
        res instanceof PDFDict ? res : undefined,
        src.unpackLimit,
        IMPORTED_PAGE_WORDS - count.words,
      );
      count = more.ok ? { ok: true as const, words: count.words + more.words } : more;
    }
  } catch (e) {
    if (e instanceof UnpackLimitError) refuseUnpack(src, partAt);
    count = { ok: false as const, why: 'its content cannot be read' };
  }
  if (!count.ok) refuse('needsLicenceImportedUncountable', at, { page, part: src.part, at, reason: count.why });
  if (count.words > IMPORTED_PAGE_WORDS)
    refuse('needsLicenceImportedWords', at, { page, part: src.part, at, limit: '10 000' });
}
