// bench/fonts.ts — what fonts cost a render (issue 4's invoice target: ≤ 10 ms when the process
// has seen the font before). A one-page invoice-like document, 60 strings in two faces (Noto Sans
// regular and bold, sent as parts), rendered cold (first sight of the fonts), warm (fonts and subsets
// cached), and warm with a new glyph set each time (the subset cache misses), plus one CFF face.
// Run: npx tsx bench/fonts.ts
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { render } from '../src/library.js';

const require = createRequire(import.meta.url);
const REGULAR = new Uint8Array(
  readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
);
const BOLD = new Uint8Array(readFileSync(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')));
const CFF = '/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf';
const RUNS = 30;

function invoice(extra = ''): unknown {
  const items = [];
  for (let i = 0; i < 60; i++) {
    items.push({
      type: 'text',
      rect: {
        llx: 50 + (i % 3) * 170,
        lly: 780 - Math.floor(i / 3) * 30,
        urx: 210 + (i % 3) * 170,
        ury: 800 - Math.floor(i / 3) * 30,
      },
      content: [i % 3 === 0 ? `Item ${i} — consulting${extra}` : `${(i * 37.5).toFixed(2)} EUR`],
      font: i % 5 ? 'Body' : 'Bold',
      font_size: 10,
    });
  }
  return {
    fonts: [
      { name: 'Body', part: 'r.ttf' },
      { name: 'Bold', part: 'b.ttf' },
    ],
    items,
  };
}

const parts = new Map([
  ['r.ttf', REGULAR],
  ['b.ttf', BOLD],
]);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Wall time, and CPU time of this process (the honest figure when other processes load the cores). */
const cpuTimes: Record<string, number[]> = {};
const time = (fn: () => unknown, label = '') => {
  const c = process.cpuUsage();
  const t = performance.now();
  fn();
  const wall = performance.now() - t;
  const u = process.cpuUsage(c);
  (cpuTimes[label] ??= []).push((u.user + u.system) / 1000);
  return wall;
};
const cpu = (label: string) => median(cpuTimes[label]).toFixed(2);

const cold = time(() => render({ description: invoice(), parts }));
for (let i = 0; i < 10; i++) render({ description: invoice(), parts }); // let the JIT settle
// A font file not seen before, in a process that has run: the body face with one byte of its name table changed.
const fresh: number[] = [];
for (let i = 0; i < 5; i++) {
  const other = Buffer.from(REGULAR);
  other[other.length - 1 - i] ^= 0x55;
  fresh.push(
    time(
      () =>
        render({
          description: invoice(),
          parts: new Map([
            ['r.ttf', new Uint8Array(other)],
            ['b.ttf', BOLD],
          ]),
        }),
      'fresh',
    ),
  );
}
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) warm.push(time(() => render({ description: invoice(), parts }), 'warm'));
// A letter not drawn before in each run: same fonts, a new glyph set, so the subset is made anew.
const letters = 'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ';
const miss: number[] = [];
for (let i = 0; i < RUNS; i++)
  miss.push(
    time(
      () =>
        render({
          description: invoice(` ${letters[i % letters.length]}${letters[(i * 7 + 3) % letters.length]}`),
          parts,
        }),
      'miss',
    ),
  );

let cffFigures = 'CFF face not installed (fonts-urw-base35)';
try {
  const cffParts = new Map([
    ['r.ttf', new Uint8Array(readFileSync(CFF))],
    ['b.ttf', BOLD],
  ]);
  const c0 = time(() => render({ description: invoice(), parts: cffParts }));
  const cw: number[] = [];
  for (let i = 0; i < RUNS; i++) cw.push(time(() => render({ description: invoice(), parts: cffParts }), 'cff'));
  cffFigures = `cold ${c0.toFixed(1)} ms, warm median ${median(cw).toFixed(2)} ms wall / ${cpu('cff')} ms CPU`;
} catch {
  /* figures say why */
}

console.log(`invoice, 60 strings, 2 TrueType faces as parts (${RUNS} runs each)`);
console.log(`  cold (fonts first seen):            ${cold.toFixed(1)} ms`);
console.log(
  `  a new font file, warm process:      median ${median(fresh).toFixed(1)} ms wall / ${cpu('fresh')} ms CPU`,
);
console.log(
  `  warm, same glyphs (subset cached):  median ${median(warm).toFixed(2)} ms wall / ${cpu('warm')} ms CPU (target ≤ 10 ms)`,
);
console.log(`  warm, new glyph set (subset made):  median ${median(miss).toFixed(2)} ms wall / ${cpu('miss')} ms CPU`);
console.log(`  body font as CFF (NimbusSans):      ${cffFigures}`);
