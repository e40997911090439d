// passes/emit/fonts/fonts.ts — emit sub-step: one font object per deduplicated program, written by the
// writer of its kind (ISO 32000-1 §9.6–9.7): fonts-cid.ts (TrueType and CFF faces as Type 0),
// fonts-standard.ts (the fourteen), fonts-type1.ts, fonts-type3.ts, fonts-simple.ts. pdf-lib's
// embedFont is not used (it drops kerning and ligature text).
import type { PDFContext, PDFRef } from 'pdf-lib';
import type { FontObject } from '../../../ir/types.js';
import { emitCidFont } from './cid.js';
import { emitSimpleFont } from './simple.js';
import { emitStandardFont } from './standard.js';
import { emitType1Font } from './type1.js';
import { emitType3Font, type Type3Drawing } from './type3.js';

export { toUnicodeCMap } from './common.js';

/** Writes one font and returns the reference of its font dictionary (`type3`: what Type 3 glyphs are drawn with). */
export function emitFont(context: PDFContext, obj: FontObject, type3: Type3Drawing): PDFRef {
  switch (obj.face.kind) {
    case 'cid':
      return emitCidFont(context, obj);
    case 'standard':
      return emitStandardFont(context, obj);
    case 'type1':
      return emitType1Font(context, obj);
    case 'type3':
      return emitType3Font(context, obj, type3);
    case 'simple':
      return emitSimpleFont(context, obj);
    case 'chain':
      throw new Error('a font chain has no font object of its own');
  }
}
