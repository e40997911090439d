// verifier/pdfa-3/index.ts — ISO 19005-3 (PDF/A-3b, -3u): the PDF/A-2 rule modules (same clause
// numbers, findings under ISO_19005_3) with §6.8 replaced: embedded files of any kind, associated.
import type { RuleModule } from '../model.js';
import { PDFA2_SHARED } from '../pdfa-2/index.js';
import { embedded } from './6-8-embedded.js';

export const PDFA3 = [...PDFA2_SHARED, embedded] satisfies readonly RuleModule[];
