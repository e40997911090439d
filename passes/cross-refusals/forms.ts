// passes/cross-refusals/forms.ts — cross-refusals pass, form fields (issue 11): a push button given two
// targets (a short one beside an action) is refused naming both, as a link is; and under an archive
// claim a push button with a click action is refused, since every part of PDF/A forbids actions on
// widgets and fields (ISO 19005-1 6.9, 19005-2/3 6.4.1, 19005-4 6.4.1): the file never carries one.
// A declared version older than a field feature needs is refused naming both.

import type { FieldItem } from '../../ir/form-types.js';
import { isField } from '../../ir/form-types.js';
import { refuse } from '../../ir/messages.js';
import { at } from '../../ir/pointer.js';
import type { DocSettings, Item } from '../../ir/types.js';
import { requireVersion } from '../../ir/version.js';

const CLAUSE: Record<number, string> = {
  1: 'ISO 19005-1 6.9',
  2: 'ISO 19005-2 6.4.1',
  3: 'ISO 19005-3 6.4.1',
  4: 'ISO 19005-4 6.4.1',
};

/** The PDF version each field feature needs (ISO 32000-1 §12.7, Tables 220–230), checked against a declared version. */
function fieldVersions(item: FieldItem, doc: DocSettings): void {
  requireVersion(doc, '1.2', item.at, 'an interactive form field');
  // An annotation's /OC is PDF 1.5 (ISO 32000-1 Table 164), as on a link.
  if (item.layer) requireVersion(doc, '1.5', item.layer.at, 'layer on a form field');
  if (item.fontRes) requireVersion(doc, '1.3', item.font?.at ?? item.at, 'field text in an embedded CID font');
  if (item.type === 'text_field') {
    if (item.comb) requireVersion(doc, '1.5', at(item.at, 'comb'), 'a comb field');
    if (!item.scroll) requireVersion(doc, '1.4', at(item.at, 'scroll'), 'scroll: false');
    if (!item.spellCheck) requireVersion(doc, '1.4', at(item.at, 'spell_check'), 'spell_check: false');
  }
  if (item.type === 'radio_group' && item.radiosInUnison)
    requireVersion(doc, '1.5', at(item.at, 'radios_in_unison'), 'radios_in_unison');
  // Values outside printable ASCII go into /Opt (passes/emit/pages/forms.ts), a PDF 1.5 entry.
  if (item.type === 'check_box' && !/^[\x20-\x7e]+$/.test(item.exportValue))
    requireVersion(doc, '1.5', at(item.at, 'export_value'), 'a value outside ASCII (/Opt)');
  if (item.type === 'radio_group') {
    const b = item.buttons.find((x) => !/^[\x20-\x7e]+$/.test(x.value));
    if (b) requireVersion(doc, '1.5', at(b.at, 'value'), 'a value outside ASCII (/Opt)');
  }
  if (item.type === 'choice_field' && item.multiple)
    requireVersion(doc, '1.4', at(item.at, 'multiple'), 'a multiple-choice list');
}

export function fieldCombinations(item: Item, doc: DocSettings): void {
  if (isField(item)) fieldVersions(item, doc);
  if (item.type !== 'push_button') return;
  if (item.conflict) refuse('targetTwice', item.conflict[1], { key: item.conflict[0], other: item.conflict[1] });
  const archive = doc.standards?.archive;
  if (item.target && archive) {
    const p = item.target.kind === 'page' ? at(item.at, 'page') : item.target.at;
    refuse('fieldActionUnderArchive', p, {
      key: p,
      claim: archive.level.claim,
      clause: CLAUSE[archive.level.part] ?? 'ISO 19005',
    });
  }
}
