// ir/messages.ts — the one table of every refusal and remark sentence (like TypeScript's
// diagnosticMessages.json). Readers, engines and passes refer to an entry by key and fill its named
// `{placeholders}` (`refuse('fontUndeclared', at, { font, at })`); the names, read off the template by
// the compiler, are the parameters of that message, so a call missing one, adding one or misspelling
// one does not compile. A test walks this table so no entry goes unused or untested. Sentences are
// lowercase, spell keys as the request spells them and quote names; `{{` and `}}` write a brace.
import {
  type Refusal,
  RefusalError,
  type RefusalStatus,
  type RefusalWord,
  type Remark,
  type RemarkCode,
} from './diagnostics.js';
import type { JsonPointer } from './pointer.js';

interface RefusalEntry {
  status: RefusalStatus;
  word: RefusalWord;
  template: string;
}
interface RemarkEntry {
  code: RemarkCode;
  template: string;
}

export const REFUSALS = {
  // — the call itself (server) —
  jsonDataMissing: { status: 400, word: 'form', template: 'the part json_data is missing from the form.' },
  formUnreadable: {
    status: 400,
    word: 'form',
    template: 'the body could not be read as multipart/form-data: {detail}.',
  },
  formNotMultipart: {
    status: 400,
    word: 'form',
    template: 'the body must be sent as multipart/form-data with a boundary.',
  },
  partTwice: { status: 400, word: 'form', template: 'the part "{part}" is sent twice.' },
  bodyTooLarge: {
    status: 413,
    word: 'body_too_large',
    template: 'the body is larger than the {limit} bytes this server accepts.',
  },
  notFound: {
    status: 400,
    word: 'call_number',
    template: 'there is no {method} {path} here; post the description to /render.',
  },

  // — reading the description —
  jsonUnreadable: { status: 400, word: 'description', template: 'the description does not read as JSON: {detail}.' },
  duplicateKey: { status: 400, word: 'description', template: 'the key "{key}" is written twice in {where}.' },
  schemaRequired: { status: 400, word: 'description', template: 'the key "{key}" is required at "{at}".' },
  schemaType: { status: 400, word: 'description', template: '{key} must be {expected}.' },
  schemaEnum: { status: 400, word: 'description', template: '{key} must be one of {allowed}.' },
  schemaRange: { status: 400, word: 'description', template: '{key} must be {expected}.' },
  schemaOther: { status: 400, word: 'description', template: '{key} {problem}.' },
  coordinateSyntax: {
    status: 400,
    word: 'description',
    template: 'the coordinate {coordinate} does not parse: {detail}.',
  },
  coordinateDepth: {
    status: 400,
    word: 'description',
    template: 'the coordinate {coordinate} nests parentheses deeper than {limit}.',
  },
  coordinateUnknownVariable: {
    status: 400,
    word: 'description',
    template: 'the coordinate {coordinate} uses the unknown variable {variable}.',
  },
  itemKindUnknown: {
    status: 400,
    word: 'description',
    template: 'the item type "{type}" at {at} is not an item type.',
  },
  fontTwoSources: {
    status: 400,
    word: 'description',
    template: '{key} cannot be given together with {other}; a font comes from one source.',
  },
  fontNoSource: {
    status: 400,
    word: 'description',
    template:
      'the font "{font}" at {at} needs data (base64), part (the name of a supplied part) or library (a face the service holds).',
  },
  pageSizePastLimit: {
    status: 400,
    word: 'description',
    template:
      '{key} is {value} points; a page measures at most {limit} points each way (ISO 32000-1 Annex C, the largest page PDF readers show without a user unit).',
  },
  matrixSingular: {
    status: 400,
    word: 'description',
    template:
      '{key} has no inverse as written (to three decimals): it flattens what it places onto a line or a point, which readers cannot draw or invert.',
  },
  transformWithRotate: { status: 400, word: 'description', template: '{key} cannot be given together with {other}.' },
  base64Invalid: { status: 400, word: 'description', template: '{key} is not valid base64.' },

  // — names —
  fontUndeclared: {
    status: 400,
    word: 'description',
    template: 'the font "{font}" named by {at} is nowhere declared.',
  },
  nameDeclaredTwice: {
    status: 400,
    word: 'description',
    template: 'the name "{name}" at {at} is already declared at {earlier}.',
  },
  partMissing: {
    status: 400,
    word: 'description',
    template: 'the part "{part}" named by {at} was not sent with the request.',
  },
  fontUnreadable: {
    status: 400,
    word: 'description',
    template: 'the font "{font}" at {at} is not a TrueType or OpenType font that can be read: {detail}.',
  },
  fontKindUnsupported: {
    status: 400,
    word: 'description',
    template: 'the font "{font}" at {at} has {outlines} outlines, which this build cannot embed yet.',
  },
  glyphMissing: {
    status: 400,
    word: 'drawing',
    template: 'the font "{font}" has no glyph for the character {character} (U+{codepoint}) in {at}.',
  },

  // — licences —
  needsLicenceStandardFont: {
    status: 402,
    word: 'needs_a_licence',
    template:
      'text at {at} is set in the standard font "{font}" ({face}), which has no outlines of its own; a licence key carries fonts without outlines.',
  },
  needsLicenceFont: {
    status: 402,
    word: 'needs_a_licence',
    template:
      'text at {at} is set in the font "{font}" ({kind}), which has no outlines of its own; a licence key carries fonts without outlines.',
  },

  // — pagination —
  tooManyPages: {
    status: 413,
    word: 'too_many_pages',
    template: 'the document needs {pages} pages, more than the ceiling of {ceiling} pages.',
  },
  pageMissing: {
    status: 400,
    word: 'description',
    template: 'the page {page} named by {at} is not in the document, which has {pages} pages.',
  },
  coordinateNotFinite: {
    status: 400,
    word: 'drawing',
    template: 'the coordinate {coordinate} evaluates to {value} on page {page}, which is not a finite number.',
  },

  // — typesetting (issue 4): insert below this line —
  placeholderUnknown: {
    status: 400,
    word: 'description',
    template:
      'the placeholder {{{placeholder}}} in {at} is not known; write {{current_page}}, {{total_pages}} or {{page_of:ID}} (an id without spaces or braces), and {{{{ or }}}} for a brace.',
  },
  dateDirective: {
    status: 400,
    word: 'description',
    template: 'the date pattern at {at} uses {directive}, which is not a supported directive.',
  },
  dateZone: { status: 400, word: 'description', template: 'the zone "{zone}" at {at} is not an IANA time zone name.' },
  hyphenateLanguage: {
    status: 400,
    word: 'description',
    template: 'the hyphenation language "{language}" at {at} has no patterns in this build.',
  },
  oneCharacter: { status: 400, word: 'description', template: '{key} must be one character, not "{value}".' },
  rulerOrder: { status: 400, word: 'description', template: '{key} must list its tab stops in increasing order.' },
  fitFloorAboveSize: {
    status: 400,
    word: 'description',
    template: '{key} = {floor} is above font_size = {fontSize}, so there is no size to step down to.',
  },
  hangingListWith: {
    status: 400,
    word: 'description',
    template: '{key} cannot be given together with {other}; hanging_list sets the indents and the body stop itself.',
  },
  fillLeadingWithLeading: {
    status: 400,
    word: 'description',
    template: '{key} cannot be given together with {other}; fill_leading decides the leading itself.',
  },
  replacementNotOneCharacter: { status: 400, word: 'description', template: '{key} must be one character.' },
  type3GlyphText: {
    status: 400,
    word: 'description',
    template:
      'the glyph shape {at} is a block of text ("{type}"); a Type 3 glyph is drawn with path, rect and line only.',
  },
  type3GlyphShapeKind: {
    status: 400,
    word: 'description',
    template: 'the glyph shape {at} has the type "{type}"; a Type 3 glyph is drawn with path, rect and line only.',
  },
  type3CharacterNotOne: { status: 400, word: 'description', template: '{key} must be one character.' },
  type3MatrixSingular: {
    status: 400,
    word: 'description',
    template: '{key} cannot be inverted, so no glyph would show.',
  },
  type3TooManyGlyphs: {
    status: 400,
    word: 'description',
    template: 'the Type 3 font "{font}" at {at} has {glyphs} glyphs; codes are one byte, so at most {limit}.',
  },
  type3CharacterTwice: {
    status: 400,
    word: 'description',
    template: 'the character {character} has a glyph at {earlier} and again at {at}.',
  },
  libraryFaceUnknown: {
    status: 400,
    word: 'description',
    template: 'the library face "{face}" at {at} is not one the service holds; it holds {faces}.',
  },
  replacementMissing: {
    status: 400,
    word: 'description',
    template: 'the replacement {character} at {at} has no glyph in the font "{font}" itself.',
  },
  fontRefKind: {
    status: 400,
    word: 'description',
    template: 'the font "{font}" named by {at} is {kind}; {list} takes {wanted}.',
  },
  variantFeatureMissing: {
    status: 400,
    word: 'description',
    template: 'the font "{font}" has no OpenType feature {feature}, so {key} cannot be switched on.',
  },
  fontNotVariable: {
    status: 400,
    word: 'description',
    template:
      'the font "{font}" has no variation axes, so {key} cannot set it; send a variable font or leave {key} out.',
  },
  fontAxisUnknown: {
    status: 400,
    word: 'description',
    template: '{key} names the axis "{axis}", which the font "{font}" does not have; it has {axes}.',
  },
  fontAxisOutOfRange: {
    status: 400,
    word: 'description',
    template: '{key} = {value} is outside the axis "{axis}" of the font "{font}", which runs from {min} to {max}.',
  },
  fontInstanceUnknown: {
    status: 400,
    word: 'description',
    template: '{key} = "{instance}" is not a named instance of the font "{font}", which has {instances}.',
  },
  simpleFontTooManyCharacters: {
    status: 400,
    word: 'description',
    template: '{key} holds {count} different characters; one-byte codes reach at most {limit}.',
  },
  type1Unreadable: {
    status: 400,
    word: 'description',
    template: 'the font "{font}" at {at} is not a Type 1 program (PFB or PFA) that can be read: {detail}.',
  },
  afmUnreadable: { status: 400, word: 'description', template: 'the AFM file at {at} cannot be read: {detail}.' },
  embeddingForbiddenByStandard: {
    status: 400,
    word: 'description',
    template: 'the font {face} (selected as "{font}") forbids its own embedding, which {standard} does not allow.',
  },
  archiveFontNotEmbedded: {
    status: 400,
    word: 'description',
    template:
      '{key} = "{claim}" requires every font embedded, and the font "{font}" at {at} is {kind}, which is never embedded; declare a font file under fonts instead.',
  },
  type3GlyphKeyMeaningless: {
    status: 400,
    word: 'description',
    template:
      '{key} cannot be given on a Type 3 glyph shape: a glyph is drawn wherever its character is set, so it has no {property}.',
  },

  // — graphics, colour, images (issue 5): insert below this line —
  // images (passes/images/, ir/read/images.ts)
  imageUnreadable: {
    status: 400,
    word: 'description',
    template: 'the part "{part}" named by {at} is not a readable {format} image: {detail}.',
  },
  imageFormatUnsupported: {
    status: 400,
    word: 'description',
    template:
      'the part "{part}" named by {at} is {format}, which this build does not read; send a PNG, JPEG or SVG image.',
  },
  svgNotDrawn: {
    status: 400,
    word: 'drawing',
    template:
      'the SVG image "{image}" named by {at} has {what} at {position}, which this build does not draw ({reason}); it is refused rather than drawn without it.',
  },
  svgUnsafe: {
    status: 400,
    word: 'description',
    template:
      'the SVG image "{image}" named by {at} has {what} at {position}: {reason}, so the image is refused; send it without.',
  },
  svgTooLarge: {
    status: 413,
    word: 'drawing',
    template: 'the SVG image "{image}" named by {at} has {detail}, past what one SVG image may hold.',
  },
  svgImageKey: {
    status: 400,
    word: 'description',
    template: '{key} does not apply to the SVG image "{image}": {reason}; send the image without {word}.',
  },
  imageTooLarge: {
    status: 413,
    word: 'drawing',
    template:
      'the image "{image}" named by {at} is {width} × {height} pixels, past the ceiling of {limit} bytes of pixel data an image may unpack to.',
  },
  imagePastMemory: {
    status: 413,
    word: 'drawing',
    template:
      'the image "{image}" named by {at} is {width} × {height} pixels and needs {need} bytes of memory to read, more than the {left} bytes left of the {limit} this server gives one render.',
  },
  imageDataShort: {
    status: 400,
    word: 'description',
    template:
      'the image "{image}" named by {at} declares {width} × {height} pixels but carries {present} bytes of picture data, fewer than the {least} such a picture takes at the least (one bit per 8 × 8 block of each component).',
  },
  fontPastMemory: {
    status: 413,
    word: 'drawing',
    template:
      'the font "{font}" named by {at} is {size} bytes and needs {need} bytes of memory to read and embed, more than the {left} bytes left of the {limit} this server gives one render.',
  },
  textPastMemory: {
    status: 413,
    word: 'drawing',
    template:
      'the text of {at} takes more than the {limit} bytes of memory this server gives one render once laid out; send it in smaller items or run the server with a larger --render-memory.',
  },
  imageNotStencil: {
    status: 400,
    word: 'description',
    template:
      'the image "{image}" is read as a stencil by {at} but is {kind}; a stencil is 1-bit grey (1 bit per pixel, 1 component).',
  },
  imageIccMismatch: {
    status: 400,
    word: 'description',
    template:
      'the ICC profile "{profile}" named by {at} describes {components} components ({space}), but the image "{image}" has {imageComponents}.',
  },
  imageIccOnStencil: {
    status: 400,
    word: 'description',
    template:
      '{key} cannot be given for "{image}", which {stencil} reads as a stencil: a stencil has no colours of its own.',
  },
  imageIccUnreadable: {
    status: 400,
    word: 'description',
    template: 'the part "{part}" named by {at} is not an ICC profile: {detail}.',
  },
  imageKeysTogether: {
    status: 400,
    word: 'description',
    template: '{key} cannot be given together with {other}: {reason}.',
  },
  imagePairCount: {
    status: 400,
    word: 'description',
    template: '{key} gives {pairs}, but the image "{image}" has {components}; give one pair per component.',
  },
  imageColorKeyRange: {
    status: 400,
    word: 'description',
    template: '{key} holds {value}, outside the stored sample values 0 to {max} of the image "{image}".',
  },
  imageSoftMaskNotGrey: {
    status: 400,
    word: 'description',
    template:
      'the soft mask "{mask}" named by {at} has {found}; a soft mask is one grey component with no transparency of its own.',
  },
  imageColorNotStencil: {
    status: 400,
    word: 'description',
    template:
      '{key} gives the fill colour of a stencil, and the image "{image}" is not one (declare it with stencil: true).',
  },
  imageMetadataBoth: {
    status: 400,
    word: 'description',
    template: "{key} cannot be given together with {other}; an image's metadata is facts or a packet.",
  },
  imageMetadataNeither: {
    status: 400,
    word: 'description',
    template: '{key} needs facts (an object) or packet (the name of a supplied part).',
  },
  graphicsUndeclared: {
    status: 400,
    word: 'description',
    template: 'the {kind} "{name}" named by {at} is nowhere declared.',
  },
  graphicsKeysTogether: { status: 400, word: 'description', template: '{key} cannot be given together with {other}.' },
  pathSegmentShape: {
    status: 400,
    word: 'description',
    template: 'the segment at {at} must state exactly one of move, line, curve and close, not {found}.',
  },
  pathStartsWithoutMove: {
    status: 400,
    word: 'description',
    template: 'the path at {at} starts with {first}; the first segment of a path is a move.',
  },
  countMismatch: { status: 400, word: 'description', template: '{key} has {count} numbers; {rule} asks for {wanted}.' },
  functionArity: {
    status: 400,
    word: 'description',
    template: 'the function at {at} has {count} {unit}; {user} needs {wanted}.',
  },
  sampleTooLarge: {
    status: 400,
    word: 'description',
    template: '{key} = {value} does not fit in {bits} bits (at most {max}).',
  },
  cubicNeedsOneInput: {
    status: 400,
    word: 'description',
    template: '{key} = cubic needs a function of one input; this one has {inputs}.',
  },
  calcBraces: { status: 400, word: 'description', template: 'the program at {at} has unbalanced braces: {detail}.' },
  calcUnknownOperator: {
    status: 400,
    word: 'description',
    template: 'the program at {at} uses the unknown operator "{operator}".',
  },
  calcDepth: {
    status: 400,
    word: 'description',
    template: 'the program at {at} needs a stack deeper than {limit} entries, the limit of a calculation function.',
  },
  calcUnderflow: {
    status: 400,
    word: 'description',
    template: 'the program at {at} takes a value from an empty stack at {position}.',
  },
  calcOutputs: {
    status: 400,
    word: 'description',
    template: 'the program at {at} leaves {left} values on the stack, but range states {outputs} outputs.',
  },
  calcSyntax: { status: 400, word: 'description', template: 'the program at {at} does not parse: {detail}.' },
  shadingKindUnknown: {
    status: 400,
    word: 'description',
    template:
      '{key} must hold exactly one of function_based, axial, radial, mesh, lattice_mesh, coons_patch_mesh, tensor_patch_mesh, not {found}.',
  },
  shadingBothWays: {
    status: 400,
    word: 'description',
    template:
      'the gradient at {at} states start and end together with space and function; a gradient states its colours one way.',
  },
  shadingNeitherWay: {
    status: 400,
    word: 'description',
    template: 'the gradient at {at} states neither start and end nor space and function.',
  },
  shadingHalfPair: {
    status: 400,
    word: 'description',
    template: 'the gradient at {at} states {given} without {missing}.',
  },
  shadingLightInk: {
    status: 400,
    word: 'description',
    template: 'the gradient at {at} mixes light and ink: start has {start} numbers and end has {end}.',
  },
  shadingSpaceKind: {
    status: 400,
    word: 'description',
    template:
      'the space "{space}" at {at} is {kind}; an axial or radial gradient takes gray, rgb, cmyk, or a declared separation or device_n space.',
  },
  functionBasedFunction: {
    status: 400,
    word: 'description',
    template:
      'the function at {at} is {kind}; a function_based gradient takes a function of two inputs, calculation or sampled.',
  },
  functionOutputs: {
    status: 400,
    word: 'description',
    template: 'the function at {at} gives {outputs} values; the space {space} has {components} components.',
  },
  meshEmpty: { status: 400, word: 'description', template: 'the mesh at {at} has no triangle.' },
  latticeTooSmall: {
    status: 400,
    word: 'description',
    template: '{key} has {rows}; a lattice mesh needs at least 2 rows of 2 corners.',
  },
  latticeRowLength: {
    status: 400,
    word: 'description',
    template: '{key} has {corners} corners, but the first row has {first}; every row is as long as the first.',
  },
  patchPoints: { status: 400, word: 'description', template: '{key} has {count} points; a {kind} patch has {wanted}.' },
  meshSpaceWithColor: {
    status: 400,
    word: 'description',
    template: '{key} states a color while the gradient states a space; with a space every corner gives tints.',
  },
  meshTintsNoSpace: {
    status: 400,
    word: 'description',
    template: '{key} gives tints, but the gradient states no space.',
  },
  meshCornerNeither: {
    status: 400,
    word: 'description',
    template: 'the corner at {at} states neither color nor tints.',
  },
  meshLightInk: {
    status: 400,
    word: 'description',
    template:
      'the corners of the gradient at {at} mix light and ink: {first} has {firstCount} numbers and {corner} has {count}.',
  },
  tintsCount: {
    status: 400,
    word: 'description',
    template: '{key} has {count} numbers; the space "{space}" has {components} components.',
  },
  tilingStepZero: {
    status: 400,
    word: 'description',
    template: '{key} is zero; a tiling step across and up must not be zero.',
  },
  tilingStepTooFine: {
    status: 400,
    word: 'description',
    template:
      '{key} steps {step} points on the page; a tiling steps at least {floor} points each way, or a reader draws its cell billions of times.',
  },
  tilingColourForColoured: {
    status: 400,
    word: 'description',
    template: '{key} gives a color, but the tiling "{tiling}" has coloured cells that paint their own.',
  },
  iccUnreadable: {
    status: 400,
    word: 'description',
    template: 'the part "{part}" named by {at} is not an ICC profile: {detail}.',
  },
  colorSpaceIccComponents: {
    status: 400,
    word: 'description',
    template:
      '{key} states {components} components, but the profile "{profile}" describes {profileComponents} ({signature}).',
  },
  spaceNotForRole: {
    status: 400,
    word: 'description',
    template: 'the space "{space}" named by {at} has {components} components; {key} takes a space of {wanted}.',
  },
  separationTwoTints: {
    status: 400,
    word: 'description',
    template:
      'the separation at {at} states {which}; give tint (a function) or full (the colour at full tint), one of them.',
  },
  alternateSpace: {
    status: 400,
    word: 'description',
    template: 'the alternate space "{space}" at {at} must be gray, rgb, cmyk or a declared icc space.',
  },
  itemNotInDrawing: {
    status: 400,
    word: 'description',
    template: 'the item type "{type}" at {at} cannot be drawn inside a drawing or tiling: {why}.',
  },
  placeholderInDrawing: {
    status: 400,
    word: 'description',
    template:
      'the placeholder {{{placeholder}}} in {at} is inside a drawing or tiling, which is drawn once for every page that places it, so it cannot show a page number; write the number on the page instead.',
  },
  tableOutgrowsDrawing: {
    status: 400,
    word: 'description',
    template:
      'the table at {at} is inside a drawing or tiling, which has no next page, and its rows need {parts} boxes its size; make its rect taller or its rows fewer.',
  },
  structureElementNotFound: {
    status: 400,
    word: 'description',
    template:
      'the destination "{destination}" leads to the structure element "{id}" at {at}, but no element of structure with that id holds content on a page.',
  },
  structureDestinationVersion: {
    status: 400,
    word: 'description',
    template:
      'the structure destination at {at} is written as PDF 2.0 (/SD), which {what} does not allow; leave out structure_element or the older version.',
  },
  declarationCycle: {
    status: 400,
    word: 'description',
    template: 'the {kind} "{name}" at {at} contains itself through {through}.',
  },
  halftoneOriginVersion: {
    status: 400,
    word: 'description',
    template: 'halftone_origin at {at} needs version 2.0, but the document states version {version}.',
  },
  transferArity: {
    status: 400,
    word: 'description',
    template:
      'the transfer function at {at} takes {inputs} inputs and gives {outputs} values; a transfer curve takes 1 and gives 1.',
  },
  colorSpaceNameReserved: {
    status: 400,
    word: 'description',
    template:
      'the colour space name "{name}" at {at} is the device space {name} wherever a space is named; declare it under another name.',
  },
  maskBackdrop: {
    status: 400,
    word: 'description',
    template: '{key} has {count} numbers; the mask space {space} has {components} components.',
  },

  // — pagination, tables, supplied PDFs (issue 6): insert below this line —
  pagesRuleUnknownKey: {
    status: 400,
    word: 'description',
    template: 'the key "{key}" is not part of a pages rule at {at}; a pages rule takes every, from, to and but.',
  },
  pagesRuleBackwards: {
    status: 400,
    word: 'description',
    template: '{toKey} = {to} comes before {fromKey} = {from}, so the pages rule selects no page.',
  },
  itemIdTwice: { status: 400, word: 'description', template: 'the id "{id}" at {at} is already given at {earlier}.' },
  relativeUnknownId: {
    status: 400,
    word: 'description',
    template: 'relative_to at {at} names the id "{id}", which no item carries.',
  },
  relativeCycle: { status: 400, word: 'description', template: 'relative_to at {at} goes round in a circle: {ring}.' },
  relativeWithPages: {
    status: 400,
    word: 'description',
    template:
      '{key} cannot be given together with {other}; an item hung with relative_to lands on the page of the part it hangs from.',
  },
  relativeToEveryPage: {
    status: 400,
    word: 'description',
    template:
      'relative_to at {at} hangs an item that continues over pages (a table or a flowing story) from "{id}", which lands on every page (or on pages a rule selects); such an item starts on one page: hang it from a table, a story or an item with a list of pages.',
  },
  relativePartMissing: {
    status: 400,
    word: 'description',
    template: 'relative_to at {at} names part {part} of "{id}", which is laid in {parts} parts.',
  },
  totalPagesTooEarly: {
    status: 400,
    word: 'description',
    template:
      'the coordinate {coordinate} uses {{total_pages}}, which is not known while pages are being created; {dependent} cannot depend on it.',
  },
  tablePagesOne: {
    status: 400,
    word: 'description',
    template:
      'a table starts on one page and continues by overflowing its boxes: {key} must be a list of one page number (an empty list, every page, is not one page).',
  },
  tableCellTwoThings: {
    status: 400,
    word: 'description',
    template: 'the cell {cell} holds both {first} and {second}; a table cell holds one thing.',
  },
  tableCellKeyFor: {
    status: 400,
    word: 'description',
    template: 'the key {key} at {at} sizes a picture or a drawing in its cell, but the cell {cell} holds {holds}.',
  },
  tableRowWidth: {
    status: 400,
    word: 'description',
    template: 'the row {row} fills {filled} columns, but the table has {columns}.',
  },
  tableSpanPastEnd: {
    status: 400,
    word: 'description',
    template: 'the cell {cell} spans {rows} rows, past the {end}.',
  },
  tableSectionRows: {
    status: 400,
    word: 'description',
    template:
      'header_rows = {headerRows} and footer_rows = {footerRows} at {at} leave no room in a table of {rows} rows.',
  },
  tableCellNeeds: {
    status: 400,
    word: 'description',
    template:
      'the cell {cell} holds text but no {key} is given for it: give {key} on the cell, its row, its column or the table.',
  },
  tableColumnsTooWide: {
    status: 400,
    word: 'drawing',
    template: 'the columns of the table at {at} need {need} points, more than the {room} points of its rect.',
  },
  tableRowTooTall: {
    status: 400,
    word: 'drawing',
    template:
      'the row {row} needs {need} points, more than the {room} points a box of the table holds, and cannot be split: {reason}.',
  },
  suppliedPdfUnreadable: {
    status: 400,
    word: 'description',
    template: 'the part "{part}" named by {at} is not a PDF that can be read: {detail}.',
  },
  suppliedPdfEncrypted: {
    status: 400,
    word: 'description',
    template: 'the part "{part}" named by {at} is an encrypted PDF; send it decrypted.',
  },
  suppliedPdfBomb: {
    status: 400,
    word: 'description',
    template:
      'a stream of the part "{part}" named by {at} unpacks to more than {limit} bytes, the unpack limit of supplied_pdfs.',
  },
  suppliedPdfPastMemory: {
    status: 413,
    word: 'drawing',
    template:
      'a stream of the part "{part}" named by {at} unpacks to more than {limit} bytes, the ceiling this server sets from the memory it gives one render; supplied_pdfs.unpack_limit can only lower it.',
  },
  suppliedPageMissing: {
    status: 400,
    word: 'description',
    template: '{key} names page {page} of the part "{part}", which has {pages} pages.',
  },
  needsLicenceImportedWords: {
    status: 402,
    word: 'needs_a_licence',
    template:
      'page {page} of the part "{part}" named by {at} shows more than {limit} words of its own; a licence key carries large imported pages.',
  },
  needsLicenceImportedUncountable: {
    status: 402,
    word: 'needs_a_licence',
    template:
      'the words of page {page} of the part "{part}" named by {at} cannot be counted ({reason}); a licence key carries imported pages whose words cannot be counted.',
  },
  tableSectionsTooTall: {
    status: 400,
    word: 'drawing',
    template:
      'the header and footer rows of the table at {at} need {need} points, more than the {room} points of {box}.',
  },
  tablePastCeiling: {
    status: 413,
    word: 'too_many_pages',
    template: 'the table at {at} runs past page {ceiling}, the ceiling of {ceiling} pages.',
  },
  flowPastCeiling: {
    status: 413,
    word: 'too_many_pages',
    template: 'the flow at {at} runs past page {ceiling}, the ceiling of {ceiling} pages.',
  },
  flowPagesOne: {
    status: 400,
    word: 'description',
    template:
      'a flow with continuation starts on one page and continues by overflowing its boxes: {key} must be a list of one page number (an empty list, every page, is not one page).',
  },
  pageOfUnknown: {
    status: 400,
    word: 'description',
    template: 'the placeholder {{page_of:{id}}} in {at} names no item, story block or heading: no id "{id}" is given.',
  },
  pageOfUnsettled: {
    status: 400,
    word: 'description',
    template:
      'the page of "{id}" that {at} prints does not settle: after {rounds} layings the number printed still moves the text so that "{id}" lands on another page.',
  },
  flowPagePlaceholder: {
    status: 400,
    word: 'description',
    template:
      '{at} holds {placeholder}, which a flow with continuation or blocks cannot print: its lines are broken before its pages are numbered.',
  },
  flowStyleUnknown: {
    status: 400,
    word: 'description',
    template: "{at} names the style {style}, which the flow's styles do not declare.",
  },
  flowOutgrowsDrawing: {
    status: 400,
    word: 'description',
    template:
      'the flow at {at} is inside a drawing or tiling, which has no next page, and its lines need {parts} boxes its size; make its rect taller or its text shorter.',
  },
  flowColumnsNarrow: {
    status: 400,
    word: 'description',
    template:
      'the columns at {at} are {count} with gaps of {gap} points in a box {width} points wide, which leaves them no width; make the gap smaller or the rect wider.',
  },
  flowTableOutgrows: {
    status: 400,
    word: 'description',
    template:
      'the table at {at} is in a flow without continuation, which has one box, and its rows need {parts} boxes; give the flow a continuation or its rect more room.',
  },
  footnoteOutsideStory: {
    status: 400,
    word: 'description',
    template:
      "the footnote at {at} is not in a paragraph of a flow's content array; a footnote's note is set at the foot of a story's box, so a text item, a table cell, a text_path or another footnote cannot hold one.",
  },
  storyWith: {
    status: 400,
    word: 'description',
    template:
      '{key} cannot be given together with {other}; a flow with continuation or blocks sets its lines box by box.',
  },

  // — standards, metadata, verifier (issue 7): insert below this line —
  timestampInvalid: {
    status: 400,
    word: 'description',
    template:
      '{key} = "{value}" is not an ISO 8601 timestamp (YYYY-MM-DD, optionally Thh:mm:ss and an offset such as Z or +01:00).',
  },
  xmlCharacter: {
    status: 400,
    word: 'description',
    template: '{key} holds the character U+{codepoint}, which XML metadata cannot carry.',
  },
  xmlNameInvalid: {
    status: 400,
    word: 'description',
    template: 'the name "{name}" at {at} is not an XML name (a letter or _ first, then letters, digits, _ . -).',
  },
  xmpReserved: {
    status: 400,
    word: 'description',
    template: 'the {kind} "{name}" at {at} is one the service writes its own metadata under; choose another.',
  },
  compressionLevel: {
    status: 400,
    word: 'description',
    template: 'the compression level {key} = {level} is outside {min} to {max}.',
  },
  archiveSetsAside: { status: 400, word: 'description', template: '{key} = "{claim}" sets aside {what}: {reason}.' },
  archiveNeeds: { status: 400, word: 'description', template: '{key} = "{claim}" needs {what}.' },
  linkGraphicsState: {
    status: 400,
    word: 'description',
    template: 'graphics_state at {at} has nothing to act on: a link draws nothing.',
  },
  versionTooOld: {
    status: 400,
    word: 'description',
    template: '{key} = "{version}" is older than PDF {min}, which {feature} needs.',
  },
  // — encryption and signatures (issue 24; ir/read/security.ts, passes/cross-refusals/security.ts) —
  encryptionPasswordLong: {
    status: 400,
    word: 'description',
    template: '{key} is longer than {max} bytes, the most a PDF password holds.',
  },
  encryptionSamePasswords: {
    status: 400,
    word: 'description',
    template:
      '{key} and {other} are the same password, which would open the file with every permission; give two different ones.',
  },
  encryptionWithArchive: {
    status: 400,
    word: 'description',
    template: '{key} cannot be combined with {other}: PDF/A forbids encryption.',
  },
  encryptionAccessibility: {
    status: 400,
    word: 'description',
    template:
      '{key} must include "extract_for_accessibility" beside {other}: PDF/UA lets assistive technology extract the content.',
  },
  signKeyUnreadable: {
    status: 400,
    word: 'description',
    template: 'the part "{part}" named by {at} cannot sign: {detail}.',
  },
  signWithEncryption: {
    status: 400,
    word: 'description',
    template: '{key} cannot be combined with {other}: this build signs unencrypted files only.',
  },
  signTwice: {
    status: 400,
    word: 'description',
    template: '{key} signs a second field beside {other}; one render makes one signature.',
  },
  encryptionPasswordAes128: {
    status: 400,
    word: 'description',
    template:
      '{key} must be at most {max} Latin-1 characters under {other} = "1.6", which encrypts with AES-128; declare "1.7" or "2.0" for AES-256.',
  },
  invoiceNeedsPdfa3b: {
    status: 400,
    word: 'description',
    template: 'invoice at {at} needs archive = "pdfa3b": {reason}.',
  },
  colourOutsideIntent: {
    status: 400,
    word: 'description',
    template:
      'the colour {colour} is {space}, but under archive = "{claim}" the output intent {intent} is {intentSpace}, and PDF/A allows device colour only in the output intent\'s own space.',
  },
  iccUnusable: {
    status: 400,
    word: 'description',
    template: 'the ICC profile "{profile}" named by {at} cannot serve as an output intent: {reason}.',
  },
  iccComponents: {
    status: 400,
    word: 'description',
    template:
      '{key} = {components} does not match the ICC profile "{profile}", which has {profileComponents} components.',
  },
  invoiceXmlMalformed: {
    status: 400,
    word: 'description',
    template: 'the invoice XML "{part}" named by {at} is not well-formed: {detail}.',
  },
  invoiceXmlNotCii: {
    status: 400,
    word: 'description',
    template: 'the invoice XML "{part}" named by {at} is not a UN/CEFACT Cross Industry Invoice: {reason}.',
  },
  invoiceProfileMismatch: {
    status: 400,
    word: 'description',
    template:
      'invoice profile "{profile}" at {at} does not match the XML "{part}", whose guideline is "{guideline}" (the profile {guidelineProfile}).',
  },
  invoiceFileNameTaken: {
    status: 400,
    word: 'description',
    template: 'the attachment at {at} is saved as "factur-x.xml", the name invoice fixes for the invoice XML.',
  },
  invoicePartAttached: {
    status: 400,
    word: 'description',
    template:
      'the part "{part}" is attached by {at} and by invoice at {invoiceAt}; it is carried once, as factur-x.xml.',
  },
  needsLicenceTagging: {
    status: 402,
    word: 'needs_a_licence',
    template: '{key} = "{claim}" rests on tagging (saying what each mark stands for); a licence key carries it.',
  },
  structureLang: {
    status: 400,
    word: 'description',
    template:
      '{key} = "{value}" is not a language tag (letters, then subtags after hyphens, as en-GB; or empty for unknown).',
  },
  roleMapStandard: {
    status: 400,
    word: 'description',
    template:
      'structure.role_map maps "{type}" at {at}, which is a standard structure type; standard types are never remapped.',
  },
  roleMapTarget: {
    status: 400,
    word: 'description',
    template: 'structure.role_map maps "{type}" to "{target}" at {at}, which is not a standard structure type.',
  },
  structureTooDeep: {
    status: 400,
    word: 'description',
    template: 'the structure element at {at} is nested deeper than {limit} levels.',
  },
  structureTypePdf2: {
    status: 400,
    word: 'description',
    template:
      'the structure type "{type}" at {at} is a PDF 2.0 type, written only under accessible = "pdfua2"; map a name to a PDF 1.7 type through structure.role_map instead.',
  },
  structureTypeUnknown: {
    status: 400,
    word: 'description',
    template:
      'the structure type "{type}" at {at} is neither a standard structure type nor mapped by structure.role_map.',
  },
  structureIdTwice: {
    status: 400,
    word: 'description',
    template: 'the structure element id "{id}" at {at} is already given at {earlier}.',
  },
  structureItemUnknown: {
    status: 400,
    word: 'description',
    template: 'structure names the item "{item}" at {at}, but no item has that id.',
  },
  structureItemTwice: {
    status: 400,
    word: 'description',
    template:
      'structure names the item "{item}" at {earlier} and again at {at}; an item stands once in the reading order.',
  },
  structureItemPlace: {
    status: 400,
    word: 'description',
    template: 'the {type} item "{item}" named by structure at {at} cannot stand in a {element} element: {reason}.',
  },
  claimHeadings: {
    status: 400,
    word: 'description',
    template: '{key} = "{claim}" needs headings in order: the {type} element at {at} {problem}.',
  },
  claimChildren: {
    status: 400,
    word: 'description',
    template: '{key} = "{claim}" needs the {type} element at {at} to hold only {allowed}; it holds {found}.',
  },
  claimNeedsAlt: {
    status: 400,
    word: 'description',
    template:
      '{key} = "{claim}" needs alt (or actual_text) on the {type} element at {at}: a reader says it in place of what is drawn.',
  },
  claimNeedsLinkTagged: {
    status: 400,
    word: 'description',
    template:
      '{key} = "{claim}" needs the {type} item at {at} named in structure: every annotation stands in the structure tree.',
  },
  claimNeedsLinkDescription: {
    status: 400,
    word: 'description',
    template: '{key} = "{claim}" needs description on the link at {at}: a reader says it for the link.',
  },

  // — server operations (issue 8): insert below this line —
  requestUnreadable: {
    status: 400,
    word: 'call_number',
    template: 'the request cannot be read because {why}; send it again as plain HTTP/1.1 within the limits.',
  },
  serverBusy: {
    status: 503,
    word: 'server',
    template:
      'every worker of this server is busy with more work than it can finish soon; send the call again after the seconds in Retry-After.',
  },
  serverClosing: {
    status: 503,
    word: 'server',
    template: 'this server is shutting down; send the call again to another one.',
  },
  renderTooLong: {
    status: 413,
    word: 'drawing',
    template: 'drawing the document took longer than the {seconds} seconds this server gives one render.',
  },
  renderOutOfMemory: {
    status: 413,
    word: 'drawing',
    template: 'drawing the document needed more memory than this server gives one render.',
  },

  // — navigation, attachments (issue 9): insert below this line —
  mediaTypeInvalid: {
    status: 400,
    word: 'description',
    template: 'media_type "{mediaType}" at {at} is not a media type (type/subtype, as text/xml).',
  },
  columnValueShape: {
    status: 400,
    word: 'description',
    template: '{key} must state exactly one of text, date and number.',
  },
  columnKeyReserved: {
    status: 400,
    word: 'description',
    template: 'the column key "{column}" at {at} is reserved by the PDF collection dictionaries; choose another.',
  },
  columnUnknown: {
    status: 400,
    word: 'description',
    template: 'the column "{column}" at {at} is not a column of {collection}.',
  },
  columnKindMismatch: {
    status: 400,
    word: 'description',
    template: '{key} states a {kind}, but the column "{column}" at {at} holds {holds}.',
  },
  columnReadOff: {
    status: 400,
    word: 'description',
    template:
      '{key} states a value for the column "{column}", which is read off the attachment ({data}) and takes none.',
  },
  attachmentUnknown: {
    status: 400,
    word: 'description',
    template: 'the attachment "{attachment}" named by {at} is not declared under attachments.',
  },
  twoSources: { status: 400, word: 'description', template: '{key} cannot be given together with {other}.' },
  pageMetadataNoSource: {
    status: 400,
    word: 'description',
    template: '{key} needs facts (metadata written as a packet) or packet (the name of a supplied XMP part).',
  },
  xmpPacketMalformed: {
    status: 400,
    word: 'description',
    template: 'the XMP packet "{part}" named by {at} is not well-formed XML: {detail}.',
  },
  targetTwice: {
    status: 400,
    word: 'description',
    template: '{key} cannot be given together with {other}; a target is given once, as a short form or as an action.',
  },
  targetMissing: {
    status: 400,
    word: 'description',
    template: '{key} needs a target: page, destination, uri or action.',
  },
  viewWithoutPage: { status: 400, word: 'description', template: '{key} is the view of a page; give page beside it.' },
  goToNoTarget: { status: 400, word: 'description', template: 'the go_to action at {at} needs page or destination.' },
  keyNotApplicable: {
    status: 400,
    word: 'description',
    template: '{key} does not apply when {selector} is "{value}"; it takes {takes}.',
  },
  destinationUndeclared: {
    status: 400,
    word: 'description',
    template: 'the destination "{destination}" named by {at} is nowhere declared under destinations.',
  },
  outlineColourInk: {
    status: 400,
    word: 'description',
    template: '{key} must be a grey or light colour (1 or 3 numbers); an outline entry has no ink colours.',
  },
  articleMissing: {
    status: 400,
    word: 'description',
    template: 'the article {article} named by {at} is not in articles, which holds {articles}.',
  },
  beadMissing: {
    status: 400,
    word: 'description',
    template: 'the bead {bead} named by {at} is not in article {article}, which has {beads} beads.',
  },
  uriRunsScript: {
    status: 400,
    word: 'description',
    template: '{key} is a javascript: address; links and actions do not run scripts.',
  },
  coordinateOutOfRange: {
    status: 400,
    word: 'drawing',
    template:
      'the coordinate {coordinate} evaluates to {value} on page {page}, beyond the {limit} points a PDF number may hold.',
  },
  dashAllZero: { status: 400, word: 'description', template: '{key} must hold at least one length greater than 0.' },
  needsLicenceStructureDestination: {
    status: 402,
    word: 'needs_a_licence',
    template:
      'the destination "{destination}" at {at} leads to an element of the structure tree; a licence key carries structure destinations.',
  },

  // — hosted service (issue 10): insert below this line —

  // — item kinds: codes, form fields, text_path (issue 11): insert below this line —
  textPathSecondMove: {
    status: 400,
    word: 'description',
    template:
      'the segments at {at} move a second time at {second}; a text_path follows one unbroken path, so its segments hold a single move, first.',
  },
  textPathDecoration: {
    status: 400,
    word: 'description',
    template:
      '{key} asks for {decoration}, which a text_path does not draw: its letters follow a curve that a straight stroke cannot.',
  },
  textPathOverlong: {
    status: 400,
    word: 'drawing',
    template:
      'the text of {item} is {length} points long, but its path leaves it {room} points on page {page}; shorten the text or the font_size, or set overlong to "shrink" or "extend".',
  },
  textPathOutOfRange: {
    status: 400,
    word: 'drawing',
    template:
      'the letters of {item} reach {reach} on page {page}, beyond the {limit} points a PDF number may hold; bring start, offset, letter_spacing or font_size back.',
  },
  textPathNoLength: {
    status: 400,
    word: 'drawing',
    template: 'the path at {at} has no length on page {page}, so the text of {item} has nothing to follow.',
  },
  arrowsOnClosedPath: {
    status: 400,
    word: 'description',
    template:
      '{key} asks for arrowheads, but the path closes at {closeAt}; arrowheads go on the ends of a line or an open path.',
  },
  arrowsWithoutStroke: {
    status: 400,
    word: 'description',
    template: '{key} asks for arrowheads, which are drawn in the stroke; give the path a stroke ({stroke}).',
  },
  codeDataRefused: {
    status: 400,
    word: 'description',
    template: 'the data at {at} cannot be carried by {symbology}: {reason}.',
  },
  // form fields (ir/read/forms.ts, passes/forms/)
  fieldNameSegment: {
    status: 400,
    word: 'description',
    template:
      'the field name "{name}" at {at} has an empty part; dots separate the name of a field from the names of its parents.',
  },
  fieldNameTwice: {
    status: 400,
    word: 'description',
    template: 'the field name "{name}" at {at} is already given at {earlier}; every field has its own full name.',
  },
  fieldNameParent: {
    status: 400,
    word: 'description',
    template:
      'the field name "{name}" at {at} is also the parent of "{child}" at {childAt}; a field holds a value or other fields, not both.',
  },
  fieldKeysTogether: {
    status: 400,
    word: 'description',
    template: '{key} cannot be given together with {other}: {reason}.',
  },
  fieldKeyNeeds: { status: 400, word: 'description', template: '{key} needs {needs}: {reason}.' },
  fieldLostOnRedraw: {
    status: 400,
    word: 'description',
    template:
      '{key} is refused on {what}: a reader redraws its appearance from /DA and /MK {when}, and those keep {kept}; {instead}.',
  },
  fieldTransformFlat: {
    status: 400,
    word: 'description',
    template: '{key} flattens the field onto a line (the matrix has no inverse), which a widget cannot be drawn as.',
  },
  fieldValueTooLong: {
    status: 400,
    word: 'description',
    template: '{key} holds {length} characters, more than max_length = {maxLength}.',
  },
  fieldValueLineBreak: {
    status: 400,
    word: 'description',
    template: '{key} holds a line break, but the field is one line; give multiline: true.',
  },
  fieldValueOff: {
    status: 400,
    word: 'description',
    template: '{key} = "Off" is the name PDF gives the unchecked state; choose another value.',
  },
  radioValueTwice: {
    status: 400,
    word: 'description',
    template:
      'the button value "{value}" at {at} is already given at {earlier}; buttons that turn on together need radios_in_unison: true.',
  },
  radioValueUnknown: {
    status: 400,
    word: 'description',
    template: '{key} = "{value}" is the value of none of the buttons at {buttons}.',
  },
  radioButtonPage: {
    status: 400,
    word: 'description',
    template: 'the button page {page} at {at} is not among the pages of the group at {pages}.',
  },
  choiceOptionTwice: {
    status: 400,
    word: 'description',
    template: 'the option value "{value}" at {at} is already given at {earlier}.',
  },
  choiceValueUnknown: {
    status: 400,
    word: 'description',
    template:
      '{key} = "{value}" is the value of none of the options at {options}; only an editable combo takes a text of its own.',
  },
  choiceValueMany: {
    status: 400,
    word: 'description',
    template: '{key} selects {count} options, but the field takes one; give multiple: true.',
  },
  fieldFontUnknown: {
    status: 400,
    word: 'description',
    template: 'the font "{font}" named by {at} is neither declared nor a face of the library, which holds {faces}.',
  },
  fieldActionUnderArchive: {
    status: 400,
    word: 'description',
    template:
      '{key} gives the push button a click action, but archive = "{claim}" forbids actions on form fields ({clause}); leave the button without one or drop the claim.',
  },

  // — the service's own failures —
  serverFailed: { status: 500, word: 'server', template: 'writing the PDF failed on the server: {detail}.' },
  serverUnexpected: { status: 500, word: 'server', template: 'the server failed while answering the call: {detail}.' },
} as const satisfies Record<string, RefusalEntry>;

