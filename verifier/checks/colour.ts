// verifier/checks/colour.ts — output intents and the colour spaces the document paints with
// (ISO 19005-1 §6.2.2–6.2.3, 19005-2/3 §6.2.3–6.2.4, 19005-4 §6.2.3–6.2.4): which PDF/A output intent
// is present and what its ICC profile says, every embedded ICC profile's header, and every use of a
// device space with the default spaces in force at that point.
import { createHash } from 'node:crypto';
import type { PDFContext } from 'pdf-lib';
import {
  arrayItems,
  dictOf,
  get,
  getArray,
  getDict,
  getName,
  getNumber,
  type Loaded,
  nameOf,
  PDFArray,
  PDFName,
  type PDFObject,
  PDFStream,
  resolve,
  streamData,
} from '../cos.js';
import type { Check } from './check.js';

export interface IccHeader {
  deviceClass: string;
  colourSpace: string;
  /** major.minor, e.g. 2.1, 4.3. */
  version: number;
  size: number;
  ok: boolean;
}

export function iccHeader(data: Uint8Array | null): IccHeader | undefined {
  if (!data || data.length < 128) return undefined;
  const str = (a: number): string => String.fromCharCode(data[a], data[a + 1], data[a + 2], data[a + 3]);
  const size = ((data[0] << 24) | (data[1] << 16) | (data[2] << 8) | data[3]) >>> 0;
  const version = data[8] + (data[9] >> 4) / 10;
  return { deviceClass: str(12), colourSpace: str(16), version, size, ok: str(36) === 'acsp' };
}

/** The output intent colour space veraPDF calls gOutputCS: the profile of the first PDF/A intent. */
export function pdfaOutputIntent(l: Loaded): { cs?: string; profile?: PDFObject; subtype?: string } {
  const ctx = l.context;
  for (const oi of arrayItems(ctx, getArray(ctx, l.catalog, 'OutputIntents'))) {
    const d = dictOf(oi);
    const s = getName(ctx, d, 'S');
    if (s !== 'GTS_PDFA1') continue;
    const prof = get(ctx, d, 'DestOutputProfile');
    const h = iccHeader(streamData(l, prof));
    return { cs: h?.colourSpace, profile: prof, subtype: s };
  }
  return {};
}

/** The fact each device space's use is recorded as. */
const DEVICE_FACT = { DeviceRGB: 'device-rgb', DeviceCMYK: 'device-cmyk', DeviceGray: 'device-gray' } as const;

