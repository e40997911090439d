// passes/names/supplied.ts — the names pass's view of supplied PDFs: each part named by an
// imported_page or by `templates` is found among the parts sent (refused naming it when absent),
// read once (engines/supplied/load.ts), and the page asked for checked against its page count.

import { loadSuppliedPdf } from '../../engines/supplied/load.js';
import { refuse } from '../../ir/messages.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { SuppliedPdf } from '../../ir/supplied-pdf.js';
import type { TemplatesSpec } from '../../ir/types.js';
import type { PassContext } from '../pass.js';

export class SuppliedPdfs {
  private readonly loaded = new Map<string, SuppliedPdf>();

  constructor(
    private readonly ctx: PassContext,
    private readonly unpackLimit: number,
  ) {}

  get(part: { at: JsonPointer; name: string }): SuppliedPdf {
    const hit = this.loaded.get(part.name);
    if (hit) return hit;
    const bytes = this.ctx.parts.get(part.name);
    if (!bytes) refuse('partMissing', part.at, { part: part.name, at: part.at });
    const pdf = loadSuppliedPdf(bytes, part.name, part.at, this.unpackLimit);
    this.loaded.set(part.name, pdf);
    return pdf;
  }

  /** The source of an imported page, its page checked. */
  page(part: { at: JsonPointer; name: string }, page: number, pageAt: JsonPointer): SuppliedPdf {
    const pdf = this.get(part);
    if (page > pdf.pages.length)
      refuse('suppliedPageMissing', pageAt, { key: pageAt, page, part: part.name, pages: pdf.pages.length });
    return pdf;
  }

  /** The templates' source, every page it names checked. */
  template(t: TemplatesSpec): SuppliedPdf {
    const pdf = this.get(t.part);
    for (const key of ['first', 'middle', 'last'] as const) {
      const n = t[key];
      if (n !== null && n > pdf.pages.length)
        refuse('suppliedPageMissing', `${t.at}/${key}`, {
          key: `${t.at}/${key}`,
          page: n,
          part: t.part.name,
          pages: pdf.pages.length,
        });
    }
    return pdf;
  }
}
