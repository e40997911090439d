// verifier/checks/structure-ua1.ts — the rest of tagged PDF as PDF/UA-1 (ISO 14289-1 §7.1–7.20) asks
// it, beside checks/structure.ts: where table and list elements sit and what they hold (one fact per
// such element, with its parent's and its children's standard types, for the bindings to test), the
// regularity of tables (rows spanning as many columns, columns as many rows, no cell over another),
// headers reachable from data cells, languages of Alt / E / ActualText, marked-content spans, page
// text, outlines, annotation Contents, field tooltips and XMP Lang Alt values; formulas' alternate
// text, notes' IDs, role maps that loop, annotations' descriptions and the structure element above
// them, media clips, the permissions of an encrypted file, the PDF/UA identification's prefixes.
// Facts only: verifier/pdfua-1/ binds them.

import type { PDFContext } from 'pdf-lib';
import { pushAll } from '../../ir/bounded.js';
import { STANDARD_STRUCTURE_TYPES } from '../../ir/structure-types.js';
import {
  arrayItems,
  dictOf,
  get,
  getArray,
  getDict,
  getName,
  getNumber,
  has,
  PDFArray,
  type PDFDict,
  type PDFObject,
  streamData,
  textOf,
} from '../cos.js';
import type { Check } from './check.js';
import { documentXmp } from './metadata.js';
import { parentTreeNums } from './structure.js';
import type { XmpValue } from './xmp-parse.js';

const STANDARD: ReadonlySet<string> = new Set(STANDARD_STRUCTURE_TYPES);
const MAX_ELEMENTS = 200_000;
/** Elements whose place and children PDF/UA-1 7.2 tests (the `se-context` fact). */
const CONTEXT_TYPES = new Set([
  'Table',
  'TR',
  'THead',
  'TBody',
  'TFoot',
  'TH',
  'TD',
  'L',
  'LI',
  'LBody',
  'TOC',
  'TOCI',
]);
const TEXT_OPS = new Set(['Tj', 'TJ', "'", '"']);

interface Elem {
  dict: PDFDict;
  /** The type as written (S). */
  s: string;
  /** The standard type through the role map ('' when unmapped or circular). */
  std: string;
  parent?: Elem;
  kids: Elem[];
  /** A language is set on the element or an ancestor. */
  lang: boolean;
}

function standardOf(ctx: PDFContext, roleMap: PDFDict | undefined, type: string): string {
  const seen = new Set<string>();
  let t = type;
  for (;;) {
    if (STANDARD.has(t)) return t;
    if (seen.has(t)) return '';
    seen.add(t);
    const next = getName(ctx, roleMap, t);
    if (next === undefined) return '';
    t = next;
  }
}

/** Whether following the role map from `type` comes back to it (also `/LI /LI`). */
function loops(ctx: PDFContext, roleMap: PDFDict, type: string): boolean {
  const seen = new Set<string>();
  let t: string | undefined = getName(ctx, roleMap, type);
  while (t !== undefined && !seen.has(t)) {
    if (t === type) return true;
    seen.add(t);
    t = getName(ctx, roleMap, t);
  }
  return false;
}

/** A table attribute (O Table) of an element: its A entry, a dictionary or an array of them (with revisions). */
function tableAttr(ctx: PDFContext, e: PDFDict, key: string): PDFObject | undefined {
  const a = get(ctx, e, 'A');
  const list = a instanceof PDFArray ? arrayItems(ctx, a) : a ? [a] : [];
  for (const x of list) {
    const d = dictOf(x);
    if (d && getName(ctx, d, 'O') === 'Table' && has(d, key)) return get(ctx, d, key);
  }
  return undefined;
}

function spanOf(ctx: PDFContext, e: PDFDict, key: string): number {
  const v = Number(tableAttr(ctx, e, key)?.toString());
  return Number.isInteger(v) && v > 0 ? v : 1;
}

