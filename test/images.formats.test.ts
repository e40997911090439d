// test/images.formats.test.ts — every PNG colour type and bit depth, interlaced or not, and JPEG
// baseline, progressive, grey and Adobe CMYK, drawn and judged by tools nobody here wrote: MuPDF's
// pixels at every image pixel, `pdfimages -list` for the encoding, bits and SMask, `qpdf --check`.
// The test PNGs are first checked against pngjs, so the writer in test/support is not its own judge.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';
import { gsJpeg, makeJpeg, makePng, type PngSpec, progressive } from './support/images.js';
import { pdfImagesList, qpdfCheck, renderPage } from './support/pdf-tools.js';

type RGB = [number, number, number];
const W = 9,
  H = 7,
  CELL = 10; // odd sizes leave Adam7 passes partly empty

function draw(part: Uint8Array, extra: Record<string, unknown> = {}, under?: number[]) {
  const items: Record<string, unknown>[] = [];
  if (under) items.push({ type: 'rect', rect: { llx: 0, lly: 0, urx: W * CELL, ury: H * CELL }, fill: under });
  items.push({ type: 'image', image: 'pic', rect: { llx: 0, lly: 0, urx: W * CELL, ury: H * CELL } });
  const out = render({
    description: { page: { width: W * CELL, height: H * CELL }, items, ...extra },
    parts: { pic: part },
    now: NOW,
  });
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  expect(qpdfCheck(out.pdf).code).toBe(0);
  return out.pdf;
}

const pattern = (x: number, y: number, n: number) => (x * 3 + y * 5 + x * y) % n;
const over = (c: number, a: number) => Math.round((c * a) / 255 + 255 * (1 - a / 255));

interface Case {
  name: string;
  spec: PngSpec;
  shown: (x: number, y: number) => RGB;
  alpha: boolean;
  bpc: number;
  passThrough: boolean;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const interlace of [false, true]) {
    const tag = interlace ? ' interlaced' : '';
    for (const depth of [1, 2, 4, 8, 16] as const) {
      const max = depth === 16 ? 65535 : (1 << depth) - 1;
      const levels = depth === 1 ? [0, 1] : [0, max, Math.round(max / 3), Math.round((2 * max) / 3)];
      const g = (x: number, y: number) => levels[pattern(x, y, levels.length)];
      const v8 = (v: number) => Math.round((v * 255) / max);
      out.push({
        name: `grey ${depth}-bit${tag}`,
        spec: { width: W, height: H, type: 0, depth, interlace, pixel: (x, y) => [g(x, y)] },
        shown: (x, y) => [v8(g(x, y)), v8(g(x, y)), v8(g(x, y))],
        alpha: false,
        bpc: depth,
        passThrough: !interlace,
      });
    }
    for (const depth of [1, 2, 4, 8] as const) {
      const palette: RGB[] = [
        [255, 0, 0],
        [0, 0, 255],
        [0, 255, 0],
        [255, 255, 0],
        [40, 80, 160],
      ].slice(0, 1 << depth) as RGB[];
      const i = (x: number, y: number) => pattern(x, y, palette.length);
      out.push({
        name: `palette ${depth}-bit${tag}`,
        spec: { width: W, height: H, type: 3, depth, interlace, palette, pixel: (x, y) => [i(x, y)] },
        shown: (x, y) => palette[i(x, y)],
        alpha: false,
        bpc: depth,
        passThrough: !interlace,
      });
    }
    const colours: RGB[] = [
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [255, 255, 255],
      [40, 80, 160],
    ];
    for (const depth of [8, 16] as const) {
      const k = depth === 16 ? 257 : 1;
      const c = (x: number, y: number) => colours[pattern(x, y, colours.length)];
      out.push({
        name: `RGB ${depth}-bit${tag}`,
        spec: { width: W, height: H, type: 2, depth, interlace, pixel: (x, y) => c(x, y).map((v) => v * k) },
        shown: c,
        alpha: false,
        bpc: depth,
        passThrough: !interlace,
      });
      const ga: [number, number][] = [
        [0, 255],
        [255, 255],
        [128, 0],
        [60, 128],
      ];
      const gx = (x: number, y: number) => ga[pattern(x, y, ga.length)];
      out.push({
        name: `grey+alpha ${depth}-bit${tag}`,
        spec: { width: W, height: H, type: 4, depth, interlace, pixel: (x, y) => gx(x, y).map((v) => v * k) },
        shown: (x, y) => {
          const [v, a] = gx(x, y);
          const o = over(v, a);
          return [o, o, o];
        },
        alpha: true,
        bpc: depth,
        passThrough: false,
      });
      const rgba: [number, number, number, number][] = [
        [255, 0, 0, 255],
        [0, 0, 255, 0],
        [0, 128, 0, 128],
        [20, 40, 200, 255],
      ];
      const cx = (x: number, y: number) => rgba[pattern(x, y, rgba.length)];
      out.push({
        name: `RGBA ${depth}-bit${tag}`,
        spec: { width: W, height: H, type: 6, depth, interlace, pixel: (x, y) => cx(x, y).map((v) => v * k) },
        shown: (x, y) => {
          const [r, g, b, a] = cx(x, y);
          return [over(r, a), over(g, a), over(b, a)];
        },
        alpha: true,
        bpc: depth,
        passThrough: false,
      });
    }
  }
  return out;
}

