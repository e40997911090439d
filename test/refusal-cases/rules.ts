// test/refusal-cases/rules.ts — the issue's rules one by one (issue 3, "The surface" and "Cross
// refusals"): every type, range and enum it lists, the pages rule, and each contradictory combination
// of the spec, as refusal cases walked by test/refusals.test.ts (the other area files hold one case per
// message; here a message may recur, once per rule). To add one: copy a case, as in the area files.
import type { RefusalCase } from './support.js';
import { FACTUR_X_XML, NOTO_SANS_B64 } from './support.js';

const box = { llx: 0, lly: 0, urx: 10, ury: 10 };
const rect = (extra: Record<string, unknown> = {}) => ({ type: 'rect', rect: box, fill: [0], ...extra });
const state = (s: Record<string, unknown>) => ({
  graphics_states: [{ name: 's', state: s }],
  items: [rect({ graphics_state: 's' })],
});
const flow = (extra: Record<string, unknown>) => ({
  fonts: [{ name: 'B', data: NOTO_SANS_B64 }],
  items: [
    { type: 'flow', rect: { llx: 0, lly: 0, urx: 200, ury: 200 }, content: 'x', font: 'B', font_size: 10, ...extra },
  ],
});
const att = {
  name: 'a',
  file_name: 'a.txt',
  description: 'd',
  media_type: 'text/plain',
  relationship: 'data',
  modified: '2026-01-01',
};
const invoice = {
  xml: 'invoice.xml',
  profile: 'EN 16931',
  relationship: 'alternative',
  issued: '2026-11-22T10:00:00+01:00',
};
const bad = { status: 400, word: 'description' } as const;