export const structureUa1: Check = ({ l, u, add }) => {
  const ctx = l.context;
  const cat = l.catalog;
  if (!cat) return;
  const catalogLang = has(cat, 'Lang');
  const root = getDict(ctx, cat, 'StructTreeRoot');
  // 7.20 t02: a form XObject whose content is marked with MCIDs belongs to one place in the structure
  // tree, so it is painted once (each Do of it would make the same MCIDs content of another parent)
  for (const [form, count] of u.formPaints) {
    if (count < 2) continue;
    const data = streamData(l, form);
    if (has(form.dict, 'StructParents') || (data && /\/MCID[\s\0]/.test(Buffer.from(data).toString('latin1'))))
      add('form-mcid-reused', 'PDXForm', { count });
  }
  const roleMap = getDict(ctx, root, 'RoleMap');
  if (roleMap)
    for (const [k] of roleMap.entries()) {
      const t = k.decodeText();
      if (loops(ctx, roleMap, t)) add('rolemap-cycle', 'PDStructElem', { type: t }, 'RoleMap');
    }

  // The tree, with parents, kids and inherited languages.
  const elems = new Map<PDFDict, Elem>();
  const top: Elem[] = [];
  const stack: { o: PDFObject; parent?: Elem }[] = [];
  const rootK = get(ctx, root, 'K');
  for (const k of (rootK instanceof PDFArray ? arrayItems(ctx, rootK) : rootK ? [rootK] : []).reverse())
    stack.push({ o: k });
  while (stack.length && elems.size < MAX_ELEMENTS) {
    const { o, parent } = stack.pop()!;
    const d = dictOf(o);
    if (!d || elems.has(d) || !has(d, 'S')) continue;
    const type = getName(ctx, d, 'Type');
    if (type === 'MCR' || type === 'OBJR') continue;
    const s = getName(ctx, d, 'S') ?? '';
    const e: Elem = {
      dict: d,
      s,
      std: standardOf(ctx, roleMap, s),
      parent,
      kids: [],
      lang: has(d, 'Lang') || (parent?.lang ?? false),
    };
    elems.set(d, e);
    if (parent) parent.kids.push(e);
    else top.push(e);
    const k = get(ctx, d, 'K');
    const kids = k instanceof PDFArray ? arrayItems(ctx, k) : k ? [k] : [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ o: kids[i], parent: e });
  }

  const noteIds = new Map<string, number>();
  for (const e of elems.values()) {
    const where = `structure element ${e.s}`;
    if (CONTEXT_TYPES.has(e.std))
      add(
        'se-context',
        `SE${e.std}`,
        { type: e.std, parent: e.parent?.std ?? '', kids: e.kids.map((k) => k.std).join('&') },
        where,
      );
    for (const key of ['Alt', 'E'] as const)
      if (has(e.dict, key) && !e.lang && !catalogLang)
        add('struct-text-no-lang', 'PDStructElem', { key, type: e.s }, where);
    if (e.std === 'Formula' && !textOf(get(ctx, e.dict, 'Alt')) && !has(e.dict, 'ActualText'))
      add('formula-no-alt', 'SEFormula', { type: e.s }, where);
    if (e.std === 'Note') {
      const id = textOf(get(ctx, e.dict, 'ID')) ?? '';
      if (!id) add('note-id', 'SENote', { problem: 'missing' }, where);
      else noteIds.set(id, (noteIds.get(id) ?? 0) + 1);
    }
    if (e.std === 'Table') table(ctx, e, add);
  }
  for (const [id, n] of noteIds) if (n > 1) add('note-id', 'SENote', { problem: 'duplicate', id });

  // Page content: spans with ActualText / Alt / E and text, each in a language (PDF/UA-1 7.2 t30–t34).
  const parents = parentTreeNums(ctx, getDict(ctx, root, 'ParentTree'));
  for (const sc of u.scopes) {
    if (sc.kind !== 'page') continue;
    const page = u.pages[Number(sc.where.replace(/^page /, '')) - 1];
    const sp = getNumber(ctx, page, 'StructParents');
    const owners = sp === undefined ? undefined : parents.get(sp);
    const ownerArr = owners instanceof PDFArray ? arrayItems(ctx, owners) : [];
    const langs: boolean[] = [];
    let reportedText = false;
    let artifact = 0;
    for (const op of sc.marks ?? []) {
      if (op.op === 'BDC' || op.op === 'BMC') {
        const tag = op.args[0]?.t === 'name' ? op.args[0].v : '';
        const props = op.op === 'BDC' && op.args[1]?.t === 'dict' ? op.args[1].v : undefined;
        let lang = props?.has('Lang') ?? false;
        const mcid = props?.get('MCID');
        if (!lang && mcid?.t === 'num') {
          const owner = elems.get(dictOf(ownerArr[mcid.v]) as PDFDict);
          if (owner?.lang) lang = true;
        }
        const inherited = langs.includes(true);
        if (tag === 'Span' && props && !lang && !inherited && !catalogLang)
          for (const key of ['ActualText', 'Alt', 'E'])
            if (props.has(key)) add('span-no-lang', 'SEMarkedContent', { key }, sc.where);
        langs.push(lang || inherited);
        if (tag === 'Artifact') artifact++;
        if (tag === 'Artifact') langs[langs.length - 1] = true; // artifacts are not text items of the document
      } else if (op.op === 'EMC') {
        langs.pop();
      } else if (TEXT_OPS.has(op.op) && !catalogLang && !reportedText && !langs.includes(true) && artifact === 0) {
        add('text-no-lang', 'SETextItem', {}, sc.where);
        reportedText = true;
      }
    }
  }

  // Outlines, annotation Contents and field tooltips need a language (7.2 t02, t24, t25).
  if (!catalogLang && getDict(ctx, cat, 'Outlines') && getDict(ctx, getDict(ctx, cat, 'Outlines'), 'First'))
    add('outline-no-lang', 'PDOutline');
  const x = documentXmp(l);
  const langAlt = (v: XmpValue): boolean =>
    // only x-default: no language of its own (veraPDF's xDefault)
    v.kind === 'array' &&
    v.type === 'Alt' &&
    v.items.length > 0 &&
    v.items.every((i) => i.kind === 'simple' && i.lang === 'x-default');
  if (!catalogLang && x.packet?.properties.some((p) => langAlt(p.value))) add('xmp-lang-alt-no-lang', 'XMPLangAlt');

  // Annotations (7.18): hidden or outside the crop box they need nothing.
  u.pages.forEach((p, i) => {
    const where = `page ${i + 1}`;
    const crop = boxOf(ctx, p, 'CropBox') ?? boxOf(ctx, p, 'MediaBox');
    for (const a of arrayItems(ctx, getArray(ctx, p, 'Annots')).map(dictOf)) {
      if (!a) continue;
      const subtype = getName(ctx, a, 'Subtype') ?? '';
      if (subtype === 'Popup') continue;
      const rect = boxOf(ctx, a, 'Rect');
      const outside =
        !!crop && !!rect && (rect[2] < crop[0] || rect[0] > crop[2] || rect[3] < crop[1] || rect[1] > crop[3]);
      const hidden = ((getNumber(ctx, a, 'F') ?? 0) & 2) === 2;
      const key = getNumber(ctx, a, 'StructParent');
      const parent = key === undefined ? undefined : elems.get(dictOf(parents.get(key)) as PDFDict);
      const contents = textOf(get(ctx, a, 'Contents'));
      add(
        'annot-ua',
        'PDAnnot',
        {
          subtype,
          shown: !outside && !hidden,
          contents: !!contents,
          alt: !!textOf(get(ctx, parent?.dict, 'Alt')),
          tu: !!textOf(get(ctx, a, 'TU')) || !!textOf(get(ctx, getDict(ctx, a, 'Parent'), 'TU')),
          parent: parent?.std ?? '',
          // veraPDF's structParentType: the S of the element the parent tree gives for StructParent
          inTree: key !== undefined && has(dictOf(parents.get(key)), 'S'),
          // 7.2 t24: `Contents == null || containsLang == true || gContainsCatalogLang == true` — an empty
          // Contents is not null, so it too needs a language
          contentsLang: contents === undefined || catalogLang || !!parent?.lang,
        },
        where,
      );
      if (subtype === 'Screen') mediaClips(ctx, a, add, where);
    }
  });
  const acro = getDict(ctx, cat, 'AcroForm');
  const fields = arrayItems(ctx, getArray(ctx, acro, 'Fields'));
  const seenField = new Set<PDFDict>();
  while (fields.length && seenField.size < MAX_ELEMENTS) {
    const f = dictOf(fields.pop());
    if (!f || seenField.has(f)) continue;
    seenField.add(f);
    if (has(f, 'TU') && !catalogLang && !has(f, 'Lang')) add('field-tu-no-lang', 'PDFormField');
    pushAll(fields, arrayItems(ctx, getArray(ctx, f, 'Kids')));
  }

  // An XFA form that asks to be rendered dynamically (7.15).
  const xfa = get(ctx, acro, 'XFA');
  const parts = xfa instanceof PDFArray ? arrayItems(ctx, xfa).filter((_, i) => i % 2 === 1) : xfa ? [xfa] : [];
  for (const part of parts) {
    const data = streamData(l, part);
    if (data && /<dynamicRender\s*>\s*required\s*<\/dynamicRender\s*>/.test(new TextDecoder('latin1').decode(data)))
      add('xfa-dynamic', 'PDAcroForm');
  }

  // Encryption: the permissions let assistive technology extract the content (7.16).
  const enc = dictOf(l.trailer.Encrypt ? ctx.lookup(l.trailer.Encrypt) : undefined);
  if (enc) {
    const pv = getNumber(ctx, enc, 'P');
    if (pv === undefined || (pv & 512) !== 512) add('encrypt-no-extract', 'PDEncryption', { p: String(pv ?? 'none') });
  }

  // The PDF/UA identification's properties under the pdfuaid prefix (§5 t03–t05).
  for (const p of x.packet?.properties ?? [])
    if (p.ns === 'http://www.aiim.org/pdfua/ns/id/' && p.prefix !== 'pdfuaid')
      add('pdfuaid-prefix', 'PDFUAIdentification', { name: p.name, prefix: p.prefix });
};

