// bench/compression.ts — what `compression` buys: file size and render time of a 50-page text
// document at Flate levels 1, 6 and 9, with and without object streams, and the cost of a PDF/A-3b
// claim with a Factur-X invoice over the same pages. Prints a table; asserts nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from '../test/support/fixtures.js';

const ROUNDS = 7;
const XML = readFileSync(join(import.meta.dirname, '..', 'test', 'fixtures', 'factur-x-en16931.xml'));

function description(extra: Record<string, unknown>) {
  return {
    fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
    items: Array.from({ length: 50 }, (_, i) => ({
      type: 'text',
      pages: [i + 1],
      rect: { llx: 72, lly: 72, urx: 520, ury: 770 },
      font: 'Body',
      font_size: 10,
      content: [
        `Page ${i + 1}. ` +
          'Archival documents keep their fonts, their colours and their metadata together. '.repeat(40),
      ],
    })),
    ...extra,
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const cases: [string, Record<string, unknown>][] = [
  ['no compression key (level 6, xref table)', {}],
  ['compression 1, object streams', { compression: 1 }],
  ['compression 6, object streams', { compression: 6 }],
  ['compression 9, object streams', { compression: 9 }],
  ['compression 9, no object streams', { compression: { level: 9, object_streams: false } }],
  [
    'pdfa3b + Factur-X, compression 9',
    {
      compression: 9,
      archive: 'pdfa3b',
      metadata: { title: 'Bench' },
      invoice: { xml: 'x.xml', profile: 'EN 16931', relationship: 'alternative', issued: '2026-11-22' },
    },
  ],
];

console.log('| case | bytes | median ms |');
console.log('|---|---|---|');
for (const [name, extra] of cases) {
  const d = description(extra);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const out = render({ description: d, parts: { 'x.xml': XML }, now: NOW });
    times.push(performance.now() - t);
    if (!out.ok) throw new Error(`${name}: ${out.sentence}`);
    bytes = out.pdf.length;
  }
  console.log(`| ${name} | ${bytes} | ${median(times).toFixed(1)} |`);
}
