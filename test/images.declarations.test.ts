// test/images.declarations.test.ts — the `images` declaration fields and the image item's placement,
// judged by MuPDF's pixels and poppler's `pdfimages -list`: orientation (the eight values and the
// file's own EXIF), fit and align, colour key, soft mask, stencil, stencil mask, decode, opaque,
// ICC profile, metadata; one XObject per picture however often it is drawn; an undrawn picture is
// never written and is remarked on.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import type { RenderInput } from '../src/types.js';
import { NOW } from './support/fixtures.js';
import { makeJpeg, makePng, withExifOrientation } from './support/images.js';
import { pdfImagesList, qpdfCheck, renderPage } from './support/pdf-tools.js';

type RGB = [number, number, number];
const R: RGB = [255, 0, 0],
  G: RGB = [0, 255, 0],
  B: RGB = [0, 0, 255],
  Y: RGB = [255, 255, 0];

function pdfOf(description: Record<string, unknown>, parts: RenderInput['parts']) {
  const out = render({ description, parts, now: NOW });
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  expect(qpdfCheck(out.pdf).code).toBe(0);
  return out;
}

function near(got: RGB, want: RGB, tol = 12) {
  expect(
    got.every((v, i) => Math.abs(v - want[i]) <= tol),
    `got ${got}, want ${want}`,
  ).toBe(true);
}

/** 4 × 2 pixels: top row red | green, bottom row blue | yellow (two pixels each). */
const corners = makePng({
  width: 4,
  height: 2,
  type: 2,
  depth: 8,
  pixel: (x, y) => (y === 0 ? (x < 2 ? R : G) : x < 2 ? B : Y),
});

describe('orientation', () => {
  // What the shown picture's corners hold: [top left, top right, bottom left, bottom right].
  const shown: Record<string, [RGB, RGB, RGB, RGB]> = {
    upright: [R, G, B, Y],
    mirrored_left_to_right: [G, R, Y, B],
    upside_down: [Y, B, G, R],
    mirrored_top_to_bottom: [B, Y, R, G],
    turned_right: [B, R, Y, G],
    turned_left: [G, Y, R, B],
    mirrored_and_turned_left: [R, B, G, Y],
    mirrored_and_turned_right: [Y, G, B, R],
  };
  it.each(Object.entries(shown))('%s', (orientation, [tl, tr, bl, br]) => {
    // contain in a square: a turned picture stands 2 wide by 4 tall.
    const { pdf } = pdfOf(
      {
        page: { width: 80, height: 80 },
        images: [{ name: 'c', orientation }],
        items: [{ type: 'image', image: 'c', rect: { llx: 0, lly: 0, urx: 80, ury: 80 }, fit: 'contain' }],
      },
      { c: corners },
    );
    const p = renderPage(pdf);
    const turned = orientation.includes('turned');
    // Picture box: 80 × 40 centred upright, 40 × 80 centred turned.
    const [x0, y0, x1, y1] = turned ? [20, 0, 60, 80] : [0, 20, 80, 60];
    near(p.at(x0 + 4, y1 - 4), tl);
    near(p.at(x1 - 4, y1 - 4), tr);
    near(p.at(x0 + 4, y0 + 4), bl);
    near(p.at(x1 - 4, y0 + 4), br);
    near(turned ? p.at(10, 40) : p.at(40, 10), [255, 255, 255], 0); // outside the contained picture
  });

  const quadJpeg = makeJpeg(32, 16, (x, y) => (y < 8 ? (x < 16 ? R : G) : x < 16 ? B : Y));
  it('a JPEG is turned as its EXIF orientation says (6: a quarter turn clockwise)', () => {
    const { pdf } = pdfOf(
      {
        page: { width: 40, height: 80 },
        items: [{ type: 'image', image: 'j', rect: { llx: 0, lly: 0, urx: 40, ury: 80 } }],
      },
      { j: withExifOrientation(quadJpeg, 6) },
    );
    const p = renderPage(pdf);
    near(p.at(5, 75), B, 30);
    near(p.at(35, 75), R, 30);
    near(p.at(35, 5), G, 30);
    near(p.at(5, 5), Y, 30);
    expect(pdfImagesList(pdf)[0]).toMatchObject({ width: 32, height: 16, enc: 'jpeg' });
  });

  it('the declared orientation stands over the EXIF one', () => {
    const { pdf } = pdfOf(
      {
        page: { width: 80, height: 40 },
        images: [{ name: 'j', orientation: 'mirrored_left_to_right' }],
        items: [{ type: 'image', image: 'j', rect: { llx: 0, lly: 0, urx: 80, ury: 40 } }],
      },
      { j: withExifOrientation(quadJpeg, 6) },
    );
    const p = renderPage(pdf);
    near(p.at(5, 35), G, 30);
    near(p.at(75, 5), B, 30);
  });
});