/** A table's grid: rows (TR under the table or its row groups), cells placed with their spans. */
function table(
  ctx: PDFContext,
  t: Elem,
  add: (
    code: 'table-irregular' | 'table-overlap' | 'td-no-header',
    object: string,
    args?: Record<string, string | number | boolean>,
    where?: string,
  ) => void,
): void {
  const rows: Elem[] = [];
  for (const k of t.kids) {
    if (k.std === 'TR') rows.push(k);
    else if (k.std === 'THead' || k.std === 'TBody' || k.std === 'TFoot')
      for (const r of k.kids) if (r.std === 'TR') rows.push(r);
  }
  if (!rows.length) return;
  const grid: (Elem | undefined)[][] = rows.map(() => []);
  let overlap = false;
  let rowBeyond = 0;
  // the columns the first row spans; a later row whose cells reach past them (as veraPDF lays the grid,
  // cell after cell) is PDF/UA-1 7.2 t42, a row left short of them t43
  let firstWidth = 0;
  for (const c of rows[0].kids) if (c.std === 'TH' || c.std === 'TD') firstWidth += spanOf(ctx, c.dict, 'ColSpan');
  let wider = 0;
  rows.forEach((r, ri) => {
    let col = 0;
    for (const c of r.kids) {
      if (c.std !== 'TH' && c.std !== 'TD') continue;
      while (grid[ri][col]) col++;
      const rs = spanOf(ctx, c.dict, 'RowSpan');
      const cs = spanOf(ctx, c.dict, 'ColSpan');
      if (ri > 0 && col + cs > firstWidth) wider = wider || ri + 1;
      for (let y = ri; y < ri + rs; y++) {
        if (y >= rows.length) {
          rowBeyond = rowBeyond || col + 1;
          continue;
        }
        for (let xx = col; xx < col + cs; xx++) {
          if (grid[y][xx]) overlap = true;
          grid[y][xx] = c;
        }
      }
      col += cs;
    }
  });
  const where = `structure element ${t.s}`;
  if (overlap) add('table-overlap', 'SETableCell', {}, where);
  if (rowBeyond) add('table-irregular', 'SETable', { kind: 'rows', column: rowBeyond }, where);
  const width = (r: (Elem | undefined)[]): number => r.filter(Boolean).length;
  const w0 = width(grid[0]);
  const bad = grid.findIndex((r) => width(r) !== w0);
  if (wider) add('table-irregular', 'SETable', { kind: 'wider', row: wider, first: firstWidth }, where);
  else if (bad > 0)
    add('table-irregular', 'SETable', { kind: 'columns', row: bad + 1, first: w0, other: width(grid[bad]) }, where);

  // Headers: a TD reaches a TH in its row or column, or names header IDs (7.5).
  const ids = new Map<string, Elem>();
  for (const r of rows)
    for (const c of r.kids) {
      const id = textOf(get(ctx, c.dict, 'ID'));
      if (id) ids.set(id, c);
    }
  // A TD is connected to a TH with a Scope (Row, Column or Both) in its row or column; a TH without
  // Scope connects nothing (PDF/UA-1 7.5: without Headers and IDs, TH elements carry Scope).
  const scope = (c: Elem | undefined): string =>
    c?.std === 'TH' ? String(nameOfAttr(ctx, c.dict, 'Scope') ?? '') : '';
  for (let y = 0; y < grid.length; y++) {
    for (let xx = 0; xx < grid[y].length; xx++) {
      const c = grid[y][xx];
      if (c?.std !== 'TD' || grid[y][xx - 1] === c || (y > 0 && grid[y - 1][xx] === c)) continue;
      const headers = arrayItems(ctx, tableAttr(ctx, c.dict, 'Headers') as PDFArray | undefined)
        .map((h) => textOf(h))
        .filter((h): h is string => h !== undefined);
      if (headers.length) {
        const unknown = headers.filter((h) => !ids.has(h));
        if (unknown.length) add('td-no-header', 'SETD', { unknown: unknown.join(', ') }, where);
        continue;
      }
      const scoped = (o: Elem | undefined): boolean => ['Row', 'Column', 'Both'].includes(scope(o));
      const inRow = grid[y].some(scoped);
      const inCol = grid.some((r) => scoped(r[xx]));
      if (!inRow && !inCol) add('td-no-header', 'SETD', { unknown: '' }, where);
    }
  }
}

