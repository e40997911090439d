// verifier/pdfa-1/6-4-transparency.ts — ISO 19005-1:2005 §6.4 Transparency: none at all.
import { bind, type RuleModule } from '../model.js';

export const transparency = [
  bind('6.4', 1, 'gs-smask', 'a graphics state has a soft mask (SMask other than None)'),
  bind('6.4', 2, 'image-smask', 'an image has a soft mask (SMask)'),
  bind('6.4', 3, 'transparency-group', 'a page or form has a transparency group'),
  bind('6.4', 4, 'gs-bm-not-normal', 'a graphics state uses the blend mode %bm'),
  bind('6.4', 5, 'gs-ca-stroke', 'a graphics state has a stroking alpha (CA) of %value'),
  bind('6.4', 6, 'gs-ca-fill', 'a graphics state has a non-stroking alpha (ca) of %value'),
] satisfies RuleModule;
