// test/images.refusals.test.ts — every refusal of the image item and the `images` declarations
// (status, word, JSON pointer, a sentence naming the key), and a property test: random and mutated
// bytes sent as an image part give a PDF or a clean 4xx, never a 5xx, a crash or a hang.

import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUSAL_WORDS } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import type { RenderInput } from '../src/types.js';
import { NOW } from './support/fixtures.js';
import { iccHeader, makeJpeg, makePng } from './support/images.js';

const rgb = makePng({ width: 2, height: 2, type: 2, depth: 8, pixel: () => [10, 20, 30] });
const bits = makePng({ width: 2, height: 2, type: 0, depth: 1, pixel: (x) => [x] });
const grey = makePng({ width: 2, height: 2, type: 0, depth: 8, pixel: () => [128] });
const rgba = makePng({ width: 2, height: 2, type: 6, depth: 8, pixel: () => [1, 2, 3, 4] });
const jpg = makeJpeg(8, 8, () => [0, 0, 0]);
const item = { type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } };

function run(extra: Record<string, unknown>, parts: RenderInput['parts'], items: unknown[] = [item]) {
  return render({ description: { items, ...extra }, parts, now: NOW });
}

/** A PNG with its bytes changed at `at` and every chunk's checksum left as it was. */
function pngWithIhdr(width: number, height: number): Uint8Array {
  const b = Buffer.from(rgb);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  // Fix the IHDR checksum so the size itself is what is refused.
  const { crc32 } = require('node:zlib') as typeof import('node:zlib');
  b.writeUInt32BE(crc32(b.subarray(12, 29)) >>> 0, 29);
  return new Uint8Array(b);
}

