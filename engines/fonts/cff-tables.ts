// engines/fonts/cff-tables.ts — a face's CFF table read once per process (engines/pdf/cff-name-keyed.ts
// reads it): the names pass checks a simple font over CFF can be written; emit writes it.

import { type CffTables, readCff } from '../pdf/cff-name-keyed.js';
import type { Face } from './face.js';

const tables = new WeakMap<Face, CffTables>();

/** The face's CFF table, read once per process (throws on one it cannot follow; emit turns that into the font's refusal). */
export function cffTablesOf(face: Face): CffTables {
  let t = tables.get(face);
  if (!t) {
    const entry = (face.font.directory.tables as Record<string, { offset: number; length: number }>)['CFF '];
    t = readCff(face.bytes.subarray(entry.offset, entry.offset + entry.length));
    tables.set(face, t);
  }
  return t;
}
