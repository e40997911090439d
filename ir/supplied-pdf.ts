// ir/supplied-pdf.ts — a supplied PDF (a template or an imported page's part) as the pipeline carries
// it once loaded (engines/supplied/load.ts), and the flat widgets of one of its pages
// (engines/supplied/widgets.ts) that emit draws with the page.
import type { PDFDocument, PDFPage, PDFRef } from 'pdf-lib';
import type { Matrix } from './types.js';

/** A supplied PDF as the pipeline holds it. */
export interface SuppliedPdf {
  /** The part's name. */
  part: string;
  doc: PDFDocument;
  pages: PDFPage[];
  /** The unpack limit every later decode of its streams keeps to. */
  unpackLimit: number;
  /**
   * Whose limit that is: the description's `supplied_pdfs.unpack_limit` (or its default), or the
   * server's ceiling — what is left of the render's memory budget — when that is lower.
   */
  unpackBy: 'description' | 'server';
}

/** One widget appearance: the source's stream and the matrix placing it in source page space. */
export interface FlatWidget {
  ref: PDFRef;
  matrix: Matrix /** Where the page's /Annots lists the widget. */;
  index: number;
}
