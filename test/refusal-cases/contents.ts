// test/refusal-cases/contents.ts — refusal cases of a story's `{contents}` block (docs/reference.md,
// "flow", Contents), walked by test/refusals.test.ts: its keys' values are checked by the schema
// (ir/schema/story-contents.ts), each refusal naming the key inside the block.
import type { RefusalCase } from './support.js';
import { NOTO_SANS_B64 } from './support.js';

function story(contents: Record<string, unknown>): unknown {
  return {
    fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
    items: [
      {
        type: 'flow',
        font: 'Body',
        font_size: 10,
        rect: { llx: 50, lly: 100, urx: 545, ury: 800 },
        content: [{ contents }, { heading: 1, text: 'One' }],
      },
    ],
  };
}

export const CASES: RefusalCase[] = [
  {
    key: 'schemaRange',
    what: 'contents levels past 6',
    description: story({ levels: 7 }),
    status: 400,
    word: 'description',
    pointer: '/items/0/content/0/contents/levels',
    says: ['/items/0/content/0/contents/levels', 'at most 6'],
  },
  {
    key: 'schemaRange',
    what: 'contents levels below 1',
    description: story({ levels: 0 }),
    status: 400,
    word: 'description',
    pointer: '/items/0/content/0/contents/levels',
    says: ['/items/0/content/0/contents/levels', 'at least 1'],
  },
  {
    key: 'schemaType',
    what: 'contents levels not a whole number',
    description: story({ levels: 2.5 }),
    status: 400,
    word: 'description',
    pointer: '/items/0/content/0/contents/levels',
    says: ['/items/0/content/0/contents/levels', 'a whole number'],
  },
  {
    key: 'schemaRange',
    what: 'a contents leader longer than 8 characters',
    description: story({ leader: '. . . . . ' }),
    status: 400,
    word: 'description',
    pointer: '/items/0/content/0/contents/leader',
    says: ['/items/0/content/0/contents/leader', 'at most 8 characters'],
  },
  {
    key: 'schemaRange',
    what: 'an empty contents title',
    description: story({ title: '' }),
    status: 400,
    word: 'description',
    pointer: '/items/0/content/0/contents/title',
    says: ['/items/0/content/0/contents/title'],
  },
  {
    key: 'glyphMissing',
    what: 'a contents leader the font cannot draw',
    description: story({ leader: '\t' }),
    status: 400,
    word: 'drawing',
    pointer: '/items/0/content/0/contents/leader',
    says: ['/items/0/content/0/contents/leader', 'U+0009'],
  },
  {
    key: 'placeholderInDrawing',
    what: 'a contents block in a story inside a drawing',
    description: {
      fonts: [{ name: 'f', library: 'noto_sans' }],
      drawings: [
        {
          name: 'd',
          box: { llx: 0, lly: 0, urx: 200, ury: 100 },
          items: [
            {
              type: 'flow',
              rect: { llx: 0, lly: 0, urx: 200, ury: 100 },
              font: 'f',
              font_size: 10,
              content: [{ contents: {} }, { heading: 1, text: 'One' }],
            },
          ],
        },
      ],
      items: [],
    },
    status: 400,
    word: 'description',
    pointer: '/drawings/0/items/0/content/0',
    says: ['{contents}', '/drawings/0/items/0/content/0'],
  },
];
