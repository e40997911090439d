// verifier/checks/index.ts — the list of fact-finding checks, run once per verification whatever the
// standards asked; the rule modules bind their facts.

import { actualText } from './actual-text.js';
import { catalog } from './catalog.js';
import type { Check } from './check.js';
import { cidSet } from './cidset.js';
import { colour } from './colour.js';
import { embedded } from './embedded.js';
import { fileStructure } from './file-structure.js';
import { fonts } from './fonts.js';
import { glyphs } from './glyphs.js';
import { graphics } from './graphics.js';
import { interactive } from './interactive.js';
import { jpx } from './jpx.js';
import { limits } from './limits.js';
import { metadata } from './metadata.js';
import { optionalContent } from './optional-content.js';
import { puaGlyphs } from './pua-glyphs.js';
import { signatures } from './signatures.js';
import { structure } from './structure.js';
import { structureUa1 } from './structure-ua1.js';
import { toUnicodeCmap } from './tounicode-cmap.js';
import { ua2 } from './ua2/index.js';

export const CHECKS: readonly Check[] = [
  fileStructure,
  limits,
  colour,
  graphics,
  jpx,
  fonts,
  interactive,
  catalog,
  metadata,
  embedded,
  glyphs,
  cidSet,
  toUnicodeCmap,
  actualText,
  puaGlyphs,
  optionalContent,
  signatures,
  structure,
  ua2,
  structureUa1,
];
