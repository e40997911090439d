// engines/pdf/functions.ts — PDF engine: PDF functions (ISO 32000-1 §7.10) from FunctionSpec:
// exponential → type 2 dictionary, stitching → type 3, sampled → type 0 stream (samples packed
// big-endian at BitsPerSample), calculation → type 4 stream (the checked program text). Returned
// as indirect references so a function used twice in one object graph is one object.
import { deflateSync } from 'node:zlib';
import type { PDFContext, PDFRef } from 'pdf-lib';
import type { FunctionSpec } from '../../ir/graphics-types.js';

/** Packs unsigned samples of `bits` bits each, big-endian, rows padded to no boundary (§7.10.2: the stream is one bit string). */
export function packBits(values: readonly number[], bits: number): Uint8Array {
  const out = new Uint8Array(Math.ceil((values.length * bits) / 8));
  let bitPos = 0;
  for (const v of values) {
    for (let b = bits - 1; b >= 0; b--) {
      // Division, not shifts: 32-bit samples overflow JS's signed shift.
      const bit = Math.floor(v / 2 ** b) % 2;
      if (bit) out[bitPos >> 3] |= 0x80 >> (bitPos & 7);
      bitPos++;
    }
  }
  return out;
}

export function writeFunction(context: PDFContext, f: FunctionSpec): PDFRef {
  switch (f.shape) {
    case 'exponential': {
      const d: Record<string, unknown> = { FunctionType: 2, Domain: f.domain, C0: f.c0, C1: f.c1, N: f.n };
      if (f.range) d.Range = f.range;
      return context.register(context.obj(d as never));
    }
    case 'stitching': {
      const d: Record<string, unknown> = {
        FunctionType: 3,
        Domain: f.domain,
        Functions: f.functions.map((g) => writeFunction(context, g)),
        Bounds: f.bounds,
        Encode: f.encode,
      };
      if (f.range) d.Range = f.range;
      return context.register(context.obj(d as never));
    }
    case 'sampled': {
      const d: Record<string, unknown> = {
        FunctionType: 0,
        Domain: f.domain,
        Range: f.range,
        Size: f.size,
        BitsPerSample: f.bits,
        Filter: 'FlateDecode',
      };
      if (f.order === 3) d.Order = 3;
      if (f.encode) d.Encode = f.encode;
      if (f.decode) d.Decode = f.decode;
      return context.register(context.stream(deflateSync(packBits(f.samples, f.bits)), d as never));
    }
    case 'calculation': {
      const program = Buffer.from(f.program, 'latin1');
      return context.register(context.stream(program, { FunctionType: 4, Domain: f.domain, Range: f.range } as never));
    }
  }
}
