// verifier/checks/walk/pages.ts — a walk sub-step: the page tree in order (with inherited resources),
// and each page as the walk reaches it: its group (transparency, blending space), its content streams
// joined and run, and its annotations (their own transparency, their appearance streams).
import type { PDFContext } from 'pdf-lib';
import {
  arrayItems,
  dictOf,
  get,
  getArray,
  getDict,
  getName,
  nameOf,
  PDFArray,
  PDFDict,
  PDFName,
  type PDFObject,
  PDFStream,
  resolve,
  streamData,
} from '../../cos.js';
import { blendOf, useColourSpace } from './colour-spaces.js';
import { defaultsOf, markTransparent, type WalkState } from './state.js';

/** Depth of the page tree followed, and pages collected at most. */
const MAX_TREE_DEPTH = 64;
const MAX_PAGES = 100000;

export interface PageNode {
  dict: PDFDict;
  resources?: PDFDict;
}

/** Pages in order with their inherited resources. */
export function collectPages(ctx: PDFContext, catalog: PDFDict | undefined): PageNode[] {
  const out: PageNode[] = [];
  const seen = new Set<PDFDict>();
  const visit = (node: PDFDict, inherited: PDFDict | undefined, depth: number): void => {
    if (seen.has(node) || depth > MAX_TREE_DEPTH || out.length > MAX_PAGES) return;
    seen.add(node);
    const res = getDict(ctx, node, 'Resources') ?? inherited;
    const kids = getArray(ctx, node, 'Kids');
    if (
      getName(ctx, node, 'Type') === 'Pages' ||
      (kids && !node.has(PDFName.of('Contents')) && getName(ctx, node, 'Type') !== 'Page')
    ) {
      for (const k of arrayItems(ctx, kids)) {
        const d = dictOf(k);
        if (d) visit(d, res, depth + 1);
      }
    } else out.push({ dict: node, resources: res });
  };
  const root = getDict(ctx, catalog, 'Pages');
  if (root) visit(root, undefined, 0);
  return out;
}

/** One page (1-based `n`): its group, its content, its annotations. */
export function walkPage(w: WalkState, p: PageNode, n: number): void {
  const { ctx, u } = w;
  const where = `page ${n}`;
  const res = p.resources;
  if (res && !p.dict.has(PDFName.of('Resources'))) u.pagesInheritingResources.push(n);
  const group = getDict(ctx, p.dict, 'Group');
  w.blend = blendOf(w, group, true);
  if (group) {
    if (getName(ctx, group, 'S') === 'Transparency') u.groups.push({ dict: group, owner: 'page', where });
    const cs = get(ctx, group, 'CS');
    if (cs) useColourSpace(w, cs, defaultsOf(ctx, res ? [res] : []), where, 'group', false);
  }
  const contents = get(ctx, p.dict, 'Contents');
  const parts = contents instanceof PDFArray ? arrayItems(ctx, contents) : contents ? [contents] : [];
  const datas = parts.map((c) => streamData(w.l, c)).filter((d): d is Uint8Array => d !== null);
  w.runScope(joinWithSpace(datas), res, [], where, 'page');
  for (const a of arrayItems(ctx, getArray(ctx, p.dict, 'Annots'))) walkAnnotation(w, dictOf(a), where);
}

/** An annotation: transparency of its own dictionary, and every appearance stream it holds. */
function walkAnnotation(w: WalkState, ad: PDFDict | undefined, where: string): void {
  const { ctx, u } = w;
  // an annotation blended or made translucent by its own dictionary paints transparency on the page
  const abm = nameOf(get(ctx, ad, 'BM'));
  const aca = Number(get(ctx, ad, 'CA')?.toString() ?? 1);
  const aca2 = Number(get(ctx, ad, 'ca')?.toString() ?? 1);
  if ((abm && abm !== 'Normal' && abm !== 'Compatible') || aca < 1 || aca2 < 1) markTransparent(w, where);
  const ap = getDict(ctx, ad, 'AP');
  if (!ap) return;
  for (const [, v] of ap.entries()) {
    const r = resolve(ctx, v);
    const streams: PDFObject[] =
      r instanceof PDFStream
        ? [r]
        : r instanceof PDFDict
          ? [...r.entries()].map(([, x]) => resolve(ctx, x)).filter((x): x is PDFObject => !!x)
          : [];
    for (const s of streams) {
      if (!(s instanceof PDFStream) || w.seenStreams.has(s)) continue;
      w.seenStreams.add(s);
      const r2 = getDict(ctx, s.dict, 'Resources');
      const group2 = getDict(ctx, s.dict, 'Group');
      if (group2 && getName(ctx, group2, 'S') === 'Transparency')
        u.groups.push({ dict: group2, owner: 'form', where: `${where}, annotation` });
      w.runScope(streamData(w.l, s), r2, [], `${where}, annotation appearance`, 'appearance');
    }
  }
}

/** A page's content streams as one, a newline between parts (a part may end mid-token). */
function joinWithSpace(parts: Uint8Array[]): Uint8Array | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0];
  const total = parts.reduce((s, p) => s + p.length + 1, 0);
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
    out[o++] = 0x0a;
  }
  return out;
}
