// verifier/pdfua-1/7-structure-more.ts — ISO 14289-1:2014 rules bound to the facts of
// verifier/checks/structure-ua1.ts: where table, list and TOC elements sit and what they hold (7.2, the
// tests of veraPDF's PDFUA-1 profile read as predicates over the `se-context` fact), regular tables and
// headers (7.2, 7.5), languages (7.2), formulas (7.7), notes (7.9), optional content (7.10), embedded
// files (7.11), XFA (7.15), encryption (7.16), annotations (7.18), XObjects (7.20), identification (§5).
import { bind, type Fact, type RuleModule } from '../model.js';

const kids = (f: Fact): string[] => (f.args?.kids ? String(f.args.kids).split('&') : []);
const count = (f: Fact, t: string): number => kids(f).filter((k) => k === t).length;
const is = (t: string) => (f: Fact) => f.args?.type === t;
/** `type`'s parent is none of `parents` (veraPDF: parentStandardType). */
const parentNot =
  (t: string, ...parents: string[]) =>
  (f: Fact): boolean =>
    is(t)(f) && !parents.includes(String(f.args?.parent));
/** `type` holds a child outside `allowed` (veraPDF: kidsStandardTypes). */
const holdsOther =
  (t: string, ...allowed: string[]) =>
  (f: Fact): boolean =>
    is(t)(f) && kids(f).some((k) => !allowed.includes(k));
/** A Caption that is not the first child. */
const captionNotFirst =
  (t: string) =>
  (f: Fact): boolean =>
    is(t)(f) && kids(f).slice(1).includes('Caption');

const context = [
  bind('7.2', 4, 'se-context', 'a TR element sits in %parent, not in Table, THead, TBody or TFoot', {
    when: parentNot('TR', 'Table', 'THead', 'TBody', 'TFoot'),
  }),
  bind('7.2', 5, 'se-context', 'a THead element sits in %parent, not in Table', { when: parentNot('THead', 'Table') }),
  bind('7.2', 6, 'se-context', 'a TBody element sits in %parent, not in Table', { when: parentNot('TBody', 'Table') }),
  bind('7.2', 7, 'se-context', 'a TFoot element sits in %parent, not in Table', { when: parentNot('TFoot', 'Table') }),
  bind('7.2', 8, 'se-context', 'a TH element sits in %parent, not in TR', { when: parentNot('TH', 'TR') }),
  bind('7.2', 9, 'se-context', 'a TD element sits in %parent, not in TR', { when: parentNot('TD', 'TR') }),
  bind('7.2', 10, 'se-context', 'a TR element holds %kids instead of TH and TD only', {
    when: holdsOther('TR', 'TH', 'TD'),
  }),
  bind('7.2', 11, 'se-context', 'a Table element holds more than one THead', {
    when: (f) => is('Table')(f) && count(f, 'THead') > 1,
  }),
  bind('7.2', 12, 'se-context', 'a Table element holds more than one TFoot', {
    when: (f) => is('Table')(f) && count(f, 'TFoot') > 1,
  }),
  bind('7.2', 13, 'se-context', 'a Table element holds a TFoot and no TBody', {
    when: (f) => is('Table')(f) && count(f, 'TFoot') > 0 && count(f, 'TBody') === 0,
  }),
  bind('7.2', 14, 'se-context', 'a Table element holds a THead and no TBody', {
    when: (f) => is('Table')(f) && count(f, 'THead') > 0 && count(f, 'TBody') === 0,
  }),
  bind('7.2', 16, 'se-context', 'a Table element holds a Caption that is neither its first nor its last child', {
    when: (f) => is('Table')(f) && kids(f).slice(1, -1).includes('Caption'),
  }),
  bind('7.2', 17, 'se-context', 'an LI element sits in %parent, not in L', { when: parentNot('LI', 'L') }),
  bind('7.2', 18, 'se-context', 'an LBody element sits in %parent, not in LI', { when: parentNot('LBody', 'LI') }),
  bind('7.2', 26, 'se-context', 'a TOCI element sits in %parent, not in TOC', { when: parentNot('TOCI', 'TOC') }),
  bind('7.2', 28, 'se-context', 'a TOC element holds a Caption that is not its first child', {
    when: captionNotFirst('TOC'),
  }),
  bind('7.2', 36, 'se-context', 'a THead element holds %kids instead of TR only', { when: holdsOther('THead', 'TR') }),
  bind('7.2', 37, 'se-context', 'a TBody element holds %kids instead of TR only', { when: holdsOther('TBody', 'TR') }),
  bind('7.2', 38, 'se-context', 'a TFoot element holds %kids instead of TR only', { when: holdsOther('TFoot', 'TR') }),
  bind('7.2', 39, 'se-context', 'a Table element holds more than one Caption', {
    when: (f) => is('Table')(f) && count(f, 'Caption') > 1,
  }),
  bind('7.2', 40, 'se-context', 'an L element holds a Caption that is not its first child', {
    when: captionNotFirst('L'),
  }),
] satisfies RuleModule;

