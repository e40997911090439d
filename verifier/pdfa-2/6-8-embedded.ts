// verifier/pdfa-2/6-8-embedded.ts — ISO 19005-2:2011 §6.8 Embedded files: only PDF/A files.
import { bind, type RuleModule } from '../model.js';

export const embedded = [
  bind('6.8', 1, 'embedded-file', 'an embedded file is not a PDF/A file', { when: (f) => f.args?.claimsPdfa !== true }),
  bind('6.8', 2, 'embedded-file', 'the file specification of an embedded file lacks F or UF', {
    when: (f) => f.args?.hasFUF !== true,
  }),
  // the embedded PDF opened and verified against its own claim (verifier/attachments.ts; veraPDF's
  // isValidPDFA12, profile 6.8-5, numbered t01 in the corpus)
  bind('6.8', 1, 'embedded-pdf', 'the embedded file "%name" claims %claim, which is neither PDF/A-1 nor PDF/A-2', {
    when: (f) => f.args?.part !== 1 && f.args?.part !== 2,
  }),
  bind('6.8', 1, 'embedded-pdf', 'the embedded file "%name" does not conform to %claim, which it claims: %detail', {
    when: (f) => Number(f.args?.findings) > 0,
  }),
] satisfies RuleModule;
