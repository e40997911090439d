// ir/messages.ts — the one table of every refusal and remark sentence (like TypeScript's
// diagnosticMessages.json). Passes refer to an entry by key and fill `{0}`… placeholders; a test
// walks this table so no entry goes unused or untested. Sentences are lowercase, spell keys as the
// request spells them and quote names.
import type { Refusal, RefusalStatus, RefusalWord, Remark, RemarkCode } from './diagnostics.js';
import { RefusalError } from './diagnostics.js';
import type { JsonPointer } from './pointer.js';

interface RefusalEntry { status: RefusalStatus; word: RefusalWord; template: string }
interface RemarkEntry { code: RemarkCode; template: string }

export const REFUSALS = {
  // — the call itself (server) —
  jsonDataMissing: { status: 400, word: 'form', template: 'the part json_data is missing from the form.' },
  formUnreadable: { status: 400, word: 'form', template: 'the body could not be read as multipart/form-data: {0}.' },
  formNotMultipart: { status: 400, word: 'form', template: 'the body must be sent as multipart/form-data with a boundary.' },
  partTwice: { status: 400, word: 'form', template: 'the part "{0}" is sent twice.' },
  bodyTooLarge: { status: 413, word: 'body_too_large', template: 'the body is larger than the {0} bytes this server accepts.' },
  notFound: { status: 400, word: 'call_number', template: 'there is no {0} {1} here; post the description to /render.' },

  // — reading the description —
  jsonUnreadable: { status: 400, word: 'description', template: 'the description does not read as JSON: {0}.' },
  duplicateKey: { status: 400, word: 'description', template: 'the key "{0}" is written twice in {1}.' },
  schemaRequired: { status: 400, word: 'description', template: 'the key "{0}" is required at "{1}".' },
  schemaType: { status: 400, word: 'description', template: '{0} must be {1}.' },
  schemaEnum: { status: 400, word: 'description', template: '{0} must be one of {1}.' },
  schemaRange: { status: 400, word: 'description', template: '{0} must be {1}.' },
  schemaOther: { status: 400, word: 'description', template: '{0} {1}.' },
  coordinateSyntax: { status: 400, word: 'description', template: 'the coordinate {0} does not parse: {1}.' },
  coordinateDepth: { status: 400, word: 'description', template: 'the coordinate {0} nests parentheses deeper than {1}.' },
  coordinateUnknownVariable: { status: 400, word: 'description', template: 'the coordinate {0} uses the unknown variable {1}.' },
  itemKindUnknown: { status: 400, word: 'description', template: 'the item type "{0}" at {1} is not an item type.' },
  keyNotYet: { status: 400, word: 'description', template: 'the key "{0}" at {1} is not supported by this build yet.' },
  valueNotYet: { status: 400, word: 'description', template: '{0} = {1} is not supported by this build yet.' },
  fontTwoSources: { status: 400, word: 'description', template: '{0} cannot be given together with {1}; a font comes from one source.' },
  fontNoSource: { status: 400, word: 'description', template: 'the font "{0}" at {1} needs data (base64), part (the name of a supplied part) or library (a face the service holds).' },
  transformWithRotate: { status: 400, word: 'description', template: '{0} cannot be given together with {1}.' },
  base64Invalid: { status: 400, word: 'description', template: '{0} is not valid base64.' },

  // — names —
  fontUndeclared: { status: 400, word: 'description', template: 'the font "{0}" named by {1} is nowhere declared.' },
  nameDeclaredTwice: { status: 400, word: 'description', template: 'the name "{0}" at {1} is already declared at {2}.' },
  partMissing: { status: 400, word: 'description', template: 'the part "{0}" named by {1} was not sent with the request.' },
  fontUnreadable: { status: 400, word: 'description', template: 'the font "{0}" at {1} is not a TrueType or OpenType font that can be read: {2}.' },
  fontKindUnsupported: { status: 400, word: 'description', template: 'the font "{0}" at {1} has {2} outlines, which this build cannot embed yet.' },
  glyphMissing: { status: 400, word: 'drawing', template: 'the font "{0}" has no glyph for the character {1} (U+{2}) in {3}.' },

  // — licences —
  needsLicenceStandardFont: { status: 402, word: 'needs_a_licence', template: 'text at {0} is set in the standard font "{1}" ({2}), which has no outlines of its own; a licence key carries fonts without outlines.' },
  needsLicenceFont: { status: 402, word: 'needs_a_licence', template: 'text at {0} is set in the font "{1}" ({2}), which has no outlines of its own; a licence key carries fonts without outlines.' },

  // — pagination —
  tooManyPages: { status: 413, word: 'too_many_pages', template: 'the document needs {0} pages, more than the ceiling of {1} pages.' },
  pageMissing: { status: 400, word: 'description', template: 'the page {0} named by {1} is not in the document, which has {2} pages.' },
  coordinateNotFinite: { status: 400, word: 'drawing', template: 'the coordinate {0} evaluates to {1} on page {2}, which is not a finite number.' },

  // — typesetting (issue 4): insert below this line —
  placeholderUnknown: { status: 400, word: 'description', template: 'the placeholder {{0}} in {1} is not known; write {current_page} or {total_pages}, and {{ or }} for a brace.' },
  dateDirective: { status: 400, word: 'description', template: 'the date pattern at {0} uses {1}, which is not a supported directive.' },
  dateZone: { status: 400, word: 'description', template: 'the zone "{0}" at {1} is not an IANA time zone name.' },
  hyphenateLanguage: { status: 400, word: 'description', template: 'the hyphenation language "{0}" at {1} has no patterns in this build.' },
  oneCharacter: { status: 400, word: 'description', template: '{0} must be one character, not "{1}".' },
  rulerOrder: { status: 400, word: 'description', template: '{0} must list its tab stops in increasing order.' },
  fitFloorAboveSize: { status: 400, word: 'description', template: '{0} = {1} is above font_size = {2}, so there is no size to step down to.' },
  hangingListWith: { status: 400, word: 'description', template: '{0} cannot be given together with {1}; hanging_list sets the indents and the body stop itself.' },
  fillLeadingWithLeading: { status: 400, word: 'description', template: '{0} cannot be given together with {1}; fill_leading decides the leading itself.' },
  replacementNotOneCharacter: { status: 400, word: 'description', template: '{0} must be one character.' },
  type3GlyphText: { status: 400, word: 'description', template: 'the glyph shape {0} is a block of text ("{1}"); a Type 3 glyph is drawn with path, rect and line only.' },
  type3GlyphShapeKind: { status: 400, word: 'description', template: 'the glyph shape {0} has the type "{1}"; a Type 3 glyph is drawn with path, rect and line only.' },
  type3CharacterNotOne: { status: 400, word: 'description', template: '{0} must be one character.' },
  type3MatrixSingular: { status: 400, word: 'description', template: '{0} cannot be inverted, so no glyph would show.' },
  type3TooManyGlyphs: { status: 400, word: 'description', template: 'the Type 3 font "{0}" at {1} has {2} glyphs; codes are one byte, so at most {3}.' },
  type3CharacterTwice: { status: 400, word: 'description', template: 'the character {0} has a glyph at {1} and again at {2}.' },
  libraryFaceUnknown: { status: 400, word: 'description', template: 'the library face "{0}" at {1} is not one the service holds; it holds {2}.' },
  replacementMissing: { status: 400, word: 'description', template: 'the replacement {0} at {1} has no glyph in the font "{2}" itself.' },
  fontRefKind: { status: 400, word: 'description', template: 'the font "{0}" named by {1} is {2}; {3} takes {4}.' },
  variantFeatureMissing: { status: 400, word: 'description', template: 'the font "{0}" has no OpenType feature {1}, so {2} cannot be switched on.' },
  simpleFontTooManyCharacters: { status: 400, word: 'description', template: '{0} holds {1} different characters; one-byte codes reach at most {2}.' },
  type1Unreadable: { status: 400, word: 'description', template: 'the font "{0}" at {1} is not a Type 1 program (PFB or PFA) that can be read: {2}.' },
  afmUnreadable: { status: 400, word: 'description', template: 'the AFM file at {0} cannot be read: {1}.' },
  embeddingForbiddenByStandard: { status: 400, word: 'description', template: 'the font {0} (selected as "{1}") forbids its own embedding, which {2} does not allow.' },
  archiveFontNotEmbedded: { status: 400, word: 'description', template: '{0} = "{1}" requires every font embedded, and the font "{2}" at {3} is {4}, which is never embedded; declare a font file under fonts instead.' },
  type3GlyphKeyMeaningless: { status: 400, word: 'description', template: '{0} cannot be given on a Type 3 glyph shape: a glyph is drawn wherever its character is set, so it has no {1}.' },

  // — graphics, colour, images (issue 5): insert below this line —
  // images (engines/images/, ir/read/images.ts)
  imageUnreadable: { status: 400, word: 'description', template: 'the part "{0}" named by {1} is not a readable {2} image: {3}.' },
  imageFormatUnsupported: { status: 400, word: 'description', template: 'the part "{0}" named by {1} is {2}, which this build does not read; send a PNG or JPEG image.' },
  imageTooLarge: { status: 413, word: 'drawing', template: 'the image "{0}" named by {1} is {2} × {3} pixels, past the ceiling of {4} bytes of pixel data an image may unpack to.' },
  imageNotStencil: { status: 400, word: 'description', template: 'the image "{0}" is read as a stencil by {1} but is {2}; a stencil is 1-bit grey (1 bit per pixel, 1 component).' },
  imageIccMismatch: { status: 400, word: 'description', template: 'the ICC profile "{0}" named by {1} describes {2} components ({3}), but the image "{4}" has {5}.' },
  imageIccOnStencil: { status: 400, word: 'description', template: '{0} cannot be given for "{1}", which {2} reads as a stencil: a stencil has no colours of its own.' },
  imageIccUnreadable: { status: 400, word: 'description', template: 'the part "{0}" named by {1} is not an ICC profile: {2}.' },
  imageKeysTogether: { status: 400, word: 'description', template: '{0} cannot be given together with {1}: {2}.' },
  imagePairCount: { status: 400, word: 'description', template: '{0} gives {1}, but the image "{2}" has {3}; give one pair per component.' },
  imageColorKeyRange: { status: 400, word: 'description', template: '{0} holds {1}, outside the stored sample values 0 to {2} of the image "{3}".' },
  imageSoftMaskNotGrey: { status: 400, word: 'description', template: 'the soft mask "{0}" named by {1} has {2}; a soft mask is one grey component with no transparency of its own.' },
  imageColorNotStencil: { status: 400, word: 'description', template: '{0} gives the fill colour of a stencil, and the image "{1}" is not one (declare it with stencil: true).' },
  imageMetadataBoth: { status: 400, word: 'description', template: '{0} cannot be given together with {1}; an image\'s metadata is facts or a packet.' },
  imageMetadataNeither: { status: 400, word: 'description', template: '{0} needs facts (an object) or packet (the name of a supplied part).' },
  graphicsUndeclared: { status: 400, word: 'description', template: 'the {0} "{1}" named by {2} is nowhere declared.' },
  graphicsKeysTogether: { status: 400, word: 'description', template: '{0} cannot be given together with {1}.' },
  pathSegmentShape: { status: 400, word: 'description', template: 'the segment at {0} must state exactly one of move, line, curve and close, not {1}.' },
  pathStartsWithoutMove: { status: 400, word: 'description', template: 'the path at {0} starts with {1}; the first segment of a path is a move.' },
  countMismatch: { status: 400, word: 'description', template: '{0} has {1} numbers; {2} asks for {3}.' },
  functionArity: { status: 400, word: 'description', template: 'the function at {0} has {1} {2}; {3} needs {4}.' },
  sampleTooLarge: { status: 400, word: 'description', template: '{0} = {1} does not fit in {2} bits (at most {3}).' },
  cubicNeedsOneInput: { status: 400, word: 'description', template: '{0} = cubic needs a function of one input; this one has {1}.' },
  calcBraces: { status: 400, word: 'description', template: 'the program at {0} has unbalanced braces: {1}.' },
  calcUnknownOperator: { status: 400, word: 'description', template: 'the program at {0} uses the unknown operator "{1}".' },
  calcDepth: { status: 400, word: 'description', template: 'the program at {0} needs a stack deeper than {1} entries, the limit of a calculation function.' },
  calcUnderflow: { status: 400, word: 'description', template: 'the program at {0} takes a value from an empty stack at {1}.' },
  calcOutputs: { status: 400, word: 'description', template: 'the program at {0} leaves {1} values on the stack, but range states {2} outputs.' },
  calcSyntax: { status: 400, word: 'description', template: 'the program at {0} does not parse: {1}.' },
  shadingKindUnknown: { status: 400, word: 'description', template: '{0} must hold exactly one of function_based, axial, radial, mesh, lattice_mesh, coons_patch_mesh, tensor_patch_mesh, not {1}.' },
  shadingBothWays: { status: 400, word: 'description', template: 'the gradient at {0} states start and end together with space and function; a gradient states its colours one way.' },
  shadingNeitherWay: { status: 400, word: 'description', template: 'the gradient at {0} states neither start and end nor space and function.' },
  shadingHalfPair: { status: 400, word: 'description', template: 'the gradient at {0} states {1} without {2}.' },
  shadingLightInk: { status: 400, word: 'description', template: 'the gradient at {0} mixes light and ink: start has {1} numbers and end has {2}.' },
  shadingSpaceKind: { status: 400, word: 'description', template: 'the space "{0}" at {1} is {2}; an axial or radial gradient takes gray, rgb, cmyk, or a declared separation or device_n space.' },
  functionBasedFunction: { status: 400, word: 'description', template: 'the function at {0} is {1}; a function_based gradient takes a function of two inputs, calculation or sampled.' },
  functionOutputs: { status: 400, word: 'description', template: 'the function at {0} gives {1} values; the space {2} has {3} components.' },
  meshEmpty: { status: 400, word: 'description', template: 'the mesh at {0} has no triangle.' },
  latticeTooSmall: { status: 400, word: 'description', template: '{0} has {1}; a lattice mesh needs at least 2 rows of 2 corners.' },
  latticeRowLength: { status: 400, word: 'description', template: '{0} has {1} corners, but the first row has {2}; every row is as long as the first.' },
  patchPoints: { status: 400, word: 'description', template: '{0} has {1} points; a {2} patch has {3}.' },
  meshSpaceWithColor: { status: 400, word: 'description', template: '{0} states a color while the gradient states a space; with a space every corner gives tints.' },
  meshTintsNoSpace: { status: 400, word: 'description', template: '{0} gives tints, but the gradient states no space.' },
  meshCornerNeither: { status: 400, word: 'description', template: 'the corner at {0} states neither color nor tints.' },
  meshLightInk: { status: 400, word: 'description', template: 'the corners of the gradient at {0} mix light and ink: {1} has {2} numbers and {3} has {4}.' },
  tintsCount: { status: 400, word: 'description', template: '{0} has {1} numbers; the space "{2}" has {3} components.' },
  tilingStepZero: { status: 400, word: 'description', template: '{0} is zero; a tiling step across and up must not be zero.' },
  tilingColourForColoured: { status: 400, word: 'description', template: '{0} gives a color, but the tiling "{1}" has coloured cells that paint their own.' },
  iccUnreadable: { status: 400, word: 'description', template: 'the part "{0}" named by {1} is not an ICC profile: {2}.' },
  colorSpaceIccComponents: { status: 400, word: 'description', template: '{0} states {1} components, but the profile "{2}" describes {3} ({4}).' },
  spaceNotForRole: { status: 400, word: 'description', template: 'the space "{0}" named by {1} has {2} components; {3} takes a space of {4}.' },
  separationTwoTints: { status: 400, word: 'description', template: 'the separation at {0} states {1}; give tint (a function) or full (the colour at full tint), one of them.' },
  alternateSpace: { status: 400, word: 'description', template: 'the alternate space "{0}" at {1} must be gray, rgb, cmyk or a declared icc space.' },
  itemNotInDrawing: { status: 400, word: 'description', template: 'the item type "{0}" at {1} cannot be drawn inside a drawing or tiling by this build yet.' },
  declarationCycle: { status: 400, word: 'description', template: 'the {0} "{1}" at {2} contains itself through {3}.' },
  halftoneOriginVersion: { status: 400, word: 'description', template: 'halftone_origin at {0} needs version 2.0, but the document states version {1}.' },
  transferArity: { status: 400, word: 'description', template: 'the transfer function at {0} takes {1} inputs and gives {2} values; a transfer curve takes 1 and gives 1.' },
  colorSpaceNameReserved: { status: 400, word: 'description', template: 'the colour space name "{0}" at {1} is the device space {0} wherever a space is named; declare it under another name.' },
  maskBackdrop: { status: 400, word: 'description', template: '{0} has {1} numbers; the mask space {2} has {3} components.' },

  // — pagination, tables, supplied PDFs (issue 6): insert below this line —
  pagesRuleUnknownKey: { status: 400, word: 'description', template: 'the key "{0}" is not part of a pages rule at {1}; a pages rule takes every, from, to and but.' },
  pagesRuleBackwards: { status: 400, word: 'description', template: '{0} = {1} comes before {2} = {3}, so the pages rule selects no page.' },
  itemIdTwice: { status: 400, word: 'description', template: 'the id "{0}" at {1} is already given at {2}.' },
  relativeUnknownId: { status: 400, word: 'description', template: 'relative_to at {0} names the id "{1}", which no item carries.' },
  relativeCycle: { status: 400, word: 'description', template: 'relative_to at {0} goes round in a circle: {1}.' },
  relativeWithPages: { status: 400, word: 'description', template: '{0} cannot be given together with {1}; an item hung with relative_to lands on the page of the part it hangs from.' },
  relativeToEveryPage: { status: 400, word: 'description', template: 'relative_to at {0} names "{1}", whose pages are only known once the document is complete; hang an item from a table or from an item with a list of pages.' },
  relativePartMissing: { status: 400, word: 'description', template: 'relative_to at {0} names part {1} of "{2}", which is laid in {3} parts.' },
  totalPagesTooEarly: { status: 400, word: 'description', template: 'the coordinate {0} uses {total_pages}, which is not known while pages are being created; {1} cannot depend on it.' },
  tablePagesOne: { status: 400, word: 'description', template: 'a table starts on one page: {0} must be a list of one page number.' },
  tableCellTwoThings: { status: 400, word: 'description', template: 'the cell {0} holds both {1} and {2}; a table cell holds one thing.' },
  tableCellKeyFor: { status: 400, word: 'description', template: 'the key {0} at {1} sizes a picture or a drawing in its cell, but the cell {2} holds {3}.' },
  tableRowWidth: { status: 400, word: 'description', template: 'the row {0} fills {1} columns, but the table has {2}.' },
  tableSpanPastEnd: { status: 400, word: 'description', template: 'the cell {0} spans {1} rows, past the {2}.' },
  tableSectionRows: { status: 400, word: 'description', template: 'header_rows = {0} and footer_rows = {1} at {2} leave no room in a table of {3} rows.' },
  tableCellNeeds: { status: 400, word: 'description', template: 'the cell {0} holds text but no {1} is given for it: give {1} on the cell, its row, its column or the table.' },
  tableColumnsTooWide: { status: 400, word: 'drawing', template: 'the columns of the table at {0} need {1} points, more than the {2} points of its rect.' },
  tableRowTooTall: { status: 400, word: 'drawing', template: 'the row {0} needs {1} points, more than the {2} points a box of the table holds, and cannot be split: {3}.' },
  suppliedPdfUnreadable: { status: 400, word: 'description', template: 'the part "{0}" named by {1} is not a PDF that can be read: {2}.' },
  suppliedPdfEncrypted: { status: 400, word: 'description', template: 'the part "{0}" named by {1} is an encrypted PDF; send it decrypted.' },
  suppliedPdfBomb: { status: 400, word: 'description', template: 'a stream of the part "{0}" named by {1} unpacks to more than {2} bytes, the unpack limit of supplied_pdfs.' },
  suppliedPageMissing: { status: 400, word: 'description', template: '{0} names page {1} of the part "{2}", which has {3} pages.' },
  needsLicenceImportedWords: { status: 402, word: 'needs_a_licence', template: 'page {0} of the part "{1}" named by {2} shows more than {3} words of its own; a licence key carries large imported pages.' },
  needsLicenceImportedUncountable: { status: 402, word: 'needs_a_licence', template: 'the words of page {0} of the part "{1}" named by {2} cannot be counted ({3}); a licence key carries imported pages whose words cannot be counted.' },
  tableSectionsTooTall: { status: 400, word: 'drawing', template: 'the header and footer rows of the table at {0} need {1} points, more than the {2} points of {3}.' },
  tablePastCeiling: { status: 413, word: 'too_many_pages', template: 'the table at {0} runs past page {1}, the ceiling of {1} pages.' },

  // — standards, metadata, verifier (issue 7): insert below this line —
  timestampInvalid: { status: 400, word: 'description', template: '{0} = "{1}" is not an ISO 8601 timestamp (YYYY-MM-DD, optionally Thh:mm:ss and an offset such as Z or +01:00).' },
  xmlCharacter: { status: 400, word: 'description', template: '{0} holds the character U+{1}, which XML metadata cannot carry.' },
  xmlNameInvalid: { status: 400, word: 'description', template: 'the name "{0}" at {1} is not an XML name (a letter or _ first, then letters, digits, _ . -).' },
  xmpReserved: { status: 400, word: 'description', template: 'the {0} "{1}" at {2} is one the service writes its own metadata under; choose another.' },
  compressionLevel: { status: 400, word: 'description', template: 'the compression level {0} = {1} is outside {2} to {3}.' },
  archiveSetsAside: { status: 400, word: 'description', template: '{0} = "{1}" sets aside {2}: {3}.' },
  archiveNeeds: { status: 400, word: 'description', template: '{0} = "{1}" needs {2}.' },
  linkGraphicsState: { status: 400, word: 'description', template: 'graphics_state at {0} has nothing to act on: a link draws nothing.' },
  versionTooOld: { status: 400, word: 'description', template: '{0} = "{1}" is older than PDF {2}, which {3} needs.' },
  invoiceNeedsPdfa3b: { status: 400, word: 'description', template: 'invoice at {0} needs archive = "pdfa3b": {1}.' },
  colourOutsideIntent: { status: 400, word: 'description', template: 'the colour {0} is {1}, but under archive = "{2}" the output intent {3} is {4}, and PDF/A allows device colour only in the output intent\'s own space.' },
  iccUnusable: { status: 400, word: 'description', template: 'the ICC profile "{0}" named by {1} cannot serve as an output intent: {2}.' },
  iccComponents: { status: 400, word: 'description', template: '{0} = {1} does not match the ICC profile "{2}", which has {3} components.' },
  invoiceXmlMalformed: { status: 400, word: 'description', template: 'the invoice XML "{0}" named by {1} is not well-formed: {2}.' },
  invoiceXmlNotCii: { status: 400, word: 'description', template: 'the invoice XML "{0}" named by {1} is not a UN/CEFACT Cross Industry Invoice: {2}.' },
  invoiceProfileMismatch: { status: 400, word: 'description', template: 'invoice profile "{0}" at {1} does not match the XML "{2}", whose guideline is "{3}" (the profile {4}).' },
  invoiceFileNameTaken: { status: 400, word: 'description', template: 'the attachment at {0} is saved as "factur-x.xml", the name invoice fixes for the invoice XML.' },
  invoicePartAttached: { status: 400, word: 'description', template: 'the part "{0}" is attached by {1} and by invoice at {2}; it is carried once, as factur-x.xml.' },
  needsLicenceTagging: { status: 402, word: 'needs_a_licence', template: '{0} = "{1}" rests on tagging (saying what each mark stands for); a licence key carries it.' },
  structureLang: { status: 400, word: 'description', template: '{0} = "{1}" is not a language tag (letters, then subtags after hyphens, as en-GB; or empty for unknown).' },
  roleMapStandard: { status: 400, word: 'description', template: 'structure.role_map maps "{0}" at {1}, which is a standard structure type; standard types are never remapped.' },
  roleMapTarget: { status: 400, word: 'description', template: 'structure.role_map maps "{0}" to "{1}" at {2}, which is not a standard structure type.' },
  structureTooDeep: { status: 400, word: 'description', template: 'the structure element at {0} is nested deeper than {1} levels.' },
  structureTypeUnknown: { status: 400, word: 'description', template: 'the structure type "{0}" at {1} is neither a standard structure type nor mapped by structure.role_map.' },
  structureIdTwice: { status: 400, word: 'description', template: 'the structure element id "{0}" at {1} is already given at {2}.' },
  structureItemUnknown: { status: 400, word: 'description', template: 'structure names the item "{0}" at {1}, but no item has that id.' },
  structureItemTwice: { status: 400, word: 'description', template: 'structure names the item "{0}" at {1} and again at {2}; an item stands once in the reading order.' },
  structureItemPlace: { status: 400, word: 'description', template: 'the {0} item "{1}" named by structure at {2} cannot stand in a {3} element: {4}.' },
  claimHeadings: { status: 400, word: 'description', template: '{0} = "{1}" needs headings in order: the {2} element at {3} {4}.' },
  claimChildren: { status: 400, word: 'description', template: '{0} = "{1}" needs the {2} element at {3} to hold only {4}; it holds {5}.' },
  claimNeedsAlt: { status: 400, word: 'description', template: '{0} = "{1}" needs alt (or actual_text) on the {2} element at {3}: a reader says it in place of what is drawn.' },
  claimNeedsLinkTagged: { status: 400, word: 'description', template: '{0} = "{1}" needs the {3} item at {2} named in structure: every annotation stands in the structure tree.' },
  claimNeedsLinkDescription: { status: 400, word: 'description', template: '{0} = "{1}" needs description on the link at {2}: a reader says it for the link.' },

  // — server operations (issue 8): insert below this line —
  serverBusy: { status: 503, word: 'server', template: 'every worker of this server is busy and its queue is full; send the call again shortly.' },
  serverClosing: { status: 503, word: 'server', template: 'this server is shutting down; send the call again to another one.' },
  renderTooLong: { status: 413, word: 'drawing', template: 'drawing the document took longer than the {0} seconds this server gives one render.' },
  renderOutOfMemory: { status: 413, word: 'drawing', template: 'drawing the document needed more memory than this server gives one render.' },

  // — navigation, attachments (issue 9): insert below this line —
  mediaTypeInvalid: { status: 400, word: 'description', template: 'media_type "{0}" at {1} is not a media type (type/subtype, as text/xml).' },
  columnValueShape: { status: 400, word: 'description', template: '{0} must state exactly one of text, date and number.' },
  columnKeyReserved: { status: 400, word: 'description', template: 'the column key "{0}" at {1} is reserved by the PDF collection dictionaries; choose another.' },
  columnUnknown: { status: 400, word: 'description', template: 'the column "{0}" at {1} is not a column of {2}.' },
  columnKindMismatch: { status: 400, word: 'description', template: '{0} states a {1}, but the column "{2}" at {3} holds {4}.' },
  columnReadOff: { status: 400, word: 'description', template: '{0} states a value for the column "{1}", which is read off the attachment ({2}) and takes none.' },
  attachmentUnknown: { status: 400, word: 'description', template: 'the attachment "{0}" named by {1} is not declared under attachments.' },
  twoSources: { status: 400, word: 'description', template: '{0} cannot be given together with {1}.' },
  pageMetadataNoSource: { status: 400, word: 'description', template: '{0} needs facts (metadata written as a packet) or packet (the name of a supplied XMP part).' },
  xmpPacketMalformed: { status: 400, word: 'description', template: 'the XMP packet "{0}" named by {1} is not well-formed XML: {2}.' },
  targetTwice: { status: 400, word: 'description', template: '{0} cannot be given together with {1}; a target is given once, as a short form or as an action.' },
  targetMissing: { status: 400, word: 'description', template: '{0} needs a target: page, destination, uri or action.' },
  viewWithoutPage: { status: 400, word: 'description', template: '{0} is the view of a page; give page beside it.' },
  goToNoTarget: { status: 400, word: 'description', template: 'the go_to action at {0} needs page or destination.' },
  keyNotApplicable: { status: 400, word: 'description', template: '{0} does not apply when {1} is "{2}"; it takes {3}.' },
  destinationUndeclared: { status: 400, word: 'description', template: 'the destination "{0}" named by {1} is nowhere declared under destinations.' },
  outlineColourInk: { status: 400, word: 'description', template: '{0} must be a grey or light colour (1 or 3 numbers); an outline entry has no ink colours.' },
  articleMissing: { status: 400, word: 'description', template: 'the article {0} named by {1} is not in articles, which holds {2}.' },
  beadMissing: { status: 400, word: 'description', template: 'the bead {0} named by {1} is not in article {2}, which has {3} beads.' },
  uriRunsScript: { status: 400, word: 'description', template: '{0} is a javascript: address; links and actions do not run scripts.' },
  coordinateOutOfRange: { status: 400, word: 'drawing', template: 'the coordinate {0} evaluates to {1} on page {2}, beyond the {3} points a PDF number may hold.' },
  dashAllZero: { status: 400, word: 'description', template: '{0} must hold at least one length greater than 0.' },
  needsLicenceStructureDestination: { status: 402, word: 'needs_a_licence', template: 'the destination "{0}" at {1} leads to an element of the structure tree; a licence key carries structure destinations.' },

  // — hosted service (issue 10): insert below this line —

  // — item kinds: codes, form fields, text_path (issue 11): insert below this line —
  textPathSecondMove: { status: 400, word: 'description', template: 'the segments at {0} move a second time at {1}; a text_path follows one unbroken path, so its segments hold a single move, first.' },
  textPathDecoration: { status: 400, word: 'description', template: '{0} asks for {1}, which a text_path does not draw: its letters follow a curve that a straight stroke cannot.' },
  textPathOverlong: { status: 400, word: 'drawing', template: 'the text of {0} is {1} points long, but its path leaves it {2} points on page {3}; shorten the text or the font_size, or set overlong to "shrink" or "extend".' },
  textPathOutOfRange: { status: 400, word: 'drawing', template: 'the letters of {0} reach {1} on page {2}, beyond the {3} points a PDF number may hold; bring start, offset, letter_spacing or font_size back.' },
  textPathNoLength: { status: 400, word: 'drawing', template: 'the path at {0} has no length on page {1}, so the text of {2} has nothing to follow.' },
  arrowsOnClosedPath: { status: 400, word: 'description', template: '{0} asks for arrowheads, but the path closes at {1}; arrowheads go on the ends of a line or an open path.' },
  arrowsWithoutStroke: { status: 400, word: 'description', template: '{0} asks for arrowheads, which are drawn in the stroke; give the path a stroke ({1}).' },
  codeDataRefused: { status: 400, word: 'description', template: 'the data at {0} cannot be carried by {1}: {2}.' },
  // form fields (ir/read/forms.ts, passes/names/forms.ts, passes/cross-refusals/forms.ts)
  fieldNameSegment: { status: 400, word: 'description', template: 'the field name "{0}" at {1} has an empty part; dots separate the name of a field from the names of its parents.' },
  fieldNameTwice: { status: 400, word: 'description', template: 'the field name "{0}" at {1} is already given at {2}; every field has its own full name.' },
  fieldNameParent: { status: 400, word: 'description', template: 'the field name "{0}" at {1} is also the parent of "{2}" at {3}; a field holds a value or other fields, not both.' },
  fieldKeysTogether: { status: 400, word: 'description', template: '{0} cannot be given together with {1}: {2}.' },
  fieldKeyNeeds: { status: 400, word: 'description', template: '{0} needs {1}: {2}.' },
  fieldValueTooLong: { status: 400, word: 'description', template: '{0} holds {1} characters, more than max_length = {2}.' },
  fieldValueLineBreak: { status: 400, word: 'description', template: '{0} holds a line break, but the field is one line; give multiline: true.' },
  fieldValueOff: { status: 400, word: 'description', template: '{0} = "Off" is the name PDF gives the unchecked state; choose another value.' },
  radioValueTwice: { status: 400, word: 'description', template: 'the button value "{0}" at {1} is already given at {2}; buttons that turn on together need radios_in_unison: true.' },
  radioValueUnknown: { status: 400, word: 'description', template: '{0} = "{1}" is the value of none of the buttons at {2}.' },
  radioButtonPage: { status: 400, word: 'description', template: 'the button page {0} at {1} is not among the pages of the group at {2}.' },
  choiceOptionTwice: { status: 400, word: 'description', template: 'the option value "{0}" at {1} is already given at {2}.' },
  choiceValueUnknown: { status: 400, word: 'description', template: '{0} = "{1}" is the value of none of the options at {2}; only an editable combo takes a text of its own.' },
  choiceValueMany: { status: 400, word: 'description', template: '{0} selects {1} options, but the field takes one; give multiple: true.' },
  fieldFontUnknown: { status: 400, word: 'description', template: 'the font "{0}" named by {1} is neither declared nor a face of the library, which holds {2}.' },
  fieldActionUnderArchive: { status: 400, word: 'description', template: '{0} gives the push button a click action, but archive = "{1}" forbids actions on form fields ({2}); leave the button without one or drop the claim.' },

  // — the service's own failures —
  serverFailed: { status: 500, word: 'server', template: 'writing the PDF failed on the server: {0}.' },
  serverUnexpected: { status: 500, word: 'server', template: 'the server failed while answering the call: {0}.' },
} as const satisfies Record<string, RefusalEntry>;

