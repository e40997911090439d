// verifier/checks/walk/content.ts — a walk sub-step: interprets one content stream (a page's, a form's,
// a tiling pattern's, a Type 3 glyph's, an annotation appearance's) in its resource scope, in one pass
// over its operations: the colours painted (the page's initial DeviceGray included), overprint state,
// q nesting, fonts and the codes shown in them, graphics states, shadings, XObjects, inline images,
// rendering intents, undefined operators and marked content.

import { type ContentStats, hexDigits, KNOWN_OPERATORS, type Operation, parseContent } from '../../content.js';
import { dictOf, get, nameOf, PDFArray, type PDFDict, PDFStream, resolve } from '../../cos.js';
import { useColourSpaceName } from './colour-spaces.js';
import { useExtGState, usePattern, useShading, useXObject } from './resources.js';
import { defaultsOf, lookupResource, need, recordColour, useFont, type WalkState } from './state.js';
import type { Defaults, ScopeUse } from './usage.js';

/** Operators that put marks on the page (painting paths, text, shadings, XObjects, inline images). */
const PAINT_OPS = new Set(['Tj', 'TJ', "'", '"', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'S', 's', 'sh', 'Do', 'BI']);
const FILL_OPS = new Set(['f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'Tj', 'TJ', "'", '"', 'sh']);
const STROKE_OPS = new Set(['S', 's', 'B', 'B*', 'b', 'b*']);
const MAX_SCOPES = 20000; // a document reaching more content streams than this is not walked further
const MAX_SHOWN = 4096;
const INLINE_SPACES: Record<string, string> = { G: 'DeviceGray', RGB: 'DeviceRGB', CMYK: 'DeviceCMYK', I: 'Indexed' };

/** One content stream being run: where, its scope chain, and the graphics state the rules follow. */
interface Run {
  w: WalkState;
  scope: ScopeUse;
  where: string;
  /** The resource dictionaries in scope, the stream's own first. */
  res: PDFDict[];
  defaults: Defaults;
  /** q nesting depth. */
  depth: number;
  /** Text rendering mode (Tr). */
  mode: number;
  font: PDFDict | undefined;
  // overprint state and whether the current fill / stroke space is ICCBased CMYK (PDF/A-2 §6.2.4.2)
  opm: number;
  opFill: boolean;
  opStroke: boolean;
  fillIccCmyk: boolean;
  strokeIccCmyk: boolean;
  /** BX/EX compatibility nesting. */
  bx: number;
  // A page starts painting in DeviceGray black (ISO 32000-1 §8.4.1): painting before any colour is
  // set uses DeviceGray. Forms, patterns, glyphs and appearances inherit their caller's colours.
  fillSet: boolean;
  strokeSet: boolean;
  setStack: [boolean, boolean][];
  initialGray: boolean;
  /** Open marked-content sequences of this stream, each with whether it carries /ActualText. */
  marked: boolean[];
}

/** Runs one content stream (the walk's WalkState.runScope). */
export function runScope(
  w: WalkState,
  data: Uint8Array | null,
  resources: PDFDict | undefined,
  chain: PDFDict[],
  where: string,
  kind: ScopeUse['kind'],
): void {
  if (!data || w.u.scopes.length >= MAX_SCOPES) return;
  const { scope, ops } = openScope(w, data, resources, where, kind);
  const res = resources ? [resources, ...chain] : chain;
  const savedOwn = w.own;
  const own = resources ? 1 : 0;
  w.own = own;
  const r: Run = {
    w,
    scope,
    where,
    res,
    // A tiling pattern's content is drawn in its own space with its own resources (ISO 32000-1 8.7.3.3):
    // the page's Default colour spaces do not reach into it (veraPDF's 6.2.4.3 reads them so).
    defaults: defaultsOf(w.ctx, kind === 'pattern' ? (resources ? [resources] : []) : res),
    depth: 0,
    mode: 0,
    font: undefined,
    opm: 0,
    opFill: false,
    opStroke: false,
    fillIccCmyk: false,
    strokeIccCmyk: false,
    bx: 0,
    fillSet: kind !== 'page',
    strokeSet: kind !== 'page',
    setStack: [],
    initialGray: false,
    marked: [],
  };
  for (const o of ops) {
    if (!r.initialGray && (!r.fillSet || !r.strokeSet)) initialGray(r, o);
    noteOperator(r, o);
    noteOverprint(r, o);
    interpret(r, o);
    w.own = own; // a nested scope run above restored its own count; keep ours
  }
  w.own = savedOwn;
  // Sequences the stream left open end with it (ISO 32000-1 §14.6: they may not span streams).
  for (const m of r.marked) if (m) w.actualText--;
}

/** Tokenizes the stream and records its scope (with a page's marked-content skeleton). */
function openScope(
  w: WalkState,
  data: Uint8Array,
  resources: PDFDict | undefined,
  where: string,
  kind: ScopeUse['kind'],
): { scope: ScopeUse; ops: Operation[] } {
  const stats: ContentStats = { hexOdd: false, hexInvalid: false, maxString: 0, maxName: 0 };
  const ops = parseContent(data, stats);
  const scope: ScopeUse = { where, stats, unknownOps: [], markedContent: [], resources, kind };
  if (kind === 'page') {
    scope.marks = [];
    for (const o of ops) {
      if (o.op === 'BDC' || o.op === 'BMC' || o.op === 'EMC') scope.marks.push(o);
      else if (PAINT_OPS.has(o.op)) scope.marks.push({ op: o.op, args: [] });
    }
  }
  w.u.scopes.push(scope);
  return { scope, ops };
}

/** A page painting before it sets the colour it paints with uses the initial DeviceGray. */
function initialGray(r: Run, o: Operation): void {
  const text = o.op === 'Tj' || o.op === 'TJ' || o.op === "'" || o.op === '"';
  const m = r.mode;
  const fills = text ? m === 0 || m === 2 || m === 4 || m === 6 : FILL_OPS.has(o.op) && o.op !== 'sh';
  const strokes = text ? m === 1 || m === 2 || m === 5 || m === 6 : STROKE_OPS.has(o.op);
  if ((fills && !r.fillSet) || (strokes && !r.strokeSet)) {
    r.initialGray = true;
    recordColour(r.w, { family: 'DeviceGray', defaults: r.defaults, where: r.where, via: 'operator' });
  }
}

/** Undefined operators (with BX/EX compatibility) and marked-content property lists. */
function noteOperator(r: Run, o: Operation): void {
  if (!KNOWN_OPERATORS.has(o.op)) r.scope.unknownOps.push({ op: o.op, compat: r.bx > 0 });
  else if (o.op === 'BX') r.bx++;
  else if (o.op === 'EX') r.bx = Math.max(0, r.bx - 1);
  else if (o.op === 'BDC' && o.args.length >= 2) r.scope.markedContent.push(o.args[1]);
  if (o.op === 'BDC' || o.op === 'BMC') {
    const actual = o.op === 'BDC' && carriesActualText(r, o.args[1]);
    r.marked.push(actual);
    if (actual) r.w.actualText++;
  } else if (o.op === 'EMC' && r.marked.pop()) r.w.actualText--;
}

/** A BDC property list (inline, or named under the Properties resources) with an ActualText entry. */
function carriesActualText(r: Run, p: Operation['args'][number] | undefined): boolean {
  if (p?.t === 'dict') return p.v.has('ActualText');
  if (p?.t !== 'name') return false;
  const named = dictOf(lookupResource(r.w.ctx, r.res, 'Properties', p.v));
  return named !== undefined && get(r.w.ctx, named, 'ActualText') !== undefined;
}

/** ICCBased CMYK painted with overprinting on and overprint mode 1. */
function noteOverprint(r: Run, o: Operation): void {
  if (FILL_OPS.has(o.op) && r.fillIccCmyk && r.opFill && r.opm === 1) r.w.u.overprintIccCmyk.push(r.where);
  if (STROKE_OPS.has(o.op) && r.strokeIccCmyk && r.opStroke && r.opm === 1) r.w.u.overprintIccCmyk.push(r.where);
}

function interpret(r: Run, o: Operation): void {
  switch (o.op) {
    case 'q':
      r.depth++;
      if (r.depth > r.w.u.maxQDepth) r.w.u.maxQDepth = r.depth;
      r.setStack.push([r.fillSet, r.strokeSet]);
      break;
    case 'Q':
      r.depth = Math.max(0, r.depth - 1);
      [r.fillSet, r.strokeSet] = r.setStack.pop() ?? [r.fillSet, r.strokeSet];
      break;
    case 'RG':
    case 'K':
    case 'G':
    case 'rg':
    case 'k':
    case 'g':
    case 'cs':
    case 'CS':
    case 'scn':
    case 'SCN':
      colourOperator(r, o);
      break;
    case 'gs':
      extGStateOperator(r, o);
      break;
    case 'ri': {
      const a = o.args[0];
      if (a?.t === 'name') r.w.u.intents.push({ value: a.v, where: r.where });
      break;
    }
    case 'sh': {
      const a = o.args[0];
      const sh = a?.t === 'name' ? dictOf(need(r.w, 'Shading', a.v, r.res, r.where)) : undefined;
      if (sh) useShading(r.w, sh, r.res, r.where);
      break;
    }
    case 'Tf':
    case 'Tr':
    case 'Tj':
    case "'":
    case '"':
    case 'TJ':
      textOperator(r, o);
      break;
    case 'Do': {
      const a = o.args[0];
      if (a?.t !== 'name') break;
      const xo = need(r.w, 'XObject', a.v, r.res, r.where);
      if (xo instanceof PDFStream) useXObject(r.w, xo, r.res, r.where);
      break;
    }
    case 'BI':
      inlineImage(r, o);
      break;
    default:
  }
}

/** Colour operators: device colours set directly, colour spaces set by name, patterns painted with. */
function colourOperator(r: Run, o: Operation): void {
  const { w, defaults, where } = r;
  switch (o.op) {
    case 'RG':
    case 'K':
    case 'G':
      r.strokeIccCmyk = false;
      r.strokeSet = true; // the device colour is used all the same
      recordColour(w, {
        family: o.op === 'RG' ? 'DeviceRGB' : o.op === 'K' ? 'DeviceCMYK' : 'DeviceGray',
        defaults,
        where,
        via: 'operator',
      });
      break;
    case 'rg':
    case 'k':
    case 'g':
      r.fillIccCmyk = false;
      r.fillSet = true;
      recordColour(w, {
        family: o.op === 'rg' ? 'DeviceRGB' : o.op === 'k' ? 'DeviceCMYK' : 'DeviceGray',
        defaults,
        where,
        via: 'operator',
      });
      break;
    case 'cs':
    case 'CS': {
      const a = o.args[0];
      if (o.op === 'cs') r.fillSet = true;
      else r.strokeSet = true;
      if (a?.t === 'name') {
        useColourSpaceName(w, a.v, r.res, defaults, where, 'operator');
        if (o.op === 'cs') r.fillIccCmyk = iccCmyk(r, a.v);
        else r.strokeIccCmyk = iccCmyk(r, a.v);
      }
      break;
    }
    case 'scn':
    case 'SCN': {
      const a = o.args[o.args.length - 1];
      if (a?.t === 'name') usePattern(w, a.v, r.res, where);
      break;
    }
    default:
  }
}

/** Whether the ColorSpace resource `name` is ICCBased with four components. */
function iccCmyk(r: Run, name: string): boolean {
  const { ctx } = r.w;
  const cs = lookupResource(ctx, r.res, 'ColorSpace', name);
  if (!(cs instanceof PDFArray) || nameOf(resolve(ctx, cs.get(0))) !== 'ICCBased') return false;
  return Number(get(ctx, dictOf(resolve(ctx, cs.get(1))), 'N')?.toString()) === 4;
}

/** gs: the graphics state is recorded, and its overprint entries followed. */
function extGStateOperator(r: Run, o: Operation): void {
  const a = o.args[0];
  if (a?.t !== 'name') return;
  const { ctx } = r.w;
  const gs = dictOf(need(r.w, 'ExtGState', a.v, r.res, r.where));
  if (!gs) return;
  useExtGState(r.w, gs, r.res, r.where);
  const OP = get(ctx, gs, 'OP')?.toString();
  const op = get(ctx, gs, 'op')?.toString();
  if (OP !== undefined) {
    r.opStroke = OP === 'true';
    if (op === undefined) r.opFill = r.opStroke;
  }
  if (op !== undefined) r.opFill = op === 'true';
  const m = get(ctx, gs, 'OPM')?.toString();
  if (m !== undefined) r.opm = Number(m);
}

/** Text operators: the font selected, the rendering mode, and the strings shown in each font. */
function textOperator(r: Run, o: Operation): void {
  const a = o.args[0];
  if (o.op === 'Tf') {
    const f = a?.t === 'name' ? dictOf(need(r.w, 'Font', a.v, r.res, r.where)) : undefined;
    r.font = f;
    if (f) useFont(r.w, f, r.where);
    return;
  }
  if (o.op === 'Tr') {
    if (a?.t === 'num') r.mode = a.v;
    return;
  }
  if (!r.font) return;
  const fu = r.w.u.fonts.get(r.font)!;
  fu.modes.add(r.mode);
  if (r.w.actualText === 0 && fu.plain.length < MAX_SHOWN) {
    const parts: Uint8Array[] = [];
    for (const s of o.args) {
      if (s.t === 'str') parts.push(s.hex ? hexDigits(s.v) : s.v);
      else if (s.t === 'arr') for (const e of s.v) if (e.t === 'str') parts.push(e.hex ? hexDigits(e.v) : e.v);
    }
    fu.plain.push(parts.length === 1 ? parts[0] : Buffer.concat(parts));
  }
  for (const s of o.args) {
    if (fu.shown.length >= MAX_SHOWN) break;
    if (s.t === 'str') fu.shown.push(s.hex ? hexDigits(s.v) : s.v);
    else if (s.t === 'arr')
      for (const e of s.v)
        if (e.t === 'str' && fu.shown.length < MAX_SHOWN) fu.shown.push(e.hex ? hexDigits(e.v) : e.v);
  }
}

/** BI … ID … EI: the inline image, its colour space (abbreviations expanded) and rendering intent. */
function inlineImage(r: Run, o: Operation): void {
  if (!o.inline) return;
  r.w.u.inlineImages.push({ dict: o.inline, where: r.where });
  const cs = o.inline.get('CS') ?? o.inline.get('ColorSpace');
  const mask = o.inline.get('IM') ?? o.inline.get('ImageMask');
  if (cs?.t === 'name' && !(mask?.t === 'bool' && mask.v)) {
    useColourSpaceName(r.w, INLINE_SPACES[cs.v] ?? cs.v, r.res, r.defaults, r.where, 'inline-image');
  }
  const intent = o.inline.get('Intent');
  if (intent?.t === 'name') r.w.u.intents.push({ value: intent.v, where: r.where });
}
