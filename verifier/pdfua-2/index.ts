// verifier/pdfua-2/index.ts — ISO 14289-2:2024 (PDF/UA-2), the rules of veraPDF's PDFUA-2 profile,
// clause group by clause group; the rules no fact decides are listed with the reason in ./unbound.ts,
// and verifier/pdfua-2/coverage.test.ts fails while a rule of the profile is in neither.
// Facts: verifier/checks/ua2/ (namespaces, annotations, destinations, identification), and the checks
// PDF/A and PDF/UA-1 share (marking, metadata, fonts).
import { bind, type RuleModule } from '../model.js';
import { fonts as pdfa2Fonts } from '../pdfa-2/6-2-11-fonts.js';

/** §5 Version identification. */
const identification = [
  bind('5', 1, 'pdfuaid-missing', "the document metadata stream doesn't contain the PDF/UA identification schema"),
  bind('5', 2, 'ua2-pdfuaid-part', 'the "part" property of the PDF/UA identification schema is %part instead of 2'),
  bind('5', 3, 'ua2-pdfuaid-prefix', 'the property "part" has the prefix %prefix instead of pdfuaid', {
    when: (f) => f.args?.property === 'part',
  }),
  bind('5', 4, 'ua2-pdfuaid-prefix', 'the property "rev" has the prefix %prefix instead of pdfuaid', {
    when: (f) => f.args?.property === 'rev',
  }),
  bind('5', 5, 'ua2-pdfuaid-rev', 'pdfuaid:rev is %rev instead of a four-digit year'),
] satisfies RuleModule;

/** §6.2, §8.2 Logical structure. */
const structure = [
  bind('6.2', 1, 'markinfo-not-marked', 'the catalog has no MarkInfo dictionary with Marked true'),
  bind('8.2.1', 1, 'struct-tree-missing', 'the catalog has no StructTreeRoot'),
  bind('8.2.1', 2, 'struct-elem-no-parent', 'a structure element %type has no P entry'),
  bind('8.2.2', 1, 'content-untagged', 'content (%op) is neither marked as Artifact nor tagged as real content'),
  bind(
    '8.2.4',
    1,
    'ua2-struct-no-namespace',
    'the structure type %type is neither in nor role-mapped to the PDF 1.7, PDF 2.0 or MathML namespace',
  ),
  bind('8.2.4', 2, 'ua2-role-circular', 'a circular mapping exists for the structure type %type'),
  bind('8.2.4', 3, 'ua2-rolemap-same-ns', 'a type is role-mapped inside its own namespace (%type)'),
  bind('8.2.4', 4, 'struct-standard-remapped', 'the standard structure type %type is remapped'),
  bind('8.2.5.2', 1, 'ua2-root-kids', 'the structure tree root holds %kids instead of a single Document'),
  bind('8.2.5.2', 2, 'ua2-root-document-ns', 'the root Document is in the namespace %ns instead of PDF 2.0'),
  bind('8.2.5.8', 1, 'ua2-toci-no-ref', 'a TOCI (%type) identifies no target with Ref'),
  bind('8.2.5.12', 1, 'ua2-h-used', 'the structure type H is used (%type)'),
  bind('8.2.5.14', 1, 'ua2-note-used', 'the structure type Note is used (%type)'),
  bind('8.2.5.14', 4, 'ua2-fenote-notetype', 'an FENote has the NoteType %value'),
  bind('8.2.5.20', 1, 'ua2-link-parent', 'a link annotation is enclosed in %parent, not in Link or Reference'),
  bind(
    '8.2.5.20',
    2,
    'ua2-link-targets-mixed',
    'a %type element holds %count link annotations leading to different places',
  ),
  bind('8.2.5.23', 1, 'ua2-struct-kids', 'a Ruby holds %kids instead of RB, RT or RB, RP, RT, RP', {
    when: (f) => f.args?.type === 'Ruby' && f.args.kids !== 'RB&RT' && f.args.kids !== 'RB&RP&RT&RP',
  }),
  bind('8.2.5.24', 1, 'ua2-struct-kids', 'a Warichu holds %kids instead of WP, WT, WP', {
    when: (f) => f.args?.type === 'Warichu' && f.args.kids !== 'WP&WT&WP',
  }),
  bind('8.2.5.25', 1, 'ua2-list-numbering', 'an L whose items have labels has ListNumbering %value'),
  bind('8.2.5.25', 2, 'ua2-li-content', 'an LI holds real content outside Lbl and LBody'),
  bind('8.2.5.27', 1, 'ua2-caption-middle', 'a Caption is neither the first nor the last child of %type'),
  bind('8.2.5.28.2', 1, 'ua2-figure-no-alt', 'the Figure element (%type) has neither Alt nor ActualText'),
  bind('8.2.5.29', 1, 'ua2-mathml-parent', 'a MathML element is a child of %parent, not of Formula'),
] satisfies RuleModule;

