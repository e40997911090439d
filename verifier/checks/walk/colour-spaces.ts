// verifier/checks/walk/colour-spaces.ts — a walk sub-step: records a colour space where it is used,
// named or inline, with the spaces nested in it (Indexed base, Separation / DeviceN alternates and
// colorants, Pattern underlying space), and the blending space a transparency group sets.
import {
  arrayItems,
  dictOf,
  get,
  getDict,
  nameOf,
  PDFArray,
  type PDFDict,
  type PDFObject,
  resolve,
  streamData,
} from '../../cos.js';
import { iccHeader } from '../colour.js';
import { need, recordColour, type WalkState } from './state.js';
import type { ColourUse, Defaults } from './usage.js';

/** Nesting depth of colour spaces followed (an Indexed base of a Separation alternate…). */
const MAX_NESTING = 8;

/**
 * The blending space a group sets (see ColourUse.blend). Only a group that composites on its own sets
 * one: the page group, or an isolated form group (a non-isolated one blends in its parent's space), and
 * only with a device-independent CS.
 */
export function blendOf(w: WalkState, group: PDFDict | undefined, page: boolean): string | undefined {
  const { ctx } = w;
  const cs = get(ctx, group, 'CS');
  if (!cs || (!page && get(ctx, group, 'I')?.toString() !== 'true')) return undefined;
  const items = cs instanceof PDFArray ? arrayItems(ctx, cs) : [];
  const fam = nameOf(items[0]);
  if (fam === 'ICCBased') return iccHeader(streamData(w.l, items[1]))?.colourSpace ?? 'ICCBased';
  return fam === 'CalRGB' || fam === 'CalGray' || fam === 'Lab' ? fam : undefined;
}

/** A colour space named by an operator or inline image: a device family, Pattern, or a ColorSpace resource. */
export function useColourSpaceName(
  w: WalkState,
  name: string,
  res: PDFDict[],
  defaults: Defaults,
  where: string,
  via: ColourUse['via'],
): void {
  if (name === 'DeviceRGB' || name === 'DeviceCMYK' || name === 'DeviceGray') {
    recordColour(w, { family: name, defaults, where, via });
    return;
  }
  if (name === 'Pattern') {
    recordColour(w, { family: 'Pattern', defaults, where, via });
    return;
  }
  const cs = need(w, 'ColorSpace', name, res, where);
  if (cs) useColourSpace(w, cs, defaults, where, via, false);
}

/** A colour space object (name or array) and, recursively, the spaces nested in it. */
export function useColourSpace(
  w: WalkState,
  cs: PDFObject,
  defaults: Defaults,
  where: string,
  via: ColourUse['via'],
  nested: boolean,
  depth = 0,
  parent?: string,
): void {
  if (depth > MAX_NESTING) return;
  const { ctx } = w;
  const n = nameOf(cs);
  if (n) {
    const fam = n === 'G' ? 'DeviceGray' : n === 'RGB' ? 'DeviceRGB' : n === 'CMYK' ? 'DeviceCMYK' : n;
    recordColour(w, { family: fam, defaults, where, via, nested, parent });
    return;
  }
  if (!(cs instanceof PDFArray) || cs.size() === 0) return;
  const items = arrayItems(ctx, cs);
  const fam0 = nameOf(items[0]) ?? '?';
  const fam = fam0 === 'I' ? 'Indexed' : fam0;
  recordColour(w, { family: fam, obj: cs, defaults, where, via, nested, parent });
  const sub = (o: PDFObject | undefined): void => {
    if (o) useColourSpace(w, o, defaults, where, via, true, depth + 1, fam);
  };
  if (fam === 'Indexed') sub(items[1]);
  else if (fam === 'Separation') sub(items[2]);
  else if (fam === 'DeviceN') {
    sub(items[2]);
    const attrs = dictOf(items[4]);
    const colorants = getDict(ctx, attrs, 'Colorants');
    if (colorants) for (const [, v] of colorants.entries()) sub(resolve(ctx, v));
  } else if (fam === 'Pattern') sub(items[1]);
}
