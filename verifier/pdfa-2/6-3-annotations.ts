// verifier/pdfa-2/6-3-annotations.ts — ISO 19005-2:2011 §6.3 Annotations.
import { bind, type RuleModule } from '../model.js';

/** ISO 32000-1 annotation types, less those PDF/A-2 forbids (3D, Sound, Screen, Movie). */
export const PDFA2_ANNOTS = new Set([
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
  'FileAttachment',
  'Widget',
  'PrinterMark',
  'TrapNet',
  'Watermark',
  'Redact',
]);

export const annotations = [
  bind('6.3.1', 1, 'annotation', 'the annotation type %subtype is not permitted', {
    when: (f) => !PDFA2_ANNOTS.has(String(f.args?.subtype)),
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
    when: (f) => !['Popup', 'Link'].includes(String(f.args?.subtype)) && f.args?.zeroSize !== true,
  }),
  bind('6.3.3', 2, 'annot-ap', 'the appearance dictionary of a %subtype annotation holds more than N', {
    when: (f) => f.args?.onlyN !== true,
  }),
  bind('6.3.3', 3, 'annot-ap', 'the N appearance of a %subtype annotation has the wrong type', {
    when: (f) => f.args?.onlyN === true && (f.args?.btn ? f.args?.nType !== 'dict' : f.args?.nType !== 'stream'),
  }),
] satisfies RuleModule;
