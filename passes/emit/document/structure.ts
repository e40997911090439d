// passes/emit/document/structure.ts — emit sub-step: the structure tree of a tagged document (ISO 32000-1
// §14.7–14.8): one StructElem per element of `structure` in reading order, the elements items bring
// (a P per paragraph, a list's LI/LBody, a table's THead/TBody/TFoot/TR/TH/TD, a Link around its
// annotation), each holding its marked content (MCR) or annotation (OBJR); the /ParentTree (page
// /StructParents → the element of each MCID; an annotation's /StructParent → its element), /RoleMap,
// /IDTree, and the catalog's /MarkInfo, /StructTreeRoot and /Lang. Pages are written first, each
// recording its pieces MCID by MCID (content.ts MarkRecorder); the tree is built from them after.
// A widget (form fields, when drawn) joins the same way as a link: an OBJR in its element.
// Under PDF/UA-2 (`namespaces`) every element names its namespace (ISO 32000-2 §14.7.4): PDF 2.0's for
// its types, PDF 1.7's for the types PDF 2.0 dropped (Annex M), and a namespace of quire's own for
// the custom types of role_map, mapped by its /RoleMapNS; a widget stands alone in its Form (UA-2
// 8.10.1), and a list with labels says how it is numbered (8.2.5.25).
import { type PDFContext, type PDFDict, PDFName, type PDFRef, PDFString } from 'pdf-lib';
import { nameTree } from '../../../engines/pdf/name-tree.js';
import {
  type ContentMark,
  PDF17_ONLY_STRUCTURE_TYPES,
  type PlacedItemTag,
  type StoryNoteTag,
  type StructElementSpec,
  type StructureSpec,
  type TableGrid,
} from '../../../ir/structure-types.js';
import { textString } from '../navigation/destinations.js';
import type { MarkRecorder } from '../pages/content.js';
import { tocTree } from './structure-toc.js';

interface Kid {
  page: PDFRef;
  mcid: number;
}

/** A struct element being built: its dictionary's entries and kids (refs of elements, MCR and OBJR dictionaries). */
interface Elem {
  ref: PDFRef;
  entries: Record<string, unknown>;
  kids: unknown[];
}

export class StructureWriter {
  private readonly recorders: MarkRecorder[] = [];
  private readonly pageRefs: PDFRef[] = [];
  /** Annotations by item index: the annotation, its page, and the pointer it was laid from. */
  private readonly annots = new Map<number, { annot: PDFRef; page: PDFRef; at?: string }[]>();

  constructor(
    private readonly context: PDFContext,
    private readonly structure: StructureSpec,
    /** Write PDF 2.0's structure namespaces (accessible pdfua2). */
    private readonly namespaces = false,
  ) {}

  /** The recorder page i writes its content with; `/StructParents i` joins its page dictionary. */
  page(i: number, ref: PDFRef): MarkRecorder {
    const r: MarkRecorder = { pieces: [] };
    this.recorders[i] = r;
    this.pageRefs[i] = ref;
    return r;
  }

  /** Element objects named before the tree is written (structure destinations), by id. */
  private readonly byId = new Map<string, PDFRef>();

  /** The object the element of `id` will be written as (allocated now; the tree is written last). */
  elementRef(id: string): PDFRef {
    let ref = this.byId.get(id);
    if (!ref) {
      ref = this.context.nextRef();
      this.byId.set(id, ref);
    }
    return ref;
  }

  /** An annotation of item `index` on a page (links; widgets later). */
  annotation(index: number, annot: PDFRef, page: PDFRef, at?: string): void {
    const list = this.annots.get(index);
    if (list) list.push({ annot, page, at });
    else this.annots.set(index, [{ annot, page, at }]);
  }