describe('fit and align', () => {
  const draw = (fit: string, align?: string) =>
    renderPage(
      pdfOf(
        {
          page: { width: 100, height: 100 },
          items: [{ type: 'image', image: 'c', rect: { llx: 10, lly: 10, urx: 90, ury: 90 }, fit, align }],
        },
        { c: corners },
      ).pdf,
    );
  it('fill (default) stretches to the rect', () => {
    const p = draw('fill');
    near(p.at(12, 88), R);
    near(p.at(88, 12), Y);
  });
  it('contain, anchored top left', () => {
    const p = draw('contain', 'top_left');
    near(p.at(12, 88), R);
    near(p.at(88, 52), Y); // picture is 80 × 40 at the top
    near(p.at(50, 30), [255, 255, 255], 0);
  });
  it('cover is clipped to the rect', () => {
    const p = draw('cover');
    near(p.at(12, 88), R); // 160 × 80 centred: the outer columns fall outside
    near(p.at(5, 50), [255, 255, 255], 0);
    near(p.at(95, 50), [255, 255, 255], 0);
  });
  it("none: pixels at the picture's own resolution (72 dpi when unstated), anchored bottom right", () => {
    const p = draw('none', 'bottom_right');
    // 4 × 2 points (x 86..90, y 10..12): blue then yellow along the bottom row.
    near(p.at(89.5, 10.5), Y);
    near(p.at(87.5, 10.5), B);
    near(p.at(84, 11), [255, 255, 255], 0);
  });
});

