// ir/read/supplied.ts — reading, supplied PDFs: a checked `imported_page` item → ImportedPageItem, and
// the top-level `templates` and `supplied_pdfs`. The files themselves are read by the names pass.
import type * as D from '../description.generated.js';
import { at, type JsonPointer } from '../pointer.js';
import { importedPageItemSchema } from '../schema/supplied.js';
import type { ImportedPageItem, ItemBase, TemplatesSpec } from '../types.js';
import { lazyValidator, readRect } from './common.js';
import type { ItemReader } from './items.js';

export const importedPageReader: ItemReader<'imported_page'> = {
  validate: lazyValidator(importedPageItemSchema),
  read(raw, base: ItemBase): ImportedPageItem {
    const p = base.at;
    return Object.assign({}, base, {
      type: 'imported_page' as const,
      rect: readRect(raw.rect, at(p, 'rect')),
      part: { at: at(p, 'part'), name: raw.part },
      page: raw.page ?? 1,
      pageAt: raw.page !== undefined ? at(p, 'page') : at(p, 'part'),
      fit: raw.fit ?? 'meet',
    });
  },
};

/** `templates`: `first` default 1, `middle` default `first`, `last` default `middle`; null lays nothing there. */
export function readTemplates(raw: D.Templates | undefined, p: JsonPointer): TemplatesSpec | undefined {
  if (!raw) return undefined;
  const first = raw.first === undefined ? 1 : raw.first;
  const middle = raw.middle === undefined ? first : raw.middle;
  const last = raw.last === undefined ? middle : raw.last;
  return { at: p, part: { at: at(p, 'part'), name: raw.part }, first, middle, last, fit: raw.fit ?? 'meet' };
}