  /** Writes the tree; returns the catalog's entries. */
  finish(): Record<string, unknown> {
    const ctx = this.context;
    const rootRef = ctx.nextRef();
    // Where each item's pieces landed: "item|piece" → MCIDs in page order; and each item's piece names.
    const pieces = new Map<string, Kid[]>();
    const piecesOf = new Map<number, string[]>();
    this.recorders.forEach((rec, i) =>
      rec?.pieces.forEach((m, mcid) => {
        if (m.kind !== 'content') return;
        const k = `${m.item}|${m.piece}`;
        const list = pieces.get(k);
        const kid = { page: this.pageRefs[i], mcid };
        if (list) {
          list.push(kid);
          return;
        }
        pieces.set(k, [kid]);
        const names = piecesOf.get(m.item);
        if (names) names.push(m.piece);
        else piecesOf.set(m.item, [m.piece]);
      }),
    );
    const owner = new Map<string, PDFRef>(); // "page#|mcid" → element
    const annotParents: [PDFRef, PDFRef][] = []; // annotation → element
    const ids: [string, PDFRef][] = [];
    const elems: Elem[] = [];
    const placedByRef = new Map<unknown, [number, PlacedItemTag]>();
    for (const [index, p] of this.structure.placed ?? []) placedByRef.set(p.ref, [index, p]);

    const ns = this.namespaces ? namespaceDicts(ctx, this.structure) : undefined;
    const make = (type: string, parent: PDFRef, extra: Record<string, unknown> = {}, ref?: PDFRef): Elem => {
      const e: Elem = {
        ref: ref ?? ctx.nextRef(),
        entries: { Type: 'StructElem', S: PDFName.of(type), P: parent, ...extra },
        kids: [],
      };
      if (ns) e.entries.NS = ns.of(type);
      elems.push(e);
      return e;
    };
    const addMarks = (e: Elem, kids: Kid[] | undefined) => {
      for (const k of kids ?? []) {
        e.kids.push(k);
        owner.set(`${k.page.toString()}|${k.mcid}`, e.ref);
      }
    };
    /** The pieces of an item whose names start `prefix`, in piece order (p0, p1, … numerically). */
    const numbered = (index: number, prefix: string): [number, Kid[]][] => {
      const out: [number, Kid[]][] = [];
      for (const piece of piecesOf.get(index) ?? []) {
        if (piece.startsWith(prefix) && /^\d+$/.test(piece.slice(prefix.length)))
          out.push([Number(piece.slice(prefix.length)), pieces.get(`${index}|${piece}`)!]);
      }
      return out.sort((a, b) => a[0] - b[0]);
    };

    const element = (spec: StructElementSpec, parent: PDFRef): Elem => {
      const extra: Record<string, unknown> = {};
      if (spec.lang !== undefined) extra.Lang = textString(spec.lang);
      if (spec.alt !== undefined) extra.Alt = textString(spec.alt);
      if (spec.actualText !== undefined) extra.ActualText = textString(spec.actualText);
      if (spec.expansion !== undefined) extra.E = textString(spec.expansion);
      if (spec.title !== undefined) extra.T = textString(spec.title);
      const e = make(spec.type, parent, extra, spec.id === undefined ? undefined : this.byId.get(spec.id));
      if (spec.id !== undefined) {
        e.entries.ID = textString(spec.id);
        ids.push([spec.id, e.ref]);
      }
      for (const c of spec.children) {
        if ('type' in c) {
          e.kids.push(element(c, e.ref).ref);
          continue;
        }
        const [index, p] = placedByRef.get(c)!;
        item(e, spec, index, p);
      }
      return e;
    };

    /** A table's THead/TBody/TFoot, TR and TH/TD under `table`, each cell holding its pieces. */
    const tableTree = (table: Elem, t: TableGrid, cellKids: (row: number, ci: number) => Kid[] | undefined): void => {
      const n = t.rows.length;
      const sections: [string, number, number][] = [
        ['THead', 0, t.headerRows],
        ['TBody', t.headerRows, n - t.footerRows],
        ['TFoot', n - t.footerRows, n],
      ];
      for (const [type, from, to] of sections) {
        if (to <= from) continue;
        const sec = make(type, table.ref);
        table.kids.push(sec.ref);
        for (let r = from; r < to; r++) {
          const tr = make('TR', sec.ref);
          sec.kids.push(tr.ref);
          t.rows[r].forEach((cell, ci) => {
            const head = r < t.headerRows;
            const attrs: Record<string, unknown> = { O: 'Table' };
            if (head) attrs.Scope = 'Column';
            if (cell.rowSpan > 1) attrs.RowSpan = cell.rowSpan;
            if (cell.colSpan > 1) attrs.ColSpan = cell.colSpan;
            const td = make(
              head ? 'TH' : 'TD',
              tr.ref,
              Object.keys(attrs).length > 1 ? { A: ctx.obj(attrs as never) } : {},
            );
            tr.kids.push(td.ref);
            addMarks(td, cellKids(r, ci));
          });
        }
      }
    };

    /**
     * A paragraph holding footnote marks: its text's marks and, where each mark is (page, then MCID
     * order), a Reference holding the mark and, right after it, the Note holding its text, with its /ID.
     */
    const withNotes = (c: Elem, index: number, kids: Kid[], notes: StoryNoteTag[]): void => {
      const order = (k: Kid) => this.pageRefs.indexOf(k.page) * 1e7 + k.mcid;
      const seq: { at: number; kid?: Kid; note?: StoryNoteTag; mark?: Kid[] }[] = kids.map((kid) => ({
        at: order(kid),
        kid,
      }));
      for (const n of notes) {
        const mark = pieces.get(`${index}|m${n.k}`);
        if (mark?.length) seq.push({ at: order(mark[0]), note: n, mark });
      }
      seq.sort((a, b) => a.at - b.at);
      for (const s of seq) {
        if (s.kid) {
          addMarks(c, [s.kid]);
          continue;
        }
        const ref = make('Reference', c.ref);
        c.kids.push(ref.ref);
        addMarks(ref, s.mark);
        const text = pieces.get(`${index}|n${s.note!.k}`);
        if (!text) continue;
        const note = make('Note', c.ref, { ID: textString(s.note!.id) });
        ids.push([s.note!.id, note.ref]);
        c.kids.push(note.ref);
        addMarks(note, text);
      }
    };

    /**
     * A story's blocks in order (PlacedItemTag.story): each paragraph its P or Hn (its pieces `p<n>`:
     * a paragraph split between pages is one element), each table block a Table (cells `t<k>.r…c…`).
     * Named inline (in a P, say), every piece is the naming element's own, in the same order.
     */
    const storyTree = (e: Elem, index: number, story: NonNullable<PlacedItemTag['story']>, inline: boolean): void => {
      let pn = 0;
      let tk = 0;
      for (const entry of story) {
        if ('toc' in entry) {
          // A contents block: TOC, its title a Caption, each entry a TOCI holding a Link (./structure-toc.ts).
          const annots = this.annots.get(index) ?? [];
          pn = tocTree(e, entry.toc, inline, pn, {
            make,
            addMarks,
            piece: (n) => pieces.get(`${index}|p${n}`),
            objrs: (at) => annots.filter((a) => a.at === at),
            objr: (link, a) => {
              link.kids.push(ctx.obj({ Type: 'OBJR', Obj: a.annot, Pg: a.page }));
              annotParents.push([a.annot, link.ref]);
            },
          });
          continue;
        }
        if ('tag' in entry) {
          const kids = pieces.get(`${index}|p${pn++}`);
          if (entry.notes && kids) {
            const c = inline ? e : make(entry.tag, e.ref);
            if (!inline) e.kids.push(c.ref);
            withNotes(c, index, kids, entry.notes);
          } else if (inline) addMarks(e, kids);
          else if (kids) {
            const c = make(entry.tag, e.ref);
            e.kids.push(c.ref);
            addMarks(c, kids);
          }
          continue;
        }
        const k = tk++;
        const cellKids = (r: number, ci: number) => pieces.get(`${index}|t${k}.r${r}c${ci}`);
        if (inline) {
          entry.table.rows.forEach((row, r) => row.forEach((_, ci) => addMarks(e, cellKids(r, ci))));
          continue;
        }
        const table = make('Table', e.ref);
        e.kids.push(table.ref);
        tableTree(table, entry.table, cellKids);
      }
    };

    const item = (e: Elem, spec: StructElementSpec, index: number, p: PlacedItemTag): void => {
      const child = (type: string, extra?: Record<string, unknown>) => {
        const c = make(type, e.ref, extra);
        e.kids.push(c.ref);
        return c;
      };
      switch (p.mode) {
        case 'inline':
          if (p.story) return storyTree(e, index, p.story, true);
          addMarks(e, pieces.get(`${index}|all`));
          for (const [, kids] of numbered(index, 'p')) addMarks(e, kids);
          return;
        case 'paragraphs':
          if (p.story) return storyTree(e, index, p.story, false);
          for (const [, kids] of numbered(index, 'p')) addMarks(child('P'), kids);
          return;
        case 'list': {
          const list = spec.standard === 'L' ? e : child('L');
          if (ns && p.numbering) list.entries.A = ctx.obj({ O: 'List', ListNumbering: p.numbering });
          for (const [n, kids] of numbered(index, 'p')) {
            const li = make('LI', list.ref);
            list.kids.push(li.ref);
            const label = pieces.get(`${index}|p${n}.lbl`);
            if (label) {
              const lbl = make('Lbl', li.ref);
              li.kids.push(lbl.ref);
              addMarks(lbl, label);
            }
            const body = make('LBody', li.ref);
            li.kids.push(body.ref);
            addMarks(body, kids);
          }
          return;
        }
        case 'table':
          tableTree(spec.standard === 'Table' ? e : child('Table'), p.table!, (r, ci) =>
            pieces.get(`${index}|r${r}c${ci}`),
          );
          return;
        case 'annotation': {
          // PDF/UA-2 8.10.1: a Form element holds one widget; further widgets get Form elements of their own.
          const own = spec.standard === p.element ? e : child(p.element!);
          const widgets = this.annots.get(index) ?? [];
          // PDF/UA-1 7.18.4: a Form element holding more than its one widget (a radio group's buttons)
          // says what it is by a PrintField Role attribute
          if (!ns && p.element === 'Form' && widgets.length > 1 && own.entries.A === undefined)
            own.entries.A = ctx.obj({ O: 'PrintField', Role: 'rb' } as never);
          widgets.forEach((a, k) => {
            const link = ns && p.element === 'Form' && k > 0 ? child('Form') : own;
            if (ns && p.element === 'Form') describeWidget(ctx, a.annot);
            link.kids.push(ctx.obj({ Type: 'OBJR', Obj: a.annot, Pg: a.page }));
            annotParents.push([a.annot, link.ref]);
          });
          return;
        }
      }
    };

    const top = this.structure.elements.map((spec) => element(spec, rootRef).ref);
    // An element's /Pg is the page of its first marked content; marks on that page are bare MCIDs, others MCR dictionaries.
    const isKid = (k: unknown): k is Kid => typeof k === 'object' && k !== null && 'mcid' in k;
    for (const e of elems) {
      const first = e.kids.find(isKid);
      if (first) e.entries.Pg = first.page;
      const kids = e.kids.map((k) =>
        !isKid(k) ? k : k.page === first!.page ? k.mcid : ctx.obj({ Type: 'MCR', Pg: k.page, MCID: k.mcid }),
      );
      ctx.assign(e.ref, ctx.obj({ ...e.entries, K: kids.length === 1 ? kids[0] : kids } as never));
    }

    // ParentTree (§14.7.4.4): key i → page i's array of elements by MCID; then one key per annotation.
    const nums: unknown[] = [];
    this.recorders.forEach((rec, i) => {
      if (!rec) return;
      nums.push(
        i,
        ctx.obj(
          rec.pieces.map((m, mcid) =>
            m.kind === 'content' ? (owner.get(`${this.pageRefs[i].toString()}|${mcid}`) ?? null) : null,
          ) as never,
        ),
      );
    });
    let next = this.recorders.length;
    for (const [annot, elem] of annotParents) {
      const dict = ctx.lookup(annot) as import('pdf-lib').PDFDict;
      dict.set(PDFName.of('StructParent'), ctx.obj(next));
      nums.push(next++, elem);
    }
    const root: Record<string, unknown> = {
      Type: 'StructTreeRoot',
      K: top,
      ParentTree: ctx.register(ctx.obj({ Nums: nums } as never)),
      ParentTreeNextKey: next,
    };
    if (this.structure.roleMap.size)
      root.RoleMap = ctx.obj(
        Object.fromEntries([...this.structure.roleMap].map(([k, v]) => [k, PDFName.of(v)])) as never,
      );
    if (ids.length) root.IDTree = nameTree(ctx, ids);
    if (ns) root.Namespaces = ns.all;
    ctx.assign(rootRef, ctx.obj(root as never));
    const out: Record<string, unknown> = { StructTreeRoot: rootRef, MarkInfo: ctx.obj({ Marked: true }) };
    if (this.structure.lang !== undefined) out.Lang = textString(this.structure.lang);
    return out;
  }
}