describe('see-through information', () => {
  const under = { type: 'rect', rect: { llx: 0, lly: 0, urx: 80, ury: 40 }, fill: [1, 0, 0] };
  const img = { type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 80, ury: 40 } };
  const greyRamp = makePng({ width: 4, height: 1, type: 0, depth: 8, pixel: (x) => [[0, 120, 200, 255][x]] });

  it('color_key: a pixel inside every pair shows the page', () => {
    const { pdf } = pdfOf(
      { page: { width: 80, height: 40 }, images: [{ name: 'p', color_key: [[100, 150]] }], items: [under, img] },
      { p: greyRamp },
    );
    const p = renderPage(pdf);
    near(p.at(10, 20), [0, 0, 0], 2);
    near(p.at(30, 20), R, 2); // 120 is keyed out: the red page shows
    near(p.at(50, 20), [200, 200, 200], 2);
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/Mask \[ ?100 150 ?\]/);
  });

  it('soft_mask: a grey part of another size, stretched over the picture; black sees through', () => {
    const blue = makeJpeg(16, 16, () => B);
    const mask = makePng({ width: 2, height: 1, type: 0, depth: 8, pixel: (x) => [x === 0 ? 0 : 255] });
    const { pdf } = pdfOf(
      { page: { width: 80, height: 40 }, images: [{ name: 'p', soft_mask: 'm' }], items: [under, img] },
      { p: blue, m: mask },
    );
    const p = renderPage(pdf);
    near(p.at(20, 20), R, 3); // transparent half
    near(p.at(60, 20), B, 30);
    const rows = pdfImagesList(pdf);
    expect(rows.map((r) => [r.type, r.width, r.height, r.enc])).toEqual([
      ['image', 16, 16, 'jpeg'],
      ['smask', 2, 1, 'image'],
    ]);
  });

  it("opaque drops the file's alpha (no SMask)", () => {
    const rgba = makePng({ width: 2, height: 1, type: 6, depth: 8, pixel: () => [0, 0, 255, 0] });
    const { pdf } = pdfOf(
      { page: { width: 80, height: 40 }, images: [{ name: 'p', opaque: true }], items: [under, img] },
      { p: rgba },
    );
    near(renderPage(pdf).at(40, 20), B, 2);
    expect(pdfImagesList(pdf).map((r) => r.type)).toEqual(['image']);
  });

  it('opaque drops a palette tRNS without unpacking the indices', () => {
    const pal = makePng({
      width: 2,
      height: 1,
      type: 3,
      depth: 1,
      palette: [
        [0, 0, 255],
        [0, 255, 0],
      ],
      trns: [0, 0],
      pixel: () => [0],
    });
    const { pdf } = pdfOf(
      { page: { width: 80, height: 40 }, images: [{ name: 'p', opaque: true }], items: [under, img] },
      { p: pal },
    );
    near(renderPage(pdf).at(40, 20), B, 2);
    expect(Buffer.from(pdf).toString('latin1')).toContain('/Predictor 15');
  });

  it("stencil: 1-bit picture painted in the item's color where its bits are 0", () => {
    const bits = makePng({ width: 2, height: 1, type: 0, depth: 1, pixel: (x) => [x] });
    const { pdf } = pdfOf(
      {
        page: { width: 80, height: 40 },
        images: [{ name: 'p', stencil: true }],
        items: [under, { ...img, color: [0, 0.5, 0] }],
      },
      { p: bits },
    );
    const p = renderPage(pdf);
    near(p.at(20, 20), [0, 128, 0], 3);
    near(p.at(60, 20), R, 2);
    expect(pdfImagesList(pdf)[0]).toMatchObject({ type: 'stencil', bpc: 1, width: 2 });
  });

  it('a stencil with no color paints black', () => {
    const bits = makePng({ width: 2, height: 1, type: 0, depth: 1, pixel: (x) => [x] });
    const { pdf } = pdfOf(
      { page: { width: 80, height: 40 }, images: [{ name: 'p', stencil: true }], items: [img] },
      { p: bits },
    );
    near(renderPage(pdf).at(20, 20), [0, 0, 0], 2);
  });

  it('stencil_mask: where its bits are 0 the picture shows, elsewhere the page', () => {
    const green = makePng({ width: 4, height: 2, type: 2, depth: 8, pixel: () => G });
    const mask = makePng({ width: 2, height: 1, type: 0, depth: 1, pixel: (x) => [x] });
    const { pdf } = pdfOf(
      { page: { width: 80, height: 40 }, images: [{ name: 'p', stencil_mask: 'm' }], items: [under, img] },
      { p: green, m: mask },
    );
    const p = renderPage(pdf);
    near(p.at(20, 20), G, 2);
    near(p.at(60, 20), R, 2);
    const rows = pdfImagesList(pdf);
    expect(rows.map((r) => r.type)).toEqual(['image', 'mask']);
  });

  it('decode: reversed pairs draw a negative', () => {
    const { pdf } = pdfOf(
      {
        page: { width: 80, height: 40 },
        images: [
          {
            name: 'p',
            decode: [
              [1, 0],
              [1, 0],
              [1, 0],
            ],
          },
        ],
        items: [img],
      },
      { p: corners },
    );
    const p = renderPage(pdf);
    near(p.at(5, 35), [0, 255, 255], 2); // red's negative: cyan
    near(p.at(75, 5), [0, 0, 255], 2); // yellow's negative: blue
  });
});

