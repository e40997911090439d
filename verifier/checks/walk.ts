// verifier/checks/walk.ts — one walk over what the document draws: every page's content streams and
// resources, the forms, patterns, Type 3 glyphs and annotation appearances they reach, in their own
// resource scopes. It records what is USED (colour spaces with the defaults in force, fonts with the
// text rendering modes they are shown in, graphics states, images, shadings, operators, q nesting), the
// way veraPDF reaches objects through the operators that use them. The other checks read the result.
import type { PDFContext } from 'pdf-lib';
import {
  arrayItems, dictOf, get, getArray, getDict, getName, type Loaded, nameOf, PDFArray, PDFDict, PDFName, type PDFObject,
  PDFStream, resolve, streamData,
} from '../cos.js';
import { type ContentStats, hexDigits, KNOWN_OPERATORS, parseContent, type Operand, type Operation } from '../content.js';
import { iccHeader } from './colour.js';

/** Default colour spaces in force where a device space is used (DefaultRGB … in the resources). */
export interface Defaults { gray: boolean; rgb: boolean; cmyk: boolean }

export interface ColourUse {
  /** Family: DeviceRGB, DeviceCMYK, DeviceGray, ICCBased, Indexed, Separation, DeviceN, Pattern, Lab, CalRGB… */
  family: string;
  /** The colour space object (array) for non-device families. */
  obj?: PDFObject;
  defaults: Defaults;
  /** Where: 'page 3', 'form 12 0 obj'… */
  where: string;
  /** Reached through an operator painting with it, an image, a shading, a group… */
  via: 'operator' | 'image' | 'inline-image' | 'shading' | 'group' | 'annotation';
  /** Used only as an alternate / base inside another space (veraPDF still checks it). */
  nested?: boolean;
  /** The family it is nested in (Indexed, Separation, DeviceN, Pattern). */
  parent?: string;
  /** The current transparency blending space where it is used (the nearest group's CS, as veraPDF's
   * colorSpaceType: an ICC profile's header space 'RGB ', 'CMYK', 'GRAY', or CalRGB, CalGray, Lab, Device…). */
  blend?: string;
}

export interface FontUse {
  font: PDFDict;
  /** Text rendering modes it was shown with. */
  modes: Set<number>;
  /** Byte strings shown in it (for glyph checks), capped. */
  shown: Uint8Array[];
  /** Where it was first selected. */
  where: string;
}

export interface ScopeUse {
  where: string;
  /** Operand facts gathered while tokenizing (limits, hex strings). The operations themselves are
   * not kept: every rule that reads them is served in the one pass below (undefined operators,
   * marked-content property lists), so a large document's operations become garbage early. */
  stats: ContentStats;
  /** Operators ISO 32000 does not define, each with whether it stood inside BX/EX. */
  unknownOps: { op: string; compat: boolean }[];
  /** The property lists of BDC operators (inline dictionaries, or names of Properties resources). */
  markedContent: Operand[];
  /** A page's marked-content skeleton for the structure rules: BDC / BMC / EMC with their operands,
   * and every painting operator without its operands (text is most of a page's operations). */
  marks?: Operation[];
  resources?: PDFDict;
  kind: 'page' | 'form' | 'pattern' | 'glyph' | 'appearance';
}

