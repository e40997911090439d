// engines/pdf/archive.ts — PDF engine: what an archive claim changes in what is written, in one
// place (as krilla keeps one table of what each level prohibits): the header version (settled while
// reading), pdfaid identification, whether the Info dictionary is written, whether XMP may say
// pdf:Trapped and xmpMM:InstanceID, the output intent being required, object streams allowed.
// Refusals of what a claim sets aside live in passes/cross-refusals/standards.ts; this module only answers.
import type { ArchiveLevel } from '../../ir/standards-types.js';

/** PDF/A-4's pdfaid:rev (19005-4 6.7.3): the year of the part. */
export const PDFA4_REVISION = 2020;

export interface ArchiveRules {
  pdfaid?: { part: number; conformance?: string; rev?: number };
  /** 19005-4 6.1.3: no Info dictionary unless the catalog has PieceInfo (we never write one). */
  writesInfo: boolean;
  /** XMP 2004, which PDF/A-1 reads, has no pdf:Trapped nor xmpMM:InstanceID. */
  xmp2004: boolean;
  /** Every PDF/A part requires an output intent when device colour is used; we always write one. */
  needsOutputIntent: boolean;
  /** PDF/A-1 is PDF 1.4: no object streams, no cross-reference streams. */
  objectStreamsAllowed: boolean;
  /** Extension schemas must be described under pdfaExtension (19005-1 6.7.8, -2/-3 6.6.2.3). */
  describeExtensions: boolean;
}

export function archiveRules(level: ArchiveLevel | undefined): ArchiveRules {
  if (!level)
    return {
      writesInfo: true,
      xmp2004: false,
      needsOutputIntent: false,
      objectStreamsAllowed: true,
      describeExtensions: false,
    };
  return {
    pdfaid: {
      part: level.part,
      conformance: level.conformance,
      rev: level.part === 4 ? PDFA4_REVISION : undefined,
    },
    writesInfo: level.part !== 4,
    xmp2004: level.part === 1,
    needsOutputIntent: true,
    objectStreamsAllowed: level.part !== 1,
    describeExtensions: true,
  };
}
