// test/forms.test.ts — the six form-field kinds (issue 11), judged by readers nobody here wrote:
// pdf.js (`getFieldObjects`, `getAnnotations`) reads every field's type, name, value and flags;
// poppler and MuPDF show filled-in values from our appearance streams (no NeedAppearances, so they
// do not regenerate them); qpdf accepts the file; the verifier finds nothing under PDF/A-2b and
// PDF/A-4; and every refusal of the area names its key.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';
import { b64, NIMBUS_SANS_OTF } from './support/font-fixtures.js';
import { pdfJsFields } from './support/pdf-fields.js';
import { pdfFonts, pdfObjects, pdfToText, pdfWords, qpdfCheck, type Raster, renderPage } from './support/pdf-tools.js';
import { preflightAvailable, preflightCodes } from './support/preflight.js';
import { NOTO_HEBREW_B64 } from './support/rtl-fonts.js';

type Box = { llx: number; lly: number; urx: number; ury: number };
const rect = (x: number, y: number, w: number, h: number): Box => ({ llx: x, lly: y, urx: x + w, ury: y + h });

function pdfOf(description: Record<string, unknown>): Uint8Array {
  const out = render({ description, now: NOW });
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  return out.pdf;
}

const fieldsOf = pdfJsFields;

/** Share of the pixels in a box that are not near white. */
function ink(r: Raster, b: Box): number {
  let n = 0,
    dark = 0;
  for (let x = b.llx + 0.5; x < b.urx; x += 72 / r.dpi) {
    for (let y = b.lly + 0.5; y < b.ury; y += 72 / r.dpi) {
      const [R, G, B] = r.at(x, y);
      n++;
      if (R < 160 || G < 160 || B < 160) dark++;
    }
  }
  return n ? dark / n : 0;
}

const ALL_KINDS = {
  page: { width: 400, height: 400 },
  items: [
    {
      type: 'text_field',
      name: 'billing.city',
      rect: rect(20, 350, 200, 24),
      value: 'Zürich',
      tooltip: 'City',
      required: true,
    },
    {
      type: 'text_field',
      name: 'billing.zip',
      rect: rect(240, 350, 120, 24),
      value: '8001',
      max_length: 5,
      comb: true,
      read_only: true,
    },
    {
      type: 'text_field',
      name: 'notes',
      rect: rect(20, 280, 200, 60),
      value: 'two\nlines',
      multiline: true,
      no_export: true,
    },
    { type: 'text_field', name: 'secret', rect: rect(240, 310, 120, 24), password: true },
    { type: 'check_box', name: 'agree', rect: rect(20, 240, 20, 20), checked: true, export_value: 'Ja' },
    { type: 'check_box', name: 'news', rect: rect(50, 240, 20, 20), style: 'cross' },
    {
      type: 'radio_group',
      name: 'size',
      value: 'M',
      no_toggle_to_off: true,
      buttons: [
        { rect: rect(20, 200, 16, 16), value: 'S' },
        { rect: rect(50, 200, 16, 16), value: 'M' },
      ],
    },
    {
      type: 'choice_field',
      name: 'country',
      rect: rect(20, 150, 150, 22),
      combo: true,
      editable: true,
      options: ['Switzerland', { value: 'de', label: 'Germany' }],
      value: 'de',
    },
    {
      type: 'choice_field',
      name: 'langs',
      rect: rect(200, 120, 150, 60),
      multiple: true,
      options: ['English', 'French', 'German'],
      value: ['French', 'German'],
    },
    { type: 'push_button', name: 'go', rect: rect(20, 80, 100, 30), caption: 'Next', page: 1 },
    { type: 'signature_field', name: 'sig', rect: rect(200, 20, 150, 50) },
  ],
};

