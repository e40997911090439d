// verifier/checks/metadata.ts — the document's XMP metadata (ISO 19005-1 §6.7, 19005-2/3 §6.6,
// 19005-4 §6.7): the Metadata stream and its packet header, every property's value type against the
// predefined schemas (verifier/checks/xmp-schemas.ts) or the file's own extension schemas, the PDF/A
// identification schema, and the Info dictionary entries kept in step with their XMP analogues.

import { entries, get, has, type Loaded, PDFDict, PDFStream, streamData, textOf } from '../cos.js';
import type { Check } from './check.js';
import { extensionFacts } from './xmp-extension.js';
import { parseXmp, RDF, type XmpPacket, type XmpProperty, type XmpValue } from './xmp-parse.js';
import {
  canonicalType,
  OPEN_NAMESPACES,
  PREDEFINED,
  SIMPLE_TYPES,
  STRUCT_TYPES,
  XMP2004_TYPES,
} from './xmp-schemas.js';

const PDFAID = 'http://www.aiim.org/pdfa/ns/id/';
const EXT = 'http://www.aiim.org/pdfa/ns/extension/';

/** Reads the catalog's XMP packet once (the checks and `quire verify` share it). */
export function documentXmp(l: Loaded): { stream?: PDFStream; packet?: XmpPacket; error?: string; encoding?: string } {
  const md = get(l.context, l.catalog, 'Metadata');
  if (!(md instanceof PDFStream)) return {};
  const data = streamData(l, md);
  if (!data) return { stream: md, error: 'the metadata stream cannot be decoded' };
  const { text, encoding } = decodeUtf(data);
  try {
    return { stream: md, packet: parseXmp(text), encoding };
  } catch (e) {
    return { stream: md, error: e instanceof Error ? e.message : String(e), encoding };
  }
}

/** XMP may be UTF-8, UTF-16 or UTF-32, with or without a byte-order mark: guess from the zero bytes. */
function decodeUtf(b: Uint8Array): { text: string; encoding: string } {
  if (b.length >= 4) {
    if (b[0] === 0 && b[1] === 0 && (b[2] === 0xfe || b[2] === 0))
      return { text: utf32(b, false), encoding: 'UTF-32BE' };
    if (
      (b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) ||
      (b[1] === 0 && b[2] === 0 && b[3] === 0 && b[0] !== 0)
    )
      return { text: utf32(b, true), encoding: 'UTF-32LE' };
  }
  if ((b[0] === 0xfe && b[1] === 0xff) || (b[0] === 0 && b[1] !== 0))
    return { text: new TextDecoder('utf-16be').decode(b), encoding: 'UTF-16BE' };
  if ((b[0] === 0xff && b[1] === 0xfe) || (b[0] !== 0 && b[1] === 0))
    return { text: new TextDecoder('utf-16le').decode(b), encoding: 'UTF-16LE' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(b), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('utf-8').decode(b), encoding: 'invalid UTF-8' };
  }
}

function utf32(b: Uint8Array, le: boolean): string {
  let s = '';
  for (let i = 0; i + 3 < b.length; i += 4) {
    const c = le
      ? b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)
      : (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3];
    if (c === 0xfeff) continue;
    s += String.fromCodePoint(c >>> 0 > 0x10ffff ? 0xfffd : c >>> 0);
  }
  return s;
}

export const metadata: Check = ({ l, add }) => {
  const ctx = l.context;
  if (!l.catalog) return;
  const x = documentXmp(l);
  if (!x.stream) {
    add('metadata-missing', 'PDDocument');
    add('pdfaid-missing', 'MainXMPPackage');
  } else {
    if (has(x.stream.dict, 'Filter')) add('metadata-filter', 'PDMetadata');
  }
  if (x.error) add('xmp-invalid', 'XMPPackage', { error: x.error });
  if (x.encoding && x.encoding !== 'UTF-8') add('xmp-not-utf8', 'XMPPackage', { encoding: x.encoding });
  const p = x.packet;
  if (p) {
    if (p.header && 'bytes' in p.header) add('xmp-header-bytes', 'XMPPackage');
    if (p.header && 'encoding' in p.header) add('xmp-header-encoding', 'XMPPackage');
    pdfaId(p, add);
    schemas(p, add);
  }
  // Info dictionary analogues
  const infoObj = l.trailer.Info ? ctx.lookup(l.trailer.Info) : undefined;
  if (l.trailer.Info !== undefined) {
    // PDF/A-4 6.1.3 t04 (no Info without the catalog's PieceInfo) and t05 (Info holds ModDate only)
    const keys = infoObj instanceof PDFDict ? [...infoObj.keys()].map((k) => k.decodeText()) : [];
    add('info-present', 'CosDocument', {
      pieceInfo: has(l.catalog, 'PieceInfo'),
      dict: infoObj instanceof PDFDict,
      others: keys.filter((k) => k !== 'ModDate').join(', ') || 'none',
      modDate: keys.includes('ModDate'),
    });
  }
  if (infoObj instanceof PDFDict) {
    const pairs = entries(ctx, infoObj);
    for (const [k, v] of pairs) {
      const text = textOf(v);
      // a present entry whose value is no text string (a number, a stream…) cannot be equivalent
      // to its XMP analogue (veraPDF: "an indirect object with non-string value" fails 6.7.3)
      const mismatch =
        text === undefined && INFO_KEYS.has(k) && v.toString() !== 'null'
          ? 'the value is not a text string'
          : infoMismatch(k, text, p);
      if (mismatch) add('info-mismatch', 'CosInfo', { key: k, detail: mismatch });
    }
  }
};

