// verifier/checks/xmp-parse.ts — reads an XMP packet into properties (namespace, name, value tree) the
// way the XMP specification's RDF serialisation allows: attributes of rdf:Description as simple
// properties, property elements holding text, rdf:resource, arrays (Bag/Seq/Alt of rdf:li), structures
// (rdf:parseType="Resource", a nested rdf:Description, or attributes) and qualified values (rdf:value).
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { pushAll } from '../../ir/bounded.js';

export const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

export type XmpValue =
  | { kind: 'simple'; text: string; lang?: string }
  | { kind: 'array'; type: 'Bag' | 'Seq' | 'Alt'; items: XmpValue[] }
  | { kind: 'struct'; fields: XmpProperty[] };

export interface XmpProperty {
  ns: string;
  prefix: string;
  name: string;
  value: XmpValue;
}

export interface XmpPacket {
  /** Attributes of the `<?xpacket begin …?>` processing instruction. */
  header?: Record<string, string>;
  properties: XmpProperty[];
  /** Namespace URI → prefixes it was declared with. */
  prefixes: Map<string, Set<string>>;
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  allowBooleanAttributes: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  ignoreDeclaration: false,
  ignorePiTags: false,
});

export class XmpError extends Error {}

export function parseXmp(text: string): XmpPacket {
  const hm = /<\?xpacket\s+([^?]*\bbegin\s*=[^?]*)\?>/.exec(text);
  let header: Record<string, string> | undefined;
  if (hm) {
    header = {};
    for (const m of hm[1].matchAll(/([\w:]+)\s*=\s*(['"])([\s\S]*?)\2/g)) header[m[1]] = m[3];
  }
  let tree: Node[];
  const body = text.replace(/<\?xpacket[^?]*\?>/g, '');
  // The parser itself forgives mismatched end tags; XMP must be well-formed XML (PDF/A-4 6.7.2.1).
  const wellFormed = XMLValidator.validate(body, { allowBooleanAttributes: true });
  if (wellFormed !== true) throw new XmpError(`${wellFormed.err.msg} (line ${wellFormed.err.line})`);
  try {
    tree = parser.parse(body) as Node[];
  } catch (e) {
    throw new XmpError(e instanceof Error ? e.message : String(e));
  }
  const props: XmpProperty[] = [];
  const prefixes = new Map<string, Set<string>>();
  const rdfRoots: { node: Node; ns: Map<string, string> }[] = [];
  const findRdf = (nodes: Node[], ns: Map<string, string>, depth: number): void => {
    if (depth > 8) return;
    for (const n of nodes) {
      const tag = tagOf(n);
      if (!tag || tag.startsWith('?') || tag === '#text') continue;
      const scope = withNs(n, ns, prefixes);
      const [uri, local] = resolveName(tag, scope);
      if (uri === RDF && local === 'RDF') rdfRoots.push({ node: n, ns: scope });
      else findRdf(children(n), scope, depth + 1);
    }
  };
  findRdf(tree, new Map([['xml', XML_NS]]), 0);
  if (rdfRoots.length === 0) throw new XmpError('no rdf:RDF element');
  for (const { node, ns } of rdfRoots) {
    for (const d of children(node)) {
      const tag = tagOf(d);
      if (!tag || tag === '#text') continue;
      const scope = withNs(d, ns, prefixes);
      const [uri, local] = resolveName(tag, scope);
      if (uri !== RDF || local !== 'Description') throw new XmpError(`unexpected ${tag} in rdf:RDF`);
      pushAll(props, descriptionProps(d, scope, prefixes));
    }
  }
  return { header, properties: props, prefixes };
}

function tagOf(n: Node): string | undefined {
  for (const k of Object.keys(n)) if (k !== ':@') return k;
  return undefined;
}
function children(n: Node): Node[] {
  const t = tagOf(n);
  const c = t ? n[t] : undefined;
  return Array.isArray(c) ? (c as Node[]) : [];
}
function attrs(n: Node): Record<string, string> {
  return (n[':@'] as Record<string, string>) ?? {};
}
function textOf(n: Node): string {
  return children(n)
    .filter((c) => '#text' in c)
    .map((c) => String(c['#text']))
    .join('');
}
function elementChildren(n: Node): Node[] {
  return children(n).filter((c) => {
    const t = tagOf(c);
    return t !== undefined && t !== '#text' && !t.startsWith('?') && !t.startsWith('!');
  });
}

function withNs(n: Node, parent: Map<string, string>, prefixes: Map<string, Set<string>>): Map<string, string> {
  const a = attrs(n);
  let scope = parent;
  for (const [k, v] of Object.entries(a)) {
    if (k === 'xmlns' || k.startsWith('xmlns:')) {
      if (scope === parent) scope = new Map(parent);
      const p = k === 'xmlns' ? '' : k.slice(6);
      scope.set(p, v);
      if (!prefixes.has(v)) prefixes.set(v, new Set());
      prefixes.get(v)!.add(p);
    }
  }
  return scope;
}

function resolveName(q: string, ns: Map<string, string>): [string, string, string] {
  const i = q.indexOf(':');
  const prefix = i < 0 ? '' : q.slice(0, i);
  const local = i < 0 ? q : q.slice(i + 1);
  const uri = ns.get(prefix);
  if (uri === undefined) throw new XmpError(`undeclared prefix in ${q}`);
  return [uri, local, prefix];
}

function descriptionProps(d: Node, ns: Map<string, string>, prefixes: Map<string, Set<string>>): XmpProperty[] {
  const out: XmpProperty[] = [];
  for (const [k, v] of Object.entries(attrs(d))) {
    if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
    const [uri, local, prefix] = resolveName(k, ns);
    if (uri === RDF || uri === XML_NS) continue;
    out.push({ ns: uri, prefix, name: local, value: { kind: 'simple', text: v } });
  }
  for (const p of elementChildren(d)) {
    const scope = withNs(p, ns, prefixes);
    const [uri, local, prefix] = resolveName(tagOf(p)!, scope);
    out.push({ ns: uri, prefix, name: local, value: propertyValue(p, scope, prefixes, 0) });
  }
  return out;
}

function propertyValue(p: Node, ns: Map<string, string>, prefixes: Map<string, Set<string>>, depth: number): XmpValue {
  if (depth > 32) throw new XmpError('nesting too deep');
  const a = attrs(p);
  let lang: string | undefined;
  const fieldAttrs: XmpProperty[] = [];
  let parseType: string | undefined;
  let resource: string | undefined;
  for (const [k, v] of Object.entries(a)) {
    if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
    const [uri, local, prefix] = resolveName(k, ns);
    if (uri === XML_NS && local === 'lang') {
      lang = v;
      continue;
    }
    if (uri === RDF) {
      if (local === 'parseType') parseType = v;
      else if (local === 'resource') resource = v;
      continue;
    }
    fieldAttrs.push({ ns: uri, prefix, name: local, value: { kind: 'simple', text: v } });
  }
  const kids = elementChildren(p);
  if (parseType === 'Resource')
    return { kind: 'struct', fields: [...fieldAttrs, ...descriptionProps({ x: children(p) } as Node, ns, prefixes)] };
  if (resource !== undefined) return { kind: 'simple', text: resource, lang };
  if (kids.length === 0) {
    if (fieldAttrs.length) return { kind: 'struct', fields: fieldAttrs };
    return { kind: 'simple', text: textOf(p), lang };
  }
  if (kids.length > 1) throw new XmpError(`property ${tagOf(p)} holds more than one element`);
  const k = kids[0];
  const scope = withNs(k, ns, prefixes);
  const [uri, local] = resolveName(tagOf(k)!, scope);
  if (uri === RDF && (local === 'Bag' || local === 'Seq' || local === 'Alt')) {
    const items: XmpValue[] = [];
    for (const li of elementChildren(k)) {
      const s2 = withNs(li, scope, prefixes);
      const [u2, l2] = resolveName(tagOf(li)!, s2);
      if (u2 !== RDF || l2 !== 'li') throw new XmpError(`array item ${tagOf(li)} is not rdf:li`);
      items.push(propertyValue(li, s2, prefixes, depth + 1));
    }
    return { kind: 'array', type: local, items };
  }
  if (uri === RDF && local === 'Description') {
    const fields = descriptionProps(k, scope, prefixes);
    const value = fields.find((f) => f.ns === RDF && f.name === 'value');
    if (value) return value.value;
    const rv = elementChildren(k).find((c) => tagOf(c) === 'rdf:value');
    if (rv) return { kind: 'simple', text: textOf(rv), lang };
    return { kind: 'struct', fields };
  }
  throw new XmpError(`property ${tagOf(p)} holds ${tagOf(k)}`);
}
