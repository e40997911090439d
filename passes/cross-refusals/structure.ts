// passes/cross-refusals/structure.ts — cross-refusals sub-step: the `structure` key against the items
// (docs/reference.md, "structure"). Every item an element names by its `id` must exist and be named
// once; each named item is given how its content joins the tree (ir/structure-types.ts,
// PlacedItemTag): text and flow set as the element's own content or as one P per paragraph (a
// hanging_list flow as a list), a table as its own Table, a link as a Link holding its annotation,
// anything else as the content of the element that names it. Items nobody names are artifacts.

import { refuse } from '../../ir/messages.js';
import { at } from '../../ir/pointer.js';
import {
  PDF2_STRUCTURE_TYPES,
  type PlacedItemTag,
  type StandardStructureType,
  type StructElementSpec,
  type StructItemRef,
  type StructureSpec,
  type TableGrid,
} from '../../ir/structure-types.js';
import { ANNOTATION_ELEMENT, elementsOf, GROUPING } from '../../ir/structure-walk.js';
import type { DocSettings, ResolvedItem, StorySpec, TableItem } from '../../ir/types.js';

/** The inner elements of a table (Table 337): they hold rows and cells only, which a table item brings. */
const TABLE_INNER: ReadonlySet<StandardStructureType> = new Set<StandardStructureType>([
  'THead',
  'TBody',
  'TFoot',
  'TR',
]);

function modeOf(item: ResolvedItem, owner: StructElementSpec, ref: StructItemRef): PlacedItemTag['mode'] {
  const s = owner.standard;
  const fail = (hint: string): never =>
    refuse('structureItemPlace', ref.at, {
      type: item.type,
      item: ref.item,
      at: ref.at,
      element: owner.type,
      reason: hint,
    });
  if (TABLE_INNER.has(s)) fail('a table item brings its own rows and cells');
  if (item.type === 'table') {
    if (s === 'Table' || GROUPING.has(s)) return 'table';
    return fail('name the table in a Table element or in a grouping element such as Sect');
  }
  if (s === 'Table') fail('a Table element holds a table item');
  if (ANNOTATION_ELEMENT[item.type]) return 'annotation';
  if (item.type === 'text' || item.type === 'flow') {
    if (!GROUPING.has(s)) return 'inline';
    const list = (item.type === 'flow' && item.hangingList) || s === 'L';
    // A story's headings and table blocks are no list items (its paragraphs alone would be).
    if (
      list &&
      item.type === 'flow' &&
      item.story?.blocks.some((b) => b.kind === 'table' || (b.kind === 'paragraph' && b.heading))
    )
      fail('a story with headings or table blocks is not a list: name it in a grouping element such as Sect');
    return list ? 'list' : 'paragraphs';
  }
  return 'inline';
}

/** A list label that counts: a number, a roman numeral or a letter, in brackets or followed by a stop. */
const ORDERED_LABEL = /^[([]?(\d+|[ivxlcdm]+|[a-z])[.):\]]?$/i;

/** Ordered when every paragraph's label (the text before its first tab) counts, else Unordered. */
function listNumbering(content: string): 'Ordered' | 'Unordered' {
  const labels = content
    .split('\n')
    .filter((p) => p.includes('\t'))
    .map((p) => p.slice(0, p.indexOf('\t')).trim());
  return labels.length > 0 && labels.every((l) => ORDERED_LABEL.test(l)) ? 'Ordered' : 'Unordered';
}

/** A table's grid: each cell's spans per row, its header and footer rows. */
function gridOf(t: Pick<TableItem, 'rows' | 'headerRows' | 'footerRows'>): TableGrid {
  return {
    rows: t.rows.map((r) => r.cells.map((cell) => ({ rowSpan: cell.rowSpan, colSpan: cell.colSpan }))),
    headerRows: t.headerRows,
    footerRows: t.footerRows,
  };
}

/** A story's paragraphs (P, a heading its Hn) and table blocks, in order (ir/structure-types.ts, PlacedItemTag.story). */
function storyTags(story: StorySpec, flowId: string, taken: ReadonlySet<string>): NonNullable<PlacedItemTag['story']> {
  const out: NonNullable<PlacedItemTag['story']> = [];
  let k = 0;
  for (const b of story.blocks) {
    if (b.kind === 'paragraph') {
      const tag = b.heading ? `H${b.heading}` : 'P';
      // Its footnotes: a Reference and a Note each, the Note's /ID `<flow id>-note-<n>` (docs/reference.md, flow).
      const notes = b.runs.filter((r) => r.footnote).map(() => ({ k, id: noteId(flowId, ++k, taken) }));
      out.push(notes.length ? { tag, notes } : { tag });
    } else if (b.kind === 'table') out.push({ table: gridOf(b.table) });
    else if (b.kind === 'contents') out.push({ toc: { title: !!b.title, entries: b.entries.map((e) => e.at) } });
  }
  return out;
}

