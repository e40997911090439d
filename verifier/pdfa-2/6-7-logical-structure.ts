// verifier/pdfa-2/6-7-logical-structure.ts — ISO 19005-2:2011 §6.7 Logical structure, level A only
// (verifier/index.ts adds it for pdfa2a; PDF/A-3 numbers the clause the same): MarkInfo Marked, the
// structure tree, structure types standard or mapped, no circular mapping, no standard type remapped,
// language identifiers. Facts: verifier/checks/structure.ts.
import { bind, type RuleModule } from '../model.js';

export const tagged = [
  bind(
    '6.7.2.2',
    1,
    'markinfo-not-marked',
    'the catalog has no MarkInfo dictionary with Marked true (MarkInfo %MarkInfo, Marked %Marked)',
  ),
  bind('6.7.3.3', 1, 'struct-tree-missing', 'the catalog has no StructTreeRoot'),
  bind('6.7.3.4', 1, 'struct-type-unmapped', 'the non-standard structure type %type is not mapped to a standard type'),
  bind('6.7.3.4', 2, 'struct-role-circular', 'a circular mapping exists for the structure type %type'),
  bind('6.7.3.4', 3, 'struct-standard-remapped', 'the standard structure type %type is remapped'),
  bind('6.7.4', 1, 'lang-invalid', 'the Lang value "%value" is not a language identifier'),
] satisfies RuleModule;