export const REMARKS = {
  // the spec ignores unknown keys; the remark says so, and names the key probably meant (ir/read/unknown-keys.ts)
  unknownKey: { code: 'unknown-key', template: '`{key}` at {at} is not a key of {owner}; it is ignored' },
  unknownKeyNear: { code: 'unknown-key', template: '`{key}` at {at} is not a key of {owner}; did you mean `{near}`?' },
  unusedResource: { code: 'unused-resource', template: 'the {kind} {name} is never drawn with' },
  fontEmbeddingPermission: {
    code: 'font-embedding-permission',
    template: 'the font {face} (selected as "{font}") is embedded against its own embedding permission',
  },
  importedAnnotationsDropped: {
    code: 'imported-annotations-dropped',
    template:
      'page {page} of the part "{part}" has {count} annotations that are not carried into the document: {kinds}',
  },
  textOffPage: {
    code: 'off-page',
    template: 'the text of {item} runs off page {page}: {words} words on {lines} lines fall outside the sheet',
  },
  codeOffPage: {
    code: 'off-page',
    template: 'the code {item} runs off page {page}: its bars reach {points} points past the edge of the sheet',
  },
  flowPastFloor: {
    code: 'past-box',
    template:
      'the flow {item} on page {page} does not hold its rect even at the fit_size floor of {floor} points: {lines} lines run past it',
  },
} as const satisfies Record<string, RemarkEntry>;

