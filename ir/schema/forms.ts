// ir/schema/forms.ts — schema of the six form-field items (docs/reference.md, "Form fields"):
// text_field, check_box, radio_group, choice_field, push_button, signature_field. Colours of a field
// are device colours only: a widget's /MK and /DA take no pattern, gradient or declared space.
import { deviceColourSchema, itemBase, rectSchema } from './common.js';
import { pageRefSchema, viewSchema } from './navigation.js';

/** ISO 32000-1 Annex C: the largest integer a PDF holds. */
const MAX = 2_147_483_647;

/** A field's full name: not empty; dots separate the names of its parents (checked by the reader). */
const fieldName = { type: 'string', minLength: 1 } as const;

const MARK_STYLES = ['check', 'cross', 'circle', 'square', 'diamond', 'star'] as const;

const fieldBase = {
  ...itemBase,
  name: fieldName,
  // A field's `rotate` turns its contents within the rect (/MK /R): quarter turns only.
  rotate: { enum: [0, 90, 180, 270] },
  tooltip: { type: 'string' },
  read_only: { type: 'boolean' },
  required: { type: 'boolean' },
  no_export: { type: 'boolean' },
  font: { type: 'string', minLength: 1 },
  font_size: { type: 'number', minimum: 0, maximum: 1000 },
  color: deviceColourSchema,
  background: deviceColourSchema,
  border: {
    type: 'object',
    properties: {
      color: deviceColourSchema,
      width: { type: 'number', minimum: 0, maximum: 100 },
      style: { enum: ['solid', 'dashed', 'beveled', 'inset', 'underline'] },
      dash: { type: 'array', minItems: 1, maxItems: 16, items: { type: 'number', minimum: 0, maximum: MAX } },
    },
  },
  align: { enum: ['left', 'center', 'right'] },
} as const;

const field = (required: string[], extra: Record<string, unknown>) =>
  ({
    type: 'object',
    required: ['name', ...required],
    properties: { ...fieldBase, ...extra },
  }) as const;

/** The link item's target keys (ir/schema/navigation.ts registers quire:action), for a push button's click. */
const targetKeys = {
  page: pageRefSchema,
  view: viewSchema,
  destination: { type: 'string', minLength: 1 },
  uri: { type: 'string', minLength: 1 },
  action: { $ref: 'quire:action' },
} as const;

export const formItemSchemas = {
  text_field: field(['rect'], {
    value: { type: 'string' },
    default_value: { type: 'string' },
    multiline: { type: 'boolean' },
    max_length: { type: 'integer', minimum: 1, maximum: 100000 },
    comb: { type: 'boolean' },
    password: { type: 'boolean' },
    scroll: { type: 'boolean' },
    spell_check: { type: 'boolean' },
  }),
  check_box: field(['rect'], {
    checked: { type: 'boolean' },
    export_value: { type: 'string', minLength: 1 },
    style: { enum: MARK_STYLES },
  }),
  radio_group: field(['buttons'], {
    buttons: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['rect', 'value'],
        properties: {
          rect: rectSchema,
          value: { type: 'string', minLength: 1 },
          page: { type: 'integer', minimum: 1 },
        },
      },
    },
    value: { type: 'string', minLength: 1 },
    no_toggle_to_off: { type: 'boolean' },
    radios_in_unison: { type: 'boolean' },
    style: { enum: MARK_STYLES },
  }),
  choice_field: field(['rect', 'options'], {
    options: {
      type: 'array',
      maxItems: 10000,
      items: {
        anyOf: [
          { type: 'string' },
          { type: 'object', required: ['value'], properties: { value: { type: 'string' }, label: { type: 'string' } } },
        ],
      },
    },
    combo: { type: 'boolean' },
    editable: { type: 'boolean' },
    multiple: { type: 'boolean' },
    sort: { type: 'boolean' },
    value: { type: ['string', 'array'], items: { type: 'string' } },
  }),
  push_button: field(['rect'], {
    caption: { type: 'string' },
    ...targetKeys,
  }),
  // `sign` (issue 24): the field signed with a PKCS#12 key sent as a part (engines/pdf/signature.ts).
  signature_field: field(['rect'], {
    sign: {
      type: 'object',
      required: ['p12'],
      properties: {
        p12: { type: 'string', minLength: 1 },
        password: { type: 'string' },
        reason: { type: 'string' },
        location: { type: 'string' },
        contact: { type: 'string' },
      },
    },
  }),
} as const;
