// verifier/pdfa-3/6-8-embedded.ts — ISO 19005-3:2012 §6.8 Embedded files: any file, but each
// associated with the document or a part of it (AF) and stating its relationship and MIME type.
import { bind, type RuleModule } from '../model.js';

export const embedded = [
  bind('6.8', 1, 'embedded-file', 'an embedded file stream has no valid MIME type (Subtype)', {
    when: (f) => f.args?.mimeValid !== true,
  }),
  bind('6.8', 2, 'embedded-file', 'the file specification of an embedded file lacks F or UF', {
    when: (f) => f.args?.hasFUF !== true,
  }),
  // ISO 32000-2 lets AFRelationship take values beyond its list (second-class names): present is the rule.
  bind('6.8', 3, 'embedded-file', 'the file specification of an embedded file has no AFRelationship', {
    when: (f) => f.args?.afRelationship === 'none',
  }),
  bind('6.8', 4, 'embedded-file', 'no AF array associates the embedded file with the document or a part of it', {
    when: (f) => f.args?.inAF !== true,
  }),
] satisfies RuleModule;