export const CASES: RefusalCase[] = [
  // — colour values: 1, 3 or 4 numbers, each 0..1 —
  {
    key: 'schemaType',
    what: 'a colour of 2 numbers',
    description: { items: [rect({ fill: [0, 0] })] },
    ...bad,
    pointer: '/items/0/fill',
    says: ['/items/0/fill', '1, 3 or 4 numbers'],
  },
  {
    key: 'schemaType',
    what: 'a colour of 5 numbers',
    description: { items: [rect({ fill: [0, 0, 0, 0, 0] })] },
    ...bad,
    pointer: '/items/0/fill',
    says: ['/items/0/fill', '1, 3 or 4 numbers'],
  },
  {
    key: 'schemaType',
    what: 'a colour number past 1',
    description: { items: [rect({ fill: [0, 2, 0] })] },
    ...bad,
    pointer: '/items/0/fill',
    says: ['/items/0/fill', 'from 0 to 1'],
  },
  {
    key: 'schemaType',
    what: 'a stroke colour of 2 numbers',
    description: { items: [{ type: 'line', from: [0, 0], to: [1, 1], stroke: { color: [0, 0] } }] },
    ...bad,
    pointer: '/items/0/stroke/color',
    says: ['/items/0/stroke/color'],
  },
  // — ISO 8601 timestamps —
  {
    key: 'timestampInvalid',
    what: 'metadata.created',
    description: { metadata: { created: '22/11/2026' }, items: [] },
    ...bad,
    pointer: '/metadata/created',
    says: ['/metadata/created', '22/11/2026'],
  },
  {
    key: 'timestampInvalid',
    what: 'attachments[].modified',
    description: { attachments: [{ ...att, modified: 'Monday' }], items: [] },
    parts: { a: new Uint8Array([65]) },
    ...bad,
    pointer: '/attachments/0/modified',
    says: ['/attachments/0/modified'],
  },
  {
    key: 'timestampInvalid',
    what: 'invoice.issued',
    description: { archive: 'pdfa3b', invoice: { ...invoice, issued: '2026-13-01' }, items: [] },
    parts: { 'invoice.xml': FACTUR_X_XML },
    ...bad,
    pointer: '/invoice/issued',
    says: ['/invoice/issued'],
  },
  // — opacities 0..1, flatness 0..100, smoothness 0..1 —
  // — font sizes and leading: at most 14 400 points, so no number written leaves a PDF number's range —
  {
    key: 'schemaRange',
    what: 'a font_size of 1e300',
    description: flow({ font_size: 1e300 }),
    ...bad,
    pointer: '/items/0/font_size',
    says: ['/items/0/font_size', 'at most 14400'],
  },
  {
    key: 'schemaRange',
    what: 'a leading past 14 400',
    description: flow({ leading: 20000 }),
    ...bad,
    pointer: '/items/0/leading',
    says: ['/items/0/leading', 'at most 14400'],
  },
  {
    key: 'schemaRange',
    what: 'fill_alpha below 0',
    description: state({ fill_alpha: -0.1 }),
    ...bad,
    pointer: '/graphics_states/0/state/fill_alpha',
    says: ['fill_alpha', 'at least 0'],
  },
  {
    key: 'schemaRange',
    what: 'stroke_alpha past 1',
    description: state({ stroke_alpha: 1.5 }),
    ...bad,
    pointer: '/graphics_states/0/state/stroke_alpha',
    says: ['stroke_alpha', 'at most 1'],
  },
  {
    key: 'schemaRange',
    what: 'flatness past 100',
    description: state({ flatness: 100.5 }),
    ...bad,
    pointer: '/graphics_states/0/state/flatness',
    says: ['flatness', 'at most 100'],
  },
  {
    key: 'schemaRange',
    what: 'flatness below 0',
    description: state({ flatness: -1 }),
    ...bad,
    pointer: '/graphics_states/0/state/flatness',
    says: ['flatness', 'at least 0'],
  },
  {
    key: 'schemaRange',
    what: 'smoothness past 1',
    description: state({ smoothness: 2 }),
    ...bad,
    pointer: '/graphics_states/0/state/smoothness',
    says: ['smoothness', 'at most 1'],
  },
  // — compression level 1..9 —
  {
    key: 'compressionLevel',
    what: 'level 0',
    description: { compression: 0, items: [] },
    ...bad,
    pointer: '/compression',
    says: ['compression', '0', '1 to 9'],
  },
  {
    key: 'compressionLevel',
    what: 'level 10 in the object form',
    description: { compression: { level: 10 }, items: [] },
    ...bad,
    pointer: '/compression/level',
    says: ['compression', '10', '1 to 9'],
  },
  // — enums: blend modes, spot functions, orientations, relationships, invoice profiles —
  {
    key: 'schemaEnum',
    what: 'a blend mode',
    description: state({ blend_mode: 'add' }),
    ...bad,
    pointer: '/graphics_states/0/state/blend_mode',
    says: ['blend_mode', '"multiply"'],
  },
  {
    key: 'schemaEnum',
    what: 'a spot function',
    description: state({ halftone: { every: { frequency: 60, angle: 45, spot: 'star' } } }),
    ...bad,
    pointer: '/graphics_states/0/state/halftone/every/spot',
    says: ['/graphics_states/0/state/halftone/every/spot', '"simple_dot"'],
  },
  {
    key: 'schemaEnum',
    what: 'a spot function of a per_ink screen',
    description: state({
      halftone: {
        per_ink: {
          inks: [{ colorant: 'Cyan', screen: { frequency: 60, angle: 15, spot: 'star' } }],
          default: { frequency: 60, angle: 45, spot: 'round' },
        },
      },
    }),
    ...bad,
    pointer: '/graphics_states/0/state/halftone/per_ink/inks/0/screen/spot',
    says: ['/screen/spot', '"diamond"'],
  },
  {
    key: 'schemaEnum',
    what: 'an orientation',
    description: { images: [{ name: 'p', orientation: 'sideways' }], items: [] },
    ...bad,
    pointer: '/images/0/orientation',
    says: ['orientation', '"turned_left"'],
  },
  {
    key: 'schemaEnum',
    what: 'an attachment relationship',
    description: { attachments: [{ ...att, relationship: 'friend' }], items: [] },
    ...bad,
    pointer: '/attachments/0/relationship',
    says: ['relationship', '"source"'],
  },
  {
    key: 'schemaEnum',
    what: 'an invoice relationship',
    description: { archive: 'pdfa3b', invoice: { ...invoice, relationship: 'friend' }, items: [] },
    ...bad,
    pointer: '/invoice/relationship',
    says: ['relationship', '"alternative"'],
  },
  {
    key: 'schemaEnum',
    what: 'an invoice profile',
    description: { archive: 'pdfa3b', invoice: { ...invoice, profile: 'FULL' }, items: [] },
    ...bad,
    pointer: '/invoice/profile',
    says: ['profile', '"EN 16931"'],
  },
  // — a pages rule: integers ≥ 1, or {every, from, to, but} refusing an unknown key by name —
  {
    key: 'schemaRange',
    what: 'page 0',
    description: { items: [rect({ pages: [0] })] },
    ...bad,
    pointer: '/items/0/pages/0',
    says: ['/items/0/pages/0', 'at least 1'],
  },
  {
    key: 'schemaType',
    what: 'a fractional page',
    description: { items: [rect({ pages: [1.5] })] },
    ...bad,
    pointer: '/items/0/pages/0',
    says: ['/items/0/pages/0', 'whole number'],
  },
  {
    key: 'schemaType',
    what: 'pages as a string',
    description: { items: [rect({ pages: 'odd' })] },
    ...bad,
    pointer: '/items/0/pages',
    says: ['/items/0/pages'],
  },
  {
    key: 'pagesRuleUnknownKey',
    what: 'an unknown key in the object form',
    description: { items: [rect({ pages: { every: 2, odd: true } })] },
    ...bad,
    pointer: '/items/0/pages/odd',
    says: ['"odd"', 'every, from, to and but'],
  },
  {
    key: 'schemaRange',
    what: 'every 0',
    description: { items: [rect({ pages: { every: 0 } })] },
    ...bad,
    pointer: '/items/0/pages/every',
    says: ['every', 'at least 1'],
  },
  {
    key: 'schemaType',
    what: 'but of strings',
    description: { items: [rect({ pages: { from: 1, but: ['2'] } })] },
    ...bad,
    pointer: '/items/0/pages/but/0',
    says: ['/items/0/pages/but/0'],
  },
  {
    key: 'pagesRuleBackwards',
    what: 'to before from',
    description: { items: [rect({ pages: { from: 3, to: 1 } })] },
    ...bad,
    pointer: '/items/0/pages/to',
    says: ['/items/0/pages/to', '/items/0/pages/from'],
  },
  // — cross refusals the spec lists —
  {
    key: 'hangingListWith',
    what: 'with first_line_indent',
    description: flow({ hanging_list: { marker: 10, body: 20 }, first_line_indent: 5 }),
    ...bad,
    pointer: '/items/0/first_line_indent',
    says: ['hanging_list', 'first_line_indent'],
  },
  {
    key: 'hangingListWith',
    what: 'with tabs.method',
    description: flow({ hanging_list: { marker: 10, body: 20 }, tabs: { method: 'typewriter' } }),
    ...bad,
    pointer: '/items/0/tabs/method',
    says: ['hanging_list', 'tabs/method'],
  },
  {
    key: 'hangingListWith',
    what: 'with tabs.ruler',
    description: flow({ hanging_list: { marker: 10, body: 20 }, tabs: { ruler: [10] } }),
    ...bad,
    pointer: '/items/0/tabs/ruler',
    says: ['hanging_list', 'tabs/ruler'],
  },
  {
    key: 'graphicsKeysTogether',
    what: 'overprint with stroke_overprint',
    description: state({ overprint: true, stroke_overprint: false }),
    ...bad,
    pointer: '/graphics_states/0/state/stroke_overprint',
    says: ['overprint', 'stroke_overprint'],
  },
  {
    key: 'transformWithRotate',
    what: 'on a text item',
    description: {
      fonts: [{ name: 'B', data: NOTO_SANS_B64 }],
      items: [
        { type: 'text', rect: box, content: ['x'], font: 'B', font_size: 9, transform: [1, 0, 0, 1, 0, 0], rotate: 90 },
      ],
    },
    ...bad,
    pointer: '/items/0/rotate',
    says: ['/items/0/transform', '/items/0/rotate'],
  },
  {
    key: 'graphicsUndeclared',
    what: 'page_spaces naming an undeclared space',
    description: { page_spaces: [{ page: 1, cmyk: 'press' }], items: [rect()] },
    ...bad,
    pointer: '/page_spaces/0/cmyk',
    says: ['"press"'],
  },
  {
    key: 'graphicsUndeclared',
    what: 'a page group naming an undeclared space',
    description: { page_spaces: [{ page: 1, group: { space: 'press' } }], items: [rect()] },
    ...bad,
    pointer: '/page_spaces/0/group/space',
    says: ['"press"'],
  },
  {
    key: 'invoiceNeedsPdfa3b',
    what: 'no archive',
    description: { invoice, items: [] },
    parts: { 'invoice.xml': FACTUR_X_XML },
    ...bad,
    pointer: '/invoice',
    says: ['archive = "pdfa3b"'],
  },
  {
    key: 'invoiceNeedsPdfa3b',
    what: 'archive pdfa4',
    description: { archive: 'pdfa4', invoice, items: [] },
    parts: { 'invoice.xml': FACTUR_X_XML },
    ...bad,
    pointer: '/invoice',
    says: ['archive = "pdfa3b"', 'pdfa4'],
  },
  {
    key: 'partMissing',
    what: 'the invoice XML not sent',
    description: { archive: 'pdfa3b', invoice, items: [] },
    ...bad,
    pointer: '/invoice/xml',
    says: ['"invoice.xml"'],
  },
  {
    key: 'patchPoints',
    what: 'a tensor patch of 12 points',
    description: {
      shadings: [
        {
          name: 'p',
          shading: {
            tensor_patch_mesh: {
              patches: [{ points: Array.from({ length: 12 }, (_, i) => [i, i]), colors: [[0], [0], [0], [0]] }],
            },
          },
        },
      ],
      items: [rect({ fill: { shading: 'p' } })],
    },
    ...bad,
    pointer: '/shadings/0/shading/tensor_patch_mesh/patches/0/points',
    says: ['12 points', '16'],
  },
  {
    key: 'latticeTooSmall',
    what: 'rows of one corner',
    description: {
      shadings: [
        {
          name: 'l',
          shading: { lattice_mesh: { rows: [[{ at: [0, 0], color: [0] }], [{ at: [0, 1], color: [0] }]] } },
        },
      ],
      items: [rect({ fill: { shading: 'l' } })],
    },
    ...bad,
    pointer: '/shadings/0/shading/lattice_mesh/rows',
    says: ['/shadings/0/shading/lattice_mesh/rows', '2 rows of 2'],
  },
  {
    key: 'targetTwice',
    what: 'a bookmark with a page and an action',
    description: {
      bookmarks: [{ title: 'B', page: 1, action: { type: 'uri', uri: 'https://example.com' } }],
      items: [rect()],
    },
    ...bad,
    pointer: '/bookmarks/0/action',
    says: ['/bookmarks/0/page', '/bookmarks/0/action'],
  },
  {
    key: 'archiveFontNotEmbedded',
    what: 'a standard font under pdfa2b',
    description: { archive: 'pdfa2b', standard_fonts: [{ name: 'H', face: 'helvetica' }], items: [] },
    licensed: true,
    ...bad,
    pointer: '/standard_fonts/0',
    says: ['"pdfa2b"', '"H"', 'never embedded'],
  },
  {
    key: 'type3GlyphKeyMeaningless',
    what: 'pages on a glyph shape',
    description: {
      type3_fonts: [
        {
          name: 'G',
          matrix: [0.001, 0, 0, 0.001, 0, 0],
          box: { llx: 0, lly: 0, urx: 1000, ury: 1000 },
          glyphs: [
            {
              character: 'a',
              width: 500,
              items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 500, ury: 500 }, pages: [2] }],
            },
          ],
        },
      ],
      items: [],
    },
    licensed: true,
    ...bad,
    pointer: '/type3_fonts/0/glyphs/0/items/0/pages',
    says: ['/type3_fonts/0/glyphs/0/items/0/pages', 'pages of its own'],
  },
  {
    key: 'tableCellKeyFor',
    what: 'fit on a text cell',
    description: {
      standard_fonts: [{ name: 'B', face: 'helvetica' }],
      items: [
        {
          type: 'table',
          rect: { llx: 50, lly: 50, urx: 300, ury: 300 },
          font: 'B',
          font_size: 10,
          columns: [100],
          rows: [[{ text: 'x', fit: 'contain' }]],
        },
      ],
    },
    licensed: true,
    ...bad,
    pointer: '/items/0/rows/0/0/fit',
    says: ['fit', '/items/0/rows/0/0'],
  },
  {
    key: 'linkGraphicsState',
    what: 'a graphics state on a link',
    description: {
      graphics_states: [{ name: 's', state: { fill_alpha: 0.5 } }],
      items: [rect(), { type: 'link', rect: box, uri: 'https://example.com', graphics_state: 's' }],
    },
    ...bad,
    pointer: '/items/1/graphics_state',
    says: ['/items/1/graphics_state'],
  },
];
