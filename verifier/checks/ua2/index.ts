// verifier/checks/ua2/index.ts — the facts PDF/UA-2 (ISO 14289-2) asks beyond the checks PDF/A and
// PDF/UA-1 share: the structure in namespaces (./structure.ts), then annotations in the tree (§8.9,
// §8.10), destinations (§8.8), optional content configurations (§8.7), the catalog's language (§8.4.4),
// human-readable strings without Private Use Area code points (§8.6), embedded files' descriptions
// (§8.14) and the PDF/UA identification (§5: part 2, rev a year, both under the prefix pdfuaid).

import type { PDFContext } from 'pdf-lib';
import { pushAll } from '../../../ir/bounded.js';
import {
  arrayItems,
  dictOf,
  get,
  getArray,
  getDict,
  getName,
  getNumber,
  has,
  nameOf,
  PDFArray,
  type PDFDict,
  type PDFObject,
  resolve,
  textOf,
} from '../../cos.js';
import type { Check, CheckContext } from '../check.js';
import { documentXmp } from '../metadata.js';
import { parentTreeNums } from '../structure.js';
import { PUA, type Ua2Element, ua2Structure } from './structure.js';

const PDFUA_NS = 'http://www.aiim.org/pdfua/ns/id/';
/** Markup annotations (ISO 32000-2 §12.5.6.2 Table 171). */
const MARKUP = new Set([
  'Text',
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
  'Caret',
  'Stamp',
  'Ink',
  'FileAttachment',
  'Sound',
  'Redact',
  'Projection',
]);
const MAX_NODES = 100_000;

export const ua2: Check = (c) => {
  const elements = ua2Structure(c);
  annotations(c, elements);
  destinations(c);
  document(c);
};

