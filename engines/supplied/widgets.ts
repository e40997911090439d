// engines/supplied/widgets.ts — the form fields (widget annotations) of a supplied page, drawn flat:
// each one's normal appearance as it shows (its /AS state), placed in its /Rect the way a reader
// places it (ISO 32000-1 §12.5.5: the appearance box, through the form's /Matrix, fitted onto
// /Rect). Fields are not carried as fields (the document's own AcroForm is the form items'), so the
// values a filled form shows stay visible; passes/emit/pages/imported-annotations.ts names them in the
// remark. Read once per page and render.
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef, PDFStream } from 'pdf-lib';
import type { FlatWidget, SuppliedPdf } from '../../ir/supplied-pdf.js';
import type { Matrix } from '../../ir/types.js';
import { MAX_PDF_NUMBER } from '../geometry/coordinates.js';
import { annotsOf } from './page-parts.js';

/** Annotation flags (Table 165): a hidden or never-viewed field shows nothing. */
const F_HIDDEN = 2,
  F_NO_VIEW = 32;

const cache = new WeakMap<SuppliedPdf, Map<number, FlatWidget[]>>();

function nums(o: unknown): number[] | undefined {
  if (!(o instanceof PDFArray)) return undefined;
  const out = o.asArray().map((v) => (v instanceof PDFNumber ? v.asNumber() : Number.NaN));
  return out.every(Number.isFinite) ? out : undefined;
}

/** The widgets of page `index` (0-based) that show an appearance, in /Annots order. */
export function flatWidgets(src: SuppliedPdf, index: number): FlatWidget[] {
  let m = cache.get(src);
  if (!m) {
    m = new Map();
    cache.set(src, m);
  }
  const hit = m.get(index);
  if (hit) return hit;
  const out: FlatWidget[] = [];
  const ctx = src.doc.context;
  const annots = annotsOf(src.pages[index].node);
  for (let i = 0; annots && i < annots.size(); i++) {
    const a = ctx.lookup(annots.get(i));
    if (!(a instanceof PDFDict) || a.lookup(PDFName.of('Subtype')) !== PDFName.of('Widget')) continue;
    const f = a.lookup(PDFName.of('F'));
    if (f instanceof PDFNumber && f.asNumber() & (F_HIDDEN | F_NO_VIEW)) continue;
    const rect = nums(a.lookup(PDFName.of('Rect')));
    const ap = a.lookup(PDFName.of('AP'));
    if (rect?.length !== 4 || !(ap instanceof PDFDict)) continue;
    // /N is a stream, or a dictionary of states of which /AS names the one shown.
    let ref = ap.get(PDFName.of('N'));
    const states = ref instanceof PDFRef ? ctx.lookup(ref) : ref;
    if (states instanceof PDFDict && !(states instanceof PDFStream)) {
      const as = a.lookup(PDFName.of('AS'));
      ref = as instanceof PDFName ? states.get(as) : undefined;
    }
    const stream = ref instanceof PDFRef ? ctx.lookup(ref) : undefined;
    if (!(ref instanceof PDFRef) || !(stream instanceof PDFStream)) continue;
    const bbox = nums(stream.dict.lookup(PDFName.of('BBox')));
    if (bbox?.length !== 4) continue;
    const fm = (nums(stream.dict.lookup(PDFName.of('Matrix'))) ?? [1, 0, 0, 1, 0, 0]) as Matrix;
    // The box the appearance covers once its own matrix is applied, fitted onto /Rect.
    const xs: number[] = [],
      ys: number[] = [];
    for (const [x, y] of [
      [bbox[0], bbox[1]],
      [bbox[2], bbox[1]],
      [bbox[2], bbox[3]],
      [bbox[0], bbox[3]],
    ]) {
      xs.push(fm[0] * x + fm[2] * y + fm[4]);
      ys.push(fm[1] * x + fm[3] * y + fm[5]);
    }
    const bx0 = Math.min(...xs),
      by0 = Math.min(...ys),
      bw = Math.max(...xs) - bx0,
      bh = Math.max(...ys) - by0;
    if (!(bw > 0) || !(bh > 0)) continue;
    const rx0 = Math.min(rect[0], rect[2]),
      ry0 = Math.min(rect[1], rect[3]);
    const sx = Math.abs(rect[2] - rect[0]) / bw,
      sy = Math.abs(rect[3] - rect[1]) / bh;
    const matrix: Matrix = [sx, 0, 0, sy, rx0 - bx0 * sx, ry0 - by0 * sy];
    // A matrix no PDF number holds would make the content unreadable: such a field shows nothing.
    if (!matrix.every((v) => Math.abs(v) <= MAX_PDF_NUMBER)) continue;
    out.push({ ref, index: i, matrix });
  }
  m.set(index, out);
  return out;
}
