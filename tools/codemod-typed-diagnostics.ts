// tools/codemod-typed-diagnostics.ts — issue 22, typed diagnostics: rewrites every positional
// refusal and remark call into the one typed form `refuse(key, at, { name: value, … })` of
// ir/messages.ts, whose parameter names come from the named `{placeholders}` of the message table.
//
//   npx tsx tools/codemod-typed-diagnostics.ts [--check] [root]     (root defaults to the cwd)
//
// What it rewrites, in every .ts file under root (node_modules, dist and dot-folders left out):
//   fail(refusal(k, at, a, b))                 → refuse(k, at, { x: a, y: b })
//   throw new RefusalError(refusal(k, at, a))  → refuse(k, at, { x: a });
//   refuse(k, at, a, b)  (passes/pass.ts's)    → refuse(k, at, { x: a, y: b })   (ir/messages.ts's)
//   refusal(k, at, a) / remark(k, at, a)       → refusal(k, at, { x: a }) / remark(k, at, { x: a })
// and its imports: `refuse` is imported from ir/messages.js by the relative path from wherever the
// file sits; `refuse` leaves passes/pass.ts (its definition too); `fail`, `refusal`, `RefusalError`,
// `RefusalKey` and `JsonPointer` imports of those modules that nothing uses any more are dropped.
// A call whose third argument is already an object literal is left alone, so a second run changes
// nothing. With --check it writes nothing and exits 1 when a file would change.
//
// The positional order of each message's arguments is held here (POSITIONAL, the `{0}`, `{1}`… of
// the table before issue 22); the names are checked against the placeholders of the table the run
// finds at <root>/ir/messages.ts, so a run against a table that disagrees stops before writing.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** Each message's parameter names in the order the positional calls passed them (`{0}` first). */
export const POSITIONAL: Readonly<Record<string, readonly string[]>> = {
  // refusals: the call itself (server)
  jsonDataMissing: [],
  formUnreadable: ['detail'],
  formNotMultipart: [],
  partTwice: ['part'],
  bodyTooLarge: ['limit'],
  notFound: ['method', 'path'],
  // reading the description
  jsonUnreadable: ['detail'],
  duplicateKey: ['key', 'where'],
  schemaRequired: ['key', 'at'],
  schemaType: ['key', 'expected'],
  schemaEnum: ['key', 'allowed'],
  schemaRange: ['key', 'expected'],
  schemaOther: ['key', 'problem'],
  coordinateSyntax: ['coordinate', 'detail'],
  coordinateDepth: ['coordinate', 'limit'],
  coordinateUnknownVariable: ['coordinate', 'variable'],
  itemKindUnknown: ['type', 'at'],
  valueNotYet: ['key', 'value'],
  fontTwoSources: ['key', 'other'],
  fontNoSource: ['font', 'at'],
  transformWithRotate: ['key', 'other'],
  base64Invalid: ['key'],
  // names
  fontUndeclared: ['font', 'at'],
  nameDeclaredTwice: ['name', 'at', 'earlier'],
  partMissing: ['part', 'at'],
  fontUnreadable: ['font', 'at', 'detail'],
  fontKindUnsupported: ['font', 'at', 'outlines'],
  glyphMissing: ['font', 'character', 'codepoint', 'at'],
  // licences
  needsLicenceStandardFont: ['at', 'font', 'face'],
  needsLicenceFont: ['at', 'font', 'kind'],
  // pagination
  tooManyPages: ['pages', 'ceiling'],
  pageMissing: ['page', 'at', 'pages'],
  coordinateNotFinite: ['coordinate', 'value', 'page'],
  // typesetting
  placeholderUnknown: ['placeholder', 'at'],
  dateDirective: ['at', 'directive'],
  dateZone: ['zone', 'at'],
  hyphenateLanguage: ['language', 'at'],
  oneCharacter: ['key', 'value'],
  rulerOrder: ['key'],
  fitFloorAboveSize: ['key', 'floor', 'fontSize'],
  hangingListWith: ['key', 'other'],
  fillLeadingWithLeading: ['key', 'other'],
  replacementNotOneCharacter: ['key'],
  type3GlyphText: ['at', 'type'],
  type3GlyphShapeKind: ['at', 'type'],
  type3CharacterNotOne: ['key'],
  type3MatrixSingular: ['key'],
  type3TooManyGlyphs: ['font', 'at', 'glyphs', 'limit'],
  type3CharacterTwice: ['character', 'earlier', 'at'],
  libraryFaceUnknown: ['face', 'at', 'faces'],
  replacementMissing: ['character', 'at', 'font'],
  fontRefKind: ['font', 'at', 'kind', 'list', 'wanted'],
  variantFeatureMissing: ['font', 'feature', 'key'],
  fontNotVariable: ['font', 'key'],
  fontAxisUnknown: ['key', 'axis', 'font', 'axes'],
  fontAxisOutOfRange: ['key', 'value', 'axis', 'font', 'min', 'max'],
  fontInstanceUnknown: ['key', 'instance', 'font', 'instances'],
  simpleFontTooManyCharacters: ['key', 'count', 'limit'],
  type1Unreadable: ['font', 'at', 'detail'],
  afmUnreadable: ['at', 'detail'],
  embeddingForbiddenByStandard: ['face', 'font', 'standard'],
  archiveFontNotEmbedded: ['key', 'claim', 'font', 'at', 'kind'],
  type3GlyphKeyMeaningless: ['key', 'property'],
  // graphics, colour, images
  imageUnreadable: ['part', 'at', 'format', 'detail'],
  imageFormatUnsupported: ['part', 'at', 'format'],
  svgNotDrawn: ['image', 'at', 'what', 'position', 'reason'],
  svgUnsafe: ['image', 'at', 'what', 'position', 'reason'],
  svgTooLarge: ['image', 'at', 'detail'],
  svgImageKey: ['key', 'image', 'word', 'reason'],
  imageTooLarge: ['image', 'at', 'width', 'height', 'limit'],
  imagePastMemory: ['image', 'at', 'width', 'height', 'need', 'left', 'limit'],
  imageNotStencil: ['image', 'at', 'kind'],
  imageIccMismatch: ['profile', 'at', 'components', 'space', 'image', 'imageComponents'],
  imageIccOnStencil: ['key', 'image', 'stencil'],
  imageIccUnreadable: ['part', 'at', 'detail'],
  imageKeysTogether: ['key', 'other', 'reason'],
  imagePairCount: ['key', 'pairs', 'image', 'components'],
  imageColorKeyRange: ['key', 'value', 'max', 'image'],
  imageSoftMaskNotGrey: ['mask', 'at', 'found'],
  imageColorNotStencil: ['key', 'image'],
  imageMetadataBoth: ['key', 'other'],
  imageMetadataNeither: ['key'],
  graphicsUndeclared: ['kind', 'name', 'at'],
  graphicsKeysTogether: ['key', 'other'],
  pathSegmentShape: ['at', 'found'],
  pathStartsWithoutMove: ['at', 'first'],
  countMismatch: ['key', 'count', 'rule', 'wanted'],
  functionArity: ['at', 'count', 'unit', 'user', 'wanted'],
  sampleTooLarge: ['key', 'value', 'bits', 'max'],
  cubicNeedsOneInput: ['key', 'inputs'],
  calcBraces: ['at', 'detail'],
  calcUnknownOperator: ['at', 'operator'],
  calcDepth: ['at', 'limit'],
  calcUnderflow: ['at', 'position'],
  calcOutputs: ['at', 'left', 'outputs'],
  calcSyntax: ['at', 'detail'],
  shadingKindUnknown: ['key', 'found'],
  shadingBothWays: ['at'],
  shadingNeitherWay: ['at'],
  shadingHalfPair: ['at', 'given', 'missing'],
  shadingLightInk: ['at', 'start', 'end'],
  shadingSpaceKind: ['space', 'at', 'kind'],
  functionBasedFunction: ['at', 'kind'],
  functionOutputs: ['at', 'outputs', 'space', 'components'],
  meshEmpty: ['at'],
  latticeTooSmall: ['key', 'rows'],
  latticeRowLength: ['key', 'corners', 'first'],
  patchPoints: ['key', 'count', 'kind', 'wanted'],
  meshSpaceWithColor: ['key'],
  meshTintsNoSpace: ['key'],
  meshCornerNeither: ['at'],
  meshLightInk: ['at', 'first', 'firstCount', 'corner', 'count'],
  tintsCount: ['key', 'count', 'space', 'components'],
  tilingStepZero: ['key'],
  tilingColourForColoured: ['key', 'tiling'],
  iccUnreadable: ['part', 'at', 'detail'],
  colorSpaceIccComponents: ['key', 'components', 'profile', 'profileComponents', 'signature'],
  spaceNotForRole: ['space', 'at', 'components', 'key', 'wanted'],
  separationTwoTints: ['at', 'which'],
  alternateSpace: ['space', 'at'],
  itemNotInDrawing: ['type', 'at', 'why'],
  placeholderInDrawing: ['placeholder', 'at'],
  tableOutgrowsDrawing: ['at', 'parts'],
  structureElementNotFound: ['destination', 'id', 'at'],
  structureDestinationVersion: ['at', 'what'],
  declarationCycle: ['kind', 'name', 'at', 'through'],
  halftoneOriginVersion: ['at', 'version'],
  transferArity: ['at', 'inputs', 'outputs'],
  colorSpaceNameReserved: ['name', 'at'],
  maskBackdrop: ['key', 'count', 'space', 'components'],
  // pagination, tables, supplied PDFs
  pagesRuleUnknownKey: ['key', 'at'],
  pagesRuleBackwards: ['toKey', 'to', 'fromKey', 'from'],
  itemIdTwice: ['id', 'at', 'earlier'],
  pageOfUnknown: ['id', 'at'],
  pageOfUnsettled: ['id', 'at', 'rounds'],
  relativeUnknownId: ['at', 'id'],
  relativeCycle: ['at', 'ring'],
  relativeWithPages: ['key', 'other'],
  relativeToEveryPage: ['at', 'id'],
  relativePartMissing: ['at', 'part', 'id', 'parts'],
  totalPagesTooEarly: ['coordinate', 'dependent'],
  tablePagesOne: ['key'],
  tableCellTwoThings: ['cell', 'first', 'second'],
  tableCellKeyFor: ['key', 'at', 'cell', 'holds'],
  tableRowWidth: ['row', 'filled', 'columns'],
  tableSpanPastEnd: ['cell', 'rows', 'end'],
  tableSectionRows: ['headerRows', 'footerRows', 'at', 'rows'],
  tableCellNeeds: ['cell', 'key'],
  tableColumnsTooWide: ['at', 'need', 'room'],
  tableRowTooTall: ['row', 'need', 'room', 'reason'],
  suppliedPdfUnreadable: ['part', 'at', 'detail'],
  suppliedPdfEncrypted: ['part', 'at'],
  suppliedPdfBomb: ['part', 'at', 'limit'],
  suppliedPdfPastMemory: ['part', 'at', 'limit'],
  suppliedPageMissing: ['key', 'page', 'part', 'pages'],
  needsLicenceImportedWords: ['page', 'part', 'at', 'limit'],
  needsLicenceImportedUncountable: ['page', 'part', 'at', 'reason'],
  tableSectionsTooTall: ['at', 'need', 'room', 'box'],
  tablePastCeiling: ['at', 'ceiling'],
  flowPastCeiling: ['at', 'ceiling'],
  flowPagesOne: ['key'],
  flowPagePlaceholder: ['at', 'placeholder'],
  flowStyleUnknown: ['at', 'style'],
  storyWith: ['key', 'other'],
  footnoteOutsideStory: ['at'],
  flowOutgrowsDrawing: ['at', 'parts'],
  flowColumnsNarrow: ['at', 'count', 'gap', 'width'],
  flowTableOutgrows: ['at', 'parts'],
  // standards, metadata, verifier
  timestampInvalid: ['key', 'value'],
  xmlCharacter: ['key', 'codepoint'],
  xmlNameInvalid: ['name', 'at'],
  xmpReserved: ['kind', 'name', 'at'],
  compressionLevel: ['key', 'level', 'min', 'max'],
  archiveSetsAside: ['key', 'claim', 'what', 'reason'],
  archiveNeeds: ['key', 'claim', 'what'],
  linkGraphicsState: ['at'],
  versionTooOld: ['key', 'version', 'min', 'feature'],
  // issue 20 (memory and input limits): never positional, listed so the table stays whole
  pageSizePastLimit: ['key', 'value', 'limit'],
  matrixSingular: ['key'],
  imageDataShort: ['image', 'at', 'width', 'height', 'present', 'least'],
  fontPastMemory: ['font', 'at', 'size', 'need', 'left', 'limit'],
  textPastMemory: ['at', 'limit'],
  tilingStepTooFine: ['key', 'step', 'floor'],
  encryptionPasswordLong: ['key', 'max'],
  encryptionSamePasswords: ['key', 'other'],
  encryptionWithArchive: ['key', 'other'],
  encryptionAccessibility: ['key', 'other'],
  encryptionPasswordAes128: ['key', 'max', 'other'],
  signKeyUnreadable: ['part', 'at', 'detail'],
  signWithEncryption: ['key', 'other'],
  signTwice: ['key', 'other'],
  invoiceNeedsPdfa3b: ['at', 'reason'],
  colourOutsideIntent: ['colour', 'space', 'claim', 'intent', 'intentSpace'],
  iccUnusable: ['profile', 'at', 'reason'],
  iccComponents: ['key', 'components', 'profile', 'profileComponents'],
  invoiceXmlMalformed: ['part', 'at', 'detail'],
  invoiceXmlNotCii: ['part', 'at', 'reason'],
  invoiceProfileMismatch: ['profile', 'at', 'part', 'guideline', 'guidelineProfile'],
  invoiceFileNameTaken: ['at'],
  invoicePartAttached: ['part', 'at', 'invoiceAt'],
  needsLicenceTagging: ['key', 'claim'],
  structureLang: ['key', 'value'],
  roleMapStandard: ['type', 'at'],
  roleMapTarget: ['type', 'target', 'at'],
  structureTooDeep: ['at', 'limit'],
  structureTypePdf2: ['type', 'at'],
  structureTypeUnknown: ['type', 'at'],
  structureIdTwice: ['id', 'at', 'earlier'],
  structureItemUnknown: ['item', 'at'],
  structureItemTwice: ['item', 'earlier', 'at'],
  structureItemPlace: ['type', 'item', 'at', 'element', 'reason'],
  claimHeadings: ['key', 'claim', 'type', 'at', 'problem'],
  claimChildren: ['key', 'claim', 'type', 'at', 'allowed', 'found'],
  claimNeedsAlt: ['key', 'claim', 'type', 'at'],
  claimNeedsLinkTagged: ['key', 'claim', 'at', 'type'],
  claimNeedsLinkDescription: ['key', 'claim', 'at'],
  // server operations
  serverBusy: [],
  serverClosing: [],
  requestUnreadable: ['why'],
  renderTooLong: ['seconds'],
  renderOutOfMemory: [],
  // navigation, attachments
  mediaTypeInvalid: ['mediaType', 'at'],
  columnValueShape: ['key'],
  columnKeyReserved: ['column', 'at'],
  columnUnknown: ['column', 'at', 'collection'],
  columnKindMismatch: ['key', 'kind', 'column', 'at', 'holds'],
  columnReadOff: ['key', 'column', 'data'],
  attachmentUnknown: ['attachment', 'at'],
  twoSources: ['key', 'other'],
  pageMetadataNoSource: ['key'],
  xmpPacketMalformed: ['part', 'at', 'detail'],
  targetTwice: ['key', 'other'],
  targetMissing: ['key'],
  viewWithoutPage: ['key'],
  goToNoTarget: ['at'],
  keyNotApplicable: ['key', 'selector', 'value', 'takes'],
  destinationUndeclared: ['destination', 'at'],
  outlineColourInk: ['key'],
  articleMissing: ['article', 'at', 'articles'],
  beadMissing: ['bead', 'at', 'article', 'beads'],
  uriRunsScript: ['key'],
  coordinateOutOfRange: ['coordinate', 'value', 'page', 'limit'],
  dashAllZero: ['key'],
  needsLicenceStructureDestination: ['destination', 'at'],
  // item kinds: codes, form fields, text_path
  textPathSecondMove: ['at', 'second'],
  textPathDecoration: ['key', 'decoration'],
  textPathOverlong: ['item', 'length', 'room', 'page'],
  textPathOutOfRange: ['item', 'reach', 'page', 'limit'],
  textPathNoLength: ['at', 'page', 'item'],
  arrowsOnClosedPath: ['key', 'closeAt'],
  arrowsWithoutStroke: ['key', 'stroke'],
  codeDataRefused: ['at', 'symbology', 'reason'],
  fieldNameSegment: ['name', 'at'],
  fieldNameTwice: ['name', 'at', 'earlier'],
  fieldNameParent: ['name', 'at', 'child', 'childAt'],
  fieldKeysTogether: ['key', 'other', 'reason'],
  fieldKeyNeeds: ['key', 'needs', 'reason'],
  fieldLostOnRedraw: ['key', 'what', 'when', 'kept', 'instead'],
  fieldTransformFlat: ['key'],
  fieldValueTooLong: ['key', 'length', 'maxLength'],
  fieldValueLineBreak: ['key'],
  fieldValueOff: ['key'],
  radioValueTwice: ['value', 'at', 'earlier'],
  radioValueUnknown: ['key', 'value', 'buttons'],
  radioButtonPage: ['page', 'at', 'pages'],
  choiceOptionTwice: ['value', 'at', 'earlier'],
  choiceValueUnknown: ['key', 'value', 'options'],
  choiceValueMany: ['key', 'count'],
  fieldFontUnknown: ['font', 'at', 'faces'],
  fieldActionUnderArchive: ['key', 'claim', 'clause'],
  // the service's own failures
  serverFailed: ['detail'],
  serverUnexpected: ['detail'],
};

