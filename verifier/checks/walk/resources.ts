// verifier/checks/walk/resources.ts — a walk sub-step: the resources an operator reaches — graphics
// states (and their soft-mask groups and fonts), shadings, patterns, XObjects (images with their soft
// masks and alternates, forms with their groups) — recorded where used; forms and tiling patterns are
// run as content streams in their own scope through WalkState.runScope.
import {
  arrayItems,
  dictOf,
  get,
  getArray,
  getDict,
  getName,
  nameOf,
  PDFArray,
  type PDFDict,
  PDFStream,
  resolve,
  streamData,
} from '../../cos.js';
import { blendOf, useColourSpace } from './colour-spaces.js';
import { defaultsOf, markTransparent, need, recordColour, useFont, type WalkState } from './state.js';

export function useExtGState(w: WalkState, gs: PDFDict, res: PDFDict[], where: string): void {
  const { ctx, u } = w;
  u.extGStates.push({ dict: gs, where });
  const ca = Number(get(ctx, gs, 'ca')?.toString() ?? 1);
  const CA = Number(get(ctx, gs, 'CA')?.toString() ?? 1);
  const bm = getName(ctx, gs, 'BM');
  const sm = get(ctx, gs, 'SMask');
  if (ca < 1 || CA < 1 || (bm && bm !== 'Normal' && bm !== 'Compatible') || (sm && nameOf(sm) !== 'None'))
    markTransparent(w, where);
  const ri = getName(ctx, gs, 'RI');
  if (ri) u.intents.push({ value: ri, where });
  const smask = getDict(ctx, gs, 'SMask');
  const g = get(ctx, smask, 'G');
  if (g instanceof PDFStream && !w.seenStreams.has(g)) {
    w.seenStreams.add(g);
    useForm(w, g, res, `${where}, soft mask`);
  }
  const font = get(ctx, gs, 'Font');
  if (font instanceof PDFArray) {
    const f = dictOf(resolve(ctx, font.get(0)));
    if (f) useFont(w, f, where);
  }
}

export function useShading(w: WalkState, sh: PDFDict, res: PDFDict[], where: string): void {
  w.u.shadings.push({ dict: sh, where });
  const cs = get(w.ctx, sh, 'ColorSpace');
  if (cs) useColourSpace(w, cs, defaultsOf(w.ctx, res), where, 'shading', false);
}

/** A pattern named by scn / SCN: a tiling pattern is run as content, a shading pattern records its parts. */
export function usePattern(w: WalkState, name: string, res: PDFDict[], where: string): void {
  const { ctx } = w;
  const pat = need(w, 'Pattern', name, res, where);
  if (!pat || w.seenStreams.has(pat)) return;
  w.seenStreams.add(pat);
  const d = dictOf(pat);
  if (!d) return;
  w.u.patterns.push({ dict: d, where });
  const type = get(ctx, d, 'PatternType');
  if (pat instanceof PDFStream) {
    const r = getDict(ctx, d, 'Resources');
    w.runScope(streamData(w.l, pat), r, res, `${where}, pattern ${name}`, 'pattern');
  } else if (type) {
    const sh = getDict(ctx, d, 'Shading');
    if (sh) useShading(w, sh, res, where);
    const gs = getDict(ctx, d, 'ExtGState');
    if (gs) useExtGState(w, gs, res, where);
  }
}

/** A form XObject: its group (transparency, blending space) and its content in its own scope. */
export function useForm(w: WalkState, xo: PDFStream, res: PDFDict[], where: string): void {
  const { ctx, u } = w;
  u.forms.push({ stream: xo, where });
  const group = getDict(ctx, xo.dict, 'Group');
  if (group) {
    if (getName(ctx, group, 'S') === 'Transparency') u.groups.push({ dict: group, owner: 'form', where });
    const cs = get(ctx, group, 'CS');
    if (cs) useColourSpace(w, cs, defaultsOf(ctx, res), where, 'group', false);
  }
  const r = getDict(ctx, xo.dict, 'Resources');
  const savedBlend = w.blend;
  w.blend = blendOf(w, group, false) ?? w.blend;
  w.runScope(streamData(w.l, xo), r, res, `${where}, form`, 'form');
  w.blend = savedBlend;
}

/** An XObject drawn by Do: an image or a form, each once; any other subtype is left to the checks. */
export function useXObject(w: WalkState, xo: PDFStream, res: PDFDict[], where: string): void {
  const sub = getName(w.ctx, xo.dict, 'Subtype');
  if (sub === 'Form') w.u.formPaints.set(xo, (w.u.formPaints.get(xo) ?? 0) + 1);
  if (sub === 'Image' || sub === 'Form') {
    if (w.seenStreams.has(xo)) return;
    w.seenStreams.add(xo);
    if (sub === 'Image') useImage(w, xo, res, where);
    else useForm(w, xo, res, where);
    return;
  }
  w.u.forms.push({ stream: xo, where }); // PS or unknown: the checks judge the subtype
}

/** An image XObject: its intent, colour space (a JPX image may carry its own), soft mask and alternates. */
export function useImage(w: WalkState, xo: PDFStream, res: PDFDict[], where: string): void {
  const { ctx, u, seenStreams } = w;
  u.images.push({ dict: xo.dict, stream: xo, where });
  const intent = getName(ctx, xo.dict, 'Intent');
  if (intent) u.intents.push({ value: intent, where });
  const isMask = get(ctx, xo.dict, 'ImageMask');
  const cs = get(ctx, xo.dict, 'ColorSpace');
  const jpx = getName(ctx, xo.dict, 'Filter') === 'JPXDecode';
  if (cs && !(isMask && isMask.toString() === 'true'))
    useColourSpace(w, cs, defaultsOf(ctx, res), where, 'image', false);
  else if (!cs && jpx) recordColour(w, { family: 'JPX', obj: xo, defaults: defaultsOf(ctx, res), where, via: 'image' });
  const smask = get(ctx, xo.dict, 'SMask');
  if (smask instanceof PDFStream || Number(get(ctx, xo.dict, 'SMaskInData')?.toString() ?? 0) > 0)
    markTransparent(w, where);
  if (smask instanceof PDFStream && !seenStreams.has(smask)) {
    seenStreams.add(smask);
    u.images.push({ dict: smask.dict, stream: smask, where: `${where}, soft mask` });
  }
  for (const alt of arrayItems(ctx, getArray(ctx, xo.dict, 'Alternates'))) {
    const im = get(ctx, dictOf(alt), 'Image');
    if (im instanceof PDFStream && !seenStreams.has(im)) {
      seenStreams.add(im);
      u.images.push({ dict: im.dict, stream: im, where });
    }
  }
}
