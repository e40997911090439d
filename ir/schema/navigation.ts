// ir/schema/navigation.ts — schema of navigation and page settings (docs/reference.md, "Navigation"
// and "Page settings"): bookmarks, destinations, articles, reader, the link item, and page_boxes,
// page_turns, page_shows, page_tab_orders. Actions and bookmarks nest, so they are registered once
// on the shared ajv under an $id and referred to by it.

import { NAMED_ACTIONS, TRANSITION_STYLES, VIEW_FITS } from '../navigation-types.js';
import { ajv } from './ajv.js';
import { deviceColourSchema as colourSchema, coordinate, itemBase, rectSchema } from './common.js';

/** ISO 32000-1 Annex C: the largest integer a PDF holds (engines/geometry/coordinates.ts, MAX_PDF_NUMBER). */
const MAX = 2_147_483_647;

/** A page in the request's numbering: a number ≥ 1, or a label string once `renumber` gives labels. */
export const pageRefSchema = { type: ['integer', 'string'], minimum: 1, minLength: 1 } as const;

const viewObject = (coord: unknown) => ({
  type: 'object',
  properties: {
    fit: { enum: VIEW_FITS },
    left: coord,
    top: coord,
    right: coord,
    bottom: coord,
    zoom: { type: 'number', minimum: 0, maximum: MAX },
  },
});

/** A view: one of the fits as a string, or `{fit, left, top, right, bottom, zoom}`. */
export const viewSchema = {
  if: { type: 'string' },
  then: { enum: VIEW_FITS },
  else: viewObject(coordinate),
} as const;

/** A view in another file: numbers only, since that file's pages are unknown here. */
const remoteViewSchema = {
  if: { type: 'string' },
  then: { enum: VIEW_FITS },
  else: viewObject({ type: 'number' }),
} as const;

const ACTION_ID = 'quire:action';
const BOOKMARK_ID = 'quire:bookmark';

const actionSchema = {
  $id: ACTION_ID,
  type: 'object',
  required: ['type'],
  properties: {
    type: { enum: ['go_to', 'go_to_remote', 'uri', 'named', 'thread'] },
    page: pageRefSchema,
    view: viewSchema,
    destination: { type: 'string', minLength: 1 },
    file: { type: 'string', minLength: 1 },
    new_window: { type: 'boolean' },
    uri: { type: 'string', minLength: 1 },
    is_map: { type: 'boolean' },
    name: { enum: Object.keys(NAMED_ACTIONS) },
    article: { type: 'integer', minimum: 1 },
    bead: { type: 'integer', minimum: 1 },
    next: { type: 'array', items: { $ref: ACTION_ID } },
  },
  allOf: [
    {
      if: { properties: { type: { const: 'go_to_remote' } } },
      then: { required: ['file'], properties: { page: { type: 'integer', minimum: 1 }, view: remoteViewSchema } },
    },
    { if: { properties: { type: { const: 'uri' } } }, then: { required: ['uri'] } },
    { if: { properties: { type: { const: 'named' } } }, then: { required: ['name'] } },
    { if: { properties: { type: { const: 'thread' } } }, then: { required: ['article'] } },
  ],
} as const;

/** The target keys shared by bookmarks, links and reader.open_on. */
const targetKeys = {
  page: pageRefSchema,
  view: viewSchema,
  destination: { type: 'string', minLength: 1 },
  uri: { type: 'string', minLength: 1 },
  action: { $ref: ACTION_ID },
} as const;

const bookmarkSchema = {
  $id: BOOKMARK_ID,
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string' },
    ...targetKeys,
    open: { type: 'boolean' },
    color: colourSchema,
    bold: { type: 'boolean' },
    italic: { type: 'boolean' },
    children: { type: 'array', items: { $ref: BOOKMARK_ID } },
  },
} as const;

ajv.addSchema(actionSchema);
ajv.addSchema(bookmarkSchema);

const text = { type: 'string' } as const;
const bounded = { type: 'number', minimum: -MAX, maximum: MAX } as const;
const boxSchema = {
  type: 'object',
  required: ['llx', 'lly', 'urx', 'ury'],
  properties: { llx: bounded, lly: bounded, urx: bounded, ury: bounded },
} as const;
const pageNumber = { type: 'integer', minimum: 1 } as const;

