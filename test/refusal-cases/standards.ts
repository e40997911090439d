// test/refusal-cases/standards.ts — refusal cases of the standards messages of ir/messages.ts, walked by
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
import { bytes, FACTUR_X_XML, icc, NOTO_SANS_B64 } from './support.js';

export const CASES: RefusalCase[] = [
  {
    key: 'timestampInvalid',
    description: {
      items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }],
      images: [{ name: 'p', metadata: { facts: { created: 'yesterday' } } }],
    },
    parts: {
      p: bytes(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPgEpHjEpFj5BKRY2BgAAAF8QC2MeRaWgAAAABJRU5ErkJggg==',
      ),
    },
    status: 400,
    word: 'description',
    pointer: '/images/0/metadata/facts/created',
    says: ['"yesterday"', 'created'],
  },
  {
    key: 'xmlCharacter',
    description: { items: [], metadata: { title: '\u0013' } },
    status: 400,
    word: 'description',
    pointer: '/metadata/title',
    says: ['title'],
  },
  {
    key: 'xmlNameInvalid',
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
      metadata: { schemas: [{ namespace: 'http://ns.example.com/x/', prefix: '1bad', properties: {} }] },
    },
    status: 400,
    word: 'description',
    pointer: '/metadata/schemas/0/prefix',
    says: ['"1bad"', 'prefix'],
  },
  {
    key: 'xmpReserved',
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
      metadata: { schemas: [{ namespace: 'http://ns.example.com/x/', prefix: 'dc', properties: {} }] },
    },
    status: 400,
    word: 'description',
    pointer: '/metadata/schemas/0/prefix',
    says: ['"dc"', 'prefix'],
  },
  {
    key: 'compressionLevel',
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
      compression: 0,
    },
    status: 400,
    word: 'description',
    pointer: '/compression',
    says: ['compression'],
  },
  {
    key: 'archiveSetsAside',
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
      archive: 'pdfa4',
      version: '1.7',
    },
    status: 400,
    word: 'description',
    pointer: '/archive',
    says: ['"pdfa4"', 'archive'],
  },
  {
    key: 'archiveNeeds',
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
      archive: 'pdfa4f',
    },
    status: 400,
    word: 'description',
    pointer: '/archive',
    says: ['"pdfa4f"', 'archive'],
  },
  {
    key: 'versionTooOld',
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
      version: '1.1',
    },
    status: 400,
    word: 'description',
    pointer: '/version',
    says: ['"1.1"', 'version'],
  },
  {
    key: 'invoiceNeedsPdfa3b',
    description: {
      invoice: {
        xml: 'invoice.xml',
        profile: 'EN 16931',
        relationship: 'alternative',
        issued: '2026-11-22T10:00:00+01:00',
      },
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    parts: { 'invoice.xml': FACTUR_X_XML },
    status: 400,
    word: 'description',
    pointer: '/invoice',
    says: ['"pdfa3b"', 'invoice'],
  },
  {
    key: 'colourOutsideIntent',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, fill: [0, 0, 0, 1] }],
      archive: 'pdfa2b',
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/fill',
    says: ['"pdfa2b"', 'fill'],
  },
  {
    key: 'iccUnusable',
    description: { archive: 'pdfa2b', output_intent: { profile: 'p.icc' }, items: [] },
    parts: { 'p.icc': bytes('') },
    status: 400,
    word: 'description',
    pointer: '/output_intent/profile',
    says: ['"p.icc"', 'profile'],
  },
  {
    key: 'iccComponents',
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
      output_intent: { profile: 'swop.icc', components: 3 },
    },
    parts: { 'swop.icc': icc('default_cmyk.icc') },
    status: 400,
    word: 'description',
    pointer: '/output_intent/components',
    says: ['"swop.icc"', 'components'],
  },
  {
    key: 'invoiceXmlMalformed',
    description: {
      fonts: [],
      items: [],
      archive: 'pdfa3b',
      metadata: {
        title: 'Rechnung RE-2026-0471',
        author: 'Papierhaus Lindner GmbH',
        created: '2026-11-22T12:00:00+01:00',
      },
      invoice: {
        xml: 'invoice.xml',
        profile: 'EN 16931',
        relationship: 'alternative',
        issued: '2026-11-22T10:00:00+01:00',
      },
    },
    parts: { 'invoice.xml': bytes('') },
    status: 400,
    word: 'description',
    pointer: '/invoice/xml',
    says: ['"invoice.xml"'],
  },
  {
    key: 'invoiceXmlNotCii',
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
      archive: 'pdfa3b',
      metadata: {
        title: 'Rechnung RE-2026-0471',
        author: 'Papierhaus Lindner GmbH',
        created: '2026-11-22T12:00:00+01:00',
      },
      invoice: {
        xml: 'invoice.xml',
        profile: 'EN 16931',
        relationship: 'alternative',
        issued: '2026-11-22T10:00:00+01:00',
      },
    },
    parts: { 'invoice.xml': bytes('PHJzbTpDcm9zc0luZHVzdHJ5SW52b2ljZSB4bWxuczpyc209InVybjpleGFtcGxlIi8+') },
    status: 400,
    word: 'description',
    pointer: '/invoice/xml',
    says: ['"invoice.xml"'],
  },
  {
    key: 'invoiceProfileMismatch',
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
      archive: 'pdfa3b',
      metadata: {
        title: 'Rechnung RE-2026-0471',
        author: 'Papierhaus Lindner GmbH',
        created: '2026-11-22T12:00:00+01:00',
      },
      invoice: {
        xml: 'invoice.xml',
        profile: 'MINIMUM',
        relationship: 'alternative',
        issued: '2026-11-22T10:00:00+01:00',
      },
    },
    parts: { 'invoice.xml': FACTUR_X_XML },
    status: 400,
    word: 'description',
    pointer: '/invoice/profile',
    says: ['"MINIMUM"', 'profile'],
  },
  {
    key: 'invoiceFileNameTaken',
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
      archive: 'pdfa3b',
      metadata: {
        title: 'Rechnung RE-2026-0471',
        author: 'Papierhaus Lindner GmbH',
        created: '2026-11-22T12:00:00+01:00',
      },
      invoice: {
        xml: 'invoice.xml',
        profile: 'EN 16931',
        relationship: 'alternative',
        issued: '2026-11-22T10:00:00+01:00',
      },
      attachments: [
        {
          name: 'other.xml',
          file_name: 'factur-x.xml',
          description: 'd',
          media_type: 'text/xml',
          relationship: 'data',
          modified: '2026-11-20',
        },
      ],
    },
    parts: { 'invoice.xml': FACTUR_X_XML, 'other.xml': FACTUR_X_XML },
    status: 400,
    word: 'description',
    pointer: '/attachments/0/file_name',
    says: ['"factur-x.xml"', 'file_name'],
  },
  {
    key: 'invoicePartAttached',
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
      archive: 'pdfa3b',
      metadata: {
        title: 'Rechnung RE-2026-0471',
        author: 'Papierhaus Lindner GmbH',
        created: '2026-11-22T12:00:00+01:00',
      },
      invoice: {
        xml: 'invoice.xml',
        profile: 'EN 16931',
        relationship: 'alternative',
        issued: '2026-11-22T10:00:00+01:00',
      },
      attachments: [
        {
          name: 'invoice.xml',
          file_name: 'copy.xml',
          description: 'd',
          media_type: 'text/xml',
          relationship: 'data',
          modified: '2026-11-20',
        },
      ],
    },
    parts: { 'invoice.xml': FACTUR_X_XML },
    status: 400,
    word: 'description',
    pointer: '/attachments/0/name',
    says: ['"invoice.xml"'],
  },
  {
    key: 'needsLicenceTagging',
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
      archive: 'pdfa1a',
    },
    status: 402,
    word: 'needs_a_licence',
    pointer: '/archive',
    says: ['"pdfa1a"', 'archive'],
  },
];
