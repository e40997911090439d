// verifier/checks/ua2/structure.ts — the structure tree as PDF/UA-2 (ISO 14289-2 §8.2, §8.4.3) reads
// it, namespace by namespace (./namespaces.ts): every element standard in or mapped to PDF 1.7, PDF 2.0
// or MathML; the root a single PDF 2.0 Document; no H, no Note; FENote's NoteType; TOCI's Ref; what
// Ruby, Warichu, L and LI hold; Caption first or last; MathML only under Formula; Figure's alternate
// text; Alt without Private Use Area code points. Facts only; verifier/pdfua-2/ binds them. Returns
// each element's standard type for the annotation step.
import { type PDFContext, PDFNumber } from 'pdf-lib';
import {
  arrayItems,
  dictOf,
  get,
  getDict,
  getName,
  has,
  nameOf,
  PDFArray,
  type PDFDict,
  type PDFObject,
  textOf,
} from '../../cos.js';
import type { CheckContext } from '../check.js';
import { Namespaces, type Resolved } from './namespaces.js';

const MAX_ELEMENTS = 200_000;
/** Private Use Areas: U+E000–F8FF, planes 15 and 16 (high surrogates DB80–DBFF). */
export const PUA = /[\uE000-\uF8FF]|[\uDB80-\uDBFF][\uDC00-\uDFFF]/;

export interface Ua2Element {
  dict: PDFDict;
  resolved: Resolved;
  /** Standard type ('' when unmapped or circular). */
  std: string;
  parent?: Ua2Element;
  /** Element kids, in order. */
  kids: Ua2Element[];
  /** Annotation objects it holds (OBJR). */
  objrs: PDFDict[];
  /** Marked content it holds directly (MCID or MCR). */
  content: number;
}

/** The value of an attribute in an element's /A (a dictionary, or an array of dictionaries and revision numbers). */
export function attribute(ctx: PDFContext, e: PDFDict, key: string): PDFObject | undefined {
  const a = get(ctx, e, 'A');
  const dicts = a instanceof PDFArray ? arrayItems(ctx, a).map(dictOf) : [dictOf(a)];
  for (const d of dicts) if (d && has(d, key)) return get(ctx, d, key);
  return undefined;
}

