// verifier/pdfa-4/6-4-forms-6-6-actions.ts — ISO 19005-4:2020 §6.4 Interactive forms and §6.6 Actions.
import { bind, type RuleModule } from '../model.js';

/** PDF/A-4 permits JavaScript actions and additional actions on widgets and fields (veraPDF corpus). */
const FORBIDDEN = new Set([
  'Launch',
  'Sound',
  'Movie',
  'ResetForm',
  'ImportData',
  'Hide',
  'Rendition',
  'Trans',
  'SetOCGState',
  'GoTo3DView',
  'SetState',
  'NOP',
]);
const KNOWN = new Set([
  'GoTo',
  'GoToR',
  'GoToE',
  'GoToDp',
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
  'RichMediaExecute',
]);
const NAMED = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);

export const formsActions = [
  bind('6.4.1', 1, 'widget-action', 'a widget annotation has an A entry'),
  bind('6.4.1', 3, 'need-appearances', 'the interactive form dictionary sets NeedAppearances to true'),
  bind('6.4.2', 1, 'xfa', 'the interactive form dictionary has an XFA entry'),
  bind('6.4.2', 2, 'needs-rendering', 'the catalog has a NeedsRendering entry set to true'),
  bind('6.6.1', 1, 'action', 'the action type %type is not permitted', {
    when: (f, fl) =>
      (FORBIDDEN.has(String(f.args?.type)) || !KNOWN.has(String(f.args?.type))) &&
      // PDF/A-4e permits what 3D content needs: GoTo3DView and SetOCGState
      !(fl.level === 'E' && ['GoTo3DView', 'SetOCGState'].includes(String(f.args?.type))),
  }),
  bind('6.6.1', 2, 'named-action', 'the named action %name is not permitted', {
    when: (f) => !NAMED.has(String(f.args?.name)),
  }),
  bind('6.6.2', 2, 'catalog-aa', 'the catalog has an additional-actions dictionary'),
  bind('6.6.2', 3, 'page-aa', 'a page has an additional-actions dictionary'),
] satisfies RuleModule;
