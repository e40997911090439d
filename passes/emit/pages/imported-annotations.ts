// passes/emit/pages/imported-annotations.ts — emit sub-step: the annotations of a supplied page drawn on a
// page (imported_page, templates) carried into that page's /Annots (docs/reference.md,
// "imported_page"). Each is copied with the source's copier, its geometry (/Rect, /QuadPoints, /L,
// /Vertices, /InkList, /CL, /RD) carried through the placing matrix, its appearance turned with the
// page when the placement turns or mirrors it. What cannot be carried faithfully — form fields
// (widgets: drawn flat as content instead, engines/supplied/widgets.ts), links to pages the document
// does not draw, actions it does not carry, media — is left out and named in one remark per
// supplied page: never silently.
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';
import { MAX_PDF_NUMBER } from '../../../engines/geometry/coordinates.js';
import { annotsOf, pageParts } from '../../../engines/supplied/page-parts.js';
import { flatWidgets } from '../../../engines/supplied/widgets.js';
import { pushAll } from '../../../ir/bounded.js';
import type { Remark } from '../../../ir/diagnostics.js';
import { remark } from '../../../ir/messages.js';
import type { JsonPointer } from '../../../ir/pointer.js';
import type { ArchiveLevel } from '../../../ir/standards-types.js';
import type { SuppliedPdf } from '../../../ir/supplied-pdf.js';
import type { DrawOp, LaidOutPage, Matrix } from '../../../ir/types.js';
import { copierFor } from './imported-pages.js';

/** Annotation kinds carried over (ISO 32000-1 Table 169): comments, markup, stamps, links, pop-ups. */
const CARRIED = new Set([
  'Text',
  'Link',
  'FreeText',
  'Line',
  'Square',
  'Circle',
  'Polygon',
  'PolyLine',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Stamp',
  'Caret',
  'Ink',
  'Popup',
  'FileAttachment',
  'Redact',
  'Watermark',
]);
/** Named actions whose meaning does not depend on the source document (and the ones PDF/A allows). */
const NAMED_ACTIONS = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);
/** Annotation flags (Table 165). */
const F_INVISIBLE = 1,
  F_HIDDEN = 2,
  F_PRINT = 4,
  F_NO_ZOOM = 8,
  F_NO_ROTATE = 16,
  F_NO_VIEW = 32,
  F_TOGGLE_NO_VIEW = 256;
/** Keys of an annotation that are never copied as they are (the page, and links to other annotations, mapped anew). */
const NOT_COPIED = new Set(['P', 'Parent', 'Popup', 'IRT', 'StructParent']);
/** How many objects of one annotation are looked through for numbers out of range. */
const SCAN_OBJECTS = 10_000;
/** Bounds on walking a source's destination name tree (a hostile file may loop or nest without end). */
const NAME_TREE_DEPTH = 32;
const NAME_TREE_NODES = 100_000;

/** Why an annotation stays out; the remark counts each. */
const WHY = {
  flat: 'form fields, drawn flat as they show',
  widget: 'form fields with no appearance shown',
  kind: 'media or other kinds not carried (Sound, Movie, Screen, 3D…)',
  page: 'links to pages the document does not draw',
  named: 'links to named destinations the part does not hold',
  action: 'actions not carried (JavaScript, Launch, form actions, chains…)',
  outside: "annotations outside the page's shown box",
  archive: 'annotations the archive claim does not allow',
  orphan: 'pop-ups of annotations not carried',
  broken: 'annotations holding numbers past what a PDF number holds',
  tangled: "annotations whose objects reach into the part's pages",
  layered: 'annotations on layers of the part',
  untagged: 'annotations the claim would need tagged',
} as const;
type Why = keyof typeof WHY;

interface Place {
  pageRef: PDFRef;
  matrix: Matrix;
}

export interface AnnotationCarrier {
  /** The carried annotations of the supplied pages drawn on `page`, in drawing order. */
  page(page: LaidOutPage, ref: PDFRef): PDFRef[];
}

/** An imported page drawn on a page, with the layer it is drawn on. */
interface Drawn {
  src: SuppliedPdf;
  index: number;
  matrix: Matrix;
  layer?: string;
  at: JsonPointer;
}

