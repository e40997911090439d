// verifier/pdfua-1/index.ts — ISO 14289-1:2014 (PDF/UA-1), the machine-checkable rules as veraPDF's
// PDFUA-1 profile numbers them, clause group by clause group (COVERAGE.md says which are covered).
// Facts: verifier/checks/structure.ts and verifier/checks/metadata.ts.
import { bind, type Fact, type RuleModule } from '../model.js';
import { fonts as pdfa2Fonts } from '../pdfa-2/6-2-11-fonts.js';
import { structureMore } from './7-structure-more.js';

/** §5 Version identification. */
const identification = [
  bind('5', 1, 'pdfuaid-missing', 'the XMP metadata has no PDF/UA identification schema'),
  bind('5', 2, 'pdfuaid-part', 'pdfuaid:part is %part instead of 1'),
] satisfies RuleModule;

/** §6.2 Conforming files; §7.1 General: content tagged or artifact, metadata, title, structure tree. */
const general = [
  bind(
    '6.2',
    1,
    'markinfo-not-marked',
    'the catalog has no MarkInfo dictionary with Marked true (MarkInfo %MarkInfo, Marked %Marked)',
  ),
  bind('7.1', 1, 'artifact-in-tagged', 'content marked as Artifact is inside tagged content'),
  bind('7.1', 2, 'tagged-in-artifact', 'tagged content is inside content marked as Artifact'),
  bind('7.1', 3, 'content-untagged', 'content (%op) is neither marked as Artifact nor tagged as real content'),
  bind('7.1', 4, 'markinfo-suspects', 'MarkInfo Suspects is true'),
  bind('7.1', 5, 'struct-type-unmapped', 'the non-standard structure type %type is not mapped to a standard type', {
    object: 'PDStructElem',
  }),
  bind('7.1', 5, 'struct-role-circular', 'a circular mapping exists for the structure type %type', {
    object: 'PDStructElem',
  }),
  bind('7.1', 8, 'metadata-missing', 'the catalog has no Metadata entry'),
  bind('7.1', 9, 'dc-title-missing', 'the metadata has no dc:title'),
  bind('7.1', 10, 'display-doc-title-off', 'ViewerPreferences DisplayDocTitle is not true'),
  bind('7.1', 11, 'struct-tree-missing', 'the catalog has no StructTreeRoot'),
  bind('7.1', 12, 'struct-elem-no-parent', 'a structure element %type has no P entry'),
] satisfies RuleModule;

/** §7.2 Text: what tables, lists and TOCs hold; language identifiers. */
const text = [
  bind('7.2', 3, 'struct-children', 'the Table element holds %kids instead of TR, THead, TBody, TFoot or Caption', {
    when: (f) => f.args?.type === 'Table',
  }),
  bind('7.2', 29, 'lang-invalid', 'the Lang value "%value" is not a language tag'),
  bind('7.2', 29, 'lang-empty', 'a Lang value is empty, which is not a language tag'),
  bind('7.2', 19, 'struct-children', 'the L element holds %kids instead of L, LI or Caption', {
    when: (f) => f.args?.type === 'L',
  }),
  bind('7.2', 20, 'struct-children', 'the LI element holds %kids instead of Lbl or LBody', {
    when: (f) => f.args?.type === 'LI',
  }),
  bind('7.2', 21, 'actualtext-no-lang', 'the natural language of the ActualText of %type cannot be determined'),
  bind('7.2', 27, 'struct-children', 'the TOC element holds %kids instead of TOC, TOCI or Caption', {
    when: (f) => f.args?.type === 'TOC',
  }),
] satisfies RuleModule;

/** §7.3 Graphics. */
const graphics = [
  bind('7.3', 1, 'figure-no-alt', 'the Figure element (%type) has neither Alt nor ActualText'),
] satisfies RuleModule;

