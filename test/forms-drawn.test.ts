// test/forms-drawn.test.ts — the common item keys on form fields (issue 26): `layer` (the widget's
// /OC), `graphics_state` (an ExtGState in the appearance streams), `transform` (a quarter turn in
// /MK /R; any other matrix in the appearance's /Matrix with /Rect the box the turned rect spans), and
// `rect`/`relative_to` on a radio group. Judged by readers nobody here wrote: pdf.js (its optional
// content configuration and the operator list it paints annotations with, the widgets' rects and
// rotation), MuPDF and poppler pixels, qpdf, and the verifier under archive and UA claims.
import fc from 'fast-check';
import { AnnotationMode, getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';
import { qpdfCheck, type Raster, renderPage } from './support/pdf-tools.js';
import { TAGGING_LICENCE } from './support/standards.js';
import { taggedReport } from './support/tagged-report.js';

type Box = { llx: number; lly: number; urx: number; ury: number };
const rect = (x: number, y: number, w: number, h: number): Box => ({ llx: x, lly: y, urx: x + w, ury: y + h });
const YELLOW_PAGE = { type: 'rect', rect: rect(0, 0, 300, 300), fill: [1, 1, 0] };

function pdfOf(description: Record<string, unknown>): Uint8Array {
  const out = render({ description: { page: { width: 300, height: 300 }, ...description }, now: NOW });
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  expect(qpdfCheck(out.pdf).code).toBe(0);
  return out.pdf;
}

interface PdfJsWidget {
  id: string;
  fieldName: string;
  rect: number[];
  rotation: number;
  /** Whether pdf.js paints the widget under the document's default optional content configuration. */
  visible: boolean;
  /** The same with every group of the document switched on. */
  visibleAllOn: boolean;
}

/**
 * The widgets of page 1 as pdf.js reads and paints them: the optional content group pdf.js puts
 * around each annotation's appearance in its operator list, judged by its own optional content
 * configuration (`getOptionalContentConfig().isVisible`).
 */
async function pdfJsWidgets(pdf: Uint8Array): Promise<PdfJsWidget[]> {
  const doc = await getDocument({ data: pdf.slice(), verbosity: 0 }).promise;
  try {
    const page = await doc.getPage(1);
    const config = await doc.getOptionalContentConfig();
    const list = await page.getOperatorList({ annotationMode: AnnotationMode.ENABLE });
    const groupOf = new Map<string, unknown>();
    let pending: unknown;
    list.fnArray.forEach((fn, i) => {
      if (fn === OPS.beginMarkedContentProps && list.argsArray[i][0] === 'OC') pending = list.argsArray[i][1];
      if (fn === OPS.beginAnnotation) {
        if (pending) groupOf.set(list.argsArray[i][0], pending);
        pending = undefined;
      }
    });
    const annots = (await page.getAnnotations()) as Record<string, unknown>[];
    const visible = (id: string) => {
      const g = groupOf.get(id);
      return !g || config.isVisible(g as never);
    };
    const first = annots.map((a) => visible(a.id as string));
    for (const [id] of config) config.setVisibility(id, true);
    return annots.map((a, i) => ({
      id: a.id as string,
      fieldName: a.fieldName as string,
      rect: a.rect as number[],
      rotation: a.rotation as number,
      visible: first[i],
      visibleAllOn: visible(a.id as string),
    }));
  } finally {
    await doc.destroy();
  }
}

const TOOLS = ['mutool', 'pdftoppm'] as const;
const near = (got: readonly number[], want: readonly number[], tol = 12) =>
  got.every((v, i) => Math.abs(v - want[i]) <= tol);
const at = (r: Raster, x: number, y: number) => [...r.at(x, y)];

describe('a form field on a layer', () => {
  const description = {
    layers: [
      { name: 'hidden', visible: false },
      { name: 'shown', visible: true },
    ],
    items: [
      {
        type: 'check_box',
        name: 'off',
        rect: rect(20, 20, 40, 40),
        checked: true,
        background: [0, 0, 1],
        layer: 'hidden',
      },
      {
        type: 'check_box',
        name: 'on',
        rect: rect(100, 20, 40, 40),
        checked: true,
        background: [0, 0, 1],
        layer: 'shown',
      },
      { type: 'check_box', name: 'plain', rect: rect(180, 20, 40, 40), checked: true, background: [0, 0, 1] },
      {
        type: 'radio_group',
        name: 'size',
        layer: 'hidden',
        buttons: [
          { rect: rect(20, 200, 30, 30), value: 's' },
          { rect: rect(60, 200, 30, 30), value: 'm' },
        ],
        value: 'm',
        background: [0, 0, 1],
      },
    ],
  };

  it('hides with the layer: pdf.js paints it only while its group is on', async () => {
    const widgets = await pdfJsWidgets(pdfOf(description));
    const by = (name: string) => widgets.filter((w) => w.fieldName === name);
    expect(by('off').map((w) => [w.visible, w.visibleAllOn])).toEqual([[false, true]]);
    expect(by('on').map((w) => [w.visible, w.visibleAllOn])).toEqual([[true, true]]);
    expect(by('plain').map((w) => w.visible)).toEqual([true]);
    // Every button of a group on a layer carries the group.
    expect(by('size').map((w) => [w.visible, w.visibleAllOn])).toEqual([
      [false, true],
      [false, true],
    ]);
  });

  for (const tool of TOOLS) {
    it(`is not drawn while the layer is off (${tool} pixels)`, () => {
      const r = renderPage(pdfOf(description), 72, 1, tool);
      expect(at(r, 25, 50)).toEqual([255, 255, 255]); // the hidden check box's background
      expect(near(at(r, 105, 50), [0, 0, 255])).toBe(true); // the shown one's
      expect(near(at(r, 185, 50), [0, 0, 255])).toBe(true);
      expect(at(r, 35, 203)).toEqual([255, 255, 255]); // a hidden radio button
    });
  }
});

describe('a form field in a graphics state', () => {
  const description = (state?: string) => ({
    graphics_states: [{ name: 'half', state: { fill_alpha: 0.5, stroke_alpha: 0.5 } }],
    items: [
      YELLOW_PAGE,
      {
        type: 'check_box',
        name: 'c',
        rect: rect(100, 100, 60, 60),
        checked: false,
        background: [0, 0, 1],
        ...(state ? { graphics_state: state } : {}),
      },
      {
        type: 'push_button',
        name: 'b',
        rect: rect(20, 20, 100, 40),
        caption: 'Go',
        background: [0, 0, 1],
        ...(state ? { graphics_state: state } : {}),
      },
    ],
  });

  for (const tool of TOOLS) {
    it(`lets the page through at fill_alpha 0.5 (${tool} pixels)`, () => {
      const opaque = renderPage(pdfOf(description()), 72, 1, tool);
      const half = renderPage(pdfOf(description('half')), 72, 1, tool);
      for (const [x, y] of [
        [110, 110],
        [30, 30],
      ]) {
        expect(near(at(opaque, x, y), [0, 0, 255])).toBe(true);
        // Blue at half over yellow: the mean of the two, grey.
        expect(near(at(half, x, y), [128, 128, 128])).toBe(true);
      }
    });
  }
});

describe('a transformed form field', () => {
  // A push button turned 30° about the centre of its rect (100..200 × 150..180).
  const c = Math.cos(Math.PI / 6),
    s = Math.sin(Math.PI / 6);
  const [cx, cy] = [150, 165];
  const turn30 = [c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy];
  const corners = [
    [100, 150],
    [200, 150],
    [200, 180],
    [100, 180],
  ].map(([x, y]) => [turn30[0] * x + turn30[2] * y + turn30[4], turn30[1] * x + turn30[3] * y + turn30[5]]);
  const description = {
    items: [
      { type: 'push_button', name: 'go', rect: rect(100, 150, 100, 30), background: [1, 0, 0], transform: turn30 },
      {
        type: 'text_field',
        name: 'up',
        rect: rect(20, 100, 100, 20),
        value: 'upwards',
        transform: [0, 1, -1, 0, 250, 0],
      },
      {
        type: 'text_field',
        name: 'slanted',
        read_only: true,
        rect: rect(20, 20, 100, 20),
        value: 'slanted',
        background: [0, 0, 1],
        transform: [1, 0, 0.5, 1, 0, 0],
      },
    ],
  };

  it('spans the box of its turned corners (/Rect) and turns a quarter turn through /MK /R (pdf.js)', async () => {
    const widgets = await pdfJsWidgets(pdfOf(description));
    const go = widgets.find((w) => w.fieldName === 'go')!;
    const xs = corners.map((p) => p[0]),
      ys = corners.map((p) => p[1]);
    expect(go.rect.map((v) => Math.round(v))).toEqual(
      [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map((v) => Math.round(v)),
    );
    const up = widgets.find((w) => w.fieldName === 'up')!;
    // [0 1 −1 0 250 0] takes 20..120 × 100..120 to 130..150 × 20..120, turned a quarter.
    expect([up.rect, up.rotation]).toEqual([[130, 20, 150, 120], 90]);
    const slanted = widgets.find((w) => w.fieldName === 'slanted')!;
    expect(slanted.rect).toEqual([30, 20, 140, 40]);
  });

  for (const tool of TOOLS) {
    it(`is painted where the matrix puts it, not over its upright box (${tool} pixels)`, () => {
      const r = renderPage(pdfOf(description), 72, 1, tool);
      const red = (x: number, y: number) => near(at(r, x, y), [255, 0, 0], 40);
      expect(red(cx, cy)).toBe(true);
      // Along the turned long side, inside the turned rect…
      expect(red(cx + 40 * c, cy + 40 * s)).toBe(true);
      // …but not in the corners of the upright box the turned rect spans.
      const [llx, lly] = [Math.min(...corners.map((p) => p[0])), Math.min(...corners.map((p) => p[1]))];
      expect(red(llx + 3, lly + 3)).toBe(false);
      // The slanted field (x + 0.5 y): its blue spans 39..139 at y = 38 and 31..131 at y = 22.
      const blue = (x: number, y: number) => near(at(r, x, y), [0, 0, 255], 40);
      expect([blue(24, 38), blue(136, 38), blue(125, 22), blue(136, 22)]).toEqual([false, true, true, false]);
    });
  }

  it('refuses a matrix or a graphics state a field cannot keep, with the reason (property)', () => {
    const matrix = fc.option(
      fc.tuple(
        fc.constantFrom(-1, 0, 0.5, 1, 2),
        fc.constantFrom(-1, 0, 0.5, 1),
        fc.constantFrom(-1, 0, 0.3, 1),
        fc.constantFrom(-1, 0, 1, 2),
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: -50, max: 50 }),
      ),
      { nil: undefined },
    );
    const kinds = fc.constantFrom(
      'check_box',
      'radio_group',
      'push_button',
      'text_field',
      'text_field_read_only',
      'choice_field',
      'signature_field',
    );
    fc.assert(
      fc.property(matrix, kinds, fc.boolean(), fc.boolean(), (m, kind, state, layer) => {
        const item: Record<string, unknown> = {
          type: kind === 'text_field_read_only' ? 'text_field' : kind,
          name: 'f',
          ...(kind === 'radio_group'
            ? { buttons: [{ rect: rect(100, 100, 20, 20), value: 'a' }] }
            : { rect: rect(100, 100, 40, 20) }),
          ...(m ? { transform: m } : {}),
          ...(state ? { graphics_state: 'half' } : {}),
          ...(layer ? { layer: 'L' } : {}),
          ...(kind === 'text_field_read_only' ? { read_only: true } : {}),
          ...(kind === 'choice_field' ? { options: ['a'] } : {}),
        };
        const description = {
          layers: [{ name: 'L' }],
          graphics_states: [{ name: 'half', state: { fill_alpha: 0.5 } }],
          items: [item],
        };
        const out = render({ description, now: NOW });
        const flat = !!m && m[0] * m[3] - m[1] * m[2] === 0;
        const quarter =
          !m ||
          [
            [1, 0, 0, 1],
            [0, 1, -1, 0],
            [-1, 0, 0, -1],
            [0, -1, 1, 0],
          ].some((q) => q.every((v, i) => v === m[i]));
        const redrawn = kind === 'text_field' || kind === 'choice_field' || kind === 'signature_field';
        const what =
          /^\/items\/0\/(transform|graphics_state) is refused on a (text field|choice field|signature field)/;
        if (flat) {
          expect(out.ok || out.sentence).toMatch(/^\/items\/0\/transform flattens the field onto a line/);
        } else if (redrawn && !quarter) {
          expect(out.ok || [out.status, out.path]).toEqual([400, '/items/0/transform']);
          expect(out.ok || out.sentence).toMatch(what);
        } else if (redrawn && state) {
          expect(out.ok || [out.status, out.path]).toEqual([400, '/items/0/graphics_state']);
          expect(out.ok || out.sentence).toMatch(what);
        } else {
          // A layer is kept by every kind; the rest by the kinds a reader never redraws.
          expect(out.ok || `${out.path}: ${out.sentence}`).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('a radio group with a rect', () => {
  const group = (extra: Record<string, unknown> = {}) => ({
    type: 'radio_group',
    name: 'size',
    rect: rect(100, 150, 150, 50),
    buttons: [
      { rect: rect(0, 0, 20, 20), value: 's' },
      { rect: { llx: '{urx}-20', lly: '{ury}-20', urx: '{urx}', ury: '{ury}' }, value: 'l' },
    ],
    ...extra,
  });

  it("places its buttons from the group's lower-left corner, {llx}…{ury} its box (pdf.js)", async () => {
    const widgets = await pdfJsWidgets(pdfOf({ items: [group()] }));
    expect(widgets.map((w) => w.rect)).toEqual([
      [100, 150, 120, 170],
      [230, 180, 250, 200],
    ]);
  });

  it('hangs by its rect with relative_to, its buttons moving with it (pdf.js)', async () => {
    const items = [
      { type: 'rect', id: 'head', rect: rect(20, 250, 260, 30), fill: [0.5] },
      group({ relative_to: { id: 'head', edge: 'bottom', offset: 10 } }),
    ];
    const widgets = await pdfJsWidgets(pdfOf({ items }));
    // The group's top goes to 250 − 10: its rect is 100..250 × 190..240.
    expect(widgets.map((w) => w.rect)).toEqual([
      [100, 190, 120, 210],
      [230, 220, 250, 240],
    ]);
  });

  it('turns each button with its transform, and takes a layer and a graphics state (pdf.js)', async () => {
    const widgets = await pdfJsWidgets(
      pdfOf({
        layers: [{ name: 'L', visible: false }],
        graphics_states: [{ name: 'half', state: { fill_alpha: 0.5 } }],
        items: [group({ transform: [0, 1, -1, 0, 300, 0], layer: 'L', graphics_state: 'half' })],
      }),
    );
    expect(widgets.map((w) => [w.rect, w.rotation, w.visible])).toEqual([
      [[130, 100, 150, 120], 90, false],
      [[100, 230, 120, 250], 90, false],
    ]);
  });

  it('is an edge to hang from, without a rect: the box its buttons span (MuPDF pixels)', () => {
    const items = [
      {
        type: 'radio_group',
        id: 'g',
        name: 'g',
        buttons: [
          { rect: rect(50, 200, 20, 20), value: 'a' },
          { rect: rect(150, 180, 20, 20), value: 'b' },
        ],
      },
      { type: 'rect', rect: rect(20, 0, 200, 10), fill: [0], relative_to: { id: 'g', edge: 'bottom', offset: 5 } },
    ];
    const r = renderPage(pdfOf({ items }), 72);
    // Hung below 180 − 5: 165..175.
    expect(at(r, 100, 170)).toEqual([0, 0, 0]);
    expect(at(r, 100, 160)).toEqual([255, 255, 255]);
    expect(at(r, 100, 177)).toEqual([255, 255, 255]);
  });
});

describe('under archive and accessibility claims', () => {
  const fields = [
    { type: 'check_box', name: 'c1', rect: rect(20, 20, 40, 40), checked: true, layer: 'ink', tooltip: 'One' },
    {
      type: 'check_box',
      name: 'c2',
      rect: rect(100, 20, 40, 40),
      checked: true,
      graphics_state: 'half',
      tooltip: 'Two',
    },
    {
      type: 'text_field',
      name: 't',
      read_only: true,
      rect: rect(20, 100, 100, 20),
      value: 'kept',
      transform: [1, 0, 0.4, 1, 0, 0],
      graphics_state: 'half',
      layer: 'ink',
      tooltip: 'Kept',
    },
    {
      type: 'radio_group',
      name: 'r',
      rect: rect(150, 150, 100, 40),
      buttons: [
        { rect: rect(0, 0, 20, 20), value: 'a' },
        { rect: rect(50, 0, 20, 20), value: 'b' },
      ],
      transform: [0.866, 0.5, -0.5, 0.866, 0, 0],
      layer: 'ink',
      tooltip: 'Choice',
    },
  ];
  const declarations = {
    layers: [{ name: 'ink' }],
    graphics_states: [{ name: 'half', state: { fill_alpha: 0.5, blend_mode: 'multiply' } }],
  };

  for (const archive of ['pdfa2b', 'pdfa3u', 'pdfa4']) {
    it(`meets ${archive}: the verifier finds nothing, qpdf is clean`, () => {
      const out = render({ description: { ...declarations, items: fields, archive, check: [archive] }, now: NOW });
      expect(out.ok ? out.findings : out.sentence).toEqual([]);
      expect(out.ok && qpdfCheck(out.pdf).code).toBe(0);
    });
  }

  it('pdfa1b: a graphics state with opacity is refused as PDF/A-1 has no transparency', () => {
    const out = render({ description: { ...declarations, items: fields, archive: 'pdfa1b' }, now: NOW });
    expect(out.ok || [out.status, out.path, out.sentence]).toEqual([
      400,
      '/archive',
      '/archive = "pdfa1b" sets aside /graphics_states/0/state/fill_alpha: PDF/A-1 has no transparency (opacity, blend modes, soft masks).',
    ]);
  });

  it('pdfa2a with pdfua1: tagged fields on a layer, in a state, transformed: zero findings', () => {
    const d = taggedReport({ archive: 'pdfa2a', accessible: 'pdfua1', ...declarations }) as {
      items: Record<string, unknown>[];
      structure: { elements: { children: unknown[] }[] };
    };
    fields.forEach((f, i) => {
      d.items.push({ ...f, id: `field${i}`, pages: [1] });
      d.structure.elements[0].children.push({ type: 'Form', children: [`field${i}`] });
    });
    const out = render({ description: d, now: NOW, service: { licence: TAGGING_LICENCE } });
    expect(out.ok ? out.findings : out.sentence).toEqual([]);
    expect(out.ok && qpdfCheck(out.pdf).code).toBe(0);
  });
});