function expectClose(got: RGB, want: RGB, tol: number, where: string) {
  for (let i = 0; i < 3; i++)
    expect(Math.abs(got[i] - want[i]), `${where}: got ${got} want ${want}`).toBeLessThanOrEqual(tol);
}

describe('PNG: every colour type and bit depth, interlaced or not', () => {
  it.each(cases().map((c) => [c.name, c] as const))('%s', (_n, c) => {
    const png = makePng(c.spec);
    // The test file itself, read by pngjs (composited over white), shows the expected colours.
    const ref = PNG.sync.read(Buffer.from(png));
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const o = (y * W + x) * 4,
          a = ref.data[o + 3];
        expectClose(
          [over(ref.data[o], a), over(ref.data[o + 1], a), over(ref.data[o + 2], a)],
          c.shown(x, y),
          1,
          `pngjs pixel ${x},${y}`,
        );
      }
    const pdf = draw(png);
    // Two readers nobody here wrote: MuPDF and poppler.
    for (const tool of ['mutool', 'pdftoppm'] as const) {
      const page = renderPage(pdf, 72, 1, tool);
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) {
          expectClose(
            page.at(x * CELL + CELL / 2, (H - y) * CELL - CELL / 2),
            c.shown(x, y),
            3,
            `${tool} pixel ${x},${y}`,
          );
        }
    }
    const rows = pdfImagesList(pdf);
    expect(rows[0]).toMatchObject({ type: 'image', width: W, height: H, bpc: c.bpc, enc: 'image' });
    expect(rows.some((r) => r.type === 'smask')).toBe(c.alpha);
    if (c.alpha)
      expect(rows.find((r) => r.type === 'smask')).toMatchObject({ width: W, height: H, color: 'gray', bpc: c.bpc });
    // Pass-through: the file's own zlib stream with the PNG predictor, no re-encoding.
    const text = Buffer.from(pdf).toString('latin1');
    expect(text.includes('/Predictor 15')).toBe(c.passThrough);
  });

  it('palette transparency (tRNS) becomes an SMask while the indices pass through', () => {
    const palette: RGB[] = [
      [255, 0, 0],
      [0, 0, 255],
      [0, 255, 0],
    ];
    const png = makePng({
      width: W,
      height: H,
      type: 3,
      depth: 2,
      palette,
      trns: [255, 0, 128],
      pixel: (x, y) => [pattern(x, y, 3)],
    });
    const pdf = draw(png, {}, [0, 0, 0]);
    const page = renderPage(pdf);
    const alphas = [255, 0, 128];
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = pattern(x, y, 3),
          a = alphas[i];
        const want = palette[i].map((v) => Math.round((v * a) / 255)) as RGB; // over the black rect beneath
        expectClose(page.at(x * CELL + 5, (H - y) * CELL - 5), want, 3, `pixel ${x},${y}`);
      }
    expect(pdfImagesList(pdf).map((r) => r.type)).toEqual(['image', 'smask']);
    expect(Buffer.from(pdf).toString('latin1')).toContain('/Predictor 15');
  });

  it('a grey or RGB tRNS colour becomes a colour-key /Mask: that colour shows the page', () => {
    const png = makePng({
      width: W,
      height: H,
      type: 2,
      depth: 8,
      trns: [0, 255, 0],
      pixel: (x) => (x < 4 ? [0, 255, 0] : [255, 0, 0]),
    });
    const page = renderPage(draw(png, {}, [0, 0, 1]));
    expectClose(page.at(15, 35), [0, 0, 255], 3, 'keyed pixel shows the blue page');
    expectClose(page.at(75, 35), [255, 0, 0], 3, 'other pixel');
  });
});