export interface Usage {
  colours: ColourUse[];
  fonts: Map<PDFDict, FontUse>;
  extGStates: { dict: PDFDict; where: string }[];
  images: { dict: PDFDict; stream?: PDFStream; where: string }[];
  inlineImages: { dict: Map<string, Operand>; where: string }[];
  forms: { stream: PDFStream; where: string }[];
  shadings: { dict: PDFDict; where: string }[];
  patterns: { dict: PDFDict; where: string }[];
  scopes: ScopeUse[];
  /** Pages in order with their dictionaries. */
  pages: PDFDict[];
  /** Deepest q nesting seen in one content stream. */
  maxQDepth: number;
  /** Rendering intents named by `ri`, graphics states and images. */
  intents: { value: string; where: string }[];
  /** Named resources found only in an enclosing scope's dictionary (a form or glyph without its own). */
  inherited: { kind: string; name: string; where: string }[];
  /** Where ICCBased CMYK is painted with overprinting on and overprint mode 1. */
  overprintIccCmyk: string[];
  /** Pages that have no Resources of their own and take the page tree's. */
  pagesInheritingResources: number[];
  /** Named resources an operator uses that no resource dictionary in scope holds. */
  missing: { kind: string; name: string; where: string }[];
  /** Pages (1-based) on which something transparent is painted. */
  transparentPages: Set<number>;
  /** Transparency groups (page or form /Group with /S /Transparency). */
  groups: { dict: PDFDict; owner: 'page' | 'form'; where: string }[];
}