/** The namespace of PDF 2.0's standard types (ISO 32000-2 §14.8.6.1), of PDF 1.7's, and quire's for role_map. */
const NS_PDF20 = 'http://iso.org/pdf2/ssn';
const NS_PDF17 = 'http://iso.org/pdf/ssn';
/** The namespace of the custom types a request's role_map names (an identifier, not a document to fetch). */
export const NS_ROLE_MAP = 'https://quire.dev/ns/structure/role-map';

/** The namespace dictionaries of a document and the one each type is written in. */
function namespaceDicts(ctx: PDFContext, s: StructureSpec): { all: PDFRef[]; of(type: string): PDFRef } {
  const dict = (uri: string, extra: Record<string, unknown> = {}) =>
    ctx.register(ctx.obj({ Type: 'Namespace', NS: PDFString.of(uri), ...extra } as never));
  const pdf20 = dict(NS_PDF20);
  const pdf17 = dict(NS_PDF17);
  const all = [pdf20, pdf17];
  const inStandard = (t: string) => (PDF17_ONLY_STRUCTURE_TYPES.has(t) ? pdf17 : pdf20);
  let custom: PDFRef | undefined;
  if (s.roleMap.size) {
    const map = Object.fromEntries([...s.roleMap].map(([k, v]) => [k, ctx.obj([PDFName.of(v), inStandard(v)])]));
    custom = dict(NS_ROLE_MAP, { RoleMapNS: ctx.obj(map as never) });
    all.push(custom);
  }
  return { all, of: (t) => (custom && s.roleMap.has(t) ? custom : inStandard(t)) };
}

/**
 * PDF/UA-2 8.10.2.3: a widget without a label beside it says what it is for in /Contents — its field's
 * tooltip (/TU, on the widget or a parent field; required under pdfua2 by passes/licences/claims-ua2.ts).
 */
function describeWidget(ctx: PDFContext, annot: PDFRef): void {
  const widget = ctx.lookup(annot) as PDFDict;
  let d: PDFDict | undefined = widget;
  for (let depth = 0; d && depth < 32; depth++) {
    const tu = d.get(PDFName.of('TU'));
    if (tu) {
      widget.set(PDFName.of('Contents'), tu);
      return;
    }
    const parent = d.get(PDFName.of('Parent'));
    d = parent ? (ctx.lookup(parent) as PDFDict | undefined) : undefined;
  }
}

/** The item index of a link laid out from `/items/N` (LaidOutLink.at). */
export function itemIndexOf(at: string): number {
  return Number(at.split('/')[2]);
}

export type { ContentMark };
