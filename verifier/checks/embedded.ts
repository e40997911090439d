// verifier/checks/embedded.ts — embedded files (ISO 19005-1 §6.1.11, 19005-2 §6.8, 19005-3 §6.8,
// 19005-4 §6.9): every file specification reached from the EmbeddedFiles name tree or a FileAttachment
// annotation, with its AFRelationship, MIME type (Subtype), whether the catalog's AF array lists it and
// whether the file itself claims PDF/A.
import type { PDFContext } from 'pdf-lib';
import { pushAll } from '../../ir/bounded.js';
import {
  arrayItems,
  dictOf,
  get,
  getArray,
  getDict,
  getName,
  PDFArray,
  PDFDict,
  type PDFObject,
  PDFStream,
  streamData,
  textOf,
} from '../cos.js';
import type { Check } from './check.js';

export const embedded: Check = ({ l, u, add }) => {
  const ctx = l.context;
  const specs: { spec: PDFDict; where: string }[] = [];
  const names = getDict(ctx, l.catalog, 'Names');
  const ef = getDict(ctx, names, 'EmbeddedFiles');
  add('embedded-files-tree', 'CosDocument', { present: ef !== undefined });
  for (const v of nameTreeValues(ctx, ef)) {
    const d = dictOf(v);
    if (d) specs.push({ spec: d, where: 'EmbeddedFiles' });
  }
  u.pages.forEach((p, i) => {
    for (const a of arrayItems(ctx, getArray(ctx, p, 'Annots'))) {
      const d = dictOf(a);
      if (getName(ctx, d, 'Subtype') !== 'FileAttachment') continue;
      const fs = dictOf(get(ctx, d, 'FS'));
      if (fs) specs.push({ spec: fs, where: `page ${i + 1}` });
    }
  });
  // AF arrays may sit on any dictionary (catalog, page, annotation, form, structure element)
  const af = new Set<PDFDict>();
  const collectAf = (d: PDFDict): void => {
    for (const x of arrayItems(ctx, getArray(ctx, d, 'AF'))) if (x instanceof PDFDict) af.add(x);
  };
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    const d = dictOf(obj);
    if (d) collectAf(d);
  }
  if (l.catalog) collectAf(l.catalog);
  u.pages.forEach((p) => {
    for (const a of arrayItems(ctx, getArray(ctx, p, 'Annots'))) {
      const d = dictOf(a);
      if (d) collectAf(d);
    }
  });
  // veraPDF makes a CosFileSpecification of every dictionary of Type Filespec it meets, not only of
  // those the name tree or a FileAttachment annotation reach: one with an embedded file (EF) in an AF
  // array of a page or structure element, or in an action, is judged as well
  const isEmbeddedSpec = (d: PDFDict): boolean => getName(ctx, d, 'Type') === 'Filespec' && !!getDict(ctx, d, 'EF');
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    const d = dictOf(obj);
    if (d && isEmbeddedSpec(d)) specs.push({ spec: d, where: 'file specification' });
  }
  for (const d of af) if (isEmbeddedSpec(d)) specs.push({ spec: d, where: 'AF' });
  const seen = new Set<PDFDict>();
  for (const { spec, where } of specs) {
    if (seen.has(spec)) continue;
    seen.add(spec);
    const efd = getDict(ctx, spec, 'EF');
    const file = get(ctx, efd, 'F') ?? get(ctx, efd, 'UF');
    const subtype = file instanceof PDFStream ? getName(ctx, file.dict, 'Subtype') : undefined;
    const data = file instanceof PDFStream ? streamData(l, file) : null;
    const head = data ? Buffer.from(data.subarray(0, 1024)).toString('latin1') : '';
    const isPdf = head.startsWith('%PDF-');
    const text = data ? Buffer.from(data).toString('latin1') : '';
    const claimsPdfa = isPdf && /pdfaid:part\s*(=\s*["']\d|>\s*\d)/.test(text);
    add(
      'embedded-file',
      'EmbeddedFile',
      {
        afRelationship: getName(ctx, spec, 'AFRelationship') ?? 'none',
        subtype: subtype ?? 'none',
        // the profiles' test, character for character: /^[-\w+\.]+\/[-\w+\.]+$/ (x-world/x-vrml, a_b/c)
        mimeValid: subtype !== undefined && /^[-\w+.]+\/[-\w+.]+$/.test(subtype),
        inAF: af.has(spec),
        hasFUF: get(ctx, spec, 'F') !== undefined && get(ctx, spec, 'UF') !== undefined,
        fufText: !!textOf(get(ctx, spec, 'F')) && !!textOf(get(ctx, spec, 'UF')),
        isPdf,
        claimsPdfa,
      },
      where,
    );
  }
};

function nameTreeValues(ctx: PDFContext, node: PDFDict | undefined, depth = 0): PDFObject[] {
  if (!node || depth > 32) return [];
  const out: PDFObject[] = [];
  const names = getArray(ctx, node, 'Names');
  if (names instanceof PDFArray) {
    const items = arrayItems(ctx, names);
    for (let i = 1; i < items.length; i += 2) out.push(items[i]);
  }
  for (const k of arrayItems(ctx, getArray(ctx, node, 'Kids'))) pushAll(out, nameTreeValues(ctx, dictOf(k), depth + 1));
  return out;
}
