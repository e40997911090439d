// test/support/font-fixtures.ts — font files for the font tests, from packages (never committed):
// Debian's fonts-urw-base35 (Type 1 .pfb/.t1/.afm, CFF OpenType .otf; tools/install-test-deps.sh)
// and the npm library faces; plus small derivations (a PFA made from a PFB, a face whose OS/2
// fsType forbids embedding).
import { readFileSync } from 'node:fs';
import { NOTO_SANS } from './fixtures.js';

const URW_OTF = '/usr/share/fonts/opentype/urw-base35';
const URW_T1 = '/usr/share/fonts/type1/urw-base35';
const X11_T1 = '/usr/share/fonts/X11/Type1';

export const NIMBUS_SANS_OTF = new Uint8Array(readFileSync(`${URW_OTF}/NimbusSans-Regular.otf`));
export const NIMBUS_SANS_PFB = new Uint8Array(readFileSync(`${X11_T1}/NimbusSans-Regular.pfb`));
export const NIMBUS_ROMAN_PFB = new Uint8Array(readFileSync(`${X11_T1}/NimbusRoman-Regular.pfb`));
/** A program with its eexec part in binary after cleartext (no PFB segments). */
export const NIMBUS_ROMAN_T1 = new Uint8Array(readFileSync(`${URW_T1}/NimbusRoman-Regular.t1`));
/** A symbolic Type 1 program (its own encoding: Greek and mathematical glyph names). */
export const SYMBOLS_PFB = new Uint8Array(readFileSync(`${X11_T1}/StandardSymbolsPS.pfb`));
/** A variable TrueType (gvar) font, one axis wght 100–900 and nine named instances: Debian's fonts-inter-variable. */
export const INTER_VARIABLE = new Uint8Array(readFileSync('/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf'));
export const NIMBUS_ROMAN_AFM = new Uint8Array(readFileSync(`${URW_T1}/NimbusRoman-Regular.afm`));

export const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

/** A PFA (hexadecimal eexec part) made from a PFB's segments. */
export function pfbToPfa(pfb: Uint8Array): Uint8Array {
  const out: string[] = [];
  let pos = 0;
  while (pfb[pos] === 0x80 && pfb[pos + 1] !== 3) {
    const type = pfb[pos + 1];
    const len = pfb[pos + 2] | (pfb[pos + 3] << 8) | (pfb[pos + 4] << 16) | (pfb[pos + 5] << 24);
    const seg = Buffer.from(pfb.subarray(pos + 6, pos + 6 + len));
    out.push(type === 2 ? (seg.toString('hex').match(/.{1,64}/g) ?? []).join('\n') + '\n' : seg.toString('latin1'));
    pos += 6 + len;
  }
  return new Uint8Array(Buffer.from(out.join(''), 'latin1'));
}

/** The OpenType table checksum (sum of big-endian uint32 words, the last padded with zeros). */
function tableChecksum(b: Buffer, offset: number, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i += 4) {
    let word = 0;
    for (let k = 0; k < 4; k++) word = (word << 8) | (i + k < length ? b[offset + i + k] : 0);
    sum = (sum + (word >>> 0)) >>> 0;
  }
  return sum;
}

/**
 * Noto Sans with OS/2 fsType set to `fsType` (2 = restricted licence embedding): the OS/2 bytes
 * edited in a copy, the table's directory checksum and head.checkSumAdjustment fixed, so the file is
 * as a font tool would write it.
 */
export function notoWithFsType(fsType: number): Uint8Array {
  const b = Buffer.from(NOTO_SANS);
  const n = b.readUInt16BE(4);
  let head = -1;
  let found = false;
  for (let i = 0; i < n; i++) {
    const r = 12 + i * 16;
    const tag = b.toString('latin1', r, r + 4);
    if (tag === 'head') head = b.readUInt32BE(r + 8);
    if (tag === 'OS/2') {
      const off = b.readUInt32BE(r + 8);
      b.writeUInt16BE(fsType, off + 8);
      b.writeUInt32BE(tableChecksum(b, off, b.readUInt32BE(r + 12)), r + 4);
      found = true;
    }
  }
  if (!found || head < 0) throw new Error('no OS/2 or head table');
  // head.checkSumAdjustment: 0xB1B0AFBA minus the checksum of the whole file with the field at 0.
  b.writeUInt32BE(0, head + 8);
  b.writeUInt32BE((0xb1b0afba - tableChecksum(b, 0, b.length)) >>> 0, head + 8);
  return new Uint8Array(b);
}

/**
 * The OpenType font `otf` with its `CFF ` table replaced by a CID-keyed one holding every glyph
 * (fontkit's subsetter writes CFF as CID-keyed, ROS Adobe-Identity-0, CID = glyph id): the new table
 * is appended and its directory entry pointed at it.
 */
export async function cidKeyedOtf(otf: Uint8Array): Promise<Uint8Array> {
  const fontkit = await import('fontkit');
  const font = fontkit.create(Buffer.from(otf)) as unknown as {
    numGlyphs: number;
    createSubset(): { includeGlyph(g: number): number; encode(): Uint8Array };
  };
  const subset = font.createSubset();
  for (let g = 0; g < font.numGlyphs; g++) subset.includeGlyph(g);
  const cff = Buffer.from(subset.encode()); // a CFF subset encodes the bare CFF table
  const b = Buffer.from(otf);
  const pad = (4 - (b.length % 4)) % 4;
  const out = Buffer.concat([b, Buffer.alloc(pad), cff]);
  const n = out.readUInt16BE(4);
  for (let i = 0; i < n; i++) {
    const r = 12 + i * 16;
    if (out.toString('latin1', r, r + 4) === 'CFF ') {
      out.writeUInt32BE(b.length + pad, r + 8);
      out.writeUInt32BE(cff.length, r + 12);
    }
  }
  return new Uint8Array(out);
}

/** The OpenType font `otf` with its `CFF ` table filed under the tag `CFF2`: what a reader takes for CFF2 outlines. */
export function cff2Tagged(otf: Uint8Array): Uint8Array {
  const b = Buffer.from(otf);
  const n = b.readUInt16BE(4);
  for (let i = 0; i < n; i++) {
    const r = 12 + i * 16;
    if (b.toString('latin1', r, r + 4) === 'CFF ') b.write('CFF2', r, 'latin1');
  }
  return new Uint8Array(b);
}
