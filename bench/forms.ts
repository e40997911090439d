// bench/forms.ts — what form fields cost (issue 11): 10 pages of 100 fields each (two text fields to
// every check box, each with its full appearance streams), rendered after a warm-up. Prints the
// median time, the time per field and the file size (the editable fields' font is embedded whole).
// Run: npx tsx bench/forms.ts
import { render } from '../src/library.js';

const RUNS = 7;
const items: unknown[] = [];
for (let p = 1; p <= 10; p++) {
  for (let i = 0; i < 100; i++) {
    const x = 20 + (i % 4) * 140,
      y = 780 - Math.floor(i / 4) * 30;
    items.push(
      i % 3 === 0
        ? {
            type: 'check_box',
            name: `p${p}.c${i}`,
            rect: { llx: x, lly: y, urx: x + 16, ury: y + 16 },
            checked: i % 2 === 0,
            pages: [p],
          }
        : {
            type: 'text_field',
            name: `p${p}.t${i}`,
            rect: { llx: x, lly: y, urx: x + 130, ury: y + 20 },
            value: `Value ${p}-${i}`,
            pages: [p],
          },
    );
  }
}
const now = new Date('2026-01-01T00:00:00Z');
render({ description: { items }, now });
const times: number[] = [];
let bytes = 0;
for (let k = 0; k < RUNS; k++) {
  const t = performance.now();
  const out = render({ description: { items }, now });
  times.push(performance.now() - t);
  if (!out.ok) throw new Error(out.sentence);
  bytes = out.pdf.length;
}
times.sort((a, b) => a - b);
const median = times[Math.floor(RUNS / 2)];
console.log(
  `1000 fields on 10 pages: median ${median.toFixed(0)} ms (${((median * 1000) / items.length).toFixed(0)} µs a field), ${(bytes / 1e6).toFixed(2)} MB`,
);
