// verifier/pdfa-1/index.ts — the rule modules of ISO 19005-1 (PDF/A-1b), clause group by clause group.
import type { RuleModule } from '../model.js';
import { fileStructure } from './6-1-file-structure.js';
import { graphics } from './6-2-graphics.js';
import { fonts } from './6-3-fonts.js';
import { transparency } from './6-4-transparency.js';
import { annotations } from './6-5-annotations.js';
import { actions } from './6-6-actions.js';
import { metadata } from './6-7-metadata.js';
import { forms } from './6-9-forms.js';

export const PDFA1 = [
  fileStructure,
  graphics,
  fonts,
  transparency,
  annotations,
  actions,
  metadata,
  forms,
] satisfies readonly RuleModule[];
