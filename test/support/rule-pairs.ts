// test/support/rule-pairs.ts — one row per bound rule: a hand-built PDF that breaks it and one that keeps
// it (issue 18), written as PDF objects (test/support/pdf-builder.ts). verifier/rules-pairs.test.ts runs
// every row (the breaking file gives the rule's finding, the keeping file does not), and
// test/support/pair-audit.ts counts the rules that have such a pair. Rows are grouped by cluster:
// XMP extension schemas and property value types, implementation limits, PDF/UA-1 structure, then
// PDF/A file structure, graphics, fonts, annotations, actions and metadata.
// The rows live in test/support/rule-pairs/ by cluster; importing them registers them in order.
import type { RulePair } from './rule-pairs/common.js';
import { pairs } from './rule-pairs/common.js';
import './rule-pairs/xmp-limits.js';
import './rule-pairs/ua.js';
import './rule-pairs/pdfa-structure.js';
import './rule-pairs/pdfa-objects.js';
import './rule-pairs/programs.js';
import './rule-pairs/profile-checks.js';

export type { RulePair };
export const PAIRS: readonly RulePair[] = pairs;