function drawnOn(ops: readonly DrawOp[], layer: string | undefined, out: Drawn[]): Drawn[] {
  for (const op of ops) {
    if (op.op === 'imported') out.push({ src: op.source, index: op.page, matrix: op.matrix, layer, at: op.at });
    else if (op.op === 'scope') drawnOn(op.ops, op.layer ?? layer, out);
    else if (op.op === 'marked') drawnOn(op.ops, layer, out); // a tagged document's marked content
  }
  return out;
}

/**
 * `accessible`: the document claims PDF/UA or a tagged PDF/A level (1a, 2a, 3a), which want every
 * annotation in the structure tree (ISO 14289-1 7.18.1); the part's structure is not carried, so
 * none of its annotations is.
 */
export function annotationCarrier(
  context: PDFContext,
  pages: readonly LaidOutPage[],
  pageRefs: readonly PDFRef[],
  archive: ArchiveLevel | undefined,
  remarks: Remark[],
  ocg?: (layer: string) => PDFRef,
  accessible = false,
): AnnotationCarrier {
  // Where each supplied page is first drawn: a link into the part leads there.
  const first = new Map<SuppliedPdf, Map<number, Place>>();
  const drawn = pages.map((p, i) => {
    const d = drawnOn(p.ops, undefined, []);
    for (const x of d) {
      let m = first.get(x.src);
      if (!m) {
        m = new Map();
        first.set(x.src, m);
      }
      if (!m.has(x.index)) m.set(x.index, { pageRef: pageRefs[i], matrix: x.matrix });
    }
    return d;
  });
  const remarked = new Set<string>();
  return {
    page(page) {
      const out: PDFRef[] = [];
      for (const d of drawn[page.number - 1]) {
        const dropped = new Map<Why, number>();
        pushAll(
          out,
          carryPage(context, d, first, archive, dropped, d.layer && ocg ? ocg(d.layer) : undefined, accessible),
        );
        const key = `${d.src.part}\u0000${d.index}`;
        if (dropped.size && !remarked.has(key)) {
          remarked.add(key);
          const n = [...dropped.values()].reduce((a, b) => a + b, 0);
          const what = [...dropped].map(([w, c]) => `${c} ${WHY[w]}`).join(', ');
          remarks.push(
            remark('importedAnnotationsDropped', d.at === '/templates' ? '/templates/part' : `${d.at}/part`, {
              page: d.index + 1,
              part: d.src.part,
              count: n,
              kinds: what,
            }),
          );
        }
      }
      return out;
    },
  };
}

const num = (o: PDFObject | undefined): number | undefined => (o instanceof PDFNumber ? o.asNumber() : undefined);
const name = (o: PDFObject | undefined): string | undefined => (o instanceof PDFName ? o.decodeText() : undefined);

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** Numbers of a PDF array (references followed), or undefined when any is not a number. */
function numbers(src: SuppliedPdf, o: PDFObject | undefined): number[] | undefined {
  const a = o instanceof PDFRef ? src.doc.context.lookup(o) : o;
  if (!(a instanceof PDFArray)) return undefined;
  const out: number[] = [];
  for (let i = 0; i < a.size(); i++) {
    const v = num(a.lookup(i));
    if (v === undefined || !Number.isFinite(v)) return undefined;
    out.push(v);
  }
  return out;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

function boxOf(pts: number[]): [number, number, number, number] {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (let i = 0; i + 1 < pts.length; i += 2) {
    x0 = Math.min(x0, pts[i]);
    x1 = Math.max(x1, pts[i]);
    y0 = Math.min(y0, pts[i + 1]);
    y1 = Math.max(y1, pts[i + 1]);
  }
  return [x0, y0, x1, y1];
}

function rectCorners(r: number[]): number[] {
  const [x0, y0, x1, y1] = r;
  return [x0, y0, x1, y0, x1, y1, x0, y1];
}

/** Pairs of numbers through the matrix. */
function pairs(m: Matrix, v: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < v.length; i += 2) out.push(...apply(m, v[i], v[i + 1]));
  return out;
}

/** Scales, moves and quarter turns: an upright box stays an upright box. */
const quarter = (m: Matrix) =>
  (Math.abs(m[1]) < 1e-9 && Math.abs(m[2]) < 1e-9) || (Math.abs(m[0]) < 1e-9 && Math.abs(m[3]) < 1e-9);

/** Upright placements (positive scales, moves) need no change to an appearance: the reader fits it to the new /Rect. */
const upright = (m: Matrix) => Math.abs(m[1]) < 1e-9 && Math.abs(m[2]) < 1e-9 && m[0] > 0 && m[3] > 0;

