// ir/read/supplied.ts — reading, supplied PDFs: a checked `imported_page` item → ImportedPageItem, and
// the top-level `templates` and `supplied_pdfs`. The files themselves are read by the names pass.
import { at, type JsonPointer } from '../pointer.js';
import { importedPageItemSchema } from '../schema/supplied.js';
import type { ImportedPageItem, ItemBase, PageFit, TemplatesSpec } from '../types.js';
import { ajv, readRect } from './common.js';
import type { ItemReader } from './items.js';

export const importedPageReader: ItemReader = {
  validate: ajv.compile(importedPageItemSchema),
  read(raw: Record<string, unknown>, base: ItemBase): ImportedPageItem {
    const p = base.at;
    return {
      ...base,
      type: 'imported_page',
      rect: readRect(raw.rect, at(p, 'rect')),
      part: { at: at(p, 'part'), name: raw.part as string },
      page: (raw.page as number | undefined) ?? 1,
      pageAt: raw.page !== undefined ? at(p, 'page') : at(p, 'part'),
      fit: (raw.fit as PageFit | undefined) ?? 'meet',
    };
  },
};

/** `templates`: `first` default 1, `middle` default `first`, `last` default `middle`; null lays nothing there. */
export function readTemplates(raw: Record<string, unknown> | undefined, p: JsonPointer): TemplatesSpec | undefined {
  if (!raw) return undefined;
  const first = raw.first === undefined ? 1 : (raw.first as number | null);
  const middle = raw.middle === undefined ? first : (raw.middle as number | null);
  const last = raw.last === undefined ? middle : (raw.last as number | null);
  return { at: p, part: { at: at(p, 'part'), name: raw.part as string }, first, middle, last, fit: (raw.fit as PageFit | undefined) ?? 'meet' };
}
