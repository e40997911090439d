// test/refusal-cases/forms.ts — refusal cases of the form-field messages of ir/messages.ts (text_field,
// check_box, radio_group, choice_field, push_button, signature_field), walked by test/refusals.test.ts,
// which renders each one in-process and checks status, x-svc-refusal word, JSON pointer, that the
// sentence is the message's own and names what `says` lists. Every entry of REFUSALS needs at least
// one case somewhere under test/refusal-cases/, or the walk fails.
//
// To add a case: copy one below, set `key` to the message's key, give the smallest description
// (and `parts`, `licensed`, `client` when the case needs them) that meets that refusal first, the
// status and word of the table entry, the pointer the refusal names, and in `says` the key or name
// at fault as the sentence spells it.
import type { RefusalCase } from './support.js';

const fonts = [{ name: 'Body', library: 'noto_sans' }];
const box = { llx: 10, lly: 10, urx: 110, ury: 30 };
/** A field with the keys its kind needs: a rect and a font (a check box takes no font, a radio group's rects are its buttons'). */
const withDefaults = (item: Record<string, unknown>) =>
  item.type === 'radio_group'
    ? item
    : item.type === 'check_box'
      ? { rect: box, ...item }
      : { rect: box, font: 'Body', ...item };
const field = (item: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  fonts,
  items: [withDefaults(item)],
  ...extra,
});
const fields = (...items: Record<string, unknown>[]) => ({ fonts, items: items.map(withDefaults) });
const bad = { status: 400, word: 'description' } as const;

