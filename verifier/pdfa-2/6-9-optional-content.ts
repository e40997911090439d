// verifier/pdfa-2/6-9-optional-content.ts — ISO 19005-2:2011 §6.9 Optional content (shared by PDF/A-3).
import { bind, type RuleModule } from '../model.js';

export const optionalContent = [
  bind('6.9', 1, 'oc-config-name', 'an optional content configuration dictionary has no Name', {
    when: (f) => f.args?.present === false,
  }),
  bind(
    '6.9',
    2,
    'oc-config-name',
    'the name %duplicate is shared by several optional content configuration dictionaries',
    { when: (f) => f.args?.present === true },
  ),
  bind(
    '6.9',
    3,
    'oc-order-incomplete',
    'the Order of an optional content configuration dictionary leaves out the groups %groups',
  ),
  bind('6.9', 4, 'oc-config-as', 'an optional content configuration dictionary has an AS entry'),
  // §6.10 Alternate presentations and transitions (kept here, beside the other catalog-level features)
  bind('6.10', 1, 'alternate-presentations', 'the name dictionary has an AlternatePresentations entry'),
  bind('6.10', 2, 'page-pressteps', 'a page has a PresSteps entry'),
  // §6.11 Document requirements
  bind('6.11', 1, 'catalog-requirements', 'the catalog has a Requirements entry'),
] satisfies RuleModule;
