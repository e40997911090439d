// ir/schema/images.ts — schema of the `image` item and the `images` declarations (spec "rect and
// image items", "images"; docs/reference.md "image" and "images"). Counts that depend on the
// picture itself (one pair per component) are checked once the file is read (engines/images/).
import { colourSchema, itemBase } from './common.js';
import { clipSchema } from './graphics.js';
import { metadataFactsSchema } from './standards.js';

/** The eight orientations of the spec, in its order (EXIF values 1, 2, 3, 4, 8, 6, 5, 7). */
export const ORIENTATIONS = [
  'upright',
  'mirrored_left_to_right',
  'upside_down',
  'mirrored_top_to_bottom',
  'turned_left',
  'turned_right',
  'mirrored_and_turned_left',
  'mirrored_and_turned_right',
] as const;

/** How a picture sits in its rect (decision, docs/reference.md "image"). */
export const IMAGE_FITS = ['fill', 'contain', 'cover', 'none'] as const;

/** Where a picture smaller or larger than its rect is anchored (decision). */
export const IMAGE_ALIGNS = [
  'center',
  'top',
  'bottom',
  'left',
  'right',
  'top_left',
  'top_right',
  'bottom_left',
  'bottom_right',
] as const;

export const imageItemSchema = {
  type: 'object',
  required: ['rect', 'image'],
  properties: {
    ...itemBase,
    image: { type: 'string', minLength: 1 },
    fit: { enum: IMAGE_FITS },
    align: { enum: IMAGE_ALIGNS },
    color: colourSchema,
    clip: clipSchema,
  },
} as const;

const pairs = (item: Record<string, unknown>) =>
  ({
    type: 'array',
    minItems: 1,
    items: { type: 'array', minItems: 2, maxItems: 2, items: item },
  }) as const;

export const imagesSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', minLength: 1 },
      metadata: {
        type: 'object',
        properties: { facts: metadataFactsSchema, packet: { type: 'string', minLength: 1 } },
      },
      files: { type: 'array', items: { type: 'string' } },
      stencil: { type: 'boolean' },
      stencil_mask: { type: 'string', minLength: 1 },
      soft_mask: { type: 'string', minLength: 1 },
      color_key: pairs({ type: 'integer', minimum: 0 }),
      opaque: { type: 'boolean' },
      decode: pairs({ type: 'number' }),
      orientation: { enum: ORIENTATIONS },
      icc_profile: { type: 'string', minLength: 1 },
    },
  },
} as const;
