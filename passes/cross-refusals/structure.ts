// passes/cross-refusals/structure.ts — cross-refusals sub-step: the `structure` key against the items
// (docs/reference.md, "structure"). Every item an element names by its `id` must exist and be named
// once; each named item is given how its content joins the tree (ir/structure-types.ts,
// PlacedItemTag): text and flow set as the element's own content or as one P per paragraph (a
// hanging_list flow as a list), a table as its own Table, a link as a Link holding its annotation,
// anything else as the content of the element that names it. Items nobody names are artifacts.
import type { StandardStructureType, StructElementSpec, StructItemRef, StructureSpec, PlacedItemTag } from '../../ir/structure-types.js';
import type { ResolvedItem } from '../../ir/types.js';
import { refuse } from '../../ir/messages.js';

/**
 * Elements that group others (ISO 32000-1 Table 333, and lists): text named in one becomes one P per
 * paragraph (in an L, one LI per paragraph: an L holds list items only, PDF/UA-1 7.2).
 */
export const GROUPING: ReadonlySet<StandardStructureType> = new Set<StandardStructureType>([
  'Document', 'Part', 'Art', 'Sect', 'Div', 'BlockQuote', 'TOC', 'Index', 'NonStruct', 'Private', 'L',
]);
/**
 * Item kinds drawn as annotations and the element their annotations stand in (ISO 32000-1 §14.8.4.4:
 * a link in Link, a widget in Form). Form fields join when they are drawn: the emitter calls
 * StructureWriter.annotation for each widget, as it does for each link (passes/emit/document/structure.ts).
 */
export const ANNOTATION_ELEMENT: Readonly<Record<string, 'Link' | 'Form'>> = {
  link: 'Link', text_field: 'Form', check_box: 'Form', radio_group: 'Form', choice_field: 'Form', push_button: 'Form', signature_field: 'Form',
};

/** The inner elements of a table (Table 337): they hold rows and cells only, which a table item brings. */
const TABLE_INNER: ReadonlySet<StandardStructureType> = new Set<StandardStructureType>(['THead', 'TBody', 'TFoot', 'TR']);

function modeOf(item: ResolvedItem, owner: StructElementSpec, ref: StructItemRef): PlacedItemTag['mode'] {
  const s = owner.standard;
  const fail = (hint: string): never => refuse('structureItemPlace', ref.at, item.type, ref.item, ref.at, owner.type, hint);
  if (TABLE_INNER.has(s)) fail('a table item brings its own rows and cells');
  if (item.type === 'table') {
    if (s === 'Table' || GROUPING.has(s)) return 'table';
    return fail('name the table in a Table element or in a grouping element such as Sect');
  }
  if (s === 'Table') fail('a Table element holds a table item');
  if (ANNOTATION_ELEMENT[item.type]) return 'annotation';
  if (item.type === 'text' || item.type === 'flow') {
    if (!GROUPING.has(s)) return 'inline';
    return (item.type === 'flow' && item.hangingList) || s === 'L' ? 'list' : 'paragraphs';
  }
  return 'inline';
}

/** Resolves the items each element names; sets `structure.placed` (item index → where it stands). */
export function resolveStructure(structure: StructureSpec | undefined, items: readonly ResolvedItem[]): void {
  if (!structure) return;
  const byId = new Map<string, ResolvedItem>();
  for (const item of items) if (item.id !== undefined && !byId.has(item.id)) byId.set(item.id, item);
  const placed = new Map<number, PlacedItemTag>();
  const walk = (e: StructElementSpec): void => {
    for (const c of e.children) {
      if ('type' in c) { walk(c); continue; }
      const item = byId.get(c.item);
      if (!item) refuse('structureItemUnknown', c.at, c.item, c.at);
      const earlier = placed.get(item.index);
      if (earlier) refuse('structureItemTwice', c.at, c.item, earlier.ref.at, c.at);
      const mode = modeOf(item, e, c);
      const table = item.type === 'table'
        ? { rows: item.rows.map((r) => r.cells.map((cell) => ({ rowSpan: cell.rowSpan, colSpan: cell.colSpan }))), headerRows: item.headerRows, footerRows: item.footerRows }
        : undefined;
      placed.set(item.index, { ref: c, owner: e, mode, table, element: ANNOTATION_ELEMENT[item.type] });
    }
  };
  structure.elements.forEach(walk);
  structure.placed = placed;
}

/** Every element of the tree, depth first in reading order. */
export function* elementsOf(structure: StructureSpec): Generator<StructElementSpec> {
  const stack = [...structure.elements].reverse();
  while (stack.length) {
    const e = stack.pop()!;
    yield e;
    for (let i = e.children.length - 1; i >= 0; i--) {
      const c = e.children[i];
      if ('type' in c) stack.push(c);
    }
  }
}

/** The standard types of the elements an element ends up holding (its own children and what its items bring). */
export function kidTypes(e: StructElementSpec, placed: ReadonlyMap<number, PlacedItemTag> | undefined): StandardStructureType[] {
  const byRef = new Map<StructItemRef, PlacedItemTag>();
  for (const p of placed?.values() ?? []) byRef.set(p.ref, p);
  const out: StandardStructureType[] = [];
  for (const c of e.children) {
    if ('type' in c) { out.push(c.standard); continue; }
    const p = byRef.get(c);
    if (!p) continue;
    if (p.mode === 'paragraphs') out.push('P');
    else if (p.mode === 'list') out.push(e.standard === 'L' ? 'LI' : 'L');
    else if (p.mode === 'table' && e.standard !== 'Table') out.push('Table');
    else if (p.mode === 'table') out.push('THead', 'TBody', 'TFoot');
    else if (p.mode === 'annotation' && e.standard !== p.element) out.push(p.element!);
  }
  return out;
}