describe('JPEG: passed through as DCTDecode', () => {
  const quad = (x: number, y: number): RGB =>
    y < 16 ? (x < 16 ? [220, 30, 30] : [30, 200, 30]) : x < 16 ? [30, 30, 220] : [240, 240, 240];
  const checkQuads = (pdf: Uint8Array, size: number) => {
    const page = renderPage(pdf);
    const q = size / 4;
    expectClose(page.at(q, 3 * q), [220, 30, 30], 14, 'top left');
    expectClose(page.at(3 * q, 3 * q), [30, 200, 30], 14, 'top right');
    expectClose(page.at(q, q), [30, 30, 220], 14, 'bottom left');
    expectClose(page.at(3 * q, q), [240, 240, 240], 14, 'bottom right');
  };
  const drawJpeg = (jpg: Uint8Array, size = 80, decl?: Record<string, unknown>) => {
    const out = render({
      description: {
        page: { width: size, height: size },
        images: decl ? [{ name: 'pic', ...decl }] : undefined,
        items: [{ type: 'image', image: 'pic', rect: { llx: 0, lly: 0, urx: size, ury: size } }],
      },
      parts: { pic: jpg },
      now: NOW,
    });
    if (!out.ok) throw new Error(out.sentence);
    expect(qpdfCheck(out.pdf).code).toBe(0);
    return out.pdf;
  };

  it('baseline RGB: the file is the stream, byte for byte', () => {
    const jpg = makeJpeg(32, 32, quad);
    const pdf = drawJpeg(jpg);
    checkQuads(pdf, 80);
    expect(pdfImagesList(pdf)).toMatchObject([{ width: 32, height: 32, color: 'rgb', comp: 3, bpc: 8, enc: 'jpeg' }]);
    expect(Buffer.from(pdf).includes(Buffer.from(jpg))).toBe(true);
  });

  it('progressive', () => {
    const jpg = progressive(makeJpeg(32, 32, quad));
    expect(Buffer.from(jpg).includes(Buffer.from([0xff, 0xc2]))).toBe(true);
    const pdf = drawJpeg(jpg);
    checkQuads(pdf, 80);
    expect(pdfImagesList(pdf)[0]).toMatchObject({ enc: 'jpeg', width: 32 });
    expect(Buffer.from(pdf).includes(Buffer.from(jpg))).toBe(true);
  });

  it('grey', () => {
    const jpg = gsJpeg('jpeggray', 32, 32, '0.2 setgray 0 0 16 32 rectfill 0.8 setgray 16 0 16 32 rectfill');
    const pdf = drawJpeg(jpg);
    const page = renderPage(pdf);
    expectClose(page.at(20, 40), [51, 51, 51], 8, 'left');
    expectClose(page.at(60, 40), [204, 204, 204], 8, 'right');
    expect(pdfImagesList(pdf)[0]).toMatchObject({ color: 'gray', comp: 1, enc: 'jpeg' });
  });

  it('Adobe CMYK, stored inverted, is read with Decode [1 0 1 0 1 0 1 0]', () => {
    // Cyan left half, yellow right half (PostScript y up: the whole height).
    const jpg = gsJpeg(
      'jpegcmyk',
      32,
      32,
      '1 0 0 0 setcmykcolor 0 0 16 32 rectfill 0 0 1 0 setcmykcolor 16 0 16 32 rectfill',
    );
    expect(Buffer.from(jpg).includes(Buffer.from('Adobe'))).toBe(true);
    const pdf = drawJpeg(jpg);
    const [cr, cg, cb] = renderPage(pdf).at(20, 40);
    expect(cr).toBeLessThan(80); // cyan: no red, much green and blue
    expect(cg).toBeGreaterThan(120);
    expect(cb).toBeGreaterThan(180);
    const [yr, yg, yb] = renderPage(pdf).at(60, 40);
    expect(yr).toBeGreaterThan(200); // yellow: red and green, no blue
    expect(yg).toBeGreaterThan(200);
    expect(yb).toBeLessThan(80);
    expect(pdfImagesList(pdf)[0]).toMatchObject({ color: 'cmyk', comp: 4, enc: 'jpeg' });
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/Decode \[ ?1 0 1 0 1 0 1 0 ?\]/);
  });

  it('a declared decode on an Adobe CMYK JPEG means the true inks: reversed pairs draw the negative', () => {
    const jpg = gsJpeg('jpegcmyk', 32, 32, '1 0 0 0 setcmykcolor 0 0 32 32 rectfill');
    const pdf = drawJpeg(jpg, 80, {
      decode: [
        [1, 0],
        [1, 0],
        [1, 0],
        [1, 0],
      ],
    });
    // Cyan's negative: magenta, yellow and black full, cyan none → black.
    const [r, g, b] = renderPage(pdf).at(40, 40);
    expect(Math.max(r, g, b)).toBeLessThan(60);
  });
});

