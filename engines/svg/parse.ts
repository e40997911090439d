// engines/svg/parse.ts — images engine, SVG: the bytes of an SVG part read into a bounded element tree.
// The text is scanned once before the XML parser sees it (counting elements and their nesting, and
// refusing a DOCTYPE: no internal subset, so no entity can be declared, let alone expand), then parsed
// by fast-xml-parser with entities off. Nothing here recurses over the input: the scan is a loop and
// the parser's ordered output is walked with an explicit stack (ir/bounded.ts, issue 20).
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SvgError } from './svg-error.js';

/** Most elements one SVG may hold: a logo or a chart has hundreds, a detailed map some tens of thousands. */
export const MAX_SVG_ELEMENTS = 50_000;
/** Deepest nesting of elements: real drawings nest a dozen groups; 100 000 nested groups are refused here. */
export const MAX_SVG_DEPTH = 256;
/** Largest SVG text read (bytes): the body cap bounds a part anyway; this bounds the parser's work. */
export const MAX_SVG_BYTES = 16 * 1024 * 1024;

/** An element as the drawing reads it: its name, attributes, children and text, and where it stands. */
export interface SvgNode {
  name: string;
  attrs: Record<string, string>;
  children: SvgNode[];
  /** Character data directly inside (a <text>, a <style>), in order with the children's. */
  text: string;
  /** Where it stands, as the refusals name it: `/svg/g[2]/path[1]`. */
  position: string;
  parent?: SvgNode;
}

const UTF8_BOM = '\ufeff';

/** The text of the part with a byte order mark and leading white space taken off. */
function decode(bytes: Uint8Array): string {
  const s = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return (s.startsWith(UTF8_BOM) ? s.slice(1) : s).trimStart();
}

/**
 * One pass over the text: refuses a DOCTYPE (entity declarations live in one) and an entity reference
 * other than the five XML predefines and character references, and counts elements and nesting so a
 * deep or huge tree is refused before any parser builds it.
 */
function scan(text: string): void {
  let depth = 0;
  let elements = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    const c = text.charCodeAt(lt + 1);
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      i = end < 0 ? n : end + 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt + 9);
      i = end < 0 ? n : end + 3;
      continue;
    }
    if (c === 0x21 /* ! */) {
      if (/^<!DOCTYPE/i.test(text.slice(lt, lt + 9)))
        throw new SvgError(
          'unsafe',
          'a DOCTYPE',
          '/',
          'a document type declaration can declare entities that expand without bound',
        );
      throw new SvgError('unreadable', `a markup declaration "${text.slice(lt, lt + 12)}" it does not allow`);
    }
    if (c === 0x3f /* ? */) {
      const end = text.indexOf('?>', lt + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    // A tag: find its end, skipping quoted attribute values (they may hold '>').
    let j = lt + 1;
    let quote = 0;
    for (; j < n; j++) {
      const d = text.charCodeAt(j);
      if (quote) {
        if (d === quote) quote = 0;
      } else if (d === 0x22 || d === 0x27) quote = d;
      else if (d === 0x3e) break;
    }
    if (c === 0x2f /* / */) depth--;
    else if (text.charCodeAt(j - 1) !== 0x2f) {
      depth++;
      elements++;
    } else elements++;
    if (depth > MAX_SVG_DEPTH) throw new SvgError('limit', `elements nested more than ${MAX_SVG_DEPTH} deep`);
    if (elements > MAX_SVG_ELEMENTS) throw new SvgError('limit', `more than ${MAX_SVG_ELEMENTS} elements`);
    i = j + 1;
  }
  const entity = /&(?!(?:lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)([A-Za-z_][\w.-]*);/.exec(text);
  if (entity)
    throw new SvgError('unreadable', `the entity reference "&${entity[1]};", which only a DOCTYPE could declare`);
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  allowBooleanAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false as unknown as string,
});

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The five predefined entities and character references, once (never re-expanded). */
export function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
    if (e[0] !== '#') return PREDEFINED[e];
    const cp = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd';
  });
}

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

/** The SVG part read as an element tree rooted at its <svg> element, or SvgError. */
export function parseSvg(bytes: Uint8Array): SvgNode {
  if (bytes.length > MAX_SVG_BYTES) throw new SvgError('limit', `more than ${MAX_SVG_BYTES} bytes`);
  const text = decode(bytes);
  scan(text);
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true)
    throw new SvgError(
      'unreadable',
      `its XML is malformed at line ${valid.err.line}: ${valid.err.msg.replace(/\.$/, '')}`,
    );
  const doc = parser.parse(text) as Ordered[];
  const top = doc.filter((e) => Object.keys(e).some((k) => k !== ':@' && k !== '#text'));
  if (top.length !== 1) throw new SvgError('unreadable', 'it has no single root element');
  const rootName = Object.keys(top[0]).find((k) => k !== ':@')!;
  if (localName(rootName) !== 'svg') throw new SvgError('unreadable', `its root element is <${rootName}>, not <svg>`);

  // Build the tree with an explicit stack: [ordered entry, parent node].
  const root = makeNode(top[0], rootName, '/svg', undefined);
  const stack: [Ordered[], SvgNode][] = [[(top[0][rootName] as Ordered[]) ?? [], root]];
  while (stack.length) {
    const [entries, node] = stack.pop()!;
    const counts = new Map<string, number>();
    for (const e of entries) {
      const name = Object.keys(e).find((k) => k !== ':@')!;
      if (name === '#text') {
        const t = unescapeXml(String((e['#text'] as string) ?? ''));
        node.text += t;
        // Inside text, character data is kept in order with the tspans around it.
        if (node.name === 'text' || node.name === 'tspan')
          node.children.push({
            name: '#text',
            attrs: {},
            children: [],
            text: t,
            position: node.position,
            parent: node,
          });
        continue;
      }
      if (name === undefined) continue;
      const k = (counts.get(name) ?? 0) + 1;
      counts.set(name, k);
      const child = makeNode(e, name, `${node.position}/${name}[${k}]`, node);
      node.children.push(child);
      const kids = e[name] as Ordered[] | undefined;
      if (kids?.length) stack.push([kids, child]);
    }
  }
  return root;
}

function makeNode(e: Ordered, name: string, position: string, parent: SvgNode | undefined): SvgNode {
  const raw = e[':@'] ?? {};
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) attrs[k] = unescapeXml(String(v));
  return { name, attrs, children: [], text: '', position, parent };
}

/** An element or attribute name without its namespace prefix. */
export function localName(name: string): string {
  const c = name.indexOf(':');
  return c < 0 ? name : name.slice(c + 1);
}
