// passes/emit/fonts/simple-cff.ts — a simple font (simple_fonts) over CFF outlines as a simple Type1
// font (ISO 32000-1 §9.6.2, §9.9): the stated text's glyphs as a name-keyed CFF program in FontFile3
// /Type1C (engines/pdf/cff-name-keyed.ts; needs PDF 1.2), an /Encoding whose Differences name the
// glyph of each code (codes 0… in code-point order, as for every simple font), a CharSet, Widths and
// a ToUnicode CMap. Always the subset of the stated text's glyphs (the stated text is what a simple
// font keeps). Programs are cached per process by face and glyph set, like the CID fonts' subsets.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { type PDFContext, PDFName, type PDFRef, PDFString } from 'pdf-lib';
import { cffTablesOf } from '../../../engines/fonts/cff-tables.js';
import type { SimpleFace } from '../../../engines/fonts/simple-face.js';
import { glyphName, nameKeyedCff } from '../../../engines/pdf/cff-name-keyed.js';
import type { FontObject } from '../../../ir/types.js';
import { ByteBoundCache, SUBSET_CACHE_BYTES, SUBSET_CACHE_ONE, SUBSET_CACHE_SIZE } from './cid.js';
import {
  FLATE_LEVEL,
  flate,
  pdfFontName,
  simpleDescriptorEntries,
  simpleWidths,
  subsetTag,
  toUnicodeStream,
} from './common.js';

const programs = new ByteBoundCache<Uint8Array>(SUBSET_CACHE_SIZE, SUBSET_CACHE_BYTES, SUBSET_CACHE_ONE);

export function emitSimpleCffFont(context: PDFContext, obj: FontObject): PDFRef {
  const face = obj.face as SimpleFace;
  const base = face.base;
  const f = base.font;
  const cff = cffTablesOf(base);
  const standard = (sid: number) => (f as unknown as { 'CFF ': { string(sid: number): string } })['CFF '].string(sid);
  const codes = face.chars.map((_, i) => i);
  const gids = [0, ...[...new Set(face.gids)].filter((g) => g !== 0).sort((a, b) => a - b)];
  const name = `${subsetTag(face.key, gids)}+${pdfFontName(base.ownName)}`;
  const key = createHash('sha256').update(base.key).update(name).update(Uint32Array.from(gids)).digest('hex');
  let z = programs.get(key);
  if (!z) {
    z = deflateSync(nameKeyedCff(f, cff, gids, name), { level: FLATE_LEVEL });
    programs.set(key, z, z.length + key.length * 2 + 64);
  }
  const k = 1000 / face.unitsPerEm;
  const names = gids.slice(1).map((g) => glyphName(cff, g, standard));
  const descriptor = context.register(
    context.obj({
      ...simpleDescriptorEntries(f, name, face.unitsPerEm),
      // CharSet (§9.8.1; PDF/A-1 6.3.5 for Type 1 subsets): the glyphs the program holds, .notdef aside.
      CharSet: PDFString.of(names.map((n) => `/${n}`).join('')),
      FontFile3: flate(context, z, { Subtype: 'Type1C' }, true),
    }),
  );
  const text = new Map(face.chars.map((c, i) => [i, c]));
  return context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type1',
      BaseFont: PDFName.of(name),
      FontDescriptor: descriptor,
      // Every code names its glyph: the program's own encoding is never relied on.
      Encoding: context.obj({
        Type: 'Encoding',
        Differences: [0, ...face.gids.map((g) => PDFName.of(glyphName(cff, g, standard)))],
      } as never),
      ...simpleWidths(codes, (c) => face.advanceOf(c), k),
      ToUnicode: toUnicodeStream(context, text, 1),
    } as never),
  );
}