export const CASES: RefusalCase[] = [
  {
    key: 'fieldNameSegment',
    description: field({ type: 'text_field', name: 'address..street' }),
    ...bad,
    pointer: '/items/0/name',
    says: ['"address..street"'],
  },
  {
    key: 'fieldNameTwice',
    description: fields({ type: 'text_field', name: 'city' }, { type: 'text_field', name: 'city' }),
    ...bad,
    pointer: '/items/1/name',
    says: ['"city"', '/items/0/name'],
  },
  {
    key: 'fieldNameParent',
    description: fields({ type: 'text_field', name: 'address' }, { type: 'text_field', name: 'address.street' }),
    ...bad,
    pointer: '/items/0/name',
    says: ['"address"', '"address.street"'],
  },
  {
    key: 'fieldKeysTogether',
    description: field({ type: 'text_field', name: 'pin', password: true, default_value: '1234' }),
    ...bad,
    pointer: '/items/0/default_value',
    says: ['/items/0/password', '/items/0/default_value'],
  },
  {
    key: 'fieldKeyNeeds',
    description: field({ type: 'text_field', name: 'code', comb: true }),
    ...bad,
    pointer: '/items/0/comb',
    says: ['/items/0/comb', 'max_length'],
  },
  {
    key: 'fieldValueTooLong',
    description: field({ type: 'text_field', name: 'zip', max_length: 5, value: '1234567' }),
    ...bad,
    pointer: '/items/0/value',
    says: ['/items/0/value', 'max_length = 5'],
  },
  {
    key: 'fieldValueLineBreak',
    description: field({ type: 'text_field', name: 'city', value: 'two\nlines' }),
    ...bad,
    pointer: '/items/0/value',
    says: ['/items/0/value'],
  },
  {
    key: 'fieldValueOff',
    description: field({ type: 'check_box', name: 'agree', export_value: 'Off' }),
    ...bad,
    pointer: '/items/0/export_value',
    says: ['/items/0/export_value', '"Off"'],
  },
  {
    key: 'radioValueTwice',
    description: field({
      type: 'radio_group',
      name: 'size',
      buttons: [
        { rect: box, value: 'S' },
        { rect: { llx: 10, lly: 40, urx: 30, ury: 60 }, value: 'S' },
      ],
    }),
    ...bad,
    pointer: '/items/0/buttons/1/value',
    says: ['"S"', '/items/0/buttons/0/value'],
  },
  {
    key: 'radioValueUnknown',
    description: field({ type: 'radio_group', name: 'size', buttons: [{ rect: box, value: 'S' }], value: 'XL' }),
    ...bad,
    pointer: '/items/0/value',
    says: ['"XL"', '/items/0/buttons'],
  },
  {
    key: 'radioButtonPage',
    description: field({
      type: 'radio_group',
      name: 'size',
      pages: [1],
      buttons: [{ rect: box, value: 'S', page: 2 }],
    }),
    ...bad,
    pointer: '/items/0/buttons/0/page',
    says: ['/items/0/buttons/0/page', '/items/0/pages'],
  },
  {
    key: 'choiceOptionTwice',
    description: field({ type: 'choice_field', name: 'colour', options: ['red', 'red'] }),
    ...bad,
    pointer: '/items/0/options/1',
    says: ['"red"', '/items/0/options/0'],
  },
  {
    key: 'choiceValueUnknown',
    description: field({ type: 'choice_field', name: 'colour', options: ['red', 'blue'], value: 'green' }),
    ...bad,
    pointer: '/items/0/value',
    says: ['"green"', '/items/0/options'],
  },
  {
    key: 'choiceValueMany',
    description: field({ type: 'choice_field', name: 'colour', options: ['red', 'blue'], value: ['red', 'blue'] }),
    ...bad,
    pointer: '/items/0/value',
    says: ['/items/0/value', 'multiple: true'],
  },
  {
    key: 'fieldFontUnknown',
    description: field({ type: 'text_field', name: 'city', font: 'missing' }),
    ...bad,
    pointer: '/items/0/font',
    says: ['"missing"'],
  },
  {
    key: 'fieldActionUnderArchive',
    description: field({ type: 'push_button', name: 'next', caption: 'Next', page: 1 }, { archive: 'pdfa2b' }),
    ...bad,
    pointer: '/items/0/page',
    says: ['"pdfa2b"', 'page'],
  },
  {
    key: 'fieldLostOnRedraw',
    what: 'a skew on an editable text field',
    description: field({ type: 'text_field', name: 'city', transform: [1, 0, 0.3, 1, 0, 0] }),
    ...bad,
    pointer: '/items/0/transform',
    says: ['/items/0/transform', 'text field that is not read_only'],
  },
  {
    key: 'fieldLostOnRedraw',
    what: 'a graphics state on a signature field',
    description: {
      graphics_states: [{ name: 'half', state: { fill_alpha: 0.5 } }],
      items: [{ type: 'signature_field', name: 'sign', rect: box, graphics_state: 'half' }],
    },
    ...bad,
    pointer: '/items/0/graphics_state',
    says: ['/items/0/graphics_state', 'signature field'],
  },
  {
    key: 'fieldTransformFlat',
    description: field({ type: 'check_box', name: 'ok', transform: [1, 0, 2, 0, 0, 0] }),
    ...bad,
    pointer: '/items/0/transform',
    says: ['/items/0/transform'],
  },
  {
    key: 'transformWithRotate',
    what: "a field's rotate (its /MK /R) beside transform, as the spec's common keys say",
    description: field({ type: 'push_button', name: 'go', rotate: 90, transform: [1, 0, 0, 1, 5, 5] }),
    ...bad,
    pointer: '/items/0/rotate',
    says: ['/items/0/transform', '/items/0/rotate'],
  },
  {
    key: 'fieldKeyNeeds',
    what: 'a radio group hung without a rect of its own',
    description: {
      items: [
        { type: 'rect', id: 'top', rect: box, fill: [0] },
        {
          type: 'radio_group',
          name: 'size',
          relative_to: { id: 'top', edge: 'bottom' },
          buttons: [{ rect: box, value: 's' }],
        },
      ],
    },
    ...bad,
    pointer: '/items/1/relative_to',
    says: ['/items/1/relative_to', 'rect'],
  },
  {
    key: 'fieldKeysTogether',
    what: 'a hung radio group whose button names a page',
    description: {
      items: [
        { type: 'rect', id: 'top', rect: box, fill: [0] },
        {
          type: 'radio_group',
          name: 'size',
          rect: box,
          relative_to: { id: 'top', edge: 'bottom' },
          buttons: [{ rect: box, value: 's', page: 1 }],
        },
      ],
    },
    ...bad,
    pointer: '/items/1/buttons/0/page',
    says: ['/items/1/relative_to', '/items/1/buttons/0/page'],
  },
];
