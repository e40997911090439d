// verifier/pdfa-2/6-6-metadata.ts — ISO 19005-2:2011 §6.6 Metadata: the metadata stream, XMP 2005
// schemas, extension schemas, PDF/A identification. Test numbers within 6.6.2.3.1 follow the schema
// the property belongs to, as the veraPDF corpus numbers them.
import { bind, type Fact, type RuleModule } from '../model.js';
import { extensionRulesPart2 } from '../pdfa-shared/extension-schemas.js';

const BY_PREFIX: Record<string, number> = {
  xmpDM: 1,
  crs: 4,
  dc: 6,
  xmp: 7,
  xmpRights: 8,
  xmpMM: 9,
  xmpBJ: 10,
  xmpTPg: 11,
  pdf: 12,
  photoshop: 13,
  tiff: 14,
  exif: 16,
  aux: 19,
};
const testOf = (f: Fact): number => BY_PREFIX[String(f.args?.property).split(':')[0]] ?? 1;

/** One binding per test number so every finding carries the number veraPDF gives that schema. */
const typeRules = [...new Set(Object.values(BY_PREFIX))].map((t) =>
  bind('6.6.2.3.1', t, 'xmp-wrong-type', 'the property %property is not of the type %type', {
    when: (f) => testOf(f) === t && f.args?.edition !== 2004,
  }),
);
const unknownRules = [...new Set(Object.values(BY_PREFIX))].map((t) =>
  bind('6.6.2.3.1', t, 'xmp-unknown-predefined', 'the property %property is not defined by its predefined schema', {
    when: (f) => testOf(f) === t,
  }),
);

export const metadata = [
  bind('6.6.2.1', 1, 'metadata-missing', 'the catalog has no Metadata entry'),
  bind('6.6.2.1', 2, 'xmp-header-bytes', 'the XMP packet header has a bytes attribute'),
  bind('6.6.2.1', 2, 'xmp-header-encoding', 'the XMP packet header has an encoding attribute'),
  bind('6.6.2.1', 5, 'xmp-not-utf8', 'the XMP packet is encoded as %encoding, not UTF-8'),
  bind('6.6.2.1', 3, 'xmp-invalid', 'the metadata stream is not a well-formed XMP packet: %error'),
  ...typeRules,
  ...unknownRules,
  bind(
    '6.6.2.3.2',
    1,
    'xmp-undefined',
    'the property %property is in no predefined schema and no extension schema describes it',
  ),
  ...extensionRulesPart2(),
  bind('6.6.4', 1, 'pdfaid-missing', 'the XMP metadata has no PDF/A identification schema'),
  bind('6.6.4', 2, 'pdfaid', 'pdfaid:part is %part, not this part of ISO 19005', {
    when: (f, fl) => f.args?.part !== String(fl.part),
  }),
  bind('6.6.4', 4, 'pdfaid', 'the PDF/A identification schema uses the prefix %prefix instead of pdfaid', {
    when: (f) => f.args?.prefix !== 'pdfaid',
  }),
  bind('6.6.4', 3, 'pdfaid', 'pdfaid:conformance is %conformance instead of A, B or U', {
    when: (f) => !['A', 'B', 'U'].includes(String(f.args?.conformance)),
  }),
  ...(
    [
      ['conformance', 5],
      ['amd', 6],
      ['corr', 7],
    ] as const
  ).map(([k, t]) =>
    bind('6.6.4', t, 'pdfaid', `pdfaid:${k} is written with the prefix %${k}Prefix`, {
      when: (f) => f.args?.[`${k}Prefix`] !== 'none' && f.args?.[`${k}Prefix`] !== 'pdfaid',
    }),
  ),
] satisfies RuleModule;
