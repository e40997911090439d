// verifier/pdfa-1/6-7-metadata.ts — ISO 19005-1:2005 §6.7 Metadata (with Cor.1 and Cor.2).
import { bind, type RuleModule } from '../model.js';
import { extensionRulesPart1 } from '../pdfa-shared/extension-schemas.js';

export const metadata = [
  bind('6.7.2', 1, 'metadata-missing', 'the catalog has no Metadata entry'),
  bind('6.7.2', 2, 'metadata-filter', 'the metadata stream dictionary has a Filter entry'),
  bind('6.7.3', 1, 'info-mismatch', 'the Info entry %key is not equivalent to its XMP analogue (%detail)', {
    when: (f) =>
      !['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer', 'ModDate'].includes(String(f.args?.key)),
  }),
  bind('6.7.5', 1, 'xmp-header-bytes', 'the XMP packet header has a bytes attribute'),
  bind('6.7.5', 2, 'xmp-header-encoding', 'the XMP packet header has an encoding attribute'),
  ...extensionRulesPart1(),
  bind(
    '6.7.8',
    2,
    'xmp-undefined',
    'the property %property is in no predefined schema and no extension schema describes it',
  ),
  bind('6.7.9', 1, 'xmp-invalid', 'the metadata stream is not a well-formed XMP packet: %error'),
  bind('6.7.9', 2, 'xmp-unknown-predefined', 'the property %property is not defined by its predefined schema', {
    when: (f) => Number(f.args?.since) <= 1,
  }),
  bind('6.7.9', 3, 'xmp-wrong-type', 'the property %property is not of the type %type', {
    when: (f) => Number(f.args?.since) <= 1 && f.args?.edition !== 2005,
  }),
  bind(
    '6.7.2',
    4,
    'xmp-newer-schema',
    'the property %property belongs to a schema XMP 2004 does not define and no extension schema describes it',
  ),
  bind('6.7.11', 1, 'pdfaid-missing', 'the XMP metadata has no PDF/A identification schema'),
  bind('6.7.11', 2, 'pdfaid', 'pdfaid:part is %part instead of 1', { when: (f) => f.args?.part !== '1' }),
  bind('6.7.11', 3, 'pdfaid', 'pdfaid:conformance is %conformance instead of B or A', {
    when: (f) => f.args?.conformance !== 'B' && f.args?.conformance !== 'A',
  }),
  bind('6.7.11', 4, 'pdfaid', 'the PDF/A identification schema has a corr property', {
    when: (f) => f.args?.corr === true,
  }),
  bind('6.7.11', 5, 'pdfaid', 'the PDF/A identification schema uses the prefix %prefix instead of pdfaid', {
    when: (f) => f.args?.prefix !== 'pdfaid',
  }),
  bind('6.7.11', 6, 'pdfaid', 'pdfaid:amd is written with the prefix %amdPrefix', {
    when: (f) => f.args?.amdPrefix !== 'none' && f.args?.amdPrefix !== 'pdfaid',
  }),
  ...(
    [
      ['Title', 2],
      ['Author', 3],
      ['Subject', 4],
      ['Keywords', 5],
      ['Creator', 6],
      ['Producer', 7],
      ['ModDate', 8],
    ] as const
  ).map(([key, t]) =>
    bind('6.7.3', t, 'info-mismatch', 'the Info entry %key is not equivalent to its XMP analogue (%detail)', {
      when: (f) => f.args?.key === key,
    }),
  ),
] satisfies RuleModule;