export type RefusalKey = keyof typeof REFUSALS;
export type RemarkKey = keyof typeof REMARKS;

/**
 * The names of a template's `{name}` placeholders, read by the compiler from the template itself;
 * `{{` and `}}` write a brace. (`'the font "{font}" at {at}…'` → `'font' | 'at'`.)
 */
export type PlaceholderNames<T extends string, Found extends string = never> = T extends `${string}{${infer Rest}`
  ? Rest extends `{${infer After}`
    ? PlaceholderNames<After, Found>
    : Rest extends `${infer Name}}${infer After}`
      ? PlaceholderNames<After, Found | Name>
      : Found
  : Found;

/** What a placeholder is filled with. */
export type MessageParam = string | number;

/**
 * The arguments after the pointer for a template: none when it has no placeholder, else one object
 * naming each placeholder exactly once — a missing, extra or misspelt name fails to compile.
 */
export type ParamsArgs<T extends string> = [PlaceholderNames<T>] extends [never]
  ? []
  : [params: { readonly [P in PlaceholderNames<T>]: MessageParam }];

export type RefusalParams<K extends RefusalKey> = ParamsArgs<(typeof REFUSALS)[K]['template']>;
export type RemarkParams<K extends RemarkKey> = ParamsArgs<(typeof REMARKS)[K]['template']>;