function pdfaId(p: XmpPacket, add: Parameters<Check>[0]['add']): void {
  const props = p.properties.filter((q) => q.ns === PDFAID);
  if (props.length === 0) {
    add('pdfaid-missing', 'MainXMPPackage');
    return;
  }
  const get1 = (n: string): XmpProperty | undefined => props.find((q) => q.name === n);
  const part = get1('part');
  const conf = get1('conformance');
  const simple = (v?: XmpProperty): string | undefined =>
    v?.value.kind === 'simple' ? v.value.text.trim() : undefined;
  add('pdfaid', 'PDFAIdentification', {
    part: simple(part) ?? 'none',
    conformance: simple(conf) ?? 'none',
    corr: get1('corr') !== undefined,
    amd: get1('amd') !== undefined,
    rev: simple(get1('rev')) ?? 'none',
    prefix: [...props.map((q) => q.prefix)].find((x) => x !== 'pdfaid') ?? 'pdfaid',
    // each property's own prefix ('none' when absent), as the profiles test them one by one
    partPrefix: get1('part')?.prefix ?? 'none',
    conformancePrefix: get1('conformance')?.prefix ?? 'none',
    amdPrefix: get1('amd')?.prefix ?? 'none',
    corrPrefix: get1('corr')?.prefix ?? 'none',
    revPrefix: get1('rev')?.prefix ?? 'none',
  });
}

/** Extension schemas declared in the packet: namespace → property name → value type (the faults of
 * the descriptions themselves are checks/xmp-extension.ts's facts). */
function extensionSchemas(p: XmpPacket): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const prop of p.properties) {
    if (prop.ns !== EXT || prop.name !== 'schemas' || prop.value.kind !== 'array') continue;
    for (const s of prop.value.items) {
      if (s.kind !== 'struct') continue;
      const f = (n: string): XmpValue | undefined => s.fields.find((x) => x.name === n)?.value;
      const uri = f('namespaceURI');
      if (uri?.kind !== 'simple') continue;
      const map = out.get(uri.text) ?? new Map<string, string>();
      out.set(uri.text, map);
      const propsV = f('property');
      for (const pd of propsV?.kind === 'array' ? propsV.items : []) {
        if (pd.kind !== 'struct') continue;
        const g = (n: string): XmpValue | undefined => pd.fields.find((x) => x.name === n)?.value;
        const name = g('name');
        const vt = g('valueType');
        if (name?.kind === 'simple' && vt?.kind === 'simple') map.set(name.text, vt.text);
      }
    }
  }
  return out;
}

/** The value types the packet's extension schemas describe (pdfaType): type name (lower case: types are
 * compared without case) → its namespace and each field's value type. */
export type PackageTypes = Map<string, { ns: string; fields: Map<string, string> }>;
function extensionTypes(p: XmpPacket): PackageTypes {
  const out: PackageTypes = new Map();
  const simple = (v: XmpValue | undefined): string | undefined => (v?.kind === 'simple' ? v.text.trim() : undefined);
  const fieldOf = (v: XmpValue, n: string): XmpValue | undefined =>
    v.kind === 'struct' ? v.fields.find((x) => x.name === n)?.value : undefined;
  for (const prop of p.properties) {
    if (prop.ns !== EXT || prop.name !== 'schemas' || prop.value.kind !== 'array') continue;
    for (const s of prop.value.items) {
      const vts = fieldOf(s, 'valueType');
      for (const vt of vts?.kind === 'array' ? vts.items : []) {
        const name = simple(fieldOf(vt, 'type'));
        const ns = simple(fieldOf(vt, 'namespaceURI'));
        if (name === undefined || ns === undefined) continue;
        const fields = new Map<string, string>();
        const fs = fieldOf(vt, 'field');
        for (const f of fs?.kind === 'array' ? fs.items : []) {
          const fn = simple(fieldOf(f, 'name'));
          const ft = simple(fieldOf(f, 'valueType'));
          if (fn !== undefined && ft !== undefined) fields.set(fn, ft);
        }
        out.set(name.toLowerCase(), { ns, fields });
      }
    }
  }
  return out;
}

