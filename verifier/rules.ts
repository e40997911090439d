// verifier/rules.ts — which rule modules judge each flavour (PDF/A parts and levels, PDF/UA-1 and -2), and the
// compile-time proof that every fact code of verifier/facts.ts is bound by some rule: a fact the
// checks collect but no standard judges is dead weight (or a rule forgotten), so tsc refuses it here.
import type { FactCode } from './facts.js';
import type { Flavour, RuleModule } from './model.js';
import { tagged as PDFA1_TAGGED } from './pdfa-1/6-8-logical-structure.js';
import { PDFA1 } from './pdfa-1/index.js';
import { tagged as PDFA2_TAGGED } from './pdfa-2/6-7-logical-structure.js';
import { PDFA2 } from './pdfa-2/index.js';
import { tagged as PDFA3_TAGGED } from './pdfa-3/6-7-logical-structure.js';
import { PDFA3 } from './pdfa-3/index.js';
import { PDFA4 } from './pdfa-4/index.js';
import { PDFUA1 } from './pdfua-1/index.js';
import { PDFUA2 } from './pdfua-2/index.js';

/** The rule modules of each part. */
export function rulesOf(f: Flavour): readonly RuleModule[] {
  if (f.ua) return f.part === 2 ? PDFUA2 : PDFUA1;
  // Level A: the part's rules and its logical-structure clauses (19005-1 §6.8, -2/-3 §6.7).
  switch (f.part) {
    case 1:
      return f.level === 'A' ? [...PDFA1, PDFA1_TAGGED] : PDFA1;
    case 2:
      return f.level === 'A' ? [...PDFA2, PDFA2_TAGGED] : PDFA2;
    case 3:
      return f.level === 'A' ? [...PDFA3, PDFA3_TAGGED] : PDFA3;
    case 4:
      return PDFA4;
  }
}

/** The codes a list of rule modules binds (their literal types, kept by `bind` and `satisfies`). */
type BoundBy<Modules extends readonly RuleModule[]> = Modules[number][number]['fact'];

/** Every code some rule of some standard binds. */
type Bound =
  | BoundBy<typeof PDFA1>
  | BoundBy<typeof PDFA2>
  | BoundBy<typeof PDFA3>
  | BoundBy<typeof PDFA4>
  | BoundBy<typeof PDFUA1>
  | BoundBy<typeof PDFUA2>
  | BoundBy<[typeof PDFA1_TAGGED, typeof PDFA2_TAGGED, typeof PDFA3_TAGGED]>;

/** Codes of the table no rule binds must be none. While some are, this fails to compile and tsc names
 * them ("Type 'true' is not assignable to type '"the-code"'"): bind each to the rule it decides, or stop
 * collecting it and drop it from verifier/facts.ts. */
export const EVERY_FACT_BOUND: [Exclude<FactCode, Bound>] extends [never] ? true : Exclude<FactCode, Bound> = true;
