// verifier/pdfa-3/6-7-logical-structure.ts — ISO 19005-3:2012 §6.7 Logical structure, level A: the
// same clauses and tests as PDF/A-2's (../pdfa-2/6-7-logical-structure.ts).
export { tagged } from '../pdfa-2/6-7-logical-structure.js';
