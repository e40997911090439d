// test/refusal-cases/graphics.ts — refusal cases of the graphics messages of ir/messages.ts, walked by
// test/refusals.test.ts, which renders each one in-process (or posts it to one server: see server.ts)
// and checks status, x-svc-refusal word, JSON pointer, that the sentence is the message's own and
// names what `says` lists. Every entry of REFUSALS needs at least one case somewhere under
// test/refusal-cases/, or the walk fails.
//
// To add a case: copy one below, set `key` to the message's key, give the smallest description
// (and `parts`, `licensed`, `client` when the case needs them) that meets that refusal first, the
// status and word of the table entry, the pointer the refusal names, and in `says` the key or name
// at fault as the sentence spells it.

import { fontCharge } from '../../engines/fonts/font-memory.js';
import { bigPng, jpegFrame } from '../support/hostile.js';

/** A small SVG part around `body`. */
const svgText = (body: string) =>
  new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${body}</svg>`);

import type { RefusalCase } from './support.js';
import { bytes, icc, NOTO_SANS_B64 } from './support.js';

/** 2 MiB for laid text beside Noto Sans's share of the budget (engines/fonts/font-memory.ts). */
const TEXT_BUDGET = 2 * 1024 * 1024 + fontCharge(Buffer.from(NOTO_SANS_B64, 'base64').length);

export const CASES: RefusalCase[] = [
  {
    key: 'imagePastMemory',
    what: 'an 11 000 × 11 000 RGBA PNG of 472 KB: 1.45 GB to read, past the default budget',
    description: { items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }] },
    parts: { p: bigPng(11_000, 11_000) },
    status: 413,
    word: 'drawing',
    pointer: '/items/0/image',
    says: ['"p"', '11000 × 11000', '402653184'],
  },
  {
    key: 'textPastMemory',
    what: 'a text of 5 000 lines within a budget of 2 MiB (a text of 1 000 000 lines within the default 384 MiB; issue 20)',
    description: {
      fonts: [{ name: 'F', data: NOTO_SANS_B64 }],
      items: [
        {
          type: 'text',
          rect: { llx: 0, lly: 0, urx: 300, ury: 800 },
          font: 'F',
          font_size: 10,
          content: ['l\n'.repeat(5000)],
        },
      ],
    },
    // 2 MiB for the text beside the font's own share (engines/fonts/font-memory.ts).
    renderMemory: TEXT_BUDGET,
    status: 413,
    word: 'drawing',
    // Past the budget while a line is laid (its content's pointer) or drawn (the item's).
    pointer: '/items/0/content/0',
    says: ['/items/0/content/0', String(TEXT_BUDGET)],
  },
  {
    key: 'imageDataShort',
    what: 'a JPEG frame of 65 535 × 65 535 pixels with no scan: a picture declared, not sent (issue 20)',
    description: { items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }] },
    parts: { p: jpegFrame(65_535, 65_535) },
    status: 400,
    word: 'description',
    pointer: '/items/0/image',
    says: ['"p"', '65535 × 65535', 'carries 0 bytes', '25165824'],
  },
  {
    key: 'imageUnreadable',
    description: { items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }] },
    parts: { p: bytes('iVBORw0KGgoAAA==') },
    status: 400,
    word: 'description',
    pointer: '/items/0/image',
    says: ['"p"', 'image'],
  },
  {
    key: 'imageFormatUnsupported',
    description: { items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }] },
    parts: { p: bytes('') },
    status: 400,
    word: 'description',
    pointer: '/items/0/image',
    says: ['"p"', 'image'],
  },
  {
    key: 'svgNotDrawn',
    description: { items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }] },
    parts: { p: svgText('<defs><filter id="f"/></defs>') },
    status: 400,
    word: 'drawing',
    pointer: '/items/0/image',
    says: ['"p"', '<filter>', '/svg/defs[1]/filter[1]'],
  },
  {
    key: 'svgUnsafe',
    description: { items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }] },
    parts: { p: svgText('<script>fetch("x")</script>') },
    status: 400,
    word: 'description',
    pointer: '/items/0/image',
    says: ['"p"', '<script>', 'never run'],
  },
  {
    key: 'svgTooLarge',
    description: { items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }] },
    parts: { p: svgText(`${'<g>'.repeat(300)}${'</g>'.repeat(300)}`) },
    status: 413,
    word: 'drawing',
    pointer: '/items/0/image',
    says: ['"p"', 'nested more than 256 deep'],
  },
  {
    key: 'svgImageKey',
    description: {
      images: [{ name: 'p', soft_mask: 'm' }],
      items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }],
    },
    parts: { p: svgText('<rect width="5" height="5"/>') },
    status: 400,
    word: 'description',
    pointer: '/images/0/soft_mask',
    says: ['/images/0/soft_mask', '"p"', 'soft_mask'],
  },
  {
    key: 'imageTooLarge',
    description: { items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }] },
    parts: {
      p: bytes(
        'iVBORw0KGgoAAAANSUhEUgAA6mAAAOpgCAIAAAAPsOIVAAAAFklEQVR4nGPgEpHjEpFj5BKRY2BgAAAF8QC2MeRaWgAAAABJRU5ErkJggg==',
      ),
    },
    status: 413,
    word: 'drawing',
    pointer: '/items/0/image',
    says: ['"p"', 'image'],
  },
  {
    key: 'imageNotStencil',
    description: {
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }],
      images: [{ name: 'p', stencil: true }],
    },
    parts: {
      p: bytes('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAAAAABX3VL4AAAADklEQVR4nGNoaGBsYAAABYkBgjwkYkAAAAAASUVORK5CYII='),
    },
    status: 400,
    word: 'description',
    pointer: '/images/0/stencil',
    says: ['"p"', 'stencil'],
  },
  {
    key: 'imageIccMismatch',
    description: {
      items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }],
      images: [{ name: 'p', icc_profile: 'icc' }],
    },
    parts: {
      p: bytes(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPgEpHjEpFj5BKRY2BgAAAF8QC2MeRaWgAAAABJRU5ErkJggg==',
      ),
      icc: bytes(
        'AAAAhAAAAAAAAAAAbW50ckNNWUtYWVogAAAAAAAAAAAAAAAAYWNzcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ),
    },
    status: 400,
    word: 'description',
    pointer: '/images/0/icc_profile',
    says: ['"icc"', 'icc_profile'],
  },
  {
    key: 'imageIccOnStencil',
    description: {
      items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }],
      images: [{ name: 'p', stencil: true, icc_profile: 'icc' }],
    },
    parts: {
      p: bytes('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACAQAAAABazTCJAAAADElEQVR4nGNwYHQAAAEGAIIGz6NoAAAAAElFTkSuQmCC'),
      icc: bytes(
        'AAAAhAAAAAAAAAAAbW50ckdSQVlYWVogAAAAAAAAAAAAAAAAYWNzcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      ),
    },
    status: 400,
    word: 'description',
    pointer: '/images/0/icc_profile',
    says: ['"p"', 'icc_profile'],
  },
  {
    key: 'imageIccUnreadable',
    description: {
      items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }],
      images: [{ name: 'p', icc_profile: 'icc' }],
    },
    parts: {
      p: bytes(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPgEpHjEpFj5BKRY2BgAAAF8QC2MeRaWgAAAABJRU5ErkJggg==',
      ),
      icc: bytes(
        'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      ),
    },
    status: 400,
    word: 'description',
    pointer: '/images/0/icc_profile',
    says: ['"icc"', 'icc_profile'],
  },
  {
    key: 'imageKeysTogether',
    description: {
      items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }],
      images: [
        {
          name: 'p',
          opaque: true,
          color_key: [
            [0, 1],
            [0, 1],
            [0, 1],
          ],
        },
      ],
    },
    parts: {
      p: bytes(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPgEpHjEpFj5BKRY2BgAAAF8QC2MeRaWgAAAABJRU5ErkJggg==',
      ),
    },
    status: 400,
    word: 'description',
    pointer: '/images/0/color_key',
    says: ['color_key'],
  },
  {
    key: 'imagePairCount',
    description: {
      items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }],
      images: [{ name: 'p', color_key: [[0, 1]] }],
    },
    parts: {
      p: bytes(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPgEpHjEpFj5BKRY2BgAAAF8QC2MeRaWgAAAABJRU5ErkJggg==',
      ),
    },
    status: 400,
    word: 'description',
    pointer: '/images/0/color_key',
    says: ['"p"', 'color_key'],
  },
  {
    key: 'imageColorKeyRange',
    description: {
      items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }],
      images: [
        {
          name: 'p',
          color_key: [
            [0, 300],
            [0, 1],
            [0, 1],
          ],
        },
      ],
    },
    parts: {
      p: bytes(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPgEpHjEpFj5BKRY2BgAAAF8QC2MeRaWgAAAABJRU5ErkJggg==',
      ),
    },
    status: 400,
    word: 'description',
    pointer: '/images/0/color_key/0/1',
    says: ['"p"'],
  },
  {
    key: 'imageSoftMaskNotGrey',
    description: {
      items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }],
      images: [{ name: 'p', soft_mask: 'm' }],
    },
    parts: {
      p: bytes(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPgEpHjEpFj5BKRY2BgAAAF8QC2MeRaWgAAAABJRU5ErkJggg==',
      ),
      m: bytes('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4nGNgZGJmAWMQwQAEAAFbACDca6NlAAAAAElFTkSuQmCC'),
    },
    status: 400,
    word: 'description',
    pointer: '/images/0/soft_mask',
    says: ['"m"', 'soft_mask'],
  },
  {
    key: 'imageColorNotStencil',
    description: {
      items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, color: [1, 0, 0] }],
    },
    parts: {
      p: bytes(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPgEpHjEpFj5BKRY2BgAAAF8QC2MeRaWgAAAABJRU5ErkJggg==',
      ),
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/color',
    says: ['"p"', 'color'],
  },
  {
    key: 'imageMetadataBoth',
    description: {
      items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }],
      images: [{ name: 'p', metadata: { facts: {}, packet: 'x' } }],
    },
    parts: {
      p: bytes(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPgEpHjEpFj5BKRY2BgAAAF8QC2MeRaWgAAAABJRU5ErkJggg==',
      ),
    },
    status: 400,
    word: 'description',
    pointer: '/images/0/metadata/packet',
    says: ['packet'],
  },
  {
    key: 'imageMetadataNeither',
    description: {
      items: [{ type: 'image', image: 'p', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }],
      images: [{ name: 'p', metadata: {} }],
    },
    parts: {
      p: bytes(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPgEpHjEpFj5BKRY2BgAAAF8QC2MeRaWgAAAABJRU5ErkJggg==',
      ),
    },
    status: 400,
    word: 'description',
    pointer: '/images/0/metadata',
    says: ['metadata'],
  },
  {
    key: 'graphicsUndeclared',
    description: { items: [{ type: 'drawing', drawing: 'd' }] },
    status: 400,
    word: 'description',
    pointer: '/items/0/drawing',
    says: ['"d"', 'drawing'],
  },
  {
    key: 'graphicsKeysTogether',
    description: {
      graphics_states: [{ name: 's', state: { overprint: true, fill_overprint: false } }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/graphics_states/0/state/fill_overprint',
    says: ['fill_overprint'],
  },
  {
    key: 'pathSegmentShape',
    description: { items: [{ type: 'path', segments: [{ move: [0, 0], line: [1, 1] }], fill: [0] }] },
    status: 400,
    word: 'description',
    pointer: '/items/0/segments/0',
    says: ['/items/0/segments/0'],
  },
  {
    key: 'pathStartsWithoutMove',
    description: { items: [{ type: 'path', segments: [{ line: [1, 1] }], fill: [0] }] },
    status: 400,
    word: 'description',
    pointer: '/items/0/segments/0/line',
    says: ['line'],
  },
  {
    key: 'countMismatch',
    description: {
      shadings: [
        {
          name: 'g',
          shading: {
            axial: { from: [0, 0], to: [1, 0], space: 'gray', function: { exponential: { low: [0], high: [0, 1] } } },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/axial/function/exponential/high',
    says: ['high'],
  },
  {
    key: 'functionArity',
    description: {
      color_spaces: {
        duo: {
          type: 'device_n',
          inks: ['Cyan', 'Magenta'],
          alternate: 'gray',
          tint: { calculation: { program: '{ }', domain: [0, 1], range: [0, 1] } },
        },
      },
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/color_spaces/duo/tint/calculation',
    says: ['"duo"', 'calculation'],
  },
  {
    key: 'sampleTooLarge',
    description: {
      shadings: [
        {
          name: 'g',
          shading: {
            axial: {
              from: [0, 0],
              to: [1, 0],
              space: 'gray',
              function: { sampled: { domain: [0, 1], range: [0, 1], size: [2], samples: [0, 300] } },
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/axial/function/sampled/samples/1',
    says: ['/shadings/0/shading/axial/function/sampled/samples/1'],
  },
  {
    key: 'cubicNeedsOneInput',
    description: {
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
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/function_based/function/sampled/between',
    says: ['between'],
  },
  {
    key: 'calcBraces',
    description: {
      shadings: [
        {
          name: 'g',
          shading: {
            axial: {
              from: [0, 0],
              to: [1, 0],
              space: 'gray',
              function: { calculation: { program: '{ dup { pop } if', domain: [0, 1], range: [0, 1] } },
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/axial/function/calculation/program',
    says: ['"{"', 'program'],
  },
  {
    key: 'calcUnknownOperator',
    description: {
      shadings: [
        {
          name: 'g',
          shading: {
            axial: {
              from: [0, 0],
              to: [1, 0],
              space: 'gray',
              function: { calculation: { program: '{ 2 pow }', domain: [0, 1], range: [0, 1] } },
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/axial/function/calculation/program',
    says: ['"pow"', 'program'],
  },
  {
    key: 'calcDepth',
    description: {
      shadings: [
        {
          name: 'g',
          shading: {
            axial: {
              from: [0, 0],
              to: [1, 0],
              space: 'gray',
              function: {
                calculation: {
                  program:
                    '{ dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup dup  }',
                  domain: [0, 1],
                  range: [0, 1],
                },
              },
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/axial/function/calculation/program',
    says: ['program'],
  },
  {
    key: 'calcUnderflow',
    description: {
      shadings: [
        {
          name: 'g',
          shading: {
            axial: {
              from: [0, 0],
              to: [1, 0],
              space: 'gray',
              function: { calculation: { program: '{ pop pop }', domain: [0, 1], range: [0, 1] } },
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/axial/function/calculation/program',
    says: ['"pop"', 'program'],
  },
  {
    key: 'calcOutputs',
    description: {
      shadings: [
        {
          name: 'g',
          shading: {
            axial: {
              from: [0, 0],
              to: [1, 0],
              space: 'gray',
              function: { calculation: { program: '{ dup }', domain: [0, 1], range: [0, 1] } },
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/axial/function/calculation/program',
    says: ['program'],
  },
  {
    key: 'calcSyntax',
    description: {
      shadings: [
        {
          name: 'g',
          shading: {
            axial: {
              from: [0, 0],
              to: [1, 0],
              space: 'gray',
              function: { calculation: { program: '{ if }', domain: [0, 1], range: [0, 1] } },
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/axial/function/calculation/program',
    says: ['"if"', 'program'],
  },
  {
    key: 'shadingKindUnknown',
    description: {
      shadings: [{ name: 'g', shading: { conic: {} } }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading',
    says: ['"conic"', 'shading'],
  },
  {
    key: 'shadingBothWays',
    description: {
      shadings: [
        {
          name: 'g',
          shading: {
            axial: {
              from: [0, 0],
              to: [1, 0],
              start: [0],
              end: [1],
              space: 'gray',
              function: { calculation: { program: '{ }', domain: [0, 1], range: [0, 1] } },
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/axial',
    says: ['axial'],
  },
  {
    key: 'shadingNeitherWay',
    description: {
      shadings: [{ name: 'g', shading: { axial: { from: [0, 0], to: [1, 0] } } }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/axial',
    says: ['axial'],
  },
  {
    key: 'shadingHalfPair',
    description: {
      shadings: [{ name: 'g', shading: { axial: { from: [0, 0], to: [1, 0], start: [0] } } }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/axial/end',
    says: ['end'],
  },
  {
    key: 'shadingLightInk',
    description: {
      shadings: [{ name: 'g', shading: { axial: { from: [0, 0], to: [1, 0], start: [1, 0, 0], end: [0, 0, 0, 1] } } }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/axial/end',
    says: ['end'],
  },
  {
    key: 'shadingSpaceKind',
    description: {
      shadings: [
        {
          name: 'g',
          shading: {
            axial: {
              from: [0, 0],
              to: [1, 0],
              space: 'p',
              function: { calculation: { program: '{ dup dup }', domain: [0, 1], range: [0, 1, 0, 1, 0, 1] } },
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
      color_spaces: { p: { type: 'icc', components: 3, profile: 'p' } },
    },
    parts: { p: icc('srgb.icc') },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/axial/space',
    says: ['"p"', 'space'],
  },
  {
    key: 'functionBasedFunction',
    description: {
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
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/function_based/function',
    says: ['function'],
  },
  {
    key: 'functionOutputs',
    description: {
      shadings: [
        {
          name: 'g',
          shading: {
            axial: { from: [0, 0], to: [1, 0], space: 'rgb', function: { exponential: { low: [0], high: [1] } } },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/axial/function/exponential',
    says: ['exponential'],
  },
  {
    key: 'meshEmpty',
    description: {
      shadings: [{ name: 'm', shading: { mesh: { triangles: [] } } }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/mesh/triangles',
    says: ['the mesh at'],
  },
  {
    key: 'latticeTooSmall',
    description: {
      shadings: [
        {
          name: 'l',
          shading: {
            lattice_mesh: {
              rows: [
                [
                  { at: [0, 0], color: [0] },
                  { at: [1, 0], color: [0] },
                ],
              ],
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/lattice_mesh/rows',
    says: ['rows'],
  },
  {
    key: 'latticeRowLength',
    description: {
      shadings: [
        {
          name: 'l',
          shading: {
            lattice_mesh: {
              rows: [
                [
                  { at: [0, 0], color: [0] },
                  { at: [1, 0], color: [0] },
                ],
                [
                  { at: [0, 1], color: [0] },
                  { at: [1, 1], color: [0] },
                  { at: [2, 1], color: [0] },
                ],
              ],
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/lattice_mesh/rows/1',
    says: ['/shadings/0/shading/lattice_mesh/rows/1'],
  },
  {
    key: 'patchPoints',
    description: {
      shadings: [
        {
          name: 'p',
          shading: {
            coons_patch_mesh: {
              patches: [
                {
                  points: [
                    [1, 1],
                    [2, 2],
                    [3, 3],
                    [4, 4],
                    [5, 5],
                    [6, 6],
                    [7, 7],
                    [8, 8],
                    [9, 9],
                    [10, 10],
                    [11, 11],
                  ],
                  colors: [[0], [0], [0], [0]],
                },
              ],
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/coons_patch_mesh/patches/0/points',
    says: ['points'],
  },
  {
    key: 'meshSpaceWithColor',
    description: {
      shadings: [
        {
          name: 'm',
          shading: {
            mesh: {
              space: 'gray',
              triangles: [
                [
                  { at: [0, 0], tints: [0] },
                  { at: [1, 0], color: [0] },
                  { at: [0, 1], tints: [0] },
                ],
              ],
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/mesh/triangles/0/1/color',
    says: ['color'],
  },
  {
    key: 'meshTintsNoSpace',
    description: {
      shadings: [
        {
          name: 'm',
          shading: {
            mesh: {
              triangles: [
                [
                  { at: [0, 0], tints: [0] },
                  { at: [1, 1], color: [0] },
                  { at: [2, 0], color: [0] },
                ],
              ],
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/mesh/triangles/0/0/tints',
    says: ['tints'],
  },
  {
    key: 'meshCornerNeither',
    description: {
      shadings: [
        {
          name: 'm',
          shading: { mesh: { triangles: [[{ at: [0, 0], color: [0] }, { at: [1, 1] }, { at: [2, 0], color: [0] }]] } },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/mesh/triangles/0/1',
    says: ['/shadings/0/shading/mesh/triangles/0/1'],
  },
  {
    key: 'meshLightInk',
    description: {
      shadings: [
        {
          name: 'm',
          shading: {
            mesh: {
              triangles: [
                [
                  { at: [0, 0], color: [1, 0, 0] },
                  { at: [1, 1], color: [0, 0, 0, 1] },
                  { at: [2, 0], color: [0] },
                ],
              ],
            },
          },
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/shadings/0/shading/mesh/triangles/0/1/color',
    says: ['color'],
  },
  {
    key: 'tintsCount',
    description: {
      color_spaces: { gold: { type: 'separation', ink: 'Gold', alternate: 'cmyk', full: [0, 0, 1, 0] } },
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: { space: 'gold', tints: [1, 0] } }],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/fill/tints',
    says: ['"gold"', 'tints'],
  },
  {
    key: 'tilingStepZero',
    description: {
      tilings: [{ name: 't', box: { x: 0, y: 0, width: 1, height: 1 }, step: [0, 5], items: [] }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/tilings/0/step/0',
    says: ['/tilings/0/step/0'],
  },
  {
    key: 'tilingStepTooFine',
    what: 'a step of 1e-9 (issue 20)',
    description: {
      tilings: [{ name: 't', box: { x: 0, y: 0, width: 1, height: 1 }, step: [1, 1e-9], items: [] }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/tilings/0/step/1',
    says: ['/tilings/0/step/1', '1e-9 points', '0.1'],
  },
  {
    key: 'tilingStepTooFine',
    what: 'a step of 1 in a pattern space scaled by 0.05 across: 0.05 points on the page',
    description: {
      tilings: [
        { name: 'u', box: { x: 0, y: 0, width: 1, height: 1 }, step: [1, 1], matrix: [0.05, 0, 0, 1, 0, 0], items: [] },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/tilings/0/step/0',
    says: ['/tilings/0/step/0', '0.05 points'],
  },
  {
    key: 'matrixSingular',
    what: 'an all-zero tiling matrix',
    description: {
      tilings: [
        { name: 't', box: { x: 0, y: 0, width: 1, height: 1 }, step: [1, 1], matrix: [0, 0, 0, 0, 0, 0], items: [] },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/tilings/0/matrix',
    says: ['/tilings/0/matrix'],
  },
  {
    key: 'tilingColourForColoured',
    description: {
      tilings: [{ name: 't', box: { x: 0, y: 0, width: 1, height: 1 }, step: [1, 1], items: [] }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: { pattern: 't', color: [0] } }],
    },
    status: 400,
    word: 'description',
    pointer: '/items/0/fill/color',
    says: ['"t"', 'color'],
  },
  {
    key: 'iccUnreadable',
    description: {
      color_spaces: { p: { type: 'icc', components: 3, profile: 'p' } },
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    parts: {
      p: bytes(
        'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      ),
    },
    status: 400,
    word: 'description',
    pointer: '/color_spaces/p/profile',
    says: ['"p"', 'profile'],
  },
  {
    key: 'colorSpaceIccComponents',
    description: {
      color_spaces: { p: { type: 'icc', components: 4, profile: 'p' } },
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    parts: { p: icc('srgb.icc') },
    status: 400,
    word: 'description',
    pointer: '/color_spaces/p/components',
    says: ['"p"', 'components'],
  },
  {
    key: 'spaceNotForRole',
    description: {
      color_spaces: { gold: { type: 'separation', ink: 'Gold', alternate: 'cmyk', full: [0, 0, 1, 0] } },
      page_spaces: [{ page: 1, rgb: 'gold' }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/page_spaces/0/rgb',
    says: ['"gold"', 'rgb'],
  },
  {
    key: 'separationTwoTints',
    description: {
      color_spaces: {
        gold: {
          type: 'separation',
          ink: 'Gold',
          alternate: 'cmyk',
          full: [0, 0, 1, 0],
          tint: { calculation: { program: '{ dup dup dup }', domain: [0, 1], range: [0, 1, 0, 1, 0, 1, 0, 1] } },
        },
      },
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/color_spaces/gold',
    says: ['gold'],
  },
  {
    key: 'alternateSpace',
    description: {
      color_spaces: {
        gold: { type: 'separation', ink: 'Gold', alternate: 'cmyk', full: [0, 0, 1, 0] },
        silver: {
          type: 'separation',
          ink: 'Silver',
          alternate: 'gold',
          tint: { calculation: { program: '{ }', domain: [0, 1], range: [0, 1] } },
        },
      },
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/color_spaces/silver/alternate',
    says: ['"gold"', 'alternate'],
  },
  {
    key: 'itemNotInDrawing',
    description: {
      drawings: [
        {
          name: 'd',
          box: { llx: 0, lly: 0, urx: 10, ury: 10 },
          items: [{ type: 'check_box', name: 'ok', rect: { llx: 0, lly: 0, urx: 10, ury: 10 } }],
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/drawings/0/items/0/type',
    says: ['"check_box"', 'form field is an annotation'],
  },
  {
    key: 'placeholderInDrawing',
    description: {
      fonts: [{ name: 'f', library: 'noto_sans' }],
      tilings: [
        {
          name: 't',
          box: { x: 0, y: 0, width: 50, height: 50 },
          step: [50, 50],
          items: [
            {
              type: 'text',
              rect: { llx: 0, lly: 0, urx: 50, ury: 50 },
              content: ['{{draft}} ', { text: 'page {current_page}' }],
              font: 'f',
              font_size: 9,
            },
          ],
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: { pattern: 't' } }],
    },
    status: 400,
    word: 'description',
    pointer: '/tilings/0/items/0/content/1',
    says: ['{current_page}', 'drawn once'],
  },
  {
    key: 'tableOutgrowsDrawing',
    description: {
      fonts: [{ name: 'f', library: 'noto_sans' }],
      drawings: [
        {
          name: 'd',
          box: { llx: 0, lly: 0, urx: 100, ury: 30 },
          items: [
            {
              type: 'table',
              rect: { llx: 0, lly: 0, urx: 100, ury: 30 },
              font: 'f',
              font_size: 10,
              columns: [{ fraction: 1 }],
              rows: [['one'], ['two'], ['three'], ['four']],
            },
          ],
        },
      ],
      items: [{ type: 'drawing', drawing: 'd' }],
    },
    status: 400,
    word: 'description',
    pointer: '/drawings/0/items/0',
    says: ['/drawings/0/items/0', 'no next page'],
  },
  {
    key: 'declarationCycle',
    description: {
      tilings: [
        {
          name: 't',
          box: { x: 0, y: 0, width: 1, height: 1 },
          step: [1, 1],
          items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: { pattern: 't' } }],
        },
      ],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/tilings/0/items/0/fill/pattern',
    says: ['"t"', 'pattern'],
  },
  {
    key: 'halftoneOriginVersion',
    description: {
      graphics_states: [{ name: 's', state: { halftone_origin: [0, 0] } }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
      version: '1.7',
    },
    status: 400,
    word: 'description',
    pointer: '/graphics_states/0/state/halftone_origin',
    says: ['halftone_origin'],
  },
  {
    key: 'transferArity',
    description: {
      graphics_states: [{ name: 's', state: { transfer: { every: { exponential: { low: [0, 0], high: [1, 1] } } } } }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
    },
    status: 400,
    word: 'description',
    pointer: '/graphics_states/0/state/transfer/every',
    says: ['every'],
  },
  {
    key: 'maskBackdrop',
    description: {
      graphics_states: [{ name: 's', state: { mask: { drawing: 'd', space: 'cmyk', backdrop: [0, 0, 0] } } }],
      items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [0] }],
      drawings: [{ name: 'd', box: { llx: 0, lly: 0, urx: 10, ury: 10 }, items: [] }],
    },
    status: 400,
    word: 'description',
    pointer: '/graphics_states/0/state/mask/backdrop',
    says: ['backdrop'],
  },
  {
    key: 'colorSpaceNameReserved',
    description: {
      color_spaces: { rgb: { type: 'separation', ink: 'Gold', alternate: 'cmyk', full: [0, 0, 1, 0] } },
      items: [],
    },
    status: 400,
    word: 'description',
    pointer: '/color_spaces/rgb',
    says: ['"rgb"', '/color_spaces/rgb'],
  },
];
