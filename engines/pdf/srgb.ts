// engines/pdf/srgb.ts — the sRGB ICC profile the service holds (spec: "an sRGB profile the
// service holds, shipped redistributably"). Built here, byte for byte, rather than copied from a
// vendor file, so nothing about its licence is in doubt: an ICC v2.1 display ('mntr') RGB profile
// with the sRGB primaries adapted to the D50 PCS (IEC 61966-2-1 Annex / ICC's sRGB values, Bradford),
// the sRGB tone curve sampled at 1024 points, and the description "sRGB IEC61966-2.1". A v2 profile
// serves every PDF/A part (PDF/A-1 reads PDF 1.4, whose ICC support stops before version 4).
import { pushAll } from '../../ir/bounded.js';

/** The profile's description, also the output condition identifier it is written under. */
export const SRGB_DESCRIPTION = 'sRGB IEC61966-2.1';

/** Points of the tone curve (ICC.1:2001-04 §6.5.3 curveType): 1024 keeps the error below 1/65535 steps that matter. */
const CURVE_POINTS = 1024;

// Colorants and white in the D50 PCS (s15Fixed16 values as ICC publishes them for sRGB).
const RED = [0.436066, 0.222488, 0.013916];
const GREEN = [0.385147, 0.716873, 0.097076];
const BLUE = [0.143066, 0.060608, 0.714096];
const D50 = [0.964203, 1.0, 0.824905];

function s15(v: number): number {
  return Math.round(v * 65536) | 0;
}

class Writer {
  bytes: number[] = [];
  u8(v: number) {
    this.bytes.push(v & 0xff);
  }
  u16(v: number) {
    this.u8(v >> 8);
    this.u8(v);
  }
  u32(v: number) {
    this.u16(v >>> 16);
    this.u16(v & 0xffff);
  }
  sig(s: string) {
    for (let i = 0; i < 4; i++) this.u8(s.charCodeAt(i));
  }
  ascii(s: string) {
    for (const ch of s) this.u8(ch.charCodeAt(0));
  }
  pad() {
    while (this.bytes.length % 4) this.u8(0);
  }
}

function xyzTag(v: number[]): number[] {
  const w = new Writer();
  w.sig('XYZ ');
  w.u32(0);
  for (const c of v) w.u32(s15(c));
  return w.bytes;
}

function descTag(text: string): number[] {
  // textDescriptionType (ICC.1:2001-04 §6.5.17): ASCII part, then empty Unicode and ScriptCode parts.
  const w = new Writer();
  w.sig('desc');
  w.u32(0);
  w.u32(text.length + 1);
  w.ascii(text);
  w.u8(0);
  w.u32(0); // Unicode language code
  w.u32(0); // Unicode count
  w.u16(0); // ScriptCode code
  w.u8(0); // ScriptCode count
  for (let i = 0; i < 67; i++) w.u8(0);
  return w.bytes;
}

function textTag(text: string): number[] {
  const w = new Writer();
  w.sig('text');
  w.u32(0);
  w.ascii(text);
  w.u8(0);
  return w.bytes;
}

function curveTag(): number[] {
  const w = new Writer();
  w.sig('curv');
  w.u32(0);
  w.u32(CURVE_POINTS);
  for (let i = 0; i < CURVE_POINTS; i++) {
    const v = i / (CURVE_POINTS - 1);
    // IEC 61966-2-1 §5.2: the sRGB electro-optical transfer function.
    const lin = v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    w.u16(Math.round(lin * 65535));
  }
  return w.bytes;
}

function build(): Uint8Array {
  const curve = curveTag();
  const tags: [string, number[]][] = [
    ['desc', descTag(SRGB_DESCRIPTION)],
    ['cprt', textTag('No copyright, use freely')],
    ['wtpt', xyzTag(D50)],
    ['rXYZ', xyzTag(RED)],
    ['gXYZ', xyzTag(GREEN)],
    ['bXYZ', xyzTag(BLUE)],
    ['rTRC', curve],
    ['gTRC', curve],
    ['bTRC', curve],
  ];
  // Layout: 128-byte header, tag count and table, then each distinct tag body 4-byte aligned; the
  // three TRC entries share one body (ICC allows tags to share data).
  const tableSize = 4 + tags.length * 12;
  let offset = 128 + tableSize;
  const bodies: number[][] = [];
  const placed = new Map<number[], number>();
  const table: [string, number, number][] = [];
  for (const [sig, body] of tags) {
    let at = placed.get(body);
    if (at === undefined) {
      at = offset;
      placed.set(body, at);
      const padded = [...body];
      while (padded.length % 4) padded.push(0);
      bodies.push(padded);
      offset += padded.length;
    }
    table.push([sig, at, body.length]);
  }
  const size = offset;
  const w = new Writer();
  w.u32(size);
  w.u32(0); // preferred CMM: none
  w.u32(0x02100000); // version 2.1.0
  w.sig('mntr');
  w.sig('RGB ');
  w.sig('XYZ ');
  // Creation date fixed, so the profile (and every PDF carrying it) is the same bytes on every build.
  for (const v of [2026, 1, 1, 0, 0, 0]) w.u16(v);
  w.sig('acsp');
  w.u32(0); // primary platform
  w.u32(0); // flags
  w.u32(0); // device manufacturer
  w.u32(0); // device model
  w.u32(0);
  w.u32(0); // device attributes
  w.u32(0); // rendering intent: perceptual
  for (const c of D50) w.u32(s15(c)); // PCS illuminant
  w.u32(0); // creator
  while (w.bytes.length < 128) w.u8(0); // profile ID (v4 only) and reserved bytes
  w.u32(tags.length);
  for (const [sig, at, len] of table) {
    w.sig(sig);
    w.u32(at);
    w.u32(len);
  }
  for (const b of bodies) pushAll(w.bytes, b);
  return Uint8Array.from(w.bytes);
}

let cached: Uint8Array | undefined;

/** The profile's bytes (built once per process). */
export function srgbProfile(): Uint8Array {
  cached ??= build();
  return cached;
}
