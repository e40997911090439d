// verifier/pdfa-1/6-8-logical-structure.ts — ISO 19005-1:2005 §6.8 Logical structure, level A only
// (verifier/index.ts adds it for pdfa1a): MarkInfo Marked, the structure tree, structure types
// standard or mapped (no circular mapping), language identifiers. Facts: verifier/checks/structure.ts.
import { bind, type RuleModule } from '../model.js';

export const tagged = [
  bind(
    '6.8.2.2',
    1,
    'markinfo-not-marked',
    'the catalog has no MarkInfo dictionary with Marked true (MarkInfo %MarkInfo, Marked %Marked)',
  ),
  bind('6.8.3.3', 1, 'struct-tree-missing', 'the catalog has no StructTreeRoot'),
  bind(
    '6.8.3.4',
    1,
    'struct-type-unmapped',
    'the structure type %type is not standard and not mapped to a standard type',
    { object: 'PDStructElem' },
  ),
  bind('6.8.3.4', 2, 'struct-role-circular', 'a circular mapping exists for the structure type %type', {
    object: 'PDStructElem',
  }),
  bind('6.8.4', 1, 'lang-invalid', 'the Lang value "%value" is not a language identifier'),
] satisfies RuleModule;
