// verifier/checks/xmp-extension.ts — the PDF/A extension schema container (ISO 19005-1 §6.7.8,
// 19005-2/3 §6.6.2.3.2–6.6.2.3.3) read field by field, as veraPDF's profiles test it: the container
// pdfaExtension:schemas a Bag; each schema (pdfaSchema), property (pdfaProperty), value type
// (pdfaType) and field (pdfaField) description with its fields present, of their type (Text, URI,
// Seq of structures), under their prefix; property and field value types defined (an XMP type, an
// array of one, or a type some value type description of the packet defines); no field outside the
// ones its description type has. One `ext-field` fact per fault, with the object and field at fault.
import type { XmpPacket, XmpProperty, XmpValue } from './xmp-parse.js';
import { canonicalType, SIMPLE_TYPES, STRUCT_TYPES } from './xmp-schemas.js';

const EXT = 'http://www.aiim.org/pdfa/ns/extension/';
type Kind = 'Schema' | 'Property' | 'ValueType' | 'Field';
const NS: Record<Kind, { uri: string; prefix: string }> = {
  Schema: { uri: 'http://www.aiim.org/pdfa/ns/schema#', prefix: 'pdfaSchema' },
  Property: { uri: 'http://www.aiim.org/pdfa/ns/property#', prefix: 'pdfaProperty' },
  ValueType: { uri: 'http://www.aiim.org/pdfa/ns/type#', prefix: 'pdfaType' },
  Field: { uri: 'http://www.aiim.org/pdfa/ns/field#', prefix: 'pdfaField' },
};
/** Each description type's fields: the XMP type each holds, and whether it must be present. */
const FIELDS: Record<Kind, Record<string, { type: 'Text' | 'URI' | 'Seq'; required: boolean }>> = {
  Schema: {
    schema: { type: 'Text', required: true },
    namespaceURI: { type: 'URI', required: true },
    prefix: { type: 'Text', required: true },
    property: { type: 'Seq', required: false },
    valueType: { type: 'Seq', required: false },
  },
  Property: {
    name: { type: 'Text', required: true },
    valueType: { type: 'Text', required: true },
    category: { type: 'Text', required: true },
    description: { type: 'Text', required: true },
  },
  ValueType: {
    type: { type: 'Text', required: true },
    namespaceURI: { type: 'URI', required: true },
    prefix: { type: 'Text', required: true },
    description: { type: 'Text', required: true },
    field: { type: 'Seq', required: false },
  },
  Field: {
    name: { type: 'Text', required: true },
    valueType: { type: 'Text', required: true },
    description: { type: 'Text', required: true },
  },
};
/** What a Seq field of a description holds. */
const SEQ_OF: Record<string, Kind> = { property: 'Property', valueType: 'ValueType', field: 'Field' };

export type ExtAdd = (
  code: 'ext-field',
  object: string,
  args: { object: string; field: string; problem: string; uri: string },
) => void;

/** Whether a value type names an XMP type, an array of one, or a type the packet's descriptions define
 * (`defined`: their names in lower case; types are compared without case, `bag Text` is `Bag Text`). */
export function typeDefined(t: string, defined: ReadonlySet<string>): boolean {
  const s = canonicalType(t);
  if (s === 'Lang Alt' || SIMPLE_TYPES.has(s) || STRUCT_TYPES.has(s) || defined.has(s.toLowerCase())) return true;
  const m = /^(Bag|Seq|Alt)\s+(.+)$/.exec(s);
  if (m) return typeDefined(m[2], defined);
  // the closed / open choices of a type (XMP 2004 §4.4): "Closed Choice of Text"
  const c = /^(Open|Closed) Choice of (.+)$/.exec(s);
  return c ? typeDefined(c[2], defined) : false;
}

export function extensionFacts(p: XmpPacket, add: ExtAdd): void {
  const containers = p.properties.filter((q) => q.ns === EXT);
  // Types described anywhere in the packet count as defined for every schema (veraPDF reads the package).
  const defined = new Set<string>();
  for (const c of containers)
    for (const s of c.value.kind === 'array' ? c.value.items : [])
      for (const vt of structItems(field(s, 'valueType')))
        for (const t of [field(vt, 'type')]) if (t?.kind === 'simple') defined.add(t.text.trim().toLowerCase());

  for (const c of containers) {
    const uri = '';
    if (c.name !== 'schemas') {
      add('ext-field', 'ExtensionSchemaObject', { object: 'Container', field: c.name, problem: 'undefined', uri });
      continue;
    }
    if (c.value.kind !== 'array' || c.value.type !== 'Bag' || c.prefix !== 'pdfaExtension') {
      add('ext-field', 'ExtensionSchemasContainer', {
        object: 'Container',
        field: 'schemas',
        problem: c.prefix !== 'pdfaExtension' ? `prefix ${c.prefix}` : 'not a Bag',
        uri,
      });
      if (c.value.kind !== 'array') continue;
    }
    for (const s of c.value.items) describe(s, 'Schema', defined, add, '');
  }
}

function describe(v: XmpValue, kind: Kind, defined: ReadonlySet<string>, add: ExtAdd, schemaUri: string): void {
  const object = `ExtensionSchema${kind === 'Schema' ? 'Definition' : kind}`;
  if (v.kind !== 'struct') {
    add('ext-field', object, { object: kind, field: '', problem: 'not a structure', uri: schemaUri });
    return;
  }
  const uriField = kind === 'Schema' ? field(v, 'namespaceURI') : undefined;
  const uri = uriField?.kind === 'simple' ? uriField.text : schemaUri;
  const spec = FIELDS[kind];
  for (const f of v.fields) {
    if (f.ns !== NS[kind].uri || !(f.name in spec))
      add('ext-field', 'ExtensionSchemaObject', {
        object: kind,
        field: `${f.prefix}:${f.name}`,
        problem: 'undefined',
        uri,
      });
  }
  for (const [name, want] of Object.entries(spec)) {
    const f = v.fields.find((x) => x.ns === NS[kind].uri && x.name === name);
    const fault = (problem: string) => add('ext-field', object, { object: kind, field: name, problem, uri });
    if (!f) {
      if (want.required) fault('missing');
      continue;
    }
    if (f.prefix !== NS[kind].prefix) fault(`prefix ${f.prefix}`);
    if (want.type === 'Seq') {
      if (f.value.kind !== 'array' || f.value.type !== 'Seq') fault('not a Seq');
      for (const item of f.value.kind === 'array' ? f.value.items : []) describe(item, SEQ_OF[name], defined, add, uri);
      continue;
    }
    if (f.value.kind !== 'simple') {
      fault(`not ${want.type}`);
      continue;
    }
    const text = f.value.text;
    if (want.type === 'URI' && !/^[A-Za-z][\w+.-]*:\S*$/.test(text.trim())) fault('not a URI');
    if (kind === 'Property' && name === 'category' && text !== 'internal' && text !== 'external')
      fault(`category ${text}`);
    if ((kind === 'Property' || kind === 'Field') && name === 'valueType' && !typeDefined(text, defined))
      fault(`undefined type ${text}`);
  }
}

function field(v: XmpValue | undefined, name: string): XmpValue | undefined {
  return v?.kind === 'struct' ? v.fields.find((x: XmpProperty) => x.name === name)?.value : undefined;
}

function structItems(v: XmpValue | undefined): XmpValue[] {
  return v?.kind === 'array' ? v.items : [];
}
