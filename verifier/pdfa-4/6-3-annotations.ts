// verifier/pdfa-4/6-3-annotations.ts — ISO 19005-4:2020 §6.3 Annotations (3D and RichMedia only in
// PDF/A-4e).
import { bind, type RuleModule } from '../model.js';

const ALLOWED = new Set([
  'Text',
  'Link',
  'FreeText',
  'Line',
  'Square',
  'Circle',
  'Polygon',
  'PolyLine',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Stamp',
  'Caret',
  'Ink',
  'Popup',
  'Widget',
  'PrinterMark',
  'TrapNet',
  'Watermark',
  'Redact',
  'Projection',
]);

export const annotations = [
  bind('6.3.1', 1, 'annotation', 'the annotation type %subtype is not permitted', {
    when: (f, fl) =>
      !ALLOWED.has(String(f.args?.subtype)) &&
      !(fl.level === 'E' && ['3D', 'RichMedia'].includes(String(f.args?.subtype))) &&
      // FileAttachment is set aside by 6.3.1 except in PDF/A-4f, whose point is carrying files
      !(fl.level === 'F' && f.args?.subtype === 'FileAttachment'),
  }),
  bind('6.3.2', 1, 'annot-flags', 'a %subtype annotation has no F entry', {
    when: (f) => f.args?.present === false && f.args?.subtype !== 'Popup',
  }),
  bind(
    '6.3.2',
    2,
    'annot-flags',
    'a %subtype annotation lacks the Print flag or sets Hidden, Invisible, NoView or ToggleNoView',
    {
      when: (f) =>
        f.args?.present === true &&
        (!f.args?.print || !!f.args?.hidden || !!f.args?.invisible || !!f.args?.noView || !!f.args?.toggleNoView),
    },
  ),
  bind('6.3.3', 1, 'annot-no-ap', 'the %subtype annotation has no appearance dictionary', {
    when: (f) => !['Popup', 'Link', 'Projection'].includes(String(f.args?.subtype)) && f.args?.zeroSize !== true,
  }),
  bind('6.3.3', 2, 'annot-ap', 'the appearance dictionary of a %subtype annotation holds more than N', {
    when: (f) => f.args?.onlyN !== true,
  }),
  bind('6.3.3', 3, 'annot-ap', 'the N appearance of a %subtype annotation has the wrong type', {
    when: (f) => f.args?.onlyN === true && (f.args?.btn ? f.args?.nType !== 'dict' : f.args?.nType !== 'stream'),
  }),
] satisfies RuleModule;