describe('header facts', () => {
  it('EXIF orientation is read in either byte order; anything else reads as upright', async () => {
    const { exifOrientation } = await import('../engines/images/jpeg.js');
    const le = Buffer.from('Exif\0\0II*\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0\x08\0\0\0', 'latin1');
    expect(exifOrientation(le)).toBe(8);
    const be = Buffer.from('Exif\0\0MM\0*\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x03\0\0', 'latin1');
    expect(exifOrientation(be)).toBe(3);
    expect(exifOrientation(Buffer.from('Exif\0\0MM\0*\0\0\xff\xff', 'latin1'))).toBe(1);
    expect(exifOrientation(Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'))).toBe(1);
  });

  it('fit none uses the resolution a PNG states (pHYs)', async () => {
    const { readPng } = await import('../engines/images/png.js');
    const png = Buffer.from(makePng({ width: 4, height: 2, type: 0, depth: 8, pixel: () => [0] }));
    // Splice a pHYs chunk of 5906 px/m (150 dpi) after IHDR.
    const { crc32 } = await import('node:zlib');
    const data = Buffer.alloc(9);
    data.writeUInt32BE(5906, 0);
    data.writeUInt32BE(5906, 4);
    data[8] = 1;
    const head = Buffer.alloc(8);
    head.writeUInt32BE(9);
    head.write('pHYs', 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
    const withPhys = Buffer.concat([png.subarray(0, 33), head, data, crc, png.subarray(33)]);
    const dpi = readPng(withPhys).dpi!;
    expect(dpi[0]).toBeCloseTo(150, 0);
    let placement: number[] = [];
    const out = render({
      description: {
        page: { width: 20, height: 20 },
        items: [
          { type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 20, ury: 20 }, fit: 'none', align: 'bottom_left' },
        ],
      },
      parts: { p: withPhys },
      now: NOW,
      trace: (id, ir) => {
        if (id === 'layout')
          placement = (ir as { pages: { ops: { placement: number[] }[] }[] }).pages[0].ops[0].placement;
      },
    });
    expect(out.ok).toBe(true);
    // 4 × 2 pixels at 150 dpi: 1.92 × 0.96 points.
    expect(placement.map((v) => Math.round(v * 100) / 100)).toEqual([1.92, 0, 0, 0.96, 0, 0]);
  });
});

describe('alpha', () => {
  it('an RGBA PNG opaque everywhere gets no SMask', () => {
    const png = makePng({ width: 3, height: 3, type: 6, depth: 8, pixel: (x) => [x * 80, 0, 0, 255] });
    expect(pdfImagesList(draw(png)).map((r) => r.type)).toEqual(['image']);
  });
});