describe('icc_profile and metadata', () => {
  const gsIcc = (name: string) => {
    const dir = '/usr/share/ghostscript';
    const ver = readdirSync(dir).find((d) => /^\d/.test(d))!;
    return new Uint8Array(readFileSync(`${dir}/${ver}/iccprofiles/${name}`));
  };
  it('an ICC profile part becomes an ICCBased colour space with N from the profile', () => {
    const { pdf } = pdfOf(
      {
        page: { width: 80, height: 40 },
        images: [{ name: 'c', icc_profile: 'rgb' }],
        items: [{ type: 'image', image: 'c', rect: { llx: 0, lly: 0, urx: 80, ury: 40 } }],
      },
      { c: corners, rgb: gsIcc('default_rgb.icc') },
    );
    const text = Buffer.from(pdf).toString('latin1');
    expect(text).toMatch(/\/ColorSpace \[ ?\/ICCBased \d+ 0 R ?\]/);
    expect(text).toMatch(/\/N 3/);
    expect(pdfImagesList(pdf)[0]).toMatchObject({ color: 'icc', comp: 3 });
    near(renderPage(pdf).at(5, 35), R, 30);
  });

  it("a PNG's own iCCP profile is carried", () => {
    const png = makePng({
      width: 2,
      height: 1,
      type: 0,
      depth: 8,
      pixel: () => [128],
      iccp: gsIcc('default_gray.icc'),
    });
    const { pdf } = pdfOf(
      { items: [{ type: 'image', image: 'g', rect: { llx: 0, lly: 0, urx: 80, ury: 40 } }] },
      { g: png },
    );
    expect(pdfImagesList(pdf)[0]).toMatchObject({ color: 'icc', comp: 1 });
  });

  it('metadata facts become an XMP packet on the image stream', () => {
    const { pdf } = pdfOf(
      {
        images: [
          {
            name: 'c',
            metadata: {
              facts: {
                title: 'Corners & more',
                author: 'Ann',
                subject: 'test',
                producer: 'quire',
                created: '2026-11-22T10:00:00Z',
                trapped: 'false',
              },
            },
          },
        ],
        items: [{ type: 'image', image: 'c', rect: { llx: 0, lly: 0, urx: 80, ury: 40 } }],
      },
      { c: corners },
    );
    const text = Buffer.from(pdf).toString('latin1');
    expect(text).toMatch(/\/Metadata \d+ 0 R/);
    expect(text).toContain('<rdf:li xml:lang="x-default">Corners &amp; more</rdf:li>');
    expect(text).toContain('<xmp:CreateDate>2026-11-22T10:00:00Z</xmp:CreateDate>');
    expect(text).toContain('<pdf:Trapped>False</pdf:Trapped>');
  });

  it("facts go through the document's XMP writer: dc:format is the picture's, schemas are carried, no pdfaid", () => {
    const { pdf } = pdfOf(
      {
        images: [
          {
            name: 'c',
            metadata: {
              facts: {
                title: 'T',
                schemas: [{ namespace: 'http://example.com/ns/lab/', prefix: 'lab', properties: { sample: 'S-42' } }],
              },
            },
          },
        ],
        items: [{ type: 'image', image: 'c', rect: { llx: 0, lly: 0, urx: 80, ury: 40 } }],
      },
      { c: corners },
    );
    const text = Buffer.from(pdf).toString('latin1');
    expect(text).toContain('<dc:format>image/png</dc:format>');
    expect(text).toMatch(/<lab:sample>S-42<\/lab:sample>/);
    expect(text).not.toContain('pdfaid:part');
  });

  it('a metadata packet part is passed on as given', () => {
    const packet = new TextEncoder().encode(
      '<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/">given</x:xmpmeta><?xpacket end="r"?>',
    );
    const { pdf } = pdfOf(
      {
        images: [{ name: 'c', metadata: { packet: 'xmp' } }],
        items: [{ type: 'image', image: 'c', rect: { llx: 0, lly: 0, urx: 80, ury: 40 } }],
      },
      { c: corners, xmp: packet },
    );
    expect(Buffer.from(pdf).includes(Buffer.from(packet))).toBe(true);
  });
});

