// verifier/checks/cidset.ts — a CIDFont subset's CIDSet against its program (ISO 19005-2 §6.2.11.4.2,
// 14289-1 §7.21.4.2): the CIDSet "shall identify all CIDs which are present in the font program,
// regardless of whether a CID in the font is referenced or used". Present: for a bare CFF program
// (FontFile3) the CIDs of its charset (a name-keyed program's glyph indices); for a TrueType program
// (FontFile2) the CIDs whose glyph, through CIDToGIDMap, has an outline (a glyf entry of nonzero
// length; a CID mapped to glyph 0 is .notdef). CID 0 (.notdef) is left out both ways. The facts say which side lacks what.
import {
  arrayItems,
  get,
  getDict,
  getName,
  type Loaded,
  nameOf,
  type PDFArray,
  PDFDict,
  PDFStream,
  streamData,
} from '../cos.js';
import type { Check } from './check.js';
import { cffOf, trueTypeOf } from './glyphs.js';

const MAX_CIDS = 65536;

export const cidSet: Check = ({ l, u, add }) => {
  const ctx = l.context;
  const seen = new Set<PDFDict>();
  for (const fu of u.fonts.values()) {
    if (getName(ctx, fu.font, 'Subtype') !== 'Type0') continue;
    const cid = arrayItems(ctx, get(ctx, fu.font, 'DescendantFonts') as PDFArray | undefined)[0];
    if (!(cid instanceof PDFDict) || seen.has(cid)) continue;
    seen.add(cid);
    const name = getName(ctx, cid, 'BaseFont') ?? '';
    if (!/^[A-Z]{6}\+/.test(name)) continue;
    const fd = getDict(ctx, cid, 'FontDescriptor');
    const set = get(ctx, fd, 'CIDSet');
    if (!(set instanceof PDFStream)) continue;
    const bits = streamData(l, set);
    if (!bits) continue;
    const present = presentCids(l, cid, fd);
    if (!present) continue;
    const listed = (c: number): boolean => c >> 3 < bits.length && (bits[c >> 3] & (0x80 >> (c & 7))) !== 0;
    const unlisted = present.cids.filter((c) => c !== 0 && !listed(c));
    const absent: number[] = [];
    for (let c = 1; c < Math.min(bits.length * 8, MAX_CIDS); c++) if (listed(c) && !present.has(c)) absent.push(c);
    if (unlisted.length || absent.length)
      add(
        'cidset-incomplete',
        'PDCIDFont',
        { font: name, unlisted: unlisted.slice(0, 5).join(', '), absent: absent.slice(0, 5).join(', ') },
        name,
      );
  }
};

interface Present {
  cids: number[];
  /** A CID the program holds (an empty TrueType glyph counts: a space is held, though it has no outline). */
  has(cid: number): boolean;
}

function presentCids(l: Loaded, cid: PDFDict, fd: PDFDict | undefined): Present | undefined {
  const ctx = l.context;
  const f3 = get(ctx, fd, 'FontFile3');
  if (getName(ctx, cid, 'Subtype') === 'CIDFontType0' && f3 instanceof PDFStream) {
    const prog = cffOf(l, f3);
    if (!prog) return undefined;
    const cids = prog.cids ? [...prog.cids.keys()] : [...Array(prog.numGlyphs).keys()];
    const all = new Set(cids);
    return { cids, has: (c) => all.has(c) };
  }
  const f2 = get(ctx, fd, 'FontFile2');
  if (getName(ctx, cid, 'Subtype') !== 'CIDFontType2' || !(f2 instanceof PDFStream)) return undefined;
  const tt = trueTypeOf(l, f2);
  const offsets = (tt as unknown as { loca?: { offsets?: number[] } } | undefined)?.loca?.offsets;
  const numGlyphs = tt?.numGlyphs ?? 0;
  if (!tt || !offsets || !numGlyphs) return undefined;
  const map = get(ctx, cid, 'CIDToGIDMap');
  let gidOf: (c: number) => number;
  let cidCount: number;
  if (map instanceof PDFStream) {
    const data = streamData(l, map);
    if (!data) return undefined;
    gidOf = (c) => (2 * c + 1 < data.length ? (data[2 * c] << 8) | data[2 * c + 1] : 0);
    cidCount = Math.min(data.length >> 1, MAX_CIDS);
  } else if (map === undefined || nameOf(map) === 'Identity') {
    gidOf = (c) => c;
    cidCount = Math.min(numGlyphs, MAX_CIDS);
  } else return undefined;
  // a CID the map sends to glyph 0 is .notdef, not a glyph of the program
  const outlined = (g: number): boolean => g > 0 && g < numGlyphs && offsets[g + 1] > offsets[g];
  const cids: number[] = [];
  for (let c = 1; c < cidCount; c++) if (outlined(gidOf(c))) cids.push(c);
  return {
    cids,
    has: (c) => {
      const g = c < cidCount ? gidOf(c) : 0;
      return g > 0 && g < numGlyphs;
    },
  };
}
