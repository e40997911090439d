// test/refusal-cases/navigation.ts — refusal cases of the navigation messages of ir/messages.ts, walked by
// test/refusals.test.ts, which renders each one in-process (or posts it to one server: see server.ts)
// and checks status, x-svc-refusal word, JSON pointer, that the sentence is the message's own and
// names what `says` lists. Every entry of REFUSALS needs at least one case somewhere under
// test/refusal-cases/, or the walk fails.
//
// To add a case: copy one below, set `key` to the message's key, give the smallest description
// (and `parts`, `licensed`, `client` when the case needs them) that meets that refusal first, the
// status and word of the table entry, the pointer the refusal names, and in `says` the key or name
// at fault as the sentence spells it.
import type { RefusalCase } from './support.js';
import { bytes, NOTO_SANS_B64 } from './support.js';

export const CASES: RefusalCase[] = [
  {
    key: 'mediaTypeInvalid',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        { type: 'rect', rect: { llx: 50, lly: 700, urx: 200, ury: 750 }, fill: [1, 0, 0] },
        {
          type: 'text',
          rect: { llx: 72, lly: 500, urx: 300, ury: 680 },
          content: ['Hello quire, the office of difficult AVATAR Ty.'],
          font: 'Body',
          font_size: 14,
        },
      ],
      attachments: [
        {
          name: 'ledger.csv',
          file_name: 'Ledger 2026.csv',
          description: 'The ledger as CSV',
          media_type: 'csv',
          relationship: 'source',
          modified: '2026-11-20T08:00:00Z',
        },
      ],
    },
    parts: {
      'ledger.csv': bytes('aXRlbSxhbW91bnQKYm94ZXMsMjEwLjAwCg=='),
      'note.txt': bytes('RGVsaXZlciB0byB0aGUgcmVhciBlbnRyYW5jZS4K'),
    },
    status: 400,
    word: 'description',
    pointer: '/attachments/0/media_type',
    says: ['"csv"', 'media_type'],
  },
  {
    key: 'columnValueShape',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        { type: 'rect', rect: { llx: 50, lly: 700, urx: 200, ury: 750 }, fill: [1, 0, 0] },
        {
          type: 'text',
          rect: { llx: 72, lly: 500, urx: 300, ury: 680 },
          content: ['Hello quire, the office of difficult AVATAR Ty.'],
          font: 'Body',
          font_size: 14,
        },
      ],
      attachments: [
        {
          name: 'ledger.csv',
          file_name: 'Ledger 2026.csv',
          description: 'The ledger as CSV',
          media_type: 'text/csv',
          relationship: 'source',
          modified: '2026-11-20T08:00:00Z',
          columns: [{ key: 'dept', text: 'x', number: 1 }],
        },
      ],
      collection: {
        columns: [
          { key: 'dept', title: 'Department', data: 'text' },
          { key: 'due', title: 'Due', data: 'date' },
          { key: 'amount', title: 'Amount', data: 'number' },
          { key: 'fn', title: 'File', data: 'file_name' },
          { key: 'desc', title: 'About', data: 'description' },
          { key: 'mod', title: 'Changed', data: 'modified' },
          { key: 'size', title: 'Size', data: 'size', hidden: true },
        ],
      },
    },
    parts: {
      'ledger.csv': bytes('aXRlbSxhbW91bnQKYm94ZXMsMjEwLjAwCg=='),
      'note.txt': bytes('RGVsaXZlciB0byB0aGUgcmVhciBlbnRyYW5jZS4K'),
    },
    status: 400,
    word: 'description',
    pointer: '/attachments/0/columns/0',
    says: ['/attachments/0/columns/0'],
  },
  {
    key: 'columnKeyReserved',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        { type: 'rect', rect: { llx: 50, lly: 700, urx: 200, ury: 750 }, fill: [1, 0, 0] },
        {
          type: 'text',
          rect: { llx: 72, lly: 500, urx: 300, ury: 680 },
          content: ['Hello quire, the office of difficult AVATAR Ty.'],
          font: 'Body',
          font_size: 14,
        },
      ],
      attachments: [
        {
          name: 'ledger.csv',
          file_name: 'Ledger 2026.csv',
          description: 'The ledger as CSV',
          media_type: 'text/csv',
          relationship: 'source',
          modified: '2026-11-20T08:00:00Z',
          columns: [],
        },
      ],
      collection: { columns: [{ key: 'Type', title: 'T', data: 'text' }] },
    },
    parts: {
      'ledger.csv': bytes('aXRlbSxhbW91bnQKYm94ZXMsMjEwLjAwCg=='),
      'note.txt': bytes('RGVsaXZlciB0byB0aGUgcmVhciBlbnRyYW5jZS4K'),
    },
    status: 400,
    word: 'description',
    pointer: '/collection/columns/0/key',
    says: ['"Type"', 'key'],
  },
  {
    key: 'columnUnknown',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        { type: 'rect', rect: { llx: 50, lly: 700, urx: 200, ury: 750 }, fill: [1, 0, 0] },
        {
          type: 'text',
          rect: { llx: 72, lly: 500, urx: 300, ury: 680 },
          content: ['Hello quire, the office of difficult AVATAR Ty.'],
          font: 'Body',
          font_size: 14,
        },
      ],
      attachments: [
        {
          name: 'ledger.csv',
          file_name: 'Ledger 2026.csv',
          description: 'The ledger as CSV',
          media_type: 'text/csv',
          relationship: 'source',
          modified: '2026-11-20T08:00:00Z',
          columns: [{ key: 'dept', text: 'x' }],
        },
      ],
    },
    parts: {
      'ledger.csv': bytes('aXRlbSxhbW91bnQKYm94ZXMsMjEwLjAwCg=='),
      'note.txt': bytes('RGVsaXZlciB0byB0aGUgcmVhciBlbnRyYW5jZS4K'),
    },
    status: 400,
    word: 'description',
    pointer: '/attachments/0/columns/0/key',
    says: ['"dept"', 'key'],
  },
  {
    key: 'columnKindMismatch',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        { type: 'rect', rect: { llx: 50, lly: 700, urx: 200, ury: 750 }, fill: [1, 0, 0] },
        {
          type: 'text',
          rect: { llx: 72, lly: 500, urx: 300, ury: 680 },
          content: ['Hello quire, the office of difficult AVATAR Ty.'],
          font: 'Body',
          font_size: 14,
        },
      ],
      attachments: [
        {
          name: 'ledger.csv',
          file_name: 'Ledger 2026.csv',
          description: 'The ledger as CSV',
          media_type: 'text/csv',
          relationship: 'source',
          modified: '2026-11-20T08:00:00Z',
          columns: [{ key: 'dept', number: 3 }],
        },
      ],
      collection: {
        columns: [
          { key: 'dept', title: 'Department', data: 'text' },
          { key: 'due', title: 'Due', data: 'date' },
          { key: 'amount', title: 'Amount', data: 'number' },
          { key: 'fn', title: 'File', data: 'file_name' },
          { key: 'desc', title: 'About', data: 'description' },
          { key: 'mod', title: 'Changed', data: 'modified' },
          { key: 'size', title: 'Size', data: 'size', hidden: true },
        ],
      },
    },
    parts: {
      'ledger.csv': bytes('aXRlbSxhbW91bnQKYm94ZXMsMjEwLjAwCg=='),
      'note.txt': bytes('RGVsaXZlciB0byB0aGUgcmVhciBlbnRyYW5jZS4K'),
    },
    status: 400,
    word: 'description',
    pointer: '/attachments/0/columns/0',
    says: ['"dept"'],
  },
  {
    key: 'columnReadOff',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        { type: 'rect', rect: { llx: 50, lly: 700, urx: 200, ury: 750 }, fill: [1, 0, 0] },
        {
          type: 'text',
          rect: { llx: 72, lly: 500, urx: 300, ury: 680 },
          content: ['Hello quire, the office of difficult AVATAR Ty.'],
          font: 'Body',
          font_size: 14,
        },
      ],
      attachments: [
        {
          name: 'ledger.csv',
          file_name: 'Ledger 2026.csv',
          description: 'The ledger as CSV',
          media_type: 'text/csv',
          relationship: 'source',
          modified: '2026-11-20T08:00:00Z',
          columns: [{ key: 'size', number: 3 }],
        },
      ],
      collection: {
        columns: [
          { key: 'dept', title: 'Department', data: 'text' },
          { key: 'due', title: 'Due', data: 'date' },
          { key: 'amount', title: 'Amount', data: 'number' },
          { key: 'fn', title: 'File', data: 'file_name' },
          { key: 'desc', title: 'About', data: 'description' },
          { key: 'mod', title: 'Changed', data: 'modified' },
          { key: 'size', title: 'Size', data: 'size', hidden: true },
        ],
      },
    },
    parts: {
      'ledger.csv': bytes('aXRlbSxhbW91bnQKYm94ZXMsMjEwLjAwCg=='),
      'note.txt': bytes('RGVsaXZlciB0byB0aGUgcmVhciBlbnRyYW5jZS4K'),
    },
    status: 400,
    word: 'description',
    pointer: '/attachments/0/columns/0',
    says: ['"size"'],
  },
  {
    key: 'attachmentUnknown',
    description: {
      attachments: [
        {
          name: 'raw.csv',
          file_name: 'raw.csv',
          description: 'The data behind the chart',
          media_type: 'text/csv',
          relationship: 'source',
          modified: '2026-11-20',
        },
      ],
      images: [{ name: 'c', files: ['raw.csv', 'missing.csv'] }],
      items: [{ type: 'image', image: 'c', rect: { llx: 0, lly: 0, urx: 80, ury: 40 } }],
    },
    parts: {
      c: bytes(
        'iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAGUlEQVR4nGP4z8DwnwGM/zMwQtn/GRkYGABkxgb8a/rIhAAAAABJRU5ErkJggg==',
      ),
      'raw.csv': bytes('YSxiCjEsMgo='),
      'other.csv': bytes('eAo='),
    },
    status: 400,
    word: 'description',
    pointer: '/images/0/files/1',
    says: ['"missing.csv"'],
  },
  {
    key: 'twoSources',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        { type: 'rect', rect: { llx: 50, lly: 700, urx: 200, ury: 750 }, fill: [1, 0, 0] },
        {
          type: 'text',
          rect: { llx: 72, lly: 500, urx: 300, ury: 680 },
          content: ['Hello quire, the office of difficult AVATAR Ty.'],
          font: 'Body',
          font_size: 14,
        },
      ],
      page_metadata: [{ page: 1, facts: {}, packet: 'p' }],
    },
    parts: {
      p: bytes(
        'PD94cGFja2V0IGJlZ2luPSIiIGlkPSJXNU0wTXBDZWhpSHpyZVN6TlRjemtjOWQiPz48eDp4bXBtZXRhIHhtbG5zOng9ImFkb2JlOm5zOm1ldGEvIj48cmRmOlJERiB4bWxuczpyZGY9Imh0dHA6Ly93d3cudzMub3JnLzE5OTkvMDIvMjItcmRmLXN5bnRheC1ucyMiLz48L3g6eG1wbWV0YT48P3hwYWNrZXQgZW5kPSJyIj8+',
      ),
    },
    status: 400,
    word: 'description',
    pointer: '/page_metadata/0/packet',
    says: ['packet'],
  },
  {
    key: 'pageMetadataNoSource',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        { type: 'rect', rect: { llx: 50, lly: 700, urx: 200, ury: 750 }, fill: [1, 0, 0] },
        {
          type: 'text',
          rect: { llx: 72, lly: 500, urx: 300, ury: 680 },
          content: ['Hello quire, the office of difficult AVATAR Ty.'],
          font: 'Body',
          font_size: 14,
        },
      ],
      page_metadata: [{ page: 1 }],
    },
    status: 400,
    word: 'description',
    pointer: '/page_metadata/0',
    says: ['/page_metadata/0'],
  },
  {
    key: 'xmpPacketMalformed',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        { type: 'rect', rect: { llx: 50, lly: 700, urx: 200, ury: 750 }, fill: [1, 0, 0] },
        {
          type: 'text',
          rect: { llx: 72, lly: 500, urx: 300, ury: 680 },
          content: ['Hello quire, the office of difficult AVATAR Ty.'],
          font: 'Body',
          font_size: 14,
        },
      ],
      page_metadata: [{ page: 1, packet: 'p' }],
    },
    parts: { p: bytes('PHg6eG1wbWV0YT4=') },
    status: 400,
    word: 'description',
    pointer: '/page_metadata/0/packet',
    says: ['"p"', 'packet'],
  },
  {
    key: 'targetTwice',
    description: {
      items: [
        {
          type: 'link',
          rect: { llx: 0, lly: 0, urx: 10, ury: 10 },
          uri: 'https://example.com',
          action: { type: 'named', name: 'next_page' },
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/action',
    says: ['action'],
  },
  {
    key: 'targetMissing',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [{ type: 'link', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, pages: [1] }],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0',
    says: ['/items/0'],
  },
  {
    key: 'viewWithoutPage',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [{ type: 'link', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, pages: [1], uri: 'x:y', view: 'fit' }],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/view',
    says: ['view'],
  },
  {
    key: 'goToNoTarget',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [{ type: 'link', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, pages: [1], action: { type: 'go_to' } }],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/action',
    says: ['action'],
  },
  {
    key: 'keyNotApplicable',
    description: {
      items: [{ type: 'rect', rect: { llx: 10, lly: 10, urx: 50, ury: 50 }, fill: [0, 0, 1], pages: [1, 2] }],
      page_shows: [{ page: 1, dimension: 'horizontal' }],
    },
    status: 400,
    word: 'description',
    pointer: '/page_shows/0/dimension',
    says: ['"replace"', 'dimension'],
  },
  {
    key: 'destinationUndeclared',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [{ type: 'link', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, pages: [1], destination: 'nowhere' }],
      destinations: [{ name: 'here', page: 1 }],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/destination',
    says: ['"nowhere"', 'destination'],
  },
  {
    key: 'outlineColourInk',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'text',
          rect: { llx: 72, lly: 700, urx: 400, ury: 760 },
          content: ['Visit the site'],
          font: 'Body',
          font_size: 14,
          pages: [1],
        },
      ],
      bookmarks: [{ title: 'a', color: [0, 0, 0, 1] }],
    },
    status: 400,
    word: 'description',
    pointer: '/bookmarks/0/color',
    says: ['color'],
  },
  {
    key: 'articleMissing',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'link',
          rect: { llx: 0, lly: 0, urx: 10, ury: 10 },
          pages: [1],
          action: { type: 'thread', article: 2 },
        },
      ],
      articles: [{ beads: [{ page: 1, rect: { llx: 0, lly: 0, urx: 1, ury: 1 } }] }],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/action/article',
    says: ['article'],
  },
  {
    key: 'beadMissing',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'link',
          rect: { llx: 0, lly: 0, urx: 10, ury: 10 },
          pages: [1],
          action: { type: 'thread', article: 1, bead: 2 },
        },
      ],
      articles: [{ beads: [{ page: 1, rect: { llx: 0, lly: 0, urx: 1, ury: 1 } }] }],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/action/bead',
    says: ['bead'],
  },
  {
    key: 'uriRunsScript',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [{ type: 'link', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, pages: [1], uri: 'JavaScript:alert(1)' }],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/uri',
    says: ['uri'],
  },
  {
    key: 'coordinateOutOfRange',
    description: {
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: '{page_width} * 10000000000', ury: 9 }, fill: [0] }],
    },
    status: 400,
    word: 'drawing',
    pointer: '/items/0/rect/urx',
    says: ['/items/0/rect/urx'],
  },
  {
    key: 'dashAllZero',
    description: { items: [{ type: 'line', from: [0, 0], to: [1, 1], stroke: { dash: { pattern: [0, 0] } } }] },
    status: 400,
    word: 'description',
    pointer: '/items/0/stroke/dash/pattern',
    says: ['pattern'],
  },
  {
    key: 'needsLicenceStructureDestination',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'text',
          rect: { llx: 72, lly: 700, urx: 400, ury: 760 },
          content: ['Visit the site'],
          font: 'Body',
          font_size: 14,
          pages: [1],
        },
      ],
      destinations: [{ name: 'fig', structure_element: 'figure-1' }],
    },
    status: 402,
    word: 'needs_a_licence',
    pointer: '/destinations/0/structure_element',
    says: ['"fig"'],
  },
  {
    key: 'structureElementNotFound',
    licensed: true,
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'text',
          id: 'intro',
          rect: { llx: 72, lly: 700, urx: 400, ury: 760 },
          content: ['Introduction'],
          font: 'Body',
          font_size: 14,
        },
      ],
      structure: { elements: [{ type: 'H1', id: 'top', children: ['intro'] }] },
      destinations: [{ name: 'fig', structure_element: 'figure-1' }],
    },
    status: 400,
    word: 'description',
    pointer: '/destinations/0/structure_element',
    says: ['"fig"', '"figure-1"'],
  },
  {
    key: 'structureDestinationVersion',
    licensed: true,
    description: {
      version: '1.7',
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'text',
          id: 'intro',
          rect: { llx: 72, lly: 700, urx: 400, ury: 760 },
          content: ['Introduction'],
          font: 'Body',
          font_size: 14,
        },
      ],
      structure: { elements: [{ type: 'H1', id: 'top', children: ['intro'] }] },
      destinations: [{ name: 'top', structure_element: 'top' }],
    },
    status: 400,
    word: 'description',
    pointer: '/destinations/0/structure_element',
    says: ['1.7', 'PDF 2.0'],
  },
];
