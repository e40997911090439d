// verifier/checks/fonts.ts — the fonts the document shows text in (ISO 19005-1 §6.3, 19005-2/3
// §6.2.11, 19005-4 §6.2.10): font dictionary shape, embedding, subsets' CIDSet/CharSet, composite font
// CIDSystemInfo/CMap/CIDToGIDMap, TrueType encodings and ToUnicode.
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
  nameOf,
  PDFArray,
  PDFDict,
  PDFStream,
  streamData,
  textOf,
} from '../cos.js';
import { inAgl } from './agl.js';
import type { Check } from './check.js';
import { readCMapCids } from './cmap-file.js';
import { trueTypeOf } from './glyphs.js';
import type { FontUse } from './walk.js';

const STANDARD_14 = new Set([
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Times-BoldItalic',
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-Oblique',
  'Helvetica-BoldOblique',
  'Courier',
  'Courier-Bold',
  'Courier-Oblique',
  'Courier-BoldOblique',
  'Symbol',
  'ZapfDingbats',
]);
/** ISO 32000-1 §9.7.5.2 Table 118: the predefined CMaps (by family). */
const PREDEFINED_CMAPS =
  /^(Identity-[HV]|GB-EUC-[HV]|GBpc-EUC-[HV]|GBK-EUC-[HV]|GBKp-EUC-[HV]|GBK2K-[HV]|UniGB-UCS2-[HV]|UniGB-UTF16-[HV]|B5pc-[HV]|HKscs-B5-[HV]|ETen-B5-[HV]|ETenms-B5-[HV]|CNS-EUC-[HV]|UniCNS-UCS2-[HV]|UniCNS-UTF16-[HV]|83pv-RKSJ-H|90ms-RKSJ-[HV]|90msp-RKSJ-[HV]|90pv-RKSJ-H|Add-RKSJ-[HV]|EUC-[HV]|Ext-RKSJ-[HV]|[HV]|UniJIS-UCS2-[HV]|UniJIS-UCS2-HW-[HV]|UniJIS-UTF16-[HV]|KSC-EUC-[HV]|KSCms-UHC-[HV]|KSCms-UHC-HW-[HV]|KSCpc-EUC-H|UniKS-UCS2-[HV]|UniKS-UTF16-[HV])$/;
const SUBTYPES = new Set(['Type1', 'MMType1', 'TrueType', 'Type3', 'Type0', 'CIDFontType0', 'CIDFontType2']);

export const fonts: Check = ({ l, u, add }) => {
  const ctx = l.context;
  for (const fu of u.fonts.values()) checkFont(l, fu, fu.font, add, false);
  void ctx;
};

type Add = Parameters<Check>[0]['add'];