/** The same for remarks. */
export const POSITIONAL_REMARKS: Readonly<Record<string, readonly string[]>> = {
  unknownKey: ['key', 'at', 'owner'],
  unknownKeyNear: ['key', 'at', 'owner', 'near'],
  unusedResource: ['kind', 'name'],
  fontEmbeddingPermission: ['face', 'font'],
  importedAnnotationsDropped: ['page', 'part', 'count', 'kinds'],
  textOffPage: ['item', 'page', 'words', 'lines'],
  codeOffPage: ['item', 'page', 'points'],
  flowPastFloor: ['item', 'page', 'floor', 'lines'],
};

/** Placeholder names of a template as ir/messages.ts reads them: `{name}`, with `{{`/`}}` a brace. */
export function placeholderNames(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(/\{\{|\}\}|\{([A-Za-z]\w*)\}/g))
    if (m[1] && !names.includes(m[1])) names.push(m[1]);
  return names;
}

// — finding files and the modules that matter —

const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage']);

function tsFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) tsFiles(p, out);
    else if (p.endsWith('.ts') && !p.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Which of our modules an import specifier names, by where it resolves under root. */
type Module = 'messages' | 'pass' | 'common' | 'diagnostics' | 'pointer' | 'other';

function moduleOf(file: string, spec: string, root: string): Module {
  if (!spec.startsWith('.')) return 'other';
  const abs = relative(root, resolve(dirname(file), spec))
    .replace(/\\/g, '/')
    .replace(/\.(js|ts)$/, '');
  if (abs === 'ir/messages') return 'messages';
  if (abs === 'passes/pass') return 'pass';
  if (abs === 'ir/read/common') return 'common';
  if (abs === 'ir/diagnostics') return 'diagnostics';
  if (abs === 'ir/pointer') return 'pointer';
  return 'other';
}

function selfModule(file: string, root: string): Module {
  return moduleOf(file, './' + relative(dirname(file), file), root);
}

/** The relative specifier from `file` to root/ir/messages.js, as an import writes it. */
function messagesSpecifier(file: string, root: string): string {
  const r = relative(dirname(file), join(root, 'ir', 'messages.js')).replace(/\\/g, '/');
  return r.startsWith('.') ? r : `./${r}`;
}

// — one file —

interface Edit {
  start: number;
  end: number;
  text: string;
}

class CodemodError extends Error {}

function lineOf(sf: ts.SourceFile, pos: number): string {
  return `${sf.fileName}:${sf.getLineAndCharacterOfPosition(pos).line + 1}`;
}

/** Names bound by imports of the file, with the module each comes from. */
function importedNames(sf: ts.SourceFile, root: string): Map<string, Module> {
  const names = new Map<string, Module>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const bindings = st.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const mod = moduleOf(sf.fileName, st.moduleSpecifier.text, root);
    for (const el of bindings.elements) names.set(el.name.text, mod);
  }
  return names;
}