function schemas(p: XmpPacket, add: Parameters<Check>[0]['add']): void {
  extensionFacts(p, add);
  const ext = extensionSchemas(p);
  const types = extensionTypes(p);
  for (const prop of p.properties) {
    if (prop.ns === RDF || prop.ns === EXT) continue;
    const def = PREDEFINED[prop.ns];
    const extType = ext.get(prop.ns)?.get(prop.name);
    const id = `${prop.prefix}:${prop.name}`;
    if (def) {
      // a schema XMP 2004 did not define yet (PDF/A-1) needs an extension schema there
      if (def.since > 1 && extType === undefined)
        add('xmp-newer-schema', 'XMPProperty', { property: id, since: def.since });
      const t = def.props[prop.name];
      if (!t) {
        if (extType) {
          if (!valueMatches(prop.value, extType, types))
            add('xmp-wrong-type', 'XMPProperty', { property: id, type: extType, since: 1 });
        } else add('xmp-unknown-predefined', 'XMPProperty', { property: id, since: def.since });
        continue;
      }
      const t2004 = XMP2004_TYPES[prop.ns]?.[prop.name];
      if (t2004 === undefined) {
        if (!valueMatches(prop.value, t))
          add('xmp-wrong-type', 'XMPProperty', { property: id, type: t, since: def.since });
      } else {
        // typed differently by the two editions: one fact per edition the value breaks
        if (!valueMatches(prop.value, t2004))
          add('xmp-wrong-type', 'XMPProperty', { property: id, type: t2004, since: def.since, edition: 2004 });
        if (!valueMatches(prop.value, t))
          add('xmp-wrong-type', 'XMPProperty', { property: id, type: t, since: def.since, edition: 2005 });
      }
      continue;
    }
    if (OPEN_NAMESPACES.has(prop.ns)) continue; // typed by no schema here, and needing no extension schema
    if (extType === undefined) add('xmp-undefined', 'XMPProperty', { property: id, ns: prop.ns });
    else if (!valueMatches(prop.value, extType, types))
      add('xmp-wrong-type', 'XMPProperty', { property: id, type: extType, since: 1 });
  }
}

const LEX: Record<string, RegExp> = {
  Integer: /^[+-]?\d+$/,
  Real: /^[+-]?(\d+\.?\d*|\.\d+)$/,
  Rational: /^[+-]?\d+\/[+-]?\d+$/,
  Boolean: /^(True|False)$/,
  Date: /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/,
};

/**
 * Whether a value has the XMP type named: a simple type (lexically, for the numeric, boolean and date
 * types), `Lang Alt`, an array of a type, the closed or open choice of a type (its values of that type),
 * a structure type, or a type the packet's own descriptions define (`types`: a structure whose fields
 * the description types have their types; depth-limited).
 */
export function valueMatches(v: XmpValue, type: string, types?: PackageTypes, depth = 0): boolean {
  if (depth > 16) return true;
  if (type.includes('|')) return type.split('|').some((t) => valueMatches(v, t, types, depth + 1));
  const t = canonicalType(type);
  if (t === 'Lang Alt') {
    return v.kind === 'array' && v.type === 'Alt' && v.items.every((i) => i.kind === 'simple' && i.lang !== undefined);
  }
  const m = /^(Bag|Seq|Alt)\s+(.+)$/.exec(t);
  if (m) {
    return v.kind === 'array' && v.type === m[1] && v.items.every((i) => valueMatches(i, m[2], types, depth + 1));
  }
  const choice = /^(Open|Closed) Choice of (.+)$/.exec(t);
  if (choice) return valueMatches(v, choice[2], types, depth + 1);
  const own = SIMPLE_TYPES.has(t) || STRUCT_TYPES.has(t) ? undefined : types?.get(t.toLowerCase());
  if (own) {
    if (v.kind !== 'struct') return false;
    return v.fields.every((f) => {
      const ft = f.ns === own.ns ? own.fields.get(f.name) : undefined;
      return ft === undefined || valueMatches(f.value, ft, types, depth + 1);
    });
  }
  if (STRUCT_TYPES.has(t)) return v.kind === 'struct';
  if (SIMPLE_TYPES.has(t) || LEX[t]) {
    if (v.kind !== 'simple') return false;
    const lex = LEX[t];
    return !lex || lex.test(v.text.trim());
  }
  // a type the file defines itself (pdfaType) or one we do not know: accept any shape
  return true;
}

