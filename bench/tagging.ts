// bench/tagging.ts — what tagging costs: 200 pages of five two-paragraph flows and a running footer,
// rendered untagged, tagged (`structure`: every flow named, one P per paragraph, the footer an
// artifact) and claimed as PDF/UA-1 (measured by the verifier after emission). Prints medians and
// sizes; never asserts a time.
//   npx tsx bench/tagging.ts [runs]
import { render } from '../src/library.js';
import type { Licence } from '../src/licence/licence.js';
import { NOTO_SANS_B64 } from '../test/support/fixtures.js';

const RUNS = Number(process.argv[2] ?? 5);
const now = new Date('2026-06-01T00:00:00Z');
const licence: Licence = {
  holder: 'bench',
  features: ['tagging'],
  notBefore: '2026-01-01',
  notAfter: '2026-12-31',
  issued: '2026-01-01T00:00:00Z',
};
const para =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.';
const items: Record<string, unknown>[] = [];
const children: unknown[] = [];
for (let p = 1; p <= 200; p++) {
  for (let k = 0; k < 5; k++) {
    const id = `t${p}-${k}`;
    items.push({
      type: 'flow',
      id,
      pages: [p],
      rect: { llx: 72, lly: 700 - k * 130, urx: 520, ury: 800 - k * 130 },
      content: `${para}\n${para}`,
      font: 'Body',
      font_size: 10,
    });
    children.push(p === 1 && k === 0 ? { type: 'H1', children: [id] } : k === 0 ? { type: 'H2', children: [id] } : id);
  }
}
items.push({
  type: 'text',
  pages: [],
  rect: { llx: 72, lly: 30, urx: 520, ury: 50 },
  content: ['Page {current_page}'],
  font: 'Body',
  font_size: 9,
});
const base = { fonts: [{ name: 'Body', data: NOTO_SANS_B64 }], metadata: { title: 'Tagging bench' }, items };
const structure = { lang: 'en', elements: [{ type: 'Document', children }] };
const cases: [string, Record<string, unknown>][] = [
  ['untagged', base],
  ['tagged', { ...base, structure }],
  ['pdfua1 (with verification)', { ...base, structure, accessible: 'pdfua1' }],
];
for (const [name, description] of cases) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const r = render({ description, now, service: { licence } });
    times.push(performance.now() - t);
    if (!r.ok) throw new Error(r.sentence);
    size = r.pdf.length;
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(28)} median ${Math.round(times[times.length >> 1])} ms  ${size} bytes`);
}