function carryPage(
  context: PDFContext,
  d: Drawn,
  first: Map<SuppliedPdf, Map<number, Place>>,
  archive: ArchiveLevel | undefined,
  dropped: Map<Why, number>,
  oc: PDFRef | undefined,
  accessible: boolean,
): PDFRef[] {
  const { src, index, matrix } = d;
  const sctx = src.doc.context;
  const annots = annotsOf(src.pages[index].node);
  if (!annots || annots.size() === 0) return [];
  const box = pageParts(src, index).box;
  const drop = (w: Why) => dropped.set(w, (dropped.get(w) ?? 0) + 1);
  const flat = flatWidgets(src, index);
  // 1. Which annotations go, each given its new reference (pop-ups and replies point at each other).
  const list: { key: PDFObject; dict: PDFDict; i: number }[] = [];
  const listed = new Set<PDFObject>();
  for (let i = 0; i < annots.size(); i++) {
    const key = annots.get(i);
    if (listed.has(key)) continue; // listed twice: carried once
    listed.add(key);
    const dict = sctx.lookup(key);
    if (dict instanceof PDFDict) list.push({ key, dict, i });
  }
  const newRef = new Map<PDFObject, PDFRef>();
  const dests = new Map<PDFDict, PDFObject>();
  const isPopup = (dict: PDFDict) => name(dict.get(PDFName.of('Subtype'))) === 'Popup';
  for (const { key, dict, i } of list) {
    if (isPopup(dict)) continue; // decided with its parent
    const why = reasonOut(context, src, dict, box, archive, first, dests);
    if (why === 'widget' && flat.some((w) => w.index === i)) {
      drop('flat');
      continue;
    }
    const bad = why ?? (accessible ? 'untagged' : copyable(sctx, dict, matrix));
    if (bad) {
      drop(bad);
      continue;
    }
    newRef.set(key, context.nextRef());
  }
  for (const { key, dict } of list) {
    if (!isPopup(dict)) continue;
    const parent = dict.get(PDFName.of('Parent'));
    if (!parent || !newRef.has(parent)) {
      drop('orphan');
      continue;
    }
    if (numbers(src, dict.get(PDFName.of('Rect')))?.length !== 4) {
      drop('kind');
      continue;
    }
    const bad = copyable(sctx, dict, matrix);
    if (bad) {
      drop(bad);
      continue;
    }
    if (dict.get(PDFName.of('OC'))) {
      drop('layered');
      continue;
    }
    if (archive && archiveOut(dict, archive)) {
      drop('archive');
      continue;
    }
    newRef.set(key, context.nextRef());
  }
  // 2. Each carried annotation written anew.
  const copier = copierFor(context, src);
  const out: PDFRef[] = [];
  for (const { key, dict } of list) {
    const ref = newRef.get(key);
    if (!ref) continue;
    const o: Record<string, PDFObject> = {};
    for (const [k, v] of dict.entries()) {
      const n = k.decodeText();
      switch (n) {
        case 'P':
        case 'StructParent':
        case 'OC':
        case 'AA':
          break; // the page and structure are ours; the layer is the item's (none came with /OC or /AA)
        case 'Popup':
        case 'Parent':
        case 'IRT': {
          const r = newRef.get(v);
          if (r) o[n] = r;
          break;
        }
        case 'Rect': {
          const r = numbers(src, v)!;
          o.Rect = context.obj(boxOf(pairs(matrix, rectCorners(r))).map(round));
          break;
        }
        case 'QuadPoints':
        case 'L':
        case 'Vertices':
        case 'CL': {
          const p = numbers(src, v);
          if (p) o[n] = context.obj(pairs(matrix, p).map(round));
          break;
        }
        case 'InkList': {
          const a = sctx.lookup(v);
          if (a instanceof PDFArray)
            o.InkList = context.obj(
              a
                .asArray()
                .map((s) => numbers(src, s) ?? [])
                .map((p) => pairs(matrix, p).map(round)),
            );
          break;
        }
        case 'RD': {
          const p = numbers(src, v);
          if (p)
            o.RD = context.obj(
              p.map((x) => round(x * Math.sqrt(Math.abs(matrix[0] * matrix[3] - matrix[1] * matrix[2])))),
            );
          break;
        }
        case 'AP': {
          const ap = appearance(context, src, v, matrix, archive);
          if (ap) o.AP = ap;
          break;
        }
        case 'Dest':
        case 'A':
          break; // below
        default:
          o[n] = copier.copy(v);
      }
    }
    const dest = dests.get(dict);
    if (dest) {
      if (dict.get(PDFName.of('A'))) o.A = dest;
      else o.Dest = dest;
    } else if (dict.get(PDFName.of('A'))) {
      o.A = copier.copy(dict.get(PDFName.of('A'))!);
    }
    // A link turned by other than a quarter names its turned area, as the document's own links do (passes/layout/links.ts).
    if (name(dict.get(PDFName.of('Subtype'))) === 'Link' && !o.QuadPoints && !quarter(matrix)) {
      o.QuadPoints = context.obj(pairs(matrix, rectCorners(numbers(src, dict.get(PDFName.of('Rect')))!)).map(round));
    }
    if (oc) o.OC = oc;
    context.assign(ref, context.obj(o as never));
    out.push(ref);
  }
  return out;
}