export function ua2Structure({ l, add }: CheckContext): Map<PDFDict, Ua2Element> {
  const ctx = l.context;
  const out = new Map<PDFDict, Ua2Element>();
  const root = getDict(ctx, l.catalog, 'StructTreeRoot');
  if (!root) return out;
  const ns = new Namespaces(ctx, getDict(ctx, root, 'RoleMap'));
  const kidsOf = (d: PDFDict | undefined): PDFObject[] => {
    const k = get(ctx, d, 'K');
    return k instanceof PDFArray ? arrayItems(ctx, k) : k !== undefined ? [k] : [];
  };
  const top: Ua2Element[] = [];
  const stack: [PDFObject, Ua2Element | undefined][] = kidsOf(root)
    .reverse()
    .map((k) => [k, undefined]);
  while (stack.length && out.size < MAX_ELEMENTS) {
    const [k, parent] = stack.pop()!;
    const d = dictOf(k);
    if (!d) {
      if (parent && k instanceof PDFNumber) parent.content++;
      continue;
    }
    const type = getName(ctx, d, 'Type');
    if (type === 'MCR') {
      if (parent) parent.content++;
      continue;
    }
    if (type === 'OBJR') {
      const obj = dictOf(get(ctx, d, 'Obj'));
      if (parent && obj) parent.objrs.push(obj);
      continue;
    }
    if (!has(d, 'S') || out.has(d)) continue;
    const s = getName(ctx, d, 'S') ?? '';
    const f: { sameNamespace?: string } = {};
    const resolved = ns.resolve(s, ns.nsOf(d), f);
    const e: Ua2Element = {
      dict: d,
      resolved,
      std: resolved.kind === 'standard' ? resolved.type : '',
      parent,
      kids: [],
      objrs: [],
      content: 0,
    };
    out.set(d, e);
    if (parent) parent.kids.push(e);
    else top.push(e);
    if (resolved.kind === 'unmapped') add('ua2-struct-no-namespace', 'SENonStandard', { type: s });
    if (resolved.kind === 'circular') add('ua2-role-circular', 'PDStructElem', { type: s });
    if (f.sameNamespace) add('ua2-rolemap-same-ns', 'PDStructElem', { type: f.sameNamespace });
    for (const key of ['Alt', 'ActualText', 'E', 'T'] as const) {
      const v = textOf(get(ctx, d, key));
      if (v !== undefined && PUA.test(v)) add('ua2-text-pua', key === 'Alt' ? 'CosAlt' : 'CosTextString', { key }, s);
    }
    const kids = kidsOf(d);
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], e]);
  }

  // 8.2.5.2: one Document, in the PDF 2.0 namespace, as the root's only child.
  const rootTypes = top.map((e) => e.std || '?').join('&');
  if (rootTypes !== 'Document') add('ua2-root-kids', 'PDStructTreeRoot', { kids: rootTypes || 'none' });
  else if (top[0].resolved.kind === 'standard' && top[0].resolved.ns !== 'pdf20')
    add('ua2-root-document-ns', 'PDStructTreeRoot', { ns: ns.uriOf(ns.nsOf(top[0].dict)) });

  for (const e of out.values()) {
    const s = getName(ctx, e.dict, 'S') ?? '';
    const kidTypes = e.kids.map((k) => k.std);
    const ns17 = e.resolved.kind === 'standard' && e.resolved.ns === 'pdf17';
    if (e.std === 'H') add('ua2-h-used', 'SEH', { type: s });
    if (e.std === 'Note' && ns17) add('ua2-note-used', 'SENote', { type: s });
    if (e.std === 'FENote') {
      const v = attribute(ctx, e.dict, 'NoteType');
      const value = v === undefined ? 'None' : (nameOf(v) ?? '?');
      if (!['Footnote', 'Endnote', 'None'].includes(value)) add('ua2-fenote-notetype', 'SEFENote', { value });
    }
    if (e.std === 'TOCI' && !has(e.dict, 'Ref') && !e.kids.some((k) => has(k.dict, 'Ref')))
      add('ua2-toci-no-ref', 'SETOCI', { type: s });
    if (e.std === 'Figure' && !has(e.dict, 'Alt') && !has(e.dict, 'ActualText'))
      add('ua2-figure-no-alt', 'SEFigure', { type: s });
    if (e.std === 'Ruby' || e.std === 'Warichu')
      add('ua2-struct-kids', `SE${e.std}`, { type: e.std, kids: kidTypes.join('&') || 'none' });
    if (e.std === 'L') {
      const labels = e.kids.some((li) => li.std === 'LI' && li.kids.some((k) => k.std === 'Lbl'));
      const numbering = nameOf(attribute(ctx, e.dict, 'ListNumbering'));
      if (labels && (numbering === undefined || numbering === 'None'))
        add('ua2-list-numbering', 'SEL', { value: numbering ?? 'absent' });
    }
    if (e.std === 'LI' && e.content > 0) add('ua2-li-content', 'SELI');
    const caption = kidTypes.indexOf('Caption');
    if (caption > 0 && caption < kidTypes.length - 1) add('ua2-caption-middle', 'PDStructElem', { type: s });
    if (e.resolved.kind === 'standard' && e.resolved.ns === 'mathml') {
      const p = e.parent?.resolved;
      const ok = p?.kind === 'standard' && (p.type === 'Formula' || p.ns === 'mathml');
      if (!ok) add('ua2-mathml-parent', 'SEMathMLStructElem', { parent: e.parent?.std || 'none' });
    }
  }
  return out;
}
