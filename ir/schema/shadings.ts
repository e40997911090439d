// ir/schema/shadings.ts — schema of `shadings` (seven kinds, each as the single key of `shading`) and
// of the four function shapes (`{exponential|stitching|sampled|calculation: {...}}`), which graphics
// states (transfer) and colour spaces (tint transforms) use too. Cross rules: ir/read/shadings.ts.

const num = { type: 'number' } as const;
const bool = { type: 'boolean' } as const;
const nums = { type: 'array', items: num } as const;
const pair = { type: 'array', items: num, minItems: 2, maxItems: 2 } as const;
const triple = { type: 'array', items: num, minItems: 3, maxItems: 3 } as const;
const str = { type: 'string', minLength: 1 } as const;
const colourNums = {
  type: 'array',
  items: { type: 'number', minimum: 0, maximum: 1 },
  anyOf: [
    { minItems: 1, maxItems: 1 },
    { minItems: 3, maxItems: 4 },
  ],
} as const;

/** A function: its shape as the single key. Sub-functions of `stitching` are checked one by one (ir/read/functions.ts). */
export const functionSchema = {
  type: 'object',
  anyOf: [
    {
      required: ['exponential'],
      properties: {
        exponential: {
          type: 'object',
          required: ['low', 'high'],
          properties: { low: nums, high: nums, domain: pair, exponent: num, range: nums },
        },
      },
    },
    {
      required: ['stitching'],
      properties: {
        stitching: {
          type: 'object',
          required: ['functions', 'bounds', 'encode'],
          properties: {
            functions: { type: 'array', items: { type: 'object' }, minItems: 1 },
            bounds: nums,
            encode: nums,
            domain: pair,
            range: nums,
          },
        },
      },
    },
    {
      required: ['sampled'],
      properties: {
        sampled: {
          type: 'object',
          required: ['domain', 'range', 'size', 'samples'],
          properties: {
            domain: { type: 'array', items: num, minItems: 2 },
            range: { type: 'array', items: num, minItems: 2 },
            size: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1 },
            samples: { type: 'array', items: { type: 'integer', minimum: 0 } },
            bits: { enum: [1, 2, 4, 8, 12, 16, 24, 32] },
            decode: nums,
            encode: nums,
            between: { enum: ['linear', 'cubic'] },
          },
        },
      },
    },
    {
      required: ['calculation'],
      properties: {
        calculation: {
          type: 'object',
          required: ['program', 'domain', 'range'],
          properties: {
            program: { type: 'string' },
            domain: { type: 'array', items: num, minItems: 2 },
            range: { type: 'array', items: num, minItems: 2 },
          },
        },
      },
    },
  ],
} as const;

const corner = {
  type: 'object',
  required: ['at'],
  properties: { at: pair, color: colourNums, tints: nums },
} as const;

const endToEnd = {
  start: colourNums,
  end: colourNums,
  space: str,
  function: functionSchema,
  extend: { type: 'array', items: bool, minItems: 2, maxItems: 2 },
} as const;

/** A patch; its point count (12 or 16) is checked while reading, so the refusal can say which kind wants how many. */
const patch = {
  type: 'object',
  required: ['points'],
  properties: {
    points: { type: 'array', items: pair },
    colors: { type: 'array', items: colourNums, minItems: 4, maxItems: 4 },
    tints: { type: 'array', items: nums, minItems: 4, maxItems: 4 },
  },
} as const;

export const shadingKindSchemas = {
  function_based: {
    type: 'object',
    required: ['domain', 'matrix', 'space', 'function'],
    properties: {
      domain: { type: 'array', items: pair, minItems: 2, maxItems: 2 },
      matrix: { type: 'array', items: num, minItems: 6, maxItems: 6 },
      space: str,
      function: functionSchema,
    },
  },
  axial: { type: 'object', required: ['from', 'to'], properties: { from: pair, to: pair, ...endToEnd } },
  radial: { type: 'object', required: ['from', 'to'], properties: { from: triple, to: triple, ...endToEnd } },
  mesh: {
    type: 'object',
    required: ['triangles'],
    properties: {
      space: str,
      triangles: { type: 'array', items: { type: 'array', items: corner, minItems: 3, maxItems: 3 } },
    },
  },
  lattice_mesh: {
    type: 'object',
    required: ['rows'],
    properties: { space: str, rows: { type: 'array', items: { type: 'array', items: corner } } },
  },
  coons_patch_mesh: {
    type: 'object',
    required: ['patches'],
    properties: { space: str, patches: { type: 'array', items: patch, minItems: 1 } },
  },
  tensor_patch_mesh: {
    type: 'object',
    required: ['patches'],
    properties: { space: str, patches: { type: 'array', items: patch, minItems: 1 } },
  },
} as const;

for (const k of Object.values(shadingKindSchemas)) (k.properties as Record<string, unknown>).anti_alias = bool;

export const SHADING_KINDS = Object.keys(shadingKindSchemas);

export const shadingsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'shading'],
    properties: { name: str, shading: { type: 'object', minProperties: 1 } },
  },
} as const;
