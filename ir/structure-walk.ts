// ir/structure-walk.ts — facts about the `structure` tree of the IR that several passes read: the
// grouping element types, the element an annotation stands in, every element in order, the types of
// an element's kids.
import type {
  PlacedItemTag,
  StandardStructureType,
  StructElementSpec,
  StructItemRef,
  StructureSpec,
} from './structure-types.js';

/**
 * Elements that group others (ISO 32000-1 Table 333, and lists): text named in one becomes one P per
 * paragraph (in an L, one LI per paragraph: an L holds list items only, PDF/UA-1 7.2).
 */
export const GROUPING: ReadonlySet<StandardStructureType> = new Set<StandardStructureType>([
  'Document',
  'Part',
  'Art',
  'Sect',
  'Div',
  'BlockQuote',
  'TOC',
  'Index',
  'NonStruct',
  'Private',
  'L',
  // PDF 2.0 (under pdfua2)
  'DocumentFragment',
  'Aside',
]);

/**
 * Item kinds drawn as annotations and the element their annotations stand in (ISO 32000-1 §14.8.4.4:
 * a link in Link, a widget in Form). Form fields join when they are drawn: the emitter calls
 * StructureWriter.annotation for each widget, as it does for each link (passes/emit/document/structure.ts).
 */
export const ANNOTATION_ELEMENT: Readonly<Record<string, 'Link' | 'Form'>> = {
  link: 'Link',
  text_field: 'Form',
  check_box: 'Form',
  radio_group: 'Form',
  choice_field: 'Form',
  push_button: 'Form',
  signature_field: 'Form',
};

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
export function kidTypes(
  e: StructElementSpec,
  placed: ReadonlyMap<number, PlacedItemTag> | undefined,
): StandardStructureType[] {
  const byRef = new Map<StructItemRef, PlacedItemTag>();
  for (const p of placed?.values() ?? []) byRef.set(p.ref, p);
  const out: StandardStructureType[] = [];
  for (const c of e.children) {
    if ('type' in c) {
      out.push(c.standard);
      continue;
    }
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