/** §8.4 Text: Private Use Area, languages; §8.4.5 fonts (PDF/A-2's 6.2.11 rules, renumbered). */
const text = [
  bind('8.4.3', 2, 'actual-text-pua', 'an ActualText holds the Private Use Area code point U+%value'),
  bind('8.4.3', 3, 'ua2-text-pua', 'an Alt entry holds a Private Use Area code point', {
    when: (f) => f.args?.key === 'Alt',
  }),
  bind('8.4.4', 1, 'ua2-catalog-lang', 'the catalog Lang is %value'),
  bind('8.4.4', 2, 'lang-invalid', 'the Lang value "%value" is not a language tag'),
  bind('8.4.4', 2, 'lang-empty', 'a Lang value is empty, which is not a language tag'),
  bind('8.4.5.8', 2, 'tounicode-value', 'the ToUnicode map of %font maps a code to <%value>, which is not text'),
  bind('8.6', 1, 'ua2-text-pua', 'the text string %key holds a Private Use Area code point'),
] satisfies RuleModule;

/** PDF/A-2 §6.2.11 clause → PDF/UA-2 §8.4.5 clause and test (the same requirement). */
const FONT_RENUMBER: Record<string, [string, number]> = {
  '6.2.11.3.1 1': ['8.4.5.3.1', 1],
  '6.2.11.3.2 1': ['8.4.5.3.2', 1],
  '6.2.11.3.3 1': ['8.4.5.4', 1],
  '6.2.11.3.3 2': ['8.4.5.4', 2],
  '6.2.11.3.3 3': ['8.4.5.4', 3],
  '6.2.11.4.1 1': ['8.4.5.5.1', 1],
  '6.2.11.4.1 2': ['8.4.5.5.1', 2],
  '6.2.11.5 1': ['8.4.5.6', 1],
  '6.2.11.6 2': ['8.4.5.7', 2],
  '6.2.11.6 3': ['8.4.5.7', 3],
  '6.2.11.8 1': ['8.4.5.9', 1],
};
const fonts = pdfa2Fonts.flatMap((b) => {
  const to = FONT_RENUMBER[`${b.clause} ${b.test}`];
  return to ? [{ ...b, clause: to[0], test: to[1] }] : [];
}) satisfies RuleModule;

/** §8.7 optional content, §8.8 destinations. */
const navigation = [
  bind('8.7', 1, 'ua2-occonfig-name', 'an optional content configuration has no Name'),
  bind('8.7', 2, 'ua2-occonfig-as', 'an optional content configuration has an AS entry'),
  bind('8.8', 1, 'ua2-dest-not-structure', 'a destination inside the document is not a structure destination'),
  bind('8.8', 2, 'ua2-goto-not-structure', 'a GoTo action has no structure destination'),
] satisfies RuleModule;

