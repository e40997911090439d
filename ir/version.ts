// ir/version.ts — the PDF version a document declares (spec Versioning 4: "Features requiring a
// version refuse older declarations: halftone_origin needs 2.0. Declaring a collection raises the
// announced version to 1.7"). The version to write is settled while reading (ir/read/standards.ts);
// any area whose feature needs a newer PDF calls `requireVersion` from the cross-refusals pass.

import { refuse } from './messages.js';
import type { JsonPointer } from './pointer.js';
import type { PdfVersion } from './standards-types.js';
import type { DocSettings } from './types.js';

/** The version written in the header when nothing says otherwise. */
export const DEFAULT_PDF_VERSION: PdfVersion = '1.7';

/** The version the file declares. */
export function docVersion(doc: DocSettings): PdfVersion {
  return doc.standards?.version ?? DEFAULT_PDF_VERSION;
}

export function versionAtLeast(v: PdfVersion, min: PdfVersion): boolean {
  return Number(v) >= Number(min);
}

/**
 * Refuses (400) when the request declared a version older than `min`, which the feature at `at`
 * needs. A version the service chose itself never refuses: it is only ever the claim's or 1.7.
 */
export function requireVersion(doc: DocSettings, min: PdfVersion, at: JsonPointer, feature: string): void {
  const declared = doc.standards?.declaredVersion;
  if (declared && !versionAtLeast(docVersion(doc), min))
    refuse('versionTooOld', declared.at, {
      key: declared.at,
      version: declared.version,
      min,
      feature: `${feature} at ${at}`,
    });
}
