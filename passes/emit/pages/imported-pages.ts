// passes/emit/pages/imported-pages.ts — emit sub-step: a page of a supplied PDF as a form XObject (ISO
// 32000-1 §8.10): its decoded content streams joined into one Flate stream, BBox its shown box, and
// its resources carried over intact — fonts, images, colour spaces, patterns, nested forms — copied
// object by object into our document with pdf-lib's PDFObjectCopier (one copier per source and
// document, so what two pages of one source share is written once — the annotations carried over,
// passes/emit/pages/imported-annotations.ts, share it too).
import { deflateSync } from 'node:zlib';
import { type PDFContext, PDFObjectCopier, type PDFRef } from 'pdf-lib';
import { pageParts } from '../../../engines/supplied/page-parts.js';
import type { SuppliedPdf } from '../../../ir/supplied-pdf.js';
import type { ImportedPageOp } from '../../../ir/types.js';
import type { ResourceScope } from './resources.js';

/** Flate level of the re-packed content (spec Limits: compression level 1 to 9). */
const FLATE_LEVEL = 6;

const copiers = new WeakMap<PDFContext, Map<SuppliedPdf, PDFObjectCopier>>();

/** The one copier of `src` into `context`. */
export function copierFor(context: PDFContext, src: SuppliedPdf): PDFObjectCopier {
  let m = copiers.get(context);
  if (!m) {
    m = new Map();
    copiers.set(context, m);
  }
  let copier = m.get(src);
  if (!copier) {
    copier = PDFObjectCopier.for(src.doc.context, context);
    m.set(src, copier);
  }
  return copier;
}

export function writeImportedPage(context: PDFContext, src: SuppliedPdf, index: number): PDFRef {
  const copier = copierFor(context, src);
  const parts = pageParts(src, index);
  const dict: Record<string, unknown> = {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: parts.box,
    Filter: 'FlateDecode',
  };
  if (parts.resources) dict.Resources = copier.copy(parts.resources);
  return context.register(context.stream(deflateSync(parts.contents, { level: FLATE_LEVEL }), dict as never));
}

/**
 * The form fields of an imported page drawn flat over it, in the page's own space (the op's matrix
 * is in force), clipped to its shown box as the page is: `q x y w h re W n`, each appearance
 * `q a b c d e f cm /Xn Do Q`, `Q`.
 */
export function flatWidgetsContent(op: ImportedPageOp, scope: ResourceScope, num: (n: number) => string): string {
  const [x0, y0, x1, y1] = pageParts(op.source, op.page).box;
  let s = `q\n${num(x0)} ${num(y0)} ${num(x1 - x0)} ${num(y1 - y0)} re\nW n\n`;
  for (const w of op.flat ?? []) {
    const name = scope.use(
      'XObject',
      `widget\u0000${op.source.part}\u0000${w.ref.objectNumber}\u0000${w.ref.generationNumber}`,
      (context) => copierFor(context, op.source).copy(w.ref),
    );
    s += `q\n${w.matrix.map(num).join(' ')} cm\n/${name} Do\nQ\n`;
  }
  return s + 'Q\n';
}