export const colour: Check = ({ l, u, add }) => {
  const ctx = l.context;
  const intents = arrayItems(ctx, getArray(ctx, l.catalog, 'OutputIntents'))
    .map(dictOf)
    .filter((d) => d !== undefined);
  const profiles = new Set<PDFObject>();
  const destRefs = new Set<string>();
  for (const oi of intents) {
    const s = getName(ctx, oi, 'S');
    const raw = oi.get(PDFName.of('DestOutputProfile'));
    const prof = get(ctx, oi, 'DestOutputProfile');
    const refProf = oi.get(PDFName.of('DestOutputProfileRef'));
    if (raw) destRefs.add(raw.toString());
    if (prof && refProf) add('output-intent-profile-and-ref', 'PDOutputIntent', { s: s ?? '' });
    if (s === 'GTS_PDFA1' && !prof) add('output-intent-no-profile', 'PDOutputIntent', { s: s ?? '' });
    if (!(prof instanceof PDFStream)) continue;
    if (profiles.has(prof)) continue;
    profiles.add(prof);
    const h = iccHeader(streamData(l, prof));
    add('output-profile', 'ICCOutputProfile', {
      s: s ?? '',
      deviceClass: h?.deviceClass ?? 'none',
      colourSpace: h?.colourSpace ?? 'none',
      version: h?.version ?? 0,
      valid: !!h?.ok,
      n: getNumber(ctx, prof.dict, 'N') ?? 0,
    });
  }
  if (destRefs.size > 1) add('output-intents-differ', 'PDOutputIntent');
  const oi = pdfaOutputIntent(l);
  const docCs = oi.cs ?? 'none';
  // per page: a page-level PDF/A output intent (PDF 2.0) stands over the document's; a page group with a
  // device-independent colour space is the blending space device colours are taken into
  const pageInfo = u.pages.map((page) => {
    let cs = docCs;
    let intentProfile: PDFObject | undefined = oi.profile;
    for (const o of arrayItems(ctx, getArray(ctx, page, 'OutputIntents'))) {
      const d = dictOf(o);
      if (getName(ctx, d, 'S') !== 'GTS_PDFA1') continue;
      intentProfile = get(ctx, d, 'DestOutputProfile');
      cs = iccHeader(streamData(l, intentProfile))?.colourSpace ?? cs;
    }
    const gcs = get(ctx, getDict(ctx, page, 'Group'), 'CS');
    const items = gcs instanceof PDFArray ? arrayItems(ctx, gcs) : [];
    const fam = nameOf(gcs) ?? nameOf(items[0]);
    const n =
      fam === 'ICCBased'
        ? (getNumber(ctx, dictOf(items[1]), 'N') ?? 0)
        : fam === 'CalGray'
          ? 1
          : fam === 'CalRGB' || fam === 'Lab'
            ? 3
            : 0;
    const groupProfile =
      fam === 'ICCBased' ? resolve(ctx, gcs instanceof PDFArray ? gcs.get(1) : undefined) : undefined;
    return { cs, groupComponents: n, groupProfile, intentProfile };
  });
  const pageOf = (
    where: string,
  ): { cs: string; groupComponents: number; groupProfile?: PDFObject; intentProfile?: PDFObject } => {
    const m = /^page (\d+)/.exec(where);
    return (m && pageInfo[Number(m[1]) - 1]) || { cs: docCs, groupComponents: 0 };
  };
  const outputCs = docCs;

  const seenIcc = new Set<PDFObject>();
  const seenSameCheck = new Map<PDFObject, Set<string>>();
  const separations = new Map<string, string>();
  const seenDevice = new Set<string>();
  for (const c of u.colours) {
    if (c.family === 'DeviceRGB' || c.family === 'DeviceCMYK' || c.family === 'DeviceGray') {
      const dflt =
        c.family === 'DeviceRGB' ? c.defaults.rgb : c.family === 'DeviceCMYK' ? c.defaults.cmyk : c.defaults.gray;
      const pg = pageOf(c.where);
      const key = `${c.family} ${dflt} ${c.parent ?? ''} ${c.via} ${pg.cs} ${pg.groupComponents} ${c.blend}`;
      if (seenDevice.has(key)) continue;
      seenDevice.add(key);
      add(
        DEVICE_FACT[c.family],
        `PD${c.family}`,
        {
          outputCs: pg.cs,
          hasDefault: dflt,
          nested: !!c.nested,
          parent: c.parent ?? 'none',
          via: c.via,
          groupComponents: pg.groupComponents,
          blend: c.blend ?? 'none',
        },
        c.where,
      );
      continue;
    }
    if (c.family === 'ICCBased' && c.obj instanceof PDFArray) {
      const prof = c.obj.get(1);
      const stream = resolveStream(ctx, prof);
      if (!stream) continue;
      // painting in CMYK with the very profile of the output intent (the page's, else the document's)
      // or of the page group: judged per use, since the group itself may have been met first
      const pageKey = /^page \d+/.exec(c.where)?.[0] ?? c.where;
      const checked = seenSameCheck.get(stream) ?? new Set<string>();
      seenSameCheck.set(stream, checked);
      if (c.via !== 'group' && !checked.has(pageKey)) {
        checked.add(pageKey);
        const data = streamData(l, stream);
        if (iccHeader(data)?.colourSpace === 'CMYK') {
          const pg = pageOf(c.where);
          const same = (other: PDFObject | undefined): boolean =>
            other !== undefined && (other === stream || sameProfile(data, streamData(l, other)));
          if (same(pg.intentProfile) || same(pg.groupProfile))
            add('icc-cmyk-same-profile', 'ICCInputProfile', {}, c.where);
        }
      }
      if (seenIcc.has(stream)) continue;
      seenIcc.add(stream);
      const data = streamData(l, stream);
      const h = iccHeader(data);
      const n = getNumber(ctx, stream.dict, 'N') ?? 0;
      const alt = get(ctx, stream.dict, 'Alternate');
      add(
        'icc-profile',
        'ICCInputProfile',
        {
          deviceClass: h?.deviceClass ?? 'none',
          colourSpace: h?.colourSpace ?? 'none',
          version: h?.version ?? 0,
          valid: !!h?.ok,
          n,
          nMatches: nMatches(n, h?.colourSpace),
          alternate: nameOf(alt) ?? (alt ? 'array' : 'none'),
          outputCs,
        },
        c.where,
      );
      continue;
    }
    if (c.family === 'Separation' && c.obj instanceof PDFArray) {
      const items = arrayItems(ctx, c.obj);
      const colorant = nameOf(items[1]) ?? '';
      const key = `${altKey(l, items[2])} ${altKey(l, c.obj.get(3))}`;
      const prev = separations.get(colorant);
      if (prev === undefined) separations.set(colorant, key);
      else if (prev !== key && colorant !== 'All' && colorant !== 'None')
        add('separation-mismatch', 'PDSeparation', { colorant }, c.where);
      continue;
    }
    if (c.family === 'DeviceN' && c.obj instanceof PDFArray) {
      const items = arrayItems(ctx, c.obj);
      const names = arrayItems(ctx, items[1] instanceof PDFArray ? items[1] : undefined).map((x) => nameOf(x) ?? '');
      add('devicen', 'PDDeviceN', { components: names.length }, c.where);
      const attrs = dictOf(items[4]);
      const colorants = dictOf(get(ctx, attrs, 'Colorants'));
      const spots = names.filter((n) => !PROCESS.has(n));
      // every spot colorant needs its entry in Colorants, an absent attributes dictionary included
      if (spots.length > 0 && spots.some((n) => !colorants?.has(PDFName.of(n)))) {
        add('devicen-colorants', 'PDDeviceN', {}, c.where);
      }
    }
  }
};