/**
 * A note's /ID: `<flow id>-note-<n>`, or, when a structure element already has that id (the /IDTree
 * holds each id once), the first of `<flow id>-note-<n>-2`, `-3`… that none has.
 */
function noteId(flowId: string, n: number, taken: ReadonlySet<string>): string {
  const id = `${flowId}-note-${n}`;
  if (!taken.has(id)) return id;
  let k = 2;
  while (taken.has(`${id}-${k}`)) k++;
  return `${id}-${k}`;
}

/** Every structure element's `id` (they go into the /IDTree beside the notes'). */
function elementIds(elements: readonly StructElementSpec[]): Set<string> {
  const out = new Set<string>();
  const stack = [...elements];
  for (let e = stack.pop(); e; e = stack.pop()) {
    if (e.id !== undefined) out.add(e.id);
    for (const c of e.children) if ('type' in c) stack.push(c);
  }
  return out;
}

/** Resolves the items each element names; sets `structure.placed` (item index → where it stands). */
export function resolveStructure(structure: StructureSpec | undefined, items: readonly ResolvedItem[]): void {
  if (!structure) return;
  const byId = new Map<string, ResolvedItem>();
  for (const item of items) if (item.id !== undefined && !byId.has(item.id)) byId.set(item.id, item);
  const placed = new Map<number, PlacedItemTag>();
  const taken = elementIds(structure.elements);
  const walk = (e: StructElementSpec): void => {
    for (const c of e.children) {
      if ('type' in c) {
        walk(c);
        continue;
      }
      const item = byId.get(c.item);
      if (!item) refuse('structureItemUnknown', c.at, { item: c.item, at: c.at });
      const earlier = placed.get(item.index);
      if (earlier) refuse('structureItemTwice', c.at, { item: c.item, earlier: earlier.ref.at, at: c.at });
      const mode = modeOf(item, e, c);
      const table = item.type === 'table' ? gridOf(item) : undefined;
      const numbering = mode === 'list' && item.type === 'flow' ? listNumbering(item.content) : undefined;
      const tag: PlacedItemTag = { ref: c, owner: e, mode, table, numbering, element: ANNOTATION_ELEMENT[item.type] };
      if (item.type === 'flow' && item.story) tag.story = storyTags(item.story, item.id ?? `flow${item.index}`, taken);
      placed.set(item.index, tag);
    }
  };
  structure.elements.forEach(walk);
  structure.placed = placed;
}

/**
 * A structure destination is PDF 2.0 (/SD, ISO 32000-2 §12.3.2.3): a declared older version, an
 * archive claim on an older PDF (PDF/A-1 to 3) or PDF/UA-1 (on ISO 32000-1) cannot carry it. With
 * nothing fixing the version, the file announces 2.0 (passes/emit/emit.ts), as for halftone_origin.
 */
export function checkStructureDestinations(doc: DocSettings): void {
  const std = doc.standards;
  for (const d of doc.navigation?.destinations ?? []) {
    const se = d.structureElement;
    if (!se) continue;
    const declared = std?.declaredVersion;
    const what =
      declared && declared.version !== '2.0'
        ? `the declared version ${declared.version} (at ${declared.at})`
        : std?.archive && std.version !== '2.0'
          ? `the claim ${std.archive.level.claim} (PDF ${std.version})`
          : std?.accessible?.claim === 'pdfua1'
            ? 'the claim pdfua1 (PDF/UA-1 rests on PDF 1.7)'
            : undefined;
    if (what) refuse('structureDestinationVersion', se.at, { at: se.at, what });
  }
}

const PDF2_ONLY: ReadonlySet<string> = new Set(PDF2_STRUCTURE_TYPES);

/**
 * PDF 2.0's own structure types (Title, FENote, Aside…) exist only in its structure namespace, which
 * this build writes under `accessible: "pdfua2"` alone: elsewhere a reader would take them for
 * unknown PDF 1.7 types, so they are refused, written or as a role_map target.
 */
export function checkPdf2Types(doc: DocSettings): void {
  const s = doc.structure;
  if (!s || doc.standards?.accessible?.claim === 'pdfua2') return;
  for (const [name, target] of s.roleMap)
    if (PDF2_ONLY.has(target)) {
      const p = at(s.at, 'role_map', name);
      refuse('structureTypePdf2', p, { type: target, at: p });
    }
  for (const e of elementsOf(s))
    if (PDF2_ONLY.has(e.type)) refuse('structureTypePdf2', `${e.at}/type`, { type: e.type, at: `${e.at}/type` });
}
