// passes/emit/document/collection.ts — emit sub-step: the catalog's /Collection (ISO 32000-1 §7.11.6, a
// portfolio; PDF 1.7, which is why a collection raises the announced version, spec Versioning 4):
// the view, the file opened first, the columns (a CollectionSchema of CollectionFields: stated
// values /S /D /N, or read off the file specification /F /Desc /ModDate /Size) and the sort.
import { type PDFContext, PDFName, type PDFRef } from 'pdf-lib';
import { textKey } from '../../../engines/pdf/name-tree.js';
import { pdfText } from '../../../engines/pdf/pdf-text.js';
import type { Collection, ColumnKind } from '../../../ir/standards-types.js';

const FIELD_SUBTYPE: Record<ColumnKind, string> = {
  text: 'S',
  date: 'D',
  number: 'N',
  file_name: 'F',
  description: 'Desc',
  modified: 'ModDate',
  size: 'Size',
};
const VIEW = { rows: 'D', tiles: 'T', hidden: 'H' } as const;

/** `keys` are the name-tree keys of the files carried; opens_on naming none of them is left out (opens on the document). */
export function writeCollection(context: PDFContext, c: Collection, keys: ReadonlySet<string>): PDFRef {
  const d: Record<string, unknown> = { Type: 'Collection', View: PDFName.of(VIEW[c.view]) };
  if (c.columns.length) {
    const schema: Record<string, unknown> = { Type: 'CollectionSchema' };
    c.columns.forEach((col, i) => {
      schema[col.key] = context.obj({
        Type: 'CollectionField',
        Subtype: PDFName.of(FIELD_SUBTYPE[col.data]),
        N: pdfText(col.title),
        O: i,
        V: !col.hidden,
      } as never);
    });
    d.Schema = context.obj(schema as never);
  }
  if (c.opensOn !== undefined && keys.has(c.opensOn)) d.D = textKey(c.opensOn); // the same bytes as its name-tree key
  if (c.sort) d.Sort = context.obj({ Type: 'CollectionSort', S: PDFName.of(c.sort.key), A: c.sort.ascending } as never);
  return context.register(context.obj(d as never));
}
