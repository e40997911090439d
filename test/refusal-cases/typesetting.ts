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
import { b64, NOTO_SANS_B64, NOTO_SANS, NIMBUS_SANS_PFB } from './support.js';

export const CASES: RefusalCase[] = [
  {
    key: 'placeholderUnknown',
    description: { fonts: [{ name: 'Body', data: NOTO_SANS_B64 }], items: [{ font: 'Body', font_size: 11, type: 'text', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, content: ['page {page}'] }] },
    status: 400, word: 'description', pointer: '/items/0/content/0',
    says: ['/items/0/content/0'],
  },
  {
    key: 'dateDirective',
    description: { fonts: [{ name: 'Body', data: NOTO_SANS_B64 }], items: [{ font: 'Body', font_size: 11, type: 'text', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, content: [{ date: '%Q' }] }] },
    status: 400, word: 'description', pointer: '/items/0/content/0/date',
    says: ['date'],
  },
  {
    key: 'dateZone',
    description: { fonts: [{ name: 'Body', data: NOTO_SANS_B64 }], items: [{ font: 'Body', font_size: 11, type: 'text', rect: { llx: 0, lly: 0, urx: 9, ury: 9 }, content: [{ date: '%Y', zone: 'Mars/Olympus' }] }] },
    status: 400, word: 'description', pointer: '/items/0/content/0/zone',
    says: ['"Mars/Olympus"', 'zone'],
  },
  {
    key: 'hyphenateLanguage',
    description: { fonts: [{ name: 'Body', data: NOTO_SANS_B64 }], items: [{ font: 'Body', font_size: 11, type: 'flow', rect: { llx: 72, lly: 600, urx: 300, ury: 700 }, content: 'x', hyphenate: 'xx' }] },
    status: 400, word: 'description', pointer: '/items/0/hyphenate',
    says: ['"xx"', 'hyphenate'],
  },
  {
    key: 'oneCharacter',
    description: { fonts: [{ name: 'Body', data: NOTO_SANS_B64 }], items: [{ font: 'Body', font_size: 11, type: 'flow', rect: { llx: 72, lly: 600, urx: 300, ury: 700 }, content: 'x', leader: '..' }] },
    status: 400, word: 'description', pointer: '/items/0/leader',
    says: ['".."', 'leader'],
  },
  {
    key: 'rulerOrder',
    description: { fonts: [{ name: 'Body', data: NOTO_SANS_B64 }], items: [{ font: 'Body', font_size: 11, type: 'flow', rect: { llx: 72, lly: 600, urx: 300, ury: 700 }, content: 'x', tabs: { ruler: [50, 40] } }] },
    status: 400, word: 'description', pointer: '/items/0/tabs/ruler',
    says: ['ruler'],
  },
  {
    key: 'fitFloorAboveSize',
    description: { fonts: [{ name: 'Body', data: NOTO_SANS_B64 }], items: [{ font: 'Body', font_size: 11, type: 'flow', rect: { llx: 72, lly: 600, urx: 300, ury: 700 }, content: 'x', fit_size: { floor: 20 } }] },
    status: 400, word: 'description', pointer: '/items/0/fit_size/floor',
    says: ['floor'],
  },
  {
    key: 'hangingListWith',
    description: { fonts: [{ name: 'Body', part: 'NotoSans-Regular.ttf' }], items: [{ type: 'flow', rect: { llx: 72, lly: 600, urx: 300, ury: 780 }, font: 'Body', font_size: 11, content: '•\tItem', hanging_list: { marker: 0, body: 14 }, left_indent: 10 }] },
    parts: { 'NotoSans-Regular.ttf': NOTO_SANS },
    status: 400, word: 'description', pointer: '/items/0/left_indent',
    says: ['left_indent'],
  },
  {
    key: 'fillLeadingWithLeading',
    description: { fonts: [{ name: 'Body', data: NOTO_SANS_B64 }], items: [{ font: 'Body', font_size: 11, type: 'flow', rect: { llx: 72, lly: 600, urx: 300, ury: 700 }, content: 'x', fill_leading: { limit: 30 }, leading: 14 }] },
    status: 400, word: 'description', pointer: '/items/0/leading',
    says: ['leading'],
  },
  {
    key: 'replacementNotOneCharacter',
    description: { fonts: [{ name: 'F', data: NOTO_SANS_B64, missing: { replace: '??' } }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/fonts/0/missing/replace',
    says: ['replace'],
  },
  {
    key: 'segmentShape',
    description: { type3_fonts: [{ name: 'G', matrix: [0.001, 0, 0, 0.001, 0, 0], box: { llx: 0, lly: 0, urx: 1000, ury: 1000 }, glyphs: [{ character: 'a', width: 500, items: [{ type: 'path', segments: [{ line: [1, 1] }] }] }] }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/type3_fonts/0/glyphs/0/items/0/segments/0',
    says: ['/type3_fonts/0/glyphs/0/items/0/segments/0'],
  },
  {
    key: 'type3GlyphText',
    description: { type3_fonts: [{ name: 'G', matrix: [0.001, 0, 0, 0.001, 0, 0], box: { llx: 0, lly: 0, urx: 1000, ury: 1000 }, glyphs: [{ character: 'a', width: 500, items: [{ type: 'text', content: ['x'] }] }] }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/type3_fonts/0/glyphs/0/items/0/type',
    says: ['"text"', 'type'],
  },
  {
    key: 'type3GlyphShapeKind',
    description: { type3_fonts: [{ name: 'G', matrix: [0.001, 0, 0, 0.001, 0, 0], box: { llx: 0, lly: 0, urx: 1000, ury: 1000 }, glyphs: [{ character: 'a', width: 500, items: [{ type: 'image', image: 'x' }] }] }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/type3_fonts/0/glyphs/0/items/0/type',
    says: ['"image"', 'type'],
  },
  {
    key: 'type3CharacterNotOne',
    description: { type3_fonts: [{ name: 'G', matrix: [0.001, 0, 0, 0.001, 0, 0], box: { llx: 0, lly: 0, urx: 1000, ury: 1000 }, glyphs: [{ character: 'ab', width: 1, items: [] }] }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/type3_fonts/0/glyphs/0/character',
    says: ['character'],
  },
  {
    key: 'type3MatrixSingular',
    description: { type3_fonts: [{ name: 'G', matrix: [0, 0, 0, 0, 0, 0], box: { llx: 0, lly: 0, urx: 1000, ury: 1000 }, glyphs: [{ character: 'b', width: 900, items: [{ type: 'rect', rect: { llx: 100, lly: 0, urx: 800, ury: 2000 }, fill: [0, 0, 1] }] }, { character: 'a', width: 900, box: { llx: 0, lly: 0, urx: 900, ury: 900 }, items: [{ type: 'path', segments: [{ move: [0, 0] }, { line: [800, 0] }, { curve: [[800, 400], [600, 800], [400, 800]] }, { close: true }] }, { type: 'line', from: [0, 0], to: [800, 800], stroke: { width: 60, cap: 'round', join: 'bevel', miter_limit: 4, dash: { pattern: [100, 20] } } }] }] }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/type3_fonts/0/matrix',
    says: ['matrix'],
  },
  {
    key: 'type3TooManyGlyphs',
    description: { type3_fonts: [{ name: 'G', matrix: [0.001, 0, 0, 0.001, 0, 0], box: { llx: 0, lly: 0, urx: 1000, ury: 1000 }, glyphs: [{ character: 'Ā', width: 1, items: [] }, { character: 'ā', width: 1, items: [] }, { character: 'Ă', width: 1, items: [] }, { character: 'ă', width: 1, items: [] }, { character: 'Ą', width: 1, items: [] }, { character: 'ą', width: 1, items: [] }, { character: 'Ć', width: 1, items: [] }, { character: 'ć', width: 1, items: [] }, { character: 'Ĉ', width: 1, items: [] }, { character: 'ĉ', width: 1, items: [] }, { character: 'Ċ', width: 1, items: [] }, { character: 'ċ', width: 1, items: [] }, { character: 'Č', width: 1, items: [] }, { character: 'č', width: 1, items: [] }, { character: 'Ď', width: 1, items: [] }, { character: 'ď', width: 1, items: [] }, { character: 'Đ', width: 1, items: [] }, { character: 'đ', width: 1, items: [] }, { character: 'Ē', width: 1, items: [] }, { character: 'ē', width: 1, items: [] }, { character: 'Ĕ', width: 1, items: [] }, { character: 'ĕ', width: 1, items: [] }, { character: 'Ė', width: 1, items: [] }, { character: 'ė', width: 1, items: [] }, { character: 'Ę', width: 1, items: [] }, { character: 'ę', width: 1, items: [] }, { character: 'Ě', width: 1, items: [] }, { character: 'ě', width: 1, items: [] }, { character: 'Ĝ', width: 1, items: [] }, { character: 'ĝ', width: 1, items: [] }, { character: 'Ğ', width: 1, items: [] }, { character: 'ğ', width: 1, items: [] }, { character: 'Ġ', width: 1, items: [] }, { character: 'ġ', width: 1, items: [] }, { character: 'Ģ', width: 1, items: [] }, { character: 'ģ', width: 1, items: [] }, { character: 'Ĥ', width: 1, items: [] }, { character: 'ĥ', width: 1, items: [] }, { character: 'Ħ', width: 1, items: [] }, { character: 'ħ', width: 1, items: [] }, { character: 'Ĩ', width: 1, items: [] }, { character: 'ĩ', width: 1, items: [] }, { character: 'Ī', width: 1, items: [] }, { character: 'ī', width: 1, items: [] }, { character: 'Ĭ', width: 1, items: [] }, { character: 'ĭ', width: 1, items: [] }, { character: 'Į', width: 1, items: [] }, { character: 'į', width: 1, items: [] }, { character: 'İ', width: 1, items: [] }, { character: 'ı', width: 1, items: [] }, { character: 'Ĳ', width: 1, items: [] }, { character: 'ĳ', width: 1, items: [] }, { character: 'Ĵ', width: 1, items: [] }, { character: 'ĵ', width: 1, items: [] }, { character: 'Ķ', width: 1, items: [] }, { character: 'ķ', width: 1, items: [] }, { character: 'ĸ', width: 1, items: [] }, { character: 'Ĺ', width: 1, items: [] }, { character: 'ĺ', width: 1, items: [] }, { character: 'Ļ', width: 1, items: [] }, { character: 'ļ', width: 1, items: [] }, { character: 'Ľ', width: 1, items: [] }, { character: 'ľ', width: 1, items: [] }, { character: 'Ŀ', width: 1, items: [] }, { character: 'ŀ', width: 1, items: [] }, { character: 'Ł', width: 1, items: [] }, { character: 'ł', width: 1, items: [] }, { character: 'Ń', width: 1, items: [] }, { character: 'ń', width: 1, items: [] }, { character: 'Ņ', width: 1, items: [] }, { character: 'ņ', width: 1, items: [] }, { character: 'Ň', width: 1, items: [] }, { character: 'ň', width: 1, items: [] }, { character: 'ŉ', width: 1, items: [] }, { character: 'Ŋ', width: 1, items: [] }, { character: 'ŋ', width: 1, items: [] }, { character: 'Ō', width: 1, items: [] }, { character: 'ō', width: 1, items: [] }, { character: 'Ŏ', width: 1, items: [] }, { character: 'ŏ', width: 1, items: [] }, { character: 'Ő', width: 1, items: [] }, { character: 'ő', width: 1, items: [] }, { character: 'Œ', width: 1, items: [] }, { character: 'œ', width: 1, items: [] }, { character: 'Ŕ', width: 1, items: [] }, { character: 'ŕ', width: 1, items: [] }, { character: 'Ŗ', width: 1, items: [] }, { character: 'ŗ', width: 1, items: [] }, { character: 'Ř', width: 1, items: [] }, { character: 'ř', width: 1, items: [] }, { character: 'Ś', width: 1, items: [] }, { character: 'ś', width: 1, items: [] }, { character: 'Ŝ', width: 1, items: [] }, { character: 'ŝ', width: 1, items: [] }, { character: 'Ş', width: 1, items: [] }, { character: 'ş', width: 1, items: [] }, { character: 'Š', width: 1, items: [] }, { character: 'š', width: 1, items: [] }, { character: 'Ţ', width: 1, items: [] }, { character: 'ţ', width: 1, items: [] }, { character: 'Ť', width: 1, items: [] }, { character: 'ť', width: 1, items: [] }, { character: 'Ŧ', width: 1, items: [] }, { character: 'ŧ', width: 1, items: [] }, { character: 'Ũ', width: 1, items: [] }, { character: 'ũ', width: 1, items: [] }, { character: 'Ū', width: 1, items: [] }, { character: 'ū', width: 1, items: [] }, { character: 'Ŭ', width: 1, items: [] }, { character: 'ŭ', width: 1, items: [] }, { character: 'Ů', width: 1, items: [] }, { character: 'ů', width: 1, items: [] }, { character: 'Ű', width: 1, items: [] }, { character: 'ű', width: 1, items: [] }, { character: 'Ų', width: 1, items: [] }, { character: 'ų', width: 1, items: [] }, { character: 'Ŵ', width: 1, items: [] }, { character: 'ŵ', width: 1, items: [] }, { character: 'Ŷ', width: 1, items: [] }, { character: 'ŷ', width: 1, items: [] }, { character: 'Ÿ', width: 1, items: [] }, { character: 'Ź', width: 1, items: [] }, { character: 'ź', width: 1, items: [] }, { character: 'Ż', width: 1, items: [] }, { character: 'ż', width: 1, items: [] }, { character: 'Ž', width: 1, items: [] }, { character: 'ž', width: 1, items: [] }, { character: 'ſ', width: 1, items: [] }, { character: 'ƀ', width: 1, items: [] }, { character: 'Ɓ', width: 1, items: [] }, { character: 'Ƃ', width: 1, items: [] }, { character: 'ƃ', width: 1, items: [] }, { character: 'Ƅ', width: 1, items: [] }, { character: 'ƅ', width: 1, items: [] }, { character: 'Ɔ', width: 1, items: [] }, { character: 'Ƈ', width: 1, items: [] }, { character: 'ƈ', width: 1, items: [] }, { character: 'Ɖ', width: 1, items: [] }, { character: 'Ɗ', width: 1, items: [] }, { character: 'Ƌ', width: 1, items: [] }, { character: 'ƌ', width: 1, items: [] }, { character: 'ƍ', width: 1, items: [] }, { character: 'Ǝ', width: 1, items: [] }, { character: 'Ə', width: 1, items: [] }, { character: 'Ɛ', width: 1, items: [] }, { character: 'Ƒ', width: 1, items: [] }, { character: 'ƒ', width: 1, items: [] }, { character: 'Ɠ', width: 1, items: [] }, { character: 'Ɣ', width: 1, items: [] }, { character: 'ƕ', width: 1, items: [] }, { character: 'Ɩ', width: 1, items: [] }, { character: 'Ɨ', width: 1, items: [] }, { character: 'Ƙ', width: 1, items: [] }, { character: 'ƙ', width: 1, items: [] }, { character: 'ƚ', width: 1, items: [] }, { character: 'ƛ', width: 1, items: [] }, { character: 'Ɯ', width: 1, items: [] }, { character: 'Ɲ', width: 1, items: [] }, { character: 'ƞ', width: 1, items: [] }, { character: 'Ɵ', width: 1, items: [] }, { character: 'Ơ', width: 1, items: [] }, { character: 'ơ', width: 1, items: [] }, { character: 'Ƣ', width: 1, items: [] }, { character: 'ƣ', width: 1, items: [] }, { character: 'Ƥ', width: 1, items: [] }, { character: 'ƥ', width: 1, items: [] }, { character: 'Ʀ', width: 1, items: [] }, { character: 'Ƨ', width: 1, items: [] }, { character: 'ƨ', width: 1, items: [] }, { character: 'Ʃ', width: 1, items: [] }, { character: 'ƪ', width: 1, items: [] }, { character: 'ƫ', width: 1, items: [] }, { character: 'Ƭ', width: 1, items: [] }, { character: 'ƭ', width: 1, items: [] }, { character: 'Ʈ', width: 1, items: [] }, { character: 'Ư', width: 1, items: [] }, { character: 'ư', width: 1, items: [] }, { character: 'Ʊ', width: 1, items: [] }, { character: 'Ʋ', width: 1, items: [] }, { character: 'Ƴ', width: 1, items: [] }, { character: 'ƴ', width: 1, items: [] }, { character: 'Ƶ', width: 1, items: [] }, { character: 'ƶ', width: 1, items: [] }, { character: 'Ʒ', width: 1, items: [] }, { character: 'Ƹ', width: 1, items: [] }, { character: 'ƹ', width: 1, items: [] }, { character: 'ƺ', width: 1, items: [] }, { character: 'ƻ', width: 1, items: [] }, { character: 'Ƽ', width: 1, items: [] }, { character: 'ƽ', width: 1, items: [] }, { character: 'ƾ', width: 1, items: [] }, { character: 'ƿ', width: 1, items: [] }, { character: 'ǀ', width: 1, items: [] }, { character: 'ǁ', width: 1, items: [] }, { character: 'ǂ', width: 1, items: [] }, { character: 'ǃ', width: 1, items: [] }, { character: 'Ǆ', width: 1, items: [] }, { character: 'ǅ', width: 1, items: [] }, { character: 'ǆ', width: 1, items: [] }, { character: 'Ǉ', width: 1, items: [] }, { character: 'ǈ', width: 1, items: [] }, { character: 'ǉ', width: 1, items: [] }, { character: 'Ǌ', width: 1, items: [] }, { character: 'ǋ', width: 1, items: [] }, { character: 'ǌ', width: 1, items: [] }, { character: 'Ǎ', width: 1, items: [] }, { character: 'ǎ', width: 1, items: [] }, { character: 'Ǐ', width: 1, items: [] }, { character: 'ǐ', width: 1, items: [] }, { character: 'Ǒ', width: 1, items: [] }, { character: 'ǒ', width: 1, items: [] }, { character: 'Ǔ', width: 1, items: [] }, { character: 'ǔ', width: 1, items: [] }, { character: 'Ǖ', width: 1, items: [] }, { character: 'ǖ', width: 1, items: [] }, { character: 'Ǘ', width: 1, items: [] }, { character: 'ǘ', width: 1, items: [] }, { character: 'Ǚ', width: 1, items: [] }, { character: 'ǚ', width: 1, items: [] }, { character: 'Ǜ', width: 1, items: [] }, { character: 'ǜ', width: 1, items: [] }, { character: 'ǝ', width: 1, items: [] }, { character: 'Ǟ', width: 1, items: [] }, { character: 'ǟ', width: 1, items: [] }, { character: 'Ǡ', width: 1, items: [] }, { character: 'ǡ', width: 1, items: [] }, { character: 'Ǣ', width: 1, items: [] }, { character: 'ǣ', width: 1, items: [] }, { character: 'Ǥ', width: 1, items: [] }, { character: 'ǥ', width: 1, items: [] }, { character: 'Ǧ', width: 1, items: [] }, { character: 'ǧ', width: 1, items: [] }, { character: 'Ǩ', width: 1, items: [] }, { character: 'ǩ', width: 1, items: [] }, { character: 'Ǫ', width: 1, items: [] }, { character: 'ǫ', width: 1, items: [] }, { character: 'Ǭ', width: 1, items: [] }, { character: 'ǭ', width: 1, items: [] }, { character: 'Ǯ', width: 1, items: [] }, { character: 'ǯ', width: 1, items: [] }, { character: 'ǰ', width: 1, items: [] }, { character: 'Ǳ', width: 1, items: [] }, { character: 'ǲ', width: 1, items: [] }, { character: 'ǳ', width: 1, items: [] }, { character: 'Ǵ', width: 1, items: [] }, { character: 'ǵ', width: 1, items: [] }, { character: 'Ƕ', width: 1, items: [] }, { character: 'Ƿ', width: 1, items: [] }, { character: 'Ǹ', width: 1, items: [] }, { character: 'ǹ', width: 1, items: [] }, { character: 'Ǻ', width: 1, items: [] }, { character: 'ǻ', width: 1, items: [] }, { character: 'Ǽ', width: 1, items: [] }, { character: 'ǽ', width: 1, items: [] }, { character: 'Ǿ', width: 1, items: [] }, { character: 'ǿ', width: 1, items: [] }, { character: 'Ȁ', width: 1, items: [] }] }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/type3_fonts/0/glyphs',
    says: ['"G"', 'glyphs'],
  },
  {
    key: 'type3CharacterTwice',
    description: { type3_fonts: [{ name: 'G', matrix: [0.001, 0, 0, 0.001, 0, 0], box: { llx: 0, lly: 0, urx: 1000, ury: 1000 }, glyphs: [{ character: 'a', width: 1, items: [] }, { character: 'a', width: 2, items: [] }] }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/type3_fonts/0/glyphs/1/character',
    says: ['"a"', 'character'],
  },
  {
    key: 'libraryFaceUnknown',
    description: { fonts: [{ name: 'F', library: 'comic_sans' }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/fonts/0/library',
    says: ['"comic_sans"', 'library'],
  },
  {
    key: 'replacementMissing',
    description: { fonts: [{ name: 'F', data: NOTO_SANS_B64, missing: { replace: '☃' } }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/fonts/0/missing/replace',
    says: ['"☃"', 'replace'],
  },
  {
    key: 'fontRefKind',
    description: { type3_fonts: [{ name: 'G', matrix: [0.001, 0, 0, 0.001, 0, 0], box: { llx: 0, lly: 0, urx: 1000, ury: 1000 }, glyphs: [{ character: 'b', width: 900, items: [{ type: 'rect', rect: { llx: 100, lly: 0, urx: 800, ury: 2000 }, fill: [0, 0, 1] }] }, { character: 'a', width: 900, box: { llx: 0, lly: 0, urx: 900, ury: 900 }, items: [{ type: 'path', segments: [{ move: [0, 0] }, { line: [800, 0] }, { curve: [[800, 400], [600, 800], [400, 800]] }, { close: true }] }, { type: 'line', from: [0, 0], to: [800, 800], stroke: { width: 60, cap: 'round', join: 'bevel', miter_limit: 4, dash: { pattern: [100, 20] } } }] }] }], font_variants: [{ name: 'V', font: 'G', kerning: true }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/font_variants/0/font',
    says: ['"G"', 'font'],
  },
  {
    key: 'variantFeatureMissing',
    description: { fonts: [{ name: 'M', library: 'source_code_pro' }], font_variants: [{ name: 'V', font: 'M', small_caps: true }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/font_variants/0/small_caps',
    says: ['"M"', 'small_caps'],
  },
  {
    key: 'simpleFontTooManyCharacters',
    description: { fonts: [{ name: 'B', data: NOTO_SANS_B64 }], simple_fonts: [{ name: 'S', font: 'B', text: 'ĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĲĳĴĵĶķĸĹĺĻļĽľĿŀŁłŃńŅņŇňŉŊŋŌōŎŏŐőŒœŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƀƁƂƃƄƅƆƇƈƉƊƋƌƍƎƏƐƑƒƓƔƕƖƗƘƙƚƛƜƝƞƟƠơƢƣƤƥƦƧƨƩƪƫƬƭƮƯưƱƲƳƴƵƶƷƸƹƺƻƼƽƾƿǀǁǂǃǄǅǆǇǈǉǊǋǌǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǝǞǟǠǡǢǣǤǥǦǧǨǩǪǫǬǭǮǯǰǱǲǳǴǵǶǷǸǹǺǻǼǽǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȜȝȞȟȠȡȢȣȤȥȦȧȨȩȪȫ' }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/simple_fonts/0/text',
    says: ['text'],
  },
  {
    key: 'type1Unreadable',
    description: { type1_fonts: [{ name: 'P', data: 'T1RUTwAMAIAAAwBAQ0ZGIH8G7ZIAAADMAADWkEdQT1NoMO9IAADXXAAAQrhHU1VCAwKy3wABGhQAAAtAT1MvMnN1woQAASVUAAAAYFBDTFRWhJVXAAEltAAAADZjbWFwGfcF2AABJewAAAssaGVhZA2MstUAATEYAAAANmhoZWEG2gX1AAExUAAAACRobXR4V6nSTwABMXQAAA1cbWF4cANXUAAAAT7QAAAABm5hbWV0H2XOAAE+2AAAAmBwb3N0/4UAMgABQTgAAAAgAQAEAgABAQETTmltYnVzU2Fucy1SZWd1bGFyAAEBATD6fgD6fwH6gAwA+oEC+oED+BgE+ysMA/tm+7/6nPrHBRwpQQ8cKVoRvh0AAMdaEgJnAgABAAMACQAQABYAHAAmACwAMgA4AEIASQBPAFkAYwBpAG8AdQB7AIgAjgCUAJoAogCoAK0AugDAAMoA0QDYAOMA7gD3AQIBBgENARgBIwEqATEBPAFIAVQBYAFnAXMBfgGKAZEBmAGeAaQBpgGrAbEBuA==' }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/type1_fonts/0/data',
    says: ['"P"'],
  },
  {
    key: 'afmUnreadable',
    description: { type1_fonts: [{ name: 'P', data: b64(NIMBUS_SANS_PFB), afm_data: 'aGVsbG8=' }], items: [] },
    licensed: true,
    status: 400, word: 'description', pointer: '/type1_fonts/0/afm_data',
    says: ['afm_data'],
  },
  {
    key: 'embeddingForbiddenByStandard',
    description: { archive: 'pdfa2b', fonts: [{ name: 'R', data: b64(notoWithFsType(2)) }], items: [{ type: 'flow', rect: { llx: 0, lly: 0, urx: 200, ury: 100 }, content: 'x', font: 'R', font_size: 10 }] },
    status: 400, word: 'description', pointer: '/fonts/0',
    says: ['"R"', 'NotoSans-Regular', 'pdfa2b'],
  },
];
