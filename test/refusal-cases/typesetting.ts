// test/refusal-cases/typesetting.ts — refusal cases of the typesetting messages of ir/messages.ts, walked by
// test/refusals.test.ts, which renders each one in-process (or posts it to one server: see server.ts)
// and checks status, x-svc-refusal word, JSON pointer, that the sentence is the message's own and
// names what `says` lists. Every entry of REFUSALS needs at least one case somewhere under
// test/refusal-cases/, or the walk fails.
//
// To add a case: copy one below, set `key` to the message's key, give the smallest description
// (and `parts`, `licensed`, `client` when the case needs them) that meets that refusal first, the
// status and word of the table entry, the pointer the refusal names, and in `says` the key or name
// at fault as the sentence spells it.
import { notoWithFsType } from '../support/font-fixtures.js';
import type { RefusalCase } from './support.js';
import { b64, NIMBUS_SANS_PFB, NOTO_SANS, NOTO_SANS_B64 } from './support.js';

export const CASES: RefusalCase[] = [
  {
    key: 'placeholderUnknown',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          font: 'Body',
          font_size: 11,
          type: 'text',
          rect: { llx: 0, lly: 0, urx: 9, ury: 9 },
          content: ['page {page}'],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/content/0',
    says: ['/items/0/content/0'],
  },
  {
    key: 'dateDirective',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          font: 'Body',
          font_size: 11,
          type: 'text',
          rect: { llx: 0, lly: 0, urx: 9, ury: 9 },
          content: [{ date: '%Q' }],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/content/0/date',
    says: ['date'],
  },
  {
    key: 'dateZone',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          font: 'Body',
          font_size: 11,
          type: 'text',
          rect: { llx: 0, lly: 0, urx: 9, ury: 9 },
          content: [{ date: '%Y', zone: 'Mars/Olympus' }],
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/content/0/zone',
    says: ['"Mars/Olympus"', 'zone'],
  },
  {
    key: 'hyphenateLanguage',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          font: 'Body',
          font_size: 11,
          type: 'flow',
          rect: { llx: 72, lly: 600, urx: 300, ury: 700 },
          content: 'x',
          hyphenate: 'xx',
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/hyphenate',
    says: ['"xx"', 'hyphenate'],
  },
  {
    key: 'oneCharacter',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          font: 'Body',
          font_size: 11,
          type: 'flow',
          rect: { llx: 72, lly: 600, urx: 300, ury: 700 },
          content: 'x',
          leader: '..',
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/leader',
    says: ['".."', 'leader'],
  },
  {
    key: 'rulerOrder',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          font: 'Body',
          font_size: 11,
          type: 'flow',
          rect: { llx: 72, lly: 600, urx: 300, ury: 700 },
          content: 'x',
          tabs: { ruler: [50, 40] },
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/tabs/ruler',
    says: ['ruler'],
  },
  {
    key: 'fitFloorAboveSize',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          font: 'Body',
          font_size: 11,
          type: 'flow',
          rect: { llx: 72, lly: 600, urx: 300, ury: 700 },
          content: 'x',
          fit_size: { floor: 20 },
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/fit_size/floor',
    says: ['floor'],
  },
  {
    key: 'hangingListWith',
    description: {
      fonts: [{ name: 'Body', part: 'NotoSans-Regular.ttf' }],
      items: [
        {
          type: 'flow',
          rect: { llx: 72, lly: 600, urx: 300, ury: 780 },
          font: 'Body',
          font_size: 11,
          content: '•\tItem',
          hanging_list: { marker: 0, body: 14 },
          left_indent: 10,
        },
      ],
    },
    parts: { 'NotoSans-Regular.ttf': NOTO_SANS },
    status: 400,
    word: 'description',
    pointer: '/items/0/left_indent',
    says: ['left_indent'],
  },
  {
    key: 'fillLeadingWithLeading',
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      items: [
        {
          font: 'Body',
          font_size: 11,
          type: 'flow',
          rect: { llx: 72, lly: 600, urx: 300, ury: 700 },
          content: 'x',
          fill_leading: { limit: 30 },
          leading: 14,
        },
      ],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/leading',
    says: ['leading'],
  },
  {
    key: 'replacementNotOneCharacter',
    description: { fonts: [{ name: 'F', data: NOTO_SANS_B64, missing: { replace: '??' } }], items: [] },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/fonts/0/missing/replace',
    says: ['replace'],
  },
  {
    key: 'type3GlyphText',
    description: {
      type3_fonts: [
        {
          name: 'G',
          matrix: [0.001, 0, 0, 0.001, 0, 0],
          box: { llx: 0, lly: 0, urx: 1000, ury: 1000 },
          glyphs: [{ character: 'a', width: 500, items: [{ type: 'text', content: ['x'] }] }],
        },
      ],
      items: [],
    },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/type3_fonts/0/glyphs/0/items/0/type',
    says: ['"text"', 'type'],
  },
  {
    key: 'type3GlyphShapeKind',
    description: {
      type3_fonts: [
        {
          name: 'G',
          matrix: [0.001, 0, 0, 0.001, 0, 0],
          box: { llx: 0, lly: 0, urx: 1000, ury: 1000 },
          glyphs: [{ character: 'a', width: 500, items: [{ type: 'image', image: 'x' }] }],
        },
      ],
      items: [],
    },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/type3_fonts/0/glyphs/0/items/0/type',
    says: ['"image"', 'type'],
  },
  {
    key: 'type3CharacterNotOne',
    description: {
      type3_fonts: [
        {
          name: 'G',
          matrix: [0.001, 0, 0, 0.001, 0, 0],
          box: { llx: 0, lly: 0, urx: 1000, ury: 1000 },
          glyphs: [{ character: 'ab', width: 1, items: [] }],
        },
      ],
      items: [],
    },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/type3_fonts/0/glyphs/0/character',
    says: ['character'],
  },
  {
    key: 'type3MatrixSingular',
    description: {
      type3_fonts: [
        {
          name: 'G',
          matrix: [0, 0, 0, 0, 0, 0],
          box: { llx: 0, lly: 0, urx: 1000, ury: 1000 },
          glyphs: [
            {
              character: 'b',
              width: 900,
              items: [{ type: 'rect', rect: { llx: 100, lly: 0, urx: 800, ury: 2000 }, fill: [0, 0, 1] }],
            },
            {
              character: 'a',
              width: 900,
              box: { llx: 0, lly: 0, urx: 900, ury: 900 },
              items: [
                {
                  type: 'path',
                  segments: [
                    { move: [0, 0] },
                    { line: [800, 0] },
                    {
                      curve: [
                        [800, 400],
                        [600, 800],
                        [400, 800],
                      ],
                    },
                    { close: true },
                  ],
                },
                {
                  type: 'line',
                  from: [0, 0],
                  to: [800, 800],
                  stroke: { width: 60, cap: 'round', join: 'bevel', miter_limit: 4, dash: { pattern: [100, 20] } },
                },
              ],
            },
          ],
        },
      ],
      items: [],
    },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/type3_fonts/0/matrix',
    says: ['matrix'],
  },
  {
    key: 'type3TooManyGlyphs',
    description: {
      type3_fonts: [
        {
          name: 'G',
          matrix: [0.001, 0, 0, 0.001, 0, 0],
          box: { llx: 0, lly: 0, urx: 1000, ury: 1000 },
          glyphs: Array.from({ length: 257 }, (_, i) => ({
            character: String.fromCodePoint(0x100 + i),
            width: 1,
            items: [],
          })),
        },
      ],
      items: [],
    },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/type3_fonts/0/glyphs',
    says: ['"G"', 'glyphs'],
  },
  {
    key: 'type3CharacterTwice',
    description: {
      type3_fonts: [
        {
          name: 'G',
          matrix: [0.001, 0, 0, 0.001, 0, 0],
          box: { llx: 0, lly: 0, urx: 1000, ury: 1000 },
          glyphs: [
            { character: 'a', width: 1, items: [] },
            { character: 'a', width: 2, items: [] },
          ],
        },
      ],
      items: [],
    },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/type3_fonts/0/glyphs/1/character',
    says: ['"a"', 'character'],
  },
  {
    key: 'libraryFaceUnknown',
    description: { fonts: [{ name: 'F', library: 'comic_sans' }], items: [] },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/fonts/0/library',
    says: ['"comic_sans"', 'library'],
  },
  {
    key: 'replacementMissing',
    description: { fonts: [{ name: 'F', data: NOTO_SANS_B64, missing: { replace: '☃' } }], items: [] },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/fonts/0/missing/replace',
    says: ['"☃"', 'replace'],
  },
  {
    key: 'fontRefKind',
    description: {
      type3_fonts: [
        {
          name: 'G',
          matrix: [0.001, 0, 0, 0.001, 0, 0],
          box: { llx: 0, lly: 0, urx: 1000, ury: 1000 },
          glyphs: [
            {
              character: 'b',
              width: 900,
              items: [{ type: 'rect', rect: { llx: 100, lly: 0, urx: 800, ury: 2000 }, fill: [0, 0, 1] }],
            },
            {
              character: 'a',
              width: 900,
              box: { llx: 0, lly: 0, urx: 900, ury: 900 },
              items: [
                {
                  type: 'path',
                  segments: [
                    { move: [0, 0] },
                    { line: [800, 0] },
                    {
                      curve: [
                        [800, 400],
                        [600, 800],
                        [400, 800],
                      ],
                    },
                    { close: true },
                  ],
                },
                {
                  type: 'line',
                  from: [0, 0],
                  to: [800, 800],
                  stroke: { width: 60, cap: 'round', join: 'bevel', miter_limit: 4, dash: { pattern: [100, 20] } },
                },
              ],
            },
          ],
        },
      ],
      font_variants: [{ name: 'V', font: 'G', kerning: true }],
      items: [],
    },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/font_variants/0/font',
    says: ['"G"', 'font'],
  },
  {
    key: 'variantFeatureMissing',
    description: {
      fonts: [{ name: 'M', library: 'source_code_pro' }],
      font_variants: [{ name: 'V', font: 'M', small_caps: true }],
      items: [],
    },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/font_variants/0/small_caps',
    says: ['"M"', 'small_caps'],
  },
  {
    key: 'simpleFontTooManyCharacters',
    description: {
      fonts: [{ name: 'B', data: NOTO_SANS_B64 }],
      simple_fonts: [
        {
          name: 'S',
          font: 'B',
          text: 'ĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĲĳĴĵĶķĸĹĺĻļĽľĿŀŁłŃńŅņŇňŉŊŋŌōŎŏŐőŒœŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƀƁƂƃƄƅƆƇƈƉƊƋƌƍƎƏƐƑƒƓƔƕƖƗƘƙƚƛƜƝƞƟƠơƢƣƤƥƦƧƨƩƪƫƬƭƮƯưƱƲƳƴƵƶƷƸƹƺƻƼƽƾƿǀǁǂǃǄǅǆǇǈǉǊǋǌǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǝǞǟǠǡǢǣǤǥǦǧǨǩǪǫǬǭǮǯǰǱǲǳǴǵǶǷǸǹǺǻǼǽǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȜȝȞȟȠȡȢȣȤȥȦȧȨȩȪȫ',
        },
      ],
      items: [],
    },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/simple_fonts/0/text',
    says: ['text'],
  },
  {
    key: 'type1Unreadable',
    description: {
      type1_fonts: [
        {
          name: 'P',
          data: 'T1RUTwAMAIAAAwBAQ0ZGIH8G7ZIAAADMAADWkEdQT1NoMO9IAADXXAAAQrhHU1VCAwKy3wABGhQAAAtAT1MvMnN1woQAASVUAAAAYFBDTFRWhJVXAAEltAAAADZjbWFwGfcF2AABJewAAAssaGVhZA2MstUAATEYAAAANmhoZWEG2gX1AAExUAAAACRobXR4V6nSTwABMXQAAA1cbWF4cANXUAAAAT7QAAAABm5hbWV0H2XOAAE+2AAAAmBwb3N0/4UAMgABQTgAAAAgAQAEAgABAQETTmltYnVzU2Fucy1SZWd1bGFyAAEBATD6fgD6fwH6gAwA+oEC+oED+BgE+ysMA/tm+7/6nPrHBRwpQQ8cKVoRvh0AAMdaEgJnAgABAAMACQAQABYAHAAmACwAMgA4AEIASQBPAFkAYwBpAG8AdQB7AIgAjgCUAJoAogCoAK0AugDAAMoA0QDYAOMA7gD3AQIBBgENARgBIwEqATEBPAFIAVQBYAFnAXMBfgGKAZEBmAGeAaQBpgGrAbEBuA==',
        },
      ],
      items: [],
    },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/type1_fonts/0/data',
    says: ['"P"'],
  },
  {
    key: 'afmUnreadable',
    description: { type1_fonts: [{ name: 'P', data: b64(NIMBUS_SANS_PFB), afm_data: 'aGVsbG8=' }], items: [] },
    licensed: true,
    status: 400,
    word: 'description',
    pointer: '/type1_fonts/0/afm_data',
    says: ['afm_data'],
  },
  {
    key: 'embeddingForbiddenByStandard',
    description: {
      archive: 'pdfa2b',
      fonts: [{ name: 'R', data: b64(notoWithFsType(2)) }],
      items: [{ type: 'flow', rect: { llx: 0, lly: 0, urx: 200, ury: 100 }, content: 'x', font: 'R', font_size: 10 }],
    },
    status: 400,
    word: 'description',
    pointer: '/fonts/0',
    says: ['"R"', 'NotoSans-Regular', 'pdfa2b'],
  },
];
