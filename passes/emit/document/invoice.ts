// passes/emit/document/invoice.ts — emit sub-step: the electronic invoice's XML written as the
// attachment Factur-X names (engines/pdf/invoice.ts checks the XML and describes it in the XMP).

import type { PDFContext, PDFRef } from 'pdf-lib';
import { INVOICE_FILE_NAME } from '../../../engines/pdf/invoice.js';
import type { InvoiceSettings } from '../../../ir/standards-types.js';
import { writeEmbeddedFile } from './attachments.js';

/** Writes the invoice XML as an embedded file; returns its file specification (for the catalog's /AF). */
export function writeInvoiceFile(
  context: PDFContext,
  inv: InvoiceSettings,
  bytes: Uint8Array,
  level: number,
  pdf20: boolean,
): PDFRef {
  return writeEmbeddedFile(
    context,
    {
      key: inv.xml.part,
      fileName: INVOICE_FILE_NAME,
      description: `Factur-X invoice, profile ${inv.profile}`,
      mediaType: 'text/xml',
      relationship: inv.relationship,
      modified: inv.issued,
      bytes,
    },
    level,
    pdf20,
  );
}
