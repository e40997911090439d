// verifier/pdfa-4/index.ts — the rule modules of ISO 19005-4 (PDF/A-4, -4e, -4f).
import type { RuleModule } from '../model.js';
import { fileStructure } from './6-1-file-structure.js';
import { fonts } from './6-2-10-fonts.js';
import { graphics } from './6-2-graphics.js';
import { annotations } from './6-3-annotations.js';
import { formsActions } from './6-4-forms-6-6-actions.js';
import { metadata } from './6-7-metadata.js';
import { embeddedEtc } from './6-9-embedded-6-10-6-11.js';

export const PDFA4 = [
  fileStructure,
  graphics,
  fonts,
  annotations,
  formsActions,
  metadata,
  embeddedEtc,
] satisfies readonly RuleModule[];
