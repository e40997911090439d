// verifier/pdfa-2/6-5-actions.ts — ISO 19005-2:2011 §6.5 Actions.
import { bind, type RuleModule } from '../model.js';

const FORBIDDEN = new Set([
  'Launch',
  'Sound',
  'Movie',
  'ResetForm',
  'ImportData',
  'Hide',
  'SetOCGState',
  'Rendition',
  'Trans',
  'GoTo3DView',
  'JavaScript',
]);
const KNOWN = new Set([
  'GoTo',
  'GoToR',
  'GoToE',
  'Launch',
  'Thread',
  'URI',
  'Sound',
  'Movie',
  'Hide',
  'Named',
  'SubmitForm',
  'ResetForm',
  'ImportData',
  'JavaScript',
  'SetOCGState',
  'Rendition',
  'Trans',
  'GoTo3DView',
]);
const NAMED = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);

export const actions = [
  bind('6.5.1', 1, 'action', 'the action type %type is not permitted', {
    when: (f) => FORBIDDEN.has(String(f.args?.type)) || !KNOWN.has(String(f.args?.type)),
  }),
  bind('6.5.1', 2, 'named-action', 'the named action %name is not permitted', {
    when: (f) => !NAMED.has(String(f.args?.name)),
  }),
  bind('6.5.2', 1, 'widget-aa', 'a widget annotation has an additional-actions dictionary'),
  bind('6.5.2', 2, 'catalog-aa', 'the catalog has an additional-actions dictionary'),
  bind('6.5.2', 3, 'page-aa', 'a page has an additional-actions dictionary'),
] satisfies RuleModule;