const tables = [
  bind('7.2', 15, 'table-overlap', 'two cells of a table cover the same position'),
  bind('7.2', 41, 'table-irregular', 'a row span of column %column reaches beyond the last row of the table', {
    when: (f) => f.args?.kind === 'rows',
  }),
  bind('7.2', 42, 'table-irregular', 'table row %row reaches past the %first columns of the first row', {
    when: (f) => f.args?.kind === 'wider',
  }),
  bind('7.2', 43, 'table-irregular', 'table rows 1 and %row span different numbers of columns (%first and %other)', {
    when: (f) => f.args?.kind === 'columns',
  }),
  bind('7.5', 1, 'td-no-header', 'a TD has no Headers attribute and no TH in its row or column', {
    when: (f) => f.args?.unknown === '',
  }),
  bind('7.5', 2, 'td-no-header', 'a TD names the undefined header IDs %unknown', {
    when: (f) => f.args?.unknown !== '',
  }),
] satisfies RuleModule;

const languages = [
  bind(
    '7.2',
    2,
    'outline-no-lang',
    'the natural language of the outline entries cannot be determined (no catalog Lang)',
  ),
  bind('7.2', 22, 'struct-text-no-lang', 'the natural language of the Alt of %type cannot be determined', {
    when: (f) => f.args?.key === 'Alt',
  }),
  bind('7.2', 23, 'struct-text-no-lang', 'the natural language of the E of %type cannot be determined', {
    when: (f) => f.args?.key === 'E',
  }),
  bind('7.2', 24, 'annot-ua', 'the natural language of the Contents of a %subtype annotation cannot be determined', {
    when: (f) => f.args?.contentsLang === false,
  }),
  bind('7.2', 25, 'field-tu-no-lang', 'the natural language of a form field tooltip (TU) cannot be determined'),
  bind('7.2', 30, 'span-no-lang', 'the natural language of the ActualText of a Span cannot be determined', {
    when: (f) => f.args?.key === 'ActualText',
  }),
  bind('7.2', 31, 'span-no-lang', 'the natural language of the Alt of a Span cannot be determined', {
    when: (f) => f.args?.key === 'Alt',
  }),
  bind('7.2', 32, 'span-no-lang', 'the natural language of the E of a Span cannot be determined', {
    when: (f) => f.args?.key === 'E',
  }),
  bind('7.2', 33, 'xmp-lang-alt-no-lang', 'the natural language of the document metadata cannot be determined'),
  bind('7.2', 34, 'text-no-lang', 'the natural language of text in the page content cannot be determined'),
] satisfies RuleModule;

const shown = (f: Fact): boolean => f.args?.shown === true;
const sub = (f: Fact): string => String(f.args?.subtype);