export const REMARKS = {
  unusedResource: { code: 'unused-resource', template: 'the {0} {1} is never drawn with' },
  fontEmbeddingPermission: { code: 'font-embedding-permission', template: 'the font {0} (selected as "{1}") is embedded against its own embedding permission' },
  importedAnnotationsDropped: { code: 'imported-annotations-dropped', template: 'page {0} of the part "{1}" has {2} annotations that are not carried into the document: {3}' },
} as const satisfies Record<string, RemarkEntry>;

export type RefusalKey = keyof typeof REFUSALS;
export type RemarkKey = keyof typeof REMARKS;

/** Fills `{0}`, `{1}`… with the arguments. */
export function fill(template: string, args: readonly (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
}

/**
 * The key of the refusal built last in this thread: the refusal-case walk (test/refusals.test.ts)
 * checks with it that each case meets the message it is written for, where two entries share a sentence.
 */
export const lastRefusal: { key?: RefusalKey } = {};

/** Builds a refusal from the table. */
export function refusal(key: RefusalKey, path: JsonPointer, ...args: (string | number)[]): Refusal {
  const e: RefusalEntry = REFUSALS[key];
  lastRefusal.key = key;
  return { status: e.status, word: e.word, sentence: capitalizeNot(fill(e.template, args)), path };
}

/** Builds a remark from the table. */
export function remark(key: RemarkKey, path: JsonPointer, ...args: (string | number)[]): Remark {
  const e: RemarkEntry = REMARKS[key];
  return { code: e.code, text: fill(e.template, args), path };
}

// Sentences stay lowercase as written in the table (design.md §2.4); this is the single place to
// change that policy.
function capitalizeNot(s: string): string { return s; }

/** How a sentence names a key: its JSON pointer in the request, e.g. `/items/0/rotate`. */
export function keyName(path: JsonPointer): string {
  return path === '' ? 'the description' : path;
}

/** Stops the pipeline with a refusal from the message table. */
export function refuse(key: RefusalKey, path: JsonPointer, ...args: (string | number)[]): never {
  throw new RefusalError(refusal(key, path, ...args));
}