/**
 * Two ICC profiles are the same profile when their profile IDs (bytes 84-99) are both set and equal,
 * or, when one is unset, when their bytes match but for the ID field (as veraPDF's corpus reads it).
 */
function sameProfile(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (!a || !b || a.length !== b.length || a.length < 128) return false;
  const id = (x: Uint8Array): Uint8Array => x.subarray(84, 100);
  const zero = (x: Uint8Array): boolean => x.every((v) => v === 0);
  if (!zero(id(a)) && !zero(id(b))) return Buffer.compare(id(a), id(b)) === 0;
  const norm = (x: Uint8Array): Buffer => {
    const c = Buffer.from(x);
    c.fill(0, 44, 48); // profile flags
    c.fill(0, 64, 68); // rendering intent
    c.fill(0, 84, 100); // profile ID
    return c;
  };
  return norm(a).equals(norm(b));
}

const PROCESS = new Set(['Cyan', 'Magenta', 'Yellow', 'Black', 'None', 'All']);

function nMatches(n: number, cs: string | undefined): boolean {
  if (!cs) return false;
  if (n === 1) return cs === 'GRAY';
  if (n === 3) return cs === 'RGB ' || cs === 'Lab ' || cs === 'LAB ';
  if (n === 4) return cs === 'CMYK';
  return false;
}

/**
 * What a Separation's alternate space or tint transform is, by content: two copies of one function
 * in different objects are the same transform (veraPDF compares them so; PDF/A-2 6.2.4.4 t03 pass-a
 * holds two identical Type 4 functions). A stream counts by its dictionary without Length, Filter
 * and DecodeParms, and its decoded data.
 */
function altKey(l: Loaded, o: PDFObject | undefined, depth = 0): string {
  if (!o) return '';
  const ctx = l.context;
  const r = resolve(ctx, o);
  if (!r) return 'null';
  const n = nameOf(r);
  if (n) return `/${n}`;
  if (depth > 8) return ctx.getObjectRef(r)?.toString() ?? '…';
  if (r instanceof PDFArray)
    return `[${arrayItems(ctx, r)
      .map((x) => altKey(l, x, depth + 1))
      .join(' ')}]`;
  const dict = r instanceof PDFStream ? r.dict : dictOf(r);
  if (dict) {
    const keys = [...dict.keys()]
      .map((k) => k.decodeText())
      .filter((k) => !(r instanceof PDFStream && (k === 'Length' || k === 'Filter' || k === 'DecodeParms')))
      .sort();
    const body = keys.map((k) => `/${k} ${altKey(l, dict.get(PDFName.of(k)), depth + 1)}`).join(' ');
    if (!(r instanceof PDFStream)) return `<<${body}>>`;
    const data = streamData(l, r);
    return `<<${body}>>stream ${data ? createHash('md5').update(data).digest('hex') : ctx.getObjectRef(r)?.toString()}`;
  }
  return r.toString().slice(0, 200);
}

function resolveStream(ctx: PDFContext, o: PDFObject | undefined): PDFStream | undefined {
  const r = o && 'objectNumber' in o ? ctx.lookup(o) : o;
  return r instanceof PDFStream ? r : undefined;
}