function annotations({ l, u, add }: CheckContext, elements: Map<PDFDict, Ua2Element>): void {
  const ctx = l.context;
  const root = getDict(ctx, l.catalog, 'StructTreeRoot');
  const parents = parentTreeNums(ctx, getDict(ctx, root, 'ParentTree'));
  // Link annotations by the element holding them, with where each leads (8.2.5.20 t2).
  const linkTargets = new Map<Ua2Element, Set<string>>();
  u.pages.forEach((p, i) => {
    const where = `page ${i + 1}`;
    const annots = arrayItems(ctx, getArray(ctx, p, 'Annots'))
      .map(dictOf)
      .filter((a): a is PDFDict => !!a);
    const tabs = getName(ctx, p, 'Tabs');
    if (annots.length && tabs !== 'A' && tabs !== 'W' && tabs !== 'S')
      add('ua2-tabs', 'PDPage', { value: tabs ?? 'absent' }, where);
    for (const a of annots) {
      const sub = getName(ctx, a, 'Subtype') ?? '';
      const key = getNumber(ctx, a, 'StructParent');
      const parentDict = key === undefined ? undefined : dictOf(parents.get(key));
      const parent = parentDict ? elements.get(parentDict) : undefined;
      const tagged = key !== undefined && parentDict !== undefined;
      const artifact = parent?.std === 'Artifact';
      const flags = getNumber(ctx, a, 'F') ?? 0;
      const contents = textOf(get(ctx, a, 'Contents'));
      const args = { subtype: sub, parent: parent?.std || (tagged ? '?' : 'none') };
      if (contents !== undefined && PUA.test(contents))
        add('ua2-text-pua', 'CosTextString', { key: 'Contents' }, where);
      if (tagged && !artifact && flags & 1)
        add('ua2-annot-hidden-tagged', 'PDAnnot', { ...args, flag: 'Invisible' }, where);
      if (tagged && !artifact && flags & 32 && !(flags & 256))
        add('ua2-annot-hidden-tagged', 'PDAnnot', { ...args, flag: 'NoView' }, where);
      if (MARKUP.has(sub) && parent?.std !== 'Annot') add('ua2-markup-not-in-annot', 'PDMarkupAnnot', args, where);
      const needsContents = (sub === 'Stamp' && !has(a, 'Name')) || ['Ink', 'Screen', '3D', 'RichMedia'].includes(sub);
      if (needsContents && contents === undefined) add('ua2-annot-no-contents', `PD${sub}Annot`, args, where);
      if (sub === 'Popup' && tagged) add('ua2-popup-tagged', 'PDPopupAnnot', args, where);
      if (sub === 'FileAttachment') {
        const fs = getDict(ctx, a, 'FS');
        if (fs && !has(fs, 'AFRelationship')) add('ua2-fileattach-no-afrel', 'PDFileAttachmentAnnot', args, where);
      }
      if (sub === 'Sound' || sub === 'Movie' || sub === 'TrapNet')
        add('ua2-annot-forbidden', `PD${sub}Annot`, args, where);
      if (
        (sub === 'PrinterMark' || sub === 'Watermark') &&
        tagged &&
        !artifact &&
        !(sub === 'Watermark' && parent?.std === 'Annot')
      )
        add('ua2-annot-not-artifact', `PD${sub}Annot`, args, where);
      if (sub === 'Link') {
        if (parent?.std !== 'Link' && parent?.std !== 'Reference') add('ua2-link-parent', 'PDLinkAnnot', args, where);
        if (parent) {
          const t = linkTargets.get(parent) ?? new Set<string>();
          t.add(targetKey(ctx, a));
          linkTargets.set(parent, t);
        }
      }
      const alt = parent ? textOf(get(ctx, parent.dict, 'Alt')) : undefined;
      if (contents !== undefined && alt !== undefined && contents !== alt)
        add('ua2-contents-alt-differ', 'PDAnnot', args, where);
      if (sub === 'Widget') {
        const rect = arrayItems(ctx, getArray(ctx, a, 'Rect')).map((n) => Number(n.toString()));
        const empty = rect.length === 4 && rect[2] - rect[0] === 0 && rect[3] - rect[1] === 0;
        if (empty && tagged && !artifact) add('ua2-widget-empty-tagged', 'PDWidgetAnnot', args, where);
        if (tagged && !artifact && parent?.std !== 'Form') add('ua2-widget-not-in-form', 'PDWidgetAnnot', args, where);
        const label = parent?.kids.some((k) => k.std === 'Lbl') ?? false;
        if (!label && contents === undefined) add('ua2-widget-no-label', 'PDWidgetAnnot', args, where);
        if (has(a, 'AA') && contents === undefined) add('ua2-widget-aa-no-contents', 'PDWidgetAnnot', args, where);
      }
    }
  });
  for (const [e, targets] of linkTargets)
    if (targets.size > 1) add('ua2-link-targets-mixed', 'PDLinkAnnot', { count: targets.size, type: e.std });
  for (const e of elements.values()) {
    if (e.std !== 'Form') continue;
    const widgets = e.objrs.filter((o) => getName(ctx, o, 'Subtype') === 'Widget').length;
    if (widgets > 1) add('ua2-form-widgets', 'SEForm', { count: widgets });
  }
  // Text fields: RV (rich text) and V say the same (8.10.3.3).
  const acro = getDict(ctx, l.catalog, 'AcroForm');
  const stack = arrayItems(ctx, getArray(ctx, acro, 'Fields'));
  const seen = new Set<PDFObject>();
  while (stack.length && seen.size < MAX_NODES) {
    const f = dictOf(stack.pop());
    if (!f || seen.has(f)) continue;
    seen.add(f);
    if (getName(ctx, f, 'FT') === 'Tx' && has(f, 'RV')) {
      const v = textOf(get(ctx, f, 'V'));
      if (v === undefined || plain(textOf(get(ctx, f, 'RV')) ?? '') !== v.trim())
        add('ua2-rv-v', 'PDTextField', { name: textOf(get(ctx, f, 'T')) ?? '?' });
    }
    pushAll(stack, arrayItems(ctx, getArray(ctx, f, 'Kids')));
  }
}