function checkFont(l: Loaded, fu: FontUse, font: PDFDict, add: Add, descendant: boolean): void {
  const ctx = l.context;
  const sub = getName(ctx, font, 'Subtype') ?? 'none';
  const base = getName(ctx, font, 'BaseFont') ?? '';
  const where = base || sub;
  const onlyInvisible = fu.modes.size > 0 && [...fu.modes].every((m) => m === 3);
  if (getName(ctx, font, 'Type') !== 'Font') add('font-type', 'PDFont', { font: where }, where);
  if (!SUBTYPES.has(sub)) add('font-subtype', 'PDFont', { font: where, subtype: sub }, where);
  if (sub !== 'Type3' && !base) add('font-basefont', 'PDFont', { font: where }, where);
  const isSimple = sub === 'Type1' || sub === 'MMType1' || sub === 'TrueType' || sub === 'Type3';
  const standard = STANDARD_14.has(base) && sub === 'Type1' && !getDict(ctx, font, 'FontDescriptor');
  if (isSimple && !standard) {
    const first = getNumber(ctx, font, 'FirstChar');
    const last = getNumber(ctx, font, 'LastChar');
    const widths = getArray(ctx, font, 'Widths');
    if (first === undefined) add('font-firstchar', 'PDSimpleFont', { font: where }, where);
    if (last === undefined) add('font-lastchar', 'PDSimpleFont', { font: where }, where);
    if (!widths || first === undefined || last === undefined || widths.size() !== last - first + 1) {
      add('font-widths', 'PDSimpleFont', { font: where }, where);
    }
  }
  if (sub === 'Type0') {
    const desc = dictOf(arrayItems(ctx, getArray(ctx, font, 'DescendantFonts'))[0]);
    const enc = get(ctx, font, 'Encoding');
    const cmapName =
      nameOf(enc) ?? (enc instanceof PDFStream ? (getName(ctx, enc.dict, 'CMapName') ?? 'embedded') : 'none');
    if (enc instanceof PDFStream) {
      const wmode = getNumber(ctx, enc.dict, 'WMode') ?? 0;
      const data = streamData(l, enc);
      if (data) {
        const m = /\/WMode\s+(\d)/.exec(Buffer.from(data).toString('latin1'));
        if (m && Number(m[1]) !== wmode) add('cmap-wmode', 'PDCMap', { name: cmapName }, where);
        const { maxCid } = readCMapCids(data);
        if (maxCid >= 0) add('cmap-max-cid', 'CMapFile', { name: cmapName, cid: maxCid }, where);
      }
      // a UseCMap entry leading nowhere (a dangling reference) names no predefined CMap either
      const useCMap = get(ctx, enc.dict, 'UseCMap');
      // an embedded CMap used as the base is judged by the name it carries: only the predefined ones may be
      const usedName = useCMap instanceof PDFStream ? getName(ctx, useCMap.dict, 'CMapName') : nameOf(useCMap);
      if (has(enc.dict, 'UseCMap') && !PREDEFINED_CMAPS.test(usedName ?? '')) {
        add('cmap-usecmap', 'PDCMap', { name: cmapName }, where);
      }
    } else if (cmapName !== 'Identity-H' && cmapName !== 'Identity-V') {
      add('cmap-not-embedded', 'PDCMap', { name: cmapName, predefined: PREDEFINED_CMAPS.test(cmapName) }, where);
    }
    const tu0 = get(ctx, font, 'ToUnicode');
    if (tu0 instanceof PDFStream) {
      const bad = badUnicodeValue(streamData(l, tu0));
      if (bad) add('tounicode-value', 'PDFont', { font: where, value: bad }, where);
    }
    if (desc) {
      // CIDSystemInfo compatibility between the CMap and the CIDFont
      const csi = getDict(ctx, desc, 'CIDSystemInfo');
      const reg = textOf(get(ctx, csi, 'Registry')) ?? '';
      const ord = textOf(get(ctx, csi, 'Ordering')) ?? '';
      if (enc instanceof PDFStream) {
        const ccsi = getDict(ctx, enc.dict, 'CIDSystemInfo');
        const creg = textOf(get(ctx, ccsi, 'Registry'));
        const cord = textOf(get(ctx, ccsi, 'Ordering'));
        if (ccsi && (creg !== reg || cord !== ord)) add('cid-system-info', 'PDType0Font', { font: where }, where);
        const dsup = getNumber(ctx, csi, 'Supplement') ?? 0;
        const csup = getNumber(ctx, ccsi, 'Supplement') ?? 0;
        // PDF/A-2 wants the CIDFont's Supplement at least the CMap's; PDF/A-4 (as corrected) at most
        if (ccsi && csup !== dsup)
          add('cid-supplement', 'PDType0Font', { font: where, cidFontHigher: dsup > csup }, where);
      } else if (!csi) add('cid-system-info', 'PDType0Font', { font: where }, where);
      checkFont(l, fu, desc, add, true);
    }
    return;
  }
  if (descendant) {
    if (sub === 'CIDFontType2') {
      const map = get(ctx, font, 'CIDToGIDMap');
      if (!map) add('cidtogid-absent', 'PDCIDFont', { font: where }, where);
      // absent means Identity to PDF/A-1..3 readers; veraPDF's corpus passes such fonts
      if (map && !(map instanceof PDFStream || nameOf(map) === 'Identity'))
        add('cidtogid-missing', 'PDCIDFont', { font: where }, where);
    }
  }
  if (sub === 'Type3') return;
  const fd = getDict(ctx, font, 'FontDescriptor');
  const file = get(ctx, fd, 'FontFile') ?? get(ctx, fd, 'FontFile2') ?? get(ctx, fd, 'FontFile3');
  if (!(file instanceof PDFStream)) {
    if (!onlyInvisible || fu.modes.size === 0)
      add('font-not-embedded', 'PDFont', { font: where, invisible: onlyInvisible }, where);
    return;
  }
  const fileSubtype = getName(ctx, file.dict, 'Subtype');
  if (fileSubtype !== undefined) add('font-file-subtype', 'PDFont', { font: where, subtype: fileSubtype }, where);
  const subset = /^[A-Z]{6}\+/.test(base);
  if (descendant && subset) {
    const cidset = get(ctx, fd, 'CIDSet');
    add('cid-subset', 'PDCIDFont', { font: where, hasCidSet: cidset instanceof PDFStream }, where);
  }
  if ((sub === 'Type1' || sub === 'MMType1') && subset) {
    add(
      'type1-subset',
      'PDType1Font',
      { font: where, hasCharSet: textOf(get(ctx, fd, 'CharSet')) !== undefined },
      where,
    );
  }
  if (sub === 'TrueType') {
    const flags = getNumber(ctx, fd, 'Flags') ?? 0;
    const symbolic = (flags & 4) !== 0;
    const nonsymbolic = (flags & 32) !== 0;
    const enc = get(ctx, font, 'Encoding');
    const encName = nameOf(enc) ?? (enc instanceof PDFDict ? (getName(ctx, enc, 'BaseEncoding') ?? 'dict') : 'none');
    const differences = enc instanceof PDFDict && has(enc, 'Differences');
    // the program's cmap subtables (platform, encoding), when FontFile2 reads
    const tt = file === get(ctx, fd, 'FontFile2') ? trueTypeOf(l, file) : undefined;
    let tables: { platformID: number; encodingID: number }[] | undefined;
    try {
      tables = (tt as unknown as { cmap?: { tables?: { platformID: number; encodingID: number }[] } })?.cmap?.tables;
    } catch {
      tables = undefined;
    }
    const sub = (p: number, e: number): boolean => !!tables?.some((t) => t.platformID === p && t.encodingID === e);
    // every name of Differences in the Adobe Glyph List (or a uniXXXX / uXXXX[XX] name), and a (3,1) cmap
    const names = differences
      ? arrayItems(ctx, getArray(ctx, enc as PDFDict, 'Differences'))
          .map((x) => nameOf(x))
          .filter((x): x is string => x !== undefined)
      : [];
    const differencesAgl =
      names.every((n) => inAgl(n) || /^(uni[0-9A-F]{4}|u[0-9A-F]{4,6})$/.test(n)) && (!tables || sub(3, 1));
    add(
      'truetype-encoding',
      'PDTrueTypeFont',
      {
        font: where,
        symbolic,
        nonsymbolic,
        encoding: encName,
        differences,
        differencesAgl,
        ...(tables ? { nrCmaps: tables.length, cmap30: sub(3, 0), cmap31: sub(3, 1), cmap10: sub(1, 0) } : {}),
      },
      where,
    );
  }
  const tu = get(ctx, font, 'ToUnicode');
  if (tu instanceof PDFStream) {
    const bad = badUnicodeValue(streamData(l, tu));
    if (bad) add('tounicode-value', 'PDFont', { font: where, value: bad }, where);
  }
}