// ——— Info ↔ XMP ———

const INFO_KEYS = new Set(['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer', 'CreationDate', 'ModDate']);

function infoMismatch(key: string, text: string | undefined, p: XmpPacket | undefined): string | undefined {
  const find = (ns: string, name: string): XmpValue | undefined =>
    p?.properties.find((q) => q.ns === ns && q.name === name)?.value;
  const DC = 'http://purl.org/dc/elements/1.1/';
  const XMP = 'http://ns.adobe.com/xap/1.0/';
  const PDF = 'http://ns.adobe.com/pdf/1.3/';
  const simple = (v: XmpValue | undefined): string | undefined => (v?.kind === 'simple' ? v.text : undefined);
  const langDefault = (v: XmpValue | undefined): string | undefined => {
    if (v?.kind !== 'array') return simple(v);
    const d = v.items.find((i) => i.kind === 'simple' && i.lang === 'x-default') ?? v.items[0];
    return simple(d);
  };
  let xmp: string | undefined;
  switch (key) {
    case 'Title':
      xmp = langDefault(find(DC, 'title'));
      break;
    case 'Subject':
      xmp = langDefault(find(DC, 'description'));
      break;
    case 'Author': {
      const v = find(DC, 'creator');
      if (v?.kind === 'array') {
        if (v.items.length !== 1 && text !== undefined) return 'dc:creator does not hold exactly one name';
        xmp = simple(v.items[0]);
      } else xmp = simple(v);
      break;
    }
    case 'Keywords':
      xmp = simple(find(PDF, 'Keywords'));
      break;
    case 'Creator':
      xmp = simple(find(XMP, 'CreatorTool'));
      break;
    case 'Producer':
      xmp = simple(find(PDF, 'Producer'));
      break;
    case 'CreationDate':
    case 'ModDate': {
      const x = simple(find(XMP, key === 'CreationDate' ? 'CreateDate' : 'ModifyDate'));
      if (text === undefined) return undefined;
      if (x === undefined) return `xmp:${key === 'CreationDate' ? 'CreateDate' : 'ModifyDate'} is missing`;
      return sameInstant(text, x) ? undefined : 'the dates differ';
    }
    default:
      return undefined;
  }
  if (text === undefined) return undefined;
  if (xmp === undefined) return 'no XMP analogue';
  return xmp === text ? undefined : 'the values differ';
}

function sameInstant(pdfDate: string, xmpDate: string): boolean {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?'?/.exec(pdfDate.trim());
  const x = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(
    xmpDate.trim(),
  );
  if (!m || !x) return false;
  const pdfParts = [m[1], m[2] ?? '01', m[3] ?? '01', m[4] ?? '00', m[5] ?? '00', m[6] ?? '00'];
  const xmpParts = [x[1], x[2] ?? '01', x[3] ?? '01', x[4] ?? '00', x[5] ?? '00', x[6] ?? '00'];
  const pdfTz = !m[7]
    ? undefined
    : m[7] === 'Z' || m[7] === 'z'
      ? 0
      : (m[7] === '-' ? -1 : 1) * (Number(m[8] ?? 0) * 60 + Number(m[9] ?? 0));
  const xmpTz = !x[7]
    ? undefined
    : x[7] === 'Z'
      ? 0
      : (x[7][0] === '-' ? -1 : 1) * (Number(x[7].slice(1, 3)) * 60 + Number(x[7].slice(4, 6)));
  const toMs = (p: string[], tz: number | undefined): number =>
    Date.UTC(+p[0], +p[1] - 1, +p[2], +p[3], +p[4], +p[5]) - (tz ?? 0) * 60000;
  if ((pdfTz === undefined) !== (xmpTz === undefined)) {
    // one side without a zone: compare the wall-clock fields only
    return pdfParts.join() === xmpParts.join();
  }
  return toMs(pdfParts, pdfTz) === toMs(xmpParts, xmpTz);
}