/**
 * refuse()'s arguments, one tuple per key. Not generic on purpose: the compiler reads a call to a
 * `never`-returning function as the end of a path, and a generic one would have to be resolved
 * while the variables of that very path are still being typed (TS7022 circularities).
 */
export type RefuseArgs = { [K in RefusalKey]: [key: K, at: JsonPointer, ...params: RefusalParams<K>] }[RefusalKey];

/** The filled-in values by name, as a refusal carries them. */
export type FilledParams = Readonly<Record<string, MessageParam>>;

const PLACEHOLDER = /\{\{|\}\}|\{([A-Za-z]\w*)\}/g;

// A line break, a tab or another control character a request wrote inside a quoted value: a
// sentence is one line (the contract), so a value shows them as JSON writes them.
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/g;
const CONTROL_NAMES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function oneLine(value: string): string {
  return value.replace(CONTROL, (c) => CONTROL_NAMES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Fills the `{name}` placeholders of a template with the params; `{{` and `}}` become one brace.
 * A value's control characters are written as escapes, so the sentence stays one line.
 */
export function fill(template: string, params: FilledParams): string {
  return template.replace(PLACEHOLDER, (m: string, name: string | undefined) =>
    name === undefined ? m[0] : oneLine(String(params[name] ?? '')),
  );
}

/** Builds a refusal from the table without throwing it (the server answers its own refusals so). */
export function refusal<K extends RefusalKey>(key: K, at: JsonPointer, ...params: RefusalParams<K>): Refusal {
  return build(key, at, params[0] ?? {});
}

/**
 * Stops the pipeline with a refusal from the table: the one way a reader, an engine or a pass
 * refuses (`refuse('fontUndeclared', at, { font: name, at })`). The RefusalError it throws carries
 * the key, the pointer and the params; `render()` answers with its refusal.
 */
export function refuse(...args: RefuseArgs): never {
  const [key, at, params = {}] = args as [RefusalKey, JsonPointer, FilledParams?];
  throw new RefusalError(build(key, at, params), params);
}

function build(key: RefusalKey, at: JsonPointer, params: FilledParams): Refusal {
  const e: RefusalEntry = REFUSALS[key];
  return { key, status: e.status, word: e.word, sentence: capitalizeNot(fill(e.template, params)), path: at };
}

/** Builds a remark from the table. */
export function remark<K extends RemarkKey>(key: K, at: JsonPointer, ...params: RemarkParams<K>): Remark {
  const e: RemarkEntry = REMARKS[key];
  const filled: FilledParams = params[0] ?? {};
  return { code: e.code, text: fill(e.template, filled), path: at };
}

// Sentences stay lowercase as written in the table (design.md §2.4); this is the single place to
// change that policy.
function capitalizeNot(s: string): string {
  return s;
}

/** How a sentence names a key: its JSON pointer in the request, e.g. `/items/0/rotate`. */
export function keyName(path: JsonPointer): string {
  return path === '' ? 'the description' : path;
}