describe('form fields', () => {
  it('pdf.js reads every field: type, full name, value and flags', async () => {
    const pdf = pdfOf(ALL_KINDS);
    expect(qpdfCheck(pdf).code).toBe(0);
    const { fields, annots } = await fieldsOf(pdf);
    const one = (name: string) => fields[name].find((f) => f.type !== '')!;
    expect(one('billing.city')).toMatchObject({ type: 'text', value: 'Zürich', editable: true });
    expect(one('billing.zip')).toMatchObject({
      type: 'text',
      value: '8001',
      comb: true,
      charLimit: 5,
      editable: false,
    });
    expect(one('notes')).toMatchObject({ type: 'text', value: 'two\nlines', multiline: true });
    expect(one('secret')).toMatchObject({ type: 'text', password: true, value: '' });
    expect(one('agree')).toMatchObject({ type: 'checkbox', value: 'Ja', exportValues: 'Ja' });
    expect(one('news')).toMatchObject({ type: 'checkbox', value: 'Off' });
    expect(fields.size.filter((f) => f.type === 'radiobutton').map((f) => [f.exportValues, f.value])).toEqual([
      ['S', 'M'],
      ['M', 'M'],
    ]);
    expect(one('country')).toMatchObject({ type: 'combobox', value: 'de' });
    expect(one('langs')).toMatchObject({ type: 'listbox', multipleSelection: true });
    expect(one('go')).toMatchObject({ type: 'button' });
    expect(one('sig')).toMatchObject({ type: 'signature' });
    // The parent of billing.city and billing.zip is a field of its own holding only kids.
    expect(fields.billing).toBeDefined();
    // Flags as pdf.js reads the field dictionaries (ISO 32000-1 Tables 221, 226, 228, 230).
    const flags = (name: string) => annots.find((a) => a.fieldName === name)!.fieldFlags as number;
    expect(flags('billing.city') & 2).toBe(2); // Required
    expect(flags('billing.zip') & ((1 << 24) | 1)).toBe((1 << 24) | 1); // Comb, ReadOnly
    expect(flags('notes') & ((1 << 12) | 4)).toBe((1 << 12) | 4); // Multiline, NoExport
    expect(flags('secret') & (1 << 13)).toBe(1 << 13); // Password
    expect(flags('size') & ((1 << 15) | (1 << 14))).toBe((1 << 15) | (1 << 14)); // Radio, NoToggleToOff
    expect(flags('country') & ((1 << 17) | (1 << 18))).toBe((1 << 17) | (1 << 18)); // Combo, Edit
    expect(flags('langs') & (1 << 21)).toBe(1 << 21); // MultiSelect
    expect(flags('go') & (1 << 16)).toBe(1 << 16); // Pushbutton
    expect(annots.find((a) => a.fieldName === 'billing.city')!.alternativeText).toBe('City');
    // Every widget prints (/F 4) and has its appearance; the form asks no reader to regenerate any.
    const objs = pdfObjects(pdf);
    const root = objs.deref(objs.get('trailer')['/Root']);
    const acro = objs.deref(root['/AcroForm']);
    expect(acro['/NeedAppearances']).toBeUndefined();
    expect(Object.keys(objs.deref(acro['/DR'])['/Font'])).toHaveLength(1);
  });

  it('poppler and MuPDF show the values from the written appearances', () => {
    const field = (value?: string, checked = false) =>
      pdfOf({
        page: { width: 300, height: 200 },
        items: [
          {
            type: 'text_field',
            name: 't',
            rect: rect(20, 120, 200, 40),
            font_size: 24,
            border: { width: 0 },
            ...(value ? { value } : {}),
          },
          { type: 'check_box', name: 'c', rect: rect(20, 20, 60, 60), checked, border: { width: 0 } },
        ],
      });
    const filled = field('MWMWMW', true),
      empty = field();
    // NeedAppearances is absent, so these readers draw /AP /N as written rather than their own.
    for (const tool of ['pdftoppm', 'mutool'] as const) {
      const a = renderPage(filled, 72, 1, tool),
        b = renderPage(empty, 72, 1, tool);
      expect(ink(a, rect(22, 122, 196, 36)), tool).toBeGreaterThan(0.1);
      expect(ink(b, rect(22, 122, 196, 36)), tool).toBe(0);
      expect(ink(a, rect(25, 25, 50, 50)), tool).toBeGreaterThan(0.1);
      expect(ink(b, rect(25, 25, 50, 50)), tool).toBe(0);
    }
  });

  it('gives two documents differing only in a field value different /IDs', () => {
    const id = (value: string) =>
      pdfObjects(pdfOf({ items: [{ type: 'text_field', name: 't', rect: rect(20, 20, 100, 20), value }] })).get(
        'trailer',
      )['/ID'][0];
    expect(id('a')).not.toBe(id('b'));
    expect(id('a')).toBe(id('a'));
  });

  it('writes values that are not ASCII names in /Opt, the states named by position', async () => {
    const pdf = pdfOf({
      items: [
        { type: 'check_box', name: 'c', rect: rect(20, 20, 20, 20), checked: true, export_value: 'Grüße' },
        {
          type: 'radio_group',
          name: 'r',
          value: 'Zoë',
          buttons: [
            { rect: rect(60, 20, 16, 16), value: 'Ann' },
            { rect: rect(90, 20, 16, 16), value: 'Zoë' },
          ],
        },
        { type: 'check_box', name: 'plain', rect: rect(120, 20, 20, 20), checked: true, export_value: 'Ja Nein' },
      ],
    });
    expect(qpdfCheck(pdf).code).toBe(0);
    const objs = pdfObjects(pdf);
    const fieldsDict = (objs.deref(objs.deref(objs.get('trailer')['/Root'])['/AcroForm'])['/Fields'] as string[]).map(
      (r) => objs.deref(r),
    );
    const byName = Object.fromEntries(fieldsDict.map((f) => [f['/T'], f]));
    expect(byName['u:c']['/Opt']).toEqual(['u:Grüße']);
    expect(byName['u:c']['/V']).toBe('/0');
    expect(byName['u:r']['/Opt']).toEqual(['u:Ann', 'u:Zoë']);
    expect(byName['u:r']['/V']).toBe('/1');
    // A plain ASCII value stays the state's own name, as pdf.js reads it back.
    expect(byName['u:plain']['/Opt']).toBeUndefined();
    expect((await fieldsOf(pdf)).fields.plain[0].value).toBe('Ja Nein');
  });

  it('a field on several pages is one field with a widget on each', async () => {
    const pdf = pdfOf({
      items: [{ type: 'text_field', name: 'ref', rect: rect(20, 20, 100, 20), value: 'A-1', pages: [1, 2, 3] }],
    });
    const { fields } = await fieldsOf(pdf);
    const widgets = fields.ref.filter((f) => f.type === 'text');
    expect(widgets.map((w) => w.page)).toEqual([0, 1, 2]);
    expect(new Set(widgets.map((w) => w.value))).toEqual(new Set(['A-1']));
  });

  it("embeds an editable field's font whole and a read-only field's font as a subset", () => {
    const editable = pdfFonts(
      pdfOf({ items: [{ type: 'text_field', name: 'a', rect: rect(20, 20, 100, 20), value: 'x' }] }),
    );
    const fixed = pdfFonts(
      pdfOf({ items: [{ type: 'text_field', name: 'a', rect: rect(20, 20, 100, 20), value: 'x', read_only: true }] }),
    );
    expect(editable.map((f) => [f.emb, f.sub, f.uni])).toEqual([[true, false, true]]);
    expect(fixed.map((f) => [f.emb, f.sub, f.uni])).toEqual([[true, true, true]]);
  });

  it('sets field text in a CFF font, subset or whole, readable by pdf.js and poppler', async () => {
    const fonts = [{ name: 'Nimbus', data: b64(NIMBUS_SANS_OTF) }];
    for (const read_only of [true, false]) {
      const pdf = pdfOf({
        fonts,
        items: [
          { type: 'text_field', name: 't', rect: rect(20, 20, 200, 30), value: 'Quire 42', font: 'Nimbus', read_only },
          {
            type: 'choice_field',
            name: 'c',
            rect: rect(20, 60, 200, 60),
            options: ['Alpha', 'Beta'],
            value: 'Beta',
            font: 'Nimbus',
            read_only,
          },
        ],
      });
      expect(qpdfCheck(pdf).code).toBe(0);
      expect(pdfFonts(pdf).map((f) => [f.type, f.sub])).toEqual([['CID Type 0C', read_only]]);
      expect(pdfToText(pdf)).toMatch(/Alpha\s+Beta[\s\S]*Quire 42/);
      expect((await fieldsOf(pdf)).fields.t[0].value).toBe('Quire 42');
    }
  });

  it('sets a right-to-left value in its box, aligned as asked', () => {
    const pdf = pdfOf({
      fonts: [{ name: 'He', data: NOTO_HEBREW_B64 }],
      page: { width: 300, height: 100 },
      items: [
        {
          type: 'text_field',
          name: 'h',
          font: 'He',
          rect: rect(20, 40, 200, 24),
          value: 'שלום 123',
          align: 'right',
          border: { width: 0 },
        },
      ],
    });
    const words = pdfWords(pdf);
    expect(words.map((w) => w.text).join(' ')).toMatch(/שלום|123/);
    // Right-aligned: the text ends near the box's right edge (poppler's x from the left), not past it.
    const right = Math.max(...words.map((w) => w.xMax));
    expect(right).toBeGreaterThan(200);
    expect(right).toBeLessThanOrEqual(220);
  });

  it('hangs a field off another item with relative_to', async () => {
    const pdf = pdfOf({
      fonts: [{ name: 'B', library: 'noto_sans' }],
      items: [
        {
          type: 'text',
          id: 'intro',
          pages: [1],
          rect: rect(20, 700, 280, 60),
          content: ['Intro'],
          font: 'B',
          font_size: 12,
        },
        {
          type: 'text_field',
          name: 'x',
          rect: rect(20, 0, 180, 20),
          relative_to: { id: 'intro', edge: 'bottom', offset: 10 },
          value: 'hung',
        },
      ],
    });
    expect((await fieldsOf(pdf)).fields.x[0].rect).toEqual([20, 670, 200, 690]);
  });

  it("writes /Annots in the page's tab order", () => {
    const items = [
      { type: 'text_field', name: 'low', rect: rect(20, 20, 100, 20) },
      { type: 'link', rect: rect(200, 300, 50, 20), uri: 'https://example.com' },
      { type: 'text_field', name: 'high', rect: rect(20, 300, 100, 20) },
    ];
    const annotsOf = (pdf: Uint8Array) => {
      const objs = pdfObjects(pdf);
      const page = objs.deref(objs.deref(objs.deref(objs.get('trailer')['/Root'])['/Pages'])['/Kids'][0]);
      return (page['/Annots'] as string[]).map((r) => {
        const a = objs.deref(r);
        return a['/T'] ?? a['/Subtype'];
      });
    };
    expect(annotsOf(pdfOf({ items }))).toEqual(['u:low', '/Link', 'u:high']);
    expect(annotsOf(pdfOf({ items, page_tab_orders: [{ page: 1, order: 'row' }] }))).toEqual([
      'u:high',
      '/Link',
      'u:low',
    ]);
    expect(annotsOf(pdfOf({ items, page_tab_orders: [{ page: 1, order: 'column' }] }))).toEqual([
      'u:high',
      'u:low',
      '/Link',
    ]);
  });

  it('gives buttons a pressed look (/D), except under an archive claim', () => {
    const apKeys = (extra: Record<string, unknown>) => {
      const pdf = pdfOf({
        items: [{ type: 'check_box', name: 'c', rect: rect(20, 20, 20, 20), checked: true }],
        ...extra,
      });
      const objs = pdfObjects(pdf);
      const page = objs.deref(objs.deref(objs.deref(objs.get('trailer')['/Root'])['/Pages'])['/Kids'][0]);
      const ap = objs.deref(objs.deref(page['/Annots'][0])['/AP']);
      return Object.fromEntries(Object.entries(ap).map(([k, v]) => [k, Object.keys(objs.deref(v)).sort()]));
    };
    expect(apKeys({})).toEqual({ '/N': ['/Off', '/Yes'], '/D': ['/Off', '/Yes'] });
    expect(apKeys({ archive: 'pdfa2b' })).toEqual({ '/N': ['/Off', '/Yes'] });
  });

  for (const archive of ['pdfa1b', 'pdfa2b', 'pdfa4']) {
    it(`meets ${archive}: the verifier finds nothing`, () => {
      const items = ALL_KINDS.items.map((i) => (i.type === 'push_button' ? { ...i, page: undefined } : i));
      const out = render({ description: { ...ALL_KINDS, items, archive, check: [archive] }, now: NOW });
      expect(out.ok && out.findings).toEqual([]);
      expect(out.ok && qpdfCheck(out.pdf).code).toBe(0);
      // PDFBox Preflight, an independent PDF/A-1b validator, where the machine has it.
      if (archive === 'pdfa1b' && out.ok && preflightAvailable()) expect(preflightCodes([out.pdf])[0]).toEqual([]);
    });
  }
});

