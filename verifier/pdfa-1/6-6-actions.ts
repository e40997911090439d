// verifier/pdfa-1/6-6-actions.ts — ISO 19005-1:2005 §6.6 Actions (with Cor.2).
import { bind, type RuleModule } from '../model.js';

const ALLOWED = new Set(['GoTo', 'GoToR', 'Thread', 'URI', 'Named', 'SubmitForm']);
const NAMED = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);

export const actions = [
  bind('6.6.1', 1, 'action', 'the action type %type is not permitted', {
    when: (f) => !ALLOWED.has(String(f.args?.type)),
  }),
  bind('6.6.1', 2, 'named-action', 'the named action %name is not permitted', {
    when: (f) => !NAMED.has(String(f.args?.name)),
  }),
  bind('6.6.1', 3, 'widget-action', 'a widget annotation has an action (A entry)'),
  bind('6.6.2', 1, 'widget-aa', 'a widget annotation has an additional-actions dictionary'),
  bind('6.6.2', 2, 'field-aa', 'a form field has an additional-actions dictionary'),
  bind('6.6.2', 3, 'catalog-aa', 'the catalog has an additional-actions dictionary'),
  bind('6.6.2', 4, 'page-aa', 'a page has an additional-actions dictionary'),
] satisfies RuleModule;