/** A 1 × 1 grey PNG whose IDAT inflates to far more than one row. */
function bombPng(): Uint8Array {
  const { crc32 } = require('node:zlib') as typeof import('node:zlib');
  const chunk = (type: string, data: Buffer) => {
    const h = Buffer.alloc(8);
    h.writeUInt32BE(data.length);
    h.write(type, 4, 'latin1');
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc32(Buffer.concat([h.subarray(4), data])) >>> 0);
    return Buffer.concat([h, data, c]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc(50_000_000))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

interface Case {
  name: string;
  extra?: Record<string, unknown>;
  parts: RenderInput['parts'];
  items?: unknown[];
  status: number;
  word: string;
  path: string;
  sentence: RegExp;
}

const decl = (d: Record<string, unknown>) => ({ images: [{ name: 'p', ...d }] });

const CASES: Case[] = [
  {
    name: 'a part not sent',
    parts: {},
    status: 400,
    word: 'description',
    path: '/items/0/image',
    sentence: /^the part "p" named by \/items\/0\/image was not sent with the request\.$/,
  },
  {
    name: 'a soft mask part not sent',
    extra: decl({ soft_mask: 'm' }),
    parts: { p: rgb },
    status: 400,
    word: 'description',
    path: '/images/0/soft_mask',
    sentence: /the part "m" named by \/images\/0\/soft_mask was not sent/,
  },
  {
    name: 'a PNG with a broken checksum',
    parts: {
      p: (() => {
        const b = Buffer.from(rgb);
        b[20] ^= 1;
        return b;
      })(),
    },
    status: 400,
    word: 'description',
    path: '/items/0/image',
    sentence:
      /^the part "p" named by \/items\/0\/image is not a readable PNG image: its IHDR chunk fails its checksum\.$/,
  },
  {
    name: 'a declared part that is not a readable image',
    extra: decl({}),
    parts: { p: Buffer.concat([Buffer.from(rgb.subarray(0, 40))]) },
    status: 400,
    word: 'description',
    path: '/images/0/name',
    sentence: /the part "p" named by \/images\/0\/name is not a readable PNG image/,
  },
  {
    name: 'a GIF',
    parts: { p: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1') },
    status: 400,
    word: 'description',
    path: '/items/0/image',
    sentence:
      /^the part "p" named by \/items\/0\/image is a GIF image, which this build does not read; send a PNG, JPEG or SVG image\.$/,
  },
  {
    name: 'a TIFF',
    parts: { p: Buffer.from('II*\x00\x08\x00\x00\x00', 'latin1') },
    status: 400,
    word: 'description',
    path: '/items/0/image',
    sentence: /is a TIFF image, which this build does not read/,
  },
  {
    name: 'text',
    parts: { p: Buffer.from('hello') },
    status: 400,
    word: 'description',
    path: '/items/0/image',
    sentence: /is not an image, which this build does not read/,
  },
  {
    name: 'an arithmetic-coded JPEG',
    parts: {
      p: (() => {
        const b = Buffer.from(jpg);
        const i = b.indexOf(Buffer.from([0xff, 0xc0]));
        b[i + 1] = 0xc9;
        return b;
      })(),
    },
    status: 400,
    word: 'description',
    path: '/items/0/image',
    sentence: /is not a readable JPEG image: it is a arithmetic-coded JPEG, which PDF readers do not decode/,
  },
  {
    name: 'a PNG past the pixel ceiling',
    parts: { p: pngWithIhdr(60000, 60000) },
    status: 413,
    word: 'drawing',
    path: '/items/0/image',
    sentence: /^the image "p" named by \/items\/0\/image is 60000 × 60000 pixels, past the ceiling of 536870912 bytes/,
  },
  {
    name: 'a PNG whose data inflates past its header (zip bomb)',
    parts: { p: bombPng() },
    status: 400,
    word: 'description',
    path: '/items/0/image',
    sentence: /its pixel data is longer than its header says/,
  },
  {
    name: 'a PNG whose data stops short',
    parts: { p: pngWithIhdr(2, 50) },
    status: 400,
    word: 'description',
    path: '/items/0/image',
    sentence: /its pixel data stops short of the size its header gives/,
  },
  {
    name: 'a stencil that is not 1 bit 1 component',
    extra: decl({ stencil: true }),
    parts: { p: grey },
    status: 400,
    word: 'description',
    path: '/images/0/stencil',
    sentence:
      /^the image "p" is read as a stencil by \/images\/0\/stencil but is 8-bit grey \(PNG\); a stencil is 1-bit grey \(1 bit per pixel, 1 component\)\.$/,
  },
  {
    name: 'a stencil mask that is not 1 bit',
    extra: decl({ stencil_mask: 'm' }),
    parts: { p: rgb, m: rgb },
    status: 400,
    word: 'description',
    path: '/images/0/stencil_mask',
    sentence: /the image "m" is read as a stencil by \/images\/0\/stencil_mask but is 8-bit RGB \(PNG\)/,
  },
  {
    name: 'an ICC profile of other components',
    extra: decl({ icc_profile: 'icc' }),
    parts: { p: rgb, icc: iccHeader('CMYK') },
    status: 400,
    word: 'description',
    path: '/images/0/icc_profile',
    sentence:
      /^the ICC profile "icc" named by \/images\/0\/icc_profile describes 4 components \(CMYK\), but the image "p" has 3\.$/,
  },
  {
    name: 'an ICC profile on a stencil',
    extra: decl({ stencil: true, icc_profile: 'icc' }),
    parts: { p: bits, icc: iccHeader('GRAY') },
    status: 400,
    word: 'description',
    path: '/images/0/icc_profile',
    sentence: /^\/images\/0\/icc_profile cannot be given for "p", which \/images\/0\/stencil reads as a stencil/,
  },
  {
    name: 'an ICC profile that is not one',
    extra: decl({ icc_profile: 'icc' }),
    parts: { p: rgb, icc: Buffer.alloc(200) },
    status: 400,
    word: 'description',
    path: '/images/0/icc_profile',
    sentence: /the part "icc" named by \/images\/0\/icc_profile is not an ICC profile: it lacks the acsp signature/,
  },
  {
    name: 'soft_mask with color_key',
    extra: decl({
      soft_mask: 'm',
      color_key: [
        [0, 1],
        [0, 1],
        [0, 1],
      ],
    }),
    parts: { p: rgb, m: grey },
    status: 400,
    word: 'description',
    path: '/images/0/color_key',
    sentence:
      /^\/images\/0\/soft_mask cannot be given together with \/images\/0\/color_key: an image carries one kind of see-through information\.$/,
  },
  {
    name: 'stencil with soft_mask',
    extra: decl({ stencil: true, soft_mask: 'm' }),
    parts: { p: bits, m: grey },
    status: 400,
    word: 'description',
    path: '/images/0/soft_mask',
    sentence: /\/images\/0\/stencil cannot be given together with \/images\/0\/soft_mask: a stencil is its own mask/,
  },
  {
    name: 'opaque with color_key',
    extra: decl({
      opaque: true,
      color_key: [
        [0, 1],
        [0, 1],
        [0, 1],
      ],
    }),
    parts: { p: rgb },
    status: 400,
    word: 'description',
    path: '/images/0/color_key',
    sentence: /\/images\/0\/opaque cannot be given together with \/images\/0\/color_key/,
  },
  {
    name: 'a color_key with the wrong number of pairs',
    extra: decl({ color_key: [[0, 1]] }),
    parts: { p: rgb },
    status: 400,
    word: 'description',
    path: '/images/0/color_key',
    sentence:
      /^\/images\/0\/color_key gives 1 pair, but the image "p" has 3 components; give one pair per component\.$/,
  },
  {
    name: 'a decode with the wrong number of pairs',
    extra: decl({ decode: [[1, 0]] }),
    parts: { p: jpg },
    status: 400,
    word: 'description',
    path: '/images/0/decode',
    sentence: /\/images\/0\/decode gives 1 pair, but the image "p" has 3 components/,
  },
  {
    name: 'a color_key past the sample range',
    extra: decl({
      color_key: [
        [0, 300],
        [0, 1],
        [0, 1],
      ],
    }),
    parts: { p: rgb },
    status: 400,
    word: 'description',
    path: '/images/0/color_key/0/1',
    sentence: /^\/images\/0\/color_key\/0\/1 holds 300, outside the stored sample values 0 to 255 of the image "p"\.$/,
  },
  {
    name: 'a soft mask in colour',
    extra: decl({ soft_mask: 'm' }),
    parts: { p: rgb, m: rgb },
    status: 400,
    word: 'description',
    path: '/images/0/soft_mask',
    sentence: /^the soft mask "m" named by \/images\/0\/soft_mask has 3 components; a soft mask is one grey component/,
  },
  {
    name: 'a soft mask with transparency',
    extra: decl({ soft_mask: 'm' }),
    parts: { p: rgb, m: rgba },
    status: 400,
    word: 'description',
    path: '/images/0/soft_mask',
    sentence: /has transparency of its own/,
  },
  {
    name: 'color on an image that is no stencil',
    parts: { p: rgb },
    items: [{ ...item, color: [1, 0, 0] }],
    status: 400,
    word: 'description',
    path: '/items/0/color',
    sentence: /^\/items\/0\/color gives the fill colour of a stencil, and the image "p" is not one/,
  },
  {
    name: 'metadata with facts and packet',
    extra: decl({ metadata: { facts: {}, packet: 'x' } }),
    parts: { p: rgb },
    status: 400,
    word: 'description',
    path: '/images/0/metadata/packet',
    sentence: /\/images\/0\/metadata\/facts cannot be given together with \/images\/0\/metadata\/packet/,
  },
  {
    name: 'metadata with neither',
    extra: decl({ metadata: {} }),
    parts: { p: rgb },
    status: 400,
    word: 'description',
    path: '/images/0/metadata',
    sentence: /^\/images\/0\/metadata needs facts/,
  },
  {
    name: 'a created that is not ISO 8601',
    extra: decl({ metadata: { facts: { created: 'yesterday' } } }),
    parts: { p: rgb },
    status: 400,
    word: 'description',
    path: '/images/0/metadata/facts/created',
    sentence: /\/images\/0\/metadata\/facts\/created = "yesterday" is not an ISO 8601 timestamp/,
  },
  {
    name: 'a metadata packet part not sent',
    extra: decl({ metadata: { packet: 'xmp' } }),
    parts: { p: rgb },
    status: 400,
    word: 'description',
    path: '/images/0/metadata/packet',
    sentence: /the part "xmp" named by \/images\/0\/metadata\/packet was not sent/,
  },
  {
    name: 'a name declared twice',
    extra: { images: [{ name: 'p' }, { name: 'p', opaque: true }] },
    parts: { p: rgb },
    status: 400,
    word: 'description',
    path: '/images/1/name',
    sentence: /the name "p" at \/images\/1\/name is already declared at \/images\/0\/name/,
  },
  {
    name: 'an unknown orientation',
    extra: decl({ orientation: 'sideways' }),
    parts: { p: rgb },
    status: 400,
    word: 'description',
    path: '/images/0/orientation',
    sentence: /\/images\/0\/orientation must be one of "upright"/,
  },
  {
    name: 'an unknown fit',
    parts: { p: rgb },
    items: [{ ...item, fit: 'squash' }],
    status: 400,
    word: 'description',
    path: '/items/0/fit',
    sentence: /\/items\/0\/fit must be one of "fill", "contain", "cover", "none"/,
  },
  {
    name: 'an image item without image',
    parts: { p: rgb },
    items: [{ type: 'image', rect: item.rect }],
    status: 400,
    word: 'description',
    path: '/items/0/image',
    sentence: /the key "image" is required at "\/items\/0"/,
  },
  {
    name: 'a layer no declaration carries, on an image item',
    parts: { p: rgb },
    items: [{ ...item, layer: 'L' }],
    status: 400,
    word: 'description',
    path: '/items/0/layer',
    sentence: /the layer "L" named by \/items\/0\/layer is nowhere declared/,
  },
];

describe('image refusals', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_n, c) => {
    const out = run(c.extra ?? {}, c.parts, c.items);
    expect(out.ok, out.ok ? 'rendered' : out.sentence).toBe(false);
    if (out.ok) return;
    expect({ status: out.status, word: out.word, path: out.path }).toEqual({
      status: c.status,
      word: c.word,
      path: c.path,
    });
    expect(out.sentence).toMatch(c.sentence);
  });

  it('a declared picture is validated even when nothing draws it', () => {
    const out = run(decl({ stencil: true }), { p: grey }, [{ type: 'rect', rect: item.rect }]);
    expect(out).toMatchObject({ ok: false, status: 400, path: '/images/0/stencil' });
  });
});

