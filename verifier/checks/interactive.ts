// verifier/checks/interactive.ts — annotations, actions and interactive forms (ISO 19005-1 §6.5,
// §6.6, §6.9; 19005-2/3 §6.3–6.5; 19005-4 §6.3, §6.4, §6.6): annotation types, flags, opacity and
// appearances, every action reachable (catalog, pages, annotations, outline, fields) and its type,
// additional-actions dictionaries, NeedAppearances and XFA.
import type { PDFContext } from 'pdf-lib';
import {
  arrayItems,
  dictOf,
  get,
  getArray,
  getDict,
  getName,
  getNumber,
  has,
  type Loaded,
  PDFArray,
  PDFDict,
  type PDFObject,
  PDFStream,
  resolve,
} from '../cos.js';
import type { Check } from './check.js';
import { pdfaOutputIntent } from './colour.js';

export const interactive: Check = ({ l, u, add }) => {
  const ctx = l.context;
  const cat = l.catalog;
  const seenActions = new Set<PDFDict>();
  const action = (o: PDFObject | undefined, where: string, depth = 0): void => {
    const d = dictOf(resolve(ctx, o)); // entries of an AA dictionary are often references
    if (!d || seenActions.has(d) || depth > 32) return;
    seenActions.add(d);
    const s = getName(ctx, d, 'S') ?? 'none';
    add('action', 'PDAction', { type: s }, where);
    if (s === 'Named') add('named-action', 'PDNamedAction', { name: getName(ctx, d, 'N') ?? 'none' }, where);
    const next = get(ctx, d, 'Next');
    if (next instanceof PDFArray) for (const n of arrayItems(ctx, next)) action(n, where, depth + 1);
    else if (next) action(next, where, depth + 1);
  };
  if (cat) {
    if (has(cat, 'AA')) add('catalog-aa', 'PDDocument');
    action(get(ctx, cat, 'OpenAction'), 'OpenAction');
    const acro = getDict(ctx, cat, 'AcroForm');
    if (acro) {
      if (get(ctx, acro, 'NeedAppearances')?.toString() === 'true') add('need-appearances', 'PDAcroForm');
      if (has(acro, 'XFA')) add('xfa', 'PDAcroForm');
      walkFields(ctx, arrayItems(ctx, getArray(ctx, acro, 'Fields')), add, action);
    }
    if (has(cat, 'NeedsRendering') && get(ctx, cat, 'NeedsRendering')?.toString() === 'true')
      add('needs-rendering', 'PDDocument');
    const perms = getDict(ctx, cat, 'Perms');
    if (perms) for (const [k] of perms.entries()) add('perms-key', 'PDPerms', { key: k.decodeText() });
    // outline actions
    const outlines = getDict(ctx, cat, 'Outlines');
    let item = getDict(ctx, outlines, 'First');
    const seen = new Set<PDFDict>();
    const stack: PDFDict[] = [];
    while (item && !seen.has(item) && seen.size < 100000) {
      seen.add(item);
      action(get(ctx, item, 'A'), 'outline');
      const first = getDict(ctx, item, 'First');
      const next = getDict(ctx, item, 'Next');
      if (next) stack.push(next);
      item = first ?? stack.pop();
    }
    if (has(cat, 'AlternatePresentations') || has(getDict(ctx, cat, 'Names'), 'AlternatePresentations'))
      add('alternate-presentations', 'PDDocument');
  }
  u.pages.forEach((p, i) => {
    const where = `page ${i + 1}`;
    if (has(p, 'AA')) add('page-aa', 'PDPage', {}, where);
    if (has(p, 'PresSteps')) add('page-pressteps', 'PDPage', {}, where);
    for (const a of arrayItems(ctx, getArray(ctx, p, 'Annots'))) {
      const d = dictOf(a);
      if (!d) continue;
      annotation(l, d, where, add);
      action(get(ctx, d, 'A'), where);
      const aa = getDict(ctx, d, 'AA');
      for (const [, v] of aa?.entries() ?? []) action(v, where);
    }
  });
};