/** Rewrites the calls of one pass over the file; returns the edits (none once converted). */
function callEdits(sf: ts.SourceFile, root: string): Edit[] {
  const imported = importedNames(sf, root);
  const self = selfModule(sf.fileName, root);
  const from = (name: string): Module =>
    imported.get(name) ??
    (self === 'common' && name === 'fail' ? 'common' : self === 'messages' ? 'messages' : 'other');
  const isCall = (n: ts.Node, name: string, ...mods: Module[]): n is ts.CallExpression =>
    ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === name && mods.includes(from(name));
  const isKeyed = (c: ts.CallExpression) => c.arguments.length >= 2 && ts.isStringLiteralLike(c.arguments[0]);
  const edits: Edit[] = [];

  /** `k, at, { … }` for a positional call, or undefined when the call is already typed. */
  const typedArgs = (c: ts.CallExpression, table: Readonly<Record<string, readonly string[]>>): string => {
    const key = (c.arguments[0] as ts.StringLiteral).text;
    const names = table[key];
    if (!names) throw new CodemodError(`${lineOf(sf, c.getStart(sf))}: "${key}" is not in the positional table`);
    const [k, at, ...rest] = c.arguments;
    const head = `${k.getText(sf)}, ${at.getText(sf)}`;
    if (rest.length === 1 && ts.isObjectLiteralExpression(rest[0])) return `${head}, ${rest[0].getText(sf)}`;
    if (rest.some((a) => ts.isSpreadElement(a)))
      throw new CodemodError(`${lineOf(sf, c.getStart(sf))}: spread arguments to ${key}`);
    if (rest.length !== names.length) {
      throw new CodemodError(
        `${lineOf(sf, c.getStart(sf))}: ${key} takes ${names.length} arguments (${names.join(', ')}), the call gives ${rest.length}`,
      );
    }
    if (!rest.length) return head;
    const props = rest.map((a, i) =>
      ts.isIdentifier(a) && a.text === names[i] ? names[i] : `${names[i]}: ${a.getText(sf)}`,
    );
    return `${head}, { ${props.join(', ')} }`;
  };
  const alreadyTyped = (c: ts.CallExpression) =>
    c.arguments.length === 2 || (c.arguments.length === 3 && ts.isObjectLiteralExpression(c.arguments[2]));

  const visit = (n: ts.Node): void => {
    // throw new RefusalError(refusal(k, …))  →  refuse(k, …);
    if (
      ts.isThrowStatement(n) &&
      n.expression &&
      ts.isNewExpression(n.expression) &&
      ts.isIdentifier(n.expression.expression) &&
      n.expression.expression.text === 'RefusalError' &&
      n.expression.arguments?.length === 1 &&
      isCall(n.expression.arguments[0], 'refusal', 'messages') &&
      isKeyed(n.expression.arguments[0])
    ) {
      const inner = n.expression.arguments[0];
      edits.push({ start: n.getStart(sf), end: n.getEnd(), text: `refuse(${typedArgs(inner, POSITIONAL)});` });
      return;
    }
    // fail(refusal(k, …))  →  refuse(k, …)
    if (
      isCall(n, 'fail', 'common') &&
      n.arguments.length === 1 &&
      isCall(n.arguments[0], 'refusal', 'messages') &&
      isKeyed(n.arguments[0])
    ) {
      edits.push({ start: n.getStart(sf), end: n.getEnd(), text: `refuse(${typedArgs(n.arguments[0], POSITIONAL)})` });
      return;
    }
    // refuse / refusal / remark with positional arguments
    for (const [name, table, mods] of [
      ['refuse', POSITIONAL, ['pass', 'messages']],
      ['refusal', POSITIONAL, ['messages']],
      ['remark', POSITIONAL_REMARKS, ['messages']],
    ] as const) {
      if (isCall(n, name, ...mods) && isKeyed(n) && !alreadyTyped(n)) {
        const open = n.arguments.pos;
        edits.push({ start: open, end: n.arguments.end, text: typedArgs(n, table) });
        return;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return edits;
}

/** Removes `export function refuse` from passes/pass.ts (it lives in ir/messages.ts now). */
function passEdits(sf: ts.SourceFile, root: string): Edit[] {
  if (selfModule(sf.fileName, root) !== 'pass') return [];
  const edits: Edit[] = [];
  for (const st of sf.statements) {
    if (ts.isFunctionDeclaration(st) && st.name?.text === 'refuse') {
      edits.push({ start: st.getFullStart(), end: st.getEnd(), text: '' });
    }
  }
  return edits;
}

/** Names the file refers to outside its imports (a property called `refusal` is not one). */
function usedNames(sf: ts.SourceFile): Set<string> {
  const used = new Set<string>();
  const isPropertyName = (id: ts.Identifier): boolean => {
    const p = id.parent;
    return (
      ((ts.isPropertyAccessExpression(p) || ts.isQualifiedName(p)) &&
        (ts.isPropertyAccessExpression(p) ? p.name : p.right) === id) ||
      ((ts.isPropertyAssignment(p) ||
        ts.isPropertySignature(p) ||
        ts.isPropertyDeclaration(p) ||
        ts.isMethodDeclaration(p) ||
        ts.isMethodSignature(p) ||
        ts.isGetAccessor(p) ||
        ts.isSetAccessor(p) ||
        ts.isEnumMember(p)) &&
        p.name === id) ||
      (ts.isBindingElement(p) && p.propertyName === id) ||
      ts.isNamedTupleMember(p) ||
      ts.isLabeledStatement(p)
    );
  };
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n)) return;
    if (ts.isIdentifier(n) && !isPropertyName(n)) used.add(n.text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return used;
}

/** What may be dropped from which module once unused: the names the old spellings needed. */
const DROPPABLE: Partial<Record<Module, readonly string[]>> = {
  pass: ['refuse'],
  messages: ['refusal', 'RefusalKey'],
  common: ['fail'],
  diagnostics: ['RefusalError'],
  pointer: ['JsonPointer'],
};

/** Fixes the imports: drops what the conversion left unused and imports `refuse` from ir/. */
function importEdits(sf: ts.SourceFile, root: string): Edit[] {
  const self = selfModule(sf.fileName, root);
  const used = usedNames(sf);
  const text = sf.getFullText();
  const imports = sf.statements.filter(
    (st): st is ts.ImportDeclaration => ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier),
  );
  const modOf = (st: ts.ImportDeclaration) =>
    moduleOf(sf.fileName, (st.moduleSpecifier as ts.StringLiteral).text, root);
  const named = (st: ts.ImportDeclaration) => {
    const b = st.importClause?.namedBindings;
    return b && ts.isNamedImports(b) ? b : undefined;
  };
  const hasRefuse = (st: ts.ImportDeclaration) => !!named(st)?.elements.some((el) => el.name.text === 'refuse');
  const needRefuse =
    self !== 'pass' && callsRefuse(sf) && !imports.some((st) => modOf(st) === 'messages' && hasRefuse(st));
  // `refuse` joins a value import of ir/messages.js if there is one, else takes the place of the
  // import that brought the pass's refuse, else comes after the last import
  const host = needRefuse
    ? imports.find((st) => modOf(st) === 'messages' && !st.importClause?.isTypeOnly && named(st))
    : undefined;
  const passImport = imports.find((st) => modOf(st) === 'pass' && hasRefuse(st));
  const newLine = `import { refuse } from '${messagesSpecifier(sf.fileName, root)}';\n`;
  let placed = !needRefuse || !!host;
  const edits: Edit[] = [];
  const lineEnd = (st: ts.Node) => (text[st.getEnd()] === '\n' ? st.getEnd() + 1 : st.getEnd());

  for (const st of imports) {
    const mod = modOf(st);
    const bindings = named(st);
    if (!bindings) continue;
    const droppable = DROPPABLE[mod] ?? [];
    const keep = bindings.elements
      .filter((el) => !(mod === 'pass' && el.name.text === 'refuse'))
      .filter((el) => !(droppable.includes(el.name.text) && !used.has(el.name.text)))
      .map((el) => el.getText(sf));
    if (st === host) {
      const plain = (s: string) => s.replace(/^type\s+/, '');
      const i = keep.findIndex((s) => plain(s).localeCompare('refuse') > 0);
      keep.splice(i < 0 ? keep.length : i, 0, 'refuse');
    }
    if (keep.length === bindings.elements.length && st !== host) continue;
    if (!keep.length && !st.importClause?.name) {
      const replace = st === passImport && !placed;
      if (replace) placed = true;
      edits.push({ start: st.getStart(sf), end: lineEnd(st), text: replace ? newLine : '' });
      continue;
    }
    // what is left all types: `import type { A, B }` rather than `import { type A, type B }`
    if (!st.importClause?.isTypeOnly && !st.importClause?.name && keep.every((k) => /^type\s/.test(k))) {
      const names = keep.map((k) => k.replace(/^type\s+/, '')).join(', ');
      edits.push({
        start: st.getStart(sf),
        end: st.getEnd(),
        text: `import type { ${names} } from ${st.moduleSpecifier.getText(sf)};`,
      });
      continue;
    }
    edits.push({ start: bindings.getStart(sf), end: bindings.getEnd(), text: `{ ${keep.join(', ')} }` });
  }
  if (!placed) {
    const after = passImport ?? imports[imports.length - 1];
    const at = after ? lineEnd(after) : 0;
    edits.push({ start: at, end: at, text: newLine });
  }
  return edits;
}

function callsRefuse(sf: ts.SourceFile): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'refuse') found = true;
    if (!found) ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

