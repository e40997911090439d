// engines/pdf/pdf-text.ts — emit helper: a text string (ISO 32000-1 §7.9.2.2) for the Info
// dictionary, file specifications and collection values. Printable ASCII is written as a literal
// string (readable in the file, escaped as §7.3.4.2 asks); anything else as UTF-16BE with its BOM.
import { PDFHexString, PDFString } from 'pdf-lib';

export function pdfText(s: string): PDFString | PDFHexString {
  if (/^[\x20-\x7e]*$/.test(s)) return PDFString.of(s.replace(/[\\()]/g, (c) => `\\${c}`));
  return PDFHexString.fromText(s);
}

/** A byte string of ASCII only (a file specification's /F, §7.11.3): other characters become '_'. */
export function pdfAsciiString(s: string): PDFString {
  return PDFString.of(s.replace(/[^\x20-\x7e]/g, '_').replace(/[\\()]/g, (c) => `\\${c}`));
}