/** §8.9 Annotations, §8.10 forms. */
const annotations = [
  bind('8.9.2.2', 1, 'ua2-annot-hidden-tagged', 'an invisible %subtype annotation is tagged, not an artifact', {
    when: (f) => f.args?.flag === 'Invisible',
  }),
  bind('8.9.2.2', 2, 'ua2-annot-hidden-tagged', 'a NoView %subtype annotation is tagged, not an artifact', {
    when: (f) => f.args?.flag === 'NoView',
  }),
  bind('8.9.2.3', 1, 'ua2-markup-not-in-annot', 'a %subtype markup annotation is enclosed in %parent, not in Annot'),
  bind('8.9.2.4.7', 1, 'ua2-annot-no-contents', 'a Stamp annotation has neither Name nor Contents', {
    when: (f) => f.args?.subtype === 'Stamp',
  }),
  bind('8.9.2.4.8', 1, 'ua2-annot-no-contents', 'an Ink annotation has no Contents', {
    when: (f) => f.args?.subtype === 'Ink',
  }),
  bind('8.9.2.4.9', 1, 'ua2-popup-tagged', 'a Popup annotation is in the structure tree'),
  bind(
    '8.9.2.4.10',
    1,
    'ua2-fileattach-no-afrel',
    "a file attachment annotation's file specification has no AFRelationship",
  ),
  bind('8.9.2.4.11', 1, 'ua2-annot-forbidden', 'a Sound annotation is present', {
    when: (f) => f.args?.subtype === 'Sound',
  }),
  bind('8.9.2.4.11', 2, 'ua2-annot-forbidden', 'a Movie annotation is present', {
    when: (f) => f.args?.subtype === 'Movie',
  }),
  bind('8.9.2.4.12', 1, 'ua2-annot-no-contents', 'a Screen annotation has no Contents', {
    when: (f) => f.args?.subtype === 'Screen',
  }),
  bind('8.9.2.4.13', 1, 'ua2-widget-empty-tagged', 'a widget annotation of zero size is tagged, not an artifact'),
  bind('8.9.2.4.14', 1, 'ua2-annot-not-artifact', "a printer's mark annotation is tagged, not an artifact", {
    when: (f) => f.args?.subtype === 'PrinterMark',
  }),
  bind('8.9.2.4.15', 1, 'ua2-annot-forbidden', 'a TrapNet annotation is present', {
    when: (f) => f.args?.subtype === 'TrapNet',
  }),
  bind('8.9.2.4.16', 1, 'ua2-annot-not-artifact', 'a Watermark annotation is real content outside an Annot element', {
    when: (f) => f.args?.subtype === 'Watermark',
  }),
  bind('8.9.2.4.19', 1, 'ua2-annot-no-contents', 'a 3D annotation has no Contents', {
    when: (f) => f.args?.subtype === '3D',
  }),
  bind('8.9.2.4.19', 2, 'ua2-annot-no-contents', 'a RichMedia annotation has no Contents', {
    when: (f) => f.args?.subtype === 'RichMedia',
  }),
  bind('8.9.3.3', 1, 'ua2-tabs', 'a page with annotations has Tabs %value instead of A, W or S'),
  bind('8.9.4.2', 1, 'ua2-contents-alt-differ', "a %subtype annotation's Contents differs from the Alt of its %parent"),
  bind('8.10.1', 1, 'ua2-widget-not-in-form', 'a widget annotation is enclosed in %parent, not in Form'),
  bind('8.10.1', 2, 'ua2-form-widgets', 'a Form element holds %count widget annotations'),
  bind('8.10.1', 3, 'xfa', 'the interactive form has XFA'),
  bind('8.10.2.3', 1, 'ua2-widget-no-label', 'a widget annotation has neither a label nor Contents'),
  bind('8.10.2.3', 2, 'ua2-widget-aa-no-contents', 'a widget annotation with additional actions has no Contents'),
  bind('8.10.3.3', 1, 'ua2-rv-v', 'the text field "%name" has RV without a V saying the same'),
] satisfies RuleModule;

/** §8.11 Metadata, §8.14 embedded files. */
const metadata = [
  bind('8.11.1', 1, 'dc-title-missing', 'the metadata has no dc:title'),
  bind('8.11.1', 2, 'metadata-missing', 'the catalog has no Metadata entry'),
  bind('8.11.2', 1, 'display-doc-title-off', 'ViewerPreferences DisplayDocTitle is not true'),
  bind('8.14.1', 1, 'ua2-filespec-no-desc', 'the embedded file "%name" has a file specification without Desc'),
] satisfies RuleModule;

export const PDFUA2 = [
  identification,
  structure,
  text,
  fonts,
  navigation,
  annotations,
  metadata,
] satisfies readonly RuleModule[];