function apply(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  let limit = Infinity;
  for (const e of sorted) {
    if (e.end > limit) throw new CodemodError(`overlapping edits at ${e.start}`);
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
    limit = e.start;
  }
  return out;
}

/** Converts one file's text; the same text back when there is nothing to do. */
export function convert(file: string, text: string, root: string): string {
  if (selfModule(file, root) === 'messages') return text;
  let current = text;
  // calls first, until none is left (a converted call may hold another), then imports once
  for (let round = 0; ; round++) {
    if (round > 10) throw new CodemodError(`${file}: the calls do not settle`);
    const sf = ts.createSourceFile(file, current, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const edits = [...callEdits(sf, root), ...(round === 0 ? passEdits(sf, root) : [])];
    if (!edits.length) break;
    current = apply(current, edits);
  }
  if (current === text && !mentionsOldSpelling(text)) return text;
  const sf = ts.createSourceFile(file, current, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return apply(current, importEdits(sf, root));
}

/** Whether a file still imports what the old spellings needed (so its imports want a look). */
function mentionsOldSpelling(text: string): boolean {
  return /import[^;]*\brefuse\b[^;]*from '[./]*(passes\/)?pass\.js'/.test(text);
}

/** Checks the positional table against the placeholders of the table at root/ir/messages.ts. */
async function checkTable(root: string): Promise<void> {
  const m = (await import(pathToFileURL(join(root, 'ir', 'messages.ts')).href)) as {
    REFUSALS: Record<string, { template: string }>;
    REMARKS: Record<string, { template: string }>;
  };
  const problems: string[] = [];
  for (const [table, positional, what] of [
    [m.REFUSALS, POSITIONAL, 'REFUSALS'],
    [m.REMARKS, POSITIONAL_REMARKS, 'REMARKS'],
  ] as const) {
    for (const [key, entry] of Object.entries(table)) {
      if (!/\{[A-Za-z]\w*\}/.test(entry.template) && /\{\d+\}/.test(entry.template)) {
        problems.push(`${what}.${key} still has positional placeholders: ${entry.template}`);
        continue;
      }
      const want = [...(positional[key] ?? [])].sort().join(', ');
      const have = placeholderNames(entry.template).sort().join(', ');
      if (!(key in positional)) problems.push(`${what}.${key} has no positional order here`);
      else if (want !== have)
        problems.push(`${what}.${key}: the table names ${have || 'nothing'}, the codemod ${want || 'nothing'}`);
    }
  }
  if (problems.length) throw new CodemodError(`the codemod and ir/messages.ts disagree:\n  ${problems.join('\n  ')}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const root = resolve(args.find((a) => !a.startsWith('--')) ?? '.');
  await checkTable(root);
  let changed = 0;
  for (const file of tsFiles(root)) {
    if (relative(root, file).replace(/\\/g, '/') === 'tools/codemod-typed-diagnostics.ts') continue;
    const before = readFileSync(file, 'utf8');
    const after = convert(file, before, root);
    if (after === before) continue;
    changed++;
    console.log(`${check ? 'would change' : 'changed'} ${relative(root, file)}`);
    if (!check) writeFileSync(file, after);
  }
  console.log(`${changed} file${changed === 1 ? '' : 's'} ${check ? 'would change' : 'changed'}`);
  if (check && changed) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e: unknown) => {
    console.error(e instanceof CodemodError ? e.message : e);
    process.exitCode = 2;
  });
}
