// passes/names/items.ts — names pass, items: each item's names found among the declarations — the
// fonts of text, flow, text_path and table cells (styled runs included), a code's caption font (or the
// library's DEFAULT_CODE_FACE, built once), pictures read once, a table's drawing cells, supplied pages.

import { loadFace } from '../../engines/fonts/face.js';
import { DEFAULT_CODE_FACE } from '../../engines/fonts/library.js';
import { StyledFont } from '../../engines/fonts/styled-font.js';
import { resolveImage } from '../../engines/images/resource.js';
import type { ImageResource } from '../../ir/image-resource.js';
import { refuse } from '../../ir/messages.js';
import { resolvedTableItem } from '../../ir/read/table.js';
import type { BareRowCells } from '../../ir/table-types.js';
import type {
  CellStyle,
  CodeTextSpec,
  FontResource,
  ReadIr,
  ResolvedItem,
  ResolvedTableItem,
  TableItem,
} from '../../ir/types.js';
import type { PassContext } from '../pass.js';
import { type DeclaredFonts, type RunFeatures, runFeatures, sourceBytes } from './fonts.js';
import { partSource, resolveImageItem } from './images.js';
import type { SuppliedPdfs } from './supplied.js';

/** What resolving items needs: the declared fonts, the pictures read, the supplied PDFs. */
export interface ItemNames extends DeclaredFonts {
  images: Map<string, ImageResource>;
  supplied: SuppliedPdfs;
}

/**
 * Every item with the names it calls for resolved: the page's items, and (in place) the items of each
 * declared drawing and tiling cell, whose fonts and pictures are the form's own resources.
 */
export function resolveItems(ir: ReadIr, ctx: PassContext, names: ItemNames): ResolvedItem[] {
  const resolve = itemResolver(ir, ctx, names);
  const g = ir.doc.graphics;
  for (const d of [...(g?.drawings.values() ?? []), ...(g?.tilings.values() ?? [])])
    d.items = d.items.map(resolve) as typeof d.items;
  return ir.items.map(resolve);
}

function itemResolver(ir: ReadIr, ctx: PassContext, names: ItemNames): (item: ReadIr['items'][number]) => ResolvedItem {
  const { fonts, declaredAt, images, supplied } = names;
  const withFeatures = runFeatures();
  // Human-readable code text names a font, or is set in the library's DEFAULT_CODE_FACE, built once
  // under a name no declaration holds.
  let codeFace: FontResource | undefined;
  const codeTextFont = (text: CodeTextSpec): FontResource => {
    if (text.font) {
      const res = fonts.get(text.font.name);
      if (!res) refuse('fontUndeclared', text.font.at, { font: text.font.name, at: text.font.at });
      return res;
    }
    if (!codeFace) {
      let name = `${DEFAULT_CODE_FACE} (code text)`;
      while (declaredAt.has(name)) name += "'";
      const loaded = loadFace(sourceBytes({ kind: 'library', at: text.at, face: DEFAULT_CODE_FACE }, ctx));
      if (!loaded.ok) refuse('fontUnreadable', text.at, { font: name, at: text.at, detail: loaded.detail });
      codeFace = {
        name,
        at: text.at,
        face: new StyledFont(loaded.face, undefined, { kind: 'refuse' }, { name, at: text.at, sourceAt: text.at }),
      };
      fonts.set(name, codeFace);
    }
    return codeFace;
  };
  return (item): ResolvedItem => {
    if ((item.type === 'code128' || item.type === 'ean13') && item.text)
      return Object.assign({}, item, { text: Object.assign({}, item.text, { fontRes: codeTextFont(item.text) }) });
    if (item.type === 'image') return resolveImageItem(item, images);
    if (item.type === 'table')
      return resolveTableCells(resolveTableFonts(item, fonts, withFeatures), ir.doc, images, ctx);
    if (item.type === 'imported_page')
      return Object.assign({}, item, { source: supplied.page(item.part, item.page, item.pageAt) });
    if (item.type !== 'text' && item.type !== 'flow' && item.type !== 'text_path') return item;
    // A styled run may name its own font: found the same way as the block's.
    const fontRes = fonts.get(item.font.name);
    if (!fontRes) refuse('fontUndeclared', item.font.at, { font: item.font.name, at: item.font.at });
    if (item.type === 'text' || item.type === 'text_path') {
      for (const run of item.runs) {
        const s = run.style;
        const f = s?.font;
        if (!f && !s?.features) continue;
        const res = f ? fonts.get(f.name) : fontRes;
        if (!res) refuse('fontUndeclared', f!.at, { font: f!.name, at: f!.at });
        // A run's own features: its font (or the block's) shaped with them over its own (run wins per tag).
        s!.fontRes = s!.features ? withFeatures(res, s!.features, f?.at ?? item.font.at) : res;
      }
    }
    // A story's styles and its blocks' styled runs name fonts as a text item's runs do (docs/reference.md, flow).
    if (item.type === 'flow' && item.story) {
      for (const st of item.story.styles.values()) {
        if (!st.font) continue;
        const res = fonts.get(st.font.name);
        if (!res) refuse('fontUndeclared', st.font.at, { font: st.font.name, at: st.font.at });
        st.fontRes = res;
      }
      for (const b of item.story.blocks) {
        if (b.kind === 'table')
          b.table = resolveTableCells(resolveTableFonts(b.table, fonts, withFeatures), ir.doc, images, ctx);
        if (b.kind !== 'paragraph') continue;
        // A footnote's runs name fonts as the paragraph's do (engines/text/story-notes.ts sets them).
        const runs = b.runs.some((r) => r.footnote) ? b.runs.flatMap((r) => [r, ...(r.footnote ?? [])]) : b.runs;
        for (const run of runs) {
          const s = run.style;
          const f = s?.font;
          if (!f && !s?.features) continue;
          const res = f ? fonts.get(f.name) : fontRes;
          if (!res) refuse('fontUndeclared', f!.at, { font: f!.name, at: f!.at });
          s!.fontRes = s!.features ? withFeatures(res, s!.features, f?.at ?? item.font.at) : res;
        }
      }
    }
    // The read item becomes the resolved one in place: copying an object of thirty keys per text
    // item was most of this pass's time on 10 000 items (bench/validate.ts); nothing reads it as read.
    // set in place (what Object.assign did, without its object and generic copy)
    const out = item as typeof item & { fontRes: FontResource };
    out.fontRes = fontRes;
    return out as ResolvedItem;
  };
}

