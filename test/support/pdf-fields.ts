// test/support/pdf-fields.ts — pdf.js (pdfjs-dist, legacy build for Node) reading a PDF held in
// memory as a browser's viewer would: its form fields by full name (`getFieldObjects`) and every
// page's annotations with their field flags (`getAnnotations`). An independent reader of /AcroForm.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfJsObject = Record<string, unknown>;

/** Fields by full name (each a list: the field, then its widgets), and the annotations of every page. */
export async function pdfJsFields(
  pdf: Uint8Array,
): Promise<{ fields: Record<string, PdfJsObject[]>; annots: PdfJsObject[] }> {
  const doc = await getDocument({ data: pdf.slice(), verbosity: 0 }).promise;
  try {
    const fields = ((await doc.getFieldObjects()) ?? {}) as Record<string, PdfJsObject[]>;
    const annots: PdfJsObject[] = [];
    for (let i = 1; i <= doc.numPages; i++)
      annots.push(...((await (await doc.getPage(i)).getAnnotations()) as PdfJsObject[]));
    return { fields, annots };
  } finally {
    await doc.destroy();
  }
}
