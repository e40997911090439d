// test/refusal-cases/names.ts — refusal cases of the names messages of ir/messages.ts, walked by
// test/refusals.test.ts, which renders each one in-process (or posts it to one server: see server.ts)
// and checks status, x-svc-refusal word, JSON pointer, that the sentence is the message's own and
// names what `says` lists. Every entry of REFUSALS needs at least one case somewhere under
// test/refusal-cases/, or the walk fails.
//
// To add a case: copy one below, set `key` to the message's key, give the smallest description
// (and `parts`, `licensed`, `client` when the case needs them) that meets that refusal first, the
// status and word of the table entry, the pointer the refusal names, and in `says` the key or name
// at fault as the sentence spells it.
import { cff2Tagged, INTER_VARIABLE } from '../support/font-fixtures.js';
import { selfCompositeFont } from '../support/hostile.js';
import type { RefusalCase } from './support.js';
import { b64, NIMBUS_SANS_OTF } from './support.js';

export const CASES: RefusalCase[] = [
  {
    key: 'fontUndeclared',
    description: { font_chains: [{ name: 'C', fonts: ['Nope'] }], items: [] },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/font_chains/0/fonts/0',
    says: ['"Nope"'],
  },
  {
    key: 'nameDeclaredTwice',
    description: {
      graphics_states: [
        { name: 's', state: {} },
        { name: 's', state: {} },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/graphics_states/1/name',
    says: ['"s"', 'name'],
  },
  {
    key: 'partMissing',
    description: { fonts: [{ name: 'A', part: 'a.ttf' }], items: [] },
    status: 400,
    word: 'description',
    pointer: '/fonts/0/part',
    says: ['"a.ttf"', 'part'],
  },
  {
    key: 'fontUnreadable',
    description: { fonts: [{ name: 'A', data: 'AAAAAAAA' }], items: [] },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/fonts/0/data',
    says: ['"A"'],
  },
  {
    key: 'fontUnreadable',
    what: 'a composite glyph built from itself (issue 20), refused when the font is loaded, drawn or not',
    description: { fonts: [{ name: 'A', data: b64(selfCompositeFont()) }], items: [] },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/fonts/0/data',
    says: ['"A"', 'composite glyph 171 is built from itself'],
  },
  {
    key: 'fontPastMemory',
    what: 'a supplied font within a budget smaller than its charge, 2 MiB + ten times its file (issue 20), refused before it is parsed',
    description: { fonts: [{ name: 'A', data: b64(NIMBUS_SANS_OTF) }], items: [] },
    renderMemory: 1024 * 1024,
    licensed: true,
    status: 413,
    word: 'drawing',
    pointer: '/fonts/0/data',
    says: ['"A"', `${NIMBUS_SANS_OTF.length} bytes`, '1048576'],
  },
  {
    key: 'fontNotVariable',
    description: { fonts: [{ name: 'S', library: 'noto_sans', variations: { wght: 700 } }], items: [] },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/fonts/0/variations',
    says: ['"S"', '/fonts/0/variations'],
  },
  {
    key: 'fontAxisUnknown',
    description: { fonts: [{ name: 'I', data: b64(INTER_VARIABLE), variations: { wdth: 80 } }], items: [] },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/fonts/0/variations/wdth',
    says: ['"I"', '"wdth"', '"wght"'],
  },
  {
    key: 'fontAxisOutOfRange',
    description: { fonts: [{ name: 'I', data: b64(INTER_VARIABLE), variations: { wght: 1000 } }], items: [] },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/fonts/0/variations/wght',
    says: ['"I"', '1000', '100 to 900'],
  },
  {
    key: 'fontInstanceUnknown',
    description: { fonts: [{ name: 'I', data: b64(INTER_VARIABLE), instance: 'Heavy' }], items: [] },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/fonts/0/instance',
    says: ['"I"', '"Heavy"', '"Black"'],
  },
  {
    key: 'fontKindUnsupported',
    description: { fonts: [{ name: 'V', data: b64(cff2Tagged(NIMBUS_SANS_OTF)) }], items: [] },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/fonts/0/data',
    says: ['"V"', 'CFF2'],
  },
  {
    key: 'glyphMissing',
    description: {
      standard_fonts: [{ name: 'H', face: 'helvetica' }],
      items: [{ type: 'text', rect: { llx: 0, lly: 0, urx: 500, ury: 500 }, content: ['Ω'], font: 'H', font_size: 9 }],
    },
    licensed: true,
    status: 400,
    word: 'drawing',
    pointer: '/items/0/content/0',
    says: ['"H"'],
  },
];
