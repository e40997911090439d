// bench/rects.ts — one page of 10 000 rects through the whole pipeline (read → PDF bytes), three
// ways: plain filled rects; stroked rects with a graphics state and a layer (the item wrapper and a
// shared ExtGState); rects filled with one gradient (one shading pattern). Prints median ms.
// Run: npx tsx bench/rects.ts
import { render } from '../src/library.js';

const N = 10_000;
const RUNS = 9;

function rects(extra: (i: number) => Record<string, unknown>) {
  const items = [];
  for (let i = 0; i < N; i++) {
    const x = (i % 100) * 5.9,
      y = Math.floor(i / 100) * 8.4;
    items.push({ type: 'rect', rect: { llx: x, lly: y, urx: x + 5, ury: y + 7 }, ...extra(i) });
  }
  return items;
}

const cases: [string, Record<string, unknown>][] = [
  ['filled', { items: rects((i) => ({ fill: [i % 2, 0.5, 0.2] })) }],
  [
    'stroked + graphics_state + layer',
    {
      graphics_states: [{ name: 'half', state: { fill_alpha: 0.5, blend_mode: 'multiply' } }],
      layers: [{ name: 'grid' }],
      items: rects(() => ({
        fill: [0.2, 0.4, 0.8],
        stroke: { width: 0.5, color: [0] },
        graphics_state: 'half',
        layer: 'grid',
      })),
    },
  ],
  [
    'gradient fill',
    {
      shadings: [{ name: 'g', shading: { axial: { from: [0, 0], to: [595, 0], start: [1, 0, 0], end: [0, 0, 1] } } }],
      items: rects(() => ({ fill: { shading: 'g' } })),
    },
  ],
];

for (const [label, d] of cases) {
  const text = JSON.stringify(d);
  const times: number[] = [];
  let size = 0;
  for (let r = 0; r < RUNS + 2; r++) {
    const t = performance.now();
    const out = render({ description: text, now: new Date(0) });
    const ms = performance.now() - t;
    if (!out.ok) throw new Error(out.sentence);
    size = out.pdf.length;
    if (r >= 2) times.push(ms);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${N} rects, ${label}: median ${times[Math.floor(times.length / 2)].toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[times.length - 1].toFixed(1)}), ${(size / 1024).toFixed(0)} KiB`,
  );
}
