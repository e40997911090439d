// test/graphics-refusals.test.ts — every refusal of the graphics, colour and gradient sections: status,
// word, JSON pointer and a sentence naming the key; and a property test that mutated graphics
// descriptions are answered with a PDF or a clean 4xx refusal, never a crash.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';

const SRGB = new Uint8Array(readFileSync('/usr/share/color/icc/ghostscript/srgb.icc'));
const box = { llx: 0, lly: 0, urx: 10, ury: 10 };
const rect = (extra: Record<string, unknown> = {}) => ({ type: 'rect', rect: box, fill: [0], ...extra });
const calc = (program: string, domain = [0, 1], range = [0, 1]) => ({ calculation: { program, domain, range } });
const axial = (k: Record<string, unknown>) => ({
  shadings: [{ name: 'g', shading: { axial: { from: [0, 0], to: [1, 0], ...k } } }],
  items: [rect()],
});
const corner = (at: number[], k: Record<string, unknown>) => ({ at, ...k });
const tri = (k: Record<string, unknown>[]) => ({
  shadings: [{ name: 'm', shading: { mesh: { triangles: [k.map((c, i) => corner([i, i % 2], c))] } } }],
  items: [rect()],
});
const state = (s: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  graphics_states: [{ name: 's', state: s }],
  items: [rect()],
  ...extra,
});
const sep = { type: 'separation', ink: 'Gold', alternate: 'cmyk', full: [0, 0, 1, 0] };
const boundary = Array.from({ length: 12 }, (_, i) => [i, i]);

