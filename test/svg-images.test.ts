// test/svg-images.test.ts — SVG images drawn in vectors (issue 24), judged by tools nobody here wrote:
// every file of test/fixtures/svg/ is drawn by quire (MuPDF rasterises the PDF at 150 dpi) and by
// librsvg's rsvg-convert at the same scale, and the two rasters must agree: at least 99 % of pixels
// within 16/255 on every channel of one of the reference's pixels at most one pixel away (the two
// renderers anti-alias edges differently: MuPDF does not smooth a rectangular clip, librsvg does), and
// at least 95 % of pixels within 16/255 of the very same pixel. `pdfimages -list` shows no raster for
// a pure-vector SVG; one SVG drawn on two pages is one form XObject. Bad SVGs are refused with a sentence.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { rootSize } from '../engines/svg/draw.js';
import { parseSvg } from '../engines/svg/parse.js';
import { render } from '../src/library.js';
import { icc } from './refusal-cases/support.js';
import { NOW } from './support/fixtures.js';
import { pdfImagesList, qpdfCheck, qpdfUncompressed } from './support/pdf-tools.js';

const DIR = join(import.meta.dirname, 'fixtures', 'svg');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.svg'));
const DPI = 150;
const TOLERANCE = 16;
const tmp = mkdtempSync(join(tmpdir(), 'quire-svg-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The SVG drawn alone on a page of its own size (its width and height in points). */
function drawAlone(bytes: Uint8Array): Uint8Array {
  const { px } = rootSize(parseSvg(bytes));
  const [w, h] = [px[0] * 0.75, px[1] * 0.75];
  const out = render({
    description: {
      page: { width: w, height: h },
      items: [{ type: 'image', image: 'art', rect: { llx: 0, lly: 0, urx: w, ury: h } }],
    },
    parts: { art: bytes },
    now: NOW,
  });
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  return out.pdf;
}

function rasters(name: string, pdf: Uint8Array): [PNG, PNG] {
  const base = join(tmp, name);
  writeFileSync(`${base}.pdf`, pdf);
  execFileSync('mutool', ['draw', '-q', '-r', String(DPI), '-c', 'rgb', '-o', `${base}.q.png`, `${base}.pdf`, '1'], {
    stdio: 'ignore',
  });
  // rsvg-convert: CSS pixels at 96 per inch, zoomed to 150 dpi; physical units at 96 dpi, zoomed alike.
  execFileSync('rsvg-convert', [
    '-d',
    '96',
    '-p',
    '96',
    '-z',
    String(DPI / 96),
    '-b',
    'white',
    '-o',
    `${base}.r.png`,
    join(DIR, name),
  ]);
  return [PNG.sync.read(readFileSync(`${base}.q.png`)), PNG.sync.read(readFileSync(`${base}.r.png`))];
}

/** Share of pixels within the tolerance of the same pixel, and of some reference pixel at most one away. */
function agreement(a: PNG, b: PNG): { same: number; near: number } {
  const W = Math.min(a.width, b.width),
    H = Math.min(a.height, b.height);
  const px = (p: PNG, x: number, y: number, c: number) => p.data[(y * p.width + x) * 4 + c];
  const close = (x: number, y: number, u: number, v: number) =>
    [0, 1, 2].every((c) => Math.abs(px(a, x, y, c) - px(b, u, v, c)) <= TOLERANCE);
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
  return { same: same / (W * H), near: near / (W * H) };
}

describe('SVG images agree with librsvg', () => {
  it('has a corpus of at least 30 files', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(30);
  });

  for (const name of FILES) {
    it(name, () => {
      const pdf = drawAlone(readFileSync(join(DIR, name)));
      expect(qpdfCheck(pdf).code).toBe(0);
      const [ours, theirs] = rasters(name, pdf);
      expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
      const { same, near } = agreement(ours, theirs);
      expect(near, `${name}: ${(near * 100).toFixed(2)} % within ${TOLERANCE}/255 near`).toBeGreaterThanOrEqual(0.99);
      expect(same, `${name}: ${(same * 100).toFixed(2)} % within ${TOLERANCE}/255`).toBeGreaterThanOrEqual(0.95);
      // Vectors stay vectors: no raster unless the SVG embeds one.
      const images = pdfImagesList(pdf);
      if (name.startsWith('image-')) expect(images.length).toBe(1);
      else expect(images).toEqual([]);
    });
  }
});

describe('an SVG image in the document', () => {
  const logo = readFileSync(join(DIR, 'logo.svg'));

  it('is one form XObject however often it is drawn, fitted like any image', () => {
    const rect = (llx: number) => ({ llx, lly: 10, urx: llx + 100, ury: 110 });
    const out = render({
      description: {
        page: { width: 300, height: 200 },
        pages: 2,
        items: [
          { type: 'image', image: 'logo', rect: rect(10), fit: 'contain', page: 1 },
          { type: 'image', image: 'logo', rect: rect(150), fit: 'cover', page: 2 },
        ],
      },
      parts: { logo },
      now: NOW,
    } as never);
    if (!out.ok) throw new Error(out.sentence);
    const raw = qpdfUncompressed(out.pdf);
    expect(raw.match(/\/Subtype \/Form/g)?.length).toBe(1);
    expect(raw).toMatch(/\/BBox \[\s+0\s+0\s+150\s+60\s+\]/);
  });
});

describe('SVG text in a declared font', () => {
  const text = (family: string) =>
    new TextEncoder().encode(
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><text x="5" y="30" font-family="${family}" font-size="24">Quire</text></svg>`,
    );
  const draw = (family: string) =>
    render({
      description: {
        fonts: [{ name: 'Brand', library: 'noto_serif' }],
        items: [{ type: 'image', image: 'art', rect: { llx: 0, lly: 0, urx: 150, ury: 30 } }],
      },
      parts: { art: text(family) },
      now: NOW,
    } as never);

  it('sets the text in the font its font-family names, which then counts as drawn with', () => {
    const named = draw("'Brand', sans-serif");
    const other = draw('sans-serif');
    if (!named.ok || !other.ok) throw new Error('refused');
    expect(named.remarks).toEqual([]);
    expect(other.remarks.map((r) => r.text)).toEqual(['the font Brand is never drawn with']);
    // Noto Serif's outlines are not Noto Sans's: the two drawings differ.
    expect(Buffer.from(named.pdf).equals(Buffer.from(other.pdf))).toBe(false);
    expect(pdfImagesList(named.pdf)).toEqual([]);
  });
});

describe('SVG images under archive claims', () => {
  const draw = (file: string, extra: Record<string, unknown>, parts: Record<string, Uint8Array> = {}) =>
    render({
      description: {
        metadata: { title: 'SVG' },
        items: [{ type: 'image', image: 'art', rect: { llx: 10, lly: 10, urx: 200, ury: 200 }, fit: 'contain' }],
        ...extra,
      },
      parts: { art: readFileSync(join(DIR, file)), ...parts },
      now: NOW,
    } as never);

  it('draws an opaque SVG under PDF/A-1b and PDF/A-2b, with no findings', () => {
    for (const archive of ['pdfa1b', 'pdfa2b']) {
      const out = draw('chart.svg', { archive });
      if (!out.ok) throw new Error(out.sentence);
      expect(out.findings).toEqual([]);
    }
  });

  it('refuses SVG opacity under PDF/A-1, naming the image and the element, and draws it under PDF/A-2', () => {
    const out = draw('opacity-group.svg', { archive: 'pdfa1b' });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.sentence).toMatch(
      /archive = "pdfa1b" sets aside opacity in the SVG image "art" \(\/items\/0\) at \/svg\/g\[1\]: PDF\/A-1 has no transparency/,
    );
    const two = draw('opacity-group.svg', { archive: 'pdfa2b' });
    if (!two.ok) throw new Error(two.sentence);
    expect(two.findings).toEqual([]);
  });

  it('refuses SVG colours under a CMYK output intent', () => {
    const out = draw(
      'colours.svg',
      { archive: 'pdfa2b', output_intent: { profile: 'cmyk.icc' } },
      { 'cmyk.icc': icc('default_cmyk.icc') },
    );
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.sentence).toMatch(/in the SVG image "art" \(\/items\/0\) at \/svg\/rect\[1\] is RGB/);
  });
});

describe('SVGs that are refused', () => {
  const svg = (body: string, head = '') =>
    `${head}<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${body}</svg>`;
  const cases: [string, string, number, RegExp][] = [
    [
      'a script',
      svg('<script>alert(1)</script>'),
      400,
      /<script> element at \/svg\/script\[1\]: scripts are never run/,
    ],
    ['an event attribute', svg('<rect width="5" height="5" onclick="x()"/>'), 400, /event attribute onclick/],
    [
      'an external href',
      svg('<use href="http://example.com/a.svg#x"/>'),
      400,
      /references outside the image are never fetched/,
    ],
    ['a file href', svg('<image href="file:///etc/passwd" width="5" height="5"/>'), 400, /never fetched/],
    ['an external image', svg('<image href="https://example.com/a.png" width="5" height="5"/>'), 400, /never fetched/],
    ['malformed XML', svg('<g><rect></g>'), 400, /not a readable SVG image: its XML is malformed/],
    [
      'billion laughs',
      svg(
        '<text>&lol9;</text>',
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol9 "&lol;&lol;">]>',
      ),
      400,
      /a DOCTYPE at \/: a document type declaration can declare entities/,
    ],
    ['an undeclared entity', svg('<desc>&x;</desc>'), 400, /entity reference "&x;"/],
    [
      '100 000 nested groups',
      svg(`${'<g>'.repeat(100_000)}${'</g>'.repeat(100_000)}`),
      413,
      /nested more than 256 deep/,
    ],
    ['too many elements', svg('<rect/>'.repeat(60_000)), 413, /more than 50000 elements/],
    [
      'a filter',
      svg('<defs><filter id="f"><feGaussianBlur/></filter></defs>'),
      400,
      /<filter> element at \/svg\/defs\[1\]\/filter\[1\]/,
    ],
    ['a mask property', svg('<rect width="5" height="5" mask="url(#m)"/>'), 400, /mask="url\(#m\)"/],
    ['a pattern', svg('<pattern id="p"/>'), 400, /<pattern> element/],
    ['text on a path', svg('<text><textPath href="#p">a</textPath></text>'), 400, /<textPath> element/],
    ['animation', svg('<rect width="5" height="5"><animate attributeName="x"/></rect>'), 400, /animation is not drawn/],
    ['foreign content', svg('<foreignObject><p>hi</p></foreignObject>'), 400, /<foreignObject> element/],
    ['a use loop', svg('<g id="a"><use href="#a"/></g>'), 400, /which contains it/],
    [
      'a chain of 100 uses',
      svg(Array.from({ length: 100 }, (_, i) => `<use id="u${i}" href="#u${i + 1}"/>`).join('') + '<rect id="u100"/>'),
      413,
      /drawn through more than 64 other uses/,
    ],
    ['not SVG at all', '<?xml version="1.0"?><html/>', 400, /root element is <html>, not <svg>/],
  ];
  for (const [what, text, status, says] of cases) {
    it(`refuses ${what}`, () => {
      const out = render({
        description: { items: [{ type: 'image', image: 'bad', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }] },
        parts: { bad: new TextEncoder().encode(text) },
        now: NOW,
      });
      expect(out.ok).toBe(false);
      if (out.ok) return;
      expect(out.status).toBe(status);
      expect(out.path).toBe('/items/0/image');
      expect(out.sentence).toMatch(/^the (SVG image|part) "bad"/);
      expect(out.sentence).toMatch(says);
      expect(out.sentence.endsWith('.')).toBe(true);
    });
  }

  it('refuses or draws any mangled SVG with a sentence, never a crash', () => {
    const base = readFileSync(join(DIR, 'chart.svg'), 'utf8');
    fc.assert(
      fc.property(fc.nat(base.length), fc.nat(40), fc.string({ maxLength: 12 }), (at, cut, junk) => {
        const text = base.slice(0, at) + junk + base.slice(Math.min(base.length, at + cut));
        const out = render({
          description: { items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 100, ury: 100 } }] },
          parts: { p: new TextEncoder().encode(text) },
          now: NOW,
        });
        if (!out.ok) {
          expect(out.status).toBeLessThan(500);
          expect(out.sentence).toMatch(/"p"/);
        }
      }),
      { numRuns: 60, seed: 24 },
    );
  });
});