describe('written once, or never', () => {
  it('one XObject however many pages, items and names draw the same picture', () => {
    const { pdf } = pdfOf(
      {
        images: [{ name: 'b', orientation: 'upside_down' }],
        items: [
          { type: 'image', image: 'a', pages: [1, 2, 3], rect: { llx: 0, lly: 0, urx: 40, ury: 20 } },
          { type: 'image', image: 'b', pages: [2], rect: { llx: 50, lly: 0, urx: 90, ury: 20 } },
        ],
      },
      { a: corners, b: corners },
    );
    const rows = pdfImagesList(pdf);
    expect(rows.map((r) => r.page)).toEqual([1, 2, 2, 3]);
    expect(new Set(rows.map((r) => r.object)).size).toBe(1);
  });

  it('a declared picture no item draws is never written and is remarked on', () => {
    const out = pdfOf(
      {
        images: [{ name: 'Im2' }],
        items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
      },
      { Im2: corners },
    );
    expect(out.remarks).toContainEqual({
      code: 'unused-resource',
      text: 'the image Im2 is never drawn with',
      path: '/images/0',
    });
    expect(pdfImagesList(out.pdf)).toEqual([]);
    expect(Buffer.from(out.pdf).toString('latin1')).not.toContain('/Image');
  });

  it("the item's rotate and transform apply as to any item", () => {
    const { pdf } = pdfOf(
      {
        page: { width: 80, height: 80 },
        items: [{ type: 'image', image: 'c', rect: { llx: 0, lly: 20, urx: 80, ury: 60 }, rotate: 180 }],
      },
      { c: corners },
    );
    const p = renderPage(pdf);
    near(p.at(4, 56), Y);
    near(p.at(76, 24), R);
  });
});

describe("a PNG's own orientation", () => {
  it('an eXIf chunk turns the picture as EXIF says', async () => {
    const { crc32 } = await import('node:zlib');
    const png = Buffer.from(corners);
    const data = Buffer.from('MM\0*\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06\0\0', 'latin1');
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write('eXIf', 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
    const withExif = Buffer.concat([png.subarray(0, 33), head, data, crc, png.subarray(33)]);
    const { pdf } = pdfOf(
      {
        page: { width: 40, height: 80 },
        items: [{ type: 'image', image: 'c', rect: { llx: 0, lly: 0, urx: 40, ury: 80 } }],
      },
      { c: withExif },
    );
    const p = renderPage(pdf);
    near(p.at(5, 75), B); // a quarter turn clockwise: blue comes to the top left
    near(p.at(35, 5), G);
  });
});

describe('files: attachments a picture claims', () => {
  const src = {
    name: 'raw.csv',
    file_name: 'raw.csv',
    description: 'The data behind the chart',
    media_type: 'text/csv',
    relationship: 'source',
    modified: '2026-11-20',
  };
  const other = { ...src, name: 'other.csv', file_name: 'other.csv', relationship: 'supplement' };
  const parts = {
    c: corners,
    'raw.csv': new TextEncoder().encode('a,b\n1,2\n'),
    'other.csv': new TextEncoder().encode('x\n'),
  };
  const item = { type: 'image', image: 'c', rect: { llx: 0, lly: 0, urx: 80, ury: 40 } };

  it("are the image XObject's /AF, not the document's; the rest stay the document's", async () => {
    const { pdf } = pdfOf(
      { attachments: [src, other], images: [{ name: 'c', files: ['raw.csv'] }], items: [item] },
      parts,
    );
    const { pdfDetachList, qpdfObjects, deref } = await import('./support/pdf-tools.js');
    expect(pdfDetachList(pdf).sort()).toEqual(['other.csv', 'raw.csv']);
    const { objects, trailer } = qpdfObjects(pdf);
    const image = Object.values(objects).find((o) => o?.['/Subtype'] === '/Image' && o['/AF']);
    const af = deref(objects, image['/AF']) as string[];
    expect(af.map((r) => deref(objects, r)['/F'])).toEqual(['u:raw.csv']);
    const catalog = deref(objects, trailer['/Root']);
    const docAf = (deref(objects, catalog['/AF']) as string[]).map((r) => deref(objects, r)['/F']);
    expect(docAf).toEqual(['u:other.csv']);
  });

  it('an attachment nobody declared is refused naming the entry', () => {
    const out = render({
      description: { attachments: [src], images: [{ name: 'c', files: ['raw.csv', 'missing.csv'] }], items: [item] },
      parts,
      now: NOW,
    });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description', path: '/images/0/files/1' });
    if (!out.ok)
      expect(out.sentence).toBe(
        'the attachment "missing.csv" named by /images/0/files/1 is not declared under attachments.',
      );
  });
});
