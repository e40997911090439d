// verifier/pdfa-2/6-4-forms.ts — ISO 19005-2:2011 §6.4 Interactive forms.
import { bind, type RuleModule } from '../model.js';

export const forms = [
  bind('6.4.1', 1, 'widget-action', 'a widget annotation has an A entry'),
  bind('6.4.1', 2, 'field-aa', 'a form field has an AA entry'),
  bind('6.4.1', 3, 'need-appearances', 'the interactive form dictionary sets NeedAppearances to true'),
  bind('6.4.2', 1, 'xfa', 'the interactive form dictionary has an XFA entry'),
  bind('6.4.2', 2, 'needs-rendering', 'the catalog sets NeedsRendering to true'),
  bind('6.4.3', 1, 'signature-byterange', 'the signature ByteRange is wrong: %problem'),
  bind('6.4.3', 2, 'signature-pkcs7', "the signature's PKCS#7 object holds no signer certificate", {
    when: (f) => Number(f.args?.certificates) === 0,
  }),
  bind('6.4.3', 3, 'signature-pkcs7', "the signature's PKCS#7 object has %signers SignerInfos instead of one", {
    when: (f) => Number(f.args?.signers) !== 1,
  }),
] satisfies RuleModule;