const others = [
  bind('5', 3, 'pdfuaid-prefix', 'pdfuaid:part is written with the prefix %prefix', {
    when: (f) => f.args?.name === 'part',
  }),
  bind('5', 4, 'pdfuaid-prefix', 'pdfuaid:amd is written with the prefix %prefix', {
    when: (f) => f.args?.name === 'amd',
  }),
  bind('5', 5, 'pdfuaid-prefix', 'pdfuaid:corr is written with the prefix %prefix', {
    when: (f) => f.args?.name === 'corr',
  }),
  bind('6.1', 1, 'header-version', 'the header declares PDF %version, not a version from 1.0 to 1.7', {
    when: (f) => !/^1\.[0-7]$/.test(String(f.args?.version)),
  }),
  bind('7.1', 6, 'rolemap-cycle', 'a circular mapping exists for the structure type %type'),
  bind('7.1', 7, 'struct-standard-remapped', 'the standard structure type %type is remapped', {
    object: 'PDStructElem',
  }),
  bind('7.7', 1, 'formula-no-alt', 'the Formula element (%type) has neither Alt nor ActualText'),
  bind('7.9', 1, 'note-id', 'a Note element has no ID', { when: (f) => f.args?.problem === 'missing' }),
  bind('7.9', 2, 'note-id', 'the ID %id is shared by more than one Note element', {
    when: (f) => f.args?.problem === 'duplicate',
  }),
  // PDF/UA-1 asks a Name of each configuration, not a unique one (PDF/A-2's 6.9 t02 does)
  bind('7.10', 1, 'oc-config-name', 'an optional content configuration has no Name', {
    when: (f) => f.args?.present === false,
  }),
  bind('7.10', 2, 'oc-config-as', 'an optional content configuration has an AS entry'),
  bind('7.11', 1, 'embedded-file', 'the file specification of an embedded file lacks F or UF, or one is empty', {
    when: (f) => f.args?.fufText === false,
    object: 'CosFileSpecification',
  }),
  bind('7.15', 1, 'xfa-dynamic', 'the XFA form requires dynamic rendering'),
  bind(
    '7.16',
    1,
    'encrypt-no-extract',
    'the encryption dictionary (P %p) does not permit extraction for accessibility',
  ),
  bind('7.18.1', 2, 'annot-ua', 'a %subtype annotation has neither Contents nor an Alt on its structure element', {
    when: (f) => sub(f) !== 'Widget' && shown(f) && f.args?.contents !== true && f.args?.alt !== true,
  }),
  bind('7.18.1', 3, 'annot-ua', 'a widget annotation has neither TU nor an Alt on its structure element', {
    when: (f) => sub(f) === 'Widget' && shown(f) && f.args?.tu !== true && f.args?.alt !== true,
    object: 'PDWidgetAnnot',
  }),
  bind('7.18.2', 1, 'annot-ua', 'a TrapNet annotation is shown', {
    when: (f) => sub(f) === 'TrapNet' && shown(f),
    object: 'PDTrapNetAnnot',
  }),
  bind('7.18.4', 1, 'annot-ua', 'a widget annotation is not nested in a Form element (it is in %parent)', {
    when: (f) => sub(f) === 'Widget' && shown(f) && f.args?.parent !== 'Form',
    object: 'PDWidgetAnnot',
  }),
  bind('7.18.6.2', 1, 'media-clip', 'a media clip data dictionary has no CT', { when: (f) => f.args?.ct === false }),
  bind('7.18.6.2', 2, 'media-clip', 'a media clip data dictionary has no valid Alt', {
    when: (f) => f.args?.alt === false,
  }),
  bind('7.18.8', 1, 'annot-ua', 'a PrinterMark annotation is in the structure tree', {
    when: (f) => sub(f) === 'PrinterMark' && shown(f) && f.args?.inTree === true,
    object: 'PDPrinterMarkAnnot',
  }),
  bind(
    '7.18.4',
    2,
    'form-elem',
    'a Form element (%type) has no Role attribute and holds more than its one widget annotation',
    {
      when: (f) => f.args?.role !== true && f.args?.oneWidget !== true,
    },
  ),
  bind('7.20', 2, 'form-mcid-reused', 'a form XObject whose content has MCIDs is painted %count times'),
  bind('7.20', 1, 'reference-xobject', 'a form XObject is a reference XObject (Ref entry)'),
] satisfies RuleModule;

export const structureMore = [...context, ...tables, ...languages, ...others] satisfies RuleModule;
