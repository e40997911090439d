// ir/schema/structure.ts — schema of the top-level `structure` key (docs/reference.md, "structure"):
// `lang`, `role_map` and `elements`, each element a `type` with `children` (further elements, or
// the `id` of an item) and its optional `id`, `alt`, `actual_text`, `expansion`, `lang`, `title`.
// Recursive, so it is compiled on its own (ir/read/structure.ts) with `$defs`. Types against the
// standard list and the role map, and items against the description, are checked by the reader and
// by passes/cross-refusals/structure.ts.

/** Elements nest at most this deep: the reader walks the tree recursively (the JSON reader's own cap is 1000). */
export const MAX_STRUCTURE_DEPTH = 200;

const text = { type: 'string' } as const;

export const structureSchema = {
  $defs: {
    element: {
      type: 'object',
      required: ['type', 'children'],
      properties: {
        type: { type: 'string', minLength: 1 },
        id: { type: 'string', minLength: 1 },
        alt: text,
        actual_text: text,
        expansion: text,
        lang: text,
        title: text,
        children: {
          type: 'array',
          minItems: 1,
          items: { anyOf: [{ type: 'string', minLength: 1 }, { $ref: '#/$defs/element' }] },
        },
      },
    },
  },
  type: 'object',
  required: ['elements'],
  properties: {
    lang: text,
    role_map: { type: 'object', additionalProperties: { type: 'string', minLength: 1 } },
    elements: { type: 'array', minItems: 1, items: { $ref: '#/$defs/element' } },
  },
} as const;