// [what, description, parts?, pointer, words the sentence must contain]
type Case = [string, Record<string, unknown>, Record<string, Uint8Array> | undefined, string, string[]];
const CASES: Case[] = [
  [
    'graphics state undeclared',
    { items: [rect({ graphics_state: 'nope' })] },
    undefined,
    '/items/0/graphics_state',
    ['graphics state', '"nope"', 'nowhere declared'],
  ],
  ['layer undeclared', { items: [rect({ layer: 'L' })] }, undefined, '/items/0/layer', ['layer', '"L"']],
  [
    'gradient undeclared',
    { items: [rect({ fill: { shading: 'g' } })] },
    undefined,
    '/items/0/fill/shading',
    ['gradient', '"g"'],
  ],
  [
    'tiling undeclared',
    { items: [rect({ fill: { pattern: 't' } })] },
    undefined,
    '/items/0/fill/pattern',
    ['tiling', '"t"'],
  ],
  [
    'drawing undeclared',
    { items: [{ type: 'drawing', drawing: 'd' }] },
    undefined,
    '/items/0/drawing',
    ['drawing', '"d"'],
  ],
  [
    'colour space undeclared',
    { items: [rect({ fill: { space: 'x', tints: [1] } })] },
    undefined,
    '/items/0/fill/space',
    ['colour space', '"x"'],
  ],
  [
    'page space undeclared',
    { page_spaces: [{ page: 1, rgb: 'x' }], items: [rect()] },
    undefined,
    '/page_spaces/0/rgb',
    ['colour space', '"x"'],
  ],
  [
    'mask drawing undeclared',
    state({ mask: { drawing: 'm' } }),
    undefined,
    '/graphics_states/0/state/mask/drawing',
    ['drawing', '"m"'],
  ],
  [
    'graphics state declared twice',
    {
      graphics_states: [
        { name: 's', state: {} },
        { name: 's', state: {} },
      ],
      items: [rect()],
    },
    undefined,
    '/graphics_states/1/name',
    ['"s"', '/graphics_states/0/name'],
  ],
  [
    'overprint with fill_overprint',
    state({ overprint: true, fill_overprint: false }),
    undefined,
    '/graphics_states/0/state/fill_overprint',
    ['overprint', 'fill_overprint'],
  ],
  [
    'overprint with stroke_overprint',
    state({ overprint: true, stroke_overprint: true }),
    undefined,
    '/graphics_states/0/state/stroke_overprint',
    ['stroke_overprint'],
  ],
  ['flatness past 100', state({ flatness: 101 }), undefined, '/graphics_states/0/state/flatness', ['flatness', '100']],
  [
    'smoothness past 1',
    state({ smoothness: 1.5 }),
    undefined,
    '/graphics_states/0/state/smoothness',
    ['smoothness', '1'],
  ],
  ['fill_alpha past 1', state({ fill_alpha: 2 }), undefined, '/graphics_states/0/state/fill_alpha', ['fill_alpha']],
  [
    'unknown blend mode',
    state({ blend_mode: 'plus' }),
    undefined,
    '/graphics_states/0/state/blend_mode',
    ['blend_mode', 'multiply'],
  ],
  [
    'halftone_origin below 2.0',
    state({ halftone_origin: [0, 0] }, { version: '1.7' }),
    undefined,
    '/graphics_states/0/state/halftone_origin',
    ['halftone_origin', '2.0', '1.7'],
  ],
  [
    'transfer with two values',
    state({ transfer: { every: { exponential: { low: [0, 0], high: [1, 1] } } } }),
    undefined,
    '/graphics_states/0/state/transfer/every',
    ['transfer', 'gives 2'],
  ],
  [
    'per_ink transfer of three',
    state({ transfer: { per_ink: [calc('{ }'), calc('{ }'), calc('{ }')] } }),
    undefined,
    '/graphics_states/0/state/transfer',
    ['transfer', 'page', 'every', 'per_ink'],
  ],
  [
    'mask backdrop count',
    state(
      { mask: { drawing: 'd', space: 'cmyk', backdrop: [0, 0, 0] } },
      { drawings: [{ name: 'd', box, items: [] }] },
    ),
    undefined,
    '/graphics_states/0/state/mask/backdrop',
    ['backdrop', 'cmyk', '4'],
  ],
  [
    'unknown spot function',
    state({ halftone: { every: { frequency: 1, angle: 0, spot: 'star' } } }),
    undefined,
    '/graphics_states/0/state/halftone/every/spot',
    ['halftone/every/spot', 'simple_dot'],
  ],
  [
    'per_ink halftone without default',
    state({ halftone: { per_ink: { inks: [] } } }),
    undefined,
    '/graphics_states/0/state/halftone',
    ['halftone'],
  ],
  [
    'segment with two keys',
    { items: [{ type: 'path', segments: [{ move: [0, 0], line: [1, 1] }], fill: [0] }] },
    undefined,
    '/items/0/segments/0',
    ['move and line'],
  ],
  [
    'path starting with a line',
    { items: [{ type: 'path', segments: [{ line: [1, 1] }], fill: [0] }] },
    undefined,
    '/items/0/segments/0/line',
    ['starts with line', 'move'],
  ],
  [
    'empty clip',
    {
      fonts: [{ name: 'B', data: NOTO_SANS_B64 }],
      items: [{ type: 'text', rect: box, content: ['x'], font: 'B', font_size: 9, clip: { segments: [] } }],
    },
    undefined,
    '/items/0/clip/segments',
    ['segments'],
  ],
  [
    'dash of zeros',
    { items: [{ type: 'line', from: [0, 0], to: [1, 1], stroke: { dash: { pattern: [0, 0] } } }] },
    undefined,
    '/items/0/stroke/dash/pattern',
    ['pattern', 'greater than 0'],
  ],
  [
    'transform with rotate on a path',
    {
      items: [
        {
          type: 'polygon',
          points: [
            [0, 0],
            [1, 1],
          ],
          transform: [1, 0, 0, 1, 0, 0],
          rotate: 5,
        },
      ],
    },
    undefined,
    '/items/0/rotate',
    ['transform', 'rotate'],
  ],
  [
    'two kinds in one shading',
    { shadings: [{ name: 'g', shading: { axial: {}, radial: {} } }], items: [rect()] },
    undefined,
    '/shadings/0/shading',
    ['"axial" and "radial"'],
  ],
  [
    'an unknown kind',
    { shadings: [{ name: 'g', shading: { conic: {} } }], items: [rect()] },
    undefined,
    '/shadings/0/shading',
    ['"conic"', 'axial'],
  ],
  [
    'start/end with space/function',
    axial({ start: [0], end: [1], space: 'gray', function: calc('{ }') }),
    undefined,
    '/shadings/0/shading/axial',
    ['start and end', 'space and function'],
  ],
  ['neither way', axial({}), undefined, '/shadings/0/shading/axial', ['neither']],
  ['start without end', axial({ start: [0] }), undefined, '/shadings/0/shading/axial/end', ['start without end']],
  [
    'function without space',
    axial({ function: calc('{ }') }),
    undefined,
    '/shadings/0/shading/axial/space',
    ['function without space'],
  ],
  [
    'light and ink ends',
    axial({ start: [1, 0, 0], end: [0, 0, 0, 1] }),
    undefined,
    '/shadings/0/shading/axial/end',
    ['light and ink', 'start has 3', 'end has 4'],
  ],
  [
    'end-to-end in an icc space',
    {
      ...axial({ space: 'p', function: calc('{ dup dup }', [0, 1], [0, 1, 0, 1, 0, 1]) }),
      color_spaces: { p: { type: 'icc', components: 3, profile: 'p' } },
    },
    { p: SRGB },
    '/shadings/0/shading/axial/space',
    ['"p"', 'icc', 'separation or device_n'],
  ],
  [
    'function outputs against the space',
    axial({ space: 'rgb', function: { exponential: { low: [0], high: [1] } } }),
    undefined,
    '/shadings/0/shading/axial/function/exponential',
    ['gives 1', 'rgb', '3 components'],
  ],
  [
    'function_based with exponential',
    {
      shadings: [
        {
          name: 'f',
          shading: {
            function_based: {
              domain: [
                [0, 1],
                [0, 1],
              ],
              matrix: [1, 0, 0, 1, 0, 0],
              space: 'gray',
              function: { exponential: { low: [0], high: [1] } },
            },
          },
        },
      ],
      items: [rect()],
    },
    undefined,
    '/shadings/0/shading/function_based/function',
    ['exponential', 'two inputs'],
  ],
  [
    'function_based with one input',
    {
      shadings: [
        {
          name: 'f',
          shading: {
            function_based: {
              domain: [
                [0, 1],
                [0, 1],
              ],
              matrix: [1, 0, 0, 1, 0, 0],
              space: 'gray',
              function: calc('{ }'),
            },
          },
        },
      ],
      items: [rect()],
    },
    undefined,
    '/shadings/0/shading/function_based/function',
    ['calculation of 1 input', 'two inputs'],
  ],
  [
    'mesh with no triangle',
    { shadings: [{ name: 'm', shading: { mesh: { triangles: [] } } }], items: [rect()] },
    undefined,
    '/shadings/0/shading/mesh/triangles',
    ['no triangle'],
  ],
  [
    'lattice of one row',
    {
      shadings: [
        {
          name: 'l',
          shading: { lattice_mesh: { rows: [[corner([0, 0], { color: [0] }), corner([1, 0], { color: [0] })]] } },
        },
      ],
      items: [rect()],
    },
    undefined,
    '/shadings/0/shading/lattice_mesh/rows',
    ['1 row', '2 rows of 2'],
  ],
  [
    'lattice rows unequal',
    {
      shadings: [
        {
          name: 'l',
          shading: {
            lattice_mesh: {
              rows: [
                [corner([0, 0], { color: [0] }), corner([1, 0], { color: [0] })],
                [corner([0, 1], { color: [0] }), corner([1, 1], { color: [0] }), corner([2, 1], { color: [0] })],
              ],
            },
          },
        },
      ],
      items: [rect()],
    },
    undefined,
    '/shadings/0/shading/lattice_mesh/rows/1',
    ['3 corners', 'first row has 2'],
  ],
  [
    'coons patch of 11 points',
    {
      shadings: [
        {
          name: 'p',
          shading: { coons_patch_mesh: { patches: [{ points: boundary.slice(1), colors: [[0], [0], [0], [0]] }] } },
        },
      ],
      items: [rect()],
    },
    undefined,
    '/shadings/0/shading/coons_patch_mesh/patches/0/points',
    ['11 points', 'coons', '12'],
  ],
  [
    'tensor patch of 12 points',
    {
      shadings: [
        {
          name: 'p',
          shading: { tensor_patch_mesh: { patches: [{ points: boundary, colors: [[0], [0], [0], [0]] }] } },
        },
      ],
      items: [rect()],
    },
    undefined,
    '/shadings/0/shading/tensor_patch_mesh/patches/0/points',
    ['12 points', 'tensor', '16'],
  ],
  [
    'corner color beside a space',
    {
      shadings: [
        {
          name: 'm',
          shading: {
            mesh: {
              space: 'gray',
              triangles: [
                [corner([0, 0], { tints: [0] }), corner([1, 0], { color: [0] }), corner([0, 1], { tints: [0] })],
              ],
            },
          },
        },
      ],
      items: [rect()],
    },
    undefined,
    '/shadings/0/shading/mesh/triangles/0/1/color',
    ['color', 'space', 'tints'],
  ],
  [
    'tints with no space',
    tri([{ tints: [0] }, { color: [0] }, { color: [0] }]),
    undefined,
    '/shadings/0/shading/mesh/triangles/0/0/tints',
    ['tints', 'no space'],
  ],
  [
    'a corner with neither',
    tri([{ color: [0] }, {}, { color: [0] }]),
    undefined,
    '/shadings/0/shading/mesh/triangles/0/1',
    ['neither color nor tints'],
  ],
  [
    'corners mixing light and ink',
    tri([{ color: [1, 0, 0] }, { color: [0, 0, 0, 1] }, { color: [0] }]),
    undefined,
    '/shadings/0/shading/mesh/triangles/0/1/color',
    ['mix light and ink', '/shadings/0/shading/mesh/triangles/0/0/color has 3', 'has 4'],
  ],
  [
    'mesh tints against the space',
    {
      shadings: [
        {
          name: 'm',
          shading: {
            mesh: {
              space: 'rgb',
              triangles: [
                [corner([0, 0], { tints: [0] }), corner([1, 0], { tints: [0] }), corner([0, 1], { tints: [0] })],
              ],
            },
          },
        },
      ],
      items: [rect()],
    },
    undefined,
    '/shadings/0/shading',
    ['1 numbers', '"rgb"', '3 components'],
  ],
  [
    'exponential low and high',
    axial({ space: 'gray', function: { exponential: { low: [0], high: [0, 1] } } }),
    undefined,
    '/shadings/0/shading/axial/function/exponential/high',
    ['high', 'low'],
  ],
  [
    'stitching bounds',
    axial({
      space: 'gray',
      function: {
        stitching: {
          functions: [{ exponential: { low: [0], high: [1] } }, { exponential: { low: [0], high: [1] } }],
          bounds: [],
          encode: [0, 1, 0, 1],
        },
      },
    }),
    undefined,
    '/shadings/0/shading/axial/function/stitching/bounds',
    ['bounds', '2 functions'],
  ],
  [
    'stitching a two-input function',
    axial({
      space: 'gray',
      function: { stitching: { functions: [calc('{ pop }', [0, 1, 0, 1])], bounds: [], encode: [0, 1] } },
    }),
    undefined,
    '/shadings/0/shading/axial/function/stitching/functions/0/calculation',
    ['2 inputs', 'stitched', 'needs 1'],
  ],
  [
    'sampled sample count',
    axial({ space: 'gray', function: { sampled: { domain: [0, 1], range: [0, 1], size: [3], samples: [0, 1] } } }),
    undefined,
    '/shadings/0/shading/axial/function/sampled/samples',
    ['samples', '3'],
  ],
  [
    'sampled value past its bits',
    axial({ space: 'gray', function: { sampled: { domain: [0, 1], range: [0, 1], size: [2], samples: [0, 300] } } }),
    undefined,
    '/shadings/0/shading/axial/function/sampled/samples/1',
    ['300', '8 bits', '255'],
  ],
  [
    'cubic of two inputs',
    {
      shadings: [
        {
          name: 'f',
          shading: {
            function_based: {
              domain: [
                [0, 1],
                [0, 1],
              ],
              matrix: [1, 0, 0, 1, 0, 0],
              space: 'gray',
              function: {
                sampled: { domain: [0, 1, 0, 1], range: [0, 1], size: [2, 2], samples: [0, 1, 2, 3], between: 'cubic' },
              },
            },
          },
        },
      ],
      items: [rect()],
    },
    undefined,
    '/shadings/0/shading/function_based/function/sampled/between',
    ['cubic', 'one input', '2'],
  ],
  [
    'calculation braces',
    axial({ space: 'gray', function: calc('{ dup { pop } if') }),
    undefined,
    '/shadings/0/shading/axial/function/calculation/program',
    ['program', 'unbalanced braces'],
  ],
  [
    'calculation unknown operator',
    axial({ space: 'gray', function: calc('{ 2 pow }') }),
    undefined,
    '/shadings/0/shading/axial/function/calculation/program',
    ['unknown operator "pow"'],
  ],
  [
    'calculation stack over 100',
    axial({ space: 'gray', function: calc(`{ ${'dup '.repeat(100)} }`) }),
    undefined,
    '/shadings/0/shading/axial/function/calculation/program',
    ['deeper than 100'],
  ],
  [
    'calculation underflow',
    axial({ space: 'gray', function: calc('{ pop pop }') }),
    undefined,
    '/shadings/0/shading/axial/function/calculation/program',
    ['empty stack', '"pop"'],
  ],
  [
    'calculation output count',
    axial({ space: 'gray', function: calc('{ dup }') }),
    undefined,
    '/shadings/0/shading/axial/function/calculation/program',
    ['leaves 2', '1 outputs'],
  ],
  [
    'calculation syntax',
    axial({ space: 'gray', function: calc('{ if }') }),
    undefined,
    '/shadings/0/shading/axial/function/calculation/program',
    ['does not parse', '"if"'],
  ],
  [
    'tints against a declared space',
    { color_spaces: { gold: sep }, items: [rect({ fill: { space: 'gold', tints: [1, 0] } })] },
    undefined,
    '/items/0/fill/tints',
    ['2 numbers', '"gold"', '1 components'],
  ],
  [
    'tiling step of zero',
    { tilings: [{ name: 't', box: { x: 0, y: 0, width: 1, height: 1 }, step: [0, 5], items: [] }], items: [rect()] },
    undefined,
    '/tilings/0/step/0',
    ['zero'],
  ],
  [
    'colour for a coloured tiling',
    {
      tilings: [{ name: 't', box: { x: 0, y: 0, width: 1, height: 1 }, step: [1, 1], items: [] }],
      items: [rect({ fill: { pattern: 't', color: [0] } })],
    },
    undefined,
    '/items/0/fill/color',
    ['color', '"t"', 'coloured cells'],
  ],
  [
    'icc profile part missing',
    { color_spaces: { p: { type: 'icc', components: 3, profile: 'nope' } }, items: [rect()] },
    undefined,
    '/color_spaces/p/profile',
    ['"nope"', 'not sent'],
  ],
  [
    'icc profile unreadable',
    { color_spaces: { p: { type: 'icc', components: 3, profile: 'p' } }, items: [rect()] },
    { p: new Uint8Array(200) },
    '/color_spaces/p/profile',
    ['"p"', 'not an ICC profile'],
  ],
  [
    'icc components against the header',
    { color_spaces: { p: { type: 'icc', components: 4, profile: 'p' } }, items: [rect()] },
    { p: SRGB },
    '/color_spaces/p/components',
    ['4 components', 'describes 3', 'RGB'],
  ],
  [
    'page space of the wrong count',
    { color_spaces: { gold: sep }, page_spaces: [{ page: 1, rgb: 'gold' }], items: [rect()] },
    undefined,
    '/page_spaces/0/rgb',
    ['"gold"', '1 components', 'rgb', '3 components'],
  ],
  [
    'separation with tint and full',
    {
      color_spaces: { gold: { ...sep, tint: calc('{ dup dup dup }', [0, 1], [0, 1, 0, 1, 0, 1, 0, 1]) } },
      items: [rect()],
    },
    undefined,
    '/color_spaces/gold',
    ['both', 'tint', 'full'],
  ],
  [
    'alternate that is a separation',
    {
      color_spaces: { gold: sep, silver: { type: 'separation', ink: 'Silver', alternate: 'gold', tint: calc('{ }') } },
      items: [rect()],
    },
    undefined,
    '/color_spaces/silver/alternate',
    ['"gold"', 'gray, rgb, cmyk'],
  ],
  [
    'device_n tint of the wrong arity',
    {
      color_spaces: { duo: { type: 'device_n', inks: ['Cyan', 'Magenta'], alternate: 'gray', tint: calc('{ }') } },
      items: [rect()],
    },
    undefined,
    '/color_spaces/duo/tint/calculation',
    ['1 inputs', '2 inks'],
  ],
  [
    'a link inside a drawing',
    {
      drawings: [{ name: 'd', box, items: [{ type: 'link', rect: box, uri: 'https://example.com/' }] }],
      items: [rect()],
    },
    undefined,
    '/drawings/0/items/0/type',
    ['"link"', 'inside a drawing', 'annotation of one page'],
  ],
  [
    'a drawing containing itself',
    {
      drawings: [
        { name: 'd', box, items: [{ type: 'drawing', drawing: 'e' }] },
        { name: 'e', box, items: [{ type: 'drawing', drawing: 'd' }] },
      ],
      items: [rect()],
    },
    undefined,
    '/drawings/1/items/0/drawing',
    ['drawing "d"', 'contains itself'],
  ],
  [
    'a tiling filling with itself',
    {
      tilings: [
        {
          name: 't',
          box: { x: 0, y: 0, width: 1, height: 1 },
          step: [1, 1],
          items: [rect({ fill: { pattern: 't' } })],
        },
      ],
      items: [rect()],
    },
    undefined,
    '/tilings/0/items/0/fill/pattern',
    ['tiling "t"', 'itself'],
  ],
  ['a version this build does not know', { version: '3.0', items: [rect()] }, undefined, '/version', ['version']],
];