/** Top-level keys of this area, spread into the description schema. */
export const navigationSchemas = {
  bookmarks: { type: 'array', items: { $ref: BOOKMARK_ID } },
  destinations: {
    type: 'array',
    items: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1 },
        page: pageRefSchema,
        view: viewSchema,
        structure_element: { type: 'string', minLength: 1 },
      },
    },
  },
  articles: {
    type: 'array',
    items: {
      type: 'object',
      required: ['beads'],
      properties: {
        title: text,
        author: text,
        subject: text,
        keywords: text,
        creator: text,
        beads: {
          type: 'array',
          minItems: 1,
          items: { type: 'object', required: ['page', 'rect'], properties: { page: pageRefSchema, rect: rectSchema } },
        },
      },
    },
  },
  reader: {
    type: 'object',
    properties: {
      page_layout: {
        enum: ['single_page', 'one_column', 'two_column_left', 'two_column_right', 'two_page_left', 'two_page_right'],
      },
      page_mode: { enum: ['none', 'outlines', 'thumbnails', 'full_screen', 'layers', 'attachments'] },
      full_screen_exit: { enum: ['none', 'outlines', 'thumbnails', 'layers'] },
      hide_toolbar: { type: 'boolean' },
      hide_menubar: { type: 'boolean' },
      hide_window_ui: { type: 'boolean' },
      fit_window: { type: 'boolean' },
      center_window: { type: 'boolean' },
      display_doc_title: { type: 'boolean' },
      direction: { enum: ['left_to_right', 'right_to_left'] },
      print_scaling: { enum: ['none', 'app_default'] },
      duplex: { enum: ['simplex', 'flip_short_edge', 'flip_long_edge'] },
      pick_tray_by_pdf_size: { type: 'boolean' },
      copies: { type: 'integer', minimum: 1, maximum: 5 },
      print_pages: {
        type: 'array',
        items: { type: 'object', required: ['from', 'to'], properties: { from: pageRefSchema, to: pageRefSchema } },
      },
      open_on: { type: 'object', properties: targetKeys },
    },
  },
  page_boxes: {
    type: 'array',
    items: {
      type: 'object',
      required: ['page'],
      properties: { page: pageNumber, crop: boxSchema, bleed: boxSchema, trim: boxSchema, art: boxSchema },
    },
  },
  page_turns: {
    type: 'array',
    items: {
      type: 'object',
      required: ['page', 'rotation'],
      properties: { page: pageNumber, rotation: { enum: [0, 90, 180, 270] } },
    },
  },
  page_shows: {
    type: 'array',
    items: {
      type: 'object',
      required: ['page'],
      properties: {
        page: pageNumber,
        style: { enum: TRANSITION_STYLES },
        duration: { type: 'number', minimum: 0, maximum: MAX },
        display_duration: { type: 'number', minimum: 0, maximum: MAX },
        dimension: { enum: ['horizontal', 'vertical'] },
        motion: { enum: ['inward', 'outward'] },
        direction: { enum: [0, 90, 180, 270, 315, 'none'] },
        scale: { type: 'number', exclusiveMinimum: 0, maximum: MAX },
        opaque: { type: 'boolean' },
      },
    },
  },
  page_tab_orders: {
    type: 'array',
    items: {
      type: 'object',
      required: ['page', 'order'],
      properties: { page: pageNumber, order: { enum: ['row', 'column', 'structure'] } },
    },
  },
} as const;

/** The `link` item. */
export const linkItemSchema = {
  type: 'object',
  required: ['rect'],
  properties: {
    ...itemBase,
    ...targetKeys,
    border: {
      type: 'object',
      properties: {
        width: { type: 'number', minimum: 0, maximum: MAX },
        dash: { type: 'array', minItems: 1, items: { type: 'number', minimum: 0, maximum: MAX } },
        color: colourSchema,
      },
    },
    highlight: { enum: ['none', 'invert', 'outline', 'push'] },
    description: { type: 'string' },
  },
} as const;
