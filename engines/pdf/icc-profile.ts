// engines/pdf/icc-profile.ts — what an ICC profile says about itself (ICC.1 §7.2 header, §9 tags):
// class, colour space and component count, version, description. Read when a supplied profile is
// named as an output intent (passes/cross-refusals/standards.ts) and when it is written (output-intent.ts).
import { latin1 } from '../../ir/bounded.js';

export interface IccFacts {
  /** Major version (2, 4; 5 is iccMAX, which PDF does not take). */
  major: number;
  minor: number;
  /** Profile/device class: 'mntr', 'prtr', 'scnr', 'spac', … */
  deviceClass: string;
  /** Data colour space signature: 'RGB ', 'CMYK', 'GRAY', 'Lab ', … */
  space: string;
  /** Components of the data colour space; 0 for a space PDF output intents do not take. */
  n: number;
  /** The profile's own description (desc tag), when it has a readable one. */
  description?: string;
}

const COMPONENTS: Record<string, number> = { GRAY: 1, 'RGB ': 3, CMYK: 4 };

function sig(b: Uint8Array, o: number): string {
  return String.fromCharCode(b[o], b[o + 1], b[o + 2], b[o + 3]);
}

function u32(b: Uint8Array, o: number): number {
  return ((b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]) >>> 0;
}

function readDescription(b: Uint8Array, at: number, len: number): string | undefined {
  if (at + len > b.length || len < 12) return undefined;
  const type = sig(b, at);
  if (type === 'desc') {
    const n = u32(b, at + 8);
    if (n < 1 || at + 12 + n > b.length) return undefined;
    return latin1(b.subarray(at + 12, at + 12 + n - 1)).replace(/\0+$/, '');
  }
  if (type === 'mluc') {
    // Multi-localized Unicode (v4): the first record's UTF-16BE text.
    const count = u32(b, at + 8);
    if (count < 1 || len < 28) return undefined;
    const size = u32(b, at + 20);
    const off = u32(b, at + 24);
    if (at + off + size > b.length) return undefined;
    let s = '';
    for (let i = 0; i + 1 < size; i += 2) s += String.fromCharCode((b[at + off + i] << 8) | b[at + off + i + 1]);
    return s.replace(/\0+$/, '');
  }
  return undefined;
}

/** The facts of a profile, or a reason it is not one. */
export function readIcc(b: Uint8Array): IccFacts | string {
  if (b.length < 132) return 'it is shorter than an ICC header';
  if (sig(b, 36) !== 'acsp') return 'it lacks the ICC signature "acsp"';
  const size = u32(b, 0);
  if (size > b.length || size < 132) return `its header says ${size} bytes but ${b.length} were sent`;
  const space = sig(b, 16);
  const facts: IccFacts = { major: b[8], minor: b[9] >> 4, deviceClass: sig(b, 12), space, n: COMPONENTS[space] ?? 0 };
  const count = u32(b, 128);
  for (let i = 0; i < count && 132 + i * 12 + 12 <= b.length; i++) {
    const t = 132 + i * 12;
    if (sig(b, t) === 'desc') facts.description = readDescription(b, u32(b, t + 4), u32(b, t + 8));
  }
  return facts;
}
