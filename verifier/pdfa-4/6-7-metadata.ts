// verifier/pdfa-4/6-7-metadata.ts — ISO 19005-4:2020 §6.7 Metadata. PDF/A-4 drops the extension
// schema requirement; the identification schema carries part 4, rev (a year) and, for 4e/4f, the
// conformance letter.
import { bind, type RuleModule } from '../model.js';

export const metadata = [
  bind('6.7.2.1', 1, 'metadata-missing', 'the catalog has no Metadata entry'),
  bind('6.7.2.1', 2, 'xmp-not-utf8', 'the XMP packet is encoded as %encoding, not UTF-8'),
  bind('6.7.2.1', 2, 'xmp-invalid', 'the metadata stream is not a well-formed XMP packet: %error'),
  bind('6.7.2.1', 3, 'xmp-header-bytes', 'the XMP packet header has a bytes attribute'),
  bind('6.7.2.1', 3, 'xmp-header-encoding', 'the XMP packet header has an encoding attribute'),
  bind('6.7.3', 1, 'pdfaid-missing', 'the XMP metadata has no PDF/A identification schema'),
  bind('6.7.3', 1, 'pdfaid', 'pdfaid:part is %part instead of 4', { when: (f) => f.args?.part !== '4' }),
  bind('6.7.3', 1, 'pdfaid', 'the PDF/A identification schema uses the prefix %prefix instead of pdfaid', {
    when: (f) => f.args?.prefix !== 'pdfaid',
  }),
  bind('6.7.3', 2, 'pdfaid', 'pdfaid:rev is %rev, not a four-digit year', {
    when: (f) => !/^\d{4}$/.test(String(f.args?.rev)),
  }),
  bind('6.7.3', 1, 'pdfaid', 'pdfaid:conformance is %conformance, not the level claimed', {
    when: (f, fl) => (fl.level === '' ? f.args?.conformance !== 'none' : f.args?.conformance !== fl.level),
  }),
  bind('6.7.3', 4, 'pdfaid', 'pdfaid:part is written with the prefix %partPrefix', {
    when: (f) => f.args?.partPrefix !== 'none' && f.args?.partPrefix !== 'pdfaid',
  }),
  bind('6.7.3', 6, 'pdfaid', 'pdfaid:rev is written with the prefix %revPrefix', {
    when: (f) => f.args?.revPrefix !== 'none' && f.args?.revPrefix !== 'pdfaid',
  }),
] satisfies RuleModule;
