// engines/supplied/page-parts.ts — what the pipeline takes from one page of a supplied PDF: its content
// streams decoded (within the unpack limit) and joined, its resources (inherited ones included), the
// box it shows (CropBox, else MediaBox), its own /Rotate, and how many annotations it carries. Read
// once per page and render (the licence pass counts words in it, emit writes it as a form XObject).
import { PDFArray, PDFDict, PDFName, type PDFPageLeaf, PDFStream } from 'pdf-lib';
import type { SuppliedPdf } from '../../ir/supplied-pdf.js';
import { decodeBounded } from './guard.js';

export interface PageParts {
  contents: Uint8Array;
  resources: PDFDict | undefined;
  /** The shown box [x0, y0, x1, y1] in the page's own space. */
  box: [number, number, number, number];
  /** The page's /Rotate, degrees clockwise, a multiple of 90. */
  rotate: number;
  annotations: number;
}

const cache = new WeakMap<SuppliedPdf, Map<number, PageParts>>();

/** `index` is 0-based. Throws UnpackLimitError when a content stream unpacks past the limit. */
export function pageParts(src: SuppliedPdf, index: number): PageParts {
  let m = cache.get(src);
  if (!m) {
    m = new Map();
    cache.set(src, m);
  }
  const hit = m.get(index);
  if (hit) return hit;
  const page = src.pages[index];
  const node = page.node;
  const ctx = src.doc.context;
  const raw = node.get(PDFName.of('Contents'));
  const c = raw ? ctx.lookup(raw) : undefined;
  const streams = c instanceof PDFArray ? c.asArray().map((r) => ctx.lookup(r)) : c ? [c] : [];
  const chunks: Uint8Array[] = [];
  for (const s of streams)
    if (s instanceof PDFStream) {
      chunks.push(decodeBounded(s, src.unpackLimit));
      chunks.push(Uint8Array.of(0x0a));
    }
  const contents = Buffer.concat(chunks);
  const res = node.Resources() ?? inherited(node, 'Resources');
  const media = page.getMediaBox();
  const crop = page.getCropBox();
  // The shown box: the crop box clipped to the media box (ISO 32000-1 §14.11.2).
  const x0 = Math.max(media.x, crop.x),
    y0 = Math.max(media.y, crop.y);
  const x1 = Math.min(media.x + media.width, crop.x + crop.width),
    y1 = Math.min(media.y + media.height, crop.y + crop.height);
  const box: [number, number, number, number] =
    x1 > x0 && y1 > y0 ? [x0, y0, x1, y1] : [media.x, media.y, media.x + media.width, media.y + media.height];
  const annots = annotsOf(node);
  const parts: PageParts = {
    contents,
    resources: res instanceof PDFDict ? res : undefined,
    box,
    rotate: ((page.getRotation().angle % 360) + 360) % 360,
    annotations: annots ? annots.size() : 0,
  };
  m.set(index, parts);
  return parts;
}

/** A page's /Annots, or undefined when it has none or it is not an array (a broken file shows no annotations). */
export function annotsOf(node: PDFPageLeaf): PDFArray | undefined {
  try {
    return node.Annots();
  } catch {
    return undefined;
  }
}

function inherited(node: PDFDict, key: string): unknown {
  let n: PDFDict | undefined = node;
  for (let i = 0; n && i < 64; i++) {
    const v = n.lookup(PDFName.of(key));
    if (v) return v;
    const parent: unknown = n.lookup(PDFName.of('Parent'));
    n = parent instanceof PDFDict ? parent : undefined;
  }
  return undefined;
}