function nameOfAttr(ctx: PDFContext, e: PDFDict, key: string): string | undefined {
  const v = tableAttr(ctx, e, key);
  return v ? v.toString().replace(/^\//, '') : undefined;
}

function mediaClips(
  ctx: PDFContext,
  a: PDFDict,
  add: (code: 'media-clip', object: string, args?: Record<string, string | number | boolean>, where?: string) => void,
  where: string,
): void {
  const action = getDict(ctx, a, 'A');
  const rendition = getDict(ctx, action, 'R');
  const clip = getDict(ctx, rendition, 'C');
  if (!clip || getName(ctx, clip, 'S') !== 'MCD') return;
  const alt = arrayItems(ctx, getArray(ctx, clip, 'Alt'));
  // Alt is a multi-language text array: pairs of a language and a text, the text not empty.
  const altOk =
    alt.length >= 2 &&
    alt.length % 2 === 0 &&
    alt.every((v, i) => textOf(v) !== undefined && (i % 2 === 0 || textOf(v) !== ''));
  add('media-clip', 'PDMediaClip', { ct: has(clip, 'CT'), alt: altOk }, where);
}

function boxOf(ctx: PDFContext, d: PDFDict | undefined, key: string): [number, number, number, number] | undefined {
  const a = arrayItems(ctx, getArray(ctx, d, key)).map((v) => Number(v.toString()));
  if (a.length !== 4 || a.some((v) => !Number.isFinite(v))) return undefined;
  return [Math.min(a[0], a[2]), Math.min(a[1], a[3]), Math.max(a[0], a[2]), Math.max(a[1], a[3])];
}