/** The text of a rich-text string: its markup dropped, whitespace runs as one space. */
function plain(rv: string): string {
  return rv
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where a link leads, as a comparable string. */
function targetKey(ctx: PDFContext, a: PDFDict): string {
  const d = get(ctx, a, 'Dest') ?? get(ctx, getDict(ctx, a, 'A'), 'D') ?? get(ctx, getDict(ctx, a, 'A'), 'URI');
  return d === undefined ? 'none' : d.toString();
}

/** §8.8: every destination inside the document is a structure destination. */
function destinations({ l, u, add }: CheckContext): void {
  const ctx = l.context;
  const cat = l.catalog;
  if (!cat) return;
  const names = new Map<string, PDFObject>();
  const collect = (tree: PDFDict | undefined) => {
    const stack = tree ? [tree] : [];
    const seen = new Set<PDFDict>();
    while (stack.length && seen.size < MAX_NODES) {
      const n = stack.pop()!;
      if (seen.has(n)) continue;
      seen.add(n);
      const kv = arrayItems(ctx, getArray(ctx, n, 'Names'));
      for (let i = 0; i + 1 < kv.length; i += 2) {
        const k = textOf(kv[i]);
        if (k !== undefined) names.set(k, kv[i + 1]);
      }
      for (const kid of arrayItems(ctx, getArray(ctx, n, 'Kids'))) {
        const d = dictOf(kid);
        if (d) stack.push(d);
      }
    }
  };
  collect(getDict(ctx, getDict(ctx, cat, 'Names'), 'Dests'));
  const oldDests = getDict(ctx, cat, 'Dests');
  /** A destination value (array, name, string, or a dictionary with D/SD) is a structure destination. */
  const isStructural = (v: PDFObject | undefined, depth = 0): boolean => {
    if (v === undefined || depth > 4) return true;
    if (v instanceof PDFArray) {
      const first = dictOf(arrayItems(ctx, v)[0]);
      return !!first && getName(ctx, first, 'Type') !== 'Page' && has(first, 'S');
    }
    const d = dictOf(v);
    if (d) return has(d, 'SD') || isStructural(get(ctx, d, 'D'), depth + 1);
    const name = textOf(v) ?? nameOf(v);
    if (name === undefined) return true;
    const named = names.get(name) ?? get(ctx, oldDests, name);
    return named === undefined ? true : isStructural(named, depth + 1);
  };
  const judgeAction = (a: PDFDict | undefined, where: string) => {
    if (!a || getName(ctx, a, 'S') !== 'GoTo') return;
    if (!has(a, 'SD') && !isStructural(get(ctx, a, 'D'))) add('ua2-goto-not-structure', 'PDGoToAction', {}, where);
  };
  const judgeDest = (d: PDFObject | undefined, where: string) => {
    if (d !== undefined && !isStructural(d)) add('ua2-dest-not-structure', 'PDDestination', {}, where);
  };
  u.pages.forEach((p, i) => {
    for (const a of arrayItems(ctx, getArray(ctx, p, 'Annots')).map(dictOf)) {
      if (!a || getName(ctx, a, 'Subtype') !== 'Link') continue;
      judgeDest(get(ctx, a, 'Dest'), `page ${i + 1}`);
      judgeAction(getDict(ctx, a, 'A'), `page ${i + 1}`);
    }
  });
  const open = get(ctx, cat, 'OpenAction');
  if (open instanceof PDFArray) judgeDest(open, 'OpenAction');
  else judgeAction(dictOf(open), 'OpenAction');
  const outlines = getDict(ctx, cat, 'Outlines');
  const stack = outlines ? [getDict(ctx, outlines, 'First')] : [];
  const seen = new Set<PDFDict>();
  while (stack.length && seen.size < MAX_NODES) {
    const o = stack.pop();
    if (!o || seen.has(o)) continue;
    seen.add(o);
    const title = textOf(get(ctx, o, 'Title'));
    if (title !== undefined && PUA.test(title)) add('ua2-text-pua', 'CosTextString', { key: 'Title' }, 'outline');
    judgeDest(get(ctx, o, 'Dest'), 'outline');
    judgeAction(getDict(ctx, o, 'A'), 'outline');
    stack.push(getDict(ctx, o, 'First'), getDict(ctx, o, 'Next'));
  }
}

function document({ l, add }: CheckContext): void {
  const ctx = l.context;
  const cat = l.catalog;
  if (!cat) return;
  // §8.4.4: the catalog's Lang, not empty.
  if (!textOf(get(ctx, cat, 'Lang')))
    add('ua2-catalog-lang', 'PDDocument', { value: has(cat, 'Lang') ? 'empty' : 'absent' });
  // §8.6 (the document information dictionary's strings).
  const info = dictOf(resolve(ctx, ctx.trailerInfo.Info as PDFObject | undefined));
  for (const key of ['Title', 'Author', 'Subject', 'Keywords']) {
    const v = textOf(get(ctx, info, key));
    if (v !== undefined && PUA.test(v)) add('ua2-text-pua', 'CosTextString', { key }, 'Info');
  }
  // §8.7: optional content configurations named when several exist, never AS.
  const oc = getDict(ctx, cat, 'OCProperties');
  const configs = getArray(ctx, oc, 'Configs');
  for (const [i, d] of [getDict(ctx, oc, 'D'), ...arrayItems(ctx, configs).map(dictOf)].entries()) {
    if (!d) continue;
    const where = i === 0 ? 'D' : `Configs ${i - 1}`;
    if (configs && !textOf(get(ctx, d, 'Name'))) add('ua2-occonfig-name', 'PDOCConfig', {}, where);
    if (has(d, 'AS')) add('ua2-occonfig-as', 'PDOCConfig', {}, where);
  }
  // §8.14.1: every file specification of EmbeddedFiles has Desc.
  const ef = getDict(ctx, getDict(ctx, cat, 'Names'), 'EmbeddedFiles');
  const stack = ef ? [ef] : [];
  const seen = new Set<PDFDict>();
  while (stack.length && seen.size < MAX_NODES) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    const kv = arrayItems(ctx, getArray(ctx, n, 'Names'));
    for (let i = 0; i + 1 < kv.length; i += 2) {
      const fs = dictOf(kv[i + 1]);
      if (fs && !has(fs, 'Desc')) add('ua2-filespec-no-desc', 'CosFileSpecification', { name: textOf(kv[i]) ?? '?' });
    }
    for (const kid of arrayItems(ctx, getArray(ctx, n, 'Kids'))) {
      const d = dictOf(kid);
      if (d) stack.push(d);
    }
  }
  // §5: pdfuaid:part 2, pdfuaid:rev a four-digit year, both with the prefix pdfuaid.
  const props = documentXmp(l).packet?.properties.filter((p) => p.ns === PDFUA_NS) ?? [];
  const part = props.find((p) => p.name === 'part');
  const rev = props.find((p) => p.name === 'rev');
  const text = (p: typeof part) => (p?.value.kind === 'simple' ? p.value.text.trim() : undefined);
  if (part && text(part) !== '2') add('ua2-pdfuaid-part', 'PDFUAIdentification', { part: text(part) ?? '?' });
  if (part && !/^\d{4}$/.test(text(rev) ?? ''))
    add('ua2-pdfuaid-rev', 'PDFUAIdentification', { rev: text(rev) ?? 'absent' });
  for (const p of [part, rev])
    if (p && p.prefix !== 'pdfuaid')
      add('ua2-pdfuaid-prefix', 'PDFUAIdentification', { property: p.name, prefix: p.prefix });
}