export function isSymbolicFlags(flags: number | undefined): boolean {
  return ((flags ?? 0) & 4) !== 0;
}

export function fontDictOf(_ctx: PDFContext, o: unknown): PDFDict | undefined {
  return o instanceof PDFDict ? o : undefined;
}
void PDFArray;

/** A ToUnicode destination that maps to U+0000, U+FEFF or U+FFFE (not text), as written in the CMap. */
export function badUnicodeValue(data: Uint8Array | null): string | undefined {
  if (!data) return undefined;
  const text = Buffer.from(data).toString('latin1');
  const dests: string[] = [];
  for (const m of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    const toks = [...m[1].matchAll(/<([0-9A-Fa-f\s]*)>/g)].map((x) => x[1].replace(/\s/g, ''));
    for (let i = 1; i < toks.length; i += 2) dests.push(toks[i]);
  }
  for (const m of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const line of m[1].matchAll(/<[0-9A-Fa-f\s]*>\s*<[0-9A-Fa-f\s]*>\s*(<[0-9A-Fa-f\s]*>|\[[^\]]*\])/g)) {
      for (const d of line[1].matchAll(/<([0-9A-Fa-f\s]*)>/g)) dests.push(d[1].replace(/\s/g, ''));
    }
  }
  return dests.find((d) => /^(0000|feff|fffe)$/i.test(d));
}
