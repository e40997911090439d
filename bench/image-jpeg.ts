// bench/image-jpeg.ts — a page holding a 4 000 × 3 000 JPEG (issue 5): the render should cost about
// what copying the file costs, because the JPEG goes into the PDF as DCTDecode without being decoded.
// The picture is made here with jpeg-js (never committed); beside the render, a copy of its bytes and
// a jpeg-js decode of it give the two ends of the scale. Also a 4 000 × 3 000 RGBA PNG (unpacked:
// alpha → SMask) and an RGB PNG (its zlib stream passed through) for contrast.
// Run: npx tsx bench/image-jpeg.ts
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { render } from '../src/library.js';

const W = 4000,
  H = 3000,
  RUNS = 7;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(fn: () => void, runs = RUNS): number {
  fn(); // warm up
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  return median(t);
}

// A photograph-like picture: smooth gradients plus noise, so the JPEG has a realistic size.
const rgba = Buffer.alloc(W * H * 4);
let seed = 7;
for (let y = 0; y < H; y++)
  for (let x = 0; x < W; x++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const n = (seed >> 16) & 31;
    const o = (y * W + x) * 4;
    rgba[o] = ((x * 255) / W + n) & 255;
    rgba[o + 1] = ((y * 255) / H + n) & 255;
    rgba[o + 2] = ((x + y) / 28 + n) & 255;
    rgba[o + 3] = 255 - (x % 256);
  }
let t = performance.now();
const jpg = new Uint8Array(jpeg.encode({ data: rgba, width: W, height: H }, 85).data);
console.log(
  `made a ${W} × ${H} JPEG of ${(jpg.length / 1e6).toFixed(1)} MB in ${(performance.now() - t).toFixed(0)} ms (jpeg-js, not timed below)`,
);

const description = {
  page: { width: 842, height: 595 },
  items: [{ type: 'image', image: 'photo', rect: { llx: 20, lly: 20, urx: 822, ury: 575 }, fit: 'contain' }],
};
const once = render({ description, parts: { photo: jpg } });
if (!once.ok) throw new Error(once.sentence);
const verbatim = Buffer.from(once.pdf).includes(Buffer.from(jpg));

const renderMs = time(() => {
  render({ description, parts: { photo: jpg } });
});
const copyMs = time(() => {
  Buffer.from(jpg).copy(Buffer.allocUnsafe(jpg.length));
});
const decodeMs = time(() => {
  jpeg.decode(jpg, { useTArray: true, maxMemoryUsageInMB: 1024 });
}, 2);
console.log(
  `JPEG page: render ${renderMs.toFixed(1)} ms median of ${RUNS} (PDF ${(once.pdf.length / 1e6).toFixed(1)} MB, JPEG bytes in it verbatim: ${verbatim})`,
);
console.log(`  beside: copying the JPEG ${copyMs.toFixed(2)} ms; decoding it (jpeg-js) ${decodeMs.toFixed(0)} ms`);

t = performance.now();
const rgbaPng = PNG.sync.write(Object.assign(new PNG({ width: W, height: H }), { data: rgba }));
const rgbPng = PNG.sync.write(
  Object.assign(new PNG({ width: W, height: H }), { data: Buffer.from(rgba).fill(255, 0, 0) }),
  { colorType: 2 },
);
console.log(
  `made two ${W} × ${H} PNGs (${(rgbaPng.length / 1e6).toFixed(1)} MB RGBA, ${(rgbPng.length / 1e6).toFixed(1)} MB RGB) in ${(performance.now() - t).toFixed(0)} ms`,
);
for (const [label, png] of [
  ['RGB PNG (zlib stream passed through, inflated once to check)', rgbPng],
  ['RGBA PNG (unpacked, alpha → SMask, deflated)', rgbaPng],
] as const) {
  const ms = time(() => {
    const o = render({ description, parts: { photo: png } });
    if (!o.ok) throw new Error(o.sentence);
  }, 3);
  console.log(`${label}: render ${ms.toFixed(0)} ms median of 3`);
}
