// verifier/pdfa-2/index.ts — the rule modules of ISO 19005-2 (PDF/A-2b, -2u), clause group by group.
import type { RuleModule } from '../model.js';
import { fileStructure } from './6-1-file-structure.js';
import { fonts } from './6-2-11-fonts.js';
import { graphics } from './6-2-graphics.js';
import { annotations } from './6-3-annotations.js';
import { forms } from './6-4-forms.js';
import { actions } from './6-5-actions.js';
import { metadata } from './6-6-metadata.js';
import { embedded } from './6-8-embedded.js';
import { optionalContent } from './6-9-optional-content.js';

/** Shared with PDF/A-3, which replaces only §6.8. */
export const PDFA2_SHARED = [
  fileStructure,
  graphics,
  fonts,
  annotations,
  forms,
  actions,
  metadata,
  optionalContent,
] satisfies readonly RuleModule[];
export const PDFA2 = [...PDFA2_SHARED, embedded] satisfies readonly RuleModule[];
