// verifier/pdfa-1/6-9-forms.ts — ISO 19005-1:2005 §6.9 Interactive forms.
import { bind, type RuleModule } from '../model.js';

export const forms = [
  bind('6.9', 1, 'need-appearances', 'the interactive form dictionary sets NeedAppearances to true'),
  bind('6.9', 1, 'annot-no-ap', 'a form field widget has no appearance dictionary', {
    when: (f) => f.args?.subtype === 'Widget' && f.args?.zeroSize !== true,
  }),
  bind('6.9', 2, 'widget-action', 'a widget annotation has an A entry'),
  bind('6.9', 2, 'widget-aa', 'a widget annotation has an AA entry'),
  bind('6.9', 3, 'field-aa', 'a form field has an AA entry'),
] satisfies RuleModule;
