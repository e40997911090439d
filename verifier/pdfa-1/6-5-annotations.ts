// verifier/pdfa-1/6-5-annotations.ts — ISO 19005-1:2005 §6.5 Annotations.
import { bind, type RuleModule } from '../model.js';

const ALLOWED = new Set([
  'Text',
  'Link',
  'FreeText',
  'Line',
  'Square',
  'Circle',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Stamp',
  'Ink',
  'Popup',
  'Widget',
  'PrinterMark',
  'TrapNet',
]);

export const annotations = [
  bind('6.5.2', 1, 'annotation', 'the annotation type %subtype is not permitted', {
    when: (f) => !ALLOWED.has(String(f.args?.subtype)),
  }),
  bind('6.5.3', 1, 'annot-ca', 'a %subtype annotation has an opacity (CA) of %value'),
  bind('6.5.3', 2, 'annot-flags', 'a %subtype annotation lacks the Print flag or sets Hidden, Invisible or NoView', {
    when: (f) => !f.args?.print || !!f.args?.hidden || !!f.args?.invisible || !!f.args?.noView,
  }),
  bind('6.5.3', 3, 'annot-colour', 'a %subtype annotation has a C or IC colour without an RGB output intent', {
    when: (f) => f.args?.outputCs !== 'RGB ',
  }),
  bind('6.5.3', 4, 'annot-ap', 'the appearance dictionary of a %subtype annotation holds more than N', {
    when: (f) => !f.args?.onlyN,
  }),
  bind('6.5.3', 5, 'annot-ap', 'the N appearance of a button widget is not a subdictionary', {
    when: (f) => f.args?.btn === true && f.args?.nType !== 'dict',
  }),
  bind('6.5.3', 6, 'annot-ap', 'the N appearance of a %subtype annotation is not a stream', {
    when: (f) => f.args?.btn !== true && f.args?.nType !== 'stream',
  }),
] satisfies RuleModule;