describe('form field refusals', () => {
  const tf = (extra: Record<string, unknown>) => ({
    type: 'text_field',
    name: 'f',
    rect: rect(0, 0, 100, 20),
    ...extra,
  });
  const cases: [string, Record<string, unknown>[], Record<string, unknown>, string, RegExp][] = [
    [
      'an empty part of a name',
      [tf({ name: 'a..b' })],
      {},
      '/items/0/name',
      /the field name "a\.\.b" at \/items\/0\/name has an empty part/,
    ],
    [
      'a name given twice',
      [tf({}), tf({})],
      {},
      '/items/1/name',
      /the field name "f" at \/items\/1\/name is already given at \/items\/0\/name/,
    ],
    [
      'a name that is also a parent',
      [tf({ name: 'a' }), tf({ name: 'a.b' })],
      {},
      '/items/0/name',
      /the field name "a" at \/items\/0\/name is also the parent of "a\.b" at \/items\/1\/name/,
    ],
    ['comb without max_length', [tf({ comb: true })], {}, '/items/0/comb', /\/items\/0\/comb needs max_length/],
    [
      'comb with multiline',
      [tf({ comb: true, max_length: 4, multiline: true })],
      {},
      '/items/0/multiline',
      /\/items\/0\/comb cannot be given together with \/items\/0\/multiline/,
    ],
    [
      'a password with a value',
      [tf({ password: true, value: 'x' })],
      {},
      '/items/0/value',
      /\/items\/0\/password cannot be given together with \/items\/0\/value: the value of a password field is never stored/,
    ],
    [
      'a value past max_length',
      [tf({ max_length: 2, value: 'abc' })],
      {},
      '/items/0/value',
      /\/items\/0\/value holds 3 characters, more than max_length = 2/,
    ],
    [
      'a line break in a one-line field',
      [tf({ value: 'a\nb' })],
      {},
      '/items/0/value',
      /\/items\/0\/value holds a line break, but the field is one line/,
    ],
    [
      'an export value "Off"',
      [{ type: 'check_box', name: 'c', rect: rect(0, 0, 10, 10), export_value: 'Off' }],
      {},
      '/items/0/export_value',
      /\/items\/0\/export_value = "Off" is the name PDF gives the unchecked state/,
    ],
    [
      'two buttons of one value',
      [
        {
          type: 'radio_group',
          name: 'r',
          buttons: [
            { rect: rect(0, 0, 9, 9), value: 'a' },
            { rect: rect(20, 0, 29, 9), value: 'a' },
          ],
        },
      ],
      {},
      '/items/0/buttons/1/value',
      /the button value "a" at \/items\/0\/buttons\/1\/value is already given at \/items\/0\/buttons\/0\/value/,
    ],
    [
      'a radio value no button carries',
      [{ type: 'radio_group', name: 'r', value: 'z', buttons: [{ rect: rect(0, 0, 9, 9), value: 'a' }] }],
      {},
      '/items/0/value',
      /\/items\/0\/value = "z" is the value of none of the buttons at \/items\/0\/buttons/,
    ],
    [
      'a button page outside the group',
      [{ type: 'radio_group', name: 'r', pages: [1], buttons: [{ rect: rect(0, 0, 9, 9), value: 'a', page: 2 }] }],
      {},
      '/items/0/buttons/0/page',
      /the button page 2 at \/items\/0\/buttons\/0\/page is not among the pages of the group at \/items\/0\/pages/,
    ],
    [
      'a button page past the document',
      [
        {
          type: 'radio_group',
          name: 'r',
          pages: { from: 1 },
          buttons: [{ rect: rect(0, 0, 9, 9), value: 'a', page: 3 }],
        },
      ],
      {},
      '/items/0/buttons/0/page',
      /the page 3 named by \/items\/0\/buttons\/0\/page is not in the document, which has 1 pages/,
    ],
    [
      'an option given twice',
      [{ type: 'choice_field', name: 'c', rect: rect(0, 0, 99, 20), options: ['a', { value: 'a', label: 'A' }] }],
      {},
      '/items/0/options/1',
      /the option value "a" at \/items\/0\/options\/1 is already given at \/items\/0\/options\/0/,
    ],
    [
      'a choice no option carries',
      [{ type: 'choice_field', name: 'c', rect: rect(0, 0, 99, 20), options: ['a'], value: 'b' }],
      {},
      '/items/0/value',
      /\/items\/0\/value = "b" is the value of none of the options at \/items\/0\/options/,
    ],
    [
      'two choices in a single-choice list',
      [{ type: 'choice_field', name: 'c', rect: rect(0, 0, 99, 20), options: ['a', 'b'], value: ['a', 'b'] }],
      {},
      '/items/0/value',
      /\/items\/0\/value selects 2 options, but the field takes one; give multiple: true/,
    ],
    [
      'editable without combo',
      [{ type: 'choice_field', name: 'c', rect: rect(0, 0, 99, 20), options: ['a'], editable: true }],
      {},
      '/items/0/editable',
      /\/items\/0\/editable needs combo: true/,
    ],
    [
      'a font nowhere',
      [tf({ font: 'Nope' })],
      {},
      '/items/0/font',
      /the font "Nope" named by \/items\/0\/font is neither declared nor a face of the library, which holds noto_sans/,
    ],
    [
      'a click action under PDF/A',
      [{ type: 'push_button', name: 'b', rect: rect(0, 0, 50, 20), uri: 'https://example.com' }],
      { archive: 'pdfa2b' },
      '/items/0/uri',
      /\/items\/0\/uri gives the push button a click action, but archive = "pdfa2b" forbids actions on form fields \(ISO 19005-2 6\.4\.1\)/,
    ],
    [
      'a push button with two targets',
      [{ type: 'push_button', name: 'b', rect: rect(0, 0, 50, 20), page: 1, uri: 'https://example.com' }],
      {},
      '/items/0/uri',
      /\/items\/0\/page cannot be given together with \/items\/0\/uri/,
    ],
    [
      "a layer on a field in a PDF 1.4 file (an annotation's /OC is PDF 1.5)",
      [tf({ layer: 'L' })],
      { layers: [{ name: 'L' }], version: '1.4' },
      '/version',
      /\/version = "1\.4" is older than PDF 1\.5, which layer on a form field at \/items\/0\/layer needs/,
    ],
    [
      'a skew on an editable text field (a reader redraws it without the matrix)',
      [tf({ transform: [1, 0, 0.5, 1, 0, 0] })],
      {},
      '/items/0/transform',
      /^\/items\/0\/transform is refused on a text field that is not read_only: a reader redraws its appearance from \/DA and \/MK once it is typed in, and those keep no matrix but a quarter turn/,
    ],
    [
      'a comb field in a PDF 1.4 file',
      [tf({ comb: true, max_length: 4 })],
      { version: '1.4' },
      '/version',
      /\/version = "1\.4" is older than PDF 1\.5, which a comb field at \/items\/0\/comb needs/,
    ],
    [
      'multiple with combo',
      [{ type: 'choice_field', name: 'c', rect: rect(0, 0, 99, 20), options: ['a'], combo: true, multiple: true }],
      {},
      '/items/0/multiple',
      /\/items\/0\/combo cannot be given together with \/items\/0\/multiple/,
    ],
    [
      'a font on a check box',
      [{ type: 'check_box', name: 'c', rect: rect(0, 0, 10, 10), font: 'noto_sans' }],
      {},
      '/items/0/font',
      /\/items\/0\/font does not apply when \/items\/0\/type is "check_box"; it takes font_size and color for its mark/,
    ],
    [
      'a color on a signature field',
      [{ type: 'signature_field', name: 's', rect: rect(0, 0, 10, 10), color: [1, 0, 0] }],
      {},
      '/items/0/color',
      /\/items\/0\/color does not apply when \/items\/0\/type is "signature_field"/,
    ],
    [
      'a rotation that is not a quarter turn',
      [tf({ rotate: 45 })],
      {},
      '/items/0/rotate',
      /\/items\/0\/rotate must be one of 0, 90, 180, 270/,
    ],
  ];
  it.each(cases)('refuses %s', (_n, items, extra, path, sentence) => {
    const out = render({ description: { items, ...extra }, now: NOW });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'description', path });
    if (!out.ok) expect(out.sentence).toMatch(sentence);
  });

  it('refuses a value its font has no glyph for, naming the value', () => {
    const out = render({ description: { items: [tf({ value: 'ab\u{1F600}' })] }, now: NOW });
    expect(out).toMatchObject({ ok: false, status: 400, word: 'drawing', path: '/items/0/value' });
    if (!out.ok) expect(out.sentence).toMatch(/the font "noto_sans" has no glyph for the character .* \(U\+1F600\)/);
  });

  it('needs a licence for a field set in a standard font', () => {
    const out = render({
      description: { standard_fonts: [{ name: 'H', face: 'helvetica' }], items: [tf({ font: 'H', value: 'x' })] },
      now: NOW,
    });
    expect(out).toMatchObject({ ok: false, status: 402, word: 'needs_a_licence', path: '/items/0/font' });
    if (!out.ok) expect(out.sentence).toMatch(/text at \/items\/0 is set in the standard font "H"/);
  });
});
