// verifier/checks/walk/state.ts — the state one walk of the document carries between its sub-steps
// (verifier/checks/walk.ts drives them): the usage being recorded, the streams already walked, which
// resource dictionaries belong to the scope being run, the transparency blending space in force; and
// the resource lookups they share.
import type { PDFContext } from 'pdf-lib';
import { get, getDict, type Loaded, type PDFDict, type PDFObject } from '../../cos.js';
import type { ColourUse, Defaults, ScopeUse, Usage } from './usage.js';

/** Runs one content stream in its resource scope (verifier/checks/walk/content.ts). */
export type RunScope = (
  data: Uint8Array | null,
  resources: PDFDict | undefined,
  chain: PDFDict[],
  where: string,
  kind: ScopeUse['kind'],
) => void;

export interface WalkState {
  l: Loaded;
  ctx: PDFContext;
  u: Usage;
  /** Streams (and pattern dictionaries) already walked: each is walked once. */
  seenStreams: Set<PDFObject>;
  /** How many dictionaries at the head of the chain belong to the scope being run (0: it has none). */
  own: number;
  /** The blending space of the nearest enclosing group with a CS (see ColourUse.blend). */
  blend: string | undefined;
  /** Marked-content sequences with /ActualText open around the operator being run (a form drawn
   * inside one is inside it too). */
  actualText: number;
  /** How forms, patterns and appearances reach the content interpreter without importing it back. */
  runScope: RunScope;
}

/** Records a colour use with the blending space in force. */
export function recordColour(w: WalkState, c: ColourUse): void {
  w.u.colours.push(w.blend === undefined ? c : { ...c, blend: w.blend });
}

/** Marks the page `where` names (if any) as painting something transparent. */
export function markTransparent(w: WalkState, where: string): void {
  const m = /^page (\d+)/.exec(where);
  if (m) w.u.transparentPages.add(Number(m[1]));
}

/** A named resource an operator uses, looked up through the scope chain; records it missing or inherited. */
export function need(w: WalkState, kind: string, name: string, res: PDFDict[], where: string): PDFObject | undefined {
  for (let i = 0; i < res.length; i++) {
    const v = get(w.ctx, getDict(w.ctx, res[i], kind), name);
    if (v === undefined) continue;
    if (i >= w.own) w.u.inherited.push({ kind, name, where });
    return v;
  }
  w.u.missing.push({ kind, name, where });
  return undefined;
}

/** A font selected or named by a graphics state: the first place it is met is kept. */
export function useFont(w: WalkState, f: PDFDict, where: string): void {
  if (!w.u.fonts.has(f)) w.u.fonts.set(f, { font: f, modes: new Set(), shown: [], plain: [], where });
}

export function lookupResource(ctx: PDFContext, chain: PDFDict[], kind: string, name: string): PDFObject | undefined {
  for (const r of chain) {
    const sub = getDict(ctx, r, kind);
    if (!sub) continue;
    const v = get(ctx, sub, name);
    if (v !== undefined) return v;
  }
  return undefined;
}

export function defaultsOf(ctx: PDFContext, chain: PDFDict[]): Defaults {
  const has = (k: string): boolean => lookupResource(ctx, chain, 'ColorSpace', k) !== undefined;
  return { gray: has('DefaultGray'), rgb: has('DefaultRGB'), cmyk: has('DefaultCMYK') };
}