/**
 * Whether the annotation can be copied as it is: every number it holds (its dictionaries, arrays and
 * stream dictionaries, through references) is one a PDF number holds, its /Rect also once placed —
 * bigger ones would make a file readers refuse (ISO 32000-1 Annex C) — and nothing copied reaches
 * into the part's pages (only its destination does, and that is mapped onto ours, not copied).
 */
function copyable(sctx: PDFContext, dict: PDFDict, m: Matrix): Why | undefined {
  const a = sctx.lookup(dict.get(PDFName.of('A')) ?? PDFName.of('None'));
  const goTo = a instanceof PDFDict && a.get(PDFName.of('S')) === PDFName.of('GoTo') ? a : undefined;
  const seen = new Set<PDFObject>();
  const stack: PDFObject[] = [dict];
  while (stack.length) {
    const o = stack.pop()!;
    if (seen.has(o)) continue;
    seen.add(o);
    if (seen.size > SCAN_OBJECTS) return 'broken';
    if (o instanceof PDFNumber) {
      if (!(Math.abs(o.asNumber()) <= MAX_PDF_NUMBER)) return 'broken';
    } else if (o instanceof PDFRef) {
      const t = sctx.lookup(o);
      if (t) stack.push(t);
    } else if (o instanceof PDFArray) pushAll(stack, o.asArray());
    else if (o instanceof PDFStream) stack.push(o.dict);
    else if (o instanceof PDFDict) {
      const type = o.get(PDFName.of('Type'));
      if (type === PDFName.of('Page') || type === PDFName.of('Pages')) return 'tangled';
      for (const [k, v] of o.entries()) {
        const key = k.decodeText();
        // The annotation's own page, pop-up, parent, reply and destination are ours or mapped, not copied.
        if (o === dict && (NOT_COPIED.has(key) || key === 'Dest')) continue;
        if (o === goTo && key === 'D') continue;
        stack.push(v);
      }
    }
  }
  const r = dict.lookup(PDFName.of('Rect'));
  if (r instanceof PDFArray && r.size() === 4) {
    const v = r.asArray().map((x) => (x instanceof PDFNumber ? x.asNumber() : 0));
    if (!pairs(m, rectCorners(v)).every((x) => Math.abs(x) <= MAX_PDF_NUMBER)) return 'broken';
  }
  return undefined;
}