/** Operators that put marks on the page (painting paths, text, shadings, XObjects, inline images). */
const PAINT_OPS = new Set(['Tj', 'TJ', "'", '"', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'S', 's', 'sh', 'Do', 'BI']);
const FILL_OPS = new Set(['f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'Tj', 'TJ', "'", '"', 'sh']);
const STROKE_OPS = new Set(['S', 's', 'B', 'B*', 'b', 'b*']);
const MAX_SCOPES = 20000; // a document reaching more content streams than this is not walked further
const MAX_SHOWN = 4096;

export function walkDocument(l: Loaded): Usage {
  const u: Usage = {
    colours: [], fonts: new Map(), extGStates: [], images: [], inlineImages: [], forms: [], shadings: [],
    patterns: [], scopes: [], pages: [], maxQDepth: 0, intents: [], groups: [], missing: [], inherited: [], pagesInheritingResources: [], overprintIccCmyk: [],
    transparentPages: new Set(),
  };
  const ctx = l.context;
  const seenStreams = new Set<PDFObject>();
  const pageOf = (where: string): number | undefined => {
    const m = /^page (\d+)/.exec(where);
    return m ? Number(m[1]) : undefined;
  };
  const transparent = (where: string): void => {
    const p = pageOf(where);
    if (p !== undefined) u.transparentPages.add(p);
  };
  /** How many dictionaries at the head of the chain belong to the scope being run (0: it has none). */
  let own = 0;
  /** The blending space of the nearest enclosing group with a CS (see ColourUse.blend). */
  let blend: string | undefined;
  /** Records a colour use with the blending space in force. */
  const colour = (c: ColourUse): void => { u.colours.push(blend === undefined ? c : { ...c, blend }); };
  // Only a group that composites on its own sets a blending space: the page group, or an isolated form
  // group (a non-isolated one blends in its parent's space), and only with a device-independent CS.
  const blendOf = (group: PDFDict | undefined, page: boolean): string | undefined => {
    const cs = get(ctx, group, 'CS');
    if (!cs || (!page && get(ctx, group, 'I')?.toString() !== 'true')) return undefined;
    const items = cs instanceof PDFArray ? arrayItems(ctx, cs) : [];
    const fam = nameOf(items[0]);
    if (fam === 'ICCBased') return iccHeader(streamData(l, items[1]))?.colourSpace ?? 'ICCBased';
    return fam === 'CalRGB' || fam === 'CalGray' || fam === 'Lab' ? fam : undefined;
  };
  const need = (kind: string, name: string, res: PDFDict[], where: string): PDFObject | undefined => {
    for (let i = 0; i < res.length; i++) {
      const v = get(ctx, getDict(ctx, res[i], kind), name);
      if (v === undefined) continue;
      if (i >= own) u.inherited.push({ kind, name, where });
      return v;
    }
    u.missing.push({ kind, name, where });
    return undefined;
  };
  const pages = collectPages(ctx, l.catalog);
  u.pages = pages.map((p) => p.dict);

  const runScope = (data: Uint8Array | null, resources: PDFDict | undefined, chain: PDFDict[], where: string, kind: ScopeUse['kind']): void => {
    if (!data || u.scopes.length >= MAX_SCOPES) return;
    const stats: ContentStats = { hexOdd: false, hexInvalid: false, maxString: 0 };
    const ops = parseContent(data, stats);
    const scope: ScopeUse = { where, stats, unknownOps: [], markedContent: [], resources, kind };
    if (kind === 'page') {
      scope.marks = [];
      for (const o of ops) {
        if (o.op === 'BDC' || o.op === 'BMC' || o.op === 'EMC') scope.marks.push(o);
        else if (PAINT_OPS.has(o.op)) scope.marks.push({ op: o.op, args: [] });
      }
    }
    u.scopes.push(scope);
    const res = resources ? [resources, ...chain] : chain;
    const savedOwn = own;
    own = resources ? 1 : 0;
    const defaults = defaultsOf(ctx, res);
    let depth = 0;
    let mode = 0;
    let font: PDFDict | undefined;
    // overprint state and whether the current fill / stroke space is ICCBased CMYK (§6.2.4.2)
    let opm = 0;
    let opFill = false;
    let opStroke = false;
    let fillIccCmyk = false;
    let strokeIccCmyk = false;
    const iccCmyk = (name: string): boolean => {
      const cs = lookupResource(ctx, res, 'ColorSpace', name);
      if (!(cs instanceof PDFArray) || nameOf(resolve(ctx, cs.get(0))) !== 'ICCBased') return false;
      return Number(get(ctx, dictOf(resolve(ctx, cs.get(1))), 'N')?.toString()) === 4;
    };
    let bx = 0;
    // A page starts painting in DeviceGray black (ISO 32000-1 §8.4.1): painting before any colour is
    // set uses DeviceGray. Forms, patterns, glyphs and appearances inherit their caller's colours.
    let fillSet = kind !== 'page';
    let strokeSet = kind !== 'page';
    const setStack: [boolean, boolean][] = [];
    let initialGray = false;
    for (const o of ops) {
      if (!initialGray && (!fillSet || !strokeSet)) {
        const text = o.op === 'Tj' || o.op === 'TJ' || o.op === "'" || o.op === '"';
        const fills = text ? mode === 0 || mode === 2 || mode === 4 || mode === 6 : FILL_OPS.has(o.op) && o.op !== 'sh';
        const strokes = text ? mode === 1 || mode === 2 || mode === 5 || mode === 6 : STROKE_OPS.has(o.op);
        if ((fills && !fillSet) || (strokes && !strokeSet)) {
          initialGray = true;
          colour({ family: 'DeviceGray', defaults, where, via: 'operator' });
        }
      }
      if (!KNOWN_OPERATORS.has(o.op)) scope.unknownOps.push({ op: o.op, compat: bx > 0 });
      else if (o.op === 'BX') bx++;
      else if (o.op === 'EX') bx = Math.max(0, bx - 1);
      else if (o.op === 'BDC' && o.args.length >= 2) scope.markedContent.push(o.args[1]);
      if (FILL_OPS.has(o.op) && fillIccCmyk && opFill && opm === 1) u.overprintIccCmyk.push(where);
      if (STROKE_OPS.has(o.op) && strokeIccCmyk && opStroke && opm === 1) u.overprintIccCmyk.push(where);
      switch (o.op) {
        case 'q': depth++; if (depth > u.maxQDepth) u.maxQDepth = depth; setStack.push([fillSet, strokeSet]); break;
        case 'Q': depth = Math.max(0, depth - 1); [fillSet, strokeSet] = setStack.pop() ?? [fillSet, strokeSet]; break;
        case 'RG': case 'K': case 'G': strokeIccCmyk = false; strokeSet = true; // the device colour is used all the same
          colour({ family: o.op === 'RG' ? 'DeviceRGB' : o.op === 'K' ? 'DeviceCMYK' : 'DeviceGray', defaults, where, via: 'operator' });
          break;
        case 'cs': case 'CS': {
          const a = o.args[0];
          if (o.op === 'cs') fillSet = true; else strokeSet = true;
          if (a?.t === 'name') {
            useColourSpaceName(a.v, res, defaults, where, 'operator');
            if (o.op === 'cs') fillIccCmyk = iccCmyk(a.v); else strokeIccCmyk = iccCmyk(a.v);
          }
          break;
        }
        case 'rg': case 'k': case 'g':
          fillIccCmyk = false;
          fillSet = true;
          colour({ family: o.op === 'rg' ? 'DeviceRGB' : o.op === 'k' ? 'DeviceCMYK' : 'DeviceGray', defaults, where, via: 'operator' });
          break;
        case 'scn': case 'SCN': {
          const a = o.args[o.args.length - 1];
          if (a?.t === 'name') usePattern(a.v, res, where);
          break;
        }
        case 'gs': {
          const a = o.args[0];
          if (a?.t !== 'name') break;
          const gs = dictOf(need('ExtGState', a.v, res, where));
          if (gs) {
            useExtGState(gs, res, where);
            const OP = get(ctx, gs, 'OP')?.toString();
            const op = get(ctx, gs, 'op')?.toString();
            if (OP !== undefined) { opStroke = OP === 'true'; if (op === undefined) opFill = opStroke; }
            if (op !== undefined) opFill = op === 'true';
            const m = get(ctx, gs, 'OPM')?.toString();
            if (m !== undefined) opm = Number(m);
          }
          break;
        }
        case 'ri': {
          const a = o.args[0];
          if (a?.t === 'name') u.intents.push({ value: a.v, where });
          break;
        }
        case 'sh': {
          const a = o.args[0];
          if (a?.t !== 'name') break;
          const sh = dictOf(need('Shading', a.v, res, where));
          if (sh) useShading(sh, res, where);
          break;
        }
        case 'Tf': {
          const a = o.args[0];
          const f = a?.t === 'name' ? dictOf(need('Font', a.v, res, where)) : undefined;
          font = f;
          if (f && !u.fonts.has(f)) u.fonts.set(f, { font: f, modes: new Set(), shown: [], where });
          break;
        }
        case 'Tr': {
          const a = o.args[0];
          if (a?.t === 'num') mode = a.v;
          break;
        }
        case 'Tj': case "'": case '"': case 'TJ': {
          if (!font) break;
          const fu = u.fonts.get(font)!;
          fu.modes.add(mode);
          for (const a of o.args) {
            if (fu.shown.length >= MAX_SHOWN) break;
            if (a.t === 'str') fu.shown.push(a.hex ? hexDigits(a.v) : a.v);
            else if (a.t === 'arr') for (const e of a.v) if (e.t === 'str' && fu.shown.length < MAX_SHOWN) fu.shown.push(e.hex ? hexDigits(e.v) : e.v);
          }
          break;
        }
        case 'Do': {
          const a = o.args[0];
          if (a?.t !== 'name') break;
          const xo = need('XObject', a.v, res, where);
          if (xo instanceof PDFStream) useXObject(xo, res, where);
          break;
        }
        case 'BI': {
          if (!o.inline) break;
          u.inlineImages.push({ dict: o.inline, where });
          const cs = o.inline.get('CS') ?? o.inline.get('ColorSpace');
          const mask = o.inline.get('IM') ?? o.inline.get('ImageMask');
          if (cs?.t === 'name' && !(mask?.t === 'bool' && mask.v)) {
            const abbrev: Record<string, string> = { G: 'DeviceGray', RGB: 'DeviceRGB', CMYK: 'DeviceCMYK', I: 'Indexed' };
            useColourSpaceName(abbrev[cs.v] ?? cs.v, res, defaults, where, 'inline-image');
          }
          const intent = o.inline.get('Intent');
          if (intent?.t === 'name') u.intents.push({ value: intent.v, where });
          break;
        }
        default:
      }
      own = resources ? 1 : 0; // a nested scope run above restored its own count; keep ours
    }
    own = savedOwn;
  };

  const useColourSpaceName = (name: string, res: PDFDict[], defaults: Defaults, where: string, via: ColourUse['via']): void => {
    if (name === 'DeviceRGB' || name === 'DeviceCMYK' || name === 'DeviceGray') {
      colour({ family: name, defaults, where, via });
      return;
    }
    if (name === 'Pattern') { colour({ family: 'Pattern', defaults, where, via }); return; }
    const cs = need('ColorSpace', name, res, where);
    if (cs) useColourSpace(cs, defaults, where, via, false);
  };

  const useColourSpace = (cs: PDFObject, defaults: Defaults, where: string, via: ColourUse['via'], nested: boolean, depth = 0, parent?: string): void => {
    if (depth > 8) return;
    const n = nameOf(cs);
    if (n) {
      const fam = n === 'G' ? 'DeviceGray' : n === 'RGB' ? 'DeviceRGB' : n === 'CMYK' ? 'DeviceCMYK' : n;
      colour({ family: fam, defaults, where, via, nested, parent });
      return;
    }
    if (!(cs instanceof PDFArray) || cs.size() === 0) return;
    const items = arrayItems(ctx, cs);
    const fam0 = nameOf(items[0]) ?? '?';
    const fam = fam0 === 'I' ? 'Indexed' : fam0;
    colour({ family: fam, obj: cs, defaults, where, via, nested, parent });
    const sub = (o: PDFObject | undefined): void => { if (o) useColourSpace(o, defaults, where, via, true, depth + 1, fam); };
    if (fam === 'Indexed') sub(items[1]);
    else if (fam === 'Separation') sub(items[2]);
    else if (fam === 'DeviceN') {
      sub(items[2]);
      const attrs = dictOf(items[4]);
      const colorants = getDict(ctx, attrs, 'Colorants');
      if (colorants) for (const [, v] of colorants.entries()) sub(resolve(ctx, v));
    } else if (fam === 'Pattern') sub(items[1]);
  };

  const useExtGState = (gs: PDFDict, res: PDFDict[], where: string): void => {
    u.extGStates.push({ dict: gs, where });
    const ca = Number(get(ctx, gs, 'ca')?.toString() ?? 1);
    const CA = Number(get(ctx, gs, 'CA')?.toString() ?? 1);
    const bm = getName(ctx, gs, 'BM');
    const sm = get(ctx, gs, 'SMask');
    if (ca < 1 || CA < 1 || (bm && bm !== 'Normal' && bm !== 'Compatible') || (sm && nameOf(sm) !== 'None')) transparent(where);
    const ri = getName(ctx, gs, 'RI');
    if (ri) u.intents.push({ value: ri, where });
    const smask = getDict(ctx, gs, 'SMask');
    const g = get(ctx, smask, 'G');
    if (g instanceof PDFStream && !seenStreams.has(g)) { seenStreams.add(g); useForm(g, res, `${where}, soft mask`); }
    const font = get(ctx, gs, 'Font');
    if (font instanceof PDFArray) {
      const f = dictOf(resolve(ctx, font.get(0)));
      if (f && !u.fonts.has(f)) u.fonts.set(f, { font: f, modes: new Set(), shown: [], where });
    }
  };

  const useShading = (sh: PDFDict, res: PDFDict[], where: string): void => {
    u.shadings.push({ dict: sh, where });
    const cs = get(ctx, sh, 'ColorSpace');
    if (cs) useColourSpace(cs, defaultsOf(ctx, res), where, 'shading', false);
  };

  const usePattern = (name: string, res: PDFDict[], where: string): void => {
    const pat = need('Pattern', name, res, where);
    if (!pat || seenStreams.has(pat)) return;
    seenStreams.add(pat);
    const d = dictOf(pat);
    if (!d) return;
    u.patterns.push({ dict: d, where });
    const type = get(ctx, d, 'PatternType');
    if (pat instanceof PDFStream) {
      const r = getDict(ctx, d, 'Resources');
      runScope(streamData(l, pat), r, res, `${where}, pattern ${name}`, 'pattern');
    } else if (type) {
      const sh = getDict(ctx, d, 'Shading');
      if (sh) useShading(sh, res, where);
      const gs = getDict(ctx, d, 'ExtGState');
      if (gs) useExtGState(gs, res, where);
    }
  };

  const useForm = (xo: PDFStream, res: PDFDict[], where: string): void => {
    u.forms.push({ stream: xo, where });
    const group = getDict(ctx, xo.dict, 'Group');
    if (group) {
      if (getName(ctx, group, 'S') === 'Transparency') u.groups.push({ dict: group, owner: 'form', where });
      const cs = get(ctx, group, 'CS');
      if (cs) useColourSpace(cs, defaultsOf(ctx, res), where, 'group', false);
    }
    const r = getDict(ctx, xo.dict, 'Resources');
    const savedBlend = blend;
    blend = blendOf(group, false) ?? blend;
    runScope(streamData(l, xo), r, res, `${where}, form`, 'form');
    blend = savedBlend;
  };

  const useXObject = (xo: PDFStream, res: PDFDict[], where: string): void => {
    const sub = getName(ctx, xo.dict, 'Subtype');
    if (sub === 'Image') {
      if (seenStreams.has(xo)) return;
      seenStreams.add(xo);
      useImage(xo, res, where);
      return;
    }
    if (sub === 'Form') {
      if (seenStreams.has(xo)) return;
      seenStreams.add(xo);
      useForm(xo, res, where);
      return;
    }
    u.forms.push({ stream: xo, where }); // PS or unknown: the checks judge the subtype
  };

  const useImage = (xo: PDFStream, res: PDFDict[], where: string): void => {
    u.images.push({ dict: xo.dict, stream: xo, where });
    const intent = getName(ctx, xo.dict, 'Intent');
    if (intent) u.intents.push({ value: intent, where });
    const isMask = get(ctx, xo.dict, 'ImageMask');
    const cs = get(ctx, xo.dict, 'ColorSpace');
    const jpx = getName(ctx, xo.dict, 'Filter') === 'JPXDecode';
    if (cs && !(isMask && isMask.toString() === 'true')) useColourSpace(cs, defaultsOf(ctx, res), where, 'image', false);
    else if (!cs && jpx) colour({ family: 'JPX', obj: xo, defaults: defaultsOf(ctx, res), where, via: 'image' });
    const smask = get(ctx, xo.dict, 'SMask');
    if (smask instanceof PDFStream || Number(get(ctx, xo.dict, 'SMaskInData')?.toString() ?? 0) > 0) transparent(where);
    if (smask instanceof PDFStream && !seenStreams.has(smask)) { seenStreams.add(smask); u.images.push({ dict: smask.dict, stream: smask, where: `${where}, soft mask` }); }
    for (const alt of arrayItems(ctx, getArray(ctx, xo.dict, 'Alternates'))) {
      const im = get(ctx, dictOf(alt), 'Image');
      if (im instanceof PDFStream && !seenStreams.has(im)) { seenStreams.add(im); u.images.push({ dict: im.dict, stream: im, where }); }
    }
  };

  pages.forEach((p, i) => {
    const where = `page ${i + 1}`;
    const res = p.resources;
    if (res && !p.dict.has(PDFName.of('Resources'))) u.pagesInheritingResources.push(i + 1);
    const group = getDict(ctx, p.dict, 'Group');
    blend = blendOf(group, true);
    if (group) {
      if (getName(ctx, group, 'S') === 'Transparency') u.groups.push({ dict: group, owner: 'page', where });
      const cs = get(ctx, group, 'CS');
      if (cs) useColourSpace(cs, defaultsOf(ctx, res ? [res] : []), where, 'group', false);
    }
    const contents = get(ctx, p.dict, 'Contents');
    const parts = contents instanceof PDFArray ? arrayItems(ctx, contents) : contents ? [contents] : [];
    const datas = parts.map((c) => streamData(l, c)).filter((d): d is Uint8Array => d !== null);
    const joined = joinWithSpace(datas);
    runScope(joined, res, [], where, 'page');
    // annotation appearances
    for (const a of arrayItems(ctx, getArray(ctx, p.dict, 'Annots'))) {
      const ad = dictOf(a);
      // an annotation blended or made translucent by its own dictionary paints transparency on the page
      const abm = nameOf(get(ctx, ad, 'BM'));
      const aca = Number(get(ctx, ad, 'CA')?.toString() ?? 1);
      const aca2 = Number(get(ctx, ad, 'ca')?.toString() ?? 1);
      if ((abm && abm !== 'Normal' && abm !== 'Compatible') || aca < 1 || aca2 < 1) transparent(where);
      const ap = getDict(ctx, ad, 'AP');
      if (!ap) continue;
      for (const [, v] of ap.entries()) {
        const r = resolve(ctx, v);
        const streams: PDFObject[] = r instanceof PDFStream ? [r] : r instanceof PDFDict ? [...r.entries()].map(([, x]) => resolve(ctx, x)).filter((x): x is PDFObject => !!x) : [];
        for (const s of streams) {
          if (!(s instanceof PDFStream) || seenStreams.has(s)) continue;
          seenStreams.add(s);
          const r2 = getDict(ctx, s.dict, 'Resources');
          const group2 = getDict(ctx, s.dict, 'Group');
          if (group2 && getName(ctx, group2, 'S') === 'Transparency') u.groups.push({ dict: group2, owner: 'form', where: `${where}, annotation` });
          runScope(streamData(l, s), r2, [], `${where}, annotation appearance`, 'appearance');
        }
      }
    }
  });

  // Type 3 glyph procedures of the fonts used
  for (const fu of [...u.fonts.values()]) {
    if (getName(ctx, fu.font, 'Subtype') !== 'Type3') continue;
    const procs = getDict(ctx, fu.font, 'CharProcs');
    const r = getDict(ctx, fu.font, 'Resources');
    for (const [, v] of procs?.entries() ?? []) {
      const s = resolve(ctx, v);
      if (s instanceof PDFStream && !seenStreams.has(s)) { seenStreams.add(s); runScope(streamData(l, s), r, [], `${fu.where}, Type 3 glyph`, 'glyph'); }
    }
  }
  return u;
}

/** Pages in order with their inherited resources. */
export function collectPages(ctx: PDFContext, catalog: PDFDict | undefined): { dict: PDFDict; resources?: PDFDict }[] {
  const out: { dict: PDFDict; resources?: PDFDict }[] = [];
  const seen = new Set<PDFDict>();
  const visit = (node: PDFDict, inherited: PDFDict | undefined, depth: number): void => {
    if (seen.has(node) || depth > 64 || out.length > 100000) return;
    seen.add(node);
    const res = getDict(ctx, node, 'Resources') ?? inherited;
    const kids = getArray(ctx, node, 'Kids');
    if (getName(ctx, node, 'Type') === 'Pages' || (kids && !has(node, 'Contents') && getName(ctx, node, 'Type') !== 'Page')) {
      for (const k of arrayItems(ctx, kids)) { const d = dictOf(k); if (d) visit(d, res, depth + 1); }
    } else out.push({ dict: node, resources: res });
  };
  const root = getDict(ctx, catalog, 'Pages');
  if (root) visit(root, undefined, 0);
  return out;
}

function has(d: PDFDict, k: string): boolean {
  return d.has(PDFName.of(k));
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

function defaultsOf(ctx: PDFContext, chain: PDFDict[]): Defaults {
  const has = (k: string): boolean => lookupResource(ctx, chain, 'ColorSpace', k) !== undefined;
  return { gray: has('DefaultGray'), rgb: has('DefaultRGB'), cmyk: has('DefaultCMYK') };
}

function joinWithSpace(parts: Uint8Array[]): Uint8Array | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0];
  const total = parts.reduce((s, p) => s + p.length + 1, 0);
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; out[o++] = 0x0a; }
  return out;
}

