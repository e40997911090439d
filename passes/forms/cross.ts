// passes/forms/cross.ts — cross-refusals pass, form fields (issue 11): a push button given two
// targets (a short one beside an action) is refused naming both, as a link is; and under an archive
// claim a push button with a click action is refused, since every part of PDF/A forbids actions on
// widgets and fields (ISO 19005-1 6.9, 19005-2/3 6.4.1, 19005-4 6.4.1): the file never carries one.
import { at } from '../../ir/pointer.js';
import type { DocSettings, Item } from '../../ir/types.js';
import { refuse } from '../pass.js';

const CLAUSE: Record<number, string> = { 1: 'ISO 19005-1 6.9', 2: 'ISO 19005-2 6.4.1', 3: 'ISO 19005-3 6.4.1', 4: 'ISO 19005-4 6.4.1' };

export function fieldCombinations(item: Item, doc: DocSettings): void {
  if (item.type !== 'push_button') return;
  if (item.conflict) refuse('targetTwice', item.conflict[1], item.conflict[0], item.conflict[1]);
  const archive = doc.standards?.archive;
  if (item.target && archive) {
    const p = item.target.kind === 'page' ? at(item.at, 'page') : item.target.at;
    refuse('fieldActionUnderArchive', p, p, archive.level.claim, CLAUSE[archive.level.part] ?? 'ISO 19005');
  }
}