/** Why an annotation (not a pop-up) stays out, or undefined; a link's new destination goes in `dests`. */
function reasonOut(
  context: PDFContext,
  src: SuppliedPdf,
  dict: PDFDict,
  box: number[],
  archive: ArchiveLevel | undefined,
  first: Map<SuppliedPdf, Map<number, Place>>,
  dests: Map<PDFDict, PDFObject>,
): Why | undefined {
  const sctx = src.doc.context;
  const subtype = name(dict.get(PDFName.of('Subtype')));
  if (subtype === 'Widget') return 'widget';
  if (!subtype || !CARRIED.has(subtype)) return 'kind';
  const r = numbers(src, dict.get(PDFName.of('Rect')));
  if (r?.length !== 4) return 'kind';
  const [x0, y0, x1, y1] = [Math.min(r[0], r[2]), Math.min(r[1], r[3]), Math.max(r[0], r[2]), Math.max(r[1], r[3])];
  if (x1 < box[0] || x0 > box[2] || y1 < box[1] || y0 > box[3]) return 'outside';
  if (dict.get(PDFName.of('AA'))) return 'action';
  // The part's layers are not the document's: carried without its /OC it would show when it did not.
  if (dict.get(PDFName.of('OC'))) return 'layered';
  if (archive && (archiveOut(dict, archive) || subtype === 'FileAttachment')) return 'archive';
  const a = sctx.lookup(dict.get(PDFName.of('A')) ?? PDFName.of('None'));
  if (a instanceof PDFDict) {
    if (a.get(PDFName.of('Next'))) return 'action';
    const s = name(a.get(PDFName.of('S')));
    if (s === 'GoTo') {
      const mapped = mapDest(context, src, a.get(PDFName.of('D')), first);
      if (typeof mapped === 'string') return mapped;
      dests.set(dict, context.obj({ S: 'GoTo', D: mapped } as never));
    } else if (s === 'Named') {
      if (!NAMED_ACTIONS.has(name(a.get(PDFName.of('N'))) ?? '')) return 'action';
    } else if (s !== 'URI' && s !== 'GoToR') {
      return 'action';
    }
  } else if (dict.get(PDFName.of('Dest'))) {
    const mapped = mapDest(context, src, dict.get(PDFName.of('Dest')), first);
    if (typeof mapped === 'string') return mapped;
    dests.set(dict, mapped);
  }
  return undefined;
}

/**
 * PDF/A (19005-1 6.5, -2/-3/-4 6.3): print flag set, hidden flags clear, a text note's NoZoom and
 * NoRotate set, an appearance of /N alone (links and pop-ups may have none).
 */
function archiveOut(dict: PDFDict, archive: ArchiveLevel): boolean {
  const f = num(dict.lookup(PDFName.of('F'))) ?? 0;
  if (!(f & F_PRINT) || f & (F_INVISIBLE | F_HIDDEN | F_NO_VIEW | F_TOGGLE_NO_VIEW)) return true;
  if (archive.part === 1) {
    const ca = num(dict.lookup(PDFName.of('CA')));
    if (ca !== undefined && ca !== 1) return true;
  }
  const subtype = name(dict.get(PDFName.of('Subtype')));
  // A text note keeps its icon's size and angle (19005-1 6.5.3, -2 6.3.2: NoZoom and NoRotate set).
  if (subtype === 'Text' && (f & (F_NO_ZOOM | F_NO_ROTATE)) !== (F_NO_ZOOM | F_NO_ROTATE)) return true;
  const ap = dict.lookup(PDFName.of('AP'));
  if (!(ap instanceof PDFDict)) return subtype !== 'Link' && subtype !== 'Popup';
  return ap.keys().some((k) => k.decodeText() !== 'N') || !ap.get(PDFName.of('N'));
}

/** A destination of the source mapped onto the page where its page is first drawn; a reason when it cannot be. */
function mapDest(
  context: PDFContext,
  src: SuppliedPdf,
  raw: PDFObject | undefined,
  first: Map<SuppliedPdf, Map<number, Place>>,
): PDFArray | Why {
  const sctx = src.doc.context;
  let d: PDFObject | undefined = raw instanceof PDFRef ? sctx.lookup(raw) : raw;
  if (d instanceof PDFName || d instanceof PDFString || d instanceof PDFHexString) {
    d = namedDest(src, d);
    if (!d) return 'named';
  }
  if (d instanceof PDFDict) d = d.lookup(PDFName.of('D'));
  if (!(d instanceof PDFArray) || d.size() < 2) return 'named';
  const target = d.get(0);
  const index = src.pages.findIndex(
    (p) => p.ref === target || (target instanceof PDFRef && p.ref.objectNumber === target.objectNumber),
  );
  const place = index >= 0 ? first.get(src)?.get(index) : undefined;
  if (!place) return 'page';
  const m = place.matrix;
  const fit = name(d.get(1)) ?? 'Fit';
  const at = (i: number) => num(d.lookup(i) as PDFObject);
  const o: (number | null | string)[] = [];
  if (fit === 'XYZ') {
    const l = at(2),
      t = at(3),
      z = at(4);
    const [x, y] = apply(m, l ?? 0, t ?? 0);
    o.push(l === undefined ? null : round(x), t === undefined ? null : round(y), z === undefined ? null : z);
  } else if (fit === 'FitH' || fit === 'FitBH') {
    const t = at(2);
    o.push(t === undefined ? null : round(apply(m, 0, t)[1]));
  } else if (fit === 'FitV' || fit === 'FitBV') {
    const l = at(2);
    o.push(l === undefined ? null : round(apply(m, l, 0)[0]));
  } else if (fit === 'FitR') {
    const r = [at(2), at(3), at(4), at(5)];
    if (r.some((v) => v === undefined)) return 'named';
    o.push(...boxOf(pairs(m, rectCorners(r as number[]))).map(round));
  } else if (fit !== 'Fit' && fit !== 'FitB') return 'named';
  return context.obj([place.pageRef, PDFName.of(fit), ...o] as never) as unknown as PDFArray;
}