/** §7.4 Headings. */
const headings = [
  bind(
    '7.4.2',
    1,
    'headings-numbered',
    'the numbered heading %type follows %previous: the first is H1 and no level is skipped',
  ),
  bind('7.4.4', 1, 'h-twice', 'the element %type holds more than one H'),
  bind('7.4.4', 2, 'h-with-hn', 'the document uses both H and numbered headings (H1–H6)'),
  bind('7.4.4', 3, 'hn-with-h', 'the document uses numbered headings in presence of H'),
] satisfies RuleModule;

/**
 * §7.18 Annotations: an annotation hidden (F bit 2) or wholly outside the crop box needs nothing, as the
 * profile's tests say (`isOutsideCropBox == true || (F & 2) == 2`); widgets, printer marks and links
 * are judged by their own clauses (7.18.4, 7.18.8, 7.18.5), not by 7.18.1 t01.
 */
const annotShown = (f: Fact): boolean => f.args?.shown === true;
const annotations = [
  bind('7.18.1', 1, 'annot-ua', 'a %subtype annotation is not nested in an Annot element', {
    when: (f) =>
      annotShown(f) &&
      !['Widget', 'PrinterMark', 'Link'].includes(String(f.args?.subtype)) &&
      f.args?.parent !== 'Annot',
  }),
  bind('7.18.3', 1, 'tabs-not-structure', 'a page with annotations has no Tabs S'),
  bind('7.18.5', 1, 'annot-ua', 'a link annotation is not nested in a Link element', {
    when: (f) => annotShown(f) && f.args?.subtype === 'Link' && f.args?.parent !== 'Link',
    object: 'PDLinkAnnot',
  }),
  bind('7.18.5', 2, 'annot-ua', 'a link annotation has no Contents (alternate description)', {
    when: (f) => annotShown(f) && f.args?.subtype === 'Link' && f.args?.contents !== true,
    object: 'PDLinkAnnot',
  }),
] satisfies RuleModule;

/**
 * §7.21 Fonts: the requirements of PDF/A-2 §6.2.11 (composite fonts, embedding, widths, TrueType
 * encodings, .notdef), which veraPDF numbers 7.21.x with the same tests; the rules are PDF/A-2's,
 * renumbered, so both standards judge a font alike.
 */
const FONT_CLAUSES = /^6\.2\.11\.(3\.[123]|4\.[12]|5|6|8)$/;
// PDF/UA-1 7.21.3.1 has one test; PDF/A-2's second (the CMap's Supplement) is left out, bound below the other way.
// 7.21.6 t01–t04 are PDF/A-2's 6.2.11.6 t01–t04 (the program's cmap subtables, a non-symbolic font's
// Encoding and Differences, a symbolic font's Encoding and cmap subtables).
const fonts = [
  ...pdfa2Fonts
    .filter((b) => FONT_CLAUSES.test(b.clause) && !(b.clause === '6.2.11.3.1' && b.test === 2))
    .map((b) => ({
      ...b,
      clause: b.clause.replace(/^6\.2\.11\./, '7.21.'),
    })),
  // PDF/UA-1's one test of 7.21.3.1 asks the CIDFont's Supplement at most the CMap's (PDF/A-2's t02 the reverse)
  bind('7.21.3.1', 1, 'cid-supplement', 'the CIDFont of %font has a higher Supplement than its CMap', {
    when: (f) => f.args?.cidFontHigher === true,
  }),
  // PDF/A-2's 6.2.11.7.2 t02 (levels U and A), which PDF/UA-1 numbers 7.21.7 t02
  bind('7.21.7', 2, 'tounicode-value', 'the ToUnicode map of %font maps a code to <%value>, which is not text'),
  // a code mapped to other text than its glyph's own character (verifier/checks/tounicode-cmap.ts)
  bind(
    '7.21.7',
    1,
    'tounicode-cmap',
    "the ToUnicode map of %font maps code %code to '%text', but the font's own cmap makes its glyph %glyph",
  ),
] satisfies RuleModule;

export const PDFUA1 = [
  identification,
  general,
  text,
  graphics,
  headings,
  annotations,
  fonts,
  structureMore,
] satisfies readonly RuleModule[];