describe('graphics refusals', () => {
  it.each(CASES)('%s', (_what, d, parts, pointer, words) => {
    const out = render({ description: { ...d }, parts, now: NOW });
    if (out.ok) throw new Error('expected a refusal');
    expect({ status: out.status, word: out.word, path: out.path }).toEqual({
      status: 400,
      word: 'description',
      path: pointer,
    });
    for (const w of words) expect(out.sentence).toContain(w);
    expect(out.sentence).toMatch(/^[a-z/{].*\.$/);
  });
});

describe('mutated graphics descriptions', () => {
  const good = {
    page: { width: 100, height: 100 },
    layers: [{ name: 'L' }],
    graphics_states: [
      {
        name: 's',
        state: {
          fill_alpha: 0.5,
          mask: { drawing: 'd' },
          halftone: { every: { frequency: 60, angle: 45, spot: 'round' } },
        },
      },
    ],
    shadings: [
      { name: 'a', shading: { axial: { from: [0, 0], to: [100, 0], start: [1, 0, 0], end: [0, 0, 1] } } },
      {
        name: 'f',
        shading: {
          function_based: {
            domain: [
              [0, 1],
              [0, 1],
            ],
            matrix: [100, 0, 0, 100, 0, 0],
            space: 'rgb',
            function: calc('{ 0 }', [0, 1, 0, 1], [0, 1, 0, 1, 0, 1]),
          },
        },
      },
      { name: 'p', shading: { coons_patch_mesh: { patches: [{ points: boundary, colors: [[0], [1], [0], [1]] }] } } },
    ],
    tilings: [
      {
        name: 't',
        box: { x: 0, y: 0, width: 10, height: 10 },
        step: [10, 10],
        colored: false,
        items: [{ type: 'ellipse', rect: { llx: 0, lly: 0, urx: 5, ury: 5 }, fill: [0] }],
      },
    ],
    drawings: [
      {
        name: 'd',
        box: { llx: 0, lly: 0, urx: 50, ury: 50 },
        items: [
          {
            type: 'polygon',
            points: [
              [0, 0],
              [50, 0],
              [25, 50],
            ],
            fill: [1],
          },
        ],
      },
    ],
    color_spaces: { gold: sep },
    items: [
      {
        type: 'rect',
        rect: { llx: 0, lly: 0, urx: 50, ury: 50 },
        fill: { shading: 'a' },
        graphics_state: 's',
        layer: 'L',
      },
      {
        type: 'path',
        segments: [
          { move: [0, 0] },
          {
            curve: [
              [10, 10],
              [20, 0],
              [30, 30],
            ],
          },
          { close: true },
        ],
        fill: { pattern: 't', color: { space: 'gold', tints: [1] } },
        stroke: { width: 2 },
      },
      { type: 'drawing', drawing: 'd', rect: { llx: 50, lly: 50, urx: 100, ury: 100 }, rotate: 30 },
      { type: 'ellipse', rect: { llx: 0, lly: 50, urx: 50, ury: 100 }, fill: { shading: 'p' } },
    ],
  };

  it('the unmutated description renders', () => {
    const out = render({ description: good, now: NOW });
    expect(out.ok).toBe(true);
  });

  /** Every path into the description, so a mutation can land anywhere. */
  function paths(v: unknown, p: (string | number)[] = []): (string | number)[][] {
    if (v === null || typeof v !== 'object') return [p];
    const out: (string | number)[][] = [p];
    for (const [k, c] of Object.entries(v)) out.push(...paths(c, [...p, Array.isArray(v) ? Number(k) : k]));
    return out;
  }
  const all = paths(good).filter((p) => p.length > 0);
  const junk = fc.oneof(
    fc.constant(null),
    fc.integer({ min: -5, max: 300 }),
    fc.double({ noNaN: false }),
    fc.string({ maxLength: 6 }),
    fc.constant([]),
    fc.constant({}),
    fc.constant([0, 0]),
    fc.constant('{ dup }'),
    fc.boolean(),
  );

  it('answers a PDF or a clean 4xx whatever one value becomes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...all), junk, fc.boolean(), (path, value, remove) => {
        const d = structuredClone(good) as Record<string, unknown>;
        let o = d as Record<string | number, unknown>;
        for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
        const last = path[path.length - 1];
        if (remove && !Array.isArray(o)) delete o[last];
        else o[last] = value;
        const out = render({ description: d, now: NOW });
        if (!out.ok) {
          expect([400, 402, 413]).toContain(out.status);
          expect(out.sentence.length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 400 },
    );
  });
});
