// verifier/pdfa-4/6-9-embedded-6-10-6-11.ts — ISO 19005-4:2020 §6.9 Embedded files, §6.10 Optional
// content, §6.11 Alternate presentations and transitions.
import { bind, type RuleModule } from '../model.js';

export const embeddedEtc = [
  bind('6.9', 5, 'embedded-files-tree', 'a PDF/A-4f file has no EmbeddedFiles name tree', {
    when: (f, fl) => fl.level === 'F' && f.args?.present !== true,
  }),
  bind('6.9', 1, 'embedded-file', 'an embedded file stream has no valid MIME type (Subtype)', {
    when: (f) => f.args?.mimeValid !== true,
  }),
  bind('6.9', 3, 'embedded-file', 'an embedded file is not a PDF/A file', {
    when: (f, fl) => fl.level !== 'F' && f.args?.claimsPdfa !== true,
  }),
  // the embedded PDF opened and verified against its own claim (verifier/attachments.ts; isValidPDFA124)
  bind('6.9', 3, 'embedded-pdf', 'the embedded file "%name" claims %claim, which is not PDF/A-1, -2 or -4', {
    when: (f, fl) => fl.level !== 'F' && f.args?.part !== 1 && f.args?.part !== 2 && f.args?.part !== 4,
  }),
  bind('6.9', 3, 'embedded-pdf', 'the embedded file "%name" does not conform to %claim, which it claims: %detail', {
    when: (f, fl) => fl.level !== 'F' && Number(f.args?.findings) > 0,
  }),
  bind('6.9', 2, 'embedded-file', 'the file specification of an embedded file lacks F or UF', {
    when: (f) => f.args?.hasFUF !== true,
  }),
  // ISO 32000-2 lets AFRelationship take values beyond its list (second-class names): present is the rule.
  bind('6.9', 4, 'embedded-file', 'the file specification of an embedded file has no AFRelationship', {
    when: (f) => f.args?.afRelationship === 'none',
  }),
  bind('6.10', 1, 'oc-config-name', 'an optional content configuration dictionary has no Name', {
    when: (f) => f.args?.present === false,
  }),
  bind(
    '6.10',
    2,
    'oc-config-name',
    'the name %duplicate is shared by several optional content configuration dictionaries',
    { when: (f) => f.args?.present === true },
  ),
  bind(
    '6.10',
    3,
    'oc-order-incomplete',
    'the Order of an optional content configuration dictionary leaves out the groups %groups',
  ),
  bind('6.11', 1, 'alternate-presentations', 'the document has alternate presentations'),
  bind('6.11', 2, 'page-pressteps', 'a page has a PresSteps entry'),
  // §6.12 Document requirements
  bind('6.12', 1, 'catalog-requirements', 'the catalog has a Requirements entry'),
] satisfies RuleModule;