describe('bad image bytes never crash or hang', () => {
  const interlaced = makePng({
    width: 5,
    height: 5,
    type: 6,
    depth: 16,
    interlace: true,
    pixel: (x, y) => [x * 999, y * 999, 7, 40000],
  });
  const palette = makePng({
    width: 5,
    height: 3,
    type: 3,
    depth: 2,
    palette: [
      [1, 2, 3],
      [4, 5, 6],
    ],
    trns: [0],
    pixel: (x) => [x % 2],
  });
  const seeds = [rgb, bits, rgba, jpg, interlaced, palette];
  const closed = (out: ReturnType<typeof render>) => {
    if (out.ok) return true;
    return (out.status === 400 || out.status === 413) && (REFUSAL_WORDS as readonly string[]).includes(out.word);
  };

  it('random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => closed(run({}, { p: bytes }))),
      { numRuns: 300 },
    );
  });

  it('valid pictures with bytes changed, cut short or spliced', () => {
    const mutated = fc
      .tuple(
        fc.constantFrom(...seeds),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        fc.option(fc.nat()),
      )
      .map(([seed, edits, cut]) => {
        const b = Buffer.from(seed);
        for (const [pos, v] of edits) b[pos % b.length] = v;
        return cut === null ? b : b.subarray(0, cut % (b.length + 1));
      });
    fc.assert(
      fc.property(mutated, fc.boolean(), (bytes, asMask) => {
        const out = asMask ? run(decl({ soft_mask: 'm' }), { p: rgb, m: bytes }) : run({}, { p: bytes });
        return closed(out);
      }),
      { numRuns: 500 },
    );
  });
});