/** A named destination of the source: the catalog's /Dests (PDF 1.1) or the /Names /Dests tree. */
function namedDest(src: SuppliedPdf, key: PDFName | PDFString | PDFHexString): PDFObject | undefined {
  const sctx = src.doc.context;
  const catalog = src.doc.catalog;
  if (key instanceof PDFName) {
    const dests = catalog.lookup(PDFName.of('Dests'));
    return dests instanceof PDFDict ? dests.lookup(key) : undefined;
  }
  const wanted = key.decodeText();
  const names = catalog.lookup(PDFName.of('Names'));
  const root = names instanceof PDFDict ? names.lookup(PDFName.of('Dests')) : undefined;
  let nodes = 0;
  const walk = (node: PDFObject | undefined, depth: number): PDFObject | undefined => {
    if (!(node instanceof PDFDict) || depth > NAME_TREE_DEPTH || ++nodes > NAME_TREE_NODES) return undefined;
    const leaf = node.lookup(PDFName.of('Names'));
    if (leaf instanceof PDFArray) {
      for (let i = 0; i + 1 < leaf.size(); i += 2) {
        const k = leaf.lookup(i);
        if ((k instanceof PDFString || k instanceof PDFHexString) && k.decodeText() === wanted)
          return sctx.lookup(leaf.get(i + 1));
      }
    }
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray)
      for (let i = 0; i < kids.size(); i++) {
        const hit = walk(kids.lookup(i), depth + 1);
        if (hit) return hit;
      }
    return undefined;
  };
  return walk(root, 0);
}

/**
 * An appearance dictionary copied; when the placement turns or mirrors, each appearance stream is
 * wrapped in a form whose /Matrix is the placement's turn, so the reader's fitting of the
 * appearance into the new /Rect (§12.5.5) shows it turned as the page is. Under an archive claim
 * only /N is kept (checked before: the annotation had no other).
 */
function appearance(
  context: PDFContext,
  src: SuppliedPdf,
  raw: PDFObject,
  m: Matrix,
  archive: ArchiveLevel | undefined,
): PDFObject | undefined {
  const copier = copierFor(context, src);
  const sctx = src.doc.context;
  const ap = sctx.lookup(raw);
  if (!(ap instanceof PDFDict)) return undefined;
  if (upright(m) && !archive) return copier.copy(raw);
  const wrap = (ref: PDFObject): PDFObject => {
    const s = sctx.lookup(ref);
    if (!(s instanceof PDFStream) || upright(m)) return copier.copy(ref);
    const bbox = numbers(src, s.dict.get(PDFName.of('BBox'))) ?? [0, 0, 0, 0];
    const own = (numbers(src, s.dict.get(PDFName.of('Matrix'))) ?? [1, 0, 0, 1, 0, 0]) as Matrix;
    const shown = boxOf(pairs(own, rectCorners(bbox)));
    const stream = context.stream('/A Do', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: shown.map(round),
      Matrix: [m[0], m[1], m[2], m[3], 0, 0].map((v) => round(v)),
      Resources: { XObject: { A: copier.copy(ref) } },
    } as never);
    return context.register(stream);
  };
  const out: Record<string, PDFObject> = {};
  for (const [k, v] of ap.entries()) {
    const n = k.decodeText();
    if (archive && n !== 'N') continue;
    const states = sctx.lookup(v);
    if (states instanceof PDFDict && !(states instanceof PDFStream)) {
      const st: Record<string, PDFObject> = {};
      for (const [sk, sv] of states.entries()) st[sk.decodeText()] = wrap(sv);
      out[n] = context.obj(st as never);
    } else {
      out[n] = wrap(v);
    }
  }
  return context.obj(out as never);
}