/** A table's picture and drawing cells: each picture read once (as an image item's), each drawing found among the declarations. */
function resolveTableCells(
  item: ResolvedTableItem,
  doc: ReadIr['doc'],
  images: Map<string, ImageResource>,
  ctx: PassContext,
): ResolvedTableItem {
  resolveCellPictures(item.rows, doc, images, ctx);
  return item;
}

/** Drawings and images of a table's cells: a function holding only the loop (see findTableFonts). */
function resolveCellPictures(
  rows: ResolvedTableItem['rows'],
  doc: ReadIr['doc'],
  images: Map<string, ImageResource>,
  ctx: PassContext,
): void {
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (row.bare) continue; // bare strings: text cells only
    const cells = row.cells;
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i].content;
      if (c.kind === 'drawing' && !doc.graphics?.drawings.has(c.name))
        refuse('graphicsUndeclared', c.at, { kind: 'drawing', name: c.name, at: c.at });
      if (c.kind !== 'image') continue;
      let res = images.get(c.name);
      if (!res) {
        res = resolveImage(partSource(ctx), c.name, undefined, c.at);
        images.set(c.name, res);
      }
      c.res = res;
    }
  }
}

/** Every font a table's text cells name, found among the declarations; the first standard font is kept for the licence pass. */
function resolveTableFonts(
  item: TableItem,
  fonts: Map<string, FontResource>,
  withFeatures: RunFeatures,
): ResolvedTableItem {
  const fontRes = new Map<string, FontResource>();
  findTableFonts(item.rows, fonts, withFeatures, fontRes);
  // not `{ ...item, fontRes }`: a spread gives the table a map of its own each render (ir/read/table.ts)
  return resolvedTableItem(item, fontRes);
}

/**
 * The fonts a table's rows name put in fontRes (refused when undeclared): a function holding only the
 * loop, so `resolveTableFonts` (once a table) is not optimised on the stack inside it before the code
 * after it ran, and thrown out in the next render for want of type feedback there.
 */
function findTableFonts(
  rows: TableItem['rows'],
  fonts: Map<string, FontResource>,
  withFeatures: RunFeatures,
  fontRes: Map<string, FontResource>,
): void {
  // Cells share their decided style (ir/read/table.ts): a style's font is looked up once in a run of cells having it.
  let found: CellStyle | undefined;
  // Rows of bare strings alike share their styles (ir/table-cells.ts BareShape): a shape's looked at once.
  let shape: BareRowCells['shape'] | undefined;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const bare = row.bare;
    if (bare !== undefined) {
      if (bare.shape === shape) continue;
      shape = bare.shape;
      for (let i = 0; i < shape.styles.length; i++) {
        const style = shape.styles[i];
        if (style === found) continue;
        found = style;
        const { name, at } = style.font;
        if (fontRes.has(name)) continue;
        const res = fonts.get(name);
        if (!res) refuse('fontUndeclared', at, { font: name, at });
        fontRes.set(name, res);
      }
      continue;
    }
    const cells = row.cells;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      const c = cell.content;
      if (c.kind !== 'text' && c.kind !== 'flow') continue;
      // A styled run may name its own font (as in a text item): found the same way, kept beside the cells' fonts.
      // (a bare-string cell's one run states no style: nothing to look up)
      if (c.kind === 'text' && c.runs) {
        for (const run of c.runs) {
          const st = run.style;
          const f = st?.font;
          if (!f && !st?.features) continue;
          const { name, at } = f ?? cell.style.font;
          const res = fonts.get(name);
          if (!res) refuse('fontUndeclared', at, { font: name, at });
          st!.fontRes = st!.features ? withFeatures(res, st!.features, at) : res;
          fontRes.set(name, res);
        }
      }
      if (cell.style === found) continue;
      found = cell.style;
      const { name, at } = cell.style.font;
      if (fontRes.has(name)) continue;
      const res = fonts.get(name);
      if (!res) refuse('fontUndeclared', at, { font: name, at });
      fontRes.set(name, res);
    }
  }
}
