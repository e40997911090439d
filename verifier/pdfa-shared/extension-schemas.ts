// verifier/pdfa-shared/extension-schemas.ts — the PDF/A extension schema rules (ISO 19005-1 §6.7.8,
// 19005-2/3 §6.6.2.3.2–6.6.2.3.3) bound to the `ext-field` facts of verifier/checks/xmp-extension.ts,
// one binding per test of veraPDF's profiles: the test numbers of PDF/A-1's 6.7.8 less one are
// PDF/A-2's 6.6.2.3.3 (its t01, undefined fields, is PDF/A-2's 6.6.2.3.2 t01).
import { bind, type Fact } from '../model.js';

/** PDF/A-1 6.7.8 test number of each (object, field); fields of Seq type are "(object).(field)". */
const TESTS: [string, string, number, string][] = [
  [
    'Container',
    'schemas',
    2,
    'the extension schema container pdfaExtension:schemas is not a Bag under pdfaExtension (%problem)',
  ],
  ['Schema', 'schema', 3, 'the field pdfaSchema:schema of the extension schema %uri is at fault (%problem)'],
  ['Schema', 'namespaceURI', 4, 'the field pdfaSchema:namespaceURI of an extension schema is at fault (%problem)'],
  ['Schema', 'prefix', 5, 'the field pdfaSchema:prefix of the extension schema %uri is at fault (%problem)'],
  ['Schema', 'property', 6, 'the field pdfaSchema:property of the extension schema %uri is at fault (%problem)'],
  ['Schema', 'valueType', 7, 'the field pdfaSchema:valueType of the extension schema %uri is at fault (%problem)'],
  ['Property', 'name', 8, 'the field pdfaProperty:name of a property of %uri is at fault (%problem)'],
  ['Property', 'valueType', 9, 'the field pdfaProperty:valueType of a property of %uri is at fault (%problem)'],
  ['Property', 'category', 10, 'the field pdfaProperty:category of a property of %uri is at fault (%problem)'],
  ['Property', 'description', 11, 'the field pdfaProperty:description of a property of %uri is at fault (%problem)'],
  ['ValueType', 'type', 12, 'the field pdfaType:type of a value type of %uri is at fault (%problem)'],
  ['ValueType', 'namespaceURI', 13, 'the field pdfaType:namespaceURI of a value type of %uri is at fault (%problem)'],
  ['ValueType', 'prefix', 14, 'the field pdfaType:prefix of a value type of %uri is at fault (%problem)'],
  ['ValueType', 'description', 15, 'the field pdfaType:description of a value type of %uri is at fault (%problem)'],
  ['ValueType', 'field', 16, 'the field pdfaType:field of a value type of %uri is at fault (%problem)'],
  ['Field', 'name', 17, 'the field pdfaField:name of a field of %uri is at fault (%problem)'],
  ['Field', 'valueType', 18, 'the field pdfaField:valueType of a field of %uri is at fault (%problem)'],
  ['Field', 'description', 19, 'the field pdfaField:description of a field of %uri is at fault (%problem)'],
];
const undefinedField = (f: Fact): boolean => f.args?.problem === 'undefined';
/** A description that is not a structure is a fault of its first field's rule. */
const matches = (object: string, fieldName: string) => (f: Fact) =>
  f.args?.object === object &&
  !undefinedField(f) &&
  (f.args?.field === fieldName || (f.args?.field === '' && FIRST[object] === fieldName));
const FIRST: Record<string, string> = {
  Schema: 'schema',
  Property: 'name',
  ValueType: 'type',
  Field: 'name',
  Container: 'schemas',
};

/** PDF/A-1 §6.7.8. */
export function extensionRulesPart1() {
  return [
    bind(
      '6.7.8',
      1,
      'ext-field',
      'the extension schema description holds the undefined field %field (%object of %uri)',
      {
        when: undefinedField,
      },
    ),
    ...TESTS.map(([o, f, t, m]) => bind('6.7.8', t, 'ext-field', m, { when: matches(o, f) })),
  ];
}

/** PDF/A-2 and -3 §6.6.2.3.2–6.6.2.3.3. */
export function extensionRulesPart2() {
  return [
    bind(
      '6.6.2.3.2',
      1,
      'ext-field',
      'the extension schema description holds the undefined field %field (%object of %uri)',
      {
        when: undefinedField,
      },
    ),
    ...TESTS.map(([o, f, t, m]) => bind('6.6.2.3.3', t - 1, 'ext-field', m, { when: matches(o, f) })),
  ];
}