function walkFields(
  ctx: PDFContext,
  fields: PDFObject[],
  add: Parameters<Check>[0]['add'],
  action: (o: PDFObject | undefined, w: string) => void,
  depth = 0,
): void {
  if (depth > 32) return;
  for (const f of fields) {
    const d = dictOf(f);
    if (!d) continue;
    if (has(d, 'AA')) add('field-aa', 'PDFormField', { name: String(get(ctx, d, 'T') ?? '') });
    action(get(ctx, d, 'A'), 'form field');
    for (const [, v] of getDict(ctx, d, 'AA')?.entries() ?? []) action(v, 'form field');
    walkFields(ctx, arrayItems(ctx, getArray(ctx, d, 'Kids')), add, action, depth + 1);
  }
}

/**
 * A 3D annotation's 3D stream (ISO 32000-2 13.6.3): `3DD` is the stream, or a 3D reference dictionary
 * whose own `3DD` is; its Subtype is what PDF/A-4e 6.1.6.1 judges (U3D or PRC).
 */
function threeD(ctx: PDFContext, d: PDFDict, where: string, add: Parameters<Check>[0]['add']): void {
  let target = resolve(ctx, get(ctx, d, '3DD'));
  if (target instanceof PDFDict && !(target instanceof PDFStream) && getName(ctx, target, 'Type') === '3DRef')
    target = resolve(ctx, get(ctx, target, '3DD'));
  if (!(target instanceof PDFStream)) return;
  add('3d-stream', 'PD3DStream', { subtype: getName(ctx, target.dict, 'Subtype') ?? 'none' }, where);
}

function annotation(l: Loaded, d: PDFDict, where: string, add: Parameters<Check>[0]['add']): void {
  const ctx = l.context;
  const sub = getName(ctx, d, 'Subtype') ?? 'none';
  const rect = arrayItems(ctx, getArray(ctx, d, 'Rect')).map((x) => Number(x.toString()));
  const zeroSize = rect.length === 4 && (rect[0] === rect[2] || rect[1] === rect[3]);
  add('annotation', 'PDAnnot', { subtype: sub }, where);
  if (sub === '3D') threeD(ctx, d, where, add);
  const ca = getNumber(ctx, d, 'CA');
  if (ca !== undefined && ca !== 1) add('annot-ca', 'PDAnnot', { subtype: sub, value: ca }, where);
  const f = getNumber(ctx, d, 'F');
  add(
    'annot-flags',
    'PDAnnot',
    {
      subtype: sub,
      present: f !== undefined,
      print: ((f ?? 0) & 4) !== 0,
      hidden: ((f ?? 0) & 2) !== 0,
      invisible: ((f ?? 0) & 1) !== 0,
      noView: ((f ?? 0) & 32) !== 0,
      toggleNoView: ((f ?? 0) & 256) !== 0,
    },
    where,
  );
  if (has(d, 'C') || has(d, 'IC'))
    add('annot-colour', 'PDAnnot', { subtype: sub, outputCs: pdfaOutputIntent(l).cs ?? 'none' }, where);
  const ap = getDict(ctx, d, 'AP');
  const ft = getName(ctx, d, 'FT') ?? getName(ctx, getDict(ctx, d, 'Parent'), 'FT');
  if (ap) {
    const keys = [...ap.entries()].map(([k]) => k.decodeText());
    const n = get(ctx, ap, 'N');
    const nType = n instanceof PDFStream ? 'stream' : n instanceof PDFDict ? 'dict' : 'none';
    add(
      'annot-ap',
      'PDAnnot',
      { subtype: sub, onlyN: keys.length === 1 && keys[0] === 'N', nType, btn: ft === 'Btn' },
      where,
    );
  } else {
    add('annot-no-ap', 'PDAnnot', { subtype: sub, zeroSize }, where);
  }
  if (sub === 'Widget') {
    if (has(d, 'A')) add('widget-action', 'PDAnnot', {}, where);
    if (has(d, 'AA')) add('widget-aa', 'PDAnnot', {}, where);
  }
}
