// bench/svg.ts — SVG images (issue 24): what each fixture of test/fixtures/svg/ costs to read and draw
// (parse + draw, no PDF), how fast hostile SVGs are refused (billion laughs, 100 000 nested groups,
// 60 000 elements), and how closely quire's drawing (MuPDF at 150 dpi) agrees with librsvg's
// rsvg-convert: the share of pixels within 16/255 of the same pixel and of a pixel at most one away.
// Run: npx tsx bench/svg.ts            (needs mutool and rsvg-convert; tools/install-test-deps.sh)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { svgFontPicker } from '../engines/images/svg-image.js';
import { drawSvg, rootSize } from '../engines/svg/draw.js';
import { parseSvg } from '../engines/svg/parse.js';
import { render } from '../src/library.js';

const DIR = join(import.meta.dirname, '..', 'test', 'fixtures', 'svg');
const RUNS = 9;
const TOL = 16;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function time(fn: () => void): number {
  try {
    fn();
  } catch {}
  const t: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    try {
      fn();
    } catch {}
    t.push(performance.now() - s);
  }
  return median(t);
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
console.log(
  `# SVG images — ${new Date().toISOString()} commit ${commit} load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

const hostile: [string, string][] = [
  [
    'billion laughs',
    `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><svg xmlns="http://www.w3.org/2000/svg"><text>&lol9;</text></svg>`,
  ],
  [
    '100 000 nested groups',
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(100_000)}${'</g>'.repeat(100_000)}</svg>`,
  ],
  ['60 000 elements', `<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(60_000)}</svg>`],
];
console.log('\n| hostile SVG | bytes | refused in (ms, median of 9) | sentence |\n|---|---|---|---|');
for (const [name, text] of hostile) {
  const bytes = new TextEncoder().encode(text);
  const run = () =>
    render({
      description: { items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }] },
      parts: { p: bytes },
    });
  const out = run();
  console.log(`| ${name} | ${bytes.length} | ${time(run).toFixed(1)} | ${out.ok ? 'DRAWN' : out.sentence} |`);
}

const tmp = mkdtempSync(join(tmpdir(), 'quire-svg-bench-'));
const pick = svgFontPicker(undefined);
console.log(
  '\n| file | parse + draw (ms) | pixels | same pixel ≤ 16/255 | within one pixel ≤ 16/255 |\n|---|---|---|---|---|',
);
for (const f of readdirSync(DIR).filter((n) => n.endsWith('.svg'))) {
  const bytes = readFileSync(join(DIR, f));
  const ms = time(() =>
    drawSvg(
      parseSvg(bytes),
      () => {
        throw new Error('raster');
      },
      pick,
    ),
  );
  const { px } = rootSize(parseSvg(bytes));
  const [w, h] = [px[0] * 0.75, px[1] * 0.75];
  const out = render({
    description: {
      page: { width: w, height: h },
      items: [{ type: 'image', image: 'a', rect: { llx: 0, lly: 0, urx: w, ury: h } }],
    },
    parts: { a: bytes },
  });
  if (!out.ok) {
    console.log(`| ${f} | refused: ${out.sentence} |`);
    continue;
  }
  writeFileSync(join(tmp, 'q.pdf'), out.pdf);
  execFileSync('mutool', ['draw', '-q', '-r', '150', '-c', 'rgb', '-o', join(tmp, 'q.png'), join(tmp, 'q.pdf'), '1'], {
    stdio: 'ignore',
  });
  execFileSync('rsvg-convert', [
    '-d',
    '96',
    '-p',
    '96',
    '-z',
    String(150 / 96),
    '-b',
    'white',
    '-o',
    join(tmp, 'r.png'),
    join(DIR, f),
  ]);
  const a = PNG.sync.read(readFileSync(join(tmp, 'q.png')));
  const b = PNG.sync.read(readFileSync(join(tmp, 'r.png')));
  const W = Math.min(a.width, b.width),
    H = Math.min(a.height, b.height);
  const close = (x: number, y: number, u: number, v: number) =>
    [0, 1, 2].every((c) => Math.abs(a.data[(y * a.width + x) * 4 + c] - b.data[(v * b.width + u) * 4 + c]) <= TOL);
  let same = 0,
    near = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      if (close(x, y, x, y)) {
        same++;
        near++;
        continue;
      }
      let hit = false;
      for (let v = Math.max(0, y - 1); v <= Math.min(H - 1, y + 1) && !hit; v++)
        for (let u = Math.max(0, x - 1); u <= Math.min(W - 1, x + 1) && !hit; u++) hit = close(x, y, u, v);
      if (hit) near++;
    }
  const pct = (n: number) => `${((100 * n) / (W * H)).toFixed(2)} %`;
  console.log(`| ${f} | ${f.startsWith('image-') ? '—' : ms.toFixed(2)} | ${W}×${H} | ${pct(same)} | ${pct(near)} |`);
}
rmSync(tmp, { recursive: true, force: true });
