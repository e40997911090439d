// verifier/pdfa-2/6-8-embedded.ts — ISO 19005-2:2011 §6.8 Embedded files: only PDF/A files.
import { bind, type RuleModule } from '../model.js';

export const embedded = [
  bind('6.8', 1, 'embedded-file', 'an embedded file is not a PDF/A file', { when: (f) => f.args?.claimsPdfa !== true }),
  bind('6.8', 2, 'embedded-file', 'the file specification of an embedded file lacks F or UF', {
    when: (f) => f.args?.hasFUF !== true,
  }),
] satisfies RuleModule;
